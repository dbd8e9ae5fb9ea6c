"""A disputed figure stated as another dimension of size is no answer to the dimension asked (task h14, trial t53):
over pages that give a pool's length as "64 m", "64 metres long", "sixty-four metres long" and "75 metres long",
"How deep is the main pool?" and "How wide ...?" were led by "The sources disagree on the depth ...: 64 m ...; 75
metres" (the lengths) at low. Lengths dispute no depth nor width: the sentence giving the depth (or width) leads,
and with no figure of the dimension asked the report says it is not established. Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import report_gate
from services.synthesizer.handlers import note_unanswered
from services.synthesizer.offline import of_other_dimension, synthesize
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import local_claim, local_source

TITLES = {"s1": "Lindmere Baths", "s2": "Lindmere Baths", "s3": "An afternoon at Lindmere Baths",
          "s4": "Lindmere Baths - questions"}
SIZES = "The main pool is 64 metres long and 22 metres wide, and at its deepest end the water is 3.8 metres deep."


def _report(claims: list[VerifiedClaim], question: str) -> tuple[str, str]:
    sources = {sid: local_source(sid, t) for sid, t in TITLES.items()}
    rep = synthesize(question, claims, sources)
    gate = report_gate(question, rep, sources, claims)
    return lead_section(note_unanswered(rep, question, gate, "en").markdown), gate.tier


def _pages(sizes: str = SIZES) -> list[VerifiedClaim]:
    return [local_claim("a", "s1", "Lindmere Baths: main pool length 64 m."),
            local_claim("b", "s2", sizes),
            local_claim("c", "s3", "The main pool is a huge 75 metres long, so swimming lengths feels like a lake."),
            local_claim("d", "s4", "the big pool is sixty-four metres long and twenty-two wide.")]


@pytest.mark.parametrize("question", ["How deep is the main pool at Lindmere Baths?",
                                      "How wide is the main pool at Lindmere Baths?"])
def test_disputed_lengths_do_not_answer_a_depth_or_width(question: str) -> None:
    lead, tier = _report(_pages(), question)
    if "wide" in question:
        # "Lindmere Baths - questions" is a page about the Lindmere Baths (its lower-case subtitle is no part of the
        # name: shared.text.terms.title_subject), whose width agrees: both widths lead, as for any second page of it
        assert lead == (f"the big pool is sixty-four metres long and twenty-two wide [1]. {SIZES[:-1]} [2]."), lead
    else:
        assert lead == f"{SIZES[:-1]} [1].", lead
    assert tier != "low"


def test_the_length_dispute_still_answers_a_length_question() -> None:
    lead, _tier = _report(_pages(), "How long is the main pool at Lindmere Baths?")
    assert lead == "The length of the main pool at Lindmere Baths is 64 m [1][2][3]; one source says 75 metres [4].", lead


def test_no_depth_given_is_not_established() -> None:
    lead, tier = _report(_pages("The main pool is 64 metres long.")[:3], "How deep is the main pool at Lindmere Baths?")
    assert lead.startswith("Not established: the depth asked for."), lead
    assert "disagree on the depth" not in lead and tier == "low"


def test_of_other_dimension_reads_each_value_as_written() -> None:
    pages = _pages()
    titles = dict(TITLES)
    lengths = [(pages[0], "64 m"), (pages[2], "75 metres")]
    assert of_other_dimension(lengths, titles, "How deep is the main pool at Lindmere Baths?")
    assert not of_other_dimension(lengths, titles, "How long is the main pool at Lindmere Baths?")
    assert not of_other_dimension(lengths, titles, "How many lanes does the main pool at Lindmere Baths have?")
    assert not of_other_dimension([(pages[1], "3.8 metres"), (pages[2], "75 metres")], titles,
                                  "How deep is the main pool at Lindmere Baths?")

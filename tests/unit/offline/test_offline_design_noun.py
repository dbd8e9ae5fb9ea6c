"""Issue 9 (re-check g52 faults G6 and G2): "Who designed the Kestrelmoor Funicular?" went from right to "Not
established" once the page's infobox rows became claims (5511d9b): the sentence "The design of the line was the work of
the engineer Konrad Weyl" holds the act asked only as the noun "design", which the design relation did not list, so it
ranked 13th of the claims, out of the synthesizer's twelve, below a look-alike's "designed by" sentence. The noun of
the act holds the question's "designed" (shared.text.relations.RELATIONS["design"]). Invented names (the Varrow lines).

The lead still opened with the look-alike's "designed by Osric Pell" sentence (re-check g52 G2, issue 9): a sentence
of the asked thing's own page that opens with a look-alike's name (services.synthesizer.verdicts.opens_look_alike)
states nothing of the page's subject, so it never leads while another claim may, and how relevant a claim must be to
lead is read against the best claim that is no look-alike (services.synthesizer.offline.select_lead)."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import opens_look_alike_on_page, rank_claims, synthesize
from shared.evidence import SourceInfo
from shared.report import lead_section
from shared.text.relations import with_relations
from shared.text.tokens import tokenize
from tests.claim_pages import page_claim as _claim

ACT = "The design of the line was the work of the engineer Maren Tollis, who had built tramways before."
LOOK = ("The Old Varrow Incline is a different and older line: a freight incline built in 1871 for the quarries, "
        "designed by Osric Pell, 540 m long, and closed in 1929.")
ROWS = [f"The Varrow Cliff Railway: {label}." for label in (
    "length 1,140 m", "height difference 312 m", "maximum gradient 46 %", "gauge 1,000 mm", "cars 2",
    "journey time about 6 minutes")]
TEXTS = ["The Varrow Cliff Railway is a cable-hauled funicular that links the harbour with the upper town.",
         "The Varrow Cliff Railway opened on 3 May 1908.", *ROWS, LOOK,
         "The Varrow Cliff Railway Company was founded in 1905 by the hotelier Ada Brenn.",
         "In 1954 the line was converted to electric haulage.", "Tickets are sold at both stations.",
         "The upper station has a café.", ACT]
QUESTION = "Who designed the Varrow Cliff Railway?"
SOURCES = {"enc": SourceInfo(source_id="enc", title="Varrow Cliff Railway", url_or_path="https://enc.example/",
                             domain="enc.example")}


def test_the_noun_of_the_act_holds_the_questions_verb() -> None:
    assert "designed" in with_relations(set(tokenize(ACT)), tokenize(QUESTION), ACT, True)
    assert "designed" not in with_relations(set(tokenize("The line opened in 1908.")), tokenize(QUESTION),
                                            "The line opened in 1908.", True)


def test_the_act_sentence_ranks_among_the_first() -> None:
    claims = [_claim(t) for t in TEXTS]
    ranked = [claims[i].text for i, _ in rank_claims(QUESTION, claims, SOURCES)]
    assert ranked.index(ACT) < 3, ranked[:5]


def test_the_look_alikes_sentence_never_leads() -> None:
    claims = [_claim(t) for t in TEXTS]
    report = synthesize(QUESTION, claims, SOURCES)
    assert lead_section(report.markdown) == f"{ACT[:-1]} [1].", lead_section(report.markdown)
    assert report_gate(QUESTION, report, SOURCES, claims).tier == "high"


# another relation and other invented names: "Who founded ...?" with a "New ..." look-alike that holds most of the
# question's words, while the asked choir's own sentence holds the act only as the noun "founding"
CHOIR_ACT = "The founding of the choir was the work of the organist Tobias Wren, who had led a church choir before."
CHOIR_LOOK = ("The New Orlen Choir is a different and younger ensemble: a youth choir founded in 1991 by the conductor "
              "Pia Stromm, with forty singers.")
CHOIR_TEXTS = ["The Orlen Valley Choir is a mixed choir of about sixty singers based in Brasket.", CHOIR_LOOK,
               "The Orlen Valley Choir: members 62.", "The Orlen Valley Choir: rehearsals weekly.", CHOIR_ACT,
               "The choir gives a concert every December."]
CHOIR_QUESTION = "Who founded the Orlen Valley Choir?"


def test_a_new_look_alikes_founder_never_leads() -> None:
    sources = {"enc": SourceInfo(source_id="enc", title="Orlen Valley Choir", url_or_path="https://enc.example/",
                                 domain="enc.example")}
    claims = [_claim(t) for t in CHOIR_TEXTS]
    assert lead_section(synthesize(CHOIR_QUESTION, claims, sources).markdown) == f"{CHOIR_ACT[:-1]} [1]."


@pytest.mark.parametrize("names, text, title, expected", [
    (["Varrow Cliff Railway"], LOOK, "Varrow Cliff Railway", True),
    (["Orlen Valley Choir"], CHOIR_LOOK, "Orlen Valley Choir (Brasket)", True),
    (["Orlen Valley Choir"], "Orlen Valley Choir II was founded in 1991.", "Orlen Valley Choir", True),
    # another page's sentence opening with an "Old X" look-alike's name is the look-alike's too (task h49: "The Old
    # Ferlachhorn ski area ... was founded in 1938" on its own page led "Who founded the Ferlachhorn Ski Resort?")
    (["Varrow Cliff Railway"], LOOK, "Old Varrow Incline", True),
    # a choice between the two asks of the look-alike too
    (["Varrow Cliff Railway", "Old Varrow Incline"], LOOK, "Varrow Cliff Railway", False),
    (["Varrow Cliff Railway"], ACT, "Varrow Cliff Railway", False),
    # a number in words is the name's digits: the same thing
    (["The 7 Hills of Brasket"], "The Seven Hills of Brasket is a 1998 novel.", "The 7 Hills of Brasket", False),
])
def test_opens_look_alike_on_page(names: list[str], text: str, title: str, expected: bool) -> None:
    assert opens_look_alike_on_page(names, text, title) is expected

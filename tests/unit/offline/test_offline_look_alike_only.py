"""A run whose only page is a look-alike's never answers from it (issue 9, trial t58 F1): "Who founded Pellbrook
Aquarium?" over the page of "North Pellbrook Aquarium" alone, which says it "has no connection with Pellbrook
Aquarium", led that aquarium's founder at high. A zoo's, an aquarium's or a company's name goes without "the", so
the asked name written alone without an article counts as the name of a thing of its own
(``shared.text.terms.names_written_alone`` / ``named_alone``, ``services.synthesizer.offline.prefixed_others``), and
every claim is then about another thing: the report says "Not established" at low and the judge counts it
unanswered."""

from __future__ import annotations

from services.judge.offline import UNANSWERED_MAX
from services.synthesizer.offline import prefixed_others
from shared.report import lead_section
from shared.text.terms import named_alone, names_written_alone
from tests.claim_pages import listed_claims, recorded_report

LOOK_ALIKE = {
    "north": ("North Pellbrook Aquarium", [
        "North Pellbrook Aquarium is a marine park near Calder Sound.",
        "North Pellbrook Aquarium was founded in 2009 by the engineer Tobin Marsh and opened on 4 May 2009.",
        "An adult ticket costs 19 EUR, and the park opens daily from 10:00 to 18:00.",
        "Despite its name, North Pellbrook Aquarium has no connection with Pellbrook Aquarium; Marsh chose the name "
        "because he grew up in Pellbrook.",
    ]),
}
OWN = {
    "own": ("Pellbrook Aquarium", [
        "Pellbrook Aquarium is a public aquarium in the town of Pellbrook.",
        "Pellbrook Aquarium was founded in 1971 by the marine biologist Ada Fenwick.",
    ]),
}
QUESTION = "Who founded Pellbrook Aquarium?"


def test_the_asked_name_without_an_article_is_written_alone() -> None:
    said = "Despite its name, North Pellbrook Aquarium has no connection with Pellbrook Aquarium; Marsh chose it."
    assert names_written_alone(QUESTION, [said]) == [["pellbrook", "aquarium"]]
    # only inside the longer name, or with a generation mark after it, it is not written alone
    assert not named_alone(["pellbrook", "aquarium"], ["North Pellbrook Aquarium opened in 2009."], definite=False)
    assert not named_alone(["pellbrook", "aquarium"], ["Pellbrook Aquarium II opened in 2012."], definite=False)
    # but a look-alike built on it ("North ...", "... II") tells it apart as a thing of its own all the same
    # (shared.text.terms.told_apart); a longer name of another shape leaves it a short form ("Royal ...")
    assert names_written_alone(QUESTION, ["North Pellbrook Aquarium opened in 2009."]) == [["pellbrook", "aquarium"]]
    assert names_written_alone(QUESTION, ["Pellbrook Aquarium II opened in 2012."]) == [["pellbrook", "aquarium"]]
    assert names_written_alone(QUESTION, ["Royal Pellbrook Aquarium opened in 2009."]) == []


def test_every_claim_of_the_look_alike_page_is_another_things() -> None:
    claims, sources = listed_claims(LOOK_ALIKE)
    titles = [sources[c.source_id].title for c in claims]
    assert prefixed_others(QUESTION, [c.text for c in claims], titles) == [True] * len(claims)


def test_a_look_alike_only_run_is_not_established_at_low() -> None:
    claims, sources = listed_claims(LOOK_ALIKE)
    rep, gate, answered, total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Not established: the person or group asked for."), lead
    assert gate.tier == "low" and gate.signals.get("not_established"), gate
    assert not answered and total <= UNANSWERED_MAX


def test_the_asked_things_own_page_still_answers() -> None:
    claims, sources = listed_claims({**LOOK_ALIKE, **OWN})
    rep, gate, answered, _total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Pellbrook Aquarium was founded in 1971 by the marine biologist Ada Fenwick"), lead
    assert "Tobin Marsh" not in lead and answered, lead

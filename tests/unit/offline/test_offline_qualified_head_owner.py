"""Review rev61 finding 2 (names invented): a "<Place> <Thing>" name read from its head alone ("The Central Library
...") is the asked thing's only on a page of the place's own: its title the qualifier's whole name ("Tarrowby",
"Tarrowby City Libraries"), not another owner's ("Tarrowby University Libraries"), or the page writing the name whole.
Once a page writes the asked name whole, a page that never does names it by no head, so it never outvotes that page;
and a lead read through the title alone is never "high" (:func:`shared.text.terms.head_on_qualified_page`,
:func:`shared.text.terms.qualified_head_names`, :func:`services.synthesizer.confidence.head_by_title_only`).
"""

from __future__ import annotations

from shared.report import lead_section
from shared.text.terms import head_on_qualified_page
from shared.text.tokens import tokenize
from tests.claim_pages import listed_claims, recorded_report

NAME = tokenize("Tarrowby Central Library")
SAID = "The Central Library was designed by the architect Mina Quell and opened in 1971."
UNI = ("Tarrowby University Libraries", ["Tarrowby University Libraries serve 9,000 students on three campuses.", SAID])
TOWN = ("Tarrowby", ["Tarrowby is a market town on the river Lune.",
                     "Tarrowby Central Library on Fen Street was designed by Osric Bane and opened in 1899."])
QUESTION = "Was the Tarrowby Central Library designed by Mina Quell?"


def _report(question: str, pages: dict[str, tuple[str, list[str]]]) -> tuple[str, str]:
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown), gate.tier


def test_the_title_must_be_the_qualifiers_whole_name() -> None:
    assert head_on_qualified_page(NAME, SAID, ["Tarrowby City Libraries"])
    assert head_on_qualified_page(NAME, SAID, ["Tarrowby"])
    assert not head_on_qualified_page(NAME, SAID, ["Tarrowby University Libraries"])
    # another page writing the name whole: the title alone no longer names it
    assert not head_on_qualified_page(NAME, SAID, ["Tarrowby City Libraries"], whole_elsewhere=True)
    assert head_on_qualified_page(NAME, SAID, ["Tarrowby City Libraries"], ["Tarrowby Central Library, 2 Fen Street."],
                                  whole_elsewhere=True)


def test_another_owners_central_library_never_outvotes_the_whole_name() -> None:
    for pages in ({"u": UNI, "t": TOWN}, {"t": TOWN, "u": UNI}):
        lead, tier = _report(QUESTION, pages)
        assert lead == "No: Tarrowby Central Library on Fen Street was designed by Osric Bane and opened in 1899 [1].", lead
        assert tier == "low"


def test_another_owners_central_library_alone_answers_nothing() -> None:
    lead, tier = _report(QUESTION, {"u": UNI})
    assert lead.startswith("Not established"), lead
    assert tier == "low"


def test_a_head_read_through_the_title_alone_is_never_high() -> None:
    pages = {"c": ("Tarrowby City Libraries", ["Tarrowby City Libraries is the public library service of Tarrowby.",
                                               SAID])}
    lead, tier = _report(QUESTION, pages)
    assert lead == "Yes: " + SAID.removesuffix(".") + " [1].", lead
    assert tier == "medium"


def test_the_whole_names_page_is_never_outvoted_by_the_head() -> None:
    civic = ("Tarrowby City Libraries", ["Tarrowby City Libraries is the public library service of Tarrowby.", SAID])
    for pages in ({"c": civic, "t": TOWN}, {"t": TOWN, "c": civic}):
        lead, tier = _report(QUESTION, pages)
        assert lead.startswith("No: Tarrowby Central Library on Fen Street was designed by Osric Bane and opened in "
                               "1899 [1]."), lead
        assert tier != "high", tier

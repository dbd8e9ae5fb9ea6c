"""A ship's name without its designator ("the Tolvane" for the SS Tolvane), on a page that gives the whole name, is
the name the question asks about (task h88, trial t63w q10). "Why did the SS Tolvane sink?" was answered "Not
established: the reason asked for", although "... the Tolvane sank because a boiler explosion tore open her hull" is
a supported claim: the confidence gate held "SS Tolvane" only half stated by "the Tolvane", so the sentence stated
the cause of nothing the question names. (The irregular past "sank" already holds the question's "sink":
shared.text.verbs.same_verb.) Invented pages."""

from __future__ import annotations

from services.synthesizer.confidence import _page_short_name
from shared.text.tokens import tokenize
from tests.claim_pages import dated_lead

CAUSE = "The survey supported the account that the Tolvane sank because a boiler explosion tore open her hull."
PAGES = {
    "dive": ("New survey of the Tolvane wreck", [
        "A dive survey in 2023 found the wreck of the SS Tolvane upright on the seabed.", CAUSE]),
    "ship": ("SS Tolvane", ["The SS Tolvane was a Danish cargo steamer launched in 1904 at Esbrik.",
                            "She carried coal between Esbrik and the Baltic ports."]),
}


def test_the_cause_stated_of_the_short_name_answers() -> None:
    lead, tier = dated_lead("Why did the SS Tolvane sink?", PAGES, {})
    assert lead.startswith(CAUSE[:-1] + " [1]."), lead
    assert tier == "high"


def test_a_short_name_is_the_whole_one_only_on_a_page_giving_it_alone() -> None:
    name = tokenize("SS Tolvane")
    page = f"A dive survey in 2023 found the wreck of the SS Tolvane upright on the seabed. {CAUSE}"
    assert _page_short_name(name, CAUSE, page)
    # a page naming another Tolvane too, a page never giving the whole name, a longer name, a lower-case word
    assert not _page_short_name(name, CAUSE, f"{page} The RMS Tolvane was her sister.")
    assert not _page_short_name(name, CAUSE, CAUSE)
    assert not _page_short_name(name, "The Tolvane Line sold her in 1920.", page)
    assert not _page_short_name(tokenize("Tolvane Line"), "The Line sold her in 1920.",
                                "The Tolvane Line sold her in 1920.")

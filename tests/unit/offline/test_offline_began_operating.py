"""A question asking when a works, a mill or a line began its working ("begin operating", "start production",
"commence operations") is answered by the date it was founded, established or opened: the relation asked is the
start of its working, read as a founding (:data:`shared.text.relations.PHRASAL_RELATIONS`: "begin operating"
as "set up"), so "Orlund Ironworks was founded in 1853" leads instead of "not established" (issue 9, trial t37 fault 5: "When did Vardholmen Saltworks begin operating?")."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import _term_in
from shared.report import lead_section, says_not_established
from shared.text.answer import relation_terms
from shared.text.relations import same_relation
from shared.text.tokens import tokenize
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "i": ("Orlund Ironworks", ["Orlund Ironworks was founded in 1853 by the smith Per Holm.",
                               "Its hammer mill stands on the river Orm."]),
    "v": ("Orlund village", ["The village of Orlund had 400 inhabitants in 1900.",
                             "A school was built in the village in 1871."]),
}


def test_a_start_of_working_is_the_relation_asked() -> None:
    assert relation_terms("When did the Orlund Ironworks begin operating?") == ["begin operating"]
    assert relation_terms("When did the Orlund Ironworks commence operations?") == ["commence operations"]
    assert relation_terms("When did the Orlund Ironworks start production?") == ["start production"]
    # a start of something else than working stays that thing
    assert relation_terms("When did the founder of Orlund start painting?") == ["painting"]
    for phrase in ("begin operating", "started operating", "commence operations"):
        for word in ("founded", "established", "opened"):
            assert same_relation(phrase, word), (phrase, word)
    assert not same_relation("born", "founded") and not same_relation("open doors", "founded")
    # the phrase's verb inflected states it too
    for sentence in ("The ironworks began operating in 1853.", "The ironworks was established in 1853."):
        assert _term_in("begin operating", set(tokenize(sentence))), sentence
    assert _term_in("commence operations", set(tokenize("The ironworks commenced operations in 1853.")))
    assert not _term_in("begin operating", set(tokenize("The ironworks employed forty smiths.")))


@pytest.mark.parametrize("question", ["When did Orlund Ironworks begin operating?",
                                      "When did Orlund Ironworks start operating?",
                                      "When did Orlund Ironworks commence operations?"])
def test_the_founding_date_answers_when_it_began_operating(question: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert "1853" in lead and not says_not_established(rep.markdown), rep.markdown
    assert "1871" not in lead, lead
    assert gate.tier != "low", gate

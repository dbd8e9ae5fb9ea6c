"""Trial t53 fault 1 (the pages here are invented): a part of a hyphenated compound ("an open-air stage") is not the
question's verb, and a "did" question's verb is answered by its past form ("opened", not "is open from 1 June")
(``services.synthesizer.offline``, ``shared.text.tokens.compound_only``)."""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import says_past, says_verb, synthesize
from shared.text.tokens import compound_only
from tests.claim_pages import local_claim, local_source


def _lead(markdown: str) -> str:
    return markdown.split("## Answer", 1)[1].split("##", 1)[0].strip().split("\n")[0]


THEATRE = {"t": local_source("t", "Harlund Amphitheatre"), "v": local_source("v", "Harlund Amphitheatre: plan your visit")}
THEATRE_CLAIMS = [
    local_claim("t1", "t", "Harlund Amphitheatre is a stone theatre on the hill above Corvel."),
    local_claim("t2", "t", "The town board approved the Harlund Amphitheatre in 1907 under the reeve Aldo Brenz, "
                           "who wanted an open-air stage for the summer festival."),
    local_claim("t3", "t", "The Harlund Amphitheatre opened on 3 August 1911."),
    local_claim("t4", "t", "The Harlund Amphitheatre closed on 12 October 1977."),
    local_claim("v1", "v", "Harlund Amphitheatre is open from 1 June to 15 September every year."),
    local_claim("v2", "v", "We finally saw a play at the Harlund Amphitheatre last Sunday."),
    local_claim("v3", "v", "Day Sunday: hours 10:00 to 17:30."),
    local_claim("v4", "v", "Day Monday to Saturday: hours 9:00 to 21:00."),
]


def test_a_compound_part_is_no_word_of_its_own() -> None:
    assert compound_only("a built-in oven and an open-air stage") == frozenset({"built", "oven", "open", "air"}) - {
        "oven"}
    assert compound_only("it opened, an open-air stage") == frozenset({"air"}) | {"open"}
    assert "open" not in compound_only("it is open as an open-air stage")
    assert "found" not in compound_only("co-founded by Ines Marr") and not compound_only("no hyphen here")
    assert not says_verb("open", "who wanted an open-air stage")
    assert says_verb("founded", "the firm was co-founded by Ines Marr")
    assert says_past("open", "it opened in May") and not says_past("open", "it is open from May")
    assert says_past("begin", "work began in 1901") and not says_past("open", "an open-air stage")


def test_when_did_it_open_is_led_by_its_opening_not_an_open_air_plan() -> None:
    question = "When did Harlund Amphitheatre open?"
    rep = synthesize(question, THEATRE_CLAIMS, THEATRE)
    assert _lead(rep.markdown) == "The Harlund Amphitheatre opened on 3 August 1911 [1].", rep.markdown
    assert report_gate(question, rep, THEATRE, THEATRE_CLAIMS).tier == "high"
    # the history page alone: its "open-air stage" is no opening
    rep = synthesize(question, THEATRE_CLAIMS[:4], THEATRE)
    assert _lead(rep.markdown) == "The Harlund Amphitheatre opened on 3 August 1911 [1].", rep.markdown

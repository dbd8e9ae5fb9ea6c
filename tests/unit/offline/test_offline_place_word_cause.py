"""Task h55 (trial t60 q12; the pages here are invented): a place and its adjective form ("South Korea" / "South
Korean", "Norway" / "Norwegian") are one value, so two pages giving the same cause with either form do not disagree,
and a why-question is answered by the cause clause."""

from __future__ import annotations

from shared.text.entailment import place_word_pair
from tests.claim_pages import listed_claims, recorded_report

WORKS = "Garnock Ironworks"
PRESS = ["Garnock Ironworks stopped rolling steel in 1991 because it lost its last railway order and could not "
         "match the prices of South Korean mills."]
WIKI = ["Garnock Ironworks stopped rolling steel in 1991 after it lost its last railway order and could no longer "
        "compete on price with mills in South Korea.",
        "Garnock Ironworks: rolling ended 1991."]


def test_a_place_and_its_adjective_are_one_word() -> None:
    assert place_word_pair("korea", "korean") and place_word_pair("korean", "korea")
    assert place_word_pair("asian", "asia") and place_word_pair("norwegian", "norway")
    assert place_word_pair("japan", "japanese")
    assert not place_word_pair("martin", "martina") and not place_word_pair("korea", "korea")
    assert not place_word_pair("sea", "sean")


def test_a_cause_named_with_a_place_and_its_adjective_is_not_disputed() -> None:
    question = "Why did Garnock Ironworks stop rolling steel in 1991?"
    claims, sources = listed_claims({"p": (f"Press kit: {WORKS}", PRESS), "w": (WORKS, WIKI)})
    rep, gate, _answered, total = recorded_report(question, claims, sources)
    lead = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()
    assert "disagree" not in rep.markdown, rep.markdown
    assert lead == PRESS[0][:-1] + " [1].", lead
    assert gate.tier == "high" and total > 60, (gate.score, total)

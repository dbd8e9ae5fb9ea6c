"""Tests for services.claim_extractor.offline (task h118, a trial's regatta press kit): on a page titled "<name>
<year> - Press kit", a sentence opening with the name's head noun and "the" ("The regatta is run by about 180
volunteers.") is about the named thing. Before, the whole title (press kit and all) was the page's subject, whose
last word was no "regatta", so the description stayed bare, named nothing and never answered "How many volunteers
run the <name>?". Now "Press kit" / "Media kit" is a title part naming the page's kind, a year ending the subject's
name is an edition's (not its head), and the description becomes the name as the text writes it, the edition's year
with it ("the 2026 <name>", review of stop 43 F11: test_offline_edition_year_description)."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from shared.text.entailment import entailment


def claims(text: str, title: str | None) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


KIT = (
    "Harlow Reach Regatta 2026 - {kind}\n\n"
    "The 2026 Harlow Reach Regatta takes place from 3 to 5 July 2026 on the river Orla at Fenmouth, hosted by the "
    "Darnley Rowing Club.\n\n"
    "The regatta is run by about 180 volunteers. Its budget for 2026 is 95,000 pounds, mostly raised from entry "
    "fees and sponsorship.\n"
)


@pytest.mark.parametrize("kind", ["Press kit", "Media kit", "Press release"])
def test_the_head_noun_on_an_edition_s_press_kit_is_the_named_thing(kind: str) -> None:
    text = KIT.format(kind=kind)
    out = claims(text, f"Harlow Reach Regatta 2026 - {kind}")
    assert "The 2026 Harlow Reach Regatta is run by about 180 volunteers." in out, out
    # the pronoun stands for the edition, never for the title with its page kind
    assert not any(kind in c for c in out), out
    assert any(c.startswith("Harlow Reach Regatta 2026's budget for 2026") for c in out), out


def test_the_named_description_is_supported_by_its_sentence() -> None:
    text = KIT.format(kind="Press kit")
    found = [c for c in extract_claims(text, title="Harlow Reach Regatta 2026 - Press kit")
             if "volunteers" in c.text]
    assert found and entailment(found[0].text, text[found[0].start:found[0].end]).label == "supported"


def test_in_the_same_paragraph_the_edition_s_name_before_it_is_no_other_regatta() -> None:
    text = ("Harlow Reach Regatta 2026 - Press kit\n\nThe 2026 Harlow Reach Regatta takes place from 3 to 5 July. The "
            "regatta is run by about 180 volunteers.\n")
    out = claims(text, "Harlow Reach Regatta 2026 - Press kit")
    assert "The 2026 Harlow Reach Regatta is run by about 180 volunteers." in out, out


def test_a_press_kit_about_a_thing_of_another_noun_leaves_the_description() -> None:
    text = ("Darnley Rowing Club 2026 - Press kit\n\nDarnley Rowing Club hosts a summer regatta on the river Orla.\n\n"
            "The regatta is run by about 180 volunteers.\n")
    out = claims(text, "Darnley Rowing Club 2026 - Press kit")
    assert not any(c.startswith("Darnley Rowing Club is run by") for c in out), out

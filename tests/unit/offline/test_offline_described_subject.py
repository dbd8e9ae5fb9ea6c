"""A claim whose subject is a bare definite description ("The lodge has 30 beds.") names the thing its page means
(issue 9, trial t30 fault 3b): the claim extractor writes the one name ending in that noun that the previous
sentence, the page's subject or its title gives ("The Varnel Lodge has 30 beds."), so that two pages' figures for
one lodge are set against each other and the lead of a question asking that figure says the sources disagree,
each value with its source (``services.claim_extractor.offline``, ``services.synthesizer.offline``)."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.synthesizer.offline import find_disagreements, synthesize
from shared.report import lead_section
from tests.claim_pages import page_set, sentence_claims


def _claims(text: str, title: str) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


def test_the_description_takes_the_name_of_the_page_subject() -> None:
    text = ("# Varnel Lodge\n\nThe Varnel Lodge is a stone refuge of the Dalmor Alpine Club.\n\n## Rooms\n\n"
            "The lodge has 30 beds in four dormitories.")
    assert "The Varnel Lodge has 30 beds in four dormitories." in _claims(text, "Varnel Lodge")


def test_the_description_takes_the_name_the_previous_sentence_gives() -> None:
    text = ("The long approach to the Varnel Lodge starts in Dunby and takes five hours. The lodge itself sits at "
            "2,390 metres, above the last trees.")
    claims = _claims(text, "Walk 9: Dunby to the Varnel Lodge")
    assert "The Varnel Lodge itself sits at 2,390 metres, above the last trees." in claims


def test_the_description_takes_the_name_a_title_gives() -> None:
    text = "Walkers leave Dunby early in the day. The lodge itself sits at 2,390 metres, above the last trees."
    claims = _claims(text + " The Varnel Lodge has a terrace.", "Walk 9: Dunby to the Varnel Lodge")
    assert "The Varnel Lodge itself sits at 2,390 metres, above the last trees." in claims


def test_a_description_with_no_single_name_stays_as_it_is() -> None:
    # two lodges in the sentence before: which one is meant is not known
    text = ("The path links the Varnel Lodge and the Orsk Lodge in a long day. The lodge has a drying room and "
            "a small shop.")
    assert "The lodge has a drying room and a small shop." in _claims(text, "Dalmor huts")
    # a description saying which one it is ("The lodge at the pass") is another thing of that noun
    text = "The Varnel Lodge is a stone refuge of the club. The lodge at the pass has 12 beds and a stove."
    assert "The lodge at the pass has 12 beds and a stove." in _claims(text, "Varnel Lodge")
    # a longer name holding the noun is not a name of that noun ("the Varnel Lodge Trust" is no lodge)
    text = "The Varnel Lodge Trust was founded in 1921 by climbers. The lodge was rebuilt in 1950 after a fire."
    assert "The lodge was rebuilt in 1950 after a fire." in _claims(text, "Trust history")


PAGES = {
    "club": ("Varnel Lodge", "The Varnel Lodge is a stone refuge of the Dalmor Alpine Club. The Varnel Lodge is "
                             "staffed from early July to late September. The Varnel Lodge stands on a spur at 2,418 "
                             "metres above sea level. The Varnel Lodge has 30 beds."),
    "guide": ("Walk 9: Dunby to the Varnel Lodge", "The long approach to the Varnel Lodge starts in Dunby and takes "
                                                  "five hours. The Varnel Lodge itself sits at 2,390 metres, above "
                                                  "the last trees."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


def test_a_figure_placing_a_thing_at_a_height_disagrees_with_another_pages_elevation() -> None:
    claims = sentence_claims(TEXTS, "club", "guide")
    found = find_disagreements(claims, TITLES)
    assert [sorted(v for _i, v in d.values) for d in found] == [["2,390 metres", "2,418 metres"]]
    # figures of one page never disagree, nor the same height written twice
    assert find_disagreements(sentence_claims(TEXTS, "club"), TITLES) == []


def test_the_lead_of_an_altitude_question_says_the_sources_disagree() -> None:
    for question in ("At what altitude is the Varnel Lodge?", "How high above sea level is the Varnel Lodge?"):
        lead = lead_section(synthesize(question, sentence_claims(TEXTS, "club", "guide"), SOURCES).markdown)
        assert "disagree" in lead
        assert "2,390 metres [" in lead and "2,418 metres [" in lead
        assert "30 beds" not in lead

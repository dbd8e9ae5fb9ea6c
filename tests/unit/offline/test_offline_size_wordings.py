"""One reader of a size figure (shared.text.sizes.size_dimensions): a height given as "rises 48 metres", "At 52
metres X is the tallest building", "the 48-metre tower" or "The spire measures 61 metres" is found disputed as
"is 48 metres tall" is, so a figure that can lead an answer to "How tall is X?" can also be found disputed (issue 9,
trial t34 fault 1: "The tower rises 48 metres above the square" / "At 52 metres the Kessin Tower is the tallest
building" led with 52 metres at medium 0.81, judge 94, the disagreement missed). Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import find_disagreements
from shared.text.sizes import size_dimensions
from tests.claim_pages import page_sources, recorded_report, sentence_claims, split_pages

_TITLE_A = "The Orsk Tower and its bells"
_TITLE_B = "Harrow Lane: a town walk"


@pytest.mark.parametrize(("clause", "dims"), [
    ("The tower rises 48 metres above the square", {"height"}),
    ("At 52 metres the Orsk Tower is the tallest building in Harrow", {"height"}),
    ("the 48-metre tower looks over the square", {"height"}),
    ("The spire measures 61 metres", {"height"}),
    ("It stands some 34 metres over the harbour", {"height"}),
    ("The hut sits at 3,086 metres", {"height"}),
    ("The viaduct is 412 metres long", {"length"}),
    ("It is the longest bridge of the valley at 412 metres", {"length"}),
    ("The bridge is 412 metres", set()),
    ("The road measures 12 kilometres", set()),
])
def test_the_dimension_a_clause_gives(clause: str, dims: set[str]) -> None:
    assert size_dimensions(clause) == dims


@pytest.mark.parametrize(("a", "b"), [
    ("The tower rises 48 metres above the square, according to the survey made for the town council in 1996.",
     "At 52 metres the Orsk Tower is the tallest building in Harrow, and the view from its gallery is wide."),
    ("The Orsk Tower stands 48 metres over the market square.",
     "The Orsk Tower is 52 metres tall and was rebuilt after the fire."),
    ("The Orsk Tower soars 48 metres above the old town.",
     "The 52-metre Orsk Tower looks over the market square."),
    ("The Orsk Tower is 48 metres high.",
     "At 52 metres, the Orsk Tower is the highest building of the town."),
])
def test_heights_worded_differently_disagree(a: str, b: str) -> None:
    titles, texts = split_pages({"a": (_TITLE_A, a), "b": (_TITLE_B, b)})
    found = find_disagreements(sentence_claims(texts, "a", "b"), titles)
    # (a figure is shown as written: "52 metre" of "the 52-metre tower")
    assert [(d.kind, sorted(v.split()[0] for _i, v in d.values)) for d in found] == [("m", ["48", "52"])]


@pytest.mark.parametrize(("a", "b"), [
    ("The Orsk Tower rises 48 metres above the square.", "The Orsk Tower casts a shadow 52 metres long at noon."),
    ("The Orsk Tower rises 48 metres above the square.", "In 1850 the Orsk Tower rose only 30 metres."),
    ("The Orsk Tower's lantern rises 4 metres above the roof.", "The Orsk Tower rises 48 metres above the square."),
])
def test_other_dimensions_times_and_parts_do_not_disagree(a: str, b: str) -> None:
    titles, texts = split_pages({"a": (_TITLE_A, a), "b": (_TITLE_B, b)})
    assert find_disagreements(sentence_claims(texts, "a", "b"), titles) == []


def test_the_report_says_the_sources_disagree_and_is_not_confident() -> None:
    titles, texts = split_pages({
        "a": (_TITLE_A, "The Orsk Tower is the tower of the old guild hall. The tower rises 48 metres above the "
                        "square, according to the survey made for the town council in 1996."),
        "b": (_TITLE_B, "Start your walk under the Orsk Tower. At 52 metres the Orsk Tower is the tallest building "
                        "in Harrow, and on a clear day you can see the whole valley from its gallery."),
    })
    rep, gate, _answered, total = recorded_report("How tall is the Orsk Tower?", sentence_claims(texts, "a", "b"),
                                                  page_sources(titles))
    lead = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0]
    assert lead.strip().startswith("The sources disagree on the height of the Orsk Tower: 48 metres [")
    assert "52 metres [" in lead
    assert gate.tier == "low" and total <= 60


def test_a_figure_of_another_dimension_does_not_answer_the_size_asked() -> None:
    titles, texts = split_pages({
        "a": (_TITLE_A, "The Orsk Tower casts a shadow 90 metres long at noon in winter."),
        "b": (_TITLE_B, "Start your walk under the Orsk Tower. The Orsk Tower rises 48 metres above the square."),
    })
    rep, _gate, _answered, _total = recorded_report("How tall is the Orsk Tower?", sentence_claims(texts, "a", "b"),
                                                    page_sources(titles))
    lead = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0]
    assert "48 metres" in lead and "90 metres" not in lead

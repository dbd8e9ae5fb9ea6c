"""Task h62 (the pages here are invented): a "Which ... more <noun>, A or B?" choice is decided only by each option's
count of that noun. A video's views and a band's copies sold ("41 million" against "9 million") are no count of
albums, so they decide nothing and are never written as the choice's answer (bisected dev regression of 95f4c93,
which read every claim about each option for a figure of a better kind)."""

from __future__ import annotations

from services.synthesizer.verdicts import decide_choice
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "Which band has released more albums with their original members, the Harrow Lanterns or Velvet Orchard?"
HARROW = ("Harrow Lanterns", [
    "The Harrow Lanterns are a Scottish indie band, formed in 2001.",
    "The Harrow Lanterns' second studio album, released on 3 May 2006, is titled \"Low Tide\".",
    "The band's video for \"Marram\" has received over 41 million views online.",
])
VELVET = ("Velvet Orchard", [
    "Velvet Orchard is an American folk band formed in Portland in 1995.",
    "Under Dace's leadership, Velvet Orchard has sold over 9 million copies worldwide of four albums.",
])


def _lead(pages: dict[str, tuple[str, list[str]]]) -> tuple[str, str]:
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    return rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip(), gate.tier


def test_views_and_copies_sold_decide_no_choice_by_albums() -> None:
    texts = [*HARROW[1], *VELVET[1]]
    titles = [HARROW[0]] * len(HARROW[1]) + [VELVET[0]] * len(VELVET[1])
    assert decide_choice(QUESTION, texts, titles, list(range(len(texts)))) is None


def test_the_lead_writes_no_count_of_views_as_the_answer() -> None:
    lead, tier = _lead({"h": HARROW, "v": VELVET})
    assert lead == ("Not established: which of the options the question compares fits it. Related findings, not the "
                    "answer: The Harrow Lanterns' second studio album, released on 3 May 2006, is titled \"Low Tide\" "
                    "[1]. Velvet Orchard is an American folk band formed in Portland in 1995 [2]."), lead
    assert tier == "low", tier


def test_counts_of_albums_still_decide() -> None:
    texts = ["The Harrow Lanterns have released 6 albums with their founding line-up.",
             "The band's video for \"Marram\" has received over 41 million views online.",
             "Velvet Orchard has released 4 albums since 1995.",
             "Velvet Orchard has sold over 90 million copies worldwide."]
    titles = [HARROW[0], HARROW[0], VELVET[0], VELVET[0]]
    choice = decide_choice(QUESTION, texts, titles, [1, 3, 0, 2])
    assert choice is not None
    assert (choice.options, choice.cited, choice.values) == (("Harrow Lanterns", "Velvet Orchard"), (0, 2),
                                                              ("6 albums", "4 albums")), choice

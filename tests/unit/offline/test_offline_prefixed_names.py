"""A name with words of its own before the asked one names another thing (issue 9, trial t50 faults 1, 2, 4 and 8):
"The Old Selwick Viaduct was designed by Mara Quell" never answers "Who designed the Selwick Viaduct?" when a page
names the Selwick Viaduct alone, as "Selwick FC" never answers of the town; the reverse holds too ("The Selwick
Viaduct was designed by Tobias Renn" never settles "Did Tobias Renn design the Old Selwick Viaduct?"); the two
viaducts' dates and lengths never disagree, and a comparison of them compares their lengths
(``shared.text.terms.prefixed_name`` / ``names_prefixed_other``; ``services.synthesizer.offline.select_lead`` /
``prefixed_others``, ``services.synthesizer.confidence.chain_features``, ``services.judge.offline.stated_answer``)."""

from __future__ import annotations

import pytest

from services.judge.offline import UNANSWERED_MAX, judge, stated_answer
from services.synthesizer.offline import size_dispute_topic
from shared.report import lead_section
from shared.text.terms import named_alone, names_prefixed_other, prefixed_name
from shared.text.tokens import tokenize
from tests.claim_pages import findings_of, listed_claims, recorded_report

PAGES = {
    "old": ("Old Selwick Viaduct", [
        "The Old Selwick Viaduct is a brick railway viaduct over the Selwick beck.",
        "It is 240 metres long and has 11 arches.",
        "The Old Selwick Viaduct was designed by the engineer Mara Quell and built between 1861 and 1864.",
        "It opened on 3 March 1864.",
    ]),
    "main": ("Selwick Viaduct", [
        "The Selwick Viaduct is a stone viaduct carrying the Harlow main line over the Selwick valley.",
        "The Selwick Viaduct is 1,310 metres long and has 47 arches.",
        "The Selwick Viaduct was designed by the engineer Tobias Renn.",
        "The Selwick Viaduct opened to traffic on 9 October 1839.",
    ]),
    "news": ("Record year for Selwick walkers", [
        "The Selwick Viaduct opened in 1839 and is 1,310 metres long.",
        "Walkers can cross the valley on a footpath below it.",
    ]),
}
CLAIMS, SOURCES = listed_claims(PAGES)


def _report(question: str) -> tuple[str, str, bool, int]:
    rep, gate, answered, total = recorded_report(question, CLAIMS, SOURCES)
    return rep.markdown, lead_section(rep.markdown), answered, total


def test_the_longer_names_designer_never_leads() -> None:
    markdown, lead, _answered, _total = _report("Who designed the Selwick Viaduct?")
    assert "Tobias Renn" in lead and "Mara Quell" not in lead, lead
    # nor is the other viaduct kept among the findings as if it bore on the question
    assert "Old Selwick" not in findings_of(markdown), markdown


def test_the_two_viaducts_dates_and_lengths_never_disagree() -> None:
    markdown, lead, _answered, _total = _report("When did the Selwick Viaduct open?")
    assert "1839" in lead and "1864" not in lead, lead
    assert "disagree" not in markdown, markdown


def test_the_shorter_names_sentence_never_settles_a_yes_no_about_the_longer() -> None:
    markdown, lead, _answered, _total = _report("Did Tobias Renn design the Old Selwick Viaduct?")
    assert not lead.startswith("Yes"), lead
    assert "Mara Quell" in lead, lead


def test_a_comparison_of_the_two_compares_their_lengths() -> None:
    markdown, lead, answered, _total = _report("Which is longer, the Selwick Viaduct or the Old Selwick Viaduct?")
    assert "1,310 metres" in lead and "240 metres" in lead, lead
    assert "disagree" not in markdown, markdown


def test_a_lead_about_the_other_viaduct_is_no_answer() -> None:
    question = "Who designed the Selwick Viaduct?"
    lead = "The Old Selwick Viaduct was designed by the engineer Mara Quell and built between 1861 and 1864 [1]."
    report = (f"# {question}\n\n## Answer\n\n{lead}\n\n## Findings\n\n- The Selwick Viaduct is a stone viaduct "
              "carrying the Harlow main line over the Selwick valley [2].\n")
    assert stated_answer(question, lead, {1, 2}, report) is None
    j = judge(report, question=question, claims_total=2, claims_supported=2, citations=[], sub_queries=[])
    assert not j.answered and j.total <= UNANSWERED_MAX
    # the asked viaduct's own sentence answers
    right = "The Selwick Viaduct was designed by the engineer Tobias Renn [2]."
    assert stated_answer(question, right, {2}, report) is not None
    # a yes/no about the longer name is not settled by the shorter one's designer
    asked = "Did Tobias Renn design the Old Selwick Viaduct?"
    wrong = "Yes: The Selwick Viaduct was designed by the engineer Tobias Renn [2]."
    assert stated_answer(asked, wrong, {2}, f"{wrong}\n- The Old Selwick Viaduct is 240 metres long [1].") is None


@pytest.mark.parametrize("name,subject,other", [
    ("Selwick Viaduct", "Old Selwick Viaduct", True),
    ("Kessin Bridge", "Upper Kessin Bridge", True),
    ("Marrow Lock", "North Marrow Lock", True),
    ("Tarnholm Museum", "New Tarnholm Museum", True),
    ("Selwick Viaduct", "Selwick Viaduct", False),
    ("Selwick Viaduct", "Selwick Viaduct Trust", False),  # a name going on after it (opens_longer_name's)
    ("Ian Holm", "Sir Ian Holm", False),  # a title before a person's name
    ("Lars Høgh", "Poul Lars Høgh", False),  # a given name: the head is no English noun
    ("Selwick", "Old Selwick", False),  # a name of one word: no kind of thing said
    # an article of another language (shared.text.tokens.FOREIGN_ARTICLES) is the name's own "The", no word of its own
    ("Kessin Bridge", "Der Kessin Bridge", False),
    ("Kessin Bridge", "Dieser Kessin Bridge", False),  # a German determiner
    ("Kessin Bridge", "Le Kessin Bridge", False),
    ("Kessin Bridge", "Il Kessin Bridge", False),
    ("Kessin Bridge", "Het Kessin Bridge", False),
    ("Kessin Bridge", "Una Kessin Bridge", False),
])
def test_prefixed_name(name: str, subject: str, other: bool) -> None:
    assert prefixed_name(tokenize(name), tokenize(subject)) is other


@pytest.mark.parametrize("names,text,other", [
    (["Selwick Viaduct"], "The Old Selwick Viaduct opened on 3 March 1864.", True),
    (["Old Selwick Viaduct"], "The Selwick Viaduct opened in 1839.", True),  # the asked name's tail
    (["Old Selwick Viaduct", "Tobias Renn"], "Yes: The Selwick Viaduct was designed by Tobias Renn.", True),
    (["Selwick Viaduct"], "The Old Selwick Viaduct is older than the Selwick Viaduct.", False),  # names it too
    (["Selwick Viaduct", "Old Selwick Viaduct"], "The Old Selwick Viaduct is 240 metres long.", False),  # both asked
    (["Selwick Viaduct"], "Yesterday the Selwick Viaduct reopened.", False),
    (["Ian Holm"], "Sir Ian Holm was born in 1931.", False),
    (["Selwick Viaduct"], "", False),
])
def test_names_prefixed_other(names: list[str], text: str, other: bool) -> None:
    assert names_prefixed_other([tokenize(n) for n in names], text) is other


def test_named_alone() -> None:
    assert named_alone(tokenize("Selwick Viaduct"), ["The Selwick Viaduct opened in 1839."])
    assert not named_alone(tokenize("Selwick Viaduct"), ["The Old Selwick Viaduct opened in 1864."])


def test_a_dispute_over_lock_counts_is_never_called_a_length() -> None:
    claims, sources = listed_claims({
        "a": ("Brenna Cut", ["The Brenna Cut is 6.2 kilometres long and has 3 locks."]),
        "b": ("Brenna Cut facts", ["The Brenna Cut is 6.8 kilometres long and has 4 locks."]),
    })
    titles = {sid: s.title for sid, s in sources.items()}
    assert size_dispute_topic(claims, titles, ["3 locks", "4 locks"]) == ""
    assert size_dispute_topic(claims, titles, ["6.2 kilometres", "6.8 kilometres"]) == "the length of the Brenna Cut"

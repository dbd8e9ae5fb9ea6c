"""A name spelt like the asked one but for a letter or two is another thing when a page names the asked one too
(issue 9, trial t26 fault 8): "The Pellmore Rail Museum opened in 1971" never answers "When did the Pellmoor Rail
Museum open?", the gate gives a lead stating only the look-alike's value no answer (tier low) and the judge counts
it unanswered (``shared.text.terms.look_alike_name``; ``services.synthesizer.offline.select_lead``,
``services.synthesizer.confidence.chain_features``, ``services.judge.offline.stated_answer``)."""

from __future__ import annotations

import pytest

from services.judge.offline import UNANSWERED_MAX, judge, stated_answer
from services.synthesizer.confidence import CHAIN_NAMES_MIN, chain_features
from shared.report import lead_section
from shared.text.terms import look_alike_name, spelled_alike
from shared.text.tokens import tokenize
from tests.claim_pages import page_set, recorded_report, sentence_claims

PAGES = {
    "moor": ("Pellmoor Rail Museum", "The Pellmoor Rail Museum is in Pellmoor, a fishing village on the coast road. "
             "The Pellmoor Rail Museum is not connected to the Pellmore railway society. "
             "The Pellmoor Rail Museum opened in 1923 and was founded by the engineer Ada Kross."),
    "more": ("Pellmore Rail Museum", "The Pellmore Rail Museum opened in 1971 in the old goods shed of the railway "
             "society. The museum is run by the society and is open on weekends."),
    "vik": ("Brennvik Lighthouse", "The Brennvik Lighthouse stands on the north cape. "
            "The Brennvik Lighthouse was first lit in 1852."),
    "wik": ("Brennwik Lighthouse", "The Brennwik Lighthouse was first lit in 1904. The Brennwik Lighthouse is "
            "not the Brennvik one on the north cape."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


@pytest.mark.parametrize("question,right,wrong", [
    ("When did the Pellmoor Rail Museum open?", "1923", "1971"),
    ("In what year was the Brennwik Lighthouse first lit?", "1904", "1852"),
    ("In what year was the Brennvik Lighthouse first lit?", "1852", "1904"),
])
def test_the_look_alikes_value_never_leads(question: str, right: str, wrong: str) -> None:
    rep, gate, answered, _total = recorded_report(question, CLAIMS, SOURCES)
    lead = lead_section(rep.markdown)
    assert right in lead and wrong not in lead, lead
    assert answered and gate.tier != "low", (gate, lead)


def test_a_lead_stating_only_the_look_alikes_value_is_no_answer() -> None:
    question = "When did the Pellmoor Rail Museum open?"
    lead = ("The Pellmoor Rail Museum is not connected to the Pellmore railway society [1]. "
            "The Pellmore Rail Museum opened in 1971 in the old goods shed of the railway society [2].")
    titles = {1: "Pellmoor Rail Museum", 2: "Pellmore Rail Museum"}
    assert chain_features(question, lead, titles)["chain_names"] < CHAIN_NAMES_MIN
    assert stated_answer(question, lead, {1, 2}) is None
    j = judge(f"# {question}\n\n## Answer\n\n{lead}\n", question=question, claims_total=2, claims_supported=2,
              citations=[], sub_queries=[])
    assert not j.answered and j.total <= UNANSWERED_MAX
    # the asked one's own sentence answers
    right = "The Pellmoor Rail Museum opened in 1923 and was founded by the engineer Ada Kross [1]."
    assert chain_features(question, right, titles)["chain_names"] == 1.0
    assert stated_answer(question, right, {1}) is not None


def test_where_no_page_spells_the_asked_name_its_look_alike_is_read_as_it() -> None:
    # a question misspelling the name ("Pellmure") finds the one page's museum: no page names another
    question = "When did the Pellmure Rail Museum open?"
    rep, _gate, _answered, _total = recorded_report(question, sentence_claims(TEXTS, "more"), SOURCES)
    assert "1971" in lead_section(rep.markdown), rep.markdown


@pytest.mark.parametrize("a,b,alike", [
    ("tarnholm", "tarnholt", True), ("pellmoor", "pellmore", True), ("brennvik", "brennwik", True),
    ("cross", "crossing", False), ("museum", "museums", False), ("halvik", "halwick", False),
    ("river", "rover", False), ("tower", "power", False),
])
def test_spelled_alike(a: str, b: str, alike: bool) -> None:
    assert spelled_alike(a, b) is alike


@pytest.mark.parametrize("name,words,alike", [
    ("Tarnholt Glass Museum", "The Tarnholm Glass Museum opened in 1968", True),
    ("Tarnholt Glass Museum", "The Tarnholt Glass Museum is not connected to the Tarnholm guild", False),
    ("Tarnholt Glass Museum", "The Tarnholm Paper Museum opened in 1968", False),
    ("Tarnholt", "Tarnholm lies on the coast", True),
])
def test_look_alike_name(name: str, words: str, alike: bool) -> None:
    assert look_alike_name(tokenize(name), tokenize(words)) is alike

"""A short question in another language than English, answered whole by one sentence of a page in that language
(services.synthesizer.confidence: chain_features, relation_features, the retrieval signal): the question's own
function words ("combien", "seit", "wann") are no terms the answer must hold, and a word opened by an elided article
("d'habitants") is the word itself, so the one-fact answer is not held back as a report that misses the question's
words; a report of another town's figure, or of another thing's year, stays low."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import MEDIUM_THRESHOLD
from shared.report import lead_section
from shared.text.tokens import detect_language
from tests.claim_pages import page_set, recorded_report

PAGES = {
    "ostrelle": (
        "Ostrelle",
        "Ostrelle est une commune du département de la Mirande. La commune compte 4 180 habitants en 2021. "
        "Ostrelle est connue pour son pont de pierre.",
    ),
    "brevalle": ("Brevalle", "Brevalle est un village de la Mirande. Son pont date de 1760."),
    "velden": (
        "Velden",
        "Velden ist eine Kleinstadt an der Aalbach. Den Markt in Velden gibt es seit 1873. "
        "Die Kirche von Velden wurde 1412 geweiht.",
    ),
    "kessling": ("Kessling", "Kessling ist ein Dorf an der Aalbach. Der Markt findet jeden Samstag statt."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


@pytest.mark.parametrize(
    ("question", "code", "answer"),
    [
        ("Combien d'habitants compte Ostrelle ?", "fr", "4 180 habitants"),
        ("Seit wann gibt es den Markt in Velden?", "de", "seit 1873"),
    ],
)
def test_a_one_fact_answer_to_a_short_foreign_question_is_not_held_back(question: str, code: str, answer: str) -> None:
    assert detect_language(question) == code
    report, gate, answered, _total = recorded_report(question, CLAIMS, SOURCES)
    assert answer in lead_section(report.markdown)
    assert gate.signals["f_one_fact"] == 1.0 and gate.signals["f_cand_cover"] == 1.0
    assert gate.signals["retrieval"] == 1.0  # "combien" and "d'" are no words the evidence must hold
    assert gate.score >= MEDIUM_THRESHOLD and gate.tier != "low" and answered


@pytest.mark.parametrize(
    "question",
    [
        "Combien d'habitants compte Brevalle ?",  # only Ostrelle's population is stated
        "Seit wann gibt es den Markt in Kessling?",  # Kessling's page dates nothing
    ],
)
def test_a_foreign_question_its_pages_do_not_answer_stays_low(question: str) -> None:
    _report, gate, answered, total = recorded_report(question, CLAIMS, SOURCES)
    assert gate.tier == "low" and not answered and total <= 60

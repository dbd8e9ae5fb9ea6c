"""A common noun of a question in another language than English ('la fromagerie Rocca Lenta') is no name to match:
an English page holding it only in another name ('Fromagerie Serrat') does not lead (issue 9, trial t23 fault F6).
Invented pages."""

from __future__ import annotations

from services.synthesizer.offline import foreign_common_words, synthesize
from tests.claim_pages import page_sources, sentence_claims, split_pages

_PAGES = {
    "a": (
        "Orvane Silver Vine 2022",
        "The 2022 Silver Vine went to the Pellar cheese of Fromagerie Serrat. The 2022 jury met at Rocca Lenta.",
    ),
    "b": (
        "Rocca Lenta",
        "Rocca Lenta was founded in 1931 by Ettore Valsi, a miller from Pralle. Rocca Lenta makes a hard cheese.",
    ),
    "c": ("Fromagerie Serrat", "Fromagerie Serrat makes 40 tonnes of cheese a year."),
}


def _lead(question: str) -> str:
    titles, texts = split_pages(_PAGES)
    rep = synthesize(question, sentence_claims(texts, "a", "b", "c"), page_sources(titles))
    return rep.markdown.split("\n## ", 2)[1].split("\n", 1)[1].strip()


def test_the_common_nouns_of_a_question_in_another_language() -> None:
    assert foreign_common_words("Qui a fondé la fromagerie Rocca Lenta ?") >= {"fromagerie", "fondé"}
    assert "rocca" not in foreign_common_words("Qui a fondé la fromagerie Rocca Lenta ?")
    assert foreign_common_words("Who founded the fromagerie Rocca Lenta?") == set()


def test_a_name_holding_the_questions_common_noun_does_not_lead() -> None:
    lead = _lead("Qui a fondé la fromagerie Rocca Lenta ?")
    assert lead.startswith("Rocca Lenta was founded in 1931 by Ettore Valsi")
    assert "Fromagerie Serrat" not in lead

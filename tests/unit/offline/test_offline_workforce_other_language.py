"""An English question about how many people a firm employs, answered from a German, French or Spanish page
(issue 9, t41 fault 6): the relation verb ("employ", "work") and the workforce nouns ("employees", "staff",
"workers", "people") are read in the page's words ("beschäftigt", "Mitarbeiter", "Mitarbeitende", "Beschäftigte",
"Belegschaft"; "emploie ... salariés"; "emplea ... trabajadores": shared.text.crosslang.LEXICON), so the page's
count leads, and a page of another firm stays no answer."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import MEDIUM_THRESHOLD
from shared.report import lead_section
from shared.text.crosslang import expand_query, held_terms
from shared.text.quantity import counted_nouns, counts
from shared.text.tokens import tokenize
from tests.claim_pages import page_set, recorded_report


@pytest.mark.parametrize(
    ("text", "question", "held"),
    [
        ("Die Glashütte beschäftigt 35 Mitarbeiter.", "How many people does the glassworks employ?", {"employ"}),
        ("Die Glashütte hat 35 Mitarbeitende.", "How many employees does the glassworks have?", {"employee"}),
        ("Die Glashütte hat 35 Beschäftigte.", "How many staff does the glassworks have?", {"staff"}),
        ("Die Belegschaft zählt 35 Personen.", "How many workers are there?", {"worker"}),
        ("In der Glashütte arbeiten 35 Menschen.", "How many people work at the glassworks?", {"people", "work"}),
        ("L'entreprise emploie 35 salariés.", "How many employees does the firm employ?", {"employee", "employ"}),
        ("La empresa emplea a 35 trabajadores.", "How many staff does the firm employ?", {"staff", "employ"}),
    ],
)
def test_a_foreign_page_holds_the_workforce_words_of_an_english_question(text: str, question: str,
                                                                         held: set[str]) -> None:
    assert held_terms(tokenize(text), tokenize(question)) & held == held


@pytest.mark.parametrize(
    ("sentence", "question", "found"),
    [
        ("Die Glashütte beschäftigt 35 Mitarbeiter.", "How many people does the glassworks employ?", ["35"]),
        ("Die Glashütte beschäftigt 35 Mitarbeitende.", "How many staff does the glassworks have?", ["35"]),
        ("Die Glashütte hat 35 Angestellte.", "How many employees does the glassworks have?", ["35"]),
        ("L'entreprise emploie 35 salariés.", "How many workers does the firm have?", ["35"]),
        ("In der Glashütte arbeiten 35 Menschen.", "How many people work at the glassworks?", ["35"]),
        ("Die Glashütte hat 35 Öfen.", "How many employees does the glassworks have?", []),  # no workforce counted
        # the number after a word for the whole workforce
        ("Die Belegschaft umfasst heute rund 35 Personen.", "How many employees does the glassworks have?", ["35"]),
        ("Die Glashütte hat eine Belegschaft von 35.", "How many people does the glassworks employ?", ["35"]),
        ("The mill has a staff of 35.", "How many employees does the mill have?", ["35"]),
        ("La plantilla es de 40 personas.", "How many workers does the firm have?", ["40"]),
        ("Staff at the 3 branches were paid more.", "How many employees does the firm have?", []),
        ("The staff of 1998 was smaller.", "How many employees does the firm have?", []),  # a year
        ("The workforce numbers 35 people.", "How many kilns does the firm have?", []),  # no workforce asked
    ],
)
def test_a_foreign_workforce_count_counts_the_english_noun_asked(sentence: str, question: str,
                                                                 found: list[str]) -> None:
    assert counts(sentence, counted_nouns(question)) == found


def test_the_local_search_query_carries_the_german_workforce_words() -> None:
    query = expand_query("How many people does the Orlenwerk glassworks employ")
    assert "beschäftigt" in query.split()
    assert {"mitarbeiter", "mitarbeitende", "belegschaft"} <= set(expand_query("staff Orlenwerk").split())


PAGES = {
    "orlenwerk": ("Orlenwerk Glasmanufaktur", "Die Orlenwerk Glasmanufaktur ist eine Glashütte in Brelsau. Die "
                                              "Orlenwerk Glasmanufaktur beschäftigt heute 35 Mitarbeiter und bildet "
                                              "jedes Jahr zwei Lehrlinge aus."),
    "ferrand": ("Verrerie Ferrand", "La Verrerie Ferrand est une verrerie à Lunel. La Verrerie Ferrand emploie 48 "
                                    "salariés."),
    "brelsau": ("Brelsauer Zinngießerei", "Die Brelsauer Zinngießerei ist eine Werkstatt in Brelsau. Die Belegschaft "
                                          "der Brelsauer Zinngießerei umfasst heute 14 Personen."),
    "tolland": ("Tolland Mill", "The Tolland Mill is a paper mill on the Orla river. The Tolland Mill was built in "
                                "1851."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("How many people does the Orlenwerk Glasmanufaktur employ?", "35 Mitarbeiter"),
        ("How many employees does the Orlenwerk Glasmanufaktur have?", "35 Mitarbeiter"),
        ("How many staff does the Orlenwerk Glasmanufaktur have?", "35 Mitarbeiter"),
        ("How many people work at the Orlenwerk Glasmanufaktur?", "35 Mitarbeiter"),
        ("How many people does the Verrerie Ferrand employ?", "48 salariés"),
        ("How many employees does the Brelsauer Zinngießerei have?", "14 Personen"),
    ],
)
def test_an_english_workforce_question_is_answered_from_a_foreign_page(question: str, answer: str) -> None:
    report, gate, answered, total = recorded_report(question, CLAIMS, SOURCES)
    lead = lead_section(report.markdown)
    assert answer in lead and "Not established" not in lead
    assert gate.score >= MEDIUM_THRESHOLD and gate.tier != "low" and answered and total > 60


def test_another_firm_s_workforce_is_no_answer() -> None:
    _report, gate, answered, total = recorded_report("How many people does the Tolland Mill employ?", CLAIMS, SOURCES)
    assert gate.tier == "low" and not answered and total <= 60

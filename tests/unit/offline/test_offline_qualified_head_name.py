"""Task h81 (pages invented): a name the question writes "<Place> <Thing>" that a page writes "<Thing>" under the place's
own title.

"What are the opening hours of the Vossbridge Central Library on Sunday?" is answered by the row "Central Library:
opening hours, sunday 11:00 - 16:00" of the page "Visit the Central Library", which names the "Vossbridge Central
Library" whole elsewhere (its contact line), and "The Central Library ... was designed by ..." on the page "Vossbridge
City Libraries" is the Vossbridge Central Library's: the head is the asked thing's when the page is the qualifier's own
(:func:`shared.text.terms.head_on_qualified_page`). A look-alike's page ("Old Vossbridge Library", whose name opens
with a word of its own) carries no qualifier: its "Central Library" answers nothing about the asked one.
"""

from __future__ import annotations

from shared.text.terms import head_on_qualified_page
from shared.text.tokens import tokenize
from tests.claim_pages import local_claim, local_source, noted_report, recorded_report
from tests.unit.offline.test_offline_compound_verb import _lead

NAME = tokenize("Vossbridge Central Library")

VISIT = {"v": local_source("v", "Visit the Central Library"),
         "n": local_source("n", "Vossbridge City Libraries Annual Report 2024")}
VISIT_CLAIMS = [
    local_claim("v1", "v", "Central Library: opening hours, monday to friday day hours 9:00 - 19:00."),
    local_claim("v2", "v", "Central Library: opening hours, sunday day hours 11:00 - 16:00."),
    local_claim("v3", "v", "Branch libraries keep their own hours; see each branch page."),
    local_claim("v4", "v", "Vossbridge Central Library, 4 Tanner Row, Vossbridge."),
    local_claim("n1", "n", "In 2024 the Central Library lent 410,000 books and opened on Sundays from 2 March 2024."),
    local_claim("n2", "n", "The Brook Lane branch closed on 30 April 2024."),
]

DESIGN = {"e": local_source("e", "Vossbridge City Libraries"),
          "o": local_source("o", "Old Vossbridge Library")}
DESIGN_CLAIMS = [
    local_claim("e1", "e", "Vossbridge City Libraries is the public library service of the town of Vossbridge."),
    local_claim("e2", "e", "The Central Library on Tanner Row was designed by the architect Ilse Marrick and opened "
                           "in 1902."),
    local_claim("o1", "o", "The Old Vossbridge Library was a subscription library founded in 1790."),
    local_claim("o2", "o", "The Central Library of the subscription library was designed by Amos Treddle."),
]


def test_the_head_names_the_asked_thing_on_the_qualifiers_page() -> None:
    hours = "Central Library: opening hours, sunday day hours 11:00 - 16:00."
    # the page names the whole name elsewhere, or its title (or the site's part of it) opens with the qualifier
    assert head_on_qualified_page(NAME, hours, ["Visit the Central Library"], ["Vossbridge Central Library, 4 Tanner Row."])
    assert head_on_qualified_page(NAME, hours, ["Visit the Central Library | Vossbridge City Libraries"])
    assert head_on_qualified_page(NAME, "The Central Library was designed by Ilse Marrick.", ["Vossbridge City Libraries"])
    # no qualifier on the page: the title alone names the head
    assert not head_on_qualified_page(NAME, hours, ["Visit the Central Library"])
    # a look-alike's page: its name opens with a word of its own
    assert not head_on_qualified_page(NAME, "The Central Library was designed by Amos Treddle.", ["Old Vossbridge Library"])
    # a longer name of the head is another thing, and so is the head on a page naming another thing of it
    assert not head_on_qualified_page(NAME, "The Old Central Library was designed by Amos Treddle.",
                                      ["Vossbridge City Libraries"])
    assert not head_on_qualified_page(NAME, "The Central Library was designed by Amos Treddle.",
                                      ["Vossbridge City Libraries"], ["Harbour Central Library opened in 1911."])
    # the words before the head must be a name's own, not "Old" or "Upper"; the head two words or more
    assert not head_on_qualified_page(tokenize("Upper Central Library"), hours, ["Upper Vossbridge"])
    assert not head_on_qualified_page(tokenize("Vossbridge Library"), "The Library opened in 1902.",
                                      ["Vossbridge City Libraries"])


def test_sunday_hours_of_the_central_library_lead_at_high() -> None:
    question = "What are the opening hours of the Vossbridge Central Library on Sunday?"
    rep, gate, answered, total = recorded_report(question, VISIT_CLAIMS, VISIT)
    assert _lead(rep.markdown) == "Central Library: opening hours, sunday day hours 11:00 - 16:00 [1].", rep.markdown
    assert gate.tier == "high", (gate.score, gate.signals)
    assert answered and total > 60, total  # the judge reads the head on its page as the gate does


def test_yes_for_the_central_library_designed_by_its_architect() -> None:
    question = "Was the Vossbridge Central Library designed by Ilse Marrick?"
    rep, gate, answered, total = recorded_report(question, DESIGN_CLAIMS, DESIGN)
    assert answered and total > 60, total
    assert _lead(rep.markdown) == ("Yes: The Central Library on Tanner Row was designed by the architect Ilse Marrick "
                                   "and opened in 1902 [1]."), rep.markdown
    assert gate.tier != "low", (gate.score, gate.signals)


def test_the_look_alikes_central_library_answers_nothing() -> None:
    question = "Who designed the Vossbridge Central Library?"
    rep, gate = noted_report(question, DESIGN_CLAIMS, DESIGN)
    assert _lead(rep.markdown) == ("The Central Library on Tanner Row was designed by the architect Ilse Marrick and "
                                   "opened in 1902 [1]."), rep.markdown
    assert "Amos Treddle" not in rep.markdown.split("## Findings")[0]

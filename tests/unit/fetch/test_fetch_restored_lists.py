"""A plain list (and its heading) that trafilatura drops from a page without a main container comes back into the
extracted text, in its place; a menu's list does not (t50 fault 5: "Closed on Mondays" lost)."""

from __future__ import annotations

from services.scraper.fetch._content import extract_html

_PAGE = (
    "<!DOCTYPE html><html lang='en'><head><title>Brisk Harbour Museum</title></head><body>"
    "<nav><ul><li><a href='/'>Home</a></li><li><a href='/shop'>Shop</a></li></ul></nav>"
    "<h1>Brisk Harbour Museum</h1>"
    "<p>The museum shows the fishing fleet of Brisk Harbour in the old net loft on the quay.</p>"
    "<h3>When we are open</h3>"
    "<ol><li>May to September: Wednesday to Sunday, 09:30 to 17:30</li>"
    "<li>Closed on Tuesdays and on public holidays</li></ol>"
    "<h3>Tickets</h3>"
    "<table><tr><th>Visitor</th><th>Fee</th></tr><tr><td>Adult</td><td>CHF 12</td></tr>"
    "<tr><td>Student</td><td>CHF 8</td></tr></table>"
    "<p>The quay itself is open to walkers at all hours of the day.</p>"
    "</body></html>"
)


def test_list_under_a_heading_between_paragraphs_is_kept_in_place() -> None:
    text = extract_html(_PAGE).text
    assert "When we are open\n\n- May to September: Wednesday to Sunday, 09:30 to 17:30\n- Closed on Tuesdays" in text
    assert text.index("old net loft") < text.index("Closed on Tuesdays") < text.index("open to walkers")


def test_headings_above_kept_blocks_come_back() -> None:
    text = extract_html(_PAGE).text
    assert text.startswith("Brisk Harbour Museum\n\n")
    assert "Tickets\n\n| Visitor | Fee |" in text


def test_menu_list_stays_out() -> None:
    text = extract_html(_PAGE).text
    assert "Home" not in text and "Shop" not in text


def test_list_of_links_beside_paragraphs_stays_out() -> None:
    page = ("<html><body><p>The harbour wall was rebuilt in stone after the storm of 1881 took the old one.</p>"
            "<ul><li><a href='/a'>Storm history of the coast</a></li><li><a href='/b'>Wall repairs archive</a></li></ul>"
            "<p>Its lighthouse was added to the end of the new wall ten years later.</p></body></html>")
    text = extract_html(page).text
    assert "Storm history" not in text and "lighthouse" in text

"""An HTML ``<table>`` with a header row reaches the table reader as a Markdown pipe table (an empty cell kept empty),
so its rows are claims; a sentence that only points at a table ("The table below gives ...") is no claim; and a
question asking for the most recent figure is led by the row of the newest year when the page carries no date
(issue 9, trial t28 fault 4) (``services.scraper.fetch._content``, ``shared.text.noise``,
``services.synthesizer.offline``)."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.scraper.fetch._content import extract_html
from services.synthesizer.offline import asked_time_lead, synthesize
from shared.report import lead_section
from shared.text.noise import noise_kind
from shared.text.tables import pipe_tables
from tests.claim_pages import listed_claims

CATCH = """<html><head><title>Herring landings at Oddholm</title></head><body>
<h1>Herring landings at Oddholm</h1>
<p>The table below gives the herring landed at the Oddholm quay by the town's fishing fleet.</p>
<table>
<tr><th>Season</th><th>Landed (tonnes)</th><th>Remark</th></tr>
<tr><td>2017</td><td>310</td><td>calm autumn</td></tr>
<tr><td>2018</td><td>280</td><td></td></tr>
<tr><td>2019</td><td>355</td><td>new trawler</td></tr>
</table>
<p>The fleet has landed its catch at the stone quay since the harbour was rebuilt after the storm.</p>
</body></html>"""

SPECS = """<html><head><title>Rennick kettle</title></head><body><h1>Rennick kettle</h1>
<p>The Rennick kettle boils a full litre of water in under three minutes on a gas ring.</p>
<table><tr><th>Weight</th><td>800 g</td></tr><tr><th>Capacity</th><td>1.2 l</td></tr></table></body></html>"""


def test_an_html_table_with_a_header_row_is_a_pipe_table() -> None:
    text = extract_html(CATCH).text
    assert "| Season | Landed (tonnes) | Remark |\n| --- | --- | --- |\n| 2017 | 310 | calm autumn |" in text
    assert "| 2018 | 280 | |" in text  # the empty cell stays, so the row is as wide as the header
    (table,) = pipe_tables(text)
    assert table.header == ("Season", "Landed (tonnes)", "Remark")
    assert [r.cells for r in table.rows][1] == ("2018", "280", "")


def test_a_key_value_table_keeps_its_lines() -> None:
    text = extract_html(SPECS).text
    assert "800 g" in text and "1.2 l" in text
    assert "---" not in text and not pipe_tables(text)  # no header row: no pipe table


def test_html_table_rows_are_claims_and_the_pointer_is_none() -> None:
    content = extract_html(CATCH)
    texts = [c.text for c in extract_claims(content.text, title=content.title)]
    assert "Season 2019: landed (tonnes) 355, remark new trawler." in texts
    assert "Season 2018: landed (tonnes) 280." in texts
    assert not any(t.startswith("The table below") for t in texts), texts
    assert any(t.startswith("The fleet has landed") for t in texts)


def test_a_sentence_pointing_at_a_table_is_page_furniture() -> None:
    for pointer in ("The table below gives the herring landed at the Oddholm quay by the fleet.",
                    "The following chart shows the monthly landings of the Oddholm fleet.",
                    "This table lists the boats of the fleet and their home ports.",
                    "Below is a list of the skippers who fished from Oddholm."):
        assert noise_kind(pointer) == "pointer", pointer
    for content in ("The periodic table lists 118 known elements today.",  # no locator: a fact
                    "The chart below shows that landings fell by 10% in 2019.",  # a finding
                    "The figure of 355 tonnes was the highest of the decade."):
        assert noise_kind(content) is None, content


def test_the_most_recent_figure_is_the_newest_row_when_no_page_is_dated() -> None:
    texts = ["Season 2017: landed (tonnes) 310, remark calm autumn.", "Season 2019: landed (tonnes) 355.",
             "The Oddholm fleet has 14 boats.", "Season 2018: landed (tonnes) 280."]
    titles = ["Herring landings at Oddholm", "Herring landings at Oddholm", "Oddholm", "Herring landings at Oddholm"]
    question = "What was the most recent herring catch landed at Oddholm?"
    assert asked_time_lead(question, texts, [0], [0, 3, 1, 2], titles) == [1]
    # a question that does not ask for the latest keeps its lead
    assert asked_time_lead("What was the herring catch landed at Oddholm?", texts, [0], [0, 3, 1, 2], titles) == [0]


def test_a_latest_question_over_an_html_table_leads_with_the_newest_row() -> None:
    content = extract_html(CATCH)
    sentences = [c.text for c in extract_claims(content.text, title=content.title)]
    claims, sources = listed_claims({"catch": (content.title or "", sentences),
                                     "fleet": ("Oddholm fleet", ["The Oddholm fleet has 14 boats and 60 crew."])})
    lead = lead_section(synthesize("What was the most recent herring catch landed at Oddholm?", claims, sources).markdown)
    assert "355" in lead and "310" not in lead and "280" not in lead, lead

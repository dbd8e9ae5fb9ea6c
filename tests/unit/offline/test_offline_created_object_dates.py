"""Years of different events are no disagreement (task h150, trial t75 Q01; the pages here are invented): "When was
<maker> founded?" led "The sources disagree: 1763 [1]; 1771 [2]" because "In 1771 the painter <name> created the <name>
pattern, ..." on the maker's history page was read as the maker's founding ("created" names a founding, and the year
before the verb left no word before it to say whose). The event is of what the verb's object names when that is
another thing than the page's subject (a noun phrase with a name or a noun of its own: "the Harrowgate Rose
pattern"), as "its fishing school was founded in 1811" is the school's (``services.synthesizer.offline._date_frame``)."""

from __future__ import annotations

from services.synthesizer.offline import _dated_events, find_disagreements
from shared.report import lead_section
from tests.claim_pages import listed_claims, noted_report

MAKER = "Ostwick Glass Manufactory"
KIT = ("Press kit: Ostwick Glass Manufactory", [
    f"The {MAKER}, founded in 1781 by the merchant Hartwig Solm, is one of the oldest glassworks in the region."])
HISTORY = (f"A short history of the {MAKER}", [
    f"The {MAKER} was founded in 1781 by the merchant Hartwig Solm in the town of Ostwick.",
    "In 1794 the engraver Liesel Marbach created the Harrowgate Rose pattern, a cut design that has remained the "
    "manufactory's best-known pattern ever since."])
QUESTION = f"When was the {MAKER} founded?"


def _events(text: str, title: str) -> set[tuple[str, frozenset[str]]]:
    claims, _sources = listed_claims({"p": (title, [text])})
    return set(_dated_events(claims[0], title))


def test_a_created_objects_year_is_its_own_event() -> None:
    founding = _events(KIT[1][0], KIT[0])
    pattern = _events(HISTORY[1][1], HISTORY[0])
    assert founding == {("founding", frozenset())}
    assert pattern and not pattern & founding, pattern


def test_the_page_subjects_founding_stays_one_event() -> None:
    # the object names the page's subject, or is its generic noun: the subject's own founding, as before
    assert _events(f"In 1781 the merchant Hartwig Solm founded the {MAKER}.", HISTORY[0]) == {("founding", frozenset())}
    assert _events("In 1781 the merchant Hartwig Solm founded the manufactory.", HISTORY[0]) == {
        ("founding", frozenset())}
    assert _events("In 1781 the manufactory was founded.", HISTORY[0]) == {("founding", frozenset())}


def test_no_disagreement_and_the_founding_year_leads() -> None:
    claims, sources = listed_claims({"kit": KIT, "history": HISTORY})
    titles = {sid: s.title for sid, s in sources.items()}
    assert find_disagreements([claims[0], claims[2]], titles, claims) == []
    report, _gate = noted_report(QUESTION, claims, sources)
    lead = lead_section(report.markdown)
    assert "1781" in lead and "disagree" not in lead and "1794" not in lead, lead


def test_two_founding_years_still_disagree() -> None:
    other = ("Ostwick town guide", [f"The {MAKER} was founded in 1783 by Hartwig Solm."])
    claims, sources = listed_claims({"kit": KIT, "guide": other})
    titles = {sid: s.title for sid, s in sources.items()}
    assert find_disagreements(claims, titles, claims) != []

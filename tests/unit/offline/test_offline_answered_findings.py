"""An answered report's findings are the claims that bear on the question (issue 9, trial t39 fault 12): an
architect question's answer was followed by "Year 2019: visitors 18,200" and a depth question's by a walking
trail's hours. The lead stays whole; a finding goes unless it bears on the question
(``services.synthesizer.confidence.bears_on``: a name the question gives, the relation or kind asked) or names
what the lead names (its names, and a name's own word: "Rask" after "Signe Rask"); a finding saying that the
sources disagree always stays; the citations, used claims and sources follow, numbered again without gaps
(``services.synthesizer.handlers.without_filler`` with ``lead=False``, called by ``note_unanswered``)."""

from __future__ import annotations

import re

from services.judge.offline import UNANSWERED_MAX
from services.synthesizer.handlers import without_filler
from shared.evidence import Citation, Report
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "museum": ("Harnby Glass Museum", [
        "The Harnby Glass Museum in Osterby was founded in 1921 by the merchant Per Almqvist.",
        "The present museum building, a long brick hall, was designed by the architect Signe Rask and opened in 1958.",
        "Year 2018: visitors 14,300.", "Year 2019: visitors 15,100."]),
    "trail": ("The Osterby glass trail", [
        "Allow about two hours for the walk.",
        "The marked glass trail is 6 km long and starts at the museum car park in Osterby."]),
    "rask": ("Signe Rask", ["Signe Rask was born in 1902 in the fishing village of Lunde.",
                            "Rask trained in Stockholm and designed several schools in the region."]),
}
CLAIMS, SOURCES = listed_claims(PAGES)


def _whole(rep: Report) -> None:
    """Every marker written has its citation and every citation its marker, numbered without a gap; every used
    claim is cited."""
    written = {int(n) for n in re.findall(r"\[(\d+)\]", rep.markdown)}
    assert written == {c.n for c in rep.citations} and sorted(written) == list(range(1, len(written) + 1))
    assert set(rep.used_claim_ids) <= {c.claim_id for c in rep.citations}


def test_an_answered_report_lists_no_finding_that_bears_on_nothing_asked() -> None:
    rep, gate, answered, total = recorded_report("Where was the architect of the Harnby Glass Museum born?", CLAIMS,
                                                 SOURCES)
    assert "Lunde" in lead_section(rep.markdown) and answered and total > UNANSWERED_MAX, rep.markdown
    assert "visitors" not in rep.markdown, rep.markdown  # a visitor count bears on no birthplace
    assert "founded in 1921" in rep.markdown  # the museum the question names
    assert "Rask trained in Stockholm" in rep.markdown  # the architect the lead names, by her own name
    _whole(rep)


def test_the_lead_stays_whole_a_dispute_stays_and_sources_are_numbered_again() -> None:
    q = "Who designed the Varnholt Lighthouse?"
    md = ("# Q\n\n## Answer\n\nThe tower was drawn by Olof Brandqvist [1].\n\n## Findings\n\n### Varnholt\n\n"
          "- Allow about two hours for the coastal walk [2].\n- The sources disagree: 1842 [3]; 1858 [4].\n"
          "- The Varnholt Lighthouse keeper's house holds a café [4].\n- Brandqvist trained in Uppsala [5].\n\n"
          "## Sources\n\n- [1] A — /a\n- [2] B — /b\n- [3] C — /c\n- [4] D — /d\n- [5] E — /e\n")
    cites = [Citation(n=n, source_id=s, claim_id=f"c{n}", start=0, end=5, quote=quote) for n, s, quote in [
        (1, "a", "The tower was drawn by Olof Brandqvist"), (2, "b", "Allow about two hours for the coastal walk"),
        (3, "c", "built in 1842"), (4, "d", "The Varnholt Lighthouse keeper's house holds a café"),
        (5, "e", "Brandqvist trained in Uppsala")]]
    rep = Report(markdown=md, citations=cites, used_claim_ids=[c.claim_id for c in cites])
    out = without_filler(rep, q, lead=False)
    assert lead_section(out.markdown) == "The tower was drawn by Olof Brandqvist [1]."  # bears on no name asked: stays
    assert "The sources disagree: 1842 [2]; 1858 [3]." in out.markdown  # a dispute always stays
    assert "coastal walk" not in out.markdown and "c2" not in out.used_claim_ids and "- [2] B" not in out.markdown
    assert "café [3]." in out.markdown and "Brandqvist trained in Uppsala [4]." in out.markdown  # "Brandqvist": the lead's
    assert "- [2] C — /c" in out.markdown and "- [4] E — /e" in out.markdown
    _whole(out)
    assert without_filler(out, q, lead=False) == out  # nothing more to drop

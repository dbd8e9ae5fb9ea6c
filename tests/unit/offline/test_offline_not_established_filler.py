"""A lead that says the answer was not established carries no cited sentence bearing on nothing the question asks
(issue 9, trial t26 fault 11): "Not established: the money asked for." is not followed by a workshop's building
year, nor are such sentences its findings; its citations and sources stay whole, numbered again without gaps (a
heading left with nothing under it goes); the judge scores such a report clearly low (at most 33),
while an answered one keeps its score (``services.synthesizer.handlers.without_filler``,
``services.synthesizer.confidence.bears_on``, ``services.judge.offline.NOT_ESTABLISHED_SHARE``)."""

from __future__ import annotations

import re

import pytest

from services.judge.offline import UNANSWERED_MAX
from services.synthesizer.confidence import bears_on
from services.synthesizer.handlers import without_filler
from shared.evidence import Citation, Report
from shared.report import lead_section, says_not_established
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "works": ("Historic workshops of Orlby", [
        "Two of the guild's historic workshop buildings still stand.",
        "The Kell Workshop on Mill Lane was built in 1702, two years after the guild was founded.",
        "The Dunn Workshop was built in 1730 for the Dunn family of lamp makers."]),
    "guild": ("Orlby Potters' Guild", [
        "The Orlby Potters' Guild was founded in 1700 by Ada Kell.",
        "The guild's hall on Kirk Square was completed in 1750."]),
}
CLAIMS, SOURCES = listed_claims(PAGES)


@pytest.mark.parametrize("question", [
    "How much money does the Orlby potters' guild spend each year?",
    "Where was the man who designed the Orlby guild hall born?",
])
def test_a_non_answer_has_no_filler_and_is_judged_low(question: str) -> None:
    rep, gate, answered, total = recorded_report(question, CLAIMS, SOURCES)
    lead = lead_section(rep.markdown)
    assert says_not_established(rep.markdown) and gate.tier == "low" and not answered
    assert lead.startswith("Not established:") and not re.search(r"\[\d+\]", lead), lead
    assert total <= 40 < UNANSWERED_MAX
    # every marker written has its citation and every citation its marker
    written = {int(n) for n in re.findall(r"\[(\d+)\]", rep.markdown)}
    assert written == {c.n for c in rep.citations}
    assert set(rep.used_claim_ids) <= {c.claim_id for c in rep.citations}
    # no finding bears on nothing asked (a workshop's building year), and the sources are numbered without a gap
    assert "1730" not in rep.markdown and "1702" not in rep.markdown, rep.markdown
    assert sorted(written) == list(range(1, len(written) + 1))
    assert "\n\n\n" not in rep.markdown and not re.search(r"^###.*\n\n^##", rep.markdown, re.MULTILINE)


def test_an_answered_report_keeps_its_score() -> None:
    rep, gate, answered, total = recorded_report("When was the Orlby Potters' Guild founded?", CLAIMS, SOURCES)
    assert "1700" in lead_section(rep.markdown) and answered and total > UNANSWERED_MAX


@pytest.mark.parametrize("question,sentence,bears", [
    ("How much money does the Orlby guild spend each year?", "The Kell Workshop was built in 1702 [1].", False),
    ("How much money does the Orlby guild spend each year?", "The guild spends about 40,000 euros a year [1].", True),
    ("How many kilns does the Orlby guild run?", "The Kell Workshop was built in 1702 [1].", False),
    # the thing asked for with another of the question's words bears, the relation said in other words
    ("How much carbon do seagrass meadows store?", "Seagrass meadows hold about ten percent of the carbon buried in "
                                                   "ocean sediments [1].", True),
    ("How much carbon do seagrass meadows store?", "The survey was published in 2019 [1].", False),
    # what the report found about the asked thing itself bears on the question, though it is no answer
    ("What is the latest membership count of the Orlby guild?", "The Dunn Workshop has three kilns [1].", False),
    ("What is the latest membership count of the Orlby guild?", "The roll lists 203 members [1].", True),
    ("How much money does the Orlby Potters' Guild spend?", "The Orlby Potters' Guild was founded in 1700 [1].", True),
    # a longer name opening with the asked one is another thing: the town's museum is no word of its guild
    ("How much money does the Orlby potters' guild spend?", "The Orlby Toy Museum opened in 1958 [1].", False),
    ("How much money does the Orlby potters' guild spend?", "The Orlby Potters' Guild was founded in 1700 [1].", True),
    ("Who designed Varnholt Lighthouse?", "The Skarn peninsula is the site of the Varnholt lighthouse [1].", True),
    ("Where was the man who designed the Orlby guild hall born?", "Piet Dunn was born in Harl [2].", True),
    ("Which Formula One World Champion had a teammate named Richie Ginther?", "Ginther won 1 race [1].", True),
])
def test_bears_on(question: str, sentence: str, bears: bool) -> None:
    assert bears_on(question, sentence) is bears


def test_what_a_non_answer_still_cites_is_labelled_related_not_the_answer() -> None:
    """A figure cited under "Not established" is no figure asked (issue 9, trial t28 fault 8): "Not established: the
    number of members asked for." is followed by "Related findings, not the answer:" before the island-wide count
    (``shared.report.with_related_label``), and the judge reads no answer into the label."""
    from services.judge.offline import stated_answer
    from shared.report import RELATED_LABEL, with_related_label

    pages = {
        "farms": ("Farming on Hallsey", ["The island's farm census of 2023 counted 1,250 sheep on Hallsey, kept by "
                                         "about 40 farmers."]),
        "guild": ("Hallsey Wool Guild", ["The Hallsey Wool Guild was founded in 1921 by Ada Kell.",
                                         "The Hallsey Wool Guild sells yarn at the harbour market."]),
    }
    claims, sources = listed_claims(pages)
    rep, _gate, answered, _total = recorded_report("How many members does the Hallsey Wool Guild have?", claims,
                                                   sources)
    lead = lead_section(rep.markdown)
    assert not answered and says_not_established(rep.markdown)
    if re.search(r"\[\d+\]", lead):  # something is still cited: it is labelled
        assert lead.startswith(f"Not established: the number of members asked for. {RELATED_LABEL} "), lead
    md = ("# Q\n\n## Answer\n\nNot established: the number of members asked for. Hallsey had 40 farmers in 2023 [1]."
          "\n\n## Sources\n\n- [1] Farming on Hallsey — /farms\n")
    q = "How many members does the Hallsey Wool Guild have?"
    out = with_related_label(md, q)
    assert lead_section(out) == (f"Not established: the number of members asked for. {RELATED_LABEL} Hallsey had 40 "
                                 "farmers in 2023 [1].")
    assert with_related_label(out, q) == out  # said once
    assert with_related_label(md, q, "de") == md  # English reports only
    uncited = md.replace(" Hallsey had 40 farmers in 2023 [1].", "")
    assert with_related_label(uncited, q) == uncited
    stated = stated_answer(q, lead_section(out), {1})
    assert stated is None or not stated[0].startswith(RELATED_LABEL)


GATE = {
    "gate": ("The Orne Gate clock", [
        "The Orne Gate clock was installed in 1689 above the western gate of Tarn.",
        "The Orne Gate clock is the oldest clock in Tarn that still works.",
        "The Orne Gate clock was restored in 2004 by the Tarn Clock Society, when its wooden dial was replaced.",
        "Unlike the Harl Tower clock, the Orne Gate clock has only an hour hand."]),
    "list": ("Inventory of Tarn's public clocks", ["Clock Orne Gate clock: installed 1689, dials 1, bells 0."]),
}


@pytest.mark.parametrize(("question", "related"), [
    ("How much did the restoration of the Orne Gate clock cost?", "was restored in 2004"),
    ("What was the cost of the restoration of the Orne Gate clock?", "was restored in 2004"),
])
def test_a_non_answer_leads_with_the_findings_naming_the_relation_asked(question: str, related: str) -> None:
    # "How much did the restoration of the Marrow Gate clock cost?" cited its hour hand and its inventory row as
    # related while "restored in 2004" sat in the findings (trial t34 fault 8)
    claims, sources = listed_claims(GATE)
    rep, gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert says_not_established(rep.markdown) and not answered, rep.markdown
    assert related in lead and lead.index(related) < lead.find("hour hand"), rep.markdown
    assert rep.markdown.count(related) == 1  # moved, not repeated under the findings
    written = {int(n) for n in re.findall(r"\[(\d+)\]", rep.markdown)}
    assert written == {c.n for c in rep.citations} and sorted(written) == list(range(1, len(written) + 1))
    assert set(rep.used_claim_ids) <= {c.claim_id for c in rep.citations}


def test_a_non_answer_whose_lead_names_the_relation_asked_keeps_its_lead() -> None:
    md = ("# How much did the restoration of the Orne Gate clock cost?\n\n## Answer\n\nNot established: the amount "
          "of money asked for. The Orne Gate clock's restoration was paid by the town [1].\n\n## Findings\n\n"
          "- The Orne Gate clock was restored in 2004 [1].\n\n## Sources\n\n- [1] The Orne Gate clock — /gate\n")
    report = Report(markdown=md, citations=[Citation(n=1, source_id="gate", claim_id="c0", start=0, end=10,
                                                     quote="The Orne Gate clock's restoration was paid by the town.")],
                    used_claim_ids=["c0"])
    out = without_filler(report, "How much did the restoration of the Orne Gate clock cost?")
    assert lead_section(out.markdown).endswith("The Orne Gate clock's restoration was paid by the town [1]."), out.markdown
    assert "- The Orne Gate clock was restored in 2004 [1]." in out.markdown


def test_a_kept_lead_keeps_its_table_rows_citation_when_a_finding_of_the_same_quote_goes() -> None:
    # (trial t72s q26: the rows of one table share one quote opening with the page's text before the table; a finding
    # of that text dropped as bearing on nothing took the lead's row citation with it: judged 0, gated high)
    quote = ("Free delivery across Europe on all orders placed before noon on a working day.\n\n"
             "| Specification | Ostrelle K4 |\n| --- | --- |\n| Weight | 1.8 kg |")
    md = ("# How heavy is the Ostrelle K4 grinder?\n\n## Answer\n\nSpecification Weight: ostrelle K4 1.8 kg [1].\n\n"
          "## Findings\n\n- Free delivery across Europe on all orders placed before noon on a working day [1].\n\n"
          "## Sources\n\n- [1] Ostrelle K4 — /k4\n")
    report = Report(markdown=md, citations=[Citation(n=1, source_id="k4", claim_id="c0", start=0, end=10, quote=quote),
                                            Citation(n=1, source_id="k4", claim_id="c1", start=0, end=10, quote=quote)],
                    used_claim_ids=["c0", "c1"])
    out = without_filler(report, "How heavy is the Ostrelle K4 grinder?", lead=False)
    assert "Specification Weight: ostrelle K4 1.8 kg [1]." in out.markdown, out.markdown
    assert {c.n for c in out.citations} == {1}
    assert "c0" in {c.claim_id for c in out.citations} and "c0" in out.used_claim_ids

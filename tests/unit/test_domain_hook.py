"""The domain-service hook without servers: which event starts the report, where the domain sections go in a
report, how their [@ref] markers become [n] citations, and the confidence cap."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from uuid import uuid4

from services.synthesizer.domain import cap_gate, place_domain_sections
from services.synthesizer.handlers import waits_for_domain
from shared.domain import DomainAnalysis, FrozenDict, RunView, SourceView
from shared.evidence import Citation, Report, SourceInfo
from shared.report import lead_section
from tests.unit.handlers.fakes import memory_runs, started_run

S1, S2, OWN = str(uuid4()), str(uuid4()), str(uuid4())


def a_run(analysis: dict[str, Any] | None, *, verified: bool = True, domain: str = "shopping") -> RunView:
    runs = memory_runs()
    run_id = started_run(runs, "Which headphones?")
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "headphones"}], domain, "en", "offline", False)
    return replace(runs.get_run(run_id), claims_verified=verified, domain_analysis=None if analysis is None else DomainAnalysis.of(analysis),
                   sources=FrozenDict({
                       S1: SourceView(source_id=S1, url="https://a.example/1", title="Page A", status="fetched",
                                      text_sha256="a" * 64),
                       S2: SourceView(source_id=S2, url="https://b.example/2", title="Page B", status="fetched",
                                      text_sha256="b" * 64)}))


def test_exactly_one_of_the_two_events_starts_the_report() -> None:
    domains = ("shopping",)
    assert not waits_for_domain(a_run(None, domain="general"), domains, trigger="claims")
    assert waits_for_domain(a_run(None), domains, trigger="claims")  # the analysis is still out
    after = a_run({"after_claims_verified": True})
    assert waits_for_domain(after, domains, trigger="claims") and not waits_for_domain(after, domains,
                                                                                        trigger="domain")
    before = a_run({"after_claims_verified": False})
    assert not waits_for_domain(before, domains, trigger="claims") and waits_for_domain(before, domains,
                                                                                        trigger="domain")
    assert not waits_for_domain(a_run(None), (), trigger="claims")  # no domain service deployed: no wait


def a_report() -> Report:
    return Report(markdown=("# Q\n\n## Answer\n\nRush is the band [1].\n\n## Findings\n\n- More [1].\n\n"
                              "## Sources\n\n- [1] Page A — https://a.example/1\n"),
                    citations=[Citation(n=1, source_id=S1, claim_id=str(uuid4()), start=0, end=4, quote="Rush")],
                  used_claim_ids=[])


def an_analysis(domain: str) -> dict[str, Any]:
    return {"domain": domain, "after_claims_verified": True, "sources": [
        {"source_id": OWN, "url": "https://shop.example/p", "title": "Shop (page markup)",
         "document_sha256": "c" * 64}], "sections": [
        {"heading": "Verdicts", "body": "- Best: X — 30 h [@a]; 250 g [@b]; price 99 [@c]; gone [@nope].",
         "evidence": [{"ref": "a", "source_id": S1, "start": 10, "end": 14, "quote": "30 h"},
                      {"ref": "b", "source_id": S2, "start": 0, "end": 5, "quote": "250 g"},
                      {"ref": "c", "source_id": OWN, "start": 3, "end": 5, "quote": "99"}]}]}


SOURCES = {S1: SourceInfo(source_id=S1, title="Page A", url_or_path="https://a.example/1", domain="a.example")}


def test_sections_follow_the_lead_and_cite_like_the_rest() -> None:
    report = a_report()
    sources = SOURCES
    out = place_domain_sections(report, a_run(an_analysis("legal"), domain="legal"), sources)
    lines = out.markdown.splitlines()
    headings = [line for line in lines if line.startswith("## ")]
    assert headings == ["## Answer", "## Verdicts", "## Findings", "## Sources"]
    assert "- Best: X — 30 h [1]; 250 g [2]; price 99 [3]; gone ." in out.markdown
    assert "- [2] Page B — https://b.example/2" in lines and "- [3] Shop (page markup) — https://shop.example/p" in lines
    assert lines.index("- [1] Page A — https://a.example/1") < lines.index("- [2] Page B — https://b.example/2")
    assert [(c.n, c.quote) for c in out.citations] == [(1, "Rush"), (1, "30 h"), (2, "250 g"), (3, "99")]
    assert place_domain_sections(report, a_run(None), sources) == report


def test_code_sections_open_the_report() -> None:
    """A code report leads with its recommendation (cited from the registries), not with the general lead, which
    may rest on a page about something else."""
    out = place_domain_sections(a_report(), a_run(an_analysis("code"), domain="code"), SOURCES)
    assert [line for line in out.markdown.splitlines() if line.startswith("## ")] == [
        "## Verdicts", "## Answer", "## Findings", "## Sources"]
    assert lead_section(out.markdown).startswith("Best: X — 30 h [1]")


def test_shopping_sections_open_the_report_and_the_numbers_follow_the_reading_order() -> None:
    """A shopping report leads with its verdicts; the general lead and findings follow. The verdicts cite
    Page B and the markup before the lead cites Page A, so the numbers are given in that reading order."""
    analysis = an_analysis("shopping")
    analysis["sections"] = [{**analysis["sections"][0], "body": "- Best: X — 250 g [@b]; 30 h [@a]; 99 [@c]; 250 g [@b]."}]
    out = place_domain_sections(a_report(), a_run(analysis), SOURCES)
    lines = out.markdown.splitlines()
    headings = [line for line in lines if line.startswith("## ")]
    assert headings == ["## Verdicts", "## Answer", "## Findings", "## Sources"]
    assert lines[0] == "# Q" and lines[2] == "## Verdicts"
    assert "- Best: X — 250 g [1]; 30 h [2]; 99 [3]; 250 g [1]." in lines
    assert "Rush is the band [2]." in lines and "- More [2]." in lines
    assert lines[-3:] == ["- [1] Page B — https://b.example/2", "- [2] Page A — https://a.example/1",
                          "- [3] Shop (page markup) — https://shop.example/p"]
    assert sorted((c.n, c.quote) for c in out.citations) == [(1, "250 g"), (2, "30 h"), (2, "Rush"), (3, "99")]
    titled = place_domain_sections(Report(markdown="# Q\n\nNo verified evidence.\n", citations=[],
                                          used_claim_ids=[]), a_run(analysis), SOURCES)
    assert titled.markdown.startswith("# Q\n\n## Verdicts\n\n- Best: X")  # no heading: right after the title
    assert titled.markdown.index("## Verdicts") < titled.markdown.index("No verified evidence.")


def test_a_report_without_a_source_list_gets_one_for_the_domain_sources() -> None:
    report = Report(markdown="# Q\n\n## Answer\n\nNo verified evidence.\n", citations=[], used_claim_ids=[])
    analysis = {"sections": [{"heading": "Offers", "body": "| a | b |\n| --- | --- |\n| x | 9 [@o1] |",
                              "evidence": [{"ref": "o1", "source_id": S2, "start": 0, "end": 1, "quote": "9"}]}]}
    out = place_domain_sections(report, a_run(analysis), {})
    assert out.markdown.endswith("## Sources\n\n- [1] Page B — https://b.example/2\n")
    assert "| x | 9 [1] |" in out.markdown


def test_the_domain_caps_the_confidence_tier() -> None:
    gate = {"score": 0.93, "tier": "high", "signals": {"p_answered": 0.9}}
    capped = cap_gate(gate, a_run({"max_tier": "medium"}))
    assert capped["tier"] == "medium" and capped["score"] < 0.85 and capped["signals"]["domain_cap"] < 0.85
    assert cap_gate(gate, a_run(None)) == gate
    low = {"score": 0.3, "tier": "low", "signals": {}}
    assert cap_gate(low, a_run({"max_tier": "medium"})) == low


def test_a_source_a_domain_section_adds_to_the_sources_list_says_its_kind() -> None:
    # trial t19 F7: a maker's page and a test cited only by the shopping sections were listed without their kind;
    # the page markup the domain stored itself takes the kind of the page fetched from the same address
    run = a_run(an_analysis("shopping"))
    fetched = str(uuid4())  # the shop page as fetched (its text), beside the markup copy OWN
    shop = SourceView(source_id=fetched, url="https://shop.example/p", title="Shop", status="fetched",
                      text_sha256="d" * 64, provenance=FrozenDict({"kind": "manufacturer"}))
    tested = replace(run.sources[S2], provenance=FrozenDict({"kind": "review"}))
    run = replace(run, sources=FrozenDict({**run.sources, S2: tested, fetched: shop}))
    lines = place_domain_sections(a_report(), run, SOURCES).markdown.splitlines()
    assert "- [2] Page B — review or test — https://b.example/2" in lines, lines
    assert "- [3] Shop (page markup) — manufacturer — https://shop.example/p" in lines, lines

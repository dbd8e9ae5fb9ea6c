"""A domain service's analysis in the report: its sections placed after the lead, their ``[@ref]`` markers turned
into the report's ``[n]`` citations, their sources added to the source list, and the confidence tier capped.

Whatever engine wrote the report (offline or model), :func:`place_domain_sections` works on its Markdown and
citations: a domain section cites evidence spans (``DomainEvidence``) of a run source's stored text or of a
document the domain service stored itself (``DomainSource``); each becomes a ``Citation`` numbered like the rest
(one number per source), so the judge audits it against the same stored text.
"""

from __future__ import annotations

import logging
import re
from typing import Any
from uuid import UUID, uuid5

from services.synthesizer.confidence import HIGH_THRESHOLD, MEDIUM_THRESHOLD
from shared.domain import RunView
from shared.evidence import Citation, Report, SourceInfo
from shared.report import heading_kind, report_words

log = logging.getLogger("assay.synthesizer")

_REF_RE = re.compile(r"\[@([A-Za-z0-9_.:-]+)\]")
_TIERS = {"low": 0, "medium": 1, "high": 2}
#: the highest score of each capped tier (just below the next tier's threshold)
_TIER_CEILING = {"medium": round(HIGH_THRESHOLD - 1e-6, 6), "low": round(MEDIUM_THRESHOLD - 1e-6, 6)}


def domain_citation_id(run_id: str, source_id: str, start: int, end: int) -> UUID:
    """The id a domain figure's citation carries in ``Citation.claim_id`` (it backs a figure, not a claim):
    uuid5 of the run and the cited span."""
    return uuid5(UUID(run_id), f"domain:{source_id}:{start}:{end}")


def _one_line(text: str) -> str:
    return re.sub(r"\[(\d+)\]", r"(\1)", " ".join(text.split()))


def place_domain_sections(report: Report, run: RunView, sources: dict[str, SourceInfo]) -> Report:
    """``report`` with the run's domain sections (``run.domain_analysis.sections``) after its lead.

    Each section is ``## heading`` then its body, inserted before the report's second ``##`` heading (or at the
    end of the body when the lead is the only section, before "What is missing" and "Sources"). A ``[@ref]``
    marker becomes ``[n]``: ``n`` is the number the report already gives the evidence's source, or the next
    free number (the source is then added to the "Sources" list, made when the report has none; its title and
    URL come from ``sources``, the run's sources or the domain's own). A marker naming no evidence of its
    section, or evidence of a source nobody recorded, is dropped (logged). Returns the report unchanged when
    there is no analysis or it has no sections.
    """
    analysis = run.domain_analysis
    if analysis is None or not analysis.sections:
        return report
    run_id = str(run.run_id)
    own = {str(s["source_id"]): s for s in analysis.sources}
    known = {**{sid: (s.title or s.url, s.address) for sid, s in run.sources.items() if s.text_sha256},
             **{sid: (s.get("title") or s["url"], s["url"]) for sid, s in own.items()},
             **{sid: (info.title, info.url_or_path) for sid, info in sources.items()}}
    numbers: dict[str, int] = {}
    for c in report.citations:
        numbers.setdefault(c.source_id, c.n)
    added: list[str] = []
    citations = list(report.citations)
    seen = {(c.n, c.start, c.end) for c in citations}
    blocks: list[str] = []
    for section in analysis.sections:
        evidence = {str(e["ref"]): e for e in section.get("evidence", [])}

        def cite(match: re.Match[str], evidence: dict[str, Any] = evidence, heading: str = section["heading"]
                 ) -> str:
            ev = evidence.get(match.group(1))
            if ev is None or str(ev["source_id"]) not in known:
                log.warning("run %s: domain section %r cites %s, which it does not record", run_id,
                            heading, match.group(0))
                return ""
            sid = str(ev["source_id"])
            if sid not in numbers:
                numbers[sid] = max([0, *numbers.values()]) + 1
                added.append(sid)
            n = numbers[sid]
            if (n, int(ev["start"]), int(ev["end"])) not in seen:
                seen.add((n, int(ev["start"]), int(ev["end"])))
                citations.append(Citation(n=n, source_id=sid, claim_id=str(domain_citation_id(
                    run_id, sid, int(ev["start"]), int(ev["end"]))), start=int(ev["start"]), end=int(ev["end"]),
                    quote=str(ev["quote"])))
            return f"[{n}]"

        body = _REF_RE.sub(cite, str(section["body"])).strip()
        blocks.append(f"## {_one_line(str(section['heading']))}\n\n{body}\n")
    lines = report.markdown.rstrip("\n").split("\n")
    headings = [i for i, line in enumerate(lines) if line.startswith("## ")]
    closing = [i for i in headings if heading_kind(lines[i]) is not None]
    at = headings[1] if len(headings) > 1 else len(lines)
    at = min([at, *closing]) if closing else at
    inserted = "\n".join(blocks).rstrip("\n").split("\n")
    lines = [*lines[:at], *([""] if at and lines[at - 1].strip() else []), *inserted, "", *lines[at:]]
    if added:
        entries = [f"- [{numbers[sid]}] {_one_line(known[sid][0])} — {known[sid][1]}" for sid in added]
        src_heading = next((i for i, line in enumerate(lines) if line.startswith("## ")
                            and heading_kind(line) == "sources"), None)
        if src_heading is None:
            language = run.language
            lines = [*lines, "", f"## {report_words(language).sources}", "", *entries]
        else:
            last = src_heading + 1
            end = src_heading + 1
            while end < len(lines) and not lines[end].startswith("## "):
                if lines[end].startswith("- ["):
                    last = end
                end += 1
            lines = [*lines[:last + 1], *entries, *lines[last + 1:]]
    markdown = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).rstrip() + "\n"
    return Report(markdown=markdown, citations=citations, used_claim_ids=list(report.used_claim_ids))


def cap_gate(gate: dict[str, Any], run: RunView) -> dict[str, Any]:
    """The confidence gate record ``{score, tier, signals}`` capped at the domain analysis' ``max_tier`` (the
    score lowered to that tier's ceiling, ``signals["domain_cap"]`` set to the ceiling); unchanged without a
    cap."""
    cap = run.domain_analysis.max_tier if run.domain_analysis is not None else "high"
    if _TIERS.get(str(gate["tier"]), 0) <= _TIERS.get(cap, 2):
        return gate
    ceiling = _TIER_CEILING[cap]
    return {**gate, "score": min(float(gate["score"]), ceiling), "tier": cap,
            "signals": {**gate["signals"], "domain_cap": ceiling}}

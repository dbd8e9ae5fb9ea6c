"""What the run page shows, computed from a run's result: the verdict banner and the claim accordion.

:func:`trust_view` turns a run result (``services.gateway.readmodels.RunResult`` or the same shape as a
mapping, via :func:`as_mapping`) into a :class:`TrustView`: the confidence tier, claim counts per verdict and
one :class:`ClaimRow` per claim with its evidence spans split into the side that supports it and the side that
contradicts it (a contested claim shows both), each span with its source's title and citation number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from pydantic import BaseModel

VERDICTS = ("supported", "contested", "contradicted", "unverified")
#: accordion order: what the report cites first, then the verdicts a reader must look at
_VERDICT_ORDER = {"contradicted": 0, "contested": 1, "supported": 2, "unverified": 3, None: 4}


def as_mapping(result: BaseModel | Mapping[str, Any]) -> dict[str, Any]:
    """A run result as JSON-like data (a pydantic model is dumped with ``mode="json"``: ids become strings)."""
    if isinstance(result, BaseModel):
        return result.model_dump(mode="json")
    return dict(result)


@dataclass(frozen=True)
class SourceRef:
    """A source as the page names it: id, citation number (None when the report cites it not), title, URL."""

    source_id: str
    n: int | None
    title: str
    url: str

    @property
    def label(self) -> str:
        """``[n] title`` (or the title, or the host, or the id)."""
        name = self.title or urlsplit(self.url).hostname or self.source_id[:8]
        return f"[{self.n}] {name}" if self.n is not None else name

    @property
    def is_web(self) -> bool:
        """Whether the URL can be opened in a browser (http or https)."""
        return self.url.startswith(("http://", "https://"))


@dataclass(frozen=True)
class SpanRow:
    """An evidence span: its source, offsets (characters, end exclusive), quote and label."""

    source: SourceRef
    start: int
    end: int
    quote: str
    label: str
    score: float


@dataclass(frozen=True)
class ClaimRow:
    """One claim of the accordion."""

    claim_id: str
    text: str
    verdict: str | None
    stability: float | None
    source: SourceRef
    domains: list[str]
    supports: list[SpanRow]
    contradicts: list[SpanRow]
    cited: list[int] = field(default_factory=list)

    @property
    def verdict_label(self) -> str:
        """The verdict word shown (``not verified`` when there is none)."""
        return self.verdict or "not verified"


@dataclass(frozen=True)
class TrustView:
    """The verdict banner and claim accordion of a run."""

    tier: str | None
    score: float | None
    counts: dict[str, int]
    total_claims: int
    verified: bool
    judge_total: int | None
    partial: bool
    missing: list[str]
    claims: list[ClaimRow]

    @property
    def headline(self) -> str:
        """The banner's first words: ``High confidence`` ... or ``Confidence not rated yet``."""
        return f"{self.tier.capitalize()} confidence" if self.tier else "Confidence not rated yet"


def source_refs(result: Mapping[str, Any]) -> dict[str, SourceRef]:
    """Source id -> :class:`SourceRef` for every source of ``result`` (numbers from its citations)."""
    numbers: dict[str, int] = {}
    for c in result.get("citations") or []:
        numbers.setdefault(str(c["source_id"]), int(c["n"]))
    refs: dict[str, SourceRef] = {}
    for s in result.get("sources") or []:
        sid = str(s["source_id"])
        refs[sid] = SourceRef(sid, numbers.get(sid), str(s.get("title") or ""),
                              str(s.get("final_url") or s.get("url") or ""))
    return refs


def _ref(refs: Mapping[str, SourceRef], sid: str) -> SourceRef:
    return refs.get(sid) or SourceRef(sid, None, "", "")


def trust_view(result: Mapping[str, Any]) -> TrustView:
    """The banner and accordion of ``result`` (see the module doc). Claims the report cites come first, then by
    verdict (contradicted, contested, supported, unverified, not verified), then in extraction order."""
    refs = source_refs(result)
    cited: dict[str, list[int]] = {}
    for c in result.get("citations") or []:
        ns = cited.setdefault(str(c["claim_id"]), [])
        if int(c["n"]) not in ns:
            ns.append(int(c["n"]))
    rows: list[ClaimRow] = []
    for claim in result.get("claims") or []:
        spans = [SpanRow(_ref(refs, str(s["source_id"])), int(s["start"]), int(s["end"]), str(s.get("quote") or ""),
                         str(s.get("label") or "supports"), float(s.get("score") or 0.0))
                 for s in claim.get("evidence_spans") or []]
        cid = str(claim["claim_id"])
        rows.append(ClaimRow(
            claim_id=cid, text=str(claim.get("text") or ""), verdict=claim.get("verdict"),
            stability=claim.get("stability"), source=_ref(refs, str(claim["source_id"])),
            domains=[str(d) for d in claim.get("corroborating_domains") or []],
            supports=[s for s in spans if s.label != "contradicts"],
            contradicts=[s for s in spans if s.label == "contradicts"], cited=cited.get(cid, [])))
    order = {id(r): i for i, r in enumerate(rows)}
    rows.sort(key=lambda r: (not r.cited, _VERDICT_ORDER.get(r.verdict, 4), order[id(r)]))
    counts = {v: 0 for v in VERDICTS}
    given = result.get("verdicts") or {}
    if given:
        counts.update({v: int(given.get(v, 0)) for v in VERDICTS})
    else:
        for r in rows:
            counts[r.verdict if r.verdict in counts else "unverified"] += 1
    confidence = result.get("confidence") or {}
    judge = result.get("judge") or result.get("scores") or {}
    request = result.get("request") or {}
    return TrustView(
        tier=confidence.get("tier"), score=confidence.get("score"), counts=counts, total_claims=len(rows),
        verified=bool(request.get("verify_claims", True)), judge_total=judge.get("total"),
        partial=bool(result.get("partial")), missing=[str(m) for m in result.get("missing") or []], claims=rows)


def verdict_summary(counts: Mapping[str, int]) -> str:
    """``"12 supported · 1 contested · 0 contradicted · 3 unverified"``."""
    return " · ".join(f"{counts.get(v, 0)} {v}" for v in VERDICTS)


def cited_numbers(citations: Sequence[Mapping[str, Any]]) -> list[int]:
    """The distinct ``n`` of ``citations``, ascending."""
    return sorted({int(c["n"]) for c in citations})

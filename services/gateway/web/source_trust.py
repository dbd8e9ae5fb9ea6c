"""Trust flags of a run's sources for the run page: each source's kind and publisher, and marks for a retracted,
withdrawn, corrected or concerning paper, an unknown retraction status, a page citing a retracted paper (not
itself retracted), and instruction-like text found in it
(prompt injection); and the banner's warning when the report cites only low-trust kinds
(``shared.evidence.LOW_TRUST_KINDS``: forums, blogs, affiliate reviews, shops).

Reads the run result's ``sources`` (``provenance``, ``scholarly``, ``instructions`` as ``SourceFetched`` recorded
them) and ``citations``; pure functions of that data.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from shared.evidence import LOW_TRUST_KINDS

__all__ = ["KIND_LABELS", "Mark", "SourceTrust", "TrustPanel", "source_trust"]

#: how the page names each kind
KIND_LABELS = {"paper": "peer-reviewed paper", "preprint": "preprint", "news": "news", "reference": "reference work",
               "manufacturer": "manufacturer", "retailer": "shop", "forum": "forum", "blog": "blog",
               "affiliate_review": "affiliate review", "review": "review or test", "unknown": "kind unknown"}
_WHERE = {"text": "text", "hidden": "a hidden element", "attribute": "an alt or title attribute",
          "comment": "an HTML comment", "metadata": "metadata"}


@dataclass(frozen=True)
class Mark:
    """A flag shown next to a source: ``flag`` (``retracted``, ``withdrawn``, ``concern``, ``corrected``,
    ``status-unknown``, ``cites-retracted``: the page names a retracted, withdrawn or flagged work it is not,
    ``injection``), its short text and the longer explanation (tooltip)."""

    flag: str
    text: str
    detail: str


@dataclass(frozen=True)
class SourceTrust:
    """One fetched source as the trust list shows it: citation number (None: not cited), title, URL, kind (and
    its label), publisher, and its marks."""

    source_id: str
    n: int | None
    title: str
    url: str
    kind: str
    kind_label: str
    publisher: str | None
    marks: list[Mark] = field(default_factory=list)

    @property
    def low_trust(self) -> bool:
        """Whether the source's kind is a low-trust one."""
        return self.kind in LOW_TRUST_KINDS


@dataclass(frozen=True)
class TrustPanel:
    """Every fetched source (cited ones first, by number) and, when every cited source is of a low-trust kind,
    those kinds' labels (``low_trust_only``; empty otherwise or when nothing is cited)."""

    sources: list[SourceTrust]
    low_trust_only: list[str]

    @property
    def warning(self) -> str:
        """The banner's sentence, "" when there is nothing to say."""
        if not self.low_trust_only:
            return ""
        return ("Only low-trust sources are cited (" + ", ".join(self.low_trust_only) + "): no peer-reviewed "
                "paper, news report, reference work or manufacturer's page backs this report.")


_UNKNOWN_WORDS = re.compile(r"[:;,]?\s*retraction status unknown\s*$", re.I)


def _cause(reason: Any) -> str:
    """A status-unknown reason as its cause only (records written before it held the cause only end with the
    words "retraction status unknown", which the mark's text already says)."""
    return _UNKNOWN_WORDS.sub("", str(reason or "")).strip()


def _marks(src: Mapping[str, Any]) -> list[Mark]:
    marks: list[Mark] = []
    paper = src.get("scholarly") or {}
    status, when = paper.get("status"), paper.get("status_date") or "an unknown date"
    ident = f"doi:{paper['doi']}" if paper.get("doi") else f"PMID {paper['pmid']}" if paper.get("pmid") else (
        f"arXiv:{paper['arxiv_id']}" if paper.get("arxiv_id") else "")
    if status == "retracted":
        marks.append(Mark("retracted", f"retracted on {when}", f"{ident} was retracted; it never supports a claim"))
    elif status == "withdrawn":
        marks.append(Mark("withdrawn", f"withdrawn on {when}", f"{ident} was withdrawn; it never supports a claim"))
    elif status == "expression_of_concern":
        marks.append(Mark("concern", f"expression of concern ({when})", f"the publisher flagged {ident}"))
    elif status == "corrected":
        marks.append(Mark("corrected", f"corrected ({when})", f"{ident} has a correction notice"))
    elif status == "unknown":
        marks.append(Mark("status-unknown", "retraction status unknown", _cause(paper.get("reason"))))
    cited = paper.get("cites") or {}
    if cited.get("status") in ("retracted", "withdrawn", "expression_of_concern"):
        what = {"retracted": "a retracted paper", "withdrawn": "a withdrawn paper",
                "expression_of_concern": "a paper under an expression of concern"}[str(cited["status"])]
        on = cited.get("status_date") or "an unknown date"
        named = f"doi:{cited['doi']}" if cited.get("doi") else "a paper"
        marks.append(Mark("cites-retracted", f"cites {what}",
                          f"names {named} ({str(cited['status']).replace('_', ' ')}, {on}) without being it: the "
                          f"page itself is not {'retracted' if cited['status'] != 'expression_of_concern' else 'flagged'}"))
    found = [f for f in src.get("instructions") or [] if isinstance(f, Mapping)]
    if found:
        where = sorted({_WHERE.get(str(f.get("where")), str(f.get("where"))) for f in found})
        excerpt = str(found[0].get("excerpt") or "")
        marks.append(Mark("injection", "instructions to AI found",
                          f"{len(found)} instruction-like passage(s) in {', '.join(where)}, never shown to a model"
                          f" nor used as evidence; e.g. \u201c{excerpt[:120]}\u201d"))
    return marks


def source_trust(result: Mapping[str, Any]) -> TrustPanel:
    """The :class:`TrustPanel` of a run result (``shared.results.result`` or the API's ``RunResult`` as a
    mapping). Sources not fetched (failed, pending) are left out."""
    numbers: dict[str, int] = {}
    for c in result.get("citations") or []:
        numbers.setdefault(str(c["source_id"]), int(c["n"]))
    rows: list[SourceTrust] = []
    for src in result.get("sources") or []:
        if src.get("status") not in ("fetched", "extracted") and not src.get("provenance"):
            continue
        sid = str(src["source_id"])
        prov = src.get("provenance") or {}
        kind = str(prov.get("kind") or "unknown")
        rows.append(SourceTrust(
            source_id=sid, n=numbers.get(sid), title=str(src.get("title") or src.get("url") or sid),
            url=str(src.get("final_url") or src.get("url") or ""), kind=kind,
            kind_label=KIND_LABELS.get(kind, kind), publisher=prov.get("publisher"), marks=_marks(src)))
    rows.sort(key=lambda r: (r.n is None, r.n or 0))
    cited = [r for r in rows if r.n is not None]
    low = sorted({r.kind_label for r in cited}) if cited and all(r.low_trust for r in cited) else []
    return TrustPanel(sources=rows, low_trust_only=low)

"""Runs with a domain analysis and the general report placed under it, for the unit tests of the synthesizer's
domain step (``services.synthesizer.domain``: placing the shopping or code sections, one shopping winner, general
findings that do not bear on a code question): each test names its pages, sections and report text and gets the
``RunView``, ``Report`` and ``SourceInfo`` values that step takes, the same way in every file.

- ``domain_run(question, domain, sections, pages)``: a run whose claims are verified, with its plan, the domain
  service's analysis (``sections``, its own ``sources``) and the events it recorded (``ProductsIdentified``, ...).
- ``fetched_pages(titles)``: the run's fetched pages, one per title, at ``https://w.example/<i>`` (i: its position).
- ``cited_report(markdown, cited)``: the general report ``markdown`` with one citation per ``(n, source id)``.
- ``page_infos(titles)``: the same pages as the report's ``SourceInfo`` (``sources`` of ``place_domain_sections``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any
from uuid import uuid4

from shared.domain import DomainAnalysis, FrozenDict, RunView, SourceView
from shared.evidence import Citation, Report, SourceInfo
from tests.unit.handlers.fakes import memory_runs, started_run

URL = "https://w.example/{i}"


def domain_run(question: str, domain: str, sections: Sequence[Mapping[str, Any]], pages: Mapping[str, SourceView],
               *, language: str = "en", topic: str = "x", own: Sequence[Mapping[str, Any]] = (),
               events: Mapping[str, Any] | None = None, more: Mapping[str, Any] | None = None) -> RunView:
    """A run of ``question`` planned as ``domain`` in ``language`` (one sub-query ``q1``, text ``topic``), its claims
    verified, whose domain analysis (``after_claims_verified``) holds ``sections`` ({heading, body, evidence}),
    the pages the domain service read itself as its ``sources`` (``own``: {source_id, url, title,
    document_sha256}) and the keys of ``more`` (e.g. a code run's ``pick``); ``events``: the domain service's
    recorded events by type (e.g. ``{"ProductsIdentified": {"products": [...]}}``; None keeps the run's none);
    ``pages``: the run's selected sources by source id (:func:`fetched_pages`)."""
    runs = memory_runs()
    run_id = started_run(runs, question)
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": topic}], domain, language, "offline", False)
    analysis: dict[str, Any] = {"domain": domain, "after_claims_verified": True, "sources": [dict(s) for s in own],
                                "sections": [dict(s) for s in sections], **(more or {})}
    changes: dict[str, Any] = {} if events is None else {"domain_events": FrozenDict(dict(events))}
    return replace(runs.get_run(run_id), claims_verified=True, domain_analysis=DomainAnalysis.of(analysis),
                   sources=FrozenDict(dict(pages)), **changes)


def fetched_pages(titles: Mapping[str, str], *, url: str = URL,
                  kinds: Mapping[str, str] | None = None) -> dict[str, SourceView]:
    """One fetched page per entry of ``titles`` (source id -> title), keyed by source id: at ``url`` (a template in
    which ``{i}`` stands for the page's position in ``titles`` from 0 and ``{sid}`` for its source id), text hash
    ``str(i) * 64``, and provenance ``{"kind": kinds[sid]}`` where ``kinds`` names one (else none)."""
    return {sid: SourceView(source_id=sid, url=url.format(i=i, sid=sid), title=title, status="fetched",
                            text_sha256=str(i) * 64,
                            provenance=FrozenDict({"kind": kinds[sid]} if kinds and sid in kinds else {}))
            for i, (sid, title) in enumerate(titles.items())}


def page_infos(titles: Mapping[str, str], *, url: str = URL) -> dict[str, SourceInfo]:
    """The pages of :func:`fetched_pages` (same ``titles`` and ``url``) as the report's sources: one web
    ``SourceInfo`` per title, domain ``w.example``, keyed by source id."""
    return {sid: SourceInfo(source_id=sid, title=title, url_or_path=url.format(i=i, sid=sid), domain="w.example")
            for i, (sid, title) in enumerate(titles.items())}


def cited_report(markdown: str, cited: Iterable[tuple[int, str]]) -> Report:
    """The general report ``markdown`` with one citation per ``(n, source id)`` of ``cited``, in that order (each of
    a new claim id, quote ``"text"`` at 0-4), every cited claim used."""
    citations = [Citation(n=n, source_id=sid, claim_id=str(uuid4()), start=0, end=4, quote="text")
                 for n, sid in cited]
    return Report(markdown=markdown, citations=citations, used_claim_ids=[c.claim_id for c in citations])

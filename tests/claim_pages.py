"""Small made-up pages as sources and verified claims, for the offline engines' unit tests (synthesizer, gate,
judge): each test writes its pages as text and gets the ``SourceInfo`` and ``VerifiedClaim`` values the engines
take, the same way in every file.

- ``split_pages(pages)``: ``{sid: (title, text)}`` -> ``({sid: title}, {sid: text})``.
- ``page_set(pages)``: ``{sid: (title, text)}`` -> titles, texts, ``SourceInfo`` and one supported claim per sentence
  of every page, in one go (``TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)``).
- ``page_sources(titles)``: one ``SourceInfo`` per page (local, at ``/pages/<sid>.txt`` unless told otherwise).
- ``sentence_claims(texts, *sids)``: one supported claim per sentence of each named page.
- ``page_claims(texts)``: one supported claim per page, its whole text.
- ``web_claim(sid, text)`` / ``web_sources(titles)``: one supported claim of a web page, and web pages on a loopback
  address, for tests of labels and leads over a few sentences.
- ``local_claim(cid, sid, text)`` / ``local_source(sid, title)``: one supported claim of a local page by id, and
  the page at ``/corpus/<sid>.md``.
- ``page_claim(text, sid)``: one supported claim of page ``sid`` (an encyclopedia page ``enc`` unless told
  otherwise) with an id of its own, for tests that write a page's sentences one by one.
- ``listed_claims(pages)``: ``{sid: (title, [sentence, ...])}`` -> one supported claim per listed sentence and the
  pages' ``SourceInfo``.
- ``noted_report(question, claims, sources)``: the offline report, its gate, and the note when unanswered.
- ``judged(report, question, claims)``: the offline judge's verdict on a report whose used claims are all supported.
- ``recorded_report(question, claims, sources)``: the report, gate and judge verdict as the services record them.
- ``listed_lead(question, pages)``: the lead the offline synthesizer writes from :func:`listed_claims` of ``pages``.
- ``findings_of(markdown)``: a report's "Findings" section.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, NamedTuple
from uuid import uuid4

from shared.evidence import EvidenceCandidate, Report, SourceInfo, VerifiedClaim

if TYPE_CHECKING:
    from services.judge.offline import Judgement
    from services.synthesizer.confidence import Gate


def split_pages(pages: Mapping[str, tuple[str, str]]) -> tuple[dict[str, str], dict[str, str]]:
    """The titles and the texts of ``pages`` (source id -> ``(title, text)``), each keyed by source id."""
    return ({sid: title for sid, (title, _text) in pages.items()},
            {sid: text for sid, (_title, text) in pages.items()})


def page_sources(titles: Mapping[str, str], *, url: str = "/pages/{sid}.txt",
                 domain: str = "local") -> dict[str, SourceInfo]:
    """One ``SourceInfo`` per page of ``titles`` (source id -> title), keyed by source id; ``url`` and ``domain``
    are templates in which ``{sid}`` stands for the source id."""
    return {sid: SourceInfo(source_id=sid, title=title, url_or_path=url.format(sid=sid),
                            domain=domain.format(sid=sid))
            for sid, title in titles.items()}


class PageSet(NamedTuple):
    """Made-up pages as the engines take them (:func:`page_set`), each keyed by source id but ``claims``."""

    titles: dict[str, str]  #: source id -> title
    texts: dict[str, str]  #: source id -> text
    sources: dict[str, SourceInfo]  #: source id -> the page (:func:`page_sources`)
    claims: list[VerifiedClaim]  #: one supported claim per sentence of every page, in order (:func:`sentence_claims`)


def page_set(pages: Mapping[str, tuple[str, str]], *, url: str = "/pages/{sid}.txt") -> PageSet:
    """The titles, texts, sources and sentence claims of ``pages`` (source id -> ``(title, text)``): the same as
    :func:`split_pages`, then :func:`page_sources` of the titles (at ``url``, a template in which ``{sid}`` stands
    for the source id) and :func:`sentence_claims` of every page in order."""
    titles, texts = split_pages(pages)
    return PageSet(titles, texts, page_sources(titles, url=url), sentence_claims(texts, *pages))


def sentence_claims(texts: Mapping[str, str], *sids: str, verdict: str = "supported",
                    domain: str = "local") -> list[VerifiedClaim]:
    """One claim per sentence of each page ``sids`` names (in that order; a sentence ends at a full stop followed
    by white space), id ``<sid>-<k>`` (k from 0 in the page), verdict ``verdict``, stability 1.0, its one span the
    sentence at its character offsets in ``texts[sid]`` (``domain``: a template, ``{sid}`` the source id).

    Raises ``KeyError`` for a source id ``texts`` lacks."""
    out = []
    for sid in sids:
        text = texts[sid]
        for k, sentence in enumerate(re.split(r"(?<=\.)\s+", text)):
            start = text.index(sentence)
            span = EvidenceCandidate(source_id=sid, domain=domain.format(sid=sid), start=start,
                                     end=start + len(sentence), text=sentence, retrieval_score=1.0)
            out.append(VerifiedClaim(claim_id=f"{sid}-{k}", source_id=sid, text=sentence, verdict=verdict,
                                     stability=1.0, spans=[span]))
    return out


def page_claims(texts: Mapping[str, str], *, domain: str = "local") -> list[VerifiedClaim]:
    """One supported claim per page of ``texts`` (in its order), id the source id, its text and its one span the
    whole page."""
    return [VerifiedClaim(claim_id=sid, source_id=sid, text=text, verdict="supported", stability=1.0,
                          spans=[EvidenceCandidate(source_id=sid, domain=domain.format(sid=sid), start=0,
                                                   end=len(text), text=text, retrieval_score=1.0)])
            for sid, text in texts.items()]


def web_claim(sid: str, text: str) -> VerifiedClaim:
    """One supported claim of web page ``sid`` (id ``c-<sid>-<len(text)>``, stability 1.0), its span the whole text."""
    span = EvidenceCandidate(source_id=sid, domain="web", start=0, end=len(text), text=text, retrieval_score=1.0)
    return VerifiedClaim(claim_id=f"c-{sid}-{len(text)}", source_id=sid, text=text, verdict="supported",
                         stability=1.0, spans=[span])


def web_sources(titles: Mapping[str, str]) -> dict[str, SourceInfo]:
    """One web ``SourceInfo`` per page of ``titles`` (source id -> title), at ``http://127.0.0.1:9/<sid>``."""
    return {sid: SourceInfo(source_id=sid, title=t, url_or_path=f"http://127.0.0.1:9/{sid}", domain="w.example")
            for sid, t in titles.items()}


def local_claim(cid: str, sid: str, text: str) -> VerifiedClaim:
    """One supported claim ``cid`` of local page ``sid`` (stability 1.0), its one span the whole text."""
    span = EvidenceCandidate(source_id=sid, domain="local", start=0, end=len(text), text=text, retrieval_score=1.0)
    return VerifiedClaim(claim_id=cid, source_id=sid, text=text, verdict="supported", stability=1.0, spans=[span])


def page_claim(text: str, sid: str = "enc", *, domain: str = "{sid}.example") -> VerifiedClaim:
    """One supported claim of page ``sid`` (id ``c-<sid>-<a fresh uuid>``, so a text given twice is two claims;
    stability 1.0), its one span the whole text (``domain``: a template, ``{sid}`` the source id)."""
    span = EvidenceCandidate(source_id=sid, domain=domain.format(sid=sid), start=0, end=len(text), text=text,
                             retrieval_score=1.0)
    return VerifiedClaim(claim_id=f"c-{sid}-{uuid4()}", source_id=sid, text=text, verdict="supported",
                         stability=1.0, spans=[span])


def local_source(sid: str, title: str) -> SourceInfo:
    """A local page ``sid`` titled ``title``, at ``/corpus/<sid>.md``."""
    return SourceInfo(source_id=sid, title=title, url_or_path=f"/corpus/{sid}.md", domain="local")


def listed_claims(pages: Mapping[str, tuple[str, list[str]]]) -> tuple[list[VerifiedClaim], dict[str, SourceInfo]]:
    """The claims and sources of ``pages`` (source id -> ``(title, sentences)``): one supported claim per sentence
    (id ``c<k>``, k counting over all pages in order, stability 1.0, its one span the whole sentence) and one local
    ``SourceInfo`` per page at ``/<sid>``."""
    claims: list[VerifiedClaim] = []
    sources: dict[str, SourceInfo] = {}
    for sid, (title, texts) in pages.items():
        sources[sid] = SourceInfo(source_id=sid, title=title, url_or_path=f"/{sid}", domain="local")
        for text in texts:
            span = EvidenceCandidate(source_id=sid, domain="local", start=0, end=len(text), text=text,
                                     retrieval_score=1.0)
            claims.append(VerifiedClaim(claim_id=f"c{len(claims)}", source_id=sid, text=text, verdict="supported",
                                        stability=1.0, spans=[span]))
    return claims, sources


def table_page_claims(pages: Iterable[tuple[str, list[str]]], table: str, *, row: str = "Year ",
                      keep: Callable[[str], bool] = lambda text: True) -> list[VerifiedClaim]:
    """Supported claims (id ``<sid><k>``, k the sentence's place on its page, stability 1.0) of ``pages`` (``(source
    id, sentences)`` in order): a sentence opening with ``row`` is a row of ``table`` (a Markdown table the span
    quotes whole), any other sentence quotes itself; only the sentences ``keep`` accepts."""
    claims: list[VerifiedClaim] = []
    for sid, texts in pages:
        for k, text in enumerate(texts):
            if not keep(text):
                continue
            quote = table if text.startswith(row) else text
            span = EvidenceCandidate(source_id=sid, domain="local", start=0, end=len(quote), text=quote,
                                     retrieval_score=1.0)
            claims.append(VerifiedClaim(claim_id=f"{sid}{k}", source_id=sid, text=text, verdict="supported",
                                        stability=1.0, spans=[span]))
    return claims


def noted_report(question: str, claims: list[VerifiedClaim], sources: dict[str, SourceInfo], *,
                 language: str = "en") -> tuple[Report, Gate]:
    """The report as the synthesizer records it and its gate: the offline synthesis in ``language``, the gate of
    that report, then the report saying what it could not establish when the gate says so (``note_unanswered``)."""
    from services.synthesizer.confidence import report_gate
    from services.synthesizer.handlers import note_unanswered
    from services.synthesizer.offline import synthesize

    rep = synthesize(question, claims, sources, language=language)
    gate = report_gate(question, rep, sources, claims)
    return note_unanswered(rep, question, gate, language), gate


def judged(report: Report, question: str, claims: list[VerifiedClaim], *, answered_probability: float | None = None,
           names_missing: bool = False, relation_missing: bool = False) -> Judgement:
    """The offline judge's verdict on ``report`` for ``question`` when every claim it uses is supported: claims
    total and supported are its used claims, its citations, no sub-queries, the supported ids those of ``claims``;
    the gate's ``answered_probability``, ``names_missing`` and ``relation_missing`` are passed on as they are."""
    from services.judge.offline import judge

    return judge(report.markdown, question=question, claims_total=len(report.used_claim_ids),
                 claims_supported=len(report.used_claim_ids), citations=report.citations, sub_queries=[],
                 supported_claim_ids={c.claim_id for c in claims}, answered_probability=answered_probability,
                 names_missing=names_missing, relation_missing=relation_missing)


def recorded_report(question: str, claims: list[VerifiedClaim], sources: dict[str, SourceInfo]
                    ) -> tuple[Report, Gate, bool, int]:
    """The report as the synthesizer records it (:func:`noted_report`) and the offline judge's verdict on it,
    called as the judge's handler calls it (:func:`judged` with the gate's signals): ``(report, gate, answered,
    judge total 0-100)``."""
    rep, gate = noted_report(question, claims, sources)
    j = judged(rep, question, claims, answered_probability=gate.signals["answered"],
               names_missing=bool(gate.signals.get("names_missing")),
               relation_missing=bool(gate.signals.get("relation_missing")))
    return rep, gate, j.answered, j.total


def listed_lead(question: str, pages: Mapping[str, tuple[str, list[str]]]) -> str:
    """The lead section (``shared.report.lead_section``) of the offline synthesizer's report for ``question`` over
    :func:`listed_claims` of ``pages`` (source id -> ``(title, sentences)``)."""
    from services.synthesizer.offline import synthesize
    from shared.report import lead_section

    claims, sources = listed_claims(pages)
    return lead_section(synthesize(question, claims, sources).markdown)


def dated_lead(question: str, pages: Mapping[str, tuple[str, list[str]]], published: Mapping[str, str]
               ) -> tuple[str, str]:
    """``(lead section, gate tier)`` of the report as the synthesizer records it (:func:`noted_report`) over
    :func:`listed_claims` of ``pages``, each source id of ``published`` given that publication date ("2025-06-17")."""
    from shared.report import lead_section

    claims, sources = listed_claims(pages)
    for sid, date in published.items():
        sources[sid] = sources[sid].model_copy(update={"published": date})
    report, gate = noted_report(question, claims, sources)
    return lead_section(report.markdown), gate.tier


def findings_of(markdown: str) -> str:
    """The text of a report's "## Findings" section, up to "## Sources"; "" for a report without findings."""
    return markdown.split("## Findings", 1)[1].split("## Sources", 1)[0] if "## Findings" in markdown else ""

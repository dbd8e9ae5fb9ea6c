"""Scholarly sources: a fetched page's DOI or arXiv id, its CrossRef metadata, and whether it was retracted.

Finding the identifier (pure functions):

- :func:`doi_in_url`: ``doi.org/10.…``, ``…/doi/10.…`` (also ``/doi/abs/``, ``/doi/full/``, ``/doi/pdf/``);
- :func:`doi_in_html`: ``<meta name="citation_doi">``, ``dc.identifier`` / ``DC.Identifier``, ``prism.doi``,
  ``bepress_citation_doi``, and JSON-LD (``identifier``, ``@id``, ``sameAs``, ``url`` naming a DOI);
- :func:`doi_in_text`: the first page of a PDF (its first :data:`FIRST_PAGE_CHARS` characters): ``doi:10.…``,
  ``https://doi.org/10.…``, ``DOI 10.…``;
- :func:`arxiv_id`: ``arxiv.org/abs/2101.00001v2`` / ``/pdf/…``, old-style ``hep-th/9901001``, ``arXiv:2101.00001``
  in the text (a preprint: there is no retraction record to look up).

A value in a DOI field that is not a DOI (``10.abc/x``, ``unknown``) is a *malformed* DOI: the source is marked
"retraction status unknown". Looking it up (:class:`CrossrefClient`): ``GET {base}/works/{doi}?mailto=…`` (the
REST API's "polite pool"), answers cached in the process for :data:`CACHE_TTL_S`. From the work record: title,
journal (``container-title``), date (``published`` / ``issued``), type, publisher, and the update notices of
``updated-by`` (retraction, expression of concern, correction / erratum / corrigendum, withdrawal, with their
dates and ``source``: ``publisher`` or ``retraction-watch``, the Retraction Watch data CrossRef carries). A work
record that is itself a notice (``update-to`` of type retraction) is a retraction notice, not a retracted paper.

A page claiming a DOI that is not its own (CrossRef's title shares too few words with the page's title and
opening text) keeps neither that DOI's metadata nor its status: "retraction status unknown", with the reason.
CrossRef unknown (404), down, slow or rate-limiting (429): the run goes on and the source is marked "retraction
status unknown" with the reason; nothing raises.
"""

from __future__ import annotations

import asyncio
import html as html_lib
import json
import re
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import quote, unquote

import httpx
import lxml.html
from lxml import etree

from shared.text.tokens import tokenize

__all__ = ["CACHE_TTL_S", "FIRST_PAGE_CHARS", "CrossrefClient", "Scholarly", "arxiv_id", "doi_in_html", "doi_in_text",
           "doi_in_url", "find_identifiers", "normalize_doi", "parse_work", "title_matches"]

#: how long a CrossRef answer is reused, seconds
CACHE_TTL_S = 24 * 3600.0
#: characters of a PDF's text read as its first page
FIRST_PAGE_CHARS = 4000
#: share of CrossRef's title words the page's title and opening text must hold for the DOI to be the page's
TITLE_MATCH = 0.6

Status = Literal["ok", "retracted", "expression_of_concern", "corrected", "withdrawn", "unknown"]
_DOI = re.compile(r"\b(10\.\d{4,9}/[^\s\"'<>\]]+)", re.I)
_DOI_STRICT = re.compile(r"^10\.\d{4,9}/[-._;()/:a-z0-9<>\[\]+]+$", re.I)
_DOI_IN_URL = re.compile(r"(?:doi\.org/|/doi/(?:abs/|full/|pdf/|epdf/|fulltext/)?)(10\.[^?#\s]+)", re.I)
_DOI_LABEL = re.compile(r"(?:doi\.org/|\bdoi\s*[:=]?\s*)(\S+)", re.I)
_ARXIV_URL = re.compile(r"arxiv\.org/(?:abs|pdf|html)/((?:\d{4}\.\d{4,5})|(?:[a-z-]+(?:\.[a-z]{2})?/\d{7}))(v\d+)?",
                        re.I)
_ARXIV_TEXT = re.compile(r"\barxiv:\s*((?:\d{4}\.\d{4,5})|(?:[a-z-]+(?:\.[a-z]{2})?/\d{7}))(v\d+)?", re.I)
_DOI_META = ("citation_doi", "dc.identifier", "dc.identifier.doi", "prism.doi", "bepress_citation_doi",
             "eprints.doi", "dcterms.identifier", "citation_id_doi")
_NOTICE_KIND: dict[str, Status] = {
    "retraction": "retracted", "retracted": "retracted", "removal": "retracted", "partial_retraction": "corrected",
    "expression_of_concern": "expression_of_concern", "expression-of-concern": "expression_of_concern",
    "correction": "corrected", "erratum": "corrected", "corrigendum": "corrected", "addendum": "corrected",
    "clarification": "corrected", "withdrawal": "withdrawn", "withdrawn": "withdrawn",
}
#: which status a source with several notices gets (the gravest)
_GRAVITY: tuple[Status, ...] = ("retracted", "withdrawn", "expression_of_concern", "corrected", "ok")


def normalize_doi(raw: str) -> str | None:
    """The DOI in ``raw`` (``doi:``, ``https://doi.org/``, URL-encoding and trailing punctuation removed),
    lower-cased (DOIs are case-insensitive); None when ``raw`` holds no well-formed DOI."""
    text = unquote(html_lib.unescape(raw or "")).strip()
    text = re.sub(r"^(?:doi\s*[:=]?\s*|https?://(?:dx\.)?doi\.org/|info:doi/)", "", text, flags=re.I).strip()
    m = _DOI.search(text)
    if m is None or m.start() > 0:
        return None
    doi = m.group(1).rstrip(".,;:")
    while doi.endswith(")") and doi.count(")") > doi.count("("):
        doi = doi[:-1]
    return doi.lower() if _DOI_STRICT.match(doi) else None


def doi_in_url(url: str) -> str | None:
    """The DOI a URL names (``https://doi.org/10.1000/x``, ``https://journal.org/doi/full/10.1000/x``), or None."""
    m = _DOI_IN_URL.search(url or "")
    return normalize_doi(m.group(1)) if m else None


def _jsonld_values(node: Any) -> list[str]:
    """DOI-bearing strings of a JSON-LD node: identifier (string, list, or PropertyValue), @id, sameAs, url."""
    out: list[str] = []
    if isinstance(node, list):
        for item in node:
            out += _jsonld_values(item)
    elif isinstance(node, dict):
        if "@graph" in node:
            out += _jsonld_values(node["@graph"])
        ident = node.get("identifier")
        for item in ident if isinstance(ident, list) else [ident]:
            if isinstance(item, str):
                out.append(item)
            elif isinstance(item, dict) and str(item.get("propertyID", "")).lower() == "doi":
                out.append(f"doi:{item.get('value', '')}")
        for key in ("@id", "sameAs", "url"):
            value = node.get(key)
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, str) and "doi.org/" in item.lower():
                    out.append(item)
    return out


def doi_in_html(page: str) -> tuple[str | None, str | None]:
    """(DOI, raw value) from a page's metadata: the ``<meta>`` DOI fields, then JSON-LD. The DOI is None and the
    raw value set when the page names a DOI that is malformed; (None, None) when it names none."""
    try:
        root = lxml.html.document_fromstring(page) if page.strip() else None
    except (etree.ParserError, ValueError):
        root = None
    if root is None:
        return None, None
    malformed: str | None = None
    for meta in root.iter("meta"):
        name = (meta.get("name") or meta.get("property") or "").strip().lower()
        if name not in _DOI_META:
            continue
        raw = (meta.get("content") or "").strip()
        scheme = (meta.get("scheme") or "").lower()
        if name.startswith("dc") and "10." not in raw and "doi" not in raw.lower() and scheme != "doi":
            continue  # a Dublin Core identifier that is an ISBN or a URL, not a DOI
        doi = normalize_doi(raw)
        if doi:
            return doi, raw
        malformed = malformed or raw or "(empty)"
    for script in root.xpath("//script[@type='application/ld+json']"):
        try:
            data = json.loads(script.text or "")
        except ValueError:
            continue
        for raw in _jsonld_values(data):
            doi = normalize_doi(raw)
            if doi:
                return doi, raw
    return None, malformed


def doi_in_text(text: str) -> str | None:
    """The first DOI written on the first page of a document's text (labelled ``doi:`` / ``DOI`` / a doi.org
    link), or None."""
    head = (text or "")[:FIRST_PAGE_CHARS]
    for m in _DOI_LABEL.finditer(head):
        doi = normalize_doi(m.group(1))
        if doi:
            return doi
    return None


def arxiv_id(url: str, text: str = "") -> str | None:
    """The arXiv identifier of a source (its URL, else ``arXiv:…`` on its first page), without the version."""
    m = _ARXIV_URL.search(url or "") or _ARXIV_TEXT.search((text or "")[:FIRST_PAGE_CHARS])
    return m.group(1).lower() if m else None


@dataclass(frozen=True)
class Identifiers:
    """What :func:`find_identifiers` found: the DOI and where (``url``, ``metadata``, ``pdf``), a malformed DOI
    value the page gave, the arXiv id."""

    doi: str | None = None
    found_in: str | None = None
    malformed: str | None = None
    arxiv: str | None = None


def find_identifiers(url: str, *, html: str | None = None, text: str = "", pdf: bool = False) -> Identifiers:
    """A source's scholarly identifiers: DOI from its URL, else its HTML metadata, else (a PDF) its first page;
    its arXiv id from the URL or the first page."""
    found_in: str | None = None
    malformed: str | None = None
    doi = doi_in_url(url)
    if doi:
        found_in = "url"
    if doi is None and html is not None:
        doi, raw = doi_in_html(html)
        if doi:
            found_in = "metadata"
        else:
            malformed = raw
    if doi is None and pdf:
        doi = doi_in_text(text)
        found_in = "pdf" if doi else None
    return Identifiers(doi=doi, found_in=found_in, malformed=malformed, arxiv=arxiv_id(url, text))


@dataclass
class Scholarly:
    """A source's scholarly record, as ``SourceFetched.scholarly`` records it (:meth:`record`).

    ``status``: ``ok`` (CrossRef has no notice), ``retracted``, ``withdrawn``, ``expression_of_concern``,
    ``corrected``, or ``unknown`` (``reason`` says why: malformed DOI, not in CrossRef, CrossRef unavailable,
    a DOI that is not the page's, a preprint id only). ``status_date``: the date (ISO) of the notice behind the
    status. ``notices``: every update notice ({kind, date, doi, source}).
    """

    doi: str | None = None
    found_in: str | None = None
    arxiv_id: str | None = None
    title: str | None = None
    journal: str | None = None
    published: str | None = None
    work_type: str | None = None
    publisher: str | None = None
    status: Status = "unknown"
    status_date: str | None = None
    reason: str = ""
    notices: list[dict[str, str]] = field(default_factory=list)
    is_notice: bool = False  # the record is itself a retraction / correction notice

    def record(self) -> dict[str, Any]:
        """The JSON-able record."""
        return {"doi": self.doi, "found_in": self.found_in, "arxiv_id": self.arxiv_id, "title": self.title,
                "journal": self.journal, "published": self.published, "type": self.work_type,
                "publisher": self.publisher, "status": self.status, "status_date": self.status_date,
                "reason": self.reason, "notices": list(self.notices), "is_notice": self.is_notice}


def _date(parts: Any) -> str | None:
    """ISO date (``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``) of a CrossRef date object (``date-parts``)."""
    try:
        first = (parts or {}).get("date-parts", [[]])[0]
        nums = [int(x) for x in first if x is not None][:3]
    except (AttributeError, IndexError, TypeError, ValueError):
        return None
    if not nums:
        return None
    return "-".join([f"{nums[0]:04d}", *(f"{n:02d}" for n in nums[1:])])


def _first(value: Any) -> str | None:
    if isinstance(value, list):
        value = value[0] if value else None
    return " ".join(str(value).split()) or None if value else None


def parse_work(message: dict[str, Any], doi: str) -> Scholarly:
    """The :class:`Scholarly` of a CrossRef work record (the ``message`` of ``/works/{doi}``)."""
    out = Scholarly(doi=doi, title=_first(message.get("title")), journal=_first(message.get("container-title")),
                    published=_date(message.get("published") or message.get("issued")
                                    or message.get("published-print") or message.get("published-online")),
                    work_type=_first(message.get("type")), publisher=_first(message.get("publisher")))
    notices: list[dict[str, str]] = []
    for item in message.get("updated-by") or []:
        if not isinstance(item, dict):
            continue
        kind = str(item.get("type", "")).strip().lower()
        notices.append({"kind": _NOTICE_KIND.get(kind, kind) or "update",
                        "date": _date(item.get("updated")) or "", "doi": str(item.get("DOI", "")).lower(),
                        "source": str(item.get("source", "publisher"))})
    out.is_notice = any(isinstance(u, dict) and str(u.get("type", "")).lower() in _NOTICE_KIND
                        for u in message.get("update-to") or [])
    # the same notice may come twice (from the publisher and from Retraction Watch): keep one per (kind, doi)
    seen: set[tuple[str, str]] = set()
    for n in sorted(notices, key=lambda n: (n["source"] != "publisher", n["date"])):
        if (n["kind"], n["doi"]) not in seen:
            seen.add((n["kind"], n["doi"]))
            out.notices.append(n)
    kinds = {n["kind"] for n in out.notices}
    out.status = next((s for s in _GRAVITY if s in kinds), "ok")
    dates = sorted(n["date"] for n in out.notices if n["kind"] == out.status and n["date"])
    out.status_date = dates[0] if dates else None
    return out


def title_matches(crossref_title: str | None, page_title: str | None, page_text: str) -> bool:
    """Whether CrossRef's title of a DOI is the page's: :data:`TITLE_MATCH` of its words (a "RETRACTED:" prefix
    aside) are in the page's title or opening text. No CrossRef title: True (nothing to contradict)."""
    if not crossref_title:
        return True
    words = set(tokenize(re.sub(r"^\s*(?:retracted|withdrawn|retraction)\s*[:.-]\s*", "", crossref_title,
                                flags=re.I)))
    if not words:
        return True
    held = set(tokenize(page_title or "")) | set(tokenize((page_text or "")[:FIRST_PAGE_CHARS]))
    return len(words & held) / len(words) >= TITLE_MATCH


class CrossrefClient:
    """CrossRef REST lookups of one process (see the module docstring). ``base_url``: the API's base
    (``https://api.crossref.org``); ``mailto``: the contact address sent for the polite pool (None: none sent).
    Answers are cached by DOI for ``ttl_s`` (at most ``max_entries``); failures are not cached."""

    def __init__(self, base_url: str, *, mailto: str | None = None, timeout_s: float = 10.0,
                 ttl_s: float = CACHE_TTL_S, max_entries: int = 4096) -> None:
        self.base_url = base_url.rstrip("/")
        self.mailto = mailto
        self.timeout_s = timeout_s
        self.ttl_s = ttl_s
        self.max_entries = max_entries
        self._cache: OrderedDict[str, tuple[float, dict[str, Any] | None]] = OrderedDict()
        self._lock = asyncio.Lock()
        self._client: httpx.AsyncClient | None = None
        self.requests = 0  # HTTP requests made (tests read it to see the cache work)

    async def aclose(self) -> None:
        """Close the HTTP client."""
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def work(self, doi: str) -> tuple[dict[str, Any] | None, str]:
        """(work record, "") for a DOI CrossRef knows; (None, reason) otherwise: "not in CrossRef (404)",
        "CrossRef rate-limited the lookup (429)", "CrossRef unavailable: ..."."""
        now = time.monotonic()
        hit = self._cache.get(doi)
        if hit is not None and hit[0] > now:
            self._cache.move_to_end(doi)
            return hit[1], "" if hit[1] is not None else "not in CrossRef (404)"
        if self._client is None:
            agent = "AssayBot/0.1 (https://github.com/assay; research tool" + (
                f"; mailto:{self.mailto})" if self.mailto else ")")
            self._client = httpx.AsyncClient(timeout=self.timeout_s, headers={"User-Agent": agent},
                                             follow_redirects=True)
        params = {"mailto": self.mailto} if self.mailto else None
        try:
            self.requests += 1
            resp = await self._client.get(f"{self.base_url}/works/{quote(doi, safe='/:;()')}", params=params)
        except httpx.HTTPError as exc:
            return None, f"CrossRef unavailable: {type(exc).__name__}: {str(exc)[:120]}"
        if resp.status_code == 404:
            self._remember(doi, None)
            return None, "not in CrossRef (404)"
        if resp.status_code == 429:
            return None, "CrossRef rate-limited the lookup (429)"
        if resp.status_code != 200:
            return None, f"CrossRef unavailable: HTTP {resp.status_code}"
        try:
            body = resp.json()
            message = body["message"]
            if not isinstance(message, dict):
                raise TypeError("message is not an object")
        except (ValueError, KeyError, TypeError) as exc:
            return None, f"CrossRef unavailable: unreadable answer ({type(exc).__name__})"
        self._remember(doi, message)
        return message, ""

    def _remember(self, doi: str, message: dict[str, Any] | None) -> None:
        self._cache[doi] = (time.monotonic() + self.ttl_s, message)
        self._cache.move_to_end(doi)
        while len(self._cache) > self.max_entries:
            self._cache.popitem(last=False)

    async def lookup(self, ids: Identifiers, *, title: str | None, text: str) -> Scholarly | None:
        """The scholarly record of a source with identifiers ``ids`` (None when it has none): CrossRef's for
        its DOI (checked against the page's ``title`` and ``text``), else "retraction status unknown" with the
        reason. Never raises."""
        if ids.doi is None and ids.malformed is None and ids.arxiv is None:
            return None
        if ids.doi is None:
            if ids.malformed is not None:
                return Scholarly(arxiv_id=ids.arxiv, status="unknown",
                                 reason=f"malformed DOI {ids.malformed[:80]!r}: retraction status unknown")
            return Scholarly(arxiv_id=ids.arxiv, status="unknown", work_type="preprint",
                             reason="arXiv preprint: no retraction record to look up")
        message, why = await self.work(ids.doi)
        if message is None:
            return Scholarly(doi=ids.doi, found_in=ids.found_in, arxiv_id=ids.arxiv, status="unknown",
                             reason=f"{why}: retraction status unknown")
        record = parse_work(message, ids.doi)
        record.found_in, record.arxiv_id = ids.found_in, ids.arxiv
        if ids.found_in != "url" and not title_matches(record.title, title, text):
            return Scholarly(doi=ids.doi, found_in=ids.found_in, arxiv_id=ids.arxiv, status="unknown",
                             reason=f"the page names DOI {ids.doi}, but CrossRef's title for it "
                                    f"({(record.title or '')[:80]!r}) is not the page's: not its DOI; retraction "
                                    f"status unknown")
        return record

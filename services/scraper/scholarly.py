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

Whether a DOI named in a page's metadata is the page's own is decided by the page's *own* titles
(:func:`page_titles`: ``og:title``, ``twitter:title``, ``citation_title``, ``dc.title``, ``<title>``, the first
``<h1>``; a PDF's first page), never by its body: a news story about a retraction carries the paper's DOI and
quotes its title, and is still a news story. A page whose own title is not the DOI's title *cites* that work
(status ``cites``, the cited work's record in ``cites``): it is not a paper, and a retraction of the work it cites
is not its own. CrossRef unknown (404), down, slow or rate-limiting (429): the run goes on and the source is marked
"retraction status unknown" with the reason; nothing raises. ``reason`` holds the cause only ("CrossRef
unavailable: HTTP 503"); the words "retraction status unknown" are written once, by whoever shows the status.
"""

from __future__ import annotations

import html as html_lib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal
from urllib.parse import quote, unquote

import httpx
import lxml.html
from lxml import etree

from services.scraper.arxiv import ArxivClient
from services.scraper.pubmed import PubmedClient, pubmed_ids
from services.scraper.registry import CACHE_TTL_S, RegistryClient, Unavailable
from shared.lookup_cache import LookupCache
from shared.text.tokens import tokenize

__all__ = ["CACHE_TTL_S", "FIRST_PAGE_CHARS", "CrossrefClient", "Scholarly", "ScholarlyLookup", "arxiv_id",
           "doi_in_html", "doi_in_text", "doi_in_url", "find_identifiers", "from_arxiv", "from_pubmed",
           "normalize_doi", "own_title", "page_titles", "parse_work", "scholarly_lookup", "title_matches"]

#: characters of a PDF's text read as its first page
FIRST_PAGE_CHARS = 4000
#: share of CrossRef's title words one of the page's own titles must hold for the DOI to be the page's
TITLE_MATCH = 0.6
#: share of that title's words that must be CrossRef's (a headline quoting the paper's title in a longer sentence
#: about it is not the paper's title)
TITLE_PRECISION = 0.75
#: characters of a PDF's (or plain text's) first page its title is looked for in
TITLE_ZONE_CHARS = 1500

Status = Literal["ok", "retracted", "expression_of_concern", "corrected", "withdrawn", "unknown", "cites"]
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


#: the ``<meta>`` fields that carry a page's own title
_TITLE_META = ("og:title", "twitter:title", "citation_title", "dc.title", "dcterms.title", "prism.title")


def page_titles(page: str) -> tuple[str, ...]:
    """The titles a page gives *itself* (whitespace-normalised, each once, at most 300 characters): the
    ``og:title``, ``twitter:title``, ``citation_title``, ``dc.title`` / ``dcterms.title`` metadata, the
    ``<title>`` and the first ``<h1>``. Never its body text. ``()`` for a page with none or that does not parse."""
    try:
        root = lxml.html.document_fromstring(page) if page and page.strip() else None
    except (etree.ParserError, ValueError):
        root = None
    if root is None:
        return ()
    found: list[str] = []
    for meta in root.iter("meta"):
        name = (meta.get("property") or meta.get("name") or "").strip().lower()
        if name in _TITLE_META:
            found.append(meta.get("content") or "")
    found += [t.text_content() for t in root.iter("title")][:1]
    found += [" ".join(h.itertext()) for h in root.iter("h1")][:1]
    clean = (" ".join(html_lib.unescape(t).split())[:300] for t in found)
    return tuple(dict.fromkeys(t for t in clean if t))


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
    value the page gave, the arXiv id, the PubMed ids (PMID, PMCID; ``services.scraper.pubmed``); and for an HTML
    page (``html``) the titles it gives itself (``titles``, :func:`page_titles`), which decide whether a DOI or
    PMID named in its metadata is its own."""

    doi: str | None = None
    found_in: str | None = None
    malformed: str | None = None
    arxiv: str | None = None
    pmid: str | None = None
    pmcid: str | None = None
    pubmed_in_url: bool = False  # the PMID / PMCID is in the source's address (no title check needed)
    html: bool = False  # found in an HTML page: only its own titles say whether a DOI is its own
    titles: tuple[str, ...] = ()


def find_identifiers(url: str, *, html: str | None = None, text: str = "", pdf: bool = False) -> Identifiers:
    """A source's scholarly identifiers: DOI from its URL, else its HTML metadata, else (a PDF) its first page;
    its arXiv id from the URL or the first page; its PMID / PMCID from the URL, the metadata or (a PDF) the first
    page."""
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
    pmid, pmcid = pubmed_ids(url, html=html, text=text if pdf else "")
    in_url = (pmid, pmcid) == pubmed_ids(url) and (pmid or pmcid) is not None
    return Identifiers(doi=doi, found_in=found_in, malformed=malformed, arxiv=arxiv_id(url, text), pmid=pmid,
                       pmcid=pmcid, pubmed_in_url=in_url, html=html is not None,
                       titles=page_titles(html) if html is not None else ())


@dataclass
class Scholarly:
    """A source's scholarly record, as ``SourceFetched.scholarly`` records it (:meth:`record`).

    ``status``: ``ok`` (CrossRef has no notice), ``retracted``, ``withdrawn``, ``expression_of_concern``,
    ``corrected``, ``unknown`` (``reason`` says why, without the words "retraction status unknown": malformed
    DOI, not in CrossRef, CrossRef unavailable, a preprint id only), or ``cites``: the page names a DOI whose
    title is not the page's own, so it is not that work but a page citing it (``cites``: the cited work's
    {doi, found_in, title, journal, published, status, status_date}; the page's own ``doi`` is None and it has no
    retraction status). ``status_date``: the date (ISO) of the notice behind the status. ``notices``: every
    update notice ({kind, date, doi, source}).
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
    pmid: str | None = None
    pmcid: str | None = None
    cites: dict[str, Any] | None = None

    def record(self) -> dict[str, Any]:
        """The JSON-able record."""
        return {"doi": self.doi, "found_in": self.found_in, "arxiv_id": self.arxiv_id, "title": self.title,
                "journal": self.journal, "published": self.published, "type": self.work_type,
                "publisher": self.publisher, "status": self.status, "status_date": self.status_date,
                "reason": self.reason, "notices": list(self.notices), "is_notice": self.is_notice,
                "pmid": self.pmid, "pmcid": self.pmcid, "cites": dict(self.cites) if self.cites else None}

    def cited(self) -> dict[str, Any]:
        """This record as the ``cites`` entry of a page that names its DOI without being the work."""
        return {"doi": self.doi, "found_in": self.found_in, "title": self.title, "journal": self.journal,
                "published": self.published, "status": self.status, "status_date": self.status_date}


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


_TITLE_SEPARATORS = re.compile(r"\s+(?:[|\u2013\u2014\u00b7\u00bb/-]|::)\s+")
_NOTICE_PREFIX = re.compile(r"^\s*(?:retracted|withdrawn|retraction|expression of concern)\s*[:.-]\s*", re.I)


def _title_holds(words: set[str], title: str) -> bool:
    """Whether ``title`` (or one of its parts around a `` | `` / `` - `` / `` — `` separator: a site or journal
    name beside it) is the title whose words are ``words``: it holds :data:`TITLE_MATCH` of them and at least
    :data:`TITLE_PRECISION` of its own words are among them."""
    for part in (title, *_TITLE_SEPARATORS.split(title)):
        mine = set(tokenize(_NOTICE_PREFIX.sub("", part)))
        if not mine:
            continue
        shared = len(words & mine)
        if shared / len(words) >= TITLE_MATCH and shared / len(mine) >= TITLE_PRECISION:
            return True
    return False


def title_matches(crossref_title: str | None, titles: Sequence[str | None], first_page: str = "") -> bool | None:
    """Whether a registry's title of a DOI (or PMID) is the page's own title.

    ``titles``: the titles the page gives itself (:func:`page_titles`, the extractor's title); ``first_page``:
    for a PDF or plain text with no such markup, its text (its title is in its first :data:`TITLE_ZONE_CHARS`
    characters, where :data:`TITLE_MATCH` of the registry title's words must be). A page's body is never
    looked at: a page quoting a paper's title is not that paper. True: it is the page's; False: the page has a
    title and it is another (the page cites the work); None: nothing to decide on (the page has no title and no
    first page). No registry title: True (nothing to contradict)."""
    if not crossref_title:
        return True
    words = set(tokenize(_NOTICE_PREFIX.sub("", crossref_title)))
    if not words:
        return True
    own = [t for t in titles if t and t.strip()]
    if any(_title_holds(words, t) for t in own):
        return True
    zone = (first_page or "")[:TITLE_ZONE_CHARS]
    if zone.strip():
        return len(words & set(tokenize(zone))) / len(words) >= TITLE_MATCH
    return False if own else None


class CrossrefClient(RegistryClient):
    """CrossRef REST lookups (see the module docstring). ``base_url``: the API's base
    (``https://api.crossref.org``); ``mailto``: the contact address sent for the polite pool (None: none sent).
    Answers (a work record, or "not in CrossRef") are kept in ``cache`` for ``ttl_s`` (a process's own cache
    when None; ``shared.lookup_cache.PgLookupCache`` shares them across processes); failures are not kept."""

    def __init__(self, base_url: str, *, mailto: str | None = None, timeout_s: float = 10.0,
                 ttl_s: float = CACHE_TTL_S, cache: LookupCache | None = None) -> None:
        super().__init__("CrossRef", timeout_s=timeout_s, ttl_s=ttl_s, cache=cache, contact=mailto)
        self.base_url = base_url.rstrip("/")
        self.mailto = mailto

    async def work(self, doi: str) -> tuple[dict[str, Any] | None, str]:
        """(work record, "") for a DOI CrossRef knows; (None, reason) otherwise: "not in CrossRef (404)",
        "CrossRef rate-limited the lookup (429)", "CrossRef unavailable: ..."."""

        def read(resp: httpx.Response) -> dict[str, Any] | None:
            if resp.status_code == 404:
                return None
            if resp.status_code != 200:
                raise Unavailable(f"CrossRef unavailable: HTTP {resp.status_code}")
            try:
                message = resp.json()["message"]
            except (ValueError, KeyError, TypeError) as exc:
                raise Unavailable(f"CrossRef unavailable: unreadable answer ({type(exc).__name__})") from exc
            if not isinstance(message, dict):
                raise Unavailable("CrossRef unavailable: unreadable answer (message is not an object)")
            return message

        params = {"mailto": self.mailto} if self.mailto else None
        try:
            message = await self.cached("crossref", doi, f"{self.base_url}/works/{quote(doi, safe='/:;()')}",
                                        params, read)
        except Unavailable as exc:
            return None, str(exc)
        return (message, "") if message is not None else (None, "not in CrossRef (404)")

    async def lookup(self, ids: Identifiers, *, title: str | None, text: str) -> Scholarly | None:
        """The scholarly record of a source with identifiers ``ids`` (None when it has none): CrossRef's for
        its DOI when the DOI is the page's own (:func:`own_title`: found in its address, or CrossRef's title is
        one the page gives itself); ``cites`` with CrossRef's record of the work when the page's own title is
        another; else ``unknown`` with the reason. Never raises."""
        if ids.doi is None and ids.malformed is None and ids.arxiv is None:
            return None
        if ids.doi is None:
            if ids.malformed is not None:
                return Scholarly(arxiv_id=ids.arxiv, status="unknown", reason=f"malformed DOI {ids.malformed[:80]!r}")
            return Scholarly(arxiv_id=ids.arxiv, status="unknown", work_type="preprint",
                             reason="arXiv preprint: no retraction record to look up")
        message, why = await self.work(ids.doi)
        if message is None:
            return Scholarly(doi=ids.doi, found_in=ids.found_in, arxiv_id=ids.arxiv, status="unknown", reason=why)
        record = parse_work(message, ids.doi)
        record.found_in, record.arxiv_id = ids.found_in, ids.arxiv
        own = True if ids.found_in == "url" else own_title(record.title, ids, title, text)
        if own is None:
            return Scholarly(doi=ids.doi, found_in=ids.found_in, arxiv_id=ids.arxiv, status="unknown",
                             reason=f"the page names DOI {ids.doi} but gives no title to check it against")
        if not own:
            return Scholarly(arxiv_id=ids.arxiv, status="cites", cites=record.cited(),
                             reason=f"the page names DOI {ids.doi}, but its own title is not CrossRef's title for "
                                    f"it ({(record.title or '')[:80]!r}): the page cites that work")
        return record


def own_title(registry_title: str | None, ids: Identifiers, title: str | None, text: str) -> bool | None:
    """Whether a registry's title of an identifier the page names is the page's own (:func:`title_matches`): an
    HTML page's own titles (``ids.titles`` and the extractor's ``title``), never its body; a PDF's or plain
    text's title or first page (``text``)."""
    return title_matches(registry_title, (*ids.titles, title), "" if ids.html else text)


_ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.(.+)$", re.I)


def _status_of(notices: list[dict[str, str]]) -> tuple[Status, str | None]:
    """The gravest status among ``notices`` and the earliest date of a notice of that kind."""
    kinds = {n["kind"] for n in notices}
    status: Status = next((s for s in _GRAVITY if s in kinds), "ok")
    dates = sorted(n["date"] for n in notices if n["kind"] == status and n["date"])
    return status, dates[0] if dates else None


def from_pubmed(rec: dict[str, Any]) -> Scholarly:
    """The :class:`Scholarly` of a PubMed record (``services.scraper.pubmed.parse_pubmed_xml``): "Retracted
    Publication" among its types makes it retracted even without a listed notice."""
    notices = [dict(n) for n in rec.get("notices") or []]
    if rec.get("retracted_type") and not any(n["kind"] == "retracted" for n in notices):
        notices.append({"kind": "retracted", "date": "", "doi": "", "pmid": "", "source": "pubmed"})
    for n in notices:
        n.setdefault("doi", "")
    status, when = _status_of(notices)
    types = [t.lower() for t in rec.get("publication_types") or []]
    return Scholarly(doi=rec.get("doi"), title=rec.get("title"), journal=rec.get("journal"),
                     published=rec.get("published"), status=status, status_date=when, notices=notices,
                     work_type="journal-article" if "journal article" in types or not types else types[0],
                     is_notice=bool(rec.get("is_notice")), pmid=rec.get("pmid"), pmcid=rec.get("pmcid"))


def from_arxiv(entry: dict[str, Any]) -> Scholarly:
    """The :class:`Scholarly` of an arXiv entry (``services.scraper.arxiv.parse_arxiv_feed``): a preprint,
    withdrawn on its latest version's date when that version withdraws it, else ``ok``."""
    notices = [{"kind": "withdrawn", "date": entry.get("updated") or "", "doi": "", "source": "arxiv"}] \
        if entry.get("withdrawn") else []
    status, when = _status_of(notices)
    return Scholarly(arxiv_id=entry.get("arxiv_id"), title=entry.get("title"), published=entry.get("published"),
                     work_type="preprint", publisher="arXiv", status=status, status_date=when, notices=notices)


class ScholarlyLookup:
    """Every registry a scholarly source is looked up in: CrossRef for its DOI, NCBI E-utilities for its PMID /
    PMCID, the arXiv API for its arXiv id (each None when turned off). :meth:`lookup` combines what they say
    (see there). A DataCite DOI of arXiv (``10.48550/arXiv.<id>``) is the arXiv id, not a CrossRef DOI."""

    def __init__(self, crossref: CrossrefClient | None, pubmed: PubmedClient | None = None,
                 arxiv: ArxivClient | None = None) -> None:
        self.crossref = crossref
        self.pubmed = pubmed
        self.arxiv = arxiv

    async def aclose(self) -> None:
        """Close every client."""
        for client in (self.crossref, self.pubmed, self.arxiv):
            if client is not None:
                await client.aclose()

    async def lookup(self, ids: Identifiers, *, title: str | None, text: str) -> Scholarly | None:
        """The scholarly record of a source with identifiers ``ids``, None when it names none.

        The record confirmed by a registry leads (CrossRef's, else PubMed's, else arXiv's) and the others fill
        what it lacks; update notices of every registry are kept and the gravest decides the status (a
        retraction PubMed knows and CrossRef does not still makes the source retracted). A PubMed record whose
        ids came from the page (not its address) must have the page's own title, as a DOI must; a DOI or PMID
        whose work has another title is one the page cites (``cites``: that work's record), never the page's. No
        registry confirming anything: status ``cites`` when the page only cites a work, else ``unknown`` with
        every reason (the causes, joined by "; "). Never raises.
        """
        arxiv = ids.arxiv
        if ids.doi and (m := _ARXIV_DOI.match(ids.doi)):
            arxiv = arxiv or re.sub(r"v\d+$", "", m.group(1).lower())
            ids = replace(ids, doi=None, found_in=None, malformed=None, arxiv=arxiv)
        if ids.doi is None and ids.malformed is None and arxiv is None and ids.pmid is None and ids.pmcid is None:
            return None
        known: list[Scholarly] = []
        reasons: list[str] = []
        cited: dict[str, Any] | None = None  # the work a DOI or PMID the page names is, when it is not the page
        cite_reasons: list[str] = []
        own_doi, own_pmid, own_pmcid = ids.doi, ids.pmid, ids.pmcid
        if ids.doi is not None or ids.malformed is not None:
            if self.crossref is None:
                reasons.append("CrossRef lookups are turned off")
            else:
                got = await self.crossref.lookup(replace(ids, arxiv=None, pmid=None, pmcid=None), title=title,
                                                 text=text)
                if got is not None and got.status == "cites":
                    cited, own_doi = got.cites, None
                    cite_reasons.append(got.reason)
                elif got is not None and got.status != "unknown":
                    known.append(got)
                elif got is not None:
                    reasons.append(got.reason)
        if ids.pmid is not None or ids.pmcid is not None:
            if self.pubmed is None:
                reasons.append("PubMed lookups are turned off")
            else:
                try:
                    pmid = ids.pmid or await self.pubmed.pmid_of(str(ids.pmcid))
                    rec = await self.pubmed.record(pmid) if pmid else None
                    own = True if rec is None or ids.pubmed_in_url else own_title(rec.get("title"), ids, title, text)
                    if rec is None:
                        reasons.append(f"{'PMID ' + pmid if pmid else ids.pmcid} not in PubMed")
                    elif own is None:
                        reasons.append(f"the page names PMID {pmid} but gives no title to check it against")
                    elif not own:
                        cited, own_pmid, own_pmcid = cited or from_pubmed(rec).cited(), None, None
                        cite_reasons.append(f"the page names PMID {pmid}, but its own title is not PubMed's title "
                                            f"for it ({str(rec.get('title') or '')[:80]!r}): the page cites that work")
                    else:
                        known.append(from_pubmed(rec))
                except Unavailable as exc:
                    reasons.append(str(exc))
        if arxiv is not None:
            if self.arxiv is None:
                reasons.append("arXiv preprint: no withdrawal record looked up")
            else:
                try:
                    entry = await self.arxiv.entry(arxiv)
                    if entry is None:
                        reasons.append(f"arXiv id {arxiv} not on arXiv")
                    else:
                        known.append(from_arxiv(entry))
                except Unavailable as exc:
                    reasons.append(str(exc))
        if not known:
            if cited is not None and not reasons:
                return Scholarly(status="cites", cites=cited, reason="; ".join(cite_reasons))
            return Scholarly(doi=own_doi, found_in=ids.found_in if own_doi else None, arxiv_id=arxiv,
                             pmid=own_pmid, pmcid=own_pmcid, status="unknown", cites=cited,
                             work_type="preprint" if arxiv and not own_doi else None,
                             reason="; ".join([*reasons, *cite_reasons]))
        out = known[0]
        for other in known[1:]:
            for name in ("doi", "title", "journal", "published", "work_type", "publisher", "pmid", "pmcid"):
                if getattr(out, name) is None and getattr(other, name) is not None:
                    setattr(out, name, getattr(other, name))
            out.notices = out.notices + other.notices
            out.is_notice = out.is_notice or other.is_notice
        out.found_in = ids.found_in if own_doi else out.found_in
        out.doi = own_doi or out.doi
        out.arxiv_id, out.pmid, out.pmcid = arxiv, own_pmid or out.pmid, own_pmcid or out.pmcid
        out.status, out.status_date = _status_of(out.notices)
        out.cites = cited
        out.reason = "; ".join([*reasons, *cite_reasons])
        return out


def scholarly_lookup(*, crossref_on: bool, crossref_url: str, crossref_mailto: str | None,
                     pubmed_on: bool, pubmed_url: str, pubmed_email: str | None, arxiv_on: bool, arxiv_url: str,
                     timeout_s: float, ttl_s: float, cache: LookupCache | None) -> ScholarlyLookup:
    """The :class:`ScholarlyLookup` the scraper's settings describe (``ASSAY_SCRAPER_CROSSREF*``, ``PUBMED*``,
    ``ARXIV_*``, ``REGISTRY_CACHE_TTL_S``), every client keeping its answers in ``cache``."""
    return ScholarlyLookup(
        CrossrefClient(crossref_url, mailto=crossref_mailto, timeout_s=timeout_s, ttl_s=ttl_s, cache=cache)
        if crossref_on else None,
        PubmedClient(pubmed_url, email=pubmed_email, timeout_s=timeout_s, ttl_s=ttl_s, cache=cache)
        if pubmed_on else None,
        ArxivClient(arxiv_url, timeout_s=timeout_s, ttl_s=ttl_s, cache=cache) if arxiv_on else None)

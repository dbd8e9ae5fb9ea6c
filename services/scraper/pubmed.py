"""PubMed sources: a page's PMID or PMCID, and what NCBI's E-utilities say of it (retracted, corrected...).

Finding the identifiers (pure functions, :func:`pubmed_ids`):

- the address: ``pubmed.ncbi.nlm.nih.gov/12345678/``, ``ncbi.nlm.nih.gov/pubmed/12345678``,
  ``europepmc.org/abstract/MED/12345678`` (PMID); ``ncbi.nlm.nih.gov/pmc/articles/PMC1234567/``,
  ``pmc.ncbi.nlm.nih.gov/articles/PMC1234567/``, ``europepmc.org/article/PMC/PMC1234567`` (PMCID);
- the page's metadata: ``<meta name="citation_pmid">``, ``citation_pmcid``, ``dc.identifier`` /
  ``dcterms.identifier`` values ``pmid:…`` / ``info:pmid/…`` / ``PMC…``, JSON-LD ``identifier`` PropertyValues
  with ``propertyID`` ``pmid`` / ``pmcid``;
- a document's first page (a PDF): ``PMID: 12345678``, ``PMCID: PMC1234567``.

Looking them up (:class:`PubmedClient`, base URL a setting, ``https://eutils.ncbi.nlm.nih.gov/entrez/eutils``,
with NCBI's ``tool`` and ``email`` parameters): a PMCID is turned into its PMID with ``esummary.fcgi?db=pmc``
(the summary's ``articleids``); the PMID's record is ``efetch.fcgi?db=pubmed&retmode=xml`` (the PubMed XML):
title, journal, publication date, DOI, publication types, and the comments and corrections that are update
notices (``RetractionIn``, ``ExpressionOfConcernIn``, ``ErratumIn``, ``RetractionAndRepublicationIn``) with the
date read from the notice's citation (``RefSource``: "J Cardiovasc Trials. 2021 Jun 2;14(6):e1."). A record
whose publication types include "Retracted Publication" is retracted even when the notice is not listed. A
record that is itself a notice ("Retraction of Publication", "Published Erratum", "Expression of Concern")
says so (``is_notice``).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import unquote

import httpx
import lxml.html
from lxml import etree

from services.scraper.registry import CACHE_TTL_S, RegistryClient, Unavailable
from shared.lookup_cache import LookupCache

__all__ = ["PubmedClient", "parse_pubmed_xml", "pubmed_ids"]

_PMID_URL = re.compile(r"(?:pubmed\.ncbi\.nlm\.nih\.gov/|ncbi\.nlm\.nih\.gov/pubmed/|europepmc\.org/(?:abstract|"
                       r"article)/MED/)(\d{1,9})(?:[/?#]|$)", re.I)
_PMCID_URL = re.compile(r"(?:ncbi\.nlm\.nih\.gov/pmc/articles/|pmc\.ncbi\.nlm\.nih\.gov/articles/|europepmc\.org/"
                        r"(?:article/PMC/|articles/))(PMC\d{1,9})(?:[/?#]|$)", re.I)
_PMID_VALUE = re.compile(r"^(?:pmid\s*[:=]?\s*|info:pmid/)?(\d{1,9})$", re.I)
_PMCID_VALUE = re.compile(r"^(?:pmcid\s*[:=]?\s*)?(PMC\d{1,9})$", re.I)
_PMID_TEXT = re.compile(r"\bPMID\s*[:#]?\s*(\d{1,9})\b")
_PMCID_TEXT = re.compile(r"\bPMCID\s*[:#]?\s*(PMC\d{1,9})\b", re.I)
#: characters of a document's text read as its first page
FIRST_PAGE_CHARS = 4000
#: PubMed comments-and-corrections types that are notices about the record, and the status each gives it
_NOTICE_REF: dict[str, str] = {
    "retractionin": "retracted", "expressionofconcernin": "expression_of_concern", "erratumin": "corrected",
    "retractionandrepublicationin": "retracted", "partialretractionin": "corrected",
}
#: publication types that make the record itself a notice
_NOTICE_TYPES = {"retraction of publication", "published erratum", "expression of concern",
                 "retraction and republication", "partial retraction"}
_MONTHS = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
                                       "dec"), start=1)}
_REF_DATE = re.compile(r"\b((?:19|20)\d{2})(?:\s+([A-Z][a-z]{2}))?(?:\s+(\d{1,2}))?\b")


def _pmid(raw: str) -> str | None:
    m = _PMID_VALUE.match(unquote(raw or "").strip())
    return m.group(1).lstrip("0") or None if m else None


def _pmcid(raw: str) -> str | None:
    m = _PMCID_VALUE.match(unquote(raw or "").strip())
    return m.group(1).upper() if m else None


def pubmed_ids(url: str, *, html: str | None = None, text: str = "") -> tuple[str | None, str | None]:
    """(PMID, PMCID) of a source: from its address, else its HTML metadata, else its first page (see the module
    docstring); None for each it does not name. Never raises."""
    pmid = pmcid = None
    if m := _PMID_URL.search(url or ""):
        pmid = _pmid(m.group(1))
    if m := _PMCID_URL.search(url or ""):
        pmcid = m.group(1).upper()
    if html and html.strip() and (pmid is None or pmcid is None):
        try:
            root = lxml.html.document_fromstring(html)
        except (etree.ParserError, ValueError):
            root = None
        if root is not None:
            for meta in root.iter("meta"):
                name = (meta.get("name") or meta.get("property") or "").strip().lower()
                value = (meta.get("content") or "").strip()
                if name in ("citation_pmid", "dc.identifier.pmid", "ncbi_uid") and pmid is None:
                    pmid = _pmid(value)
                elif name in ("citation_pmcid", "dc.identifier.pmcid") and pmcid is None:
                    pmcid = _pmcid(value)
                elif name in ("dc.identifier", "dcterms.identifier"):
                    if value.lower().startswith(("pmid", "info:pmid")) and pmid is None:
                        pmid = _pmid(value)
                    elif value.upper().startswith(("PMC", "PMCID")) and pmcid is None:
                        pmcid = _pmcid(value)
            for script in root.xpath("//script[@type='application/ld+json']"):
                try:
                    data = json.loads(script.text or "")
                except ValueError:
                    continue
                for node in data if isinstance(data, list) else [data]:
                    idents = node.get("identifier") if isinstance(node, dict) else None
                    for item in idents if isinstance(idents, list) else [idents]:
                        if not isinstance(item, dict):
                            continue
                        prop = str(item.get("propertyID", "")).strip().lower()
                        if prop == "pmid" and pmid is None:
                            pmid = _pmid(str(item.get("value", "")))
                        elif prop == "pmcid" and pmcid is None:
                            pmcid = _pmcid(str(item.get("value", "")))
    if pmid is None and pmcid is None and text:
        head = text[:FIRST_PAGE_CHARS]
        if m := _PMID_TEXT.search(head):
            pmid = _pmid(m.group(1))
        if m := _PMCID_TEXT.search(head):
            pmcid = m.group(1).upper()
    return pmid, pmcid


def _ref_date(ref_source: str) -> str:
    """ISO date of a notice's citation ("J Cardiovasc Trials. 2021 Jun 2;14(6):e1." -> "2021-06-02"), "" when
    it gives none."""
    m = _REF_DATE.search(ref_source or "")
    if m is None:
        return ""
    out = m.group(1)
    month = _MONTHS.get((m.group(2) or "").lower())
    if month:
        out += f"-{month:02d}"
        if m.group(3):
            out += f"-{int(m.group(3)):02d}"
    return out


def _pub_date(node: etree._Element | None) -> str | None:
    if node is None:
        return None
    year = node.findtext("Year")
    if not year:
        medline = node.findtext("MedlineDate") or ""
        return _ref_date(medline) or None
    out: str = year.strip()
    month_raw = (node.findtext("Month") or "").strip()
    month = _MONTHS.get(month_raw[:3].lower()) or (int(month_raw) if month_raw.isdigit() else None)
    if month:
        out += f"-{month:02d}"
        day = (node.findtext("Day") or "").strip()
        if day.isdigit():
            out += f"-{int(day):02d}"
    return out


def parse_pubmed_xml(body: bytes | str, pmid: str) -> dict[str, Any] | None:
    """The record of ``pmid`` in an efetch answer (PubMed XML): {pmid, pmcid, doi, title, journal, published,
    publication_types, notices: [{kind, date, pmid, source: "pubmed"}], retracted_type, is_notice}; None when
    the answer holds no article with that PMID.

    Raises:
        ValueError: the answer is not XML.
    """
    data = body.encode() if isinstance(body, str) else body
    try:
        root = etree.fromstring(data, parser=etree.XMLParser(resolve_entities=False, no_network=True,
                                                             load_dtd=False))
    except etree.XMLSyntaxError as exc:
        raise ValueError(f"not PubMed XML: {exc}") from exc
    for art in root.iter("PubmedArticle"):
        citation = art.find("MedlineCitation")
        if citation is None or (citation.findtext("PMID") or "").strip() != pmid:
            continue
        article = citation.find("Article")
        title = " ".join("".join(article.find("ArticleTitle").itertext()).split()) if (
            article is not None and article.find("ArticleTitle") is not None) else None
        journal = article.findtext("Journal/Title") if article is not None else None
        published = _pub_date(article.find("Journal/JournalIssue/PubDate")) if article is not None else None
        types = [" ".join((t.text or "").split()) for t in citation.iter("PublicationType")]
        ids = {(a.get("IdType") or "").lower(): (a.text or "").strip()
               for a in art.iterfind("PubmedData/ArticleIdList/ArticleId")}
        doi = ids.get("doi") or next((e.text.strip() for e in (article.iterfind("ELocationID") if article is not None
                                                                 else []) if e.get("EIdType") == "doi" and e.text),
                                     None)
        notices = []
        for cc in citation.iterfind("CommentsCorrectionsList/CommentsCorrections"):
            kind = _NOTICE_REF.get((cc.get("RefType") or "").lower())
            if kind:
                notices.append({"kind": kind, "date": _ref_date(cc.findtext("RefSource") or ""),
                                "pmid": (cc.findtext("PMID") or "").strip(), "source": "pubmed"})
        lowered = {t.lower() for t in types}
        return {"pmid": pmid, "pmcid": ids.get("pmc") or None, "doi": doi.lower() if doi else None, "title": title,
                "journal": " ".join(journal.split()) if journal else None, "published": published,
                "publication_types": types, "notices": notices,
                "retracted_type": "retracted publication" in lowered, "is_notice": bool(lowered & _NOTICE_TYPES)}
    return None


class PubmedClient(RegistryClient):
    """NCBI E-utilities lookups (see the module docstring): ``base_url`` (``https://eutils.ncbi.nlm.nih.gov/
    entrez/eutils``), ``email`` sent with ``tool=assay`` as NCBI asks; answers kept in ``cache`` for ``ttl_s``."""

    def __init__(self, base_url: str, *, email: str | None = None, timeout_s: float = 10.0,
                 ttl_s: float = CACHE_TTL_S, cache: LookupCache | None = None) -> None:
        super().__init__("PubMed", timeout_s=timeout_s, ttl_s=ttl_s, cache=cache, contact=email)
        self.base_url = base_url.rstrip("/")
        self.email = email

    def _params(self, **extra: str) -> dict[str, str]:
        return {**extra, "tool": "assay", **({"email": self.email} if self.email else {})}

    @staticmethod
    def _ok(resp: httpx.Response) -> None:
        if resp.status_code != 200:
            raise Unavailable(f"PubMed unavailable: HTTP {resp.status_code}")

    async def pmid_of(self, pmcid: str) -> str | None:
        """The PMID of a PMC article (``esummary.fcgi?db=pmc``), None when PMC does not know it or it has none.

        Raises:
            Unavailable: E-utilities down, rate-limiting or answering something unreadable.
        """

        def read(resp: httpx.Response) -> dict[str, Any] | None:
            self._ok(resp)
            try:
                result = resp.json()["result"]
                doc = result.get(pmcid.removeprefix("PMC"))
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                raise Unavailable(f"PubMed unavailable: unreadable answer ({type(exc).__name__})") from exc
            if not isinstance(doc, dict) or doc.get("error"):
                return None
            ids = {str(a.get("idtype", "")).lower(): str(a.get("value", "")) for a in doc.get("articleids") or []
                   if isinstance(a, dict)}
            return {"pmid": _pmid(ids.get("pmid", ""))} if _pmid(ids.get("pmid", "")) else None

        found = await self.cached("pmc", pmcid, f"{self.base_url}/esummary.fcgi",
                                  self._params(db="pmc", id=pmcid.removeprefix("PMC"), retmode="json"), read)
        return str(found["pmid"]) if found else None

    async def record(self, pmid: str) -> dict[str, Any] | None:
        """The PubMed record of ``pmid`` (:func:`parse_pubmed_xml`), None when PubMed does not know it.

        Raises:
            Unavailable: E-utilities down, rate-limiting or answering something unreadable.
        """

        def read(resp: httpx.Response) -> dict[str, Any] | None:
            if resp.status_code in (400, 404):
                return None
            self._ok(resp)
            try:
                return parse_pubmed_xml(resp.content, pmid)
            except ValueError as exc:
                raise Unavailable(f"PubMed unavailable: unreadable answer ({exc})") from exc

        return await self.cached("pubmed", pmid, f"{self.base_url}/efetch.fcgi",
                                 self._params(db="pubmed", id=pmid, retmode="xml"), read)

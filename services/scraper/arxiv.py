"""arXiv preprints: an arXiv id's metadata and whether it was withdrawn, from the arXiv API (Atom).

:class:`ArxivClient` asks ``{url}?id_list=<id>&max_results=1`` (the URL a setting,
``https://export.arxiv.org/api/query``) and reads the entry (:func:`parse_arxiv_feed`): title, first
publication date, the date of its latest version, the journal reference and DOI the authors gave, the
comment, and whether the latest version withdraws the paper. arXiv has no retraction record: a withdrawn
paper's latest version says so in its comment or abstract ("This paper has been withdrawn by the author(s)",
"withdrawn due to an error"), and the date of that version is the withdrawal's. An id arXiv does not know (no
entry, or its error entry) is "not on arXiv".
"""

from __future__ import annotations

import re
from typing import Any

import httpx
from lxml import etree

from services.scraper.registry import CACHE_TTL_S, RegistryClient, Unavailable
from shared.lookup_cache import LookupCache

__all__ = ["ArxivClient", "parse_arxiv_feed"]

_NS = {"a": "http://www.w3.org/2005/Atom", "arxiv": "http://arxiv.org/schemas/atom",
       "opensearch": "http://a9.com/-/spec/opensearch/1.1/"}
_WITHDRAWN = re.compile(
    r"\b(?:(?:paper|article|submission|manuscript|preprint|work|version)\s+(?:has\s+been|is|was)\s+withdrawn|"
    r"withdrawn\s+by\s+(?:the\s+)?(?:authors?|arxiv|admin)|withdrawn\s+(?:due\s+to|because|for)|"
    r"\bwithdrawn\b\s*[.:]?\s*$|^\s*withdrawn\b)", re.I)


def _text(node: etree._Element | None) -> str:
    return " ".join("".join(node.itertext()).split()) if node is not None else ""


def parse_arxiv_feed(body: bytes | str, arxiv_id: str) -> dict[str, Any] | None:
    """The entry of ``arxiv_id`` in an arXiv API feed: {arxiv_id, title, published, updated, journal_ref, doi,
    comment, withdrawn}; None when the feed has no such entry (or only arXiv's error entry).

    Raises:
        ValueError: the answer is not an Atom feed.
    """
    data = body.encode() if isinstance(body, str) else body
    try:
        root = etree.fromstring(data, parser=etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError as exc:
        raise ValueError(f"not an Atom feed: {exc}") from exc
    if root.tag != "{http://www.w3.org/2005/Atom}feed":
        raise ValueError(f"not an Atom feed: root element {root.tag}")
    for entry in root.iterfind("a:entry", _NS):
        ident = _text(entry.find("a:id", _NS))
        if "/api/errors" in ident or not ident:
            continue
        bare = re.sub(r"v\d+$", "", ident.rsplit("/abs/", 1)[-1]).lower()
        if bare != arxiv_id.lower():
            continue
        comment = _text(entry.find("arxiv:comment", _NS))
        summary = _text(entry.find("a:summary", _NS))
        withdrawn = bool(_WITHDRAWN.search(comment)) or bool(_WITHDRAWN.search(summary[:300]))
        return {"arxiv_id": bare, "title": _text(entry.find("a:title", _NS)) or None,
                "published": _text(entry.find("a:published", _NS))[:10] or None,
                "updated": _text(entry.find("a:updated", _NS))[:10] or None,
                "journal_ref": _text(entry.find("arxiv:journal_ref", _NS)) or None,
                "doi": _text(entry.find("arxiv:doi", _NS)).lower() or None, "comment": comment or None,
                "withdrawn": withdrawn}
    return None


class ArxivClient(RegistryClient):
    """arXiv API lookups (see the module docstring); answers kept in ``cache`` for ``ttl_s``."""

    def __init__(self, url: str, *, timeout_s: float = 10.0, ttl_s: float = CACHE_TTL_S,
                 cache: LookupCache | None = None) -> None:
        super().__init__("arXiv", timeout_s=timeout_s, ttl_s=ttl_s, cache=cache)
        self.url = url

    async def entry(self, arxiv_id: str) -> dict[str, Any] | None:
        """The arXiv entry of ``arxiv_id`` (:func:`parse_arxiv_feed`), None when arXiv does not know it.

        Raises:
            Unavailable: arXiv down, rate-limiting or answering something unreadable.
        """

        def read(resp: httpx.Response) -> dict[str, Any] | None:
            if resp.status_code == 400:
                return None  # arXiv's answer to a malformed id (its error feed)
            if resp.status_code != 200:
                raise Unavailable(f"arXiv unavailable: HTTP {resp.status_code}")
            try:
                return parse_arxiv_feed(resp.content, arxiv_id)
            except ValueError as exc:
                raise Unavailable(f"arXiv unavailable: unreadable answer ({exc})") from exc

        return await self.cached("arxiv", arxiv_id.lower(), self.url,
                                 {"id_list": arxiv_id, "max_results": "1"}, read)

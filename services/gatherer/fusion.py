"""Fusing several providers' ranked lists into one: reciprocal rank fusion, canonical-URL dedupe, site filter.

Fusion, not tiers: every provider's list counts, so a provider that returns one hit cannot push out the
others' results, and a failed provider simply contributes nothing. Canonical URLs come from ``courlan``
(host lower-cased, default port dropped, tracking parameters removed, query parameters sorted); the
fragment is dropped too. Two URLs are the same page when their keys agree (scheme, ``www.`` and a trailing
slash ignored).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from services.gatherer.providers import WebHit

RRF_K = 60


def canonical_url(url: str) -> str:
    """The URL to fetch and record: courlan-normalised, without fragment. Non-http(s) URLs (``doc:...``) and
    URLs courlan cannot parse are returned unchanged (stripped)."""
    url = url.strip()
    if not url.lower().startswith(("http://", "https://")):
        return url
    from courlan import normalize_url  # (on the first web address: courlan and urllib3 cost a start 0.08 s of CPU)

    try:
        norm = normalize_url(url)
    except (ValueError, TypeError):
        norm = url
    return norm.split("#", 1)[0]


def url_key(url: str) -> str:
    """The identity of a page for de-duplication: canonical URL without scheme, ``www.`` and trailing slash."""
    canon = canonical_url(url)
    if not canon.lower().startswith(("http://", "https://")):
        return canon
    parts = urlsplit(canon)
    host = parts.netloc.lower().removeprefix("www.")
    path = parts.path.rstrip("/")
    return f"{host}{path}" + (f"?{parts.query}" if parts.query else "")


def host_of(url: str) -> str:
    """The host of an http(s) URL, lower-cased, without ``www.`` ('' for other URLs)."""
    if not url.lower().startswith(("http://", "https://")):
        return ""
    return (urlsplit(url).hostname or "").lower().removeprefix("www.")


def in_sites(url: str, sites: Sequence[str]) -> bool:
    """Whether ``url`` passes the site filter: no filter, a non-web URL (local documents are the user's own),
    or a host equal to or under one of ``sites`` (``example.org`` admits ``docs.example.org``)."""
    if not sites or not url.lower().startswith(("http://", "https://")):
        return True
    host = host_of(url)
    for site in sites:
        s = site.strip().lower()
        s = host_of(s) if "://" in s else s.split("/", 1)[0].removeprefix("www.")
        if s and (host == s or host.endswith("." + s)):
            return True
    return False


@dataclass
class _Entry:
    url: str
    title: str
    snippet: str
    score: float = 0.0
    best: tuple[int, int] = (1 << 30, 1 << 30)  # (provider order, rank) of the best contributing hit
    providers: dict[str, float] = field(default_factory=dict)  # provider -> its contribution


def fuse(results: Sequence[tuple[str, Sequence[WebHit]]], *, sites: Sequence[str] = (), k: int = RRF_K,
         limit: int | None = None) -> tuple[list[WebHit], int]:
    """Reciprocal rank fusion of providers' ranked lists, given in preference order (Tavily first).

    score(page) = sum over providers of 1 / (k + rank of the page in that provider's list), where a provider's
    list is first de-duplicated by ``url_key`` (its best rank counts once) and filtered by ``sites``.
    Ties go to the page whose best hit comes from the earlier provider, then the better rank, then the URL.
    Each fused hit keeps the canonical URL and the title of its best hit (the snippet of the first hit that
    has one), ``provider`` = the contributing providers joined by ``+`` (strongest first), ``rank`` = fused
    rank (1..n), ``score`` = fused score rounded to 6 places.

    Returns: (fused hits, at most ``limit``), number of hits removed by the site filter).
    """
    entries: dict[str, _Entry] = {}
    filtered = 0
    for order, (provider, hits) in enumerate(results):
        seen: set[str] = set()
        position = 0
        for hit in sorted(hits, key=lambda h: h.rank):
            if not in_sites(hit.url, sites):
                filtered += 1
                continue
            key = url_key(hit.url)
            if not key or key in seen:
                continue
            seen.add(key)
            position += 1
            entry = entries.get(key)
            if entry is None:
                entry = entries[key] = _Entry(canonical_url(hit.url), hit.title, hit.snippet)
            contribution = 1.0 / (k + position)
            entry.score += contribution
            entry.providers[provider] = entry.providers.get(provider, 0.0) + contribution
            if (order, position) < entry.best:
                entry.best = (order, position)
                entry.url = canonical_url(hit.url)
                entry.title = hit.title or entry.title
                entry.snippet = hit.snippet or entry.snippet
            elif not entry.snippet:
                entry.snippet = hit.snippet
    ranked = sorted(entries.values(), key=lambda e: (-round(e.score, 12), e.best, e.url))
    if limit is not None:
        ranked = ranked[:limit]
    fused = [
        WebHit(url=e.url, title=e.title, snippet=e.snippet,
               provider="+".join(sorted(e.providers, key=lambda p: -e.providers[p])),  # stable: ties keep order
               rank=i, score=round(e.score, 6))
        for i, e in enumerate(ranked, start=1)
    ]
    return fused, filtered

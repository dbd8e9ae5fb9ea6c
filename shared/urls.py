"""Web addresses as page identities: two addresses name the same page when their :func:`page_key` agree.

The key is the courlan-normalised URL (host lower-cased, default port dropped, tracking parameters removed,
query parameters sorted) without its fragment, scheme, ``www.`` and trailing slash, so ``https://www.a.org/x/``
and ``http://a.org/x#top`` are one page. The scraper uses it to let a live fetch of an address supersede research
memory's copy of the same address within a run.
"""

from __future__ import annotations

from urllib.parse import urlsplit


def is_web(url: str) -> bool:
    """Whether ``url`` is an http(s) address."""
    return url.strip().lower().startswith(("http://", "https://"))


def page_key(url: str) -> str:
    """The identity of the page at ``url`` (see the module docstring); a non-http(s) address (``doc:...``,
    ``mem:...``, a file path) is returned stripped, unchanged."""
    url = url.strip()
    if not is_web(url):
        return url
    from courlan import normalize_url  # (on the first web address: courlan and urllib3 cost a start 0.08 s of CPU)

    try:
        canon = normalize_url(url)
    except (ValueError, TypeError):
        canon = url
    parts = urlsplit(canon.split("#", 1)[0])
    host = parts.netloc.lower().removeprefix("www.")
    return f"{host}{parts.path.rstrip('/')}" + (f"?{parts.query}" if parts.query else "")

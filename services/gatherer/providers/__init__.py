"""Web search providers: one ``SearchProvider`` per search service, all failing the same way.

Every provider answers ``await provider.search(query, limit=n)`` with up to ``n`` ``WebHit`` ranked 1..n, or
raises ``ProviderError(provider, reason, detail)``; the gatherer queries them concurrently and fuses what
comes back (``services.gatherer.fusion``), so one failing provider never starves the others. Reasons::

    ProviderError.reason
      ├ rate_limited   HTTP 429, a 202 rate-limit page, an "anomaly"/rate-limit body, or a 503 with Retry-After:
      │                retried with bounded exponential backoff (Retry-After honoured up to backoff_max_s),
      │                then given up; the provider is then skipped for ``cooldown_s`` seconds
      ├ http_status    any other non-200 answer (401 bad key, 403, 500, ...)
      ├ error_payload  HTTP 200 whose body is an error (MediaWiki ``{"error": ...}``, Tavily ``{"detail": ...}``,
      │                arXiv's error entry, SearXNG with every engine unresponsive) - never "no results"
      ├ bad_payload    HTTP 200 whose body is not the documented shape (HTML instead of JSON, no results list)
      ├ timeout        no answer within ``timeout_s``
      └ unreachable    connection refused, DNS failure, TLS error

Queries longer than a provider's ``max_query_chars`` are shortened to their key terms
(``services.planner.offline.key_terms``) before they are sent. Every base URL is a constructor argument (a
setting), so tests point the providers at stand-in servers on 127.0.0.1.

One module per provider: ``tavily`` (tavily-python's ``AsyncTavilyClient``; also the ``/research``
delegate), ``searxng`` (SearXNG JSON API), ``duckduckgo`` (the ``ddgs`` library's DuckDuckGo HTML engine),
``wikipedia`` (MediaWiki ``list=search``), ``arxiv`` (arXiv Atom API, parsed by feedparser); ``base`` holds
what they share (``WebHit``, ``ProviderError``, ``SearchProvider``, ``GuardedProvider``, ``Limits``).
``configured_providers(settings)`` builds the ones the settings enable, Tavily first.
"""

from __future__ import annotations

from collections.abc import Iterable

from services.gatherer.providers.arxiv import ArxivProvider
from services.gatherer.providers.base import (
    USER_AGENT,
    GuardedProvider,
    Limits,
    ProviderError,
    RateLimited,
    Reason,
    SearchProvider,
    WebHit,
    check_status,
    new_client,
    rerank,
    retry_after_seconds,
    shorten_query,
)
from services.gatherer.providers.duckduckgo import DuckDuckGoProvider, unwrap_ddg_link
from services.gatherer.providers.searxng import SearxngProvider
from services.gatherer.providers.tavily import TavilyProvider
from services.gatherer.providers.wikipedia import WikipediaProvider
from shared.settings import GathererSettings

__all__ = [
    "USER_AGENT", "ArxivProvider", "DuckDuckGoProvider", "GuardedProvider", "Limits", "ProviderError",
    "RateLimited", "Reason", "SearchProvider", "SearxngProvider", "TavilyProvider", "WebHit", "WikipediaProvider",
    "check_status", "configured_providers", "new_client", "rerank", "retry_after_seconds", "shorten_query",
    "switched_off_note", "switched_on", "unwrap_ddg_link",
]


def configured_providers(cfg: GathererSettings) -> list[GuardedProvider]:
    """The web providers the settings enable, in preference order: Tavily (iff a key is set), SearXNG (iff a
    URL is set), DuckDuckGo, Wikipedia, arXiv (while their flags are on). Builds no connection yet."""
    limits = Limits.from_settings(cfg)
    out: list[GuardedProvider] = []
    key = cfg.tavily_api_key.get_secret_value().strip() if cfg.tavily_api_key is not None else ""
    if key:
        out.append(TavilyProvider(key, base_url=cfg.tavily_url, search_depth=cfg.tavily_search_depth, limits=limits))
    if cfg.searxng_url:
        out.append(SearxngProvider(cfg.searxng_url, limits=limits))
    if cfg.duckduckgo:
        out.append(DuckDuckGoProvider(cfg.duckduckgo_url, limits=limits))
    if cfg.wikipedia:
        out.append(WikipediaProvider(cfg.wikipedia_url, limits=limits))
    if cfg.arxiv:
        out.append(ArxivProvider(cfg.arxiv_url, limits=Limits.from_settings(
            cfg, min_interval_s=cfg.arxiv_min_interval_s)))
    return out


# ---- per-run search engines (RunRequested.providers) ----
def switched_on(providers: list[GuardedProvider], allowed: Iterable[str] | None) -> list[GuardedProvider]:
    """The ``providers`` a run may use: all of them when ``allowed`` is None (the request named none), else those
    whose ``name`` is in ``allowed`` (a switched-off provider is never asked), in the same order."""
    if allowed is None:
        return list(providers)
    names = set(allowed)
    return [p for p in providers if p.name in names]


def switched_off_note(scope: str, configured: list[GuardedProvider], allowed: Iterable[str] | None) -> list[str]:
    """The ``providers_failed`` line of a web (or both) run whose request switched off every configured web
    provider: ``["web: tavily not configured on this server (...)"]`` when it named web providers this server
    lacks, ``["web: switched off by the run (...)"]`` when it named none; [] otherwise."""
    if allowed is None or scope not in ("web", "both") or not configured or switched_on(configured, allowed):
        return []
    names = ", ".join(p.name for p in configured)
    wanted = [name for name in allowed if name not in ("memory", "local")]
    if wanted:  # the run asked for web providers this server does not have (Tavily without a key, ...)
        return [f"web: {', '.join(wanted)} not configured on this server (configured web providers: {names})"]
    return [f"web: switched off by the run (its providers leave out every configured web provider: {names})"]

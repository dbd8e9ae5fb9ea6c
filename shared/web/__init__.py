"""The search side of the web: providers (Tavily, SearXNG, DuckDuckGo, Wikipedia, arXiv), fusion of their
ranked lists, and the grading of what they return. See ``providers``, ``fusion`` and ``quality``."""

from shared.web.fusion import canonical_url, fuse, in_sites, url_key
from shared.web.providers import (
    ArxivProvider, DuckDuckGoProvider, GuardedProvider, Limits, ProviderError, SearchProvider, SearxngProvider,
    TavilyProvider, WebHit, WikipediaProvider, configured_providers, shorten_query,
)
from shared.web.quality import Grade, NearDuplicates, diagnostics, grade_hit, hop_verdict, rewrite_query

__all__ = [
    "ArxivProvider", "DuckDuckGoProvider", "Grade", "GuardedProvider", "Limits", "NearDuplicates", "ProviderError",
    "SearchProvider", "SearxngProvider", "TavilyProvider", "WebHit", "WikipediaProvider", "canonical_url",
    "configured_providers", "diagnostics", "fuse", "grade_hit", "hop_verdict", "in_sites", "rewrite_query",
    "shorten_query", "url_key",
]

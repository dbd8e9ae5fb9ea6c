"""Document fetching (HTTP with SSRF policy) and local file parsing for Assay.

Public API::

    FetchError                      # .reason machine code, .message, .url, .status
    AddressPolicy(allow=())         # await policy.check_url(url)
    FetchLimits, FetchedDocument
    await fetch_document(url, client=..., policy=..., limits=..., user_agent=...)
    Scraper(policy=..., options=ScrapeOptions(...), user_agent=...)   # await scraper.fetch(url)
        robots.txt (RobotsCache), per-host slots and back-off (HostLimiter), retries on 429/503,
        Chromium rendering of script-built pages (BrowserRenderer)
    ParsedDocument, parse_file(path), parse_json_records(path), iter_corpus_files(root)
"""

from services.scraper.fetch.browser import BrowserRenderer, RenderedPage
from services.scraper.fetch.errors import FetchError
from services.scraper.fetch.files import (
    EXTRACTION_VERSION,
    SUPPORTED_SUFFIXES,
    ParsedDocument,
    iter_corpus_files,
    parse_file,
    parse_json_records,
)
from services.scraper.fetch.hosts import HostLimiter, host_key
from services.scraper.fetch.http import DEFAULT_USER_AGENT, FetchedDocument, FetchLimits, fetch_document
from services.scraper.fetch.policy import AddressPolicy, is_forbidden_address
from services.scraper.fetch.robots import RobotsCache, RobotsVerdict
from services.scraper.fetch.scraper import ScrapeOptions, Scraper

__all__ = [
    "AddressPolicy",
    "BrowserRenderer",
    "HostLimiter",
    "RenderedPage",
    "RobotsCache",
    "RobotsVerdict",
    "ScrapeOptions",
    "Scraper",
    "host_key",
    "DEFAULT_USER_AGENT",
    "EXTRACTION_VERSION",
    "FetchError",
    "FetchLimits",
    "FetchedDocument",
    "ParsedDocument",
    "SUPPORTED_SUFFIXES",
    "fetch_document",
    "is_forbidden_address",
    "iter_corpus_files",
    "parse_file",
    "parse_json_records",
]

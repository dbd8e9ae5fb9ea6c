"""Document fetching (HTTP with SSRF policy) and local file parsing for Assay.

Public API::

    FetchError                      # .reason machine code, .message, .url, .status
    AddressPolicy(allow=())         # await policy.check_url(url)
    FetchLimits, FetchedDocument
    await fetch_document(url, client=..., policy=..., limits=..., user_agent=...)
    ParsedDocument, parse_file(path), parse_json_records(path), iter_corpus_files(root)
"""

from shared.fetch.errors import FetchError
from shared.fetch.files import (
    SUPPORTED_SUFFIXES,
    ParsedDocument,
    iter_corpus_files,
    parse_file,
    parse_json_records,
)
from shared.fetch.http import DEFAULT_USER_AGENT, FetchedDocument, FetchLimits, fetch_document
from shared.fetch.policy import AddressPolicy, is_forbidden_address

__all__ = [
    "AddressPolicy",
    "DEFAULT_USER_AGENT",
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

"""Settings: pydantic-settings classes read from the environment (and ``.env``), never written to it.

``CommonSettings`` (prefix ``ASSAY_``) says where the bus, the store and the data directory are; each service
has its own class with its own prefix (``ASSAY_SCRAPER_``, ...). Tests build them from keyword arguments:
``CommonSettings(_env_file=None, data_dir=tmp)``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import AliasChoices, Field, SecretStr, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from contracts.domains import DOMAIN_SERVICES
from shared.llm.config import LlmSettings, StrList


def opensearch_url(value: str) -> str:
    """``value`` (``ASSAY_OPENSEARCH_URL``) stripped, checked to be ``http(s)://host[:port][/path]``.

    Raises: ValueError naming ``ASSAY_OPENSEARCH_URL`` and what is wrong."""
    url = value.strip().rstrip("/")
    parts = urlsplit(url)
    why = ""
    if parts.scheme not in ("http", "https"):
        why = f"scheme {parts.scheme or '(none)'!r} is not http or https"
    elif not parts.hostname:
        why = "no host"
    else:
        try:
            port = parts.port
        except ValueError:
            port = -1
        if port is not None and not 1 <= port <= 65535:
            why = "the port is not a number in 1-65535"
        elif parts.query or parts.fragment:
            why = "it takes no ?query or #fragment"
    if why:
        raise ValueError(f"ASSAY_OPENSEARCH_URL {value!r}: {why} (example: http://opensearch:9200)")
    return url


class CommonSettings(BaseSettings):
    """Where things are. With ``nats_url`` and ``database_url`` unset, the embedded launcher starts NATS and
    PostgreSQL itself in ``data_dir``."""

    model_config = SettingsConfigDict(env_prefix="ASSAY_", env_file=".env", extra="ignore",
                                      env_ignore_empty=True)

    data_dir: Path = Field(Path(".assay"), description="Embedded servers' data and the run outputs")
    nats_url: str | None = Field(None, description="nats://host:port; unset = embedded NATS server")
    database_url: str | None = Field(
        None, description="postgresql://user:password@host:port/db; unset = embedded PostgreSQL"
    )
    event_stream: str = "ASSAY_EVT"

    @field_validator("nats_url")
    @classmethod
    def _nats_urls(cls, value: str | None) -> str | None:
        """Each comma-separated NATS address must be ``nats://`` (or ``tls://``, ``ws://``, ``wss://``) with a
        host and a port in 1-65535. Raises ValueError naming the bad address (an operator trial's ``htp://nope:99999``
        was accepted and the service hung)."""
        if value is None:
            return None
        for address in (u.strip() for u in value.split(",")):
            if not address:
                continue
            parts = urlsplit(address)
            if parts.scheme not in ("nats", "tls", "ws", "wss"):
                raise ValueError(f"{address!r}: scheme {parts.scheme or '(none)'!r} is not nats, tls, ws or wss "
                                 "(example: nats://127.0.0.1:4222)")
            try:
                port = parts.port
            except ValueError:
                raise ValueError(f"{address!r}: the port is not a number in 1-65535") from None
            if not parts.hostname:
                raise ValueError(f"{address!r}: no host (example: nats://127.0.0.1:4222)")
            if port is not None and port < 1:
                raise ValueError(f"{address!r}: the port is not a number in 1-65535")
        return value

    # ---- OpenSearch memory projection (shared/memory/opensearch.py) ----
    opensearch_url: str | None = Field(None, description="http(s)://host:port of OpenSearch; set = the indexer "
                                       "also projects research memory there and memory searches ask it first")

    @field_validator("opensearch_url")
    @classmethod
    def _opensearch_url(cls, value: str | None) -> str | None:
        """``ASSAY_OPENSEARCH_URL`` must be ``http(s)://host[:port]`` (ValueError naming the variable otherwise)."""
        if value is None:
            return None
        return opensearch_url(value)

    command_stream: str = "ASSAY_CMD"
    dedup_window_s: float = Field(600.0, description="JetStream Nats-Msg-Id de-duplication window, seconds")
    ack_wait_s: float = Field(30.0, description="Redelivery delay of an unacknowledged message, seconds")
    max_deliver: int = Field(5, description="Deliveries of one message before it is given up on")
    publish_attempts: int = Field(5, ge=1, le=50, description="Attempts of one JetStream publish that times out or "
                                  "finds no responder (safe: Nats-Msg-Id de-duplicates a repeat)")
    publish_backoff_s: float = Field(0.2, gt=0, le=30, description="First wait between publish attempts, seconds "
                                     "(doubling, at most 5 s)")
    relay_interval_s: float = Field(0.05, gt=0, description="Poll interval of the event relay while its LISTEN "
                                    "connection is down, seconds")
    relay_hand_over: bool = Field(True, description="The event relay publishes the events its own process's store "
                                  "commits as they are handed to it after the commit (shared.runtime.EventRelay), "
                                  "instead of reading them back from the log on the store's NOTIFY")
    relay_safety_interval_s: float = Field(1.0, gt=0, description="Poll interval of the event relay while it is "
                                           "woken by the store's NOTIFY (the safety net), seconds")
    store_retries: int = Field(20, description="Retries of a conflicting write to one run's stream")
    store_attempts: int = Field(5, ge=1, le=50, description="Attempts of an event-store call that meets a "
                                "transient PostgreSQL error (connection reset, serialization failure, ...)")
    store_backoff_s: float = Field(0.1, gt=0, le=30, description="First wait between event-store attempts, "
                                   "seconds (doubling, at most 5 s)")
    # ---- reliability (issue 11) ----
    outage_wait_s: float = Field(120.0, ge=0, le=86_400, description="How long a handler that meets PostgreSQL or "
                                 "NATS down waits in place (retrying with back-off, keeping its message) before the "
                                 "message is redelivered, seconds; each of the max_deliver deliveries waits as long")
    unit_workers: int = Field(16, ge=1, le=256, description="Work units handled at once per consumer and process "
                              "(the consumer's in-flight limit; 16: see worker_threads)")
    event_workers: int = Field(2, ge=1, le=64, description="Events handled at once per fan-out consumer and process")
    # ---- concurrency sized to the work (issue 10, item 4; defaults measured: tests/bench/test_bench_replicas.py) ----
    # measured with one verifier process on a 240-claim run, 2 cores at load 30 (a claim's time is ~90% waiting on
    # PostgreSQL): unit_workers:worker_threads 8:6 (the old limits) 9.5 claims/s, 8:16 10.6, 16:16 17.7, 32:32 19.3
    worker_threads: int = Field(16, ge=1, le=256, description="Threads of a process's worker pool: the blocking "
                                "calls of every handler (event store, documents, the offline engines) run there")
    # ---- CPU-bound engines and the GIL (issue 10, item 4; shared.cpu; measured: tests/bench/test_bench_pipeline.py) ----
    cpu_threads: int = Field(1, ge=1, le=256, description="CPU-bound offline engine calls (claim extraction, "
                             "entailment) run at once on a process's worker threads when cpu_processes is 0: more "
                             "gain nothing (one GIL) and make the event loop and the store's writers wait behind them")
    cpu_processes: int = Field(0, ge=0, le=64, description="Worker processes of a service process for those calls "
                               "(0: none, they run on threads as cpu_threads says)")
    cpu_nice: int = Field(5, ge=0, le=19, description="Niceness added to those worker processes, so the service "
                          "process's own wake-ups (relay, consumers, writers) come first on a busy machine")
    fetch_batch: int = Field(1, ge=1, le=256, description="Messages a consumer's fetch asks for at once (at most its "
                             "free worker slots); after a fetch, a consumer of several at once takes every message "
                             "then waiting, up to its free slots, in one more round trip (shared.consumers). nats-py's "
                             "batch fetch returns only once the whole batch came or its timeout passed: 1 stays")
    switch_interval_ms: float = Field(1.0, gt=0, le=100, description="CPython's GIL switch interval in a service "
                                      "process, milliseconds (Python's default 5: a thread woken by the network "
                                      "waits up to that long behind a computing one)")
    gc_freeze: bool = Field(True, description="Freeze what a service process holds once started (gc.freeze, once a "
                            "process: shared.heap), so the collector's full passes scan only what came after: "
                            "0.14-0.30 s pauses every few hundred claims fell to 14-50 ms")
    # ---- dead letters, metrics, traces, cluster (issue 11, items 4-6) ----
    dead_letter_stream: str = Field("ASSAY_DLQ", description="JetStream stream of dead-lettered messages "
                                    "(assay.dlq.<original subject>)")
    poison_deliveries: int = Field(3, ge=1, le=100, description="Deliveries of a message whose handler keeps "
                                   "raising (not a transient outage) before it is dead-lettered with the reason")
    poison_delay_s: float = Field(0.5, ge=0, le=600, description="First redelivery pause of such a message, "
                                  "seconds (doubling each delivery)")
    stream_replicas: int = Field(1, ge=1, le=5, description="Replicas of each JetStream stream (3 on a 3-node "
                                 "NATS cluster)")
    metrics_port: int | None = Field(None, ge=0, le=65535, description="Serve Prometheus /metrics on this port "
                                     "(0: any free port, logged); unset: no metrics endpoint")
    metrics_host: str = Field("127.0.0.1", description="Address the /metrics endpoint binds to")
    trace_exporter: Literal["none", "console", "otlp"] = Field("none", description="OpenTelemetry span exporter "
                                                                "(otlp: OTEL_EXPORTER_OTLP_ENDPOINT)")


class PlannerSettings(BaseSettings):
    """Planner knobs (prefix ``ASSAY_PLANNER_``)."""

    model_config = SettingsConfigDict(env_prefix="ASSAY_PLANNER_", env_file=".env", extra="ignore",
                                      env_ignore_empty=True)


class GathererSettings(BaseSettings):
    """Gatherer knobs (prefix ``ASSAY_GATHERER_``) and the web search providers.

    Providers of a web-scope run: Tavily iff ``TAVILY_API_KEY`` is set (no other flag); SearXNG iff
    ``SEARXNG_URL`` is set; DuckDuckGo, Wikipedia and arXiv while their flags are on (default). Every base URL
    is a setting, so tests point them at 127.0.0.1. Tests: ``GathererSettings(_env_file=None, tavily_api_key=None)``
    (keyword arguments by field name win over the environment).
    """

    model_config = SettingsConfigDict(env_prefix="ASSAY_GATHERER_", env_file=".env", extra="ignore",
                                      validate_by_name=True, validate_by_alias=True, env_ignore_empty=True)
    results_per_query: int = Field(8, ge=1, le=100)
    max_hops: int = Field(2, ge=1, le=5, description="Searches per sub-query, the first included")
    tavily_api_key: SecretStr | None = Field(
        None, validation_alias=AliasChoices("TAVILY_API_KEY", "ASSAY_GATHERER_TAVILY_API_KEY"),
        description="Tavily API key; set = Tavily is used (first) in web-scope runs")
    tavily_url: str = Field("https://api.tavily.com", description="Tavily API base URL")
    tavily_search_depth: Literal["basic", "advanced"] = "basic"
    tavily_research: bool = Field(False, description="Deep runs also delegate the question to Tavily /research")
    tavily_research_timeout_s: float = Field(90.0, gt=0, description="Wait for a /research task, seconds")
    tavily_research_poll_s: float = Field(2.0, gt=0, description="Poll interval of a /research task, seconds")
    searxng_url: str | None = Field(
        None, validation_alias=AliasChoices("SEARXNG_URL", "ASSAY_GATHERER_SEARXNG_URL"),
        description="SearXNG instance base URL (its JSON API must be enabled); set = SearXNG is used")
    duckduckgo: bool = True
    duckduckgo_url: str = Field("https://html.duckduckgo.com", description="DuckDuckGo HTML endpoint base URL")
    wikipedia: bool = True
    wikipedia_url: str = Field("https://{lang}.wikipedia.org",
                               description="MediaWiki site base URL; {lang} = the run's language")
    arxiv: bool = True
    arxiv_url: str = Field("https://export.arxiv.org/api/query", description="arXiv Atom API URL")
    arxiv_min_interval_s: float = Field(3.0, ge=0, description="arXiv's asked-for pause between requests, seconds")
    provider_timeout_s: float = Field(10.0, gt=0, description="One provider request, seconds")
    rate_limit_retries: int = Field(2, ge=0, le=10, description="Retries of a rate-limited request")
    backoff_initial_s: float = Field(1.0, ge=0, description="First backoff after a rate limit, seconds")
    backoff_max_s: float = Field(8.0, ge=0, description="Longest single backoff (Retry-After is capped by it)")
    cooldown_s: float = Field(60.0, ge=0, description="A provider that stayed rate limited is skipped this long")
    near_duplicate_jaccard: float = Field(0.8, gt=0, le=1, description="MinHash Jaccard at which hits are dupes")


#: what a registry's base URL looks like, for the error saying it is not one
_REGISTRY_EXAMPLES = {"crossref_url": "https://api.crossref.org",
                      "pubmed_url": "https://eutils.ncbi.nlm.nih.gov/entrez/eutils",
                      "arxiv_url": "https://export.arxiv.org/api/query"}


def registry_url(value: str, field: str = "") -> str:
    """``value`` as a metadata registry's base URL (CrossRef, E-utilities, arXiv): stripped of whitespace and a
    trailing ``/``. Raises ValueError saying what is wrong (not http(s), no host, a bad port, a query or
    fragment) and what a good one looks like."""
    text = (value or "").strip()
    example = _REGISTRY_EXAMPLES.get(field, "https://api.crossref.org")
    try:
        parts = urlsplit(text)
    except ValueError as exc:  # e.g. an unclosed IPv6 bracket
        raise ValueError(f"{value!r} is not a usable base URL ({exc}); give one such as {example}") from None
    try:
        port_ok = parts.port is None or parts.port > 0
    except ValueError:  # not a number, or out of range
        port_ok = False
    if parts.scheme not in ("http", "https"):
        why = f"scheme {parts.scheme!r} is not http or https" if parts.scheme else "it has no http:// or https://"
    elif not parts.hostname:
        why = "it names no host"
    elif not port_ok:
        why = "its port is not a number from 1 to 65535"
    elif parts.query or parts.fragment:
        why = "a base URL takes no ?query or #fragment"
    else:
        return text.rstrip("/")
    raise ValueError(f"{value!r} is not a usable base URL ({why}); give one such as {example}")


class ScraperSettings(BaseSettings):
    """Scraper knobs (prefix ``ASSAY_SCRAPER_``). ``allow_hosts`` lifts the private-address refusal for
    the hosts, IPs or CIDRs listed (in the environment a JSON list or comma-separated: ``127.0.0.1,10.0.0.0/8``)."""

    model_config = SettingsConfigDict(env_prefix="ASSAY_SCRAPER_", env_file=".env", extra="ignore",
                                      env_ignore_empty=True)
    allow_hosts: StrList = ()
    connect_timeout_s: float = 5.0
    read_timeout_s: float = 15.0
    total_timeout_s: float = 30.0
    max_bytes: int = 10_000_000
    max_redirects: int = 5
    respect_robots: bool = Field(True, description="Honour robots.txt (refused pages fail robots_disallowed)")
    robots_ttl_s: float = Field(3600.0, gt=0, description="How long a host's robots.txt is cached, seconds")
    per_host_concurrency: int = Field(2, ge=1, le=64, description="Requests in flight per host, per process")
    max_retries: int = Field(2, ge=0, le=10, description="Retries after 429/503 before rate_limited")
    backoff_base_s: float = Field(0.5, ge=0, description="First back-off when no Retry-After is given")
    max_retry_after_s: float = Field(10.0, ge=0, description="Longest Retry-After waited for; longer fails")
    render: bool = Field(True, description="Render script-built pages in Chromium (Playwright)")
    render_min_chars: int = Field(200, ge=0, description="Render when the HTTP text is shorter than this")
    render_timeout_s: float = Field(20.0, gt=0, description="Deadline of one browser render, seconds")
    browser_executable: str = Field("/usr/bin/chromium", description="Chromium binary for Playwright")
    browser_max_pages: int = Field(4, ge=1, le=64, description="Browser pages rendering at once, per process")
    deadline_s: float = Field(90.0, gt=0, description="Whole-source deadline (retries and rendering included)")
    # -- scholarly sources (services/scraper/scholarly.py): a source's DOI looked up in CrossRef
    crossref: bool = Field(True, description="Look up a source's DOI in CrossRef (metadata, retractions)")
    crossref_url: str = Field("https://api.crossref.org", description="CrossRef REST API base URL")
    crossref_mailto: str | None = Field(None, description="Contact address sent to CrossRef (its polite pool)")
    crossref_timeout_s: float = Field(10.0, gt=0, description="Deadline of one CrossRef lookup, seconds")
    # -- PubMed and arXiv lookups, and the registry answers' cache (services/scraper/pubmed.py, arxiv.py)
    pubmed: bool = Field(True, description="Look up a source's PMID / PMCID in NCBI E-utilities (retractions)")
    pubmed_url: str = Field("https://eutils.ncbi.nlm.nih.gov/entrez/eutils", description="E-utilities base URL")
    pubmed_email: str | None = Field(None, description="Contact address sent to NCBI with tool=assay")
    arxiv_lookup: bool = Field(True, description="Look up an arXiv id in the arXiv API (metadata, withdrawn)")
    arxiv_url: str = Field("https://export.arxiv.org/api/query", description="arXiv Atom API URL")
    registry_cache_ttl_s: float = Field(86400.0, ge=0, description="How long CrossRef / PubMed / arXiv answers "
                                        "are kept in PostgreSQL (registry_lookups), seconds; 0 = never kept")
    # -- a local run reaches no server (fix-memcli): identifiers found in local corpus documents of a run of scope
    # ``local`` are looked up only when this is on; off, their retraction status is "not checked" and says why
    local_lookups: bool = Field(False, description="Look up the DOIs / PubMed / arXiv ids of local corpus documents "
                                "in CrossRef, PubMed and arXiv in a run of scope local too (off: a local run reaches "
                                "no server and such a document's retraction status is not checked)")

    @field_validator("crossref_url", "pubmed_url", "arxiv_url")
    @classmethod
    def _registry_url(cls, value: str, info: ValidationInfo) -> str:
        """A registry's base URL must be usable before anything starts: ``http(s)://host[:port][/path]``
        (whitespace and a trailing ``/`` dropped). Raises ValueError naming the value otherwise."""
        return registry_url(value, str(info.field_name))


class ExtractorSettings(BaseSettings):
    """Claim-extractor knobs (prefix ``ASSAY_EXTRACTOR_``)."""

    model_config = SettingsConfigDict(env_prefix="ASSAY_EXTRACTOR_", env_file=".env", extra="ignore",
                                      env_ignore_empty=True)
    max_claims_per_source: int = Field(8, ge=1, le=200, description="Prose claims kept per source (the most relevant to "
                                       "the question); a table's rows and label lines are capped apart at the same "
                                       "number (offline extractor)")
    context_tokens: int = Field(4096, ge=512, description="Context window (tokens) assumed for an extractor model "
                                                          "litellm does not know; the source text is trimmed to it")


class VerifierSettings(BaseSettings):
    """Verifier knobs (prefix ``ASSAY_VERIFIER_``)."""

    model_config = SettingsConfigDict(env_prefix="ASSAY_VERIFIER_", env_file=".env", extra="ignore",
                                      env_ignore_empty=True)
    samples: int = Field(5, ge=1, le=25, description="Evidence resamples per claim")
    candidates: int = Field(8, ge=1, le=50, description="Evidence sentences retrieved per claim")
    llm_samples: int = Field(3, ge=1, le=10, description="Model samples per claim (SelfCheckGPT-style)")
    llm_temperature: float = Field(0.3, ge=0, le=2, description="Temperature of those samples")
    llm_passages: int = Field(4, ge=1, le=12, description="Evidence passages shown to the model per claim")
    reuse_ttl_s: float = Field(7 * 86400.0, ge=0, description="Reuse a verdict of the same claim on the same "
                               "evidence text made at most this long ago, seconds (0: never reuse)")


class SynthesizerSettings(BaseSettings):
    """Synthesizer knobs (prefix ``ASSAY_SYNTHESIZER_``)."""

    model_config = SettingsConfigDict(env_prefix="ASSAY_SYNTHESIZER_", env_file=".env", extra="ignore",
                                      env_ignore_empty=True)
    max_report_claims: int = Field(12, ge=1, le=200)
    llm_max_claims: int = Field(40, ge=1, le=200, description="Verified claims a model-written report may use")
    section_max_tokens: int = Field(1024, ge=64, description="Output cap of one section's model call, tokens")
    context_tokens: int = Field(4096, ge=512, description="Context window (tokens) assumed for a model litellm "
                                                          "does not know; the claims shown are trimmed to it")
    # domain services (contracts.domains): the report of a plan in one of these domains waits for its analysis
    domain_services: StrList = Field(
        default_factory=lambda: tuple(DOMAIN_SERVICES),
        description="Plan domains whose report waits (until the run's deadline) for the domain service's "
                    "DomainAnalysisCompleted; empty: never wait (no domain service deployed)")


# ---- gateway (services/gateway: the HTTP API and the web app) ------------------------------------------------
class GatewaySettings(BaseSettings):
    """Gateway knobs (prefix ``ASSAY_GATEWAY_``): where the HTTP API listens, keys and the per-key rate limit.

    ``allow_anonymous``: requests without an API key are served (as the one local user); meant for the embedded
    default on 127.0.0.1 (``assay web`` sets it), never for a gateway reachable from other machines. The rate limit
    is a token bucket per key (and one for the anonymous user), kept in PostgreSQL so that every gateway process on
    the database spends from the same bucket (``rate_limit_shared``; False: one bucket per process):
    ``rate_limit_per_minute`` requests a minute on average, up to ``rate_limit_burst`` at once; past it a request
    gets 429 with Retry-After.
    """

    model_config = SettingsConfigDict(env_prefix="ASSAY_GATEWAY_", env_file=".env", extra="ignore",
                                      env_ignore_empty=True)
    host: str = Field("127.0.0.1", description="Address the gateway listens on")
    port: int = Field(8765, ge=0, le=65535, description="Port the gateway listens on (0: any free port)")
    allow_anonymous: bool = Field(False, description="Serve requests without an API key (local use only)")
    rate_limit_per_minute: float = Field(120.0, gt=0, le=1_000_000, description="Requests a minute per key")
    rate_limit_burst: int = Field(30, ge=1, le=100_000, description="Requests a key may make at once")
    rate_limit_shared: bool = Field(True, description="Keep the rate limit's buckets in PostgreSQL, shared by every "
                                    "gateway process on the database (False: each process limits on its own)")
    max_body_bytes: int = Field(1_000_000, ge=1024, description="Largest request body accepted, bytes")
    sse_ping_s: float = Field(15.0, gt=0, description="Keep-alive comment interval of an event stream, seconds")
    sse_poll_s: float = Field(1.0, gt=0, description="Safety-net re-read of a followed run's events, seconds "
                              "(new events are announced at once by the event store's NOTIFY)")
    # ---- chat (services/gateway/chat.py)
    chat_research_timeout_s: float = Field(120.0, gt=0, le=3600, description="A chat turn without streaming "
                                           "waits this long for its research run, then answers with the run handle")


# ---- research memory (shared/memory) ----------------------------------------------------------------------
class MemorySettings(BaseSettings):
    """Research memory knobs (prefix ``ASSAY_MEMORY_``; ``shared.memory``)."""

    model_config = SettingsConfigDict(env_prefix="ASSAY_MEMORY_", env_file=".env", extra="ignore",
                                      env_ignore_empty=True)
    enabled: bool = Field(True, description="Runs with scope local or both search memory (a request may opt out)")
    results: int = Field(5, ge=1, le=50, description="Memory hits per search of a sub-query")
    embed_model: str | None = Field(None, description="Embedding model through litellm (e.g. ollama/nomic-embed-"
                                                      "text); unset = WordLlama from its wheel, offline")
    embed_api_base: str | None = Field(None, description="API base URL of that embedding model")
    embed_api_key: SecretStr | None = Field(None, description="API key of that embedding model")
    # the question cache (shared.memory.questions): assay run answers a question asked before from its report
    question_cache: bool = Field(True, description="Answer a question asked before (same parameters) from the "
                                                   "earlier run's report unless --fresh")
    question_cache_ttl_s: float = Field(7 * 24 * 3600.0, gt=0, description="Oldest past run that may answer, seconds")
    question_cache_similarity: float = Field(0.9, ge=0.0, le=1.0, description="Least embedding cosine of a "
                                             "near-identical question (its words must also agree)")


# ---- domain-code (services/domain_code) ---------------------------------------------------------------------
class DomainCodeSettings(BaseSettings):
    """The code domain's knobs (prefix ``ASSAY_CODE_``): the registries' base URLs (tests point them at
    127.0.0.1), pip's index for the throwaway installs, and the snippet sandbox's limits."""

    model_config = SettingsConfigDict(env_prefix="ASSAY_CODE_", env_file=".env", extra="ignore",
                                      env_ignore_empty=True)
    pypi_url: str = Field("https://pypi.org", description="PyPI JSON API base URL (GET /pypi/<name>/json)")
    npm_url: str = Field("https://registry.npmjs.org", description="npm registry base URL (GET /<name>, search)")
    npm_downloads_url: str = Field("https://api.npmjs.org", description="npm download counts API base URL")
    crates_url: str = Field("https://crates.io", description="crates.io base URL (GET /api/v1/crates/<name>)")
    pip_index_url: str = Field("https://pypi.org/simple", description="pip's index (PEP 503) for throwaway installs")
    registry_timeout_s: float = Field(10.0, gt=0, description="One registry request, seconds")
    max_packages: int = Field(6, ge=1, le=20, description="Candidate packages surveyed per run")
    introspect_packages: int = Field(2, ge=0, le=6, description="Best PyPI candidates installed and introspected")
    signatures_per_package: int = Field(12, ge=1, le=100, description="Signatures kept per introspected module")
    install_only_binary: bool = Field(True, description="Install wheels only (an sdist's build runs its code here)")
    install_timeout_s: float = Field(120.0, gt=0, description="One throwaway pip install, seconds")
    snippet_timeout_s: float = Field(20.0, gt=0, description="Wall-clock limit of each sandbox step, seconds")
    snippet_memory_mb: int = Field(512, ge=64, description="Address-space limit of a snippet's run, MiB")
    checker_memory_mb: int = Field(2048, ge=256, description="Address-space limit of the type checker, MiB")
    run_snippets: bool = Field(True, description="Run Python snippets in the sandbox after their checks")
    repair_attempts: int = Field(1, ge=0, le=5, description="Model repairs of a failing snippet before it is "
                                 "shown as failing")


# ---- domain-shopping (services/domain_shopping) -----------------------------------------------------------
class DomainShoppingSettings(BaseSettings):
    """The shopping domain's knobs (prefix ``ASSAY_SHOPPING_``): the user's currency and the dated reference-rates
    table prices are converted with (nothing is downloaded: point it at a saved ECB eurofxref XML or CSV)."""

    model_config = SettingsConfigDict(env_prefix="ASSAY_SHOPPING_", env_file=".env", extra="ignore",
                                      env_ignore_empty=True)
    currency: str | None = Field(None, pattern=r"^[A-Za-z]{3}$", description="The user's currency (ISO 4217) "
                                 "when the question names none; unset = the question's budget currency, else the "
                                 "currency most offers are in, else (no currency has the most) default_currency")
    default_currency: str = Field("USD", pattern=r"^[A-Za-z]{3}$", description="The comparison currency (ISO 4217) "
                                  "when neither the question's budget nor ASSAY_SHOPPING_CURRENCY names one and no "
                                  "currency has the most offers (one offer in EUR, one in USD): never one of the tied "
                                  "currencies picked by its name")
    rates_file: Path | None = Field(None, description="Reference rates table (ECB eurofxref XML or CSV, rates per "
                                    "1 EUR; the latest day in it is used and said); unset = no conversion")


class ServiceSettings(BaseSettings):
    """All services' settings together, as the embedded default and ``assay serve`` use them."""

    model_config = SettingsConfigDict(extra="ignore")
    common: CommonSettings = Field(default_factory=CommonSettings)
    planner: PlannerSettings = Field(default_factory=PlannerSettings)
    gatherer: GathererSettings = Field(default_factory=GathererSettings)
    scraper: ScraperSettings = Field(default_factory=ScraperSettings)
    extractor: ExtractorSettings = Field(default_factory=ExtractorSettings)
    verifier: VerifierSettings = Field(default_factory=VerifierSettings)
    synthesizer: SynthesizerSettings = Field(default_factory=SynthesizerSettings)
    llm: LlmSettings = Field(default_factory=LlmSettings, description="Model gateway (shared.llm.config)")
    gateway: GatewaySettings = Field(default_factory=GatewaySettings, description="The HTTP API (services/gateway)")
    memory: MemorySettings = Field(default_factory=MemorySettings, description="Research memory (shared.memory)")
    code: DomainCodeSettings = Field(default_factory=DomainCodeSettings, description="The code domain service")
    shopping: DomainShoppingSettings = Field(default_factory=DomainShoppingSettings,
                                             description="The shopping domain service")

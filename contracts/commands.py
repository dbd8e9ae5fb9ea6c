"""Commands: imperative requests for one unit of work, sent on JetStream work subjects.

Each command is consumed by a durable pull consumer shared by all replicas of one service.
"""

from __future__ import annotations

import re
import unicodedata
from typing import ClassVar, Literal
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from contracts.base import Contract

MAX_QUESTION_CHARS = 2000


def text_fault(value: str) -> str | None:
    """Why ``value`` cannot be stored as text (PostgreSQL text and JSON refuse NUL; lone surrogates are not
    Unicode), or None when it can: control characters other than tab, newline and carriage return are refused."""
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in value):
        return "is not valid Unicode text (lone surrogate)"
    bad = next((i for i, ch in enumerate(value) if unicodedata.category(ch) == "Cc" and ch not in "\t\n\r"), None)
    if bad is not None:
        return f"contains control characters (the first: U+{ord(value[bad]):04X} at character {bad + 1})"
    return None


class Budget(BaseModel):
    """Limits for one run. ``seconds`` is wall-clock time from the run's start; ``tokens``/``usd`` bound
    model use (ignored by the offline engine, which spends none)."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)
    seconds: float = Field(120.0, gt=0, le=86_400, allow_inf_nan=False, description="Wall-clock budget, seconds")
    tokens: int | None = Field(None, gt=0, description="LLM token budget (input + output)")
    usd: float | None = Field(None, gt=0, allow_inf_nan=False, description="LLM spend budget, US dollars")


_FENCED = re.compile(r"(```[^\n`]*\n.*?```)", re.S)
#: a web address as a question may hold one: a scheme's (http, https, ftp) or one opening with "www."
_WEB_ADDRESS = re.compile(r"(?:(?:https?|ftp)://|www\.)[^\s<>\"'`]+", re.IGNORECASE)


def only_addresses(question: str) -> list[str]:
    """The web addresses ``question`` consists of ("http://shop.example/p/t5.html", "<https://a.example>,
    www.b.example"), when it holds nothing else but punctuation between and around them; [] when it asks anything in
    words ("Is http://a.example/x.html a good offer?") or holds no address."""
    found = [m.group(0).rstrip(".,;:!?)]}") for m in _WEB_ADDRESS.finditer(question)]
    rest = _WEB_ADDRESS.sub(" ", question)
    if not found or any(unicodedata.category(ch)[0] in "LN" for ch in rest):
        return []
    return found


def address_fault(question: str) -> str | None:
    """Why ``question`` asks nothing when it is only web addresses (:func:`only_addresses`): searched as words, an
    address finds pages that merely look like it (trial t51s fault 3), so the page is to be given as a source and a
    question asked in words. None for a question in words."""
    addresses = only_addresses(question)
    if not addresses:
        return None
    one = len(addresses) == 1
    shown = addresses[0][:200] + ("" if one else f" and {len(addresses) - 1} more")
    return (f"is only {'a web address' if one else 'web addresses'} ({shown}) and asks nothing: give "
            f"{'the page' if one else 'the pages'} to read as {'a source' if one else 'sources'} (assay run --url "
            f"URL, or \"urls\" in the API) and ask a question about {'it' if one else 'them'} in words")


def _spaced(question: str) -> str:
    """``question`` with runs of whitespace made one space, except inside fenced code blocks (```lang ... ```:
    a code question's snippet keeps its lines and indentation, and is fenced on lines of its own)."""
    parts = _FENCED.split(question)
    out = [(f"\n{part.strip()}\n" if i % 2 else " ".join(part.split())) for i, part in enumerate(parts)]
    return "".join(out).strip()


#: the search providers a run may switch on or off (``RunRequested.providers``): the web providers in the gatherer's
#: order of use, research memory and the local corpus
SEARCH_PROVIDERS = ("tavily", "searxng", "duckduckgo", "wikipedia", "arxiv", "memory", "local")
SearchProviderName = Literal["tavily", "searxng", "duckduckgo", "wikipedia", "arxiv", "memory", "local"]


class RunRequested(Contract):
    """Start a research run. Publish on ``assay.cmd.run.v1`` (any NATS client may) with a fresh ``run_id``."""

    SUBJECT: ClassVar[str] = "assay.cmd.run.v1"
    run_id: UUID
    question: str = Field(description=f"The research question, 1-{MAX_QUESTION_CHARS} characters, any script")
    scope: Literal["web", "local", "both"] = "both"
    depth: Literal["quick", "standard", "deep"] = "standard"
    domain: Literal["auto", "general", "shopping", "code"] = "auto"
    max_sources: int = Field(10, ge=1, le=50)
    site_filter: tuple[str, ...] = ()
    language: str | None = Field(None, description="Report language (ISO 639-1); default: the question's")
    verify_claims: bool = True
    budget: Budget = Budget()
    urls: tuple[str, ...] = Field((), description="http(s) URLs to fetch as sources, besides search results")
    corpus: str | None = Field(None, description="Restrict local search to this ingested corpus name")
    # ---- research memory
    memory: bool = Field(True, description="With scope local or both, also search research memory (the pages "
                                           "and evidence of past runs); False keeps the run to fresh sources")
    workspace: str | None = Field(None, max_length=4096, description="A code run's project folder (absolute path on "
                                  "the services' machine): its manifests and lock files are scanned by domain-code")
    # ---- plan review and per-run search engines (the gateway's research view; assay run --review-plan, --providers)
    review_plan: bool = Field(False, description="Stop after PlanCreated until the plan is approved or revised "
                              "(POST /v1/runs/{run_id}/plan, the run page, assay run --review-plan); False: the plan "
                              "goes ahead at once")
    providers: tuple[SearchProviderName, ...] | None = Field(
        None, min_length=1, description="The search providers the run may use (" + ", ".join(SEARCH_PROVIDERS)
        + "); None: every provider the server has configured. A provider left out is never asked")

    @field_validator("question")
    @classmethod
    def _question_is_usable(cls, value: str) -> str:
        fault = text_fault(value)
        if fault:
            raise ValueError(f"question {fault}")
        text = _spaced(value)
        if not any(unicodedata.category(ch)[0] in "LN" for ch in text):
            if not text.strip():
                raise ValueError("question is empty or whitespace (it has no letters or digits)")
            raise ValueError("question is only punctuation, symbols or invisible characters (it has no letters or "
                             "digits): nothing to search for")
        if len(text) > MAX_QUESTION_CHARS:
            raise ValueError(f"question is {len(text)} characters; the limit is {MAX_QUESTION_CHARS}")
        if fault := address_fault(text):
            raise ValueError(f"question {fault}")
        return text

    @field_validator("site_filter", "urls", "language", "corpus", "workspace")
    @classmethod
    def _text_is_storable(cls, value: str | tuple[str, ...] | None) -> str | tuple[str, ...] | None:
        for item in (value,) if isinstance(value, str) else value or ():
            fault = text_fault(item)
            if fault:
                raise ValueError(f"{item!r} {fault}")
        return value

    @field_validator("language")
    @classmethod
    def _language_is_a_tag(cls, value: str | None) -> str | None:
        if value is not None and not re.fullmatch(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*", value.strip()):
            raise ValueError(f"language {value[:40]!r} is not a language code such as 'en', 'de' or 'pt-BR'")
        return None if value is None else value.strip()

    @field_validator("providers")
    @classmethod
    def _providers_once_each(cls, value: tuple[str, ...] | None, info: ValidationInfo) -> tuple[str, ...] | None:
        if value is None:
            return None
        value = tuple(dict.fromkeys(value))
        scope, urls = info.data.get("scope"), info.data.get("urls")
        web = [p for p in value if p not in ("memory", "local")]
        if not urls and scope == "web" and not web:
            raise ValueError("scope web needs a web provider (tavily, searxng, duckduckgo, wikipedia or arxiv); "
                             f"{', '.join(value)} search only local documents and memory")
        if not urls and scope == "local" and not set(value) & {"memory", "local"}:
            raise ValueError("scope local needs local or memory among the providers; "
                             f"{', '.join(value)} search only the web")
        return value

    @field_validator("urls")
    @classmethod
    def _urls_are_http(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for url in value:
            if not url.lower().startswith(("http://", "https://")):
                raise ValueError(f"not an http(s) URL: {url!r}")
        return value


class SearchSubQuery(Contract):
    """Search one sub-query (all hops) for a run; the gatherer records ``SearchCompleted`` per hop."""

    SUBJECT: ClassVar[str] = "assay.cmd.search.v1"
    run_id: UUID
    sub_query_id: str
    text: str
    scope: Literal["web", "local", "both"]
    corpus: str | None = None
    max_results: int = Field(10, ge=1, le=100)
    memory: bool = Field(True, description="Also search research memory (scope local or both)")


class FetchSource(Contract):
    """Fetch one source: an http(s) URL, or ``doc:<sha256>`` for a document of the local corpus."""

    SUBJECT: ClassVar[str] = "assay.cmd.fetch.v1"
    run_id: UUID
    source_id: UUID
    url: str


class VerifyClaim(Contract):
    """Verify one claim of a run against the run's fetched evidence."""

    SUBJECT: ClassVar[str] = "assay.cmd.verify.v1"
    run_id: UUID
    claim_id: UUID

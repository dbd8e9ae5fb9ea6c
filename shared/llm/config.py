"""Model routing: which models each role calls, in which order, and how.

A **role** is one kind of model work (``planner``, ``extractor``, ``verifier``, ``synthesizer``, ``judge``,
``cove``, ``arbiter``). Each role has a :class:`ModelRoute`: an ordered list of :class:`ModelSpec` tried one after
the other; past the last one the caller falls back to the offline engine. A role with no usable model *is* the
offline engine (the default when nothing is configured).

Where the routing comes from (:func:`load_routing`), later layers win per role:

1. The environment (:class:`LlmSettings`) gives the default division of labour:

   - a local model, if ``ASSAY_LLM_LOCAL_BASE_URL`` (any OpenAI-compatible server: llama.cpp, vLLM, LM Studio)
     and/or ``OLLAMA_API_BASE`` is set, first for ``planner``, ``extractor``, ``verifier``;
   - OpenRouter models, if ``OPENROUTER_API_KEY`` is set, first for ``synthesizer``, ``judge``, ``cove``,
     ``arbiter``;
   - each side is the other side's fallback; with neither, every role is offline.

2. A TOML or YAML file (``ASSAY_LLM_CONFIG``) may replace any role's list, set defaults for every model,
   register prices and tune retries::

       [defaults]                       # applied to every model that does not say otherwise
       timeout_s = 45
       max_tokens = 1024

       [retry]
       attempts = 3                     # calls per model on 429/5xx, the first included
       backoff_s = 0.5                  # first wait; doubles up to backoff_max_s
       backoff_max_s = 4.0

       [prices."openai/smollm2"]        # USD per 1M tokens, for models missing from litellm's price map
       input = 0.0
       output = 0.0

       [roles.planner]
       models = [
         { model = "openai/smollm2", api_base = "http://127.0.0.1:8080/v1", max_tokens = 256 },
         { model = "openrouter/openai/gpt-4o-mini", api_key_env = "OPENROUTER_API_KEY" },
       ]

       [roles.judge]
       models = []                      # this role always uses the offline engine

Secrets never sit in the file: a model names the environment variable holding its key (``api_key_env``); the
key is read once, when the routing is loaded, and is never printed.
"""

from __future__ import annotations

import json
import math
import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal, get_args
from urllib.parse import urlsplit

from pydantic import (
    AliasChoices,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
)
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

__all__ = [
    "LOCAL_ROLES", "REMOTE_ROLES", "ROLES", "LlmSettings", "ModelRoute", "ModelSpec", "Role", "RoutingConfig",
    "RoutingError", "StrList", "load_routing", "split_list",
]

Role = Literal["planner", "extractor", "verifier", "synthesizer", "judge", "cove", "arbiter"]


def split_list(value: Any) -> Any:
    """A list setting from the environment: a JSON list (``["a", "b"]``) or comma-separated text (``a, b``).

    Other values (already a list or tuple) pass through. Raises ValueError (json.JSONDecodeError) for text that
    starts with ``[`` but is not valid JSON.
    """
    if not isinstance(value, str):
        return value
    text = value.strip()
    if text.startswith("["):
        return tuple(str(v) for v in json.loads(text))
    return tuple(part.strip() for part in text.split(",") if part.strip())


#: a tuple of strings read from the environment as a JSON list or as comma-separated text
StrList = Annotated[tuple[str, ...], NoDecode, BeforeValidator(split_list)]


ROLES: tuple[Role, ...] = get_args(Role)
LOCAL_ROLES: tuple[Role, ...] = ("planner", "extractor", "verifier")
REMOTE_ROLES: tuple[Role, ...] = ("synthesizer", "judge", "cove", "arbiter")
JsonMode = Literal["json_object", "json_schema", "prompt"]

#: Sent as the key to OpenAI-compatible local servers that need none (litellm insists on some key).
NO_KEY = "sk-no-key"
#: USD per 1M tokens (in, out) of the default OpenRouter models, which litellm's bundled price map lacks.
#: Approximate list prices: override them in the routing file's [prices] table.
DEFAULT_PRICES: dict[str, tuple[float, float]] = {
    "openrouter/openai/gpt-4o-mini": (0.15, 0.60),
    "openrouter/meta-llama/llama-3.3-70b-instruct": (0.13, 0.40),
}


def _http_url(value: str | None) -> str | None:
    """A server's base URL: http(s)://host[:port][/path], stripped. Raises ValueError otherwise."""
    if value is None:
        return None
    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{value!r} is not an http(s) URL such as http://127.0.0.1:8080/v1")
    return value.strip()


class RoutingError(ValueError):
    """The routing file cannot be read or does not describe a valid routing (one line saying what is wrong)."""


class LlmSettings(BaseSettings):
    """Model gateway settings (prefix ``ASSAY_LLM_``; the provider variables keep their usual names).

    Tests build it from keyword arguments: ``LlmSettings(_env_file=None, local_base_url=server.base_url)``.
    """

    model_config = SettingsConfigDict(env_prefix="ASSAY_LLM_", env_file=".env", extra="ignore",
                                      populate_by_name=True, env_ignore_empty=True)

    config: Path | None = Field(None, description="TOML or YAML routing file (ASSAY_LLM_CONFIG)")
    openrouter_api_key: SecretStr | None = Field(
        None, validation_alias=AliasChoices("OPENROUTER_API_KEY", "ASSAY_LLM_OPENROUTER_API_KEY",
                                            "openrouter_api_key"))
    openrouter_models: StrList = Field(
        ("openrouter/openai/gpt-4o-mini", "openrouter/meta-llama/llama-3.3-70b-instruct"),
        description="litellm model strings used for the OpenRouter side, in order (JSON list or comma-separated)")
    ollama_api_base: str | None = Field(
        None, validation_alias=AliasChoices("OLLAMA_API_BASE", "ASSAY_LLM_OLLAMA_API_BASE", "ollama_api_base"))
    ollama_model: str = Field("qwen2.5:3b", description="Ollama model tag for the local side")
    local_base_url: str | None = Field(
        None, description="Base URL of any OpenAI-compatible server, e.g. http://127.0.0.1:8080/v1")
    local_model: str = Field("local", description="Model name that server serves (llama.cpp: --model_alias)")
    local_api_key: SecretStr | None = Field(None, description="Key for that server, if it wants one")
    local_json_mode: JsonMode = Field("json_object", description="How structured output is asked of it")
    timeout_s: float = Field(60.0, gt=0, description="Default per-call timeout, seconds")
    max_tokens: int = Field(1024, gt=0, description="Default output cap per call, tokens")
    injection_defence: bool = Field(
        True, description="Source text quoted in prompts gets the data rule and loses its instruction-like "
                          "sentences (shared/llm/untrusted.py); off only to measure what that is worth")

    @field_validator("local_base_url", "ollama_api_base")
    @classmethod
    def _server_url(cls, value: str | None) -> str | None:
        return _http_url(value)

    @field_validator("local_model")
    @classmethod
    def _bare_model_name(cls, value: str) -> str:
        """The served model's name; an ``openai/`` prefix is the gateway's to add (``openai/x`` -> ``x``)."""
        return value.strip().removeprefix("openai/") or "local"


class ModelSpec(BaseModel):
    """One model a role may call.

    ``model`` is a litellm model string: ``openrouter/<vendor>/<name>``, ``ollama_chat/<tag>``, or
    ``openai/<name>`` with ``api_base`` for any OpenAI-compatible server. Prices are USD per 1M tokens and are
    registered with litellm for models missing from its price map.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    model: str = Field(min_length=3)
    api_base: str | None = None
    api_key_env: str | None = Field(None, description="Environment variable holding the key (never the key)")
    api_key: SecretStr | None = Field(None, exclude=True, description="Resolved key (from api_key_env)")
    max_tokens: int = Field(1024, gt=0, description="Output cap per call, tokens")
    timeout_s: float = Field(60.0, gt=0, description="Per-call timeout, seconds")
    temperature: float = Field(0.0, ge=0, le=2)
    price_in_per_1m: float | None = Field(None, ge=0, description="USD per 1M input tokens")
    price_out_per_1m: float | None = Field(None, ge=0, description="USD per 1M output tokens")
    json_mode: JsonMode = Field(
        "json_object", description="json_object: response_format json_object; json_schema: the schema itself; "
                                   "prompt: only the instruction in the prompt")
    unusable: str | None = Field(None, description="Why the gateway skips this model (e.g. a missing key)")

    @field_validator("api_base")
    @classmethod
    def _api_base_is_http(cls, value: str | None) -> str | None:
        return _http_url(value)

    @property
    def usable(self) -> bool:
        """Whether the gateway will call it."""
        return self.unusable is None

    @property
    def provider(self) -> str:
        """The litellm provider prefix (``openrouter``, ``openai``, ``ollama_chat``, ...)."""
        return self.model.split("/", 1)[0] if "/" in self.model else "openai"

    def describe(self) -> str:
        """One line for ``assay models``: model, where, limits, price; never the key."""
        parts = [self.model]
        if self.api_base:
            parts.append(f"@ {self.api_base}")
        parts.append(f"max_tokens={self.max_tokens} timeout={self.timeout_s:g}s json={self.json_mode}")
        if self.price_in_per_1m is not None or self.price_out_per_1m is not None:
            parts.append(f"${self.price_in_per_1m or 0:g}/${self.price_out_per_1m or 0:g} per 1M in/out")
        if self.api_key_env:
            parts.append(f"key ${self.api_key_env} {'set' if self.api_key else 'missing'}")
        if self.unusable:
            parts.append(f"SKIPPED: {self.unusable}")
        return " ".join(parts)


class ModelRoute(BaseModel):
    """A role's ordered models. No usable model = the role runs on the offline engine."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    role: Role
    models: tuple[ModelSpec, ...] = ()

    @property
    def usable(self) -> tuple[ModelSpec, ...]:
        """The models the gateway will try, in order."""
        return tuple(m for m in self.models if m.usable)

    @property
    def offline(self) -> bool:
        """True when the role has no usable model: callers use the offline engine, not degraded."""
        return not self.usable


class RoutingConfig(BaseModel):
    """Every role's route plus retry policy. Build with :func:`load_routing` (or directly in tests)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    routes: dict[Role, ModelRoute]
    retry_attempts: int = Field(3, ge=1, le=10, description="Calls per model on 429/5xx, the first included")
    backoff_s: float = Field(0.5, ge=0, description="First wait between those calls, seconds (doubles)")
    backoff_max_s: float = Field(4.0, ge=0, description="Longest wait between those calls, seconds")
    sources: tuple[str, ...] = Field((), description="Where this routing came from (for assay models)")

    def route(self, role: Role) -> ModelRoute:
        """The route of ``role`` (an empty, offline route for a role not configured)."""
        if role not in ROLES:
            raise KeyError(f"unknown role {role!r}; known: {', '.join(ROLES)}")
        return self.routes.get(role) or ModelRoute(role=role)

    @property
    def offline(self) -> bool:
        """True when no role has a usable model (the default when nothing is configured)."""
        return all(self.route(r).offline for r in ROLES)

    def describe(self) -> list[str]:
        """Lines for ``assay models``: per role, its models in order, then the offline engine."""
        lines = [f"routing from: {', '.join(self.sources) or 'defaults'}",
                 f"retries on 429/5xx: {self.retry_attempts} calls per model, backoff {self.backoff_s:g}s "
                 f"doubling to {self.backoff_max_s:g}s"]
        for role in ROLES:
            route = self.route(role)
            lines.append(f"{role}:")
            for i, spec in enumerate(route.models, 1):
                lines.append(f"  {i}. {spec.describe()}")
            lines.append(f"  {'->' if route.models else '1.'} offline engine"
                         + ("" if route.models else " (no model configured)"))
        if self.offline:
            lines.append("no usable model: every role runs the offline engine. Configure models with "
                         "ASSAY_LLM_LOCAL_BASE_URL, OLLAMA_API_BASE, OPENROUTER_API_KEY or ASSAY_LLM_CONFIG.")
        return lines


# ---- loading -----------------------------------------------------------------------------------------------
#: marks a model dict of a local server from the environment: $0 unless the routing file's [prices] says otherwise
_FREE = "_free_unless_priced"


def _env_routes(settings: LlmSettings) -> dict[Role, list[dict[str, Any]]]:
    """The default division of labour from the environment settings (model dicts, keys resolved)."""
    base = {"timeout_s": settings.timeout_s, "max_tokens": settings.max_tokens}
    local: list[dict[str, Any]] = []
    if settings.local_base_url:
        local.append({**base, "model": f"openai/{settings.local_model}", "api_base": settings.local_base_url,
                      "api_key_env": None, "api_key": settings.local_api_key or SecretStr(NO_KEY),
                      "json_mode": settings.local_json_mode, _FREE: True})
    if settings.ollama_api_base:
        local.append({**base, "model": f"ollama_chat/{settings.ollama_model}",
                      "api_base": settings.ollama_api_base, _FREE: True})
    remote: list[dict[str, Any]] = []
    if settings.openrouter_api_key is not None and settings.openrouter_api_key.get_secret_value():
        for name in settings.openrouter_models:
            model = name if name.startswith("openrouter/") else f"openrouter/{name}"
            price = DEFAULT_PRICES.get(model)
            remote.append({**base, "model": model, "api_key_env": "OPENROUTER_API_KEY",
                           "api_key": settings.openrouter_api_key, "json_mode": "json_object",
                           **({"price_in_per_1m": price[0], "price_out_per_1m": price[1]} if price else {})})
    routes: dict[Role, list[dict[str, Any]]] = {}
    for role in ROLES:
        ordered = [*local, *remote] if role in LOCAL_ROLES else [*remote, *local]
        routes[role] = list(ordered)
    return routes


def _read_file(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RoutingError(f"cannot read routing file {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise RoutingError(f"routing file {path} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    try:
        if path.suffix.lower() in (".yaml", ".yml"):
            import yaml

            data = yaml.safe_load(text) or {}
        else:
            data = tomllib.loads(text)
    except Exception as exc:  # noqa: BLE001 (tomllib / yaml parse errors have no common base)
        raise RoutingError(f"routing file {path} is not valid {path.suffix.lstrip('.') or 'TOML'}: {exc}") from None
    if not isinstance(data, dict):
        raise RoutingError(f"routing file {path}: the top level must be a table/mapping")
    unknown = set(data) - {"defaults", "retry", "prices", "roles"}
    if unknown:
        raise RoutingError(f"routing file {path}: unknown sections {sorted(unknown)}; "
                           "known: defaults, retry, prices, roles")
    return data


def _resolve_key(spec: dict[str, Any], environ: Mapping[str, str]) -> dict[str, Any]:
    """Fill ``api_key`` from ``api_key_env`` (or the provider's usual variable); mark the spec unusable when a
    hosted provider has no key. Local OpenAI-compatible servers get a placeholder key."""
    out = dict(spec)
    model = str(out.get("model", ""))
    if out.get("api_key") is None:
        env_name = out.get("api_key_env")
        if env_name is None and model.startswith("openrouter/"):
            env_name = out["api_key_env"] = "OPENROUTER_API_KEY"
        value = environ.get(env_name, "") if env_name else ""
        if value:
            out["api_key"] = SecretStr(value)
        elif env_name:
            out["unusable"] = f"${env_name} is not set"
        elif model.startswith("openai/") and out.get("api_base"):
            out["api_key"] = SecretStr(NO_KEY)
        elif model.startswith("openai/") and not environ.get("OPENAI_API_KEY"):
            out["unusable"] = "no api_base (an OpenAI-compatible server's URL) and $OPENAI_API_KEY is not set"
    return out


def load_routing(settings: LlmSettings, *, environ: Mapping[str, str] | None = None) -> RoutingConfig:
    """Resolve the routing from the environment settings and the optional file (see the module docstring).

    ``environ`` is where ``api_key_env`` names are looked up (read only; default ``os.environ``).
    Raises: RoutingError for an unreadable or invalid file.
    """
    env = os.environ if environ is None else environ
    routes = _env_routes(settings)
    sources: list[str] = []
    if any(routes[r] for r in ROLES):
        sources.append("environment")
    retry: dict[str, Any] = {}
    defaults: dict[str, Any] = {}
    prices: dict[str, dict[str, Any]] = {}
    if settings.config is not None:
        data = _read_file(settings.config)
        sources.append(str(settings.config))
        where = f"routing file {settings.config}"
        for section in ("defaults", "retry", "prices", "roles"):
            if not isinstance(data.get(section) or {}, dict):
                raise RoutingError(f"{where}: [{section}] must be a table/mapping")
        defaults = dict(data.get("defaults") or {})
        retry = dict(data.get("retry") or {})
        for name, entry in (data.get("prices") or {}).items():
            if not isinstance(entry, dict):
                raise RoutingError(f"{where}: prices.{name!r} must be a table such as {{ input = 0.15, output = 0.6 }}"
                                   " (USD per 1M tokens)")
        prices = {str(k): dict(v) for k, v in (data.get("prices") or {}).items()}
        for name, entry in prices.items():
            unknown_keys = set(entry) - {"input", "output"}
            values = [entry.get("input"), entry.get("output")]
            if unknown_keys or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                       and math.isfinite(v) and v >= 0 for v in values):
                raise RoutingError(f"{where}: prices.{name!r} must be {{ input = <USD per 1M>, output = <USD per 1M> }}"
                                   " with two numbers >= 0")
        for role, body in (data.get("roles") or {}).items():
            if role not in ROLES:
                raise RoutingError(f"routing file {settings.config}: unknown role {role!r}; known: {', '.join(ROLES)}")
            models = (body or {}).get("models", []) if isinstance(body, dict) else body
            if not isinstance(models, list):
                raise RoutingError(f"routing file {settings.config}: roles.{role}.models must be a list")
            specs: list[dict[str, Any]] = []
            for m in models:
                if not isinstance(m, (str, dict)):
                    raise RoutingError(f"{where}: roles.{role}.models: {m!r} is neither a model string nor a table")
                specs.append({"model": m} if isinstance(m, str) else dict(m))
            routes[role] = [{**defaults, **s} for s in specs]
    built: dict[Role, ModelRoute] = {}
    for role in ROLES:
        built_specs: list[ModelSpec] = []
        for raw in routes[role]:
            spec = _resolve_key(raw, env)
            free = bool(spec.pop(_FREE, False))
            price = prices.get(str(spec.get("model")))
            known = DEFAULT_PRICES.get(str(spec.get("model")))
            if price:
                spec.setdefault("price_in_per_1m", price.get("input"))
                spec.setdefault("price_out_per_1m", price.get("output"))
            elif known:
                spec.setdefault("price_in_per_1m", known[0])
                spec.setdefault("price_out_per_1m", known[1])
            elif free:
                spec.setdefault("price_in_per_1m", 0.0)
                spec.setdefault("price_out_per_1m", 0.0)
            try:
                built_specs.append(ModelSpec.model_validate(spec))
            except ValidationError as exc:
                problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:3])
                raise RoutingError(f"role {role}: model {spec.get('model')!r}: {problems}") from None
        built[role] = ModelRoute(role=role, models=tuple(built_specs))
    try:
        return RoutingConfig(
            routes=built, sources=tuple(sources),
            **{k: v for k, v in {"retry_attempts": retry.get("attempts"), "backoff_s": retry.get("backoff_s"),
                                 "backoff_max_s": retry.get("backoff_max_s")}.items() if v is not None})
    except ValidationError as exc:
        raise RoutingError(f"retry settings: {exc.errors()[0]['msg']}") from None

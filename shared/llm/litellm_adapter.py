"""The litellm adapter: everything the gateway knows about litellm's API, in one place.

- :func:`load_litellm` imports it (lazily: about 3 s, and no price-map download);
- :func:`completion_kwargs` builds the arguments of one ``litellm.acompletion`` call for a :class:`ModelSpec`;
- :func:`read_response` reads the answer, finish reason and token counts of its ``ModelResponse``;
- :func:`status_of`, :func:`retry_after` and :func:`first_line` read a provider error (HTTP status,
  Retry-After, a one-line message);
- :func:`register_price` and :func:`map_unit_prices` write and read litellm's price map.

litellm is passed in as a module object (``Any``: it ships no usable types) so that importing this module
does not import litellm.
"""

from __future__ import annotations

import math
import os
import re
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from shared.llm.config import ModelSpec

__all__ = [
    "completion_kwargs", "first_line", "load_litellm", "map_unit_prices", "read_response",
    "register_price", "retry_after", "status_of",
]


def load_litellm() -> Any:
    """Import litellm (about 3 s the first time; call it from a thread in async code).

    litellm fetches its price map from the internet at import unless ``LITELLM_LOCAL_MODEL_COST_MAP`` is set;
    it reads that variable only at import and has no other switch. This is therefore the one place Assay writes
    ``os.environ``: it sets that variable if absent, just before the first import. (The Dockerfile sets it too.)
    """
    if "litellm" not in sys.modules:
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.suppress_debug_info = True  # no "Give Feedback / Get Help" banner on every provider error
    return litellm


def completion_kwargs(spec: ModelSpec, messages: Sequence[Mapping[str, object]], *, max_tokens: int,
                      temperature: float | None, timeout: float, schema: type[BaseModel] | None,
                      response_format: bool = True) -> dict[str, Any]:
    """Keyword arguments of ``litellm.acompletion`` for one call of ``spec``.

    ``timeout``: seconds. ``temperature``: None keeps the model's own. litellm's own retries are off (the
    gateway retries). For a structured call (``schema`` given) and ``response_format`` true, the model's
    ``json_mode`` picks the response format (``json_object`` or a ``json_schema`` built from ``schema``);
    otherwise only the instruction in the system message asks for JSON.
    """
    kwargs: dict[str, Any] = {
        "model": spec.model, "messages": list(messages), "max_tokens": max_tokens,
        "temperature": spec.temperature if temperature is None else temperature, "timeout": timeout,
        "num_retries": 0, "max_retries": 0, "drop_params": True,
    }
    if spec.api_base:
        kwargs["api_base"] = spec.api_base
    if spec.api_key is not None:
        kwargs["api_key"] = spec.api_key.get_secret_value()
    if schema is None or not response_format:
        pass  # the instruction in the system message asks for JSON anyway
    elif spec.json_mode == "json_object":
        kwargs["response_format"] = {"type": "json_object"}
    elif spec.json_mode == "json_schema":
        kwargs["response_format"] = {"type": "json_schema", "json_schema": {
            "name": schema.__name__, "schema": schema.model_json_schema(), "strict": False}}
    return kwargs


def read_response(resp: Any, est_in: int) -> tuple[str, str | None, int, int]:
    """(answer text, finish reason, tokens in, tokens out) of a litellm ModelResponse; a count the provider did
    not give is estimated (``est_in`` for the input, a token per 3 characters for the output)."""
    choice = resp.choices[0] if getattr(resp, "choices", None) else None
    message = getattr(choice, "message", None)
    text = str(getattr(message, "content", None) or "")
    finish = getattr(choice, "finish_reason", None)
    usage = getattr(resp, "usage", None)
    tokens_in = int(getattr(usage, "prompt_tokens", 0) or 0) or est_in
    tokens_out = int(getattr(usage, "completion_tokens", 0) or 0) or math.ceil(len(text) / 3)
    return text, finish, tokens_in, max(0, tokens_out)


def retry_after(exc: BaseException) -> float | None:
    """The Retry-After of a provider error, seconds (delta-seconds form only); None when absent."""
    for headers in (getattr(getattr(exc, "response", None), "headers", None),
                    getattr(exc, "litellm_response_headers", None), getattr(exc, "headers", None)):
        try:
            value = headers.get("retry-after") if headers is not None else None
        except Exception:  # header containers of several client libraries
            value = None
        if value is not None:
            try:
                return max(0.0, float(value))
            except (TypeError, ValueError):
                return None
    return None


def status_of(exc: BaseException, litellm: Any) -> int | None:
    """The HTTP status of a provider error; None for a connection failure (litellm labels those 500, but
    calling an unreachable server again will not help: the next model is tried at once)."""
    cause: BaseException | None = exc
    for _ in range(10):  # litellm wraps a refused connection as InternalServerError(500): look underneath
        if cause is None:
            break
        if isinstance(cause, (ConnectionError, getattr(litellm, "APIConnectionError", ()))) or \
                type(cause).__name__ in ("APIConnectionError", "ConnectError", "ClientConnectorError"):
            return None
        cause = cause.__cause__ or cause.__context__
    status = getattr(exc, "status_code", None)
    if isinstance(status, int):
        return status
    if isinstance(exc, getattr(litellm, "RateLimitError", ())):
        return 429
    if isinstance(exc, (getattr(litellm, "InternalServerError", ()), getattr(litellm, "ServiceUnavailableError", ()))):
        return 500
    return None


_LITELLM_PREFIX = re.compile(r"^(?:litellm\.\w+:\s*|\w+(?:Error|Exception):\s*|OpenAIException\s*-\s*)+")


def first_line(exc: BaseException) -> str:
    """The first line of a provider error without litellm's repeated class-name prefixes, at most 200 chars
    ("litellm.InternalServerError: InternalServerError: OpenAIException - boom" -> "boom")."""
    text = str(exc).strip().splitlines()
    line = _LITELLM_PREFIX.sub("", text[0] if text else "").strip()
    return (line or (text[0] if text else ""))[:200]


def register_price(litellm: Any, model: str, input_per_1m: float, output_per_1m: float) -> None:
    """Enter a model's price (USD per 1M tokens) in litellm's map, so litellm's own cost tracking knows it too.
    Never raises: that tracking is a convenience (the gateway's cost figures come from ``shared.llm.pricing``)."""
    entry = {"input_cost_per_token": input_per_1m / 1e6, "output_cost_per_token": output_per_1m / 1e6,
             "mode": "chat", "cache_creation_input_token_cost": 0.0, "cache_read_input_token_cost": 0.0,
             "litellm_provider": model.split("/", 1)[0] if "/" in model else "openai"}
    try:
        litellm.register_model({model: entry})
    except Exception:  # litellm's own cost tracking is a convenience; ours uses shared.llm.pricing
        pass


def map_unit_prices(litellm: Any, model: str) -> tuple[float, float] | None:
    """USD per token (in, out) of ``model`` in litellm's bundled price map; None when the map does not know it."""
    try:
        cin, cout = litellm.cost_per_token(model=model, prompt_tokens=1_000_000, completion_tokens=1_000_000)
    except Exception:  # litellm raises for models missing from its map
        return None
    return float(cin) / 1e6, float(cout) / 1e6

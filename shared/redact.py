"""Secrets never leave: the one redaction step for provider errors, log lines and recorded events.

``redact(text)`` replaces every configured secret value (``register_secrets``: API keys, passwords and tokens
from the settings, and the values of secret-looking environment variables) and every string shaped like a
common key (``sk-...``, ``tvly-...``, ``Bearer ...``, ``api_key=...`` in a URL or form, AWS, GitHub, Slack and
Google key shapes, a password in a connection URL) by ``[redacted]``. ``redact_value`` does the same to every
string inside nested dicts, lists and tuples.

Where it is applied (so nothing reaches the event store, the read models, the reports or the terminal):
- every event the ``ResearchRun`` aggregate records (its payload's strings, before they are stored);
- every log record of the process (``install_log_redaction``: message, arguments and traceback, as the record
  is made);
- ``MessageRejected`` reasons and the search providers' failure reasons (through the events above).
"""

from __future__ import annotations

import logging
import os
import re
import threading
import traceback
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, SecretStr

REDACTED = "[redacted]"
#: secrets shorter than this are not replaced as values (too likely to hit ordinary words); shapes still apply
MIN_SECRET_CHARS = 6

_SHAPES = re.compile("|".join([
    r"\bsk-(?:or-|proj-|ant-)?[A-Za-z0-9_\-]{16,}",          # OpenAI, OpenRouter, Anthropic
    r"\btvly-[A-Za-z0-9_\-]{10,}",                          # Tavily
    r"\bAKIA[0-9A-Z]{16}\b",                                # AWS access key id
    r"\bgh[pousr]_[A-Za-z0-9]{20,}",                        # GitHub tokens
    r"\bxox[abpors]-[A-Za-z0-9\-]{10,}",                    # Slack tokens
    r"\bAIza[0-9A-Za-z_\-]{30,}",                           # Google API keys
    r"\bhf_[A-Za-z0-9]{20,}",                               # Hugging Face tokens
]))
#: key=value / "key": "value" / Bearer value: the value is replaced, the name kept
_NAMED = re.compile(
    r"(?i)((?:api[_-]?key|apikey|access[_-]?token|auth[_-]?token|secret|password|passwd|token|x-api-key)"
    r"[\"']?\s*[:=]\s*[\"']?)((?=[^\s\"'&,;}]*\d)(?=[^\s\"'&,;}]*[A-Za-z])[^\s\"'&,;}]{6,})"
    r"|(\bBearer\s+)([A-Za-z0-9._~+/\-]{8,}=*)"
    r"|(://[^:/@\s]+:)([^@\s/]{3,})(@)")

_lock = threading.Lock()
_values: tuple[str, ...] = ()
_SECRET_ENV = re.compile(r"(?i)(api_?key|_key$|token|secret|password|passwd)")


def register_secrets(values: Iterable[str | SecretStr | None]) -> None:
    """Add secret values to replace wherever they appear (empty and very short values are ignored)."""
    global _values
    new = {v.get_secret_value() if isinstance(v, SecretStr) else v for v in values}
    with _lock:
        merged = set(_values) | {v.strip() for v in new if v and len(v.strip()) >= MIN_SECRET_CHARS}
        _values = tuple(sorted(merged, key=len, reverse=True))  # longest first: a secret containing another


def secrets_of(settings: Any) -> list[str]:
    """Every secret value in a settings object (pydantic models, nested): ``SecretStr`` fields, and string fields
    whose name says key, token, secret or password; plus the values of such environment variables."""
    found: list[str] = []

    def walk(obj: Any) -> None:
        if not isinstance(obj, BaseModel):
            return
        for name in type(obj).model_fields:
            value = getattr(obj, name, None)
            if isinstance(value, SecretStr):
                found.append(value.get_secret_value())
            elif isinstance(value, str) and _SECRET_ENV.search(name):
                found.append(value)
            elif isinstance(value, BaseModel):
                walk(value)
    walk(settings)
    found.extend(v for k, v in os.environ.items() if _SECRET_ENV.search(k) and v)
    return found


def redact(text: str) -> str:
    """``text`` with every registered secret value and every key-shaped string replaced by ``[redacted]``."""
    if not text:
        return text
    for value in _values:
        if value in text:
            text = text.replace(value, REDACTED)
    text = _SHAPES.sub(REDACTED, text)
    return _NAMED.sub(_keep_name, text)


def _keep_name(m: re.Match[str]) -> str:
    if m.group(1) is not None:
        return m.group(1) + REDACTED
    if m.group(3) is not None:
        return m.group(3) + REDACTED
    return f"{m.group(5)}{REDACTED}{m.group(7)}"


def redact_value(value: Any) -> Any:
    """``value`` with ``redact`` applied to every string in it (dicts, lists and tuples rebuilt; keys kept)."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {k: redact_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [redact_value(v) for v in value]
    if isinstance(value, tuple):
        return tuple(redact_value(v) for v in value)
    return value


class RedactingFilter(logging.Filter):
    """Redacts a record's message, arguments and traceback in place (always passes it)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 (a bad format string: keep the raw message)
            message = str(record.msg)
        redacted = redact(message)
        if redacted != message:
            record.msg = redacted
            record.args = None
        # else the record keeps its format string and arguments: formatters that read ``record.args`` themselves
        # (uvicorn's access log unpacks them) still work, and the message they make is the one just checked
        if record.exc_info and not record.exc_text:
            record.exc_text = redact("".join(traceback.format_exception(*record.exc_info)).rstrip())
        elif record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


_FILTER = RedactingFilter()


def install_log_redaction() -> None:
    """Redact every log line of this process, whichever logger and handler writes it: the log record factory
    redacts each record's message, arguments and traceback as it is made (idempotent)."""
    logging.setLogRecordFactory(_redacting_factory(logging.getLogRecordFactory()))


def _redacting_factory(base: Any) -> Any:
    if getattr(base, "_assay_redacting", False):
        return base

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record: logging.LogRecord = base(*args, **kwargs)
        _FILTER.filter(record)
        return record
    factory._assay_redacting = True  # type: ignore[attr-defined]
    return factory

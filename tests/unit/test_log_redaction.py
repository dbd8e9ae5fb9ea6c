"""The log redaction step: secret values never reach a log line, and a clean record keeps its arguments (formatters
such as uvicorn's access log unpack ``record.args``; an operator trial found every request logging a traceback)."""
from __future__ import annotations

import logging

from shared.redact import REDACTED, RedactingFilter, register_secrets


def _record(msg: str, args: tuple[object, ...]) -> logging.LogRecord:
    return logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, msg, args, None)


def test_a_clean_record_keeps_its_arguments_for_formatters_that_unpack_them() -> None:
    record = _record('%s - "%s %s HTTP/%s" %d', ("127.0.0.1:5000", "GET", "/v1/runs", "1.1", 200))
    assert RedactingFilter().filter(record) is True
    client, method, path, version, status = record.args  # type: ignore[misc]  # what uvicorn's formatter does
    assert (method, path, status) == ("GET", "/v1/runs", 200)
    assert record.getMessage() == '127.0.0.1:5000 - "GET /v1/runs HTTP/1.1" 200'


def test_a_record_carrying_a_secret_is_redacted_in_its_message() -> None:
    secret = "sk-or-v1-" + "f" * 48
    register_secrets([secret])
    record = _record("calling with key %s failed", (secret,))
    RedactingFilter().filter(record)
    assert secret not in record.getMessage()
    assert REDACTED in record.getMessage()
    assert record.args is None

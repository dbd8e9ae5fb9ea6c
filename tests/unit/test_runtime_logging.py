"""FastStream's log: a handler cancelled at shutdown leaves no traceback; real errors still do."""

from __future__ import annotations

import asyncio
import logging
import sys

from shared.runtime import _faststream_logger


def record_of(exc: BaseException) -> logging.LogRecord:
    try:
        raise exc
    except BaseException:  # noqa: BLE001 (building a record with exc_info)
        return logging.LogRecord("assay.faststream", logging.ERROR, __file__, 1, "handler failed", None,
                                 sys.exc_info())


def test_cancelled_handlers_are_not_logged_but_errors_are() -> None:
    logger = _faststream_logger()
    assert _faststream_logger() is logger and len(logger.filters) == 1  # added once
    assert not logger.filter(record_of(asyncio.CancelledError("cancel scope")))
    assert logger.filter(record_of(ValueError("a real failure")))
    assert logger.filter(logging.LogRecord("assay.faststream", logging.INFO, __file__, 1, "plain", None, None))

"""Regular expressions made at run time (of a name, of a claim's words) compiled once each, outside the ``re``
module's cache.

``re.search(pattern_string, ...)`` keeps the patterns it compiled in one process-wide cache of 512
(``re._MAXCACHE``) that drops the oldest first, however often a pattern is used. A pattern made of each name a
claim gives is new for every name, so a run of a few hundred claims pushed every fixed pattern of the process out
of that cache (pysbd's sentence rules, this project's own), and each was compiled again on its next use: a text's
cost grew with the number of names seen before it, and a run's cost faster than its claim count.
:func:`pattern` compiles such patterns without entering them there, and keeps the last :data:`KEPT` of them in a
least-recently-used cache of its own, and :func:`find_standing` finds where a phrase stands as a whole word with
string searches, no pattern at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

__all__ = ["KEPT", "find_standing", "pattern"]

#: run-time patterns kept compiled (least recently used dropped first)
KEPT = 8192

#: the compiler behind ``re.compile`` (``re._compiler.compile``, Python 3.11+), which enters nothing in re's cache;
#: ``re.compile`` itself (through re's cache, as before) on a Python without it
_COMPILE: Callable[[str, int], re.Pattern[str]] = getattr(getattr(re, "_compiler", None), "compile", re.compile)


@lru_cache(maxsize=KEPT)
def _compiled(source: str, flags: int) -> re.Pattern[str]:
    return _COMPILE(source, flags)


def pattern(source: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)`` for a pattern made at run time (see the module): the same compiled pattern,
    kept in this module's cache instead of ``re``'s. Raises: ``re.error`` for an invalid pattern."""
    return _compiled(source, int(flags))


def _joins(text: str, at: int) -> bool:
    """Whether ``text[at]`` is a word character or "-" (what ``[\\w-]`` matches; False past either end)."""
    if not 0 <= at < len(text):
        return False
    ch = text[at]
    return ch == "_" or ch == "-" or ch.isalnum()


def find_standing(text: str, phrase: str, start: int = 0) -> int:
    """Index of the first place at or after ``start`` where ``phrase`` stands in ``text`` as a whole word (no word
    character or "-" just before or after it), -1 when there is none: the start of
    ``re.compile(rf"(?<![\\w-]){re.escape(phrase)}(?![\\w-])").search(text, start)``, found with ``str.find``,
    so a phrase of each claim's names compiles nothing (see the module). Case-sensitive. Never raises."""
    i = text.find(phrase, min(max(start, 0), len(text)))  # (a pattern's search clamps its start to the text)
    while i >= 0:
        if not _joins(text, i - 1) and not _joins(text, i + len(phrase)):
            return i
        i = text.find(phrase, i + 1)
    return -1

"""Retracted works of a run and the copies of them: one rule shared by the verifier (evidence), the store
(verdicts), the synthesizer ("What is missing") and the result (``source_retracted``).

A source is retracted when its scholarly record's status is ``retracted`` or ``withdrawn``. Another source of the
same run is a *copy of a retracted paper* when its own title, normalised (:func:`normalise_title`: Unicode NFKC,
case-folded, punctuation dropped, spaces collapsed; at least :data:`MIN_TITLE_WORDS` words), equals the own title
or the CrossRef title of a retracted source: a mirror or re-post of the retracted work whose own identifier (a
different DOI, none at all) could not tell it apart (CrossRef rate-limited or down, or nothing to look up). A copy
is treated as the retracted work: never evidence, and a claim taken from it is never ``supported``.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from shared.domain import FrozenDict

#: scholarly statuses whose source is never evidence
RETRACTED = frozenset({"retracted", "withdrawn"})

#: fewer words than this in a title is too generic ("Abstract", "Full text") to call two pages one work
MIN_TITLE_WORDS = 4

_NON_WORD = re.compile(r"[\W_]+")
#: the label a retracted work carries on its title ("RETRACTED: ..."): not part of its title (a notice
#: titled "Retraction: ..." is another work)
_NOTICE_PREFIX = re.compile(r"^\s*(?:retracted|withdrawn)\s*[:.-]\s*", re.I)


def normalise_title(title: str | None) -> str:
    """``title`` compared as a work's title: NFKC, a notice prefix ("RETRACTED: ") dropped, case-folded, every run
    of non-word characters one space; "" when it has fewer than :data:`MIN_TITLE_WORDS` words (or is None)."""
    text = _NOTICE_PREFIX.sub("", unicodedata.normalize("NFKC", title or ""))
    text = _NON_WORD.sub(" ", text.casefold()).strip()
    return text if len(text.split()) >= MIN_TITLE_WORDS else ""


def _status(source: Mapping[str, Any]) -> str | None:
    scholarly = source.get("scholarly") or {}
    status = scholarly.get("status")
    return str(status) if status is not None else None


def retracted_works(sources: Mapping[str, Mapping[str, Any]]) -> Mapping[str, str]:
    """Source id -> the id of the retracted source it is or copies, for every retracted source (mapped to
    itself) and every copy of one (by normalised title, see the module docstring); other sources are absent.

    ``sources``: source id -> the source's record ({title, scholarly: {status, title, ...} or None, ...}: the
    aggregate's source dicts or ``SourceView.record``). A run's own sources table (a read-only ``FrozenDict``, which
    no event changes in place: ``shared.domain``) is answered from memory after its first call, read-only: each
    claim's verdict checks its source against it (issue 10: a check over every source of the run at every verdict
    made a run's verdicts cost its claims times its sources)."""
    if type(sources) is not FrozenDict:
        return _retracted_works(sources)
    with _KNOWN_LOCK:
        known = _KNOWN.get(id(sources))
        if known is not None and known[0] is sources:
            _KNOWN.move_to_end(id(sources))
            return known[1]
    found = FrozenDict(_retracted_works(sources))
    with _KNOWN_LOCK:
        _KNOWN[id(sources)] = (sources, found)  # (the table itself kept: its id is not reused while it is here)
        while len(_KNOWN) > KNOWN_TABLES:
            _KNOWN.popitem(last=False)
    return found


#: sources tables whose retracted works are kept (the latest ones asked for: a process's runs in flight)
KNOWN_TABLES = 64
_KNOWN: OrderedDict[int, tuple[Mapping[str, Any], Mapping[str, str]]] = OrderedDict()
_KNOWN_LOCK = threading.Lock()


def _retracted_works(sources: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    found: dict[str, str] = {}
    titles: dict[str, str] = {}  # normalised title -> the retracted source's id (the first, by id)
    for sid in sorted(sources):
        src = sources[sid]
        if _status(src) in RETRACTED:
            found[sid] = sid
            for title in (src.get("title"), (src.get("scholarly") or {}).get("title")):
                key = normalise_title(title if isinstance(title, str) else None)
                if key:
                    titles.setdefault(key, sid)
    if not titles:
        return found
    for sid in sorted(sources):
        if sid in found:
            continue
        key = normalise_title(str(sources[sid].get("title") or ""))
        if key in titles:
            found[sid] = titles[key]
    return found


def retracted_record(sources: Mapping[str, Mapping[str, Any]], source_id: str) -> dict[str, Any] | None:
    """{status, date, doi} of the retracted work ``source_id`` is, or copies (then also ``copy_of``: the retracted
    source's address; ``status``, ``date``, ``doi`` are the retracted work's), else None."""
    original = retracted_works(sources).get(source_id)
    if original is None:
        return None
    paper = sources[original].get("scholarly") or {}
    src = sources[original]
    record: dict[str, Any] = {"status": paper.get("status"), "date": paper.get("status_date"),
                              "doi": paper.get("doi")}
    if original != source_id:
        record["copy_of"] = str(src.get("final_url") or src.get("url") or original)
    return record

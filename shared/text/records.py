"""Record times of a race or a course: which questions ask one, and the record times a sentence states (no model).

"What is the fastest time ever run by a man at the Orla Marathon?" and "What is the current men's course record of
the Orla Marathon?" ask one value, a duration written as a race time ("2:06:58", "47:12"), the minimum ever run:
the record. A sentence states it as a record ("set a new men's course record of 2:06:58", "Course records | Men:
2:07:41 (2019)", "won in 2:06:58, a new course record"); a table of yearly winners' times states no record, and the
record a sentence says was broken ("broke the previous record of 2:07:41") is no longer the record.

- :func:`asks_record_time` tells whether a question asks a record time, and for whom (men or women) when it says so.
- :func:`race_seconds` reads the race times a text writes, in seconds.
- :func:`race_durations` reads those and the race times written in words or with tenths ("5 minutes 9.8 seconds",
  "5:12.4").
- :func:`record_times` reads the record times a sentence states, with the group (men, women) each is of.
- :func:`superseded_times` reads the record times a sentence says were beaten ("beating the previous record of 5:12.4").
- :func:`superseded_figures` reads the record figures (counts, amounts) a sentence says were beaten ("welcomed 12,400
  visitors, beating the previous record of 9,870 visitors", "The previous record, 9,870 visitors, had been set in
  2017").
- :func:`asks_count_record` tells whether a question asks a count's record by its noun ("What is the visitor record
  of X?"), and which.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from shared.text.quantity import VISITOR_NOUNS
from shared.text.tokens import tokenize

__all__ = ["RecordTime", "asks_count_record", "asks_record_time", "race_durations", "race_seconds", "record_times",
           "stated_record_figures", "superseded_figures", "superseded_times", "written_figures"]

#: a race time: hours, minutes and seconds ("2:06:58", "2:06:58.4"), or minutes and seconds with more minutes than a
#: clock's hours ("47:12"; "08:30" is a time of day)
_RACE_TIME_RE = re.compile(r"(?<![\d:.])(?:(?P<h>\d{1,2}):(?P<m>[0-5]\d):(?P<s>[0-5]\d)|(?P<mm>2[4-9]|[3-9]\d):"
                           r"(?P<ss>[0-5]\d))(?:\.\d+)?(?![\d:])")
#: a race time of minutes and seconds with tenths ("5:12.4", "1:58.37": a time of day never writes a fraction)
_TENTHS_TIME_RE = re.compile(r"(?<![\d:.])(?P<m>\d{1,2}):(?P<s>[0-5]\d)\.(?P<f>\d{1,2})(?![\d:])")
#: a race time in words: "5 minutes 9.8 seconds", "1 hour 2 minutes 5 seconds", "2 hours, 6 minutes and 58 seconds"
_WORDED_TIME_RE = re.compile(r"(?<![\d.,])(?:(?P<h>\d{1,2})\s+hours?,?\s+(?:and\s+)?)?(?P<m>\d{1,3})\s+min(?:ute)?s?,?\s+"
                             r"(?:and\s+)?(?P<s>[0-5]?\d(?:\.\d{1,2})?)\s+sec(?:ond)?s?\b", re.IGNORECASE)
#: a question asking a record time: the fastest (quickest) time, the record time, the best time ever ("the fastest
#: time ever run", "the quickest time on the course") or the record of a course, an event or a race ("the current men's course record")
_ASKS_RECORD_RE = re.compile(r"\b(?:fastest|quickest)\s+(?:[\w'’-]+\s+){0,2}?times?\b|\brecord\s+times?\b"
                             r"|\bbest\s+times?\s+ever\b|\b(?:course|event|race|marathon|meeting|track)\s+records?\b",
                             re.IGNORECASE)
#: words naming the men's or the women's group of a race
_MEN_RE = re.compile(r"\b(?:men|men's|men’s|man|male|males|boys?)\b", re.IGNORECASE)
_WOMEN_RE = re.compile(r"\b(?:women|women's|women’s|woman|female|females|girls?)\b", re.IGNORECASE)
#: a record word in a sentence: "record", "fastest time", "best time"
_RECORD_WORD_RE = re.compile(r"\brecords?\b|\b(?:fastest|quickest|best)\s+times?\b", re.IGNORECASE)
#: a record said to be over, right before its time: "the previous record of", "the old course record of", "broke
#: the record of", "bettering the 2019 record of"
_PAST_RECORD_RE = re.compile(r"\b(?:previous|old|former|earlier|then|prior)\s+(?:[\w'’-]+\s+){0,2}?records?\b"
                             r"|\b(?:broke|breaks|broken|breaking|beat|beats|beaten|bettered|bettering|improved|"
                             r"improving|lowered|lowering|smashed|erased|surpassed)\s+(?:the\s+|his\s+|her\s+|its\s+)?"
                             r"(?:[\w'’-]+\s+){0,3}?records?\b", re.IGNORECASE)
#: a figure written in digits, with thousands commas or a decimal point ("9,870", "412", "3.5"); no part of a clock
#: time ("5:12") or of a longer number
_FIGURE_RE = re.compile(r"(?<![\d.,:])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\d:]|[.,]\d)")


class RecordTime(NamedTuple):
    """A record time a sentence states: ``seconds`` (the duration), ``shown`` (as written: "2:06:58"), ``group``
    ("men", "women" or "" when the clause names neither) and ``start`` (its offset in the sentence)."""

    seconds: float
    shown: str
    group: str
    start: int


def _group(text: str) -> str:
    """"men" or "women" when ``text`` names one of the two groups only, else ""."""
    men, women = bool(_MEN_RE.search(text)), bool(_WOMEN_RE.search(text))
    return "men" if men and not women else "women" if women and not men else ""


def asks_record_time(question: str) -> tuple[bool, str]:
    """Whether ``question`` asks a record time (:data:`_ASKS_RECORD_RE`: "What is the fastest time ever run by a man
    at X?", "What is the current men's course record of X?", "What is the women's event record?"), and the group it
    asks it for: "men" ("by a man", "men's"), "women" or "" (neither, or both). (False, "") for any other question;
    never raises."""
    q = " ".join((question or "").split())
    if not _ASKS_RECORD_RE.search(q):
        return False, ""
    return True, _group(q)


def race_seconds(text: str) -> list[tuple[float, str, int]]:
    """The race times ``text`` writes (:data:`_RACE_TIME_RE`: "2:06:58" -> 7618.0, "47:12" -> 2832.0), each as
    (seconds, as written, offset), in order. A time of day ("08:30") is none. [] when none; never raises."""
    out: list[tuple[float, str, int]] = []
    for m in _RACE_TIME_RE.finditer(text or ""):
        if m.group("h") is not None:
            secs = int(m.group("h")) * 3600 + int(m.group("m")) * 60 + int(m.group("s"))
        else:
            secs = int(m.group("mm")) * 60 + int(m.group("ss"))
        out.append((float(secs), m.group(0), m.start()))
    return out


def race_durations(text: str) -> list[tuple[float, str, int]]:
    """The race times ``text`` writes as :func:`race_seconds` reads them, and those written with tenths
    (:data:`_TENTHS_TIME_RE`: "5:12.4" -> 312.4) or in words (:data:`_WORDED_TIME_RE`: "5 minutes 9.8 seconds" ->
    309.8, "1 hour 2 minutes 5 seconds" -> 3725.0; minutes alone, "6 minutes", are none), each as (seconds, as
    written, offset), in order of offset. [] when none; never raises."""
    out = list(race_seconds(text))
    taken = [(at, at + len(shown)) for _s, shown, at in out]
    for m in _TENTHS_TIME_RE.finditer(text or ""):
        if not any(s <= m.start() < e for s, e in taken):
            out.append((round(int(m.group("m")) * 60 + float(f"{m.group('s')}.{m.group('f')}"), 3), m.group(0),
                        m.start()))
    for m in _WORDED_TIME_RE.finditer(text or ""):
        secs = int(m.group("h") or 0) * 3600 + int(m.group("m")) * 60 + float(m.group("s"))
        out.append((round(secs, 3), m.group(0), m.start()))
    return sorted(out, key=lambda t: t[2])


def superseded_times(sentence: str) -> list[float]:
    """The record times (seconds) ``sentence`` says were beaten: each race time (:func:`race_durations`) right after
    a record said to be over (:data:`_PAST_RECORD_RE`: "beating the previous record of 5:12.4", "lowered the old
    record of 7 minutes 2 seconds") with no other record word between. [] when none; never raises."""
    text = sentence or ""
    return [secs for secs, _shown, at in race_durations(text) if _past_record_before(text, at)]


#: what may stand between a record said to be over and its figure: "of", "at", "was", "had been", "stood at", or
#: the comma of an apposition ("The previous record, 9,870 visitors, had been set in 2017")
_PAST_RECORD_GAP_RE = re.compile(r"\s*(?:,|(?:of|at|was|is|had\s+been|stood\s+at))?\s*", re.IGNORECASE)


def _past_record_before(text: str, at: int) -> bool:
    """Whether a record said to be over (:data:`_PAST_RECORD_RE`) stands right before offset ``at`` of ``text``, with
    at most :data:`_PAST_RECORD_GAP_RE` between ("beating the previous record of |9,870", "The previous record, |9,870
    visitors, ...", "The former record was |9,870")."""
    before = text[max(0, at - 60):at]
    last = max(_PAST_RECORD_RE.finditer(before), key=lambda m: m.start(), default=None)
    return last is not None and _PAST_RECORD_GAP_RE.fullmatch(before[last.end():]) is not None


#: a record asked by the noun of the count it holds, before "record": "the visitor record of X", "the museum's
#: all-time attendance record", "the visitors record at X" (``noun`` the count's noun; a word of it between)
_NOUN_RECORD_RE = re.compile(r"\b(?P<noun>[^\W\d_]+)\s+records?\b(?!\s+(?:time|low)s?\b)", re.IGNORECASE)


def asks_count_record(question: str) -> tuple[str, ...]:
    """The noun (a token, :func:`shared.text.tokens.tokenize`) of a count of visitors
    (:data:`shared.text.quantity.VISITOR_NOUNS`) whose record ``question`` asks by that noun before "record"
    (:data:`_NOUN_RECORD_RE`): "What is the visitor record of X?" -> ``("visitor",)``, "What is the attendance
    record at X?" -> ``("attendance",)``; as "the record attendance" asks it. () for any other question (a course
    record, a safety record, "record time"). Never raises."""
    for m in _NOUN_RECORD_RE.finditer(" ".join((question or "").split())):
        noun = tokenize(m.group("noun"))
        if len(noun) == 1 and noun[0] in VISITOR_NOUNS:
            return (noun[0],)
    return ()


def superseded_figures(sentence: str) -> list[tuple[float, str, int]]:
    """The record figures written in digits (:data:`_FIGURE_RE`: a count, an amount) ``sentence`` says were beaten,
    each right after a record said to be over (:data:`_PAST_RECORD_RE`: "welcomed 12,400 visitors, beating the
    previous record of 9,870 visitors" -> 9870.0; "broke the old record of 412 members"), as (value, as written,
    offset). A record reached ("reached its record attendance of 9,870") or stated ("a record 12,400") is none; a
    race time is read by :func:`superseded_times`. [] when none; never raises."""
    text = sentence or ""
    return [(float(m.group(0).replace(",", "")), m.group(0), m.start()) for m in _FIGURE_RE.finditer(text)
            if _past_record_before(text, m.start())]


#: a year written alone: four digits from 1500 to 2099 and no thousands comma ("2019", not "2,019" or "53,100")
_YEAR_FIGURE_RE = re.compile(r"(?:1[5-9]|20)\d\d")


def written_figures(sentence: str) -> list[tuple[float, str, int]]:
    """The figures ``sentence`` writes in digits (:data:`_FIGURE_RE`: "53,100", "412"), years written alone
    ("2019", :data:`_YEAR_FIGURE_RE`) left out, as (value, as written, offset) in order. [] when none; never
    raises."""
    return [(float(m.group(0).replace(",", "")), m.group(0), m.start()) for m in _FIGURE_RE.finditer(sentence or "")
            if not _YEAR_FIGURE_RE.fullmatch(m.group(0))]


def stated_record_figures(sentence: str) -> list[tuple[float, str, int]]:
    """The figures in digits ``sentence`` states as a record (:func:`written_figures` of a sentence writing a record
    word, :data:`_RECORD_WORD_RE`): "welcomed 12,400 visitors in 2024, a new record" -> 12400.0, "X: museum visitors
    record 9,870 (2017)" -> 9870.0; a figure it says was beaten (:func:`superseded_figures`: "The previous record,
    9,870 visitors, had been set in 2017") is none. As (value, as written, offset); [] when none; never raises."""
    text = sentence or ""
    if not _RECORD_WORD_RE.search(text):
        return []
    beaten = {at for _v, _s, at in superseded_figures(text)}
    return [f for f in written_figures(text) if f[2] not in beaten]


def record_times(sentence: str) -> list[RecordTime]:
    """The record times ``sentence`` states: each race time (:func:`race_durations`) of a clause (split at ";") that
    writes a record word (:data:`_RECORD_WORD_RE`: "a new men's course record", "Course records | Men: 2:07:41"),
    unless the record right before it is said to be over (:data:`_PAST_RECORD_RE`: "broke the previous record of
    2:07:41"). The group of each is the one its clause names (:func:`_group`; in a clause naming both, the one
    named last before the time: "Men: 2:07:41, Women: 2:23:09"). [] when none; never raises."""
    out: list[RecordTime] = []
    offset = 0
    for clause in re.split(r"(?<=;)", sentence or ""):
        if _RECORD_WORD_RE.search(clause):
            for secs, shown, at in race_durations(clause):
                before = clause[max(0, at - 60):at]
                last = _PAST_RECORD_RE.search(before)
                if last is not None and not _RECORD_WORD_RE.search(before[last.end():]):
                    continue
                group = _group(clause)
                if not group and _MEN_RE.search(clause) and _WOMEN_RE.search(clause):
                    named = [(m.start(), "men") for m in _MEN_RE.finditer(clause[:at])]
                    named += [(m.start(), "women") for m in _WOMEN_RE.finditer(clause[:at])]
                    group = max(named)[1] if named else ""
                out.append(RecordTime(secs, shown, group, offset + at))
        offset += len(clause)
    return out

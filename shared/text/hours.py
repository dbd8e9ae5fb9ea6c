"""Opening hours: which day of the week a question asks about ("Is X open on Mondays?", "When is X open on
Sundays?") and what a sentence of an opening-hours list says of that day ("Monday: closed", "Closed on Mondays",
"Tuesday to Sunday, 10:00 to 18:00", "weekends only, 11:00 to 16:00"). English day names and their short forms."""

from __future__ import annotations

import re

__all__ = ["CLOCK_RE", "asked_day", "asks_hours", "asks_closed", "day_state", "names_days"]

_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
#: a day's name, full or short ("Mon", "Tue", "Tues", "Thurs"), singular or plural ("Mondays")
_DAY = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|urday|sday)?s?\.?"
_DAY_RE = re.compile(rf"(?<![\w-]){_DAY}(?![\w])", re.IGNORECASE)
#: a range of days ("Tuesday to Sunday", "Tue-Sat", "Monday through Friday")
_RANGE_RE = re.compile(rf"(?<![\w-])(?P<a>{_DAY})\s*(?:to|through|until|till|-|–|—)\s*(?P<b>{_DAY})(?![\w])",
                       re.IGNORECASE)
#: every day, or the weekend's or the week's days, as a word
_SPAN_WORDS: dict[str, tuple[int, ...]] = {
    "daily": tuple(range(7)), "every day": tuple(range(7)), "all week": tuple(range(7)),
    "seven days a week": tuple(range(7)), "weekends": (5, 6), "weekend": (5, 6), "weekdays": (0, 1, 2, 3, 4)}
_SPAN_RE = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(w) for w in sorted(_SPAN_WORDS, key=len, reverse=True))
                      + r")(?![\w])", re.IGNORECASE)
#: a time of day ("10:00", "9.30", "10am", "5 pm") or a span of them ("11:00-16:00", "10:00 to 18:00")
CLOCK_RE = re.compile(r"(?<![\d.,:])(?:[01]?\d|2[0-4])(?:[:.][0-5]\d\s*(?:[ap]\.?m\.?)?|\s*[ap]\.?m\.?)(?![\w])"
                      r"(?:\s*(?:-|–|—|to|until)\s*(?:[01]?\d|2[0-4])(?:[:.][0-5]\d\s*(?:[ap]\.?m\.?)?|\s*[ap]\.?m\.?)"
                      r"(?![\w]))?", re.IGNORECASE)
_CLOSED_RE = re.compile(r"(?<![\w-])(?:closed|shut|no\s+opening)(?![\w])", re.IGNORECASE)
#: an exception or a denial in a clause: what it says of a day is not read here
_EXCEPT_RE = re.compile(r"(?<![\w-])(?:except|but|not|never|no|excluding|apart\s+from|other\s+than)(?![\w])",
                        re.IGNORECASE)
_OPEN_RE = re.compile(r"(?<![\w-])(?:open|opens)(?![\w])", re.IGNORECASE)
#: a sentence about opening hours says so ("open", "closed", "opening hours", "hours")
_HOURS_WORD_RE = re.compile(r"(?<![\w-])(?:open|opens|opening|closed|shut|hours)(?![\w])", re.IGNORECASE)
#: "Is X open on Mondays?", "When is X open on Sundays?", "Is X closed on Tuesday?", "What are X's opening hours on
#: Sunday?": an opening or closing word, then the day asked
_ASKED_RE = re.compile(rf"(?<![\w-])(?:open|opens|opened|closed|close|closes|shut|opening\s+hours|opening\s+times|hours)"
                       rf"(?![\w])[^?]*?\b(?:on|at|during)\s+(?:a\s+|the\s+)?(?P<day>{_DAY}|weekends?|weekdays)(?![\w])",
                       re.IGNORECASE)
_HOURS_Q_RE = re.compile(r"^\W*(?:when|at\s+what\s+time|what\s+time|what\s+are\s+the\s+(?:opening\s+)?hours)\b"
                         r"[^?]*?(?<![\w-])(?:open|opens|closed|close|closes|opening\s+hours|opening\s+times)(?![\w])",
                         re.IGNORECASE)


def _day_index(word: str) -> int | None:
    w = word.casefold().rstrip(".")
    return next((i for i, d in enumerate(_DAYS) if w[:3] == d[:3]), None)


def _days_of(word: str) -> tuple[int, ...]:
    low = word.casefold()
    if low in _SPAN_WORDS:
        return _SPAN_WORDS[low]
    i = _day_index(low)
    return () if i is None else (i,)


def asked_day(question: str) -> tuple[int, ...]:
    """The days of the week (0 = Monday .. 6 = Sunday) ``question`` asks whether or when something is open (or
    closed) on: "Is X open on Mondays?" -> (0,); "When is X open at weekends?" -> (5, 6); () when it asks no such
    thing ("When did X open?", "Is X open to cars?"). Never raises."""
    m = _ASKED_RE.search(" ".join((question or "").split()))
    return _days_of(m.group("day")) if m is not None else ()


def asks_hours(question: str) -> bool:
    """Whether ``question`` asks when something is open or closed: the hours ("When is X open on Sundays?", "What
    time does X open?", "When does X close?"), not a date ("When did X open?", "When was X closed?"). Never
    raises."""
    q = " ".join((question or "").split())
    if not _HOURS_Q_RE.search(q):
        return False
    return bool(asked_day(q)) or not re.search(r"\b(?:did|was|were|had|has|have|will)\b", q, re.IGNORECASE)


def asks_closed(question: str) -> bool:
    """Whether ``question`` asks whether something is closed (or shut) on a day rather than open ("Is X closed on
    Mondays?"). Never raises."""
    m = _ASKED_RE.search(" ".join((question or "").split()))
    return m is not None and bool(re.match(r"(?i)clos|shut", m.group(0)))


def names_days(text: str) -> bool:
    """Whether ``text`` names a day of the week or days ("Mondays", "Tue-Sun", "daily", "weekends"). Never
    raises."""
    return bool(_DAY_RE.search(text) or _SPAN_RE.search(text))


def _covered(clause: str, day: int) -> bool:
    """Whether ``clause`` names ``day``: itself, a range of days holding it, or a word for days holding it."""
    ranges = list(_RANGE_RE.finditer(clause))
    for r in ranges:
        a, b = _day_index(r.group("a")), _day_index(r.group("b"))
        if a is not None and b is not None and (a <= day <= b if a <= b else (day >= a or day <= b)):
            return True
    rest = _RANGE_RE.sub(" ", clause)
    if any(day in _days_of(m.group(0)) for m in _DAY_RE.finditer(rest)):
        return True
    return any(day in _SPAN_WORDS[m.group(0).casefold()] for m in _SPAN_RE.finditer(rest))


def day_state(text: str, days: tuple[int, ...]) -> bool | None:
    """What ``text`` says of ``days`` (:func:`asked_day`): False when a clause naming one of them (itself, a range
    of days holding it, "weekends") says closed ("Monday: closed", "Closed on Mondays, except Easter Monday");
    True when such a clause, or the clause after it, gives hours ("Sunday: 11:00-16:00", "Tuesday to Sunday,
    10:00 to 18:00") or says open ("open daily"); None when no clause names the days, or it says neither. A holiday
    named by a day ("Easter Monday", "Whit Monday") is no weekday. A clause with an exception or a denial naming
    a day ("open daily except Mondays", "not open on Mondays") or with both states ("open ... and closed on
    Mondays") gives None: it is for a reading of the whole clause. A sentence without an opening-hours word (open,
    closed, opening hours: :data:`_HOURS_WORD_RE`) says nothing of them ("Guided tours start every day at 14:00").
    Never raises."""
    if not days or not _HOURS_WORD_RE.search(text):
        return None  # "Guided tours start every day at 14:00": a time of another thing than the opening
    cleaned = re.sub(r"(?i)\b(?:easter|whit|bank\s+holiday|cyber|black|good|ash|palm|boxing)\s+" + _DAY, " ", text)
    # an exception naming no weekday left ("except Easter Monday and Whit Monday", "except public holidays") leaves
    # the rule as it is for the weekday asked
    cleaned = re.sub(r"(?i),?\s*\bexcept\b[^.;\n]*", lambda m: m.group(0) if names_days(m.group(0)) else "", cleaned)
    clauses = [c for c in re.split(r"[;.]\s|\n", cleaned) if c.strip()]
    for clause in clauses:
        # a clause's parts: at a comma, and at an "and" joining another clause ("open from 10:00 to 17:00 and guided
        # tours are held on Mondays": the tours' day), not days ("Saturday and Sunday: 10:00-16:00")
        parts = re.split(rf"(?i),\s*|\s+and\s+(?!{_DAY}(?![\w]))", clause)
        for k, part in enumerate(parts):
            if not any(_covered(part, d) for d in days):
                continue
            if _EXCEPT_RE.search(clause) or (_CLOSED_RE.search(part) and (_OPEN_RE.search(part) or CLOCK_RE.search(part))):
                return None  # "open daily except Mondays", "not open on Mondays", "open ... and closed on Mondays"
            if _CLOSED_RE.search(part):
                return False
            nxt = parts[k + 1] if k + 1 < len(parts) else ""
            if CLOCK_RE.search(part) or _OPEN_RE.search(part) or (
                    CLOCK_RE.search(nxt) and not _DAY_RE.search(nxt) and not _CLOSED_RE.search(nxt)):
                return True
    return None

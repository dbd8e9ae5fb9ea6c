"""Times a state holds: the one reader of days of the week, months and seasons ("cycles") for the questions asking
whether or when something is open then ("Is X open on Mondays?", "Can I visit X in January?", "When is X open on
Sundays?") and for the sentences that say it, read two ways:

- :func:`time_state`: what a sentence of an opening-hours list says of the time asked,
  clause by clause ("Monday: closed", "Closed on Mondays, except Easter Monday", "Tuesday to Sunday, 10:00 to 18:00",
  "1 November to 31 March: weekends only, 11:00 to 16:00", "open all year");
- :func:`bound_state`: which state of a pair (open / closed, free / paid) a running sentence binds to the qualifier
  a yes/no question asks it on or in ("open Tuesday to Sunday ... and is closed on Mondays").

A question asks a time (:func:`asked_time`) as its plain words say it (:func:`shared.text.synonyms.said_plainly`):
whether one can visit, go to, get into or be admitted to a place on a day, in a month or a season is whether it is
open then. English words; the seasons as a northern page means them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from shared.text.relations import HOURS_LABEL_RE, OPENING_HOURS, about_opening_hours
from shared.text.synonyms import said_plainly
from shared.text.tokens import tokenize

__all__ = ["ALL_YEAR", "ALL_YEAR_RE", "AskedTime", "CLOCK_RE", "CYCLES", "CYCLE_SPANS", "DAYS", "DENIAL_RE",
           "DENIAL_REACH", "HOURS_ADJUNCT_RE", "IN_SERVICE", "MONTHS", "OPEN_STATE", "asked_time", "asked_time_words",
           "asks_clock_times", "asks_hours", "bound_state", "covers_time", "cycle_places", "gives_hours", "hours_habit",
           "names_times", "recurring_time", "recurring_times_stated", "stated_times", "time_state", "times_apart"]

#: the cycles a time is asked from, by index: the days of the week and the months of the year
DAYS, MONTHS = 0, 1
#: ordered cycles a qualifier is asked from ("on Mondays", "in July"), each word's forms (plural, abbreviation)
CYCLES: tuple[tuple[tuple[str, ...], ...], ...] = (
    tuple(tuple(d.split()) for d in ("monday mondays mon", "tuesday tuesdays tue tues",
                                     "wednesday wednesdays wed weds", "thursday thursdays thu thur thurs",
                                     "friday fridays fri", "saturday saturdays sat", "sunday sundays sun")),
    tuple(tuple(m.split()) for m in ("january jan", "february feb", "march mar", "april apr", "may", "june jun",
                                     "july jul", "august aug", "september sep sept", "october oct",
                                     "november nov", "december dec")),
)
#: the one word :func:`bound_state` and :func:`time_state` write for an all-season phrase (:data:`ALL_YEAR_RE`)
ALL_YEAR = "allyear"
#: words that state a part of a cycle at once ("open daily", "closed at weekends"): (cycle, positions)
CYCLE_SPANS: dict[str, tuple[int, frozenset[int]]] = {
    **dict.fromkeys("daily everyday".split(), (DAYS, frozenset(range(7)))),
    **dict.fromkeys("weekdays weekday".split(), (DAYS, frozenset(range(5)))),
    **dict.fromkeys("weekends weekend".split(), (DAYS, frozenset((5, 6)))),
    # the seasons as an English (northern) page means them: "closed in winter" speaks of January
    **dict.fromkeys("winter winters wintertime".split(), (MONTHS, frozenset((11, 0, 1)))),
    **dict.fromkeys("spring springtime".split(), (MONTHS, frozenset((2, 3, 4)))),
    **dict.fromkeys("summer summers summertime".split(), (MONTHS, frozenset((5, 6, 7)))),
    **dict.fromkeys("autumn autumns".split(), (MONTHS, frozenset((8, 9, 10)))),
    # an all-season phrase (:data:`ALL_YEAR_RE`), as it is written here: every month
    ALL_YEAR: (MONTHS, frozenset(range(12))),
}
#: a phrase saying a state holds in every season ("operates all year round", "open year-round", "throughout the
#: year", "in all seasons", "ganzjährig"); one saying it holds every day of the year ("every day of the year", "365
#: days a year") is group ``daily``. Either is read as the one word :data:`ALL_YEAR` (with "daily" before it for the
#: latter), a span of every month
ALL_YEAR_RE = re.compile(
    r"(?P<daily>\bevery\s+day\s+of\s+the\s+year|\b365\s+days\s+(?:a|per|of\s+the)\s+year)\b"
    r"|\b(?:(?:all|the)[\s-]+(?:the[\s-]+)?year[\s-]+round|all[\s-]+year(?:[\s-]+long)?|year[\s-]+round|"
    r"(?:throughout|around|all)\s+the\s+year|(?:the|all\s+the)\s+(?:whole|entire)\s+year|"
    r"(?:in\s+)?(?:all|every)\s+seasons?|all[\s-]+season|ganzj(?:ä|ae)hrig|das\s+ganze\s+jahr(?:\s+über)?)(?![\w-])",
    re.IGNORECASE)
#: phrases of an opening-hours list saying every day of the week, read by :func:`time_state` as "daily"
_EVERY_DAY_RE = re.compile(r"(?<![\w-])(?:every\s+day|all\s+week|seven\s+days\s+a\s+week)(?![\w-])", re.IGNORECASE)
#: words saying a service is in service (runs, operates, is open); with an all-season phrase beside it, any of them
#: states the question's run or open state ("Does it run in winter?": "The funicular is open year-round"), and
#: closed the opposite
IN_SERVICE = frozenset("open opens opened run runs running ran operate operates operating operated operational "
                       "served verkehrt verkehren fährt faehrt geöffnet geoeffnet betrieb".split())
#: being open and being closed, as words are written (lower case)
OPEN_STATE: tuple[frozenset[str], frozenset[str]] = (
    frozenset("open opened opens reopen reopened reopens".split()),
    frozenset("closed closes shut shuts locked".split()))
#: a word that denies what follows it in its clause ("is not open", "never won", "no longer carries", "carries no
#: cars"); "not only" denies nothing
DENIAL_RE = re.compile(r"\b(?:not(?!\s+only\b)|never|no|nor|neither|cannot)\b|n't\b", re.IGNORECASE)
#: a denial reaches this many words ahead of it ("is not open", "has never been closed")
DENIAL_REACH = 3
#: a range of a cycle: "Tuesday to Sunday", "from April until October", "Tue-Sun", "1 April to 31 October"
_RANGE_JOIN = re.compile(r"^(?:to|through|thru|till|until|[-–—])$", re.IGNORECASE)
#: the day of a month's date in a range ("1 April to 31 October"): no word of the cycle
_MONTH_DAY = re.compile(r"^\d{1,2}(?:st|nd|rd|th)?$", re.IGNORECASE)
#: words between a state and its qualifier that exempt the qualifier ("open daily except Mondays", "but not on")
_EXEMPT_RE = re.compile(r"\b(?:except|excepting|excluding|apart\s+from|other\s+than|not|never)\b|n't\b",
                        re.IGNORECASE)
#: a state word after its qualifier ("On Mondays the museum is closed") is read at most this many words later
BOUND_REACH = 8
#: auxiliaries: one between a state word and a qualifier makes the qualifier another verb's ("open daily and tours
#: are held on Mondays")
_AUX = frozenset(("is are was were am do does did can could has have had will would should shall may might must "
                  "isn't aren't wasn't weren't doesn't don't didn't hasn't haven't").split())
_WORD_RE = re.compile(r"[^\W_]+(?:'[^\W_]+)*|[-–—]")


def _all_year(m: re.Match[str]) -> str:
    """The word(s) read for an all-season phrase ``m`` of :data:`ALL_YEAR_RE`."""
    return f"daily {ALL_YEAR}" if m.group("daily") else ALL_YEAR


def _cycle_place(word: str) -> tuple[int, int] | None:
    """(cycle, position) of a word (lower case) of :data:`CYCLES` ("mondays" -> (0, 0), "oct" -> (1, 9))."""
    for c, cycle in enumerate(CYCLES):
        for k, forms in enumerate(cycle):
            if word in forms:
                return c, k
    return None


def cycle_places(word: str) -> tuple[int, frozenset[int]] | None:
    """(cycle, positions) a qualifier (a question's word, lower case) asks of: a day or month of :data:`CYCLES`
    ("monday" -> (0, {0})), or a span of :data:`CYCLE_SPANS` ("winter" -> (1, {11, 0, 1}), "weekend" -> (0, {5,
    6})); None for another word. Never raises."""
    place = _cycle_place(word) or _cycle_place(word + "s")
    if place is not None:
        return place[0], frozenset((place[1],))
    return CYCLE_SPANS.get(word)


def _inside(asked: frozenset[int], stated: frozenset[int]) -> bool | None:
    """Whether the asked positions of a cycle lie in a stated range or span: True all of them, False none, None
    some ("spring" against "April to October")."""
    return True if asked <= stated else False if not asked & stated else None


def _stated(words: Sequence[str], cycle: int, singles: bool = True) -> list[tuple[int, frozenset[int]]]:
    """The times of ``cycle`` that ``words`` (a text's words, as written, and dashes) state, each as (index of its
    first word, positions): a range ("Tuesday to Sunday", "Tue-Sun", "April to October", "1 April to 31 October"), a
    span (:data:`CYCLE_SPANS`: "daily", "weekends", "winter", :data:`ALL_YEAR`) and, when ``singles``, a day or month
    alone ("Mondays", "in July"; "may" only as the month "May")."""
    low = [w.casefold() for w in words]
    size = len(CYCLES[cycle])
    out: list[tuple[int, frozenset[int]]] = []
    k = 0
    while k < len(low):
        w = low[k]
        span = CYCLE_SPANS.get(w)
        first = _cycle_place(w) if w != "may" or words[k] == "May" else None
        if span is not None and span[0] == cycle:
            out.append((k, span[1]))
        elif first is not None and first[0] == cycle:
            j = k + 2 if k + 2 < len(low) and _RANGE_JOIN.match(low[k + 1]) else 0
            if j and cycle == MONTHS and _MONTH_DAY.match(low[j]) and j + 1 < len(low):
                j += 1  # "1 April to 31 October"
            last = _cycle_place(low[j]) if j else None
            if last is not None and last[0] == cycle:
                out.append((k, frozenset((first[1] + n) % size for n in range((last[1] - first[1]) % size + 1))))
                k = j
            elif singles:
                out.append((k, frozenset((first[1],))))
        k += 1
    return out


class AskedTime(NamedTuple):
    """The time a question asks whether (or when) something is open: ``cycle`` (:data:`DAYS` or :data:`MONTHS`),
    ``places`` (its positions: 0 = Monday / January), ``closed`` (it asks whether it is closed, the contrary of
    open), ``months`` (the months the days are asked in, when a month or a season is asked with them)."""

    cycle: int
    places: frozenset[int]
    closed: bool = False
    #: the words of whom or what it is asked open to or for ("Is the bridge open to heavy trucks on Mondays?":
    #: ("heavy", "truck")), who goes ("open to visitors", "to the public") none of them
    to: tuple[str, ...] = ()
    #: the months (0 = January) the asked days are in, when the question asks a month or a season too ("Is X open on
    #: Mondays in January?": {0}; "at weekends in winter": {11, 0, 1}); empty when it asks none, or asks months only
    months: frozenset[int] = frozenset()


#: "Is X open on Mondays?", "Can one open X in January?" (:func:`said_plainly` of "Can I visit X in January?"),
#: "When is X open at weekends?", "Is X closed in winter?", "What are X's opening hours on Sunday?": a word of being
#: open or closed, then (:data:`_TIME_RE`) the time asked after a preposition
_STATE_ASKED_RE = re.compile(r"(?<![\w-])(?P<state>open|opens|opened|reopen|reopens|closed|close|closes|shut|locked|"
                             r"opening\s+hours|opening\s+times|hours)(?![\w-])", re.IGNORECASE)
#: who goes to a place ("Is X open to visitors on Mondays?"): nothing a claim of its opening hours must state
_GOERS = frozenset(tokenize("visitors visitor people tourists guests families anyone someone everyone public members"))
#: a time after a preposition ("on a Monday", "in winter", "at weekends", "this Sunday"), its word ``time``
_TIME_RE = re.compile(r"(?<![\w-])(?:on|at|in|during|over|for|this|next|every)\s+(?:(?:an?|the|this|next|every)\s+)?"
                      r"(?P<time>[^\W\d_]+)(?![\w-])", re.IGNORECASE)


#: a time written before the label of the hours asked ("the winter opening hours", "Sunday opening times", "weekend
#: hours"), its word ``time``
_TIME_BEFORE_HOURS_RE = re.compile(r"(?<![\w'’-])(?P<time>[^\W\d_]+)\s+(?:(?:opening|visiting)\s+)?(?:hours|times)"
                                   r"(?![\w-])", re.IGNORECASE)


@lru_cache(maxsize=1024)
def asked_time(question: str) -> AskedTime | None:
    """The time ``question`` asks whether or when something is open (or closed) then, read in its plain words
    (:func:`shared.text.synonyms.said_plainly`: "Can I visit X on a Monday?", "Could we get into X in winter?",
    "Will I be admitted to X at weekends?" ask whether X is open then): "Is X open on Mondays?" -> (DAYS, {0},
    False), "Is X closed in winter?" -> (MONTHS, {11, 0, 1}, True), "Is X open on Mondays in January?" -> (DAYS,
    {0}, False, months={0}): days asked in a month or a season are the days, asked in those months; a time written
    before the hours' label is asked as well ("What are the winter opening hours of X?" -> (MONTHS, {11, 0, 1},
    False), "X's Sunday opening times"); None when it
    asks no such time ("When did X open?", "Is X open to cars?", "Was X opened in May 1890?": a date, no time of a
    cycle). Never raises."""
    q = " ".join(said_plainly(question or "").split())
    found: dict[int, AskedTime] = {}  # the first time of each cycle asked, by cycle
    for m in _TIME_RE.finditer(q):
        time = m.group("time")
        if re.match(r",?\s*\d", q[m.end():]):
            continue  # "in May 1890", "on Monday 5 May": a date
        places = cycle_places(time.casefold()) if time != "may" else None  # "may" of "may one ..." is no month
        # the state asked is the one nearest before the time ("Is the Open Air Museum closed on Mondays?")
        state = list(_STATE_ASKED_RE.finditer(q, 0, m.start()))
        if places is not None and state and places[0] not in found:
            between = re.match(r"(?i)\s+(?:to|for)\s+(.*)", q[state[-1].end():m.start()])
            to = tuple(t for t in tokenize(between.group(1)) if t not in _GOERS) if between else ()
            found[places[0]] = AskedTime(places[0], places[1],
                                         bool(re.match(r"(?i)clos|shut|lock", state[-1].group("state"))), to)
    for m in _TIME_BEFORE_HOURS_RE.finditer(q):
        # "What are the winter opening hours of X?", "X's Sunday opening times": the hours of that time
        time = m.group("time")
        places = cycle_places(time.casefold()) if time.casefold() != "may" or time == "May" else None
        if places is not None and places[0] not in found:
            found[places[0]] = AskedTime(places[0], places[1])
    if DAYS in found and MONTHS in found:
        # days asked in a month or a season ("on Mondays in January", "in winter at weekends"): the days are asked,
        # and a rule of other months says nothing of them (:func:`time_state`)
        return found[DAYS]._replace(months=found[MONTHS].places)
    return found.get(DAYS) or found.get(MONTHS)


def recurring_time(question: str) -> tuple[int, frozenset[int]] | None:
    """The recurring time ``question`` asks of, after a preposition (:data:`_TIME_RE`): a day of the week, a month or
    a season ("Is X held in March?" -> (MONTHS, {2}), "Does X take place on Saturdays?" -> (DAYS, {5}), "in
    summer" -> (MONTHS, {5, 6, 7})) as :func:`cycle_places` reads it; None when it asks none, or the time is part of
    a date ("in March 1990", "on 5 March", "on Monday 5 May"). Never raises."""
    found = _recurring_asked(question)
    return found[1] if found else None


def _recurring_asked(question: str) -> tuple[str, tuple[int, frozenset[int]]] | None:
    """The word of the recurring time ``question`` asks of, as written ("Wednesday" of "on a Wednesday"), and its
    (cycle, positions), as :func:`recurring_time` reads them; None when it asks none."""
    q = " ".join((question or "").split())
    for m in _TIME_RE.finditer(q):
        time = m.group("time")
        if re.match(r",?\s*\d", q[m.end():]) or re.search(r"\d\s*$", q[:m.start("time")]):
            continue
        places = cycle_places(time.casefold()) if time != "may" else None
        if places is not None:
            return time, places
    return None


#: a day or month name written as part of a date with a year ("March 1989", "14 October 2025", "October 9, 2025")
#: or a day number ("Monday 5 May", "Monday, 5"): a one-off time, no recurring one; a time of day after a day
#: ("Friday, 10:00", "Sundays 9.30", "Monday 10 am") is no day number
_DATE_OF_TIME_RE = re.compile(
    r"(?i)(?<![\w-])(?:\d{1,2}(?:st|nd|rd|th)?\s+)?(?:" + "|".join(sorted(
        (f for forms in CYCLES[MONTHS] for f in forms), key=len, reverse=True)) + r")\.?\s+"
    r"(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?(?:1\d{3}|20\d{2})(?![\w-])"
    r"|(?<![\w-])(?:" + "|".join(sorted((f for forms in CYCLES[DAYS] for f in forms), key=len, reverse=True))
    + r")\.?,?\s+\d{1,2}(?!\d|[:.]\d|\s*[ap]\.?m\b)")


def recurring_times_stated(text: str, cycle: int) -> list[frozenset[int]]:
    """The recurring times of ``cycle`` (:data:`DAYS` or :data:`MONTHS`) that ``text`` states, each as its
    positions (:func:`_stated`): "held every October" -> [{9}], "on Saturdays and Sundays" -> [{5}, {6}], "from
    April to June" -> [{3, 4, 5}], "in summer" -> [{5, 6, 7}], "all year" -> every month. A name written as part of
    a date (:data:`_DATE_OF_TIME_RE`: "in March 1989", "on 14 October 2025") is no recurring time, nor is a
    three-letter abbreviation in lower case ("sun", "mar"). Never raises."""
    text = _DATE_OF_TIME_RE.sub(" ", _EVERY_DAY_RE.sub("daily", ALL_YEAR_RE.sub(_all_year, text or "")))
    words = _WORD_RE.findall(text)
    return [places for k, places in _stated(words, cycle)
            if len(words[k]) > 3 or words[k][:1].isupper() or words[k].casefold() in CYCLE_SPANS]


_HOURS_Q_RE = re.compile(r"^\W*(?:(?:when|at\s+what\s+time|what\s+time|what\s+are\s+the\s+(?:opening\s+)?hours)\b"
                         r"[^?]*?(?<![\w-])(?:open|opens|closed|close|closes|opening\s+hours|opening\s+times)(?![\w])"
                         # "What are the opening hours of X on Saturday?": the label of the hours asks them itself,
                         # also of a part of X or X itself named before it ("the box office opening hours of X", "the
                         # museum's opening hours")
                         r"|(?:what|which)\s+(?:are|were)\s+(?:the\s+|its\s+|their\s+)?(?:[^\W\d_][\w'’-]*\s+){0,4}?"
                         r"(?:opening|visiting)\s+(?:hours|times)\b)",
                         re.IGNORECASE)


#: a closure said of a year's course: a word of being closed (:data:`OPEN_STATE`) and a yearly frame ("each year",
#: "annually", "seasonally", "for the season"), either order: the dates of the closure asked, not hours
_YEARLY = r"(?:(?:each|every|per|a)\s+year|annually|yearly|seasonally|for\s+the\s+(?:season|off-season))"
_CLOSED = r"(?:" + "|".join(sorted(OPEN_STATE[1])) + r")"
_YEARLY_CLOSURE_RE = re.compile(r"\b" + _CLOSED + r"\b[^?]*?\b" + _YEARLY + r"\b|\b" + _YEARLY + r"\b[^?]*?\b"
                                + _CLOSED + r"\b", re.IGNORECASE)


def asks_hours(question: str) -> bool:
    """Whether ``question`` asks when something is open or closed: the hours ("When is X open on Sundays?", "What
    time does X open?", "When does X close?", "When is X open in winter?"), not a date ("When did X open?", "When was
    X closed?") nor a closure of a season or a month ("When is X closed in winter?", "When is X shut in December?":
    the dates or months it is closed, "from mid-November until late May"), nor a closure each year with no day or time
    of day asked (:data:`_YEARLY_CLOSURE_RE`: "When is X closed each year?", "When does X shut annually?"). Never
    raises."""
    q = " ".join((question or "").split())
    if not _HOURS_Q_RE.search(q):
        return False
    time = asked_time(q)
    if time is not None and time.closed and time.cycle == MONTHS:
        return False
    if time is None and _YEARLY_CLOSURE_RE.search(q) and not CLOCK_RE.search(q):
        return False  # "When is X closed each year?": the dates of a yearly closure, no hours
    return time is not None or not re.search(r"\b(?:did|was|were|had|has|have|will)\b", q, re.IGNORECASE)


def names_times(text: str, cycle: int | None = None) -> bool:
    """Whether ``text`` names a time of ``cycle`` (any cycle when None): a day or days ("Mondays", "Tue-Sun",
    "daily", "weekends", "every day"), a month or a season ("in July", "winter", "all year"). Never raises."""
    words = _WORD_RE.findall(_EVERY_DAY_RE.sub("daily", ALL_YEAR_RE.sub(_all_year, text)))
    return any(_stated(words, c) for c in ((DAYS, MONTHS) if cycle is None else (cycle,)))


def times_apart(first: str, second: str) -> bool:
    """Whether two sentences speak of different times of one cycle: both name days (or both months or seasons) and
    no day (month) one names is one the other names, a range or a span counted by each day it holds ("closed on
    Mondays" / "open Tuesday to Saturday": apart; "closed on Mondays" / "open daily": not; "opened in May" / "closed
    in June": apart). A state and its contrary said of different times deny nothing. Never raises."""
    def named(text: str, cycle: int) -> frozenset[int]:
        words = _WORD_RE.findall(_EVERY_DAY_RE.sub("daily", ALL_YEAR_RE.sub(_all_year, _HOLIDAY_RE.sub(" ", text))))
        return frozenset(p for _k, stated in _stated(words, cycle) for p in stated)

    for cycle in (DAYS, MONTHS):
        a, b = named(first or "", cycle), named(second or "", cycle)
        if a and b and not a & b:
            return True
    return False


#: a time of day ("10:00", "9.30", "10am", "5 pm") or a span of them ("11:00-16:00", "10:00 to 18:00")
CLOCK_RE = re.compile(r"(?<![\d.,:])(?:[01]?\d|2[0-4])(?:[:.][0-5]\d\s*(?:[ap]\.?m\.?)?|\s*[ap]\.?m\.?)(?![\w])"
                      r"(?:\s*(?:-|–|—|to|until)\s*(?:[01]?\d|2[0-4])(?:[:.][0-5]\d\s*(?:[ap]\.?m\.?)?|\s*[ap]\.?m\.?)"
                      r"(?![\w]))?", re.IGNORECASE)
#: a clock time as :data:`CLOCK_RE` reads one, without its range ("20:00", "8 pm")
_CLOCK = r"(?:[01]?\d|2[0-4])(?:[:.][0-5]\d\s*(?:[ap]\.?m\.?)?|\s*[ap]\.?m\.?)(?![\w])"
#: what follows a verb (and its object of up to four words: "open its Central Library") when it tells a habit of hours,
#: not an event: a recurring time ("on Sundays", "on weekends", "at weekends", "on public holidays", "in the
#: evenings", "every day", "daily", "seven days a week", "round the clock") or a clock time it holds until or from
#: ("until 20:00", "from 12:00")
HOURS_ADJUNCT_RE = re.compile(
    r"(?:\s+(?:(?:its|the|their|his|her|our|a|an)\s+)?(?:(?!(?:on|at|in|until|till|from|every|each|daily|for)\b)"
    r"[\w'’-]+\s+){0,4}?|\s+)"
    r"(?:on\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekends|(?:public|bank)\s+holidays)"
    r"|at\s+weekends|in\s+the\s+(?:evenings|mornings|afternoons)|(?:every|each)\s+(?:day|evening|morning|weekend)"
    r"|daily|seven\s+days\s+a\s+week|(?:a)?round\s+the\s+clock|(?:until|till|from)\s+" + _CLOCK + r")(?![\w-])",
    re.IGNORECASE)


def hours_habit(text: str, end: int) -> bool:
    """Whether the verb of ``text`` ending at offset ``end`` tells a habit of hours (:data:`HOURS_ADJUNCT_RE`): "will
    open its Central Library on Sundays from 1 September 2025", "opened on Sundays", "stays open until 20:00" say
    when it is open, not that it opened then (a change of opening hours dates no opening of the thing); "opened on
    14 March 1891", "opened on Sunday 5 May" do not. Never raises."""
    return HOURS_ADJUNCT_RE.match(text or "", end) is not None


_CLOSED_RE = re.compile(r"(?<![\w-])(?:closed|shut|no\s+opening)(?![\w])", re.IGNORECASE)
#: an exception or a denial in a clause: what it says of a time is not read here
_EXCEPT_RE = re.compile(r"(?<![\w-])(?:except|but|not|never|no|excluding|apart\s+from|other\s+than)(?![\w])",
                        re.IGNORECASE)
_OPEN_RE = re.compile(r"(?<![\w-])(?:open|opens)(?![\w])", re.IGNORECASE)
#: a rule of hours holding on the days it names and no others ("Saturdays and Sundays only", "weekends only")
_ONLY_RE = re.compile(r"(?<![\w-])only(?![\w-])", re.IGNORECASE)
#: a day's name in any of its forms (:data:`CYCLES`: "Monday", "Mondays", "Mon", "Tues")
_DAY = "(?:" + "|".join(sorted((f for forms in CYCLES[DAYS] for f in forms), key=len, reverse=True)) + ")"
#: where a clause of opening hours splits into parts: at a comma, and at an "and" joining another clause, not days
_PART_SPLIT_RE = re.compile(rf"(?i),\s*|\s+and\s+(?!{_DAY}(?![\w]))")
#: a holiday named by a day ("Easter Monday", "Whit Monday"): no weekday
_HOLIDAY_RE = re.compile(rf"(?i)\b(?:easter|whit|bank\s+holiday|cyber|black|good|ash|palm|boxing)\s+{_DAY}\b\.?")


def _covered(part: str, cycle: int, places: frozenset[int]) -> bool:
    """Whether ``part`` (a clause's part, its all-season and every-day phrases written as words) names all of
    ``places`` of ``cycle``: themselves, a range or a span holding them ("Saturday and Sunday", "weekends" for the
    weekend; "April to October" holds no spring: March is not in it)."""
    named = frozenset(p for _k, stated in _stated(_WORD_RE.findall(part), cycle) for p in stated)
    return _inside(places, named) is True


def time_state(text: str, asked: AskedTime) -> bool | None:
    """What ``text`` says of the time ``asked`` (:func:`asked_time`, read as being open then): False when a clause
    naming it (itself, a range holding it: "Tuesday to Sunday", "1 November to 31 March"; a span: "weekends",
    "winter", "all year") says closed ("Monday: closed", "Closed on Mondays, except Easter Monday", "closed in
    winter"); True when such a clause, or the clause after it, gives hours ("Sunday: 11:00-16:00", "1 November to
    31 March: weekends only, 11:00 to 16:00") or says open ("open daily", "open all year"); None when no clause
    names the time, or it says neither. ``asked.closed`` is not applied here: the answer is of being open. A holiday
    named by a day ("Easter Monday", "Whit Monday") is no weekday, and an exception naming no time ("except public
    holidays") leaves the rule as it is. A clause with an exception or a denial naming a time ("open daily except
    Mondays", "not open on Mondays") or with both states ("open ... and closed on Mondays") gives None: it is for a
    reading of the whole clause (:func:`bound_state`). Days asked in some months (``asked.months``: "on Mondays in
    January") are read only in a clause naming no months or months holding them all: "open daily from April to
    October" says nothing of a Monday in January. A clause opening the days it names "only" ("From November to March
    the museum is open on Saturdays and Sundays only", "weekends only, 11:00 to 16:00") says False of any other day,
    when it names no months or the days are asked in its months. A sentence without an opening-hours word (open,
    closed, opening hours) says nothing of it ("Guided tours start every day at 14:00"). Never raises."""
    if not asked.places or not about_opening_hours(text):
        return None  # "Guided tours start every day at 14:00": a time of another thing than the opening
    cleaned = _EVERY_DAY_RE.sub("daily", ALL_YEAR_RE.sub(_all_year, _HOLIDAY_RE.sub(" ", text)))
    # an exception naming no time left ("except Easter Monday and Whit Monday", "except public holidays") leaves
    # the rule as it is for the time asked
    cleaned = re.sub(r"(?i),?\s*\bexcept\b[^.;\n]*", lambda m: m.group(0) if names_times(m.group(0)) else "", cleaned)
    for clause in (c for c in re.split(r"[;.]\s|\n", cleaned) if c.strip()):
        # a rule of some months ("open daily from April to October") holds only in them: of days asked in other
        # months ("on Mondays in January") it says nothing, nor of those asked in a season it holds partly
        months = _times_named(_DATE_OF_TIME_RE.sub(" ", clause), MONTHS) if asked.cycle == DAYS else set()
        if asked.months and months and not asked.months <= months:
            continue
        # a clause's parts: at a comma, and at an "and" joining another clause ("open from 10:00 to 17:00 and guided
        # tours are held on Mondays": the tours' day), not days ("Saturday and Sunday: 10:00-16:00")
        parts = _PART_SPLIT_RE.split(clause)
        for k, part in enumerate(parts):
            if not _covered(part, asked.cycle, asked.places):
                continue
            if _EXCEPT_RE.search(clause) or (_CLOSED_RE.search(part) and (_OPEN_RE.search(part) or CLOCK_RE.search(part))):
                return None  # "open daily except Mondays", "not open on Mondays", "open ... and closed on Mondays"
            if _CLOSED_RE.search(part):
                return False
            nxt = parts[k + 1] if k + 1 < len(parts) else ""
            if CLOCK_RE.search(part) or _OPEN_RE.search(part) or (
                    CLOCK_RE.search(nxt) and not names_times(nxt) and not _CLOSED_RE.search(nxt)):
                return True
        # "open on Saturdays and Sundays only", "weekends only, 11:00 to 16:00": closed on every other day, in the
        # months asked when the rule names some (a rule of some months says nothing of a day asked in no month)
        if asked.cycle == DAYS and (asked.months or not months) and _ONLY_RE.search(clause) \
                and (_OPEN_RE.search(clause) or CLOCK_RE.search(clause)) \
                and not (_EXCEPT_RE.search(clause) or _CLOSED_RE.search(clause)):
            days = _times_named(clause, DAYS)
            if days and not days & asked.places:
                return False
    return None


#: where an exception or a denial of a cycle's times ends: a comma, a semicolon, a bracket, a colon, a clause's full
#: stop, a line's end ("daily except Mondays, at 10:15": 10:15 is no exception)
_EXEMPTION_END_RE = re.compile(r"[,;:()\[\]\n]|\.(?!\d)")


def _times_named(text: str, cycle: int) -> set[int]:
    """The positions of ``cycle`` that ``text`` (its all-season, every-day, holiday and date phrases already written
    as :func:`stated_times` writes them) names, ranges and spans counted by each position they hold; a lower-case
    three-letter form ("sat", "wed", "sun": a verb, a noun) only inside a range ("tue-fri")."""
    words = _WORD_RE.findall(text)
    return {p for k, places in _stated(words, cycle)
            if len(words[k]) > 3 or words[k][:1].isupper() or words[k].casefold() in CYCLE_SPANS or len(places) > 1
            for p in places}


def stated_times(text: str, cycle: int = DAYS) -> frozenset[int]:
    """The positions of ``cycle`` (:data:`DAYS`: 0 = Monday; :data:`MONTHS`: 0 = January) at which ``text`` says
    something holds, read from its days' (months') names in every form of :data:`CYCLES` (full, plural, three
    letters with or without a dot), ranges joined by "to", "through", "until" or a dash, wrapping past the cycle's
    end ("Tuesday to Friday" -> {1, 2, 3, 4}, "Tue.–Fri.", "from Tuesday through Friday", "Friday to Monday" ->
    {4, 5, 6, 0}), spans (:data:`CYCLE_SPANS`: "weekdays" -> {0..4}, "weekends" -> {5, 6}, "daily", "every day",
    "all year") and single names ("Saturday and Sunday only" -> {5, 6}), less those named after an exception
    ("daily except Mondays" -> {1..6}; alone, "runs except on Mondays", the rest of the cycle) or a denial ("not on
    Sundays", "no trains on Mondays") up to the next comma, semicolon, colon, bracket or full stop. A holiday named by
    a day ("Easter Monday", "bank holiday Mondays") and a name written in a date ("Monday 5 May", "March 1989") are
    no recurring time. Empty when ``text`` names none. Never raises."""
    text = _DATE_OF_TIME_RE.sub(" ", _EVERY_DAY_RE.sub("daily", ALL_YEAR_RE.sub(_all_year, _HOLIDAY_RE.sub(
        " ", text or ""))))
    held: set[int] = set()
    dropped: set[int] = set()
    everything = False
    at = 0
    # an exception (:data:`_EXEMPT_RE`: "except", "apart from") or a denial (:data:`DENIAL_RE`: "not", "no") takes the
    # times after it out; an exception with no time before it leaves the rest of the cycle ("runs except on Mondays")
    cuts = sorted({m.start(): m for rx in (_EXEMPT_RE, DENIAL_RE) for m in rx.finditer(text)}.items())
    for _start, m in cuts:
        if m.start() < at:
            continue
        exception = DENIAL_RE.fullmatch(m.group(0)) is None
        before = _times_named(text[at:m.start()], cycle)
        end = _EXEMPTION_END_RE.search(text, m.end())
        stop = end.start() if end else len(text)
        out = _times_named(text[m.end():stop], cycle)
        everything = everything or (exception and bool(out) and not before and not held)
        held |= before
        dropped |= out
        at = stop
    held |= _times_named(text[at:], cycle)
    if everything:
        held |= set(range(len(CYCLES[cycle])))
    return frozenset(held - dropped)


def covers_time(text: str, cycle: int, places: frozenset[int]) -> bool | None:
    """Whether the times of ``cycle`` that ``text`` states (:func:`stated_times`) cover the asked ``places`` (a
    question's day or days, :func:`recurring_time`): True when they hold all of them ("Trains leave at 10:15,
    Tuesday to Friday." for a Wednesday; "daily except Mondays" for a Wednesday; "weekends" for a Saturday), False
    when they hold none ("Saturday and Sunday only" for a Wednesday; "daily except Mondays" for a Monday), None when
    ``text`` names no time of ``cycle``, nothing is asked, or only some asked places are held. A sentence stating no
    recurring day states the weekdays of its dates (:func:`_dated_days`: "starts at 9:30 on Sunday 14 April 2025"
    covers a Sunday, a one-off event on the day asked). Never raises."""
    stated = stated_times(text, cycle) or (_dated_days(text) if cycle == DAYS else frozenset())
    return _inside(places, stated) if stated and places else None


def _dated_days(text: str) -> frozenset[int]:
    """The days of the week (0 = Monday) that ``text`` writes as part of a date (:data:`_DATE_OF_TIME_RE`: "on Sunday
    14 April 2025" -> {6}, "Saturday, 5 July" -> {5}; a three-letter abbreviation only capitalised, "Sun 14 April",
    not "sat 5 times"); empty when it writes none."""
    out: set[int] = set()
    for m in _DATE_OF_TIME_RE.finditer(text or ""):
        first = re.match(r"[^\W\d_]+", m.group(0))
        word = first.group(0) if first else ""
        place = _cycle_place(word.casefold()) if len(word) > 3 or word[:1].isupper() else None  # not "sat 5 times"
        if place is not None and place[0] == DAYS:
            out.add(place[1])
    return frozenset(out)


#: a question asking at what time or times of day something happens, in the present: "At what times do trains leave
#: X on a Wednesday?", "What time does the ferry depart on Sundays?", "What times are the guided tours?" (no "What
#: time zone ...": the auxiliary follows "time(s)" at once; no past "At what time did the fire start?")
_CLOCK_Q_RE = re.compile(r"^\W*(?:at\s+)?what\s+times?\s+(?:do|does|is|are|will|can|should|would)(?![\w'-])"
                         r"|^\W*when\s+(?:do|does)(?![\w'-])", re.IGNORECASE)


def asks_clock_times(question: str) -> bool:
    """Whether ``question`` asks the times of day something recurring happens (a timetable's times, not opening hours:
    :func:`asks_hours`): "At what times do trains leave X on a Wednesday?", "At what time does the last bus leave
    X?", "What time does the ferry depart on Sundays?", and "When do/does ... on <a day of the week>?" ("When do
    trains leave X on Wednesdays?"; a "when" without a day asks a date: "When does the fair take place?"). Not a
    past event ("At what time did the fire start?"), nor "What time zone ...". The day asked, if any, is
    :func:`recurring_time`'s. Never raises."""
    q = " ".join((question or "").split())
    m = _CLOCK_Q_RE.match(q)
    if m is None or asks_hours(q):
        return False
    if m.group(0).strip().casefold().startswith("when"):
        asked = recurring_time(q)
        return asked is not None and asked[0] == DAYS
    return True


#: the words by which a question asks times of day ("At what times ...", "What time ..."), as tokens
_TIME_WORDS = frozenset(tokenize("time times"))


def asked_time_words(question: str, text: str) -> frozenset[str]:
    """The words of ``question`` that ``text`` states by what its times hold: the word of the recurring time asked
    (:func:`recurring_time`: "Wednesday" of "on a Wednesday") when the times ``text`` states cover it
    (:func:`covers_time`: "Tuesday to Friday", "daily except Mondays", "weekdays" say "Wednesday"), and, for a
    question asking times of day (:func:`asks_clock_times`), its "time(s)" when ``text`` gives a time of day
    (:data:`CLOCK_RE`) and covers the day asked, or, no day being asked, keeps its times to no days ("The last bus
    leaves at 23:10."; "at 11:00, Saturday and Sunday only" is no answer to "At what time does the first train
    leave?", which another day's times may answer otherwise). As tokens (:func:`shared.text.tokens.tokenize`); empty
    otherwise ("Saturday and Sunday only" states no "Wednesday"). Never raises."""
    found = _recurring_asked(question)
    covered = found is not None and covers_time(text, found[1][0], found[1][1]) is True
    out = frozenset(tokenize(found[0])) if found is not None and covered else frozenset()
    every_day = found is None and len(stated_times(text, DAYS)) in (0, len(CYCLES[DAYS]))
    if asks_clock_times(question) and (covered or every_day) and CLOCK_RE.search(text or ""):
        out |= _TIME_WORDS & frozenset(tokenize(question))
    return out


def gives_hours(text: str) -> bool:
    """Whether ``text`` gives opening hours: it names them ("opening hours", "opening times") or a time of day
    (:data:`CLOCK_RE`: "10:00 to 18:00"). A sentence that does speaks of a place's opening before one saying only that
    something is open ("The towpath is free and open all year"). Never raises."""
    return bool(HOURS_LABEL_RE.search(text) or CLOCK_RE.search(text))


#: the words by which a question asks for opening hours ("opening hours", "open", "visiting times": the opening
#: hours' family, :data:`shared.text.relations.OPENING_HOURS`), as tokens
HOURS_ASKED_WORDS = frozenset(tokenize(" ".join(OPENING_HOURS["asked"])))


def hours_stated_words(question: str, text: str) -> frozenset[str]:
    """The words of ``question`` asking for opening hours (:data:`HOURS_ASKED_WORDS`: "opening", "hour"), and the
    word of the time asked before them ("winter" of "the winter opening hours"), that ``text`` states by giving those
    hours: the question asks hours (:func:`asks_hours`) and the text gives a time of
    day (:data:`CLOCK_RE`) or "closed" for the time asked (:func:`time_state`; for any time when none is asked) in a
    sentence about opening (the opening hours' family, :data:`shared.text.relations.OPENING_HOURS`): "X: saturday
    and Sunday day hours 09:00 – 18:00." states the "opening hours" of "What are the opening hours of X on
    Saturday?" (a table's row names no "opening"). Empty otherwise: "Guided tours start
    every day at 14:00" (no word of opening), "X is open daily" (no hours). Never raises."""
    if not asks_hours(question) or not about_opening_hours(text):
        return frozenset()
    asked = asked_time(question)
    times: frozenset[str] = frozenset()
    if asked is not None:
        state = time_state(text, asked)
        stated = state is False or (state is True and CLOCK_RE.search(text) is not None)
        # the word of the time asked before the hours' label, which the hours given are of ("winter" of "the winter
        # opening hours": "From November to March ... 10:00 to 16:00"); one after a preposition ("on Sundays") is
        # :func:`asked_time_words`'
        times = frozenset(t for m in _TIME_BEFORE_HOURS_RE.finditer(question) for t in tokenize(m.group("time"))
                          if cycle_places(t) in ((asked.cycle, asked.places), (MONTHS, asked.months)))
    else:
        stated = CLOCK_RE.search(text) is not None and names_times(text)
    return (HOURS_ASKED_WORDS & frozenset(tokenize(question))) | times if stated else frozenset()


def _state_at(low: Sequence[str], states: Sequence[int], q: int, mine: frozenset[str]) -> bool | None:
    """The state :func:`bound_state` binds to the qualifier at word ``q`` of ``low`` (a part's words, lower case;
    ``states``: the positions of its state words, ``mine``: the question's side): True when it is the question's
    state, False its opposite, None when no state word is bound to it."""
    before = [k for k in states if k < q]
    if before:
        s = before[-1]
        between = low[s + 1:q]
        if any(w in _AUX for w in between):
            return None  # the qualifier is another verb's ("open daily and tours are held on Mondays")
    else:
        after = [k for k in states if q < k <= q + BOUND_REACH]
        if not after:
            return None
        s = after[0]
        between = low[max(0, q - DENIAL_REACH):q]
    holds = low[s] in mine
    if DENIAL_RE.search(" ".join(low[max(0, s - DENIAL_REACH):s])):
        holds = not holds  # "is not open on Mondays"
    if _EXEMPT_RE.search(" ".join(between)):
        holds = not holds  # "open daily except Mondays", "open, but not on Mondays"
    return holds


def bound_state(attrs: Sequence[str], text: str,
                states: Sequence[tuple[frozenset[str], frozenset[str]]] = (OPEN_STATE,)) -> tuple[bool | None, int] | None:
    """For a yes/no question asking whether a state holds on or in a qualifier ("Is the museum open on Mondays?":
    ``attrs`` ["open", "monday"], its terms): whether ``text`` binds that state to the qualifier, read in the
    qualifier's clause, not anywhere in the sentence ("open Tuesday to Sunday ... and is closed on Mondays":
    "closed" is Monday's). The state word nearest before the qualifier (else the first within :data:`BOUND_REACH`
    words after it, in one part between semicolons) is bound to it, of the question's state or its opposite (a pair
    of ``states``: (words of a state, words of its opposite), default open / closed); a denial before that word
    (:data:`DENIAL_REACH`) or an exemption between ("except", "but not") reverses it, and a qualifier of a cycle
    (day, month, season: :func:`cycle_places`) that a bound range or span leaves out counts against it ("open
    Tuesday to Sunday" for Monday, "open on weekdays" for Saturday, "open from April to October" for winter; one it
    leaves partly in, as spring there, reads nothing). An all-season phrase (:data:`ALL_YEAR_RE`: "operates all
    year round", "runs every day of the year") is a span of every month, and beside it any word of a service in
    service (:data:`IN_SERVICE`: "open year-round") states a run or open state.

    Returns:
        None when this does not apply (no state with another term asked, no state word of that pair in ``text``,
        or ``text`` neither names a qualifier nor states a range of its cycle); else (answer, covered): answer True
        (the state holds there), False (its opposite does), None (unclear: every naming of the qualifier is another
        verb's, or their readings disagree), covered: how many qualifiers only a range or span states, plus one
        when only a word of :data:`IN_SERVICE` beside an all-season phrase states the state. Never raises.
    """
    state = next(((t, pair) for t in attrs for pair in states if t in pair[0] or t in pair[1]), None)
    if state is None:
        return None
    term, (side_a, side_b) = state
    qualifiers = [t for t in attrs if t != term]
    if not qualifiers:
        return None
    readings: list[bool | None] = []
    covered = 0
    found_state = False
    in_service = False  # the state is stated only by a word of :data:`IN_SERVICE` beside an all-season phrase
    for part in re.split(r"[;.]\s", text):
        part = ALL_YEAR_RE.sub(_all_year, part)
        words = _WORD_RE.findall(part)
        low = [w.casefold() for w in words]
        side = side_a
        if ALL_YEAR in low and side_a & IN_SERVICE:  # "open year-round" says a line runs in winter
            side = side_a | IN_SERVICE
            in_service = in_service or not any(w in side_a or w in side_b for w in low)
        mine = side if term in side_a else side_b
        at = [k for k, w in enumerate(low) if w in side or w in side_b]
        if not at:
            continue
        found_state = True
        for q in qualifiers:
            place = cycle_places(q)
            named = [k for k, w in enumerate(low) if tokenize(w)[:1] == [q]]  # as written in full ("Mondays")
            readings += [_state_at(low, at, k, mine) for k in named]
            if named or place is None:
                continue
            # a range or span of the qualifier's cycle that leaves it in or out ("Tuesday to Sunday" for Monday,
            # "April to October" for winter; a season partly in it reads nothing)
            for k, stated in _stated(words, place[0], singles=False):
                inside = _inside(place[1], stated)
                bound = _state_at(low, at, k, mine)
                if low[k] == ALL_YEAR and (DENIAL_RE.search(" ".join(low[max(0, k - BOUND_REACH):k]))
                                           or _EXEMPT_RE.search(" ".join(low[k + 1:k + 1 + BOUND_REACH]))):
                    bound = None  # "not all year round", "all year round except in January": some months only
                readings.append(None if bound is None or inside is None else bound == inside)
                covered += 1
    if not found_state or not readings:
        return None
    # a qualifier of another verb ("no winter timetable" beside "locked in winter") reads nothing
    answers = {r for r in readings if r is not None}
    return (answers.pop() if len(answers) == 1 else None), min(covered, len(qualifiers)) + in_service

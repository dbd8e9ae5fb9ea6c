"""How long something lasted, from one claim that states it (no model, English).

A question asking a duration (:func:`shared.text.quantity.asks_duration`: "How long did the Orlin family run the
forge?", "How long was the ferry in service?") is answered by a claim about the thing asked and the activity asked
that states a span of two years ("from 1790 until 1912", "between 1790 and 1912", "1790–1912"): the duration is the
later year less the earlier, said with both years ("122 years (1790–1912)"). A claim stating a duration directly
("for 122 years", "for over a century") answers it as written. :func:`decide_duration` finds such a claim;
:func:`duration_sentence` writes the computed duration before it. The reading is conservative: one span in the
sentence (not a lifespan in parentheses, not several holders' spans), every word the question asks of its subject
held by the sentence (or its page's title), the span read only from the clauses holding the most of the words
asked (not "; the mill was rebuilt between 1850 and 1852"), and no other such claim giving another duration.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date

from services.synthesizer.verdicts import is_about, same_stem
from shared.text.hours import CYCLES, IN_SERVICE, MONTHS
from shared.text.numbers import NUMBER_WORD_PATTERN
from shared.text.quantity import asks_duration
from shared.text.relations import relations_of, verb_held
from shared.text.sizes import HEDGES
from shared.text.terms import find_entities
from shared.text.tokens import split_clauses, tokenize

__all__ = ["Duration", "decide_duration", "duration_sentence"]

_YEAR = r"(?:1[0-9]{3}|20[0-9]{2})"
#: nouns of a work done on a thing, whose start and end or years bound its length ("Construction began ...", "after
#: seven years of work"); not "labour" or "effort" ("released after ten years of hard labour": a sentence served)
_WORK_NOUNS = r"construction|work|works|building|rebuilding|restoration"
#: a span of two years a sentence states: "from 1790 until 1912", "between 1790 and 1912", "1790–1912", "1790-12"
_SPAN_RE = re.compile(
    rf"\bbetween\s+(?:the\s+years\s+)?(?P<a1>{_YEAR})\s+and\s+(?P<b1>{_YEAR})\b"
    rf"|\bfrom\s+(?P<a2>{_YEAR})\s+(?:to|until|till|through|thru)\s+(?P<b2>{_YEAR})\b"
    rf"|(?<![\d.,])(?P<a3>{_YEAR})\s*(?:–|—|-|to|until|till)\s*(?P<b3>{_YEAR}|[0-9]{{2}})(?![\d,.]\d|\d)"
    # a work begun one year and ended another: "Construction began in 1859 and was completed in 1866", "Work on the
    # fort started in 1712 and it was finished in 1719", "The fort was begun in 1712 and completed in 1719", "...
    # and the bridge opened in 1866" (no sentence's end, semicolon or colon between). The start is the work's own:
    # a noun of the work begins, or the thing "was begun"; not "She began her career in 1990 and completed her
    # doctorate in 1996" (two acts)
    rf"|(?:\b(?:{_WORK_NOUNS})\b[^.;:]{{0,40}}?\b(?:began|begun|started|commenced)"
    rf"|\b(?:was|were)\s+(?:begun|started|commenced))\b[^.;:]{{0,40}}?\b(?P<a4>{_YEAR})\b[^.;:]{{0,60}}?"
    rf"\b(?:completed|finished|ended|concluded|opened|consecrated|inaugurated)\b[^.;:]{{0,30}}?\b(?P<b4>{_YEAR})\b",
    re.IGNORECASE)
#: a qualifier of a duration ("for some 40 years", "for just over a decade"): a figure's hedge
#: (:data:`shared.text.sizes.HEDGES`, the phrases of :data:`shared.text.sizes.HEDGE_WORDS`), or "well over", "close to"
_HEDGE = "(?:" + "|".join(r"\s+".join(h.split()) for h in (*HEDGES, "well over", "close to")) + ")"
#: a duration stated as written: "for 122 years", "for over a century", "lasted three decades", "for some 40 years",
#: "took nine years", "after seven years of work"
_AMOUNT = (r"(?:" + _HEDGE + r"\s+)?(?:a|an|one|\d+|" + NUMBER_WORD_PATTERN + r")(?:[\s-]+(?:"
           + NUMBER_WORD_PATTERN + r"))*\s+(?:full\s+|whole\s+)?(?:years?|decades?|century|centuries|months?|weeks?|"
           r"days?)")
_STATED_RE = re.compile(
    r"\b(?:for|lasts|lasted|lasting|spanned|spanning|spent|takes|took|taking)\s+(?P<amount>" + _AMOUNT + r")\b"
    # the length of a work: "after seven years of work", "in three years of construction", "within two years of
    # building" (not "seven years after the war": a time after another event)
    + r"|\b(?:after|in|within|over)\s+(?P<work>" + _AMOUNT + r")\s+of\s+(?:hard\s+|building\s+|construction\s+)?"
    r"(?:" + _WORK_NOUNS + r")\b", re.IGNORECASE)
#: words of carrying a thing on: running, operating, working or using it ("How long did the family operate the
#: mill?" is answered by "The family worked the mill from 1790 until 1912"); the words of a service in service
#: (:data:`shared.text.hours.IN_SERVICE`) and those of working and using
_CARRYING_ON = IN_SERVICE | frozenset("work works worked working use uses used using".split())
#: the verbs by which a question asks the duration itself, no activity a claim must state ("How long did it take to
#: build X?" asks of the building, "How long did the siege last?" of the siege)
_TAKING = frozenset(tokenize("take takes took taking taken last lasts lasted lasting"))
#: "take ... to <verb>": the activity whose time a question asks ("How long did it take to build X?", "How long did
#: it take the crew to build X?", "How long does X take to build?")
_TAKE_TO_RE = re.compile(r"\b(?:take|takes|took|taken|taking)\b(?:\s+[\w'’-]+){0,4}?\s+to\s+(?P<verb>[^\W\d_]+)",
                         re.IGNORECASE)
#: the words by which a claim says a thing's own length, right before (or opening) the duration: "The fair lasts
#: three days", "runs for three days", "The siege lasted from 1643 to 1650", "took four years" (not "has run / been
#: running for 120 years", "has taken place for 120 years": a thing's age)
_LASTING = frozenset("last lasts lasted lasting takes took taking runs ran spans spanned spanning".split())
#: a word as written (no stem: "runs" lasts, "run" in "has run for 120 years" is an age)
_WORD_RE = re.compile(r"[^\W\d_]+")
#: what ends the phrase a duration is said in: a mark, or a word opening another clause ("was built in 1880 and
#: carried trains from 1884 to 1974": the span is the carrying's)
_PHRASE_END_RE = re.compile(r"[.;:,()]|\b(?:and|but|or|while|whereas|which|who|then)\b", re.IGNORECASE)
#: "How long has X existed?", "How long has the museum been open / running / in business?": a time from the thing's
#: founding or opening up to now (the present perfect); ``subject`` the thing asked. Only the question's end: "How long
#: has the museum been open on Sundays?" asks no time since
_UP_TO_NOW_RE = re.compile(
    r"\bhow\s+long\s+(?:has|have)\s+(?P<subject>.+?)\s+(?:existed|been\s+(?:around|open|running|operating|"
    r"operational|active|going|in\s+(?:business|existence|operation|service)))(?:\s+(?:now|so\s+far|to\s+date))?"
    r"\s*\??\s*$", re.IGNORECASE)
#: a thing in being since a year: "has existed since 1961", "has been open since 1979", "in business since 1961" (not
#: "since 1989 the club has met in the hall": a time of another doing; not "since 1961–64": a span)
_SINCE_RE = re.compile(rf"\b(?:existed|exists|around|open|running|operating|active|business|existence|operation|service)"
                       rf"\s+(?:ever\s+)?since\s+(?:the\s+year\s+)?(?P<year>{_YEAR})\b(?!\s*[-–—]\s*\d)",
                       re.IGNORECASE)
#: a year as written in a sentence
_YEAR_RE = re.compile(rf"(?<![\d.,]){_YEAR}(?!\d)")
#: a sentence's words, numbers and the marks that end a phrase (a year is read with its founding word only before one)
_PHRASE_WORD_RE = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*|[,;:]")
#: a sentence opening with its year: "In 1961 the club was formed"
_OPENING_YEAR_RE = re.compile(rf"^\W*in\s+(?P<year>{_YEAR})\b", re.IGNORECASE)
#: a founding word's year is read at most this many words after it ("founded in 1961", "was opened to the public in 1979")
_FOUNDING_REACH = 6
#: the relations of a thing's coming into being (:data:`shared.text.relations.RELATIONS`: "founded", "established",
#: "formed", "opened", "started") and of its end ("closed", "demolished"); ending words no relation lists
_FOUNDING, _ENDING = frozenset(("founding", "start")), frozenset(("closure", "demolition", "death"))
_ENDED_RE = re.compile(r"\b(?:dissolved|disbanded|wound\s+up|ceased|defunct|folded|abolished|merged)\b", re.IGNORECASE)
#: the most years a computed duration may span (a longer "span" is no span of one thing's activity)
_MOST_YEARS = 400


@dataclass(frozen=True)
class Duration:
    """How long the thing asked lasted, from one claim.

    Attributes:
        amount: the duration as said: "122 years" (computed), or as the claim writes it ("over a century").
        years: (first, last) year as written in full ("1790", "1912") when computed from a span, else None.
        cited: the index of the claim it rests on.
        since: for a time up to now ("How long has X existed?"), the year it began ("1961"), else None.
        as_of: for a time up to now, the date it is counted to (the run's date), else None.
    """

    amount: str
    years: tuple[str, str] | None
    cited: int
    since: str | None = None
    as_of: date | None = None


def _asked_terms(question: str) -> tuple[list[str], list[str]]:
    """(names the question gives, the other words it asks of its subject): "How long did the Orlin family run the
    forge?" -> (["Orlin"], ["family", "run", "forge"]); "long", the auxiliaries and the verbs of the duration itself
    (:data:`_TAKING`: "How long did it take to build X?" -> ([X], ["build"])) are no terms."""
    names = [n for n in find_entities(question) if tokenize(n)]
    named = {t for n in names for t in tokenize(n)}
    terms = [t for t in tokenize(question) if t not in named and t not in ("long", "how") and t not in _TAKING]
    return names, list(dict.fromkeys(terms))


def _held(term: str, tokens: set[str]) -> bool:
    """Whether ``tokens`` state ``term``: as written, by its stem, as a form or relation of its verb
    (:func:`shared.text.relations.verb_held`), or both words of carrying a thing on (:data:`_CARRYING_ON`:
    "operate" / "worked")."""
    if term in tokens or any(same_stem(term, t) for t in tokens) or verb_held(term, tokens):
        return True
    return term in _CARRYING_ON and bool(tokens & _CARRYING_ON)


def _spans(text: str, keep: Callable[[str, re.Match[str]], bool] | None = None) -> list[tuple[int, int]]:
    """The spans of two years ``text`` states outside parentheses (a lifespan "Jacob Orlin (1760–1831)" is none),
    each as (first, last) year, the last written in two digits completed from the first ("1904–22": 1922); only
    those ``keep(text, match)`` keeps when given (:func:`_of_activity`)."""
    out = []
    for m in _SPAN_RE.finditer(text):
        before = text[:m.start()]
        if before.count("(") > before.count(")") or (keep is not None and not keep(text, m)):
            continue
        a = next(g for g in (m.group("a1"), m.group("a2"), m.group("a3"), m.group("a4")) if g)
        b = next(g for g in (m.group("b1"), m.group("b2"), m.group("b3"), m.group("b4")) if g)
        first, last = int(a), int(b) if len(b) == 4 else int(a[:2] + b)
        out.append((first, last))
    return out


def _activity_clauses(text: str, names: Sequence[str], terms: Sequence[str]) -> str:
    """The clauses of ``text`` (:func:`shared.text.tokens.split_clauses`) that state the activity asked of the thing asked:
    those holding the most of the question's words (each of ``terms`` :func:`_held` by the clause, each of ``names``
    with all its words in it), joined by "; ". A span or duration another clause states is another activity's
    ("The Vell family ran the mill until 1951; the mill was rebuilt between 1850 and 1852": the rebuilding's, no
    running's). ``text`` itself when it has one clause; "" when no clause holds a word asked."""
    clauses = split_clauses(text)
    if len(clauses) < 2:
        return text

    def held(clause: str) -> int:
        toks = set(tokenize(clause))
        return sum(_held(t, toks) for t in terms) + sum(set(tokenize(n)) <= toks for n in names if tokenize(n))

    counts = [held(c) for c in clauses]
    most = max(counts)
    return "; ".join(c for c, n in zip(clauses, counts) if n == most) if most else ""


def _phrase(text: str, m: re.Match[str]) -> str:
    """The phrase of ``text`` a duration ``m`` is said in: ``m`` with the words before it back to the last mark or
    word opening a clause (:data:`_PHRASE_END_RE`) and those after it up to the next ("The viaduct, built of iron,
    carried trains for 90 years" -> "carried trains for 90 years"; "The fort took nine years to build." -> "The fort
    took nine years to build")."""
    ends = list(_PHRASE_END_RE.finditer(text, 0, m.start()))
    start = ends[-1].end() if ends else 0
    after = _PHRASE_END_RE.search(text, m.end())
    return text[start:after.start() if after is not None else len(text)]


def _of_activity(question: str, terms: Sequence[str]) -> Callable[[str, re.Match[str]], bool] | None:
    """Which durations a claim states answer ``question`` (a match of :data:`_SPAN_RE` or :data:`_STATED_RE` in a
    claim's text -> whether it is the activity's asked), or None when the question asks no length of the time itself
    (no verb of :data:`_TAKING`: "How long did the family run the mill?" keeps every duration of the clauses asked).
    "How long did it take to <verb> X?" (:data:`_TAKE_TO_RE`): the verb said in the duration's phrase
    (:func:`_phrase`, :func:`_held`: "was built between 1880 and 1884", "Construction began in 1880 and was
    completed in 1884", "took four years to build"), or years of work ("after seven years of work"). "How long does
    X last / take?": a word of lasting right before the duration or opening it (:data:`_LASTING`: "lasts three
    days", "lasted from 1643 to 1650", "runs for three days"), or a work's start and end or years of work whose
    phrase holds a word asked ("How long did construction take?": "Construction began in 1880 and ended in 1884");
    no other time written of X ("has been held for 120 years": its age)."""
    if not set(tokenize(question)) & _TAKING:
        return None
    taken_to = _TAKE_TO_RE.search(question)
    verb = taken_to.group("verb").casefold() if taken_to is not None else None

    def keep(text: str, m: re.Match[str]) -> bool:
        groups = m.groupdict()
        said = set(tokenize(_phrase(text, m)))
        if verb is not None:
            return bool(groups.get("work")) or _held(verb, said)
        opening = _WORD_RE.findall(text[:m.start()])[-1:] + _WORD_RE.findall(m.group(0))[:1]
        work = bool(groups.get("work") or groups.get("a4"))
        return bool({w.casefold() for w in opening} & _LASTING) or (work and any(_held(t, said) for t in terms))
    return keep


def _claim_duration(text: str, keep: Callable[[str, re.Match[str]], bool] | None = None
                    ) -> tuple[str, tuple[str, str] | None, int | None] | None:
    """(amount, years, number of years) ``text`` states of one thing's activity: a single span of two years
    (:func:`_spans`), or else a single duration written (:data:`_STATED_RE`; its number of years None unless it is
    "N years"); only those ``keep(text, match)`` keeps when given (:func:`_of_activity`). None for none, or for
    several (two holders' spans: whose is asked is not said)."""
    spans = _spans(text, keep)
    if len(spans) == 1:
        first, last = spans[0]
        if 0 < last - first <= _MOST_YEARS:
            n = last - first
            return f"{n} year{'s' if n != 1 else ''}", (str(first), str(last)), n
        return None
    if spans:
        return None
    stated = [m for m in _STATED_RE.finditer(text) if keep is None or keep(text, m)]
    if len(stated) != 1:
        return None
    amount = " ".join((stated[0].group("amount") or stated[0].group("work")).split())
    years = re.fullmatch(r"(\d+)\s+years?", amount)
    return amount, None, int(years.group(1)) if years else None


def _founding_year(text: str) -> int | None:
    """The year ``text`` says its thing began, up to now: the year a word of founding or opening (:data:`_FOUNDING`)
    is dated by, after it in its phrase ("The club was founded in 1961 by ...", "opened to the public in 1979") or
    opening the sentence ("In 1961 the club was formed"), or a year it has been in being since (:data:`_SINCE_RE`:
    "has existed since 1961"). Years in parentheses (a lifespan) are not read. None for no such year, for several
    ("founded in 1961 and re-formed in 1975": which beginning is asked is not said), for a year of another event
    ("first held in 1978, seventeen years after the club was founded") and for a thing said to have ended ("dissolved
    in 1990", "closed"): it has not existed up to now."""
    plain = re.sub(r"\([^)]*\)", " ", text)
    words = _PHRASE_WORD_RE.findall(plain)
    if _ENDED_RE.search(plain) or any(set(relations_of(w.casefold())) & _ENDING for w in words):
        return None
    years = {int(m.group("year")) for m in _SINCE_RE.finditer(plain)}
    # (a capitalised word inside the sentence is a name: "the Dunmere Open was first held in 1978" opened nothing)
    founding = [k for k, w in enumerate(words) if set(relations_of(w.casefold())) & _FOUNDING
                and (k == 0 or not w[:1].isupper())]
    for k in founding:
        for w in words[k + 1:k + 1 + _FOUNDING_REACH]:
            if w in ",;:":
                break
            if _YEAR_RE.fullmatch(w):
                years.add(int(w))
                break
    opening = _OPENING_YEAR_RE.match(plain)
    if founding and opening is not None:
        years.add(int(opening.group("year")))
    # the founding's year and no other year of the sentence ("founded in 1961 and re-formed in 1975")
    return years.pop() if len(years) == 1 and len({int(y) for y in _YEAR_RE.findall(plain)}) == 1 else None


def _decide_since(question: str, texts: Sequence[str], titles: Sequence[str], order: Sequence[int], today: date
                  ) -> Duration | None:
    """Decide "How long has X existed / been open / been running?" (:data:`_UP_TO_NOW_RE`) from the most relevant
    claim about X (each name of the subject in the claim or its page's title, its other words held by them) whose
    clauses of X (:func:`_activity_clauses`) give the year X began (:func:`_founding_year`), no later than
    ``today``: the years from then to ``today``'s year. None when the question asks no such time, no claim fits, or
    two fitting claims give different years."""
    m = _UP_TO_NOW_RE.search(" ".join(question.split()))
    if m is None:
        return None
    names, terms = _asked_terms(m.group("subject"))
    if not names and not terms:
        return None
    found: list[tuple[int, int]] = []
    for i in order:
        text, title = texts[i], titles[i] if i < len(titles) else ""
        if not all(is_about(n, text, title) for n in names):
            continue
        toks = set(tokenize(text)) | set(tokenize(title))
        if not all(_held(t, toks) for t in terms):
            continue
        year = _founding_year(_activity_clauses(text, names, terms))
        if year is not None and 0 < today.year - year <= _MOST_YEARS:
            found.append((i, year))
    if not found or any(year != found[0][1] for _i, year in found[1:]):
        return None
    i, year = found[0]
    n = today.year - year
    return Duration(f"{n} year{'s' if n != 1 else ''}", None, i, str(year), today)


def decide_duration(question: str, texts: Sequence[str], titles: Sequence[str], order: Sequence[int],
                    today: date | None = None) -> Duration | None:
    """Decide "How long did X <verb> ...?" / "How long was X in <state>?" (:func:`shared.text.quantity.asks_duration`)
    from the most relevant claim (``order``: indices of ``texts``, most relevant first; ``titles`` their pages'
    titles) that is about what the question names (each name in the claim or its page's title,
    :func:`services.synthesizer.verdicts.is_about`), holds every other word the question asks of it (in the claim
    or its title; a verb also by its relation or as a word of carrying on: "operate" / "worked") and states one
    span of two years or one duration (:func:`_claim_duration`) in the clauses stating the activity asked
    (:func:`_activity_clauses`; another clause's span is another activity's). A question asking how long X has
    existed, been open or running up to now (:data:`_UP_TO_NOW_RE`) and answered so by no claim is answered from the
    year X began (:func:`_decide_since`: "founded in 1961"), counted up to ``today`` (default: the clock's date, the
    run's), with ``since`` and ``as_of`` set. None when the question asks no duration, no claim
    fits, or two fitting claims give different numbers of years."""
    if not asks_duration(question):
        return None
    names, terms = _asked_terms(question)
    if not terms and not names:
        return None
    keep = _of_activity(question, terms)
    found: list[tuple[int, tuple[str, tuple[str, str] | None, int | None]]] = []
    for i in order:
        text, title = texts[i], titles[i] if i < len(titles) else ""
        if not all(is_about(n, text, title) for n in names):
            continue
        toks = set(tokenize(text))
        if not all(_held(t, toks | set(tokenize(title))) for t in terms):
            continue
        # the activity asked is the claim's own: a word of the question held by the claim's text, not only its title
        if terms and not any(_held(t, toks) for t in terms):
            continue
        said = _claim_duration(_activity_clauses(text, names, terms), keep)
        if said is not None:
            found.append((i, said))
    if not found:
        return _decide_since(question, texts, titles, order, today or date.today())
    i, (amount, years, n) = found[0]
    if any(other[2] is not None and n is not None and other[2] != n for _j, other in found[1:]):
        return None  # two claims give different durations: no one answer
    return Duration(amount, years, i)


def duration_sentence(duration: Duration, mark: str) -> str:
    """The sentence stating a computed :class:`Duration` (``mark`` the citation mark of its claim): "122 years
    (1790–1912) [1]."; a time up to now with its first year and the date it is counted to: "Since 1961 (69 years
    as of 1 March 2030) [1]."; "" for one the claim writes itself ("for over a century"), which the claim says."""
    if duration.since is not None and duration.as_of is not None:
        month = CYCLES[MONTHS][duration.as_of.month - 1][0].capitalize()  # English, not the locale's
        as_of = f"{duration.as_of.day} {month} {duration.as_of.year}"
        return f"Since {duration.since} ({duration.amount} as of {as_of}) {mark}."
    if duration.years is None:
        return ""
    first, last = duration.years
    return f"{duration.amount[:1].upper()}{duration.amount[1:]} ({first}–{last}) {mark}."

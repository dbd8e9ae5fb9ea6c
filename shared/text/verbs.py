"""English irregular verbs: the base form, the past and the past participle of each ("draw", "drew", "drawn"), so a
question's verb matches a page's form of it ("How many visitors did the fair draw?" / "the fair drew 27,000
visitors"). Regular forms ("opened", "founded") share their first letters with the base and are matched by the
callers' own stems; these are the forms that do not. :func:`same_verb` tells whether two words are forms of one
irregular verb; :func:`finite_verb` whether a text writes a finite verb at all ("The engineer Ann Lee, back in the
late fifties." writes none). No other module of the project is imported here but the tokenizer and the number words.
"""

from __future__ import annotations

import re
from functools import lru_cache

from shared.text.numbers import CARDINAL_WORDS
from shared.text.tokens import is_question_line, tokenize

__all__ = ["IRREGULAR_VERBS", "fragment_answer", "verb_base", "same_verb", "simple_past", "past_of", "third_person_of", "finite_verb",
           "past_participles", "verb_forms", "participle", "AUXILIARIES", "COPULAS", "FINITE_AUXILIARIES"]

#: base past participle (alternatives joined by "/"), one verb a line: the common English irregular verbs
IRREGULAR_VERBS: tuple[str, ...] = (
    "arise arose arisen",
    "awake awoke awoken",
    "be was/were been",
    "bear bore borne",
    "beat beat beaten",
    "become became become",
    "begin began begun",
    "bend bent bent",
    "bet bet bet",
    "bid bid bid",
    "bind bound bound",
    "bite bit bitten",
    "bleed bled bled",
    "blow blew blown",
    "break broke broken",
    "breed bred bred",
    "bring brought brought",
    "broadcast broadcast broadcast",
    "build built built",
    "burn burnt/burned burnt/burned",
    "burst burst burst",
    "buy bought bought",
    "cast cast cast",
    "catch caught caught",
    "choose chose chosen",
    "cling clung clung",
    "come came come",
    "cost cost cost",
    "creep crept crept",
    "cut cut cut",
    "deal dealt dealt",
    "dig dug dug",
    "do did done",
    "draw drew drawn",
    "dream dreamt/dreamed dreamt/dreamed",
    "drink drank drunk",
    "drive drove driven",
    "eat ate eaten",
    "fall fell fallen",
    "feed fed fed",
    "feel felt felt",
    "fight fought fought",
    "find found found",
    "flee fled fled",
    "fling flung flung",
    "fly flew flown",
    "forbid forbade forbidden",
    "forecast forecast forecast",
    "forget forgot forgotten",
    "forgive forgave forgiven",
    "freeze froze frozen",
    "get got got/gotten",
    "give gave given",
    "go went gone",
    "grind ground ground",
    "grow grew grown",
    "hang hung hung",
    "have had had",
    "hear heard heard",
    "hide hid hidden",
    "hit hit hit",
    "hold held held",
    "hurt hurt hurt",
    "keep kept kept",
    "kneel knelt knelt",
    "know knew known",
    "lay laid laid",
    "lead led led",
    "lean leant/leaned leant/leaned",
    "leap leapt/leaped leapt/leaped",
    "learn learnt/learned learnt/learned",
    "leave left left",
    "lend lent lent",
    "let let let",
    "lie lay lain",
    "light lit lit",
    "lose lost lost",
    "make made made",
    "mean meant meant",
    "meet met met",
    "mislead misled misled",
    "overcome overcame overcome",
    "overtake overtook overtaken",
    "pay paid paid",
    "put put put",
    "quit quit quit",
    "read read read",
    "rebuild rebuilt rebuilt",
    "redo redid redone",
    "rewrite rewrote rewritten",
    "ride rode ridden",
    "ring rang rung",
    "rise rose risen",
    "run ran run",
    "say said said",
    "see saw seen",
    "seek sought sought",
    "sell sold sold",
    "send sent sent",
    "set set set",
    "sew sewed sewn",
    "shake shook shaken",
    "shed shed shed",
    "shine shone shone",
    "shoot shot shot",
    "show showed shown",
    "shrink shrank shrunk",
    "shut shut shut",
    "sing sang sung",
    "sink sank sunk",
    "sit sat sat",
    "sleep slept slept",
    "slide slid slid",
    "sow sowed sown",
    "speak spoke spoken",
    "speed sped sped",
    "spend spent spent",
    "spin spun spun",
    "split split split",
    "spread spread spread",
    "spring sprang sprung",
    "stand stood stood",
    "steal stole stolen",
    "stick stuck stuck",
    "sting stung stung",
    "strike struck struck",
    "strive strove striven",
    "swear swore sworn",
    "sweep swept swept",
    "swim swam swum",
    "swing swung swung",
    "take took taken",
    "teach taught taught",
    "tear tore torn",
    "tell told told",
    "think thought thought",
    "throw threw thrown",
    "undergo underwent undergone",
    "understand understood understood",
    "undertake undertook undertaken",
    "upset upset upset",
    "wake woke woken",
    "wear wore worn",
    "weave wove woven",
    "weep wept wept",
    "win won won",
    "wind wound wound",
    "withdraw withdrew withdrawn",
    "write wrote written",
)


def _forms() -> dict[str, str]:
    out: dict[str, str] = {}
    for line in IRREGULAR_VERBS:
        base, past, participle = line.split()
        for form in (base, *past.split("/"), *participle.split("/")):
            # a form the tokenizer stems ("was" -> "wa" is a stop word; "lies" -> "lie") is keyed as it tokenizes
            for key in {form, *tokenize(form, drop_stopwords=False)}:
                out.setdefault(key, base)
    return out


@lru_cache(maxsize=1)
def _form_base() -> dict[str, str]:
    return _forms()


def verb_base(word: str) -> str | None:
    """The base form of ``word`` (lower case, as written or as :func:`shared.text.tokens.tokenize` gives it) when it
    is a form of an irregular verb of :data:`IRREGULAR_VERBS` ("drew" -> "draw", "held" -> "hold", "won" -> "win"),
    else None. A form of two verbs ("found": find, "lay": lay and lie, "wound": wind) is read as the first listed."""
    return _form_base().get(word)


def same_verb(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` (lower-case words or tokens) are two forms of one irregular verb ("draw" / "drew",
    "hold" / "held", "sell" / "sold"). False for equal words that are no listed form, and for regular verbs (their
    forms share their stem: the callers match those)."""
    base_a = verb_base(a)
    return base_a is not None and base_a == verb_base(b)


@lru_cache(maxsize=1)
def _pasts() -> frozenset[str]:
    return frozenset(form for line in IRREGULAR_VERBS for form in line.split()[1].split("/"))


def simple_past(word: str) -> bool:
    """Whether ``word`` (lower case, as written) is the simple past of an irregular verb of :data:`IRREGULAR_VERBS`
    ("drew", "held", "was"; a form that is also the base, "cut", "cost", counts too). False for a participle only
    ("drawn") and for regular verbs."""
    return word in _pasts()


@lru_cache(maxsize=1)
def _base_past() -> dict[str, str]:
    return {line.split()[0]: line.split()[1].split("/")[0] for line in IRREGULAR_VERBS}


_VOWELS = frozenset("aeiou")


def past_of(base: str) -> str:
    """The simple past of the verb ``base`` (lower case, its base form): an irregular verb's listed past ("have" ->
    "had", "draw" -> "drew"), else the regular form ("stage" -> "staged", "carry" -> "carried", "host" ->
    "hosted"; a short verb of consonant-vowel-consonant doubles its last letter: "stop" -> "stopped")."""
    if past := _base_past().get(base):
        return past
    if base.endswith("e"):
        return base + "d"
    if len(base) > 1 and base.endswith("y") and base[-2] not in _VOWELS:
        return base[:-1] + "ied"
    if len(base) == 3 and base[0] not in _VOWELS and base[1] in _VOWELS and base[2] not in _VOWELS | {"w", "x", "y"}:
        return base + base[-1] + "ed"
    return base + "ed"


def third_person_of(base: str) -> str:
    """The present third person singular of the verb ``base`` (lower case, its base form): "have" -> "has", "be" ->
    "is", "do" -> "does", "go" -> "goes", "carry" -> "carries", "host" -> "hosts"."""
    if base in ("have", "be"):
        return {"have": "has", "be": "is"}[base]
    if base.endswith(("s", "sh", "ch", "x", "z", "o")):
        return base + "es"
    if len(base) > 1 and base.endswith("y") and base[-2] not in _VOWELS:
        return base[:-1] + "ies"
    return base + "s"


#: the forms of "be"
_BE_FORMS = frozenset("am is are was were be been being".split())
#: the auxiliary verbs of English: the forms of "be", "have" and "do" and the modal verbs ("was", "has", "does",
#: "can"); no verb of an event by themselves ("The first director was Ann Lee"), and the opening of a yes/no question
AUXILIARIES = _BE_FORMS | frozenset(
    "has have had do does did will would can could shall should may might must".split())
#: the verbs that link a subject to what it is rather than say what it does: the forms of "be" (of
#: :data:`AUXILIARIES`) and of "become" and "remain" ("are volunteers", "became members", "remains chair")
COPULAS = _BE_FORMS | frozenset("become becomes became remain remains remained".split())
#: the finite ones of :data:`AUXILIARIES` (no "be", "been", "being"): each opens a question ("..., and does it ...?")
FINITE_AUXILIARIES = AUXILIARIES - {"be", "been", "being"}
#: the finite auxiliaries and their negated forms: each makes a clause
_FINITE_AUX = FINITE_AUXILIARIES | frozenset(
    "cannot isn't aren't wasn't weren't hasn't haven't hadn't doesn't don't didn't won't wouldn't can't couldn't "
    "shouldn't mustn't".split())
#: a contracted auxiliary ("we're", "they've", "it'll", "I'm", "she'd"); "'s" is left out (it is a possessive too)
_CONTRACTED_AUX_RE = re.compile(r"[^\W\d_]+['’](?:re|ve|ll|m|d)$", re.IGNORECASE)
#: the personal pronouns that only stand as a subject: the word after one is its verb ("we close at five", "it hosts")
_SUBJECT_PRONOUNS = frozenset("i we you they he she it".split())
_WORD_RE = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def finite_verb(text: str) -> bool:
    """Whether ``text`` writes a finite verb, read without a tagger: an auxiliary or modal (:data:`_FINITE_AUX`,
    contracted too: "we're"), an irregular verb's simple past (:func:`simple_past`: "drew"), a regular past or
    participle in "-ed" of five letters or more (no number word: "hundred"), or the word after a subject pronoun
    ("we close", "it hosts"). False for a fragment answering a question it leaves unsaid ("The engineer Ann Lee, back
    in the late fifties.", "Two point seven kilometres, with eleven bends."). A verb in the present written after a
    noun ("The circuit hosts races") is not seen: callers read a False only where a fragment is expected. Never
    raises."""
    words = [w.lower().replace("’", "'") for w in _WORD_RE.findall(text or "")]
    numbers = frozenset(CARDINAL_WORDS)
    return any(w in _FINITE_AUX or _CONTRACTED_AUX_RE.match(w) or simple_past(w)
               or (len(w) >= 5 and w.endswith("ed") and w not in numbers)
               or (j > 0 and words[j - 1] in _SUBJECT_PRONOUNS)
               for j, w in enumerate(words))


#: the most words of a fragment answer read with its question (:func:`fragment_answer`): a figure, a name or a
#: short phrase ("Three weeks.", "Twenty items, ten for children."), not a paragraph of prose
_FRAGMENT_ANSWER_WORDS = 12
#: a yes/no word opening an answer, bare or not ("Nope!", "Yes, for members."): what it affirms or denies is the
#: question's, which a question joined to it would read as stated
_YES_NO_OPENING_RE = re.compile(r"(?:yes|no|yep|yeah|nope|nah|not\s+really)\b", re.IGNORECASE)
#: what ends a sentence written as one (a fragment answer ends so: "Three weeks.")
_SENTENCE_END_RE = re.compile(r"[.!。！…]['\"”’)\]]*$")


def fragment_answer(question: str, answer: str, between: str) -> bool:
    """Whether ``answer`` is an FAQ's fragment answer to ``question``, the sentence before it with ``between`` the
    text between them: ``question`` is one question line (ending with "?" or
    :func:`shared.text.tokens.is_question_line`), ``between`` holds a line break (the answer opens its own line),
    and ``answer`` is a sentence ending with a full stop or "!" of 1 to :data:`_FRAGMENT_ANSWER_WORDS` words with no
    finite verb (:func:`finite_verb`) and no yes/no word opening it (:data:`_YES_NO_OPENING_RE`): "How long can I
    keep a book?" over "Three weeks." or "Twenty items." is one; "Kids can take out up to ten." (a statement that
    stands alone), "Nope!" and "Yes, for members." (what they affirm is the question's) are none. Such an answer
    says nothing alone; read with its question ("How long can I keep a book: Three weeks.") it is a claim its
    question and answer together state. Never raises."""
    q, a = (question or "").strip(), (answer or "").strip()
    if not q or "\n" in q or "\n" not in (between or "") or not _SENTENCE_END_RE.search(a):
        return False
    if not (q.endswith(("?", "？")) or is_question_line(q)) or _YES_NO_OPENING_RE.match(a):
        return False
    return 0 < len(_WORD_RE.findall(a)) <= _FRAGMENT_ANSWER_WORDS and not finite_verb(a)


@lru_cache(maxsize=1)
def _all_participles() -> frozenset[str]:
    return frozenset(p for ps in _base_participles().values() for p in ps)


def participle(word: str) -> bool:
    """Whether ``word`` may be a past participle, read without a tagger: an irregular verb's listed one
    (:data:`IRREGULAR_VERBS`: "bought", "sold", "held") or a regular form in "-ed" of five letters or more that is
    no number word ("donated", "owned"; not "hundred"). Case-insensitive; never raises."""
    w = (word or "").lower()
    return w in _all_participles() or (len(w) >= 5 and w.endswith("ed") and w not in CARDINAL_WORDS)


@lru_cache(maxsize=1)
def _base_participles() -> dict[str, tuple[str, ...]]:
    return {line.split()[0]: tuple(line.split()[2].split("/")) for line in IRREGULAR_VERBS}


def verb_forms(base: str) -> frozenset[str]:
    """Every inflected form of the verb ``base`` (lower case, its base form): the base, the third person
    (:func:`third_person_of`), the simple past (:func:`past_of`; all listed pasts of an irregular verb), the past
    participle (an irregular verb's listed ones, else the past) and the -ing form ("weave" -> {"weave", "weaves",
    "wove", "woven", "weaving"}; "mint" -> {"mint", "mints", "minted", "minting"}; "die" -> "dying"). The -ing
    form of a verb ending in a silent "e" drops it ("forge" -> "forging"; not "see" -> "seeing"). Never raises."""
    pasts = {past_of(base), *(_pasts_of(base))}
    participles = past_participles(base)
    if base.endswith("ie"):
        ing = base[:-2] + "ying"
    elif base.endswith("e") and not base.endswith(("ee", "ye", "oe")) and len(base) > 2:
        ing = base[:-1] + "ing"
    else:
        ing = base + "ing"
    return frozenset({base, third_person_of(base), *pasts, *participles, ing})


def past_participles(base: str) -> frozenset[str]:
    """The past participles of the verb ``base`` (lower case, its base form): an irregular verb's listed ones
    (:data:`IRREGULAR_VERBS`: "weave" -> {"woven"}, "burn" -> {"burnt", "burned"}), else its regular past ("mint" ->
    {"minted"}, :func:`past_of`)."""
    return frozenset(_base_participles().get(base, ())) or frozenset({past_of(base)})


def _pasts_of(base: str) -> tuple[str, ...]:
    """The listed simple pasts of an irregular verb ``base`` ("burn" -> ("burnt", "burned")); () for a regular one."""
    return next((tuple(line.split()[1].split("/")) for line in IRREGULAR_VERBS if line.split()[0] == base), ())

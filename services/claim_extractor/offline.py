"""Sentence-level atomic claim extraction (rule-based, no model)."""

from __future__ import annotations

import html
import re
import unicodedata
from difflib import SequenceMatcher
from functools import lru_cache

from babel import Locale
from pydantic import BaseModel, ConfigDict

from shared.text.answer import answer_type, cause_clauses
from shared.text.bm25 import BM25Index
from shared.text.compounds import common_noun, compound_head
from shared.text.hours import cycle_places
from shared.text.injection import instruction_spans
from shared.text.kinds import Kind, name_kind, noun_kind
from shared.text.markup import dated_item, dated_sentence, plain_inline, without_item_marker
from shared.text.names import PERSON_NAME
from shared.text.noise import in_spans, legal_page, noise_kind, reference_sections, unglue
from shared.text.numbers import CARDINAL_WORDS
from shared.text.relations import BODY_NOUNS, with_relations
from shared.text.sizes import HEDGE_WORDS
from shared.text.synonyms import snowball_stem
from shared.text.tables import (
    NAME_LABELS,
    PipeTable,
    TableRow,
    column_sentences,
    column_thing,
    context_start,
    count_lines,
    figure_sentence,
    key_value,
    labelled_values,
    period_columns,
    period_figures,
    period_sentences,
    pipe_tables,
    row_sentence,
    spec_rows,
    year_list_rows,
)
from shared.text.terms import clean_title, find_entities, title_subject
from shared.text.tokens import (
    ENGLISH_STOPWORDS,
    FAQ_MARKER_RE,
    Sentence,
    detect_language,
    is_label_line,
    is_question_line,
    split_sentences,
    tokenize,
)
from shared.text.verbs import AUXILIARIES, COPULAS, fragment_answer, participle, simple_past, verb_base

__all__ = ["ExtractedClaim", "extract_claims"]


class ExtractedClaim(BaseModel):
    """A factual claim taken from one sentence of a source text.

    Attributes:
        text: self-contained claim text: a leading He/She/It/They (His/Her/Its/Their) is replaced by the
            name it stands for (see :func:`extract_claims`).
        start: offset (inclusive) of the source sentence in the input text.
        end: offset (exclusive); ``input_text[start:end]`` is the evidence sentence.
        numeric: the sentence states a number, quantity or date.
        recent: mentions a year >= 2020 or words like "recently", "this year".
        named_event: mentions a capitalised multi-word event ("World War II",
            "2016 Olympics", "Cannes Film Festival", "Academy Awards").
    """

    model_config = ConfigDict(frozen=True)

    text: str
    start: int
    end: int
    numeric: bool
    recent: bool
    named_event: bool


MIN_WORDS = 5
MAX_WORDS = 80

_WORD_RE = re.compile(r"[^\W_]+(?:['’.\-][^\W_]+)*")
_NAV_RE = re.compile(r"[|»›]|\s[/>]\s")
#: what only a sentence's continuation opens with: a clause's punctuation (the page broke the sentence before it)
_CONTINUATION_RE = re.compile(r"[;,:)\]}]")
_TERMINAL_RE = re.compile(r"[.!。！…:;]['\"”’)\]]*$")
#: a bare answer opening a sentence: "Yes; it retries twice", "No, you need a plugin", "Yes - since 2.0"
#: (an interjection may follow the word: "no sorry, we're open-air only", "yes of course, ...")
_ANSWER_RE = re.compile(r"(?:yes|no|yep|nope|not\s+really)(?:\s+(?:sorry|thanks|sure|indeed|definitely|of\s+course|"
                        r"unfortunately|afraid\s+not))?\s*(?P<mark>[;,:!\-–—])\s", re.IGNORECASE)
#: a line of source code or a shell command, by how it opens: a declaration, an import, a prompt, a comment
_CODE_OPENING_RE = re.compile(
    r"(?:(?:const|let|var|def|class|function|import|export|return|async\s+def|public|private|static|void|fn|"
    r"pub\s+fn|use|package|func|#include|require)\b(?!\s+(?:the|a|an|this|that|is|are|was|were|of)\b)"
    r"\s*[\w$@{(*\[\\'\"<]"
    r"|from\s+[\w.]+\s+import\b|\$\s+[a-z]|>>>\s|//\s|/\*|<\?|@\w+\()"
)
#: a whole line that is one call, member access or assignment: "axios.get(url);", "client = httpx.Client()"
_CODE_STATEMENT_RE = re.compile(
    r"(?:await\s+|new\s+)?[\w$]+(?:(?:\.|::|->)[\w$]+|\[[^\]]*\])*"
    r"(?:\(.*\)|\s*[-+*/|&]?=(?!=)\s*\S.*)\s*[;,{]?\s*"
)
#: a line opening a block of code and ending with its colon, with a call, member access, comparison or
#: assignment in it ("for change in mf.tempo_map():", "if resp.ok:", "with open(path) as f:", "else:"); prose
#: before a colon has none ("if you use pip:")
_CODE_BLOCK_RE = re.compile(
    r"(?:(?:async\s+)?(?:for|if|elif|while|with|def|class|except)\b.*"
    r"(?:[\w\])]\(|[A-Za-z_]\w*\.[A-Za-z_]|[=<>!]=|\s=\s|\b(?:True|False|None)\b)[^:]*|else|try|finally)\s*:"
)

_SUBJECT_PRONOUNS = frozenset({"he", "she", "it", "they"})
_POSSESSIVE_PRONOUNS = frozenset({"his", "her", "its", "their"})
_PERSONAL_PRONOUNS = frozenset({"he", "she", "his", "her"})
_ALL_PRONOUNS = _SUBJECT_PRONOUNS | _POSSESSIVE_PRONOUNS | {"this", "that", "these", "those", "there", "here"}
_CONTRACTION_RE = re.compile(r"['’](s|re|ve|ll|d)\b", re.IGNORECASE)
_CLITICS = {"re": "are", "ve": "have", "ll": "will"}
#: lower-case words of a person's name: "Catherine of Aragon", "Ludwig van Beethoven", "Osama bin Laden"
_NAME_PARTICLES = frozenset(
    "of the and de del della dal dei degli di da do dos das du des la le les lo von van der den ter ten zu zum af "
    "av bin ibn bint al el y e".split()
)
_NAME_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})
#: words that make a name an organisation's, never a person's, wherever they stand in it ("Harwick Iron Works",
#: "Brask Yard", "Velling GmbH", "Ateliers Navals de Morvic"): legal forms, the organisation heads of
#: :data:`shared.text.kinds.KIND_NOUNS` that no surname is, and the words of works and yards in the languages whose
#: company names English pages keep as written (not "Church", "Mill", "Banks": surnames too)
_ORGANISATION_WORDS = frozenset(
    "company companies corporation corp inc incorporated ltd limited llc plc gmbh ag kg sa sarl sas spa srl nv bv asa "
    "bank brewery breweries works ironworks shipyard shipyards yard yards dockyard foundry industries "
    "holdings enterprises manufacturing airlines airways railways bros chantiers ateliers atelier compagnie société "
    "societe établissements etablissements werft werke werk gesellschaft astilleros cantieri cantiere navals navale "
    "navali naval".split()
)
#: a ship's prefix before its name ("SS Kelmar", "RMS Tessary", "HMS Dorwent")
_SHIP_PREFIX = r"(?:SS|MS|MV|RMS|HMS|USS|HMAS|HMCS|HMNZS|SMS|USNS|TSS|PS|SY)"
_SHIP_PREFIX_RE = re.compile(_SHIP_PREFIX + r"\s+(?=[A-Z])")
#: an opening sentence saying its subject is a country: "Velland is a country in ...", "... is an island nation"
_COUNTRY_NOUN_RE = re.compile(r"\b(?:country|nation|state|kingdom|republic|monarchy|principality|island"
                              r"|archipelago)\b")
#: common nouns of a ship or a boat
_SHIP_NOUNS = ("ship", "steamship", "liner", "steamer", "vessel", "boat", "yacht", "frigate", "destroyer", "cruiser",
               "battleship", "submarine", "schooner", "barque", "brig", "brigantine", "tanker", "freighter", "ferry",
               "trawler", "corvette", "galleon", "clipper", "sloop", "tugboat", "icebreaker", "lightship", "warship",
               "paddle steamer", "windjammer")
#: a ship's noun anywhere in a text ("the most comfortable liner of her day")
_SHIP_NOUN_RE = re.compile(r"\b(?:" + "|".join(_SHIP_NOUNS) + r")s?\b", re.IGNORECASE)
#: a sentence saying its subject is a ship: "... was a French ocean liner", "is a three-masted schooner built ..."
#: (the ship noun the head of its noun phrase: not "was a ship's captain", "a ferry operator")
_IS_SHIP_RE = re.compile(r"\b(?:is|was)\s+(?:a|an|the)\s+(?:[\w'’,-]+\s+){0,5}?(?:" + "|".join(_SHIP_NOUNS)
                         + r")(?=\s*(?:[,.;:(]|$)|\s+(?:of|in|on|at|for|from|by|built|launched|that|which|operated"
                           r"|owned|and|with|under)\b)")
#: characters either side of a sentence searched for a one-word name used as a proper noun
_PROPER_NOUN_WINDOW = 3000

#: stripped from both ends of a page title, "." only from its start ("...All the Marbles"; "Querétaro F.C.")
_TITLE_JUNK = " .…-–—|·•:*"
#: separators between a page title's subject and the site's name: "Eiffel Tower - Wikipedia", "Home | Example News"
_TITLE_SEP_RE = re.compile(r"\s+(?:[-|–—·•»›]|::)\s+")
#: a title with one of these words names a kind of page, not an entity ("JS page", "Chapter 3 - Results")
_GENERIC_TITLE_WORDS = frozenset(
    "page pages homepage home welcome index untitled chapter section article articles blog posts news results "
    "404 error wikipedia list discography filmography bibliography statistics login search contents website "
    "overview introduction notes faq menu loading redirect redirecting javascript js html pdf archive archives "
    "category tag comments forum document default contact help timeline glossary outline".split()
)
#: a name's word: capitalised, a number, or quoted (a nickname: "Rachel 'Rae' Evans"; a work: '"Lab Rats" is')
_NAME_TOKEN = r"(?:[A-ZÀ-ÖØ-Þ0-9][\w'’.\-]*|[\"'“‘][A-ZÀ-ÖØ-Þ][^\"'”’]{0,30}[\"'”’])"
_NAME_LINK = r"(?:of|the|de|del|della|di|da|do|dos|das|du|des|la|le|les|von|van|der|den|ter|y|and|&)"
_SUBJECT_VERBS = (
    r"is|was|are|were|has|had|have|will|would|can|could|may|might|must|should|also|later|then|originally|still|"
    r"became|becomes|remains|remain|serves|won|wins|made|makes|wrote|writes|began|begins|took|takes|plays|lives|"
    r"grew|holds|held|led|leads|left|ran|runs|sang|sings|saw|sees|gave|gives|went|goes|came|comes|owns|includes|"
    r"contains|stands|stood|lies|lay|features|stars|dies|built|met|spent|sold|fought|taught|"
    r"[a-z]{2,}ed"
)
#: the run of name words a sentence opens with
_LEADING_NAME_RE = re.compile(rf"(?:The\s+)?{_NAME_TOKEN}(?:\s+(?:{_NAME_LINK}\s+)*{_NAME_TOKEN}){{0,7}}")
#: a sentence's subject: a name (optionally "The ..."; inner "of", "de", "von" ...; ", Jr."), an optional
#: parenthetical, then a verb (a short list of common ones, or any "-ed" word)
_NAMED_SUBJECT_RE = re.compile(
    rf"(?P<name>(?:The\s+)?{_NAME_TOKEN}(?:\s+(?:{_NAME_LINK}\s+)*{_NAME_TOKEN}){{0,7}}(?:,\s+(?:Jr|Sr)\.?)?)"
    rf"(?:\s+\([^()]*\))?,?\s+(?:{_SUBJECT_VERBS})\b"
)
#: a sentence's subject before a word that may be an irregular simple past ("Darrow Rowing Club broke the course
#: record ...", "The Orla Mill drew ..."): :func:`_named_subject` keeps it when the word is one
_PAST_SUBJECT_RE = re.compile(
    rf"(?P<name>(?:The\s+)?{_NAME_TOKEN}(?:\s+(?:{_NAME_LINK}\s+)*{_NAME_TOKEN}){{0,7}})"
    r"(?:\s+\([^()]*\))?,?\s+(?P<verb>[a-z]+)\b"
)

#: a run of name words: "Old Merrow Footbridge", "Bank of the West"
_NAME_RUN = rf"{_NAME_TOKEN}(?:\s+(?:{_NAME_LINK}\s+)*{_NAME_TOKEN}){{0,7}}"
#: a preposition opening a noun phrase's post-modifier ("The Harrow Workshop by the river bridge", "the best
#: frameworks for Python", "Historic workshops of Tarnholm"): the phrase's head stands before it
_POST_MODIFIER = r"(?:on|in|at|by|near|beside|behind|along|outside|opposite|off|of|for|from|with)"
#: a preposition of place opening a name's post-modifier ("of" is none: "Bank of the West" is one name)
_PLACE_PREPOSITION = r"(?:on|in|at|by|near|beside|behind|along|outside|opposite|off)"
#: a sentence's subject that is a name with a post-modifier (up to five words) before the verb: "The Harrow
#: Workshop by the river bridge was built ...", "The Quell Workshop on Mill Street was built ..."
_POST_MODIFIED_NAME_RE = re.compile(
    rf"(?P<name>(?:The\s+)?{_NAME_TOKEN}(?:\s+(?:{_NAME_LINK}\s+)*{_NAME_TOKEN}){{0,7}})"
    rf"\s+{_PLACE_PREPOSITION}\s+(?:(?:the|a|an)\s+)?"
    rf"(?:[\w'’\-]+\s+){{0,4}}?(?:{_SUBJECT_VERBS})\b"
)
#: a sentence's subject that is a thing named by a name and a common head noun after it, with an optional
#: apposition between commas or a post-modifier before the verb: "The Peak-Express gondola, with cabins for ten,
#: was built ...", "The Old Marwald ski area on the northern slope of the mountain is ..." (the name alone is
#: a modifier of the noun: the thing is the whole phrase, never a person named "Old Marwald")
_NAME_AND_NOUN_SUBJECT_RE = re.compile(
    rf"(?P<name>The\s+{_NAME_RUN}(?P<heads>(?:\s+[a-z][a-z\-]*){{1,2}}))"
    rf"(?:,\s+[^,;.:()]{{1,60}},|\s+{_POST_MODIFIER}\s+[^,;.:()]{{1,60}}?)?"
    rf"\s+(?:{_SUBJECT_VERBS})\b"
)
#: a sentence's subject that is a definite description with a possessive, and a post-modifier naming a place or
#: thing: "The guild's great hall on Ashlane Square was completed ...", "The band's second album was released ..."
_POSSESSIVE_SUBJECT_RE = re.compile(
    rf"(?P<name>The\s+(?:{_NAME_TOKEN}\s+){{0,4}}[^\W\d_][\w\-]*['’]s?\s+(?:[a-z][\w\-]*\s+){{0,3}}?"
    rf"(?P<head>[a-z][\w\-]*)(?:\s+(?:{_PLACE_PREPOSITION}|of|from)\s+(?:the\s+)?(?=[A-ZÀ-ÖØ-Þ]){_NAME_RUN})?)"
    rf",?\s+(?:{_SUBJECT_VERBS})\b"
)

#: a sentence's subject that is one word styled in lower case (a package, a product: "got", "httpx", "eBay")
#: before a verb of being or having: a sentence does not open in lower case otherwise
_STYLED_SUBJECT_RE = re.compile(
    r"(?P<name>[a-z][\w\-]*(?:\.[a-z][\w\-]*)?[\w])(?:\s+\([^()]*\))?,?\s+"
    r"(?:is|was|has|had|are|were|have|supports|provides|offers|runs|works|became|remains|can|will)\b"
)

#: a sentence whose subject is an indefinite noun phrase: a thing not named before ("An older timber footbridge
#: stood ..."), with its name when the sentence gives one in apposition ("An older timber footbridge, the Old
#: Merrow Footbridge, stood ...", "A ferry called the Puffin ran ..."), or an introductory apposition before the
#: real subject ("A native of Ohio, John Smith attended ...": the subject is the name)
_INDEFINITE_SUBJECT_RE = re.compile(
    rf"(?:A|An|Another)\s+(?P<np>[a-z0-9][^,.;:()\[\]]{{0,80}}?)"
    rf"(?:,\s+(?:the\s+)?(?P<appos>{_NAME_RUN}),\s"
    rf"|\s+(?:called|named|known\s+as)\s+(?:the\s+)?(?P<called>{_NAME_RUN})\b"
    rf"|,\s+(?P<intro>{_NAME_RUN})\s+(?:{_SUBJECT_VERBS})\b"
    rf"|\s+(?P<verb>{_SUBJECT_VERBS})\b)"
)
#: words around a person's name that are no part of it: honorifics and post-nominal letters ("Sir Ian Holm CBE",
#: "Prof. Patel", "Michael Proctor PhD")
_HONORIFICS = frozenset(
    "mr mrs ms miss dr prof professor sir dame lord lady rev reverend fr st saint hon phd md cbe obe mbe kbe dbe "
    "frs qc kc".split()
)
#: what a title that is a question opens with ("How high is the Dunmere Viaduct?", "Why it matters")
_QUESTION_WORD_RE = re.compile(
    r"(?:how|what|which|who|whom|whose|why|when|where|is|are|was|were|does|do|did|can|could|should|will)\b",
    re.IGNORECASE,
)

_NUMERIC_RE = re.compile(
    r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|hundred|thousand|million|billion|trillion|dozen|half|percent|first|second|"
    r"third|January|February|March|April|May|June|July|August|September|October|November|"
    r"December)\b",
)
_YEAR_RE = re.compile(r"(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)")
_RECENT_WORDS_RE = re.compile(
    r"\b(recently|recent|this\s+year|last\s+year|this\s+month|currently|nowadays|latest|"
    r"newly|so\s+far\s+this|as\s+of\s+now|upcoming)\b",
    re.IGNORECASE,
)
_EVENT_NOUNS = (
    r"War|Wars|Olympics|Olympic\s+Games|Games|Festival|Awards?|Championships?|Cup|Election|"
    r"Elections|Summit|Conference|Revolution|Prize|Tournament|Open|Series|Grand\s+Prix|"
    r"Expo|Exposition|Crisis|Massacre|Battle|Treaty|Congress|Convention|Marathon|Bowl|Rebellion|"
    r"Uprising|Pandemic|Olympiad|Contest|League|Referendum|Strike|Protests?"
)
_CAP = r"(?:[A-Z][\w'’\-]*|\d{4})"
_NAMED_EVENT_RE = re.compile(
    rf"\bWorld\s+War\s+(?:I{{1,2}}|One|Two|[12])\b"
    rf"|\b(?:{_CAP}\s+(?:(?:of|the|de|for)\s+)?)+(?:{_EVENT_NOUNS})\b"
    rf"|\b(?:19|20)\d\d\s+(?:[A-Z][\w'’\-]*\s+)*[A-Z][\w'’\-]*",
)


#: characters of scripts written without spaces between words: Han, kana, Thai, Lao, Khmer, Myanmar
_UNSPACED_RE = re.compile(r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
                          r"\uf900-\ufaff]+")
#: characters of an unspaced script counted as one word (a Chinese word is 1.5 characters on average)
UNSPACED_CHARS_PER_WORD = 1.5


def _words(s: str) -> list[str]:
    return _WORD_RE.findall(s)


def word_count(s: str) -> int:
    """Words of ``s``: space-separated words, and for each run of an unspaced script (Chinese, Japanese, Thai,
    Lao, Khmer, Myanmar) its characters divided by :data:`UNSPACED_CHARS_PER_WORD`, rounded."""
    unspaced = sum(len(m) for m in _UNSPACED_RE.findall(s))
    spaced = len(_words(_UNSPACED_RE.sub(" ", s)))
    return spaced + round(unspaced / UNSPACED_CHARS_PER_WORD)


def is_code_line(s: str) -> bool:
    """Whether ``s`` (a sentence or line of a page) is source code or a shell command, never a claim.

    Code: a line opening like a declaration, import, prompt or comment ("const x = ...", "from a import b",
    "$ npm i got", ">>> f()", "// note"), or one that is a single call, member access or assignment as a whole
    ("axios.get(url, { timeout: 5000 });", "client = httpx.Client(timeout=10.0)"), or one ending in an opening
    or closing brace ("if (ok) {"), or one opening a block of code and ending with its colon ("for change in
    mf.tempo_map():": :data:`_CODE_BLOCK_RE`). Prose about code ("Call client.get() to fetch a page.") is not: it opens
    with a word and its call is part of a sentence.
    """
    line = s.strip()
    if not line:
        return False
    if _CODE_OPENING_RE.match(line) or line.endswith(("{", "}", "};", "});", ");")):
        return True
    return bool(_CODE_STATEMENT_RE.fullmatch(line) or _CODE_BLOCK_RE.fullmatch(line))


def _is_claim_sentence(sent: Sentence) -> bool:
    s = sent.text
    if s.endswith(("?", "？")) or s.startswith(("#", "|")):
        return False
    if not _TERMINAL_RE.search(s) and is_question_line(s):  # a question without its mark ("can i bring my dog")
        return False
    if _CONTINUATION_RE.match(s):  # "; a package by that name exists": a clause cut off its sentence's subject
        return False
    if is_code_line(s):  # "axios.get(url, { timeout: 5000 });"
        return False
    words = _words(s)
    n = word_count(s)
    if n < MIN_WORDS or n > MAX_WORDS:
        return False
    if noise_kind(s) or _NAV_RE.search(s):
        return False
    letters = sum(1 for ch in s if ch.isalpha())
    if letters < 0.5 * len(s.replace(" ", "")):
        return False
    if not _TERMINAL_RE.search(s):
        # a heading or a fragment: no terminal punctuation and mostly Title Case
        caps = sum(1 for w in words if w[0].isupper())
        if n < 12 or caps > 0.6 * max(1, len(words)):
            return False
    # list/heading markers at the start are tolerated only for long sentences
    return True


#: a short adverbial of time opening a sentence before its subject pronoun: "By 1900 it employed 212 workers",
#: "In 1978, they moved ...", "At its peak in 1974 it counted ..." (a preposition of time and up to three words, one
#: a number or a time word), or an adverb of time alone: "Today it operates four looms", "Since then, it has ..."
_FRONTED_PRONOUN_RE = re.compile(
    r"(?:(?:By|In|At|From|Until|After|Before|Since|During|Around|Between|Within|Over)\s+"
    r"(?=[^,]{0,40}?(?:\d|\b(?:century|decade|year|years|time|war|period)\b))(?:[\w'’\-]+\s+){0,3}?[\w'’\-]+,?\s+"
    r"|(?:Today|Nowadays|Now|Currently|Presently|At\s+present|Recently|Since\s+then|Later|Meanwhile),?\s+)"
    r"(?P<p>it|they|he|she)\b")


def _leading_pronoun(sentence: str) -> tuple[str, int] | None:
    """The capitalised He/She/It/They/His/Her/Its/Their opening ``sentence`` (lower-cased) and its end offset."""
    m = re.match(r"([A-Za-z]+)\b", sentence)
    if not m or not m.group(1)[0].isupper():
        return None
    low = m.group(1).lower()
    if low in _SUBJECT_PRONOUNS or low in _POSSESSIVE_PRONOUNS:
        return low, m.end()
    return None


def _fronted_pronoun(sentence: str) -> tuple[str, int, int] | None:
    """The subject pronoun after a short adverbial of time opening ``sentence`` (:data:`_FRONTED_PRONOUN_RE`: "By
    1900 it employed 212 workers" -> ("it", 8, 10)): the pronoun, its start and end offsets; None without one. Such
    a sentence is no claim until the pronoun is resolved as a leading one is."""
    m = _FRONTED_PRONOUN_RE.match(sentence)
    return (m.group("p"), m.start("p"), m.end("p")) if m else None


def _person_like(name: str) -> bool:
    """Whether ``name`` reads as a person's name: capitalised words and name particles ("Catherine of Aragon",
    "Ludwig van Beethoven"); not "The ..." (a thing, a band), a quoted title, a number ("2004 Sugar Bowl",
    "McLaren MP4/1"), a phrase with a common noun ("Lewinsky scandal") or a name holding an organisation's word
    (:data:`_ORGANISATION_WORDS`: "Brask Yard", "Velling GmbH", "Ateliers Navals de Morvic")."""
    words = name.split()
    if not words or words[0] == "The" or not words[0][0].isupper():
        return False
    for w in words:
        if w.strip(".,;:").casefold() in _ORGANISATION_WORDS:
            return False  # "Harwick Iron Works", "Ateliers Navals de Morvic": an organisation
        if any(ch.isdigit() for ch in w) and any(ch.isalpha() for ch in w):
            return False  # "MP4/1", "B-52s"
        if not (w[0].isupper() or w.isdigit() or w in _NAME_PARTICLES or re.match(r"[dlo]['’]", w)):
            return False  # a common noun ("scandal"); "No. 1", "d'Antonio" and "O'Brien" pass
    return True


@lru_cache(maxsize=1)
def _country_names() -> frozenset[str]:
    """The English names of the world's countries and territories (babel's CLDR data: "France", "New Zealand"),
    case-folded; regions ("Europe", "World": numeric codes) left out."""
    return frozenset(name.casefold() for code, name in Locale("en").territories.items() if not code.isdigit())


def _thing_subject(subject: str, text: str, opening: str) -> bool | None:
    """What a personal pronoun may stand for when the page's ``subject`` is a thing: True for a vessel or a country
    ("she"/"her" stand for it as English writes of ships and countries, "he"/"his" never): a ship's prefix before the
    subject's name in it or in ``text`` ("The SS Kelmar", "sailed on the RMS Kelmar") of a page naming a ship's noun
    (:data:`_SHIP_NOUN_RE`: not "MS Paint"), the page's ``opening`` sentence saying it is a ship
    (:data:`_IS_SHIP_RE`: "The Kelmar was a Danish ocean liner"), or a country's name (:func:`_country_names`) the
    opening calls a country, a state or an island (:data:`_COUNTRY_NOUN_RE`); False for a one-word name ``text``
    writes after a lower-case "the" ("sailed on the Kelmar", "the RMS Kelmar": a thing, never what "he" or "she"
    stands for); None
    otherwise (the person-like rules of :func:`_fits`). The caller asks only of a subject not known to be a
    person."""
    name = subject.removeprefix("The ").strip()
    if not re.fullmatch(r"[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*", name):
        return None  # a phrase, not a name ("The SS Kelmar in our collection"): the rules of :func:`_fits`
    bare = _SHIP_PREFIX_RE.sub("", name, count=1) if _SHIP_PREFIX_RE.match(name) else name
    if (bare != name or re.search(rf"\b{_SHIP_PREFIX}\s+{re.escape(bare)}(?!\w)", text)) \
            and _SHIP_NOUN_RE.search(text):
        return True
    ship = _IS_SHIP_RE.search(opening)
    if ship and re.search(rf"(?<!\w){re.escape(bare.split()[-1])}(?!\w)", opening[: ship.start()]):
        return True
    if name.casefold() in _country_names() and _COUNTRY_NOUN_RE.search(opening):
        return True
    if len(name.split()) == 1 and re.search(rf"\bthe\s+(?:{_SHIP_PREFIX}\s+)?{re.escape(name)}(?!\w)", text):
        return False
    return None


def _common_noun_number(name: str) -> str | None:
    """The grammatical number of ``name`` when it ends in a lower-case common noun: "plural" for a regular
    plural ("Node HTTP clients", "the best frameworks"), "singular" for any other lower-case word ("Python HTTP
    client"), the head before a post-modifier counting ("Historic workshops of Tarnholm": plural); None when it ends
    in a capitalised word, a number or a quoted title (a proper name: "The Beatles", "Los Angeles" and "Radiohead"
    may each be "it" or "they"; "Catherine of Aragon")."""
    words = _words(name)
    # the head stands before a post-modifier: "Historic workshops of Tarnholm", "the best frameworks for Python"
    cut = next((i for i, w in enumerate(words) if i and re.fullmatch(_POST_MODIFIER, w) and words[i - 1][0].islower()),
               None)
    if cut is not None:
        words = words[:cut]
    if not words or not words[-1][0].islower() or not words[-1].isalpha():
        return None
    last = words[-1]
    plural = len(last) > 3 and last.endswith("s") and not last.endswith(("ss", "us", "is", "ics", "ous", "ness"))
    return "plural" if plural else "singular"


def _body_named(name: str, text: str = "") -> bool:
    """Whether ``name`` (of two words or more) ends with a noun of a body, an institution or a place
    (:data:`shared.text.relations.BODY_NOUNS`, the place heads of :data:`shared.text.kinds.KIND_NOUNS`: "Quellby
    Zoo", "Harl Rowing Club", "Orlen Valley"), or with a lower-case word that ``text`` (its page) writes as a
    common noun after "the" ("Corbyn Wildlife Park" of a page saying "who led the park"): the name of a thing, never
    what "he" or "she" stands for, unless the text says it is a person's (the caller reads
    :func:`~shared.text.kinds.name_kind` first: "Charlotte Church (born 1986)")."""
    words = name.split()
    head = words[-1].strip(".,;:'’").lower() if words else ""
    if len(words) < 2 or not head.isalpha():
        return False
    return head in BODY_NOUNS or noun_kind(head) == "place" \
        or re.search(rf"\bthe\s+{re.escape(head)}\b", text) is not None


def _fits(subject: str, pronoun: str, *, from_title: bool, kind: Kind | None = None, thing: bool = False,
          text: str = "", vessel: bool | None = None) -> bool:
    """Whether ``pronoun`` may stand for ``subject`` (of kind ``kind``, :func:`~shared.text.kinds.name_kind`,
    None: unknown). "He"/"She"/"His"/"Her" stand only for a person-like name (:func:`_person_like`) whose kind is
    not known to be another than a person (never "Carrow Bend", "a market town"), nor, of an unknown kind, ends with
    a body's or a place's noun or one ``text`` (the page) writes after "the" (:func:`_body_named`: never
    "Quellby Zoo"). "It"/"They"/"Its"/"Their"
    stand for anything the page's title names (unless it is known to be a person), but for a name taken from the
    previous sentence only when it is not person-like, its kind is known and not a person, or it is a ``thing``
    (the name of an indefinite noun phrase that names no person: "A stone mill called Brannock Mill"): "It was
    his 16th title" after "Caroline Wozniacki defeated ..." is about the win, not about her. Either way they agree in
    number with a name that ends in a common noun (:func:`_common_noun_number`): "It"/"Its" never stand for "Node
    HTTP clients" (a topic, not the antecedent: "Node HTTP clients depends on ..."), "They"/"Their" never for
    "Python HTTP client". ``vessel`` (the page subject's reading by :func:`_thing_subject`): True, a ship or a
    country, which "she"/"her" stand for and "he"/"his" never; False, a thing no personal pronoun stands for; None,
    the rules above."""
    if pronoun in _PERSONAL_PRONOUNS and vessel is not None:
        return vessel and pronoun in ("she", "her")
    if pronoun in _PERSONAL_PRONOUNS:
        return _person_like(subject) and (kind == "person" or kind is None and not _body_named(subject, text))
    if kind == "person":
        return False
    number = _common_noun_number(subject)
    if number == ("plural" if pronoun in ("it", "its") else "singular"):
        return False
    return from_title or thing or not _person_like(subject) or kind is not None


def _substitute(sentence: str, pronoun: str, end: int, subject: str, start: int = 0) -> str:
    """``sentence`` with its pronoun (from ``start``, the sentence's opening by default, to ``end``) replaced by
    ``subject`` (possessives: ``subject's``); inside the sentence a leading "The" of ``subject`` is written "the"
    ("By 1900 the Korvanne Glassworks employed ...").

    A contraction is spelt out: "It's 330 metres tall" -> "<subject> is 330 metres tall" ("'s been" -> "has been").
    """
    if start:
        head = sentence[:start]
        subject = "the " + subject[4:] if subject.startswith("The ") else subject
        return head + _substitute(sentence[start:], pronoun, end - start, subject)
    rest = sentence[end:]
    if pronoun in _POSSESSIVE_PRONOUNS:
        return subject + ("'" if subject.endswith("s") else "'s") + rest
    m = _CONTRACTION_RE.match(rest)
    if m:
        clitic = m.group(1).lower()
        after = rest[m.end():]
        perfect = after.lstrip().startswith("been")
        if clitic == "s":
            verb = "has" if perfect else "is"
        elif clitic == "d":
            verb = "had" if perfect else "would"
        else:
            verb = _CLITICS[clitic]
        return f"{subject} {verb}{after}"
    return subject + rest


def _title_subjects(title: str | None) -> list[str]:
    """Names a page title may give its subject by, most complete first: the whole title, each part between
    site-name separators ("Eiffel Tower - Wikipedia" -> "Eiffel Tower", "Wikipedia"), then each part's text
    before a comma ("Officer, Victoria" -> "Officer"); parentheticals, a question (:func:`_unquestioned`) and a
    subtitle in lower case (:func:`_unsubtitled`) dropped (:func:`clean_title`)."""
    # "Wins &amp; Losses" -> "Wins & Losses"; "...All the Marbles" -> "All the Marbles" (a final "." stays: "F.C.")
    whole = clean_title(html.unescape(title or "")).lstrip(_TITLE_JUNK).rstrip(_TITLE_JUNK.replace(".", ""))
    if not whole:
        return []
    kind, colon, rest = whole.partition(": ")
    if colon and rest and _is_page_kind(kind):  # "Visitor Guide: Tarnmoor Botanic Garden" names the garden
        whole = rest
    parts = [_uncoordinated(_unsubtitled(_unquestioned(clean_title(part)))) for part in _TITLE_SEP_RE.split(whole)]
    # a part saying what kind of page it is ("Visitor guide - Velmora Tram Museum", "About - X", "X | Home") is no
    # name of the subject, and neither is the whole title holding it: "The museum is closed" is the museum's, never
    # "Visitor guide - Velmora Tram Museum is closed"
    named = [part for part in parts if not _is_page_kind(part)]
    if len(named) < len(parts) and named:
        parts = named
        names = [*parts, *(part.split(", ")[0] for part in parts)]
    else:
        names = [_uncoordinated(_unsubtitled(_unquestioned(whole))), *parts, *(part.split(", ")[0] for part in parts)]
    return [n for n in dict.fromkeys(names) if n]


#: words of a title part naming the kind of page, not a thing: "Visitor guide", "About us", "Plan your visit"
_PAGE_KIND_WORDS = frozenset({"about", "us", "our", "your", "the", "of", "to", "for", "visit", "visiting", "plan",
                              "tickets", "ticket", "admission", "prices", "directions", "getting", "here", "press",
                              "release", "releases", "kit", "media", "events", "contact", "team", "staff", "welcome"})


def _is_page_kind(part: str) -> bool:
    """Whether a title part between site-name separators says only what kind of page it is (every word a page-kind
    word: :data:`_DOCUMENT_WORDS`, :data:`_GENERIC_TITLE_WORDS`, :data:`_PAGE_KIND_WORDS`, or a year): "Visitor
    guide", "About", "Home", "Annual report 2023"; "Velmora Tram Museum" or "Wikipedia's list" are not."""
    words = [w.casefold() for w in _words(part)]
    return bool(words) and all(w in _DOCUMENT_WORDS or w in _GENERIC_TITLE_WORDS or w in _PAGE_KIND_WORDS
                               or re.fullmatch(r"(?:1[5-9]|20)\d\d", w) for w in words)


#: a title naming a thing and a part or aspect of it by a possessive: "The Kessin Tower and its clock"
_OWN_PART_RE = re.compile(r"^(?P<owner>.+?)\s+(?:and|&)\s+(?:its|his|her|their)\s+\S.*$")


def _uncoordinated(title: str) -> str:
    """``title`` without a coordinated part of its own subject: "The Kessin Tower and its clock" -> "The Kessin
    Tower" (the page is about the tower; "Its clock was first installed ..." is the tower's clock, never "The
    Kessin Tower and its clock's clock"). A coordination of two names stays ("Romeo and Juliet", "Marks &
    Spencer")."""
    m = _OWN_PART_RE.match(title)
    return m.group("owner").strip() if m else title


#: a title naming a part of a thing by "of": "The clock of St. Avel's Church" -> head "clock", owner "St. Avel's
#: Church"; "The clock of the Chapel of St. Aveline" -> owner "the Chapel of St. Aveline" (the head is one to three
#: words in lower case, the owner a name)
_PART_OF_RE = re.compile(r"^(?:[Tt]he\s+)?(?P<head>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s+of\s+"
                         r"(?P<owner>(?:the\s+)?[A-Z0-9].*)$")
#: a title naming a part of a thing, its first word capitalised as a title's is ("Looms of the X", "The clock of X")
_TITLE_PART_OF_RE = re.compile(r"^(?:[Tt]he\s+)?(?P<head>[A-Za-z][a-z-]*(?:\s+[a-z][\w-]*){0,2})\s+of\s+"
                               r"(?P<owner>(?:the\s+)?[A-Z0-9].*)$")
#: words after a possessive pronoun read for the noun it owns ("Its tower clock was ...": "tower", "clock")
_OWNED_WORDS = 3


def _owner_of_part(subject: str, owned: str) -> str | None:
    """The thing a possessive pronoun stands for when the page's ``subject`` is a part of it named by "of" ("The
    clock of St. Avel's Church") and the pronoun owns that same part (``owned``, the text after the pronoun: "tower
    clock was built in 1760"): "Its tower clock" is the church's clock, "St. Avel's Church's tower clock", never
    "The clock of St. Avel's Church's tower clock". The owner as a sentence opens with it ("The Chapel of St.
    Aveline"); None when ``subject`` names no part of a thing or the pronoun owns another noun ("Its dial")."""
    m = _PART_OF_RE.match(subject.strip())
    if m is None:
        return None
    head = {snowball_stem(w) for w in m.group("head").split()}
    words = _words(owned)[:_OWNED_WORDS]
    if not any(snowball_stem(w) in head for w in words if w.lower() not in ENGLISH_STOPWORDS):
        return None
    owner = m.group("owner").strip()
    return "The " + owner[4:] if owner.startswith("the ") else owner


#: words of a subtitle that says what kind of document the page is ("Korvanne Glassworks: Annual Report Figures")
_DOCUMENT_WORDS = frozenset({"annual", "report", "reports", "figures", "facts", "statistics", "stats", "overview",
                             "history", "guide", "notes", "faq", "faqs", "information", "info", "details", "summary",
                             "key", "numbers", "data", "and", "&", "at", "a", "glance", "fact", "sheet", "visitor",
                             "visitors", "opening", "hours", "practical",
                             # a page of questions and answers, or of terms ("Frequently asked questions", "Q&A")
                             "frequently", "asked", "questions", "question", "answers", "q", "terms", "conditions"})


def _unsubtitled(title: str) -> str:
    """``title`` without a subtitle in lower case after a colon, the aspect of the subject the page is about:
    "Tarnholm Glass Museum: the collection" -> "Tarnholm Glass Museum" (a pronoun on that page stands for the
    museum; "Tarnholm Glass Museum: the collection's collection" was made of "Its collection"), and so is a subtitle
    saying what kind of document the page is (:data:`_DOCUMENT_WORDS`: "Korvanne Glassworks: Annual Report
    Figures" -> "Korvanne Glassworks"). Another subtitle in title case is part of a work's name ("Star Wars: The Force Awakens") and stays."""
    name, colon, rest = title.partition(": ")
    documentary = bool(rest.strip()) and all(w.casefold() in _DOCUMENT_WORDS for w in _words(rest))
    return name.strip() if colon and name.strip() and (rest[:1].islower() or documentary) else title


def _unquestioned(title: str) -> str:
    """``title`` without a question it asks: "Dunmere Viaduct: how high is it?" -> "Dunmere Viaduct" (the name
    before the colon); "" for a title that is only a question ("How high is the Dunmere Viaduct?"): a question
    names no subject. A question in title case is a name (a work's: "Who Framed Roger Rabbit?", "Dude, Where's
    My Car?") and other titles stay as they are ("Star Wars: The Force Awakens")."""
    name, colon, rest = title.partition(": ")
    if colon and _is_question(rest):
        return "" if _is_question(name) else name.strip()
    return "" if _is_question(title) else title


def _is_question(phrase: str) -> bool:
    """Whether ``phrase`` is a question in sentence case: it ends with "?" or opens with a lower-case question
    word, and not every word of four letters or more is capitalised (a work's title: "Who Framed Roger
    Rabbit?")."""
    phrase = phrase.strip()
    asks = phrase.endswith(("?", "？")) or bool(phrase[:1].islower() and _QUESTION_WORD_RE.match(phrase))
    long_words = [w for w in _words(phrase) if len(w) >= 4]
    return asks and not (long_words and all(w[0].isupper() for w in long_words))


def _is_generic(name: str) -> bool:
    """A name that cannot be a page's subject: a generic word ("Home", "JS page", "Chapter 3") or no letter."""
    words = [w.lower() for w in _words(name)]
    return not any(ch.isalpha() for ch in name) or any(w in _GENERIC_TITLE_WORDS for w in words)


def _fold(s: str) -> str:
    """``s`` without accents, case-folded: "Bora Živković" -> "bora zivkovic"."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch)).casefold()


#: words ending a title that say what kind of page it is about its subject: "<product> review", "<product> hands-on"
#: ("test" and "look" alone are none: "Turing test" is a name)
_PAGE_KIND_TAIL = re.compile(r"\s+(?:(?:in-depth|full|long-term|quick)\s+)?(?:review|reviews|reviewed|hands-on|tested|"
                             r"preview|first look|teardown|unboxing|specs|specifications|timeline|chronology)\s*$", re.IGNORECASE)


def _page_subject(title: str | None, text: str, sentences: list[Sentence]) -> str | None:
    """The entity a page's title names, or None when the title names no entity of the text.

    A title part (:func:`_title_subjects`) qualifies when it reads as a name (starts with a capital or a digit),
    has no generic word (:data:`_GENERIC_TITLE_WORDS`) and the text attests it: it occurs in the text (whole
    words, any case or accents), or every content token of it occurs in the text's first two sentences ("Green
    Man Festival" for "Green Man is a music festival ..."), or one of these sentences opens with a fuller form
    of it (:func:`_same_name`: "Tom Hiddleston" for "Thomas William Hiddleston (born 1981) is ...").
    A title framing a name with words about the page (:func:`~shared.text.terms.title_subject`, its frame: "About the Teatro
    Brivolo", "Visiting the Teatro Brivolo", "A Short History of the Korvanne Glassworks") gives that name when the
    text writes it outside the whole title (a heading repeating the title is no sentence about it), or when the text
    writes the whole title only as a heading line (the frame then names nothing): "Its hall seats 198" -> "The Teatro Brivolo's hall seats
    198", never "About the Teatro Brivolo's". A title that is a name and the kind of page ("Quendal Stride S review":
    :data:`_PAGE_KIND_TAIL`) gives the name when the text writes it outside the title.
    Returned as "The <name>" when a sentence of the text opens with that ("Eiffel Tower" -> "The Eiffel Tower").
    """
    lead: set[str] = set()
    lead_names: list[list[str]] = []  # tokens of the names the first two sentences open with
    for s in sentences[:2]:
        lead.update(tokenize(s.text))
        for name in (_named_subject(s, text), _leading_name(s.text)):
            if name:
                lead_names.append(tokenize(name))
    folded = _fold(text)

    def as_written(name: str) -> str:  # "The <name>" when a sentence of the text opens with that
        the = re.compile(rf"the\s+{re.escape(_fold(name))}(?!\w)")
        if not name.startswith("The ") and any(s.text.startswith("The ") and the.match(_fold(s.text))
                                               for s in sentences):
            return "The " + name
        return name

    for name in _title_subjects(title):
        # a title naming only a kind of document ("Frequently asked questions") names no thing a pronoun stands for
        if not (name[0].isupper() or name[0].isdigit()) or _is_page_kind(name):
            continue
        whole = re.compile(rf"(?<!\w){re.escape(_fold(name))}(?!\w)")
        # a title that is a name and the kind of page it is ("Quendal Stride S review", "Corvan E5 hands-on",
        # "Brask Canal timeline"): the name the text writes outside the title is the subject, never the headline
        # ("It lifts at 35 mm/s" is the product's, not "Quendal Stride S review lifts ...")
        bare = _PAGE_KIND_TAIL.sub("", name).strip()
        if bare and bare != name and not _is_generic(bare) \
                and re.search(rf"(?<!\w){re.escape(_fold(bare))}(?!\w)", whole.sub(" ", folded)):
            return as_written(bare)
        if _is_generic(name):
            continue
        # a title framing the name with words about the page ("About the Teatro Brivolo", "Visiting the ..."): the
        # name the text writes outside the title (its heading) is the subject, never the frame ("About the Teatro
        # Brivolo's hall"); a work's name the text writes only whole ("In the Mood") stays
        inner = title_subject(name, subtitle=False, tail=False)
        if inner and re.search(rf"(?<!\w){re.escape(_fold(inner))}(?!\w)", whole.sub(" ", folded)):
            return as_written(inner)
        # a framed title the text writes only as its heading ("Visiting the Korvanne Glassworks" over "The
        # glassworks is open ..."): the frame is no name of anything, the name it frames is the subject
        if inner and whole.search(folded) and all(
                _fold(line.strip().lstrip("#").strip()).rstrip(".:") == _fold(name)
                for line in text.splitlines() if whole.search(_fold(line))):
            return as_written(inner)
        if whole.search(folded):
            return as_written(name)
        tokens = tokenize(name)
        if tokens and (all(t in lead for t in tokens) or any(_same_name(tokens, n) for n in lead_names)):
            return name
    return None


#: words that go on a product's name as a variant of it ("Pixel 8" and "Pixel 8 Pro" are two products): a title
#: whose words after a shorter name the text writes open with one of these names another product than that name
_VARIANT_WORDS = frozenset({"mini", "pro", "max", "plus", "ultra", "lite", "air", "se", "xl", "xs", "s", "x", "go",
                            "neo", "edge", "fold", "flip", "duo", "junior", "jr", "sport", "classic"})
#: a word of a page's title that is no part of a product's name (a separator: "|", "-", "–")
_WORDLESS = re.compile(r"[^\w]+")


def _folded_word(word: str) -> str:
    """Lower-case letters and digits of ``word``: "VOLT-S" -> "volts"."""
    return re.sub(r"[^0-9a-z]", "", _fold(word))


def _own_name(subject: str, text: str) -> str:
    """The name a product page writes its product by when its title (``subject``) is that name with words that
    only describe or sell it, a shop's SEO title: "INFLUX VOLT-S Cordless Tire Inflator Portable Air Compressor
    2026 Best Deal | VoltMart" -> "Influx Volt S" when ``text`` writes "Influx Volt S" on its own (not followed by
    the title's next word). The name is a run of two to five words of ``text`` spelling the title's first words
    (case, spaces and hyphens folded); the title goes on with two words or more, letters only or a year (no model
    number) and not opening with a variant word (:data:`_VARIANT_WORDS`: "Pixel 8 Pro" is not "Pixel 8"). A run
    in capitals throughout is no spelling of its own. ``subject`` itself when the text writes no such name."""
    title = [w for w in subject.split() if not _WORDLESS.fullmatch(w)]
    folded = [_folded_word(w) for w in title]
    if len(title) < 4 or not all(folded):
        return subject
    tokens = list(re.finditer(r"[^\W_][\w'’.-]*", text))
    for i, first in enumerate(tokens):
        if not _folded_word(first.group(0)) or not folded[0].startswith(_folded_word(first.group(0))):
            continue
        for k in range(2, 6):
            run = tokens[i:i + k]
            if len(run) < k or any(text[a.end():b.start()].strip() for a, b in zip(run, run[1:])):
                break
            joined = "".join(_folded_word(t.group(0)) for t in run)
            heads = ["".join(folded[:j]) for j in range(1, len(title))]
            if joined not in heads:
                continue
            j = heads.index(joined) + 1
            rest = folded[j:]
            after = tokens[i + k].group(0) if i + k < len(tokens) else ""
            written = text[run[0].start():run[-1].end()]
            if (len(rest) >= 2 and rest[0] not in _VARIANT_WORDS
                    and all(re.fullmatch(r"[a-z]{3,}|(?:19|20)\d\d", w) for w in rest)
                    and _folded_word(after) != rest[0] and not written.isupper()):
                return written
    return subject


def _leading_name(sentence: str) -> str | None:
    """The run of capitalised words ``sentence`` opens with ("Catherine Elise Blanchett, (born 1969) is ...")."""
    m = _LEADING_NAME_RE.match(sentence)
    return m.group(0) if m else None


def _same_name(short: list[str], full: list[str]) -> bool:
    """Whether name tokens ``short`` ("tom", "hiddleston") may name ``full`` ("thomas", "william", "hiddleston"):
    same last token (a generation suffix "Jr", "II" aside, accents ignored), and each other token is one of
    ``full`` or shares its first letter with one of them ("Rachel Egglestone-Evans" for "Rachel 'Rae' Evans")."""
    short = [_fold(t) for t in short if t not in _NAME_SUFFIXES]
    full = [_fold(t) for t in full if t not in _NAME_SUFFIXES]
    if not short or not full or short[-1] != full[-1]:
        return False
    return all(t in full or any(f[0] == t[0] for f in full) for t in short[:-1])


def _named_subject(sentence: Sentence, text: str) -> str | None:
    """The name ``sentence`` opens with as its grammatical subject ("Gustave Eiffel was born ..." -> "Gustave
    Eiffel"), or None. A one-word name must also occur capitalised after a word within
    :data:`_PROPER_NOUN_WINDOW` characters of the sentence in ``text`` (a proper noun, not "Critics praised ...")."""
    m = _NAMED_SUBJECT_RE.match(sentence.text)
    if not m and (past := _PAST_SUBJECT_RE.match(sentence.text)) is not None:
        # an irregular simple past not spelt as its base ("broke", "drew", "fell"; not "set", "cut": nouns too)
        verb = past.group("verb")
        m = past if simple_past(verb) and verb_base(verb) not in (None, verb) else None
    if not m:
        m = _STYLED_SUBJECT_RE.match(sentence.text)
        if not m or m.group("name").lower() in ENGLISH_STOPWORDS or m.group("name").lower() in _ALL_PRONOUNS:
            return None
        return m.group("name")  # a name styled in lower case: "got is Node-only", "eBay was founded ..."
    name = m.group("name")
    words = name.split()
    core = words[1:] if words[0] == "The" else words
    if not core or core[0].lower() in ENGLISH_STOPWORDS or core[0].lower() in _ALL_PRONOUNS:
        return None
    if not any(ch.isalpha() for ch in name) or re.search(r"['’]s$", name):
        return None
    if len(words) == 1:
        near = text[max(0, sentence.start - _PROPER_NOUN_WINDOW) : sentence.end + _PROPER_NOUN_WINDOW]
        if not re.search(rf"[^\W\d_][,;]?\s+{re.escape(name)}(?!\w)", near):
            return None
    return name


def _described_subject(sentence: Sentence, text: str) -> str | None:
    """What ``sentence`` is about for a pronoun opening the next one: its named subject (:func:`_named_subject`),
    else a name with a post-modifier of place, without it ("The Harrow Workshop by the river bridge was built
    ..." -> "The Harrow Workshop"), else a definite description with a possessive, whole ("The guild's great
    hall on Ashlane Square was completed ..." -> "The guild's great hall on Ashlane Square": "It was designed by
    ..." after it is about the hall, not about the page's subject); None when the subject is none of these."""
    named = _named_subject(sentence, text)
    if named:
        return named
    m = _POST_MODIFIED_NAME_RE.match(sentence.text)
    if m:
        name = m.group("name")
        words = name.split()
        core = words[1:] if words[0] == "The" else words
        if core and core[0].lower() not in ENGLISH_STOPWORDS and core[0].lower() not in _ALL_PRONOUNS \
                and any(ch.isalpha() for ch in name) and not re.search(r"['’]s?$", name) and len(core) >= 2:
            return name
    m = _POSSESSIVE_SUBJECT_RE.match(sentence.text)
    if m and m.group("head").lower() not in ENGLISH_STOPWORDS:
        return m.group("name")
    return None


class _Antecedent(BaseModel):
    """What a sentence is about, for a pronoun opening the next one: ``name`` (None: a thing the text has not
    named, "An older timber footbridge stood ...") and its ``kind`` (:mod:`shared.text.kinds`, None: unknown);
    ``thing``: an indefinite noun phrase named it whose head is no person ("A stone mill called Brannock Mill")."""

    model_config = ConfigDict(frozen=True)

    name: str | None
    kind: Kind | None = None
    thing: bool = False


def _name_and_noun_subject(sentence: str) -> _Antecedent | None:
    """The antecedent of a sentence whose subject is a name with a common head noun after it
    (:data:`_NAME_AND_NOUN_SUBJECT_RE`: "The Old Marwald ski area on the northern slope of the mountain is a
    different ski area." -> "The Old Marwald ski area"; "The Peak-Express gondola, with cabins for ten, was
    built ..." -> "The Peak-Express gondola"), its post-modifier or apposition left off; its kind is its head
    noun's (:func:`~shared.text.kinds.noun_kind`) and it is a ``thing`` unless that kind is a person. None when the
    sentence has no such subject, or a word after the name is no noun: a stopword, an adverb in "-ly", a verb
    ("The Kelby Mill recently opened ...", "The Kelby Mill built ...")."""
    m = _NAME_AND_NOUN_SUBJECT_RE.match(sentence)
    if m is None:
        return None
    heads = m.group("heads").split()
    for word in heads:
        base = verb_base(word)
        if word in ENGLISH_STOPWORDS or word in _ALL_PRONOUNS or word.endswith("ly") \
                or re.fullmatch(_SUBJECT_VERBS, word) or (base is not None and base != word):
            return None
    name = m.group("name")
    if re.search(r"['’]s?\s", name):
        return None  # a possessive: "The Kelby Mill's water wheel" (:data:`_POSSESSIVE_SUBJECT_RE`)
    kind = noun_kind(heads[-1])
    return _Antecedent(name=name, kind=kind, thing=kind != "person")


def _indefinite_subject(sentence: Sentence, subject: str | None) -> _Antecedent | None:
    """The antecedent of a sentence whose subject opens with "A"/"An"/"Another" (:data:`_INDEFINITE_SUBJECT_RE`),
    or None when it does not. The name given in apposition ("An older timber footbridge, the Old Merrow
    Footbridge, stood ..." -> "The Old Merrow Footbridge"; "... called the Puffin ...") or after an introductory
    apposition ("A native of Ohio, John Smith attended ..." -> "John Smith"); else an unnamed thing whose kind is
    its head noun's (:func:`~shared.text.kinds.noun_kind`: "A local carpenter built ..." -> a person). A phrase
    with every word of the page's ``subject`` is about it ("A histiocytoma in the dog is ..." on "Histiocytoma")."""
    m = _INDEFINITE_SUBJECT_RE.match(sentence.text)
    if m is None:
        return None
    if subject and set(tokenize(subject)) - {"the"} <= set(tokenize(m.group("np"))):
        return _Antecedent(name=subject)  # "A histiocytoma in the dog is ..." on the page "Histiocytoma"
    head = _words(m.group("np"))
    kind = noun_kind(head[-1]) if head else None
    if m.group("intro"):
        name = m.group("intro")
        return _Antecedent(name=name, kind=name_kind(name, sentence.text))
    name = m.group("appos") or m.group("called")
    if name:
        the = re.search(rf"\bthe\s+{re.escape(name)}", sentence.text[m.start("np") : m.end()])
        kind = kind or name_kind(name, sentence.text)
        return _Antecedent(name=("The " + name) if the else name, kind=kind, thing=kind != "person")
    return _Antecedent(name=None, kind=kind)


def _same_thing(name: str, subject: str, subject_kind: Kind | None = None) -> bool:
    """Whether ``name`` (a sentence's subject) names the page's ``subject`` (of kind ``subject_kind``): the same
    words ("The Eiffel Tower", "Eiffel Tower"), honorifics and post-nominals aside ("Sir Ian Holm CBE", "Prof.
    Patel"), a shorter form of it ("Hiddleston"), a fuller one (:func:`_same_name`: "Thomas William Hiddleston"
    for "Tom Hiddleston"; "Poul Lars Høgh Pedersen" for "Lars Høgh"), but not a longer name whose own head word
    says it is another kind of thing ("Carrow Bend Lantern Festival", an event, is not "Carrow Bend", a place),
    nor another name sharing a word ("Old Merrow Footbridge" is not "Merrow Bridge"). A surname spelt another way
    (a transliteration, a typo of the page: "Keld Tande Bordinggard" for "Keld Bordinggaard") is the same name
    when the given name is the same."""
    a = [t for t in tokenize(name) if t != "the" and t not in _HONORIFICS]
    b = [t for t in tokenize(subject) if t != "the" and t not in _HONORIFICS]
    if not a or not b:
        return _fold(name) == _fold(subject)
    if set(a) <= set(b) or _same_name(b, a) or _same_name(a, b):
        return True
    if len(a[-1]) >= 6 and a[0] == b[0] and SequenceMatcher(None, a[-1], b[-1]).ratio() >= 0.85:
        return True  # the same given name, the surname spelt another way: "Keld Tande Bordinggard"
    own = name_kind(name)  # from the name's head word only: "... Festival", "University of ..."
    return set(b) <= set(a) and (own is None or own == subject_kind)


#: a sentence introducing a named thing by a demonstrative and "is": "That's the Great Bell, cast in 1911.", "This
#: is the Iron Lady of Harl.", "Here is St Avel's Clock" -> the name ("the Great Bell"), capitalised words with "of"
#: (and "the") between them
_INTRODUCED_RE = re.compile(
    r"(?:That|This|Here)(?:['’]s|\s+is|\s+was)\s+(?P<name>(?:the\s+)?[A-Z][\w'’-]*"
    r"(?:\s+(?:of\s+(?:the\s+)?)?[A-Z][\w'’-]*)*)(?=\s*[,.;:!]|\s+(?:which|that|who|cast|built|made)\b)")
#: a lead-in before the sentence proper: "Please note: the Korvanne Glass Studio ...", "Note: ..."
_LEAD_IN_RE = re.compile(r"(?:Please\s+note|Note|NB|N\.B\.|Important|Remember|Also)\s*:\s+")
#: the subject of a later clause of a sentence, a definite description: "..., and the famous brick chimney, 42
#: metres tall, was completed in 1902" -> "the famous brick chimney" (an apposition between commas skipped)
_CLAUSE_DESCRIPTION_RE = re.compile(
    rf"(?:,\s+(?:and|but|while|whereas)\s+|;\s+)(?P<np>the\s+(?:[a-z][\w\-]*\s+){{0,3}}?(?P<head>[a-z][\w\-]*))"
    rf"(?:,[^,;]{{1,40}},)?\s+(?:{_SUBJECT_VERBS})\b")
#: a sentence's subject that is a plural definite description ("The figures below count paying visitors ..."):
#: "They" after it stands for it ("The figures below do not include ..."), not for the page's subject
_PLURAL_DESCRIPTION_RE = re.compile(
    r"(?P<np>The\s+(?:[a-z][\w\-]*\s+){0,3}?(?P<head>[a-z][\w\-]*s))(?:\s+(?:below|above|here|shown|listed))?"
    r"\s+(?!of\b|in\b|on\b|at\b|for\b|from\b|with\b|by\b)[a-z]+")
#: a sentence whose subject is a bare plural noun phrase, its head a plural common noun with at most two words
#: before it and one prepositional phrase after it, before a plural verb: "dogs on a lead are fine on the crest
#: path", "Season tickets are sold at the gate" (a "They" opening the next sentence stands for it)
_BARE_PLURAL_RE = re.compile(
    r"(?P<np>(?!(?:its|their|his|her|our|your|my|these|those|they|we|you)\b)(?:[A-Za-z][a-z\-]*\s+){0,2}?"
    rf"[A-Za-z][a-z\-]*[a-z]s(?:\s+{_POST_MODIFIER}\s+(?:(?:a|an|the)\s+)?[a-z][a-z\-]*)?)"
    r"\s+(?:are|were|can|cannot|can't|may|must|should|will|have|need|do|don't)\b", re.IGNORECASE)
#: a negation before a name in the rest of a sentence: "... is not part of the glassworks"
_NEGATION_RE = re.compile(r"\b(?:not|never|no\s+longer|neither|nor|unlike|apart\s+from|rather\s+than)\b")


#: a verb group stating a fact of a recurring event's series rather than of one edition: its first edition ("was
#: first held in 1978"), its founding ("was founded", "was established", "was inaugurated"), or its recurrence ("has
#: been held every year", "has been staged annually since 1990") (:func:`_series_fact`)
_SERIES_FACT_RE = re.compile(
    r"\s*(?:(?:was|were|is|are|has|have|had)\s+(?:been\s+)?)?(?:"
    r"(?:first|originally|initially)\s+(?:held|staged|run|played|organi[sz]ed|contested|launched|started)"
    r"|(?:founded|established|inaugurated|instituted)"
    r"|(?:held|staged|run|played|organi[sz]ed|contested)\s+(?:(?:every|each)\s+year|annually|yearly|since)"
    r")\b", re.IGNORECASE)
#: a name with one edition's year before or after it ("Orla Regatta 2026", "The 2026 Orla Regatta")
_EDITION_NAME_RE = re.compile(r"(?P<the>The\s+)?(?:(?P<before>(?:1[5-9]|20)\d\d)\s+)?(?P<name>.+?)"
                              r"(?:\s+(?P<after>(?:1[5-9]|20)\d\d))?")


def _series_fact(rest: str, edition: str) -> bool:
    """Whether ``rest`` (a sentence after its subject, from its verb) states a fact of the series an edition of
    year ``edition`` belongs to (:data:`_SERIES_FACT_RE`: "was first held in 1978 and has been organised every year
    by ...", "was founded in 1921"), not of that edition: no year it writes is the edition's or later ("was
    inaugurated on 3 May 2025" on the 2025 edition's page is the edition's)."""
    if not _SERIES_FACT_RE.match(rest):
        return False
    return all(int(y) < int(edition) for y in _YEAR_RE.findall(rest))


def _series_name(name: str, rest: str, text: str) -> str | None:
    """The series ``name`` stands for when it names one edition by its year ("Orla Regatta 2026", "The 2026 Orla
    Regatta") and ``rest`` (its sentence after it) states a fact of the series (:func:`_series_fact`: "was first
    held in 1978"): the name without the year, with "The" when ``text`` (the page) writes "the <name>". None when
    ``name`` has no edition year (or two), when what is left names nothing, or for a fact of the edition."""
    m = _EDITION_NAME_RE.fullmatch(name)
    if m is None or bool(m.group("before")) == bool(m.group("after")):
        return None
    series = m.group("name").strip()
    if not any(w[:1].isupper() for w in series.split()) or _YEAR_RE.search(series):
        return None
    if not _series_fact(rest, m.group("before") or m.group("after")):
        return None
    the = m.group("the") is not None or re.search(rf"\bthe\s+{re.escape(series)}(?!\w)(?!\s+(?:1[5-9]|20)\d\d)",
                                                   text, re.IGNORECASE) is not None
    return f"The {series}" if the else series


#: punctuation stripped from a word's ends when reading a noun phrase word by word
_WORD_EDGES = ".,;:!?()[]\"'“”‘’"


def _verb_end(sentence: str) -> int | None:
    """The end offset of the finite verb after ``sentence``'s subject: a subject pronoun's next word ("They made
    caps ..."), or a named subject's verb (:data:`_NAMED_SUBJECT_RE`, :data:`_NAME_AND_NOUN_SUBJECT_RE`,
    :data:`_POST_MODIFIED_NAME_RE`, :data:`_POSSESSIVE_SUBJECT_RE`, or an irregular simple past after a name,
    :data:`_PAST_SUBJECT_RE`: "The Ambleth Felt Company felt caps ..."). None when no subject and verb are read."""
    lead = _leading_pronoun(sentence)
    if lead is not None and lead[0] in _SUBJECT_PRONOUNS:
        m = re.match(r"\s+[a-z]+\b", sentence[lead[1]:])
        return lead[1] + m.end() if m else None
    for pattern in (_NAMED_SUBJECT_RE, _NAME_AND_NOUN_SUBJECT_RE, _POST_MODIFIED_NAME_RE, _POSSESSIVE_SUBJECT_RE):
        if (m := pattern.match(sentence)) is not None:
            return m.end()
    past = _PAST_SUBJECT_RE.match(sentence)
    if past is not None and simple_past(verb := past.group("verb")) and verb_base(verb) not in (None, verb):
        return past.end()
    return None


def _plural_object(sentence: str) -> bool:
    """Whether the noun phrase right after ``sentence``'s verb (:func:`_verb_end`, with the rest of its verb group:
    auxiliaries, participles, adverbs, "not") is a plural: its head a regular plural (:func:`_common_noun_number`:
    "felt caps for the navy", "has also made fine woollen caps") or counted by a number above one ("employed 40
    people", "drew about 4,000 visitors"). A plural "They" opening the next sentence may stand for that object ("They
    were sold across the county"), not for the subject. False after a copula (:data:`~shared.text.verbs.COPULAS`: "are volunteers"
    is the subject itself), without an object ("was founded in 1901") and when no subject and verb are read."""
    end = _verb_end(sentence)
    if end is None:
        return False
    verbs = [re.findall(r"[A-Za-z]+", sentence[:end])[-1].lower()]
    head: str | None = None
    counted, in_group = False, True
    for raw in sentence[end:].split():
        word = raw.strip(_WORD_EDGES)
        low = word.lower()
        if not word:
            break
        if in_group and (low in AUXILIARIES or participle(low) or simple_past(low) or low.endswith("ly")
                         or re.fullmatch(_SUBJECT_VERBS, low) or _NEGATION_RE.fullmatch(low)):
            verbs.append(low)
        elif in_group and verbs[-1] in COPULAS:
            return False  # a complement: "are volunteers"
        else:
            in_group = False
            if re.fullmatch(r"\d[\d,.]*", word) or low in CARDINAL_WORDS:
                counted = counted or low not in ("1", "one")
            elif low in _DETERMINERS or low in ("a", "an") or (head is None and low in HEDGE_WORDS):
                pass
            elif low in ENGLISH_STOPWORDS:
                break
            else:
                head = word
        if raw[-1] in ",;:.!?)" or raw[0] in "(\"“":
            break
    return head is not None and (counted or _common_noun_number(head) == "plural")


def _without_lead_in(sentence: Sentence) -> Sentence:
    """``sentence`` without a lead-in such as "Please note: " (:data:`_LEAD_IN_RE`), its first word capitalised,
    so its subject can be read ("Please note: the Korvanne Glass Studio on Mill Street is ..." -> "The Korvanne
    Glass Studio on Mill Street is ..."); ``sentence`` itself without one."""
    m = _LEAD_IN_RE.match(sentence.text)
    if m is None or m.end() >= len(sentence.text):
        return sentence
    rest = sentence.text[m.end():]
    return Sentence(start=sentence.start + m.end(), end=sentence.end, text=rest[:1].upper() + rest[1:])


def _clause_description(sentence: str, subject: str | None) -> str | None:
    """The definite description that is the subject of the last later clause of ``sentence``
    (:data:`_CLAUSE_DESCRIPTION_RE`: "The first coal-fired furnace was lit in 1898, and the famous brick chimney,
    42 metres tall, was completed in 1902." -> "The famous brick chimney"), when its head noun is no word of the
    page's ``subject`` (another thing than the page's: a pronoun after it stands for it, not for the page's
    subject); None otherwise."""
    found = list(_CLAUSE_DESCRIPTION_RE.finditer(sentence))
    if not found:
        return None
    m = found[-1]
    head = snowball_stem(m.group("head").lower())
    # (the head as written is a function word, never its stem: "downs")
    if m.group("head").lower() in ENGLISH_STOPWORDS or (
            subject and head in {snowball_stem(t) for t in tokenize(subject)}):
        return None
    np = m.group("np")
    return "The" + np[3:]


#: a sentence's subject that is a definite description of one or two words before its verb ("The academy charged
#: ...", "The old academy had ..."), after an adverbial opening it may have ("At its peak the academy had 240
#: students.", "In 1850, the college moved ..."): its head noun
_DEFINITE_SUBJECT_RE = re.compile(
    r"(?:(?:By|In|At|From|Until|After|Before|Since|During|Around|Within|Throughout|Later|Then|Once|Formerly|"
    r"Originally|Eventually|Today|Now)\b(?:\s+[\w'’\-]+){0,4}?,?\s+)?[Tt]he\s+(?:[a-z][\w\-]*\s+)?"
    rf"(?P<head>[a-z][\w\-]*),?\s+(?:{_SUBJECT_VERBS})\b")


def _other_description(sentence: str, before: str, subject: str | None) -> _Antecedent | None:
    """An unnamed antecedent (``name`` None) when ``sentence``'s subject is a definite description
    (:data:`_DEFINITE_SUBJECT_RE`: "At its peak the academy had 240 students.") whose head noun is no word of the
    page's ``subject`` and heads a name the text ``before`` the sentence gives another thing than the page's subject
    ("The Old Harl Academy was ..." on the page "Harl Polytechnic"; ``before`` leaves out the page's opening
    sentence, which names its subject): "the academy" is that other thing, so a
    pronoun after it ("Its bell tower ...") stands for no page subject and is left unresolved. None otherwise (a
    description the page's subject is called by, "the polytechnic"; a head that names no other thing before; a
    person, whose pronoun the other rules read)."""
    m = _DEFINITE_SUBJECT_RE.match(sentence)
    if m is None or not subject:
        return None
    head = m.group("head")
    stem = snowball_stem(head.lower())
    kind = noun_kind(head.lower())
    if head.lower() in ENGLISH_STOPWORDS or kind == "person" or stem in {snowball_stem(t) for t in tokenize(subject)}:
        return None
    word = re.escape(head[:1].upper() + head[1:])
    # a name is written on one line: "Orla Vinge" closing an infobox row and "Course records" opening the next
    # are no "Orla Vinge Course"
    for named in re.finditer(rf"(?:{_NAME_TOKEN}[ \t]+)+{word}\b|\b{word}[ \t]+of[ \t]+(?:the[ \t]+)?{_NAME_TOKEN}",
                             before):
        if not _same_thing(named.group(0), subject):
            return _Antecedent(name=None, kind=kind, thing=True)
    return None


def _names_itself(about: str, rest: str) -> bool:
    """Whether the rest of a sentence (``rest``, after its pronoun) already writes ``about``, the name the pronoun
    would be replaced by, as a whole name (no name word right before or after it): "It has no connection with
    Harl Polytechnic apart from the name" would say "Harl Polytechnic has no connection with Harl Polytechnic", so
    the pronoun stands for something else ("Harl Polytechnic Hospital" is another name)."""
    core = re.sub(r"^[Tt]he\s+", "", about).strip()
    if not core:
        return False
    for m in re.finditer(rf"(?<![\w'’\-]){re.escape(core)}(?![\w'’\-])", rest):
        if re.match(r"\s+[A-ZÀ-ÖØ-Þ]", rest[m.end():]) or re.search(r"[A-ZÀ-ÖØ-Þ][\w'’.\-]*\s+$", rest[: m.start()]):
            continue  # part of a longer name: "the Harl Polytechnic Hospital"
        return True
    return False


def _contradicts_itself(about: str, rest: str) -> bool:
    """Whether a pronoun replaced by ``about`` makes its sentence deny itself: the rest of the sentence (``rest``,
    after the pronoun) negates a phrase with ``about``'s head word ("It is not part of the glassworks" with
    "The Korvanne Glassworks": "The Korvanne Glassworks is not part of the glassworks" is false whatever the
    page meant)."""
    words = tokenize(about)  # (no stop word as written; a stem of one is a word: "Downs")
    if not words:
        return False
    head = snowball_stem(words[-1])
    for m in _NEGATION_RE.finditer(rest):
        after = rest[m.end():]
        after = re.split(r"[,;:]|\b(?:and|but|although|though|while|which)\b", after, maxsplit=1)[0]
        if head in {snowball_stem(t) for t in tokenize(after)}:
            return True
    return False


#: a person's role in an institution, owned by the institution ("Its curator", "Its director")
_ROLE_NOUNS = frozenset({"director", "curator", "manager", "head", "founder", "owner", "chairman", "chairwoman",
                         "chair", "president", "principal", "conductor", "editor", "captain", "coach", "ceo",
                         "architect", "patron", "keeper", "warden", "rector", "dean", "abbot", "vicar", "mayor"})


def _owner_of_role(ante: str, owned: str, subject: str | None) -> str | None:
    """The page's ``subject`` when a possessive pronoun owns a person's role (``owned``, the text after it: "director
    since 2016 is ...") after a sentence about a part of the subject named by a possessive description (``ante``:
    "The museum's collection", "museum" a word of "Korvanne Glass Museum"): "Its director" is the museum's, not
    "The museum's collection's director"; None otherwise."""
    if not subject:
        return None
    m = re.match(r"The\s+(?P<owner>[\w\-]+)['’]s?\s", ante)
    owned_words = [w for w in _words(owned)[:_OWNED_WORDS] if w.lower() not in ENGLISH_STOPWORDS]
    role = owned_words[0].lower() if owned_words else ""
    if m is None or not role or (noun_kind(role) != "person" and role not in _ROLE_NOUNS):
        return None
    owner = snowball_stem(m.group("owner").lower())
    return subject if owner in {snowball_stem(t) for t in tokenize(subject)} else None


#: a run of name words inside a sentence (a person's name, or a thing's after "the")
_NAME_RUN_RE = re.compile(rf"(?<![\w'’.\-]){_NAME_TOKEN}(?:\s+(?:{_NAME_LINK}\s+)*{_NAME_TOKEN}){{0,7}}")


def _named_in(sentence: str, subject: str | None) -> tuple[list[str], str | None]:
    """The names ``sentence`` gives, for a pronoun opening the next sentence when the page's ``subject`` is not
    what ``sentence`` is about: the distinct personal names (:func:`_person_like`, of two words or more, not
    known to be another kind than a person, never written after "the"; "In 1989 Harold Penberthy became
    director." -> ["Harold Penberthy"]) and the last thing named by a capitalised name after "the" that is not
    the page's ``subject`` ("The garden's most famous building, the Halvorsen Glasshouse, opened in 1893." ->
    "The Halvorsen Glasshouse"), None without one. A capitalised stopword opening the sentence ("In", "During")
    is no part of a name."""
    persons: list[str] = []
    thing: str | None = None
    for m in _NAME_RUN_RE.finditer(sentence):
        words = m.group(0).split()
        start = m.start()
        # the run opening the sentence with "The": "The Old Marwald ski area ..." names a thing, not a person; a
        # "The" inside the sentence is a title's own word ("... (reissued as The Harbour Dolls) is a 1981 film")
        opens = not sentence[: m.start()].strip(" \t\"'“‘(….")
        the = False
        while words and words[0].lower() in ENGLISH_STOPWORDS:  # "In 1989 Harold ...": "In" is no name word
            start += len(words[0])
            the = opens and words[0].lower() == "the"
            words = words[1:]
        while words and (words[-1].lower() in ENGLISH_STOPWORDS or words[-1].lower() in _NAME_SUFFIXES
                         or not any(ch.isalpha() for ch in words[-1])):
            words = words[:-1]
        if words and not any(ch.isalpha() for ch in words[0]):
            words = words[1:]  # "1989 Harold Penberthy"
            while words and not any(ch.isalpha() for ch in words[0]):
                words = words[1:]
        if not words:
            continue
        name = " ".join(w.rstrip(".,;:") for w in words)
        after_the = the or re.search(r"\bthe\s+$", sentence[max(0, m.start() - 5) : m.start()]) is not None \
            and words == m.group(0).split()
        if re.search(r"['’]s?$", name):
            continue  # a possessive: "Halvorsen's death"
        if after_the:
            if not (subject and _same_thing(name, subject)):
                thing = "The " + name
            continue
        for part in re.split(r"\s+(?:and|&)\s+", name):  # "Agnes Whitlow and Tomas Brede": two people
            if len(part.split()) >= 2 and _person_like(part) and name_kind(part, sentence) in (None, "person") \
                    and not any(_same_thing(part, p) for p in persons):
                persons.append(part)
    return persons, thing


def _other_named_subject(sentence: str, subject: str | None, subject_kind: Kind | None = None) -> bool:
    """Whether ``sentence`` opens with "The" and a name (:func:`_leading_name`: "The Kelby Old Mill ...") that is
    not the page's ``subject`` (of kind ``subject_kind``, :func:`_same_thing`): its subject is another named thing
    than the page's, so an "It" after it, whose antecedent was not read whole, stands for no page subject."""
    lead = _leading_name(sentence)
    return bool(lead and re.match(r"The\s+\S", lead) and subject and not _same_thing(lead, subject, subject_kind))


def _resolve_pronouns(text: str, sentences: list[Sentence], subject: str | None) -> dict[int, str | None]:
    """Decontextualised text of each sentence that opens with a pronoun, keyed by its start offset.

    What the previous sentence of the same paragraph (no line break between them) is about comes first when it
    is another thing than the page's ``subject`` (from its title, :func:`_page_subject`) and the pronoun fits it
    (:func:`_fits`): its named subject (:func:`_named_subject`: "The Kittiwake is licensed to carry 48
    passengers. Its predecessor ..." -> "The Kittiwake's predecessor ..."; "Idris Fennimore has been mayor of
    Carrow Bend. His predecessor ..." -> "Idris Fennimore's predecessor ..."), the name an indefinite subject is
    given in apposition (:func:`_indefinite_subject`: "An older timber footbridge, the Old Merrow Footbridge,
    stood ... It was 64 metres long" -> "The Old Merrow Footbridge was 64 metres long"), or the name its own
    pronoun stood for. When that thing has no name ("An older timber footbridge stood ... It was 64 metres
    long") the sentence is left unresolved (None), and so is a pronoun sentence after it that stands for the
    same thing: never the page's subject. Otherwise (the previous sentence is about the page's subject, by name
    or by a pronoun, or its subject is not clear, or does not fit the pronoun: "It" after a person) the pronoun
    stands for the page's subject when it fits, else for the previous sentence's subject when that fits; "He" /
    "She" that fits neither (a thing: "Quellby Zoo has appointed the veterinarian Tova Renshaw as its new
    director. She succeeds ...") stands for the one person the previous sentence of its paragraph names, if one.
    A page about a ship or a country (:func:`_thing_subject`) is what "She"/"Her" stand for, never "He"/"His"; a
    one-word name the page writes after "the" is what no personal pronoun stands for. "They"/"Their" after a
    sentence with a plural object (:func:`_plural_object`: "<company> felt caps for the navy. They were sold ...")
    may stand for that object: no name is put there (a plural description, "The figures below ...", still is), nor
    in a "They" sentence after it.
    None: nothing safe to put there; the sentence cannot be a self-contained claim.
    """
    out: dict[int, str | None] = {}
    about_of: dict[int, _Antecedent] = {}  # start offset -> what a pronoun sentence was about (named or not)
    plural_left: set[int] = set()  # start offsets of "They" sentences left unresolved after a plural object
    kinds: dict[str, Kind | None] = {}
    previous: Sentence | None = None

    def kind_of(name: str, where: str) -> Kind | None:
        if name not in kinds:
            kinds[name] = name_kind(name, where)
        return kinds[name]

    subject_kind: Kind | None = None
    if subject:
        where = next((s.text for s in sentences if subject in s.text and not s.text.startswith("#")), "")
        subject_kind = kind_of(subject, where)
    # the page's opening sentence names its subject, perhaps by a fuller name ("Harl Polytechnic College, known as
    # Harl Polytechnic, is ...": no other thing)
    opening = next((s for s in sentences if not s.text.startswith("#")), None)
    opening_end = opening.end if opening is not None else 0
    # a ship or a country is "she" ("The SS Kelmar ... She could carry 900 passengers"), a thing never "he"
    vessel = _thing_subject(subject, text, opening.text if opening is not None else "") \
        if subject and subject_kind != "person" else None
    for s in sentences:
        lead = _leading_pronoun(s.text)
        begin = 0
        if lead is None and (fronted := _fronted_pronoun(s.text)) is not None:
            lead = fronted[0], fronted[2]
            begin = fronted[1]
        if lead is None or (subject and s.text.startswith(subject)):  # not a pronoun: "It's Superman! is a ..."
            previous = s
            continue
        pronoun, end = lead
        ante: _Antecedent | None = None
        if previous is not None and "\n" not in text[previous.end : s.start]:
            if previous.start in out:
                ante = about_of.get(previous.start)
            else:
                plain = _without_lead_in(previous)
                ante = _indefinite_subject(plain, subject)
                # the nearest thing named: a later clause's subject ("..., and the famous brick chimney, 42 metres
                # tall, was completed in 1902. It is still ..."), else the sentence's own subject
                clause = _clause_description(plain.text, subject)
                if ante is None and clause:
                    ante = _Antecedent(name=clause, kind=noun_kind(clause.split()[-1].lower()), thing=True)
                plural = _PLURAL_DESCRIPTION_RE.match(plain.text) if pronoun in ("they", "their") else None
                if ante is None and plural and _common_noun_number(plural.group("head")) == "plural":
                    ante = _Antecedent(name=plural.group("np"), kind=None, thing=True)
                # a bare plural subject ("dogs on a lead are fine ...") is what "They" stands for, its words after
                # the first in lower case (no name: "Tom Jones are ...")
                bare = _BARE_PLURAL_RE.match(plain.text) if pronoun in ("they", "their") and ante is None else None
                if bare and bare.group("np")[1:] == bare.group("np")[1:].lower() \
                        and _common_noun_number(bare.group("np").lower()) == "plural":
                    ante = _Antecedent(name=bare.group("np"), kind=None, thing=True)
                # a sentence introducing a named thing ("That's the Great Bell, cast in 1911.") is about it: "It
                # weighs ..." after it stands for that thing, not for the page's subject
                introduced = _INTRODUCED_RE.match(plain.text) if ante is None else None
                if introduced:
                    name = introduced.group("name")
                    name = name[:1].upper() + name[1:]
                    ante = _Antecedent(name=name, kind=kind_of(name, previous.text), thing=True)
                if ante is None:
                    # a name with a common head noun ("The Old Marwald ski area on the northern slope ... It
                    # was founded ..."): the pronoun stands for that thing, never for the page's subject
                    ante = _name_and_noun_subject(plain.text)
                if ante is None:
                    # "At its peak the academy had ..." after "The Old Harl Academy was ...": another thing, unnamed
                    ante = _other_description(plain.text, text[opening_end : previous.start], subject)
                if ante is None:
                    named = _described_subject(plain, text)
                    ante = _Antecedent(name=named, kind=kind_of(named, previous.text)) if named else None
        about: str | None = None
        other = ante is not None and not (subject and ante.name and _same_thing(ante.name, subject, subject_kind))
        if (
            ante is not None
            and other
            and ante.name is None
            and (
                (pronoun in ("it", "its") and ante.kind != "person")
                or (pronoun in _PERSONAL_PRONOUNS and ante.kind == "person")
            )
        ):
            about_of[s.start] = ante  # a thing the text has not named: unresolved, never the page's subject
        elif (
            ante is not None
            and other
            and ante.name
            and _fits(ante.name, pronoun, from_title=False, kind=ante.kind, thing=ante.thing, text=text)
        ):
            about = ante.name
        elif subject and _fits(subject, pronoun, from_title=True, kind=subject_kind, text=text, vessel=vessel):
            about = subject
        elif (
            ante is not None
            and ante.name
            and _fits(ante.name, pronoun, from_title=False, kind=ante.kind, thing=ante.thing, text=text)
        ):
            about = ante.name
        if (
            about is not None
            and about == subject
            and previous is not None
            and previous.start not in out
            and "\n" not in text[previous.end : s.start]
        ):
            # the page's subject only as a fallback: the previous sentence, about another thing than the page's
            # subject, names a person ("In 1989 Harold Penberthy became director. He led ...") or a thing ("...,
            # the Halvorsen Glasshouse, opened in 1893. It is a palm house ...") the pronoun stands for
            plain = _without_lead_in(previous)
            own = [n for n in (_described_subject(plain, text), _leading_name(plain.text)) if n]
            part = _TITLE_PART_OF_RE.match(subject.strip()) if pronoun not in _POSSESSIVE_PRONOUNS else None
            owner = part.group("owner").removeprefix("the ").casefold() if part else None
            if owner and (named_owner := next((n for n in own if n.removeprefix("The ").casefold() == owner), None)):
                # on the page "Looms of the X", "The X has made lace ... Today it operates four looms": the
                # pronoun stands for X, the previous sentence's subject, never for the page's title
                about = named_owner
            elif not any(_same_thing(n, subject, subject_kind) for n in own):  # "The Halloran Bridge carries ..."
                persons, thing = _named_in(plain.text, subject)
                if pronoun in _PERSONAL_PRONOUNS and persons:
                    about = persons[-1] if len(persons) == 1 and _fits(persons[-1], pronoun, from_title=False) \
                        else None  # two people named: unsure, no claim
                    ante = _Antecedent(name=about, kind="person") if about else None
                elif pronoun not in _PERSONAL_PRONOUNS and _other_named_subject(plain.text, subject, subject_kind):
                    about = None  # "The Kelby Old Mill beside ... is ... It was ...": another thing, not found whole
                elif pronoun not in _PERSONAL_PRONOUNS and thing and _fits(thing, pronoun, from_title=False,
                                                                           thing=True):
                    about = thing
                    ante = _Antecedent(name=thing, kind=None, thing=True)
        if (
            pronoun in ("they", "their")
            and previous is not None
            and "\n" not in text[previous.end : s.start]
            and not (about and all(w[:1].islower() for w in about.removeprefix("The ").split()))
            and (previous.start in plural_left or _plural_object(_without_lead_in(previous).text))
        ):
            # "They"/"Their" after a plural object ("<company> felt caps for the navy. They were sold ...") may
            # stand for it: not for a name (a plural description, "The figures below ...", stays)
            about = None
            plural_left.add(s.start)
        if (
            about is None
            and pronoun in _PERSONAL_PRONOUNS
            and s.start not in about_of
            and previous is not None
            and "\n" not in text[previous.end : s.start]
        ):
            # "He"/"She" after a sentence about a thing ("Quellby Zoo has appointed the veterinarian Tova
            # Renshaw as its new director. She succeeds ...") stands for the one person that sentence names
            persons, _thing = _named_in(_without_lead_in(previous).text, subject)
            persons = [n for n in persons if _fits(n, pronoun, from_title=False, text=text)
                       and not (subject and _person_like(subject) and _same_thing(n, subject, subject_kind))]
            if len(persons) == 1:
                about = persons[0]
                ante = _Antecedent(name=about, kind="person")
        if about and about != subject and pronoun in _POSSESSIVE_PRONOUNS:
            about = _owner_of_role(about, s.text[end:], subject) or about  # "Its director" after "The museum's ..."
        if about and about == subject and pronoun in _POSSESSIVE_PRONOUNS:
            about = _owner_of_part(subject, s.text[end:]) or about  # "Its tower clock" on "The clock of X": X's
        if about and (_contradicts_itself(about, s.text[end:]) or (
                pronoun not in _POSSESSIVE_PRONOUNS and _names_itself(about, s.text[end:]))):
            # "X is not part of X", "X has no connection with X": no claim rather than a false one ("Its keeper ...
            # kept the X lamp burning" is X's keeper: a possessive names no second X)
            about = None
        # a fact of the series ("It was first held in 1978") is not the edition's the page is about ("<name> 2025
        # - Press kit"): its name is written without the edition's year
        if about:
            series = _series_name(about, s.text[end:], text) if pronoun not in _POSSESSIVE_PRONOUNS else None
            out[s.start] = _substitute(s.text, pronoun, end, series or about, begin)
        else:
            out[s.start] = None
        if about:
            by_title = about == subject or ante is None
            about_of[s.start] = _Antecedent(
                name=about,
                kind=subject_kind if by_title else ante.kind if ante is not None else None,
                thing=not by_title and ante is not None and ante.thing,
            )
        previous = s
    return out


#: a subject pronoun opening a sentence of a German, French or Spanish page -> the grammatical gender of the noun it
#: stands for (m, f, n); a person of either sex is "er"/"sie", "il"/"elle", "él"/"ella" too
_FOREIGN_PRONOUNS: dict[str, dict[str, str]] = {
    "de": {"er": "m", "sie": "f", "es": "n"},
    "fr": {"il": "m", "elle": "f"},
    "es": {"él": "m", "ella": "f"},
}
#: definite articles that tell a noun's gender, by language ("der" is also feminine dative and genitive, "dem" and
#: "des" masculine or neuter: only a sentence-opening "Der" counts, as a masculine nominative)
_GENDER_ARTICLES: dict[str, dict[str, str]] = {
    "de": {"die": "f", "das": "n", "den": "m"},
    "fr": {"le": "m", "la": "f", "du": "m", "au": "m"},
    "es": {"el": "m", "la": "f", "del": "m", "al": "m"},
}
#: the article a noun of each gender takes as a sentence's subject
_NOMINATIVE: dict[str, dict[str, str]] = {"de": {"m": "Der", "f": "Die", "n": "Das"}, "fr": {"m": "Le", "f": "La"},
                                          "es": {"m": "El", "f": "La"}}
#: an impersonal opening, whose pronoun stands for nothing: "Es gibt", "Es handelt sich um", "Il y a", "Il faut",
#: "Il est possible que"
_IMPERSONAL_RE = re.compile(
    r"(?:es\s+(?:gibt|gab|geht|ging|handelt|kommt)|il\s+(?:y\s+a|faut|fallait|s['’]agit|semble|para[iî]t"
    r"|est\s+\w+\s+(?:de|que|d['’])|était\s+une\s+fois))\b", re.IGNORECASE)
#: words before a sentence's verb that may still be its subject ("Seit 1990 wird die Hütte ...")
_SUBJECT_WINDOW = 6


def _subject_gender(subject: str, text: str, lang: str) -> tuple[str | None, bool]:
    """The grammatical gender (m, f, n) of the page's ``subject`` in ``text`` (a German, French or Spanish page), read
    from the definite articles before it or before its head noun (:data:`_GENDER_ARTICLES`: "die Brennalmhütte",
    "die Hütte" for the compound "Brennalmhütte", "le refuge" for "Refuge du Goûter"); None when no article says
    it or articles disagree. Also whether the text puts an article before the name itself (a hut, a river: "die
    Brennalmhütte") rather than only before its head or not at all (a person, a town: "Ostrach")."""
    name = re.sub(r"(?i)^(?:the|der|die|das|le|la|l['’]|el)\s*", "", subject).strip()
    words = name.split()
    if not words:
        return None, False
    heads = {name}
    if lang == "de":
        head = compound_head(words[-1], lang)
        if head:
            heads.add(head)
    elif len(words) > 1:
        heads.add(words[0])  # "Refuge du Goûter": a refuge, "Río Tajo": a river
    articles = _GENDER_ARTICLES[lang]
    genders: set[str] = set()
    named = False
    for head in heads:
        for m in re.finditer(rf"(?<!\w)(\w+)\s+{re.escape(head)}(?!\w)", text, re.IGNORECASE):
            art = m.group(1)
            gender = articles.get(art.casefold())
            if gender is None and lang == "de" and art == "Der" and re.search(r"(?:^|[.!?:]\s+)$", text[:m.start()]):
                gender = "m"  # "Der Kaltfirnturm ist ...": a masculine subject
            if gender is not None:
                genders.add(gender)
                named = named or head == name
    return (genders.pop() if len(genders) == 1 else None), named


#: a definite article opening a page's title, in English, German, French or Spanish
_TITLE_ARTICLE_RE = re.compile(r"^(?:(?:the|der|die|das|le|la|les|el|los|las)\s+|l['’])", re.IGNORECASE)


def _resolve_foreign_pronouns(text: str, sentences: list[Sentence], subject: str | None,
                              resolved: dict[int, str | None]) -> None:
    """Add to ``resolved`` the decontextualised text of each sentence of a German, French or Spanish page that opens
    with a subject pronoun standing for the page's ``subject`` ("Die Brennalmhütte ist ... Sie bietet 32
    Schlafplätze." -> "Die Brennalmhütte bietet 32 Schlafplätze."), as :func:`_resolve_pronouns` does for English.

    The page's language is the text's (:func:`~shared.text.tokens.detect_language`); the pronoun
    (:data:`_FOREIGN_PRONOUNS`) must agree with the subject's grammatical gender (:func:`_subject_gender`), or,
    when no article gives one and the subject is a name that is no common noun and not known to be another kind
    than a person (:func:`~shared.text.compounds.common_noun`, :func:`~shared.text.kinds.name_kind`), be "er"/"sie"
    ("il"/"elle", "él"/"ella") for a person. The pronoun is replaced by the subject, after its nominative article
    when the text writes the name with one (:data:`_NOMINATIVE`). Left as they are: an impersonal opening
    (:data:`_IMPERSONAL_RE`: "Es gibt", "Il y a"), German "Sie" before a plural verb (they, or the polite "you":
    "Sie können ..."), and a pronoun after a sentence of the same paragraph that is about something else (it names
    the subject, or its head noun, in none of its first :data:`_SUBJECT_WINDOW` words and was not itself resolved
    to it: "Hans Maier übernahm die Hütte 1990. Er ..." stays). Sentences resolved already are not touched."""
    if not subject:
        return
    lang: str | None = None
    gender: str | None = None
    named = person = False
    # a title opening with its article ("Die Samenbank des ...", "La Biblioteca de Varela") is the name without it:
    # the nominative article is put back once ("Die Samenbank ...", never "Die Die Samenbank ...")
    name = _TITLE_ARTICLE_RE.sub("", subject) or subject
    head = ""
    about: set[int] = set()  # start offsets of sentences resolved to the subject
    previous: Sentence | None = None
    for s in sentences:
        m = re.match(r"([^\W\d_]+)\s+([^\W\d_]+)", s.text)
        word = m.group(1) if m else ""
        if not m or s.start in resolved or not word[0].isupper() \
                or not any(word.casefold() in p for p in _FOREIGN_PRONOUNS.values()):
            previous = s
            continue
        if lang is None:
            lang = detect_language(text[:4000])
            if lang not in _FOREIGN_PRONOUNS:
                return
            gender, named = _subject_gender(subject, text, lang)
            person = gender is None and name_kind(name) in (None, "person") and not any(
                common_noun(w, lang) for w in name.split())
            head = compound_head(name.split()[-1], lang) or ""
        pronoun = word.casefold()
        wanted = _FOREIGN_PRONOUNS[lang].get(pronoun)
        verb = m.group(2)
        if wanted is None or _IMPERSONAL_RE.match(s.text) or (
                lang == "de" and pronoun == "sie" and (verb == "sind" or (verb.islower() and verb.endswith("en")))):
            previous = s
            continue
        fits = gender == wanted if gender is not None else person and wanted in ("m", "f")
        if fits and previous is not None and "\n" not in text[previous.end : s.start] and previous.start not in about:
            opening = " ".join(previous.text.split()[:_SUBJECT_WINDOW]).casefold()
            fits = any(re.search(rf"(?<!\w){re.escape(w.casefold())}(?!\w)", opening) for w in (name, head) if w)
        if fits:
            lead = _NOMINATIVE[lang][wanted] if named and gender is not None else ""
            if lead and lang == "fr" and name[:1].casefold() in "aeiouyàâéèêîôûh":
                lead = "L'"
            rest = s.text[len(word):]
            resolved[s.start] = (f"{lead} {name}" if lead and lead != "L'" else lead + name) + rest
            about.add(s.start)
        previous = s


#: a labelled value written as a sentence: a label (words, no digit) and a colon, then its value ("Price at the
#: time of testing: 399 EUR.", "Battery life: up to 30 hours.")
_LABELLED_RE = re.compile(r"(?P<label>[^\W\d_][^:\d\n]{0,60}?)\s*:\s+(?P<value>\S.*)", re.DOTALL)


#: a colon's continuation that is a clause about what stands before the colon ("Avoid ratelimitr: its latest release
#: was yanked.", "Use throttlex: it supports Redis."): its pronoun refers to the words before the colon, so they are
#: a statement (an imperative), no label of a value of the paragraph's subject
_CLAUSE_VALUE_RE = re.compile(r"(?:it|its|it's|they|their|they're|this|these|he|his|she|her)\b", re.I)


#: most words a label before a colon has ("Price at the time of testing": 6); a longer run is a clause
LABEL_MAX_WORDS = 7
#: a word that makes the words before a colon a clause, not a label: an auxiliary or modal verb, a copula, a subject
#: pronoun or a negated quantifier opening a statement ("No varroa mite has ever been found on the island: the 2024
#: inspection found none" states a fact, then its evidence; "Price: 399 EUR" labels a value)
_CLAUSE_WORDS = frozenset(
    "is are was were be been being am has have had having do does did will would shall should can could may might "
    "must isn't aren't wasn't weren't hasn't haven't hadn't doesn't don't didn't won't wouldn't can't couldn't "
    "i we you he she they there".split())


def _is_label(label: str) -> bool:
    """Whether ``label``, the words before a colon, is a short label of a value (a noun phrase of at most
    :data:`LABEL_MAX_WORDS` words: "Price at the time of testing", "Opening hours") rather than a clause with a
    verb of its own ("No varroa mite has ever been found on the island", "Today it operates four looms"). A heading
    opened by a wh-word ("How it works", "What it costs") is a label. Never raises."""
    words = [w.lower() for w in _words(label)]
    # ("it" before another word is a clause's subject: "Today it operates four looms: two hand looms and ...", but
    # not in a heading's wh-clause: "How it works: ...")
    return 0 < len(words) <= LABEL_MAX_WORDS and not any(w in _CLAUSE_WORDS for w in words) \
        and ("it" not in words[:-1] or words[0] in _WH_HEADING)


#: the words opening a heading that asks its own question ("How it works", "What it costs", "Where it is")
_WH_HEADING = frozenset({"how", "what", "where", "when", "why", "who"})


def _names_nothing(sentence: str) -> bool:
    """Whether ``sentence`` names no product, person or place: no capitalised word after its first one other than
    a short all-capitals code (a currency or unit: "EUR", "USD", "dB")."""
    words = _words(sentence)[1:]
    return not any(w[:1].isupper() and not (w.isupper() and len(w) <= 4) for w in words)


#: a value that is a name and nothing else: one to four capitalised words ("Ilse Varga", "Odo van Brant", "Dutch")
_NAME_VALUE_RE = re.compile(PERSON_NAME + r"\.?")
#: labels of a credit line, which name who made the page or its picture, not a value of what the page is about
#: ("Photo: Anna Berg", "Source: Wikimedia", "Text: Jon Ruud")
_CREDIT_LABELS = frozenset(
    "photo photos photograph photographs photography picture pictures image images illustration illustrations "
    "credit credits source sources text words by courtesy copyright video map graphic graphics".split())


def _names_its_value(label: str, value: str) -> bool:
    """Whether a labelled value names a person, a place or a thing only in its value, and that value is a name and
    nothing else (:data:`_NAME_VALUE_RE`): "Director: Ilse Varga." gives the director of what the paragraph is about
    as "Founded: 1911." gives its founding; a label naming a thing itself ("Halvorsen Glasshouse height"), a credit
    line's label (:data:`_CREDIT_LABELS`: "Photo: Anna Berg") or a value with more than a name ("Note: Tom Hale
    retired in 2019") is none."""
    words = _words(label)
    return (bool(words) and not any(w[:1].isupper() for w in words[1:])
            and not any(w.casefold() in _CREDIT_LABELS for w in words)
            and _NAME_VALUE_RE.fullmatch(value.strip()) is not None)


#: what opens a line before its words: a heading's hashes, a quote's or a list item's mark
_LINE_MARK_RE = re.compile(r"^[#>*•\-–\s]+")
#: a preposition after which a name is where a thing is, was made or who made it, not another item on the page
#: ("is in Brackley", "founded by Tom Hale")
_PLACE_OR_AGENT_RE = re.compile(r"(?:\b(?:in|at|near|from|by)\s+(?:the\s+)?)$", re.IGNORECASE)


def _names_other_item(line: str, own: str) -> bool:
    """Whether ``line`` (a sentence, a paragraph or a heading) names an item other than ``own``, the thing a labelled
    name would be read about: a name (:func:`shared.text.terms.find_entities`) with a word that ``own`` lacks, not
    counting a day or a month ("This Friday", "May 1923"), one word opening the line ("Events at the Quorne Lace
    Museum") or a name after a preposition of place or agent ("is in Brackley", "founded by Tom Hale").
    "This Friday the museum screens the documentary Threads of Quorne." names another item (the film) for
    "Quorne Lace Museum"; "The Quorne Lace Museum shows about 900 pieces of lace." does not."""
    own_words = set(tokenize(own))
    for name in find_entities(line):
        at = line.find(name)
        if at == 0 and len(name.split()) == 1:
            continue
        if at > 0 and _PLACE_OR_AGENT_RE.search(line[:at].rstrip() + " "):
            continue
        words = [w for w in tokenize(name) if not w.isdigit() and cycle_places(w) is None]
        if any(w not in own_words for w in words):
            return True
    return False


def _in_own_block(text: str, start: int, own: str) -> bool:
    """Whether a labelled name starting at offset ``start`` of ``text`` sits in the fact block of ``own`` (the page's
    subject, or what its paragraph is about): the nearest line before it that is not itself a label line
    (:data:`_LABELLED_RE`, :func:`_is_label`), heading or prose, names no other item (:func:`_names_other_item`).
    "Director: Marta Ilves." after "This Friday the museum screens the documentary Threads of Quorne." or under a
    heading "Threads of Quorne" is the film's credit, not the museum's director; the page's opening or a line about
    ``own`` alone leaves it ``own``'s."""
    for raw in reversed(text[:start].splitlines()):
        line = _LINE_MARK_RE.sub("", raw).strip()
        if not line:
            continue
        m = _LABELLED_RE.fullmatch(line)
        if m is not None and _is_label(m.group("label")):
            continue
        return not _names_other_item(line, own)
    return True


def _resolve_labels(text: str, sentences: list[Sentence], subject: str | None,
                    resolved: dict[int, str | None]) -> set[int]:
    """A labelled value that names nothing ("Price at the time of testing: 399 EUR." after "The Moktari Piccolo is
    ready in 3 seconds ...") is about what its paragraph is about: it becomes that thing's value ("The Moktari
    Piccolo's price at the time of testing: 399 EUR."; only a short label is one, :func:`_is_label`: a clause before
    the colon, "No varroa mite has ever been found on the island: the 2024 inspection found none.", stays as it is),
    the thing being the previous sentence's subject in the same
    paragraph (or what its pronoun stood for), else the page's ``subject``; with neither it is no claim on its own
    (None in ``resolved``, updated in place): "Price at the time of testing: 399 EUR" says nothing checkable alone,
    and written under a review's heading it read as the heading's ("We tested three home espresso machines:
    Price at the time of testing: 399 EUR"). A value that is a name alone is read so too (:func:`_names_its_value`:
    "Director: Ilse Varga." on a museum's page -> "The Brenholt Museum's director: Ilse Varga."). A run of labelled values in one paragraph (a record: "The Brask Canal
    is a canal of class II. Length: 54 km. Number of locks: 23. Maximum beam: 5.1 m.") is all about the thing the
    sentence before the run names: each value is that thing's ("The Brask Canal's number of locks: 23."), not only
    the first (issue 9, trial t50 fault 3).

    Returns:
        the offsets of the sentences read this way: such a value is a claim by its resolved text's length
        ("Number of locks: 23." alone is too short to be a sentence; "The Brask Canal's number of locks: 23." is one).
    """
    previous: Sentence | None = None
    carried: str | None = None  # what the previous labelled value of this paragraph was read as about
    out: set[int] = set()
    for s in sentences:
        m = _LABELLED_RE.fullmatch(s.text.strip())
        if m is None or s.start in resolved or _CLAUSE_VALUE_RE.match(m.group("value")) \
                or not (_names_nothing(s.text) or _names_its_value(m.group("label"), m.group("value"))) \
                or not _is_label(m.group("label")):
            previous, carried = s, None
            continue
        about: str | None = None
        if previous is not None and "\n" not in text[previous.end:s.start]:
            before = resolved.get(previous.start) if previous.start in resolved else None
            about = carried or (
                _named_subject(Sentence(start=previous.start, end=previous.end, text=before), text) if before else
                _named_subject(previous, text))
        if about is None and subject and _fits(subject, "its", from_title=True):
            about = subject
        if about is not None and not _names_nothing(s.text) and not _in_own_block(text, s.start, about):
            about = None  # a name's label line under another item (a film's "Director: ..."): not the subject's
        label = m.group("label")
        if about is not None and not label.split()[0].isupper():
            label = label[0].lower() + label[1:]
        resolved[s.start] = _substitute(f"Its {label}: {m.group('value')}", "its", 3, about) if about else None
        if about is not None:
            out.add(s.start)
        previous, carried = s, about
    return out


#: a sentence whose subject is a bare definite description: "The" and one lower-case common noun ("The hut sits at
#: 3,086 metres", "The museum owns ...", "The hut itself ..."), not followed by a word that says which one it is
#: ("The hut at the pass", "The hut that ...", "The hut of the shepherds": another thing of that noun may be meant)
_DESCRIPTION_RE = re.compile(r"The\s+(?P<noun>[a-z][a-z\-]{2,})\b(?!\s+(?:" + _POST_MODIFIER[3:-1]
                             + r"|that|which|where|who|whose|above|below|under|over|to|and|or)\b)(?!-)")
#: a name of capitalised words (up to five, the last one ``{noun}`` capitalised) not running on into a longer name
#: ("Kaltfirn Hut" in "the Kaltfirn Hut starts", not in "the Orlen Hut Association")
_NAME_WITH_HEAD = r"(?<![\w'’\-])((?:[A-Z][\w'’.\-]*\s+){{1,4}}){head}(?![\w'’\-])(?!\s+[A-Z])"


#: what before a run of capitalised words makes it the end of a longer name: "Music and" of "Tanglewood Music and
#: Arts Festival", "2018" of "2018 Brit Awards"
_NAME_BEFORE_RE = re.compile(r"(?:[A-Z][\w'’.\-]*\s+(?:and|&|of|de|for)|\d[\d–-]*)\s+$")
#: what after a name makes it the start of a longer one: "Regional District of Okanagan-Similkameen"
_NAME_AFTER_RE = re.compile(r"\s+(?:of|for|de|du|del|di|da|on|upon|at)\s+(?:the\s+)?[A-Z0-9]")


#: the sentences of a page read for the thing a definite description stands for when its title names none
_OPENING_SENTENCES = 3


def _is_headline(title: str) -> bool:
    """Whether a page's ``title`` (or the subject read from it) is a headline in sentence case, no name: four words
    or more, none after the first capitalised or holding a digit ("Silk museum reopens after roof restoration"; not
    "Castelbruna Silk-Weaving Museum", "Museum of the history of science")."""
    words = title.split()
    return len(words) >= 4 and words[0][:1].isupper() and not any(
        w[:1].isupper() or any(ch.isdigit() for ch in w) for w in words[1:]) and not re.search(r"\bof\b", title)


def _names_with_head(text: str, noun: str) -> list[str]:
    """The distinct names in ``text`` whose last word is ``noun`` capitalised ("Kaltfirn Hut" for "hut"), an
    article or other stop word they open with dropped ("The Kaltfirn Hut" -> "Kaltfirn Hut"), in order. A run that
    is part of a longer name (:data:`_NAME_BEFORE_RE`, :data:`_NAME_AFTER_RE`: "Arts Festival" of "Tanglewood Music
    and Arts Festival", "Regional District" of "Regional District of Okanagan") is none."""
    out: list[str] = []
    head = re.escape(noun[:1].upper() + noun[1:])
    for m in re.finditer(_NAME_WITH_HEAD.format(head=head), text):
        if _NAME_BEFORE_RE.search(text, 0, m.start()) or _NAME_AFTER_RE.match(text, m.end()):
            continue
        words = m.group(1).split()
        while words and words[0].lower() in ENGLISH_STOPWORDS:
            words = words[1:]
        if words and not any(w.isdigit() for w in words):
            name = " ".join([*words, noun[:1].upper() + noun[1:]])
            if name not in out:
                out.append(name)
    return out


#: what a defining sentence says the page's subject is: "<subject> is a marionette theatre in ..." -> "theatre" (the
#: last of up to four words after the article, before a post-modifier, a participle saying where or by whom, or a
#: punctuation mark)
_DEFINED_KIND = (r"\s+(?:is|was)\s+(?:a|an)\s+(?:[\w'’-]+\s+){0,3}?(?P<noun>[a-z][a-z-]{2,})"
                 r"(?=\s+(?:in|on|at|of|near|by|from|with|that|which|who|founded|built|located|based|run|owned)\b"
                 r"|\s*[,.;(])")


def _subject_kind(subject: str, sentences: list[Sentence]) -> str | None:
    """The common noun the page's opening sentences define its ``subject`` by ("Teatro Brivolo is a marionette
    theatre in the hill town of Castel Orvieno." -> "theatre"; "The Halvard Observatory is an astronomical
    observatory founded in 1911" -> "observatory"), or None when neither of the first two sentences opens with the
    subject and such a definition."""
    bare = subject.removeprefix("The ")
    defining = re.compile(rf"(?:The\s+)?{re.escape(bare)}" + _DEFINED_KIND)
    for s in sentences[:2]:
        m = defining.match(s.text)
        if m:
            return m.group("noun")
    return None


#: a phrase introducing another thing of a noun than the page's subject: "a rival theatre", "another museum"
_OTHER_OF_KIND = r"\b(?:a|an|another|other|one|rival|second|neighbouring|neighboring)\s+(?:[a-z-]+\s+)?{noun}s?\b"


def _resolve_descriptions(text: str, sentences: list[Sentence], subject: str | None, title: str | None,
                          resolved: dict[int, str | None]) -> None:
    """A sentence whose subject is a bare definite description (:data:`_DESCRIPTION_RE`: "The hut itself sits at
    3,086 metres.") is about the named thing of that noun its context gives: the one name ending in that noun
    capitalised (:func:`_names_with_head`): the page's ``subject`` when it ends in that noun and the previous
    sentence of its paragraph names no other one ("The hut has 36 beds." on the page "Seewand Hut"); on a page
    without a subject, the one such name the previous sentence gives ("The classic approach to the Kaltfirn Hut
    starts in Ostrach. The hut itself sits at 3,086 metres." -> "The Kaltfirn Hut itself sits at 3,086 metres.";
    not when that sentence says "the <noun>" itself), else the one such name of the page's ``title`` that the text
    gives. On a page about a thing of another noun the description is a thing of the subject's and stays. The
    description becomes the name, with "The" where the text writes "the <name>" (``resolved``, keyed by the
    sentence's start offset, updated in place): a claim "The hut has 36 beds." says which hut only on its page,
    and is set against every other hut's beds. A year's edition keeps its year as the text writes it ("The 2026
    Orla Regatta is run by ..." where it writes "the 2026 Orla Regatta", else "In 2026 the Orla Regatta is run by
    ..." on the page "Orla Regatta 2026 - Press kit"): its figures are of that year, not undated; a fact of the
    series (:func:`_series_fact`: "The regatta was first held in 1921.") is written without it. Left as it is
    when the previous sentence gives two such names,
    when the name is a person's (:func:`~shared.text.kinds.name_kind`), or when nothing names one; a sentence
    already resolved (a pronoun's) is not read."""
    kind = _subject_kind(subject, sentences) if subject else None
    previous: Sentence | None = None
    for s in sentences:
        m = _DESCRIPTION_RE.match(s.text)
        if m is None or s.start in resolved:
            previous = s
            continue
        noun = m.group("noun")
        nearby: list[str] = []
        bare = subject.removeprefix("The ") if subject else ""
        if previous is not None and "\n" not in text[previous.end:s.start]:
            before = resolved.get(previous.start) or previous.text
            # a sentence with the description itself ("... the college is the 5th college after Model Engineering
            # College") says which thing the topic is, not its names
            if not re.search(rf"\b[Tt]he\s+{re.escape(noun)}\b(?!\s+[A-Z])", before):
                nearby = _names_with_head(before, noun)
        names: list[str] = []
        edition = ""  # the year of the edition the description names ("Orla Regatta 2026 - Press kit": "2026")
        if bare and _is_headline(bare):
            bare = ""  # a news page's headline ("Silk museum reopens after roof restoration") names no thing
        if bare:
            # a page about a thing of that noun: its subject, unless the sentence before names another one ("The
            # route passes the Brennalm Hut. The hut ..." on the Kaltfirn Hut's page); a page about another thing
            # ("The Rivals for Catan is a revision of the Catan Card Game. The game ...", "Nobel Prize ... the
            # Swedish Academy. The academy ..."): the description is a thing of the subject's, left as it is
            # (a name: its noun capitalised, "Seewand Hut"; not a phrase such as "Port Vellan harbour")
            # (a subject that is a name as a whole: "Seewand Hut"; a blog post's title "Our family day out at
            # Quellby Zoo" is none, and "The zoo says ..." on it is left as it is)
            # a year after the name is an edition's, no head ("Orla Regatta 2026 - Press kit": "The regatta is run
            # by ..." is the Orla Regatta's, named as the text writes it)
            words = bare.split()
            years: list[str] = []
            while len(words) > 1 and re.fullmatch(r"(?:1[5-9]|20)\d\d", words[-1]):
                years.append(words.pop())
            head, named = words[-1], " ".join(words)
            if head.lower() == noun and head[:1].isupper() and len(words) > 1 and set(nearby) <= {bare, named} \
                    and bare in find_entities(bare):
                names = [named if named != bare and re.search(rf"(?<!\w){re.escape(named)}(?!\w)", text) else bare]
                edition = years[0] if names[0] == named and len(years) == 1 else ""
            # the noun the page defines its subject by ("Teatro Brivolo is a marionette theatre ...": "The
            # theatre's collection ..."), unless the sentence before introduces another one ("Sanmarco has a rival
            # theatre.") or names one
            elif noun == kind and not nearby and (previous is None or "\n" in text[previous.end:s.start] or not
                                                  re.search(_OTHER_OF_KIND.format(noun=re.escape(noun)),
                                                            resolved.get(previous.start) or previous.text)
                                                  or re.match(rf"(?:The\s+)?{re.escape(bare)}\b", previous.text)):
                names = [bare]
        elif nearby:
            names = nearby
        elif title and (titled := [n for n in _names_with_head(title, noun) if n in text]):
            names = titled
        else:
            # a page whose title names no such thing (a news headline): the one the first of the page's opening
            # sentences naming one names ("The Castelbruna Silk-Weaving Museum reopened on Saturday ... The museum
            # counted 38,640 visitors"; the headline and a dateline above it name none)
            names = next((found for o in sentences[:_OPENING_SENTENCES] if o.start < s.start
                          and (found := _names_with_head(o.text, noun))), [])
        previous = s
        if len(names) != 1 or name_kind(names[0]) == "person":
            continue
        # "The Kaltfirn Hut" as the text writes it ("the Kaltfirn Hut", "the 2026 Orla Regatta"); "Knox County",
        # "Wembley Stadium" without
        the = re.search(rf"\bthe\s+(?:(?:1[5-9]|20)\d\d\s+)?{re.escape(names[0])}(?!\w)", text,
                        re.IGNORECASE) is not None
        if edition and not _series_fact(s.text[m.end():], edition):
            # the edition's year kept as the text writes the edition ("the 2026 Orla Regatta"), else as a frame
            # ("In 2026 the Orla Regatta ..."): a figure of the 2026 edition is no undated one
            dated = re.search(rf"\bthe\s+{edition}\s+{re.escape(names[0])}(?!\w)", text, re.IGNORECASE)
            named_as = f"The {edition} {names[0]}" if dated else f"In {edition} {'the ' if the else ''}{names[0]}"
            resolved[s.start] = f"{named_as}{s.text[m.end():]}"
            continue
        resolved[s.start] = f"{'The ' if the else ''}{names[0]}{s.text[m.end():]}"


#: a sentence opening with a quantifier of a plural pronoun: "All of them are gas-fired.", "Two of these ..."
_QUANTIFIED_PRONOUN_RE = re.compile(
    r"(?P<q>All|Both|None|Neither|Either|Each|Most|Many|Some|Several|Few|Half|One|Two|Three|Four|Five|Six|Seven|"
    r"Eight|Nine|Ten)\s+of\s+(?:them|these|those)\b"
)
#: determiners that may open the plural noun phrase a sentence ends with ("the six furnaces", "its members")
_DETERMINERS = frozenset("the its their his her our these those".split())
_NUMBER_WORDS = frozenset("two three four five six seven eight nine ten eleven twelve twenty dozen".split())


def _last_plural(sentence: str) -> str | None:
    """The plural noun phrase ``sentence`` ends with, with a determiner ("the" when it has none): "... operate six
    furnaces." -> "the six furnaces"; "... are American singers." -> "the American singers"; "... the guild's
    historic workshops." -> "the guild's historic workshops". Modifiers read: numbers, capitalised words, and a
    lower-case word after a determiner or a number. None when the sentence does not end in a plural common noun
    ("... in summer.")."""
    words = sentence.rstrip(" .!\"'”’)").split()
    if not words:
        return None
    head = words[-1]
    if not re.fullmatch(r"[a-z][a-z\-]*[^s\W]s", head) or head.lower() in ENGLISH_STOPWORDS:
        return None
    i = len(words) - 1
    while i > 0 and len(words) - i <= 3:
        w = words[i - 1]
        if w.lower() in _DETERMINERS:
            return " ".join([w.lower(), *words[i:]])
        if re.fullmatch(r"[^\W\d_][\w\-]*(?:['’]s|s['’])", w):  # a possessive: "the guild's", "Anna's"
            det = words[i - 2].lower() if i > 1 and words[i - 2].lower() in _DETERMINERS else None
            return " ".join([*([det] if det else [] if w[0].isupper() else ["the"]), w, *words[i:]])
        number = w.lower() in _NUMBER_WORDS or re.fullmatch(r"\d[\d,.]*", w) is not None
        capital = w[:1].isupper() and w.lower() not in ENGLISH_STOPWORDS
        before = words[i - 2] if i > 1 else ""
        lower = w[:1].islower() and (before.lower() in _DETERMINERS or before.lower() in _NUMBER_WORDS
                                     or re.fullmatch(r"\d[\d,.]*", before) is not None
                                     or re.search(r"['’]s?$", before) is not None)
        if not (number or capital or lower) or w[-1:] in ",;:":
            break
        i -= 1
    return "the " + " ".join(words[i:])


def _resolve_quantified(text: str, sentences: list[Sentence], resolved: dict[int, str | None]) -> None:
    """A sentence opening with a quantifier of a plural pronoun ("All of them are gas-fired.") is about the plural
    noun phrase the previous sentence of its paragraph ends with: "The guild's workshops operate six furnaces. All
    of them are gas-fired." -> "All of the six furnaces are gas-fired."; with no such phrase it is no claim (None
    in ``resolved``, updated in place): "All of them are gas-fired" alone says nothing checkable."""
    previous: Sentence | None = None
    for s in sentences:
        m = _QUANTIFIED_PRONOUN_RE.match(s.text)
        if m is None or s.start in resolved:
            previous = s
            continue
        about: str | None = None
        if previous is not None and "\n" not in text[previous.end:s.start]:
            about = _last_plural(resolved.get(previous.start) or previous.text)
        resolved[s.start] = f"{m.group('q')} of {about}{s.text[m.end():]}" if about else None
        previous = s


#: what makes an answer's content lean on the question it answers: a pronoun opening it ("Yes; it retries twice")
#: or a word pointing back after a preposition or verb ("a package by that name", "you need a plugin for that")
_POINTS_BACK_RE = re.compile(r"^(?:it|its|it's|they|their|they're|he|his|she|her|this|that|these|those|so)\b"
                             r"|\b(?:by|for|with|of|about|like|to|from|in|on|at|do|does|did)\s+"
                             r"(?:that|this|these|those|it|them|one)\b", re.IGNORECASE)


#: an answer's content that is only an adverbial of what the question asks, no subject and verb of its own: "on the
#: first Saturday of every month at two o'clock", "at ten", "only in summer", "from May to September", "every day"
#: (after "Yep," it says when the question's event happens: meaningless alone)
_BARE_ADVERBIAL_RE = re.compile(
    r"(?:(?:only|just|usually|mostly|also)\s+)?(?:on|at|in|from|until|till|during|between|before|after|around|about|"
    r"by|for|every|each|most|some|any|all)\b(?![^.!?]*\b(?:is|are|was|were|has|have|had|can|will|do|does|open|opens|"
    r"close|closes|runs?|costs?|takes?|starts?|begins?)\b)", re.IGNORECASE)


def _page_answers(sentences: list[Sentence]) -> list[tuple[Sentence, re.Match[str] | None]]:
    """Each sentence with the match of the yes/no word opening it (:data:`_ANSWER_RE`) when it answers a question
    of the page (the sentence before is a question line, or the word is followed by ";"), else None."""
    out: list[tuple[Sentence, re.Match[str] | None]] = []
    previous: Sentence | None = None
    for s in sentences:
        m = _ANSWER_RE.match(s.text)
        # (a question line without its mark too: "is there an indoor pool for rainy days" over "no sorry, ...")
        after_question = previous is not None and is_question_line(previous.text)
        out.append((s, m if m and (after_question or m.group("mark") == ";") else None))
        previous = s
    return out


def _answer_contents(sentences: list[Sentence]) -> list[Sentence]:
    """``sentences`` with the yes/no word that opens an answer to the page's own question (:func:`_page_answers`)
    cut off when what follows it states something of its own: "Nope, we're shut on Mondays all year round." ->
    "we're shut on Mondays all year round.", "Yep, dogs on a lead are fine on the crest path." -> "dogs on a lead
    are fine on the crest path." (trial t54 F8), the sentence's start moved past the word. An answer whose content
    leans on the question (:data:`_POINTS_BACK_RE`: "Yes; it retries twice", "Yes, a package by that name exists")
    or is only an adverbial of it, with no subject and verb (:data:`_BARE_ADVERBIAL_RE`: "Yep, on the first Saturday
    of every month") is left whole, for :func:`_answer_fragments` to drop."""
    out: list[Sentence] = []
    for s, m in _page_answers(sentences):
        rest = s.text[m.end():] if m else ""
        if rest and not _POINTS_BACK_RE.search(rest) and not _BARE_ADVERBIAL_RE.match(rest):
            out.append(Sentence(start=s.start + len(s.text) - len(rest), end=s.end, text=rest))
        else:
            out.append(s)
    return out


def _answer_fragments(sentences: list[Sentence]) -> set[int]:
    """Start offsets of the sentences that answer a question of the page: "Yes; it retries twice" after "Does
    got retry?" (any bare yes/no with a following clause when the sentence before is a question; "Yes;"/"No;"
    anywhere). Such a fragment is meaningless alone ("it" is the question's subject, what "yes" affirms is in
    the question) and rebuilding the statement from the question is not safe without a parser, so it is no
    claim (one whose content stands alone has lost its yes/no word: :func:`_answer_contents`)."""
    return {s.start for s, m in _page_answers(sentences) if m}


def _short_answers(text: str, sentences: list[Sentence], taken: set[int]) -> list[Sentence]:
    """An FAQ's fragment answers read with their question: a sentence that is no claim already (its start not in
    ``taken``) and answers the question line before it with a fragment (:func:`shared.text.verbs.fragment_answer`:
    "Three weeks." under "How long can I keep a book?") says nothing alone: it becomes one claim joining them, the
    question without its mark, a colon and the answer as written ("How long can I keep a book: Three weeks."), its
    evidence the page from the question's start to the answer's end, so that the span states both (the verifier's
    pool holds that span too: ``services.verifier.handlers``). A statement ("Kids can take out up to ten.") stands
    alone and is left to the rules for sentences.

    Returns:
        the joined claims as sentences (``start``/``end`` offsets into ``text``, ``text`` the joined claim), in
        page order; ``[]`` for a page without such a pair.
    """
    out: list[Sentence] = []
    for q, a in zip(sentences, sentences[1:]):
        asked = q.text.strip().rstrip("?？ ").strip()
        if a.start not in taken and asked and fragment_answer(q.text, a.text, text[q.end:a.start]):
            out.append(Sentence(start=q.start, end=a.end, text=f"{asked}: {a.text.strip()}"))
    return out


#: a forum post's byline opening its sentence ("Posted by sleepydad: My ...", "Reply by tentpeg: ...", "marta
#: wrote: ..."): who wrote the post, not what it states (as the shopping fault reports drop it)
_BYLINE = re.compile(r"^(?:(?:posted|reply|replied|answered|commented|comment|post)\s+by\s+[^:.!?\n]{1,40}?|"
                     r"[^\s:.!?]{1,40}\s+wrote)\s*:\s+(?=\S)", re.IGNORECASE)


def _unmarked(sentence: Sentence) -> Sentence:
    """``sentence`` without the marker of an FAQ's question or answer opening it
    (:data:`shared.text.tokens.FAQ_MARKER_RE`: "A: Yep, on the first Saturday ..." -> "Yep, on the first Saturday
    ...", "Q: Can I park?" -> "Can I park?"), its start moved past the marker; the sentence as it is without one.
    What the answer then says is read as any answer to the page's question (:func:`_answer_contents`)."""
    m = FAQ_MARKER_RE.match(sentence.text)
    if m is None:
        return sentence
    return Sentence(start=sentence.start + m.end(), end=sentence.end, text=sentence.text[m.end():])


def _unbylined(sentence: Sentence) -> Sentence:
    """``sentence`` without a forum post's byline opening it (:data:`_BYLINE`), its start moved past the byline;
    the sentence as it is without one."""
    m = _BYLINE.match(sentence.text)
    if m is None:
        return sentence
    return Sentence(start=sentence.start + m.end(), end=sentence.end, text=sentence.text[m.end():])


def _flags(s: str) -> tuple[bool, bool, bool]:
    numeric = bool(_NUMERIC_RE.search(s))
    years = [int(y) for y in _YEAR_RE.findall(s)]
    recent = any(y >= 2020 for y in years) or bool(_RECENT_WORDS_RE.search(s))
    named_event = bool(_NAMED_EVENT_RE.search(s))
    return numeric, recent, named_event


#: a line of text: an optional list marker ("- ", "* ", "1. ") and its body
_LINE_RE = re.compile(r"(?m)^[ \t]*(?P<marker>[-*•+][ \t]+|\d{1,2}[.)][ \t]+)?(?P<body>[^\s#|>][^\n]*?)[ \t]*$")
#: a Markdown heading line ("## Opening hours")
_HEADING_RE = re.compile(r"(?m)^[ \t]{0,3}#{2,6}[ \t]+(?P<heading>[^\n#]+?)[ \t#]*$")
#: a day of the week or an opening-hours word in a list item ("Monday: closed", "Closed on Mondays", "Sonntag:
#: 11-16 Uhr", "fermé le lundi"): an item of an opening-hours list, a claim of the page's subject though it holds no
#: figure (English, French, German, Spanish, Italian and Dutch day names; t50 fault 5)
_HOURS_WORD_RE = re.compile(
    r"(?<!\w)(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|closed|open|weekends?|holidays?"
    r"|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|ferm[ée]e?s?|ouvert(?:e|s)?"
    r"|montags?|dienstags?|mittwochs?|donnerstags?|freitags?|samstags?|sonntags?|geschlossen|geöffnet"
    r"|lunes|martes|miércoles|jueves|viernes|sábados?|domingos?|cerrado|abierto"
    r"|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|chiuso|aperto"
    r"|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|gesloten)(?!\w)", re.IGNORECASE)


def _list_lead(text: str, item_start: int) -> str | None:
    """The line that introduces the list whose item starts at ``item_start`` ("Opening hours:" right above "- Sunday:
    11:00-16:00", or "Opening hours" a blank line above the list, a heading as the scraper writes an HTML page's):
    the nearest line above the list's items when it is no item itself, at most :data:`LABEL_MAX_WORDS` words and no
    clause (:func:`_is_label`), and ends without a sentence's full stop (a colon is dropped); None when there is
    none."""
    lines = text[:item_start].split("\n")[:-1]  # the whole lines above the item's
    i = len(lines) - 1
    while i >= 0 and _ITEM_MARKER_RE.match(lines[i]):
        i -= 1  # an item above: the list goes on
    if i >= 1 and not lines[i].strip():
        i -= 1  # one blank line between a heading paragraph and its list
    if i < 0 or not lines[i].strip() or _ITEM_MARKER_RE.match(lines[i]):
        return None
    line = lines[i].strip().lstrip("#").strip()
    label = line[:-1].rstrip() if line.endswith(":") else line
    if not label or _TERMINAL_RE.search(label) or "|" in label or not _is_label(label):
        return None
    return label


def _section_heading(text: str, start: int) -> str | None:
    """The heading of the section a table starting at ``start`` stands in when one paragraph of one line lies
    between them ("Guided tours" over "Tours start at 14:00 and last 90 minutes." over "| Ticket | Price |"): the
    :func:`_list_lead` of that paragraph; None when the line above the table is no such paragraph or no heading
    stands above it."""
    lines = text[:start].split("\n")[:-1]  # the whole lines above the table's
    i = len(lines) - 1
    if i >= 1 and not lines[i].strip():
        i -= 1  # one blank line between the paragraph and the table
    if i < 1 or not _TERMINAL_RE.search(lines[i].strip()) or "|" in lines[i]:
        return None
    para_start = len("\n".join(lines[:i])) + 1
    return _list_lead(text, para_start)


#: a list item's marker at a line's start ("- ", "* ", "• ", "3. ")
_ITEM_MARKER_RE = re.compile(r"[ \t]*(?:[-*•+]|\d{1,2}[.)])[ \t]+\S")




def _record_names(text: str, lines: list[re.Match[str]], labelled: list[bool]) -> dict[int, tuple[str, int]]:
    """The rows of a run of label lines (``lines`` of :data:`_LINE_RE`, ``labelled`` telling which are label lines)
    that follow the run's "Name: <name>" row, as a nested record of a JSON file or a fact box writes a part of the
    page's subject ("Crane" / "Name: Varga Tower" / "Height: 61 m"): line index -> (that name, where its name row
    starts). Such a row is the named thing's figure, not the page subject's; a run without a name row (or whose
    name is more than a name, :data:`_NAME_VALUE_RE`) gives none."""
    out: dict[int, tuple[str, int]] = {}
    i = 0
    while i < len(lines):
        j = i
        while labelled[i] and j + 1 < len(lines) and labelled[j + 1] \
                and text.count("\n", lines[j].end(), lines[j + 1].start()) == 1:
            j += 1
        for k in range(i, j + 1) if labelled[i] else ():
            label, _, value = plain_inline(lines[k].group("body")).partition(": ")
            if label.strip().casefold() in NAME_LABELS and _NAME_VALUE_RE.fullmatch(value.strip()):
                out.update(dict.fromkeys(range(k + 1, j + 1), (value.strip().rstrip("."), lines[k].start())))
                break
        i = j + 1
    return out


def _line_claims(text: str, subject: str) -> list[tuple[int, bool, Sentence]]:
    """The label lines and list items of ``text`` read as claims about ``subject`` (the page's subject), each a
    :class:`Sentence` (with the offset where its line starts and whether it is a label and its value) whose span
    runs from the lines before it (:func:`~shared.text.tables.context_start`, where the page names its subject) to
    the line's end:

    - a line of a run of two or more label lines (:func:`~shared.text.tokens.is_label_line`, a short label,
      :func:`_is_label`): "Founded: 1887" -> "TARNMOOR BOTANIC GARDEN: founded 1887."; a label naming its own thing
      (a capitalised word after its first: "Halvorsen Glasshouse height: 14.2 m") is the claim as written; a row
      after the run's "Name: <name>" row is that name's (:func:`_record_names`: "Height: 61 m" under "Name: Varga
      Tower" -> "Varga Tower: height 61 m.", its span from the name row at least);
    - a list item of at least two words holding a digit or a label ("- November to February: Tuesday to Sunday,
      10:00 to 16:00. Closed on Mondays." under "## Opening hours") -> "Tarnmoor Botanic Garden: opening hours
      November to February: Tuesday to Sunday, 10:00 to 16:00. Closed on Mondays." (the heading it is listed under,
      when there is one, read as its label).

    Page furniture (:func:`~shared.text.noise.noise_kind`) and lines of code are none."""
    lines = list(_LINE_RE.finditer(text))
    subject_name = re.compile(r"(?<!\w)" + r"[\W_]+".join(re.escape(w) for w in subject.removeprefix("The ").split())
                              + r"(?!\w)", re.IGNORECASE)
    labelled = [m.group("marker") is None and is_label_line(m.group("body")) for m in lines]
    headings = [(m.start(), m.group("heading")) for m in _HEADING_RE.finditer(text)]
    records = _record_names(text, lines, labelled)
    out: list[tuple[int, bool, Sentence]] = []
    for i, m in enumerate(lines):
        first = context_start(text, m.start())
        body = m.group("body")
        if noise_kind(body) or is_code_line(body) or len(_words(body)) < 2:
            continue
        adjacent = [j for j in (i - 1, i + 1) if 0 <= j < len(lines)
                    and text.count("\n", min(lines[j].end(), m.end()), max(lines[j].start(), m.start())) == 1]
        body = plain_inline(body)  # "**Founded:** 1887", "- **Adult**: 7 EUR": the words a reader sees
        label, _, value = body.partition(": ")
        dated = dated_item(body) if m.group("marker") is not None else None
        if m.group("marker") is None:
            if not (labelled[i] and any(labelled[j] for j in adjacent) and _is_label(label) and value.strip()):
                continue
            named = any(w[:1].isupper() and not w.isupper() for w in _words(label)[1:])
            owner, first = records[i] if i in records else (subject, first)
            first = min(first, context_start(text, m.start()))
            read = f"{body.rstrip('.')}." if named else figure_sentence(owner, label, value.rstrip(". "))
        elif dated is not None:
            # a timeline's item ("- **1962**: Ada Lenz founds the Varrow Ski Resort.") is its event at that date, of
            # the page's subject: "In 1962, Ada Lenz founds the Varrow Ski Resort.", its evidence the line when the
            # event names the subject, else "Varrow Ski Resort: in 1971, the Brockfell chairlift opens." (never the
            # heading it is listed under, nor the subject twice)
            read = dated_sentence(dated, text)
            if subject_name.search(read):
                out.append((m.start(), True, Sentence(start=m.start(), end=m.end(), text=read)))
                continue
            read = f"{subject}: {read[0].lower()}{read[1:]}"
        else:
            if not (any(ch.isdigit() for ch in body) or (value.strip() and _is_label(label))
                    or _HOURS_WORD_RE.search(body)):
                continue
            heading = _list_lead(text, m.start()) or next((h for at, h in reversed(headings) if at < m.start()), None)
            heading = _without_subject(heading, subject_name) if heading else None
            read = figure_sentence(subject, heading, body.rstrip(". ")) if heading else f"{subject}: {body.rstrip('. ')}."
        span = Sentence(start=first, end=m.end(), text=read)
        out.append((m.start(), dated is not None or bool(value.strip()) and _is_label(label), span))
    return out


def _without_subject(heading: str, subject_name: re.Pattern[str]) -> str | None:
    """A list's heading read as the label of its items without the page's subject it names (a claim is prefixed
    with the subject once): "Varrow Ski Resort: opening hours" -> "opening hours", "Varrow Ski Resort" -> None (the
    heading is the subject alone); a heading not naming it as given."""
    m = subject_name.search(heading)
    if m is None:
        return heading
    rest = (heading[:m.start()] + " " + heading[m.end():]).strip(" " + _TITLE_JUNK)
    return rest or None


def _plain_claim(sentence: str, text: str) -> str:
    """A claim's sentence as a reader sees it (of the page ``text``): without Markdown inline markup
    (:func:`shared.text.markup.plain_inline`: "the schooner *Tessaly Wren*" -> "the schooner Tessaly Wren") and the list
    marker opening it, a timeline's item "- **2004**: The museum opens." read as its event at that date ("In 2004,
    the museum opens.": :func:`shared.text.markup.dated_sentence`)."""
    plain = without_item_marker(plain_inline(sentence))
    if plain != sentence and (dated := dated_item(plain)) is not None:
        return dated_sentence(dated, text)
    return plain


def _name_pattern(subject: str) -> re.Pattern[str]:
    """A pattern finding ``subject`` (a name, its leading "The" dropped) as a text writes it, whatever punctuation
    parts its words and in any case: "Kestrin Observatory Annual Report 2023" finds "Kestrin Observatory - Annual
    Report 2023"."""
    return re.compile(r"(?<!\w)" + r"[\W_]+".join(re.escape(w) for w in subject.removeprefix("The ").split())
                      + r"(?!\w)", re.IGNORECASE)


def _labelled_rows(text: str, table: PipeTable, subject: str | None) -> list[tuple[TableRow, str]] | None:
    """The rows of ``table`` (of ``text``) read as figures of ``subject`` when it is a two-column table of labelled
    values: each row's first cell a label of words (no number or year: "| 2024 | 203 |" is a series, read by
    :func:`~shared.text.tables.row_sentence`), its second a value. A row reads "<subject>: <the line above the table,
    when a label, else the section's heading one paragraph above it (:func:`_section_heading`), unless it is the
    subject>, <row label> <first column's name> <second column's name> <value>." ("Fontvielle Lock Flight:
    admission, adult ticket price €7.00."); a row without a value is left out. None when the table is no such table
    or there is no ``subject``."""
    if not subject or not labelled_values(table):
        return None
    lead = _list_lead(text, table.start) or _section_heading(text, table.start)
    if lead:
        # the page's own title above a paragraph labels nothing more; a heading naming the subject labels the rows
        # without it ("Harlow Railway: fares and timetable" -> "fares and timetable")
        lead = _without_subject(lead, _name_pattern(subject))
    head = f"{lead[0].lower() + lead[1:] if lead and not lead.split()[0].isupper() else lead}, " if lead else ""
    columns = " ".join(" ".join(table.header).split()).lower()
    out = []
    for r in table.rows:
        label, value = r.cells[0], r.cells[1]
        if not value:
            continue
        label = label if label.split()[0].isupper() else label[0].lower() + label[1:]
        out.append((r, f"{subject}: {head}{label} {columns} {value.rstrip('.')}."))
    return out


def _capped(candidates: list[Sentence], cap: int, focus: str | None) -> list[Sentence]:
    """At most ``cap`` of ``candidates`` (in the order given): all of them when they are no more; else, with a
    ``focus`` question, the ``cap`` most relevant ones (BM25 plus a small prior for an earlier one), without
    one the first ``cap``; under a why question a sentence giving a cause
    (:func:`shared.text.answer.cause_clauses`) counts as much as the best one. A sentence stating a word of the question in other words counts as holding it
    (:func:`shared.text.relations.with_relations`: "founded by" holds "founder" of "Where was the founder of X
    born?", so the sentence naming the founder, the first hop of that question, is kept)."""
    if len(candidates) <= cap:
        return candidates
    ordered = sorted(candidates, key=lambda s: (s.start, s.end))
    if not (focus and focus.strip()):
        return ordered[:cap]
    terms = tokenize(focus)
    texts = []
    for s in ordered:
        own = set(tokenize(s.text))
        held = sorted(with_relations(own, terms, s.text) - own)
        texts.append(" ".join([s.text, *held]))
    scores = BM25Index(texts).scores(focus)
    if answer_type(focus) == "why":
        # a sentence giving a cause answers a why question whatever words it shares with it ("The council closed it
        # because the basin had cracked" names neither the lido nor 1989): it counts as much as the best one
        top = max(scores, default=0.0)
        scores = [sc + top if cause_clauses(s.text) else sc for sc, s in zip(scores, ordered)]
    n = len(ordered)
    ranked = sorted(range(n), key=lambda i: (-(scores[i] + 0.05 * (n - i) / n), i))
    return [ordered[i] for i in sorted(ranked[:cap])]


def extract_claims(
    text: str,
    *,
    title: str | None = None,
    max_claims: int = 40,
    focus: str | None = None,
) -> list[ExtractedClaim]:
    """Extract one claim per factual declarative sentence of ``text``.

    Skipped: questions, headings/navigation fragments, page furniture (:mod:`shared.text.noise`:
    reference lists and entries, bibliographies, legal and investment disclaimers, imprint lines, cookie-consent
    and paywall notices, subscribe boxes, navigation; a page titled as a legal notice, an imprint, terms or a
    privacy policy as a whole, :func:`~shared.text.noise.legal_page`), sentences with fewer than 5 or more than 80 words (:func:`word_count`:
    Chinese, Japanese and Thai counted in characters), lines of code or shell commands (:func:`is_code_line`)
    and a bare yes/no answer to the page's own question ("Does it retry? Yes; it retries twice": meaningless
    alone, :func:`_answer_fragments`). A row of a simple table of values (:func:`~shared.text.tables.pipe_tables`:
    at most 12 rows of a table, short cells) is a claim read with the table's header ("| Year | Registered members
    |" over "| 2024 | 203 |" -> "Year 2024: registered members 203."), its evidence the table from its header to
    that row. A heading or the page title glued to the front of a
    sentence is cut off it (:func:`~shared.text.noise.unglue`), and so is a forum post's byline ("Posted by
    sleepydad: ", "marta wrote: ": :data:`_BYLINE`); the claim is the sentence after it. A label line of a run of
    them ("Founded: 1887") and a list item holding a figure or a label ("- November to February: Tuesday to Sunday,
    10:00 to 16:00. Closed on Mondays.") are claims of the page's subject (:func:`_line_claims`).

    Decontextualisation: a sentence opening with He/She/It/They (His/Her/Its/Their) gets the name the
    pronoun stands for in its place ("It is 330 metres tall." -> "The Eiffel Tower is 330 metres tall."):
    what the previous sentence of the same paragraph is about when that is another thing than the page's
    subject and fits the pronoun (:func:`_resolve_pronouns`: "An older footbridge, the Old Merrow Footbridge,
    stood ... It was 64 metres long" -> "The Old Merrow Footbridge was 64 metres long"; an unnamed one leaves
    the sentence out); else the entity the title names, only when the text attests it, the title is not a
    generic one ("JS page", "Home | Example News", "Chapter 3 - Results") nor a question ("Dunmere Viaduct: how
    high is it?" names "Dunmere Viaduct") and agrees with the pronoun in number (not "It" for "Node HTTP
    clients"); else the name the previous sentence is about (its subject, a name styled in lower case included:
    "got is Node-only. Its hooks ..." -> "got's hooks ..."). "He"/"She" only ever stand for a person-like name
    that is not known to be a place or another kind of thing (:mod:`shared.text.kinds`), or "She"/"Her" for a
    page about a ship or a country (:func:`_thing_subject`: "The SS Kelmar ... She could carry 900 passengers"). A sentence whose pronoun cannot be resolved
    this way is skipped: a claim such as "It is 330 metres tall." would be checked against any source that
    mentions 330 metres (and the verifier excuses a claim's leading name when the evidence opens with a
    pronoun, so a wrong name would pass too). "This"/"These" are left as they are.

    Args:
        text: the source text (offsets refer to it).
        title: source title, the first candidate for what a leading pronoun stands for (see above); a
            trailing parenthetical ("(1945 film)") and a site name (" - Wikipedia", " | Site") are dropped.
        max_claims: maximum number of prose claims returned (<= 0 returns ``[]``); the rows of tables, spec
            lists and label lines ("Visitors 2023: 24,750") are capped apart at the same number, so at most
            ``2 * max_claims`` claims come back and generic prose never displaces a table's rows.
        focus: optional question; when there are more candidates of a kind than
            ``max_claims`` the most relevant ones (BM25 plus a small lead-sentence prior)
            are kept. Without focus the first ``max_claims`` are kept.

    Returns:
        Claims in document order; ``text[c.start:c.end]`` is the evidence sentence (for a table row, the table from
        its header to the row).
    """
    if max_claims <= 0 or not text or legal_page(title):  # an imprint, terms, a privacy policy: no claims
        return []
    references = reference_sections(text)
    # an instruction to the model reading the page (prompt injection) is never a claim either
    references = references + instruction_spans(text)
    sentences = _answer_contents([_unmarked(_unbylined(unglue(s, title))) for s in split_sentences(text)
                                  if not in_spans(s.start, s.end, references)])
    page_subject = _page_subject(title, text, sentences)
    resolved = _resolve_pronouns(text, sentences, page_subject)
    _resolve_foreign_pronouns(text, sentences, page_subject, resolved)
    _resolve_descriptions(text, sentences, page_subject, title, resolved)
    labels = _resolve_labels(text, sentences, page_subject, resolved)
    _resolve_quantified(text, sentences, resolved)
    answers = _answer_fragments(sentences)
    # a labelled value read with what it is about ("Number of locks: 23." -> "The Brask Canal's number of locks:
    # 23.") is a sentence by that reading's length; a disclosure or other page furniture as written stays none
    candidates = [
        s
        for s in sentences
        if (_is_claim_sentence(s.model_copy(update={"text": resolved.get(s.start) or s.text}))
            and not noise_kind(s.text) if s.start in labels else _is_claim_sentence(s))
        and resolved.get(s.start, s.text) is not None and s.start not in answers
    ]
    # an FAQ's fragment answer ("Three weeks." under "How long can I keep a book?") is a claim read with its question
    for joined in _short_answers(text, sentences, {s.start for s in candidates} | answers):
        resolved[joined.start] = joined.text
        candidates.append(joined)
    sentence_spans = [(s.start, s.end) for s in candidates]  # a count line a sentence already holds is no row
    prose = len(candidates)  # the candidates after these are a table's rows and label lines (the page's figures)
    # the page's subject as the text names it, whatever punctuation parts its words (a title "Kestrin Observatory
    # Annual Report 2023" over a heading "Kestrin Observatory - Annual Report 2023")
    name = _name_pattern(page_subject) if page_subject and page_subject.removeprefix("The ").split() else None
    # a table's figures are the product's, named as the page writes it rather than by a shop's SEO title
    product = _own_name(page_subject, text) if page_subject else None
    # a row of a simple table read with its header ("Year 2024: registered members 203."), its evidence the table
    # from its header to the row: a row alone ("| 2024 | 203 |") is no sentence and says nothing checkable. A row
    # of a key-value table ("| Item | Value |" over "| Elevation | 3,112 m |") is a figure of the page's subject
    # when the lines before the table name it ("Hollin Lodge: floor area 240 m²."), its evidence those lines to
    # the row, as for a spec list below; without such a subject it is no claim
    for t in pipe_tables(text):
        if in_spans(t.start, t.rows[-1].end, references):
            continue
        start, subject = t.start, None
        if t.caption:
            # an infobox ("| Tavelmor Light | |" over "| Height | 31 m |"): each row a figure of the name its caption
            # gives, "Tavelmor Light: height 31 m.", its evidence the table from its caption to the row
            candidates += [Sentence(start=start, end=r.end, text=figure_sentence(t.caption, r.cells[0], r.cells[1]))
                           for r in t.rows]
            continue
        if (thing := column_thing(t.header)) is not None:
            # a table of one thing's figures whose header names it ("| Specification | Kelt One PDO |" over "| Wheel
            # weight | 4 kg |"): each row a figure of that name, "Kelt One PDO: wheel weight 4 kg.", its evidence the
            # table from its header to the row (t70w: read with the page's heading instead, every row was garbled)
            candidates += [Sentence(start=start, end=r.end, text=figure_sentence(thing, r.cells[0], r.cells[1]))
                           for r in t.rows if r.cells[0] and r.cells[1]]
            continue
        if period_columns(t.header):
            # a series table, years as its columns ("| Indicator | 2023 | 2024 |" over "| Visitors | 389,000 | 412,000
            # |": an annual report's key figures) is read one period at a time, so that an "in 2023" question finds
            # that year's figure: "Kestrin Observatory: visitors 24,750 in 2023.", a row of measures as figures of
            # the page's subject named before the table (its evidence from those lines to the row), else the row's
            # thing with the label column's name ("Region North: 1,200 in 2023.")
            if period_figures(t.header):
                start = context_start(text, t.start)
                subject = product or page_subject if name is not None and name.search(text, start, t.start) else None
            candidates += [Sentence(start=start, end=r.end, text=read) for r in t.rows
                           for read in period_sentences(t.header, r, subject)]
            continue
        if key_value(t.header):
            start, subject = context_start(text, t.start), product
            if name is None or not name.search(text, start, t.start):
                continue
        elif name is not None and (read_rows := _labelled_rows(text, t, product or page_subject)) is not None:
            # a row of a two-column table of labelled values ("| Ticket | Price |" over "| Adult | €7.00 |" under
            # "Admission") on a page about a subject is a figure of that subject: "Fontvielle Lock Flight: admission,
            # adult ticket price €7.00." (t50 fault 6), its evidence the lines naming the subject to the row
            ctx = context_start(text, t.start)
            if name.search(text, ctx, t.start):
                candidates += [Sentence(start=ctx, end=r.end, text=read) for r, read in read_rows]
                continue
        # a table of one product per column ("| Model | Lumora Trail 1200 | Brennix Beam 800 |") is read one product
        # at a time, its evidence the whole table: "Lumora Trail 1200: weight 146 g, brightness 1200 lm."
        if (things := column_sentences(t.header, t.rows)) is not None:
            candidates += [Sentence(start=start, end=t.rows[-1].end, text=read) for read in things]
            continue
        candidates += [Sentence(start=start, end=r.end, text=read) for r in t.rows
                       if (read := row_sentence(t.header, r, subject)) is not None]
    # a line of a by-year list under its heading ("Past champions of the Quillhaven Open:" over "2023 - Malin
    # Ostergaard") is a by-year row read with that heading, "Quillhaven Open 2023: past champion Malin Ostergaard.",
    # its evidence the heading to the line (shared.text.tables.year_list_rows): the line alone is no sentence
    candidates += [Sentence(start=r.start, end=r.end, text=r.text) for r in year_list_rows(text)
                   if not in_spans(r.row_start, r.end, references) and not in_spans(r.row_start, r.end, sentence_spans)]
    # a row of a key-value spec list ("Weight | 1.1 lb" under a product's heading) is a claim about the page's
    # subject when the lines before the list name it ("Kettlo Go travel kettle: weight 1.1 lb."), its evidence
    # those lines to the row (shared.text.tables.spec_rows)
    if page_subject and name is not None:
        candidates += [
            Sentence(start=r.start, end=r.end, text=figure_sentence(product or page_subject, r.label, r.value))
            for r in spec_rows(text)
            if not in_spans(r.row_start, r.end, references) and name.search(text, r.start, r.row_start)
        ]
        # a count under a label alone ("visitors 24,750", "Attendance (2023): 24,750" under the page's heading) is a
        # figure of the page's subject read the same way ("Kestrin Observatory annual report 2023: visitors 24,750."),
        # unless a sentence of the page already holds it
        candidates += [
            Sentence(start=r.start, end=r.end, text=figure_sentence(product or page_subject, r.label, r.value))
            for r in count_lines(text)
            if not in_spans(r.row_start, r.end, references) and not in_spans(r.row_start, r.end, sentence_spans)
            and name.search(text, r.start, r.row_start)
        ]
        # a label line of a run of them ("Founded: 1887" in a fact sheet) or a list item ("- November to February:
        # Tuesday to Sunday, 10:00 to 16:00. Closed on Mondays." under "## Opening hours") is too short to be a
        # sentence of its own; read with the page's subject (and the item's heading) it is one (issue 9, t48 fault 7)
        counted = [(r.row_start, r.end) for r in count_lines(text)]
        lined: list[tuple[int, Sentence]] = []
        for line_start, labelled, s in _line_claims(text, product or page_subject):
            if in_spans(line_start, s.end, references + counted) or not name.search(text, s.start, s.end):
                continue
            # a list item of sentences that are claims already stays as they are; a label and its value is read whole
            if not labelled and in_spans(line_start, s.end, sentence_spans):
                continue
            lined.append((line_start, s))
        # the line's claim takes the place of a sentence of it ("- November to February: Tuesday to Sunday, 10:00 to
        # 16:00." without its "Closed on Mondays.")
        kept = [c for c in candidates[:prose] if not in_spans(c.start, c.end, [(a, s.end) for a, s in lined])]
        candidates = kept + candidates[prose:] + [s for _, s in lined]
        prose = len(kept)
    # the cap applies to the prose sentences and, apart, to the rows and label lines: a page's generic prose
    # ("The table lists every car we own.") never takes the place of a table's rows, which a question about any
    # of its rows, its largest or its oldest needs (issue 9)
    rows = _capped(candidates[prose:], max_claims, focus)
    # a row's claim is read whole already: a prose sentence's reading at the same offset (the page's heading where
    # a row's evidence starts, "Kelt One PDO: cheese profile" read as a label line) is not the row's (t70w)
    read_whole = {id(s) for s in rows}
    candidates = sorted(_capped(candidates[:prose], max_claims, focus) + rows, key=lambda s: (s.start, s.end))
    out: list[ExtractedClaim] = []
    for s in candidates:
        numeric, recent, named_event = _flags(s.text)
        out.append(
            ExtractedClaim(
                text=_plain_claim(s.text if id(s) in read_whole else resolved.get(s.start) or s.text, text),
                start=s.start,
                end=s.end,
                numeric=numeric,
                recent=recent,
                named_event=named_event,
            )
        )
    return out


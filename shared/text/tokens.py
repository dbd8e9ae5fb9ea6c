"""Text utilities for the offline engines: tokens, sentences with exact offsets, language id.

Everything here is deterministic and uses only data shipped inside installed packages
(``pysbd`` rules, ``py3langid`` model, ``stopwordsiso`` lists); nothing is downloaded.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict

__all__ = [
    "split_clauses",
    "Sentence",
    "tokenize",
    "split_sentences",
    "detect_language",
    "MACROLANGUAGES",
    "ENGLISH_STOPWORDS",
    "ARTICLES",
    "ALL_ARTICLES",
    "FOREIGN_ARTICLES",
    "is_stopword",
    "language_stopwords",
    "is_function_word",
    "compound_only",
    "is_question_line",
    "FIRST_PERSON_PLURAL_RE",
    "first_person_plural",
]


class Sentence(BaseModel):
    """One sentence located in an original text.

    Attributes:
        start: character offset (inclusive) into the original text.
        end: character offset (exclusive) into the original text.
        text: exactly ``original[start:end]``; never starts or ends with whitespace.
    """

    model_config = ConfigDict(frozen=True)

    start: int
    end: int
    text: str


# A compact English function-word list (own list; the ISO list for English is far too
# aggressive for retrieval: it drops content words such as "world", "film" or "state").
ENGLISH_STOPWORDS: frozenset[str] = frozenset(
    """
    a about above after again against all am an and any are aren't as at be because been
    before being below between both but by can cannot could couldn't did didn't do does
    doesn't doing don't down during each few for from further had hadn't has hasn't have
    haven't having he he'd he'll he's her here here's hers herself him himself his how
    how's i i'd i'll i'm i've if in into is isn't it it's its itself let's me more most
    mustn't my myself nor of off on once only or other ought our ours ourselves out over
    own same shan't she she'd she'll she's should shouldn't so some such than that that's
    the their theirs them themselves then there there's these they they'd they'll they're
    they've this those through to too under until up very was wasn't we we'd we'll we're
    we've were weren't what what's when when's where where's which while who who's whom
    why why's will with won't would wouldn't you you'd you'll you're you've your yours
    yourself yourselves also whose s t just into onto upon via within among per etc vs versus others
    """.split()
)

#: the articles, definite and indefinite, of each language the kit reads (ISO 639-1 code -> lower-case words; an
#: elided "l'" is "l"): the one table of the words that open a noun phrase or a name as "the" / "a" do ("Der Varden
#: Chairlift", "Le Varden Chairlift", "La Verrerie", "Il Duomo", "De Kessin Brug")
ARTICLES: dict[str, frozenset[str]] = {lang: frozenset(words.split()) for lang, words in {
    "en": "the a an",
    "de": "der die das dem den des ein eine einem einen einer eines",
    "fr": "le la les l un une",
    "es": "el la los las lo un una unos unas",
    "it": "il lo la i gli le l un uno una",
    "pt": "o a os as um uma umas uns",
    "nl": "de het een",
    "sv": "den det de en ett",
}.items()}
#: every article of :data:`ARTICLES`, English's too
ALL_ARTICLES: frozenset[str] = frozenset().union(*ARTICLES.values())
#: the articles of the other languages of :data:`ARTICLES` that are no English function word ("der", "le", "het";
#: not the Portuguese "a" / "as" or the Italian "i", which an English text means as English)
FOREIGN_ARTICLES: frozenset[str] = frozenset().union(
    *(words for lang, words in ARTICLES.items() if lang != "en")) - ENGLISH_STOPWORDS

# Negation cues must stay visible to the entailment module even when stopwords are dropped.
_KEEP_ALWAYS: frozenset[str] = frozenset({"not", "no", "never", "without", "nor"})

# Stopword lists for languages whose scripts/orthography do not collide with English words.
# (The ISO Russian list is not used: it contains content words such as "москва".)
_EXTRA_STOP_LANGS: tuple[str, ...] = ("uk", "vi")

RUSSIAN_STOPWORDS: frozenset[str] = frozenset(
    """и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по
    только ее её мне было вот от меня еще ещё нет о из ему теперь когда даже ну вдруг ли если
    уже или ни быть был была были было него до вас нибудь опять уж вам ведь там потом
    себя ничего ей может они тут где есть надо ней для мы тебя их чем сам чтоб без будто
    чего раз тоже себе под будет ж тогда кто этот этого того потому этой какой совсем
    ним здесь этом один почти мой тем чтобы нее неё были куда зачем всех никогда можно при
    наконец два об другой хоть после над больше тот через эти нас про всего них какая
    много разве три эту моя впрочем хорошо свою этой перед иногда лучше чуть том нельзя
    такой им более всегда конечно всю между это является""".split()
)


@lru_cache(maxsize=1)
def _stopwords() -> frozenset[str]:
    words: set[str] = set(ENGLISH_STOPWORDS) | set(RUSSIAN_STOPWORDS)
    try:
        import stopwordsiso

        for lang in _EXTRA_STOP_LANGS:
            if stopwordsiso.has_lang(lang):
                for w in stopwordsiso.stopwords(lang):
                    w = unicodedata.normalize("NFC", w).casefold()
                    if w and " " not in w and not w.isascii():
                        words.add(w)
    except Exception:  # pragma: no cover - package missing: English list only
        pass
    return frozenset(words - _KEEP_ALWAYS)


@lru_cache(maxsize=32)
def language_stopwords(language: str) -> frozenset[str]:
    """The function words of ``language`` (ISO 639-1, a region ignored: ``stopwordsiso``'s list, NFC, case-folded):
    "welche", "ist", "am" of German, "quelle", "est", "la" of French. English (the tokenizer's own list already
    applies) and a language without a list give an empty set."""
    code = re.split(r"[-_]", (language or "").strip().casefold(), maxsplit=1)[0]
    if code in ("", "en"):
        return frozenset()
    try:
        import stopwordsiso
    except ImportError:  # pragma: no cover - package missing: no list
        return frozenset()
    if not stopwordsiso.has_lang(code):
        return frozenset()
    return frozenset(unicodedata.normalize("NFC", w).casefold() for w in stopwordsiso.stopwords(code) if w)


def is_function_word(token: str, stops: frozenset[str]) -> bool:
    """Whether a (lower-cased, lightly stemmed: "menos" -> "meno") ``token`` is one of ``stops`` (a language's
    function words, :func:`language_stopwords`): as written, in its plural, or, for an elided word ("qu'est",
    "c'est", "dell'"), each of its parts."""
    if token in stops or f"{token}s" in stops:
        return True
    parts = [p for p in re.split(r"['’]", token) if p]
    return len(parts) > 1 and all(p in stops for p in parts)


def is_stopword(token: str) -> bool:
    """Return True if the (already lower-cased) ``token`` is a stopword."""
    return token in _stopwords()


#: a writer's first person plural ("we host", "our club", "wir haben gemessen", "nous avons", "nuestra prueba"): a
#: sentence in it speaks for its page's owner (a club, a firm, a review's testers), whom it does not name
FIRST_PERSON_PLURAL_RE = re.compile(
    r"\b(?:[Ww]e|WE|[Oo]urs?|[Oo]urselves|us|[Ww]ir|[Uu]ns(?:er\w*)?|[Nn]ous|[Nn]otre|[Nn]os|"
    r"[Nn]osotr[oa]s|[Nn]uestr[oa]s?|[Nn]oi|[Nn]ostr[oaie]|[Ww]ij|[Oo]nze)\b")


def first_person_plural(text: str) -> bool:
    """Whether ``text`` speaks in its writers' first person plural (:data:`FIRST_PERSON_PLURAL_RE`: "Every July we
    host the regatta", "our boathouse"; English, German, French, Spanish, Italian, Dutch). Never raises."""
    return bool(FIRST_PERSON_PLURAL_RE.search(text or ""))


_CJK_RE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_THAI_RE = re.compile(r"[\u0e01-\u0e4e]")
#: names written with symbols, kept whole: "at&t", "r&d", "c++", "notepad++", "c#", "f#", ".net", "asp.net",
#: "node.js", "vue.js" (lower-cased input)
_SYMBOL_NAME = (
    r"[a-z][a-z0-9]*(?:&[a-z0-9]+)+(?![\w&])"  # at&t, r&d, p&g
    r"|[a-z][a-z0-9]*\+\+(?![\w+])"  # c++, g++, notepad++
    r"|(?<![\w#])[a-z]#(?![\w#])"  # c#, f#
    r"|(?<![\w.])(?:[a-z][a-z0-9]*)?\.(?:net|js)(?![\w.])"  # .net, asp.net, node.js
)
_TOKEN_RE = re.compile(
    _SYMBOL_NAME + "|"
    r"\d+(?:[.,]\d+)*%?"  # numbers: 1,000  2.5  30%
    r"|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+"  # CJK runs
    r"|[\u0e01-\u0e4e]+"  # Thai runs (letters and their vowel and tone marks)
    r"|[^\W\d_\u0e00-\u0e7f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"  # words (not CJK or Thai: a
    r"(?:[^\W_\u0e00-\u0e7f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|['’](?=[^\W\d_]))*"  # script change splits)
)


def _stem(tok: str) -> str:
    """Very light English stemming: plural/possessive endings only (ASCII tokens)."""
    if tok.endswith("'s"):
        tok = tok[:-2]
    if not tok.isascii() or not tok.isalpha():
        return tok
    n = len(tok)
    if n > 4 and tok.endswith("ies"):
        return tok[:-3] + "y"
    if n > 4 and tok.endswith(("sses", "shes", "ches", "xes")):
        return tok[:-2]
    if n > 3 and tok.endswith("s") and not tok.endswith(("ss", "us", "is", "ous")):
        return tok[:-1]
    return tok


def _normalize_number(tok: str) -> str:
    # "1,000" -> "1000" but keep decimals "2.5"; a trailing ",5"-style decimal is rare in sources.
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?%?", tok):
        return tok.replace(",", "")
    return tok


def tokenize(text: str, *, drop_stopwords: bool = True) -> list[str]:
    """Split ``text`` into lower-cased, lightly stemmed word tokens.

    Latin, Cyrillic, Vietnamese (NFC-normalised) and other space-separated scripts give
    one token per word; apostrophes inside words are kept ("don't"), possessive "'s" and
    plural "s" are stripped from ASCII words. CJK and Thai runs (scripts written without spaces between words)
    are turned into overlapping character bigrams (a single character stays a unigram). Numbers are kept as tokens
    ("1,000" -> "1000", "2.5", "30%"). Names written with symbols stay whole: "AT&T" -> "at&t", "C++" -> "c++",
    "C#" -> "c#", ".NET" -> ".net", "Node.js" -> "node.js" (else they would vanish as stop words and single
    letters, or match every page that says "node" or "net").

    Args:
        text: any string (may be empty).
        drop_stopwords: drop function words (own English and Russian lists plus the
            Ukrainian and Vietnamese ISO lists) and single ASCII letters. Negation words ("not", "no", "never", "without",
            "nor") are never dropped.

    Returns:
        Tokens in text order (duplicates kept). Empty list for empty/blank input.
    """
    if not text:
        return []
    if len(text) <= _MEMO_CHARS:
        return list(_tokenize_memo(text, drop_stopwords))
    return _tokenize(text, drop_stopwords)


#: a hyphenated compound ("open-air", "built-in", "man-made", "co-founded"), its parts letters only
_COMPOUND_RE = re.compile(r"[^\W\d_]+(?:[-\u2010\u2011][^\W\d_]+)+")
#: a prefix that leaves the word after it the verb it is ("co-founded" founded jointly, "co-wrote"): that part is a
#: word of its own
_VERB_PREFIXES = frozenset({"co"})


def compound_only(text: str) -> frozenset[str]:
    """The tokens (as :func:`tokenize` gives them) that ``text`` writes only as parts of hyphenated compounds: a
    compound adjective or noun ("an open-air pool", "a built-in oven", "man-made") is its own word, so its parts
    ("open", "built", "made") state no verb of their own there. A part after the prefix "co-" ("co-founded") is
    its own word, and a token the text also writes alone ("opened in the open-air theatre": "opened" / "open") is not
    left out unless every occurrence is in a compound. Empty for a text without hyphenated words. Never raises."""
    if not text or "-" not in text and "\u2010" not in text and "\u2011" not in text:
        return frozenset()
    parts: set[str] = set()

    def keep(m: re.Match[str]) -> str:
        words = re.split(r"[-\u2010\u2011]", m.group(0))
        own = [w for i, w in enumerate(words) if i > 0 and words[i - 1].casefold() in _VERB_PREFIXES]
        parts.update(tokenize(" ".join(w for w in words if w not in own)))
        return " ".join(own) or " "

    rest = set(tokenize(_COMPOUND_RE.sub(keep, text)))
    return frozenset(parts - rest)


#: texts up to this many characters (sentences, claims, queries: retrieval and entailment tokenise the same ones
#: again and again, per claim and per resample) are memoised by :func:`tokenize`; longer ones (whole documents)
#: are tokenised each time and never kept
_MEMO_CHARS = 1000


@lru_cache(maxsize=8192)
def _tokenize_memo(text: str, drop_stopwords: bool) -> tuple[str, ...]:
    return tuple(_tokenize(text, drop_stopwords))


#: the function words a heading written in title case capitalises ("Things To Do In Orlby", "Bank Of The North"):
#: never a word of a name for :func:`_name_word`; nor is "I" ("In Orlby I met ...")
_TITLE_CASE_SMALL_WORDS = frozenset("a an the and or nor but of to in on at for by with from as i".split())
#: the word before a capitalised word in a name: a capitalised word of letters right before it, on the same line
_NAME_BEFORE_RE = re.compile(r"(?<![\w'’])([A-Z][^\W\d_]*)[ \t]+$")


def _name_word(written: str, raw: str, start: int) -> bool:
    """Whether the stop word ``raw`` (case-folded), written at ``written[start:]`` (the text as given, NFC), is a
    word of a proper name: capitalised, right after a capitalised word that is no stop word ("Ashmere Over", "Brellin
    Hers": not sentence-initial, and never a name's opening article), and none of the small words a title-case
    heading capitalises (:data:`_TITLE_CASE_SMALL_WORDS`: "Tickets For Sale")."""
    if raw in _TITLE_CASE_SMALL_WORDS or not written[start:start + 1].isupper():
        return False
    before = _NAME_BEFORE_RE.search(written[max(0, start - 40):start])
    return before is not None and _token(before.group(1).casefold(), True) != ()


def _tokenize(text: str, drop_stopwords: bool) -> list[str]:
    written = unicodedata.normalize("NFC", text)
    norm = written.casefold()
    # (positions of the case-folded text are the written text's unless folding changed a length: "ß" -> "ss")
    cased = drop_stopwords and len(norm) == len(written)
    out: list[str] = []
    for m in _TOKEN_RE.finditer(norm):
        raw = m.group(0)
        keep = cased and m.start() > 0 and raw in _stopwords() and _name_word(written, raw, m.start())
        out.extend(_token(raw, drop_stopwords and not keep))
    return out


@lru_cache(maxsize=1 << 16)
def _token(raw: str, drop_stopwords: bool) -> tuple[str, ...]:
    """The tokens one matched word gives (none, one, or a CJK/Thai run's bigrams): a pure function of the word,
    memoised (a corpus's words repeat: tokenising 10,000 documents for the search index looks up most of them)."""
    tok = raw.replace("’", "'")
    if _CJK_RE.match(tok) or _THAI_RE.match(tok):
        if len(tok) == 1:
            return (tok,)
        return tuple(tok[i : i + 2] for i in range(len(tok) - 1))
    if tok[0].isdigit():
        return (_normalize_number(tok),)
    if tok.endswith("n't") or tok == "cannot":
        return ("not",)  # the auxiliary itself ("do", "could", ...) carries no content
    stop = _stopwords() if drop_stopwords else frozenset()
    # (a function word as written, or its possessive: "other's"; never a word whose stem is one: "Downs" -> "down",
    # "Overs" -> "over" are words of names, as "Brellin Downs" is another place than "Brellin Park")
    if tok in stop or (tok.endswith("'s") and tok[:-2] in stop):
        return ()
    if drop_stopwords and len(tok) == 1 and tok.isascii():
        return ()
    stemmed = _stem(tok)
    return (stemmed,) if stemmed else ()


# ---------------------------------------------------------------------------
# Sentences
# ---------------------------------------------------------------------------

_BLOCK_BREAK_RE = re.compile(r"\n[ \t]*\n|\n(?=[ \t]*(?:[#>*•\-–|]|\d+[.)]\s))")
_CJK_SPLIT_RE = re.compile(r"(?<=[。！？])(?![」』”’)）])")
#: Thai has no full stop: a space between Thai letters ends a sentence (or clause)
_THAI_SPLIT_RE = re.compile(r"(?<=[\u0e01-\u0e4e])\s+(?=[\u0e01-\u0e4e])")
#: Markdown emphasis markers that close a sentence's bold or italics ("**", "*", "__", "_"), glued to the
#: sentence's end and followed by a space: the segmenter leaves them at the start of the next sentence
_CLOSING_EMPHASIS_RE = re.compile(r"([*_]{1,3})\s+(?=\S)")
_FALLBACK_SPLIT_RE = re.compile(r"(?<=[.!?])[\"'”’)\]]*\s+(?=[\"'“‘(\[]?[A-ZÀ-ÝА-Я0-9])")


_LOCAL = threading.local()


def _segmenter(language: str = "en") -> Any:
    """This thread's pysbd segmenter for ``language`` ("en" or "de"; None when pysbd is missing). One per thread:
    ``Segmenter.segment`` keeps the text in an attribute while it works, so a segmenter shared by threads returns
    another text's spans."""
    attr = "segmenter" if language == "en" else f"segmenter_{language}"
    seg = getattr(_LOCAL, attr, None)
    if seg is None:
        try:
            import pysbd

            seg = pysbd.Segmenter(language=language, clean=False, char_span=False)
        except Exception:  # pragma: no cover - pysbd missing
            seg = False
        setattr(_LOCAL, attr, seg)
    return seg or None


def with_trailing_space(text: str, sentences: list[str]) -> list[str]:
    r"""Each of ``sentences`` (pysbd's segments of ``text``, in order) as found in ``text`` with the whitespace after
    it: what ``pysbd.Segmenter.segment`` returns for a non-cleaning segmenter, computed with string searches.

    pysbd finds each segment with a regular expression made of the segment itself (``re.escape(sent) + r"\s*"``,
    its first match ending after the previous segment's; a segment not found is left out). Every such expression
    is new, and each one takes a place in the ``re`` module's cache of 512 compiled patterns, which drops the
    oldest first: a run of a few hundred claims pushed out pysbd's own fixed patterns (and every other library's),
    which were then compiled again for each text, so a text's segmenting cost grew with the number of texts
    segmented before it. Here the same matches are found with ``str.find`` (a literal pattern's leftmost
    non-overlapping matches) and ``str.isspace`` (``\s`` of a ``str`` pattern); an empty segment keeps pysbd's
    own reading."""
    out: list[str] = []
    prior_end = 0
    for sent in sentences:
        if not sent:
            for m in re.finditer(r"\s*", text):
                if m.end() > prior_end:
                    out.append(m.group())
                    prior_end = m.end()
                    break
            continue
        start = 0
        while True:
            i = text.find(sent, start)
            if i < 0:
                break
            end = i + len(sent)
            while end < len(text) and text[end].isspace():
                end += 1
            if end > prior_end:
                out.append(text[i:end])
                prior_end = end
                break
            start = end  # (finditer goes on after the match: non-overlapping)
    return out


#: a German ordinal inside a text: one or two digits and a full stop between spaces ("im 19. Jahrhundert", "am
#: 3. Mai"), which pysbd's German rules (``NumberPeriodSpaceRule``, its month rule) read as no sentence end
_ORDINAL_RE = re.compile(r"\s\d{1,2}\.\s")


def _segment_block(block: str) -> list[str]:
    seg = _segmenter()
    if seg is None:
        return _FALLBACK_SPLIT_RE.split(block)
    if _ORDINAL_RE.search(block) and detect_language(block) == "de":
        # "Fotografien aus dem 19. Jahrhundert": the English rules end a sentence at "19."; German text with an
        # ordinal is segmented with pysbd's German rules, which keep the ordinal and German abbreviations ("z. B.")
        seg = _segmenter("de")
    try:
        # ``seg.segment(block)`` without its per-segment regular expressions (see with_trailing_space)
        parts = with_trailing_space(block, list(seg.processor(block).process())) if block else []
    except Exception:  # pragma: no cover - defensive: pysbd regex edge cases
        parts = _FALLBACK_SPLIT_RE.split(block)
    out: list[str] = []
    for p in parts:
        for x in _CJK_SPLIT_RE.split(p):
            out.extend(y for y in _THAI_SPLIT_RE.split(x) if y)
    return out


def _has_word(s: str) -> bool:
    return any(ch.isalnum() for ch in s)


#: where a sentence's clauses part: a semicolon, a comma before a coordinated, contrasting or relative clause, or
#: such a conjunction itself ("... until 1951; the mill was rebuilt between 1850 and 1852", "the course is 2,000
#: metres, and the regatta started back in 1897", "..., which was restored in 1990-92")
_CLAUSE_BREAK_RE = re.compile(r"\s*;\s*|,\s+(?=(?:and|but|while|which|whereas)\b)|\s+(?=(?:but|while|whereas|which)\s)",
                              re.IGNORECASE)


#: where a sentence's coordinated clauses part, the conjunction dropped: a semicolon, or a comma before "and", "but",
#: "while" or "whereas" ("By 1820 the works employed 140 workers, and in 1880 ..."); :func:`split_clauses` keeps the
#: conjunction and also parts at a relative clause
COORDINATE_BREAK_RE = re.compile(r";\s*|,\s+(?:and|but|while|whereas)\s+", re.IGNORECASE)


def split_clauses(text: str) -> list[str]:
    """The clauses of ``text`` (one sentence) parted at :data:`_CLAUSE_BREAK_RE`, in order, each keeping the
    conjunction that opens it ("The family ran the mill until 1951; the mill was rebuilt between 1850 and 1852" ->
    ["The family ran the mill until 1951", "the mill was rebuilt between 1850 and 1852"]); empty parts dropped;
    ``[text]`` for a sentence of one clause. Never raises."""
    return [c for c in _CLAUSE_BREAK_RE.split(text or "") if c.strip()] or [text or ""]


def split_sentences(text: str) -> list[Sentence]:
    """Split ``text`` into sentences with exact character offsets.

    Blocks are first separated at blank lines and at line breaks that start a list item or
    heading; each block is segmented with pysbd's rule-based English segmenter (robust to
    abbreviations such as "Dr.", "U.S.", "e.g.", decimals and quotes) and additionally at
    CJK full stops and at spaces between Thai letters (Thai writes no full stop). Fragments without any letter or digit (e.g. a stray ".") are merged
    into the previous sentence.

    Returns:
        Sentences in order; for each ``s``: ``text[s.start:s.end] == s.text`` and
        ``s.text`` has no leading/trailing whitespace. Empty list for blank input.
    """
    if not text or text.isspace():
        return []
    return list(_split_short(text) if len(text) <= SHORT_TEXT else _split_memo(text))


#: texts of at most this many characters (a claim, a sentence, a title) are kept by their own memo
#: (:func:`_split_short`), apart from the pages
SHORT_TEXT = 1000


@lru_cache(maxsize=128)
def _split_memo(text: str) -> tuple[Sentence, ...]:
    """:func:`split_sentences` of the last texts split (the same page is split by the scraper's injection scan,
    the claim extractor and the verifier's evidence pool: pysbd costs about 10 ms per page of text)."""
    return tuple(_split(text))


@lru_cache(maxsize=4096)
def _split_short(text: str) -> tuple[Sentence, ...]:
    """:func:`split_sentences` of the last short texts split (at most :data:`SHORT_TEXT` characters; at most about
    5 MB kept). A run's claims are split again by each pass over them (the synthesizer's names of every claim, then
    its test of each claim for several sentences): sharing the pages' memo of 128 texts, a run of more than 128
    claims had pushed every claim out of it before the next pass came, so each was split by pysbd again, by each
    pass (issue 10: a run's cost per claim grew past 128 claims)."""
    return tuple(_split(text))


#: a line that is a label and its value ("Visitors 2023: 24,750", "Staff (full-time equivalent) 2023: 58"): a label
#: opened by a letter or digit, with no sentence end in it, a colon and a space, a short value
_LABEL_LINE_RE = re.compile(r"[ \t]*[^\W_][^\n:.!?;]{0,59}:[ \t]+\S[^\n]{0,79}")
#: the most words a label of :data:`_LABEL_LINE_RE` has
_LABEL_WORDS = 8


#: the marker opening a line of an FAQ's question or answer ("Q: Can I bring my dog?", "A: Yep, ..."): no label of a
#: value, the line is a question or its answer
FAQ_MARKER_RE = re.compile(r"[ \t]*(?:Q|A|Question|Answer)\s*:\s+(?=\S)")


def is_label_line(line: str) -> bool:
    """Whether ``line`` (one line, no line break) is a label and its value (:data:`_LABEL_LINE_RE`); an FAQ's "Q:" or
    "A:" line (:data:`FAQ_MARKER_RE`) is none."""
    return _LABEL_LINE_RE.fullmatch(line.rstrip()) is not None and len(line.split(":", 1)[0].split()) <= _LABEL_WORDS \
        and FAQ_MARKER_RE.match(line) is None


_Q_AUX = (r"(?:is|are|was|were|do|does|did|can|could|will|would|should|shall|may|might|must|has|have|had|"
          r"isn't|aren't|wasn't|weren't|don't|doesn't|didn't|can't|won't)")
#: a question written without its question mark (an informal FAQ's "is there an indoor pool for rainy days", "can i
#: bring my dog", "how big is the pool", "when are you open on saturdays"): an auxiliary and the subject after it,
#: or a wh-word (with at most one word of its phrase: "how big", "what time") and an auxiliary right after it
_QUESTION_LINE_RE = re.compile(
    rf"[ \t]*(?:{_Q_AUX}\s+(?:there|i|we|you|it|they|he|she|this|that|these|those|my|our|your|its|their|his|her|"
    r"anyone|anybody|someone|somebody)\b"
    rf"|(?:how|what|when|where|who|whom|whose|why|which)(?:\s+[^\W\d_]+)?\s+{_Q_AUX}\s)[^.!?;:,]*",
    re.IGNORECASE)


def is_question_line(line: str) -> bool:
    """Whether ``line`` (one line, no line break) is a question without its question mark: it opens with an
    auxiliary and its subject ("is there an indoor pool for rainy days", "can i bring my dog") or with a wh-word (and
    one word of its phrase) and an auxiliary ("how big is the pool", "when are you open on saturdays"), and holds no
    sentence end, colon or semicolon. A line ending in "?" is one too. Prose opening with a subordinate clause
    ("When the mill closed ..."), with "is" after a subject wrapped onto the line before ("is the oldest ...") or
    with a statement is none. Never raises."""
    body = (line or "").rstrip()
    if body.endswith(("?", "？")):
        return True
    if _QUESTION_LINE_RE.fullmatch(body) is None:
        return False
    # "is the oldest mill in the county" continues a sentence; "is there" / "is it" / "can i" opens a question
    m = re.match(rf"\s*{_Q_AUX}\s+(the|this|that|these|those|my|our|your|its|their|his|her)\b", body, re.IGNORECASE)
    return m is None or len(body.split()) <= 12


def _label_line_blocks(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The block ``text[start:end]`` (offsets into ``text``) cut at each line break before, between and after the
    lines of a run of two or more label lines (:func:`is_label_line`): lines that each are a label and its value ("Visitors 2023: 24,750" over "Workshops 2023:
    176") are no one sentence, whatever the segmenter reads (its fallback, :data:`_FALLBACK_SPLIT_RE`, ends a
    sentence only after a full stop). ``[(start, end)]`` when there is no such break."""
    block = text[start:end]
    if "\n" not in block or ":" not in block:
        return [(start, end)]
    lines = block.split("\n")
    labels = [False, *(is_label_line(ln) for ln in lines), False]
    # a line of a run of two or more label lines (labels[j + 1] is line j's)
    listed = [labels[j + 1] and (labels[j] or labels[j + 2]) for j in range(len(lines))]
    out: list[tuple[int, int]] = []
    pos = offset = start
    for i, ln in enumerate(lines[:-1]):
        offset += len(ln)
        if listed[i] or listed[i + 1]:
            out.append((pos, offset))
            pos = offset + 1
        offset += 1
    out.append((pos, end))
    return out


def _split(text: str) -> list[Sentence]:
    spans: list[tuple[int, int]] = []
    pos = 0
    block_bounds: list[tuple[int, int]] = []
    for m in _BLOCK_BREAK_RE.finditer(text):
        block_bounds += _label_line_blocks(text, pos, m.start())
        pos = m.end()
    block_bounds += _label_line_blocks(text, pos, len(text))

    for b_start, b_end in block_bounds:
        block = text[b_start:b_end]
        if not block.strip():
            continue
        cursor = 0
        for part in _segment_block(block):
            core = part.strip()
            if not core:
                continue
            idx = block.find(core, cursor)
            if idx < 0:
                # segmenter altered the text; fall back to the remainder of the block
                idx = cursor
                while idx < len(block) and block[idx].isspace():
                    idx += 1
                core = block[idx:].rstrip()
                if not core:
                    break
            s, e = b_start + idx, b_start + idx + len(core)
            cursor = idx + len(core)
            if spans and not _has_word(core) and spans[-1][1] <= s:
                # stray punctuation: glue to the previous sentence when contiguous-ish
                prev_s, _ = spans[-1]
                if text[spans[-1][1] : s].strip() == "":
                    spans[-1] = (prev_s, e)
                    continue
            if spans and spans[-1][1] == s and s >= 2 and text[s - 1] == "." and text[s - 2].isspace():
                spans[-1] = (spans[-1][0], e)  # "install .NET on Linux": a dot that opens a name ends nothing
                continue
            if spans and spans[-1][1] == s and s >= 2 and text[s - 1] == "." and not text[s - 2].isspace() \
                    and (core[0].islower() or core[0] == "_"):
                # "midiloom.read(path).tempos": a dot with no space after it joins a chain of code, ending nothing
                spans[-1] = (spans[-1][0], e)
                continue
            if spans and spans[-1][1] == s and (closing := _CLOSING_EMPHASIS_RE.match(core)):
                # "**Is it free?** Yes, it is.": Markdown emphasis closed right after the sentence's end belongs
                # to that sentence, not to the next one ("** Yes, it is.")
                spans[-1] = (spans[-1][0], s + len(closing.group(1)))
                s += closing.end()
                if s >= e:
                    continue
            spans.append((s, e))
        # nothing else in this block
    return [Sentence(start=s, end=e, text=text[s:e]) for s, e in spans]


# ---------------------------------------------------------------------------
# Language
# ---------------------------------------------------------------------------


def detect_language(text: str) -> str:
    """Return the ISO 639-1 code of ``text``'s language (py3langid, deterministic; a variety of a macrolanguage is
    the macrolanguage: :data:`MACROLANGUAGES`, "arz" -> "ar"; a language without an ISO 639-1 code keeps py3langid's
    ISO 639-3 label).

    Text mostly in Han or kana characters (at least 4) is ``"zh"`` or ``"ja"`` (kana), mostly Thai is ``"th"``,
    however short. Otherwise text with fewer than 12 letters returns ``"en"``; ASCII-only text with fewer than 40
    letters (too short for the model alone to tell English from other Latin-script languages) is English unless
    its function words say otherwise (:func:`_short_text_language`: "Wie hoch ist der Leuchtturm von Grisby?" is
    ``"de"``); accented Latin-script text that short (:func:`latin_script`) is the language its function words say
    when they say one ("À quelle altitude culmine le pic Orlan ?" is ``"fr"``, not the model's ``"it"``), else the
    model's label stands. A question under 40 letters opened by a French, German, Spanish or Italian wh-phrase is in that
    language when that language's function words (the wh-word and an elided article counted) outnumber its English
    ones (:func:`_wh_language`: "Combien d'habitants compte Ostrelle ?" is ``"fr"``, "Wer ist Ada?" ``"de"``). A text under :data:`FUNCTION_WORD_CHECK_LETTERS` letters the model labels another language is English
    when it has more English function words than that language's. Any detector failure returns ``"en"``.

    A short text's answer (at most :data:`SHORT_TEXT` characters: a claim, a sentence, a title, a question) is kept
    for the next call (:func:`_detect_short`).
    """
    if len(text) <= SHORT_TEXT:
        return _detect_short(text)
    return _detect(text)


@lru_cache(maxsize=4096)
def _detect_short(text: str) -> str:
    """:func:`detect_language` of the last short texts asked (at most :data:`SHORT_TEXT` characters; at most about
    4 MB kept). The synthesizer asks it of every claim in each of its passes (three rankings, the lead, the gate's
    features: about six times a claim), the language model costing about 1 ms a text (issue 10: a run's CPU per
    claim, 200 vs 50 claims)."""
    return _detect(text)


def _detect(text: str) -> str:
    """:func:`detect_language`, computed."""
    letters = sum(1 for ch in text if ch.isalpha())
    cjk = len(_CJK_RE.findall(text))
    # a script written without spaces says its language in few characters ("明长城的总长度是多少？": 10 letters)
    if cjk >= 4 and cjk >= max(4, letters // 3):
        kana = sum(1 for ch in text if "\u3040" <= ch <= "\u30ff")
        return "ja" if kana >= 2 else "zh"
    if sum(1 for ch in text if "\u0e00" <= ch <= "\u0e7f") >= max(4, letters // 2):
        return "th"
    if letters < SHORT_TEXT_LETTERS:
        # a short question opened by one language's wh-phrase, with that language's function words, is in that
        # language ("Combien d'habitants compte Ostrelle ?", "Wer ist Ada?"), however the model labels so few letters
        asked = _wh_language(text)
        if asked is not None:
            return asked
    if letters < 12:
        return "en"
    if letters < SHORT_TEXT_LETTERS and text.isascii():
        return _short_text_language(text)
    if letters < SHORT_TEXT_LETTERS and latin_script(text) and (short := _short_text_language(text)) != "en":
        return short  # "À quelle altitude culmine le pic Orlan ?": French by its words, whatever the model's label
    try:
        from shared.text.langid import identifier

        lang, _ = identifier().classify(text)
        code = MACROLANGUAGES.get(str(lang), str(lang)) if lang else "en"
    except Exception:  # pragma: no cover
        return "en"
    if (
        code != "en"
        and letters < FUNCTION_WORD_CHECK_LETTERS
        and _function_words(text, code, "en") < _function_words(text, "en", code)
    ):
        return "en"  # "Were both Ernst Messerschmid and Reinhold Ewald ESA astronauts?" was "lb"
    return code


#: a text with fewer letters (a question, a title) labelled another language by the model is English when it has
#: more English function words than function words of that language (``stopwordsiso``; not English ones)
FUNCTION_WORD_CHECK_LETTERS = 200


def _function_words(text: str, code: str, other: str) -> int:
    """How many of ``text``'s words are function words of language ``code`` and not of language ``other``
    (``stopwordsiso``: "la", "de", "en" are on the English list too, so they never count for English against
    Spanish). 0 when ``code`` has no list."""
    import stopwordsiso

    if not stopwordsiso.has_lang(code):
        return 0
    own = stopwordsiso.stopwords(code)
    shared = stopwordsiso.stopwords(other) if stopwordsiso.has_lang(other) else set()
    return sum(1 for w in _WORD_RE.findall(text) if (c := w.casefold()) in own and c not in shared)


#: a text with fewer letters is short: the model alone does not tell its language from its function words
SHORT_TEXT_LETTERS = 40
#: how many of py3langid's best-ranked languages a short text's function words are counted in
SHORT_TEXT_CANDIDATES = 3
#: the least number of a short text's words that must be function words of its language and not English ones
SHORT_TEXT_MIN_FUNCTION_WORDS = 2
_WORD_RE = re.compile(r"[^\W\d_]+")


def latin_script(text: str) -> bool:
    """Whether every letter of ``text`` is a letter of the Latin script (ASCII or accented: "À quelle altitude
    culmine le pic Orlan ?", "Wie hoch ist der Märeturm?"); True for a text without letters. Greek, Cyrillic, Arabic
    and other scripts' letters make it False."""
    return all(ch.isascii() or not ch.isalpha() or unicodedata.name(ch, "").startswith("LATIN") for ch in text)


@lru_cache(maxsize=4096)
def _short_text_language(text: str) -> str:
    """The language of a short Latin-script text (under 40 letters: a question such as "Wie hoch ist der Leuchtturm von
    Grisby?"), else ``"en"``. Of py3langid's :data:`SHORT_TEXT_CANDIDATES` best-ranked languages other than
    English, the one with the most words in its ``stopwordsiso`` list and not in the English list is taken when it
    has at least :data:`SHORT_TEXT_MIN_FUNCTION_WORDS` such words and more than the text has English function words
    ("wie", "ist", "der", "von" against none); names ("Who wrote Der Steppenwolf?": one German word) and English
    questions whose model label is another language ("Is Brno in Austria?") stay English."""
    try:
        from shared.text.langid import identifier

        ranked = [MACROLANGUAGES.get(str(lang), str(lang)) for lang, _ in identifier().rank(text)]
        best, best_count = "en", 0
        for lang in ranked[:SHORT_TEXT_CANDIDATES]:
            count = _function_words(text, lang, "en") if lang != "en" else 0
            if count > best_count:
                best, best_count = lang, count
        if best_count < SHORT_TEXT_MIN_FUNCTION_WORDS or best_count <= _function_words(text, "en", best):
            return "en"
        return best
    except Exception:  # pragma: no cover - detector or lists missing
        return "en"


#: an elided function word before the next word ("d'habitants", "l'église", "qu'il", "dell'anno"), lower case
_ELIDED_RE = re.compile(r"(?<![^\W\d_])([a-z]{1,4})['’](?=[^\W\d_])")


@lru_cache(maxsize=4096)
def _wh_language(text: str) -> str | None:
    """The language of a short question opened by a French, German, Spanish or Italian wh-phrase
    (:func:`shared.text.wh_words.opening_wh`: "Combien", "Seit wann", "¿Dónde", "Chi"), or None. The question is in
    that language when its function words there (``stopwordsiso``'s list, words on the English list too left out; the
    wh-phrase's words and an elided article or pronoun, "d'" of "d'habitants", counted whatever the English list
    says; the wh-phrase once) outnumber its English function words (those not on that language's list) and number
    at least :data:`SHORT_TEXT_MIN_FUNCTION_WORDS`: the wh-phrase and one more ("Wer ist Ada?"). An English question
    opening with a name that is a wh-word elsewhere ("Dove Cameron starred in which film?", "Chi Cheng?") stays
    English: its "which" is English, a name alone is no function word. None when no such phrase opens the text, or
    its language has no list."""
    import stopwordsiso

    from shared.text.wh_words import opening_wh

    for lang, _kind, said in opening_wh(text):
        if not stopwordsiso.has_lang(lang):
            continue
        own = stopwordsiso.stopwords(lang)
        english = stopwordsiso.stopwords("en")
        rest = text[text.find(said) + len(said) :]  # the words after the wh-phrase, which counts once
        words = [w.casefold() for w in _WORD_RE.findall(rest)]
        elided = {m.group(1) for m in _ELIDED_RE.finditer(rest) if m.group(1) in own}
        count = 1 + sum(1 for w in words if w in elided or (w in own and w not in english))
        against = sum(1 for w in words if w in english and w not in own)
        if count > against and count >= SHORT_TEXT_MIN_FUNCTION_WORDS:
            return lang
    return None


#: py3langid labels of a variety of a macrolanguage that ISO 639-1 codes (ISO 639-3 macrolanguage members):
#: Egyptian and Moroccan Arabic are Arabic, Cantonese and Wu are Chinese, Southern Uzbek is Uzbek, Paraguayan Guaraní
#: is Guaraní, Southern Kurdish is Kurdish, Nigerian Fulfulde is Fula, Latgalian is Latvian. The report, its words
#: and its notes are those of the macrolanguage (an Egyptian Arabic question gets an Arabic report).
MACROLANGUAGES: dict[str, str] = {"arz": "ar", "ary": "ar", "yue": "zh", "wuu": "zh", "uzs": "uz", "gug": "gn",
                                  "sdh": "ku", "fuv": "ff", "ltg": "lv"}

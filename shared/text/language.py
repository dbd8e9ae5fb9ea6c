"""The report's language: names for prompts, a question's explicit request for another language, whether a
model's text is clearly written in another language than the report's, and the words that negate a sentence in
each report language (:data:`NEGATION_CUES`, :func:`negation_cues`)."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

from shared.text.tokens import detect_language

__all__ = ["LANGUAGES", "NEGATION_CUES", "NUMBER_ABBREVIATION_RE", "describe_language", "foreign_language", "has_negation", "language_name",
           "negation_cues", "requested_language", "report_language"]

#: ISO 639-1 code -> (English name, other names a question may use for it)
LANGUAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "en": ("English", ("english", "anglais", "englisch", "inglés", "ingles", "tiếng anh", "английском")),
    "vi": ("Vietnamese", ("vietnamese", "tiếng việt", "tieng viet")),
    "fr": ("French", ("french", "français", "francais", "französisch", "francés")),
    "de": ("German", ("german", "deutsch", "allemand", "alemán")),
    "es": ("Spanish", ("spanish", "español", "espanol", "espagnol", "spanisch")),
    "it": ("Italian", ("italian", "italiano", "italien")),
    "pt": ("Portuguese", ("portuguese", "português", "portugues")),
    "nl": ("Dutch", ("dutch", "nederlands")),
    "ru": ("Russian", ("russian", "русском", "русский")),
    "uk": ("Ukrainian", ("ukrainian", "українською")),
    "pl": ("Polish", ("polish", "polsku", "polski")),
    "tr": ("Turkish", ("turkish", "türkçe")),
    "ar": ("Arabic", ("arabic", "العربية")),
    "zh": ("Chinese", ("chinese", "中文", "汉语")),
    "ja": ("Japanese", ("japanese", "日本語")),
    "ko": ("Korean", ("korean", "한국어")),
    "hi": ("Hindi", ("hindi", "हिन्दी")),
    "id": ("Indonesian", ("indonesian", "bahasa indonesia")),
    "th": ("Thai", ("thai", "ภาษาไทย")),
    "sv": ("Swedish", ("swedish", "svenska")),
    "cs": ("Czech", ("czech", "česky", "čeština")),
    "el": ("Greek", ("greek", "ελληνικά")),
    "he": ("Hebrew", ("hebrew", "עברית")),
    "fa": ("Persian", ("persian", "farsi", "فارسی")),
}

_VERB = (r"(?:answer|reply|respond|write|report|explain|summari[sz]e|translate|trả lời|viết|réponds|répondez|"
         r"antworte|responde|ответь|ответьте)")
_OBJ = r"(?:\s+(?:it|this|that|me|us|the\s+answer|the\s+report|back|please))*"
_PREP = r"\s+(?:in|into|en|auf|на|bằng)\s+"


def language_name(code: str) -> str:
    """The English name of an ISO 639-1 code (:data:`LANGUAGES`, else CLDR's English name through Babel: "sw" ->
    "Swahili", "arz" -> "Egyptian Arabic"; the code itself when neither knows it)."""
    if code in LANGUAGES:
        return LANGUAGES[code][0]
    from babel import Locale

    name = Locale("en").languages.get(code) if code else None
    return str(name) if name else code


def describe_language(code: str) -> str:
    """'Vietnamese (vi)', for prompts."""
    return f"{language_name(code)} ({code})"


def requested_language(question: str) -> str | None:
    """The language a question explicitly asks the answer to be written in ("... answer in French",
    "write the report in German"), if any: an asking verb, then "in <language>"."""
    low = question.casefold()
    for code, (name, aliases) in LANGUAGES.items():
        names = "|".join(re.escape(a) for a in dict.fromkeys((name.casefold(), *aliases)))
        if re.search(rf"{_VERB}{_OBJ}{_PREP}(?:{names})\b", low):
            return code
    return None


def report_language(question: str, *, requested: str | None = None, model_says: str | None = None) -> str:
    """The language the report is written in.

    The run request's ``language`` wins; then an explicit request in the question ("answer in French"); then the
    question's own language (detected offline). ``model_says`` (the planner model's reading) is taken only when it
    agrees with one of those or the question names that language: a small model's guess never overrides the
    detector silently.
    """
    if requested:
        return requested
    asked = requested_language(question)
    if asked:
        return asked
    detected = detect_language(question)
    code = (model_says or "").strip().lower()[:2]
    if code and code != detected and code in LANGUAGES:
        names = (LANGUAGES[code][0].casefold(), *LANGUAGES[code][1])
        if any(n in question.casefold() for n in names):
            return code
    return detected


#: below this probability of the report's language (py3langid, length-calibrated) a text is not in it ...
MAX_OWN_PROBABILITY = 0.01
#: ... provided another language is at least this likely (names-only text spreads thin over many languages)
MIN_OTHER_PROBABILITY = 0.1


@lru_cache(maxsize=1)
def _identifier() -> Any:
    """py3langid's bundled model with length-calibrated probabilities (None when py3langid is missing)."""
    try:
        from shared.text.langid import identifier

        return identifier(norm_probs=True)
    except Exception:  # noqa: BLE001 (pragma: no cover - package missing: nothing can be told)
        return None


def foreign_language(text: str, language: str, *, min_letters: int = 40) -> str | None:
    """The language ``text`` is clearly written in when that is not ``language``; None when it is ``language``,
    could be, or is too short to tell.

    ``language``: ISO 639-1 (a region such as ``pt-BR`` is ignored). ``text`` is foreign when it has at least
    ``min_letters`` letters, the report's language has a probability below ``MAX_OWN_PROBABILITY`` (0.01) and
    another language at least ``MIN_OTHER_PROBABILITY`` (0.1) (py3langid, probabilities calibrated on the text's
    length). At 40 letters of prose the test is reliable; title and headings can be tested from about 12 letters
    (together, or one long heading): a string of proper names is never foreign (no language is likely enough).

    Returns: an ISO 639-1 code such as ``"en"``, or None. Never raises (an unknown code or a detector failure
    gives None).
    """
    code = re.split(r"[-_]", (language or "").strip().casefold(), maxsplit=1)[0]
    if sum(1 for ch in text if ch.isalpha()) < min_letters:
        return None
    ident = _identifier()
    if ident is None or code not in ident.labels:
        return None
    try:
        ranked = ident.rank(text)
    except Exception:  # noqa: BLE001 (pragma: no cover - defensive: a detector failure tells nothing)
        return None
    probs = dict(ranked)
    top, top_p = ranked[0]
    if top == code or probs.get(code, 0.0) >= MAX_OWN_PROBABILITY or top_p < MIN_OTHER_PROBABILITY:
        return None
    return str(top)


# ---- negation ----------------------------------------------------------------------------------------------
#: ISO 639-1 code -> words that negate a sentence in that language (lower case). Cues, not a grammar: they find
#: the common free-standing negations ("not", "không", "nicht", "не", ...); a language that mostly negates with a
#: verb prefix or suffix (Turkish "-me/-ma", Czech "ne-", Persian "ن-") is caught only through its free words
#: (and, for Persian, the prefix "نمی"). Arabic "ما" is left out on purpose: it is far more often the relative
#: "what / that" than a negation, so as a cue it would reject faithful sentences. Chinese, Japanese and Korean
#: write no spaces between words (or negate inside a word): their cues are found as substrings
#: (``_SUBSTRING_LANGUAGES``), the others as whole words.
NEGATION_CUES: dict[str, frozenset[str]] = {code: frozenset(words.split()) for code, words in {
    "en": "not no never cannot without none neither nor nobody nothing nowhere",
    "vi": "không chẳng chưa chả",
    "fr": "ne pas jamais aucun aucune sans",
    "de": "nicht kein keine keinen keinem keiner keines nie niemals ohne",
    "es": "no nunca ningún ninguno ninguna jamás tampoco sin",
    "pt": "não nunca nenhum nenhuma jamais sem",
    "it": "non mai nessun nessuno nessuna senza",
    "nl": "niet geen nooit zonder",
    "ru": "не нет никогда без",
    "uk": "не ні ніколи без",
    "zh": "不 没 未 非 无",
    "ja": "ない ません ずに なかった",
    "ko": "않 없 아니 못",
    "ar": "لا لم لن ليس ليست ولا ولم ولن وليس بدون",
    "hi": "नहीं न मत बिना",
    "tr": "değil yok hiç hiçbir asla",
    "pl": "nie nigdy żaden żadna żadne bez",
    "id": "tidak bukan tak belum tanpa tiada jangan",
    "sv": "inte ej aldrig ingen inget inga utan",
    "cs": "ne nikdy žádný žádná žádné bez",
    "el": "δεν μην ποτέ κανένας καμία κανένα όχι χωρίς",
    "he": "לא ולא אין אינו אינה אינם מעולם",
    "fa": "نه نیست نیستند هرگز بدون",
}.items()}
#: languages whose cues are matched as substrings (no spaces between words, or negation inside the word)
_SUBSTRING_LANGUAGES = frozenset({"zh", "ja", "ko"})
#: common words that contain a cue without negating anything, removed before the cues are looked for
#: (Vietnamese "không gian" is "space", "hàng không" "aviation", "không chỉ" "not only ... but also"; Chinese
#: 非常 "very", 未来 "future"; Japanese まず "first", 必ず "surely"; Korean 잘못 "mistake")
_NOT_NEGATIONS: dict[str, tuple[str, ...]] = {
    "vi": ("không gian", "không khí", "hàng không", "không quân", "không chỉ", "không những", "không lâu"),
    "zh": ("非常", "非洲", "未来", "不仅", "不但", "不同", "无论"),
    "ja": ("まず", "必ず", "わずか"),
    "ko": ("잘못",),
}
#: negations written inside a word, by language: (pattern, the cue it stands for)
_NEGATION_AFFIXES: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {
    "en": ((re.compile(r"[^\W\d_]n['’]t(?![^\W_])", re.IGNORECASE), "not"),),  # "isn't", "didn't"
    "fr": ((re.compile(r"(?<![^\W_])n['’](?=[^\W\d_])", re.IGNORECASE), "ne"),),  # "n'est", "n'a"
    "fa": ((re.compile(r"(?<![^\W_])نمی"), "نمی"),),  # "نمی‌کند"
}
#: "No. 1", "no. 7", "No 3": the abbreviation of "number" before a number, not a negation (undotted only before a
#: number standing alone: "no 24-hour service", "no 3D printer" deny); so is a dotted "No." naming a table's column
#: ("| No. | Name |") or a count ("No. of stations")
NUMBER_ABBREVIATION_RE = re.compile(r"(?<![^\W_])no(?:\.\s*|\s*(?=\d+(?:[.,]\d+)*(?![\w-])))(?=\d)"
                                    r"|(?<![^\W_])no\.(?=[ \t]*(?:\||of\s))", re.IGNORECASE)
_APOSTROPHES = "'’"


def _code(language: str | None) -> str:
    return re.split(r"[-_]", (language or "").strip().casefold(), maxsplit=1)[0]


def _words(text: str) -> list[str]:
    """``text``'s words, lower case, without surrounding punctuation or a possessive "'s" ("Nobody's" ->
    "nobody"); split on spaces and punctuation only, so scripts with combining vowel signs stay whole."""
    out: list[str] = []
    cleaned = "".join(" " if unicodedata.category(ch)[0] in "PSZ" and ch not in _APOSTROPHES else ch
                      for ch in text)
    for raw in cleaned.split():
        word = raw.strip(_APOSTROPHES).casefold()
        for ending in ("'s", "’s"):
            if word.endswith(ending):
                word = word[:-2]
        if word:
            out.append(word)
    return out


def negation_cues(text: str, language: str | None) -> set[str]:
    """The negation cues of ``language`` (:data:`NEGATION_CUES`) that ``text`` uses.

    ``language``: ISO 639-1 (a region such as ``pt-BR`` is ignored); None: every language's cues (to tell
    whether a text in an unknown language negates at all). Chinese, Japanese and Korean cues are found as
    substrings, the others as whole words (case ignored); a few common words that merely contain a cue are not
    cues (``_NOT_NEGATIONS``: Vietnamese "không gian", Chinese 非常, ...), nor is "No. 1". Negations written
    inside a word count as their free word: English "isn't" is "not", French "n'est" is "ne".

    Returns: the cues found, as listed in the table (empty for a language without cues). Never raises.
    """
    code = _code(language)
    codes = list(NEGATION_CUES) if language is None else [code] if code in NEGATION_CUES else []
    text = NUMBER_ABBREVIATION_RE.sub(" ", unicodedata.normalize("NFC", text or ""))
    found: set[str] = set()
    for lang in codes:
        own = text.casefold()
        for phrase in _NOT_NEGATIONS.get(lang, ()):
            own = own.replace(phrase, " ")
        if lang in _SUBSTRING_LANGUAGES:
            found |= {cue for cue in NEGATION_CUES[lang] if cue in own}
        else:
            words = set(_words(own))
            found |= NEGATION_CUES[lang] & words
        for pattern, cue in _NEGATION_AFFIXES.get(lang, ()):
            if pattern.search(own):
                found.add(cue)
    return found


def has_negation(text: str, language: str | None = None) -> bool:
    """Whether ``text`` uses a negation cue of ``language`` (None: of any language of :data:`NEGATION_CUES`).
    See :func:`negation_cues`."""
    return bool(negation_cues(text, language))

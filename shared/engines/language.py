"""The report's language: names for prompts, a question's explicit request for another language, and whether a
model's text is clearly written in another language than the report's."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from shared.offline.text import detect_language

__all__ = ["LANGUAGES", "describe_language", "foreign_language", "language_name", "requested_language",
           "report_language"]

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
}

_VERB = (r"(?:answer|reply|respond|write|report|explain|summari[sz]e|translate|trả lời|viết|réponds|répondez|"
         r"antworte|responde|ответь|ответьте)")
_OBJ = r"(?:\s+(?:it|this|that|me|us|the\s+answer|the\s+report|back|please))*"
_PREP = r"\s+(?:in|into|en|auf|на|bằng)\s+"


def language_name(code: str) -> str:
    """The English name of an ISO 639-1 code (the code itself when unknown)."""
    return LANGUAGES.get(code, (code, ()))[0]


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
        from py3langid.langid import MODEL_FILE, LanguageIdentifier

        return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
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

"""The report's language: names for prompts, and a question's explicit request for another language."""

from __future__ import annotations

import re

from shared.offline.text import detect_language

__all__ = ["LANGUAGES", "describe_language", "language_name", "requested_language", "report_language"]

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

"""Where a report's evidence comes from: sources' dates and languages.

Small and separate from the ranking on purpose: :func:`rank_claims` adds :func:`recency_bonus` to its score (a
question asking for the latest or current thing prefers the newest dated source), the Answer section says the
date of the source it leads with for such a question (:func:`date_note`), the Sources list shows each source's
author and dates (:func:`source_meta`), and an offline report whose sources are in another language than the
question says so under "What is missing" (:func:`language_gap`).
"""

from __future__ import annotations

import re

from shared.evidence import SourceInfo, VerifiedClaim
from shared.text.language import language_name

__all__ = ["RECENCY_BONUS", "asks_latest", "date_note", "language_gap", "newest_date", "recency_bonus",
           "source_date", "source_meta", "superseded"]

#: added to the ranking score of relevant claims from the newest dated source(s) when the question asks for the
#: latest (scores are normalised BM25 in [0, 1] plus small bonuses: this lifts the newest source's claim above an
#: older source's equally relevant one, by more than the Answer section's 0.6 x best cut)
RECENCY_BONUS = 1.0
#: a claim gets the bonus only when its normalised relevance to the question is at least this
RECENCY_MIN_RELEVANCE = 0.5

#: "latest", "current", "newest", "most recent", "as of now", "today" ... and the same in a few other languages
_LATEST_RE = re.compile(
    r"\b(?:latest|newest|current(?:ly)?|most\s+recent|as\s+of\s+(?:now|today)|nowadays|up[\s-]to[\s-]date|"
    r"today|right\s+now|dernière|dernier|actuel(?:le)?|neueste[nrs]?|aktuelle[nrs]?|derzeit|último|última|"
    r"actual(?:mente)?|attuale|più\s+recente|najnowsz[aey]|obecn[aey]|последн(?:ий|яя|ее|юю)|текущ(?:ий|ая|ее))\b"
    r"|最新|目前|当前|現在|现在|现行|現行",
    re.IGNORECASE,
)


def asks_latest(question: str) -> bool:
    """Whether ``question`` asks for the latest, newest or current state of something."""
    return bool(_LATEST_RE.search(question))


def source_date(info: SourceInfo | None) -> str | None:
    """The date a source speaks for (ISO ``YYYY-MM-DD``): its modified date, else its publication date."""
    if info is None:
        return None
    return info.modified or info.published


def newest_date(sources: dict[str, SourceInfo], source_ids: set[str]) -> str | None:
    """The newest :func:`source_date` among ``source_ids`` (None when none of them is dated)."""
    dates = [d for sid in source_ids if (d := source_date(sources.get(sid)))]
    return max(dates) if dates else None


def recency_bonus(question: str, claims: list[VerifiedClaim], sources: dict[str, SourceInfo],
                  relevance: list[float]) -> list[float]:
    """Per claim: :data:`RECENCY_BONUS` when ``question`` asks for the latest thing (:func:`asks_latest`), the
    claim is relevant (``relevance[i]``, normalised to [0, 1], at least :data:`RECENCY_MIN_RELEVANCE`) and its
    source has the newest date among the dated sources of the relevant claims; else 0. Undated sources get
    nothing, and when the relevant claims' dated sources share one date nothing changes."""
    if not claims or not asks_latest(question):
        return [0.0] * len(claims)
    relevant = [r >= RECENCY_MIN_RELEVANCE for r in relevance]
    dates = [source_date(sources.get(c.source_id)) for c in claims]
    known = {d for d, ok in zip(dates, relevant) if d and ok}
    if len(known) < 2:
        return [0.0] * len(claims)
    newest = max(known)
    return [RECENCY_BONUS if ok and d == newest else 0.0 for d, ok in zip(dates, relevant)]


def superseded(question: str, lead: VerifiedClaim, claim: VerifiedClaim, sources: dict[str, SourceInfo]) -> bool:
    """Whether ``claim`` is superseded by the report's ``lead`` claim for a question asking for the latest thing:
    both sources are dated and ``claim``'s is older. Such a claim is left out of the Answer section (it stays among
    the Findings): an older page's "latest version" is not the answer next to a newer one."""
    if claim.source_id == lead.source_id or not asks_latest(question):
        return False
    mine, theirs = source_date(sources.get(claim.source_id)), source_date(sources.get(lead.source_id))
    return bool(mine and theirs and mine < theirs)


def date_note(question: str, claim: VerifiedClaim, sources: dict[str, SourceInfo]) -> str:
    """`` (2024-06-01)``: the date of the claim's source, written after the lead claim of a report whose question
    asks for the latest thing, so the reader sees how current the answer is; ``""`` otherwise."""
    if not asks_latest(question):
        return ""
    when = source_date(sources.get(claim.source_id))
    return f" ({when})" if when else ""


def source_meta(info: SourceInfo | None) -> str:
    """What the Sources list says of a source besides its title and address: ``"news, BBC News, Ada Byron,
    2024-03-05 → 2024-06-01"`` (kind, publisher named by the page, author, publication date, later modified
    date; each when known; then a scholarly source's status, e.g. "expression of concern (2022-01-17)"), or
    ``""``."""
    if info is None:
        return ""
    dates = " → ".join(d for d in (info.published, info.modified) if d)
    kind = KIND_WORDS.get(info.kind, "")
    if info.sponsored:  # sponsored or affiliate content says so first, with why
        why = " ".join(info.sponsored.split())
        kind = "sponsored or affiliate content" + (f" ({why})" if why != KIND_WORDS["affiliate_review"] else "")
    who = " ".join((info.publisher or "").split())
    return ", ".join(p for p in (kind, who, " ".join((info.author or "").split()), dates, info.scholarly_note or "")
                     if p)


#: how the Sources list names a source's kind (nothing for "unknown")
KIND_WORDS = {"paper": "paper", "preprint": "preprint", "news": "news", "reference": "reference work",
              "manufacturer": "manufacturer", "retailer": "retailer", "forum": "forum", "blog": "blog",
              "affiliate_review": "affiliate review"}


#: the language-gap notes in the languages written without spaces (a Chinese question's report reads Chinese
#: headings: its notes are not English): report language -> (language names by ISO 639-1 code, the notes'
#: templates). Another report language gets the English notes (its language names are English too).
_GAP_NAMES = {
    "zh": {"en": "英文", "zh": "中文", "ja": "日文", "ko": "韩文", "fr": "法文", "de": "德文", "es": "西班牙文",
           "pt": "葡萄牙文", "it": "意大利文", "ru": "俄文", "ar": "阿拉伯文", "vi": "越南文", "th": "泰文",
           "nl": "荷兰文", "sv": "瑞典文", "pl": "波兰文", "tr": "土耳其文", "hi": "印地文"},
    "ja": {"en": "英語", "zh": "中国語", "ja": "日本語", "ko": "韓国語", "fr": "フランス語", "de": "ドイツ語",
           "es": "スペイン語", "pt": "ポルトガル語", "it": "イタリア語", "ru": "ロシア語", "ar": "アラビア語",
           "vi": "ベトナム語", "th": "タイ語", "nl": "オランダ語", "sv": "スウェーデン語", "pl": "ポーランド語",
           "tr": "トルコ語", "hi": "ヒンディー語"},
    "ko": {"en": "영어", "zh": "중국어", "ja": "일본어", "ko": "한국어", "fr": "프랑스어", "de": "독일어",
           "es": "스페인어", "pt": "포르투갈어", "it": "이탈리아어", "ru": "러시아어", "ar": "아랍어", "vi": "베트남어",
           "th": "태국어", "nl": "네덜란드어", "sv": "스웨덴어", "pl": "폴란드어", "tr": "터키어", "hi": "힌디어"},
}
_GAP_NOTES = {  # corpus: nothing found in a corpus in other languages; sources: sources found in other languages;
    # none: no source at all. {q}: the question's language, {names}: the other languages, {first}: the first of them
    "zh": {"corpus": "问题使用{q}，但检索的本地语料库是{names}：离线引擎按问题原文匹配词语（不做翻译），因此无法从中得出答案；"
                     "请用{first}提问，或添加{q}资料",
           "sources": "问题使用{q}，但找到的来源是{names}：离线引擎不做翻译，因此发现按原文引用，{q}来源可能有所缺失",
           "none": "未找到{q}来源：离线引擎按问题原文匹配词语，无法找到其他语言的来源，这里的内容也未经翻译"},
    "ja": {"corpus": "質問は{q}ですが、検索したローカルコーパスは{names}です。オフラインエンジンは質問の語をそのまま照合し"
                     "（翻訳はしません）、そこから答えを得られませんでした。{first}で質問するか、{q}の資料を追加してください",
           "sources": "質問は{q}ですが、見つかった情報源は{names}です。オフラインエンジンは翻訳しないため、調査結果は原文のまま"
                      "引用しており、{q}の情報源が不足している可能性があります",
           "none": "{q}の情報源は見つかりませんでした。オフラインエンジンは質問の語をそのまま照合するため、他の言語の情報源は"
                   "見つけられず、ここでは何も翻訳していません"},
    "ko": {"corpus": "질문은 {q}이지만 검색한 로컬 코퍼스는 {names}입니다. 오프라인 엔진은 질문의 단어를 그대로 대조하므로"
                     "(번역하지 않음) 여기서 답을 찾지 못했습니다. {first}로 질문하거나 {q} 자료를 추가하십시오",
           "sources": "질문은 {q}이지만 찾은 출처는 {names}입니다. 오프라인 엔진은 번역하지 않으므로 결과를 원문 그대로 "
                      "인용하며, {q} 출처가 빠졌을 수 있습니다",
           "none": "{q} 출처를 찾지 못했습니다. 오프라인 엔진은 질문의 단어를 그대로 대조하므로 다른 언어의 출처는 찾을 수 "
                   "없으며, 여기서는 아무것도 번역하지 않았습니다"},
}


def _gap_note(into: str, kind: str, question_language: str, others: list[str]) -> str | None:
    """The ``kind`` note in report language ``into`` (:data:`_GAP_NOTES`), None when that language has none or
    a language named lacks its name there (the caller writes the English note)."""
    into = re.split(r"[-_]", (into or "en").strip().casefold(), maxsplit=1)[0]
    names = _GAP_NAMES.get(into)
    if names is None or any(code not in names for code in (question_language, *others)):
        return None
    joined = ("、" if into in ("zh", "ja") else ", ").join(names[code] for code in others)
    return _GAP_NOTES[into][kind].format(q=names[question_language], names=joined,
                                         first=names[others[0]] if others else "")


def corpus_language_gap(question_language: str, corpus_languages: dict[str, int], into: str = "en") -> list[str]:
    """The "What is missing" line of a report that found nothing in a local corpus written in other languages than
    the question (``corpus_languages``: ISO 639-1 code -> documents, :meth:`shared.corpus.Corpus.languages`):
    the offline engine matches the question's words as written, so a corpus in another language cannot answer it.
    ``[]`` when the corpus is empty or holds documents in the question's language. ``into``: the report's language
    (Chinese, Japanese and Korean reports get the note in their language, others in English)."""
    if not corpus_languages or corpus_languages.get(question_language):
        return []
    ordered = [code for code, _n in sorted(corpus_languages.items(), key=lambda p: -p[1])]
    local = _gap_note(into, "corpus", question_language, ordered)
    if local is not None:
        return [local]
    names = ", ".join(language_name(code) for code in ordered)
    return [f"the question is in {language_name(question_language)} but the local corpus searched is in {names}: "
            f"the offline engine matches the question's words as written (nothing is translated), so it could not "
            f"establish an answer from it; ask in {names.split(', ')[0]} or add sources in "
            f"{language_name(question_language)}"]


def language_gap(question_language: str, source_languages: list[str | None], into: str = "en") -> list[str]:
    """The "What is missing" lines of an offline report whose sources are written in another language than the
    question (``question_language``, ISO 639-1): one line naming the sources' languages and saying that their
    findings are quoted untranslated. ``source_languages``: the language of each source the report draws on
    (None: unknown, ignored). When there is no source at all and the question is not in English, one line saying
    that no source in the question's language was found (the offline engine matches the question's words as
    written, so it cannot find sources in another language). ``[]`` when every known source is in the question's
    language. ``into``: the report's language (Chinese, Japanese and Korean reports get the notes in their language,
    others in English)."""
    if not source_languages:
        if question_language == "en":
            return []
        local = _gap_note(into, "none", question_language, [])
        if local is not None:
            return [local]
        name = language_name(question_language)
        return [f"no source in {name} was found: the offline engine matches the question's words as written, so "
                f"sources in other languages cannot be found, and nothing here is translated"]
    known = [lang for lang in source_languages if lang]
    other = sorted({lang for lang in known if lang != question_language})
    if not other:
        return []
    n = sum(lang != question_language for lang in known)
    local = _gap_note(into, "sources", question_language, other) if n == len(known) else None
    if local is not None:
        return [local]
    names = ", ".join(language_name(lang) for lang in other)
    which = "the sources found are" if n == len(known) else f"{n} of the {len(known)} sources found {'is' if n == 1 else 'are'}"
    return [f"the question is in {language_name(question_language)} but {which} in {names}: the offline engine "
            f"does not translate, so their findings are quoted as written, and sources in "
            f"{language_name(question_language)} may be missing"]

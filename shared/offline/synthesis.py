"""Extractive, citation-carrying report synthesis from verified claims (no model).

The report's fixed words (headings "Answer", "Findings", "What is missing", "Sources", the default title and the
no-evidence / no-sources texts) are written in the report's language: :data:`REPORT_WORDS` holds them for
English, Vietnamese, French, German, Spanish, Portuguese, Italian, Dutch, Russian, Ukrainian, Chinese, Japanese,
Korean, Arabic, Hindi, Turkish, Polish, Indonesian, Swedish, Czech, Greek, Hebrew and Persian; any other language
gets English. Code that looks for a section of a report (the judges exclude
the Sources list) recognises every language's heading with :func:`heading_kind` (or :data:`SOURCES_HEADINGS` /
:data:`MISSING_HEADINGS`), never the English word alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict

from shared.offline.claims import clean_title
from shared.offline.entailment import EvidenceCandidate
from shared.offline.planner import find_entities
from shared.offline.retrieval import BM25Index
from shared.offline.text import tokenize

__all__ = ["VerifiedClaim", "SourceInfo", "Citation", "Report", "synthesize", "rank_claims", "ReportWords",
           "REPORT_WORDS", "SOURCES_HEADINGS", "MISSING_HEADINGS", "report_words", "heading_kind", "closing_lines"]


class VerifiedClaim(BaseModel):
    """A claim with its verification outcome.

    Attributes:
        claim_id: unique id of the claim.
        source_id: id of the source the claim was extracted from.
        text: self-contained claim text.
        verdict: "supported", "contradicted", "contested" or "unverified".
        stability: resampling stability in [0, 1].
        spans: evidence spans, best first (for "supported": supporting spans).
    """

    model_config = ConfigDict(frozen=True)

    claim_id: str
    source_id: str
    text: str
    verdict: str
    stability: float
    spans: list[EvidenceCandidate]


class SourceInfo(BaseModel):
    """Display information of a source: title, URL or file path, domain."""

    model_config = ConfigDict(frozen=True)

    source_id: str
    title: str
    url_or_path: str
    domain: str


class Citation(BaseModel):
    """One citation of a report.

    Attributes:
        n: the marker number ``[n]`` used in the report (numbers sources).
        source_id: source that contains the quote.
        claim_id: claim the citation backs.
        start: offset (inclusive) of the quote in the source text.
        end: offset (exclusive); ``source_text[start:end] == quote``.
        quote: the evidence text.
    """

    model_config = ConfigDict(frozen=True)

    n: int
    source_id: str
    claim_id: str
    start: int
    end: int
    quote: str


class Report(BaseModel):
    """A synthesized report: markdown, its citations, and the ids of claims written."""

    model_config = ConfigDict(frozen=True)

    markdown: str
    citations: list[Citation]
    used_claim_ids: list[str]


NO_EVIDENCE_TEXT = "No verified evidence was found for this question."
NO_SOURCES_TEXT = ("No sources were found for this question: no search result or given URL could be fetched, so "
                   "no verified evidence was found and nothing is cited.")


class ReportWords(NamedTuple):
    """The fixed words of a report in one language (headings without the ``#``)."""

    title: str
    answer: str
    findings: str
    missing: str
    sources: str
    no_evidence: str
    no_sources: str


#: ISO 639-1 code -> the report's fixed words in that language (English for a code not listed).
REPORT_WORDS: dict[str, ReportWords] = {
    "en": ReportWords("Research report", "Answer", "Findings", "What is missing", "Sources", NO_EVIDENCE_TEXT,
                      NO_SOURCES_TEXT),
    "vi": ReportWords(
        "Báo cáo nghiên cứu", "Câu trả lời", "Phát hiện", "Những gì còn thiếu", "Nguồn",
        "Không tìm thấy bằng chứng đã được kiểm chứng cho câu hỏi này.",
        "Không tìm thấy nguồn nào cho câu hỏi này: không tải được kết quả tìm kiếm hay URL nào, nên không có bằng "
        "chứng đã được kiểm chứng và không có gì được trích dẫn."),
    "fr": ReportWords(
        "Rapport de recherche", "Réponse", "Constats", "Ce qui manque", "Sources",
        "Aucune preuve vérifiée n'a été trouvée pour cette question.",
        "Aucune source n'a été trouvée pour cette question : aucun résultat de recherche ni aucune URL fournie n'a "
        "pu être récupéré, donc aucune preuve vérifiée n'a été trouvée et rien n'est cité."),
    "de": ReportWords(
        "Recherchebericht", "Antwort", "Ergebnisse", "Was fehlt", "Quellen",
        "Für diese Frage wurden keine verifizierten Belege gefunden.",
        "Für diese Frage wurden keine Quellen gefunden: Kein Suchergebnis und keine angegebene URL konnte abgerufen "
        "werden, daher wurden keine verifizierten Belege gefunden und nichts wird zitiert."),
    "es": ReportWords(
        "Informe de investigación", "Respuesta", "Hallazgos", "Lo que falta", "Fuentes",
        "No se encontró evidencia verificada para esta pregunta.",
        "No se encontraron fuentes para esta pregunta: no se pudo obtener ningún resultado de búsqueda ni ninguna "
        "URL indicada, por lo que no se encontró evidencia verificada y no se cita nada."),
    "pt": ReportWords(
        "Relatório de pesquisa", "Resposta", "Constatações", "O que falta", "Fontes",
        "Não foram encontradas evidências verificadas para esta pergunta.",
        "Não foram encontradas fontes para esta pergunta: nenhum resultado de pesquisa ou URL fornecido pôde ser "
        "obtido, por isso não foram encontradas evidências verificadas e nada é citado."),
    "it": ReportWords(
        "Rapporto di ricerca", "Risposta", "Risultati", "Cosa manca", "Fonti",
        "Non è stata trovata alcuna prova verificata per questa domanda.",
        "Non sono state trovate fonti per questa domanda: non è stato possibile recuperare alcun risultato di "
        "ricerca né alcun URL indicato, quindi non è stata trovata alcuna prova verificata e nulla è citato."),
    "nl": ReportWords(
        "Onderzoeksrapport", "Antwoord", "Bevindingen", "Wat ontbreekt", "Bronnen",
        "Er is geen geverifieerd bewijs gevonden voor deze vraag.",
        "Er zijn geen bronnen gevonden voor deze vraag: geen zoekresultaat of opgegeven URL kon worden opgehaald, "
        "dus er is geen geverifieerd bewijs gevonden en er wordt niets geciteerd."),
    "ru": ReportWords(
        "Исследовательский отчёт", "Ответ", "Результаты", "Чего не хватает", "Источники",
        "Для этого вопроса не найдено проверенных доказательств.",
        "Для этого вопроса не найдено источников: не удалось загрузить ни один результат поиска или указанный URL, "
        "поэтому проверенных доказательств нет и ничего не цитируется."),
    "uk": ReportWords(
        "Дослідницький звіт", "Відповідь", "Результати", "Чого бракує", "Джерела",
        "Для цього питання не знайдено перевірених доказів.",
        "Для цього питання не знайдено джерел: не вдалося завантажити жодного результату пошуку чи вказаної "
        "URL-адреси, тому перевірених доказів немає і нічого не цитується."),
    "zh": ReportWords(
        "研究报告", "答案", "发现", "缺失的内容", "来源",
        "未找到此问题的已验证证据。",
        "未找到此问题的来源：无法获取任何搜索结果或给定的网址，因此没有已验证的证据，也没有引用任何内容。"),
    "ja": ReportWords(
        "調査レポート", "回答", "調査結果", "不足している情報", "出典",
        "この質問について検証済みの証拠は見つかりませんでした。",
        "この質問の情報源は見つかりませんでした。検索結果も指定された URL も取得できなかったため、検証済みの証拠はなく、"
        "何も引用していません。"),
    "ko": ReportWords(
        "연구 보고서", "답변", "조사 결과", "부족한 정보", "출처",
        "이 질문에 대해 검증된 증거를 찾지 못했습니다.",
        "이 질문에 대한 출처를 찾지 못했습니다: 검색 결과나 지정된 URL을 하나도 가져올 수 없어 검증된 증거가 없으며 "
        "아무것도 인용하지 않았습니다."),
    "ar": ReportWords(
        "تقرير بحثي", "الإجابة", "النتائج", "ما ينقص", "المصادر",
        "لم يُعثر على أدلة موثقة لهذا السؤال.",
        "لم يُعثر على مصادر لهذا السؤال: تعذّر جلب أي نتيجة بحث أو أي رابط مُعطى، لذلك لم يُعثر على أدلة موثقة ولم "
        "يُستشهد بأي شيء."),
    "hi": ReportWords(
        "शोध रिपोर्ट", "उत्तर", "निष्कर्ष", "क्या कमी है", "स्रोत",
        "इस प्रश्न के लिए कोई सत्यापित साक्ष्य नहीं मिला।",
        "इस प्रश्न के लिए कोई स्रोत नहीं मिला: कोई भी खोज परिणाम या दिया गया URL प्राप्त नहीं किया जा सका, इसलिए "
        "कोई सत्यापित साक्ष्य नहीं मिला और किसी का हवाला नहीं दिया गया है।"),
    "tr": ReportWords(
        "Araştırma raporu", "Yanıt", "Bulgular", "Eksik olanlar", "Kaynaklar",
        "Bu soru için doğrulanmış kanıt bulunamadı.",
        "Bu soru için kaynak bulunamadı: hiçbir arama sonucu veya verilen URL alınamadı, bu nedenle doğrulanmış "
        "kanıt bulunamadı ve hiçbir şeye atıf yapılmadı."),
    "pl": ReportWords(
        "Raport z badań", "Odpowiedź", "Ustalenia", "Czego brakuje", "Źródła",
        "Nie znaleziono zweryfikowanych dowodów dla tego pytania.",
        "Nie znaleziono źródeł dla tego pytania: nie udało się pobrać żadnego wyniku wyszukiwania ani podanego "
        "adresu URL, dlatego nie znaleziono zweryfikowanych dowodów i nic nie jest cytowane."),
    "id": ReportWords(
        "Laporan penelitian", "Jawaban", "Temuan", "Yang masih kurang", "Sumber",
        "Tidak ditemukan bukti terverifikasi untuk pertanyaan ini.",
        "Tidak ditemukan sumber untuk pertanyaan ini: tidak ada hasil pencarian atau URL yang diberikan yang dapat "
        "diambil, sehingga tidak ditemukan bukti terverifikasi dan tidak ada yang dikutip."),
    "sv": ReportWords(
        "Forskningsrapport", "Svar", "Resultat", "Vad som saknas", "Källor",
        "Inga verifierade belägg hittades för den här frågan.",
        "Inga källor hittades för den här frågan: inget sökresultat eller angiven URL kunde hämtas, så inga "
        "verifierade belägg hittades och inget citeras."),
    "cs": ReportWords(
        "Výzkumná zpráva", "Odpověď", "Zjištění", "Co chybí", "Zdroje",
        "Pro tuto otázku nebyly nalezeny žádné ověřené důkazy.",
        "Pro tuto otázku nebyly nalezeny žádné zdroje: nepodařilo se načíst žádný výsledek vyhledávání ani zadanou "
        "adresu URL, proto nebyly nalezeny žádné ověřené důkazy a nic není citováno."),
    "el": ReportWords(
        "Ερευνητική αναφορά", "Απάντηση", "Ευρήματα", "Τι λείπει", "Πηγές",
        "Δεν βρέθηκαν επαληθευμένα στοιχεία για αυτή την ερώτηση.",
        "Δεν βρέθηκαν πηγές για αυτή την ερώτηση: δεν ήταν δυνατή η ανάκτηση κανενός αποτελέσματος αναζήτησης ή "
        "της δοσμένης διεύθυνσης URL, επομένως δεν βρέθηκαν επαληθευμένα στοιχεία και τίποτα δεν παρατίθεται."),
    "he": ReportWords(
        "דוח מחקר", "תשובה", "ממצאים", "מה חסר", "מקורות",
        "לא נמצאו ראיות מאומתות לשאלה זו.",
        "לא נמצאו מקורות לשאלה זו: לא ניתן היה לאחזר אף תוצאת חיפוש או כתובת URL שסופקה, ולכן לא נמצאו ראיות "
        "מאומתות ושום דבר אינו מצוטט."),
    "fa": ReportWords(
        "گزارش پژوهشی", "پاسخ", "یافته‌ها", "آنچه کم است", "منابع",
        "هیچ شواهد تأییدشده‌ای برای این پرسش یافت نشد.",
        "هیچ منبعی برای این پرسش یافت نشد: هیچ نتیجهٔ جست‌وجو یا نشانی URL داده‌شده‌ای قابل دریافت نبود، بنابراین "
        "هیچ شواهد تأییدشده‌ای یافت نشد و به چیزی استناد نشده است."),
}


def _heading_key(text: str) -> str:
    return " ".join(text.strip().lstrip("#").strip().rstrip(":：").split()).casefold()


#: Every language's "Sources" heading, case-folded, without ``#`` (for code that skips the source list).
SOURCES_HEADINGS: frozenset[str] = frozenset(_heading_key(w.sources) for w in REPORT_WORDS.values())
#: Every language's "What is missing" heading, case-folded, without ``#``.
MISSING_HEADINGS: frozenset[str] = frozenset(_heading_key(w.missing) for w in REPORT_WORDS.values())


def report_words(language: str) -> ReportWords:
    """The fixed words of a report in ``language`` (ISO 639-1 such as ``"vi"``; a region such as ``"pt-BR"`` or
    ``"zh_TW"`` is ignored, case too). Unknown or empty codes get English. Never raises."""
    code = re.split(r"[-_]", (language or "").strip().casefold(), maxsplit=1)[0]
    return REPORT_WORDS.get(code, REPORT_WORDS["en"])


def heading_kind(line: str) -> Literal["sources", "missing"] | None:
    """Which fixed section a Markdown heading line opens, in any language of :data:`REPORT_WORDS`.

    ``line``: a heading with or without its ``#`` marks (``"## Nguồn"``, ``"Sources"``); case, surrounding
    spaces and a trailing colon are ignored. Returns ``"sources"``, ``"missing"``, or None for any other heading.
    """
    key = _heading_key(line)
    if key in SOURCES_HEADINGS:
        return "sources"
    if key in MISSING_HEADINGS:
        return "missing"
    return None
_DEDUP_JACCARD = 0.8
#: ranking weights (tuned on the first 100 HotpotQA dev questions)
BRIDGE_QUERY_WEIGHT = 0.6
BRIDGE_SOURCE_BONUS = 0.35
LEAD_BONUS = 0.1
STABILITY_WEIGHT = 0.05
#: at most this many claims per source in one report (breadth over depth)
MAX_PER_SOURCE = 4


def _title_of(claim: VerifiedClaim, sources: dict[str, SourceInfo]) -> str:
    info = sources.get(claim.source_id)
    return info.title if info else claim.source_id


def _normalise(scores: list[float]) -> list[float]:
    top = max(scores, default=0.0)
    return [s / top for s in scores] if top > 0 else [0.0] * len(scores)


def rank_claims(
    question: str, claims: list[VerifiedClaim], sources: dict[str, SourceInfo]
) -> list[tuple[int, float]]:
    """Rank ``claims`` by relevance to ``question`` with a multi-hop expansion.

    Score = BM25(question) over "claim text + source title" (normalised to [0, 1])
    + 0.6 x BM25(bridge query) (normalised) + 0.35 if the claim's source title names a
    bridge entity + 0.1 for a source's lead sentence + 0.05 x stability. Bridge
    entities are the capitalised phrases and source titles of the 3 best first-pass
    claims that are not already in the question.

    Returns:
        ``(index into claims, score)`` for every claim, best first (ties: lower index).
    """
    if not claims:
        return []
    titles = [clean_title(_title_of(c, sources)) for c in claims]
    docs = [f"{c.text} {t}" for c, t in zip(claims, titles)]
    index = BM25Index(docs)
    s1 = _normalise(index.scores(question))
    q_tokens = set(tokenize(question))
    first = sorted(range(len(claims)), key=lambda i: (-s1[i], i))[:3]
    bridges: list[str] = []
    for i in first:
        if s1[i] <= 0:
            continue
        for ent in [titles[i], *find_entities(claims[i].text)]:
            toks = tokenize(ent)
            if toks and not all(t in q_tokens for t in toks) and ent not in bridges:
                bridges.append(ent)
    s2 = _normalise(index.scores(" ".join(bridges))) if bridges else [0.0] * len(claims)
    bridge_token_sets = [set(tokenize(b)) for b in bridges]
    q_title_hits = [set(tokenize(t)) for t in titles]
    out: list[tuple[int, float]] = []
    for i, c in enumerate(claims):
        tt = q_title_hits[i]
        bridge_src = bool(tt) and any(
            bt and (tt <= bt or bt <= tt) for bt in bridge_token_sets
        ) and i not in first
        lead = any(sp.start == 0 and sp.source_id == c.source_id for sp in c.spans[:1])
        score = s1[i] + BRIDGE_QUERY_WEIGHT * s2[i]
        score += (BRIDGE_SOURCE_BONUS if bridge_src else 0.0) + (LEAD_BONUS if lead else 0.0)
        score += STABILITY_WEIGHT * max(0.0, min(1.0, c.stability))
        out.append((i, score))
    out.sort(key=lambda p: (-p[1], p[0]))
    return out


def closing_lines(missing: list[str], numbers: dict[str, int], sources: dict[str, SourceInfo], *,
                  missing_heading: str, sources_heading: str,
                  title_of: Callable[[str, SourceInfo], str] = lambda sid, info: info.title) -> list[str]:
    """The Markdown lines that end a report: "What is missing" (one bullet per item, whitespace collapsed; left
    out when ``missing`` is empty) and "Sources" (``- [n] title — URL or path`` in citation order; left out when
    nothing is cited). ``numbers``: source id -> citation number ``n``; ``title_of(source id, info)``: how a
    source's title is shown (a source missing from ``sources`` shows its id). Headings are used as given
    (already escaped)."""
    lines: list[str] = []
    if missing:
        lines += [f"## {missing_heading}", ""]
        lines += [f"- {' '.join(m.split())}" for m in missing]
        lines.append("")
    if numbers:
        lines += [f"## {sources_heading}", ""]
        for sid, n in sorted(numbers.items(), key=lambda p: p[1]):
            info = sources.get(sid)
            title = title_of(sid, info) if info else sid
            where = info.url_or_path if info else ""
            lines.append(f"- [{n}] {_escape(title)} — {where}".rstrip(" —"))
        lines.append("")
    return lines


def _sentence_text(text: str) -> str:
    t = " ".join(text.split())
    while t and t[-1] in ".!;:。！":
        t = t[:-1].rstrip()
    return t


def synthesize(
    question: str,
    claims: list[VerifiedClaim],
    sources: dict[str, SourceInfo],
    *,
    language: str = "en",
    missing: list[str] | None = None,
    max_claims: int = 12,
    no_sources: bool = False,
) -> Report:
    """Write an extractive markdown report from supported claims, citing every sentence.

    Only claims with verdict "supported" and at least one span are written. They are
    ranked with :func:`rank_claims`, near-duplicates (token Jaccard >= 0.8) are dropped,
    at most ``MAX_PER_SOURCE`` (4) claims per source and ``max_claims`` in all are kept. Sections: "Answer" (best 1-3 claims: the best
    and those scoring >= 0.6 x best), "Findings" (the rest, grouped by source title),
    "What is missing" (only when ``missing`` is non-empty) and "Sources" (``[n] title —
    url_or_path``), each heading in the report's language (:func:`report_words`). Each written
    sentence ends with ``[n]``, where ``n`` numbers sources in order of first citation; the
    citation's span is the claim's first span.

    Args:
        question: the user question.
        claims: verified claims (any verdicts; non-supported ones are ignored).
        sources: source display info by source id (missing ids fall back to the id).
        language: report language, ISO 639-1 (headings and fixed texts in it; English when not in
            :data:`REPORT_WORDS`). Claims are quoted as extracted, whatever their language.
        missing: open points to list in "What is missing".
        max_claims: maximum number of claims written (>= 0).
        no_sources: no source was fetched at all: the answer says so plainly (``ReportWords.no_sources``;
            ``NO_SOURCES_TEXT`` in English).

    Returns:
        :class:`Report`. Without supported claims the markdown states that no verified
        evidence was found, and ``citations``/``used_claim_ids`` are empty.
    """
    words = report_words(language)
    missing = [m for m in (missing or []) if m and m.strip()]
    supported = [c for c in claims if c.verdict == "supported" and c.spans]
    ranked = rank_claims(question, supported, sources)

    chosen: list[tuple[VerifiedClaim, float]] = []
    chosen_sets: list[set[str]] = []
    per_source: dict[str, int] = {}
    for i, score in ranked:
        if len(chosen) >= max(0, max_claims):
            break
        if per_source.get(supported[i].source_id, 0) >= MAX_PER_SOURCE:
            continue
        toks = set(tokenize(supported[i].text))
        if any(
            toks and s and len(toks & s) / len(toks | s) >= _DEDUP_JACCARD for s in chosen_sets
        ):
            continue
        chosen.append((supported[i], score))
        chosen_sets.append(toks)
        per_source[supported[i].source_id] = per_source.get(supported[i].source_id, 0) + 1

    lines: list[str] = [f"# {' '.join(question.split()) or words.title}", ""]
    citations: list[Citation] = []
    numbers: dict[str, int] = {}

    def cite(claim: VerifiedClaim) -> str:
        span = claim.spans[0]
        n = numbers.setdefault(span.source_id, len(numbers) + 1)
        citations.append(
            Citation(
                n=n,
                source_id=span.source_id,
                claim_id=claim.claim_id,
                start=span.start,
                end=span.end,
                quote=span.text,
            )
        )
        return f"{_escape(_sentence_text(claim.text))} [{n}]."

    if not chosen:
        lines += [f"## {words.answer}", "", words.no_sources if no_sources else words.no_evidence, ""]
    else:
        best = chosen[0][1]
        answer = [c for c, s in chosen[:3] if s >= 0.6 * best] or [chosen[0][0]]
        answer_ids = {c.claim_id for c in answer}
        rest = [c for c, _ in chosen if c.claim_id not in answer_ids]
        lines += [f"## {words.answer}", "", " ".join(cite(c) for c in answer), ""]
        if rest:
            lines += [f"## {words.findings}", ""]
            groups: dict[str, list[VerifiedClaim]] = {}
            for c in rest:
                groups.setdefault(_title_of(c, sources), []).append(c)
            for title, items in groups.items():
                lines += [f"### {_escape(title)}", ""]
                lines += [f"- {cite(c)}" for c in items]
                lines.append("")
    lines += closing_lines(missing, numbers, sources, missing_heading=words.missing,
                           sources_heading=words.sources)
    return Report(
        markdown="\n".join(lines).rstrip() + "\n",
        citations=citations,
        used_claim_ids=[c.claim_id for c, _ in chosen],
    )


def _escape(text: str) -> str:
    """Keep titles on one line and free of citation-like brackets."""
    t = " ".join(text.split())
    return re.sub(r"\[(\d+)\]", r"(\1)", t)

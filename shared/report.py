"""The shape of a report's Markdown that the synthesizer writes and the judge reads: the fixed words
(headings "Answer", "Findings", "What is missing", "Sources", the default title, the no-evidence /
no-sources texts and the words that say sources disagree) in the report's language, :func:`heading_kind` to find
a section in any of them, :func:`lead_section` to read the lead (the direct answer that opens a report) and
:func:`missing_items` to read what the report says is missing."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Literal, NamedTuple

NO_EVIDENCE_TEXT = "No verified evidence was found for this question."


NO_SOURCES_TEXT = ("No sources were found for this question: no search result or given URL could be fetched, so "
                   "no verified evidence was found and nothing is cited.")

#: the no-sources answer of a run whose search kept no result at all (every result that came back was judged off the
#: question's subject, or none came back): nothing failed to fetch, and the answer must not say so
NO_RESULTS_TEXT = ("No sources were found for this question: no search result was on its subject (the results that "
                   "came back were judged off-topic, or none came back), so no verified evidence was found and "
                   "nothing is cited.")


class ReportWords(NamedTuple):
    """The fixed words of a report in one language (headings without the ``#``)."""

    title: str
    answer: str
    findings: str
    missing: str
    sources: str
    no_evidence: str
    no_sources: str
    #: opens the sentence that states disagreeing values: "The sources disagree: 1,200 m [1]; 1,450 m [2]."
    disagree: str = "The sources disagree"
    #: the answer to a question without content words (only punctuation or function words of its language)
    no_terms: str = ("The question has no content words (only punctuation or stop words), so no answer could be "
                     "established; ask it with the names and terms it is about.")
    #: the no-sources answer when the search kept no result at all (:data:`NO_RESULTS_TEXT`); "" in a language
    #: without it, which says ``no_sources`` instead
    no_results: str = ""
    #: the heading of the accounts of single users (a forum poster's "I switched to X and never looked back"),
    #: kept apart from the findings
    experience: str = "User experience"
    #: the sentence under it: what such accounts are
    experience_note: str = "One person's account each (forum posts, blogs, reviews), not established facts."


#: the words that open a disagreement sentence, by language (English for a language not listed)
_DISAGREE = {"vi": "Các nguồn không thống nhất", "fr": "Les sources divergent", "de": "Die Quellen widersprechen sich",
             "es": "Las fuentes discrepan", "pt": "As fontes divergem", "it": "Le fonti non concordano",
             "nl": "De bronnen spreken elkaar tegen", "ru": "Источники расходятся", "uk": "Джерела розходяться",
             "zh": "来源之间存在分歧", "ja": "情報源の間で食い違いがあります", "ko": "출처 간에 불일치가 있습니다",
             "ar": "المصادر مختلفة", "hi": "स्रोतों में मतभेद है", "tr": "Kaynaklar çelişiyor",
             "pl": "Źródła są sprzeczne", "id": "Sumber-sumber tidak sepakat", "sv": "Källorna är oeniga",
             "cs": "Zdroje se rozcházejí", "el": "Οι πηγές διαφωνούν", "he": "המקורות חלוקים",
             "fa": "منابع با هم اختلاف دارند"}


#: the answer to a question without content words, by language (English for a language not listed)
_NO_TERMS = {
    "de": "Die Frage enthält keine Inhaltswörter (nur Satzzeichen oder Funktionswörter), daher konnte keine Antwort "
          "ermittelt werden; stellen Sie sie mit den Namen und Begriffen, um die es geht.",
    "fr": "La question ne contient aucun mot porteur de sens (seulement de la ponctuation ou des mots vides), aucune "
          "réponse n'a donc pu être établie ; posez-la avec les noms et les termes dont elle traite.",
    "es": "La pregunta no contiene palabras con contenido (solo signos de puntuación o palabras vacías), por lo que no "
          "se pudo establecer ninguna respuesta; formúlela con los nombres y términos de los que trata.",
    "it": "La domanda non contiene parole di contenuto (solo punteggiatura o parole vuote), quindi non è stato "
          "possibile stabilire alcuna risposta; ponila con i nomi e i termini di cui tratta.",
    "pt": "A pergunta não contém palavras de conteúdo (apenas pontuação ou palavras vazias), por isso não foi possível "
          "estabelecer nenhuma resposta; faça-a com os nomes e termos de que trata.",
    "nl": "De vraag bevat geen inhoudswoorden (alleen leestekens of stopwoorden), dus er kon geen antwoord worden "
          "vastgesteld; stel de vraag met de namen en termen waarover ze gaat.",
    "sv": "Frågan innehåller inga innehållsord (bara skiljetecken eller stoppord), så inget svar kunde fastställas; "
          "ställ den med de namn och termer den handlar om.",
    "pl": "Pytanie nie zawiera słów treściowych (tylko znaki interpunkcyjne lub słowa funkcyjne), więc nie udało się "
          "ustalić odpowiedzi; zadaj je, podając nazwy i pojęcia, których dotyczy.",
    "ru": "В вопросе нет значимых слов (только знаки препинания или служебные слова), поэтому ответ установить не "
          "удалось; задайте его с названиями и терминами, о которых идёт речь.",
    "zh": "问题中没有实义词（只有标点或停用词），因此无法确定答案；请用问题所涉及的名称和术语提问。",
    "ja": "質問に内容語がありません（句読点またはストップワードのみ）。そのため回答を確定できませんでした。対象となる名前や"
          "用語を含めて質問してください。",
}


#: ISO 639-1 code -> the report's fixed words in that language (English for a code not listed).
REPORT_WORDS: dict[str, ReportWords] = {
    "en": ReportWords("Research report", "Answer", "Findings", "What is missing", "Sources", NO_EVIDENCE_TEXT,
                      NO_SOURCES_TEXT, no_results=NO_RESULTS_TEXT),
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


#: the heading of users' own accounts and the sentence under it, by language (English for a language not listed)
_EXPERIENCE = {
    "fr": ("Expérience des utilisateurs", "Chacun est le récit d'une seule personne (forums, blogs, avis), pas un fait "
           "établi."),
    "de": ("Erfahrungen von Nutzern", "Jeweils der Bericht einer einzelnen Person (Foren, Blogs, Rezensionen), keine "
           "gesicherte Tatsache."),
    "es": ("Experiencia de usuarios", "Cada uno es el relato de una sola persona (foros, blogs, reseñas), no un hecho "
           "establecido."),
    "pt": ("Experiência de utilizadores", "Cada um é o relato de uma só pessoa (fóruns, blogues, avaliações), não um "
           "facto estabelecido."),
    "it": ("Esperienze degli utenti", "Ognuno è il racconto di una sola persona (forum, blog, recensioni), non un "
           "fatto accertato."),
    "nl": ("Ervaringen van gebruikers", "Elk is het verhaal van één persoon (fora, blogs, recensies), geen vastgesteld "
           "feit."),
}


REPORT_WORDS = {code: w._replace(disagree=_DISAGREE.get(code, w.disagree),
                                 no_terms=_NO_TERMS.get(code, w.no_terms),
                                 experience=_EXPERIENCE.get(code, (w.experience, w.experience_note))[0],
                                 experience_note=_EXPERIENCE.get(code, (w.experience, w.experience_note))[1])
                for code, w in REPORT_WORDS.items()}


def _heading_key(text: str) -> str:
    return " ".join(text.strip().lstrip("#").strip().rstrip(":：").split()).casefold()


#: Every language's "Sources" heading, case-folded, without ``#`` (for code that skips the source list).
SOURCES_HEADINGS: frozenset[str] = frozenset(_heading_key(w.sources) for w in REPORT_WORDS.values())


#: Every language's "What is missing" heading, case-folded, without ``#``.
MISSING_HEADINGS: frozenset[str] = frozenset(_heading_key(w.missing) for w in REPORT_WORDS.values())


#: headings of sections that report the run's own work, not what its sources say: the code domain's API
#: signatures read from an installed package, its sandbox checks and the asker's workspace scan. Their sentences
#: are observations of the run (checked, not cited), so a citation-density measure does not count them.
OWN_WORK_HEADINGS: frozenset[str] = frozenset(_heading_key(h) for h in ("API signatures", "Checked code",
                                                                          "Your workspace"))


def own_work_heading(line: str) -> bool:
    """Whether the Markdown heading ``line`` opens a section of the run's own work (:data:`OWN_WORK_HEADINGS`;
    ``#`` marks, case, spaces and a trailing colon ignored)."""
    return _heading_key(line) in OWN_WORK_HEADINGS


#: a fenced code block (```lang ... ```), closed or left open at the end of the text
_FENCED_RE = re.compile(r"```.*?(?:```|\Z)", re.S)


def question_title(question: str) -> str:
    """A report's title from the ``question`` as asked: its prose on one line, whitespace collapsed, without its
    fenced code blocks ("Why does this not work?" of a question with a Python block: the code is the report's to
    show in a section, not the title's); "" when the question is only code."""
    return " ".join(_FENCED_RE.sub(" ", question).split())


def report_words(language: str) -> ReportWords:
    """The fixed words of a report in ``language`` (ISO 639-1 such as ``"vi"``; a region such as ``"pt-BR"`` or
    ``"zh_TW"`` is ignored, case too). Unknown or empty codes get English. Never raises."""
    code = re.split(r"[-_]", (language or "").strip().casefold(), maxsplit=1)[0]
    return REPORT_WORDS.get(code, REPORT_WORDS["en"])


#: an entry of a report's Sources list: "- [3] Title — https://..." (a "*" bullet and leading spaces too); groups
#: ``n`` (the citation number) and ``title`` (up to the " — " before the address, or the line's end)
SOURCE_ENTRY_RE = re.compile(r"^\s*[-*]\s*\[(?P<n>\d+)\]\s+(?P<title>.+?)(?:\s+—\s+|\s*$)")


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


def lead_section(markdown: str) -> str:
    """The lead of a report: the text of its first ``##`` section (the direct answer under "Answer" in any
    language), without the heading, list markers joined as sentences. A report without ``##`` sections leads
    with its first paragraph (headings skipped); "" when the first section is "Sources" or "What is missing", or
    the report is empty. Never raises."""
    lines = (markdown or "").splitlines()
    if not any(ln.strip().startswith("## ") for ln in lines):
        para: list[str] = []
        for raw in lines:
            line = raw.strip()
            if line.startswith("#") or not line:
                if para:
                    break
                continue
            para.append(line)
        return " ".join(para)
    out: list[str] = []
    inside = False
    for raw in lines:
        line = raw.strip()
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            if inside and level <= 2:
                break
            if level == 2 and not inside:
                inside = heading_kind(line) is None
                if not inside:
                    break
            continue
        if inside and line:
            out.append(re.sub(r"^(?:[-*•]|\d+[.)])\s+", "", line))
    return " ".join(out)



def missing_items(markdown: str) -> list[str]:
    """The items of a report's "What is missing" section (any language of :data:`REPORT_WORDS`), in order: each
    list item's text without its marker, whitespace collapsed (a line that is not a list item continues the item
    before it). [] when the report has no such section. Never raises."""
    out: list[str] = []
    inside = False
    for raw in (markdown or "").splitlines():
        line = raw.strip()
        if line.startswith("#"):
            inside = heading_kind(line) == "missing"
            continue
        if not inside or not line:
            continue
        item = re.match(r"^(?:[-*•]|\d+[.)])\s+(.*)", line)
        if item is not None or not out:
            out.append(" ".join((item.group(1) if item else line).split()))
        else:
            out[-1] = f"{out[-1]} {' '.join(line.split())}"
    return [m for m in out if m]


# ---- a report that does not answer says so (issue 9) -------------------------------------------------------------
#: opens the sentence of an English report's lead and its "What is missing" item that say the question's asked-for
#: thing was not established (the gate counted the report unanswered: tier "low", judged at most 60)
NOT_ESTABLISHED = "Not established"

#: ISO 639-1 code -> (the "Not established" label, "the answer to this question", the "What is missing" item's tail
#: when the report has findings) of a report in another language than English: the offline engine cannot name what
#: a question in that language asks for (:func:`shared.text.answer.asked_for` reads English), so it says the answer
UNANSWERED_WORDS: dict[str, tuple[str, str, str]] = {
    "vi": ("Chưa được xác lập", "câu trả lời cho câu hỏi này",
           "Không có khẳng định đã kiểm chứng nào nêu ra điều đó; các phát hiện là sự kiện liên quan, không phải câu "
           "trả lời."),
    "fr": ("Non établi", "la réponse à cette question",
           "Aucune affirmation vérifiée ne l'énonce ; les constats sont des faits connexes, pas la réponse."),
    "de": ("Nicht belegt", "die Antwort auf diese Frage",
           "Keine verifizierte Aussage nennt sie; die Ergebnisse sind verwandte Fakten, nicht die Antwort."),
    "es": ("No establecido", "la respuesta a esta pregunta",
           "Ninguna afirmación verificada la indica; los hallazgos son hechos relacionados, no la respuesta."),
    "pt": ("Não estabelecido", "a resposta a esta pergunta",
           "Nenhuma afirmação verificada a indica; as constatações são factos relacionados, não a resposta."),
    "it": ("Non accertato", "la risposta a questa domanda",
           "Nessuna affermazione verificata la riporta; i risultati sono fatti correlati, non la risposta."),
    "nl": ("Niet vastgesteld", "het antwoord op deze vraag",
           "Geen geverifieerde bewering noemt het; de bevindingen zijn verwante feiten, niet het antwoord."),
    "ru": ("Не установлено", "ответ на этот вопрос",
           "Ни одно проверенное утверждение его не содержит; результаты — связанные факты, а не ответ."),
    "uk": ("Не встановлено", "відповідь на це питання",
           "Жодне перевірене твердження її не містить; результати — пов'язані факти, а не відповідь."),
    "zh": ("未能确定", "这个问题的答案", "没有任何经过核实的陈述给出它；这些发现是相关事实，而不是答案。"),
    "ja": ("確定できず", "この質問の答え", "検証済みの記述はいずれもそれを述べていません。調査結果は関連する事実であり、答えではありません。"),
    "ko": ("확인되지 않음", "이 질문에 대한 답", "검증된 주장 중 어느 것도 이를 밝히지 않습니다. 발견 사항은 관련 사실일 뿐 답이 아닙니다."),
    "ar": ("لم يثبت", "الإجابة عن هذا السؤال", "لا يذكرها أي ادعاء تم التحقق منه؛ النتائج حقائق ذات صلة وليست الإجابة."),
    "hi": ("स्थापित नहीं", "इस प्रश्न का उत्तर", "कोई भी सत्यापित दावा इसे नहीं बताता; निष्कर्ष संबंधित तथ्य हैं, उत्तर नहीं।"),
    "tr": ("Belirlenemedi", "bu sorunun yanıtı",
           "Doğrulanmış hiçbir iddia bunu belirtmiyor; bulgular ilgili olgulardır, yanıt değildir."),
    "pl": ("Nie ustalono", "odpowiedzi na to pytanie",
           "Żadne zweryfikowane twierdzenie jej nie podaje; ustalenia to powiązane fakty, a nie odpowiedź."),
    "id": ("Tidak dapat dipastikan", "jawaban atas pertanyaan ini",
           "Tidak ada klaim terverifikasi yang menyatakannya; temuan adalah fakta terkait, bukan jawabannya."),
    "sv": ("Inte fastställt", "svaret på denna fråga",
           "Inget verifierat påstående anger det; resultaten är relaterade fakta, inte svaret."),
    "cs": ("Nezjištěno", "odpověď na tuto otázku",
           "Žádné ověřené tvrzení ji neuvádí; zjištění jsou související fakta, nikoli odpověď."),
    "el": ("Δεν τεκμηριώθηκε", "η απάντηση σε αυτή την ερώτηση",
           "Κανένας επαληθευμένος ισχυρισμός δεν τη δηλώνει· τα ευρήματα είναι σχετικά γεγονότα, όχι η απάντηση."),
    "he": ("לא הוכח", "התשובה לשאלה זו", "אף טענה מאומתת אינה מציינת אותה; הממצאים הם עובדות קשורות, לא התשובה."),
    "fa": ("اثبات نشد", "پاسخ این پرسش", "هیچ ادعای تأییدشده‌ای آن را بیان نمی‌کند؛ یافته‌ها واقعیت‌های مرتبط‌اند، نه پاسخ."),
}
_NOT_ESTABLISHED_RE = re.compile(
    r"^\W*(?:" + "|".join(re.escape(w) for w in [NOT_ESTABLISHED, *(v[0] for v in UNANSWERED_WORDS.values())])
    + r")(?!\w)", re.IGNORECASE)


def unanswered_texts(question: str, *, findings: bool = True, language: str = "en") -> tuple[str, str]:
    """(lead sentence, "What is missing" item) of a report whose lead does not answer ``question``, naming what it
    asks for (:func:`shared.text.answer.asked_for`): ("Not established: the date asked for.", "Not established: the date asked for. None of the verified claims states it ..."). The question's own
    words are not repeated (a comparison's options would read as its answer). ``findings`` False (the report cites
    nothing): the item does not speak of findings it does not have. ``language`` (ISO 639-1) of :data:`UNANSWERED_WORDS`:
    the same in that language, saying "the answer to this question" ("Δεν τεκμηριώθηκε: η απάντηση σε αυτή την
    ερώτηση."); English for another. Never raises."""
    from shared.text.answer import asked_for

    code = re.split(r"[-_]", (language or "en").strip().casefold(), maxsplit=1)[0]
    if code in UNANSWERED_WORDS:
        label, answer, tail = UNANSWERED_WORDS[code]
        sentence = f"{label}: {answer}."
        return sentence, f"{sentence} {tail}" if findings else sentence
    thing = asked_for(question)
    tail = ("None of the verified claims states it for what the question asks about; the findings are related "
            "facts, not the answer." if findings else "No verified claim states it.")
    return (f"{NOT_ESTABLISHED}: {thing}.", f"{NOT_ESTABLISHED}: {thing}. {tail}")


def says_not_established(markdown: str) -> bool:
    """Whether a report says its question's answer was not established: its lead opens with, or its "What is
    missing" section holds an item opening with, :data:`NOT_ESTABLISHED`. Never raises."""
    return bool(_NOT_ESTABLISHED_RE.match(lead_section(markdown))) or any(
        _NOT_ESTABLISHED_RE.match(m) for m in missing_items(markdown))


def with_unanswered_note(markdown: str, question: str, language: str = "en") -> str:
    """``markdown`` saying plainly that it does not answer ``question`` (:func:`unanswered_texts`): the lead's
    paragraph opens with the "Not established" sentence (unless the lead already says no evidence was found: it ends
    with the no-evidence or no-sources text, "No source found names the X. No sources were found ...") and
    the "What is missing" section (made before "Sources", or at the end, when there is none) opens with the item
    naming what was asked for, in the report's ``language`` (:data:`UNANSWERED_WORDS`; English for a language without
    them). A report that already says it (:func:`says_not_established`) or has no ``##`` section is returned
    unchanged. Never raises."""
    code = re.split(r"[-_]", (language or "en").strip().casefold(), maxsplit=1)[0] or "en"
    if says_not_established(markdown):
        return markdown
    lines = (markdown or "").splitlines()
    heads = [i for i, ln in enumerate(lines) if ln.strip().startswith("## ")]
    if not heads:
        return markdown
    lead_text, item = unanswered_texts(question, findings=bool(re.search(r"\[\d+\]", markdown or "")),
                                       language=code)
    words = report_words(code)
    first = heads[0]
    if heading_kind(lines[first]) is None:  # the lead: its first paragraph line opens with the sentence
        body = next((i for i in range(first + 1, len(lines)) if lines[i].strip()), None)
        if body is not None and not lines[body].lstrip().startswith("#") \
                and not lines[body].strip().endswith(
                    tuple(t for t in (words.no_evidence, words.no_sources, words.no_results) if t)):
            lines[body] = f"{lead_text} {lines[body].lstrip()}"
    missing_at = next((i for i in heads if heading_kind(lines[i]) == "missing"), None)
    if missing_at is not None:  # first of its items
        at = next((i for i in range(missing_at + 1, len(lines)) if lines[i].strip()), len(lines))
        lines[at:at] = [f"- {item}"] if at < len(lines) and not lines[at].lstrip().startswith("#") \
            else [f"- {item}", ""]
    else:
        sources_at = next((i for i in heads if heading_kind(lines[i]) == "sources"), None)
        block = [f"## {words.missing}", "", f"- {item}", ""]
        if sources_at is None:
            lines = [*lines, *([""] if lines and lines[-1].strip() else []), *block]
        else:
            lines[sources_at:sources_at] = block
    return "\n".join(lines).rstrip() + "\n"


#: what an English lead that says its answer was not established calls the cited sentences after that: findings
#: related to the question, not its answer (a figure there is no figure asked: trial t28 fault 8)
RELATED_LABEL = "Related findings, not the answer:"


def with_related_label(markdown: str, question: str, language: str = "en") -> str:
    """``markdown``, whose lead opens with the "Not established" sentence of ``question`` (:func:`unanswered_texts`),
    with :data:`RELATED_LABEL` between that sentence and the cited sentences that follow it in the lead's paragraph
    ("Not established: the number of beekeepers asked for. Related findings, not the answer: The island's survey
    counted ... about 260 beekeepers [1]."), so a figure there does not read as the answer. English reports only (a
    report in a language of :data:`UNANSWERED_WORDS` is unchanged); unchanged when the lead does not open with that
    sentence, nothing cited follows it, or the label is there already. Never raises."""
    code = re.split(r"[-_]", (language or "en").strip().casefold(), maxsplit=1)[0] or "en"
    if code in UNANSWERED_WORDS:
        return markdown
    sentence, _item = unanswered_texts(question, language=code)
    lines = (markdown or "").splitlines()
    heads = [i for i, ln in enumerate(lines) if ln.strip().startswith("## ")]
    if not heads or heading_kind(lines[heads[0]]) is not None:
        return markdown
    body = next((i for i in range(heads[0] + 1, len(lines)) if lines[i].strip()), None)
    if body is None or not lines[body].lstrip().startswith(sentence):
        return markdown
    rest = lines[body].lstrip()[len(sentence):].lstrip()
    if not re.search(r"\[\d+\]", rest) or rest.startswith(RELATED_LABEL):
        return markdown
    lines[body] = f"{sentence} {RELATED_LABEL} {rest}"
    return "\n".join(lines) + ("\n" if (markdown or "").endswith("\n") else "")


#: how a cached report's note opens (:func:`with_cached_note`; also how code tells a report already says so)
CACHED_NOTE = "> **Cached answer:**"



def _under_title(markdown: str, note: str) -> str:
    """``markdown`` with ``note`` (one line) as its own paragraph right under its first ``#`` title, or at the top
    when it has none; blank lines after the title are folded into the note's paragraph break."""
    lines = (markdown or "").splitlines()
    title = next((i for i, ln in enumerate(lines) if ln.startswith("# ")), None)
    at = title + 1 if title is not None else 0
    block = ["", note, ""] if title is not None else [note, ""]
    rest = lines[at:]
    while rest and not rest[0].strip():
        rest = rest[1:]
    return "\n".join([*lines[:at], *block, *rest]).rstrip("\n") + "\n"

def with_cached_note(markdown: str, *, run_id: str, written_at: datetime, refresh: str = "") -> str:
    """``markdown`` (a past run's report served from the question cache for the same question) saying so in the
    report itself, right under its ``#`` title (at the top when it has none): a quoted note naming the run and
    when it was researched (``written_at``: the run's start; UTC, to the minute), that nothing was researched again so prices, versions and other facts
    are as of then, and ``refresh`` (how to research again, e.g. "run it with --fresh"). A report that already
    carries the note is returned unchanged. Never raises."""
    if CACHED_NOTE in (markdown or ""):
        return markdown
    when = (written_at if written_at.tzinfo is not None else written_at.replace(tzinfo=UTC)).astimezone(UTC)
    note = (f"{CACHED_NOTE} this report was researched on {when:%Y-%m-%d %H:%M} UTC (run {run_id}) for the same "
            "question with the same parameters and is served from the cache, not researched again: its prices, "
            "versions and other facts are as of then" + (f"; {refresh}" if refresh else "") + ".")
    return _under_title(markdown, note)


#: how the note on a domain asked for (``--domain``) that could not act on the question opens, at the top of the
#: report (:func:`with_override_note`)
OVERRIDE_NOTE = "> **The domain asked for does not fit:**"
#: the "What is missing" line of such a domain analysis (:func:`override_misfit`), the same for every domain
_OVERRIDE_RE = re.compile(r"^--domain (?P<domain>\w+) was asked for, but the (?P=domain) analysis could not act on "
                          r"this question: (?P<reason>.+?); the answer is the general report$")


def override_misfit(domain: str, reason: str) -> str:
    """The note (for "What is missing") of a ``domain`` analysis that the request asked for (``assay run --domain
    code``) but that could not act on the question, with ``reason`` (what it found none of): one wording for every
    domain, "--domain code was asked for, but the code analysis could not act on this question: it found no
    package, code, API or programming language in the question; the answer is the general report";
    :func:`with_override_note` puts it at the top of the report too."""
    return (f"--domain {domain} was asked for, but the {domain} analysis could not act on this question: "
            f"{reason.rstrip('.; ')}; the answer is the general report")


def with_override_note(markdown: str, missing: list[str] | tuple[str, ...]) -> str:
    """``markdown`` with a quoted note right under its ``#`` title (at the top when it has none) when ``missing``
    (the run's "What is missing" lines) holds a domain override that could not act on the question
    (:func:`override_misfit`): "> **The domain asked for does not fit:** --domain code was asked for, but ...", so
    the reader learns it before the general answer, not only at the end. Unchanged when there is none, or when
    the report already carries the note. Never raises."""
    if OVERRIDE_NOTE in (markdown or ""):
        return markdown
    found = next((line for line in missing if _OVERRIDE_RE.match(line)), None)
    if found is None:
        return markdown
    note = f"{OVERRIDE_NOTE} {found}."
    return _under_title(markdown, note)

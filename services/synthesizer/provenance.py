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
from shared.text.groups import price_change, sum_amounts
from shared.text.language import language_name
from shared.text.quantity import asks_price

__all__ = ["RECENCY_BONUS", "asks_latest", "date_note", "language_gap", "newest_date", "recency_bonus",
           "source_date", "source_meta", "stale_price_lead", "states_price_change", "superseded"]

#: added to the ranking score of relevant claims from the newest dated source(s) when the question asks for the
#: latest (scores are normalised BM25 in [0, 1] plus small bonuses: this lifts the newest source's claim above an
#: older source's equally relevant one, by more than the Answer section's 0.6 x best cut)
RECENCY_BONUS = 1.0
#: a claim gets the bonus only when its normalised relevance to the question is at least this
RECENCY_MIN_RELEVANCE = 0.5

#: "latest", "current", "newest", "most recent(ly)", "the last year on record", "now", "as of now", "today", "at present" ...
#: and the same in a few
#: other languages ("now" not in "now that", "now and then", "now known as", "until now")
_LATEST_RE = re.compile(
    r"\b(?:latest|newest|current(?:ly)?|most\s+recent(?:ly)?|as\s+of\s+(?:now|today)|nowadays|up[\s-]to[\s-]date|"
    r"today|right\s+now|(?:last|final)\s+(?:year|season|figures?)\s+(?:on\s+record|reported|available|published)|"
    r"(?<!until\s)(?<!till\s)(?<!from\s)now(?!\s+(?:that|and|known|called|named)\b)|"
    r"at\s+present|presently|at\s+the\s+moment|these\s+days|"
    r"dernière|dernier|actuel(?:le)?|neueste[nrs]?|aktuelle[nrs]?|derzeit|último|última|"
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


def states_price_change(question: str, claim: VerifiedClaim, sources: dict[str, SourceInfo]) -> bool:
    """Whether ``claim``, of a dated source (:func:`source_date`), states a change of a price
    (:func:`~shared.text.groups.price_change`: "will cost 16 EUR instead of 14 EUR", "will rise from 11 EUR to 12.50
    EUR") and ``question`` asks a price (:func:`~shared.text.quantity.asks_price`): the answer must say the change,
    whatever the question's wording (trial t60 q07)."""
    return bool(source_date(sources.get(claim.source_id))) and bool(price_change(claim.text)) and asks_price(question)


def stale_price_lead(question: str, lead: str, claims: list[VerifiedClaim], sources: dict[str, SourceInfo]) -> bool:
    """Whether the ``lead`` (a report's Answer section) of a price question states a price that a supported claim
    of ``claims`` on a dated source says changes (:func:`states_price_change`: "the group rate will rise from 11 EUR
    to 12.50 EUR") without the new price: the lead's "11 EUR" is superseded, so it is not established (trial t60
    q07). False when the lead writes the new price too (the change, or both prices)."""
    if not asks_price(question):
        return False
    stated = sum_amounts(lead)
    if not stated:
        return False
    for c in claims:
        if c.verdict != "supported" or not states_price_change(question, c, sources):
            continue
        for old, new in price_change(c.text):
            if sum_amounts(old) & stated and not sum_amounts(new) & stated:
                return True
    return False


def recency_bonus(question: str, claims: list[VerifiedClaim], sources: dict[str, SourceInfo],
                  relevance: list[float]) -> list[float]:
    """Per claim: :data:`RECENCY_BONUS` when ``question`` asks for the latest thing (:func:`asks_latest`), the
    claim is relevant (``relevance[i]``, normalised to [0, 1], at least :data:`RECENCY_MIN_RELEVANCE`) and its
    source has the newest date among the dated sources of the relevant claims; else 0. Undated sources get
    nothing, and when the relevant claims' dated sources share one date nothing changes. Whatever the wording, a
    price question's relevant claim stating a change of a price on a dated source (:func:`states_price_change`)
    gets the bonus too when no relevant claim's source is dated later: a dated "will rise from A to B" is newer
    than an undated page's A."""
    if not claims:
        return []
    relevant = [r >= RECENCY_MIN_RELEVANCE for r in relevance]
    dates = [source_date(sources.get(c.source_id)) for c in claims]
    known = {d for d, ok in zip(dates, relevant) if d and ok}
    out = [0.0] * len(claims)
    if asks_latest(question) and len(known) >= 2:
        newest = max(known)
        out = [RECENCY_BONUS if ok and d == newest else 0.0 for d, ok in zip(dates, relevant)]
    if known and asks_price(question):
        newest = max(known)
        for i, (c, d, ok) in enumerate(zip(claims, dates, relevant)):
            if ok and d == newest and states_price_change(question, c, sources):
                out[i] = RECENCY_BONUS
    return out


def superseded(question: str, lead: VerifiedClaim, claim: VerifiedClaim, sources: dict[str, SourceInfo], *,
               updated: bool = False) -> bool:
    """Whether ``claim`` is superseded by the report's ``lead`` claim for a question asking for the latest thing,
    or whose lead is a dated update of the figure asked (``updated``, as the caller reads it:
    :func:`services.synthesizer.offline.updates_figure`, "is now 264 km long, up from 251 km" for "How long is
    X?"): both sources are dated and ``claim``'s is older. Such a claim is left out of the Answer section (it stays
    among the Findings): an older page's "latest version" is not the answer next to a newer one."""
    if claim.source_id == lead.source_id or not (updated or asks_latest(question)):
        return False
    mine, theirs = source_date(sources.get(claim.source_id)), source_date(sources.get(lead.source_id))
    return bool(mine and theirs and mine < theirs)


def date_note(question: str, claim: VerifiedClaim, sources: dict[str, SourceInfo]) -> str:
    """`` (2024-06-01)``: the date of the claim's source, written after the lead claim of a report whose question
    asks for the latest thing, or of a price question led by a dated change of the price
    (:func:`states_price_change`), so the reader sees how current the answer is; ``""`` otherwise."""
    if not asks_latest(question) and not states_price_change(question, claim, sources):
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
              "affiliate_review": "affiliate review", "review": "review or test"}


#: language names the notes of a Chinese, Japanese or Korean report use (their own usage: "英文" for English); any
#: other name, and every name in another report language, is CLDR's (Babel: :func:`_name_in`)
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
#: the language-gap notes in every report language but English (``shared.report.REPORT_WORDS``): report language ->
#: kind -> template. corpus: nothing found in a local corpus in other languages; sources: the sources found are in
#: other languages; none: no source at all. {q}: the question's language, {names}: the languages of the corpus or of
#: the sources found, {first}: the first of them. Outside Chinese, Japanese and Korean the languages are named as
#: labels or in brackets ("Langue de la question : arabe."), so a name never needs a grammatical case or article.
_GAP_NOTES = {
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
    "vi": {"corpus": "Ngôn ngữ của câu hỏi: {q}. Ngôn ngữ của kho tài liệu cục bộ đã tìm: {names}. Công cụ ngoại tuyến so "
                     "khớp nguyên văn các từ của câu hỏi (không dịch), nên không thể xác lập câu trả lời từ kho này; hãy "
                     "hỏi bằng ngôn ngữ của kho ({first}) hoặc thêm tài liệu bằng ngôn ngữ của câu hỏi ({q})",
           "sources": "Ngôn ngữ của câu hỏi: {q}. Ngôn ngữ của các nguồn tìm được: {names}. Công cụ ngoại tuyến không "
                      "dịch: các phát hiện được trích nguyên văn, và có thể thiếu nguồn bằng ngôn ngữ của câu hỏi",
           "none": "Không tìm thấy nguồn nào bằng ngôn ngữ của câu hỏi ({q}): công cụ ngoại tuyến so khớp nguyên văn các "
                   "từ của câu hỏi nên không tìm được nguồn bằng ngôn ngữ khác, và không có nội dung nào ở đây được dịch"},
    "fr": {"corpus": "Langue de la question : {q}. Langue du corpus local consulté : {names}. Le moteur hors ligne compare "
                     "les mots de la question tels qu'ils sont écrits (sans traduction) ; aucune réponse n'a donc pu être "
                     "établie à partir de ce corpus. Posez la question dans la langue du corpus ({first}) ou ajoutez des "
                     "sources dans la langue de la question ({q})",
           "sources": "Langue de la question : {q}. Langue des sources trouvées : {names}. Le moteur hors ligne ne traduit "
                      "pas : les constats sont cités tels qu'ils sont écrits, et des sources dans la langue de la question "
                      "peuvent manquer",
           "none": "Aucune source dans la langue de la question ({q}) n'a été trouvée : le moteur hors ligne compare les "
                   "mots de la question tels qu'ils sont écrits, il ne peut donc pas trouver de sources dans d'autres "
                   "langues, et rien ici n'est traduit"},
    "de": {"corpus": "Sprache der Frage: {q}. Sprache des durchsuchten lokalen Korpus: {names}. Die Offline-Engine "
                     "vergleicht die Wörter der Frage so, wie sie geschrieben sind (ohne Übersetzung), daher ließ sich aus "
                     "diesem Korpus keine Antwort ermitteln. Stellen Sie die Frage in der Sprache des Korpus ({first}) "
                     "oder fügen Sie Quellen in der Sprache der Frage ({q}) hinzu",
           "sources": "Sprache der Frage: {q}. Sprache der gefundenen Quellen: {names}. Die Offline-Engine übersetzt "
                      "nicht: Die Ergebnisse werden im Wortlaut zitiert, und Quellen in der Sprache der Frage fehlen "
                      "möglicherweise",
           "none": "Es wurde keine Quelle in der Sprache der Frage ({q}) gefunden: Die Offline-Engine vergleicht die "
                   "Wörter der Frage so, wie sie geschrieben sind, und kann daher keine Quellen in anderen Sprachen "
                   "finden; hier wird nichts übersetzt"},
    "es": {"corpus": "Idioma de la pregunta: {q}. Idioma del corpus local consultado: {names}. El motor sin conexión "
                     "compara las palabras de la pregunta tal como están escritas (sin traducir), por lo que no se pudo "
                     "establecer una respuesta a partir de este corpus; pregunte en el idioma del corpus ({first}) o "
                     "añada fuentes en el idioma de la pregunta ({q})",
           "sources": "Idioma de la pregunta: {q}. Idioma de las fuentes encontradas: {names}. El motor sin conexión no "
                      "traduce: los hallazgos se citan tal como están escritos y pueden faltar fuentes en el idioma de la "
                      "pregunta",
           "none": "No se encontró ninguna fuente en el idioma de la pregunta ({q}): el motor sin conexión compara las "
                   "palabras de la pregunta tal como están escritas, así que no puede encontrar fuentes en otros "
                   "idiomas, y aquí no se traduce nada"},
    "pt": {"corpus": "Idioma da pergunta: {q}. Idioma do corpus local pesquisado: {names}. O mecanismo offline compara as "
                     "palavras da pergunta tal como estão escritas (sem tradução), por isso não foi possível estabelecer "
                     "uma resposta a partir deste corpus; pergunte no idioma do corpus ({first}) ou adicione fontes no "
                     "idioma da pergunta ({q})",
           "sources": "Idioma da pergunta: {q}. Idioma das fontes encontradas: {names}. O mecanismo offline não traduz: "
                      "as constatações são citadas tal como estão escritas, e podem faltar fontes no idioma da pergunta",
           "none": "Nenhuma fonte no idioma da pergunta ({q}) foi encontrada: o mecanismo offline compara as palavras da "
                   "pergunta tal como estão escritas, por isso não consegue encontrar fontes em outros idiomas, e nada "
                   "aqui foi traduzido"},
    "it": {"corpus": "Lingua della domanda: {q}. Lingua del corpus locale consultato: {names}. Il motore offline confronta "
                     "le parole della domanda così come sono scritte (senza tradurle), quindi non è stato possibile "
                     "stabilire una risposta da questo corpus; poni la domanda nella lingua del corpus ({first}) o "
                     "aggiungi fonti nella lingua della domanda ({q})",
           "sources": "Lingua della domanda: {q}. Lingua delle fonti trovate: {names}. Il motore offline non traduce: i "
                      "risultati sono citati così come sono scritti e potrebbero mancare fonti nella lingua della domanda",
           "none": "Non è stata trovata alcuna fonte nella lingua della domanda ({q}): il motore offline confronta le "
                   "parole della domanda così come sono scritte, quindi non può trovare fonti in altre lingue, e qui "
                   "nulla è tradotto"},
    "nl": {"corpus": "Taal van de vraag: {q}. Taal van het doorzochte lokale corpus: {names}. De offline-engine vergelijkt "
                     "de woorden van de vraag zoals ze geschreven zijn (zonder vertaling), dus uit dit corpus kon geen "
                     "antwoord worden vastgesteld; stel de vraag in de taal van het corpus ({first}) of voeg bronnen toe "
                     "in de taal van de vraag ({q})",
           "sources": "Taal van de vraag: {q}. Taal van de gevonden bronnen: {names}. De offline-engine vertaalt niet: de "
                      "bevindingen worden letterlijk geciteerd en bronnen in de taal van de vraag kunnen ontbreken",
           "none": "Er is geen bron in de taal van de vraag ({q}) gevonden: de offline-engine vergelijkt de woorden van de "
                   "vraag zoals ze geschreven zijn en kan dus geen bronnen in andere talen vinden; hier is niets vertaald"},
    "ru": {"corpus": "Язык вопроса: {q}. Язык просмотренного локального корпуса: {names}. Офлайн-движок сопоставляет слова "
                     "вопроса в том виде, в каком они написаны (без перевода), поэтому установить ответ по этому корпусу "
                     "не удалось; задайте вопрос на языке корпуса ({first}) или добавьте источники на языке вопроса ({q})",
           "sources": "Язык вопроса: {q}. Язык найденных источников: {names}. Офлайн-движок не переводит: результаты "
                      "приводятся дословно, и источников на языке вопроса может не хватать",
           "none": "Источников на языке вопроса ({q}) не найдено: офлайн-движок сопоставляет слова вопроса в том виде, в "
                   "каком они написаны, поэтому не может найти источники на других языках, и здесь ничего не переведено"},
    "uk": {"corpus": "Мова запитання: {q}. Мова переглянутого локального корпусу: {names}. Офлайн-рушій зіставляє слова "
                     "запитання так, як їх написано (без перекладу), тому встановити відповідь за цим корпусом не вдалося; "
                     "поставте запитання мовою корпусу ({first}) або додайте джерела мовою запитання ({q})",
           "sources": "Мова запитання: {q}. Мова знайдених джерел: {names}. Офлайн-рушій не перекладає: результати "
                      "наведено дослівно, і джерел мовою запитання може бракувати",
           "none": "Джерел мовою запитання ({q}) не знайдено: офлайн-рушій зіставляє слова запитання так, як їх написано, "
                   "тому не може знайти джерела іншими мовами, і тут нічого не перекладено"},
    "ar": {"corpus": "لغة السؤال: {q}. لغة المجموعة المحلية التي جرى البحث فيها: {names}. يطابق المحرك غير المتصل كلمات "
                     "السؤال كما كُتبت (دون ترجمة)، لذلك تعذّر الوصول إلى إجابة من هذه المجموعة؛ اطرح السؤال بلغة "
                     "المجموعة ({first}) أو أضف مصادر بلغة السؤال ({q})",
           "sources": "لغة السؤال: {q}. لغة المصادر التي عُثر عليها: {names}. المحرك غير المتصل لا يترجم: النتائج مقتبسة "
                      "كما كُتبت، وقد تنقص مصادر بلغة السؤال",
           "none": "لم يُعثر على أي مصدر بلغة السؤال ({q}): يطابق المحرك غير المتصل كلمات السؤال كما كُتبت، لذلك لا "
                   "يستطيع العثور على مصادر بلغات أخرى، ولم يُترجم أي شيء هنا"},
    "hi": {"corpus": "प्रश्न की भाषा: {q}। खोजे गए स्थानीय कॉर्पस की भाषा: {names}। ऑफ़लाइन इंजन प्रश्न के शब्दों का मिलान "
                     "वैसे ही करता है जैसे वे लिखे गए हैं (अनुवाद नहीं करता), इसलिए इस कॉर्पस से उत्तर स्थापित नहीं हो सका; "
                     "कॉर्पस की भाषा ({first}) में पूछें या प्रश्न की भाषा ({q}) में स्रोत जोड़ें",
           "sources": "प्रश्न की भाषा: {q}। मिले स्रोतों की भाषा: {names}। ऑफ़लाइन इंजन अनुवाद नहीं करता: निष्कर्ष मूल रूप "
                      "में उद्धृत हैं, और प्रश्न की भाषा के स्रोत छूट सकते हैं",
           "none": "प्रश्न की भाषा ({q}) में कोई स्रोत नहीं मिला: ऑफ़लाइन इंजन प्रश्न के शब्दों का मिलान वैसे ही करता है "
                   "जैसे वे लिखे गए हैं, इसलिए अन्य भाषाओं के स्रोत नहीं ढूँढ सकता, और यहाँ कुछ भी अनूदित नहीं है"},
    "tr": {"corpus": "Sorunun dili: {q}. Aranan yerel derlemin dili: {names}. Çevrimdışı motor sorunun sözcüklerini "
                     "yazıldığı gibi eşleştirir (çeviri yapmaz), bu yüzden bu derlemden bir yanıt belirlenemedi; soruyu "
                     "derlemin dilinde ({first}) sorun ya da sorunun dilinde ({q}) kaynak ekleyin",
           "sources": "Sorunun dili: {q}. Bulunan kaynakların dili: {names}. Çevrimdışı motor çeviri yapmaz: bulgular "
                      "yazıldığı gibi alıntılanır ve sorunun dilindeki kaynaklar eksik olabilir",
           "none": "Sorunun dilinde ({q}) kaynak bulunamadı: çevrimdışı motor sorunun sözcüklerini yazıldığı gibi "
                   "eşleştirdiğinden başka dillerdeki kaynakları bulamaz ve burada hiçbir şey çevrilmemiştir"},
    "pl": {"corpus": "Język pytania: {q}. Język przeszukanego lokalnego korpusu: {names}. Silnik offline dopasowuje słowa "
                     "pytania w takiej postaci, w jakiej zostały zapisane (bez tłumaczenia), dlatego nie udało się ustalić "
                     "odpowiedzi na podstawie tego korpusu; zadaj pytanie w języku korpusu ({first}) lub dodaj źródła w "
                     "języku pytania ({q})",
           "sources": "Język pytania: {q}. Język znalezionych źródeł: {names}. Silnik offline nie tłumaczy: ustalenia są "
                      "cytowane dosłownie, a źródeł w języku pytania może brakować",
           "none": "Nie znaleziono źródeł w języku pytania ({q}): silnik offline dopasowuje słowa pytania w takiej "
                   "postaci, w jakiej zostały zapisane, więc nie może znaleźć źródeł w innych językach, a nic tutaj nie "
                   "zostało przetłumaczone"},
    "id": {"corpus": "Bahasa pertanyaan: {q}. Bahasa korpus lokal yang dicari: {names}. Mesin luring mencocokkan kata-kata "
                     "pertanyaan apa adanya (tanpa terjemahan), sehingga jawaban tidak dapat ditetapkan dari korpus ini; "
                     "ajukan pertanyaan dalam bahasa korpus ({first}) atau tambahkan sumber dalam bahasa pertanyaan ({q})",
           "sources": "Bahasa pertanyaan: {q}. Bahasa sumber yang ditemukan: {names}. Mesin luring tidak menerjemahkan: "
                      "temuan dikutip apa adanya, dan sumber dalam bahasa pertanyaan mungkin belum ada",
           "none": "Tidak ditemukan sumber dalam bahasa pertanyaan ({q}): mesin luring mencocokkan kata-kata pertanyaan "
                   "apa adanya, sehingga tidak dapat menemukan sumber dalam bahasa lain, dan tidak ada yang "
                   "diterjemahkan di sini"},
    "sv": {"corpus": "Frågans språk: {q}. Språket i den lokala korpus som söktes: {names}. Offlinemotorn matchar frågans "
                     "ord som de är skrivna (ingen översättning), så inget svar kunde fastställas utifrån denna korpus; "
                     "ställ frågan på korpusens språk ({first}) eller lägg till källor på frågans språk ({q})",
           "sources": "Frågans språk: {q}. De funna källornas språk: {names}. Offlinemotorn översätter inte: resultaten "
                      "citeras ordagrant, och källor på frågans språk kan saknas",
           "none": "Ingen källa på frågans språk ({q}) hittades: offlinemotorn matchar frågans ord som de är skrivna och "
                   "kan därför inte hitta källor på andra språk, och inget här är översatt"},
    "cs": {"corpus": "Jazyk otázky: {q}. Jazyk prohledaného místního korpusu: {names}. Offline modul porovnává slova "
                     "otázky tak, jak jsou napsána (nepřekládá), proto z tohoto korpusu nebylo možné odpověď zjistit; "
                     "položte otázku v jazyce korpusu ({first}) nebo přidejte zdroje v jazyce otázky ({q})",
           "sources": "Jazyk otázky: {q}. Jazyk nalezených zdrojů: {names}. Offline modul nepřekládá: zjištění jsou "
                      "citována doslovně a zdroje v jazyce otázky mohou chybět",
           "none": "Nebyl nalezen žádný zdroj v jazyce otázky ({q}): offline modul porovnává slova otázky tak, jak jsou "
                   "napsána, a proto nemůže najít zdroje v jiných jazycích; nic zde není přeloženo"},
    "el": {"corpus": "Γλώσσα της ερώτησης: {q}. Γλώσσα του τοπικού σώματος κειμένων που αναζητήθηκε: {names}. Η μηχανή "
                     "εκτός σύνδεσης αντιστοιχίζει τις λέξεις της ερώτησης όπως είναι γραμμένες (χωρίς μετάφραση), οπότε "
                     "δεν ήταν δυνατό να τεκμηριωθεί απάντηση από αυτό το σώμα κειμένων· κάντε την ερώτηση στη γλώσσα του "
                     "σώματος ({first}) ή προσθέστε πηγές στη γλώσσα της ερώτησης ({q})",
           "sources": "Γλώσσα της ερώτησης: {q}. Γλώσσα των πηγών που βρέθηκαν: {names}. Η μηχανή εκτός σύνδεσης δεν "
                      "μεταφράζει: τα ευρήματα παρατίθενται όπως είναι γραμμένα και ενδέχεται να λείπουν πηγές στη γλώσσα "
                      "της ερώτησης",
           "none": "Δεν βρέθηκε καμία πηγή στη γλώσσα της ερώτησης ({q}): η μηχανή εκτός σύνδεσης αντιστοιχίζει τις "
                   "λέξεις της ερώτησης όπως είναι γραμμένες, οπότε δεν μπορεί να βρει πηγές σε άλλες γλώσσες, και "
                   "τίποτα εδώ δεν έχει μεταφραστεί"},
    "he": {"corpus": "שפת השאלה: {q}. שפת המאגר המקומי שנבדק: {names}. המנוע הלא־מקוון משווה את מילות השאלה כפי שנכתבו "
                     "(ללא תרגום), ולכן לא ניתן היה לקבוע תשובה ממאגר זה; שאלו בשפת המאגר ({first}) או הוסיפו מקורות "
                     "בשפת השאלה ({q})",
           "sources": "שפת השאלה: {q}. שפת המקורות שנמצאו: {names}. המנוע הלא־מקוון אינו מתרגם: הממצאים מצוטטים כלשונם, "
                      "וייתכן שחסרים מקורות בשפת השאלה",
           "none": "לא נמצא מקור בשפת השאלה ({q}): המנוע הלא־מקוון משווה את מילות השאלה כפי שנכתבו, ולכן אינו יכול "
                   "למצוא מקורות בשפות אחרות, ודבר כאן לא תורגם"},
    "fa": {"corpus": "زبان پرسش: {q}. زبان پیکرهٔ محلی جست‌وجوشده: {names}. موتور آفلاین واژه‌های پرسش را همان‌گونه که "
                     "نوشته شده‌اند تطبیق می‌دهد (بدون ترجمه)، بنابراین از این پیکره پاسخی به دست نیامد؛ پرسش را به زبان "
                     "پیکره ({first}) بپرسید یا منابعی به زبان پرسش ({q}) بیفزایید",
           "sources": "زبان پرسش: {q}. زبان منابع یافته‌شده: {names}. موتور آفلاین ترجمه نمی‌کند: یافته‌ها همان‌گونه که "
                      "نوشته شده‌اند نقل شده‌اند و ممکن است منابعی به زبان پرسش کم باشد",
           "none": "هیچ منبعی به زبان پرسش ({q}) یافت نشد: موتور آفلاین واژه‌های پرسش را همان‌گونه که نوشته شده‌اند "
                   "تطبیق می‌دهد، بنابراین نمی‌تواند منابعی به زبان‌های دیگر بیابد، و هیچ چیز اینجا ترجمه نشده است"},
}
#: how a list of language names is joined, per report language (", " when not listed)
_LIST_JOINERS = {"zh": "、", "ja": "、", "ar": "، ", "fa": "، "}


def _report_code(into: str) -> str:
    return re.split(r"[-_]", (into or "en").strip().casefold(), maxsplit=1)[0]


def _name_in(code: str, into: str) -> str | None:
    """The name of language ``code`` (ISO 639-1) in report language ``into``: the notes' own usage for Chinese,
    Japanese and Korean (:data:`_GAP_NAMES`), else CLDR's name through Babel (``babel.Locale``); None when
    neither knows it."""
    own = _GAP_NAMES.get(into, {}).get(code)
    if own is not None:
        return own
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(into).languages.get(code)
    except (UnknownLocaleError, ValueError):
        return None
    return str(name) if name else None


#: where the closing clause of a "sources" note (that sources in the question's language may be missing) begins,
#: and what ends the sentence without it, by report language: a report some of whose sources are in the question's
#: language must not say such sources may be missing
_MISSING_CLAUSE: dict[str, tuple[str, str]] = {
    "en": (", and sources in", ""), "zh": ("，{q}来源", ""), "ja": ("しており、{q}の情報源", "しています"),
    "ko": ("인용하며, {q} 출처가", "인용합니다"), "vi": (", và có thể thiếu", ""), "fr": (", et des sources", ""),
    "de": (", und Quellen in der Sprache", ""), "es": (" y pueden faltar", ""), "pt": (", e podem faltar", ""),
    "it": (" e potrebbero mancare", ""), "nl": (" en bronnen in de taal", ""), "ru": (", и источников", ""),
    "uk": (", і джерел", ""), "ar": ("، وقد تنقص", ""), "hi": (", और प्रश्न की भाषा", ""),
    "tr": (" ve sorunun dilindeki", ""), "pl": (", a źródeł", ""), "id": (", dan sumber dalam", ""),
    "sv": (", och källor", ""), "cs": (" a zdroje v jazyce", ""), "el": (" και ενδέχεται", ""), "he": (", וייתכן", ""),
    "fa": (" و ممکن است", ""),
}


def _without_missing_clause(template: str, into: str) -> str:
    """A "sources" note ``template`` of report language ``into`` without its closing clause saying sources in the
    question's language may be missing (:data:`_MISSING_CLAUSE`); unchanged when the clause is not found."""
    cut, ending = _MISSING_CLAUSE.get(into, ("", ""))
    at = template.rfind(cut) if cut else -1
    return template[:at] + ending if at > 0 else template


#: how a "sources" note (:data:`_GAP_NOTES`) speaks of the sources found, and of the sources cited instead, by
#: report language: a note about a report's citations names the languages of the sources it cites
_CITED_WORDING: dict[str, tuple[str, str]] = {
    "zh": ("找到的来源", "引用的来源"), "ja": ("見つかった情報源", "引用した情報源"), "ko": ("찾은 출처", "인용한 출처"),
    "vi": ("các nguồn tìm được", "các nguồn được trích dẫn"), "fr": ("sources trouvées", "sources citées"),
    "de": ("gefundenen Quellen", "zitierten Quellen"), "es": ("fuentes encontradas", "fuentes citadas"),
    "pt": ("fontes encontradas", "fontes citadas"), "it": ("fonti trovate", "fonti citate"),
    "nl": ("gevonden bronnen", "geciteerde bronnen"), "ru": ("найденных источников", "цитируемых источников"),
    "uk": ("знайдених джерел", "цитованих джерел"), "ar": ("المصادر التي عُثر عليها", "المصادر المستشهد بها"),
    "hi": ("मिले स्रोतों", "उद्धृत स्रोतों"), "tr": ("Bulunan kaynakların", "Alıntılanan kaynakların"),
    "pl": ("znalezionych źródeł", "cytowanych źródeł"), "id": ("sumber yang ditemukan", "sumber yang dikutip"),
    "sv": ("De funna källornas", "De citerade källornas"), "cs": ("nalezených zdrojů", "citovaných zdrojů"),
    "el": ("πηγών που βρέθηκαν", "πηγών που παρατίθενται"), "he": ("המקורות שנמצאו", "המקורות המצוטטים"),
    "fa": ("منابع یافته‌شده", "منابع استنادشده"),
}


#: the full stop of a report language that does not write "." (:func:`_gap_note`)
_FULL_STOPS: dict[str, str] = {"zh": "。", "ja": "。", "hi": "।"}


def _gap_note(into: str, kind: str, question_language: str, others: list[str], *, mixed: bool = False,
              cited: bool = False) -> str | None:
    """The ``kind`` note in report language ``into`` (:data:`_GAP_NOTES`), None when that language has none or a
    language named has no name in it (the caller writes the English note). ``mixed``: some sources are in the
    question's language, so the note does not say sources in it may be missing. ``cited``: the note speaks of the
    sources cited, not of those found (:data:`_CITED_WORDING`). The note ends with its language's full stop.
    """
    into = _report_code(into)
    notes = _GAP_NOTES.get(into)
    if notes is None:
        return None
    if mixed:
        notes = {**notes, kind: _without_missing_clause(notes[kind], into)}
    if cited and into in _CITED_WORDING:
        notes = {**notes, kind: notes[kind].replace(*_CITED_WORDING[into])}
    names = {code: _name_in(code, into) for code in (question_language, *others)}
    if any(name is None for name in names.values()):
        return None
    joined = _LIST_JOINERS.get(into, ", ").join(str(names[code]) for code in others)
    note = notes[kind].format(q=names[question_language], names=joined, first=names[others[0]] if others else "")
    # a note of sentences ends as its last sentence does, also when its closing clause was cut ("... im Wortlaut
    # zitiert.")
    stop = _FULL_STOPS.get(into, ".")
    return note if note.endswith((".", "。", "।", "؟", "!", "?")) else note + stop


def corpus_language_gap(question_language: str, corpus_languages: dict[str, int], into: str = "en") -> list[str]:
    """The "What is missing" line of a report that found nothing in a local corpus written in other languages than
    the question (``corpus_languages``: ISO 639-1 code -> documents, :meth:`shared.corpus.Corpus.languages`):
    the offline engine matches the question's words as written, so a corpus in another language cannot answer it.
    ``[]`` when the corpus is empty or holds documents in the question's language. ``into``: the report's language
    (a report in one of :data:`_GAP_NOTES`' languages, every report language ``shared.report.REPORT_WORDS`` has, gets
    the note in its language, the languages named as CLDR names them there; any other report, in English)."""
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


def language_gap(question_language: str, source_languages: list[str | None], into: str = "en", *,
                 cited: bool = False) -> list[str]:
    """The "What is missing" lines of an offline report whose sources are written in another language than the
    question (``question_language``, ISO 639-1): one line naming the sources' languages and saying that their
    findings are quoted untranslated. ``source_languages``: the language of each source the report draws on
    (None: unknown, ignored). When there is no source at all and the question is not in English, one line saying
    that no source in the question's language was found (the offline engine matches the question's words as
    written, so it cannot find sources in another language). ``[]`` when every known source is in the question's
    language. ``into``: the report's language (a report in one of :data:`_GAP_NOTES`' languages, every report
    language ``shared.report.REPORT_WORDS`` has, gets the notes in its language, naming every language of the sources
    found when only some are in another; any other report, in English). When some sources are in the question's
    language the note does not say sources in it may be missing. ``cited``: ``source_languages`` are those of the
    sources the report cites, and the note says "cited" where it would say "found" (a report citing only English
    sources of an English question gets no note, whatever else was found)."""
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
    # some sources in the question's language: the note names it among the sources' languages
    mixed = n < len(known)  # sources in the question's language were found: none is said to be missing
    local = _gap_note(into, "sources", question_language, other if not mixed else [*other, question_language],
                      mixed=mixed, cited=cited)
    if local is not None:
        return [local]
    names = ", ".join(language_name(lang) for lang in other)
    verb = "cited" if cited else "found"
    which = (f"the sources {verb} are" if n == len(known)
             else f"{n} of the {len(known)} sources {verb} {'is' if n == 1 else 'are'}")
    note = (f"the question is in {language_name(question_language)} but {which} in {names}: the offline engine "
            f"does not translate, so their findings are quoted as written, and sources in "
            f"{language_name(question_language)} may be missing")
    return [_without_missing_clause(note, "en") if mixed else note]

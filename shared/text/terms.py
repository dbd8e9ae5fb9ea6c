"""Terms and names of a text: content terms in order, quoted titles and capitalised phrases, page titles."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from functools import lru_cache

from rapidfuzz.distance import OSA

from shared.text.compounds import DE_DETERMINERS
from shared.text.hours import CYCLES
from shared.text.kinds import recurring_event
from shared.text.numbers import ORDINAL_SUFFIXES, ORDINAL_WORDS, phrase_value
from shared.text.packages import is_plain_english
from shared.text.sizes import SIZE_WORDS
from shared.text.synonyms import opens_with_modal_may, snowball_stem
from shared.text.tokens import ARTICLES, FOREIGN_ARTICLES, is_stopword, split_sentences, tokenize
from shared.text.verbs import finite_verb, participle, simple_past
from shared.units import unit_dimensionality

_QUOTED_RE = re.compile(r"[\"“«„]([^\"”»“]{2,120})[\"”»]")
#: a word; "AT&T", "C++", "C#", ".NET" and "Node.js" are one word each
_WORD_RE = re.compile(r"(?:(?<![\w.])\.(?=[^\W\d_]))?[^\W_](?:[^\W_]|['’.\-&](?=[^\W_]))*(?:\+\+|#(?!\w))?")


# Words that begin a question/sentence but are not names.
_NON_ENTITY_CAPS: frozenset[str] = frozenset(
    """what which who whom whose when where why how is are was were do does did can could
    should would will in on at of for the a an and or but this that these those it its he
    she they his her their there here as by from with to if after before during since
    between among name list give tell find compare explain describe i we you my our your
    also however although while according""".split()
)


# Lower-case connectors allowed inside a capitalised phrase ("Bank of America").
_CONNECTORS: frozenset[str] = frozenset({"of", "the", "de", "da", "del", "von", "van", "and", "&", "la", "le", "du", "di"})


def key_terms(text: str) -> list[str]:
    """Content tokens of ``text`` (see :func:`tokenize`), unique, in first-seen order."""
    seen: dict[str, None] = {}
    for t in tokenize(text):
        seen.setdefault(t, None)
    return list(seen)


#: the words before a product's name as the subject a question asks about ("Is the Zentrix Q9 worth it?", "my")
_SUBJECT_DETERMINERS = frozenset("the a an this that my your our their".split())


def model_asked_about(question: str, entity: str) -> bool:
    """Whether ``entity`` (a name of two words or more that ``question`` gives) stands in it as the model of a product
    asked about: after a determiner (:data:`_SUBJECT_DETERMINERS`: "the Zentrix Q9"), with a word after its first of
    letters and digits or a number as its model ("Q9", "300"); a standard or feature named after a verb has none
    ("supports Wi-Fi 6E", "works with Matter 1")."""
    m = re.search(rf"(?<![\w-])(\w+)\s+{re.escape(entity)}(?![\w-])", question)
    return m is not None and m.group(1).casefold() in _SUBJECT_DETERMINERS and any(
        re.fullmatch(r"\d[\d.]*|[^\W\d_]+\d\w*", w) for w in entity.split()[1:])


def asked_model(question: str) -> str | None:
    """The first name ``question`` gives as the model of a product it asks about (:func:`find_entities`,
    :func:`model_asked_about`): "Is the Zentrix Q9 worth it?" -> "Zentrix Q9"; None when it gives none."""
    return next((e for e in find_entities(question) if len(e.split()) > 1 and model_asked_about(question, e)), None)


def find_entities(text: str, *, list_items: bool = False) -> list[str]:
    """Quoted titles and capitalised phrases of ``text``, unique, in first-seen order.

    A capitalised phrase is a run of capitalised words (or numbers following one, as in
    "World War 2"), possibly joined by lower-case connectors ("Bank of America"). Single
    capitalised words that are common sentence/question openers are ignored, and so is an opening "May" before a
    subject pronoun (the modal: "May I bring ...?", :func:`shared.text.synonyms.opens_with_modal_may`).
    ``list_items``: names that are only neighbours in a list are kept apart: a run also ends at a comma, semicolon,
    colon, bracket or quote
    between two words, and "and" / "&" join no two names ("Gary Cooper, David Niven and Andrea Leeds" gives
    three names, not one; "Youngstown, Ohio" two). An abbreviation in brackets after a name is a name of its own
    ("Harlowe Canal Company (HCC)" gives "Harlowe Canal Company" and "HCC"). A name that ends in a possessive is
    given without it ("designed Vardholm's boiling house" gives "Vardholm", "the Kessler Mill’s wheel" "Kessler
    Mill"; "Jones' car" "Jones"), so a sub-query or a name check looks for the name as other sentences write it; a
    possessive inside a name stays ("St John's Wood"). An ordinal in digits right before a name opens it ("The 2nd
    Quellby Library opened ..." gives "2nd Quellby Library", another library than the "Quellby Library":
    :func:`look_alike_mark`), not before a month or a weekday ("on 2nd March"). A number after a name is part of it
    ("Route 66", "Quarry Road 9") unless it opens a size, its unit and the dimension that unit measures ("Is the
    tower at Orsel Park 40 metres tall?" gives "Orsel Park", :func:`_asked_size`). Results are memoised (the
    synthesizer asks for the names of the same claims many times).
    """
    return list(_entities(text, list_items))


#: an abbreviation: capitals (and digits, "&") only, two or more: "HCC", "BBC", "AT&T"
_ABBREVIATION_RE = re.compile(r"^[A-Z][A-Z0-9&]+$")
#: a possessive ending a name's last word: "Vardholm's", "Mill’s" ("Jones'" is read without its apostrophe already)
_POSSESSIVE_RE = re.compile(r"(?<=[^\W_])['’]s$")
#: what ends a name between two words when list items are kept apart (:func:`find_entities`)
_LIST_GAP_RE = re.compile(r"[,;:()\[\]\"“”«»]")
#: an ordinal in digits, one word of :data:`_WORD_RE`: "2nd", "21st", "4th"
_DIGIT_ORDINAL_RE = re.compile(r"\d+(?:st|nd|rd|th)", re.IGNORECASE)
#: the names of the months and the days of the week and their short forms (:data:`shared.text.hours.CYCLES`), which
#: an ordinal in digits dates ("2nd March") rather than opens as a name
_CALENDAR_WORDS = frozenset(w for cycle in CYCLES for forms in cycle for w in forms)


@lru_cache(maxsize=16384)
def _entities(text: str, list_items: bool = False) -> tuple[str, ...]:
    out: dict[str, None] = {}
    for m in _QUOTED_RE.finditer(text):
        q = m.group(1).strip(" ,.;:")
        if q and tokenize(q):
            out.setdefault(q, None)
    connectors = _CONNECTORS - {"and", "&"} if list_items else _CONNECTORS
    for sent in split_sentences(text) or []:
        words = [(m.group(0), m.start()) for m in _WORD_RE.finditer(sent.text)]
        run: list[str] = []

        def flush() -> None:
            while run and run[-1].lower() in connectors:
                run.pop()
            if run:
                run[-1] = _POSSESSIVE_RE.sub("", run[-1])  # "Vardholm's boiling house": the owner is "Vardholm"
                phrase = " ".join(run)
                if not (len(run) == 1 and run[0].lower() in _NON_ENTITY_CAPS):
                    out.setdefault(phrase, None)
            run.clear()

        for i, (w, pos) in enumerate(words):
            if list_items and run and i > 0 and _LIST_GAP_RE.search(
                    sent.text[words[i - 1][1] + len(words[i - 1][0]):pos]):
                flush()  # a list's next item (or a bracket, a quote): no part of the name before it
            elif run and i > 0 and _ABBREVIATION_RE.match(w) and "(" in sent.text[words[i - 1][1] + len(words[i - 1][0]):pos]:
                flush()  # "Harlowe Canal Company (HCC)": the bracketed abbreviation is another name for it, no part of it
            if run and w[0].isdigit() and _asked_size(sent.text[pos:]):
                flush()  # "the Tower at Orsel Park 40 metres tall": the size asked of it, no part of the name
                continue
            if not run and _DIGIT_ORDINAL_RE.fullmatch(w) and i + 1 < len(words) and words[i + 1][0][:1].isupper() \
                    and words[i + 1][0].casefold() not in _CALENDAR_WORDS \
                    and not sent.text[pos + len(w):words[i + 1][1]].strip() and not _day_of_month(words, i, sent.text):
                run.append(w)  # "the 2nd Quellby Library": the ordinal opens the name (not a date, "2nd March")
                continue
            is_cap = w.lstrip(".")[0].isupper() or (w[0].isdigit() and bool(run))  # ".NET" too
            if is_cap:
                if not run and i == 0 and (w.lower() in _NON_ENTITY_CAPS or opens_with_modal_may(sent.text)):
                    continue  # an opener, or the modal asking leave ("May I bring ...?"), not the month
                if not run and i == 0 and phrase_value(w) is not None and (
                        i + 1 == len(words) or not words[i + 1][0][:1].isupper()):
                    continue  # a count opening a sentence ("Seven arches span ..."), not a name ("Seven Sisters")
                run.append(w)
            elif run and w.lower() in connectors:
                run.append(w)
            else:
                flush()
        flush()
    return tuple(out)


#: the most days of a month: an ordinal in digits above it numbers no day ("on the 40th Quellby Marathon")
_MONTH_DAYS = 31


def _day_of_month(words: list[tuple[str, int]], i: int, text: str) -> bool:
    """Whether the ordinal in digits ``words[i]`` (a word and its offset in the sentence ``text``) is a day of the
    month closing a phrase before a name, not the name's first word: "On the 3rd Harl hosted the final.", "By the
    21st Quellby had won twice." It numbers a day (at most :data:`_MONTH_DAYS`), "the" and a function word stand
    before it (a preposition: "on the", "by the", "from the"; not "and the"), and the capitalised words after it
    are followed by a finite verb (:func:`~shared.text.verbs.finite_verb`): they are the clause's subject, which the
    ordinal is no part of. "At the 3rd Harl Triathlon, the swim ..." and "The 2nd Quellby Library opened ..." keep
    the ordinal in the name."""
    number = re.match(r"\d+", words[i][0])
    if number is None or int(number.group(0)) > _MONTH_DAYS or i < 2 or words[i - 1][0].casefold() != "the" \
            or not is_stopword(words[i - 2][0].casefold()) or words[i - 2][0].casefold() in ("and", "or"):
        return False
    j = i + 1
    while j < len(words) and words[j][0][:1].isupper():
        j += 1
    if j >= len(words) or text[words[j - 1][1] + len(words[j - 1][0]):words[j][1]].strip():
        return False
    return finite_verb(words[j][0])


#: an amount opening a text, then one word (its unit) and a word naming a dimension of size: "40 metres tall",
#: "2.5 km long", "1,200 ft high", "90-tonne heavy"
_AMOUNT_AND_DIMENSION_RE = re.compile(r"\d[\d,]*(?:\.\d+)?(?:-|\s*)(?P<unit>[^\W\d_]+)\s+(?P<dim>[^\W\d_]+)\b")
#: the unit registry's dimensionality of each kind of :data:`shared.text.sizes.SIZE_WORDS` dimension
_DIMENSION_UNITS = {"height": "[length]", "length": "[length]", "depth": "[length]", "width": "[length]",
                    "span": "[length]", "thickness": "[length]", "circumference": "[length]", "weight": "[mass]"}


def _asked_size(text: str) -> bool:
    """Whether ``text`` opens with a size: an amount, a unit of the kind a dimension word right after it measures
    (:func:`shared.units.unit_dimensionality`, :data:`shared.text.sizes.SIZE_WORDS`): "40 metres tall", "2 km
    long", "12 tonnes heavy"; not "66 in 1950", "9 very long" (no unit) nor "9 a long one" ("a" no length)."""
    m = _AMOUNT_AND_DIMENSION_RE.match(text)
    if m is None:
        return False
    kind = _DIMENSION_UNITS.get(SIZE_WORDS.get(m.group("dim").casefold(), ""))
    return kind is not None and unit_dimensionality(m.group("unit")) == kind


def clean_title(title: str | None) -> str:
    """Strip a disambiguation suffix from a page title: "Kiss and Tell (1945 film)" -> "Kiss and Tell"; an HTML
    entity left in a title is its character ("Mitchells &amp; Butlers" -> "Mitchells & Butlers", so a sentence
    naming the page matches it)."""
    if not title:
        return ""
    title = html.unescape(title)
    t = re.sub(r"\s*\([^)]*\)\s*$", "", title.strip())
    return t.strip() or title.strip()


#: words that open a title framing a name as a greeting or an invitation ("Welcome to Castel Orvieno", "Discover the
#: Kessin Tower"); framing by a preposition ("About the ..."), an ``-ing`` form ("Visiting the ...") or an article
#: and lower-case words ("A short history of the ...") is read from the words themselves (:func:`_framed`)
_FRAMING_OPENERS: frozenset[str] = frozenset({"welcome", "discover", "explore", "visit", "meet", "inside", "behind"})
#: an English preposition opening a title ("About the Teatro Brivolo", "At the Kessin Tower")
_FRAMING_PREPOSITIONS: frozenset[str] = frozenset({"about", "at", "in", "on", "around", "beyond", "through", "from",
                                                   "to", "for", "with", "within", "across", "along"})
_TITLE_ARTICLES: frozenset[str] = ARTICLES["en"]
#: a preposition that frames a name with no article after it ("About Kestrin Ridge Observatory", "Inside ...")
#: (not "In", "On", "For", "With": these open works' names, "In Bruges Again", "For Whom the Bell Tolls")
_BARE_FRAMING_PREPOSITIONS: frozenset[str] = frozenset({"about", "inside", "behind", "around", "beyond", "within",
                                                        "across", "along"})
#: a page title's subtitle in lower case after a colon or dash, the aspect of its subject the page is about ("Ilse
#: Wandmacher (1897-1968): a biography", "Teatro Brivolo: a short history", "Halvik - the town's harbour")
_TITLE_SUBTITLE_RE = re.compile(r"\s*(?::|\s[-–—])\s+(?=[a-z])")
#: the same separator before any subtitle: a subtitle in title case is one only when its every word is about the page
#: (:data:`_SUBTITLE_PAGE_WORDS`: "Korvanne Glassworks: Annual Report Figures"; not "Star Wars: The Force Awakens")
_TITLE_ANY_SUBTITLE_RE = re.compile(r"\s*(?::|\s[-–—])\s+(?=\S)")
#: a page title that is a name and one to three lower-case words saying what the page tells of it ("Orla Hall
#: facts", "The Orla Hall visitor information"): group 1 is the name
_TITLE_TAIL_RE = re.compile(r"(?:the\s+)?((?:[A-Z][\w'’.-]*\s+)*[A-Z][\w'’.-]*)(?:\s+[a-z][\w'’-]*){1,3}")
#: a news headline: a name, a verb in the present ("raises", "closes") and its lower-case object, then anything
#: ("Orla Hall raises ticket prices and closes its tower for repairs"), the verb after up to six lower-case words
#: of the name's aspect and the headline's clause ("Orla Hall ticket price cut as the tower closes for repairs"):
#: group 1 is the name. The word after the name is no preposition or article: "Ada Lenz on the bridges and harbours
#: of Dunmore" is the name's writing about another thing, its plural noun no verb of the name's
_TITLE_HEADLINE_RE = re.compile(r"(?:the\s+)?((?:[A-Z][\w'’.-]*\s+)*[A-Z][\w'’.-]*)\s+"
                                r"(?!(?:on|of|in|at|to|for|with|by|from|about|over|under|and|or|the|a|an)\s)"
                                r"(?:[a-z][\w'’-]*\s+){0,6}?[a-z]{3,}(?<!s)s\s+[a-z][^:|]*")


#: a noun heading a title about a page's subject rather than naming it ("A Short History of the Korvanne
#: Glassworks", "People of the Korvanne Glassworks", "A Guide to ..."): the name after "of"/"to" is the subject
_HEADLINE_NOUNS: frozenset[str] = frozenset({
    "history", "histories", "guide", "introduction", "overview", "story", "people", "portrait", "profile",
    "timeline", "chronicle", "tour", "facts", "notes", "visitors", "friends", "memories", "origins", "highlights"})


#: the phrases of a title saying its page is one of questions and their answers, word by word ("and" is "and" or
#: "&": "Questions & Answers", "Q&A"): the one list :data:`_QUESTIONS_PAGE_RE` and :data:`_SUBTITLE_PAGE_WORDS` read
_QUESTIONS_PAGE_PHRASES: tuple[tuple[str, ...], ...] = (
    ("faq",), ("faqs",), ("frequently", "asked", "questions"), ("commonly", "asked", "questions"),
    ("questions", "and", "answers"), ("question", "and", "answer"), ("q", "and", "a"))
#: a title's words saying the page is one of questions and their answers (:data:`_QUESTIONS_PAGE_PHRASES`:
#: "Frequently asked questions", "FAQ", "Questions and answers", "Q&A")
_QUESTIONS_PAGE_RE = re.compile(r"\b(?:" + "|".join(
    r"\s+".join(phrase).replace(r"\s+and\s+", r"(?:\s*&\s*|\s+and\s+)")
    for phrase in _QUESTIONS_PAGE_PHRASES) + r")\b", re.IGNORECASE)


#: words a title-case subtitle says of a page rather than of a work's name ("Annual Report Figures", "Key Facts",
#: "Visitor Statistics", "Frequently asked questions"): with :data:`_HEADLINE_NOUNS`, the words of such a subtitle,
#: and the words of a page of questions about the subject ("Kestrelmoor Funicular - Frequently asked questions",
#: "... : FAQ", "... : Q&A": :data:`_QUESTIONS_PAGE_PHRASES`)
_SUBTITLE_PAGE_WORDS: frozenset[str] = _HEADLINE_NOUNS | frozenset({
    "annual", "yearly", "monthly", "report", "reports", "figures", "statistics", "data", "numbers", "key", "facts",
    "fact", "sheet", "summary", "information", "visitor", "and", "at", "a", "glance"}) | frozenset(
    w for phrase in _QUESTIONS_PAGE_PHRASES for w in phrase)


def page_of_questions(title: str | None) -> bool:
    """Whether ``title`` (a page's title) says the page is one of questions and their answers
    (:data:`_QUESTIONS_PAGE_RE`: "Orla Raceway - Frequently asked questions", "FAQ | Orla Raceway", "Q&A"): its
    sentences may be answers to questions they leave unsaid ("The engineer Ann Lee, back in the late fifties.").
    Case-insensitive; False for None. Never raises."""
    return bool(_QUESTIONS_PAGE_RE.search(title or ""))


#: a year or a span of years in a subtitle about the page ("Annual Report 2023", "Key Figures 2019-2023")
_YEARS_RE = re.compile(r"(?:1[5-9]|20)\d\d(?:[-–](?:1[5-9]|20)?\d\d)?")


def _page_subtitle(name: str) -> str | None:
    """The text before a title-case subtitle made only of words about the page (:data:`_SUBTITLE_PAGE_WORDS`) and
    years (:data:`_YEARS_RE`): "Korvanne Glassworks: Annual Report Figures" -> "Korvanne Glassworks", "Castelbruna
    Silk-Weaving Museum - Annual Report 2023" -> "Castelbruna Silk-Weaving Museum"; None when there is no such
    subtitle ("Star Wars: The Force Awakens")."""
    parts = _TITLE_ANY_SUBTITLE_RE.split(name, maxsplit=1)
    if len(parts) < 2 or not parts[0].strip():
        return None
    words = re.findall(r"[\w'’-]+", parts[1])
    if words and all(w.casefold() in _SUBTITLE_PAGE_WORDS or _YEARS_RE.fullmatch(w) for w in words):
        return parts[0].strip()
    if _sentence_case(words):  # "Brantley Motor Circuit - Press kit 2025": a description of the page, no name
        return parts[0].strip()
    return None


def _sentence_case(words: list[str]) -> bool:
    """Whether ``words`` (a subtitle's) are written in sentence case: two or more, the first capitalised, every
    other one a lower-case word or a number, at least one of them a word ("Press kit 2025", "Visitor guide"); a
    work's title-case subtitle ("The Force Awakens") or a one-word one ("Resurrection") is none."""
    rest = words[1:]
    return bool(rest) and words[0][:1].isupper() and all(w.islower() or w.isdigit() for w in rest) \
        and any(w.islower() for w in rest)


def _headline_name(words: list[str]) -> str | None:
    """The name after a headline noun of a title in any case: an optional article and up to two adjectives, a
    headline noun (:data:`_HEADLINE_NOUNS`), "of"/"to", an optional article, then capitalised words ("A Short History
    of the Korvanne Glassworks" -> "Korvanne Glassworks", "People of Tarnholm" -> "Tarnholm"); None otherwise
    ("The Battle of the Bulge", "Museum of Modern Art": their head is no headline noun)."""
    low = [w.casefold() for w in words]
    i = 1 if low[:1] and low[0] in _TITLE_ARTICLES else 0
    for j in range(i, min(i + 3, len(low))):
        if low[j] in _HEADLINE_NOUNS:
            k = j + 1
            if k >= len(low) or low[k] not in ("of", "to"):
                return None
            k += 1
            if k < len(low) and low[k] in _TITLE_ARTICLES:
                k += 1
            name = words[k:]
            if name and not is_stopword(name[0].casefold()) and all(w[:1].isupper() or w[:1].isdigit() or w in _CONNECTORS for w in name) \
                    and (name[0][:1].isupper() or name[0][:1].isdigit()):
                return " ".join(name)
            return None
        if not words[j].isalpha():
            return None
    return None


#: a separator of a page title's parts, spaced on both sides: a dash, a pipe or a bullet ("Kelmarsh Coast Zoo -
#: Animals", "Kessin Tower | Visit Halvik")
_TITLE_PART_RE = re.compile(r"\s+[-–—|·•]\s+")


def title_parts(title: str) -> list[str]:
    """The parts of a page title between separators spaced on both sides (:data:`_TITLE_PART_RE`): "Kelmarsh Coast
    Zoo - Animals" -> ["Kelmarsh Coast Zoo", "Animals"]; ``[title]`` when it has none (a hyphen inside a word, or a
    colon, parts nothing: "Star Wars: The Force Awakens" stays whole). A name finder reads each part alone: a
    section's or a site's name after the separator is no word of the name before it (:func:`find_entities` runs a
    name on over any punctuation). Never raises."""
    parts = [p.strip() for p in _TITLE_PART_RE.split(title or "") if p.strip()]
    return parts or [title or ""]


def title_subject(title: str | None, *, subtitle: bool = True, tail: bool = True, frame: bool = True) -> str | None:
    """The name a page title gives its subject inside words about the page, or None when the title has no such
    words (it is the name whole, or no name at all).

    ``title`` is first cleaned (:func:`clean_title`: "Kiss and Tell (1945 film)" -> "Kiss and Tell"), then read in
    up to three steps, each dropping words about the page when it finds them (a step that finds none, or would
    leave nothing, keeps the text as it is):

    - ``subtitle``: the text before a subtitle in lower case after a colon or a dash, and before a parenthetical
      inside it ("Ilse Wandmacher (1897-1968): a biography" -> "Ilse Wandmacher", "Grelvik - the village and its
      boats" -> "Grelvik"); a subtitle in title case is part of a work's name ("Star Wars: The Force Awakens")
      unless its every word is about the page (:func:`_page_subtitle`: "Korvanne Glassworks: Annual Report
      Figures" -> "Korvanne Glassworks"), and one in sentence case describes the page ("Brantley Motor Circuit -
      Press kit 2025" -> "Brantley Motor Circuit");
    - ``tail``: of a name followed by one to three lower-case words, the name ("Orla Hall facts" -> "Orla Hall";
      "The Orla Hall visitor information" -> "The Orla Hall"), and of a news headline, the name doing its verb
      (:data:`_TITLE_HEADLINE_RE`: "Orla Hall raises ticket prices and closes Big Ada for repairs" -> "Orla Hall");
    - ``frame``: a name after words in sentence case framing it (:func:`_framed`: "About the Teatro Brivolo",
      "Visiting the Teatro Brivolo", "Welcome to Castel Orvieno", "A short history of the Museum of Modern Art").

    Each caller turns off the steps it does not read: the claim extractor and the headline test read only the
    frame, the confidence gate's bridge only the subtitle, the synthesizer's claim subjects the subtitle and the
    tail. A site's name after a separator ("Eiffel Tower - Wikipedia", "Kessin Tower | Visit Halvik") is no step here: such a title
    gives None. Returns the name as written. Never raises.
    """
    cleaned = clean_title(title)
    name = cleaned
    if subtitle:
        cut = _page_subtitle(name) or _TITLE_SUBTITLE_RE.split(name, maxsplit=1)[0]
        cut = re.split(r"\s*\(", cut, maxsplit=1)[0].strip(" :-–—")
        name = cut or name
    if tail:
        named = _TITLE_TAIL_RE.fullmatch(name.strip()) or _TITLE_HEADLINE_RE.fullmatch(name.strip())
        name = named.group(1) if named else name
    if frame:
        name = _framed(name) or name
    return name if name and name != cleaned else None


def _framed(title: str) -> str | None:
    """The name a (cleaned) page title frames with words about the page, or None when the title is no such frame.

    A frame is words in sentence case before a trailing name of capitalised words (connectors such as "of", "the"
    inside it: "Museum of Modern Art"), the frame opening with a preposition ("About the Teatro Brivolo"; alone
    before a name of two words or more: "About Kestrin Ridge Observatory", not "About Schmidt"), an
    ``-ing`` form ("Visiting the Teatro Brivolo"), a greeting or invitation (:data:`_FRAMING_OPENERS`: "Welcome to
    Castel Orvieno") or an article and lower-case words ("A short history of the Teatro Brivolo", "A guide to the
    Museum of Modern Art"); each of these -> the name ("Teatro Brivolo", "Castel Orvieno", "Museum of Modern Art").
    A title that is one name ("The Battle of the Bulge", "Reading Football Club"), a topic opening with a noun ("Ice
    hockey at the Winter Olympics") or a work's name in title case ("Gone with the Wind") gives None. A headline noun in
    title case frames the name after it too (:func:`_headline_name`: "A Short History of the Korvanne Glassworks",
    "People of the Korvanne Glassworks").
    """
    words = title.split()
    headline = _headline_name(words)
    if headline:
        return headline
    i = len(words)
    # the title's first word is the frame's ("About" of "About the Teatro Brivolo") or the name's
    while i > 1 and (words[i - 1][:1].isupper() or words[i - 1][:1].isdigit() or words[i - 1] in _CONNECTORS):
        i -= 1
    while i < len(words) and words[i] in _CONNECTORS:  # "of the Teatro Brivolo": the name opens at a capital
        i += 1
    frame, name = words[:i], words[i:]
    # a lone capitalised preposition before a name of two words or more ("About Kestrin Ridge Observatory",
    # "Inside Halvard Castle"): the preposition frames it. A one-word name stays whole ("About Schmidt", "In
    # Bruges": a work's name); a lone -ing word or opener is read as part of the name ("Reading Football Club",
    # "Discover Sankt Lorenz"), since a town or a work is as likely as a frame there
    if (len(frame) == 1 and frame[0].casefold() in _BARE_FRAMING_PREPOSITIONS and len(name) >= 2
            and name[0][:1].isupper() and name[-1][:1].isupper() and not is_stopword(name[0].casefold())):
        return " ".join(name)
    # a frame ends in a word in lower case before the name ("Reading Football Club" is one name)
    if not frame or not name or not frame[-1].islower() or not (name[0][:1].isupper() or name[0][:1].isdigit()):
        return None
    first = frame[0].casefold()
    rest = frame[1:]
    if any(not w.islower() for w in rest):  # "A Night at the Opera": a name in title case, no frame
        return None
    # an -ing form of seven letters or more ("Visiting", "Exploring"; not "Spring in Castel Orvieno")
    framing = (first in _FRAMING_PREPOSITIONS or first in _FRAMING_OPENERS
               or bool(re.fullmatch(r"[A-Za-z]{4,}ing", frame[0]))
               or (first in _TITLE_ARTICLES and any(not is_stopword(w) for w in rest)))
    return " ".join(name) if framing else None


#: an abbreviation in brackets ("(HCC)", "(NASA)", "(AT&T)"): capitals, digits and "&", two to ten
_BRACKETED_ABBREVIATION_RE = re.compile(r"\(([A-Z][A-Z0-9&]{1,9})\)")
#: a word before such a bracket (letters, inner apostrophes, hyphens and dots)
_NAME_WORD_RE = re.compile(r"[^\W\d_][\w'’.-]*")


def defined_abbreviations(texts: list[str] | tuple[str, ...]) -> dict[str, str]:
    """The abbreviations ``texts`` define by a name and the abbreviation in brackets right after it, each with that
    name: ["The Harlowe Canal Company (HCC) runs barges."] -> {"HCC": "Harlowe Canal Company"}; "National Aeronautics
    and Space Administration (NASA)" -> NASA. The name is the shortest run of words before the bracket, opening with a
    capital, whose capitalised words' initials spell the abbreviation's letters; an abbreviation no such run spells
    ("(UK)" after "the Royal Mail") defines nothing. The first definition of an abbreviation wins. Never raises."""
    out: dict[str, str] = {}
    for text in texts:
        for m in _BRACKETED_ABBREVIATION_RE.finditer(text or ""):
            abbr = m.group(1)
            letters = "".join(ch for ch in abbr if ch.isalpha())
            before = text[max(0, m.start() - 160):m.start()].rstrip()
            found = list(_NAME_WORD_RE.finditer(before))
            if not found or found[-1].end() != len(before) or abbr in out:
                continue
            for k in range(1, min(len(found), 12) + 1):
                run = [w.group(0) for w in found[-k:]]
                if run[0][:1].isupper() and "".join(w[0] for w in run if w[:1].isupper()) == letters:
                    out[abbr] = before[found[-k].start():]
                    break
    return out


def spell_out_abbreviations(question: str, texts: list[str] | tuple[str, ...]) -> str:
    """``question`` with each abbreviation it uses alone that ``texts`` (the run's claims and page titles) define
    (:func:`defined_abbreviations`) written as the name it stands for: "When was the HCC founded?" -> "When was the
    Harlowe Canal Company founded?" when a page says "The Harlowe Canal Company (HCC) ...", so a claim naming the
    company by its name, on any page, is about what the question names. An abbreviation the question already gives
    with its name, one no text defines, or one that more texts use alone (outside its brackets) than name it by its
    name ("ESA astronaut" in most sentences) is kept. Never raises."""
    defined = defined_abbreviations(texts)
    out = question or ""
    for abbr, name in defined.items():
        alone = re.compile(rf"(?<![\w&(]){re.escape(abbr)}(?![\w&)])")
        if name.casefold() in out.casefold() or alone.search(out) is None:
            continue
        # the form the texts use more is the one the question is read in: sources that call it "ESA" in most
        # sentences answer a question saying "ESA" as it is written
        by_name = sum(1 for t in texts if name.casefold() in (t or "").casefold())
        by_abbreviation = sum(1 for t in texts if alone.search(t or "") is not None)
        if by_name > by_abbreviation:
            out = alone.sub(name, out)
    return out


#: the shortest word (letters) two spellings of which can be two names: shorter words one letter apart are other
#: words ("cat" / "cut"), not one name spelt two ways
ALIKE_MIN_LETTERS = 5
#: a word of this many letters or more may differ from its look-alike in two letters ("Pellmoor" / "Pellmore"), a
#: shorter one in one ("Tarnholm" / "Tarnholt" differ in one)
ALIKE_TWO_EDITS_LETTERS = 8


def spelled_alike(a: str, b: str) -> bool:
    """Whether two different words (tokens, :func:`tokenize`) are spelt so alike that they read as one name, which
    two pages using both spellings make two names: "tarnholm" / "tarnholt", "pellmoor" / "pellmore". Both have
    :data:`ALIKE_MIN_LETTERS` letters or more, open with the same letter and are one edit apart (insertion,
    deletion, substitution or swap of two neighbouring letters; two for words of :data:`ALIKE_TWO_EDITS_LETTERS`
    letters or more). A word with letters written on ("crossing" for "cross", "bridges"), a number, and two plain
    English words ("river" / "rover": :func:`shared.text.packages.is_plain_english`, two words, not one spelt two
    ways) are no look-alikes."""
    if a == b or not (a.isalpha() and b.isalpha()) or min(len(a), len(b)) < ALIKE_MIN_LETTERS or a[0] != b[0]:
        return False
    if a.startswith(b) or b.startswith(a):
        return False
    most = 2 if min(len(a), len(b)) >= ALIKE_TWO_EDITS_LETTERS else 1
    if OSA.distance(a, b, score_cutoff=most) > most:
        return False
    return not (is_plain_english(a) and is_plain_english(b))


def look_alike_name(name: list[str] | tuple[str, ...], words: list[str] | tuple[str, ...]) -> bool:
    """Whether the tokens ``words`` (a sentence's, a name's or a title's, in order) give a look-alike of the name
    ``name`` (its tokens) and not ``name`` itself: ``len(name)`` neighbouring words that are ``name``'s but for one
    word :func:`spelled_alike` its own ("Tarnholm Glass Museum" for "Tarnholt Glass Museum"). Such a name is another
    thing where a page names ``name`` too; the caller checks that."""
    n = len(name)
    if not n or len(words) < n:
        return False
    windows = [tuple(words[k:k + n]) for k in range(len(words) - n + 1)]
    if tuple(name) in windows:
        return False
    return any(sum(1 for x, y in zip(name, w) if x != y) == 1
               and all(x == y or spelled_alike(x, y) for x, y in zip(name, w)) for w in windows)


def swapped_name_word(name: list[str] | tuple[str, ...], subject: list[str] | tuple[str, ...]) -> bool:
    """Whether the name tokens ``subject`` (a name a sentence gives, in order) name another thing of the kind the
    name ``name`` (its tokens, three or more) names: the same head noun (last word), but the word right before it
    is one of ``subject``'s own where ``name`` has a word ``subject`` lacks, and ``subject``'s other words are all
    ``name``'s: "Transport Museum" and "Velmora Transport Museum" are other museums than the "Velmora Tram Museum".
    A shorter form of ``name`` ("Tram Museum", "Velmora Museum"), ``name`` itself, another head ("Velmora Tram
    Depot"), the distinguishing word written longer ("Velmora Tramway Museum") and a name of two words, whose word
    before the head may be a place or its distinguishing word alike ("Tram Museum" / "Velmora Museum"), are not
    matched. Such a name is another thing where a page names ``name``
    too; the caller checks that. A name of another head noun whose two or more words before it are all the name's own, or of
    their stems, is another thing too ("Tarnmoor Botanical Society" for the "Tarnmoor Botanic Garden"; "Tarnmoor
    Borough Council", with a word of its own, is not matched)."""
    if len(name) < 3 or len(subject) < 2 or tuple(subject) == tuple(name):
        return False
    if subject[-1] != name[-1]:
        # another head noun, every word before it one of the name's own (or of its stem): "Tarnmoor Botanical
        # Society" is another thing than the "Tarnmoor Botanic Garden"; a name holding the asked one ("Tarnmoor
        # Botanic Garden Trust"), or with a word of its own before the head ("Tarnmoor Borough Council"), is not
        n = len(name)
        if snowball_stem(subject[-1]) in {snowball_stem(w) for w in name} or name[-1] in subject or any(
                tuple(subject[k:k + n]) == tuple(name) for k in range(len(subject) - n + 1)):
            return False
        # two words or more before the head: one shared word alone may be a first name ("Rafael Carioca" for
        # "Rafael de Souza Pereira") or a place's
        mods = {snowball_stem(w) for w in name[:-1]}
        return len(subject) >= 3 and all(snowball_stem(w) in mods for w in subject[:-1])
    own, lacked = subject[-2], name[-2]
    # one word written longer or in another form ("Tramway Museum" for the "Tram Museum", "Railways" / "Railway")
    # names the same thing
    if own.startswith(lacked) or lacked.startswith(own):
        return False
    return own not in name and lacked not in subject and all(w in name for w in subject[:-2])


def names_swapped_word(name: list[str] | tuple[str, ...], text: str) -> bool:
    """Whether ``text`` gives a name (:func:`find_entities`) that is another thing of the kind ``name`` (its
    tokens) names (:func:`swapped_name_word`: "The Transport Museum had 41,300 visitors" for the Velmora Tram
    Museum) and does not give ``name`` itself as written. False for an empty text. Never raises."""
    words = tokenize(text)
    n = len(name)
    if not n or any(tuple(words[k:k + n]) == tuple(name) for k in range(len(words) - n + 1)):
        return False
    return any(swapped_name_word(name, tokenize(e)) for e in find_entities(text))


def inserted_words(name: list[str] | tuple[str, ...], subject: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The words the name tokens ``subject`` insert inside the name ``name`` (its tokens, two or more), before its
    head (last word) and after its first word, when ``subject`` is another thing of ``name``'s kind by them
    (:func:`inserted_name`): ("junior",) for "Dunsel Reach Junior Regatta" and the "Dunsel Reach Regatta", ("narrow",
    "gauge") for "Tarn Valley Narrow Gauge Railway" and the "Tarn Valley Railway"; () when it is not. Pure; never
    raises. An edition year closing either name is no word of it ("Quillhaven Junior Open 2024" inserts "junior" in
    the "Quillhaven Open")."""
    name, subject = _without_edition_year(name), _without_edition_year(subject)
    n, m = len(name), len(subject)
    if n < 2 or not n < m <= n + 3 or subject[0] != name[0] or subject[-1] != name[-1] \
            or not is_plain_english(name[-1]):
        return ()
    for k in range(1, n):
        own = tuple(subject[k:k + m - n])
        if tuple(subject[:k]) == tuple(name[:k]) and tuple(subject[k + m - n:]) == tuple(name[k:]):
            if any(w in _CIVIC_WORDS or w in _FULL_NAME_WORDS or w in _NAME_HONORIFICS or w in FOREIGN_ARTICLES or is_stopword(w)
                   or not w.isalpha() or not is_plain_english(w) or w in name for w in own):
                return ()
            return own
    return ()


#: an edition's year closing a name ("Quillhaven Open 2024")
_EDITION_YEAR_RE = re.compile(r"(?:1[6-9]|20)\d\d")


def _without_edition_year(words: Sequence[str]) -> tuple[str, ...]:
    """The name tokens ``words`` without the year of an edition closing them ("quillhaven open 2024" ->
    "quillhaven open"); a name of the year alone is kept whole."""
    if len(words) > 1 and _EDITION_YEAR_RE.fullmatch(words[-1]):
        return tuple(words[:-1])
    return tuple(words)


def inserted_name(name: list[str] | tuple[str, ...], subject: list[str] | tuple[str, ...]) -> bool:
    """Whether the name tokens ``subject`` are the name ``name`` (its tokens, two or more) with one to three words of
    their own inserted inside it, before its head (last word) and after its first word: "Dunsel Reach Junior
    Regatta" for the "Dunsel Reach Regatta", "Ostrav Bay Old Lighthouse" for the "Ostrav Bay Lighthouse", "Tarn
    Valley Narrow Gauge Railway" for the "Tarn Valley Railway". ``name``'s head is a plain English noun of a kind
    of thing (:func:`shared.text.packages.is_plain_english`) and the inserted words are plain English words too,
    saying which thing of that kind is meant: another one than the bare name's, as a word before the name makes
    (:func:`prefixed_name`); the caller checks that the bare name is a thing of its own (:func:`told_apart`). Not
    matched: ``name`` itself, a person's name with a middle name ("Ilka Maren Straven"), a civic word that only
    spells the name out (:data:`_CIVIC_WORDS`: "Tessmoor Public Library") or a word of a full official name
    (:data:`_FULL_NAME_WORDS`: "Tessmoor Amateur Rowing Club"), an honour, a function word ("Bank of
    England"), a number (an edition: "Dunsel Reach 2026 Regatta"), or words before or after the name
    (:func:`prefixed_name`, a longer name running on). Pure; never raises."""
    return bool(inserted_words(name, subject))


def inserted_look_alike_words(names: list[list[str]] | list[tuple[str, ...]],
                              texts: list[str] | tuple[str, ...]) -> list[tuple[str, ...]]:
    """The words of their own that the names ``texts`` give (each text read by its title parts) insert inside one of
    ``names`` (tokens each; :func:`inserted_words`): [("junior",)] for a page naming the "Dunsel Reach Junior
    Regatta" where the Dunsel Reach Regatta is asked. A sentence of that page carrying those words and naming no
    asked name ("Junior crews race over a shorter course of 1,000 metres") is about the look-alike. [] when none
    is. Never raises."""
    out: list[tuple[str, ...]] = []
    for w in _names_in(texts):
        for n in names:
            if (own := inserted_words(n, w)) and own not in out:
                out.append(own)
    return out


def described_bare_names(question: str, texts: list[str] | tuple[str, ...]) -> list[list[str]]:
    """The names (tokens each) of ``texts`` that ``question`` describes by their head noun alone, where the texts
    also name a look-alike with words of its own inserted before that head (:func:`inserted_words`): "In what year
    was the regatta on the Ormer first staged?" over texts naming the "Dunsel Reach Regatta" and the "Dunsel Reach
    Junior Regatta" -> [["dunsel", "reach", "regatta"]]. The question writes the head ("regatta") but none of the
    look-alike's own words ("junior") and gives no name of that head itself (:func:`plain_names`), and the bare name
    is written alone (:func:`named_alone`): the thing it describes is the bare name's, and a sentence about the
    look-alike states nothing of it. So too a name the question gives by its opening words only ("the Orla
    Sinfonia's concert hall" over texts naming the "Orla Sinfonia Orchestra" and the "Orla Sinfonia Youth
    Orchestra" -> [["orla", "sinfonia", "orchestra"]]): the short form is the bare name's, not the look-alike's
    whose own word the question does not write. [] when there is none. Never raises."""
    asked = set(tokenize(question or ""))
    given = [n for n in plain_names(question or "") if n]
    heads = {n[-1] for n in given}
    names = [w for w in _names_in(texts) if len(w) >= 2]
    out: list[list[str]] = []
    for bare in names:
        described = bare[-1] in asked and bare[-1] not in heads
        opened = any(len(n) < len(bare) <= len(n) + 2 and bare[:len(n)] == n for n in given)
        if bare in out or not (described or opened) or not any(
                (own := inserted_words(bare, w)) and not set(own) & asked for w in names):
            continue
        if named_alone(bare, texts, definite=False):
            out.append(bare)
    return out


#: words before a name that say who a person is, not which other thing it names ("Sir Ian Holm" is Ian Holm)
_NAME_HONORIFICS = frozenset(
    "mr mrs ms miss dr prof professor sir dame lord lady rev reverend fr hon mx".split())


def prefixed_name(name: list[str] | tuple[str, ...], subject: list[str] | tuple[str, ...]) -> bool:
    """Whether the name tokens ``subject`` are the name ``name`` (its tokens, two or more) with words of their own
    before it: "Little Orvane Canal", "Old Kessin Bridge", "Upper Marrow Lock" for the "Orvane Canal", "Kessin
    Bridge", "Marrow Lock". ``name``'s head (last word) is a plain English noun of a kind of thing (canal, bridge,
    museum: :func:`shared.text.packages.is_plain_english`), so the words before it say which thing of that kind is
    meant, and the longer name is another one, as a name going on after the shorter one is ("Halvik FC"). A
    person's name with a title before it ("Sir Ian Holm") or a given name ("Poul Lars Høgh", whose head "Høgh" is
    no English noun) is not matched, nor ``name`` itself or a name of one word, nor the name after an article of
    another language ("Der Varden Chairlift", "Le Varden Chairlift": :data:`shared.text.tokens.FOREIGN_ARTICLES`) or
    a German determiner ("Dieser Varden Chairlift": :data:`shared.text.compounds.DE_DETERMINERS`). A mark alone
    before it is words of its own (:func:`look_alike_mark`: "2nd Orvane Canal", "Neue Varden Chairlift"), but for an
    ordinal numbering an event's edition ("40th Orvane Marathon": :func:`edition_ordinal`). Pure; never raises."""
    n = len(name)
    if n < 2 or len(subject) <= n or tuple(subject[-n:]) != tuple(name):
        return False
    own = subject[:-n]
    if not is_plain_english(name[-1]) or (edition_ordinal(subject, len(own))
                                          and _ordinal_before(subject, len(own)) == len(own)):
        return False  # (an ordinal alone before an event's name numbers its edition: "40th Orvane Marathon")
    return look_alike_mark(subject, len(own)) == len(own) or not any(
        w in _NAME_HONORIFICS or is_stopword(w) or w in FOREIGN_ARTICLES or w in DE_DETERMINERS or not w.isalpha()
        for w in own)


#: a Roman numeral of a generation, II to XXXIX in lower case, or a lone V or X ("ii", "iv", "xiv"); a lone "i" is
#: the pronoun more often than the first of a line (which goes without its numeral)
_GENERATION_NUMERAL = re.compile(r"(?=[ivx]{2}|[vx]$)x{0,3}(?:ix|iv|v?i{0,3})")


#: words right after a product's whole name that make another model of it, its size or edition: "Brevona Duo XL",
#: "Voltrex V12 Pro", "Tessen Kettle Mini", "Galaxy S23 FE" (beside a number or Roman numeral, :func:`generation_mark`).
#: The one list of such variant marks: the synthesizer's look-alikes, the verifier's contradictions
#: (:func:`shared.text.entailment.entailment`) and the shopping domain's models of one line read it. Lower case.
VARIANT_MARKS = frozenset({"xl", "xxl", "xs", "pro", "max", "mini", "plus", "lite", "ultra", "s", "se", "fe", "gt"})

#: a word opening a generation whose number follows it ("Brevona Duo Gen 2", "Mk II", "Generation 3"), or a numbering
#: word ("Ketterby Mill No. 2", "Ketterby Mill Number 3", "Zeche Ketterby Nr. 4"): a numbered thing of the name's kind
#: built on it, another thing than the name alone
_GENERATION_WORDS = frozenset({"gen", "generation", "mk", "mark", "no", "number", "nr", "nº"})


def generation_mark(word: str, marks: frozenset[str] = VARIANT_MARKS, *, max_digits: int | None = None) -> bool:
    """Whether ``word`` (one lower-case token), right after a name, makes another thing of it: a generation or
    model number ("Kestrelmoor Funicular II", "Brevona Duo 2", "Voltrex V12 Pro"). That is a number (of at most
    ``max_digits`` digits when given: a larger one is a figure, "Duo 2023"), a Roman numeral
    (:data:`_GENERATION_NUMERAL`) or one of ``marks``, the variant marks (:data:`VARIANT_MARKS`: "xl", "pro",
    "mini"), or a domain's own edition words. The one reader of a name's trailing generation for the synthesizer's
    look-alikes (:func:`services.synthesizer.verdicts.opens_look_alike`) and the shopping domain's models of one
    line. Pure; never raises."""
    if word.isdecimal():
        return max_digits is None or len(word) <= max_digits
    return word in marks or _GENERATION_NUMERAL.fullmatch(word) is not None


def variant_suffix(words: list[str] | tuple[str, ...], *, numbered: bool = True) -> bool:
    """Whether the tokens ``words`` (lower case), all that follows a name inside a longer one, make another model of
    it: one or more marks each a generation mark (:func:`generation_mark`: "xl", "pro max", "ii", "2") with at most
    one number among them ("1788 1850", a person's years, is none), or a generation or numbering word and its number
    ("gen 2", "mk ii", "no 2" of "Ketterby Mill No. 2": :data:`_GENERATION_WORDS`). ``numbered`` False: a number alone is none either ("Kleenbot K3 5" of "rate the Kleenbot K3 5 out of
    5" is a figure after the name as often as a model): a word mark must be there. False for no words. Pure; never
    raises."""
    if not words:
        return False
    if len(words) == 2 and words[0] in _GENERATION_WORDS and generation_mark(words[1], frozenset()):
        return True
    numbers = sum(w.isdecimal() for w in words)
    return all(generation_mark(w) for w in words) and numbers <= 1 and (numbered or numbers < len(words))


def model_designation(word: str) -> bool:
    """Whether ``word`` (one lower-case token), the last of a product's name, is a model number or designation: a
    token holding a digit of at most six characters ("2", "v12", "k3", "20" of "IH-20"; a number of four digits or
    more is a figure or a year) or a Roman numeral (:data:`_GENERATION_NUMERAL`: "ii", "iv"). A name ending so is a
    model's whole name, so a further word after it names another model ("Brevona K2 Duo", "Tessen 7 Max":
    :func:`names_other_model`). Pure; never raises."""
    if word.isdecimal():
        return len(word) <= 3
    return (len(word) <= 6 and any(c.isdigit() for c in word)) or _GENERATION_NUMERAL.fullmatch(word) is not None


def _model_word(word: str) -> bool:
    """Whether the token ``word`` (lower case), right after a name ending in a model designation, names another model
    of it: a word of letters, no function word ("the", "and")."""
    return word.isalpha() and not is_stopword(word)


def another_variant(a: list[str] | tuple[str, ...], b: list[str] | tuple[str, ...], *, numbered: bool = True) -> bool:
    """Whether the name tokens ``a`` and ``b`` name two models of one line: one is the other, of two words or more,
    followed by a variant suffix (:func:`variant_suffix`, with ``numbered``: "brevona duo" / "brevona duo xl",
    "brevona duo gen 2"), or one ending in a model number (:func:`model_designation`) followed by one word of its own
    ("brevona k2" / "brevona k2 duo"). Their figures never answer or contradict each other's. Pure; never raises."""
    short, long_ = (tuple(a), tuple(b)) if len(a) <= len(b) else (tuple(b), tuple(a))
    if len(short) < 2 or len(long_) <= len(short) or long_[:len(short)] != short:
        return False
    rest = long_[len(short):]
    # (a name ending in a model number is a whole model's name: any word after it names another model, "brevona k2"
    # / "brevona k2 duo": :func:`model_designation`)
    return variant_suffix(rest, numbered=numbered) or (
        len(rest) == 1 and model_designation(short[-1]) and _model_word(rest[0]))


def names_another_variant(text: str, other: str) -> bool:
    """Whether ``text`` and ``other`` speak of two models of one line: a name of ``text`` (:func:`find_entities`,
    tokens) and one of ``other`` are :func:`another_variant` of each other by a word mark ("XL", "Pro", "II", "Gen
    2"; a number alone after a name may be a figure), and ``other`` never writes that name of ``text`` as a name of
    its own ("The Brevona Duo's bowl holds 5.0 litres" / "The Brevona Duo XL holds 9.0 litres"). False when either
    names nothing. Never raises."""
    mine = [t for e in find_entities(text or "") if len(t := tokenize(e)) >= 2]
    if not mine:
        return False
    theirs = [tokenize(e) for e in find_entities(other or "")]
    return any(another_variant(m, t, numbered=False) for m in mine for t in theirs) and not any(m in theirs for m in mine)


def other_model_after(name: list[str] | tuple[str, ...], text: str, end: int, *,
                      own: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` (as written, in its own case), where the name tokens ``name`` end at offset ``end``, goes on
    with a word making another model of it: ``name`` ends in a model designation (:func:`model_designation`) and a
    capitalised word of letters, no function word and not one of ``own`` (lower case), follows after spaces ("...
    Brevona K2| Duo weighs"), and no further capitalised word after it (a run of them, "Brevona K2 Burr Grinder",
    names the model's kind). The one reader of such a word for :func:`names_other_model` and the shopping domain's
    models of one line. False for an ``end`` out of range. Pure; never raises."""
    if not name or not model_designation(name[-1]) or not 0 <= end <= len(text):
        return False
    nxt = re.match(r"[ \t]+([^\W\d_]\w*)(?!\w)(?![ \t]+[^\W\d_a-z])", text[end:])
    word = nxt.group(1) if nxt else ""
    return word[:1].isupper() and _model_word(word.casefold()) and word.casefold() not in own


def names_other_model(name: list[str] | tuple[str, ...], text: str, *, own: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` speaks of another model than the one the name tokens ``name`` name: ``name`` (two or more
    tokens, its last a model designation, :func:`model_designation`: "brevona k2") or its tail without its first
    word (the maker's name: "k2" is too short, "zephra k2" of "tessa zephra k2" is read), written in any case and
    followed right away by a capitalised word of letters (:func:`_model_word`) that is not one of ``own`` (lower case:
    the question's words, "Brevona K2 Grinder" of a question about a grinder is the asked one): "The Brevona K2 Duo
    weighs 4 kg", "Specification Weight: brevona K2 Duo 4 kg" (a table row) for the Brevona K2; and never writes that
    name otherwise ("The Brevona K2 Duo is heavier than the Brevona K2" speaks of both). False for a name not ending
    in a model designation or an empty text. Never raises."""
    words = [w for w in name if w]
    if len(words) < 2 or not model_designation(words[-1]) or not text:
        return False
    forms = [words] + ([words[1:]] if len(words) >= 3 else [])
    other = alone = False
    for form in forms:
        pat = r"(?<![\w-])(?i:" + r"[\s\-]*".join(re.escape(w) for w in form) + r")(?![\w])"
        for m in re.finditer(pat, text):
            if other_model_after(form, text, m.end(), own=own):
                other = True
            elif not (text[m.end():m.end() + 1].isalnum() or text[m.end():m.end() + 1] == "-"):
                alone = True
    return other and not alone


#: capitalised words a name never holds inside it: an article opens the name ("Yes The Orvane Canal" of "Yes: The
#: Orvane Canal was ...", a verdict glued to it, is the Orvane Canal)
_NAME_OPENERS = frozenset({"the", "a", "an", "yes", "no"})


def _entity_words(entity: str) -> list[str] | None:
    """The tokens of a name :func:`find_entities` gives, from after the last article or verdict word in it ("Yes
    The Orvane Canal" -> ["orvane", "canal"]), or None when a word of it is in lower case ("Yesterday the Orvane
    Canal": a sentence's opening word run on into a name, not one name)."""
    words = entity.split()
    if any(w[:1].islower() for w in words):
        return None
    cut = max((k + 1 for k, w in enumerate(words) if w.strip(":,;").casefold() in _NAME_OPENERS), default=0)
    return tokenize(" ".join(words[cut:]))


def plain_names(question: str) -> list[list[str]]:
    """The tokens of each name ``question`` gives (:func:`find_entities`, split at "and" / "or" / "&") that is a
    run of capitalised words only, the names :func:`names_prefixed_other` tells apart: "Association of Indian
    Universities" (a name built with "of", whose tail "Indian Universities" is no name of a thing of its own) and
    "What Ever Happened to Baby Jane" are left out. Never raises."""
    out: list[list[str]] = []
    for e in find_entities(question or ""):
        for part in re.split(r"\s+(?:and|or|&)\s+", e):
            if (words := _entity_words(part)) and words not in out:
                out.append(words)
    return out


def names_prefixed_other(names: list[list[str]] | list[tuple[str, ...]], text: str) -> bool:
    """Whether ``text`` names another thing than every name of ``names`` (the question's names, tokens each) by
    words before a name (:func:`prefixed_name`): a longer name ending with an asked one ("The Little Orvane Canal
    was designed by Henri Valcourt" for "Who designed the Orvane Canal?"), or an asked name's tail without the
    words that open it ("The Orvane Canal was designed by Auguste Delmarre" for "Did Auguste Delmarre design the
    Little Orvane Canal?"), that is no asked name itself (a comparison of the two asks of both), and does not give
    that asked name itself as a name; or a name holding an asked one with words of its own inserted before its head
    (:func:`inserted_name`: "The Dunsel Reach Junior Regatta was founded in 1969" for the Dunsel Reach Regatta). Its
    sentence then states nothing of the asked thing; the caller checks that
    the asked name is written alone somewhere (:func:`named_alone`), so that it is a thing's own name, not a short
    form of the longer one. False for an empty text. Never raises."""
    asked = [tuple(n) for n in names if n]
    if not asked:
        return False
    ents = [tuple(w) for e in find_entities(text or "") if (w := _entity_words(e))]
    return any(n not in ents and any(e not in asked and (prefixed_name(n, e) or prefixed_name(e, n)
                                                         or inserted_name(n, e)) for e in ents)
               for n in asked)


def opens_other_kind(names: list[list[str]] | list[tuple[str, ...]], text: str) -> bool:
    """Whether ``text`` opens with a name of another thing built on a word of an asked name (``names``: the
    question's names, tokens each, :func:`plain_names`): a name of two or more words, after at most "The", that
    shares a word with an asked name of two or more words, whose head (last word) is a plain English noun
    (:func:`shared.text.packages.is_plain_english`) other than that name's head, also a plain English noun: "Old
    Merrin Lace Mill was built in 1802 ..." for the "Merrin Lace-Making Museum", "The Harl Rowing Club ..." for the
    "Harl Boat House". Such a sentence speaks of another kind of thing than the asked one, whatever words of the
    question it holds. False when ``text`` also writes an asked name, or opens with no such name. Never raises."""
    asked = [tuple(n) for n in names if len(n) >= 2]
    if not asked:
        return False
    ents = find_entities(text or "")
    if not ents:
        return False
    first = ents[0]
    at = (text or "").find(first)
    if at < 0 or (text or "")[:at].strip().casefold() not in ("", "the"):
        return False
    subject = _entity_words(first)
    if not subject or len(subject) < 2:
        return False
    written = [tuple(w) for e in ents if (w := _entity_words(e))]
    if any(n in written or all(t in subject for t in n) for n in asked):
        return False
    return any(set(subject) & set(n) and subject[-1] != n[-1] and is_plain_english(subject[-1])
               and is_plain_english(n[-1]) for n in asked)


def named_alone(name: list[str] | tuple[str, ...], texts: list[str] | tuple[str, ...], *,
                definite: bool = True) -> bool:
    """Whether one of ``texts`` gives the name ``name`` (its tokens) as a name of its own (:func:`find_entities`),
    not only inside a longer one ("the Orvane Canal", not only "the Little Orvane Canal"), after "the": a name
    of a thing of a kind ("the Orvane Canal", "the Selwick Viaduct"), never a person's ("Robert Plant") or a
    work's; ``definite`` False: with or without "the", a name ending at a comma, semicolon or bracket
    (:func:`find_entities` with ``list_items``). Never raises."""
    want = list(name)
    if not want:
        return False
    n = len(want) + 1
    for t in texts:
        # (without "the", a name is read as a list item: "has no connection with Quellby Zoo; Daventer chose ..." gives
        # "Quellby Zoo", not "Quellby Zoo Daventer")
        if not any(_entity_words(e) == want for e in find_entities(t or "", list_items=not definite)):
            continue
        if not definite:
            return True
        seq = tokenize(t or "", drop_stopwords=False)
        if any(seq[k:k + n] == ["the", *want] for k in range(len(seq) - n + 1)):
            return True
    return False


#: words before a name that make another thing of it, told apart from the one of the bare name by its age, size,
#: place or rank (an honour or a given name before it, "Royal Albert Hall", "John Kessin Bridge", makes no other thing,
#: nor does a saint's name, "St Quellby Church"); the one list of such marks (:func:`look_alike_mark`):
#:
#: - English words of age, size and place: "Old Quellby Library", "New Quellby Zoo", "Little Orvane Canal", "Upper
#:   Marrow Lock", "North Harl Pier", "Greater Quellby", "Lesser Orvane";
#: - an ordinal word (:data:`shared.text.numbers.ORDINAL_WORDS`, first ... twentieth): "Second Quellby Library";
#:   in digits, "2nd Quellby Library", it is two tokens ("2", "nd": :data:`shared.text.numbers.ORDINAL_SUFFIXES`);
#: - the same marks of the other languages Assay reads, as :func:`shared.text.tokens.tokenize` writes them ("ß" is
#:   "ss"): German "Alt(e/er/es)", "Neu(e/er/es)", "Klein(e/er/es)", "Groß(e/er/es)" / "Gross..."; French "Vieux",
#:   "Vieil(le)", "Nouveau", "Nouvel(le)", "Petit(e)", "Grand(e)"; Spanish "Viejo/Vieja", "Nuevo/Nueva"
_LOOK_ALIKE_MARKS = frozenset(
    "old new former little great greater lesser upper lower north south east west inner outer".split()
    + "alt alte alter altes neu neue neuer neues klein kleine kleiner kleines gross grosse grosser grosses".split()
    + "vieux vieil vieille nouveau nouvel nouvelle petit petite grand grande".split()
    + "viejo vieja nuevo nueva".split()) | frozenset(ORDINAL_WORDS)
#: the heads of buildings' names (a hall, a museum, a library ...): "Quellby Hall Annexe" is another building
#: (:data:`_TAIL_MARKS`), "2nd Quellby Festival Hall" no edition of a festival (:func:`edition_ordinal`)
_BUILDING_HEADS = frozenset("hall museum library church school house building centre center gallery station hospital "
                            "theatre theater college".split())


def _ordinal_before(words: Sequence[str], k: int) -> int:
    """How many tokens of ``words`` right before index ``k`` are an ordinal: 1 for a word ("second"), 2 for digits
    and their suffix ("2", "nd"), else 0."""
    if k >= 2 and words[k - 1] in ORDINAL_SUFFIXES and words[k - 2].isdecimal():
        return 2
    return 1 if k >= 1 and words[k - 1] in ORDINAL_WORDS else 0


def edition_ordinal(words: Sequence[str], k: int) -> bool:
    """Whether the tokens of ``words`` (a name's, lower case) right before index ``k`` are an ordinal numbering an
    edition of the recurring event the name from ``k`` on names (:func:`shared.text.kinds.recurring_event`, the
    event heads of :mod:`shared.text.kinds`: "40 th quellby marathon", "first orvane festival", "60 th harl grand
    prix", "40 th harl festival light" of "Harl Festival of Light" at the index of "quellby", "orvane", "harl"):
    that name is the event's own, no look-alike of it. A building named after an event is none ("2nd Harl Festival
    Hall": :data:`_BUILDING_HEADS`). Pure."""
    return 0 <= k < len(words) and words[-1] not in _BUILDING_HEADS and recurring_event(words[k:]) \
        and _ordinal_before(words, k) > 0


def look_alike_mark(words: Sequence[str], k: int) -> int:
    """How many tokens of ``words`` (a name's tokens, lower case) right before index ``k`` make a mark of another
    thing than the name from ``k`` on (:data:`_LOOK_ALIKE_MARKS`): 1 for a word ("old", "second", "neue"), 2 for an
    ordinal in digits ("2", "nd"), 0 for none, and 0 for an ordinal numbering an edition of an event
    (:func:`edition_ordinal`). The one reader of the marks for the look-alike readers (:func:`marked_look_alike`,
    :func:`prefixed_name`, :func:`services.synthesizer.verdicts.opens_look_alike`,
    :func:`services.synthesizer.offline.old_name_of`). Pure; 0 for ``k`` out of range."""
    if k <= 0 or k > len(words) or edition_ordinal(words, k):
        return 0
    if _ordinal_before(words, k) == 2:
        return 2
    return 1 if words[k - 1] in _LOOK_ALIKE_MARKS else 0


#: words after a name that make another thing of the name's kind, by the kind of its head word (its last token): a
#: route's ("Harl Way Link", "Orvane Canal Extension", "Marrow Line Spur", "Quellby Railway Branch", "Harl Trail
#: Loop") or a building's ("Quellby Hall Annexe", "Quellby Library Extension"); a word naming a part or an owner of the
#: thing ("Harl Way Trust", "Quellby Hall Shop") is none: it may state the thing's own facts
_TAIL_MARKS: tuple[tuple[frozenset[str], frozenset[str]], ...] = (
    (frozenset("way trail path walk route road line railway railroad canal greenway towpath tramway highway "
               "motorway cycleway bridleway".split()),
     frozenset("link extension spur branch loop connector bypass".split())),
    (_BUILDING_HEADS, frozenset("annexe annex extension".split())),
)
#: the marks of :data:`_LOOK_ALIKE_MARKS` that also make another thing after a name of any kind, a side of it:
#: "Quellby Station North", "Harl Way South"
_TRAILING_SIDES = frozenset("north south east west".split()) & _LOOK_ALIKE_MARKS


def tail_mark(name: Sequence[str], word: str) -> bool:
    """Whether ``word`` (one lower-case token), right after the name tokens ``name``, makes another thing of the
    name's own kind: a side of it (:data:`_TRAILING_SIDES`: "quellby station north") or a word naming a thing of
    the kind of the name's head (:data:`_TAIL_MARKS`: "link" after "harl way", "annexe" after "quellby hall"). Read
    only where the bare name is a thing of its own (:func:`told_apart`); a generation mark after a name is
    :func:`generation_mark`'s. False for an empty name. Pure; never raises."""
    if not name:
        return False
    return word in _TRAILING_SIDES or any(name[-1] in heads and word in tails for heads, tails in _TAIL_MARKS)


def marked_look_alike(name: list[str] | tuple[str, ...], words: list[str] | tuple[str, ...]) -> bool:
    """Whether the name tokens ``words`` name another thing built on the name ``name`` (tokens; or a qualifier):
    ``name`` right after a mark (:func:`look_alike_mark`: "old quellby library", "second quellby library", "2 nd
    quellby library", "neue quellby library" for "quellby library"; "old quellby library" also for the qualifier
    "quellby" of "quellby central library"; not "40 th quellby marathon", the marathon's edition), or ``name`` with a
    variant suffix after it and nothing more (:func:`variant_suffix`: "kessin bridge ii", "brevona duo xl"). False for
    ``name``
    itself. Pure."""
    n = len(name)
    if not n or len(words) <= n:
        return False
    at = [k for k in range(len(words) - n + 1) if tuple(words[k:k + n]) == tuple(name)]
    return any(look_alike_mark(words, k) > 0 or variant_suffix(words[k + n:]) for k in at)


def told_apart(name: list[str] | tuple[str, ...], texts: list[str] | tuple[str, ...]) -> bool:
    """Whether the name tokens ``name`` name a thing of its own in ``texts``, so that a longer name built on it is
    another thing: a text writes it alone (:func:`named_alone` with ``definite`` False), or a text (each read by its
    title parts) writes a look-alike built on it (:func:`marked_look_alike`: "Old Quellby Library" says there is a
    Quellby Library it is not, where "Royal Albert Hall" alone leaves "Albert Hall" a short form of it), or one with
    a word of its own inserted before its head (:func:`inserted_name`: "Dunsel Reach Junior Regatta"). Never
    raises."""
    return named_alone(name, texts, definite=False) or (
        len(name) >= 2 and any(marked_look_alike(name, w) or inserted_name(name, w) for w in _names_in(texts)))


def names_written_alone(question: str, texts: list[str] | tuple[str, ...]) -> list[list[str]]:
    """The names of ``question`` (:func:`plain_names`, tokens each) that ``texts`` tell apart as names of their own
    (:func:`told_apart`): written alone, with or without "the" (:func:`named_alone` with ``definite`` False: "no
    connection with Quellby Zoo", not only inside a longer name), or beside a look-alike built on it ("New Quellby
    Zoo", "Quellby Zoo II"): the asked names
    :func:`names_prefixed_other` tells a longer or shorter name apart from, as the judge, the confidence gate and the
    lead's choice read them. A zoo's, a stadium's or a company's name goes without an article as often as with one.
    [] when none is. Never raises."""
    return [n for n in plain_names(question) if told_apart(n, texts)]


#: a sentence saying its subject is no kin of, no part of, or no other name for, what follows: "is not related to",
#: "has no connection with", "is unrelated to", "is not part of", "does not belong to", "not to be confused with";
#: ``obj`` is what follows, to the clause's end
_DISOWN_RE = re.compile(
    r"\b(?:(?:is|was|are|were|has\s+been)(?:\s+not|n['’]t)\s+(?:in\s+any\s+way\s+)?"
    r"(?:related|connected|linked|affiliated|akin)\s+(?:to|with)"
    r"|(?:is|was|are|were)\s+(?:never|in\s+no\s+way)\s+(?:related|connected|linked|affiliated)\s+(?:to|with)"
    r"|(?:is|was|are|were)\s+unrelated\s+to"
    # or no part of it: "It is not part of the Castelbruna ...", "is no longer part of", "does not belong to"
    r"|(?:is|was|are|were)(?:\s+not|n['’]t|\s+no)\s+(?:longer\s+)?(?:a\s+)?part\s+of"
    r"|(?:does|did|do)(?:\s+not|n['’]t)\s+belong\s+to"
    r"|(?:has|had|have|bears?|bore)\s+no\s+(?:relation|connection|link|kinship|ties?)\s+(?:to|with)"
    r"|no\s+relation\s+(?:of|to)"
    r"|not\s+to\s+be\s+confused\s+with)\s+(?P<obj>[^.,;:()!?]+)", re.IGNORECASE)


#: a denial's object opening with a name of two or more capitalised words ("the Velmora Transport Museum on the south
#: bank")
_OBJECT_NAME = re.compile(r"\s*(?:the\s+)?(?P<name>[A-Z][\w'’&-]*(?:\s+(?:of\s+|and\s+|&\s+)?[A-Z][\w'’&-]*)+)")


def disowns(text: str, question: str) -> bool:
    """Whether ``text`` says that what it speaks of is no kin of, no part of, or no other name for, something the
    question asks about: a denial (:data:`_DISOWN_RE`: "is not related to", "has no connection with", "is not part
    of", "not to be confused with") whose object holds a key term of ``question``, compared by its first five letters
    or its relation ("founder" for "started": :func:`shared.text.relations.same_relation`), that the sentence does not
    already give before the denial. "Old Merrin Mill is not part of the Merrin Lace-Making Museum" disowns "Who
    designed the Merrin Lace-Making Museum's conversion?": the old mill is another building. "Ingrid Solberg was
    born in 1950 in Kvarnvik and is not related to the cooperative's founder" disowns "Where was the woman who
    started the honey cooperative born?": it is about another woman. "The Pellmoor Rail
    Museum is not connected to the Pellmoor railway society" disowns nothing of "When did the Pellmoor Rail Museum
    open?" (the museum is named before the denial: it is the asked one, the society another thing), and "The collection
    is not to be confused with the Velmora Transport Museum" disowns nothing of "When did the Velmora Tram Museum
    open?": its object is a name of two or more capitalised words the question does not give (a word of it, not all
    of them), another thing set apart from the page's own. False when nothing is denied. Never raises."""
    from shared.text.relations import same_relation  # relations -> synonyms; imported here to keep terms a leaf

    asked = key_terms(question)
    if not asked:
        return False
    said = set(tokenize(question))
    for m in _DISOWN_RE.finditer(text or ""):
        named = _OBJECT_NAME.match(m.group("obj"))
        if named is not None and not set(tokenize(named.group("name"))) <= said:
            continue  # a name the question does not give ("the Velmora Transport Museum" for the Velmora Tram
            # Museum): the sentence sets that other thing apart, not the asked one
        before = set(tokenize(text[:m.start()]))
        for word in tokenize(m.group("obj")):
            for term in asked:
                if any(term == b or (len(term) >= 5 and b[:5] == term[:5]) for b in before):
                    continue
                if word == term or (len(word) >= 5 and len(term) >= 5 and word[:5] == term[:5]) \
                        or same_relation(word, term):
                    return True
    return False


#: a word marking a described thing as an earlier or other one than the thing its page is about: "the former
#: timber beacon", "The old pier", "the previous hall"
_OTHER_MARKER = r"(?:former|old|older|original|earlier|previous|preceding|erstwhile|onetime|one-time)"

#: a subject so marked: a caption labelling a row ("Former timber beacon: designer ...") or a definite description
#: before its verb, after a dated opening it may have ("In 1890 the original chapel was rebuilt by ...")
_DESCRIBED_OTHER_RE = re.compile(
    rf"^(?:(?P<cap>(?:the\s+)?{_OTHER_MARKER}\s+(?:[a-z][\w-]*\s+){{0,3}}?(?P<capnoun>[a-z][\w-]*))\s*:\s+\S"
    r"|(?:(?:by|in|until|from|during|around|after|before)\s+[^,.;:]{0,40}?\b(?:1[5-9]|20)\d\d\b,?\s+)?"
    rf"(?:the|its|their)\s+{_OTHER_MARKER}\s+(?:[a-z][\w-]*\s+){{0,2}}?(?P<noun>[a-z][\w-]*),?\s+"
    r"(?:[a-z]+ly\s+)?(?:[a-z]+ed|[a-z]+[^s\W]s|is|was|are|were|has|had|have)\b)", re.IGNORECASE)


def described_other(text: str, question: str) -> bool:
    """Whether ``text`` (a claim or a lead sentence, citations removed) states its fact of a thing it describes as an
    earlier or other one (:data:`_OTHER_MARKER`) than a name ``question`` gives: its subject is a caption labelling a
    table row ("Former timber beacon: designer Ada Lenz." on the page of the lighthouse that replaced the beacon)
    or a definite description before its verb ("The former timber beacon was designed by Ada Lenz.",
    :data:`_DESCRIBED_OTHER_RE`), and the sentence does not write any of the question's names whole. Such a
    sentence answers nothing about the asked thing. False when the question writes the marker word itself ("Who
    designed the old pier?"), when it gives no name, or when the description's noun is a word of the question
    outside its names ("The original design was by Ada Lenz" for "Who designed ...?": the asked thing's own
    design). Never raises."""
    m = _DESCRIBED_OTHER_RE.match((text or "").strip())
    if m is None:
        return False
    names = plain_names(question)
    said = tokenize(question)
    if not names or any(re.fullmatch(_OTHER_MARKER, w) for w in said):
        return False
    own = tokenize(text)
    if any(all(t in own for t in n) for n in names):
        return False
    named = {t for n in names for t in n}
    asked = {snowball_stem(w) for w in said if w not in named}
    noun = m.group("capnoun") or m.group("noun") or ""
    return snowball_stem(noun.casefold()) not in asked


#: a sentence opening by setting its subject against another thing: "Unlike the Yarrowby Medal, the Young Poets
#: Medal ceremony is still held at ...", "In contrast to X, Y ..."; group ``other`` the thing set against, ``rest`` the
#: sentence's own clause
_CONTRAST_WORDS = r"(?:unlike|in\s+contrast\s+(?:to|with)|contrary\s+to|as\s+opposed\s+to)"
_CONTRAST_OPENING_RE = re.compile(r"^\W*" + _CONTRAST_WORDS + r"\s+"
                                  r"(?P<other>[^,;]+?)\s*,\s*(?P<rest>.+)$", re.IGNORECASE | re.DOTALL)
#: a sentence opening with a clause of another thing set against its own: "Whereas X closes every winter, the tunnel
#: is open all year"; group ``other`` the clause set against, ``rest`` the sentence's own clause
_CONTRAST_CLAUSE_RE = re.compile(r"^\W*(?:whereas|while|whilst)\s+(?P<other>[^,;]+?)\s*,\s*(?P<rest>.+)$",
                                 re.IGNORECASE | re.DOTALL)
#: the thing set against set off as an aside after the sentence's subject: "The tunnel, unlike X, is open all year";
#: ``rest`` is the clause outside the aside (``pre`` and ``post``)
_CONTRAST_ASIDE_RE = re.compile(r"^(?P<pre>[^,;]+?)\s*,\s*" + _CONTRAST_WORDS + r"\s+(?P<other>[^,;]+?)\s*,\s*"
                                r"(?P<post>.+)$", re.IGNORECASE | re.DOTALL)


def contrasted_other(text: str, question: str) -> bool:
    """Whether ``text`` says it is about another thing than one ``question`` names by setting its subject against
    it (:data:`_CONTRAST_OPENING_RE`): "Unlike the Yarrowby Medal, the Young Poets Medal ceremony is still held at
    the Hollin Corn Exchange" holds every word of the asked name (:func:`find_entities`' names) in what it sets its
    subject against, and none of the asked names whole in its own clause; what it states is the other thing's.
    "Unlike its sister prize, the Yarrowby Medal moved to Tarnmouth" is the asked thing's. So does a clause set
    against its own (:data:`_CONTRAST_CLAUSE_RE`: "Whereas X closes every winter, the tunnel is open all year", the
    own clause opening with a noun, not a pronoun, which would be X again: "While X closes in winter, it ...") and an
    aside after its subject (:data:`_CONTRAST_ASIDE_RE`: "The tunnel, unlike X, is open all year"). Never raises."""
    t = " ".join((text or "").split())
    found: tuple[str, str] | None = None
    if (m := _CONTRAST_OPENING_RE.match(t)) is not None:
        found = m.group("other"), m.group("rest")
    elif (m := _CONTRAST_CLAUSE_RE.match(t)) is not None:
        own = [w for w in m.group("rest").split()[:2] if w.casefold() not in ARTICLES["en"]]
        if own and not is_stopword(own[0].casefold().strip(",")):
            found = m.group("other"), m.group("rest")
    elif (m := _CONTRAST_ASIDE_RE.match(t)) is not None:
        found = m.group("other"), f"{m.group('pre')} {m.group('post')}"
    if found is None:
        return False
    names = [toks for e in find_entities(question or "") if (toks := set(tokenize(e)))]
    other, rest = set(tokenize(found[0])), set(tokenize(found[1]))
    return any(n <= other for n in names) and not any(n <= rest for n in names)


#: nouns naming a part of a larger thing (a mountain's face or ridge, a building's wing, nave or porch, a station's
#: platform): a definite description by one of them is the part, and what it states is the part's, not the whole's
_PART_NOUN = (r"(?:face|ridge|ar[eê]te|buttress|couloir|flank|spur|gully|wing|nave|aisle|transept|chancel|apse|crypt|"
              r"fa[cç]ade|porch|portico|platform|concourse)")
#: nouns naming a part of a building or a site that may also be the whole thing (a lighthouse's "tower", a manor's
#: "hall"): a part only when a word before it tells which one ("the west tower", "the Clock Tower")
_PART_OR_WHOLE_NOUN = r"(?:tower|spire|steeple|dome|hall|keep|gatehouse|grandstand|stand|annexe?|bastion|chapel)"
#: words telling which of a thing's parts a description means: a side or a position
_POSITION_WORD = (r"(?:(?:north|south)(?:-?(?:east|west))?|east|west|(?:north|south|east|west)ern|upper|lower|inner|"
                  r"outer|central|front|rear|left|right)")

#: a sentence whose subject is such a part, before its verb: "The West Face (ED) was first climbed", "The north
#: ridge of X was climbed", "X's west face was first climbed", "Its nave was rebuilt", "The first ascent of the west
#: face was made", after a dated opening it may have ("In 1890 the west tower was added"); ``rest`` is what follows
_PART_SUBJECT_RE = re.compile(
    r"^(?:(?:by|in|until|from|during|around|after|before)\s+[^,.;:]{0,40}?\b(?:1\d|20)\d\d\b,?\s+)?"
    r"(?:the\s+(?:[a-z]+\s+){1,2}of\s+)?"
    r"(?:the|its|their|(?:(?-i:[A-Z])[\w-]*\s+){0,4}(?-i:[A-Z])[\w-]*['’]s)\s+(?P<mods>(?:[\w-]+\s+){0,2}?)"
    rf"(?:(?P<noun>{_PART_NOUN})|(?P<either>{_PART_OR_WHOLE_NOUN}))s?(?:\s+\([^()]{{0,30}}\))?"
    r"(?:\s+of\s+(?:the\s+)?(?-i:[A-Z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*){0,3})?,?\s+(?P<rest>.*)",
    re.IGNORECASE | re.DOTALL)

#: the verb of an event after the subject: "was first climbed", "had been rebuilt", "collapsed"
_EVENT_VERB_RE = re.compile(r"(?:(?:was|were|is|are|has\s+been|had\s+been|have\s+been)\s+)?"
                            r"(?:(?:[a-z]+ly|first|later|then|never|only|not|also)\s+)?(?P<verb>[a-z]+)\b")


def part_subject(text: str, question: str) -> bool:
    """Whether ``text`` (a claim or a lead sentence, citations removed) states an event of a part of a thing while
    ``question`` asks about a whole it names: the sentence's subject is a definite description by a part noun
    (:data:`_PART_NOUN`: "The West Face (ED) was first climbed in 1946.", "X's west face was first climbed ...",
    "The first ascent of the west face was made ...", :data:`_PART_SUBJECT_RE`), or by a noun that may name the
    whole (:data:`_PART_OR_WHOLE_NOUN`, a lighthouse's "tower") after a word telling which part (a side or position,
    "the west tower", or a capitalised one, "the Clock Tower"), and its verb states an event (a participle or a
    past form: "was built", "collapsed"). What it states is the part's (the face's first ascent), not the whole's.
    False when the question gives no name, writes the part noun itself (it asks the part: "When was the West Face
    of X first climbed?", or the thing is of that kind: "When was Orsel Tower built?") or a word before it ("the
    Orsel tower" for "Orsel Lighthouse"), and for a state ("The spire is 82 metres tall": a part's figure, said as
    the part's, may be the whole's). Never raises."""
    m = _PART_SUBJECT_RE.match((text or "").strip())
    if m is None or not plain_names(question):
        return False
    mods = m.group("mods").split()
    if m.group("either") and not any(re.fullmatch(_POSITION_WORD, w, re.IGNORECASE) or w[:1].isupper()
                                     for w in mods):
        return False
    verb = _EVENT_VERB_RE.match(m.group("rest"))
    if verb is None or not (participle(verb.group("verb")) or simple_past(verb.group("verb"))) \
            or verb.group("verb") in ("was", "were", "had"):
        return False
    asked = {snowball_stem(w) for w in tokenize(question)}
    noun = m.group("noun") or m.group("either")
    return not ({snowball_stem(w) for w in tokenize(" ".join([*mods, noun]))} & asked)


def _head_splits(name: list[str] | tuple[str, ...]) -> list[tuple[list[str], list[str]]]:
    """The ways to read the name tokens ``name`` as "<qualifier> <head>": a qualifier of one or more words, none a
    plain English word (a place's or an owner's own name: "quellby", not "old" or "little", which make another
    thing of the head: :func:`prefixed_name`), before a head of two or more words whose last is a plain English noun
    of a kind of thing ("central library"). [] for a name of fewer than three words. Pure."""
    out: list[tuple[list[str], list[str]]] = []
    for k in range(1, len(name) - 1):
        qualifier, head = list(name[:k]), list(name[k:])
        if all(w.isalpha() and not is_plain_english(w) for w in qualifier) and is_plain_english(head[-1]):
            out.append((qualifier, head))
    return out


#: words that, after a place's name, still name the place itself as a body ("Quellby City Libraries", "Quellby County
#: Council", "Quellby Public Library"): a civic body's words, not another owner's ("Quellby University Libraries")
_CIVIC_WORDS = frozenset(("city", "town", "county", "borough", "municipal", "public", "district", "parish", "village",
                          "council", "metropolitan", "regional", "community"))


#: words that, inserted inside an organisation's or an event's name, only spell out its full official form (its
#: standing, its sport, its legal form: "Quellby Amateur Rowing Club" is the "Quellby Rowing Club", "Quellby
#: International Folk Festival" the "Quellby Folk Festival"), never pick out another thing of the kind as "Junior",
#: "Old", "Narrow Gauge" or "North" do (:func:`inserted_words`)
_FULL_NAME_WORDS = frozenset(("amateur", "royal", "sports", "sporting", "athletic", "athletics", "football", "cricket",
                              "golf", "boat", "society", "limited", "ltd", "plc", "incorporated", "inc", "national",
                              "international", "steam", "heritage", "annual", "official"))


def _names_in(texts: list[str] | tuple[str, ...]) -> list[list[str]]:
    """The names (tokens each) of ``texts``, each text read by its title parts (:func:`title_parts`)."""
    return [w for t in texts for part in title_parts(t or "")
            for e in find_entities(part, list_items=True) if (w := _entity_words(e))]


def _owners_whole_name(words: list[str], qualifier: list[str], head: list[str]) -> bool:
    """Whether the name ``words`` is the qualifier's own whole ("quellby", "quellby city libraries", "quellby city
    public library"): the qualifier, then only civic words (:data:`_CIVIC_WORDS`) or the head's kind noun
    ("libraries" for "central library"); not "quellby university libraries" (another owner's)."""
    kind = snowball_stem(head[-1])
    return words[:len(qualifier)] == qualifier and all(
        w in _CIVIC_WORDS or snowball_stem(w) == kind for w in words[len(qualifier):])


def writes_name_whole(name: list[str] | tuple[str, ...], texts: list[str] | tuple[str, ...]) -> bool:
    """Whether one of ``texts`` gives the name ``name`` (its tokens) whole as a name of its own
    (:func:`find_entities`, "the" aside: "Quellby Central Library, 4 Mill Street"). Never raises."""
    return list(name) in _names_in(texts)


def head_on_qualified_page(name: list[str] | tuple[str, ...], text: str, titles: list[str] | tuple[str, ...],
                           page: list[str] | tuple[str, ...] = (), whole_elsewhere: bool = False) -> bool:
    """Whether ``text`` names the asked name ``name`` (its tokens, "<qualifier> <head>": :func:`_head_splits`,
    "Quellby Central Library") by its head alone ("Central Library: opening hours, sunday 11:00 - 16:00", "The
    Central Library was designed by ...") on a page that is the qualifier's own: a sentence of ``page`` (the page's
    other sentences) gives ``name`` whole ("Quellby Central Library, 4 Mill Street"), or one of ``titles`` (the
    page's title, its site's name; each read by its parts, :func:`title_parts`) is the qualifier's own whole name
    (:func:`_owners_whole_name`: "Quellby", "Visit us - Quellby City Libraries"; not "Quellby University
    Libraries", another owner's) and ``whole_elsewhere`` is False (no other page gives ``name`` whole: once one
    does, a page never writing it names it by no head). The head must be written as a name of its own
    (:func:`find_entities`, "the" aside), not inside a longer one ("the Old Central Library"), and the page must
    name no other thing ending with the head ("Harbour Central Library"). A look-alike's page ("Old Quellby
    Library", whose name opens with a word of its own) carries no qualifier, so its "Central Library" names nothing
    asked, even under a site's name that is the qualifier's ("Old Quellby Library - Quellby Town Council": a title
    part built on the qualifier after a word of :data:`_LOOK_ALIKE_MARKS`, :func:`marked_look_alike`). False when
    ``text`` gives no such head. Never raises."""
    splits = _head_splits(name)
    if not splits or not text:
        return False
    said, own, elsewhere = _names_in([text]), _names_in(titles), _names_in(page)
    for qualifier, head in splits:
        n = len(head)
        if head not in said or any(len(w) > n and w[-n:] == head and w != list(name)
                                   for w in [*said, *own, *elsewhere]):
            continue  # not named alone, or another thing of that head is named there: "the Central Library" says neither
        if any(marked_look_alike(qualifier, w) for w in own):
            continue  # the page of a look-alike built on the qualifier ("Old Quellby Library - Quellby Town Council")
        if list(name) in [*own, *elsewhere] or (
                not whole_elsewhere and any(_owners_whole_name(w, qualifier, head) for w in own)):
            return True
    return False


def qualified_head_names(names: Sequence[Sequence[str]], texts: Sequence[str], pages: Sequence[str],
                         titles: Sequence[list[str]], deciding: Sequence[bool] = ()) -> list[list[tuple[str, ...]]]:
    """For each sentence of ``texts`` (``pages``: the key of its page, a source id or citation number as text;
    ``titles``: its page's titles; both the same length as ``texts``): the names of ``names`` (tokens each) it
    calls by their head alone on a page of the qualifier's own (:func:`head_on_qualified_page`), the page's
    sentences being those of ``texts`` with its key. ``deciding`` (same length, when given): the sentences stating
    what is asked; once one of them writes a name whole, a sentence of a page that never writes it whole names it by
    no head (the title alone no longer counts: a head-only page never outvotes the whole name). Never raises."""
    by_page: dict[str, list[str]] = {}
    for t, k in zip(texts, pages):
        by_page.setdefault(k, []).append(t)
    whole: dict[str, set[tuple[str, ...]]] = {}
    for t, k, d in zip(texts, pages, deciding):
        if d:
            whole.setdefault(k, set()).update(tuple(n) for n in names if writes_name_whole(tuple(n), [t]))
    out: list[list[tuple[str, ...]]] = []
    for t, k, ti in zip(texts, pages, titles):
        out.append([tuple(n) for n in names if head_on_qualified_page(
            tuple(n), t, ti, by_page[k], whole_elsewhere=any(tuple(n) in w for o, w in whole.items() if o != k))])
    return out

"""Evidence worth citing and languages, through real runs (real NATS and PostgreSQL, offline engines).

- A web run over a loopback web: a cookie-consent wall and a paywall end as ``SourceFailed`` with their reasons, a
  meta-refresh page is followed (its target is the source and what gets cited; one pointing at a private address
  is refused), a windows-1252 page without a charset is decoded by its content, and two dated release pages make a
  "latest version" question name the newer one with its date; dates appear on ``SourceFetched`` and in the
  report's source list.
- Bad inputs: a run whose every page is a consent wall, a corpus whose every document is a reference list, and a
  Chinese question over English sources each end ``RunCompleted`` with a report saying what it could not
  establish, never a confident answer.
- A Chinese corpus and a Chinese question give a report with Chinese claims; "AT&T", "C++", "C#", ".NET" and
  "Node.js" questions find their documents offline.
- A question of punctuation or stop words only ends ``RunCompleted`` with a report that says no answer could be
  established; a page whose HTTP header names the wrong charset is decoded by its content.
"""

from __future__ import annotations

import re
from typing import Any
from uuid import uuid4

import pytest

from contracts import RunRequested, SourceFailed, SourceFetched
from services.cli.research import follow, result, submit
from tests.loopback import Route, serve
from tests.webpages import CONSENT_PAGE, FRENCH_PARAGRAPHS, PAYWALL_PAGE, dated_page, legacy_page, refresh_page

pytestmark = [pytest.mark.nats, pytest.mark.postgres]

HTML = {"Content-Type": "text/html"}
V4 = ["Quill 4.2 is the latest version of the Quill toolkit and was released in February 2023.",
      "The 4.2 release of the Quill toolkit added a streaming parser and reduced start-up time by half."]
V5 = ["Quill 5.0 is the latest version of the Quill toolkit and was released in June 2024.",
      "The 5.0 release of the Quill toolkit removed the legacy plugin interface and added native threads."]


def _section(report: str, heading: str) -> str:
    m = re.search(rf"^## {heading}\n(.*?)(?=^## |\Z)", report, re.M | re.S)
    return m.group(1) if m else ""


async def _run(runtime: Any, question: str, **request: Any) -> tuple[list[Any], dict[str, Any]]:
    run_id = uuid4()
    await submit(runtime, RunRequested(run_id=run_id, question=question, **request))
    events = await follow(runtime, run_id, timeout_s=90)
    assert type(events[-1]).__name__ == "RunCompleted", [type(e).__name__ for e in events]
    return events, result(runtime, run_id)


async def test_walls_refreshes_charsets_and_dates_in_one_web_run(runtime: Any, stack: Any) -> None:
    routes = {
        "/consent": Route(200, CONSENT_PAGE, HTML),
        "/paywall": Route(200, PAYWALL_PAGE, HTML),
        "/quill/4": Route(200, dated_page("Quill 4.2 release notes", V4, "2023-02-10"), HTML),
        "/quill/5": Route(200, dated_page("Quill 5.0 release notes", V5, "2024-06-01", author="Ada Byron"), HTML),
        "/moved": Route(200, refresh_page("/quill/5"), HTML),
        "/moved-private": Route(200, refresh_page("http://10.1.2.3/admin"), HTML),
        "/fr": Route(200, legacy_page("La crème brûlée", FRENCH_PARAGRAPHS, "cp1252"), HTML),
    }
    with serve(routes) as web:
        urls = tuple(web.url(p) for p in ("/consent", "/paywall", "/quill/4", "/moved", "/moved-private", "/fr"))
        events, res = await _run(runtime, "What is the latest version of the Quill toolkit?", scope="local",
                                 urls=urls, max_sources=len(urls))
    outcome = {e.url: e for e in events if isinstance(e, (SourceFetched, SourceFailed))}
    assert set(outcome) == set(urls)

    def failed(path: str) -> str:
        e = outcome[web.url(path)]
        assert isinstance(e, SourceFailed), f"{path}: {type(e).__name__}"
        return e.reason

    assert failed("/consent").startswith("consent_wall:")
    assert failed("/paywall").startswith("paywall:")
    assert failed("/moved-private").startswith("private_address:")
    moved = outcome[web.url("/moved")]
    assert isinstance(moved, SourceFetched) and moved.final_url == web.url("/quill/5")
    assert moved.published == "2024-06-01" and moved.author == "Ada Byron" and moved.language == "en"
    v4 = outcome[web.url("/quill/4")]
    assert isinstance(v4, SourceFetched) and v4.published == "2023-02-10"
    fr = outcome[web.url("/fr")]
    assert isinstance(fr, SourceFetched) and runtime.documents.get(fr.text_sha256).count("crème brûlée") >= 1
    assert fr.language == "fr"

    report = res["report"]
    print(report)  # shown with -s
    answer = _section(report, "Answer")
    lead = answer.strip().split("[")[0]
    assert lead.startswith("Quill 5.0 is the latest version") and "(2024-06-01)" in answer, report  # newer, dated
    assert "Quill 4.2" not in answer, report  # the older page's "latest" is not the answer
    sources = _section(report, "Sources")
    assert re.search(r"Quill 5\.0 release notes — Ada Byron, 2024-06-01 — \S+/quill/5", sources), sources
    assert "2023-02-10" in sources or "Quill 4.2" not in report
    assert "/moved" not in sources.replace("/moved-private", "")  # the refresh page itself is never cited
    assert "This page has moved" not in report
    for reason in ("consent_wall", "paywall"):
        assert reason in _section(report, "What is missing")


async def test_a_run_over_consent_walls_only_says_it_found_nothing(runtime: Any, stack: Any) -> None:
    routes = {f"/wall/{i}": Route(200, CONSENT_PAGE if i % 2 else PAYWALL_PAGE, HTML) for i in range(4)}
    with serve(routes) as web:
        urls = tuple(web.url(p) for p in routes)
        events, res = await _run(runtime, "What did Example News report about ocean heat?", scope="local",
                                 urls=urls, max_sources=len(urls))
    reasons = [e.reason for e in events if isinstance(e, SourceFailed)]
    assert len(reasons) == 4 and all(r.startswith(("consent_wall:", "paywall:")) for r in reasons)
    assert res["citations"] == [] and "no verified evidence" in res["report"].lower()
    assert res["confidence"]["tier"] == "low"


async def test_a_corpus_document_that_is_only_a_consent_banner_fails_as_a_consent_wall(runtime: Any, stack: Any) -> None:
    # a page saved from behind a consent platform's banner (issue 9, trial t36 fault 9): no claim, a failed source
    banner = ("We and our 615 partners use cookies and similar technologies to store and access information on "
              "your device. You can change your preferences at any time by clicking \"Manage options\".\n\n"
              "Accept all | Reject all | Manage options")
    for i in range(2):
        runtime.corpus.add("walls", path=f"walls/{i}.html", title=f"Tarlow news {i}", text=banner,
                           content_type="text/html")
    events, res = await _run(runtime, "When was the Tarlow Bridge opened?", scope="local", corpus="walls")
    reasons = [e.reason for e in events if isinstance(e, SourceFailed)]
    assert reasons and all(r.startswith("consent_wall:") for r in reasons), reasons
    assert res["claims"] == [] and res["citations"] == []


async def test_a_corpus_of_reference_lists_gives_no_claims_and_says_so(runtime: Any, stack: Any) -> None:
    entries = [
        "Smith J, Jones K. Protein folding in the cell. Journal of Cell Studies. 2010;12(4):233-240.",
        "Brown, A. B., et al. (2012). Chaperones revisited. Nature Reviews Molecular Biology, 5, 10-20.",
        "Okafor C. Folding pathways of small proteins. Protein Science. doi:10.1234/ps.2019.0042",
        "Lee, H. (2003). A history of folding studies. Cambridge University Press, pp. 45-67.",
    ]
    for i in range(3):
        runtime.corpus.add("refs", path=f"refs/{i}.txt", title=f"Bibliography {i}",
                           text="References\n\n" + "\n".join(entries[i:] + entries[:i]), content_type="text/plain")
    events, res = await _run(runtime, "How do chaperones help proteins fold?", scope="local", corpus="refs")
    assert any(isinstance(e, SourceFetched) for e in events)
    assert res["claims"] == [] and res["citations"] == []
    assert "no verified evidence" in res["report"].lower()


ZH_DOCS = {
    "长城": "长城是中国古代的军事防御工程，修建历史可以追溯到公元前七世纪。明长城的总长度约为八千八百五十公里。"
            "长城在一九八七年被列入世界文化遗产名录。",
    "大熊猫": "大熊猫是中国特有的哺乳动物，主要生活在四川、陕西和甘肃的山区。大熊猫的食物中百分之九十九是竹子。"
              "野生大熊猫的数量约为一千八百只。",
    "黄河": "黄河是中国第二长的河流，全长约五千四百六十四公里。黄河流经九个省区，最后注入渤海。",
}


async def test_a_chinese_question_over_chinese_documents_gives_chinese_claims(runtime: Any, stack: Any) -> None:
    for title, text in ZH_DOCS.items():
        runtime.corpus.add("zh", path=f"zh/{title}.txt", title=title, text=text, content_type="text/plain")
    events, res = await _run(runtime, "明长城的总长度是多少？", scope="local", corpus="zh")
    assert res["plan"]["language"] == "zh"
    assert res["claims"], "no claim was extracted from the Chinese documents"
    print(res["report"])  # shown with -s
    answer = _section(res["report"], "答案")
    assert "八千八百五十公里" in answer, res["report"]
    assert res["citations"]
    assert "does not translate" not in res["report"] and "不做翻译" not in res["report"]


async def test_a_chinese_question_over_english_sources_says_it_is_not_translated(runtime: Any, stack: Any) -> None:
    page = dated_page("Great Wall of China", [
        "The Great Wall of China is a series of fortifications built across the northern borders of ancient China.",
        "The Ming dynasty wall is about 8,850 kilometres long according to a survey published in 2009."],
        "2020-05-01")
    with serve({"/wall": Route(200, page, HTML)}) as web:
        events, res = await _run(runtime, "明长城的总长度是多少？", scope="local", urls=(web.url("/wall"),))
    assert any(isinstance(e, SourceFetched) and e.language == "en" for e in events)
    missing = " ".join(res["missing"]) + (res["report"] or "")
    # said in the report's language: the question is Chinese, the sources English, nothing is translated
    assert "问题使用中文" in missing and "英文" in missing and "不做翻译" in missing, res["report"]


async def test_a_chinese_question_over_an_english_corpus_says_what_it_could_not_establish(runtime: Any,
                                                                                        stack: Any) -> None:
    for name, text in SYMBOL_DOCS.items():
        runtime.corpus.add("en-only", path=f"en/{name}.txt", title=name, text=text, content_type="text/plain")
    events, res = await _run(runtime, "美国电话电报公司的总部在哪里？", scope="local", corpus="en-only")
    assert res["citations"] == [] and res["confidence"]["tier"] == "low"
    missing = _section(res["report"], "缺失的内容")
    assert "问题使用中文" in missing and "英文" in missing and "不做翻译" in missing, res["report"]


async def test_an_arabic_question_over_an_english_corpus_says_so_in_arabic(runtime: Any, stack: Any) -> None:
    """Any report language, not only Chinese, Japanese and Korean, says its language notes in its own words (a
    trial found an English note under an Arabic heading)."""
    for name, text in SYMBOL_DOCS.items():
        runtime.corpus.add("en-only", path=f"en/{name}.txt", title=name, text=text, content_type="text/plain")
    events, res = await _run(runtime, "أين يقع المقر الرئيسي لشركة الاتصالات الأمريكية؟", scope="local",
                             corpus="en-only")
    assert res["plan"]["language"] == "ar" and res["citations"] == []
    missing = _section(res["report"], "ما ينقص")
    assert "لغة السؤال: العربية" in missing and "الإنجليزية" in missing, res["report"]
    assert "offline engine" not in res["report"], res["report"]


JA_DOCS = {
    "東京タワー": "東京タワーは、東京都港区芝公園にある総合電波塔である。高さは333メートルで、1958年に完成した。",
    "富士山": "富士山は、静岡県と山梨県にまたがる活火山である。標高は3776メートルで、日本最高峰である。",
}


async def test_an_english_question_over_a_japanese_corpus_says_the_sources_are_in_another_language(
        runtime: Any, stack: Any) -> None:
    for title, text in JA_DOCS.items():
        runtime.corpus.add("ja-only", path=f"ja/{title}.txt", title=title, text=text, content_type="text/plain")
    events, res = await _run(runtime, "How tall is Tokyo Tower in metres?", scope="local", corpus="ja-only")
    assert res["citations"] == [] and res["confidence"]["tier"] == "low"
    missing = _section(res["report"], "What is missing")
    assert "English" in missing and "Japanese" in missing and "translated" in missing, res["report"]
    assert any("Japanese" in m for m in res["missing"])  # --json's missing lists what the report says


SYMBOL_DOCS = {  # the distractors share every other word of the questions
    "AT&T": "AT&T Inc. is an American telecommunications company headquartered in Dallas, Texas. It traces its "
            "origins to the Bell Telephone Company founded by Alexander Graham Bell in 1877.",
    "C++": "C++ is a programming language created by Bjarne Stroustrup at Bell Labs, first released in 1985 as an "
           "extension of the C programming language.",
    "Tennis": "The International Tennis Federation is headquartered in London and was created in 1913 in Paris.",
    "Rowing": "The world rowing federation is headquartered in Lausanne, where it moved from Switzerland's west.",
    "Chess": "The chess federation FIDE is headquartered in Lausanne and was created in Paris in 1924.",
    "Shipping": "The shipping line was headquartered in Hamburg until 1970, when it moved its offices to Bremen.",
    "Pascal": "Pascal is a programming language created by Niklaus Wirth and published in 1970.",
    "Prolog": "Prolog is a logic programming language created by Alain Colmerauer in Marseille in 1972.",
    "Smalltalk": "Smalltalk is an object-oriented language created by Alan Kay and others at Xerox PARC.",
    "C#": "C# is a programming language designed by Anders Hejlsberg at Microsoft and first released in 2000.",
    ".NET": ".NET is a software framework from Microsoft whose first version shipped in Redmond in 2002.",
    "Node.js": "Node.js is a JavaScript runtime created by Ryan Dahl and first released in 2009.",
    "Java": "Java is a programming language designed by James Gosling at Sun Microsystems and released in 1995.",
    "Ruby": "Ruby is a programming language designed by Yukihiro Matsumoto in Japan and released in 1995.",
}


@pytest.mark.parametrize("question,title,fact", [
    ("Where is AT&T headquartered?", "AT&T", "Dallas"),
    ("Who created C++?", "C++", "Bjarne Stroustrup"),
    ("Who designed C#?", "C#", "Anders Hejlsberg"),
    ("Where did the first version of .NET ship?", ".NET", "Redmond"),
    ("Who created Node.js?", "Node.js", "Ryan Dahl"),
])
async def test_symbol_names_find_their_documents_offline(runtime: Any, stack: Any, question: str, title: str,
                                                         fact: str) -> None:
    for name, text in SYMBOL_DOCS.items():
        runtime.corpus.add("symbols", path=f"symbols/{name}.txt", title=name, text=text, content_type="text/plain")
    events, res = await _run(runtime, question, scope="local", corpus="symbols", max_sources=2)
    plan = next(e for e in events if type(e).__name__ == "PlanCreated")
    assert any(title.lower() in q.text.lower() for q in plan.sub_queries), plan.sub_queries  # type: ignore[attr-defined]
    titles = {s["title"] for s in res["sources"] if s["status"] in ("fetched", "extracted")}
    assert title in titles, titles
    assert fact in _section(res["report"], "Answer").split("[")[0], res["report"]


@pytest.mark.parametrize("question", ["What is the of it, and to whom?", "Is it that which was?"])
async def test_a_question_without_content_words_says_nothing_could_be_established(runtime: Any, stack: Any,
                                                                                 question: str) -> None:
    """Only stop words: the run ends with a report that says so (a question of punctuation only is refused before
    the run: ``RunRequested`` names it, and ``assay run`` exits 2 with the reason, tests/e2e/test_cli.py)."""
    with pytest.raises(ValueError, match="no letters or digits"):
        RunRequested(run_id=uuid4(), question="?!? ...")
    for name, text in SYMBOL_DOCS.items():
        runtime.corpus.add("no-terms", path=f"nt/{name}.txt", title=name, text=text, content_type="text/plain")
    events, res = await _run(runtime, question, scope="local", corpus="no-terms")
    assert res["citations"] == [] and res["confidence"]["tier"] == "low"
    answer = _section(res["report"], "Answer")
    assert "no content words" in answer and "no answer could be established" in answer, res["report"]
    assert any("no content words" in m for m in res["missing"])


async def test_a_foreign_question_of_function_words_only_says_so_in_its_language(runtime: Any, stack: Any) -> None:
    """A German question of German function words only gets the same report as the English one, in German: no
    content words, and no "no source in German was found" note (nothing was searched)."""
    for name, text in SYMBOL_DOCS.items():
        runtime.corpus.add("no-terms-de", path=f"ntde/{name}.txt", title=name, text=text, content_type="text/plain")
    _events, res = await _run(runtime, "Wer war das, und was ist es?", scope="local", corpus="no-terms-de")
    assert res["citations"] == [] and res["confidence"]["tier"] == "low"
    answer = _section(res["report"], "Antwort")
    assert "keine Inhaltswörter" in answer, res["report"]
    assert any("keine Inhaltswörter" in m for m in res["missing"]), res["missing"]
    assert not any("Sprache der Frage" in m for m in res["missing"]), res["missing"]


async def test_a_page_whose_header_names_the_wrong_charset_is_decoded_by_its_content(runtime: Any,
                                                                                    stack: Any) -> None:
    page = legacy_page("La crème brûlée", FRENCH_PARAGRAPHS, "cp1252")
    routes = {"/wrong": Route(200, page, {"Content-Type": "text/html; charset=windows-1250"}),
              "/none": Route(200, page.replace(b"<title>", b"<title>Recette: "), HTML)}
    with serve(routes) as web:
        urls = tuple(web.url(p) for p in routes)
        events, res = await _run(runtime, "Qui décrit la crème brûlée au XVIIe siècle ?", scope="local", urls=urls,
                                 max_sources=2)
    fetched = [e for e in events if isinstance(e, SourceFetched)]
    assert len(fetched) == 2
    for e in fetched:
        text = runtime.documents.get(e.text_sha256)
        assert "crème brûlée" in text and "crčme" not in text and "brűlée" not in text and "Ã" not in text
    claims = " ".join(c["text"] for c in res["claims"])
    assert "François Massialot" in claims and "crčme" not in claims and "crčme" not in res["report"]

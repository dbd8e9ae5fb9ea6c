"""Scholarly sources (``services.scraper.scholarly``): DOIs and arXiv ids found in URLs, metadata and a PDF's
first page; CrossRef records (a loopback stand-in with the API's real shapes) read for title, journal, date,
type and retraction / expression of concern / correction; every failure gives "retraction status unknown" (said
once, with its cause); a DOI is the page's only when the page's own title is the work's, else the page cites it."""

from __future__ import annotations

from pathlib import Path

import pytest

from contracts import ScholarlyRecord
from services.scraper.fetch._content import extract_html, extract_pdf
from services.scraper.provenance import classify, with_scholarly
from services.scraper.scholarly import (
    CrossrefClient,
    Scholarly,
    ScholarlyLookup,
    arxiv_id,
    doi_in_html,
    doi_in_text,
    doi_in_url,
    find_identifiers,
    normalize_doi,
    page_titles,
    parse_work,
    title_matches,
)
from tests.crossref_server import CONCERN, NOTICE, RETRACTED, SOUND, WORKS, crossref

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "scholarly"


@pytest.mark.parametrize(("raw", "doi"), [
    ("10.1000/xyz123", "10.1000/xyz123"),
    ("doi:10.1016/S0140-6736(97)11096-0", "10.1016/s0140-6736(97)11096-0"),
    ("https://doi.org/10.1038/nature12373.", "10.1038/nature12373"),
    ("(see https://dx.doi.org/10.1000/abc)", None),
    ("https://doi.org/10.1000/a%2Fb", "10.1000/a/b"),
    ("10.abc/velarine-dosing", None),
    ("unknown", None),
    ("", None),
])
def test_dois_are_normalised_or_refused(raw: str, doi: str | None) -> None:
    assert normalize_doi(raw) == doi


def test_dois_are_found_in_urls_metadata_json_ld_and_a_pdfs_first_page() -> None:
    assert doi_in_url("https://journals.example.org/doi/full/10.5555/trust.sound.2022?tab=x") == SOUND
    assert doi_in_url("https://doi.org/10.5555/trust.concern.2020") == CONCERN
    assert doi_in_url("https://example.org/blog/velarine") is None
    assert doi_in_html((FIXTURES / "paper-retracted.html").read_text()) == (RETRACTED, RETRACTED)
    assert doi_in_html((FIXTURES / "paper-concern.html").read_text())[0] == CONCERN
    assert doi_in_html((FIXTURES / "malformed-doi.html").read_text()) == (None, "10.abc/velarine-dosing")
    assert doi_in_html("<html><head><meta name='dc.identifier' content='ISBN 978-3-16-148410-0'></head></html>") == (
        None, None)
    text = extract_pdf((FIXTURES / "paper-sound.pdf").read_bytes()).text
    assert doi_in_text(text) == SOUND
    ids = find_identifiers("http://127.0.0.1/paper.pdf", text=text, pdf=True)
    assert (ids.doi, ids.found_in) == (SOUND, "pdf")
    ids = find_identifiers("http://127.0.0.1/r", html=(FIXTURES / "paper-retracted.html").read_text())
    assert (ids.doi, ids.found_in, ids.malformed) == (RETRACTED, "metadata", None)


def test_arxiv_ids_are_recognised() -> None:
    assert arxiv_id("https://arxiv.org/abs/2101.00001v2") == "2101.00001"
    assert arxiv_id("https://arxiv.org/pdf/hep-th/9901001") == "hep-th/9901001"
    assert arxiv_id("https://example.org/x", "Preprint. arXiv:1706.03762v7 [cs.CL]") == "1706.03762"
    assert arxiv_id("https://example.org/x", "no identifier here") is None


def test_crossref_records_give_status_date_and_metadata() -> None:
    retracted = parse_work(WORKS[RETRACTED]["message"], RETRACTED)
    assert (retracted.status, retracted.status_date) == ("retracted", "2021-06-02")
    assert retracted.journal == "Journal of Cardiovascular Trials" and retracted.published == "2019-03-14"
    assert retracted.work_type == "journal-article" and retracted.publisher == "Hallam Scientific Press"
    # the publisher's and Retraction Watch's record of the same notice count once; the erratum is kept
    assert sorted((n["kind"], n["source"]) for n in retracted.notices) == [
        ("corrected", "publisher"), ("retracted", "publisher")]
    concern = parse_work(WORKS[CONCERN]["message"], CONCERN)
    assert (concern.status, concern.status_date) == ("expression_of_concern", "2022-01-17")
    assert concern.notices[0]["source"] == "retraction-watch"
    sound = parse_work(WORKS[SOUND]["message"], SOUND)
    assert (sound.status, sound.notices) == ("ok", [])
    notice = parse_work(WORKS[NOTICE]["message"], NOTICE)
    assert notice.is_notice and notice.status == "ok"  # a retraction notice is not itself retracted


async def test_lookups_are_cached_and_every_failure_is_retraction_status_unknown() -> None:
    with crossref(rate_limited=("10.5555/trust.busy",), down=("10.5555/trust.down",)) as api:
        client = CrossrefClient(api.base, mailto="research@example.org", timeout_s=5)
        try:
            page = (FIXTURES / "paper-retracted.html").read_text()
            ids = find_identifiers("http://127.0.0.1/r", html=page)
            first = await client.lookup(ids, title="Velarine lowers blood pressure in adults with mild hypertension",
                                        text="")
            again = await client.lookup(ids, title="Velarine lowers blood pressure in adults with mild hypertension",
                                        text="")
            assert first is not None and again is not None
            assert (first.status, first.status_date, again.status) == ("retracted", "2021-06-02", "retracted")
            assert len(api.requests_to(f"/works/{RETRACTED}")) == 1  # cached
            assert api.requests_to(f"/works/{RETRACTED}")[0].params == {"mailto": "research@example.org"}
            # a page naming the retracted paper's DOI without being that paper cites it: it is not retracted
            fake = (FIXTURES / "fake-paper.html").read_text()
            got = await client.lookup(find_identifiers("http://127.0.0.1/f", html=fake),
                                      title="Ten reasons velarine is the wonder drug of the decade", text=fake)
            assert got is not None and (got.status, got.doi) == ("cites", None) and "cites" in got.reason
            assert got.cites is not None and (got.cites["doi"], got.cites["status"]) == (RETRACTED, "retracted")
            malformed = await client.lookup(
                find_identifiers("http://127.0.0.1/m", html=(FIXTURES / "malformed-doi.html").read_text()),
                title="Velarine dosing in practice", text="")
            assert malformed is not None and malformed.status == "unknown" and "malformed DOI" in malformed.reason
            for doi, why in (("10.5555/trust.unknown", "not in CrossRef (404)"),
                             ("10.5555/trust.busy", "rate-limited"), ("10.5555/trust.down", "HTTP 503")):
                got = await client.lookup(find_identifiers(f"https://doi.org/{doi}"), title=None, text="")
                assert got is not None and got.status == "unknown" and why in got.reason, (doi, got)
                assert "retraction status unknown" not in got.reason  # the cause only: the words are said once
            preprint = await client.lookup(find_identifiers("https://arxiv.org/abs/2101.00001"), title=None, text="")
            assert preprint is not None and preprint.arxiv_id == "2101.00001" and preprint.work_type == "preprint"
            assert await client.lookup(find_identifiers("https://example.org/x"), title=None, text="") is None
        finally:
            await client.aclose()
    unreachable = CrossrefClient("http://127.0.0.1:9", timeout_s=2)
    try:
        got = await unreachable.lookup(find_identifiers(f"https://doi.org/{SOUND}"), title=None, text="")
        assert got is not None and got.status == "unknown" and "CrossRef unavailable" in got.reason
    finally:
        await unreachable.aclose()


@pytest.mark.parametrize(("titles", "first_page", "own"), [
    # the paper's own titles: bare, with the journal beside it, with the retraction prefix
    (("Velarine lowers blood pressure in adults with mild hypertension",), "", True),
    (("Velarine lowers blood pressure in adults with mild hypertension | Journal of Cardiovascular Trials",), "",
     True),
    (("RETRACTED: Velarine lowers blood pressure in adults with mild hypertension - ScienceDirect",), "", True),
    # a headline about the paper, even one quoting its whole title, is not the paper's title
    (("Journal retracts velarine blood pressure trial over data concerns",), "", False),
    (("Study claiming velarine lowers blood pressure in adults with mild hypertension is retracted after "
      "investigation finds missing patient records",), "", False),
    # a PDF's first page holds its title
    ((None,), "Journal of Cardiovascular Trials 2019\\nVelarine lowers blood pressure in adults with mild\\n"
              "hypertension\\nA. Author", True),
    # no title and no first page: nothing to decide on
    ((), "", None),
])
def test_a_doi_is_the_pages_only_when_the_pages_own_title_is_the_works(
        titles: tuple[str | None, ...], first_page: str, own: bool | None) -> None:
    crossref_title = WORKS[RETRACTED]["message"]["title"][0]
    assert title_matches(crossref_title, titles, first_page) is own


def test_a_pages_own_titles_are_its_metadata_title_and_heading_never_its_body() -> None:
    news = (FIXTURES / "news-about-retraction.html").read_text()
    assert page_titles(news) == ("Journal retracts velarine blood pressure trial over data concerns",
                                 "Journal retracts velarine blood pressure trial over data concerns | Harbour City "
                                 "Chronicle")
    ids = find_identifiers("https://chronicle.example/health/velarine-retraction", html=news)
    assert (ids.doi, ids.html) == (RETRACTED, True)
    assert not any("adults with mild hypertension" in t for t in ids.titles)  # the quoted title is body text
    assert page_titles("") == () and page_titles("<p>no title</p>") == ()


async def test_a_news_story_about_a_retraction_cites_the_paper_and_is_not_retracted() -> None:
    """The trial's page: a news story carrying the retracted paper's citation_doi and quoting its title in its
    body. It is news that cites a retracted paper; the page itself is neither a paper nor retracted."""
    news = (FIXTURES / "news-about-retraction.html").read_text()
    url = "https://chronicle.example/health/velarine-retraction"
    content = extract_html(news, url)
    with crossref() as api:
        lookup = ScholarlyLookup(CrossrefClient(api.base, timeout_s=5))
        try:
            got = await lookup.lookup(find_identifiers(url, html=news), title=content.title, text=content.text)
        finally:
            await lookup.aclose()
    assert got is not None and (got.status, got.doi, got.status_date) == ("cites", None, None)
    assert got.cites == {"doi": RETRACTED, "found_in": "metadata", "status": "retracted", "status_date": "2021-06-02",
                         "title": "RETRACTED: Velarine lowers blood pressure in adults with mild hypertension",
                         "journal": "Journal of Cardiovascular Trials", "published": "2019-03-14"}
    record = ScholarlyRecord.model_validate(got.record())
    assert record.note() == "cites a retracted paper (doi:10.5555/trust.retracted.2019, retracted on 2021-06-02)"
    prov = with_scholarly(classify(url, html=news, text=content.text, site=content.site), got.record())
    assert prov.kind == "news" and prov.publisher == "Harbour City Chronicle"


async def test_a_page_whose_paper_markup_names_another_works_doi_is_not_a_paper() -> None:
    """A page claiming to be a paper (ScholarlyArticle JSON-LD, citation metadata with a journal) whose DOI
    CrossRef gives another title: it cites that work, and its kind comes from its other signals."""
    page = (FIXTURES / "fake-scholarly-markup.html").read_text()
    url = "https://naturalwellness.example/velarine-miracle"
    content = extract_html(page, url)
    alone = classify(url, html=page, text=content.text, site=content.site)
    assert alone.kind == "paper" and alone.fallback == ("blog", "posted on / comments")  # before CrossRef says
    with crossref() as api:
        lookup = ScholarlyLookup(CrossrefClient(api.base, timeout_s=5))
        try:
            got = await lookup.lookup(find_identifiers(url, html=page), title=content.title, text=content.text)
        finally:
            await lookup.aclose()
    assert got is not None and got.status == "cites" and got.cites is not None and got.cites["doi"] == SOUND
    assert ScholarlyRecord.model_validate(got.record()).note() == ""  # citing a sound paper: nothing to say
    prov = with_scholarly(alone, got.record())
    assert prov.kind == "blog" and "names another work" in prov.signal
    # the same markup on the paper's own page (its title CrossRef's) stays a paper
    own = page.replace("The velarine miracle: what doctors will not tell you",
                       "A randomised trial of velarine against placebo in mild hypertension")
    with crossref() as api:
        lookup = ScholarlyLookup(CrossrefClient(api.base, timeout_s=5))
        try:
            mine = await lookup.lookup(find_identifiers(url, html=own), title=None, text="")
        finally:
            await lookup.aclose()
    assert mine is not None and (mine.status, mine.doi) == ("ok", SOUND)
    assert with_scholarly(classify(url, html=own, text=content.text), mine.record()).kind == "paper"


@pytest.mark.parametrize(("reason", "note"), [
    ("CrossRef unavailable: HTTP 503", "retraction status unknown (CrossRef unavailable: HTTP 503)"),
    # a record written before reasons held the cause only: the words are still said once
    ("CrossRef unavailable: HTTP 503: retraction status unknown",
     "retraction status unknown (CrossRef unavailable: HTTP 503)"),
    ("the page names DOI 10.5555/x, ...: not its DOI; retraction status unknown",
     "retraction status unknown (the page names DOI 10.5555/x, ...: not its DOI)"),
    ("", "retraction status unknown"),
])
def test_retraction_status_unknown_is_said_once_with_its_cause(reason: str, note: str) -> None:
    record = ScholarlyRecord.model_validate(Scholarly(doi="10.5555/x", status="unknown", reason=reason).record())
    assert record.note() == note and record.note().count("retraction status unknown") == 1


def test_the_memory_lookup_cache_honours_a_maximum_age() -> None:
    from shared.lookup_cache import MISS, MemoryLookupCache
    cache = MemoryLookupCache()
    cache.put("crossref", "10.5555/x", {"title": "T"}, 3600)
    assert cache.get("crossref", "10.5555/x") == {"title": "T"}
    assert cache.get("crossref", "10.5555/x", max_age_s=3600) == {"title": "T"}
    assert cache.get("crossref", "10.5555/x", max_age_s=0) is MISS  # kept under a longer TTL, now too old

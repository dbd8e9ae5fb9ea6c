"""PubMed and arXiv sources: PMIDs / PMCIDs found in addresses, metadata and a PDF's first page; their status read
from loopback stand-ins of NCBI E-utilities and the arXiv API (``tests.registry_servers``, the real shapes);
CrossRef, PubMed and arXiv combined (the gravest notice wins); every failure is "retraction status unknown"."""

from __future__ import annotations

import pytest

from services.scraper.arxiv import ArxivClient, parse_arxiv_feed
from services.scraper.provenance import classify, with_scholarly
from services.scraper.pubmed import PubmedClient, parse_pubmed_xml, pubmed_ids
from services.scraper.scholarly import CrossrefClient, Identifiers, ScholarlyLookup, find_identifiers
from tests.crossref_server import SOUND, crossref
from tests.registry_servers import (
    AX_SOUND,
    AX_WITHDRAWN,
    ERRATUM_TITLE,
    PM_ERRATUM,
    PM_NOTICE,
    PM_RETRACTED,
    PM_SOUND,
    PMC_ERRATUM,
    RETRACTED_TITLE,
    efetch_body,
    registries,
)


@pytest.mark.parametrize(("url", "html", "text", "expected"), [
    ("https://pubmed.ncbi.nlm.nih.gov/31000001/", None, "", ("31000001", None)),
    ("https://www.ncbi.nlm.nih.gov/pubmed/31000001?dopt=Abstract", None, "", ("31000001", None)),
    ("https://europepmc.org/abstract/MED/31000001", None, "", ("31000001", None)),
    ("https://www.ncbi.nlm.nih.gov/pmc/articles/PMC7000002/", None, "", (None, "PMC7000002")),
    ("https://pmc.ncbi.nlm.nih.gov/articles/PMC7000002", None, "", (None, "PMC7000002")),
    ("https://journal.example/a/1", '<meta name="citation_pmid" content="31000003">', "", ("31000003", None)),
    ("https://journal.example/a/2", '<meta name="DC.Identifier" content="info:pmid/31000002">'
     '<meta name="dc.identifier" content="PMC7000002">', "", ("31000002", "PMC7000002")),
    ("https://journal.example/a/3", '<script type="application/ld+json">{"@type": "ScholarlyArticle", '
     '"identifier": [{"@type": "PropertyValue", "propertyID": "PMID", "value": "31000001"}]}</script>', "",
     ("31000001", None)),
    ("file:///papers/x.pdf", None, "Headache Med 2019. PMID: 31000001 PMCID: PMC7000009", ("31000001", "PMC7000009")),
    ("https://journal.example/a/4", '<meta name="citation_pmid" content="not-a-pmid">', "", (None, None)),
    ("https://example.org/pubmed-is-great", None, "", (None, None)),
])
def test_pubmed_ids_are_found_in_addresses_metadata_and_first_pages(
        url: str, html: str | None, text: str, expected: tuple[str | None, str | None]) -> None:
    assert pubmed_ids(url, html=html, text=text) == expected


def test_pubmed_xml_gives_types_notices_and_their_dates() -> None:
    rec = parse_pubmed_xml(efetch_body([PM_RETRACTED, PM_ERRATUM]), PM_RETRACTED)
    assert rec is not None and rec["retracted_type"] and not rec["is_notice"]
    assert (rec["title"], rec["journal"], rec["published"], rec["doi"]) == (
        RETRACTED_TITLE, "Journal of Headache Medicine", "2019-03-04", "10.5555/jhm.2019.0412")
    assert rec["notices"] == [{"kind": "retracted", "date": "2021-06-02", "pmid": PM_NOTICE, "source": "pubmed"}]
    erratum = parse_pubmed_xml(efetch_body([PM_ERRATUM]), PM_ERRATUM)
    assert erratum is not None and erratum["pmcid"] == PMC_ERRATUM and erratum["published"] == "2020-11"
    assert [(n["kind"], n["date"]) for n in erratum["notices"]] == [("corrected", "2021-02")]  # CommentIn is none
    notice = parse_pubmed_xml(efetch_body([PM_NOTICE]), PM_NOTICE)
    assert notice is not None and notice["is_notice"] and notice["notices"] == []
    assert parse_pubmed_xml(efetch_body([]), "99999999") is None
    with pytest.raises(ValueError, match="not PubMed XML"):
        parse_pubmed_xml(b"<html><body>Service Unavailable", "1")


def test_arxiv_feeds_say_withdrawn_and_unknown_ids_are_none() -> None:
    withdrawn_feed = ('<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">'
                      "<entry><id>http://arxiv.org/abs/2101.00001v2</id><updated>2021-03-15T10:00:00Z</updated>"
                      "<published>2021-01-01T18:59:59Z</published><title>A bound</title><summary>Withdrawn."
                      "</summary><arxiv:comment>This paper has been withdrawn by the authors</arxiv:comment>"
                      "</entry></feed>")
    got = parse_arxiv_feed(withdrawn_feed, "2101.00001")
    assert got is not None and got["withdrawn"] and (got["published"], got["updated"]) == ("2021-01-01", "2021-03-15")
    sound = withdrawn_feed.replace("This paper has been withdrawn by the authors", "12 pages").replace(
        "Withdrawn.", "We prove a bound; earlier claims that it was withdrawn from the literature are wrong.")
    got = parse_arxiv_feed(sound, "2101.00001")
    assert got is not None and not got["withdrawn"]
    assert parse_arxiv_feed(withdrawn_feed, "2101.99999") is None
    with pytest.raises(ValueError, match="not an Atom feed"):
        parse_arxiv_feed("<html/>", "2101.00001")


async def test_pubmed_and_arxiv_lookups_through_the_stand_ins() -> None:
    with registries() as api:
        pubmed = PubmedClient(api.url("/eutils"), email="research@example.org", timeout_s=5)
        arxiv = ArxivClient(api.url("/api/query"), timeout_s=5)
        lookup = ScholarlyLookup(None, pubmed, arxiv)
        try:
            got = await lookup.lookup(find_identifiers(f"https://pubmed.ncbi.nlm.nih.gov/{PM_RETRACTED}/"),
                                      title=None, text="")
            assert got is not None and (got.status, got.status_date, got.pmid, got.doi) == (
                "retracted", "2021-06-02", PM_RETRACTED, "10.5555/jhm.2019.0412")
            assert got.journal == "Journal of Headache Medicine" and got.work_type == "journal-article"
            assert "CrossRef" not in got.reason  # the DOI came from PubMed, not the page: nothing to look up
            seen = api.requests_to("/eutils/efetch.fcgi")[0].params
            assert seen == {"db": "pubmed", "id": PM_RETRACTED, "retmode": "xml", "tool": "assay",
                            "email": "research@example.org"}
            # a PMC page: PMCID -> PMID through esummary, then the record: corrected
            pmc = await lookup.lookup(find_identifiers(f"https://pmc.ncbi.nlm.nih.gov/articles/{PMC_ERRATUM}/"),
                                      title=None, text="")
            assert pmc is not None and (pmc.status, pmc.status_date, pmc.pmid, pmc.pmcid) == (
                "corrected", "2021-02", PM_ERRATUM, PMC_ERRATUM)
            # a PMID in a page's metadata must be the page's: its title is checked like a DOI's
            page = f'<html><head><meta name="citation_pmid" content="{PM_ERRATUM}"></head></html>'
            own = await lookup.lookup(find_identifiers("https://journal.example/x", html=page),
                                      title=ERRATUM_TITLE, text="")
            assert own is not None and own.status == "corrected"
            other = await lookup.lookup(find_identifiers("https://blog.example/x", html=page),
                                        title="Why shift work is fine", text="Our take on sleep")
            assert other is not None and (other.status, other.pmid) == ("cites", None)  # it cites that paper
            assert other.cites is not None and (other.cites["status"], other.cites["doi"]) == (
                "corrected", "10.5555/om.2020.77")
            sound = await lookup.lookup(Identifiers(pmid=PM_SOUND, pubmed_in_url=True), title=None, text="")
            assert sound is not None and (sound.status, sound.published) == ("ok", "2022-04-21")
            missing = await lookup.lookup(Identifiers(pmid="39999999", pubmed_in_url=True), title=None, text="")
            assert missing is not None and missing.status == "unknown" and "not in PubMed" in missing.reason
            # arXiv: the withdrawn preprint, a sound one, an unknown id
            gone = await lookup.lookup(find_identifiers(f"https://arxiv.org/abs/{AX_WITHDRAWN}v1"), title=None,
                                       text="")
            assert gone is not None and (gone.status, gone.status_date, gone.work_type) == (
                "withdrawn", "2021-03-15", "preprint")
            ok = await lookup.lookup(find_identifiers(f"https://arxiv.org/abs/{AX_SOUND}"), title=None, text="")
            assert ok is not None and (ok.status, ok.title) == ("ok", "Attention Is All You Need")
            assert api.requests_to("/api/query")[-1].params == {"id_list": AX_SOUND, "max_results": "1"}
            nowhere = await lookup.lookup(find_identifiers("https://arxiv.org/abs/2912.99999"), title=None, text="")
            assert nowhere is not None and nowhere.status == "unknown" and "not on arXiv" in nowhere.reason
            # arXiv's DataCite DOI is the arXiv id, never sent to CrossRef
            datacite = await lookup.lookup(find_identifiers(
                "https://x.example/p", html='<meta name="citation_doi" content="10.48550/arXiv.2101.00001">'),
                title=None, text="")
            assert datacite is not None and (datacite.status, datacite.arxiv_id) == ("withdrawn", AX_WITHDRAWN)
            # answers are kept: asking again makes no request
            before = pubmed.requests + arxiv.requests
            await lookup.lookup(find_identifiers(f"https://pubmed.ncbi.nlm.nih.gov/{PM_RETRACTED}/"), title=None,
                                text="")
            await lookup.lookup(find_identifiers(f"https://arxiv.org/abs/{AX_SOUND}"), title=None, text="")
            assert pubmed.requests + arxiv.requests == before
        finally:
            await lookup.aclose()


@pytest.mark.parametrize(("down", "busy", "why"), [(True, False, "HTTP 503"), (False, True, "rate-limited")])
async def test_registries_down_or_busy_leave_retraction_status_unknown(down: bool, busy: bool, why: str) -> None:
    with registries(down=down, busy=busy) as api:
        lookup = ScholarlyLookup(None, PubmedClient(api.url("/eutils"), timeout_s=5),
                                 ArxivClient(api.url("/api/query"), timeout_s=5))
        try:
            for url in (f"https://pubmed.ncbi.nlm.nih.gov/{PM_RETRACTED}/", f"https://arxiv.org/abs/{AX_SOUND}"):
                got = await lookup.lookup(find_identifiers(url), title=None, text="")
                assert got is not None and got.status == "unknown" and why in got.reason, (url, got)
                assert "retraction status unknown" not in got.reason  # the cause only: the words are said once
            # failures are not kept: the next lookup asks again
            n = len(api.requests_to("/eutils/efetch.fcgi"))
            await lookup.lookup(find_identifiers(f"https://pubmed.ncbi.nlm.nih.gov/{PM_RETRACTED}/"), title=None,
                                text="")
            assert len(api.requests_to("/eutils/efetch.fcgi")) == n + 1
        finally:
            await lookup.aclose()


async def test_a_retraction_pubmed_knows_outweighs_crossrefs_clean_record() -> None:
    """A paper with a DOI CrossRef finds clean and a PMID PubMed marks retracted is retracted; its CrossRef
    metadata lead, and it is a paper."""
    page = (f'<html><head><title>A randomised trial of velarine against placebo in mild hypertension | '
            f'Hypertension letters</title><meta name="citation_doi" content="{SOUND}">'
            f'<meta name="citation_pmid" content="{PM_RETRACTED}"></head><body><h1>{RETRACTED_TITLE}</h1></body>'
            f'</html>')
    with crossref() as cr, registries() as api:
        lookup = ScholarlyLookup(CrossrefClient(cr.base, timeout_s=5), PubmedClient(api.url("/eutils"), timeout_s=5))
        try:
            text = f"A randomised trial of velarine against placebo in mild hypertension. {RETRACTED_TITLE}"
            got = await lookup.lookup(find_identifiers("https://journal.example/p", html=page), title=None,
                                      text=text)
            assert got is not None and (got.status, got.status_date, got.doi, got.pmid) == (
                "retracted", "2021-06-02", SOUND, PM_RETRACTED)
            assert got.journal == "Hypertension Research Letters"  # CrossRef's record leads
            assert {n["source"] for n in got.notices} == {"pubmed"}
            prov = with_scholarly(classify("https://journal.example/p", html=page), got.record())
            assert prov.kind == "paper"
        finally:
            await lookup.aclose()

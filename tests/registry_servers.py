"""Loopback stand-ins for NCBI E-utilities (``efetch.fcgi?db=pubmed&retmode=xml``, ``esummary.fcgi?db=pmc&
retmode=json``) and the arXiv API (``/api/query?id_list=``), answering in the services' real shapes (PubMed XML
with its DOCTYPE, comments and corrections, publication types; the esummary JSON ``result`` keyed by uid with
``articleids``; arXiv's Atom feed with ``arxiv:`` elements, its error entry, an empty feed for an unknown id).

PubMed records: :data:`PM_RETRACTED` (a "Retracted Publication" with ``RetractionIn``), :data:`PM_ERRATUM`
(``ErratumIn``; also PMC :data:`PMC_ERRATUM`), :data:`PM_SOUND`, :data:`PM_NOTICE` (the retraction notice
itself); unknown ids answer an empty ``PubmedArticleSet``. arXiv: :data:`AX_WITHDRAWN` (its v2 withdraws it),
:data:`AX_SOUND`. ``down=True`` answers 503 to everything, ``busy=True`` 429.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from html import escape

from tests.loopback import PageServer, Reply, Seen, serve

PM_RETRACTED, PM_ERRATUM, PM_SOUND, PM_NOTICE = "31000001", "31000002", "31000003", "34000001"
PMC_ERRATUM = "PMC7000002"
RETRACTED_TITLE = "Oral corvastin reduces migraine frequency in adults: a randomised trial"
ERRATUM_TITLE = "Sleep duration and blood glucose in shift workers: a cohort study"
SOUND_TITLE = "Hand hygiene compliance after a ward education programme"
AX_WITHDRAWN, AX_SOUND = "2101.00001", "1706.03762"

_ARTICLES = {
    PM_RETRACTED: {"title": RETRACTED_TITLE, "journal": "Journal of Headache Medicine", "year": "2019",
                   "month": "Mar", "day": "4", "doi": "10.5555/jhm.2019.0412", "pmc": None,
                   "types": ["Journal Article", "Randomized Controlled Trial", "Retracted Publication"],
                   "cc": [("RetractionIn", "J Headache Med. 2021 Jun 2;14(6):e1.", PM_NOTICE)]},
    PM_ERRATUM: {"title": ERRATUM_TITLE, "journal": "Occupational Metabolism", "year": "2020", "month": "Nov",
                 "day": None, "doi": "10.5555/om.2020.77", "pmc": PMC_ERRATUM, "types": ["Journal Article"],
                 "cc": [("ErratumIn", "Occup Metab. 2021 Feb;9(2):120.", "33500001"),
                        ("CommentIn", "Occup Metab. 2021 Jan;9(1):3.", "33400001")]},
    PM_SOUND: {"title": SOUND_TITLE, "journal": "Infection Prevention Practice", "year": "2022", "month": "04",
               "day": "21", "doi": None, "pmc": None, "types": ["Journal Article"], "cc": []},
    PM_NOTICE: {"title": f"Retraction: {RETRACTED_TITLE}", "journal": "Journal of Headache Medicine",
                "year": "2021", "month": "Jun", "day": "2", "doi": None, "pmc": None,
                "types": ["Retraction of Publication"],
                "cc": [("RetractionOf", "J Headache Med. 2019 Mar 4;12(3):201-9.", PM_RETRACTED)]},
}


def _article(pmid: str) -> str:
    a = _ARTICLES[pmid]
    date = f"<Year>{a['year']}</Year><Month>{a['month']}</Month>" + (f"<Day>{a['day']}</Day>" if a["day"] else "")
    types = "".join(f'<PublicationType UI="D0164{i:02d}">{escape(t)}</PublicationType>'
                    for i, t in enumerate(a["types"]))
    cc = "".join(f'<CommentsCorrections RefType="{r}"><RefSource>{escape(src)}</RefSource>'
                 f'<PMID Version="1">{p}</PMID></CommentsCorrections>' for r, src, p in a["cc"])
    ids = f'<ArticleId IdType="pubmed">{pmid}</ArticleId>' + (
        f'<ArticleId IdType="doi">{a["doi"]}</ArticleId>' if a["doi"] else "") + (
        f'<ArticleId IdType="pmc">{a["pmc"]}</ArticleId>' if a["pmc"] else "")
    eloc = f'<ELocationID EIdType="doi" ValidYN="Y">{a["doi"]}</ELocationID>' if a["doi"] else ""
    return (f'<PubmedArticle><MedlineCitation Status="MEDLINE" Owner="NLM"><PMID Version="1">{pmid}</PMID>'
            f'<Article PubModel="Print"><Journal><ISSN IssnType="Electronic">1234-5678</ISSN>'
            f'<JournalIssue CitedMedium="Internet"><Volume>12</Volume><Issue>3</Issue><PubDate>{date}</PubDate>'
            f'</JournalIssue><Title>{escape(a["journal"])}</Title></Journal>'
            f'<ArticleTitle>{escape(a["title"])}</ArticleTitle>{eloc}<Language>eng</Language>'
            f"<PublicationTypeList>{types}</PublicationTypeList></Article>"
            f"{'<CommentsCorrectionsList>' + cc + '</CommentsCorrectionsList>' if cc else ''}</MedlineCitation>"
            f"<PubmedData><PublicationStatus>ppublish</PublicationStatus><ArticleIdList>{ids}</ArticleIdList>"
            f"</PubmedData></PubmedArticle>")


def efetch_body(pmids: list[str]) -> bytes:
    """efetch's PubMed XML for ``pmids`` (unknown ones left out, as E-utilities does)."""
    return ('<?xml version="1.0" ?>\n<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January '
            '2024//EN" "https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_240101.dtd">\n<PubmedArticleSet>'
            + "".join(_article(p) for p in pmids if p in _ARTICLES) + "</PubmedArticleSet>").encode()


def _pmc_summary(uid: str) -> dict[str, object]:
    pmid = next((p for p, a in _ARTICLES.items() if a["pmc"] == f"PMC{uid}"), None)
    if pmid is None:
        return {"uid": uid, "error": "cannot get document summary"}
    a = _ARTICLES[pmid]
    return {"uid": uid, "pubdate": f"{a['year']} {a['month']}", "title": a["title"],
            "articleids": [{"idtype": "pmid", "idtypen": 1, "value": pmid},
                           {"idtype": "doi", "idtypen": 3, "value": a["doi"]},
                           {"idtype": "pmcid", "idtypen": 5, "value": f"PMC{uid}"}]}


def _arxiv_entry(arxiv_id: str) -> str:
    if arxiv_id == AX_WITHDRAWN:
        version, updated, title = 2, "2021-03-15T10:00:00Z", "A sparse attention bound for long sequences"
        summary, comment = ("This paper has been withdrawn by the authors due to an error in the proof of "
                            "Theorem 2."), "This paper has been withdrawn"
    else:
        version, updated, title = 7, "2023-08-02T00:41:18Z", "Attention Is All You Need"
        summary, comment = "The dominant sequence transduction models are based on ...", "15 pages, 5 figures"
    return (f"<entry><id>http://arxiv.org/abs/{arxiv_id}v{version}</id><updated>{updated}</updated>"
            f"<published>2021-01-01T18:59:59Z</published><title>{escape(title)}</title>"
            f"<summary>{escape(summary)}</summary><author><name>A. Author</name></author>"
            f"<arxiv:comment>{escape(comment)}</arxiv:comment>"
            f'<link href="http://arxiv.org/abs/{arxiv_id}v{version}" rel="alternate" type="text/html"/>'
            f'<arxiv:primary_category term="cs.LG" scheme="http://arxiv.org/schemas/atom"/></entry>')


def _feed(entries: str, total: int) -> bytes:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" '
            'xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom">'
            '<link href="http://arxiv.org/api/query" rel="self" type="application/atom+xml"/><title type="html">'
            'ArXiv Query</title><id>http://arxiv.org/api/x</id><updated>2024-01-01T00:00:00-05:00</updated>'
            f"<opensearch:totalResults>{total}</opensearch:totalResults><opensearch:startIndex>0"
            f"</opensearch:startIndex>{entries}</feed>").encode()


@contextmanager
def registries(*, down: bool = False, busy: bool = False) -> Iterator[PageServer]:
    """Serve both stand-ins on one loopback server: E-utilities under ``/eutils``, arXiv at ``/api/query``."""

    def gate() -> Reply | None:
        if down:
            return Reply(503, b"<html><body>Service Unavailable</body></html>", {"Content-Type": "text/html"})
        if busy:
            return Reply(429, b'{"error":"API rate limit exceeded","count":"4"}',
                         {"Content-Type": "application/json", "Retry-After": "1"})
        return None

    def efetch(seen: Seen) -> Reply:
        if (g := gate()) is not None:
            return g
        ids = [i.strip() for i in seen.params.get("id", "").split(",") if i.strip()]
        if not ids or not all(i.isdigit() for i in ids):
            return Reply(400, b'{"error":"Invalid uid in request"}', {"Content-Type": "application/json"})
        return Reply(200, efetch_body(ids), {"Content-Type": "text/xml; charset=UTF-8"})

    def esummary(seen: Seen) -> Reply:
        if (g := gate()) is not None:
            return g
        uid = seen.params.get("id", "")
        body = {"header": {"type": "esummary", "version": "0.3"},
                "result": {"uids": [uid], uid: _pmc_summary(uid)}}
        return Reply(200, json.dumps(body).encode(), {"Content-Type": "application/json; charset=UTF-8"})

    def query(seen: Seen) -> Reply:
        if (g := gate()) is not None:
            return g
        arxiv_id = seen.params.get("id_list", "")
        if arxiv_id in (AX_WITHDRAWN, AX_SOUND):
            return Reply(200, _feed(_arxiv_entry(arxiv_id), 1), {"Content-Type": "application/atom+xml"})
        if not arxiv_id[:4].isdigit():
            return Reply(400, _feed('<entry><id>http://arxiv.org/api/errors#incorrect_id_format_for_'
                                    f'{escape(arxiv_id)}</id><title>Error</title><summary>incorrect id format for '
                                    f'{escape(arxiv_id)}</summary></entry>', 1),
                         {"Content-Type": "application/atom+xml"})
        return Reply(200, _feed("", 0), {"Content-Type": "application/atom+xml"})

    with serve({}) as server:
        server.server.routes["/eutils/efetch.fcgi"] = efetch
        server.server.routes["/eutils/esummary.fcgi"] = esummary
        server.server.routes["/api/query"] = query
        yield server

"""Source kind and provenance (``services.scraper.provenance``), independent publishers for corroboration
(``shared.evidence.source_domain``, the verifier's ``mirror_domains``), and their use by the confidence gate and
the Sources list."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.scraper.provenance import PAPER_CLAIM, classify, with_scholarly
from services.synthesizer.confidence import WEAK_SOURCES_CAP, report_gate
from services.synthesizer.provenance import source_meta
from services.verifier.handlers import mirror_domains
from shared.evidence import Citation, Report, SourceInfo, VerifiedClaim, publisher_key, registrable_host, source_domain

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "provenance"
LD = '<script type="application/ld+json">{}</script>'


@pytest.mark.parametrize(("url", "html", "text", "kind"), [
    ("https://example.org/a", LD.format('{"@type": "NewsArticle", "publisher": {"name": "Example Post"}}'), "", "news"),
    ("https://example.org/a", LD.format('{"@graph": [{"@type": "ScholarlyArticle"}]}'), "", "paper"),
    ("https://example.org/a", LD.format('{"@type": "BlogPosting"}'), "", "blog"),
    ("https://example.org/t/1", LD.format('{"@type": "DiscussionForumPosting"}'), "", "forum"),
    ("https://en.wikipedia.org/wiki/Rush_(band)", "<html></html>", "Rush is a band.", "reference"),
    ("https://www.reddit.com/r/heaters/comments/abc", "<html></html>", "I think so.", "forum"),
    ("https://someone.substack.com/p/heaters", "<html></html>", "My take.", "blog"),
    ("https://arxiv.org/abs/2101.00001", "<html></html>", "Abstract.", "preprint"),
    ("https://news.example.org/story", "<html></html>", "Story.", "news"),
    ("https://paper.example.org/2024/05/02/story", "<html></html>", "Story.", "news"),
    ("https://shop.example.com/x1", LD.format('{"@type": "Product", "brand": {"name": "Corvale"}, "offers": {}}'),
     "Add to cart $89.00", "retailer"),
    ("https://corvale.example.com/x1", LD.format('{"@type": "Product", "brand": {"name": "Corvale"}, '
                                                 '"offers": {}, "publisher": {"name": "Corvale Appliances"}}'),
     "Buy now for $89.00", "manufacturer"),
    ("https://corvale.example.com/x1", LD.format('{"@type": "Product", "brand": {"name": "Corvale"}}'), "Specs.",
     "manufacturer"),
    ("https://bestheaters.example.com/reviews/x1", "<html></html>",
     "As an Amazon Associate we earn from qualifying purchases. The X1 is great.", "affiliate_review"),
    ("https://bestheaters.example.com/x1", '<a href="https://amzn.to/abc">b</a><a href="https://s.co/?tag=x-20">b</a>',
     "The X1 is great.", "affiliate_review"),
    ("https://example.org/about", "<html></html>", "About us.", "unknown"),
    ("file:///data/notes.txt", None, "Plain notes.", "unknown"),
])
def test_kinds_come_from_structured_data_and_simple_signals(url: str, html: str | None, text: str, kind: str) -> None:
    assert classify(url, html=html, text=text).kind == kind


def _og(site: str, title: str = "Scaling our queue", extra: str = "") -> str:
    return (f'<html><head><title>{title}</title><meta property="og:type" content="article">'
            f'<meta property="og:site_name" content="{site}">{extra}</head><body><h1>{title}</h1></body></html>')


@pytest.mark.parametrize(("url", "html", "kind", "signal"), [
    # the trial's page: og:type article and a site name saying "Blog"
    ("https://acme.example/engineering/scaling-our-queue", _og("Acme Engineering Blog"), "blog", "site name"),
    ("https://acme.example/2024/05/02/scaling-our-queue", _og("The Acme Techblog"), "blog", "site name"),
    # the site part of the <title>, not the headline, names the site
    ("https://acme.example/scaling", _og("", "Scaling our queue | Acme Tech Blog"), "blog", "site name"),
    ("https://chronicle.example/why-i-quit-my-blog", _og("Harbour City Chronicle", "Why I quit my blog"), "news",
     "og:type article"),
    # a /blog/ path, a blog platform's assets on a custom domain, BlogPosting markup
    ("https://acme.example/blog/scaling", _og("Acme"), "blog", "host"),
    ("https://letters.example/p/scaling", _og("Letters", extra='<link rel="stylesheet" '
                                           'href="https://substackcdn.com/bundle/theme/main.css">'), "blog",
     "hosted on substackcdn.com"),
    ("https://read.example/scaling-1a2b", _og("Read", extra='<meta property="al:android:url" '
                                          'content="medium://p/1a2b">'), "blog", "hosted on medium.com"),
    ("https://acme.example/scaling", _og("Acme", extra=LD.format('{"@type": "BlogPosting"}')), "blog",
     "json-ld BlogPosting"),
    # news markup stays news, a news site stays news
    ("https://acme.example/scaling", _og("Acme Blog", extra=LD.format('{"@type": "NewsArticle"}')), "news",
     "json-ld NewsArticle"),
    ("https://chronicle.example/scaling", _og("Harbour City Chronicle"), "news", "og:type article"),
])
def test_blog_signals_beat_the_generic_og_type_article(url: str, html: str, kind: str, signal: str) -> None:
    prov = classify(url, html=html, text="Our queue grew tenfold last year.")
    assert (prov.kind, prov.signal.split(" '")[0]) == (kind, signal), prov


def test_publisher_canonical_and_scholarly_record() -> None:
    original = classify("https://harbourtimes.example/news/1", html=(FIXTURES / "original.html").read_text(),
                        text="")
    assert (original.kind, original.publisher, original.named, original.canonical) == (
        "news", "Harbour Times", True, None)
    copy = classify("https://coastalwire.example/wire/9", html=(FIXTURES / "syndicated.html").read_text(), text="")
    assert copy.canonical == "https://harbourtimes.example/news/2024/05/02/bridge-reopens"
    plain = classify("https://www.example.org/x", html="<html></html>", text="", site=None)
    assert (plain.publisher, plain.named) == ("example.org", False)
    paper = with_scholarly(plain, {"status": "ok", "doi": "10.5555/x", "type": "journal-article",
                                   "publisher": "Hallam Scientific Press", "arxiv_id": None})
    assert (paper.kind, paper.publisher, paper.named) == ("paper", "Hallam Scientific Press", True)
    unknown = with_scholarly(plain, {"status": "unknown", "doi": "10.5555/x", "type": None, "arxiv_id": None})
    assert unknown.kind == "unknown"  # a DOI CrossRef did not confirm makes nothing a paper
    assert with_scholarly(plain, {"status": "unknown", "doi": None, "arxiv_id": "2101.00001"}).kind == "preprint"


def test_one_publisher_counts_once() -> None:
    assert registrable_host("https://www.bbc.co.uk/news/x") == "bbc.co.uk"
    assert registrable_host("https://edition.cnn.com/x") == "cnn.com"
    assert publisher_key("The Harbour Times Ltd", "https://x.example") == "harbour times"
    assert publisher_key("harbourtimes.example", "https://m.harbourtimes.example/x") == "harbourtimes.example"
    named = {"kind": "news", "publisher": "Harbour Times", "named": True, "canonical": None, "signal": ""}
    assert source_domain({"final_url": "https://harbourtimes.example/a", "provenance": named}) == "harbour times"
    assert source_domain({"final_url": "https://m.harbourtimes.example/a",
                          "provenance": {**named, "publisher": "The Harbour Times"}}) == "harbour times"
    syndicated = {**named, "publisher": "Coastal Wire", "canonical": "https://www.harbourtimes.example/a"}
    assert source_domain({"final_url": "https://coastalwire.example/a", "provenance": syndicated}) == \
        "harbourtimes.example"
    assert source_domain({"final_url": "https://a.example.org/x"}) == "a.example.org"  # no provenance: as before
    assert source_domain({"url": "doc:1", "final_url": "/data/x.txt", "title": "X"}) == "local:X"
    text = (FIXTURES / "original.html").read_text()
    mirrored = mirror_domains({"s1": ("mirror.example", text.replace("<h1>", "<h2>"), 2),
                               "s2": ("harbourtimes.example", text, 1), "s3": ("harbour times", text, 0),
                               "s4": ("forum.example", (FIXTURES / "forum.html").read_text(), 2)})
    assert mirrored == {"s1": "harbour times", "s2": "harbour times", "s3": "harbour times", "s4": "forum.example"}


def _report(sources: dict[str, SourceInfo]) -> tuple[Report, list[VerifiedClaim]]:
    claims = [VerifiedClaim(claim_id=f"c{i}", source_id=sid, text="The Kellan bridge reopened on 2 May 2024.",
                            verdict="supported", stability=1.0, spans=[]) for i, sid in enumerate(sources)]
    citations = [Citation(n=i + 1, source_id=sid, claim_id=f"c{i}", start=0, end=10, quote="The Kellan")
                 for i, sid in enumerate(sources)]
    markers = "".join(f"[{i + 1}]" for i in range(len(sources)))
    md = f"# Q\n\n## Answer\n\nThe Kellan bridge reopened on 2 May 2024 {markers}.\n"
    return Report(markdown=md, citations=citations, used_claim_ids=[c.claim_id for c in claims]), claims


@pytest.mark.parametrize("kinds", [("forum", "blog"), ("news", "forum")])
def test_the_gate_never_rates_a_report_citing_only_forums_blogs_and_shops_high(kinds: tuple[str, ...]) -> None:
    sources = {f"s{i}": SourceInfo(source_id=f"s{i}", title="Kellan bridge", url_or_path=f"https://{k}.example/x",
                                   domain=f"{k}.example", kind=k) for i, k in enumerate(kinds)}
    report, claims = _report(sources)
    gate = report_gate("When did the Kellan bridge reopen?", report, sources, claims)
    weak = set(kinds) <= {"forum", "blog"}
    assert (gate.signals.get("weak_sources") == 1.0) is weak
    if weak:
        assert gate.score <= WEAK_SOURCES_CAP and gate.tier != "high"


def test_the_sources_list_names_kind_publisher_and_status() -> None:
    info = SourceInfo(source_id="s", title="T", url_or_path="u", domain="d", kind="news", publisher="Harbour Times",
                      author="Lena Ruiz", published="2024-05-02")
    assert source_meta(info) == "news, Harbour Times, Lena Ruiz, 2024-05-02"
    paper = SourceInfo(source_id="s", title="T", url_or_path="u", domain="d", kind="paper",
                       scholarly_note="expression of concern (2022-01-17)")
    assert source_meta(paper) == "paper, expression of concern (2022-01-17)"
    news = SourceInfo(source_id="s", title="T", url_or_path="u", domain="d", kind="news", publisher="Chronicle",
                      scholarly_note="cites a retracted paper (doi:10.5555/x, retracted on 2021-06-02)")
    assert source_meta(news) == "news, Chronicle, cites a retracted paper (doi:10.5555/x, retracted on 2021-06-02)"
    assert source_meta(SourceInfo(source_id="s", title="T", url_or_path="u", domain="d")) == ""


def test_paper_markup_on_a_page_that_sells_does_not_make_it_a_paper() -> None:
    html = (FIXTURES / "brand-study.html").read_text()
    text = ("Lumina clinical study: sleep lamp proven to cure insomnia. Abstract. In our study, the Lumina Sleep "
            "Lamp cured insomnia in 94 percent of users within three nights. Order the Lumina Sleep Lamp today for "
            "$89.00 and get free shipping. Add to cart")
    url = "https://lumina-lighting.example/research/lumina-clinical-study"
    page = classify(url, html=html, text=text)
    assert (page.kind, page.publisher) == ("manufacturer", "Lumina Lighting")
    assert page.signal.endswith(PAPER_CLAIM)
    # a DOI no registry confirmed (CrossRef down) or none at all leaves it so; a DOI CrossRef confirms makes it one
    for record in (None, {"status": "unknown", "doi": "10.5555/lamp", "type": None, "arxiv_id": None},
                   {"status": "cites", "doi": None, "type": None, "arxiv_id": None}):
        assert with_scholarly(page, record).kind == "manufacturer"
    confirmed = with_scholarly(page, {"status": "ok", "doi": "10.5555/lamp", "type": "journal-article",
                                      "publisher": "Lumina Press", "arxiv_id": None})
    assert (confirmed.kind, confirmed.signal) == ("paper", "crossref journal-article")
    # another seller's page with the same markup: its other signals (a shop), still flagged
    shop = classify("https://sleepshop.example/lamp-study",
                    html=html.replace('content="Lumina Lighting"', 'content="SleepShop"'), text=text)
    assert (shop.kind, shop.signal) == ("retailer", f"cart and price; {PAPER_CLAIM}")
    # the same markup on a page that sells nothing is a paper on its markup, as before
    plain = classify(url, html=html, text=text.split(" Order the")[0])
    assert (plain.kind, plain.signal) == ("paper", "json-ld ScholarlyArticle")

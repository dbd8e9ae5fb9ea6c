"""Source kind and provenance: what sort of source a fetched page is, who publishes it, whose copy it is.

:func:`classify` reads structured data first, then simple signals:

1. a scholarly record (``services.scraper.scholarly``) CrossRef or PubMed confirmed: ``paper`` (a journal article,
   proceedings, book chapter...) or ``preprint`` (CrossRef's ``posted-content``); an arXiv id, or a preprint
   server's address (arxiv.org, biorxiv.org, medrxiv.org, ssrn.com, osf.io/preprints...): ``preprint``;
2. structured data: JSON-LD ``@type`` (a ``<![CDATA[`` wrapper allowed), microdata ``itemtype`` and RDFa
   ``typeof`` (``ScholarlyArticle`` -> paper, ``NewsArticle`` and its kinds -> news, ``BlogPosting`` -> blog,
   ``DiscussionForumPosting`` / ``QAPage`` -> forum, ``Product`` with a priced offer -> retailer, else
   manufacturer when the product's brand is the site's (its publisher, site name, seller or host), ``Review`` -> affiliate review when the page carries
   affiliate links or a commission disclosure); Highwire ``citation_title`` with a journal or conference ->
   paper (a ``citation_doi`` alone is not: any page can name a DOI; and a page whose named DOI a registry says
   is another work's, status ``cites``, loses this claim: ``Provenance.fallback``; so does a page that sells,
   "add to cart" with a price, a ``Product``, a maker's services, unless a registry confirms its identifier:
   its kind is then its other signals', manufacturer when it sells its own brand, flagged ``PAPER_CLAIM``);
3. a blog engine as ``<meta name="generator">`` (WordPress, Ghost, Blogger, Jekyll, Hugo...) -> blog; then the
   blog signals, which beat the generic ``og:type`` article and a dated path: a ``blog.`` host or ``/blog/`` path
   or a blog platform's host, a site name saying "blog" (``og:site_name``, ``application-name``, the publisher,
   JSON-LD ``WebSite`` / ``Blog`` name, the site part of ``<title>``), a custom-domain page built on a blog
   platform (Substack, Medium, Hashnode, Ghost, Blogger assets or app links); a documentation generator
   (Sphinx, MkDocs, Docusaurus...) -> reference;
4. the address: papers (PubMed, PMC, Europe PMC), reference works (wikipedia.org, britannica.com, an
   encyclopedia or dictionary host, documentation hosts and paths: ``docs.``, ``readthedocs.io``, ``/docs/``;
   standards: IETF, W3C TR, WHATWG), forums (reddit.com, stackexchange / stackoverflow, quora.com, a ``forum.`` /
   ``community.`` / ``discourse.`` host, ``/forum/`` / ``/threads/`` paths), blogs (medium.com, substack.com,
   blogspot, wordpress.com, a ``blog.`` host or ``/blog/`` path), news (a ``news.`` host or a dated
   ``/YYYY/MM/DD/`` article path);
5. the text: "add to cart" with a price -> retailer; a page that tests or reviews products (its title or ``<h1>``
   naming a review or test, "im Test", with a tester's words or a rating in its text: "In our test", "Rating:
   4.5/5"; a schema.org ``Review`` without affiliate links) -> review; an affiliate disclosure ("we may earn a commission", "as an
   Amazon Associate") or affiliate links (``tag=``, ``amzn.to``, ``/go/``) -> affiliate review; specifications on
   the brand's own site (its services: where to buy, registration, manuals, warranty; or the site's name leading
   the product name) -> manufacturer; ``og:type`` article -> news; "posted on / by", "leave a comment" -> blog;

else ``unknown``. The publisher is the JSON-LD ``publisher`` name, else ``og:site_name``, else CrossRef's
publisher, else the site name the extractor found, else the host. ``canonical``: the page's
``<link rel="canonical">`` when it points to another host (a syndicated copy or mirror of that page). Pure
functions, no I/O; never raise.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urljoin, urlsplit

import lxml.html
from lxml import etree

from shared.evidence import registrable_host
from shared.text.buying import REVIEW_TITLE_RE

__all__ = ["KINDS", "Provenance", "SourceKind", "classify", "with_scholarly"]

SourceKind = Literal["paper", "preprint", "news", "reference", "manufacturer", "retailer", "forum", "blog",
                     "affiliate_review", "review", "unknown"]
KINDS: tuple[str, ...] = ("paper", "preprint", "news", "reference", "manufacturer", "retailer", "forum", "blog",
                          "affiliate_review", "review", "unknown")

_PREPRINT_HOSTS = ("arxiv.org", "biorxiv.org", "medrxiv.org", "ssrn.com", "osf.io", "preprints.org",
                   "researchsquare.com", "chemrxiv.org", "psyarxiv.com", "eartharxiv.org")
_REFERENCE_HOSTS = ("wikipedia.org", "britannica.com", "wiktionary.org", "merriam-webster.com",
                    "dictionary.cambridge.org", "oxfordreference.com", "encyclopedia.com", "stanford.edu/entries",
                    "plato.stanford.edu", "scholarpedia.org", "wikidata.org", "ietf.org/rfc", "tools.ietf.org",
                    "datatracker.ietf.org", "rfc-editor.org", "w3.org/tr/", "whatwg.org", "iso.org/standard",
                    "readthedocs.io", "docs.python.org", "developer.mozilla.org")
_PAPER_HOSTS = ("pubmed.ncbi.nlm.nih.gov", "ncbi.nlm.nih.gov/pmc/", "ncbi.nlm.nih.gov/pubmed", "pmc.ncbi.nlm.nih.gov",
                "europepmc.org/article", "europepmc.org/abstract")
_FORUM_HOSTS = ("reddit.com", "stackexchange.com", "stackoverflow.com", "quora.com", "superuser.com",
                "serverfault.com", "news.ycombinator.com", "askubuntu.com", "discord.com", "tripadvisor.com/showtopic")
_BLOG_HOSTS = ("medium.com", "substack.com", "blogspot.com", "wordpress.com", "tumblr.com", "ghost.io",
               "hashnode.dev", "dev.to", "livejournal.com")
_NEWS_TYPES = {"newsarticle", "reportagenewsarticle", "analysisnewsarticle", "opinionnewsarticle",
               "backgroundnewsarticle", "reviewnewsarticle", "liveblogposting"}
_PAPER_TYPES = {"scholarlyarticle", "medicalscholarlyarticle", "techarticle"}
_CROSSREF_PAPER = {"journal-article", "proceedings-article", "book-chapter", "book", "monograph", "report",
                   "dissertation", "reference-entry", "peer-review", "standard", "edited-book"}
_AFFILIATE_TEXT = re.compile(
    r"\b(?:we (?:may )?(?:earn|receive|get) (?:a )?(?:small )?(?:commission|compensation|fee)|affiliate "
    r"(?:links?|commission|disclosure|partner)|as an amazon associate|paid (?:links?|partnership)|commissions? "
    r"(?:from|on) (?:qualifying )?purchases|contains? affiliate)", re.I)
_AFFILIATE_LINK = re.compile(r"(?:[?&](?:tag|aff(?:iliate)?_?id|ref(?:id)?|utm_medium=affiliate)=|amzn\.to/|"
                             r"/go/|shareasale|awin1\.com|linksynergy|skimlinks|rstyle\.me|go\.redirectingat)", re.I)
_CART = re.compile(r"\b(?:add to (?:cart|basket|bag|trolley)|buy now|in stock|out of stock|checkout|free "
                   r"(?:shipping|delivery)|in den warenkorb|ajouter au panier|añadir al carrito)\b", re.I)
_PRICE = re.compile(r"(?:[$€£¥]\s?\d[\d,.]*|\b\d[\d,.]*\s?(?:[$€£¥]|(?:usd|eur|gbp|dollars|euros)\b))", re.I)
_LD_WRAPPER = re.compile(r"^\s*(?://\s*)?<!\[CDATA\[|(?://\s*)?\]\]>\s*$|^\s*<!--|-->\s*$", re.M)
#: engines that publish blogs (a ``<meta name="generator">`` naming one, and no news markup: a blog)
_BLOG_ENGINES = re.compile(r"\b(?:wordpress|ghost|blogger|jekyll|hexo|hugo|tumblr|typepad|movable type|"
                           r"write\.as|bear blog|micro\.blog|substack|medium)\b", re.I)
_DOC_ENGINES = re.compile(r"\b(?:sphinx|docutils|mkdocs|docusaurus|gitbook|javadoc|doxygen|read the docs|"
                          r"antora|vuepress)\b", re.I)
_BLOG_TEXT = re.compile(r"\b(?:posted (?:on|by|in) |leave a (?:comment|reply)\b)", re.I)
#: a manufacturer's own page: where to buy, register, manuals, its warranty (en, de, fr, es)
_MAKER_TEXT = re.compile(r"\b(?:where to buy|find a (?:retailer|dealer|store)|dealer locator|register your "
                         r"product|product registration|user manuals?|manuals and support|owner'?s manual|"
                         r"händlersuche|bedienungsanleitung|herstellergarantie|où acheter|trouver un revendeur|"
                         r"mode d'emploi|dónde comprar|manual de usuario)\b", re.I)
_SPECS = re.compile(r"\b(?:specifications?|tech(?:nical)? specs?|technische daten|caractéristiques techniques|"
                    r"especificaciones)\b", re.I)
_DATED_PATH = re.compile(r"/(?:19|20)\d{2}/(?:0?[1-9]|1[0-2])/(?:[0-2]?\d|3[01])/")


@dataclass(frozen=True)
class Provenance:
    """A source's kind, publisher (``named``: the page's structured data or CrossRef named it, rather than the
    site name or host standing in), canonical address (``None`` when the page names none on another host), and
    what decided the kind (``signal``: e.g. ``json-ld NewsArticle``, ``crossref journal-article``, ``host``),
    and the ``fallback`` kind when the page's own paper markup decided it."""

    kind: SourceKind
    publisher: str | None
    canonical: str | None
    signal: str
    named: bool = False
    #: the (kind, signal) the page has without its own claim to be a paper, when that claim decided ``kind``:
    #: what :func:`with_scholarly` uses once a registry says the DOI it names is another work's (not recorded)
    fallback: tuple[SourceKind, str] | None = None

    def record(self) -> dict[str, Any]:
        """The JSON-able record ``SourceFetched.provenance`` keeps."""
        return {"kind": self.kind, "publisher": self.publisher, "named": self.named, "canonical": self.canonical,
                "signal": self.signal}


def _jsonld(root: etree._Element) -> list[dict[str, Any]]:
    nodes: list[dict[str, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, dict):
            nodes.append(node)
            if "@graph" in node:
                walk(node["@graph"])

    for script in root.xpath("//script[@type='application/ld+json']"):
        try:
            walk(json.loads(_LD_WRAPPER.sub("", script.text or "").strip().rstrip(";"), strict=False))
        except ValueError:
            continue
    return nodes


def _microdata_types(root: etree._Element) -> set[str]:
    """schema.org types named by microdata (``itemtype``) and RDFa (``typeof``) in the page, case-folded."""
    out: set[str] = set()
    for el in root.xpath("//*[@itemtype or @typeof]"):
        for value in ((el.get("itemtype") or "") + " " + (el.get("typeof") or "")).split():
            name = value.rstrip("/").rsplit("/", 1)[-1].rsplit(":", 1)[-1]
            if name:
                out.add(name.casefold())
    return out


def _priced_offer(root: etree._Element | None, product: dict[str, Any] | None) -> bool:
    """Whether the page's product carries an offer with a price (JSON-LD ``offers.price`` / ``lowPrice``,
    microdata or RDFa ``price`` inside an offer)."""
    if product is not None:
        offers = product.get("offers")
        for offer in offers if isinstance(offers, list) else [offers]:
            if isinstance(offer, dict) and any(offer.get(k) not in (None, "") for k in ("price", "lowPrice")):
                return True
    if root is not None:
        return bool(root.xpath("//*[@itemprop='offers' or @property='offers']//*[@itemprop='price' or "
                               "@property='price']"))
    return False


def _types(node: dict[str, Any]) -> set[str]:
    value = node.get("@type")
    items = value if isinstance(value, list) else [value]
    return {str(v).casefold() for v in items if v}


def _name(value: Any) -> str | None:
    if isinstance(value, list):
        value = value[0] if value else None
    if isinstance(value, dict):
        value = value.get("name")
    return " ".join(str(value).split()) or None if value else None


def _meta(root: etree._Element, *names: str) -> str | None:
    for meta in root.iter("meta"):
        key = (meta.get("property") or meta.get("name") or "").strip().lower()
        if key in names and (meta.get("content") or "").strip():
            return " ".join((meta.get("content") or "").split())
    return None


def _host_kind(url: str) -> SourceKind | None:
    parts = urlsplit(url)
    host = (parts.hostname or "").lower().removeprefix("www.")
    where = host + parts.path.lower()
    if any(h in where for h in _PREPRINT_HOSTS) or "/preprints/" in parts.path.lower():
        return "preprint"
    if any(h in where for h in _PAPER_HOSTS):
        return "paper"
    if any(h in where for h in _REFERENCE_HOSTS) or re.search(r"(?:^|\.)(?:encyclopa?edia|dictionary)\.", host) \
            or host.startswith(("docs.", "doc.", "developer.", "devdocs.")) or host.endswith(".readthedocs.io") \
            or re.search(r"/(?:docs?|documentation|manual|reference)/", parts.path.lower()):
        return "reference"
    if any(h in where for h in _FORUM_HOSTS) or re.match(r"(?:forums?|community|discourse|discuss)\.", host) or \
            re.search(r"/(?:forums?|threads?|topic|viewtopic\.php|showthread\.php)(?:/|$|\?)", parts.path.lower()):
        return "forum"
    if any(host == h or host.endswith("." + h) for h in _BLOG_HOSTS) or host.startswith("blog.") or \
            re.search(r"/blogs?/", parts.path.lower()):
        return "blog"
    if host.startswith("news.") or _DATED_PATH.search(parts.path):
        return "news"
    return None


#: a tester's words about its own test, and ratings it gives ("In our test", "we measured", "Rating: 4.5/5",
#: "Note : 4/5", "Testnote 1,7", "4/5 stars")
_REVIEW_TEXT = re.compile(r"\b(?:in our (?:test|tests|testing|lab|review)|we (?:have )?(?:tested|measured|reviewed)|"
                          r"our verdict|im test|in unserem test|wir haben [^.]{0,60} getestet|testurteil|testnote|"
                          r"nous avons (?:testé|mesuré)|notre verdict|hemos probado|abbiamo provato|"
                          r"(?:rating|note|score|verdict|bewertung|wertung)\s*:?\s*\d(?:[.,]\d)?\s*(?:/|out of|von|sur)\s*"
                          r"(?:5|10|100)|\d(?:[.,]\d)?\s*/\s*5 stars)", re.I)


def _review_page(root: etree._Element | None, text: str) -> str:
    """Why a page that sells nothing is a review or test of products ("" when nothing says so): its ``<title>`` or
    ``<h1>`` names a review or test (:data:`shared.text.buying.REVIEW_TITLE_RE`), with a tester's words or a rating in its text ("In our test", "Rating:
    4.5/5", "im Test", "nous avons mesuré"); or two such words or ratings in its text alone."""
    found = _REVIEW_TEXT.findall(text)
    if root is None or not found:
        return ""
    headline = " ".join(" ".join(root.xpath("//title/text()")[:1]).split() + [" ".join(
        " ".join(h.itertext()) for h in root.xpath("//h1")[:1])])
    named = REVIEW_TITLE_RE.search(headline)
    if named:
        return f"a test or review: its headline says {named.group(0)!r}, its text {found[0]!r}"
    if len(found) >= 2:
        return f"a test or review: its text says {found[0]!r} and {found[1]!r}"
    return ""


#: a site name that says it is a forum ("BackcountryTalk forum", "Stove Community", "the message board")
_FORUM_NAME = re.compile(r"\b(?:forums?|community|message ?boards?|discussion boards?|bulletin boards?)\b", re.I)
#: a reply to a post in a thread ("Reply by tentpeg:", "replied by", "Re: Piezo igniter failures?")
_FORUM_REPLY = re.compile(r"\b(?:reply|replied|answered) by\b|(?:^|\n|\s)Re: \S", re.I)


def _forum_page(root: etree._Element | None, nodes: list[dict[str, Any]], text: str, publisher: str | None,
                site: str | None) -> str:
    """Why a page without forum markup is a forum thread ("" when it is none): a site name saying so
    (:data:`_FORUM_NAME`: the ``<title>``'s site part "BackcountryTalk forum") or two replies to a post
    (:data:`_FORUM_REPLY`: "Posted by hikerjo: ... Reply by tentpeg: ... Reply by alpinecat: ...")."""
    name = next((n for n in _site_names(root, nodes, publisher, site) if _FORUM_NAME.search(n)), None)
    if name is not None:
        return f"site name {name[:40]!r}"
    if len(_FORUM_REPLY.findall(text)) >= 2:
        return "replies to a post"
    return ""


def _brands_site(brand: str, url: str, root: etree._Element | None, nodes: list[dict[str, Any]],
                 publisher: str | None, site: str | None, product: dict[str, Any] | None) -> bool:
    """Whether the site a Product page is on is its brand's own (a maker selling its product): when the offer names
    its seller, the brand is the seller's name (a shop's offer of the brand's product names the shop); else the
    brand is the publisher's or site's name (``og:site_name``, the ``<title>``'s site part: "Kestrune Glide 500 |
    Kestrune Bikes"; never a name opening with the product's own name, which is the page's headline), or the host's
    name (kestrune.com); a host with no name (an IP address, localhost: a stand-in site) is named by its path's
    first part (``/kestrune/glide-500``)."""
    b = re.sub(r"\W", "", brand.casefold())
    if len(b) < 2:
        return False

    def owns(name: str) -> bool:
        first = re.sub(r"\W", "", (name.casefold().split() or [""])[0])
        return bool(name) and (first == b or re.sub(r"\W", "", name.casefold()) == b)

    offers = product.get("offers") if product is not None else None
    sellers = [n for o in (offers if isinstance(offers, list) else [offers])
               if isinstance(o, dict) and (n := _name(o.get("seller")))]
    if sellers:  # the offer names who sells: the brand's site only when that is the brand
        return any(owns(n) for n in sellers)
    # a "site name" that opens with the product's own name is the page's headline ("Kettlo Go 0.6 L Travel Kettle"
    # of "Kettlo Go 0.6 L Travel Kettle | Reisemarkt Shop", as an extractor may take it), not the site's
    own = " ".join(((_name(product.get("name")) if product is not None else None) or "").casefold().split())
    names = [n for n in _site_names(root, nodes, publisher, site)
             if not (own and " ".join(n.casefold().split()).startswith(own + " "))]
    if any(owns(n) for n in names):
        return True
    parts = urlsplit(url)
    host = (parts.hostname or "").casefold()
    label = (registrable_host(url) or "").split(".")[0].casefold()
    if label and not re.fullmatch(r"[\d.]+|localhost", host) and re.sub(r"\W", "", label) == b:
        return True
    if re.fullmatch(r"[\d.]+|localhost|\[[\da-f:]+\]|[\da-f:]+", host):
        first = next((p for p in parts.path.split("/") if p), "")
        return re.sub(r"\W", "", first.casefold()) == b
    return False


def _maker_page(url: str, root: etree._Element | None, text: str, publisher: str | None) -> bool:
    """Whether a page with no product markup is a manufacturer's own page: its specifications (a heading or
    table saying so) and either the manufacturer's own services (where to buy, registration, manuals,
    warranty) or the site's name leading the product's name (the brand's site)."""
    if root is None or not _SPECS.search(text + " " + (_meta(root, "og:title") or "") + " " +
                                          " ".join(root.xpath("//title/text()"))):
        return False
    if _MAKER_TEXT.search(text):
        return True
    label = (registrable_host(url) or "").split(".")[0].casefold()
    names = {label, (publisher or "").casefold()} - {""}
    heading = " ".join(" ".join(h.itertext()) for h in root.xpath("//h1")[:1]).strip().casefold()
    return bool(heading) and any(heading.startswith(n) for n in names if len(n) >= 3)


def with_scholarly(prov: Provenance, scholarly: dict[str, Any] | None) -> Provenance:
    """``prov`` (classified from the page alone) corrected by the source's scholarly record: a DOI CrossRef
    confirmed makes it a ``paper`` (``preprint`` for posted content) and gives the publisher when the page named
    none of its own; an arXiv id makes it a ``preprint``; a record saying the page only *cites* the DOI it names
    (status ``cites``) takes back a kind the page's own paper markup gave it (``prov.fallback``)."""
    if scholarly is None:
        return prov
    confirmed = scholarly.get("status") != "unknown" and bool(scholarly.get("doi") or scholarly.get("pmid"))
    publisher, named = prov.publisher, prov.named
    if confirmed and scholarly.get("publisher") and not named:
        publisher, named = str(scholarly["publisher"]), True
    ctype = str(scholarly.get("type") or "")
    if confirmed and ctype == "posted-content":
        return Provenance("preprint", publisher, prov.canonical, "crossref posted-content", named)
    if confirmed and ctype in _CROSSREF_PAPER:
        return Provenance("paper", publisher, prov.canonical, f"crossref {ctype}", named)
    if scholarly.get("arxiv_id"):
        return Provenance("preprint", publisher, prov.canonical, "arxiv id", named)
    if scholarly.get("status") == "cites" and prov.fallback is not None:
        # the DOI it names is another work's: the page's paper markup claimed too much
        kind, signal = prov.fallback
        return Provenance(kind, publisher, prov.canonical, f"{signal} (its paper markup names another work)", named)
    return Provenance(prov.kind, publisher, prov.canonical, prov.signal, named)


def classify(url: str, *, html: str | None = None, text: str = "", site: str | None = None,
             scholarly: dict[str, Any] | None = None) -> Provenance:
    """The :class:`Provenance` of a fetched source (see the module docstring). ``html``: the page's markup
    (None for a PDF or plain text); ``text``: its extracted text; ``site``: the site name the extractor found;
    ``scholarly``: its scholarly record (``Scholarly.record()``), if any."""
    root: etree._Element | None = None
    if html and html.strip():
        try:
            root = lxml.html.document_fromstring(html)
        except (etree.ParserError, ValueError):
            root = None
    nodes = _jsonld(root) if root is not None else []
    publisher = next((p for n in nodes if (p := _name(n.get("publisher")))), None)
    if publisher is None and root is not None:
        publisher = _meta(root, "og:site_name", "application-name", "citation_publisher", "dc.publisher")
    named = publisher is not None
    confirmed = scholarly is not None and scholarly.get("status") != "unknown" and (
        scholarly.get("doi") or scholarly.get("pmid"))
    if publisher is None and confirmed and scholarly is not None and scholarly.get("publisher"):
        publisher, named = str(scholarly.get("publisher")), True
    publisher = publisher or site or (urlsplit(url).hostname or "").removeprefix("www.") or None
    canonical = None
    if root is not None:
        for link in root.iter("link"):
            if "canonical" in (link.get("rel") or "").lower().split() and link.get("href"):
                target = urljoin(url, link.get("href") or "")
                if registrable_host(target) and registrable_host(target) != registrable_host(url):
                    canonical = target
                break

    def out(kind: SourceKind, signal: str, fallback: tuple[SourceKind, str] | None = None) -> Provenance:
        return Provenance(kind=kind, publisher=publisher, canonical=canonical, signal=signal, named=named,
                          fallback=fallback)

    if confirmed and scholarly is not None:
        ctype = str(scholarly.get("type") or "")
        if ctype == "posted-content":
            return out("preprint", "crossref posted-content")
        if ctype in _CROSSREF_PAPER:
            return out("paper", f"crossref {ctype}")
    if scholarly is not None and scholarly.get("arxiv_id"):
        return out("preprint", "arxiv id")
    # a page that names a DOI whose title is not its own cites that work: its paper markup claims too much
    cites = scholarly is not None and scholarly.get("status") == "cites"
    kind, signal = _kind(url, root, nodes, text, publisher, site, paper_markup=not cites)
    if signal in _PAPER_MARKUP:
        other = _kind(url, root, nodes, text, publisher, site, paper_markup=False)
        if _sells(root, nodes, text):
            # paper markup on a page that sells: not a paper on its markup alone (a registry confirming its
            # identifier makes it one: with_scholarly); its kind from its other signals, its claim flagged
            okind, osignal = other
            if okind in ("retailer", "unknown") and _own_brand(root, nodes, publisher):
                okind, osignal = "manufacturer", "sells its own brand's product"
            return out(okind, f"{osignal}; {PAPER_CLAIM}")
        return out(kind, signal, other)
    return out(kind, signal)


#: what a page's provenance signal says when its paper markup was not taken: it has no identifier a registry
#: confirmed, and it sells (see :func:`_sells`)
PAPER_CLAIM = "claims to be a paper (no identifier)"


def _sells(root: etree._Element | None, nodes: list[dict[str, Any]], text: str) -> bool:
    """Whether a page sells something: "add to cart" / "buy now" with a price, a schema.org ``Product`` or
    ``Offer``, or a manufacturer's services (where to buy, product registration, manuals)."""
    types = set().union(*(_types(n) for n in nodes)) if nodes else set()
    micro = _microdata_types(root) if root is not None else set()
    return bool((_CART.search(text) and _PRICE.search(text)) or (types | micro) & {"product", "offer"}
                or _MAKER_TEXT.search(text))


def _own_brand(root: etree._Element | None, nodes: list[dict[str, Any]], publisher: str | None) -> bool:
    """Whether a page speaks for its own brand: the first word of the site's name (the publisher, at least 3
    letters) is a word of the page's headline (``<h1>``, else ``<title>``) or names its author organisation."""
    first = (publisher or "").casefold().split()[:1]
    if root is None or not first or len(first[0]) < 3:
        return False
    name = first[0]
    heading = " ".join(" ".join(h.itertext()) for h in root.xpath("//h1")[:1]) or " ".join(
        root.xpath("//title/text()")[:1])
    authors = " ".join(_name(n.get("author")) or "" for n in nodes)
    return any(name in re.findall(r"\w+", part.casefold()) for part in (heading, authors))


#: signals by which a page declares itself a paper (a registry saying its DOI is another work's outweighs them)
_PAPER_MARKUP = ("json-ld ScholarlyArticle", "citation metadata with a journal")
_TITLE_SPLIT = re.compile(r"\s+(?:[|\u2013\u2014\u00b7\u00bb:-]|::)\s+")
#: a blog's own name: "Engineering Blog", "The Dropbox Techblog", "Weblog", "Blogger"...
_BLOG_NAME = re.compile(r"blog", re.I)
#: blog hosting platforms seen in a custom-domain page's assets and app metadata
_BLOG_PLATFORM = re.compile(r"(?:^|[/.])(?:substack\.com|substackcdn\.com|medium\.com|hashnode\.(?:com|dev)|"
                            r"ghost\.io|blogger\.com|blogspot\.com|wordpress\.com|tumblr\.com|bearblog\.dev|"
                            r"write\.as|micro\.blog)(?:[/:]|$)|^medium://", re.I)


def _site_names(root: etree._Element | None, nodes: list[dict[str, Any]], publisher: str | None,
                site: str | None) -> list[str]:
    """The names a page gives its site: the publisher, ``og:site_name`` / ``application-name``, JSON-LD
    ``WebSite`` and ``Blog`` names, the extractor's site name, and the last part of a ``<title>`` split at a
    `` | `` / `` - `` separator (never the page's own headline)."""
    names = [publisher or "", site or ""]
    for n in nodes:
        if _types(n) & {"website", "blog", "organization"}:
            names.append(_name(n.get("name")) or "")
    if root is not None:
        names.append(_meta(root, "og:site_name", "application-name", "apple-mobile-web-app-title") or "")
        title = " ".join(" ".join(root.xpath("//title/text()")[:1]).split())
        parts = _TITLE_SPLIT.split(title)
        if len(parts) >= 2:
            names.append(parts[-1])
    return [n for n in names if n]


def _blog_platform(root: etree._Element | None) -> str | None:
    """The blog hosting platform a page's stylesheets, scripts, feeds or app metadata come from (Substack,
    Medium, Hashnode, Ghost, Blogger... on the blog's own domain), or None."""
    if root is None:
        return None
    for el in root.xpath("//head//link[@href] | //script[@src] | //head//meta[@content]"):
        value = (el.get("href") or el.get("src") or el.get("content") or "").strip()
        where = urlsplit(value).hostname or "" if "://" in value and not value.startswith("medium://") else value
        if value.startswith("medium://") or (where and _BLOG_PLATFORM.search(where + "/")):
            return "medium.com" if value.startswith("medium://") else where
    return None


def _kind(url: str, root: etree._Element | None, nodes: list[dict[str, Any]], text: str, publisher: str | None,
          site: str | None, *, paper_markup: bool) -> tuple[SourceKind, str]:
    """(kind, signal) from the page's structured data and simple signals (the module docstring's steps 2-5);
    ``paper_markup``: whether the page's own claim to be a paper (ScholarlyArticle, citation metadata with a
    journal) counts."""
    host_kind = _host_kind(url)
    if host_kind == "preprint":
        return "preprint", "host"
    affiliate = bool(_AFFILIATE_TEXT.search(text)) or (
        root is not None and sum(1 for a in root.iter("a") if _AFFILIATE_LINK.search(a.get("href") or "")) >= 2)
    types = set().union(*(_types(n) for n in nodes)) if nodes else set()
    micro = _microdata_types(root) if root is not None else set()
    og = (_meta(root, "og:type") or "").casefold() if root is not None else ""
    generator = (_meta(root, "generator") or "") if root is not None else ""
    if paper_markup and (types & _PAPER_TYPES or micro & _PAPER_TYPES):
        return "paper", "json-ld ScholarlyArticle"
    if paper_markup and root is not None and _meta(root, "citation_title") and _meta(
            root, "citation_journal_title", "citation_conference_title", "citation_dissertation_institution"):
        return "paper", "citation metadata with a journal"
    if types & _NEWS_TYPES or micro & _NEWS_TYPES:
        return "news", "json-ld NewsArticle" if types & _NEWS_TYPES else "microdata NewsArticle"
    if (types | micro) & {"discussionforumposting", "qapage", "question"}:
        return "forum", "json-ld DiscussionForumPosting"
    if "review" in types and affiliate:
        return "affiliate_review", "json-ld Review with affiliate links"
    if "review" in types | micro and not (_CART.search(text) and _PRICE.search(text)):
        return "review", "json-ld Review" if "review" in types else "microdata Review"
    if "product" in types | micro:
        product = next((n for n in nodes if "product" in _types(n)), None)
        offered = (product is not None and "offers" in product) or (
            root is not None and bool(root.xpath("//*[@itemprop='offers' or @property='offers']")))
        if offered and (_priced_offer(root, product) or _CART.search(text) or _PRICE.search(text)):
            brand = (_name(product.get("brand")) if product is not None else None) or ""
            if brand and _brands_site(brand, url, root, nodes, publisher, site, product):
                return "manufacturer", "Product sold by its brand"
            return "retailer", "Product with a priced offer"
        return "manufacturer", "Product without an offer"
    if affiliate:
        return "affiliate_review", "affiliate disclosure or links"
    if types & {"blogposting", "blog"} or micro & {"blogposting", "blog"}:
        return "blog", "json-ld BlogPosting"
    if _BLOG_ENGINES.search(generator) and host_kind not in ("reference", "forum"):
        return "blog", f"generator {generator.split()[0]}"
    if host_kind not in ("reference", "forum", "paper"):
        # a blog says so in its site's name or its address, or is hosted on a blog platform: stronger than the
        # generic og:type "article" or a dated /YYYY/MM/DD/ path, which blogs share with news
        if host_kind == "blog":
            return "blog", "host"
        name = next((n for n in _site_names(root, nodes, publisher, site) if _BLOG_NAME.search(n)), None)
        if name is not None:
            return "blog", f"site name {name[:40]!r}"
        platform = _blog_platform(root)
        if platform is not None:
            return "blog", f"hosted on {platform}"
    if _DOC_ENGINES.search(generator) and host_kind is None:
        return "reference", f"documentation generator {generator.split()[0]}"
    if host_kind is not None:
        return host_kind, "host"
    forum = _forum_page(root, nodes, text, publisher, site)
    if forum:
        return "forum", forum
    if _CART.search(text) and _PRICE.search(text):
        heading = " ".join(" ".join(" ".join(h.itertext()) for h in root.xpath("//h1")[:1]).split()) \
            if root is not None else ""
        if heading and _brands_site(heading.split()[0], url, root, nodes, publisher, site, {"name": heading}):
            return "manufacturer", "cart and price on its heading's brand's own site"
        return "retailer", "cart and price"
    tested = _review_page(root, text)
    if tested:
        return "review", tested
    if _maker_page(url, root, text, publisher):
        return "manufacturer", "specifications on the brand's own site"
    if og == "article":
        return "news", "og:type article"
    if _BLOG_TEXT.search(text):
        return "blog", "posted on / comments"
    return "unknown", "no signal"

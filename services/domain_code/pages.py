"""What the run's fetched pages say for the code domain: the language ecosystem each page is about, and the
candidate packages they name ("use httpx or aiohttp", ``pip install httpx``, ``require("got")``).

The analysis runs once every selected source is fetched or failed (``ExtractionCompleted``), so the pages and
their extracted claims are known: :func:`page_candidates` gives the names they spell out, each with the pages
naming it, for the survey (each is then looked up in its registry and kept only when the registry describes it in
the question's terms, like the question's own words); :func:`page_ecosystem` tells which ecosystem a page is about
(PyPI/Python, npm/JavaScript/TypeScript, crates.io/Rust, or none clearly), recorded per page in
``PackagesSurveyed.pages`` so the report never opens a code answer with a page of another ecosystem while one of
the question's gives evidence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from services.domain_code.requirements import stems
from shared.text.packages import ECOSYSTEMS, INSTALL_COMMANDS, Ecosystem, attribute_path

#: the most page-named candidates looked up per run (each is one registry request): a Q&A answer naming the one to
#: use, one under a licence to beware of and one to avoid beside a blog's pick is five
MAX_PAGE_CANDIDATES = 6
#: how much of a page is read for names and cues (characters)
MAX_PAGE_CHARS = 200_000
#: a page is on the question's topic when it holds at least this share of the question's content words that the
#: most on-topic page holds (compared by their stems)
ON_TOPIC_SHARE = 0.5

_NAME = r"(@?[A-Za-z0-9][A-Za-z0-9._-]{0,60}(?:/[A-Za-z0-9][A-Za-z0-9._-]{0,60})?)"
_FLAGS = r"(?:\s+-{1,2}[A-Za-z-]+)*\s+['\"]?"
#: names a page gives as packages to install, per ecosystem (install commands)
_INSTALL: dict[Ecosystem, tuple[re.Pattern[str], ...]] = {
    eco: tuple(re.compile(rf"\b(?:{command}){_FLAGS}{_NAME}", re.I) for command in commands)
    for eco, commands in INSTALL_COMMANDS.items()}
#: a package's page on its registry names it: ``pypi.org/project/x``, ``npmjs.com/package/x``, ``crates.io/crates/x``
REGISTRY_URLS: dict[Ecosystem, re.Pattern[str]] = {
    "pypi": re.compile(r"\bpypi\.(?:org|python\.org)/(?:project|pypi|simple)/([A-Za-z0-9][A-Za-z0-9._-]{0,60})", re.I),
    "npm": re.compile(r"\b(?:www\.)?npmjs\.(?:com|org)/package/((?:@[A-Za-z0-9._-]+/)?[A-Za-z0-9][A-Za-z0-9._-]{0,60})",
                      re.I),
    "crates": re.compile(r"\b(?:crates\.io/crates|docs\.rs(?:/crate)?|lib\.rs/crates)/([A-Za-z0-9][A-Za-z0-9_-]{0,60})",
                         re.I),
}
#: names a page spells in an ecosystem's own syntax (install commands, imports, registry addresses), per ecosystem
_SYNTAX: dict[Ecosystem, tuple[re.Pattern[str], ...]] = {
    "pypi": (*_INSTALL["pypi"],
             re.compile(r"^\s*(?:from\s+([A-Za-z_]\w*)(?:\.\w+)*\s+import\s|import\s+([A-Za-z_]\w*)"
                        r"(?:\s+as\s+\w+)?\s*$)", re.M), REGISTRY_URLS["pypi"]),
    "npm": (*_INSTALL["npm"],
            re.compile(r"\brequire\(\s*['\"]([@A-Za-z0-9][\w./@-]*)['\"]\s*\)"),
            re.compile(r"\bimport\s+[^;'\"\n]{0,120}?\s+from\s+['\"]([@A-Za-z0-9][\w./@-]*)['\"]"),
            REGISTRY_URLS["npm"]),
    "crates": (*_INSTALL["crates"], re.compile(r"^\s*use\s+([a-z_][a-z0-9_]*)::", re.M), REGISTRY_URLS["crates"]),
}
#: names no registry lookup is made for: a language's own modules and keywords that the syntax patterns catch
_BUILTIN: dict[Ecosystem, frozenset[str]] = {
    "pypi": frozenset({"__future__", "this"}),
    "npm": frozenset({"fs", "path", "http", "https", "os", "url", "util", "crypto", "events", "stream", "net",
                      "child_process", "assert", "buffer", "zlib", "readline", "querystring", "dns", "tls",
                      "worker_threads", "process", "timers", "module", "cluster", "vm", "perf_hooks"}),
    "crates": frozenset({"std", "core", "alloc", "crate", "self", "super"}),
}
#: a file name, not a package ("pip install -r requirements.txt")
_FILE = re.compile(r"\.(?:txt|toml|cfg|json|lock|ya?ml|whl|tar\.gz|tgz|zip|py|js|ts|rs|md)$", re.I)
#: prose that names candidates in any ecosystem: backticked names, "X or Y" / "X vs Y", "use X"
_BACKTICK = re.compile(r"`([A-Za-z@][A-Za-z0-9@/._-]{1,60})`")
_CHOICE = re.compile(r"\b([A-Za-z@][A-Za-z0-9@/._-]{1,60})\s+(?:vs\.?|versus|or)\s+([A-Za-z@][A-Za-z0-9@/._-]{1,60})\b")
_VERB = re.compile(r"\b(?:use|using|try|recommend|prefer|switch to|install|avoid|choose|pick|instead of)\s+"
                   r"([A-Za-z@][A-Za-z0-9@/._-]{1,60})\b", re.I)
#: a name written in lower case as a sentence's subject ("limitwise is simpler but only works in synchronous code"):
#: a sentence opens with a capital unless it opens with a name styled in lower case (a package's)
_LOWER_SUBJECT = re.compile(r"(?:^|(?<=[.!?]\s)|(?<=\n))([a-z][a-z0-9_.-]{2,60})\s+(?:is|was|has|had|works|supports|"
                            r"only|does|doesn't|handles|keeps|can|cannot|can't|lacks|needs|offers|provides)\b",
                            re.M)
#: cues of the ecosystem a page is about: (pattern, weight); the URL's host weighs most
_CUES: dict[Ecosystem, tuple[tuple[re.Pattern[str], int], ...]] = {
    "pypi": ((re.compile(r"\bpip3? install\b|\b(?:poetry|uv) add\b"), 2), (re.compile(r"```\s*py(?:thon)?\b"), 2),
             (re.compile(r"^\s*(?:from\s+\w[\w.]*\s+import\s|import\s+\w[\w.]*\s*$)", re.M), 1),
             (re.compile(r"\bdef\s+\w+\("), 1), (re.compile(r"\b(?:Python|PyPI|asyncio|pyproject)\b"), 1)),
    "npm": ((re.compile(r"\bnpm (?:install|i)\b|\b(?:yarn|pnpm) add\b"), 2),
            (re.compile(r"```\s*(?:js|javascript|ts|typescript|jsx|tsx)\b"), 2),
            (re.compile(r"\brequire\(\s*['\"]|\bimport\s[^\n]{0,120}\sfrom\s+['\"]"), 1),
            (re.compile(r"\b(?:const|let)\s+\w+\s*=|=>"), 1),
            (re.compile(r"\b(?:JavaScript|TypeScript|Node\.?js|npm|Deno)\b"), 1)),
    "crates": ((re.compile(r"\bcargo (?:add|build|run)\b|\bCargo\.toml\b"), 2), (re.compile(r"```\s*(?:rust|rs)\b"), 2),
               (re.compile(r"\bfn\s+\w+\s*[(<]|\buse\s+\w+::|\blet\s+mut\b"), 1),
               (re.compile(r"\b(?:Rust|crates\.io|rustc|docs\.rs)\b"), 1)),
}
_HOSTS: dict[Ecosystem, tuple[str, ...]] = {
    "pypi": ("pypi.org", "python.org", "pythonhosted.org", "realpython.com"),
    "npm": ("npmjs.com", "npmjs.org", "nodejs.org", "nodejs.dev", "typescriptlang.org", "deno.land", "deno.com",
            "javascript.info"),
    "crates": ("crates.io", "docs.rs", "rust-lang.org", "lib.rs"),
}
#: a page is about an ecosystem when its cues there weigh at least this much and at least twice any other's
MIN_CUE_WEIGHT = 3
#: each pattern counts at most this many times on one page
MAX_HITS = 4


@dataclass(frozen=True)
class Page:
    """A fetched source of the run: its id, address, title, stored text and the claims extracted from it."""

    source_id: str
    url: str
    title: str
    text: str
    claims: tuple[str, ...] = ()
    #: the page's HTML as fetched (None when it was not HTML): its inline code spans name packages
    html: str | None = None


@dataclass
class PageNames:
    """What the pages name: ``candidates`` ((ecosystem, name) -> the URLs of the pages naming it, best first: most
    pages, then in claims, then first seen) and ``pages`` (per page: ``PackagesSurveyed.pages`` records)."""

    candidates: dict[tuple[Ecosystem, str], list[str]] = field(default_factory=dict)
    pages: list[dict[str, Any]] = field(default_factory=list)
    #: every name the pages give that is worth a look-up, ranked like ``candidates`` but not cut at the limit (the
    #: established package a surveyed look-alike imitates may be named by one page only: ``python-stdnum`` beside
    #: ``pyton-stdnum``), with the URLs of the pages naming it
    mentioned: dict[tuple[Ecosystem, str], list[str]] = field(default_factory=dict)
    #: every distinct word of the pages' text spelt like a package name (:data:`_TEXT_WORD`), in page order: a name
    #: the prose gives in passing ("the geopy add-on") that no pattern above takes for a candidate, compared with the
    #: candidates' names only (a look-alike's original is looked up to compare track records)
    words: list[str] = field(default_factory=list)


#: a word of a page's text that may be a package's name: letters first, then letters, digits, ``.``, ``_``, ``-``
_TEXT_WORD = re.compile(r"(?<![\w@/.-])([A-Za-z][A-Za-z0-9._-]{2,60}[A-Za-z0-9])(?![\w@/-])")
#: the most distinct words :attr:`PageNames.words` keeps
MAX_PAGE_WORDS = 2000


def page_ecosystem(url: str, title: str, text: str) -> Ecosystem | None:
    """The ecosystem a page is about (see the module), or None when no ecosystem's cues clearly win: the URL's
    host (``docs.python.org``, ``nodejs.org``, ``docs.rs``) weighs :data:`MIN_CUE_WEIGHT`; install commands and
    fenced code of the language 2; imports, definitions and the language's name 1 each (at most :data:`MAX_HITS`
    per cue); the title's cues count twice."""
    host = (urlsplit(url).hostname or "").lower()
    body = text[:MAX_PAGE_CHARS]
    weights: dict[Ecosystem, int] = {}
    for eco in ECOSYSTEMS:
        weight = MIN_CUE_WEIGHT if any(host == h or host.endswith("." + h) for h in _HOSTS[eco]) else 0
        for pattern, w in _CUES[eco]:
            weight += w * min(MAX_HITS, len(pattern.findall(body))) + 2 * w * min(1, len(pattern.findall(title)))
        weights[eco] = weight
    best = max(ECOSYSTEMS, key=lambda e: weights[e])
    rest = max(w for e, w in weights.items() if e != best)
    return best if weights[best] >= MIN_CUE_WEIGHT and weights[best] >= 2 * rest else None


def install_names(text: str, eco: Ecosystem) -> list[str]:
    """The package names ``text``'s install commands give for ``eco`` (``pip install isodate``, ``npm i got``,
    ``cargo add serde``; :data:`_INSTALL`), in order, each once, as written; flags and file names are skipped."""
    names = []
    for pattern in _INSTALL[eco]:
        for m in pattern.finditer(text):
            name = m.group(1).strip(".,;:")
            if name and not _FILE.search(name) and name.lower() not in _BUILTIN[eco]:
                names.append(name)
    return list(dict.fromkeys(names))


def _syntax_names(text: str, eco: Ecosystem, *, packages_only: bool = False) -> list[str]:
    """The names ``text`` spells in ``eco``'s own syntax (:data:`_SYNTAX`); ``packages_only``: only those it gives
    as packages (install commands and registry addresses, not imports: ``import config`` may be a local module)."""
    out: list[str] = []
    for pattern in (*_INSTALL[eco], REGISTRY_URLS[eco]) if packages_only else _SYNTAX[eco]:
        for m in pattern.finditer(text):
            name = next((g for g in m.groups() if g), "")
            if eco == "npm" and name and not name.startswith("@"):
                name = name.split("/")[0]  # "lodash/fp" is lodash's
            out.append(name.strip(".,;:"))
    return [n for n in out if n and n.lower() not in _BUILTIN[eco] and not n.startswith("node:") and not _FILE.search(n)
            and (eco == "npm" or "/" not in n)]


def given_as_package(pages: Iterable[Page], name: str) -> Ecosystem | None:
    """The ecosystem in which a fetched page gives ``name`` as a package (an install command or a registry address,
    :func:`_syntax_names` with ``packages_only``: ``npm install rowknit``, ``pypi.org/project/x``), compared in
    lower case, the first page's and the first ecosystem's (:data:`ECOSYSTEMS` order) first; None when no page
    does (a word in a page's prose or imports says nothing of a registry)."""
    low = name.lower()
    for page in pages:
        text = page.text[:MAX_PAGE_CHARS]
        for eco in ECOSYSTEMS:
            if low in {n.lower() for n in _syntax_names(text, eco, packages_only=True)}:
                return eco
    return None


def code_imports(code: str, ecosystem: Ecosystem) -> list[str]:
    """The packages a piece of ``ecosystem`` code imports or installs (``import tomlfast``, ``from x.y import z``,
    ``require("got")``, ``import { a } from "fetch-retryer"``, ``use serde::``, ``pip install x``), in order, each
    once; a language's own modules listed in :data:`_BUILTIN` left out (Python's standard library is the caller's
    to drop)."""
    return list(dict.fromkeys(_syntax_names(code, ecosystem)))


#: a Markdown link's text that is one package-like name ("[pydantic-settings](https://...)")
_LINK_NAME = re.compile(r"\[`?(@?[A-Za-z][A-Za-z0-9._-]{1,60}(?:/[A-Za-z0-9][A-Za-z0-9._-]{0,60})?)`?\]\(")


def readme_names(text: str, ecosystem: Ecosystem) -> list[str]:
    """The packages of ``ecosystem`` a package's README names as packages, in order, each once: in install
    commands and registry addresses (``pip install pydantic-settings``, ``pypi.org/project/x``), in inline code
    (`` `pydantic-settings` ``) or as a link's whole text (``[pydantic-settings](https://...)``): a README pointing
    to a companion package for the job ("For settings management, use pydantic-settings")."""
    names = [*_syntax_names(text[:MAX_PAGE_CHARS], ecosystem, packages_only=True),
             *(m.group(1) for m in _BACKTICK.finditer(text[:MAX_PAGE_CHARS])),
             *(m.group(1) for m in _LINK_NAME.finditer(text[:MAX_PAGE_CHARS]))]
    return list(dict.fromkeys(n.strip(".,;:") for n in names if not _FILE.search(n) and "(" not in n))


#: a package-like name alone in an inline code span
_SPAN_NAME = re.compile(r"@?[A-Za-z][A-Za-z0-9._-]{0,60}(?:/[A-Za-z0-9][A-Za-z0-9._-]{0,60})?")
#: the inline elements that mark code in HTML
_CODE_TAGS = ("code", "kbd", "samp", "tt")


def code_spans(html: str | None) -> list[str]:
    """The package-like names a page's HTML gives in inline code spans (``<code>ratelimitz</code> is fast``):
    each ``code``, ``kbd``, ``samp`` or ``tt`` element outside a ``<pre>`` block whose whole text is one name
    (letters, digits, ``.``, ``_``, ``-``, an npm scope), in page order; a span holding a command, a call or a
    sentence is none (its install commands are read from the text). The extracted text of a page loses these
    marks, so a name given only in one ("Avoid <code>limitr</code>") is read here. [] for no HTML or HTML that
    does not parse."""
    if not html:
        return []
    import lxml.etree
    import lxml.html

    try:
        root = lxml.html.fromstring(html[:MAX_PAGE_CHARS * 2])
    except (lxml.etree.ParserError, ValueError):
        return []
    out: list[str] = []
    for element in root.iter(*_CODE_TAGS):
        if any(a.tag == "pre" for a in element.iterancestors()):
            continue
        text = element.text_content().strip().strip(".,;:")
        if _SPAN_NAME.fullmatch(text) and not _FILE.search(text):
            out.append(text)
    return out


def _prose_names(text: str) -> list[str]:
    out = [m.group(1) for m in _BACKTICK.finditer(text)]
    for m in _CHOICE.finditer(text):
        out += [m.group(1), m.group(2)]
    out += [m.group(1) for m in _VERB.finditer(text)]
    out += [m.group(1) for m in _LOWER_SUBJECT.finditer(text)]
    return [n.strip(".,;:") for n in out]


@dataclass
class _Named:
    pages: list[str] = field(default_factory=list)
    claims: int = 0
    first: tuple[int, int] = (0, 0)
    on_topic: bool = False


def page_candidates(pages: Iterable[Page], ecosystems: tuple[Ecosystem, ...], *, stated: bool,
                    is_candidate: Callable[[str, Ecosystem], bool], limit: int = MAX_PAGE_CANDIDATES,
                    is_package: Callable[[str, Ecosystem], bool] | None = None,
                    is_imported: Callable[[str, Ecosystem], bool] | None = None,
                    terms: frozenset[str] = frozenset()) -> PageNames:
    """The candidate packages the pages name for a question about ``ecosystems`` (most likely first; ``stated``:
    the question, its code or the workspace names them, rather than the default).

    A name in an ecosystem's own syntax (``pip install x``, ``require("x")``, ``cargo add x``) is a candidate in
    that ecosystem when it is one of ``ecosystems``; a name in prose (backticked, "X or Y", "use X") is one in the
    first of ``ecosystems``, unless the page is about another ecosystem. ``is_candidate(name, ecosystem)`` says
    whether a name is worth a registry look-up (not a plain English word, not the language's own module...). At
    most ``limit`` candidates, the most often named first (pages naming it, then claims naming it, then the first
    seen). ``is_package(name, ecosystem)``: whether a name the page gives as a package (an install command, a
    registry address) is worth a look-up; such a name may be a plain English word ("pip install arrow"); without
    it, ``is_candidate`` decides for every name. ``is_imported(name, ecosystem)``: the same for a name the page
    imports (``import x``, ``require("x")``, ``use x::``), else ``is_candidate`` decides. A name in an inline code
    span of the page's HTML (``<code>ratelimitz</code> is fast``, :func:`code_spans`) counts as a backticked one.
    ``terms``: the question's content words; a page sharing less than half as many of them as the most on-topic
    page (:data:`ON_TOPIC_SHARE`) is off-topic, and names only such pages give rank after the others' (a page on
    HTTP retries fetched for a rate-limiting question names other packages than the ones asked for). Each page's record says its ecosystem (:func:`page_ecosystem`), whether that is another one than the
    question's (``off_ecosystem``, only when the question's are ``stated``) and the candidates it names."""
    primary = ecosystems[0]
    found: dict[tuple[Ecosystem, str], _Named] = {}
    result = PageNames()
    pages = list(pages)
    wanted = set(stems(" ".join(terms)))
    shares = [len(wanted & set(stems(f"{p.title} {p.text[:MAX_PAGE_CHARS]}"))) for p in pages]
    on_topic = {i for i, n in enumerate(shares) if not wanted or n >= ON_TOPIC_SHARE * max(shares)}
    words: dict[str, None] = {}
    for order, page in enumerate(pages):
        text = page.text[:MAX_PAGE_CHARS]
        for w in _TEXT_WORD.findall(text):
            if len(words) < MAX_PAGE_WORDS:
                words.setdefault(w.strip("._-"))
        eco_of_page = page_ecosystem(page.url, page.title, text)
        named: list[tuple[Ecosystem, str, bool]] = []
        given: set[tuple[Ecosystem, str]] = set()  # names the page gives as packages (install, registry address)
        for eco in ECOSYSTEMS:
            named += [(eco, n, True) for n in _syntax_names(text, eco)]
            if is_package is not None:
                given |= {(eco, n.lower()) for n in _syntax_names(text, eco, packages_only=True)}
        named += [(primary, n, False) for n in [*_prose_names(text), *code_spans(page.html)]]
        # "durationkit.parse", "datetime.timedelta": a module's attribute in code, when the page names the module
        heads = {n.lower() for _, n, _ in named if "." not in n}
        named = [(e, n, s) for e, n, s in named if e != "pypi" or not attribute_path(n, heads)]
        in_claims = {w.lower() for claim in page.claims for w in re.findall(r"[A-Za-z@][A-Za-z0-9@/._-]{1,60}", claim)}
        names_here: list[str] = []
        for eco, name, syntax in named:
            low = name.lower()
            if eco not in ecosystems:
                continue
            if is_package is not None and (eco, low) in given:
                worth = is_package(name, eco)
            elif syntax and is_imported is not None:
                worth = is_imported(name, eco)
            else:
                worth = is_candidate(name, eco)
            if not worth:
                continue
            if not syntax and eco_of_page is not None and eco_of_page != eco:
                continue  # prose of a page about another ecosystem names its packages, not the question's
            entry = found.setdefault((eco, low), _Named(first=(order, len(found))))
            entry.on_topic = entry.on_topic or order in on_topic
            if page.url not in entry.pages:
                entry.pages.append(page.url)
                entry.claims += low in in_claims
                names_here.append(low)
        result.pages.append({"source_id": page.source_id, "url": page.url, "ecosystem": eco_of_page,
                             "off_ecosystem": bool(stated and eco_of_page is not None
                                                   and eco_of_page not in ecosystems),
                             "names": list(dict.fromkeys(names_here))[:20]})
    ranked = sorted(found.items(), key=lambda kv: (-len(kv[1].pages), not kv[1].on_topic, -kv[1].claims,
                                                   kv[1].first))
    for key, entry in ranked[:limit]:
        result.candidates[key] = list(entry.pages)
    result.mentioned = {key: list(entry.pages) for key, entry in ranked}
    result.words = list(words)
    return result

"""The code domain's engine without a model: candidates, survey, signatures, checked snippets, report sections.

Steps (each a pure function of its inputs and the collaborators; the handler records one event per step):

1. ``task_of(question, workspace)``: the ecosystems the question is about (named languages and tools, else the
   workspace's, else Python), the candidate package names (names the question spells out: backticked, quoted,
   ``X vs Y``/``X or Y``, and its other identifier-like words, which are kept only when a registry knows them and
   describes them in the question's own terms), and the API names it mentions.
2. ``survey``: each candidate's registry facts (``registries.RegistryClient``), npm's and crates.io's search adding
   candidates; ranked (``rank``): usable first (found, not yanked, not deprecated, not a typosquat), then in
   use in the workspace, then downloads and recency.
3. ``Installer.signatures`` (``signatures.py``) for the best PyPI candidates, ``npm_signatures`` (``typings.py``)
   from the best npm ones' TypeScript declarations, ``crate_signatures`` (``crates.py``) from the best crates.io
   ones' source.
4. Snippets: the question's own code blocks, and one offline snippet per introspected package that imports the
   names it relies on and prints their signatures (true by construction once checked); each is checked in the
   ``Sandbox`` against the surveyed versions.
5. ``sections``: the recommendation, the comparison table, the signatures with their sources, the checked code
   (a failing snippet shown as failing, with its error), the workspace; every registry figure cites the
   registry's JSON document (stored by the handler) through a ``[@ref]`` evidence span.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from typing import Any

from rapidfuzz.distance import Levenshtein

from services.domain_code.imports import distribution_of, modules_of
from services.domain_code.licences import PageLicence, licence_answer, page_licences
from services.domain_code.pages import (
    REGISTRY_URLS,
    Page,
    PageNames,
    code_imports,
    given_as_package,
    install_names,
    readme_names,
)
from services.domain_code.registries import (
    PEER_MIN_CHARS,
    PackageFacts,
    RegistryClient,
    adjacent_swap,
    history_of,
    name_slip,
    peer_typosquat_of,
    project_inactive,
    unmaintained_said,
)
from services.domain_code.requirements import (
    KIND_NOUNS,
    Assessment,
    Requirement,
    Statement,
    asked_capability,
    assess,
    names_the_package,
    requirements_of,
    stated,
    stems,
)
from services.domain_code.sandbox import CHECK_LEVELS, CheckResult
from services.domain_code.signatures import Signature
from services.domain_code.usage import CodeLine, touched_lines
from shared.text.answer import answer_type, asks_how_to, is_request, keep_or_leave
from shared.text.institutions import is_library_institution
from shared.text.licences import (
    LicenceUse,
    asks_licence_use,
    licence_family,
    licence_use,
    project_use,
    use_clash,
    use_word,
)
from shared.text.packages import (
    ECOSYSTEMS,
    POPULAR,
    Ecosystem,
    asked_thing,
    attribute_path,
    fold_name,
    how_with_names,
    identifier_shaped,
    is_plain_english,
    lookalike_elsewhere,
    names_package,
    package_like_words,
    package_names,
    slot_names,
    value_literal,
    version_asked,
    version_meets,
)
from shared.text.tokens import is_stopword
from shared.workspace import COPYLEFT, PERMISSIVE, Workspace, licence_clash, licence_fit

_ECOSYSTEM_CUES: dict[Ecosystem, re.Pattern[str]] = {
    "pypi": re.compile(r"\b(python\d?|pip|pypi|py|django|flask|fastapi|asyncio|pandas|numpy|jupyter|poetry|"
                       r"conda|mypy|pytest)\b", re.I),
    "npm": re.compile(r"\b(javascript|typescript|node(?:\.?js)?|npm|yarn|pnpm|deno|bun|react|vue|angular|"
                      r"svelte|express|js|ts|jsx|tsx)\b", re.I),
    "crates": re.compile(r"\b(rust|cargo|crates?(?:\.io)?|tokio|rustc)\b", re.I),
}
#: words of a code question that are never package candidates on their own (they name the task, not a package)
_GENERIC = frozenset("""
    python python3 py pip pypi javascript typescript node nodejs node.js npm yarn rust cargo crate crates js ts library
    libraries package packages module modules framework frameworks tool tools best good better recommended
    recommend use using used should would could which what how why want need way ways code example examples
    project app application applications write writing read reading file files data function functions api apis
    version versions latest new old simple easy fast faster quick alternative alternatives compare comparison
    vs versus between option options choose pick modern popular maintained support supports supported work works
    working make makes get set run runs call calls implement handle handling task tasks something anything
    thing things one two help lib libs sdk client server the for with and or not does do can in on of to a an
""".split())
_BACKTICK = re.compile(r"`([^`\s]{2,60})`")
_QUOTED = re.compile(r"[\"“']([A-Za-z0-9@][A-Za-z0-9@/._-]{1,60})[\"”']")
_VERSUS = re.compile(r"[`'\"]?\b([A-Za-z0-9@][A-Za-z0-9@/._-]{1,60})[`'\"]?\s+(?:vs\.?|versus|or|and)\s+"
                     r"[`'\"]?([A-Za-z0-9@][A-Za-z0-9@/._-]{1,60})\b", re.I)
#: the words before the kind of package a question asks for describe the kind, they do not name a package
#: ("Which Python HTTP client", "an async YAML library"; "the tomlkit library" names one)
_KIND = re.compile(r"\b(?:which|what|an?|any|some|best|good|recommended)\s+((?:[A-Za-z0-9.+#/-]+\s+){1,4}?)"
                   rf"(?:{KIND_NOUNS})\b", re.I)
#: words naming a protocol, a data format or a programming style: what a package does, never a package itself on
#: their own (a widely used package of that name, such as ``toml`` or ``websockets``, is still looked up)
_TECH_TERMS = frozenset("""
    http https http2 http/2 http/1.1 async asynchronous sync synchronous await non-blocking json yaml xml csv tsv html
    css sql nosql cli gui tui rest restful rpc grpc websocket tcp udp dns ssl tls jwt oauth oauth2 utf-8 unicode
    ascii orm odm crud url urls uri io i/o
""".split())
_URL = re.compile(r"\bhttps?://\S+|\b(?:www\.)?(?:pypi\.org|npmjs\.com|crates\.io|docs\.rs|lib\.rs)/\S+", re.I)
_WORD = re.compile(r"(?<![\w@/.-])([A-Za-z@][A-Za-z0-9@/._-]{1,60}[A-Za-z0-9])(?![\w@/-])")
_CALL = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\(")
#: an acronym in capitals ("IBAN", "EXIF", "JSON"): the topic of a question, looked up as a package only when the
#: question names no other (:func:`task_of`)
_ACRONYM = re.compile(r"[A-Z][A-Z0-9]{1,7}")
#: "use X", "install X", "switch to X": X is the package asked about when it is package-like
_USE = re.compile(r"\b(?:use|using|install|installing|adopt|choose|pick|switch to|migrate to|depend on)\s+"
                  r"([A-Za-z@][A-Za-z0-9@/._-]{1,60})", re.I)
_FENCE = re.compile(r"```([A-Za-z0-9+#-]*)\n(.*?)```", re.S)
#: the most workspace dependencies looked up per ecosystem as candidates (each is one registry request)
MAX_WORKSPACE_LOOKUPS = 15
_LANG_OF: dict[Ecosystem, str] = {"pypi": "python", "npm": "javascript", "crates": "rust"}
_REGISTRY_NAME: dict[Ecosystem, str] = {"pypi": "PyPI", "npm": "npm", "crates": "crates.io"}


@dataclass(frozen=True)
class CodeTask:
    """What a code question asks for: ``ecosystems`` (most likely first), ``named`` candidates the question
    spells out (always surveyed), ``words`` that may be package names (surveyed, kept only when relevant),
    ``api_names`` the question mentions (introspected first), ``terms`` (its content words, lower case), the
    ``requirements`` it states ("that preserves comments": ``requirements.requirements_of``) and ``mentions``, its
    content words in order (the names looked for first when introspecting). ``words`` holds only name-like words
    (:func:`name_like`): plain English words are never looked up as packages."""

    ecosystems: tuple[Ecosystem, ...]
    named: tuple[str, ...]
    words: tuple[str, ...]
    api_names: tuple[str, ...]
    terms: frozenset[str]
    requirements: tuple[Requirement, ...] = ()
    mentions: tuple[str, ...] = ()
    #: the stems of the question's plain English words (:func:`is_plain_english`, not widely used package names):
    #: a registry search result named by one of them ("generate", "reading") is never looked up
    plain: frozenset[str] = frozenset()
    #: whether the question, its code or the workspace names the ecosystems (False: Python by default)
    stated: bool = True
    #: the words of the question's requirements (lower case: "asyncio", "redis" of "with asyncio and Redis"): what a
    #: package must do or work with, never a candidate itself unless a page installs or imports it
    featured: frozenset[str] = frozenset()
    #: whether the question asks about the one package it names and for no choice among others ("an example ...
    #: using tokenpail", "Is it OK to keep using throttlepy?": :func:`asks_one`): no other candidate is offered
    one: bool = False
    #: whether the question asks whether to keep or replace a package it names ("Keep it or switch?", "What can I
    #: use instead of x?"): a candidate doing the named package's job (its registry summary's words) is relevant
    replacing: bool = False
    #: how the question says the package is to be used, when it says it ("in a closed-source app that we sell",
    #: "compatible with MIT": :func:`shared.text.licences.licence_use`): its licence then answers it
    use: LicenceUse | None = None


#: words of a question weighing a package it names against a replacement
_REPLACING = re.compile(r"\b(?:instead|replac(?:e|ed|ing|ement)|alternatives?|switch(?:ing)?|migrat(?:e|ing)|"
                        r"mov(?:e|ing)\s+(?:away|off)|keep(?:ing)?\s+(?:it|them|using))\b", re.I)


#: words of a code question asking for a choice among packages: alternatives, options, a comparison, a replacement,
#: "which library", "what package", "other libraries" ("Which library should I use instead of throttlepy?")
_CHOICE = re.compile(
    r"\b(?:alternatives?|options|choices|compar(?:e|ed|ing|ison|isons)|vs\.?|versus|instead|replacements?|"
    r"successors?|similar|(?:other|another|any other|better)\s+(?:librar(?:y|ies)|packages?|crates?|modules?|"
    r"tools?|frameworks?|one|ones))\b"
    rf"|\b(?:which|what)\s+(?:\w+\s+){{0,2}}(?:{KIND_NOUNS}|one|ones)\b", re.I)


def asks_one(question: str, named: Sequence[str]) -> bool:
    """Whether a code question asks about the one package it names (``named``: the packages the question, its code
    or its use verbs spell out) and for no choice among packages (:data:`_CHOICE`): "Can you show me a short Python
    example ... using tokenpail?", "We still use throttlepy ... Is it still OK to keep using it?" do; "What should
    I use instead of throttlepy?", "tokenpail or ratewarden?" and "Which library ...?" do not."""
    return len({n.lower() for n in named}) == 1 and _CHOICE.search(_FENCE.sub(" ", question)) is None


@dataclass(frozen=True)
class Snippet:
    """A code snippet the report proposes: ``origin`` is "question" (the user's own code), "offline" (written
    from introspected signatures), "docs" (a fetched page's usage example, as given), "model" or "repair" (the
    model's, or its repair of a failing one);
    ``attempt`` counts repairs (1 = first version); ``installs``: for a page's example, the names the page's own
    install commands give (``pip install x``), which a reader copying the example would install."""

    snippet_id: str
    language: str
    code: str
    purpose: str
    origin: str
    packages: tuple[str, ...] = ()
    attempt: int = 1
    installs: tuple[str, ...] = ()


@dataclass
class Survey:
    """The survey: every candidate's facts, ranked (best first), the registries' failures, the workspace, the
    question's requirements and, per candidate (``key``), whether its README shows it meets each of them."""

    packages: list[PackageFacts]
    ecosystems: list[Ecosystem]
    workspace: Workspace | None = None
    failures: list[str] = field(default_factory=list)
    requirements: list[Requirement] = field(default_factory=list)
    assessments: dict[str, list[Assessment]] = field(default_factory=dict)
    #: names the question gives that are modules of Python's standard library ("tomllib"): nothing to install, so
    #: not looked up in a registry (PyPI would answer 404, or worse, a squatted look-alike)
    stdlib: list[str] = field(default_factory=list)
    #: per candidate (``key``), the fetched pages (URLs) that name it; and per fetched page, its ecosystem and the
    #: candidates it names (``pages.PageNames.pages``: ``PackagesSurveyed.pages``)
    named_by: dict[str, list[str]] = field(default_factory=dict)
    pages: list[dict[str, Any]] = field(default_factory=list)
    #: the names the question (or the model) gave as candidates
    question_named: list[str] = field(default_factory=list)
    #: the question's other name-like words that were looked up ("Should I use datefmtr?")
    question_words: list[str] = field(default_factory=list)
    #: per candidate the question names (``key``), the packages its own registry text names as its successor
    #: (:func:`successors`: "DEPRECATED ..., use tokenpail"), in order
    successors: dict[str, list[str]] = field(default_factory=dict)
    #: every name looked up, with its registry ("PyPI luhnkit"), in order: [] when no registry was asked at all
    looked_up: list[str] = field(default_factory=list)
    #: the one package the question asks about, naming no other and asking for no choice among others
    #: (:attr:`CodeTask.one`), "" otherwise: it is recommended first when nothing speaks against it (:func:`rank`),
    #: no runner-up is offered, and only the recommended candidate is introspected
    one_asked: str = ""
    #: the candidates the fetched pages name whose registry record could not be read (any failure but "not found":
    #: no JSON, JSON of another shape, a timeout, 429), as (ecosystem, name, reason): not surveyed, but looked up,
    #: so their pages' findings are still about a package of this analysis (``PackagesSurveyed.unread``)
    unread: list[tuple[Ecosystem, str, str]] = field(default_factory=list)
    #: the packages looked up only to compare a look-alike candidate's track record with (a page or the
    #: candidate's README names them in passing: "geopy" beside "geoppy"), not candidates themselves
    peers: list[PackageFacts] = field(default_factory=list)
    #: per candidate the workspace uses (``key``), the lines of the workspace's own code that use it
    #: (:func:`services.domain_code.usage.package_lines`): a yank reason is checked against them
    workspace_lines: dict[str, list[CodeLine]] = field(default_factory=dict)
    #: how the question says the package is to be used (:attr:`CodeTask.use`): a licence that rules a package out
    #: for it is a clash (:meth:`clash`)
    use: LicenceUse | None = None

    def usable(self) -> list[PackageFacts]:
        """Candidates that can be recommended: found, not yanked or deprecated, not a possible typosquat."""
        return [p for p in self.packages if _usable(p)]

    def recommendable(self) -> list[PackageFacts]:
        """The usable candidates that may be recommended or named runner-up, best first: not those whose licence
        clashes with the workspace's nor those whose own documentation says they lack what the question
        requires (both stay in the table, with the reason)."""
        return [p for p in self.packages if _usable(p) and not self.clash(p) and not self.contradicted(p)]

    def runner_up(self) -> PackageFacts | None:
        """The second of :meth:`recommendable`, or None: none when there is no second, and none when it has no
        track record (``newness``: new or barely downloaded) while an established candidate is recommendable, and
        none when the question asks about one package only (:attr:`one_asked`: nobody asked for a second), and none
        when it has had no release for years (:func:`stale`) while the recommended one has (a Python-2 package of 2013
        is no second choice beside an active one)."""
        chosen = self.recommendable()
        if len(chosen) < 2 or self.one_asked:
            return None
        if chosen[1].newness and any(not p.newness for p in chosen):
            return None
        if stale(chosen[1]) and not stale(chosen[0]):
            return None
        return chosen[1]

    def better_rival(self, p: PackageFacts) -> PackageFacts | None:
        """Another recommendable candidate clearly better than ``p`` on what the question states, or None: one with
        a track record (not ``newness``, not :func:`stale`) that its documentation shows to meet more of the
        question's requirements than ``p``'s, or, when no project licence is known, one under no copyleft licence
        meeting as many while ``p`` is under a strong copyleft one (:func:`copyleft_caveat`). ``p`` may still rank
        first (the package the question asks about, one the workspace uses, a longer record), but a recommendation
        losing on the stated need or the licence caution is no confident answer (t53s C7: a one-release package
        called established; the analysis caps such a report "low")."""
        licence_unknown = self.workspace is None or not self.workspace.licence
        strong = licence_unknown and copyleft_caveat(p.license).startswith("strong")
        for r in self.recommendable():
            if r is p or r.newness or stale(r):
                continue
            if self.met(r) > self.met(p) or (strong and not copyleft_caveat(r.license)
                                             and self.met(r) >= self.met(p)):
                return r
        return None

    def contradicted(self, p: PackageFacts) -> list[Assessment]:
        """The question's requirements ``p``'s summary or README says it does not meet."""
        return [a for a in self.assessments.get(key(p), []) if a.verdict == "contradicted"]

    def met(self, p: PackageFacts) -> int:
        """How many of the question's requirements ``p``'s documentation shows it meets."""
        return sum(a.verdict == "met" for a in self.assessments.get(key(p), []))

    def clash(self, p: PackageFacts) -> str | None:
        """Why ``p``'s licence clashes with the workspace's (a strong copyleft licence in a project not under it),
        or with the use the question states (:attr:`use`: a strong copyleft licence in a closed-source product, a
        network one in a closed service: :func:`shared.text.licences.use_clash`), or None (no workspace
        and no use, no clash, or a licence unknown)."""
        if p.error is not None:
            return None
        if self.workspace is not None and (clash := licence_clash(self.workspace.licence, p.license)):
            return clash
        return use_clash(self.use, p.license)


def key(p: PackageFacts) -> str:
    """The survey's key of a package: ``ecosystem:name``."""
    return f"{p.ecosystem}:{p.name}"


def _usable(p: PackageFacts) -> bool:
    """Found, not a possible typosquat, and active, or yanked in its latest release only: an older release is not
    (``PackageFacts.installable``, which is then recommended, pinned and installed; the README's "yanked releases
    are skipped"); npm's deprecation of its latest version only is such a pull too (:func:`release_deprecated`)."""
    partly_yanked = (p.status == "yanked" and p.installable is not None and p.installable != p.version
                     or release_deprecated(p))
    return (p.error is None and (p.status == "active" or partly_yanked) and p.typosquat_of is None
            and p.version is not None)


def task_of(question: str, workspace: Workspace | None = None, known: Sequence[str] = ()) -> CodeTask:
    """Read a code question (see the module). ``known``: names of the question a registry or a fetched page showed
    to be packages (:func:`known_packages`), asked about as named ones whatever the words around them."""
    ecosystems: list[Ecosystem] = [e for e in ECOSYSTEMS if _ECOSYSTEM_CUES[e].search(question)]
    fenced: list[tuple[Ecosystem | None, str]] = []  # the question's code blocks, with their ecosystems
    for m in _FENCE.finditer(question):
        lang = m.group(1).lower()
        eco: Ecosystem | None = ("pypi" if lang.startswith("py") else "npm" if lang in ("js", "javascript", "ts",
                                 "typescript", "jsx", "tsx") else "crates" if lang in ("rs", "rust") else None)
        fenced.append((eco, m.group(2)))
        if eco and eco not in ecosystems:
            ecosystems.append(eco)
    if workspace is not None:
        ecosystems += [e for e in workspace.ecosystems() if e not in ecosystems]
    stated = bool(ecosystems)
    if not ecosystems:
        ecosystems = ["pypi"]
    prose = _FENCE.sub(" ", question)
    named: list[str] = []
    # the packages the asker's own code imports, spelt as packages ("import config" may be a local module): surveyed
    # as named, and installed to check the code against them; a Python module named otherwise than its
    # distribution is surveyed by the distribution's name ("import cv2": opencv-python; imports.distribution_of)
    for eco, code in fenced:
        lang_eco = eco or ecosystems[0]
        if lang_eco != ecosystems[0]:
            continue
        for n in code_imports(code, lang_eco):
            dist = distribution_of(n) if lang_eco == "pypi" and not is_stdlib_module(n) else None
            if dist is not None:
                named.append(dist)
            elif not (lang_eco == "pypi" and is_stdlib_module(n)) and spelt_as_package(n, (lang_eco,)):
                named.append(n)
    for eco, url in REGISTRY_URLS.items():  # a registry's page of a package names it (in its ecosystem)
        named += [m.group(1) for m in url.finditer(prose) if eco in ecosystems]
    prose = _URL.sub(" ", prose)
    for pattern in (_BACKTICK, _QUOTED):
        named += [m.group(1).strip(".,;:") for m in pattern.finditer(prose)]
    # the question's features ("supports async, timeouts and retries") and the words describing the kind of package
    # it asks for ("Python HTTP client") are no package names: only a widely used package's name among them is
    requirements = requirements_of(question)
    featured = {w.lower() for r in requirements for w in _WORD.findall(r.text)}
    kind = {w.lower() for m in _KIND.finditer(prose) for w in m.group(1).split()}

    def package_like(word: str) -> bool:
        low = word.lower()
        if low in featured:  # a requirement's word ("with asyncio and Redis") is what it must do, not a candidate
            return False
        if any(low in POPULAR[e] for e in ecosystems):
            return True
        return low not in featured and low not in kind and low not in _TECH_TERMS and name_like(word, ecosystems) and (
            not word.isalpha() or not is_plain_english(word))
    topic: list[str] = []  # acronyms in capitals ("IBAN", "EXIF"): named only when the question names nothing else
    for m in _VERSUS.finditer(prose):  # "X vs Y", "X or Y": named when package-like, never plain English words
        for name in (m.group(1), m.group(2)):
            if name.lower() not in _GENERIC and not is_stopword(name.lower()) and package_like(name):
                (topic if _ACRONYM.fullmatch(name) else named).append(name)
    for m in _USE.finditer(prose):  # "Should I use datefmtr?": the package asked about, when package-like
        name = m.group(1).strip(".,;:")
        if name.lower() not in _GENERIC and not is_stopword(name.lower()) and package_like(name):
            (topic if _ACRONYM.fullmatch(name) else named).append(name)
    # "Is pytomly deprecated?", "example code ... with tomlfast": the names the question asks about as packages
    named += [n for n in package_names(prose) if n not in _GENERIC]
    # "What is the latest version of bytewise?", "What licence does sizeunits use?": a name in the slot of a package,
    # looked up whatever its spelling (a 404 then says it is no package there)
    named += [n for n in slot_names(prose) if n not in _GENERIC and package_like(n)]
    # "How do I validate an IBAN with ibanwarden?": in a code question, the package-like name a how-to does it with
    named += [n for n in how_with_names(prose) if n not in _GENERIC and n not in kind and n not in _TECH_TERMS]
    # "Does rowknit handle ...?": a word a registry or a page showed to be a package, whatever the verb
    named += [n for n in known if n.lower() not in {m.lower() for m in named}]
    if not named:  # "IBAN or BIC validation?": the acronyms are all the question names
        named = topic
    named = [n.removesuffix("()") for n in named if not n.endswith("()")]
    api_names = [m.group(1).split(".")[-1] for m in _CALL.finditer(prose)]
    api_names += [n.removesuffix("()").split(".")[-1] for n in _BACKTICK.findall(prose) if n.endswith("()")]
    mentions: list[str] = []
    words: list[str] = []
    use = licence_use(prose)
    if use is None and workspace is not None:  # "can I use it in this product?": the workspace's licence says how
        use = project_use(prose, workspace.licence)
    for m in _WORD.finditer(prose):
        word = m.group(1)
        low = word.lower()
        if low in _GENERIC or is_stopword(low) or low in (n.lower() for n in named) or len(low) < 3:
            continue
        if use_word(word) or use is not None and licence_family(word) is not None:
            continue  # "closed-source", "open-sourcing", "Apache-2.0": the use and its licence, never a package
        mentions.append(low)
        if named and _ACRONYM.fullmatch(word):  # the topic of a question naming its package ("an IBAN"), no package
            continue
        if ecosystems[0] == "pypi" and is_stdlib_name(word):  # "into a timedelta": Python's own, no package
            continue
        if package_like(word) and spelt_as_package(word, ecosystems):
            words.append(low)
    if use is not None and not named and words:  # "Is geohashx's licence compatible with MIT?": a licence question
        named, words = list(words), []  # names its subject, whatever the package does (no job to be relevant to)
    named_low = {n.lower() for n in named}
    # a package the question names is what it asks about, never a requirement of itself ("load a TOML file with
    # tomlfast", "fails with fetch-retryer": no "tomlfast" requirement, nor a candidate said to meet it), nor part of
    # one ("an example that validates an IBAN with ibancheck" requires "validates an IBAN")
    if named:
        requirements = requirements_of(question, named)
    requirements = [r for r in requirements if not {w.lower() for w in _WORD.findall(r.text)} <= named_low]
    terms = frozenset(w.lower() for w in re.findall(r"[A-Za-z][A-Za-z0-9]+", prose)
                      if w.lower() not in _GENERIC and not is_stopword(w.lower()) and len(w) > 2)
    plain = frozenset(stems(" ".join(w for w in set(re.findall(r"[A-Za-z]{3,}", prose))
                                     if not name_like(w, ecosystems) and w.lower() not in named_low)))
    return CodeTask(tuple(dict.fromkeys(ecosystems)), tuple(dict.fromkeys(named)), tuple(dict.fromkeys(words))[:8],
                    tuple(dict.fromkeys(api_names)), terms, tuple(requirements),
                    tuple(dict.fromkeys(mentions)), plain, stated, frozenset(featured - named_low),
                    one=asks_one(question, named), replacing=bool(named) and bool(_REPLACING.search(prose)),
                    use=use)


def spelt_as_package(word: str, ecosystems: list[Ecosystem] | tuple[Ecosystem, ...]) -> bool:
    """Whether a word the question gives without calling it a package (no use verb, quotes or "library" beside it)
    is still spelt as a package's name, so worth a registry look-up: a widely used package's name in one of
    ``ecosystems`` written in lower case, or an identifier (:func:`shared.text.packages.identifier_shaped`:
    "datefmtr", "py3o"; capitals inside it: "PyYAML"). A word in capitals is an acronym (a format, a currency, a
    protocol: "INI", "CSV", "EUR"), and a word of some language is a word ("config"): looked up, a stranger's
    package of that name would become a candidate for the question it merely describes."""
    if word.isupper():
        return False
    low = word.lower()
    if any(low in POPULAR[e] for e in ecosystems) and word == low:
        return True
    return any(ch.isupper() for ch in word[1:]) or identifier_shaped(word)


def name_like(word: str, ecosystems: list[Ecosystem] | tuple[Ecosystem, ...]) -> bool:
    """Whether a word of a question's prose may be a package name worth a registry look-up: it is spelled like an
    identifier (a digit, ``-``, ``_``, ``.``, ``@`` or ``/`` in it, or capitals inside it: ``PyYAML``,
    ``python-dateutil``), it is a widely used package's name in one of ``ecosystems`` ("requests", "click"), or it
    is not a plain English word (:func:`is_plain_english`: "toml" is looked up, "preserved" and "comments" are
    not: a stranger may have registered any English word as a package). A value or an example's literal
    (:func:`shared.text.packages.value_literal`: ``PT1H30M``, ``UTF8``) is none."""
    low = word.lower()
    if value_literal(word):
        return False
    if re.search(r"[0-9@/._-]", word) or any(ch.isupper() for ch in word[1:]) and not word.isupper():
        return True
    if any(low in POPULAR[e] for e in ecosystems):
        return True
    return not is_plain_english(word)


_CODE_TASK = re.compile(r"\b(librar(?:y|ies)|packages?|modules?|crates?|frameworks?|sdks?|apis?|install(?:ed|ing)?|"
                        r"dependency|dependencies|import(?:s|ing)?|registry|version(?:s)?)\b", re.I)


def is_code_task(question: str, workspace: Workspace | None = None) -> bool:
    """Whether the question asks something the code domain can answer: it names an ecosystem (a language or its
    tools), holds code (a fenced block or a backticked name), asks about using a package-like name
    (:func:`shared.text.packages.names_package`) or puts one in the slot of a package
    (:func:`shared.text.packages.slot_names`: "What licence does sizeunits use?"), speaks of libraries, packages,
    APIs or installing,
    asks whether a package-like name may be used as the question says (:func:`shared.text.licences.asks_licence_use`:
    "Can geohashx be used in a commercial product?"), or comes with a workspace. The planner's domain label is broad
    ("error", "class" and "function" make a
    question "code"); a question that passes none of these gets no code sections."""
    if workspace is not None or _FENCE.search(question) or _BACKTICK.search(question) \
            or any(p.search(question) for p in _ECOSYSTEM_CUES.values()):
        return True
    if names_package(question):  # "Should I use datefmtr?": a package asked about by a package-like name
        return True
    if slot_names(_FENCE.sub(" ", question)):  # "What licence does sizeunits use?": a name in a package's slot
        return True
    if asks_licence_use(question):  # "Can we run geohashx in our SaaS without open-sourcing our code?"
        return True
    cues = {m.group(1).lower() for m in _CODE_TASK.finditer(question)}
    if cues and cues <= {"library", "libraries"} and is_library_institution(question):
        return False  # "the Halloway Seed Library", "the public library": a place, not software
    return bool(cues)


#: how many of a question's package-like words (:func:`shared.text.packages.package_like_words`) are looked up in
#: the registries to tell whether it names a package (:func:`known_packages`; at most one request per registry each)
MAX_NAME_PROBES = 3


def known_packages(question: str, client: RegistryClient, pages: Sequence[Page] = (), *,
                   limit: int = MAX_NAME_PROBES) -> list[tuple[Ecosystem, str]]:
    """The package a question that :func:`is_code_task` does not take for a code task still names: the first of its
    package-like words (:func:`~shared.text.packages.package_like_words`: "rowknit" of "Does rowknit handle quoted
    fields with embedded newlines?", whatever the verb) that a fetched page gives as a package
    (:func:`~services.domain_code.pages.given_as_package`: ``npm install rowknit``), else the first of the first
    ``limit`` such words a registry knows (looked up in :data:`ECOSYSTEMS` order until one answers with the
    package), as [(ecosystem, name as written)]; [] when none is (the question is then no code task). Registry
    failures count as not known; never raises."""
    words = [w for w in package_like_words(_FENCE.sub(" ", question)) if w not in _GENERIC and not is_stopword(w)]
    for word in words:
        eco = given_as_package(pages, word)
        if eco is not None:
            return [(eco, word)]
    for word in words[:limit]:
        for eco in ECOSYSTEMS:
            if client.survey(eco, word).error is None:
                return [(eco, word)]
    return []


#: how many surveyed candidates' READMEs are read for the packages they name (:func:`survey`), and how many such
#: names are looked up in all (each is one registry request)
README_SOURCES = 3
MAX_README_CANDIDATES = 4

#: how much of a README's opening is read to tell whether a package is about the question
RELEVANCE_README_CHARS = 1500


def job_terms(packages: Sequence[PackageFacts]) -> frozenset[str]:
    """The content words of ``packages``' registry summaries, lower case ("Geohash encode and decode" -> geohash,
    encode, decode): the job a package the question weighs replacing does; generic words (:data:`_GENERIC`), stop
    words and the packages' own names left out."""
    names = {p.name.lower() for p in packages}
    return frozenset(w.lower() for p in packages for w in re.findall(r"[A-Za-z][A-Za-z0-9]+", p.summary)
                     if w.lower() not in _GENERIC and w.lower() not in names and not is_stopword(w.lower())
                     and len(w) > 2)


def _relevant(facts: PackageFacts, terms: frozenset[str]) -> bool:
    """A word of the question found on a registry is a candidate when the registry's summary or the opening of
    its README shares a content word with the question besides the name itself (compared by their stems:
    "parsing" meets "parse"): a summary only repeating its name ("toml: toml") says nothing of the job. A package
    named for its job is one too: two or more of its name's words are the question's ("iban-validator-lite" for
    "validate IBANs") and its summary or README says them again with more besides ("Tiny IBAN validator"); a word's
    stem and a longer one it starts (of four letters or more) count as the same word ("parse" and "parser")."""
    def words(text: str) -> set[str]:
        return set(stems(" ".join(re.findall(r"[A-Za-z][A-Za-z0-9]+", text))))
    said = words(facts.summary + " " + facts.readme[:RELEVANCE_README_CHARS])
    own = words(facts.name)
    asked = words(" ".join(terms))
    if (said - own) & asked:
        return True

    def near(a: str, b: str) -> bool:  # one stem the other's start: "pars" (parse) and "parser"
        return a == b or min(len(a), len(b)) >= 4 and (a.startswith(b) or b.startswith(a))
    job = {w for w in own if any(near(w, a) for a in asked) and any(near(w, s) for s in said)}
    return len(job) >= 2 and bool(said - own)


#: a package's own words naming the package that replaces it ("use tokenpail", "use X instead", "replaced by X",
#: "superseded by X", "migrate to X", "switch to X", "in favour of X", "its successor is X"): the name in group 1
_SUCCESSOR_RE = re.compile(
    r"\b(?:use|using|try|prefer|(?:switch|migrate|move|port|upgrade)(?:d|s)?\s+to|moved\s+to|"
    r"(?:replaced|superseded|succeeded)\s+by|in\s+favou?r\s+of|successor(?:\s+(?:is|package))?:?)\s+"
    r"[`'\"*\[]*(@?[A-Za-z][A-Za-z0-9._-]*(?:/[A-Za-z0-9][A-Za-z0-9._-]*)?)", re.IGNORECASE)
#: words saying a package itself is deprecated (its registry summary or README: "DEPRECATED: ...", "**Deprecated.**")
_DEPRECATED_SAID = re.compile(r"\b(?:deprecated|obsolete|discontinued|superseded)\b", re.IGNORECASE)


def release_deprecated(p: PackageFacts) -> bool:
    """Whether npm's deprecation of ``p`` is its latest version's alone, as a yanked release is (npm deprecates
    versions, and has no yank): the registry's latest version is deprecated, an earlier one is not
    (``PackageFacts.installable``, then recommended and pinned), and the message neither names a package to use
    instead (:func:`_successor_names`: "Moved to editkit") nor says the package is no longer maintained
    (:func:`~services.domain_code.registries.unmaintained_said`: "abandoned", "no longer maintained"), either of
    which makes it the package's deprecation. "Broken: returns NaN for empty strings. Use 3.2.0." is a release's."""
    return (p.ecosystem == "npm" and p.status == "deprecated" and p.installable is not None
            and p.installable != p.version and not _successor_names(p.status_detail, p)
            and not unmaintained_said(p.name, p.status_detail, ""))


def _pulled(p: PackageFacts) -> str:
    """How ``p``'s registry calls a release it withdraws: npm's "deprecated", the others' "yanked"."""
    return "deprecated" if p.ecosystem == "npm" else "yanked"


def _successor_names(text: str, facts: PackageFacts) -> list[str]:
    """The package names ``text`` gives as what replaces ``facts`` (:data:`_SUCCESSOR_RE`), in order, each once:
    not itself, a stop word, a word naming the task ("use the ...", "use Python") nor a version ("use v3.2.0")."""
    names = [m.group(1).rstrip("._-") for m in _SUCCESSOR_RE.finditer(text)]
    return list(dict.fromkeys(n for n in names if n and n.lower() != facts.name.lower() and len(n) >= 2
                              and not is_stopword(n.lower()) and n.lower() not in _GENERIC
                              and not re.fullmatch(r"v\d[\w.+-]*", n, re.IGNORECASE)
                              and name_like(n, (facts.ecosystem,))))


def successors(facts: PackageFacts) -> list[str]:
    """The packages a deprecated, yanked or unmaintained package's own registry summary or README opening
    (:data:`RELEVANCE_README_CHARS`) names as what replaces it (:data:`_SUCCESSOR_RE`: "DEPRECATED: simple request
    throttling, use tokenpail" -> ["tokenpail"]), in order, each once; not itself, nor a stop word or a word
    naming the task ("use the ...", "use Python"). [] for a package that neither its registry marks (``status``,
    ``unmaintained``) nor its own words call deprecated: an active package's "use X" is advice, not a successor."""
    said = facts.summary + "\n" + re.sub(r"<[^>]+>", " ", facts.readme[:RELEVANCE_README_CHARS])
    if facts.status == "active" and not facts.unmaintained and not _DEPRECATED_SAID.search(said):
        return []
    return _successor_names(said, facts)


def is_page_candidate(name: str, ecosystem: Ecosystem, task: CodeTask, *, as_package: bool = False,
                      imported: bool = False) -> bool:
    """Whether a name a fetched page gives (``pages.page_candidates``) is worth a registry look-up in
    ``ecosystem``: not a word naming the task ("library", "python"), a stop word, a plain English word
    (:func:`name_like`), nor a module of Python's standard library (PyPI). ``as_package``: the page gives it as a
    package (``pip install arrow``, a registry address): a plain English word is then a candidate too.
    ``imported``: the page imports it (``import redis``, ``require("redis")``). A word of the question's
    requirements ("Redis" of "with asyncio and Redis") is a candidate only when the page installs or imports it."""
    low = name.lower()
    if len(low) < 2 or low in _GENERIC or is_stopword(low) or low in (n.lower() for n in task.named):
        return False
    if value_literal(name):  # "PT1H30M" in a README's backticks is an example's value, never a package
        return False
    if ecosystem == "pypi" and attribute_path(name, {n.lower() for n in task.named}):  # "datetime.timedelta"
        return False
    if low in task.featured and not (as_package or imported):
        return False
    if ecosystem == "pypi" and is_stdlib_name(name):
        return False
    return as_package or name_like(name, (ecosystem,))


def survey(client: RegistryClient, task: CodeTask, workspace: Workspace | None, *, max_packages: int = 6,
           search: bool = True, extra: list[str] | None = None, pages: PageNames | None = None) -> Survey:
    """Survey the task's candidates in its ecosystems (see the module). ``extra``: more names to survey as
    named (the model's suggestions); ``pages``: the candidates the run's fetched pages name (looked up after the
    question's names and the workspace's, before the question's other words; kept when relevant, like those).
    The packages the READMEs of the first candidates found name as packages
    (:func:`~services.domain_code.pages.readme_names`: "use pydantic-settings" in pydantic's) are looked up next,
    kept when relevant. A name the question gives that the default registry lacks, when no ecosystem was named, is
    looked up in the others ("Should I use datefmtr?" finds npm's). Returns the ranked ``Survey``; registry failures become ``failures`` lines ("npm foo: rate_limited: ...") and
    the packages the question names stay, marked unavailable; a candidate a page names whose record could not be
    read (not "not found") is kept in ``Survey.unread`` with the reason."""
    ecosystems = list(task.ecosystems)
    primary = ecosystems[0]
    found: list[PackageFacts] = []
    failures: list[str] = []
    seen: set[tuple[str, str]] = set()
    looked_up: list[str] = []
    passed_over: list[PackageFacts] = []  # found in a registry, not kept as a candidate

    unread: list[tuple[Ecosystem, str, str]] = []  # page-named candidates whose registry record was not read

    def take(eco: Ecosystem, name: str, named: bool, in_use: bool = False, successor: bool = False,
             paged: bool = False) -> None:
        key = (eco, name.lower())
        if key in seen or len(found) >= max_packages or (eco == "pypi" and not in_use and is_stdlib_name(name)):
            return  # Python's own module or class ("timedelta") is no registry look-up
        seen.add(key)
        facts = client.survey(eco, name)
        looked_up.append(f"{_REGISTRY_NAME[eco]} {name}")
        if named and not task.stated and facts.error and facts.error.startswith("not_found"):
            # no ecosystem was named ("Should I use datefmtr?"): a name the default registry lacks may be another's
            for other in ECOSYSTEMS:
                if other != eco and (other, name.lower()) not in seen:
                    there = client.survey(other, name)
                    looked_up.append(f"{_REGISTRY_NAME[other]} {name}")
                    if there.error is None:
                        seen.add((other, name.lower()))
                        facts = there
                        if other not in ecosystems:
                            ecosystems.append(other)
                        break
        if facts.error:
            if named or not facts.error.startswith("not_found"):
                failures.append(f"{_REGISTRY_NAME[eco]} {name}: {facts.error}")
                if paged and not named:
                    unread.append((eco, name, facts.error))
            if named:
                found.append(facts)
            return
        # a package the project uses always shows when the registry marks it yanked or deprecated
        # a package the project uses always shows when the registry marks it yanked or deprecated, and the
        # successor a package asked about names itself is surveyed whatever words its registry text uses
        if named or successor or _relevant(facts, terms) or (in_use and facts.status in ("yanked", "deprecated")):
            found.append(facts)
        else:  # not kept, but the track record a look-alike of it is compared with ("Is bytewlse safe to use?")
            passed_over.append(facts)

    stdlib = [n for n in dict.fromkeys([*task.named, *(extra or [])]) if primary == "pypi" and is_stdlib_name(n)]
    terms = task.terms
    for name in [*task.named, *(extra or [])]:
        if name not in stdlib:
            take(primary, name, True)
    if task.replacing:  # "We use geohashx ... Keep it or switch?": a replacement does geohashx's job
        terms = terms | job_terms([p for p in found if p.error is None and p.name.lower() in
                                   {n.lower() for n in task.named}])
    replaced_by: dict[str, list[str]] = {}
    for p in [p for p in found if p.error is None]:  # "DEPRECATED ... use tokenpail": the asked package's successor
        for name in successors(p):
            replaced_by.setdefault(key(p), []).append(name)
            take(p.ecosystem, name, False, successor=True)
    if workspace is not None:  # the libraries the project already uses for the same job (kept when relevant)
        for eco in ecosystems:
            for dep in [d for d in workspace.dependencies if d.ecosystem == eco][:MAX_WORKSPACE_LOOKUPS]:
                take(eco, dep.name, False, in_use=True)
        # "DEPRECATED ... use bytecask" of a library the project uses: the package to move to is surveyed, and
        # ranks like a successor of a package the question names (t53s C7)
        for p in [p for p in found if p.error is None and key(p) not in replaced_by
                  and workspace.in_use(p.ecosystem, p.name) is not None]:
            for name in successors(p):
                replaced_by.setdefault(key(p), []).append(name)
                take(p.ecosystem, name, False, successor=True)
    for (eco, name) in (pages.candidates if pages is not None else {}):
        take(eco, name, False, paged=True)
    for name in task.words:
        take(primary, name, False)
    # the packages a surveyed candidate's README names for the job ("For settings management, use
    # pydantic-settings" in pydantic's): looked up like a page's, kept when their registry text bears on the question
    pointed = 0
    for p in [p for p in found if p.error is None and p.readme][:README_SOURCES]:
        for name in readme_names(p.readme, p.ecosystem):
            if pointed >= MAX_README_CANDIDATES:
                break
            if p.ecosystem == "pypi" and attribute_path(name, {p.name.lower()} | {n for _, n in seen}):
                continue  # "durationkit.parse" in durationkit's README: its function, no other package
            if name.lower() != p.name.lower() and (p.ecosystem, name.lower()) not in seen \
                    and is_page_candidate(name, p.ecosystem, task, as_package=True):
                pointed += 1
                take(p.ecosystem, name, False)
    if search:
        for eco in ecosystems:
            if eco == "pypi" or len(found) >= max_packages:
                continue
            query = " ".join(t for t in sorted(task.terms) if not _ECOSYSTEM_CUES[eco].search(t))[:100]
            for name in client.search(eco, query or " ".join(task.words)):
                if not plain_word_of(name, task, eco):
                    take(eco, name, False)
    # a look-alike of a package a page or the question names but the survey did not keep ("pip install isodatte"
    # beside a page's "isodate"): that package is looked up too, only to compare track records with
    named_elsewhere = [*((e, n) for (e, n) in (pages.mentioned or pages.candidates if pages is not None else {})),
                       *((primary, n) for n in task.named)]
    peers: list[PackageFacts] = []
    compared = lookalike_names(found, named_elsewhere, seen)[:MAX_LOOKALIKE_LOOKUPS]
    # a name a slip away from a candidate with no track record that the pages' prose gives in passing ("use geoppy,
    # the geopy add-on") or the candidate's own summary and README give ("geopy is a Python client ..." copied into
    # geoppy's): looked up only to compare track records with, never surveyed as a candidate itself
    passing = [(e, n) for e, n in passing_names(found, pages, primary)
               if (e, n) not in compared and name_like(n, (e,))]
    unproven = [p for p in found if not history_of(p).established()]
    compared += lookalike_names(unproven, passing, seen)[:max(0, MAX_LOOKALIKE_LOOKUPS - len(compared))]
    for eco, name in compared:
        seen.add((eco, name.lower()))
        facts = client.survey(eco, name)
        looked_up.append(f"{_REGISTRY_NAME[eco]} {name}")
        if facts.error is None:
            peers.append(facts)
    peers += [q for q in passed_over if any(p.ecosystem == q.ecosystem and p.error is None and name_slip(p.name, q.name)
                                            for p in found)]
    found = flag_peer_squats(found, peers)
    # the package a surveyed look-alike imitates is surveyed as the alternative to it ("use python-stdnum") when a
    # page names it as a candidate; one given only in passing is kept for the comparison (``Survey.peers``)
    imitated = {p.typosquat_of.lower() for p in found if p.typosquat_of}
    candidates = {n.lower() for _, n in named_elsewhere}
    found += [q for q in peers if q.name.lower() in imitated and q.name.lower() in candidates]
    assessments = {key(p): [assess(r, p, client.documents) for r in task.requirements]
                   for p in found if p.error is None}
    result = Survey(found, ecosystems, workspace, failures, list(task.requirements), assessments, stdlib)
    result.question_named = list(dict.fromkeys([*task.named, *(extra or [])]))
    result.question_words = list(task.words)
    result.successors = replaced_by
    result.one_asked = task.named[0] if task.one else ""
    result.use = task.use
    result.looked_up = looked_up
    result.unread = unread
    result.peers = [q for q in peers if all(q is not p for p in found)]
    if pages is not None:
        result.pages = list(pages.pages)
        for p in found:
            urls = pages.candidates.get((p.ecosystem, p.name.lower())) or [
                page["url"] for page in pages.pages if p.name.lower() in page["names"]]
            if urls:
                result.named_by[key(p)] = list(urls)
    result.packages = rank(found, workspace, result)
    return result


def no_package_note(result: Survey, pages_fetched: int) -> str:
    """The note of a code analysis that found no package to show, saying what happened rather than that none
    exists: the registry look-ups that failed (timed out, unreachable, rate limited: "code analysis: no package
    could be surveyed: the registry look-ups failed (PyPI luhnkit: unreachable: ...)"), or that no registry was
    asked (neither the question nor a fetched page names a package; ``pages_fetched``: how many pages the run
    fetched, 0 saying none was), or, only when every look-up answered, that none of the names looked up is a
    package."""
    failed = [f for f in result.failures if not f.split(": ", 1)[-1].startswith("not_found")]
    if failed:  # "PyPI luhnkit: unreachable: ReadTimeout" (each failure has its own "registry:" line too)
        return ("code analysis: no package could be surveyed: the registry look-ups failed ("
                + (f"{failed[0]}, and {len(failed) - 1} more" if len(failed) > 1 else failed[0]) + ")")
    if not result.looked_up:
        where = "a fetched page" if pages_fetched else "a fetched page (no page was fetched)"
        return f"code analysis: no registry was asked: neither the question nor {where} names a package to look up"
    names = ", ".join(result.looked_up[:5]) + (f" and {len(result.looked_up) - 5} more" if len(result.looked_up) > 5
                                               else "")
    return f"code analysis: no registry knows a package for this task (looked up: {names})"


def is_stdlib_module(name: str) -> bool:
    """Whether ``name`` is a top-level module of the running Python's standard library (``sys.stdlib_module_names``:
    "tomllib", "json", "asyncio"; private ones such as "_io" excepted)."""
    import sys

    return not name.startswith("_") and name in sys.stdlib_module_names


# the standard-library modules whose classes a question names bare ("into a timedelta", "a Decimal", "an OrderedDict")
_STDLIB_CLASS_MODULES = ("builtins", "datetime", "collections", "decimal", "fractions", "pathlib", "uuid", "enum",
                         "ipaddress", "zoneinfo", "dataclasses", "functools", "itertools", "io", "re", "json", "csv",
                         "typing", "argparse", "logging", "threading", "subprocess", "queue", "string", "array")


@functools.cache
def _stdlib_classes() -> frozenset[str]:
    """The public class names of the commonly used standard-library modules (``_STDLIB_CLASS_MODULES``) in the
    running Python, as spelt there ("timedelta", "OrderedDict", "Path"); a module missing here is skipped."""
    import importlib

    names: set[str] = set()
    for module_name in _STDLIB_CLASS_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:  # pragma: no cover - a Python built without the module
            continue
        names.update(n for n, v in vars(module).items() if isinstance(v, type) and not n.startswith("_"))
    return frozenset(names)


def is_stdlib_name(name: str) -> bool:
    """Whether ``name`` names a part of Python's standard library, so is never a registry look-up: a top-level
    module (:func:`is_stdlib_module`), a dotted path from one ("datetime.timedelta", "os.path"), or a public class of
    a commonly used module spelt as there ("timedelta", "OrderedDict", "Decimal"; case-sensitive, so "path" is not
    ``pathlib.Path``)."""
    if is_stdlib_module(name) or ("." in name and is_stdlib_module(name.split(".")[0])):
        return True
    return name in _stdlib_classes()


#: at most this many names a page or the question gives, one slip from a surveyed candidate, are looked up to compare
MAX_LOOKALIKE_LOOKUPS = 3


def lookalike_names(found: list[PackageFacts], named: Sequence[tuple[Ecosystem, str]],
                    seen: set[tuple[str, str]]) -> list[tuple[Ecosystem, str]]:
    """The (ecosystem, name) pairs of ``named`` (the names the pages and the question give) not yet looked up
    (``seen``: (ecosystem, lower-case name)) that a found candidate of the same ecosystem is a typing slip of
    (:func:`registries.name_slip`: one edit or one swap, or two edits between long names of about the same length; folded names of :data:`registries.PEER_MIN_CHARS` characters or more):
    "isodate" beside a surveyed "isodatte", "python-stdnum" beside a surveyed "pyton-stdnum". First-seen order, no
    repeats."""
    out: list[tuple[Ecosystem, str]] = []
    for eco, name in named:
        folded = fold_name(name)
        if (eco, name.lower()) in seen or (eco, name) in out or len(folded) < PEER_MIN_CHARS:
            continue
        for p in found:
            theirs = fold_name(p.name)
            if (p.ecosystem == eco and p.error is None and theirs != folded and len(theirs) >= PEER_MIN_CHARS
                    and name_slip(p.name, name)):
                out.append((eco, name))
                break
    return out


def passing_names(found: list[PackageFacts], pages: PageNames | None, primary: Ecosystem
                  ) -> list[tuple[Ecosystem, str]]:
    """The (ecosystem, name) pairs of the words the found candidates' own registry summaries and README openings
    (:data:`README_COPY_CHARS`) and the pages' text (``PageNames.words``, in ``primary``) give, first seen first,
    no repeats: compared by :func:`lookalike_names` with the candidates' names ("geopy" in geoppy's copied README)."""
    out: dict[tuple[Ecosystem, str], None] = {}
    for p in found:
        if p.error is None:
            for w in re.findall(r"(?<![\w@/.-])([A-Za-z][A-Za-z0-9._-]{2,60}[A-Za-z0-9])(?![\w@/-])",
                                f"{p.summary}\n{p.readme[:README_COPY_CHARS]}"):
                out.setdefault((p.ecosystem, w))
    for w in pages.words if pages is not None else ():
        out.setdefault((primary, w))
    return list(out)


def squat_distance(name: str, other: str) -> str:
    """How far a look-alike's ``name`` is from the name ``other`` it imitates (case and ``-``/``_``/``.`` folded), as
    the caution says it before "the ...": "two letters swapped from" (``reqeusts``/``requests``), "one letter from"
    (one letter changed, added or dropped: ``bytewlse``/``bytewise``), else "two letters from"."""
    folded, theirs = fold_name(name), fold_name(other)
    if adjacent_swap(folded, theirs, min_chars=1):
        return "two letters swapped from"
    return "one letter from" if Levenshtein.distance(folded, theirs, score_cutoff=1) <= 1 else "two letters from"


def flag_peer_squats(packages: list[PackageFacts], peers: Sequence[PackageFacts] = ()) -> list[PackageFacts]:
    """``packages`` with ``typosquat_of`` set on each one a name slip away from a far more established candidate
    of the same survey, or of ``peers`` (packages looked up only to compare with: named by a page, not kept)
    (:func:`registries.peer_typosquat_of`), so it is never recommended; order kept."""
    out = []
    for p in packages:
        if p.typosquat_of is None and p.error is None:
            squatted = peer_typosquat_of(p, [q for q in [*packages, *peers] if q is not p])
            if squatted is not None:
                p = replace(p, typosquat_of=squatted)
        out.append(p)
    return out


def plain_word_of(name: str, task: CodeTask, ecosystem: Ecosystem) -> bool:
    """Whether a registry search result ``name`` is just a plain English word of the question ("generate",
    "reading": anyone may register one, and the search finds it by its name alone), so it is not looked up. A
    widely used package's name ("express", "commander") or a name the question spells out is not."""
    low = name.lower()
    if low in POPULAR[ecosystem] or low in (n.lower() for n in task.named) or not name.isalpha():
        return False
    return is_plain_english(name) and bool(set(stems(name)) & task.plain)


def rank(packages: list[PackageFacts], workspace: Workspace | None, survey: Survey | None = None
         ) -> list[PackageFacts]:
    """Best first: usable ones (see ``Survey.usable``), then those whose licence does not clash with the
    workspace's, then those whose documentation does not say they lack a requirement of the question, then those
    whose registry summary or README does not say they are no longer maintained, then those whose newest usable
    release is less than :data:`STALE_YEARS` old (:func:`stale`: the report marks a stale one "no release in N
    years", so it never ranks first over a package with recent releases, whatever its downloads), then the one
    package the question asks about (``Survey.one_asked``: "an example ... using pacekeeper", "How do I call
    pacekeeper ...?" is answered with pacekeeper), then a successor a surveyed package names for itself
    (``Survey.successors``: "DEPRECATED ..., use tokenpail", of a package the question names or the workspace
    uses), then established ones before new or barely downloaded ones (``PackageFacts.newness``), then those shown
    to meet more of the question's requirements, then those the workspace already uses, then established ones
    (several releases over more than a year: :meth:`registries.History.established`) before those whose registry
    shows no such record, then, when no project licence is known (no workspace, or none declared), those under no
    strong copyleft licence (:func:`copyleft_caveat`: a GPL package binds whatever program is distributed with it, a
    permissive one binds none; g50 c1: GPL ``isodurations`` was runner-up over BSD ``isodate`` on recency alone),
    then those whose latest release is not yanked: one yanked in its latest release only is usable, pinned, at its
    newest release that is not (a caution, not a loss: t53s C1, a GPL package ranked over an established MIT one
    whose latest release only was yanked), then higher downloads (log scale), then the more recent latest release.
    ``survey`` gives the licence clashes, requirement assessments and successors (None: not ranked on them)."""
    today = datetime.now(UTC).date()
    licence_unknown = workspace is None or not workspace.licence
    succeeding = {n.lower() for names in (survey.successors.values() if survey is not None else ()) for n in names}

    def order(p: PackageFacts) -> tuple[int, int, int, int, int, int, int, int, int, int, int, int, int, float, float]:
        in_use = workspace is not None and workspace.in_use(p.ecosystem, p.name) is not None
        released = p.latest_good_release if p.installable != p.version else p.latest_release
        age = (today - date.fromisoformat(released)).days if released else 10_000
        clash = survey is not None and survey.clash(p) is not None
        met = survey.met(p) if survey is not None else 0
        against = len(survey.contradicted(p)) if survey is not None else 0
        asked = survey is not None and bool(survey.one_asked) and p.name.lower() == survey.one_asked.lower()
        return (0 if _usable(p) else 1, 1 if clash else 0, against, 1 if p.unmaintained else 0,
                1 if stale(p) else 0, 1 if p.newness else 0, 0 if asked else 1,
                0 if p.name.lower() in succeeding else 1, -met, 0 if in_use else 1,
                0 if history_of(p).established() else 1,
                1 if licence_unknown and copyleft_caveat(p.license).startswith("strong") else 0,
                1 if p.status == "yanked" or release_deprecated(p) else 0,
                -math.log10(1 + (p.downloads or 0)), age)
    return sorted(packages, key=order)


def offline_snippets(signatures: list[Signature], limit_names: int = 3) -> list[Snippet]:
    """One snippet per introspected package: it imports the names the report relies on (the question's API
    names first, as introspection ordered them) and prints their signatures, so that once it passes its check
    it shows those names exist with those signatures in the surveyed version."""
    by_package: dict[str, list[Signature]] = {}
    for sig in signatures:
        if sig.language == "python" and sig.kind != "method" and "." not in sig.name:
            by_package.setdefault(sig.package, []).append(sig)
    out: list[Snippet] = []
    for package, sigs in by_package.items():
        chosen = sigs[:limit_names]
        module = chosen[0].module
        chosen = [s for s in chosen if s.module == module]
        chosen = list({s.name: s for s in reversed(chosen)}.values())[::-1]  # each name once, first kept
        names = ", ".join(s.name for s in chosen)
        lines = ["import inspect", "", f"from {module} import {names}", "",
                 *[f"print(\"{s.name}\", inspect.signature({s.name}))" for s in chosen]]
        out.append(Snippet(f"{package}-imports", "python", "\n".join(lines) + "\n",
                           f"the {package} names this answer relies on, imported from {module}", "offline",
                           (package,)))
    return out


#: a block of code in a page's HTML (``<pre>``, with or without ``<code>`` inside): its opening tags and its code
_PRE_RE = re.compile(r"(<pre\b[^>]*>(?:\s*<code\b[^>]*>)?)(.*?)</pre>", re.IGNORECASE | re.DOTALL)
#: a Python line importing a module (``import cronwise``, ``from cronwise import parse``): its top-level name
_PY_IMPORT_RE = re.compile(r"^\s*(?:import|from)\s+([A-Za-z_]\w*)", re.MULTILINE)
#: a JavaScript or TypeScript import of a package (``import { a } from "pkg"``, ``import x from 'pkg/sub'``,
#: ``import "pkg"``, ``require("pkg")``, ``import("pkg")``): the package, ``@scope/name`` or ``name``
_JS_IMPORT_RE = re.compile(r"""(?:^\s*import\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?|\brequire\(\s*|\bimport\(\s*)"""
                           r"""["']((?:@[\w.-]+/)?[\w.-]+)(?:/[^"']*)?["']""", re.MULTILINE)
#: a JavaScript or TypeScript line that only imports (``import ... from "x";``, ``const x = require("x");``)
_JS_IMPORT_LINE_RE = re.compile(r"""^\s*(?:import\b[^;]*?\bfrom\s*["'][^"']+["']|import\s*["'][^"']+["']|"""
                                r"""(?:const|let|var)\s+[\w{}\s,:$]+=\s*require\(\s*["'][^"']+["']\s*\))\s*;?\s*$""")
#: TypeScript's own syntax: a typed declaration or parameter, an interface or type alias, ``import type``, a cast
_TS_SYNTAX_RE = re.compile(r"\b(?:const|let|var)\s+\w+\s*:\s*[\w<>\[\]|. ]+=|\binterface\s+\w+\s*\{|"
                           r"^\s*(?:export\s+)?type\s+\w+\s*=|\(\s*\w+\??\s*:\s*(?:string|number|boolean|unknown|any)\b|"
                           r"\bimport\s+type\b|\bas\s+(?:const|string|number|boolean|unknown)\b", re.MULTILINE)
#: the language a code block's class names (``language-ts``, ``lang-javascript``, ``hljs typescript``)
_CODE_CLASS_RE = re.compile(r"""class\s*=\s*["'][^"']*?\b(?:language-|lang-)?(typescript|tsx?|javascript|jsx?|mjs)\b""",
                            re.IGNORECASE)
#: what a passing import check (an "offline" snippet: :func:`offline_snippets`) shows, said beside it: that the
#: package's names exist with these signatures, not that code using them works (so it is no passed usage snippet,
#: ``services.synthesizer.domain.pick_features``' ``pick_checked``)
IMPORT_CHECK_ONLY = ("(an import check only: it shows the names exist with these signatures, not that code using "
                     "them works)")
#: the origins of snippets that do what a question asks (not import checks, not the asker's own code)
USAGE_ORIGINS = frozenset({"model", "repair", "docs"})
#: a question asking for code to be shown or written ("show me some Python code", "a snippet", "an example")
ASKS_CODE_RE = re.compile(r"\b(?:code|snippets?|examples?|script|show\s+me\s+how)\b", re.IGNORECASE)


#: what a check that passed at each level (``CheckResult.level``) showed, said beside "checked against ..."
CHECK_DEPTH: dict[str, str] = {"run": "it ran", "types": "type-checked, not run",
                               "syntax": "syntax only: parsed, neither type-checked nor run", "none": "not passed"}


def asks_for_code(question: str) -> bool:
    """Whether ``question`` asks to be shown code: it names code, a snippet, an example or a script, or says "show
    me how" (:data:`ASKS_CODE_RE`), it is a request for something to be written or shown
    (:func:`shared.text.answer.is_request`: "Write a function that parses a cron expression"), or it asks how to do
    a task (:func:`shared.text.answer.asks_how_to`: "How do I load config.toml with tomlbay?"), answered by usage."""
    return bool(ASKS_CODE_RE.search(question)) or is_request(question) or asks_how_to(question)


def js_language(tags: str, code: str) -> str:
    """The language of a page's JavaScript-family example: "typescript" when its block's class says so
    (``language-ts``: ``tags``, the block's opening tags) or its code uses TypeScript's own syntax (a typed
    declaration or parameter, an interface, a type alias, ``import type``, a cast); "javascript" otherwise (plain
    JavaScript is TypeScript too, so it is checked as the more common one)."""
    said = _CODE_CLASS_RE.search(tags)
    if said is not None:
        return "typescript" if said.group(1).lower().startswith("t") else "javascript"
    return "typescript" if _TS_SYNTAX_RE.search(code) else "javascript"


def docs_snippets(pages: list[tuple[str, str, str]], modules: dict[str, str], limit: int = 1, *,
                  js_packages: dict[str, str] | None = None) -> list[Snippet]:
    """Usage examples the fetched pages give for the packages whose code can be checked: a ``<pre>`` block of a
    page's HTML (``pages``: (URL, title, HTML)) that imports one of ``modules`` (top-level Python module ->
    package: ``{"cronwise": "cronwise"}``) or of ``js_packages`` (npm package as imported -> package:
    ``{"cron-kit": "cron-kit"}``; ``import ... from "cron-kit"``, ``require("cron-kit")``) and does more than import
    it (a line that is no import), taken as the page gives it (entities unescaped, tags dropped), at most ``limit``
    per package, pages in the order given. Each is a snippet of origin "docs" in its language ("python", or
    :func:`js_language`: "javascript" or "typescript") whose purpose names the page: the package's own example,
    checked like any other, never rewritten."""
    import html as html_lib

    out: list[Snippet] = []
    taken: dict[str, int] = {}
    for url, title, markup in pages:
        for tags, block in _PRE_RE.findall(markup or ""):
            code = html_lib.unescape(re.sub(r"<[^>]+>", "", block)).strip("\n")
            js = [m for m in _JS_IMPORT_RE.findall(code) if m in (js_packages or {})]
            if js:
                package, language = (js_packages or {})[js[0]], js_language(tags, code)
                body = [line for line in code.splitlines() if line.strip() and not _JS_IMPORT_LINE_RE.match(line)]
            else:
                imported = [m for m in _PY_IMPORT_RE.findall(code) if m in modules]
                package, language = (modules[imported[0]] if imported else ""), "python"
                body = [line for line in code.splitlines() if line.strip() and not _PY_IMPORT_RE.match(line)]
            if not package or not body:
                continue
            if taken.get(package, 0) >= limit:
                continue
            taken[package] = taken.get(package, 0) + 1
            text = html_lib.unescape(re.sub(r"<[^>]+>", " ", markup or ""))
            installs = tuple(install_names(text, "pypi" if language == "python" else "npm"))
            out.append(Snippet(f"{package}-docs-example", language, code + "\n",
                               f"the usage example of the page \"{title or url}\" ({url}), as the page gives it",
                               "docs", (package,), installs=installs))
    return out


def offline_rust_snippets(signatures: list[Signature], limit_names: int = 3) -> list[Snippet]:
    """One snippet per crate read: it brings the crate-root items the report relies on into scope (``use
    crate::{a, B};``), so once ``cargo check`` passes it shows those names exist in the surveyed version."""
    by_crate: dict[str, list[Signature]] = {}
    for sig in signatures:
        parts = sig.name.split("::")
        if sig.language == "rust" and len(parts) == 2 and sig.kind in ("function", "struct", "enum", "trait",
                                                                         "type", "variable"):
            by_crate.setdefault(sig.package, []).append(sig)
    out: list[Snippet] = []
    for package, sigs in by_crate.items():
        ident = sigs[0].name.split("::")[0]
        names = ", ".join(dict.fromkeys(s.name.split("::")[1] for s in sigs[:limit_names]))
        code = f"#[allow(unused_imports)]\nuse {ident}::{{{names}}};\n\nfn main() {{}}\n"
        out.append(Snippet(f"{package}-imports", "rust", code, f"the {package} items this answer relies on, "
                           f"brought into scope from {ident}", "offline", (package,)))
    return out


def question_snippets(question: str) -> list[Snippet]:
    """The question's own fenced code blocks (```lang ... ```), checked like the report's."""
    out: list[Snippet] = []
    for i, m in enumerate(_FENCE.finditer(question), start=1):
        lang = (m.group(1) or "python").lower()
        language = ("python" if lang.startswith("py") else "javascript" if lang in ("js", "javascript", "node")
                    else "typescript" if lang in ("ts", "typescript") else "rust" if lang in ("rs", "rust") else lang)
        out.append(Snippet(f"question-{i}", language, m.group(2), "the code in the question", "question"))
    return out


# ---- the report's sections -----------------------------------------------------------------------------------
@dataclass
class Evidence:
    """Collects the ``[@ref]`` evidence spans of one section: ``cite(url, needle)`` finds ``needle`` in the
    stored document of ``url`` and returns the marker (empty when the document or the text is missing)."""

    documents: dict[str, tuple[str, str]]  # url -> (source_id, text)
    spans: list[dict[str, Any]] = field(default_factory=list)

    def cite(self, url: str, *needles: str) -> str:
        """The ``[@ref]`` marker of the first of ``needles`` found in ``url``'s document, or ""."""
        doc = self.documents.get(url)
        if doc is None:
            return ""
        source_id, text = doc
        for needle in needles:
            if not needle:
                continue
            at = text.find(needle)
            if at < 0:
                continue
            ref = f"e{len(self.spans) + 1}"
            self.spans.append({"ref": ref, "source_id": source_id, "start": at, "end": at + len(needle),
                               "quote": needle})
            return f"[@{ref}]"
        return ""


def json_needles(key: str, value: object) -> list[str]:
    """How a ``key: value`` pair may be spelled in a registry's JSON text (compact or spaced)."""
    encoded = json.dumps(value)
    return [f'"{key}":{encoded}', f'"{key}": {encoded}', encoded if isinstance(value, str) else str(value)]


def _release_cells(p: PackageFacts, ev: Evidence) -> tuple[str, str]:
    """The comparison table's "Version" and "Last release" cells of ``p``: its newest release a reader can
    install, skipping yanked (npm: deprecated) ones, each cited in its registry document. When the registry's
    latest release is yanked or deprecated the cells show the newest one that is not and say which newer one is
    ("2.9.0 (3.0.0 yanked)", "2025-03-01 (of 2.9.0; 3.0.0 of 2026-05-04 is yanked)"); "—" and why when every
    release is ("— (every release is deprecated; the newest is 1.2.0 of 2020-06-01)")."""
    word = "deprecated" if p.ecosystem == "npm" else "yanked"

    def cited(version: str | None, day: str | None) -> tuple[str, str]:
        return ((version or "—") + (ev.cite(p.url, *json_needles("version", version)) if version else ""),
                (day or "—") + (ev.cite(p.url, day) if day else ""))
    if p.version is not None and p.version in p.yanked_versions:  # the registry's own latest is pulled
        newest = f"{p.version}" + (f" of {p.latest_release}" if p.latest_release else "")
        if p.latest_good is None:
            version, _ = cited(p.version, None)
            return f"{version} ({word}; every release is)", f"— (every release is {word}; the newest is {newest})"
        version, day = cited(p.latest_good, p.latest_good_release)
        return f"{version} ({p.version} {word})", f"{day} (of {p.latest_good}; {newest} is {word})"
    version, day = cited(p.version, p.latest_release)
    if p.newest_yanked and p.newest_yanked != p.version:
        newer = p.newest_yanked + (f" of {p.newest_yanked_release}" if p.newest_yanked_release else "")
        return f"{version} ({p.newest_yanked} {word})", f"{day} (a newer {newer} is {word})"
    return version, day


def _fmt_downloads(p: PackageFacts) -> str:
    if p.downloads is None:
        return "not given"
    return f"{p.downloads:,} ({p.downloads_period})"


#: a package whose newest usable release is this many years old or more is said to have had no release since (a
#: fact for the reader to weigh: a small finished library may need none)
STALE_YEARS = 3


def years_since(day: str | None, today: date | None = None) -> int | None:
    """Whole years from the ISO date ``day`` to ``today`` (default: the current UTC date); None without a date."""
    if not day:
        return None
    now = today or datetime.now(UTC).date()
    then = date.fromisoformat(day)
    return now.year - then.year - ((now.month, now.day) < (then.month, then.day))


def stale(p: PackageFacts) -> bool:
    """Whether ``p``'s newest usable release (``latest_good_release``) is :data:`STALE_YEARS` or more old, as
    :func:`upkeep` says it ("no release in 6 years"); False for a package with no such date or an error."""
    years = years_since(p.latest_good_release) if p.error is None and p.latest_good else None
    return years is not None and years >= STALE_YEARS


def upkeep(p: PackageFacts, ev: Evidence | None = None, *, short: bool = False) -> list[str]:
    """What ``p``'s registry facts say of its upkeep, each a clause about it: its own notice that it is no longer
    maintained (``PackageFacts.unmaintained``, quoted and cited from its registry summary or README: "its registry
    summary says it is no longer maintained: “Simple TOML parser (unmaintained)”"), and its newest usable release
    when :data:`STALE_YEARS` or more old ("its last usable release, 0.9.0, is of 2020-02-11, 6 years ago").
    ``short``: the comparison table's words ("no longer maintained (registry summary)", "no release in 6 years");
    ``ev``: cites the notice and the date. [] for a package whose registry says neither."""
    if p.error is not None:
        return []
    out: list[str] = []
    if p.unmaintained:
        where = "registry summary" if p.unmaintained == " ".join(p.summary.split()) else "README"
        url = p.url if where == "registry summary" else (p.readme_url or p.url)
        cite = ev.cite(url, p.unmaintained, json.dumps(p.unmaintained)[1:-1]) if ev is not None else ""
        out.append(f"no longer maintained ({where}{cite})" if short
                   else f"its {where} says it is no longer maintained: \"{p.unmaintained}\"{cite}")
    version, day = (p.latest_good, p.latest_good_release) if p.latest_good else (None, None)
    years = years_since(day)
    if version and day and years is not None and years >= STALE_YEARS:
        cite = ev.cite(p.url, day) if ev is not None and not short else ""  # (the table cites it under Last release)
        out.append(f"no release in {years} years" if short
                   else f"its last usable release, {version}, is of {day}{cite}, {years} years ago")
    return out


def _status_text(p: PackageFacts, in_use: str | None = None, typo: str | None = None,
                 ev: Evidence | None = None) -> str:
    """The status cell: a yanked or deprecated status names the version it applies to ("2.0.0 yanked: ..."),
    and the version the workspace uses (``in_use``, an exact version) is said separately ("1.0.0 in use: not
    yanked"), since yanking is per version; a name its registry does not know says the package it is probably a
    typo of (``typo``: :func:`probable_typo_of`); its upkeep (:func:`upkeep`, cited with ``ev``) is said too."""
    if p.error:
        return f"unavailable: {p.error}" + (f"; probably a typo of `{typo}`" if typo else "")
    per_version = p.status in ("yanked", "deprecated") and p.version and not project_inactive(p)
    said = p.status_detail and p.status_detail != f"{p.version} is {p.status}"  # crates.io's detail repeats it
    bits = [f"inactive project: {p.status_detail}"] if project_inactive(p) else [] if p.status == "active" else [(f"{p.version} " if per_version else "") + f"{p.status}"
                                            + (f": {p.status_detail}" if said else "")]
    if in_use and re.fullmatch(r"[\w.+!-]+", in_use) and in_use != p.version:
        word = "deprecated" if p.ecosystem == "npm" else "yanked"
        if in_use in p.yanked_versions:
            bits.append(f"{in_use} in use: {word}")
        elif p.status != "active":
            bits.append(f"{in_use} in use: not {word}")
    if p.typosquat_of:
        bits.append(f"possible typosquat of `{p.typosquat_of}`")
    if p.newness:
        bits.append(f"new: {p.newness}")
    bits += upkeep(p, ev, short=True)  # "no longer maintained (registry summary)", "no release in 6 years"
    return "; ".join(bits) or "active"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _quoted(items: list[str]) -> str:
    return ", ".join(f"\"{x}\"" for x in items)


def _where(p: PackageFacts, a: Assessment) -> str:
    if a.where:
        return a.where
    return "registry summary" if a.sentence and a.sentence in " ".join(p.summary.split()) else "README"


def _requirements_text(result: Survey, ev: Evidence) -> str:
    """The recommendation's paragraph on the question's requirements: per requirement, the candidates whose
    summary or README shows they meet it (the sentence quoted and cited), those whose README says they do not, or
    that no candidate is shown to."""
    if not result.requirements:
        return ""
    found = [p for p in result.packages if p.error is None]
    paragraphs: list[str] = []
    for req in result.requirements:
        verdicts = [(p, a) for p in found for a in result.assessments.get(key(p), []) if a.requirement == req.text]
        met = [(p, a) for p, a in verdicts if a.verdict == "met"]
        against = [(p, a) for p, a in verdicts if a.verdict == "contradicted"]
        if met:
            text = f"**Your requirement \"{req.text}\":** " + "; ".join(
                f"`{p.name}` meets it — its {_where(p, a)}: \"{a.sentence}\"{ev.cite(a.url, a.needle)}"
                for p, a in met[:3]) + "."
            unshown = [p.name for p, a in verdicts if a.verdict == "not shown"]
            if unshown:
                text += " Not shown for " + ", ".join(f"`{n}`" for n in unshown) + " (nothing in their registry " \
                        "summary or README says so)."
        else:
            text = (f"**Your requirement \"{req.text}\":** no candidate is shown to meet it — nothing in the "
                    "registry summary or README of " + (", ".join(f"`{p.name}`" for p in found) or "any candidate")
                    + " says so. The recommendation does not rest on it: check it before relying on it.")
        if against:
            text += " " + "; ".join(f"`{p.name}`'s {_where(p, a)} says it does not: \"{a.sentence}\""
                                    f"{ev.cite(a.url, a.needle)}" for p, a in against[:3]) + "."
        paragraphs.append(text)
    return "\n\n" + "\n\n".join(paragraphs)


def version_text(question: str, result: Survey, ev: Evidence) -> str:
    """The paragraph on the version the question asks for ("version 2": :func:`requirements.version_asked`), ""
    when it asks for none: per candidate found (the recommendable first, at most 3), whether its newest installable
    release (:func:`_release_cells`) is of that series ("2.1.0 meets 2.x"), cited in its registry document, and,
    when it is not, that the answer's facts are those of that release and the version asked must be pinned."""
    asked = version_asked(question)
    if asked is None:
        return ""
    series = asked + ".x"
    found = [p for p in result.packages if p.error is None]
    order = result.recommendable() + [p for p in found if p not in result.recommendable()]
    parts: list[str] = []
    for p in order[:3]:
        release = p.latest_good if p.version in p.yanked_versions and p.latest_good else p.version
        if release is None:
            continue
        cited = release + ev.cite(p.url, *json_needles("version", release))
        if version_meets(release, asked):
            parts.append(f"`{p.name}` {cited}, its newest release, is a {series} release and meets it")
        else:
            parts.append(f"`{p.name}`'s newest release is {cited}, not a {series} release: what is said here is "
                         f"of {release}; pin a {series} release to use the version asked")
    if not parts:
        return ""
    return f"\n\n**The version you asked for ({series}):** " + "; ".join(parts) + "."


#: a question to be answered yes or no ("Is `x` a good choice ...?", "Should I use x?", "Can I still use x?")
#: a question opening as a yes/no question ("Is ...", "Should I ..."); a request ("Can you show me ...", "Could you
#: write ...": :func:`shared.text.answer.is_request`) asks for something, not yes or no
_YES_NO = re.compile(r"^\s*(?:is|are|was|should|shall|would|could|can|does|do|will|has|have|must|may)\b", re.I)


#: where a statement ends and the question about it begins within one sentence: a dash, a semicolon or a comma
#: ("I'm still using pyexiflite in an old script - is that ok?", "We use pacerlib, is it still fine?")
_CLAUSE_BREAK = re.compile(r"\s+[-\u2013\u2014]+\s+|;\s*|,\s+")


#: a conjunction opening a question's last clause ("..., and can I use it ...?"): the clause asks what follows it
_JOINED = re.compile(r"^(?:and|but|so|also)\s+", re.I)


def asked_package(question: str, result: Survey) -> PackageFacts | None:
    """The one package a yes/no code question asks about ("Is `reqests` a good choice for HTTP requests?",
    "Should I use datefmtr?"): the question, its last sentence ("We still have pycronic in an old project. Is it
    still OK to keep using it?") or that sentence's last clause after a dash, semicolon or comma ("I'm still using
    pyexiflite in an old script - is that ok or should I switch?": :data:`_CLAUSE_BREAK`, a conjunction opening it
    left out: "What licence does x use, and can I use it ...?"; the last question of several: "What licence does x
    use? Can I use it ...?") opens as a yes/no question and exactly one surveyed package (or one it names that
    no registry had) is one the question names as a package (backticked, quoted, "use X"), or, when it names none,
    one of its other name-like words; of several such names, the one a registry knows ("pycronic" over "cron" of
    "cron jobs"); None otherwise (a choice between two, an open question)."""
    asks = re.split(r"(?<=[.!?])\s+", question.strip())[-1]  # "We still have pycronic ... Is it still OK to use it?"
    clause = _CLAUSE_BREAK.split(asks)[-1]  # "I'm still using pyexiflite ... - is that ok or should I switch?"
    clause = _JOINED.sub("", clause)  # "What licence does x use, and can I use it in a closed-source product?"
    if not (_YES_NO.match(question) or _YES_NO.match(asks) or _YES_NO.match(clause)) or is_request(question):
        return None
    for asked in ({n.lower() for n in result.question_named}, {n.lower() for n in result.question_words}):
        hits = [p for p in result.packages if p.name.lower() in asked]
        if len({p.name.lower() for p in hits}) > 1:  # "pycronic ... our cron jobs": the one a registry knows
            hits = [p for p in hits if p.error is None]
        if hits:  # the names the question gives as packages first ("`reqests`" over the word "requests")
            return hits[0] if len({p.name.lower() for p in hits}) == 1 else None
    return None


def _instead(result: Survey, p: PackageFacts, ev: Evidence) -> str:
    """"; use `y`" naming the package to use instead of ``p`` (its registry version cited): the popular package
    ``p`` imitates when the survey found it usable, else the successor ``p``'s own registry text names
    (``Survey.successors``) when it is recommendable, else the best recommendable candidate; "" when there is
    none. A strong or weak copyleft one carries its caution when no project licence is known (:func:`copyleft_caveat`:
    "; use `geohashx` (licence GPL-3.0-or-later: strong copyleft: ...)")."""
    chosen = [c for c in result.recommendable() if c is not p]
    named = [n.lower() for n in result.successors.get(key(p), [])]
    other = next((c for c in chosen if p.typosquat_of and c.name.lower() == p.typosquat_of.lower()), None) or next(
        (c for n in named for c in chosen if c.name.lower() == n), None) or (chosen[0] if chosen else None)
    if other is None:  # the widely used name it imitates, when its own registry's (not only another registry's)
        return f"; use `{p.typosquat_of}`" if p.typosquat_of and lookalike_elsewhere(p.ecosystem, p.name) is None \
            else ""
    # a copyleft alternative carries its caution wherever it is named (no project licence to weigh it against)
    caveat = copyleft_caveat(other.license) if result.workspace is None or not result.workspace.licence else ""
    return (f"; use `{other.name}`{ev.cite(other.url, *json_needles('version', other.version))}"
            + (f" (licence {other.license}{ev.cite(other.url, other.license or '')}: {caveat})" if caveat else ""))


#: a yes/no question asking whether a package is to be avoided ("Is pytomly deprecated?", "Is x abandoned?"): its
#: "yes" is the registry's bad news
_ASKS_DECLINE = re.compile(r"\b(?:deprecated|unmaintained|abandoned|yanked|dead|inactive|obsolete|discontinued|"
                           r"archived|"
                           r"end[- ]of[- ]life|no\s+longer\s+(?:maintained|supported|developed)|outdated)\b",
                           re.IGNORECASE)


#: a question asking about a package's upkeep, not whether to take it in: "Is x still maintained?", "still (being)
#: developed / updated / supported", "actively developed", "under active development", "abandoned", "archived",
#: "no longer maintained", and "Is x active / inactive / alive / dead?" (said of the package: "is" before it)
_ASKS_UPKEEP = re.compile(
    r"\b(?:(?:un)?maintained|abandoned|abandonware|archived|"
    r"(?:still|actively|no\s+longer)\s+(?:being\s+)?(?:maintained|developed|updated|worked\s+on|supported)|"
    r"(?:under|in)\s+(?:active\s+)?development)\b"
    r"|\b(?:is|are|was)\s+(?:\S+\s+){1,3}?(?:(?:still|really|actually)\s+)?(?:(?:in)?active|alive|dead)\b", re.I)
#: words of a yes/no question about a package that ask whether to take it in, whatever else they ask ("Is x safe
#: to use?", "Is x still OK to use?", "Is x deprecated?", "Has x been yanked?"): their own answers stand
_ASKS_FITNESS = re.compile(r"\b(?:safe|secure|ok|okay|fine|good|wise|recommended|legit(?:imate)?|trust(?:ed|worthy)?|"
                           r"malicious|deprecated|yanked|obsolete|discontinued|end[- ]of[- ]life|outdated)\b", re.I)


def asks_upkeep(question: str) -> bool:
    """Whether a yes/no question about a package asks about its upkeep only (:data:`_ASKS_UPKEEP`: "Is numeralkit
    still maintained?", "Is x abandoned?", "Is x still actively developed?"), not also whether it is fit to take
    in (:data:`_ASKS_FITNESS`: "Is x safe to use?", "Is x still OK to use?", "Is x deprecated?" keep their own
    answers). Code blocks are not read."""
    prose = _FENCE.sub(" ", question)
    return bool(_ASKS_UPKEEP.search(prose)) and not _ASKS_FITNESS.search(prose)


#: a package whose newest release is older than a year and more than this many times its own usual interval
#: between releases (``PackageFacts.cadence_days``) is said to be overdue: its "still maintained" Yes says so and
#: is no confident answer
OVERDUE_TIMES = 3


def _release_days(p: PackageFacts) -> list[tuple[str, str]]:
    """``p``'s dated releases the registry names (newest usable, latest, newest yanked): (ISO day, version) pairs,
    oldest first, each once; [] when none is dated."""
    return sorted({(day, v) for v, day in ((p.latest_good, p.latest_good_release), (p.version, p.latest_release),
                                           (p.newest_yanked, p.newest_yanked_release)) if v and day})


def overdue(p: PackageFacts, today: date | None = None) -> str:
    """What says that ``p`` is overdue for a release: its newest release of any kind is more than 365 days and
    more than :data:`OVERDUE_TIMES` times its median interval between releases (``cadence_days``) old, counted to
    ``today`` (default: the current UTC date): "no release for 520 days, over 4 times its usual interval of 120
    days" ("4 times" when exactly so). "" when it is not, or when the registry gives no date or no cadence."""
    dated = _release_days(p)
    if p.error is not None or not dated or not p.cadence_days:
        return ""
    days = ((today or datetime.now(UTC).date()) - date.fromisoformat(dated[-1][0])).days
    if days <= 365 or days <= OVERDUE_TIMES * p.cadence_days:
        return ""
    times = int(days // p.cadence_days)
    return (f"no release for {days} days, {'over ' if days > times * p.cadence_days else ''}{times} times its "
            f"usual interval of {p.cadence_days:g} days")


def overdue_tier(question: str, result: Survey) -> str | None:
    """The highest confidence tier of the answer to an upkeep question (:func:`asks_upkeep`) whose Yes (No, for
    "abandoned?") says its package is overdue for a release (:func:`overdue`): "medium"; None otherwise."""
    p = asked_package(question, result)
    said = yes_no_answer(question, result, Evidence({})) if p is not None else ""
    lag = overdue(p) if p is not None else ""
    return "medium" if lag and f"; {lag}" in said else None


#: a spec table's row saying a package is not maintained, its cells separated by spaces, a colon or a bar
#: ("Maintained | no", "Maintained: no", flattened "Maintained no"); "no longer", "no more" are no values
_NOT_MAINTAINED_CELL = re.compile(r"(?<![\w-])maintained[\s:|]*(?:no|false)\b(?!\s+(?:longer|more))", re.I)
#: a page's statement of a package's upkeep, read as a capability ("it is not maintained"): :func:`page_unmaintained`
_MAINTAINED = Requirement("maintained", tuple(stems("maintained")))


def page_unmaintained(p: PackageFacts, pages: Sequence[Page], rivals: Sequence[str], ev: Evidence) -> str:
    """What a fetched page says to the effect that ``p`` is not maintained, quoted and cited: a row of a spec table
    about it (:data:`_NOT_MAINTAINED_CELL`: "Maintained | no"), a sentence naming it (and no one of ``rivals``)
    that denies its upkeep (:func:`services.domain_code.requirements.stated`: "x is not maintained") or calls it
    unmaintained, archived or no longer maintained (:func:`services.domain_code.registries.unmaintained_said`):
    "a fetched page says `x` is not maintained: “Maintained | no”[@e1]"; "" when no page says so."""
    for page in pages:
        rows = [row for _, _, row in _table_cells(page.text, p.name, rivals)]
        flat = [s for s in re.split(r"(?<=[.!?])\s+|\n", page.text) if names_the_package(s, p.name)
                and not any(names_the_package(s, r) for r in rivals)]
        for text in (*rows, *flat):
            cell = _NOT_MAINTAINED_CELL.search(text)
            if cell is not None:
                return (f"a fetched page says `{p.name}` is not maintained: “{cell.group(0).strip()}”"
                        f"{ev.cite(page.url, cell.group(0), text)}")
    texts = [(page.url, page.text) for page in pages]
    for s in stated(_MAINTAINED, p, texts, others=rivals):
        if s.verdict == "contradicted" and not s.own and not _NOT_MAINTAINED_CELL.search(s.sentence):
            return (f"a fetched page says `{p.name}` is not maintained: “{s.sentence[:QUOTE_MAX]}”"
                    f"{ev.cite(s.url, s.needle, s.sentence)}")
    for page in pages:
        for sentence in _prose_sentences(page.text):
            if names_the_package(sentence, p.name) and not any(names_the_package(sentence, r) for r in rivals) \
                    and unmaintained_said(p.name, "", sentence):
                return (f"a fetched page says `{p.name}` is not maintained: “{sentence[:QUOTE_MAX]}”"
                        f"{ev.cite(page.url, sentence)}")
    return ""


def releases_said(result: Survey, p: PackageFacts, ev: Evidence, *, yes: str, no: str) -> str:
    """The answer to a question about ``p``'s upkeep (:func:`asks_upkeep`) from its release history, each date
    cited in its registry document: ``yes`` ("**Yes:**"; "**No:**" when the question asks whether it is abandoned)
    with its two newest releases and their dates, how many releases since its first, and a newer release's yank
    (npm: deprecation) with its reason and the release to use: a release pulled weeks ago is a maintainer at work,
    not a sign of neglect ("**Yes:** `numeralkit` has releases on 2026-10-05 (2.1.0) and 2026-11-25 (2.2.0), 5
    releases since 2022-02-10 (2.2.0 is yanked: ...; use 2.1.0)."); ``no`` when its newest release of any kind is
    :data:`STALE_YEARS` or more old ("**No:** `x` has had no release for 8 years: its last, 0.3.1, is of
    2018-04-02", with what to use instead); a Yes says when the package is overdue for a release (:func:`overdue`:
    "; no release for 520 days, over 4 times its usual interval of 120 days"). "" when the registry gives no
    release date."""
    word = "deprecated" if p.ecosystem == "npm" else "yanked"
    dated = _release_days(p)
    if not dated:
        return ""
    last_day, last = dated[-1]
    years = years_since(last_day)
    if years is not None and years >= STALE_YEARS:
        return (f"{no} `{p.name}` has had no release for {years} years: its last, {last}, is of "
                f"{last_day}{ev.cite(p.url, last_day)}{_instead(result, p, ev)}.")
    recent = dated[-2:]
    text = f"{yes} `{p.name}` has releases on " + " and ".join(
        f"{day}{ev.cite(p.url, day)} ({v})" for day, v in recent) if len(recent) == 2 else (
        f"{yes} `{p.name}`'s latest release, {last}, is of {last_day}{ev.cite(p.url, last_day)}")
    if p.releases > len(recent) and p.first_release:
        text += f", {p.releases} releases since {p.first_release}"
    pulled = [v for _, v in recent if v in p.yanked_versions]
    if pulled:
        why = p.yank_reason(pulled[-1])
        cite = ev.cite(p.url, *json_needles("yanked_reason" if p.ecosystem == "pypi" else word, why), why) if why \
            else ""
        text += (f" ({pulled[-1]} is {word}" + (f": \"{why}\"{cite}" if why else "")
                 + (f"; use {p.latest_good}" if p.latest_good and p.latest_good not in pulled else "") + ")")
    lag = overdue(p)
    if lag:
        text += f"; {lag}"
    if p.newness:
        text += f"; it is new ({p.newness}): too short a record to show lasting upkeep"
    return text + "."

#: a JavaScript or TypeScript import of names from a package: ``import { a, b as c } from "pkg"``,
#: ``import * as k from "pkg"``, ``const { a } = require("pkg")``
_JS_NAMED_RE = re.compile(r"""import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']|"""
                          r"""import\s+\*\s+as\s+(\w+)\s+from\s*["']([^"']+)["']|"""
                          r"""(?:const|let|var)\s+\{([^}]*)\}\s*=\s*require\(\s*["']([^"']+)["']\s*\)""")
#: a Python import of names from a module: ``from pkg.sub import a, b as c`` / ``import pkg``
_PY_NAMED_RE = re.compile(r"^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([\w\s,]+\)|[\w \t,]+)|"
                          r"^[ \t]*import[ \t]+([\w.]+)(?:[ \t]+as[ \t]+(\w+))?", re.MULTILINE)


def _called(code: str, language: str) -> list[tuple[str, str, int | None]]:
    """The package functions ``code`` calls, in order, each once: (package or module as imported, the name the
    package gives it, the number of arguments of its first call, None when not counted) — names imported by name
    (``import { a as b } from "pkg"``, ``from pkg import a``) called as such, and a namespace's (``import * as k``,
    ``import pkg``) called as ``k.a(...)``."""
    aliases: dict[str, tuple[str, str]] = {}  # local name -> (package, its own name)
    spaces: dict[str, str] = {}  # namespace -> package
    if language == "python":
        for m in _PY_NAMED_RE.finditer(code):
            if m.group(1):
                for part in m.group(2).strip("()").split(","):
                    bits = part.split()
                    if bits:
                        aliases[bits[-1]] = (m.group(1), bits[0])
            elif m.group(3):
                spaces[m.group(4) or m.group(3)] = m.group(3)
    else:
        for m in _JS_NAMED_RE.finditer(code):
            names, package = (m.group(1), m.group(2)) if m.group(2) else (m.group(5), m.group(6))
            if m.group(4):
                spaces[m.group(3)] = m.group(4)
                continue
            for part in (names or "").split(","):
                bits = [b for b in re.split(r"\s+as\s+|\s*:\s*", part.strip()) if b]
                if bits:
                    aliases[bits[-1]] = (package, bits[0].removeprefix("type "))
    out: dict[tuple[str, str], int | None] = {}
    for m in re.finditer(r"(?<![\w.])((?:\w+\.)?\w+)\s*\(", code):
        head, _, tail = m.group(1).rpartition(".")
        target = aliases.get(tail) if not head else ((spaces[head], tail) if head in spaces else None)
        if target is None or target in out:
            continue
        out[target] = _argument_count(code[m.end():])
    return [(package, name, count) for (package, name), count in out.items()]


def _argument_count(rest: str) -> int | None:
    """How many arguments a call has, ``rest`` being the text after its ``(``: top-level commas counted up to the
    matching ``)``, string literals skipped; None when the call is not closed (not counted)."""
    depth, count, seen, quote, escaped = 0, 0, False, "", False
    for ch in rest:
        if quote:  # inside a string literal: only its closing quote matters
            escaped, quote = (not escaped and ch == "\\"), ("" if ch == quote and not escaped else quote)
            continue
        if ch in "\"'`":
            quote, seen = ch, True
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                return count + 1 if seen else 0
            depth -= 1
        elif ch == "," and depth == 0:
            count += 1
        elif not ch.isspace():
            seen = True
    return None


def _declared_arity(signature: str) -> tuple[int, int | None] | None:
    """The fewest and most arguments a TypeScript declaration takes (``f(a: string, b?: number): T``: (1, 2); a
    rest parameter: no most), or None when its parameter list cannot be read."""
    m = re.match(r"[^(]*\((.*)\)\s*:", signature)
    if m is None:
        return None
    params, depth, current = [], 0, ""
    for i, ch in enumerate(m.group(1)):
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>" and not (ch == ">" and m.group(1)[i - 1:i] == "="):  # "=>" of a function type
            depth -= 1
        if ch == "," and depth == 0:
            params.append(current.strip())
            current = ""
        else:
            current += ch
    if current.strip():
        params.append(current.strip())
    required = sum(1 for p in params if not p.startswith("...") and "?" not in p.split(":")[0] and "=" not in p)
    return required, None if any(p.startswith("...") for p in params) else len(params)


def snippet_answer(question: str, checks: list[tuple[Snippet, CheckResult]], signatures: list[Signature]) -> str:
    """The answer to a yes/no question about the asker's own code ("Is this the right way to ...?" with a fenced
    block), which is about the code, not about the package it uses: "**No:**" when its check failed (where and
    why); "**Yes:**" when it passed a check that reads its types or runs it; else (the check only parsed it, or
    no checker was there) whether its calls match the signatures read from the package itself: "**Yes, by its
    calls:**" naming each call's declared signature (and that it is otherwise untested), "**No:**" for a name the
    package does not declare or a call with a number of arguments its declaration does not take, and "**Not
    checked:**" when no signature of what it calls was read. "" when the question is no yes/no question, asks
    whether the package is to be avoided ("Is x deprecated?"), or holds no code."""
    prose = _FENCE.sub(" ", question).strip()
    asks = re.split(r"(?<=[.!?])\s+", prose)
    if not any(_YES_NO.match(a) for a in asks) or is_request(prose) or _ASKS_DECLINE.search(prose):
        return ""
    yours = [(s, c) for s, c in checks if s.origin == "question"]
    if not yours:
        return ""
    snippet, check = yours[0]
    versions = ", ".join(f"{k} {v}" for k, v in check.versions.items())
    if check.status == "failed":
        return (f"**No:** your code fails its check at {check.stage} ({check.reason}; {check.checker}"
                + (f"; against {versions}" if versions else "") + "): the error is under Checked code.")
    shallow = check.status != "passed" or "syntax only" in check.checker
    if not shallow:
        return f"**Yes:** your code passed its check ({check.checker}" + (f"; against {versions}" if versions
                                                                           else "") + ")." + _input_note(check)
    untested = (f"its check only parsed it ({check.checker})" if check.status == "passed"
                else f"it could not be checked ({(check.error or check.reason).rstrip('.')})")
    calls = _called(snippet.code, "python" if snippet.language == "python" else "js")
    matched: list[str] = []
    for package, name, count in calls:
        top = package.split("/")[0] if not package.startswith("@") else "/".join(package.split("/")[:2])
        read = [sig for sig in signatures if "." not in sig.name and (
            sig.package == top or sig.module.split(".")[0] == top.split(".")[0])]
        if not read:
            continue
        named = [g for g in read if g.name == name]  # (an overloaded function has several)
        if not named:
            names = ", ".join(f"`{n}`" for n in dict.fromkeys(g.name for g in read))
            return (f"**No:** your code calls `{name}`, which `{read[0].package}` {read[0].version} does not declare "
                    f"(its names: {names}); {untested}.")

        def takes(sig: Signature, count: int | None = count) -> bool:
            arity = _declared_arity(sig.signature) if sig.language == "typescript" else None
            return arity is None or count is None or arity[0] <= count and (arity[1] is None or count <= arity[1])
        sig = next((g for g in named if takes(g)), None)
        if sig is None:
            return (f"**No:** your code calls `{name}` with {count} argument{'s' if count != 1 else ''}, but "
                    f"`{named[0].package}` {named[0].version} declares `{named[0].signature}`; {untested}.")
        matched.append(f"`{name}` as `{sig.package}` {sig.version} declares it: `{sig.signature}`")
    if not matched:
        return (f"**Not checked:** {untested}, and no signature of what your code calls was read to compare its "
                "calls with: treat it as untested.")
    return f"**Yes, by its calls:** your code calls {'; and '.join(matched)}. Otherwise {untested}: treat it as untested."


def yes_no_answer(question: str, result: Survey, ev: Evidence, *, licence: bool = True, pages: Sequence[Page] = ()
                  ) -> str:
    """The answer to a yes/no question about one package (:func:`asked_package`), from the survey, its registry
    facts cited: "**No:** `reqests` is a probable typo of `requests` (first released 12 days ago ...); use
    `requests`" (a possible typosquat), "**No:** every release of `datefmtr` is deprecated ..." (yanked or
    deprecated; of a package whose latest release alone is pulled, a question stating requirements and asking
    nothing of its fitness (:data:`_ASKS_FITNESS`: "good", "safe") gets what its documentation says of them: "**Yes:** `x`'s README shows it meets ...; but its latest release 2.1.0 is
    deprecated: ...: pin ...", or the "No" below), "**No:** its README says it does not meet ..." (a requirement it lacks), "**No:** ... no track
    record" (new, while an established candidate fits), "**No:** no such package on PyPI", "**No:** for `x`, its
    registry summary says it is no longer maintained ..." (its own notice, :func:`upkeep`; a yanked or deprecated one's answer
    says it too); "**Yes:** ..." when it is active, established and its documentation is not against what was asked (naming what it is shown to meet,
    and what it is not shown to, and its last release when that is years old). A question asking whether the package
    is to be avoided (:data:`_ASKS_DECLINE`: "Is pytomly deprecated?") gets "**Yes:**" for a yanked, deprecated or
    unmaintained one and "**No:**" for an active one. "" when the question is no such question, or asks about a new package with no
    established one beside it (the recommendation's "No track record" warning says what is known). A question
    stating how the package is to be used (``result.use``: "Can I use geohashx in a closed-source app that we
    sell?") is answered by its licence (:func:`licence_said`; ``licence=False``: by its upkeep only). A question
    asking what the package does (:func:`capability_asked`: "Does the Python package hexmesh support IPv6
    addresses?") is answered by what its documentation and the fetched ``pages`` state of it
    (:func:`capability_said`), never by its upkeep alone: "Not established: ..." when none states it."""
    p = asked_package(question, result)
    if p is None:
        return ""
    registry = _REGISTRY_NAME[p.ecosystem]
    choice = keep_or_leave(question)  # "keep it, or switch to another?": answered by the course, not yes or no
    # "Is pytomly deprecated?" asks whether it should be avoided: the registry's facts answer it the other way round
    bad, good = ("**Yes:**", "**No:**") if _ASKS_DECLINE.search(question) else ("**No:**", "**Yes:**")
    if choice is not None:
        stay, leave = _STAY_PHRASES.get(choice.stay, "Keep"), _leave_phrase(choice.leave)
        bad, good = f"**{leave} `{p.name}`:**", f"**{stay} `{p.name}`:**"
    if p.error is not None:
        if not p.error.startswith("not_found"):
            return ""
        typo = probable_typo_of(result, p)
        return (f"{bad if choice else '**No:**'} {registry} has no package named `{p.name}`"
                + (f" (probably a typo of `{typo}`)" if typo else "") + f"{_instead(result, p, ev)}.")
    if result.use is not None and licence and choice is None and not p.typosquat_of:
        return licence_said(question, result, p, ev)
    if p.typosquat_of:
        when = (p.newness or "").split(";")[0].strip()  # "first released 12 days ago (2026-11-20)"
        dated = re.fullmatch(r"(.*?)\s*\((\d{4}-\d{2}-\d{2})\)", when)
        if dated:
            when = f"{dated.group(1)}, on {dated.group(2)}{ev.cite(p.url, dated.group(2))}"
        copied = readme_copied_from(result, p)
        return (f"{bad if choice else '**No:**'} `{p.name}` is a probable typo of `{p.typosquat_of}`"
                + (f" ({when})" if when else "") + (f"; its README copies `{copied}`'s" if copied else "")
                + _instead(result, p, ev) + ".")
    cap = capability_asked(question, result, p) if choice is None else None
    if cap is not None and not result.assessments.get(key(p)):  # "Does x support IPv6?": what the sources say of it
        return capability_said(result, p, [cap], ev, pages)
    if project_inactive(p):  # the project's own mark, not a release's: no "newest one that is not" to point to
        said = [k for k in upkeep(p, ev) if not k.startswith("its last usable release")]
        return (f"{bad} {_inactive_text(p, ev)}" + "".join(f"; {k}" for k in said) + f"{_instead(result, p, ev)}.")
    if choice is None and asks_upkeep(question) and not p.unmaintained \
            and not (p.status in ("yanked", "deprecated") and p.latest_good is None):
        # "still maintained?": a fetched page saying it is not answers it ("Maintained | no"), else its releases
        said_not = page_unmaintained(p, pages, [q.name for q in result.packages if q is not p], ev)
        if said_not:
            releases = releases_said(result, p, ev, yes="", no="").strip().rstrip(".")
            return f"{bad} {said_not}" + (f"; {releases}" if releases else "") + "."
        return releases_said(result, p, ev, yes=good, no=bad)
    detail = f": \"{p.status_detail}\"" if p.status_detail and p.status_detail != f"{p.version} is {p.status}" \
        else ""
    cited = ev.cite(p.url, *json_needles(p.status if p.ecosystem == "npm" else "yanked_reason", p.status_detail),
                    p.status_detail) if p.status_detail else ev.cite(p.url, *json_needles("version", p.version))
    assessed = result.assessments.get(key(p), [])
    # "Does rowknit handle quoted fields ...?" of a package whose latest release alone is pulled (an earlier one is
    # not, and the package is neither replaced nor unmaintained): what its documentation says of the requirement
    # answers it, the pulled release a caveat ("No" when it says it does not meet it: below); a question of its
    # fitness ("Is x a good ... with async support?") keeps the pulled release's "No"
    release_only = p.latest_good is not None and not p.unmaintained and (
        release_deprecated(p) or p.status == "yanked")
    if release_only and assessed and choice is None and not _ASKS_DECLINE.search(question) \
            and not _ASKS_FITNESS.search(question) and all(a.verdict == "met" for a in assessed):
        return (f"{good} `{p.name}`'s {_where(p, assessed[0])} shows it meets " + ", ".join(
                    f"\"{a.requirement}\": \"{a.sentence}\"{ev.cite(a.url, a.needle)}" for a in assessed)
                + f"; but its latest release {p.version} is {p.status}{detail}{cited}: pin "
                f"`{_pin(p, p.latest_good or '')}`, its newest release that is not.")
    if p.status in ("yanked", "deprecated") and not (release_only and result.contradicted(p)):
        said = upkeep(p, ev)  # "its registry summary says it is no longer maintained: ...", "its last usable ..."
        if p.latest_good is None:
            return (f"{bad} every release of `{p.name}` is {p.status}{detail}{cited}"
                    + "".join(f"; {k}" for k in said) + f"{_instead(result, p, ev)}.")
        # the newest release that is not pulled, with its age when years old ("0.9.0, of 2020-02-11, 6 years ago")
        last = next((k for k in said if k.startswith("its last usable release")), None)
        good = (f"{p.latest_good}, of " + last.split(", is of ", 1)[1]) if last and ", is of " in last \
            else p.latest_good
        return (f"{bad} `{p.name}`'s latest release {p.version} is {p.status}{detail}{cited} (the newest one that "
                f"is not is {good})" + "".join(f"; {k}" for k in said if k != last) + f"{_instead(result, p, ev)}.")
    if p.unmaintained:
        return f"{bad} for `{p.name}`, {'; '.join(upkeep(p, ev))}{_instead(result, p, ev)}."
    against = result.contradicted(p)
    if against:
        a = against[0]
        return (f"{bad if choice else '**No:**'} `{p.name}`'s {_where(p, a)} says it does not meet "
                f"\"{a.requirement}\": \"{a.sentence}\""
                f"{ev.cite(a.url, a.needle)}{_instead(result, p, ev)}.")
    if p.newness:  # no track record: "no" beside an established candidate that fits; no verdict without one
        if any(c is not p and not c.newness for c in result.recommendable()):
            return f"{bad if choice else '**No:**'} `{p.name}` has no track record yet ({p.newness}){_instead(result, p, ev)}."
        return ""
    met = [a for a in assessed if a.verdict == "met"]
    unshown = [a.requirement for a in assessed if a.verdict != "met"]
    if cap is not None and unshown:  # a capability asked that its README does not show: the pages may say it
        return capability_said(result, p, result.requirements, ev, pages)
    fig = ev.cite(p.url, *json_needles("version", p.version))
    pinned = yanked_in_use(result, p)
    why = "".join(_yank_said(result, p, pinned, ev)) if pinned else ""  # the registry's reason; does it bear on you
    if pinned and good == "**Yes:**" or pinned and choice is not None:  # keep the package, not the pulled release
        keep = f"{good.removesuffix(':**')}**" if choice is not None else f"{good} keep `{p.name}`"
        text = (f"{keep}, but not at {pinned}: the release your workspace pins is yanked{why}; pin "
                f"`{_pin(p, p.latest_good or p.version or pinned)}`, its newest release that is not yanked — `{p.name}` "
                f"{p.version}{fig} ({registry}) is active: not deprecated or a possible typosquat, with releases "
                "over time")
    elif pinned:
        text = (f"{good} `{p.name}` {p.version}{fig} ({registry}) is active, but the {pinned} your workspace pins "
                f"is yanked{why}: pin `{_pin(p, p.latest_good or p.version or pinned)}`, its newest release that is "
                "not")
    else:
        text = (f"{good} `{p.name}` {p.version}{fig} ({registry}) is active: not yanked, deprecated or a possible "
                "typosquat, with releases over time")
    if stale := upkeep(p, ev):  # active, but no release for years: "; but its last usable release, ..."
        text += "; but " + "; ".join(stale)
    if met:
        text += "; its documentation shows it meets " + ", ".join(
            f"\"{a.requirement}\"{ev.cite(a.url, a.needle)}" for a in met)
    if unshown:
        text += f"; nothing in its registry summary or README shows {_quoted(unshown)}: check that before relying on it"
    return text + "."


def licence_tier(question: str, result: Survey) -> str | None:
    """The highest confidence tier the answer to a licence question (:func:`licence_said`) may have: "low" when it
    cannot tell (no licence, or one not known), "medium" when its yes holds under conditions (weak copyleft, or
    network use of an internal tool), "high" when the licence settles it; None when the question is answered
    otherwise (no use stated, no one package asked about)."""
    said = yes_no_answer(question, result, Evidence({})) if result.use is not None else ""
    if said.startswith("**Cannot tell:**"):
        return "low"
    if said.startswith("**Yes, with conditions:**"):
        return "medium"
    return "high" if re.match(r"\*\*(?:Yes|No):\*\* `[^`]+` is licensed ", said) else None


def licence_said(question: str, result: Survey, p: PackageFacts, ev: Evidence) -> str:
    """The answer to a question asking whether ``p`` may be used as the question says (``result.use``), from its
    registry licence, cited (:func:`services.domain_code.licences.licence_answer`: "**No:** `geohashx` is licensed
    GPL-3.0-or-later[@e1], a strong copyleft licence: ..."); when the licence rules it out for that use
    (``Survey.clash``), the package to use instead, cited, when one is recommendable; and what its registry says
    against the package itself (yanked, deprecated, unmaintained: :func:`yes_no_answer`'s "no"), after it."""
    assert result.use is not None
    cite = ev.cite(p.url, p.license) if p.license else ""
    text = licence_answer(p.name, p.license, result.use, cite, _REGISTRY_NAME[p.ecosystem])
    if result.use.project:  # the use was read from the workspace: say what it is ("this product" is proprietary)
        text = text.removesuffix(".") + (f"; your workspace is proprietary (its licence: {result.use.project})."
                                         if result.use.kind == "closed"
                                         else f"; your workspace is under {result.use.project}.")
    other = next((c for c in result.recommendable() if c is not p), None)
    if result.clash(p) and other is not None:
        release = other.installable or other.version  # the release to pin: not a yanked (deprecated) latest
        text += (f" `{other.name}` {release}{ev.cite(other.url, *json_needles('version', release))} "
                 f"is licensed {other.license}{ev.cite(other.url, other.license or '')} instead.")
    upkeep_said = yes_no_answer(question, result, ev, licence=False)
    if upkeep_said.startswith("**No:** "):  # its own bad news, whatever its licence allows
        text += " Besides, " + upkeep_said.removeprefix("**No:** ")
    return text


#: how much of two READMEs' openings is compared, and the similarity (0-100, rapidfuzz's ratio) from which one is a
#: copy of the other
README_COPY_CHARS = 2000
README_COPY_RATIO = 90.0


def readme_copied_from(result: Survey, p: PackageFacts) -> str | None:
    """The package ``p`` is a possible typosquat of (``typosquat_of``) when the survey holds it and ``p``'s README
    opening is (nearly) a copy of its (:data:`README_COPY_RATIO`): a squat dressed as the original; None when it is
    not, or either README is empty."""
    from rapidfuzz import fuzz

    other = next((q for q in [*result.packages, *result.peers] if p.typosquat_of
                  and q.name.lower() == p.typosquat_of.lower() and q.error is None), None)
    if other is None or not p.readme.strip() or not other.readme.strip():
        return None
    same = fuzz.ratio(p.readme[:README_COPY_CHARS], other.readme[:README_COPY_CHARS]) >= README_COPY_RATIO
    return other.name if same else None


#: how a keep-or-leave answer names the course that keeps the package, by the question's verb
#: (:func:`shared.text.answer.keep_or_leave`): "Keep `x`", "Stick with `x`"
_STAY_PHRASES = {"keep": "Keep", "use": "Use", "stay": "Stay with", "stick": "Stick with", "remain": "Stay with",
                 "continue": "Keep using"}


def _leave_phrase(verb: str) -> str:
    """How a keep-or-leave answer names the course that leaves the package, by the question's verb: "Switch from"
    (switch, move, migrate, change: "Migrate from `x`"), else the verb itself ("Replace `x`", "Drop `x`")."""
    return f"{verb.capitalize()} from" if verb in ("switch", "move", "migrate", "change") else verb.capitalize()


def _code(text: str) -> str:
    """``text`` as inline code (double backticks when it holds one)."""
    return f"``{text}``" if "`" in text else f"`{text}`"


def _yank_said(result: Survey, p: PackageFacts, version: str | None, ev: Evidence | None = None
               ) -> tuple[str, str]:
    """Why the registry yanked (npm: deprecated) ``version`` of ``p``, as it says, cited with ``ev`` (' ("Negative
    durations lose their sign; use 2.3.1"[1])'), and whether that bears on the workspace's own code
    (:attr:`Survey.workspace_lines`, :func:`usage.touched_lines`: ", which bears on your code: `src/rota.py` line 6
    uses `durationkit.parse(iso, allow_negative=True)`", or "; no line of your code using it names what that reason
    names (1 line read: ...), so it may not bear on your use"; "" when no line of the workspace uses it). ("", "")
    when the registry gives no reason."""
    reason = p.yank_reason(version)
    if not reason:
        return "", ""
    field_name = {"npm": "deprecated", "crates": "yank_message"}.get(p.ecosystem, "yanked_reason")
    cite = ev.cite(p.url, *json_needles(field_name, reason), reason) if ev is not None else ""
    said = f" (\"{reason}\"{cite})"
    lines = result.workspace_lines.get(key(p), [])
    if not lines:
        return said, ""
    hit = touched_lines(reason, p.name, lines, p.summary)
    if hit:
        shown = "; ".join(f"`{c.path}` line {c.line} uses {_code(c.text)}" for c in hit[:2])
        more = f" (and {len(hit) - 2} more line{'s' if len(hit) > 3 else ''})" if len(hit) > 2 else ""
        return said, f", which bears on your code: {shown}{more}"
    where = ", ".join(f"`{c.path}` line {c.line}" for c in lines[:3]) + (", ..." if len(lines) > 3 else "")
    return said, (f"; no line of your code using it names what that reason names ({len(lines)} "
                  f"line{'s' if len(lines) != 1 else ''} read: {where}), so it may not bear on your use")


def _inactive_text(p: PackageFacts, ev: Evidence | None = None) -> str:
    """What an inactive project (:func:`registries.project_inactive`) is, its classifier and last release cited
    with ``ev``: "`pyfoo` is inactive as a project: its PyPI classifiers say "Development Status :: 7 - Inactive"[1];
    its last release was 1.0.0, of 2022-05-10[1], 4 years ago"."""
    cite = ev.cite(p.url, json.dumps(p.status_detail), p.status_detail) if ev is not None else ""
    text = (f"`{p.name}` is inactive as a project: its {_REGISTRY_NAME[p.ecosystem]} classifiers say "
            f"\"{p.status_detail}\"{cite}")
    version, day = p.latest_good or p.version, p.latest_good_release or p.latest_release
    if version:
        years = years_since(day)
        text += f"; its last release was {version}" + (
            f", of {day}{ev.cite(p.url, day) if ev is not None and day else ''}" if day else "") + (
            f", {years} year{'s' if years != 1 else ''} ago" if years else "")
    return text


#: a question asking for a package's release: "What is the latest version of x?", "Which version of x is current?",
#: "x's newest release", "the current release of x"
_ASKS_RELEASE = re.compile(r"\b(?:(?:latest|newest|current|most\s+recent|last)\s+(?:stable\s+)?(?:version|release)|"
                           r"(?:what|which)\s+(?:is\s+the\s+)?(?:version|release))\b", re.I)


def release_answer(question: str, result: Survey, ev: Evidence) -> str:
    """The opening answering a question that asks for the release of the one package it names (:data:`_ASKS_RELEASE`,
    :attr:`Survey.one_asked`) when that package is found: "**Latest release of `humanbytes`: 0.4.2**[1] (PyPI, of
    2019-05-02[1]); `humanbytes` is inactive as a project (...).", its newest installable release and its date cited in
    its registry document, a newer yanked one named with its date and the registry's reason ("2.2.0, of 2026-11-25,
    is newer but yanked: ..."), and, when another package or none is recommended, why it is not
    (:func:`_why_not`); the recommendation follows it. "" otherwise."""
    if not result.one_asked or not _ASKS_RELEASE.search(_FENCE.sub(" ", question)):
        return ""
    p = next((p for p in result.packages if p.name.lower() == result.one_asked.lower() and p.error is None), None)
    chosen = result.recommendable()
    if p is None:
        return ""
    release = p.installable or p.version
    if release is None:
        return ""
    day = p.latest_good_release if release != p.version else p.latest_release
    why = _why_not(result, p) if not (chosen and chosen[0] is p) else ""
    reason = p.yank_reason(p.version) if release != p.version else ""
    return (f"**Latest release of `{p.name}`: {release}**{ev.cite(p.url, *json_needles('version', release))} "
            f"({_REGISTRY_NAME[p.ecosystem]}" + (f", of {day}{ev.cite(p.url, day)}" if day else "") + ")"
            + (f"; {p.version}" + (f", of {p.latest_release}" if p.latest_release else "")
               + f", is newer but {p.status}" + (f": \"{reason}\"" if reason else "") if release != p.version else "")
            + (f"; `{p.name}` {why}" if why else "") + ".")


#: a question asking which licence a package is under: "What licence does x use?", "Which license is x under?",
#: "the licence of x", "x's licence", "How is x licensed?", "Under what licence is x released?"
_ASKS_LICENCE = re.compile(
    r"\b(?:what|which)\s+(?:(?:open[- ]source|software|kind\s+of|type\s+of)\s+)?licen[cs]es?\b"
    r"|\blicen[cs]es?\s+(?:of|for)\b|['\u2019]s?\s+licen[cs]es?\b"
    r"|\bhow\s+is\s+\S+\s+licen[cs]ed\b|\blicen[cs]ed\s+under\s+(?:what|which)\b", re.I)


def licence_fact_answer(question: str, result: Survey, ev: Evidence) -> str:
    """The opening answering a question that asks which licence the one package it names is under
    (:data:`_ASKS_LICENCE`, :attr:`Survey.one_asked`; not a question saying how it is to be used, ``Survey.use``,
    which :func:`yes_no_answer` answers) when that package is found with a licence: its own licence from its
    registry record, cited ("**Licence of `inkrows`: MIT**[1] (npm, release 1.8.2)"; a copyleft one with what it
    asks of a program using it, :func:`copyleft_caveat`), even when it is deprecated
    or unmaintained, which is said next (:func:`_why_not`), then the successor its own registry text names, with
    that one's licence, when the survey found it usable ("; its successor `rowknit` 4.2.0[2] is licensed
    MIT[2]"); the recommendation follows it. "" otherwise."""
    if result.use is not None or not result.one_asked or not _ASKS_LICENCE.search(_FENCE.sub(" ", question)):
        return ""
    p = next((p for p in result.packages if p.name.lower() == result.one_asked.lower() and p.error is None), None)
    if p is None or not p.license:
        return ""
    chosen = result.recommendable()
    why = _why_not(result, p) if not (chosen and chosen[0] is p) else ""
    named = [n.lower() for n in result.successors.get(key(p), [])]
    successor = next((c for n in named for c in chosen if c is not p and c.name.lower() == n), None)
    caveat = copyleft_caveat(p.license)  # what the licence asks of a program using it ("strong copyleft: ...")
    text = (f"**Licence of `{p.name}`: {p.license}**{ev.cite(p.url, p.license)} ({_REGISTRY_NAME[p.ecosystem]}"
            + (f", release {p.version}" if p.version else "") + ")" + (f", {caveat}" if caveat else "")
            + (f"; `{p.name}` {why}" if why else ""))
    if successor is not None:
        release = successor.installable or successor.version or ""
        text += (f"; its successor `{successor.name}` {release}"
                 f"{ev.cite(successor.url, *json_needles('version', release))} is licensed "
                 + (f"{successor.license}{ev.cite(successor.url, successor.license)}" if successor.license
                    else "under no licence its registry record states"))
    return text + "."


def _unread_licence_pages(question: str, result: Survey, pages: Sequence[Page]
                          ) -> tuple[PackageFacts, list[PageLicence]] | None:
    """The package a licence question asks about (as :func:`licence_fact_answer` reads it) when its registry record
    could not be read (an error status, a malformed answer, a time-out; not "no such package"), with the licences
    the fetched ``pages`` state for it (:func:`services.domain_code.licences.page_licences`, its own pages first);
    None when the question is no such question, the record was read, or no page states a licence."""
    if result.use is not None or not result.one_asked or not _ASKS_LICENCE.search(_FENCE.sub(" ", question)):
        return None
    p = next((p for p in result.packages if p.name.lower() == result.one_asked.lower()), None)
    if p is None or p.error is None or p.error.startswith("not_found"):
        return None
    found = page_licences(p.name, pages, [q.name for q in result.packages])
    return (p, found) if found else None


#: a licence's long name -> the SPDX stem it is written as ("GNU General Public License v3" is a "GPL")
_LONG_LICENCE_STEMS = (("affero", "agpl"), ("lesser", "lgpl"), ("library general", "lgpl"),
                       ("general public", "gpl"), ("mozilla", "mpl"), ("eclipse", "epl"))


def _licence_key(licence: str) -> tuple[str, str]:
    """What two spellings of one licence share: its SPDX stem and major version ("GNU General Public License v3.0
    or later" and "GPL-3.0-or-later" -> ("gpl", "3"); "Apache License, Version 2.0" and "Apache-2.0" -> ("apache",
    "2"); "MIT" -> ("mit", ""))."""
    low = licence.lower()
    stem = next((s for long, s in _LONG_LICENCE_STEMS if long in low), "")
    if not stem:
        first = re.match(r"[a-z]+", low)
        stem = first.group(0) if first else low
    version = re.search(r"\d", low)
    return stem, version.group(0) if version else ""


def page_licence_answer(question: str, result: Survey, pages: Sequence[Page], ev: Evidence) -> str:
    """The opening answering a licence question about one package whose registry record could not be read, from
    what the fetched pages state (:func:`_unread_licence_pages`), cited to the sentence saying it: "**Licence of
    `inkrows`: MIT**[@e1], as its own page states it (“It is released under the MIT licence.”), as does another
    fetched page[@e2] — not confirmed by its registry, whose record could not be read (PyPI inkrows answered
    500)."; a page stating another licence is said too ("; but another fetched page says GPL-3.0[@e3]"). "" when
    the registry answered or no page states a licence (the registry's failure then answers:
    :func:`_unread_sentence`)."""
    unread = _unread_licence_pages(question, result, pages)
    if unread is None:
        return ""
    p, found = unread
    first = found[0]
    agree = [f for f in found[1:] if _licence_key(f.licence) == _licence_key(first.licence)]
    differ = [f for f in found[1:] if _licence_key(f.licence) != _licence_key(first.licence)]
    text = (f"**Licence of `{p.name}`: {first.licence}**{ev.cite(first.url, first.sentence)}, as "
            + ("its own page" if first.own else "a fetched page") + " states it"
            + (f" (“{first.sentence}”)" if len(first.sentence) <= QUOTE_MAX else ""))
    if agree:
        text += (", as does another fetched page" if len(agree) == 1 else f", as do {len(agree)} other fetched pages") \
            + "".join(ev.cite(f.url, f.sentence) for f in agree)
    text += "".join(f"; but another fetched page says {f.licence}{ev.cite(f.url, f.sentence)}" for f in differ)
    detail = (p.error or "").split(": ", 1)[-1].strip()
    return text + " — not confirmed by its registry, whose record could not be read" + (
        f" ({detail})" if detail else "") + "."


#: the longest page sentence quoted whole in an answer (characters)
QUOTE_MAX = 200


def page_licence_tier(question: str, result: Survey, pages: Sequence[Page]) -> str | None:
    """The highest tier of an answer by :func:`page_licence_answer`: "medium" when the pages stating a licence
    agree (the registry did not confirm it), "low" when they disagree; None when that answer is not given."""
    unread = _unread_licence_pages(question, result, pages)
    if unread is None:
        return None
    keys = {_licence_key(f.licence) for f in unread[1]}
    return "medium" if len(keys) == 1 else "low"


#: a literal a question gives for the call to work on ("1994", "'MCMXCIV'", "\"2026-01-01\""): a call line passing it
#: is the one the question asks about
_LITERAL_RE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])|\"[^\"\n]{1,40}\"|'[^'\n]{1,40}'")


def call_answer(question: str, result: Survey, signatures: Sequence[Signature],
                checks: Sequence[tuple[Snippet, CheckResult]], ev: Evidence) -> str:
    """The opening answering a how-to question about the recommended package the question names ("How do I call
    numeralkit's parse function?", "How do I call numeralkit to convert 1994 ...?": :func:`asks_for_code`) with the
    call itself: "**Call `numeralkit.to_roman(1994)`** — `numeralkit` 2.1.0[1] declares
    `numeralkit.to_roman(number: int, *, lowercase: bool = False) -> str`; the example it is from passed its check
    (py_compile + mypy + run: it ran).". The call is a line of usage code that passed its check at the types or
    run level (a page's example, the model's code) calling a name the package was introspected to declare; of
    several, the one passing a literal the question gives ("1994"), then the one whose name and docstring share the
    most words (stems) with the question ("parse" meets "Parse a Roman numeral ..."). "" when the question is no
    how-to or request for code, names no recommended package, or no such line passed."""
    chosen = result.recommendable()
    prose = _FENCE.sub(" ", question)
    if not chosen or not asks_for_code(prose) or _YES_NO.match(prose):
        return ""
    best = chosen[0]
    if best.name.lower() not in {n.lower() for n in result.question_named}:
        return ""
    declared = {s.name: s for s in signatures if s.package.lower() == best.name.lower() and "." not in s.name}
    own = set(stems(best.name.replace("-", " ").replace("_", " ")))
    asked = {w for w in stems(prose) if not is_stopword(w) and w not in own}
    given = {m.group(0) for m in _LITERAL_RE.finditer(prose)}
    found: list[tuple[int, int, str, Signature, CheckResult]] = []
    for snippet, check in checks:
        if snippet.origin not in USAGE_ORIGINS or check.level not in ("types", "run") \
                or snippet.packages and best.name.lower() not in {n.lower() for n in snippet.packages}:
            continue
        for line in snippet.code.splitlines():
            code = re.split(r"\s+#|\s+//", line)[0].strip()
            for name, sig in declared.items():
                if re.search(rf"(?<![\w]){re.escape(name)}\(", code) and not code.startswith(("import ", "from ")):
                    words = set(stems(f"{sig.name.replace('_', ' ')} {sig.doc}")) & asked
                    found.append((sum(g in code for g in given), len(words), code, sig, check))
    if not found:
        return ""
    _, _, code, sig, check = max(found, key=lambda f: (f[0], f[1]))
    release = best.installable or best.version or sig.version
    return (f"**Call `{code}`** — `{best.name}` {release}{ev.cite(best.url, *json_needles('version', release))} "
            f"declares `{sig.qualified}`; the example it is from passed its check ({check.checker}: "
            f"{CHECK_DEPTH[check.level]}).")

def _why_none(result: Survey, packages: Sequence[PackageFacts] | None = None) -> str:
    """Why no surveyed candidate is recommended, package by package (unavailable, yanked, deprecated, a possible
    typosquat, a licence clash with the workspace, or its own documentation saying it lacks a requirement); of
    ``packages`` when given, else of every surveyed one."""
    reasons = [f"`{p.name}` {why}" for p in (result.packages if packages is None else packages)
               if (why := _why_not(result, p))]
    return "; ".join(reasons) + " (see the table)." if reasons else "see the table."


def _asked_unread(result: Survey) -> list[PackageFacts]:
    """The packages the question names (:attr:`Survey.question_named`) that no registry gave: unknown there (404) or
    not read (an error status, a malformed answer, a time-out); their own sentences open a report that recommends
    nothing (:func:`_unread_sentence`)."""
    asked = {n.lower() for n in result.question_named}
    return [p for p in result.packages if p.error is not None and p.name.lower() in asked]


def _unread_sentence(result: Survey, p: PackageFacts) -> str:
    """The sentence answering a question about ``p``, a package it names that no registry gave: "`bytesmith` is no
    package on PyPI (nor on npm or crates.io)." when every registry asked answered 404 (with a probable typo, see
    :func:`_why_not`), else "Not established: `sizeunits` could not be read from its registry (PyPI sizeunits
    answered 500)." with what the registry did."""
    error = p.error or ""
    if not error.startswith("not_found"):
        detail = error.split(": ", 1)[-1].strip()
        return f"Not established: `{p.name}` could not be read from its registry" + (f" ({detail})" if detail else "") \
            + "."
    also = [r for r in (_REGISTRY_NAME[e] for e in ECOSYSTEMS if e != p.ecosystem)
            if f"{r} {p.name}" in result.looked_up]
    return f"`{p.name}` {_why_not(result, p)}" + (f" (nor on {' or '.join(also)})" if also else "") + "."


def _why_not(result: Survey, p: PackageFacts) -> str:
    """Why ``p`` may not be recommended ("is yanked", "is said by its own README not to meet “async”", "is no
    longer maintained: its registry summary says ..."), with what :func:`upkeep` says of a yanked or deprecated one,
    or ""."""
    if p.error is not None:
        if p.error.startswith("not_found"):
            typo = probable_typo_of(result, p)
            return (f"is no package on {_REGISTRY_NAME[p.ecosystem]}"
                    + (f": probably a typo of `{typo}`" if typo else ""))
        return "could not be read from its registry"
    kept = "; ".join(upkeep(p))  # "its README says it is no longer maintained: ...", "its last usable release ..."
    if project_inactive(p):  # "is inactive as a project (...), and its README says ..."
        notice = "; ".join(k for k in upkeep(p) if not k.startswith("its last usable release"))
        return (f"is inactive as a project (\"{p.status_detail}\"; its last release {p.latest_good or p.version}"
                + (f" is of {p.latest_good_release or p.latest_release}" if p.latest_good_release or p.latest_release
                   else "") + ")" + (f", and {notice}" if notice else ""))
    if p.status != "active":
        if p.latest_good and p.version and p.latest_good != p.version:  # only its latest release is pulled
            said = p.status_detail and p.status_detail != f"{p.version} is {p.status}"
            return (f"is {p.status} in its latest release {p.version} only ("
                    + (f"{p.status_detail}; " if said else "") + f"{p.latest_good} is not)"
                    + (f", and {kept}" if kept else ""))
        return f"is {p.status}" + (f", and {kept}" if kept else "")
    if p.unmaintained:  # "is no longer maintained, its registry summary says: “...”; its last usable release ..."
        return "is no longer maintained, " + kept.replace(" says it is no longer maintained:", " says:", 1)
    if p.typosquat_of:
        return f"may be a typosquat of `{p.typosquat_of}`"
    if result.clash(p):
        ws = result.workspace
        clashes_ws = ws is not None and licence_clash(ws.licence, p.license) is not None
        return ("has a licence that clashes with your project's" if clashes_ws or result.use is None
                else f"has a licence that rules it out for {result.use.phrase()} ({p.license}: strong copyleft)")
    if against := result.contradicted(p):
        where = "registry summary" if _where(p, against[0]) == "registry summary" else "README"
        return f"is said by its own {where} not to meet {_quoted([a.requirement for a in against])}"
    return ""


def probable_typo_of(result: Survey, p: PackageFacts) -> str | None:
    """The name ``p`` (a name its registry does not know) is probably a typing slip of: a package of the survey
    that its registry knows, one edit away (Damerau-Levenshtein, case and ``-``/``_``/``.`` folded: "quilcsv" of
    "quillcsv"), else a popular package it is a typo of (:func:`shared.text.packages.lookalike`); None when it is
    near neither."""
    from rapidfuzz.distance import DamerauLevenshtein

    from shared.text.packages import fold_name, lookalike

    folded = fold_name(p.name)
    for other in result.packages:
        if other is not p and other.error is None and other.ecosystem == p.ecosystem and \
                DamerauLevenshtein.distance(folded, fold_name(other.name), score_cutoff=1) == 1:
            return other.name
    found = lookalike(p.ecosystem, p.name)
    return found[0] if found is not None and found[1] == "typo" else None


def head_to_head(question: str, result: Survey) -> str:
    """The answer to an "A or B" question ("Should I use ratelimitr or limitwise ...?", "X vs Y"), comparing the
    two named packages with each other: which of them is the better choice and why the other is not (its status,
    or its own documentation denying a requirement), or that neither fits; "" when the question names no such pair
    or a name was not surveyed."""
    prose = _URL.sub(" ", _FENCE.sub(" ", question))
    by_name = {p.name.lower(): p for p in result.packages}
    for m in _VERSUS.finditer(prose):
        if re.search(r"\s+and\s+", m.group(0), re.I):
            continue  # "X and Y" asks about both, not a choice
        a, b = (by_name.get(m.group(i).strip("`'\".,;:?").lower()) for i in (1, 2))
        if a is None or b is None or a is b:
            continue
        order = [p for p in result.recommendable() if p in (a, b)]
        reasons = {p.name: _why_not(result, p) for p in (a, b)}
        if not order:
            return (f"**`{a.name}` or `{b.name}`:** neither fits: " + "; ".join(
                f"`{p.name}` {reasons[p.name]}" for p in (a, b)) + ".")
        better = order[0]
        other = b if better is a else a
        if reasons[other.name]:
            why = f"`{other.name}` {reasons[other.name]}"
        else:
            met_b, met_o = result.met(better), result.met(other)
            licence_known = result.workspace is not None and bool(result.workspace.licence)
            caveat = "" if licence_known or copyleft_caveat(better.license).startswith("strong") \
                else copyleft_caveat(other.license) if copyleft_caveat(other.license).startswith("strong") else ""
            why = (f"it is shown to meet {met_b} of your requirements, `{other.name}` {met_o}" if met_b != met_o
                   else f"`{other.name}` is licensed {other.license} ({caveat}), `{better.name}` {better.license}"
                   if caveat else "it ranks ahead on track record, downloads and recency (see the table)")
        pin = (f" (pin `{_pin(better, better.installable)}`: its latest release {better.version} is {_pulled(better)})"
               if better.installable and better.installable != better.version else "")
        return f"**`{a.name}` or `{b.name}`:** `{better.name}` is the better choice of the two{pin}: {why}."
    return ""


def yanked_in_use(result: Survey, p: PackageFacts) -> str | None:
    """The version of ``p`` the workspace pins (``==2.4.0``, or the version its lock file resolves) when the
    registry marks that release yanked (npm: deprecated), else None; None without a workspace or a pinned version."""
    ws = result.workspace
    dep = ws.in_use(p.ecosystem, p.name) if ws is not None else None
    if dep is None or p.error is not None:
        return None
    spec = dep.spec.strip()
    used = dep.version or (spec.lstrip("=").strip() if re.fullmatch(r"==?\s*[\w.+!-]+", spec) else None)
    return used if used and used in p.yanked_versions else None


def _pin(p: PackageFacts, version: str) -> str:
    """How to pin ``p`` at ``version`` in its ecosystem's manifest."""
    if p.ecosystem == "npm":
        return f'"{p.name}": "{version}"'
    if p.ecosystem == "crates":
        return f'{p.name} = "={version}"'
    return f"{p.name}=={version}"


def _in_use_advice(result: Survey, best: PackageFacts | None, ev: Evidence | None = None) -> str:
    """What to do about each package the workspace uses that the registry marks yanked or deprecated, or whose
    licence clashes with the project's: keep (pin) the version in use when only the latest release is yanked, move
    to the newest release that is not when the one in use is, or move to the recommended package; a dependency
    whose licence clashes is never to be kept: the advice says the clash and the alternative (the recommended
    package, or one under a licence that fits), and what its releases' status adds. A release in use that is
    yanked is said with the registry's reason, cited with ``ev``, and whether it bears on the workspace's code
    (:func:`_yank_said`)."""
    ws = result.workspace
    if ws is None:
        return ""
    out: list[str] = []
    for p in result.packages:
        dep = ws.in_use(p.ecosystem, p.name)
        clash = result.clash(p)
        if dep is None or p.error is not None or (p.status not in ("yanked", "deprecated") and not clash
                                                  and yanked_in_use(result, p) is None):
            continue  # (a yanked release pinned is advised on even when the package's latest is not yanked)
        spec = dep.spec.strip()
        used = dep.version or (spec.lstrip("=") if re.fullmatch(r"==?\s*[\w.+!-]+", spec) else None)
        alt = (f", or move to the recommended `{best.name}` {best.installable or best.version}" if best is not None and best is not p
               else "")
        detail = f" ({p.status_detail})" if p.status_detail and p.status_detail not in (f"{p.version} is yanked",) \
            else ""
        if clash:
            instead = (f"move to the recommended `{best.name}` {best.installable or best.version}" if best is not None and best is not p
                       else "replace it with a package under a licence that fits your project's")
            status = ""
            if p.status in ("yanked", "deprecated"):
                status = (f" Its latest release {p.version} is also {p.status}{detail}"
                          + (f" (the {used} you use is not)" if used and used not in p.yanked_versions
                             and used != p.version else "") + ".")
            advice = (f"its licence, {p.license}, is a strong copyleft licence that clashes with your project's "
                      f"{ws.licence} licence (the combined work would have to be released under it), so do not keep "
                      f"it: {instead}.{status}")
        elif project_inactive(p):
            advice = (f"the project is inactive{detail}, its last release {p.latest_good or p.version}: plan to "
                      "replace it" + (f" — the recommended `{best.name}` {best.installable or best.version} does the same job"
                                      if best is not None and best is not p else "") + ".")
        elif p.status == "deprecated":
            advice = (f"its latest release {p.version} is deprecated{detail}: plan to replace it"
                      + (f" — the recommended `{best.name}` {best.installable or best.version} does the same job" if best is not None
                         and best is not p else "") + ".")
        elif used and used in p.yanked_versions:
            reason, bearing = _yank_said(result, p, used, ev)
            why = reason + bearing if reason else (detail if used == p.version else "")
            advice = (f"the version you use, {used}, is yanked{why}{'; ' if bearing else ': '}"
                      + (f"move to {p.latest_good}, its newest release that is not yanked (`{_pin(p, p.latest_good)}`)"
                         if p.latest_good else "no release of it is left unyanked: replace it") + alt + ".")
        elif used:
            advice = (f"its latest release {p.version} is yanked{detail}; the {used} you use is not: keep {used} "
                      f"(pin `{_pin(p, used)}`) and do not upgrade to {p.version}" + alt + ".")
        else:
            advice = (f"its latest release {p.version} is yanked{detail} and your spec "
                      f"`{spec or 'any version'}` does not pin a version: "
                      + (f"pin its newest release that is not yanked (`{_pin(p, p.latest_good)}`)" if p.latest_good
                         else "no release of it is left unyanked: replace it") + alt + ".")
        out.append(f"**Your workspace uses `{p.name}`** ({used or spec or 'any version'}): {advice}")
    return "".join(f"\n\n{line}" for line in out)


#: a type checker's or interpreter's report of a missing attribute: mypy's '"CronExpr" has no attribute "upcoming"',
#: 'Module "cronwise" has no attribute "nxt"', Python's "'CronExpr' object has no attribute 'upcoming'"
_NO_ATTRIBUTE_RE = re.compile(
    r"""(?:Module(?:\s+["']([\w.]+)["'])?|["']([\w.]+)["'](?:\s+object)?)\s+has\s+no\s+attribute\s+["'](\w+)["']""")


def missing_name_hint(error: str, signatures: list[Signature], packages: tuple[str, ...] = ()) -> str:
    """What a failed check's missing attribute could have been, from the signatures read from the package itself:
    for '"CronExpr" has no attribute "upcoming"', "`CronExpr` has no `upcoming`; its public names (read from
    cronwise 2.4.0): `matches`, `next_runs`", the closest one first when one is close ("`next_run` for `nxt_run`").
    The owner is a class (its methods) or a module (its functions and classes; mypy's 'Module has no attribute
    "get_all"' names none: the modules of ``packages``, the packages the snippet was checked against); "" when the
    error names no missing attribute or the signatures read name nothing of its owner. Never raises."""
    import difflib

    m = _NO_ATTRIBUTE_RE.search(error or "")
    if m is None:
        return ""
    module, owner, missing = m.group(1), m.group(2), m.group(3)
    read = [sig for sig in signatures if sig.language == "python" and (not packages or sig.package in packages)]
    if owner is not None:  # a class: its methods
        short = owner.rsplit(".", 1)[-1]
        members = [(sig.name.split(".", 1)[1], sig) for sig in read
                   if "." in sig.name and sig.name.split(".", 1)[0] == short]
    else:  # a module ("Module has no attribute", mypy names none): its top-level names
        short = module or (read[0].module if read else "")
        members = [(sig.name, sig) for sig in read if "." not in sig.name
                   and (module is None or sig.module == module or sig.module.split(".")[0] == module)]
    names = list(dict.fromkeys(n for n, _ in members if not n.startswith("_")))
    if not names:
        return ""
    close = difflib.get_close_matches(missing, names, n=1, cutoff=0.6)
    names = close + [n for n in names if n not in close]
    first = members[0][1]
    return (f"`{short}` has no `{missing}`; its public names (read from {first.package} {first.version}): "
            + ", ".join(f"`{n}`" for n in names) + ".")


def copyleft_caveat(licence: str | None) -> str:
    """What a copyleft licence asks of the code using the package ("GPL-3.0-only": "strong copyleft: a program
    distributed with it must be released under the same licence"; "MPL-2.0": "weak copyleft: fine to use, changes to it
    must be shared"); "" for a permissive, unknown or missing licence, or one that offers a permissive choice
    ("MIT OR GPL-2.0")."""
    upper = (licence or "").upper()
    found = next((c for c in COPYLEFT if c in upper), None)
    if found is None or re.search(r"\bOR\b", upper) and any(p in upper for p in PERMISSIVE):
        return ""
    if found in ("LGPL", "MPL", "EPL", "CDDL"):
        return "weak copyleft: fine to use, changes to it must be shared"
    return "strong copyleft: a program distributed with it must be released under the same licence"


def no_code_text(checks: list[tuple[Snippet, CheckResult]], why: str) -> str:
    """The plain statement that no code of the answer passed its check, and why (``""`` when some did): none was
    proposed (``why``), or each proposed snippet failed its check (stage and reason) or could not be checked (the
    checker unavailable, with its reason). The user's own code from the question does not count as proposed."""
    proposed = [(s, c) for s, c in checks if s.origin != "question"]
    if any(c.status == "passed" for _, c in proposed):
        return ""
    if not proposed and checks:  # only the asker's own code: shown and checked under Checked code
        return (f"**No code was proposed besides yours** (yours is under Checked code): "
                f"{why.rstrip('.') or 'no snippet was written'}.")
    if not proposed:
        return f"**No code is shown:** none was proposed — {why.rstrip('.') or 'no snippet was written'}."
    reasons = [f"`{s.snippet_id}` failed its check ({c.reason} at {c.stage})" if c.status == "failed"
               else f"`{s.snippet_id}` was not run: {_unrun(c)}" if c.reason == "not_installed"
               else f"`{s.snippet_id}` could not be checked: checker unavailable ({c.error or c.reason})"
               for s, c in proposed]
    return "**No proposed code passed its check**, so none is shown as working: " + "; ".join(reasons) + "."


def _unrun(check: CheckResult) -> str:
    """Why a snippet importing a package the sandbox could not install was not run, from its check's error
    ("not run: the type check is incomplete: runeloom not installed (pip ...)"): "runeloom not installed
    (pip ...)"."""
    return re.sub(r"^(?:not run: )?(?:the type check is incomplete: )?", "", check.error or check.reason)


def _input_note(check: CheckResult) -> str:
    """The sentence saying a passed check's run stopped only at an input file the sandbox lacks (``""`` for other
    checks): the code is type-checked, and needs that file to run (``CheckResult`` reason "input_missing")."""
    if check.reason != "input_missing":
        return ""
    return f" {check.error[:1].upper()}{check.error[1:].rstrip('.')}: it needs that file to run."


def _code_status(checks: list[tuple[Snippet, CheckResult]], no_code: str = "", asks_code: bool = False,
                 squats: dict[str, str] | None = None) -> str:
    """The recommendation's line on the code the report shows: which proposed snippets passed their check (with
    the checker and versions), which failed (never presented as working) and which could not be checked; when
    none passed (or none was proposed), that is said first, and why (:func:`no_code_text`; ``no_code``: why none
    was proposed). ``squats``: folded name -> the package it may squat on; a page example whose page installs such
    a name passed only with the genuine package, and the line says so."""
    lines: list[str] = []
    none = no_code_text(checks, no_code)
    if none:  # (with no snippet at all, "Checked code" says why, once)
        lines.append(none if checks else "**No code is shown:** none was proposed (see Checked code).")
    elif asks_code and not any(s.origin in USAGE_ORIGINS for s, _ in checks):
        # only import checks passed: they show the names exist, not code doing what was asked
        lines.append("**No usage code is shown:** the question asks for code, but none doing the task was "
                     f"written — {no_code.rstrip('.') or 'no snippet was written'}; the import checks below only "
                     "show that the names exist.")
    failed = [(s, c) for s, c in checks if c.status == "failed" and s.origin != "question"]
    unchecked = [(s, c) for s, c in checks if c.status == "unavailable" and s.origin != "question"]
    passed = [(s, c) for s, c in checks if c.status == "passed" and s.origin not in ("question", "offline")]
    imported = [(s, c) for s, c in checks if c.status == "passed" and s.origin == "offline"]
    yours = [(s, c) for s, c in checks if c.status == "failed" and s.origin == "question"]
    for s, c in failed:
        lines.append(f"**The proposed code `{s.snippet_id}` FAILED its check** ({c.reason} at {c.stage}; {c.checker})"
                     ": it does not work as shown — it is under Checked code with the error; do not use it as is.")
    for s, c in unchecked:
        if s.origin == "docs" and c.reason == "not_installed":  # the page's own example, as the page gives it
            lines.append(f"The usage example `{s.snippet_id}` is shown as its page gives it, not run "
                         f"({_unrun(c)}): treat it as untested.")
            continue
        lines.append(f"The proposed code `{s.snippet_id}` could not be checked ({c.error or c.reason}): "
                     "treat it as untested.")
    if passed:
        lines.append("Code that passed its check: " + "; ".join(
            f"`{s.snippet_id}` ({c.checker}; against "
            + ", ".join(f"{k} {v}" for k, v in c.versions.items())
            + (f" — {CHECK_DEPTH[c.level]}" if c.reason != "input_missing" else "")
            + (f"; {c.error}, so it needs that file to run" if c.reason == "input_missing" else "")
            + "".join(f"; only with `{(squats or {})[fold_name(n)]}` installed, not `{n}` as its page says"
                      for n in s.installs if fold_name(n) in (squats or {})) + ")"
            for s, c in passed) + ".")
    if imported:
        lines.append("Import checks passed: " + "; ".join(f"`{s.snippet_id}` ({c.checker})" for s, c in imported)
                     + f" {IMPORT_CHECK_ONLY}.")
    if yours:
        lines.append("Your own code failed its check: " + "; ".join(f"`{s.snippet_id}` ({c.reason} at {c.stage})"
                                                                     for s, c in yours) + " (see Checked code).")
    return "\n\n" + "\n\n".join(lines) if lines else ""


def capability_asked(question: str, result: Survey, p: PackageFacts) -> Requirement | None:
    """The capability a yes/no question asks of the package ``p`` it is about
    (:func:`services.domain_code.requirements.asked_capability`: "Does the Python package hexmesh support IPv6
    addresses?" asks "support IPv6 addresses"), or None when it asks something else: whether to avoid it
    (:data:`_ASKS_DECLINE`), whether it is fit to take in (:data:`_ASKS_FITNESS`), its upkeep (:func:`asks_upkeep`),
    how the asker may use it (``Survey.use``), or no capability at all. Code blocks are not read."""
    prose = _FENCE.sub(" ", question)
    if result.use is not None or _ASKS_DECLINE.search(prose) or _ASKS_FITNESS.search(prose) or asks_upkeep(prose):
        return None
    return asked_capability(prose, p.name)


def _statement_cite(ev: Evidence, s: Statement) -> str:
    return ev.cite(s.url, *(n for n in (s.needle, s.sentence, json.dumps(s.sentence)[1:-1]) if n))


def _stated_by(p: PackageFacts, s: Statement) -> str:
    """Who states ``s``: "`hexmesh`'s README", "`hexmesh`'s registry summary" or "a fetched page"."""
    if not s.own:
        return "a fetched page"
    return f"`{p.name}`'s " + ("registry summary" if s.sentence and s.sentence in " ".join(p.summary.split())
                               else "README")


def _capability_standing(p: PackageFacts, ev: Evidence) -> str:
    """What the registry says against ``p`` itself, said after an answer about what it does ("; note that `x` is
    inactive as a project: ...", "; note that its latest release 2.0.0 is deprecated", "; note that its registry
    summary says it is no longer maintained: ..."); "" when it says nothing against it."""
    notes = [_inactive_text(p, ev)] if project_inactive(p) else []
    if p.status in ("yanked", "deprecated") and not notes:
        notes.append(f"its latest release {p.version} is {p.status}")
    notes += upkeep(p, ev)
    return "; note that " + "; ".join(notes) if notes else ""


def capability_said(result: Survey, p: PackageFacts, requirements: Sequence[Requirement], ev: Evidence,
                    pages: Sequence[Page] = ()) -> str:
    """The answer to a yes/no question asking whether the package ``p`` does something (``requirements``: what it
    asks, :func:`capability_asked` or the question's stated requirements), from what ``p``'s own documentation and
    the fetched ``pages`` state of each (:func:`services.domain_code.requirements.stated`), each statement quoted
    and cited: "**No:** `hexmesh`'s README says it does not meet "support IPv6 addresses": "Parses IPv4 addresses
    only; there is no IPv6 support."[@e1], as does a fetched page[@e2]" when a source says it lacks one and none
    says it has it; "**Yes:** ... shows it meets ..." when every one is stated; else "Not established: ..." naming
    what no source states, or where the sources disagree. The package's standing follows (:func:`_capability_standing`:
    inactive, deprecated, no longer maintained), never in place of the answer."""
    documents = {url: text for url, (_, text) in ev.documents.items()}
    texts = [(page.url, page.text) for page in pages]
    others = [q.name for q in (*result.packages, *result.peers) if q.name.lower() != p.name.lower()]
    found = [(r, stated(r, p, texts, documents, others)) for r in requirements]
    standing = _capability_standing(p, ev)

    def quoted(r: Requirement, says: list[Statement], verb: str) -> str:
        first, rest = says[0], says[1:]
        text = (f"{_stated_by(p, first)} says " + ("it" if first.own else f"`{p.name}`")
                + f" {verb} \"{r.text}\": \"{first.sentence}\"{_statement_cite(ev, first)}")
        if rest:
            text += (", as does " + ("another source" if len(rest) == 1 else f"{len(rest)} other sources")
                     + "".join(_statement_cite(ev, s) for s in rest))
        return text
    against = [(r, says) for r, says in found if says and all(s.verdict == "contradicted" for s in says)]
    if against:
        r, says = against[0]
        return f"**No:** {quoted(r, says, 'does not meet')}{standing}."
    if found and all(says and all(s.verdict == "met" for s in says) for _, says in found):
        return "**Yes:** " + "; ".join(quoted(r, says, "meets") for r, says in found) + f"{standing}."
    disputed = [(r, says) for r, says in found if {s.verdict for s in says} == {"met", "contradicted"}]
    shown = [(r, says) for r, says in found if says and all(s.verdict == "met" for s in says)]
    unsaid = [r.text for r, says in found if not says]
    parts = []
    if unsaid:
        parts.append(f"nothing in `{p.name}`'s registry summary or README, nor in the fetched pages, says whether it "
                     f"meets {_quoted(unsaid)}")
    parts += [quoted(r, says, "meets") for r, says in shown]
    for r, says in disputed:
        yes = next(s for s in says if s.verdict == "met")
        no = next(s for s in says if s.verdict == "contradicted")
        parts.append(f"the sources disagree on \"{r.text}\": {_stated_by(p, yes)} says it does (\"{yes.sentence}\""
                     f"{_statement_cite(ev, yes)}), {_stated_by(p, no)} says it does not (\"{no.sentence}\""
                     f"{_statement_cite(ev, no)})")
    return "Not established: " + "; ".join(parts) + f"{standing}."


def capability_tier(question: str, result: Survey, pages: Sequence[Page] = ()) -> str | None:
    """The highest confidence tier of the answer to a yes/no question about what one package does
    (:func:`capability_said`, through :func:`yes_no_answer`): "low" when it is "Not established" (no source states
    it, or they disagree); "medium" when it is a "No" that one source alone states (one sentence read as a
    denial is not enough for high); None otherwise."""
    p = asked_package(question, result)
    if p is None or p.error is not None or (cap := capability_asked(question, result, p)) is None:
        return None
    said = yes_no_answer(question, result, Evidence({}), pages=pages)
    if said.startswith("Not established:"):
        return "low"
    if said.startswith("**No:**"):
        others = [q.name for q in (*result.packages, *result.peers) if q.name.lower() != p.name.lower()]
        if len(stated(cap, p, [(page.url, page.text) for page in pages], others=others)) < 2:
            return "medium"
    return None


def subject_package(question: str, result: Survey) -> PackageFacts | None:
    """The one surveyed package (found in its registry) that the question names, as a package or as one of its
    name-like words ("Which hexmesh function parses a block?"); None when it names none or several."""
    asked = {n.lower() for n in (*result.question_named, *result.question_words)}
    hits = {p.name.lower(): p for p in result.packages if p.error is None and p.name.lower() in asked}
    return next(iter(hits.values())) if len(hits) == 1 else None


#: a question asking for a function, method, class, option or other part of a package's API ("Which hexmesh
#: function parses a CIDR block?", "What is the name of the method that ...?", "Which option of x turns off ...?")
_ASKS_API = re.compile(
    r"\b(?:which|what)\b(?:\s+[\w.'\u2019-]+){0,5}?\s+(?:functions?|methods?|class(?:es)?|decorators?|options?|"
    r"arguments?|parameters?|keyword\s+arguments?|flags?|settings?|attributes?|hooks?|entry[\s-]points?|"
    r"api\s+calls?)\b", re.I)
#: the words of an API question that say what kind of thing it asks for, not what the thing does
_API_WORDS = frozenset(stems("function functions method methods class classes decorator option argument parameter "
                             "keyword flag setting attribute hook entry point api call python main name"))


def _content_stems(text: str) -> set[str]:
    """The stems of ``text``'s words that are no stop words (:func:`shared.text.tokens.is_stopword`)."""
    return set(stems(" ".join(w for w in re.findall(r"[A-Za-z][\w-]*", text) if not is_stopword(w.lower()))))


@dataclass(frozen=True)
class ApiMention:
    """A dotted name of a package's API a source writes (``path``: "hexmesh.parse_block"), whether it is written
    as a call (``called``), the source's ``url``, the exact ``text`` to cite, the line or sentence it stands in
    (``context``) and whether the source is the package's own documentation (``own``: its registry README or
    summary)."""

    path: str
    called: bool
    url: str
    text: str
    context: str
    own: bool


def api_mentions(p: PackageFacts, pages: Sequence[Page] = ()) -> list[ApiMention]:
    """The dotted names of ``p``'s API its registry README and summary, then the fetched ``pages``, write: a name
    opening with one of its modules (:func:`services.domain_code.imports.modules_of`: "hexmesh.parse_block('10.0.0.0/8')",
    "hexmesh.Block.from_string(s)"), never another package's ("hexmesh2.read", "other.parse"). In source order."""
    modules = modules_of(p.name) if p.ecosystem == "pypi" else [p.name]
    pattern = re.compile(r"(?<![\w.@/-])(?:" + "|".join(re.escape(m) for m in modules)
                         + r")((?:\.[A-Za-z_]\w*)+)(\s*\([^()\n]{0,80}\))?")
    sources = [(p.readme_url or p.url, p.readme, True), (p.url, p.summary, True),
               *((page.url, page.text, False) for page in pages)]
    out: list[ApiMention] = []
    for url, text, own in sources:
        for m in pattern.finditer(text or ""):
            path = m.group(0)[:len(m.group(0)) - len(m.group(2) or "")]
            start = text.rfind("\n", 0, m.start()) + 1
            end = text.find("\n", m.end())
            line = " ".join(text[start:end if end >= 0 else len(text)].split())
            context = next((s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", line) if m.group(0) in s), line)
            out.append(ApiMention(path, m.group(2) is not None, url, m.group(0), context[:QUOTE_MAX], own))
    return out


def api_answer(question: str, result: Survey, signatures: Sequence[Signature], ev: Evidence,
               pages: Sequence[Page] = ()) -> str:
    """The opening answering a question that asks for a function, method, class or option (:data:`_ASKS_API`) of
    the one package it names (:func:`subject_package`), from the names its own documentation and the fetched pages
    write (:func:`api_mentions`): the one whose name shares the most words (stems) with what the question asks it to
    do ("parse_block" for "parses a CIDR block"), then one its own README writes, then the most sources: "**Call
    `hexmesh.parse_block()`**[@e1] — `hexmesh`'s README (PyPI, release 2.0.0) writes it: “b =
    hexmesh.parse_block('10.0.0.0/8')”; 1 fetched page names it too[@e2]. No signature of it was read from the
    package itself, so no call of it was checked." (with the signature when one was read). "Not established: ..."
    when no source names one; "" when the question is no such question (a how-to question is
    :func:`call_answer`'s)."""
    prose = _FENCE.sub(" ", question)
    if not _ASKS_API.search(prose) or is_request(prose) or asks_how_to(prose) or _CHOICE_OF_PACKAGE.search(prose):
        return ""
    p = subject_package(question, result)
    if p is None:
        return ""
    mentions = api_mentions(p, pages)
    registry = _REGISTRY_NAME[p.ecosystem]
    if not mentions:
        return (f"Not established: neither `{p.name}`'s registry README ({registry}) nor the fetched pages name a "
                "function, method or class of it that does this.")
    own_words = set(stems(p.name.replace("-", " ").replace("_", " ")))
    asked = _content_stems(prose) - own_words - _API_WORDS

    def named_words(path: str) -> set[str]:
        return set(stems(re.sub(r"([a-z])([A-Z])", r"\1 \2", path.split(".", 1)[-1]).replace("_", " ")
                         .replace(".", " ")))
    paths = list(dict.fromkeys(m.path for m in mentions))

    def order(path: str) -> tuple[int, int, int, int]:
        of = [m for m in mentions if m.path == path]
        context = set().union(*(set(stems(m.context)) for m in of))
        return (len(named_words(path) & asked), any(m.own for m in of), len({m.url for m in of}),
                len(context & asked))
    best = max(paths, key=order)
    of = [m for m in mentions if m.path == best]
    first = next((m for m in of if m.own), of[0])
    shown = best + ("()" if any(m.called for m in of) else "")
    cite = ev.cite(first.url, first.text, json.dumps(first.text)[1:-1])
    who = (f"`{p.name}`'s README ({registry}" + (f", release {p.version}" if p.version else "") + ")"
           if first.own else "a fetched page")
    text = f"**Call `{shown}`**{cite} — {who} writes it: “{first.context}”"
    page_urls = list(dict.fromkeys(m.url for m in of if not m.own and m.url != first.url))
    if page_urls:
        cites = "".join(ev.cite(u, next(m.text for m in of if m.url == u)) for u in page_urls)
        text += (f"; {len(page_urls)} fetched page{'s name' if len(page_urls) > 1 else ' names'} it too{cites}"
                 if first.own else f", as do {len(page_urls)} other fetched page(s){cites}")
    last = best.rsplit(".", 1)[-1]
    sig = next((s for s in signatures if s.package.lower() == p.name.lower() and s.name.split(".")[-1] == last), None)
    if sig is not None:
        return text + f". `{p.name}` {sig.version} declares `{sig.qualified}`."
    return text + ". No signature of it was read from the package itself, so no call of it was checked here."


def api_tier(question: str, result: Survey, pages: Sequence[Page] = ()) -> str | None:
    """The highest confidence tier of :func:`api_answer`'s opening: "low" when it is "Not established" or only
    fetched pages (not the package's own documentation) name it, "medium" when its own README does (documentation,
    not the package itself, was read); None when it gives none."""
    said = api_answer(question, result, [], Evidence({}), pages)
    if not said:
        return None
    return "medium" if "'s README (" in said.split("—", 1)[-1][:200] and said.startswith("**Call") else "low"


#: a question asking for a choice among packages: which one to use, an alternative, a comparison
#: (:data:`_CHOICE`, whose "which <kind noun>" also reads "Which hexmesh parser function ...")
_CHOICE_OF_PACKAGE = re.compile(
    r"\b(?:alternatives?|instead|replacements?|successors?|compar(?:e|ed|ing|ison)|vs\.?|versus|"
    r"(?:should|could|would)\s+(?:i|we)\s+(?:use|pick|choose|take))\b", re.I)
#: the figures a registry record gives (downloads, releases, versions, licence): the survey answers them
_REGISTRY_FIGURE = re.compile(r"\b(?:downloads?|releases?|versions?|licen[cs]es?|dependenc(?:y|ies))\b", re.I)


#: a question asking how much of a quality the package it names has, the quality's adjective ("accurate" of "How
#: accurate is the Python package x?", "fast" of "How fast is x?"); "how many / much / often" ask a count
_HOW_ADJECTIVE = re.compile(r"^\s*how\s+(?!many\b|much\b|often\b|do\b|does\b|can\b|to\b)(?P<adj>[a-z]{3,})\s+"
                            r"(?:is|are|was|were)\s", re.I)


def _head_in(head: str, words: Sequence[str]) -> bool:
    """Whether the stem ``head`` is one of ``words`` (stems), or, five letters or more, opens one ("accur" of
    "accurate" opens "accuraci" of "Accuracy")."""
    return head in words or (len(head) >= 5 and any(w.startswith(head) for w in words))


def _attribute_asked(prose: str) -> str:
    """The thing a question asks which or what of the package it names, as the stem of its noun ("algorithm" of
    "Which rate limiting algorithm does the Python package x use?": :func:`shared.text.packages.asked_thing`), or
    the stem of the quality a "how <adjective> is x" question asks ("accur" of "How accurate is x?":
    :data:`_HOW_ADJECTIVE`); "" for other questions (a figure asked by "how many", a choice among packages, an API
    part, a registry figure: :data:`_API_WORDS`, :data:`_REGISTRY_FIGURE`)."""
    how = _HOW_ADJECTIVE.match(prose)
    if how is not None and not _REGISTRY_FIGURE.search(prose):
        quality = stems(how.group("adj"))
        return quality[0] if quality and quality[0] not in _API_WORDS else ""
    thing = asked_thing(prose)
    if not thing or answer_type(prose) in ("how_many", "measure") or _REGISTRY_FIGURE.search(thing):
        return ""
    head = stems(thing.split()[-1])
    return head[0] if head and head[0] not in _API_WORDS else ""


def _table_cells(text: str, name: str, rivals: Sequence[str]) -> list[tuple[str, str, str]]:
    """The rows of ``text``'s Markdown tables whose header row names the package ``name`` and no one of
    ``rivals``: (first cell, second cell, the row's text as stored), in page order."""
    out: list[tuple[str, str, str]] = []
    own, header = False, True
    for line in text.split("\n"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.strip().startswith("|") else []
        if len(cells) < 2:  # no table row: the next row opens a new table
            own, header = False, True
            continue
        if all(re.fullmatch(r":?-{3,}:?", c) for c in cells):
            continue
        if header:
            own = any(names_the_package(c, name) for c in cells) and not any(
                names_the_package(c, r) for c in cells for r in rivals)
            header = False
        elif own:
            out.append((cells[0], cells[1], line.strip()))
    return out


def _prose_sentences(text: str) -> list[str]:
    """``text``'s sentences outside its Markdown tables, each on one line."""
    out: list[str] = []
    for paragraph in re.split(r"\n\s*\n", text):
        prose = " ".join(line for line in paragraph.split("\n") if not line.strip().startswith("|"))
        out += [s for s in re.split(r"(?<=[.!?])\s+", " ".join(prose.split())) if s]
    return out


def _attribute_said(p: PackageFacts, head: str, pages: Sequence[Page], rivals: Sequence[str], ev: Evidence
                    ) -> str:
    """A fetched page's statement of the thing ``head`` (a stem) of the package ``p``, quoted and cited: a
    spec table's row of a table about ``p`` whose first cell names the thing ("Algorithm | sliding window log"),
    else a sentence naming ``p`` and no one of ``rivals`` that holds the thing's word; "" when no page says it."""
    for page in pages:
        for label, value, row in _table_cells(page.text, p.name, rivals):
            if _head_in(head, stems(label)) and value and value.lower() not in ("-", "n/a", "not given", "unknown"):
                return (f"A fetched page's table gives `{p.name}`'s {label.lower()}: “{value}”"
                        f"{ev.cite(page.url, row, f'{label} | {value}')}.")
    for page in pages:
        for sentence in _prose_sentences(page.text):
            if names_the_package(sentence, p.name) \
                    and not any(names_the_package(sentence, r) for r in rivals) and _head_in(head, stems(sentence)):
                return f"A fetched page says: “{sentence[:QUOTE_MAX]}”{ev.cite(page.url, sentence)}."
    return ""


def fact_answer(question: str, result: Survey, pages: Sequence[Page], ev: Evidence) -> str:
    """The opening answering a question that asks for a fact of the one package it names, which no recommendation
    answers: a figure ("How many GitHub stars does hexmesh have?": :func:`shared.text.answer.answer_type`
    "how_many" or "measure") that its registry record does not give (no release, version or licence asked:
    :data:`_REGISTRY_FIGURE`; downloads only when the record gives none), or a thing it has or uses ("Which
    algorithm does hexmesh use?": :func:`_attribute_asked`). A figure: a fetched page's sentence naming the
    package, holding the question's content words and a number, quoted and cited ("A fetched page says:
    “hexmesh has 1,200 stars on GitHub.”[@e1]"); a thing: a fetched page's spec table row or sentence giving it
    (:func:`_attribute_said`); else "Not established: ..." saying that neither its registry record nor the fetched
    pages give it. "" for other questions (a choice, a how-to, an API name, a yes/no question)."""
    prose = _FENCE.sub(" ", question)
    if _CHOICE_OF_PACKAGE.search(prose) or is_request(prose) or asks_how_to(prose) or _ASKS_API.search(prose):
        return ""
    p = subject_package(question, result)
    if p is None:
        return ""
    head = _attribute_asked(prose)
    figure = answer_type(prose) in ("how_many", "measure")
    registry = {m.group(0).lower().rstrip("s") for m in _REGISTRY_FIGURE.finditer(prose)}
    if figure and registry and not (registry == {"download"} and p.downloads is None):
        return ""  # a figure the registry record gives: the survey answers it
    if not figure and not head:
        return ""
    how = _HOW_ADJECTIVE.match(prose)
    thing = asked_thing(prose) or (f"figure of how {how.group('adj').lower()} it is" if how else "figure asked for")
    missing = (f"Not established: the {thing} of `{p.name}`: neither its registry record ({_REGISTRY_NAME[p.ecosystem]}) "
               "nor the fetched pages give it; the recommendation below does not answer the question.")
    if head:
        rivals = [q.name for q in result.packages if q.name.lower() != p.name.lower()]
        return _attribute_said(p, head, pages, rivals, ev) or missing
    own = set(stems(p.name.replace("-", " ").replace("_", " ")))
    # the figure's own words ("GitHub stars"), without "how many" and the kind of package ("the Python package")
    what = re.sub(rf"^\s*how\s+(?:many|much)\b|\b(?:{KIND_NOUNS})\b", " ", prose, flags=re.I)
    asked = _content_stems(what) - own - _API_WORDS
    for page in pages:
        for sentence in re.split(r"(?<=[.!?])\s+", " ".join(page.text.split())):
            if asked and names_the_package(sentence, p.name) and re.search(r"\d", sentence) \
                    and asked <= set(stems(sentence)):
                return f"A fetched page says: “{sentence[:QUOTE_MAX]}”{ev.cite(page.url, sentence)}."
    return missing


def fact_tier(question: str, result: Survey, pages: Sequence[Page] = ()) -> str | None:
    """The highest confidence tier of :func:`fact_answer`'s opening: "low" when it is "Not established",
    "medium" when a fetched page's sentence gives it (unconfirmed by the registry); None when it gives none."""
    said = fact_answer(question, result, pages, Evidence({}))
    return None if not said else "low" if said.startswith("Not established:") else "medium"


def pick_backing(question: str, result: Survey, signatures: list[Signature],
                 checks: list[tuple[Snippet, CheckResult]], pages: Sequence[Page] = ()) -> dict[str, Any]:
    """What backs the pick the Recommendation section (:func:`sections`) opens with, as ``contracts.PickBacking``
    JSON: ``{"kind": "answer"}`` when it opens with a yes/no about the asker's code or one named package, or with
    that package's licence (:func:`licence_fact_answer`, or from ``pages`` when its registry could not be read: :func:`page_licence_answer`) (settled by its facts, no ranking to back), ``{"kind": "none"}`` when no package is recommended; else the recommended
    package's: ``compared`` (the candidates surveyed), ``check`` (the deepest level any shown code using it (a
    snippet of no named package, or one naming it) passed its check at, :attr:`CheckResult.level`),
    ``check_failed`` (some shown code failed its check, or none of the proposed code passed), ``pages_naming`` (the run's fetched pages naming it), ``page_example`` (a fetched page's usage
    example is shown under Checked code) and ``asked`` (it is the one package the question asks about:
    :attr:`Survey.one_asked`)."""
    # a package's own licence asked for is settled by its registry record, whatever is recommended after it
    settled = bool(snippet_answer(question, checks, signatures) or licence_fact_answer(question, result, Evidence({}))
                   or _unread_licence_pages(question, result, pages)
                   or api_answer(question, result, signatures, Evidence({}), pages)
                   or fact_answer(question, result, pages, Evidence({})))
    if settled or yes_no_answer(question, result, Evidence({}), pages=pages):
        if settled or not (_ASKS_ALTERNATIVE.search(question) or keep_or_leave(question)):
            return {"kind": "answer"}
        # "keep X or switch to another library?": the yes/no is a choice among candidates, backed like a pick
    chosen = result.recommendable()
    if not chosen:
        return {"kind": "none"}
    best = chosen[0]
    proposed = [c for s, c in checks if s.origin != "question"]
    return {"kind": "recommendation", "subject": best.name, "compared": len(result.packages),
            # an import check (an "offline" snippet) checks the package, not code using it: no check of the pick;
            # nor does a page's example using another candidate (`durationkit-docs-example` under `isodurations`)
            "check": max((c.level for s, c in checks if s.origin != "offline"
                          and (not s.packages or best.name.lower() in {n.lower() for n in s.packages})),
                         key=CHECK_LEVELS.index, default="none"),
            "check_failed": any(c.status == "failed" for _, c in checks)
            or (bool(proposed) and not any(c.status == "passed" for c in proposed)),
            "pages_naming": len(result.named_by.get(key(best), [])),
            "page_example": any(s.origin == "docs" for s, _ in checks),
            "asked": bool(result.one_asked) and best.name.lower() == result.one_asked.lower()
            and not _ASKS_ALTERNATIVE.search(question)}


#: a question weighing the package it names against others ("keep durationkit or switch to another library?",
#: "should we move to an alternative?", "... or something else?"): its yes/no is a choice among candidates, so a
#: single candidate surveyed backs it no better than a recommendation of the only one found
_ASKS_ALTERNATIVE = re.compile(
    r"\b(?:switch(?:ing)?|mov(?:e|ing)|migrat(?:e|ing)|chang(?:e|ing)|go(?:ing)?)\s+(?:over\s+)?to\s+"
    r"(?:an?other|a\s+different|some\s+other|something\s+else|an?\s+alternative)\b"
    r"|\b(?:or|vs\.?|versus)\s+(?:an?\s+)?(?:alternatives?|something\s+else|another\s+one)\b", re.I)


def _squat_installs(snippet: Snippet, result: Survey) -> list[str]:
    """Warnings, one per name the page of ``snippet`` tells the reader to install (``Snippet.installs``) that the
    survey flags as a possible typosquat: "**Warning:** the page's install command names `isodatte`, a possible
    typosquat of `isodate`; install `isodate` instead." [] when none is flagged."""
    flagged = {fold_name(p.name): p for p in result.packages if p.typosquat_of}
    out = []
    for name in snippet.installs:
        p = flagged.get(fold_name(name))
        if p is not None:
            out.append(f"**Warning:** the page's install command names `{name}`, a possible typosquat of "
                       f"`{p.typosquat_of}`; install `{p.typosquat_of}` instead.")
    return out


def sections(question: str, result: Survey, signatures: list[Signature], checks: list[tuple[Snippet, CheckResult]],
             documents: dict[str, tuple[str, str]], *, problems: list[str] | None = None,
             prose: Callable[[Survey], str] | None = None, no_code: str = "", pages: Sequence[Page] = ()
             ) -> tuple[list[dict[str, Any]], list[str]]:
    """The domain's report sections (``DomainSection`` as JSON values) and notes for "What is missing".

    ``documents``: registry JSON documents by URL (source id, stored text) that the figures cite; ``prose``:
    the model's recommendation paragraph (its figures come from the survey), else the offline statement;
    ``no_code``: why no code was proposed (the report says so when none passed its check); ``pages``: the run's
    fetched pages, whose sentences an answer may cite when the registry could not be read
    (:func:`page_licence_answer`)."""
    notes: list[str] = [f"registry: {f}" for f in result.failures] + [f"signatures: {p}" for p in problems or []]
    if asks_for_code(question) and not any(s.origin in USAGE_ORIGINS and c.level in ("types", "run")
                                           for s, c in checks):  # (a syntax check shows no call is right)
        notes.append("code: the question asks how to do it, but no usage code doing the task passed a check beyond "
                     "its syntax (an import check only shows that the names exist)" if checks else
                     "code: the question asks how to do it, but no code was checked: no package could be introspected"
                     " or shown")
    out: list[dict[str, Any]] = []
    chosen = result.recommendable()
    ws = result.workspace

    # recommendation
    ev = Evidence({**{page.url: (page.source_id, page.text) for page in pages}, **documents})
    # "Is this the right way ...?" with the asker's code: about the code; "Is `x` a good choice ...?": the package
    from_pages = page_licence_answer(question, result, pages, ev)
    answer = snippet_answer(question, checks, signatures) or yes_no_answer(question, result, ev, pages=pages) \
        or release_answer(question, result, ev) or licence_fact_answer(question, result, ev) or from_pages \
        or call_answer(question, result, signatures, checks, ev) or api_answer(question, result, signatures, ev, pages) \
        or fact_answer(question, result, pages, ev)
    if chosen:
        best = chosen[0]
        in_use = ws.in_use(best.ecosystem, best.name) if ws else None
        release = best.installable or best.version
        fig = ev.cite(best.url, *json_needles("version", release))
        line = (f"**Recommended: `{best.name}` {release}**{fig} ({_REGISTRY_NAME[best.ecosystem]})"
                + (f", released {best.latest_good_release}{ev.cite(best.url, best.latest_good_release)}"
                   if best.latest_good_release and release != best.version else "")
                + (f", pinned (`{_pin(best, release)}`) because its latest release {best.version} is "
                   f"{_pulled(best)}"
                   + (f" ({best.status_detail})" if best.status_detail
                      and best.status_detail != f"{best.version} is {best.status}" else "")
                   + ev.cite(best.url, *(json_needles("yanked_reason", best.status_detail) if best.status_detail
                                         else []), *json_needles("version", best.version))
                   if release and release != best.version else "")
                + (f", latest release {best.latest_release}{ev.cite(best.url, best.latest_release or '')}"
                   if best.latest_release and release == best.version else "")
                + (f", licence {best.license}{ev.cite(best.url, best.license or '')}" if best.license else "")
                + (f" ({caveat})" if (caveat := copyleft_caveat(best.license)) and not (ws is not None and ws.licence)
                   else "")
                + (f", {_fmt_downloads(best)} downloads" if best.downloads is not None else "") + ".")
        line += (f" It ranks first of {len(result.packages)} candidate(s) surveyed: "
                 + ("active (not yanked, deprecated or a possible typosquat), " if release == best.version else
                    f"usable at {release} (only its latest release is {_pulled(best)}; not a possible typosquat), ")
                 + ("its licence fitting your project's, " if ws is not None and ws.licence else "")
                 + ("its documentation not saying it lacks what you asked for, " if result.requirements else "")
                 + ("the package your question asks about, " if best.name.lower() == result.one_asked.lower()
                    else "")
                 + "".join(f"named by `{q.name}` as its successor, " for q in result.packages
                           if best.name.lower() in {n.lower() for n in result.successors.get(key(q), [])})
                 + ("established (releases over time), " if history_of(best).established() else "")
                 + ("shown by its documentation to meet what you asked for, " if result.met(best) else "")
                 + ("already in your workspace, " if in_use else "")
                 + "then by downloads and the most recent release.")
        kept = upkeep(best, ev)
        if kept:  # the best there is, but its registry says it is unmaintained or it has had no release for years
            line += f" Note that {'; and '.join(kept)}."
        pages_naming = result.named_by.get(key(best), [])
        if pages_naming:
            line += (f" {len(pages_naming)} of the fetched pages name{'s' if len(pages_naming) == 1 else ''} it"
                     + (" (it was found there, not in the question)" if best.name.lower() not in
                        {n.lower() for n in (*result.question_named, *result.question_words)} else "") + ".")
        if in_use:
            line += f" The workspace already uses it ({in_use.spec or 'any version'}"
            line += f", locked at {in_use.version})." if in_use.version else ")."
        if ws is not None and best.license:
            line += f" Licence fit with the workspace ({ws.licence or 'no licence declared'}): " \
                    f"{licence_fit(ws.licence, best.license)}."
        runner_up = result.runner_up()
        if runner_up is not None:
            runner = runner_up
            other = runner.installable or runner.version
            line += (f" Runner-up: `{runner.name}` {other}{ev.cite(runner.url, *json_needles('version', other))}"
                     + (f" ({runner.version} is {_pulled(runner)})" if other != runner.version else "")
                     + (f" (latest release {runner.latest_release})" if runner.latest_release else "")
                     + (", new: " + runner.newness if runner.newness else "")
                     + (f", not shown to meet {_quoted(unmet)}" if (unmet := [
                         a.requirement for a in result.assessments.get(key(runner), []) if a.verdict != "met"]) else "")
                     + (f", licence {runner.license}{ev.cite(runner.url, runner.license or '')} ({caveat})"
                        if (caveat := copyleft_caveat(runner.license)) and not (ws is not None and ws.licence) else "")
                     + ".")
        if best.newness:
            line += (f"\n\n**No track record:** `{best.name}` — {best.newness}. It is recommended only "
                     "because no established candidate was found that fits; check its author and repository before "
                     "installing it.")
        body = (prose(result) + "\n\n" + line) if prose else line
        if versus := head_to_head(question, result):
            body += "\n\n" + versus
    elif result.stdlib and not any(p.error is None for p in result.packages):
        import sys

        body = (", ".join(f"`{n}`" for n in result.stdlib) + (" is" if len(result.stdlib) == 1 else " are")
                + f" part of Python's standard library (Python {sys.version_info.major}.{sys.version_info.minor}, "
                "the interpreter this was checked with): there is no package to install, and no registry was asked.")
        if result.packages:
            body += " No other candidate package could be recommended: " + _why_none(result)
    else:
        unread = _asked_unread(result)  # "`bytesmith` is no package on PyPI.": the answer about the package asked
        others = [p for p in result.packages if p not in unread]
        # the pages answered the package asked about (its registry's failure said in that answer), not the others
        said = [_unread_sentence(result, p) for p in unread if not from_pages or p.name != result.one_asked]
        if unread and not others:  # the package asked about is all there was: what its registry did answers
            body = " ".join([*said, "No package could be recommended (see the table)."])
        else:
            body = " ".join(said) + (" " if said else "") + (
                "No candidate package could be recommended: " + (
                    _why_none(result, others) if result.packages else "no registry named a package for this task."))
        if versus := head_to_head(question, result):
            body += "\n\n" + versus
    body += version_text(question, result, ev)
    body += _requirements_text(result, ev)
    clashing = [p for p in result.packages if p.error is None and ws is not None and licence_clash(ws.licence, p.license)]
    if clashing and ws is not None:
        body += ("\n\n**Licence clash with your project** (" + (ws.licence or "") + "): " + "; ".join(
            f"`{p.name}` is {p.license}{ev.cite(p.url, p.license or '')}" for p in clashing)
            + " — a strong copyleft licence: the combined work would have to be released under it, so "
            + ("it is not recommended here." if len(clashing) == 1 else "they are not recommended here."))
    body += _in_use_advice(result, chosen[0] if chosen else None, ev)
    flagged = [p for p in result.packages if p.typosquat_of]
    body += _code_status(checks, no_code, asks_code=asks_for_code(question),
                         squats={fold_name(p.name): p.typosquat_of for p in flagged if p.typosquat_of})
    for p in flagged:
        quoted = any(fold_name(p.name) in {fold_name(n) for n in s.installs} for s, _ in checks)
        body += (f"\n\n**Caution:** `{p.name}` is {squat_distance(p.name, p.typosquat_of or '')} the "
                 + ("popular" if p.typosquat_of in POPULAR[p.ecosystem] else "longer-established")
                 + f" `{p.typosquat_of}`: it is likely a typosquat; check the name before installing it."
                 + (f" Your project depends on `{p.name}`: replace it with `{p.typosquat_of}`."
                    if ws is not None and ws.in_use(p.ecosystem, p.name) is not None else "")
                 + (f" A fetched page's install command names `{p.name}`: do not copy it; install "
                    f"`{p.typosquat_of}`." if quoted else ""))
    young = [p for p in result.packages if p.newness and p.error is None and (not chosen or p is not chosen[0])]
    for p in young:
        body += (f"\n\n**No track record:** `{p.name}` — {p.newness}: it is not recommended over "
                 "established packages; anyone can register a name, so check its author and repository first.")
    if answer:
        body = answer + "\n\n" + body
    out.append({"heading": "Recommendation", "body": body, "evidence": ev.spans})

    # comparison table
    if result.packages:
        ev = Evidence(documents)
        reqs = result.requirements
        head = ["Package", "Registry", "Version", "Last release", "Release cadence", "Licence", "Downloads",
                "Status"] + [f"“{r.text}”" for r in reqs]
        rows = ["| " + " | ".join(_cell(h) for h in head) + " |", "|" + " --- |" * len(head)]
        for p in result.packages:
            version, released = _release_cells(p, ev)
            cadence = f"every {p.cadence_days:g} days (median, {p.releases} releases)" if p.cadence_days else "—"
            licence = (p.license or "—") + (ev.cite(p.url, p.license) if p.license else "")
            if result.clash(p) and ws is not None and licence_clash(ws.licence, p.license):
                licence += f" — **clashes with your {ws.licence} licence** (strong copyleft)"
            elif result.clash(p) and result.use is not None:
                licence += f" — **rules it out for {result.use.phrase()}** (strong copyleft)"
            elif ws is not None and ws.licence and p.license and p.error is None:
                fit = licence_fit(ws.licence, p.license)
                licence += "" if fit == "fits" else f" — {fit.split(':', 1)[0]} for your {ws.licence} licence"
            downloads = _fmt_downloads(p)
            if p.downloads is not None:
                downloads += ev.cite(p.downloads_url or p.url, f'"downloads":{p.downloads}', f'"downloads": {p.downloads}',
                                     f'"recent_downloads":{p.downloads}', f'"recent_downloads": {p.downloads}')
            in_use = ws.in_use(p.ecosystem, p.name) if ws else None
            name = f"`{p.name}`" + (f" (in use: {in_use.version or in_use.spec})" if in_use else "")
            cells = [name, _REGISTRY_NAME[p.ecosystem], version, released, cadence, _cell(licence), downloads,
                     _cell(_status_text(p, in_use.version or in_use.spec.lstrip("=") if in_use else None,
                                        probable_typo_of(result, p) if (p.error or "").startswith("not_found")
                                        else None, ev))]
            for req in reqs:
                a = next((a for a in result.assessments.get(key(p), []) if a.requirement == req.text), None)
                cells.append("—" if a is None else "yes" + ev.cite(a.url, a.needle) if a.verdict == "met"
                             else "no (its docs say so)" + ev.cite(a.url, a.needle) if a.verdict == "contradicted"
                             else "not shown")
            rows.append("| " + " | ".join(cells) + " |")
        repos = [f"- `{p.name}`: {p.repository}" for p in result.packages if p.repository]
        body = "\n".join(rows) + ("\n\nRepositories:\n" + "\n".join(repos) if repos else "")
        out.append({"heading": "Package comparison", "body": body, "evidence": ev.spans})

    # signatures
    if signatures:
        lines: list[str] = []
        by_source: dict[str, list[Signature]] = {}
        for s in signatures:
            by_source.setdefault(s.source, []).append(s)
        for source, sigs in by_source.items():
            lines.append(f"From `{sigs[0].package}` {sigs[0].version}, {source}:")
            lines.append("")
            if sigs[0].language == "typescript":
                lines.append("```ts")
                lines += [f"{s.signature}" + (f"  // {s.doc}" if s.doc else "") for s in sigs]
            elif sigs[0].language == "rust":  # each item under its path: ``// fetchrs::Client::new``
                lines.append("```rust")
                lines += [f"// {s.name}" + (f": {s.doc}" if s.doc else "") + f"\n{s.signature}" for s in sigs]
            else:
                lines.append("```python")
                lines += [s.qualified + (f"  # {s.doc}" if s.doc else "") for s in sigs]
            lines.append("```")
            lines.append("")
        incomplete = [p for p in problems or [] if "may be incomplete" in p]
        lines += [f"Signatures may be incomplete: {p}." for p in incomplete]
        out.append({"heading": "API signatures", "body": "\n".join(lines).strip(), "evidence": []})

    # checked code
    if not checks:
        out.append({"heading": "Checked code", "body": no_code_text(checks, no_code), "evidence": []})
    else:
        blocks: list[str] = []
        for snippet, check in checks:
            versions = ", ".join(f"{k} {v}" for k, v in check.versions.items())
            squats = _squat_installs(snippet, result)
            if check.status == "passed" and squats:  # the page's own install line fetches a look-alike
                depth = f" — {CHECK_DEPTH[check.level]}" if check.reason != "input_missing" else ""
                verdict = (f"Check: **passed only with the genuine package** ({check.checker}; checked against "
                           f"{versions}{depth}). " + " ".join(squats))
            elif check.status == "passed":
                depth = f" — {CHECK_DEPTH[check.level]}" if check.reason != "input_missing" else ""  # (said below)
                verdict = f"Check: **passed** ({check.checker}; checked against {versions}{depth})." + _input_note(check)
                if snippet.origin == "offline":  # importing the names checks the package, not code using it
                    verdict = verdict[:-1] + f" {IMPORT_CHECK_ONLY}." if verdict.endswith(".") else \
                        f"{verdict} {IMPORT_CHECK_ONLY}"
                # what usage code printed shows the reader it works (an import check prints "API signatures")
                if check.output and snippet.origin != "offline":
                    verdict += f"\n\nIt printed:\n\n```text\n{check.output}\n```"
            elif check.status == "failed":
                verdict = (f"Check: **FAILED** at {check.stage} ({check.reason}; {check.checker}; against "
                           f"{versions}). This code does not work as shown:\n\n```text\n{check.error}\n```")
                imported = set(_PY_IMPORT_RE.findall(snippet.code))  # the asker's code: the packages it imports
                checked = snippet.packages or tuple(dict.fromkeys(
                    sig.package for sig in signatures if sig.module.split(".")[0] in imported))
                if hint := missing_name_hint(check.error, signatures, checked):
                    verdict += f"\n\n{hint}"
            else:
                verdict = f"Check: **not checked** ({check.error or check.reason}). Treat it as untested."
            origin = {"question": "Your code", "offline": "Imports checked", "model": "Proposed code",
                      "repair": "Proposed code (repaired)", "docs": "Usage example from a fetched page"
                      }.get(snippet.origin, "Code")
            blocks.append(f"{origin}: {snippet.purpose}.\n\n```{snippet.language}\n{snippet.code.rstrip()}\n```\n\n"
                          f"{verdict}")
        out.append({"heading": "Checked code", "body": "\n\n".join(blocks), "evidence": []})

    # workspace
    if ws is not None:
        lines = [f"Manifests read: {', '.join(ws.manifests) or 'none found'}."]
        if ws.licence:
            lines.append(f"Project licence: {ws.licence}.")
        same = [d for d in ws.dependencies if d.ecosystem in result.ecosystems]
        if same:
            lines.append("Dependencies in use: " + ", ".join(
                f"`{d.name}` {d.version or d.spec or '(any)'}" for d in same[:20])
                + (f" and {len(same) - 20} more" if len(same) > 20 else "") + ".")
        lines += [f"Not read: {p}" for p in ws.problems]
        out.append({"heading": "Your workspace", "body": "\n".join(lines), "evidence": []})
    return out, notes

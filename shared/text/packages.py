"""Package names shared by the code domain and the planner: the ecosystems, the widely used names squatters imitate
(:data:`POPULAR`), a name's look-alike popular package (:func:`lookalike`) and whether a word is plain English
(:func:`is_plain_english`), and the version of a package a question asks for (:func:`version_asked`: "version
2" is a constraint on the release, :func:`version_meets`, never a feature). The planner keeps a misspelt package name as written in its sub-queries; the code
domain flags typosquats and chooses which words to look up."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Literal

import stopwordsiso
from rapidfuzz.distance import DamerauLevenshtein
from spellchecker import SpellChecker
from spellchecker.spellchecker import WordFrequency

Ecosystem = Literal["pypi", "npm", "crates"]
ECOSYSTEMS: tuple[Ecosystem, ...] = ("pypi", "npm", "crates")

#: the install commands of each ecosystem, as regular-expression sources of the command before its flags and the
#: package name ("pip install", "uv add", "npm i", "pnpm install", "cargo add"), the one definition the code domain
#: reads a page's install commands by (``services.domain_code.pages``) and a question's (:data:`_INSTALL_NAME_RE`)
INSTALL_COMMANDS: dict[Ecosystem, tuple[str, ...]] = {
    "pypi": (r"(?:pip3?|uv\s+pip|pipx)\s+install", r"(?:poetry|uv|pdm)\s+add"),
    "npm": (r"npm\s+(?:install|i|add)", r"(?:yarn|pnpm|bun)\s+add|pnpm\s+(?:install|i)"),
    "crates": (r"cargo\s+add",),
}

#: PyPI's trove classifier a project sets on itself when it is no longer developed: project metadata, so every
#: release of the project is as inactive as its last (``services.domain_code.registries.project_inactive``)
INACTIVE_CLASSIFIER = "Development Status :: 7 - Inactive"

#: widely used package names per ecosystem: a surveyed name one or two edits away from one of these (and not
#: itself one) is flagged as a possible typosquat. Popularity is public knowledge of each registry's most
#: downloaded packages; the list only has to hold the names squatters imitate.
POPULAR: dict[Ecosystem, frozenset[str]] = {
    "pypi": frozenset((
        "requests", "urllib3", "numpy", "pandas", "boto3", "botocore", "setuptools", "six", "certifi", "idna",
        "charset-normalizer", "python-dateutil", "pyyaml", "typing-extensions", "packaging", "cryptography",
        "attrs", "pydantic", "click", "jinja2", "markupsafe", "pytest", "django", "flask", "fastapi", "httpx",
        "aiohttp", "sqlalchemy", "scipy", "matplotlib", "pillow", "beautifulsoup4", "lxml", "colorama",
        "tqdm", "rich", "openai", "tensorflow", "torch", "scikit-learn", "psycopg2", "psycopg", "redis",
        "celery", "pymongo", "selenium", "paramiko", "jsonschema", "protobuf", "grpcio", "docutils", "wheel",
        "pip", "virtualenv", "tomli", "toml", "pyjwt", "simplejson", "ujson", "orjson", "uvicorn", "gunicorn",
        "starlette", "websockets", "pyopenssl", "python-dotenv", "mypy", "ruff", "black", "isort", "flake8",
        "pylint", "coverage", "tenacity", "httplib2", "requests-oauthlib", "oauthlib", "pytz", "tzdata",
        "regex", "nltk", "spacy", "transformers", "keras", "opencv-python", "pyparsing", "wrapt", "decorator",
        "filelock", "platformdirs", "distlib", "zipp", "importlib-metadata", "greenlet", "pyasn1", "rsa",
        "markdown", "pygments", "tabulate", "xlrd", "openpyxl", "networkx", "sympy", "dask", "polars",
    )),
    "npm": frozenset((
        "react", "react-dom", "lodash", "express", "axios", "chalk", "commander", "debug", "moment", "vue",
        "typescript", "webpack", "babel-core", "@babel/core", "eslint", "prettier", "jest", "mocha", "uuid",
        "request", "async", "underscore", "jquery", "rxjs", "tslib", "yargs", "dotenv", "glob", "minimist",
        "semver", "fs-extra", "bluebird", "body-parser", "cors", "mongoose", "node-fetch", "ws", "socket.io",
        "next", "nuxt", "svelte", "angular", "@angular/core", "redux", "classnames", "dayjs", "date-fns",
        "zod", "joi", "ajv", "cheerio", "puppeteer", "playwright", "got", "superagent", "inquirer", "ora",
        "colors", "cross-env", "rimraf", "mkdirp", "nodemon", "vite", "rollup", "esbuild", "electron",
        "graphql", "apollo-server", "sequelize", "pg", "mysql", "mysql2", "redis", "ioredis", "jsonwebtoken",
        "bcrypt", "passport", "multer", "sharp", "marked", "handlebars", "ejs", "pug", "tailwindcss",
    )),
    "crates": frozenset((
        "serde", "serde_json", "serde_derive", "tokio", "rand", "syn", "quote", "proc-macro2", "libc", "log",
        "clap", "regex", "lazy_static", "once_cell", "anyhow", "thiserror", "futures", "bytes", "hyper",
        "reqwest", "chrono", "time", "itertools", "bitflags", "cfg-if", "memchr", "base64", "uuid", "url",
        "http", "tracing", "tracing-subscriber", "env_logger", "num-traits", "parking_lot", "crossbeam",
        "rayon", "smallvec", "hashbrown", "indexmap", "toml", "sha2", "hex", "axum", "actix-web", "warp",
        "rocket", "diesel", "sqlx", "tonic", "prost", "async-trait", "byteorder", "getrandom", "socket2",
        "mio", "nom", "csv", "walkdir", "tempfile", "glob", "structopt", "ring", "rustls", "openssl",
    )),
}


def lookalike(ecosystem: Ecosystem, name: str, among: Iterable[str] | None = None) -> tuple[str, str] | None:
    """The popular package ``name`` looks like, and how: ("requests", "typo") when it is a typing slip away
    (Damerau-Levenshtein, case and ``-``/``_``/``.`` folded: one edit, or two edits between names of about the
    same length of 7 characters or more; names of 4 characters or fewer at one edit only), ("numpy", "affix")
    when it is the popular name with a short prefix or suffix added (``numpy2``, ``preact``; a doubled letter
    such as ``expresss`` is a typo). None for a popular name itself or a name far from all. ``among``: the names
    to compare with instead of the fixed :data:`POPULAR` list (the established packages a run's own registry
    look-ups found: ``pyton-stdnum`` looks like ``python-stdnum``, a package no fixed list holds)."""
    folded = fold_name(name)
    popular = {fold_name(p): p for p in (POPULAR[ecosystem] if among is None else among)}
    if folded in popular:
        return None
    best: tuple[int, str, str] | None = None
    for key, original in popular.items():
        diff = abs(len(key) - len(folded))
        if diff > 2:
            continue
        distance = DamerauLevenshtein.distance(folded, key, score_cutoff=2)
        if distance > 2:
            continue
        kind = "typo"
        if len(folded) > len(key) and (folded.startswith(key) or folded.endswith(key)):
            extra = folded[len(key):] if folded.startswith(key) else folded[:len(folded) - len(key)]
            doubled = (folded.startswith(key) and extra == key[-1] * len(extra)) or \
                      (folded.endswith(key) and extra == key[0] * len(extra))
            kind = "typo" if doubled else "affix"
        elif distance == 2 and (diff > 1 or min(len(folded), len(key)) < 7):
            continue
        if best is None or (distance, original) < best[:2]:
            best = (distance, original, kind)
    return (best[1], best[2]) if best else None


#: names shorter than this (folded) are not compared with another registry's widely used names: a short name sits
#: one edit from many
ELSEWHERE_MIN_CHARS = 5


def lookalike_elsewhere(ecosystem: Ecosystem, name: str) -> str | None:
    """The widely used package of another registry (:data:`POPULAR`) that ``name``, a name of ``ecosystem``, is one
    typing slip from (one edit or one swap of adjacent letters, case and ``-``/``_``/``.`` folded; no prefix or
    suffix added), when no widely used name of ``ecosystem`` itself is near it (:func:`lookalike`): ``djnago`` on
    npm of PyPI's ``django``, a name well known across registries that one registry's list lacks. None for a name
    widely used in any registry, one shorter than :data:`ELSEWHERE_MIN_CHARS` characters, or one far from all."""
    folded = fold_name(name)
    if len(folded) < ELSEWHERE_MIN_CHARS or lookalike(ecosystem, name) is not None or any(
            folded in {fold_name(n) for n in names} for names in POPULAR.values()):
        return None
    for other in ECOSYSTEMS:
        found = lookalike(other, name) if other != ecosystem else None
        if found is not None and found[1] == "typo" and DamerauLevenshtein.distance(
                folded, fold_name(found[0]), score_cutoff=1) <= 1:
            return found[0]
    return None


def fold_name(name: str) -> str:
    """``name`` lower-cased with each run of ``-``, ``_`` and ``.`` as one ``-`` (how registries compare names)."""
    return re.sub(r"[-_.]+", "-", name.lower())


#: an ISO 8601 duration or period written as a value ("PT1H30M", "P1Y2M", "-PT5M", "P3DT4H")
_DURATION_LITERAL_RE = re.compile(r"-?P(?:\d+[YMWD])*(?:T(?:\d+(?:[.,]\d+)?[HMS])+)?", re.IGNORECASE)
#: letters and digits alternating twice or more with no separator ("1h30m", "pt1h30m", "a1b2"): a value or an
#: example's literal, not a name a project is registered by ("py2neo", "boto3", "h5py" hold one run of digits)
_ALTERNATING_RE = re.compile(r"[a-z]*\d+[a-z]+\d+[a-z0-9]*", re.IGNORECASE)


#: a run of five or more consonants (``y`` counted as a vowel), as in an encoded value ("u4pruydqqvj", a geohash)
_CONSONANT_RUN_RE = re.compile(r"[bcdfghjklmnpqrstvwxz]{5,}", re.IGNORECASE)


def value_literal(token: str) -> bool:
    """Whether ``token`` is a value or an example's literal rather than a package name, so never looked up in a
    registry: an ISO 8601 duration (``PT1H30M``, ``P1Y2M``, ``pt1h30m``), letters and digits alternating twice or
    more (``1h30m``, ``a1b2c3``), a word in capitals holding a digit (``PT5M``, ``UTF8``, ``SHA256``: a
    constant or a format, while package names are written in lower case), or an encoded value: letters and digits
    only, a digit among them and a run of five or more consonants no word has (``u4pruydqqvj``, a geohash;
    ``html5lib``, ``pdf2image`` and ``b2sdk`` are names)."""
    token = token.removeprefix("-")
    if not token or not token[0].isalnum():
        return False
    if _DURATION_LITERAL_RE.fullmatch(token) and any(ch.isdigit() for ch in token):
        return True
    if _ALTERNATING_RE.fullmatch(token):
        return True
    if token.isalnum() and any(ch.isdigit() for ch in token) and _CONSONANT_RUN_RE.search(token):
        return True
    return token.isupper() and any(ch.isdigit() for ch in token) and token.isalnum()


def attribute_path(token: str, modules: set[str] | frozenset[str]) -> bool:
    """Whether a dotted ``token`` is an attribute path in code (``datetime.timedelta``, ``durationkit.parse``)
    rather than a dotted package name (``zope.interface``, ``ruamel.yaml``): its first part is a module of Python's
    standard library or one of ``modules`` (lower case: the names the same text gives as packages or imports)."""
    import sys

    head, dot, _ = token.partition(".")
    if not dot or not head:
        return False
    return head in sys.stdlib_module_names or head.lower() in modules


#: a word the English word list counts more often than this is a plain English word (the list's floor for its
#: rare entries is 50: "parser", "markdown", "schema" sit there and may well be package names)
ENGLISH_MIN_COUNT = 50


@cache
def _speller() -> SpellChecker:
    """pyspellchecker's English checker (its word list loaded once: about a second)."""
    return SpellChecker(language="en", distance=1)


def _english() -> WordFrequency:
    """The English word list with its counts (:func:`_speller`'s)."""
    return _speller().word_frequency


def english_count(word: str) -> int:
    """How often the English word list (:func:`_english`) counts ``word`` in lower case, as written (no other form):
    "landing" about 28,000, "collins" about 1,400, an unknown word 0. Never raises."""
    return int(_english()[(word or "").lower()])


def is_plain_english(word: str) -> bool:
    """Whether ``word`` (any case) is a plain English word: it, or its singular or base form ("retries" ->
    "retry", "preserved" -> "preserve"), is counted more than :data:`ENGLISH_MIN_COUNT` times in the English word
    list. Technical names ("toml", "numpy", "httpx", "async", "markdown") are not."""
    low = word.lower()
    if not low.isalpha():
        return False
    forms = {low}
    for suffix, base in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e")):
        if low.endswith(suffix) and len(low) - len(suffix) >= 3:
            forms.add(low[: len(low) - len(suffix)] + base)
    counts = _english()
    return any(counts[f] > ENGLISH_MIN_COUNT for f in forms)


#: a package name as an asker writes it: lower case, parts joined by ".", "_" or "-" ("datefmtr", "tempora-fmt")
_NAME = r"[a-z][a-z0-9]*(?:[._-][a-z0-9]+)*"
#: a verb of taking a package into a project, said of the asker ("Should I use", "can we import", "better to
#: switch to", a question opening with it), and the name after it ("Should I use datefmtr?", "I'm importing
#: tempora", "switch to limitwise", "depend on the ..."); the name as written, in lower case. A report's "studies
#: using graphene" is no asker's choice.
_PACKAGE_VERB_RE = re.compile(
    r"(?:\b(?:i|we|you|one)(?:['\u2019](?:m|re|ve|d))?\b(?:\s+[\w']+){0,3}?\s+|\bto\s+|^\W*)"
    r"(?:use|using|import|importing|adopt|adopting|switch(?:ing)?\s+(?:to|from)|upgrad(?:e|ing)(?:\s+from)?|"
    r"migrat(?:e|ing)\s+(?:to|from)|depend(?:s|ing)?\s+on|replac(?:e|ing)\s+\S+\s+with)\s+"
    rf"(?:(?:the|a|an)\s+)?(?-i:(?P<name>{_NAME}))(?![\w@/-])", re.IGNORECASE)
#: a name before a word for a package ("is datefmtr a good library", "the tempora package", "the serde crate")
_NAME_PACKAGE_RE = re.compile(
    rf"(?<![\w@/-])(?-i:(?P<name>{_NAME}))\s+(?:(?:is\s+)?(?:a|an|the)\s+(?:\w+\s+)?)?"
    # a language or registry may stand before the word: "the trailtags Python library", "a good npm package"
    r"(?:(?:python|pypi|npm|node(?:\.?js)?|javascript|typescript|rust|cargo)\s+)?"
    r"(?:library|libraries|package|packages|module|crate|dependency|lib)\b", re.IGNORECASE)


#: a word for a package, then the name: "the Python package luhnzilla", "the npm library fastcsv-x", "a crate called
#: serdex", "the dependency tomlfast" (a language or registry may stand before the word)
_PACKAGE_NAME_RE = re.compile(
    r"\b(?:the|a|an|this|that)\s+(?:(?:python|pypi|pip|npm|node(?:\.?js)?|javascript|typescript|js|ts|rust|cargo|"
    r"crates(?:\.io)?)\s+)?(?:package|library|module|crate|lib|dependency)\s+(?:(?:called|named)\s+)?"
    rf"(?-i:(?P<name>{_NAME}))(?![\w@/-])", re.IGNORECASE)
#: an install command naming the package: "pip install pyton-stdnum", "npm i left-padx", "cargo add serdex"
_INSTALL_NAME_RE = re.compile(
    rf"\b(?:{'|'.join(c for cs in INSTALL_COMMANDS.values() for c in cs)})"
    rf"(?:\s+-{{1,2}}[a-z-]+)*\s+(?-i:(?P<name>{_NAME}))(?![\w@/-])", re.IGNORECASE)
#: whether a name is safe to take in: "Is luhnzilla safe?", "is pyton-stdnum legit?" (asked of a package only in a
#: question naming an ecosystem or of a name spelt like an identifier: "Is kombucha safe?" asks about a drink)
_SAFE_ASK_RE = re.compile(
    rf"\b(?:is|are)\s+(?-i:(?P<name>{_NAME}))\s+(?:(?:really|actually|still)\s+)?"
    r"(?:safe|secure|trustworthy|trusted|legit(?:imate)?|malicious|malware|a\s+typosquat|typosquatted)\b",
    re.IGNORECASE)


def names_package(question: str) -> bool:
    """Whether ``question`` asks about taking a package into a project by a name that looks like a package's: a
    verb of using, importing or switching to one, or a word for a package (library, package, module, crate) right
    after the name (:data:`_PACKAGE_VERB_RE`, :data:`_NAME_PACKAGE_RE`), the name written in lower case, of 3 or
    more characters, a function word of no language and no plain English word
    (:func:`is_plain_english`), or a popular package's name (:data:`POPULAR`) that is none or has
    several parts; after a verb alone the name must also be spelt like an identifier (:func:`identifier_shaped`:
    "Should I use kombucha?" is about a drink) or be a popular package's: "Should I use datefmtr?" and "Is
    tempora-fmt a good library?" are code questions, "Should I use a cast iron pan?" is not. Two such names offered as a choice ("quilcsv or csvkite",
    "x vs y") in a question naming a language ecosystem (Python, pip, Node.js, npm, Rust, cargo ...) ask about
    packages too, and so do two offered at the head of a question with a verb of taking one in, both package-like
    and one of them spelt like an identifier or a popular package's ("ulidkit vs ulidforge: which should I use?"), and so does a name spelt like an identifier or a popular package's in a question asking for
    code or about upkeep (:data:`_CODE_ASK_RE`: "example code to load a TOML file with tomlfast", "Is pytomly
    deprecated?", "Is pytomly still OK to use?"), or after "with" in a how-to question (:data:`_HOW_WITH_RE`: "How
    do I load a TOML file with tomlfast?"; a package-like name followed by a release number, :data:`_VERSION_AFTER_RE`,
    "How do I validate an IBAN with ibanwarden version 2?", need not be spelt like an identifier), or after "with", "using", "via" or "through" in a request for an example
    (:data:`_EXAMPLE_WITH_RE`: "a short Python example that validates an IBAN with ibancheck", the name package-like
    and, in a question naming no language ecosystem, a popular package's). A package-like name the question calls a
    package is one whatever its spelling: after a word for a package (:data:`_PACKAGE_NAME_RE`: "Is the Python
    package luhnzilla a good choice?"), in an install command (:data:`_INSTALL_NAME_RE`: "pip install pyton-stdnum"),
    or asked to be safe (:data:`_SAFE_ASK_RE`: "Is luhnzilla safe?", when spelt like an identifier, a popular
    package's, or in a question naming an ecosystem). The planner's domain detection and the
    code domain's test of a code task both ask it; :func:`package_names` gives the names."""
    return bool(package_names(question))


def package_names(question: str) -> list[str]:
    """The names :func:`names_package` finds ``question`` asking about as packages, in the order found, each once,
    as written (lower case); [] when it asks about none."""
    found: list[str] = []
    for used in _PACKAGE_VERB_RE.finditer(question):  # a verb alone: the name must be spelt like a package's
        name = used.group("name")
        if _package_like(name) and (_popular(name) or identifier_shaped(name)):
            found.append(name)
    pos = 0  # "the zorvex package": the question calls it one; matches may overlap ("on the zorvex package")
    while (called := _NAME_PACKAGE_RE.search(question, pos)) is not None:
        if _package_like(called.group("name")):
            found.append(called.group("name"))
        pos = called.start() + 1
    # "the Python package luhnzilla", "pip install pyton-stdnum": the question calls the name a package's
    found += [m.group("name") for rx in (_PACKAGE_NAME_RE, _INSTALL_NAME_RE) for m in rx.finditer(question)
              if _package_like(m.group("name"))]
    found += [m.group("name") for m in _SAFE_ASK_RE.finditer(question)  # "Is luhnzilla safe to use in Python?"
              if _package_like(m.group("name")) and (_popular(m.group("name")) or identifier_shaped(m.group("name"))
                                                     or ECOSYSTEM_CONTEXT_RE.search(question))]
    if ECOSYSTEM_CONTEXT_RE.search(question):  # "quilcsv or csvkite to stream CSV files in Node.js?"
        for m in _NAME_CHOICE_RE.finditer(question):
            if _package_like(m.group("a")) and _package_like(m.group("b")):
                found += [m.group("a"), m.group("b")]
    if _USE_VERB_RE.search(question):  # "numeralkit vs romanum: which should I use to parse Roman numerals?"
        for m in _LEADING_CHOICE_RE.finditer(question):
            pair = [m.group("a"), m.group("b") or m.group("c")]
            # both package-like, one spelt like an identifier or a popular package's: "ulidkit vs ulidforge" (a
            # made-up name beside an identifier is another package; "kombucha vs kefir" names none)
            if all(_package_like(n) for n in pair) and any(_popular(n) or identifier_shaped(n) for n in pair):
                found += pair
    for how in _HOW_WITH_RE.finditer(question):  # "How do I load a TOML file with tomlfast?": the tool asked about
        name = how.group("name")  # "... with ibanwarden version 2?": a release of it asked about
        if _package_like(name) and (_popular(name) or identifier_shaped(name)
                                     or _VERSION_AFTER_RE.match(question, how.end("name"))):
            found.append(name)
    ecosystem = ECOSYSTEM_CONTEXT_RE.search(question) is not None
    for shown in _EXAMPLE_WITH_RE.finditer(question):  # "a short Python example that validates an IBAN with ibancheck"
        name = shown.group("name")
        if _package_like(name) and (ecosystem or _popular(name)):  # "a cake with buttercream" names no package
            found.append(name)
    if _CODE_ASK_RE.search(question):  # "example code ... with tomlfast", "Is pytomly deprecated?"
        found += [name for name in _LOWER_NAME_RE.findall(question)
                  if _package_like(name) and (_popular(name) or identifier_shaped(name))]
    return list(dict.fromkeys(found))


def how_with_names(question: str) -> list[str]:
    """The package-like names (:func:`_package_like`: no plain English word, 3 characters or more) after "with",
    "via" or "through" in a how-to question (:data:`_HOW_WITH_RE`), as written in lower case, each once: in a
    question already known to be about code, "How do I validate an IBAN with ibanwarden?" names the package
    ``ibanwarden`` though it is not spelt like an identifier. [] when there is none. :func:`package_names` asks
    more of such a name, since it decides whether a question is about code at all."""
    return list(dict.fromkeys(m.group("name") for m in _HOW_WITH_RE.finditer(question)
                              if _package_like(m.group("name"))))


#: words asking for a package's code or about its upkeep: an identifier-like name in such a question is a package's
#: ("Can you show me example code for tomlfast?", "Is pytomly deprecated?", "Is pytomly still OK to use?", "We
#: still have pycronic in an old project. Is it still OK to keep using it?")
_CODE_ASK_RE = re.compile(
    r"\b(?:(?:example|sample|demo|usage)\s+code|code\s+(?:examples?|samples?|snippets?)|snippets?|"
    r"usage\s+examples?|deprecated|deprecation|(?:un)?maintained|abandoned|yanked|"
    r"(?:ok|okay|safe|fine|wise|alright)\s+to\s+(?:(?:keep|go\s+on|continue)\s+)?"
    r"(?:us(?:e|ing)|import(?:ing)?|install(?:ing)?|depend(?:ing)?\s+on))\b", re.IGNORECASE)
#: a how-to question doing something with a named tool ("How do I load a TOML file with tomlfast?", "how to
#: retry requests via backoff-kit"): the name after "with", "via" or "through", as written in lower case
_HOW_WITH_RE = re.compile(
    r"\bhow\s+(?:do|can|could|should|would|to)\b[^?.!]*?\b(?:with|via|through)\s+(?:the\s+)?"
    rf"(?-i:(?P<name>{_NAME}))(?![\w@/-])", re.IGNORECASE)
#: a release number right after a name ("ibanwarden version 2", "tomlfast v3", "datefmt 2.x", "quilcsv 1.4"):
#: the name is of something released in versions, so a how-to question doing something with it is about a package
#: even when the name is spelt like a word of some language ("ibanwarden", "kefir")
_VERSION_AFTER_RE = re.compile(r"\s+(?:(?:version|release|ver\.?)\s+v?\d+|v\d+|\d+\.(?:\d+|x)\b)", re.IGNORECASE)
#: a request for an example doing something with a named tool ("Can you show me a short Python example that
#: validates an IBAN with ibancheck?", "a snippet parsing dates using datefmtr"): the name after "with", "using",
#: "via" or "through" in the sentence asking for it, as written in lower case
_EXAMPLE_WITH_RE = re.compile(
    r"\b(?:examples?|snippets?|samples?|demos?|code)\b[^?.!]*?\b(?:with|using|via|through)\s+(?:the\s+)?"
    rf"(?-i:(?P<name>{_NAME}))(?![\w@/-])", re.IGNORECASE)
#: a word written in lower case that may be a package's name ("tomlfast", "tempora-fmt"); not part of a path or URL
_LOWER_NAME_RE = re.compile(rf"(?<![\w@/.-])({_NAME})(?![\w@/-])")


#: two names offered as a choice ("quilcsv or csvkite", "tomlkit vs tomli"), as written in lower case
_NAME_CHOICE_RE = re.compile(
    rf"(?<![\w@/-])(?-i:(?P<a>{_NAME}))\s+(?:or|vs\.?|versus)\s+"
    rf"(?-i:(?P<b>{_NAME}))(?![\w@/-])", re.IGNORECASE)
#: two names offered as a choice at the head of a question or of one of its sentences, as written in lower case:
#: "numeralkit vs romanum: which should I use ...?", "tomlkit versus tomli for ...", "quilcsv or csvkite? Which ..."
#: ("or" only with the choice closed by "?" or ":": "glyphwise or runetally?")
_LEADING_CHOICE_RE = re.compile(
    rf"(?:^|[.!?]\s+)[`'\"(\s]*(?-i:(?P<a>{_NAME}))[`'\"]?\s+(?:(?:vs\.?|versus)\s+[`'\"]?(?-i:(?P<b>{_NAME}))"
    rf"(?![\w@/-])|or\s+[`'\"]?(?-i:(?P<c>{_NAME}))[`'\"]?\s*[?:])", re.IGNORECASE)
#: a verb of taking a package in, anywhere in the question ("which should I use", "pick", "choose", "install")
_USE_VERB_RE = re.compile(r"\b(?:use|using|pick|choose|install|go\s+with|adopt|depend\s+on)\b", re.IGNORECASE)
#: a language ecosystem named by its language, runtime, registry or installer
ECOSYSTEM_CONTEXT_RE = re.compile(
    r"\b(?:python|pypi|pip3?|conda|poetry|node\.?js|node|npm|yarn|pnpm|deno|bun|javascript|typescript|rust|cargo|"
    r"crates(?:\.io)?)\b", re.IGNORECASE)


#: a word of a question written as a package's name is (lower case, parts joined by ".", "_" or "-"), whole
_NAME_WORD_RE = re.compile(rf"(?<![\w@/.-])(?-i:(?P<name>{_NAME}))(?![\w@/-])")


def package_like_words(question: str) -> list[str]:
    """Every word of ``question`` (code blocks and backticked spans left out) written as a package's name is and
    package-like (:func:`_package_like`: lower case, 3 characters or more, no function word and no plain English
    word: "rowknit", "tempora-fmt"; never "handle", "quoted", "CSV"), whatever the words around it, in order, each
    once; [] when there is none. Only a registry or a page can tell whether such a word is a package: the code
    domain looks them up when nothing else in the question says it is about code."""
    prose = re.sub(r"`[^`]*`", " ", re.sub(r"```.*?```", " ", question, flags=re.S))
    return list(dict.fromkeys(m.group("name").rstrip("._-") for m in _NAME_WORD_RE.finditer(prose)
                              if _package_like(m.group("name").rstrip("._-"))))


def _package_like(name: str) -> bool:
    """Whether a lower-case ``name`` looks like a package's: 3 or more characters, a function word of no language
    and no plain English word (nor made only of such words), or a popular package's name that is none or has
    several parts ("datefmtr", "tempora-fmt", "body-parser", "httpx"; never "cast", "cast-iron")."""
    words = [w for w in re.split(r"[._-]", name) if w]
    if len(name) < 3 or _is_function_word(name):
        return False
    popular = {fold_name(n) for names in POPULAR.values() for n in names}
    if fold_name(name) in popular and (len(words) > 1 or not is_plain_english(name)):
        return True
    return not is_plain_english("".join(words)) and not all(is_plain_english(w) or _is_function_word(w)
                                                            for w in words)


def _popular(name: str) -> bool:
    """Whether ``name`` is a popular package's name (:data:`POPULAR`, compared by :func:`fold_name`)."""
    return fold_name(name) in {fold_name(n) for names in POPULAR.values() for n in names}


#: a run of letters without a vowel that no word is spelt with ("fmtr", "lcsv", "httpx"): an abbreviation
_VOWELLESS_RUN_RE = re.compile(r"[b-df-hj-np-tv-z]{4,}")


def identifier_shaped(name: str) -> bool:
    """Whether ``name`` is spelt like a made-up identifier rather than a word of some language: a digit or a
    separator in it ("py3o", "tempora-fmt"), four letters or more without a vowel ("quilcsv", "httpx"), or the
    whole name made of English words of 3 letters or more and vowel-less abbreviations, with an abbreviation among
    them or every word of 4 letters or more ("datefmtr" = date + fmtr, "dayjs" = day + js, "limitwise" = limit +
    wise, "tabrowz" = tab + row + z). A loanword or a foreign word is none ("kombucha", "matcha", "ashwagandha"):
    "Should I use kombucha?" asks about a drink, so a bare verb of use makes a code question only of such a name
    (:func:`names_package`)."""
    low = name.lower()
    if re.search(r"[0-9._-]", low):
        return True
    if _VOWELLESS_RUN_RE.search(low):
        return True
    if _AFFIXED_RE.fullmatch(low) and not _near_english(low):
        return True
    return _compound_of_parts(low)


@cache
def _near_english(word: str) -> bool:
    """Whether ``word`` is one letter away from a plain English word (:func:`is_plain_english`): a spelling
    variant of one ("pyjamas" of "pajamas"), not a made-up name."""
    return any(is_plain_english(w) for w in _speller().edit_distance_1(word))


#: a name built on a package naming affix around 3 letters or more: the ecosystem's prefix ("py", "node") or a
#: suffix of packages ("js", "lite", "kit", "lib"): "pyexiflite", "nodecsv", "slugjs", "tomlkit". Such names are
#: identifiers even when the rest is no English word ("exif"), unless one letter away from an English word
#: ("pyjamas"); a word of English that happens to be spelt so ("python", "polite") is left out by the callers' test
#: of plain English (:func:`_package_like`)
_AFFIXED_RE = re.compile(r"(?:py|node)[a-z]{3,}|[a-z]{3,}(?:js|lite|kit|lib)")


@cache
def _compound_of_parts(word: str) -> bool:
    """Whether ``word`` splits into two or more parts, each an English word of 3+ letters
    (:func:`is_plain_english`) or a vowel-less abbreviation of 1-3 letters, with an abbreviation among them or
    each word of 4+ letters (see :func:`identifier_shaped`)."""
    n = len(word)
    # ways[i]: how word[:i] splits: (parts so far, capped at 2; an abbreviation seen; every word 4+ letters)
    ways: list[set[tuple[int, bool, bool]]] = [set() for _ in range(n + 1)]
    ways[0].add((0, False, True))
    for i in range(n):
        for parts, abbr, long_words in ways[i]:
            for j in range(i + 1, min(n, i + 12) + 1):
                piece = word[i:j]
                if len(piece) <= 3 and not re.search(r"[aeiou]", piece):
                    ways[j].add((min(parts + 1, 2), True, long_words))
                elif len(piece) >= 3 and is_plain_english(piece):
                    ways[j].add((min(parts + 1, 2), abbr, long_words and len(piece) >= 4))
    return any(parts >= 2 and (abbr or long_words) for parts, abbr, long_words in ways[n])


def _is_function_word(word: str) -> bool:
    """Whether ``word`` is a function word of a language ``stopwordsiso`` knows ("the", "mit", "une")."""
    return word.lower() in _all_stopwords()


@cache
def _all_stopwords() -> frozenset[str]:
    """The function words of every language ``stopwordsiso`` holds."""
    return frozenset(w for lang in stopwordsiso.langs() for w in stopwordsiso.stopwords(lang))


#: a release of the package the question asks for ("version 2", "v2", "2.x", "version 2.1", "release 3"): a
#: constraint on which version to use, never a feature the package must have
VERSION_ASKED = re.compile(r"\b(?:version|ver\.|release|major)\s+v?(\d+(?:\.\d+){0,2})(?:\.[x*])?(?![\w.])"
                           r"|\bv(\d+(?:\.\d+){0,2})(?:\.[x*])?(?![\w.])|(?<![\w.])(\d+(?:\.\d+)?)\.[x*](?![\w.])",
                           re.I)
#: a language or runtime whose version a number after it gives ("Python 3.x", "Node 20"), not the package's
_RUNTIME_BEFORE = re.compile(r"\b(?:python|py|node(?:\.?js)?|deno|bun|rust|rustc|java|go|ruby|php|typescript|ts|"
                             r"ecmascript|es|cpython|pypy|react|django|vue|angular)\s*$", re.I)


def package_versions(prose: str) -> list[re.Match[str]]:
    """The :data:`VERSION_ASKED` matches of ``prose`` that are no language's or runtime's version, in order."""
    return [m for m in VERSION_ASKED.finditer(prose) if not _RUNTIME_BEFORE.search(prose[:m.start()])]


def version_asked(question: str) -> str | None:
    """The version of the package the question asks for, as the numbers it gives ("2" of "version 2", "2.1" of
    "v2.1.x"), or None; a language's or runtime's version ("Python 3.x") is none. Code blocks are not read."""
    prose = re.sub(r"```.*?```", " ", question, flags=re.S)
    prose = re.sub(r"`[^`]*`", " ", prose)
    found = package_versions(prose)
    return next(g for g in found[0].groups() if g) if found else None


def version_meets(version: str | None, asked: str) -> bool:
    """Whether release ``version`` ("2.1.0") is of the series ``asked`` names ("2": 2.x; "2.1": 2.1.x): its
    leading numbers equal ``asked``'s. False for None or a version without enough numbers."""
    if not version:
        return False
    have = re.findall(r"\d+", version.split("-")[0].split("+")[0])
    want = asked.split(".")
    return len(have) >= len(want) and [int(x) for x in have[:len(want)]] == [int(x) for x in want]


#: the kinds of package a question asks for ("Which Python HTTP *client* ...", "a TypeScript *ORM*"), as a
#: regular expression's alternatives
PACKAGE_KIND_NOUNS = (r"librar(?:y|ies)|packages?|crates?|modules?|frameworks?|clients?|parsers?|tools?|sdks?|orms?|"
                      r"drivers?|engines?|servers?|runtimes?|validators?|loggers?|bundlers?|wrappers?|bindings?|"
                      r"plugins?|extensions?|toolkits?|utilit(?:y|ies)|implementations?")
#: a question asking which or what thing, or how many of a thing, something has or uses, the thing's noun phrase
#: before the verb ("Which rate limiting *algorithm* does x use?", "How many *weekly downloads* does x have?")
_ASKS_THING = re.compile(
    r"^\s*(?:which|what|how\s+many|how\s+much)\s+(?P<phrase>(?:[\w-]+\s+){0,4}?[A-Za-z][\w-]*)\s+"
    r"(?:does|do|did|is|are|was|were|has|have|will|can)\s", re.I)
#: a thing :func:`asked_thing` does not read as one asked of a package: a kind of package (a choice among packages:
#: "Which HTTP library does ..."), a release or licence (a recommendation states those), and words naming no thing
_NOT_THING = re.compile(rf"(?:{PACKAGE_KIND_NOUNS}|versions?|releases?|licen[cs]es?|one|ones|else|way|ways|"
                        r"thing|things|kind|type|sort)", re.I)


def asked_thing(question: str) -> str:
    """The thing a question asks which, what or how many of a package it names, as written ("rate limiting
    algorithm" of "Which rate limiting algorithm does the Python package x use?", "weekly downloads" of "How many
    weekly downloads does x have?"): the package is the subject right after the question's verb
    (:func:`_subject_package`). "" for other questions: a question asking which package or tool to use ("Which Python
    linter is most widely used?", "Which test runner is best for Python?", "Which linter is better, ruff or pylint?"),
    which a recommendation answers, and a thing that is a kind of package, a release or a licence
    (:data:`_NOT_THING`: "Which HTTP library does ...", "What version is ...", "Which one ..."). Code blocks are not
    read. Never raises; "" for an empty or None question."""
    prose = re.sub(r"```.*?```", " ", question or "", flags=re.S)
    m = _ASKS_THING.match(prose)
    if m is None or not _subject_package(prose[m.end():]):
        return ""
    phrase = " ".join(m.group("phrase").split())
    return "" if _NOT_THING.fullmatch(phrase.split()[-1]) else phrase


def _subject_package(tail: str) -> bool:
    """Whether ``tail``, the words after a question's verb ("the Python package x use?" of "Which algorithm does
    the Python package x use?"), opens with a package as the verb's subject: an article, a language or registry and
    a word for a package may stand before a package-like name (:func:`_package_like`, lower case, or a popular
    package's name as capitalised: "Django"). False for "most widely used?", "best for Python?", "better, ruff or
    pylint?" (a name offered as a choice is no subject)."""
    words = tail.split()
    i = 0
    if i < len(words) and words[i].lower() in ("the", "a", "an", "this", "that"):
        i += 1
    if i < len(words) and ECOSYSTEM_CONTEXT_RE.fullmatch(words[i]):
        i += 1
    if i < len(words) and re.fullmatch(PACKAGE_KIND_NOUNS, words[i], re.I):
        i += 1
    if i >= len(words):
        return False
    name = re.sub(r"(?:['\u2019]s?)?[?.!,;:]*$", "", words[i])
    if re.fullmatch(_NAME, name):
        return _package_like(name)
    return re.fullmatch(_NAME, name.lower()) is not None and _popular(name.lower()) and _package_like(name.lower())


#: what a question may ask of a package by name ("the latest version of x", "x's licence"): its releases, licence,
#: documentation, upkeep, makers or code
_PACKAGE_FACET = (r"(?:versions?|releases?|licen[cs]es?|changelogs?|change\s+log|release\s+notes|docs|documentation|"
                  r"readme|maintainers?|authors?|repo(?:sitory)?|homepage|downloads|dependencies|api|signatures?|"
                  r"source(?:\s+code)?|status)")
#: a name in the slot of a package, as written in lower case: after a facet ("the latest version of x", "the licence
#: of x", "the changelog for x"), before one ("x's licence", "x version 2", "x 2.1"), as the subject of "does" or "is"
#: with a verb of a package's use, an upkeep word or a word of trust ("What licence does x use?", "Does x support
#: ...?", "Is x maintained?", "is x still supported?", "Is x safe to use?", "Is x a typosquat?"), or after a verb of
#: calling or taking it in ("call x", "import x", "install x", "pin x", "upgrade x"); "X vs Y" and "use X" are read by
#: the code domain itself
_SLOT_RES = (
    re.compile(rf"\b{_PACKAGE_FACET}\s+(?:of|for|in)\s+(?:the\s+)?(?-i:(?P<name>{_NAME}))(?![\w@/-])", re.I),
    re.compile(rf"(?<![\w@/.-])(?-i:(?P<name>{_NAME}))(?:['\u2019]s?\s+(?:\w+\s+)?{_PACKAGE_FACET}\b|"
               r"\s+(?:version|release|ver\.?)\s+v?\d|\s+v?\d+\.\d+)", re.I),
    re.compile(rf"\b(?:does|do|did|can|will|is|has)\s+(?-i:(?P<name>{_NAME}))\s+(?:(?:still|now|really|currently|"
               r"actually)\s+)?(?:use|have|ship|support|require|need|depend|run|work|come|bundle|"
               r"(?:un)?maintained|deprecated|abandoned|yanked|archived|discontinued|active|alive|dead|supported|"
               r"developed|licen[cs]ed|released|compatible|safe|secure|trustworthy|trusted|legit(?:imate)?|genuine|"
               r"official|malicious|malware|(?:a\s+)?(?:typo-?squat|scam|fake))\b", re.I),
    re.compile(rf"\b(?:call|calling|import|importing|install|installing|pin|pinning|upgrade|upgrading|update|"
               rf"updating|downgrade|uninstall|configure|initiali[sz]e)\s+(?:the\s+)?(?-i:(?P<name>{_NAME}))(?![\w@/-])", re.I),
)


def slot_names(question: str) -> list[str]:
    """The names ``question`` puts in the slot of a package (:data:`_SLOT_RES`: "What is the latest version of
    bytewise?", "What licence does sizeunits use?", "Is humanbytes still maintained?", "How do I call bytewise ...?",
    "bytewise's changelog"), package-like (:func:`_package_like`: 3 characters or more, no plain English word or
    function word: "the version of the song", "Is coffee safe?" name none), as written in lower case, each once, in
    order; [] when there is none. In a code question such a name is the package asked about whatever its spelling
    (no identifier shape needed): it is looked up, and a registry's 404 says it is no package there."""
    prose = re.sub(r"```.*?```", " ", question, flags=re.S)
    found = sorted(((m.start("name"), m.group("name")) for rx in _SLOT_RES for m in rx.finditer(prose)),
                   key=lambda hit: hit[0])
    return list(dict.fromkeys(name for _, name in found if _package_like(name)))

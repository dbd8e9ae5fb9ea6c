"""Licences and the uses a question states for a package: what a licence allows, read without a model.

- :func:`licence_family` sorts a licence (an SPDX expression or a registry's long name) into its family: permissive,
  weak copyleft per file (MPL, EPL, CDDL), weak copyleft as a library (LGPL, or a GPL with a linking exception),
  strong copyleft (GPL, EUPL) or strong copyleft that reaches network use (AGPL, SSPL); None when unknown.
- :func:`licence_use` reads how a question says a package is to be used (:class:`LicenceUse`): in a product that is
  distributed closed-source ("closed": the words of selling, of proprietary or commercial software, or of keeping
  one's own code closed), in a network service ("service": SaaS, a hosted web app, on our servers), inside the
  organisation only ("internal"), or in a project under a named licence ("compatible": "compatible with MIT", "our
  Apache-2.0-licensed project"); :func:`asks_licence_use` whether such a question asks it of a package-like name
  ("Can I use geohashx in a closed-source app that we sell?": a code question).
- :func:`use_clash` says why a licence rules a package out for the use (a strong copyleft licence in a closed-source
  product, a network one in a closed service, a strong copyleft one in a permissive project).

Shared by the planner (a licence question about a package is a code question) and domain-code (the licence answers
it: ``services.domain_code.licences``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from shared.text.packages import identifier_shaped, is_plain_english, package_names, slot_names

Family = Literal["permissive", "file", "library", "strong", "network"]
UseKind = Literal["closed", "service", "internal", "compatible"]

#: the families from the least to the most binding: of a choice of licences ("MIT OR GPL-2.0") the least binding
#: one may be taken; of licences that all apply ("MIT AND GPL-3.0") the most binding one rules
_ORDER: tuple[Family, ...] = ("permissive", "file", "library", "strong", "network")
#: a licence's family by its SPDX identifier or its long name, the most specific first (an LGPL is no GPL)
_FAMILY_PATTERNS: tuple[tuple[Family, str], ...] = (
    ("network", r"\bAGPL|\bAFFERO\b|\bSSPL\b|\bSERVER\s+SIDE\s+PUBLIC\b"),
    ("library", r"\bLGPL|\b(?:LESSER|LIBRARY)\s+GENERAL\s+PUBLIC\b"),
    ("strong", r"\bGPL|\bGENERAL\s+PUBLIC\s+LICEN[CS]E\b|\bEUPL\b|\bEUROPEAN\s+UNION\s+PUBLIC\b"),
    ("file", r"\bMPL\b|\bMOZILLA\s+PUBLIC\b|\bEPL\b|\bECLIPSE\s+PUBLIC\b|\bCDDL\b|"
             r"\bCOMMON\s+DEVELOPMENT\s+AND\s+DISTRIBUTION\b"),
    ("permissive", r"\bMIT(?:-0)?\b|\bX11\b|\b0?BSD\b|\bBSD-|\bAPACHE\b|\bISC\b|\bZLIB\b|\bUNLICENSE\b|\bPSF\b|"
                   r"\bPYTHON\s+SOFTWARE\s+FOUNDATION\b|\bCC0\b|\bBSL-1\.0\b|\bBOOST\s+SOFTWARE\b|\bWTFPL\b|"
                   r"\bPUBLIC\s+DOMAIN\b"),
)
_FAMILY_RE: tuple[tuple[Family, re.Pattern[str]], ...] = tuple((f, re.compile(p, re.I)) for f, p in _FAMILY_PATTERNS)
#: an exception that lets a program link a GPL library without coming under the GPL ("GPL-2.0 WITH
#: Classpath-exception-2.0", "GCC-exception-3.1", "LLVM-exception"): the licence binds as a library's does
_LINKING_EXCEPTION = re.compile(r"\bWITH\b.*\b(?:classpath|linking|link|gcc|llvm|runtime|libtool|autoconf)\b", re.I)
#: the words of a licence expression that join licences: a choice (OR, "/") or all of them (AND)
_OR_RE = re.compile(r"\s+OR\s+|\s*/\s*")
_AND_RE = re.compile(r"\s+AND\s+", re.I)

#: the words of keeping one's own code closed while selling or shipping it: a product distributed closed-source
_CLOSED_RE = re.compile(
    r"\bclosed[- ]?source\b|\bproprietary\b|\bcommercial(?:ly)?\b|\b(?:re)?sell(?:s|ing)?\b|\bsold\b|\bpaid\b|"
    r"\bfor[- ]profit\b|\bnot\s+open[- ]?source\b|\bsource[- ]closed\b|"
    r"\bwithout\s+(?:open[- ]?sourcing|releasing|publishing|disclosing|sharing|opening|making\s+public|"
    r"having\s+to\s+(?:open[- ]?source|release|publish|disclose|share))\b|"
    r"\bkeep(?:s|ing)?\s+(?:our|my|the|its)\s+(?:own\s+)?(?:source\s+)?code\s+(?:closed|private|secret|proprietary)\b",
    re.I)
#: the words of running the program as a network service, never handing out a copy of it
_SERVICE_RE = re.compile(
    r"\bsaas\b|\bsoftware[- ]as[- ]a[- ]service\b|\b(?:web|network|cloud|online|hosted)\s+(?:service|app(?:lication)?|"
    r"platform|api)s?\b|\bhost(?:ed|ing)?\s+(?:it|them|on)\b|\bserver[- ]side\b|\bon\s+(?:our|my)\s+(?:own\s+)?"
    r"servers?\b|\bover\s+the\s+(?:network|internet|web)\b|\bas\s+a\s+service\b", re.I)
#: the words of use inside the organisation only: nothing is handed to anyone outside it
_INTERNAL_RE = re.compile(
    r"\binternal(?:ly)?\s+(?:use|tools?|apps?|applications?|systems?|services?|projects?|software|dashboards?|"
    r"scripts?|only)\b|\bused\s+internally\b|\binternally\b|\bin[- ]house\b|\bwithin\s+(?:our|my|the)\s+"
    r"(?:company|organi[sz]ation|team|firm)\b|\b(?:only|just)\s+(?:by\s+)?(?:our|my)\s+(?:own\s+)?"
    r"(?:employees|staff|team)\b|\b(?:not|never)\s+(?:be\s+)?distribut\w*\b", re.I)
#: a licence the question names as the one to fit ("compatible with MIT", "our Apache-2.0 licensed project", "our
#: project is under the GPL-3.0"): the licence is group ``lic``
_COMPATIBLE_RE = re.compile(
    r"\bcompatible\s+with\s+(?:the\s+|an?\s+|our\s+|my\s+)?(?P<lic>[\w.+-]+(?:\s+[\w.+-]+){0,3}?)"
    r"(?:\s+licen[cs]e[sd]?\b|\s+(?:projects?|code|apps?|software)\b|[?.,;!]|$)|"
    r"\b(?:our|my|an?|the)\s+(?P<lic2>[\w.+-]+)[- ]licen[cs]ed\b|"
    r"\b(?:our|my)\s+(?:[\w-]+\s+){0,2}?(?:project|app|application|code|product|software|library|package)\s+is\s+"
    r"(?:licen[cs]ed|released)\s+under\s+(?:the\s+)?(?P<lic3>[\w.+-]+(?:\s+[\w.+-]+){0,2}?)(?:\s+licen[cs]e\b|"
    r"[?.,;!]|$)", re.I)
#: an open-source product of the asker's ("our open-source app"): no closed product to weigh
_OPEN_RE = re.compile(r"(?<!not\s)(?<!without\s)\bopen[- ]?source(?:d)?\b(?!\s+(?:our|my|the|its)\b)", re.I)
#: a question speaking of licences at all ("licence", "license", "copyleft", "GPL")
_LICENCE_TALK = re.compile(r"\blicen[cs]\w*|\bcopyleft\b|\b[AL]?GPL", re.I)
#: the words of the question that say its use, never candidate package names ("closed-source", "open-sourcing",
#: "in-house"): :func:`use_word`
_USE_WORDS = re.compile(r"(?:closed|open)[- ]?sourc\w*|source[- ]closed|in[- ]house|for[- ]profit|saas|"
                        r"server[- ]side|software[- ]as[- ]a[- ]service", re.I)


@dataclass(frozen=True)
class LicenceUse:
    """How a question says a package is to be used: ``kind`` (see the module) and, for ``compatible``, the
    ``licence`` the project is under ("MIT"); ``project`` is the asker's own project's licence when the use is read
    from it (:func:`project_use`: "in this product" with a workspace), "" when the question states the use."""

    kind: UseKind
    licence: str = ""
    project: str = ""

    def phrase(self) -> str:
        """The use in words ("a closed-source product that is sold or distributed", "a project under MIT")."""
        return {"closed": "a closed-source product that is sold or distributed",
                "service": "a closed-source network service",
                "internal": "a tool used only inside your organisation"}.get(self.kind, f"a project under {self.licence}")


def licence_family(licence: str | None) -> Family | None:
    """The family of ``licence`` (an SPDX expression such as "GPL-3.0-or-later", "MIT OR Apache-2.0", or a
    registry's name such as "GNU Lesser General Public License v3 (LGPLv3)"): a choice of licences (OR) is its least
    binding known choice, licences that all apply (AND) the most binding (unknown when one is unknown); None for a
    missing or unknown licence ("Proprietary", "Custom")."""
    text = " ".join((licence or "").replace("(", " ").replace(")", " ").split())
    if not text:
        return None
    choices = [c for c in _OR_RE.split(text) if c.strip()]
    if len(choices) > 1:
        known = [f for f in (licence_family(c) for c in choices) if f is not None]
        return min(known, key=_ORDER.index) if known else None
    parts = [p for p in _AND_RE.split(text) if p.strip()]
    if len(parts) > 1:
        each = [licence_family(p) for p in parts]
        return None if any(f is None for f in each) else max((f for f in each if f), key=_ORDER.index)
    family = next((f for f, pattern in _FAMILY_RE if pattern.search(text)), None)
    if family == "strong" and _LINKING_EXCEPTION.search(text):
        return "library"
    return family


def licence_choice(licence: str, family: Family) -> str | None:
    """The choice of an OR expression ("MIT" of "MIT OR GPL-2.0") in ``family``, when the expression offers
    several; None otherwise."""
    choices = [c.strip(" ()") for c in _OR_RE.split(licence) if c.strip(" ()")]
    if len(choices) < 2:
        return None
    return next((c for c in choices if licence_family(c) == family), None)


def licence_use(question: str) -> LicenceUse | None:
    """The use ``question`` states for a package (see the module), or None when it states none: a project licence
    it names to fit (one :func:`licence_family` knows) first, then a network service, a closed-source product
    (not when it calls the product open source: "our open-source app we sell"), then use inside the organisation."""
    for m in _COMPATIBLE_RE.finditer(question):
        named = (m.group("lic") or m.group("lic2") or m.group("lic3") or "").strip(" .,;:?!")
        if named and licence_family(named) is not None:
            return LicenceUse("compatible", named)
    closed = _CLOSED_RE.search(question) is not None
    if closed and _OPEN_RE.search(_CLOSED_RE.sub(" ", question)):
        closed = False  # "our open-source app that we sell": nothing kept closed
    if _SERVICE_RE.search(question) and (closed or _LICENCE_TALK.search(question)):
        return LicenceUse("service")
    if closed:
        return LicenceUse("closed")
    if _INTERNAL_RE.search(question):
        return LicenceUse("internal")
    return None


#: the asker's own project as the place a package is to go ("can I use it in this product?", "ship it with our
#: app", "in my codebase"): with a workspace, that project is the workspace
_OWN_PROJECT_RE = re.compile(
    r"\b(?:in|into|inside|within|with|for)\s+(?:this|our|my)\s+(?:own\s+)?(?:product|project|app(?:lication)?|"
    r"code\s*base|code|repo(?:sitory)?|software|program(?:me)?|service|tool)s?\b", re.I)
#: a question of permission to use it ("can I use", "may we ship", "am I allowed to"), not of choice ("should I use")
_MAY_USE_RE = re.compile(r"\b(?:can|may|could|am|are)\s+(?:I|we)\s+(?:legally\s+|still\s+)?(?:use|ship|include|"
                         r"bundle|embed|distribute|allowed|permitted)\b", re.I)
#: a project licence granting others no rights: npm's "UNLICENSED" (not the public-domain "Unlicense"),
#: "Proprietary", "All rights reserved", "Commercial"
_PROPRIETARY_RE = re.compile(r"^\s*UNLICENSED\s*$|\bproprietary\b|\ball\s+rights\s+reserved\b|\bcommercial\b",
                             re.I)


def project_use(question: str, project_licence: str | None) -> LicenceUse | None:
    """The use a question states by pointing at the asker's own project (:data:`_OWN_PROJECT_RE`: "What licence
    does x use, and can I use it in this product?"), read from that project's licence (a workspace's), when the
    question asks about licences or permission (:data:`_LICENCE_TALK`, :data:`_MAY_USE_RE`): a proprietary licence
    (:data:`_PROPRIETARY_RE`: npm's "UNLICENSED", "Proprietary") is a closed-source product, one
    :func:`licence_family` knows is a project under it ("compatible"); ``project`` keeps the licence. None when
    the question points at no project of the asker's, asks neither, or the licence is missing or unknown."""
    if not project_licence or not _OWN_PROJECT_RE.search(question):
        return None
    if not (_LICENCE_TALK.search(question) or _MAY_USE_RE.search(question)):
        return None
    if _PROPRIETARY_RE.search(project_licence):
        return LicenceUse("closed", project=project_licence)
    if licence_family(project_licence) is not None:
        return LicenceUse("compatible", project_licence, project=project_licence)
    return None


def use_word(word: str) -> bool:
    """Whether ``word`` of a question is one of the words saying its use ("closed-source", "open-sourcing",
    "in-house", "SaaS"): never a package name to look up."""
    return _USE_WORDS.fullmatch(word) is not None


def _gpl_versions_clash(project: str, package: str) -> bool:
    """Whether two GPL-family licences differ in a version one of them is bound to: "GPL-2.0-only" with any
    version 3 licence (or the other way round); "-or-later" and unversioned ones take the other's version."""
    def version(text: str) -> tuple[str | None, bool]:
        m = re.search(r"(?:GPL|v)\s*-?\s*([23])(?:\.0)?(-or-later|\+|\s+or\s+later)?", text, re.I)
        return (m.group(1), bool(m.group(2))) if m else (None, True)
    (a, a_later), (b, b_later) = version(project), version(package)
    if a is None or b is None or a == b:
        return False
    older_later = a_later if a < b else b_later
    return not older_later


def _apache_gpl2(project: str, package: str) -> bool:
    """Apache-2.0 code in a project bound to GPL version 2 only: the GPL-2.0 forbids the Apache licence's further
    (patent) terms, so the two do not combine."""
    return bool(re.search(r"\bAPACHE\b", package, re.I) and re.search(r"\bGPL-?v?2\b", project, re.I)
                and not re.search(r"\+|\bor[- ]later\b", project, re.I))


def use_clash(use: LicenceUse | None, licence: str | None) -> str | None:
    """Why ``licence`` rules a package out for ``use``, or None: a strong copyleft licence in a closed-source
    product ("GPL-3.0-only is a strong copyleft licence: a closed-source product that is sold or distributed with it
    would have to be released under it"), a network copyleft one in a closed network service, and for a named
    project licence a strong copyleft licence not of its family, GPL versions bound apart, or Apache-2.0 in a
    GPL-2.0-only project. Weak copyleft, permissive and unknown licences never clash (the answer gives their terms)."""
    family = licence_family(licence)
    if use is None or family is None or licence is None:
        return None
    if use.kind == "closed" and family in ("strong", "network"):
        return f"{licence} is a strong copyleft licence: {use.phrase()} with it would have to be released under it"
    if use.kind == "service" and family == "network":
        return (f"{licence} is a strong copyleft licence that reaches network use: {use.phrase()} running it would "
                "have to offer its source under it")
    if use.kind == "compatible":
        project = licence_family(use.licence)
        if _apache_gpl2(use.licence, licence):
            return f"{licence} does not combine with {use.licence}: GPL-2.0 forbids the Apache licence's patent terms"
        if family in ("strong", "network") and project not in ("strong", "network"):
            return f"{licence} is a strong copyleft licence: a project under {use.licence} using it would have to " \
                   "be released under it"
        if family in ("strong", "network") and _gpl_versions_clash(use.licence, licence):
            return f"{licence} and {use.licence} are bound to different GPL versions"
    return None


#: a verb of using a package and the name after it ("use geohashx", "ship the tilecellr", "run x", "depend on x"),
#: or the name as what may "be used" ("Can datefmtr be used in a commercial product?"): the name is group ``name``
_NAME = r"(?P<name>[A-Za-z@][A-Za-z0-9@/._-]{0,60}[A-Za-z0-9])(?![\w@/-])"
_USED_NAME_RE = re.compile(
    r"\b(?:use|using|ship|shipping|bundle|bundling|include|including|embed|embedding|run|running|integrate|"
    r"integrating|link|linking|distribute|distributing|deploy|deploying|depend(?:ing)?\s+on)\s+(?:the\s+)?" + _NAME
    + r"|\b(?:can|may|could)\s+" + _NAME.replace("<name>", "<subject>")
    + r"\s+be\s+(?:used|shipped|bundled|included|embedded|sold|distributed)\b", re.I)


def asks_licence_use(question: str) -> bool:
    """Whether ``question`` states a use for a package (:func:`licence_use`) and names the package it asks about:
    one :func:`shared.text.packages.package_names` or :func:`shared.text.packages.slot_names` finds ("Is
    geohashx's licence compatible with MIT?"), or a word after a verb of using it or before "be used"
    (:data:`_USED_NAME_RE`: "Can datefmtr be used in a commercial product?") spelt
    like a package's (:func:`shared.text.packages.identifier_shaped`, no plain English word, no licence's name, no
    word of the use itself, not in capitals, nor capitalised as a proper noun: :func:`_spelt_lower`): "Can we run
    geohashx in our SaaS without open-sourcing our code?" is a code question; "Can I use a cast iron pan in a
    commercial kitchen?" and "a world-wide success but commercially unsuccessful" are not."""
    if licence_use(question) is None:
        return False
    if package_names(question) or slot_names(question):
        return True
    return any(identifier_shaped(w) and not is_plain_english(w.lower()) and not use_word(w) and not w.isupper()
               and _spelt_lower(w) and licence_family(w) is None
               for w in (m.group("name") or m.group("subject") for m in _USED_NAME_RE.finditer(question)))


def _spelt_lower(word: str) -> bool:
    """Whether ``word`` is written as a package's name rather than a proper noun: in lower case, or with a digit, a
    separator or a capital inside it ("geohashx", "Py3o", "PyYAML"; "Harrowgate" is a name of a place)."""
    return word == word.lower() or bool(re.search(r"[0-9._-]", word)) or any(c.isupper() for c in word[1:])


#: a licence's name as prose writes it: a GNU or Mozilla licence by its long name (with its version and "or later"),
#: Apache's with its version, an SPDX identifier ("GPL-3.0-or-later", "MIT", "BSD-3-Clause", "MPL-2.0"); the
#: longest spelling first, so "GNU General Public License v3.0 or later" is one name
_NAME_IN_PROSE = (
    r"(?:the\s+)?(?:GNU\s+)?(?:Affero\s+|Lesser\s+|Library\s+)?General\s+Public\s+Licen[cs]e"
    r"(?:,?\s+(?:v(?:ersion)?\s*)?\d(?:\.\d)?)?(?:\s+or\s+(?:any\s+)?later(?:\s+version)?|\s+only)?"
    r"|Mozilla\s+Public\s+Licen[cs]e(?:,?\s+(?:v(?:ersion)?\s*)?\d\.\d)?"
    r"|Apache(?:\s+Licen[cs]e)?(?:,?\s+v(?:ersion\s*)?|[- ]|\s+)2(?:\.0)?"
    r"|\b(?:A|L)?GPL-?v?\d(?:\.\d)?(?:-only|-or-later|\+)?(?![\w.])|\b(?:A|L)?GPL\b|\bMIT(?:-0)?(?![\w.])|\bISC\b"
    r"|\b0?BSD(?:-[234]-Clause)?\b|\bMPL-?2\.0\b|\bEUPL(?:-1\.2)?\b|\bUnlicense\b|\bZlib\b|\bCC0(?:-1\.0)?\b"
    r"|\bBSL-1\.0\b|\bEPL-?[12]\.0\b|\bPSF(?:-2\.0)?\b")
#: a licence stated in prose: "released under the MIT licence", "is MIT-licensed", "licensed under the GNU General
#: Public License v3.0 or later", "Licence: Apache-2.0", "an ISC licence"; group ``name`` is the licence
_STATED_RE = re.compile(
    rf"\blicen[cs]ed\s+(?:under\s+)?(?:the\s+(?:terms\s+of\s+the\s+)?)?(?P<name>{_NAME_IN_PROSE})"
    rf"|\b(?:released|distributed|available|published|offered)\s+under\s+(?:the\s+(?:terms\s+of\s+the\s+)?)?"
    rf"(?P<name2>{_NAME_IN_PROSE})"
    rf"|(?P<name3>{_NAME_IN_PROSE})(?:[- ]licen[cs]ed\b|\s+licen[cs]e\b)"
    rf"|\blicen[cs]e\s*(?:is\s+|:\s*)(?:the\s+)?(?P<name4>{_NAME_IN_PROSE})", re.I)
#: words before a stated licence that say it is not (or no longer) the licence: "is not MIT-licensed", "was
#: released under the GPL until 2.0", "moved away from the MPL"
_NOT_STATED_RE = re.compile(r"\bnot\b|n['\u2019]t\b|\bno\s+longer\b|\bnever\b|\bformerly\b|\bpreviously\b|"
                            r"\bused\s+to\b|\buntil\b|\bwas\b|\bwere\b|\baway\s+from\b|\binstead\s+of\b|\bunlike\b",
                            re.I)


def stated_licence(sentence: str) -> tuple[int, int, str] | None:
    """The licence ``sentence`` states something is under, as (start, end, name): the licence's name where the
    sentence gives it (character offsets into ``sentence``) and as written, whitespace folded and a leading "the"
    dropped ("released under the MIT licence" -> "MIT", "licensed under the GNU General Public License v3.0 or
    later" -> "GNU General Public License v3.0 or later"). Only a licence spoken of as one (a word of licensing or
    "released under" next to it) of a known family (:func:`licence_family`) counts; None when there is none, or
    when a negation or a past tense precedes it in the sentence ("is not MIT-licensed", "was GPL-licensed until
    2.0")."""
    for m in _STATED_RE.finditer(sentence):
        group = next(g for g in ("name", "name2", "name3", "name4") if m.group(g))
        written = m.group(group)
        lead = re.match(r"\s*(?:the\s+)?", written, re.I)
        start = m.start(group) + (lead.end() if lead else 0)
        name = " ".join(sentence[start:m.end(group)].split())
        clause = re.split(r"[;]", sentence[:start])[-1]  # the clause it is stated in
        if licence_family(name) is None or _NOT_STATED_RE.search(clause):
            continue
        return start, m.end(group), name
    return None

"""The answer to a code question stating how a package is to be used, from the package's licence.

A question may say how the asker means to use a package ("Can I use geohashx in a closed-source app that we sell?",
"... in our company's internal tool?", "... in our SaaS without open-sourcing our code?", "Is geohashx's licence
compatible with MIT?": :func:`shared.text.licences.licence_use`). Such a question is answered by the package's
licence, read from its registry, not by how well the package is kept: :func:`licence_answer` is the answer's opening
("**No:** `geohashx` is licensed GPL-3.0-or-later[@e1], a strong copyleft licence: ...").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from services.domain_code.pages import Page
from shared.text.licences import Family, LicenceUse, licence_choice, licence_family, stated_licence, use_clash
from shared.text.packages import fold_name
from shared.text.tokens import split_sentences


def _kind_words(family: Family) -> str:
    return {"permissive": "a permissive licence",
            "file": "a weak copyleft licence that covers only its own files",
            "library": "a weak copyleft licence",
            "strong": "a strong copyleft licence",
            "network": "a strong copyleft licence that also covers use over a network"}[family]


def licence_answer(name: str, licence: str | None, use: LicenceUse, cite: str, registry: str) -> str:
    """The answer to a question asking whether package ``name`` may be used as ``use`` says, from its ``licence``
    (as its ``registry`` gives it, ``cite`` the citation of that value), one sentence opening with its verdict:
    "**No:** `geohashx` is licensed GPL-3.0-or-later[@e1], a strong copyleft licence: a program distributed with it,
    sold or given away, must be released with its source code under the same licence, so it cannot ship in a
    closed-source product unless you release the product's source under that licence (or its authors grant you
    another licence)."; "**Yes, with conditions:** ..." for a weak copyleft licence (an LGPL one only as a replaceable,
    dynamically linked library; an MPL one with changes to its files shared); "**Yes:** ..." for a permissive one
    (its notice kept), and for any licence whose conditions the use does not reach (a GPL in an internal tool or a
    network service); "**Cannot tell:** ..." when the registry gives no licence or one not known here."""
    n = f"`{name}`"
    if not licence:
        return (f"**Cannot tell:** {registry} gives no licence for {n}: check the licence file in its repository "
                f"before using it in {use.phrase()}; code published with no licence at all grants no right to copy "
                "or ship it.")
    family = licence_family(licence)
    if family is None:
        return (f"**Cannot tell:** {n} is licensed {licence}{cite}, which is not a licence known here: read its terms "
                f"(or ask its authors) before using it in {use.phrase()}.")
    choice = licence_choice(licence, family)
    said = f"{n} is licensed {licence}{cite}" + (f", which you may take as {choice}" if choice else "")
    kind = _kind_words(family)
    same = "the same licence"
    if use.kind == "compatible":
        return _compatible_answer(said, kind, family, licence, use)
    if family == "permissive":
        where = {"closed": "a closed-source product that you sell or distribute",
                 "service": "a closed-source service", "internal": "internal tools, and even distributed"}[use.kind]
        return f"**Yes:** {said}, {kind}: it may be used in {where}, provided its copyright and licence notice is kept."
    if use.kind == "closed":
        if family == "strong":
            return (f"**No:** {said}, {kind}: a program distributed with it, sold or given away, must be released "
                    f"with its source code under {same}, so it cannot ship in a closed-source product unless you "
                    "release the product's source under that licence (or its authors grant you another licence).")
        if family == "network":
            return (f"**No:** {said}, {kind}: a program distributed with it must be released with its source code "
                    f"under {same}, and even one only offered as a network service must offer its users that source, "
                    "so it cannot be part of a closed-source product unless you release the product's source under "
                    "that licence (or its authors grant you another licence).")
        if family == "library":
            return (f"**Yes, with conditions:** {said}, {kind}: a closed-source product may use it only as a separate "
                    "library its users can replace with their own build of it (linked dynamically, not compiled into "
                    "your code), with its licence text shipped and any changes to the library itself released under "
                    f"{same}.")
        return (f"**Yes, with conditions:** {said}, {kind}: a closed-source product may include it, but its licence "
                f"notice must be kept and any changes made to its files released under {same}.")
    if use.kind == "service":
        if family == "network":
            return (f"**No:** {said}, {kind}: the users of a network service running it must be offered the "
                    f"service's source code under {same}, so the service cannot stay closed-source (unless its "
                    "authors grant you another licence).")
        return (f"**Yes:** {said}, {kind} whose conditions apply when the program is distributed: running it on "
                "your own servers to serve users over a network is not distribution, so your service's code may stay "
                f"closed; shipping the program itself to others would require releasing its source"
                + (" (or, for the library alone, its changes)" if family in ("library", "file") else "")
                + f" under {same}.")
    if family == "network":
        return (f"**Yes, with conditions:** {said}, {kind}: use inside your organisation is allowed, but if you "
                "modify it and people outside the organisation use it over a network, you must offer them its "
                f"source code under {same}, and distributing the tool would require releasing its source.")
    return (f"**Yes:** {said}, {kind}, but its conditions apply only when the program is distributed: using it in a "
            "tool used only inside your organisation, with no copy given to anyone outside it, obliges you to "
            "nothing; distributing the tool would require releasing "
            + ("its source" if family == "strong" else "any changes to the library") + f" under {same}.")


def _compatible_answer(said: str, kind: str, family: Family, licence: str, use: LicenceUse) -> str:
    """:func:`licence_answer` for a project under the licence ``use`` names ("Is x's licence compatible with
    MIT?")."""
    project = use.licence
    clash = use_clash(use, licence)
    if clash is not None:
        if family in ("strong", "network") and licence_family(project) not in ("strong", "network"):
            return (f"**No:** {said}, {kind}: a project under {project} that uses it must, when distributed, be "
                    f"released as a whole under {licence}'s terms, so it cannot stay under {project} alone"
                    + (f" ({project} code may go into a {licence} work, not the other way round)"
                       if licence_family(project) == "permissive" else "") + ".")
        return f"**No:** {said}: {clash}."
    if family in ("library", "file"):
        return (f"**Yes, with conditions:** {said}, {kind}: a project under {project} may use it and keep its own "
                f"code under {project}, but changes to the package itself must be released under {licence}"
                + (", and its users must be able to replace it with their own build of it" if family == "library"
                   else "") + ".")
    if family == "permissive":
        return f"**Yes:** {said}, {kind} that fits a project under {project}: keep its copyright and licence notice."
    return (f"**Yes:** {said}, {kind} of the same family as {project}: a project under {project} may use it, the "
            "combined work released under the copyleft terms.")


@dataclass(frozen=True)
class PageLicence:
    """A licence a fetched page states for a package: the page's ``url``, the ``sentence`` stating it (as the
    page's stored text gives it), the ``licence`` as written ("MIT", "GNU General Public License v3.0 or later") and
    whether the page is the package's ``own`` (:func:`own_page`)."""

    url: str
    sentence: str
    licence: str
    own: bool


#: a sentence whose subject is the package a page is about, not named ("It is released under the MIT licence.",
#: "This library is licensed under ...")
_ITS_SUBJECT_RE = re.compile(r"^(?:it|this\s+(?:package|library|project|module|crate|tool|distribution))\b", re.I)


def own_page(name: str, page: Page) -> bool:
    """Whether ``page`` is the package ``name``'s own: its title opens with the name ("runeloom documentation",
    "fetchkit - HTTP for humans"), or a label of its address's host or a segment of its path is the name
    (``https://fetchkit.dev/``, ``https://docs.example.org/fetchkit/``). Names compare folded
    (:func:`shared.text.packages.fold_name`)."""
    wanted = fold_name(name)
    first = re.match(r"\s*([@\w][\w.@/-]*)", page.title or "")
    if first is not None and fold_name(first.group(1)) == wanted:
        return True
    parts = urlsplit(page.url)
    labels = (parts.hostname or "").split(".")
    return any(fold_name(x) == wanted for x in [*labels, *parts.path.split("/")] if x)


def _names(sentence: str, name: str) -> bool:
    return re.search(rf"(?<![\w@/.-]){re.escape(name)}(?![\w@/-])", sentence, re.I) is not None


#: the licensing verb right before a licence's name in prose ("is released under the", "licensed under", "uses
#: the")
_LICENSING_VERB_RE = re.compile(r"(?:\b(?:licen[cs]ed|released|distributed|available|published|offered)\s+"
                                r"(?:under\s+)?(?:the\s+(?:terms\s+of\s+the\s+)?|an?\s+)?"
                                r"|\b(?:uses?|under)\s+(?:the\s+|an?\s+)?)?$", re.I)
#: what may stand right before a licensing verb whose subject is the clause's own (besides that subject itself): a
#: form of "be", an adverb, a compound's first half ("dual-licensed"), or a noun of what the package is ("It is free
#: software released under")
_VERB_OPENER_RE = re.compile(r"(?:^|[:;]|\b(?:is|are|be|been|being|also|now|still|fully|dual-|\w+ly|software|"
                             r"library|package|project|module|crate|tool|code))\s*$", re.I)
#: a relative pronoun opening a clause about the noun before it ("wordtrie, which is released under ...")
_RELATIVE_RE = re.compile(r"(?P<before>[\w@.-]*)\s*,?\s*\b(?:which|that|whose|who)\b", re.I)


def _of_the_package(sentence: str, start: int, name: str) -> bool:
    """Whether the licence whose name opens at ``start`` in ``sentence`` (:func:`shared.text.licences.stated_licence`)
    is stated of the package ``name`` itself: its licensing verb has the package, "It" or "This library" as its own
    subject. Not when the licence stands in a relative clause about another thing ("It bundles wordtrie, which is
    released under the GPL-3.0 licence"; "name, which is ..." is the package's), in a participle phrase on another
    noun ("It can read files licensed under the GPL"), or is stated of a part of the package ("Its documentation is
    licensed under CC0-1.0", "name's logo ..."; its code or source is the package)."""
    before = sentence[:start]
    verb = _LICENSING_VERB_RE.search(before)
    head = before[:verb.start()] if verb else before
    for m in _RELATIVE_RE.finditer(head):
        # "Note that it is released under ...": a "that" before the clause's own subject opens no relative clause
        if fold_name(m.group("before")) != fold_name(name) and \
                not re.match(rf"\s*(?:it\b|this\s|{re.escape(name)}(?![\w@/-]))", head[m.end():], re.I):
            return False
    subject = re.search(r"(?:\bit|\bthis\s+\w+|(?<![\w@/.-])" + re.escape(name) + r")\s*$", head, re.I)
    if head.strip() and not _VERB_OPENER_RE.search(head) and subject is None:
        return False
    clause = re.split(r"[;:]", head)[-1]
    part = re.match(rf"\s*(?:its|{re.escape(name)}['\u2019]s)\s+(?P<part>[\w-]+)", clause, re.I)
    return part is None or part.group("part").lower() in ("code", "source", "sources", "library", "package")


def page_licences(name: str, pages: Sequence[Page], others: Iterable[str] = ()) -> list[PageLicence]:
    """The licences the fetched ``pages`` state for the package ``name`` (:func:`shared.text.licences.stated_licence`),
    one per page (its first such sentence), the package's own pages (:func:`own_page`) first, then in page order. A
    sentence counts when it names the package and none of ``others`` (the other packages surveyed: "x is MIT, unlike
    y" is about two), or, on the package's own page, when its subject is the package unnamed ("It is released under
    the MIT licence."). [] when no page states one."""
    rivals = [o for o in others if fold_name(o) != fold_name(name)]
    found: list[PageLicence] = []
    for page in pages:
        own = own_page(name, page)
        for s in split_sentences(page.text):
            about = _names(s.text, name) or own and _ITS_SUBJECT_RE.match(s.text) is not None
            if not about or any(_names(s.text, o) for o in rivals):
                continue
            stated = stated_licence(s.text)
            if stated is not None and _of_the_package(s.text, stated[0], name):
                found.append(PageLicence(page.url, s.text, stated[2], own))
                break
    return sorted(found, key=lambda f: not f.own)

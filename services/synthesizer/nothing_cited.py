"""Why a report has nothing to cite, said in its Answer and under "What is missing" (issue 9, trial t50's bad inputs:
a corpus of reference lists only, or of cookie-consent walls only, got the generic "Not established: the person or
group asked for. No verified claim states it.", which hides that no source could say anything).

The reason is read from the run itself: its failed sources (``SourceFailed``'s reason code: ``consent_wall``,
``paywall``, ``blocked_page``, ...), its sources that gave no claims and what their texts are as a whole
(:func:`shared.text.noise.page_kind`: a reference list, a consent or paywall notice), and, for a run of the local
corpus that selected no source at all, what the corpus's documents are (:meth:`shared.corpus.Corpus.page_kinds`).

- :func:`nothing_cited` gives the reason as a clause ("the only local documents (3) are reference lists, which give
  no claims"; "the only page is a cookie-consent wall (source failed)"), or None when the run has something to cite.
- :func:`with_reason` writes it into a report: after the Answer's no-evidence sentence (an English report) and as
  the first item of "What is missing", in place of the generic "Not established" item.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from shared.domain import RunView, SourceView
from shared.report import heading_kind, report_words, unanswered_texts

#: page kind -> (one, several): what a page of that kind is called
KIND_NAMES: dict[str, tuple[str, str]] = {
    "reference": ("a reference list", "reference lists"),
    "consent": ("a cookie-consent wall", "cookie-consent walls"),
    "paywall": ("a paywall notice", "paywall notices"),
    "blocked": ("a block page", "block pages"),
}
#: a ``SourceFailed`` reason code that says what the page was -> its page kind
FAILED_KINDS = {"consent_wall": "consent", "paywall": "paywall", "blocked_page": "blocked"}
#: the most titles the "What is missing" item names
MAX_TITLES = 5


@dataclass(frozen=True)
class Unused:
    """A source of the run that gave nothing to cite: its title (or address), whether it is a local document, its
    page kind (a key of :data:`KIND_NAMES`, ``""`` when not known) and its ``SourceFailed`` reason code (``""`` for
    a source read that gave no claims)."""

    title: str
    local: bool
    kind: str
    failed: str

    @property
    def group(self) -> tuple[str, bool]:
        """What sources are told apart by in the reason: (kind or, for a failed source of no known kind, its reason
        code; whether it failed)."""
        return (self.kind or self.failed, bool(self.failed))


def _is_local(src: SourceView) -> bool:
    return src.via == "local" or src.url.startswith("doc:")


def unused_sources(run: RunView, kinds: Mapping[str, str | None]) -> list[Unused]:
    """The run's sources that gave nothing to cite, in the run's order: each failed source (not one dropped as a
    copy of another: :attr:`shared.domain.SourceView.dropped`) and each source read that gave no claims.
    ``kinds``: source id -> the page kind of a source read (:func:`shared.text.noise.page_kind` of its text; None
    or missing: not known)."""
    out: list[Unused] = []
    for sid, src in run.sources.items():
        title = src.title or src.address
        if src.status == "failed" and not src.dropped:
            code = (src.reason or "").split(":", 1)[0].strip() or "failed"
            out.append(Unused(title, _is_local(src), FAILED_KINDS.get(code, ""), code))
        elif src.status == "extracted" and not src.claim_ids:
            out.append(Unused(title, _is_local(src), kinds.get(sid) or "", ""))
    return out


def _noun(local: bool | None, n: int) -> str:
    word = {True: "local document", False: "page", None: "source"}[local]
    return word if n == 1 else f"{word}s"


def _predicate(kind: str, failed: bool, n: int) -> str:
    """What ``n`` sources of one group are, as the predicate after their subject."""
    one = n == 1
    if kind in KIND_NAMES:
        name = KIND_NAMES[kind][0 if one else 1]
        return f"{'is' if one else 'are'} {name} (source failed)" if failed else \
            f"{'is' if one else 'are'} {name}, which {'gives' if one else 'give'} no claims"
    if failed:
        return f"could not be read (source failed: {kind})"
    return f"{'gives' if one else 'give'} no claims"


def sources_reason(unused: list[Unused]) -> str:
    """The reason clause of a run whose sources ``unused`` all gave nothing to cite: "the only local document is a
    reference list, which gives no claims", "the only pages (2) are cookie-consent walls (source failed)", or, for
    sources of several kinds, "no source gives a claim to cite: 2 local documents are reference lists, which give no
    claims; 1 page is a cookie-consent wall (source failed)". ``""`` for no source."""
    if not unused:
        return ""
    groups: dict[tuple[str, bool], list[Unused]] = {}
    for u in unused:
        groups.setdefault(u.group, []).append(u)
    if len(groups) == 1:
        (kind, failed), members = next(iter(groups.items()))
        n = len(members)
        local = members[0].local if all(m.local == members[0].local for m in members) else None
        subject = f"the only {_noun(local, 1)}" if n == 1 else f"the only {_noun(local, n)} ({n})"
        return f"{subject} {_predicate(kind, failed, n)}"
    parts = []
    for (kind, failed), members in groups.items():
        n = len(members)
        local = members[0].local if all(m.local == members[0].local for m in members) else None
        parts.append(f"{n} {_noun(local, n)} {_predicate(kind, failed, n)}")
    return "no source gives a claim to cite: " + "; ".join(parts)


def corpus_reason(kinds: Mapping[str, int], sample: int) -> str:
    """The reason clause of a search of the local corpus that found no document, from what the corpus's documents
    are (``kinds``: page kind, ``""`` for content -> documents, as :meth:`shared.corpus.Corpus.page_kinds` read at
    most ``sample`` of them): "the local corpus searched holds no documents"; "the only local documents (3) are
    cookie-consent walls, with no content; none matches the question's words"; else "no document of the local
    corpus (12 documents) matches the question's words" (the count only when every document was read)."""
    total = sum(kinds.values())
    if total == 0:
        return "the local corpus searched holds no documents"
    whole = total < sample
    furniture = {k: n for k, n in kinds.items() if k in KIND_NAMES and n}
    if whole and sum(furniture.values()) == total:
        parts = []
        for kind, n in furniture.items():
            name = KIND_NAMES[kind][0 if n == 1 else 1]
            parts.append(f"{name}" if len(furniture) == 1 else f"{n} {'is' if n == 1 else 'are'} {name}")
        if len(furniture) == 1:
            subject = "the only local document is" if total == 1 else f"the only local documents ({total}) are"
            return f"{subject} {parts[0]}, with no content; none matches the question's words"
        return (f"the local corpus's {total} documents have no content: " + ", ".join(parts)
                + "; none matches the question's words")
    counted = f" ({total} document{'s' if total != 1 else ''})" if whole else ""
    return f"no document of the local corpus{counted} matches the question's words"


def nothing_cited(run: RunView, cited: bool, source_kinds: Mapping[str, str | None],
                  corpus_kinds: Mapping[str, int] | None, sample: int = 40) -> str | None:
    """Why the report of ``run`` has nothing to cite, as a clause (:func:`sources_reason`, :func:`corpus_reason`);
    None when it cites something (``cited``), the run has a claim (its sources gave some, whatever their verdicts:
    the report says what was not established), or nothing is known of why (no source and no corpus read).
    ``source_kinds``: source id -> page kind of each source read (:func:`unused_sources`); ``corpus_kinds``: what the
    local corpus's documents are (:meth:`shared.corpus.Corpus.page_kinds`, ``sample`` of them at most), read when
    the run is of the local corpus and selected no source; None: not read."""
    if cited or run.claims:
        return None
    unused = unused_sources(run, source_kinds)
    if unused:
        return sources_reason(unused)
    if not run.sources and corpus_kinds is not None:
        return corpus_reason(corpus_kinds, sample)
    return None


def _titles(unused: list[Unused]) -> str:
    names = [u.title for u in unused[:MAX_TITLES]]
    more = len(unused) - len(names)
    return "; ".join(names) + (f"; and {more} more" if more > 0 else "")


def with_reason(markdown: str, reason: str, question: str, language: str = "en", *,
                unused: list[Unused] | None = None) -> str:
    """``markdown`` (a report citing nothing) saying why (``reason``, a clause of :func:`nothing_cited`): an English
    report's Answer adds it as a sentence after its no-evidence sentence ("No verified evidence was found for this
    question. The only local documents (3) are reference lists, which give no claims."); "What is missing" opens
    with "nothing to cite (<titles>): <reason>" (the titles of the sources ``unused``, at most :data:`MAX_TITLES`), in
    place of the generic "Not established" item of ``question`` (:func:`shared.report.unanswered_texts`); the
    section is made before "Sources" (or at the end) when the report has none. Unchanged for an empty ``reason`` or a report without ``##``
    sections. Never raises."""
    if not reason:
        return markdown
    lines = (markdown or "").splitlines()
    heads = [i for i, ln in enumerate(lines) if ln.strip().startswith("## ")]
    if not heads:
        return markdown
    code = re.split(r"[-_]", (language or "en").strip().casefold(), maxsplit=1)[0] or "en"
    if code == "en" and heading_kind(lines[heads[0]]) is None:  # the Answer: its first paragraph line
        body = next((i for i in range(heads[0] + 1, len(lines)) if lines[i].strip()), None)
        if body is not None and not lines[body].lstrip().startswith("#"):
            sentence = reason[0].upper() + reason[1:] + "."
            if sentence not in lines[body]:
                lines[body] = f"{lines[body].rstrip()} {sentence}"
    item = "- nothing to cite" + (f" ({_titles(unused)})" if unused else "") + f": {reason}."
    generic = {f"- {unanswered_texts(question, findings=f, language=code)[1]}" for f in (False, True)}
    lines = [ln for ln in lines if ln.rstrip() not in generic]
    heads = [i for i, ln in enumerate(lines) if ln.strip().startswith("## ")]
    missing_at = next((i for i in heads if heading_kind(lines[i]) == "missing"), None)
    if missing_at is not None:
        at = next((i for i in range(missing_at + 1, len(lines)) if lines[i].strip()), len(lines))
        lines[at:at] = [item] if at < len(lines) and not lines[at].lstrip().startswith("#") else [item, ""]
    else:
        block = [f"## {report_words(code).missing}", "", item, ""]
        sources_at = next((i for i in heads if heading_kind(lines[i]) == "sources"), None)
        if sources_at is None:
            lines = [*lines, *([""] if lines and lines[-1].strip() else []), *block]
        else:
            lines[sources_at:sources_at] = block
    return "\n".join(lines).rstrip() + "\n"

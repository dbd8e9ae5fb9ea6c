"""A domain service's analysis in the report: its sections placed after the lead (or, for a domain of
:data:`LEADING_DOMAINS`, before it), their ``[@ref]`` markers turned
into the report's ``[n]`` citations, their sources added to the source list, and the confidence tier capped.

Whatever engine wrote the report (offline or model), :func:`place_domain_sections` works on its Markdown and
citations: a domain section cites evidence spans (``DomainEvidence``) of a run source's stored text or of a
document the domain service stored itself (``DomainSource``); each becomes a ``Citation`` numbered like the rest
(one number per source), so the judge audits it against the same stored text.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from uuid import UUID

from services.synthesizer.confidence import HIGH_THRESHOLD, MEDIUM_THRESHOLD
from services.synthesizer.offline import SPONSORED_MARK
from services.synthesizer.provenance import KIND_WORDS
from shared.domain import RunView
from shared.evidence import Citation, Claim, Report, SourceInfo, domain_claim_id
from shared.report import SOURCE_ENTRY_RE, heading_kind, lead_section, report_words
from shared.text.answer import KEEP_OR_LEAVE_WORDS, answer_type, asks_how_to, is_request, lead_answer
from shared.text.buying import SHOPPING_ANSWER_PATTERN, asks_choice
from shared.text.packages import INACTIVE_CLASSIFIER, asked_thing, package_versions, version_asked, version_meets
from shared.text.quantity import stated_kinds
from shared.text.tokens import FIRST_PERSON_PLURAL_RE, is_stopword, tokenize

log = logging.getLogger("assay.synthesizer")

#: domains whose sections open the report, before the general lead (a shopping report leads with its verdicts,
#: spec matrix and offers; a code report with its recommendation, cited from the recommended package's registry
#: documents and README, so the lead never rests on a page about something else; the general findings follow);
#: other domains' sections follow the lead
LEADING_DOMAINS = frozenset({"shopping", "code"})
_REF_RE = re.compile(r"\[@([A-Za-z0-9_.:-]+)\]")
_TIERS = {"low": 0, "medium": 1, "high": 2}
#: the highest score of each capped tier (just below the next tier's threshold)
_TIER_CEILING = {"medium": round(HIGH_THRESHOLD - 1e-6, 6), "low": round(MEDIUM_THRESHOLD - 1e-6, 6)}


def domain_citation_id(run_id: str, source_id: str, start: int, end: int) -> UUID:
    """The id a domain figure's citation carries in ``Citation.claim_id``: uuid5 of the run and the cited span
    (:func:`shared.evidence.domain_claim_id`), the id of the claim the domain service proposed for the figure
    (``DomainFiguresProposed``) when it did."""
    return domain_claim_id(run_id, source_id, start, end)


#: what a figure whose check did not support it says next to its citation
FIGURE_MARKS = {"contradicted": "(contradicted by its source)", "contested": "(contested)",
                "unverified": "(not confirmed by its source)"}


def domain_claims(run: RunView, sources: dict[str, SourceInfo]) -> list[Claim]:
    """The run's domain figures that have a verdict (claims a domain service proposed), for the report's confidence
    gate (:func:`cap_gate`: a contradicted or mostly unconfirmed set caps it); their spans are the supporting ones,
    each with its source's domain. They are never written into the general findings and are not among the report's
    ``used_claim_ids``: a spec two sites give differently is shown with both sources in the spec matrix and named
    under "What is missing", not read as a dispute of the answer."""
    out: list[Claim] = []
    for claim in run.claims.values():
        if claim.figure is None or claim.verdict is None:
            continue
        spans = [sp.model_copy(update={"domain": sources[sp.source_id].domain if sp.source_id in sources else ""})
                 for sp in claim.spans if sp.label == "supports"]
        out.append(claim.model_copy(update={"spans": spans}))
    return out


def sponsored_sources(run: RunView) -> dict[str, str]:
    """Source id -> why it is sponsored or affiliate content, as the run's shopping analysis found
    (``ReviewsSummarized.sponsored_sources``, and each review it marked sponsored); empty for other runs."""
    summary = run.domain_events.get("ReviewsSummarized") or {}
    out: dict[str, str] = {}
    for item in summary.get("sponsored_sources") or ():
        out.setdefault(str(item["source_id"]), str(item.get("why") or "sponsored or affiliate content"))
    for review in summary.get("reviews") or ():
        if review.get("sponsored"):
            out.setdefault(str(review["source_id"]), str(review.get("sponsored_why") or "sponsored review"))
    return out


#: the language and registry each code ecosystem key names (``PackagesSurveyed``)
_ECOSYSTEM_NAMES = {"pypi": "Python (PyPI)", "npm": "JavaScript/TypeScript (npm)", "crates": "Rust (crates.io)"}


def other_ecosystem_sources(run: RunView) -> dict[str, str]:
    """Source id -> why the page is about another language ecosystem than the code question's, as the run's code
    analysis found (``PackagesSurveyed.pages``, ``off_ecosystem``: "a Python (PyPI) page; the question is about
    JavaScript/TypeScript (npm)"); empty for other runs and surveys recorded before pages were read."""
    survey = run.domain_events.get("PackagesSurveyed") or {}
    asked = " or ".join(_ECOSYSTEM_NAMES.get(str(e), str(e)) for e in survey.get("ecosystems") or ())
    out: dict[str, str] = {}
    for page in survey.get("pages") or ():
        if page.get("off_ecosystem") and page.get("ecosystem"):
            eco = str(page["ecosystem"])
            out[str(page["source_id"])] = f"a {_ECOSYSTEM_NAMES.get(eco, eco)} page; the question is about {asked}"
    return out


def _one_line(text: str) -> str:
    return re.sub(r"\[(\d+)\]", r"(\1)", " ".join(text.split()))


def domain_leads(run: RunView) -> bool:
    """Whether ``run``'s report opens with a domain service's sections (an analysis of a domain in
    :data:`LEADING_DOMAINS` that wrote sections): its recommendation is then the report's answer, and the general
    lead below it is not the place to say the question was not established. A shopping analysis whose verdicts open
    with a "Best overall" pick that answers nothing the question asks (:func:`recommendation_unasked`: "How much
    energy does Kettlo claim the Go saves?", "Which Kettlo firmware has a safety notice?" ask a fact of a named
    product or maker, no choice) does not lead: the general lead, from the verified claims, answers, and the shopping
    sections follow it. Never raises."""
    analysis = run.domain_analysis
    if analysis is None or not analysis.sections or analysis.domain not in LEADING_DOMAINS:
        return False
    if analysis.domain == "shopping":
        body = _REF_RE.sub("", str(analysis.sections[0].get("body", ""))).strip()
        first = re.sub(r"^[-*]\s+", "", body.split("\n", 1)[0].strip())
        return not recommendation_unasked(run.request.question, first)
    return True


#: the bold opening of a keep-or-leave answer (``shared.text.answer.keep_or_leave``): the course to take and the
#: package ("**Keep `durationkit`**, but not at 2.4.0: ...", "**Switch from `reqests`:** ...")
_KEEP_OR_LEAVE = (r"(?:" + "|".join(w.capitalize() for w in KEEP_OR_LEAVE_WORDS)
                  + r")\b[^*`]*`[^`*]+`:?\*\*")
#: a leading domain section that opens with the answer to a yes/no question ("**No:** `reqests` is ..."), or to a
#: keep-or-leave one
_DOMAIN_YES_NO_RE = re.compile(r"^\*\*(?:(?:Yes|No)\b[^*]*:\*\*|" + _KEEP_OR_LEAVE + ")")


def domain_answers_yes_no(run: RunView) -> bool:
    """Whether a leading domain's first section answers the question yes or no (the code domain's answer to
    "Is `x` a good choice ...?" drawn from its survey: ``services.domain_code.offline.yes_no_answer``)."""
    return domain_leads(run) and run.domain_analysis is not None and bool(
        _DOMAIN_YES_NO_RE.match(str(run.domain_analysis.sections[0].get("body", "")).lstrip()))


def drop_undecided(report: Report, run: RunView, undecided: str) -> Report:
    """``report`` without the general answer's ``undecided`` opening ("The verified claims leave this question
    open; what they say:") when a leading domain section already answers the yes/no question
    (:func:`domain_answers_yes_no`), or the code domain's recommendation ("**Recommended: `tomlfast` ...**") leads a
    request (:func:`shared.text.answer.is_request`: "Can you show me example code ...?" reads as a yes/no question
    to the general synthesis, but the recommendation answers it; "Is `reqests` a good choice?" stays open under a
    recommendation of another package): what the claims say stays, as findings under that answer. Other reports are
    returned unchanged."""
    analysis = run.domain_analysis
    recommends = is_request(run.request.question) and domain_leads(run) and analysis is not None \
        and analysis.domain == "code" and any(_CODE_PICK_RE.match(line.strip()) for s in analysis.sections
                                              for line in str(s.get("body", "")).split("\n"))
    if not (domain_answers_yes_no(run) or recommends) or undecided not in report.markdown:
        return report
    return report.model_copy(update={"markdown": report.markdown.replace(undecided + " ", "").replace(undecided, "")})


def _kind_word(run: RunView, sid: str, own: Mapping[str, Any] | None) -> str:
    """How the Sources list names the kind of a source a domain section cites (``KIND_WORDS``: "manufacturer",
    "review or test"; "" when unknown): a run source's own, or, for the page markup the domain stored itself
    (``own``), the kind of the run source fetched from the same address."""
    src = run.sources.get(sid)
    if src is None and own is not None:
        src = next((s for s in run.sources.values() if own.get("url") and s.url == own.get("url")), None)
    kind = str((src.provenance or {}).get("kind") or "") if src is not None else ""
    return KIND_WORDS.get(kind, "")


def place_domain_sections(report: Report, run: RunView, sources: dict[str, SourceInfo]) -> Report:
    """``report`` with the run's domain sections (``run.domain_analysis.sections``) after its lead, or
    before it when the domain leads (:func:`domain_leads`: a domain of :data:`LEADING_DOMAINS`, unless a shopping
    pick answers nothing the question asks).

    Each section is ``## heading`` then its body, inserted before the report's second ``##`` heading (or at the
    end of the body when the lead is the only section, before "What is missing" and "Sources"); a leading
    domain's sections go before the first ``##`` heading (right after the ``#`` title when there is none). A ``[@ref]``
    marker becomes ``[n]``: ``n`` is the number the report already gives the evidence's source, or the next
    free number (the source is then added to the "Sources" list, made when the report has none; its title and
    URL come from ``sources``, the run's sources or the domain's own). A marker naming no evidence of its
    section, or evidence of a source nobody recorded, is dropped (logged). Returns the report unchanged when
    there is no analysis or it has no sections.
    """
    analysis = run.domain_analysis
    if analysis is None or not analysis.sections:
        return report
    run_id = str(run.run_id)
    own = {str(s["source_id"]): s for s in analysis.sources}
    known = {**{sid: (s.title or s.url, s.address) for sid, s in run.sources.items() if s.text_sha256},
             **{sid: (s.get("title") or s["url"], s["url"]) for sid, s in own.items()},
             **{sid: (info.title, info.url_or_path) for sid, info in sources.items()}}
    flagged = sponsored_sources(run)  # sponsored or affiliate pages (and their markup): marked where cited
    numbers: dict[str, int] = {}
    for c in report.citations:
        numbers.setdefault(c.source_id, c.n)
    added: list[str] = []
    citations = list(report.citations)
    seen = {(c.n, c.start, c.end) for c in citations}
    blocks: list[str] = []
    for section in analysis.sections:
        evidence = {str(e["ref"]): e for e in section.get("evidence", [])}

        def cite(match: re.Match[str], evidence: dict[str, Any] = evidence, heading: str = section["heading"]
                 ) -> str:
            ev = evidence.get(match.group(1))
            if ev is None or str(ev["source_id"]) not in known:
                log.warning("run %s: domain section %r cites %s, which it does not record", run_id,
                            heading, match.group(0))
                return ""
            sid = str(ev["source_id"])
            if sid not in numbers:
                numbers[sid] = max([0, *numbers.values()]) + 1
                added.append(sid)
            n = numbers[sid]
            cid = str(domain_citation_id(run_id, sid, int(ev["start"]), int(ev["end"])))
            if (n, int(ev["start"]), int(ev["end"])) not in seen:
                seen.add((n, int(ev["start"]), int(ev["end"])))
                citations.append(Citation(n=n, source_id=sid, claim_id=cid, start=int(ev["start"]),
                                          end=int(ev["end"]), quote=str(ev["quote"])))
            said = f"[{n}]"
            figure = run.claim(cid)
            if figure is not None and figure.figure is not None:  # a figure the verifier checked (or did not)
                mark = FIGURE_MARKS.get(figure.verdict or "unverified")
                if mark:
                    said = f"[{n}] {mark}"
            return f"{said} {SPONSORED_MARK}" if sid in flagged else said

        body = _REF_RE.sub(cite, str(section["body"])).strip()
        blocks.append(f"## {_one_line(str(section['heading']))}\n\n{body}\n")
    lines = report.markdown.rstrip("\n").split("\n")
    headings = [i for i, line in enumerate(lines) if line.startswith("## ")]
    closing = [i for i in headings if heading_kind(lines[i]) is not None]
    leading = domain_leads(run)
    if leading:
        title = next((i + 1 for i, line in enumerate(lines) if line.startswith("# ")), 0)
        at = headings[0] if headings else title  # before the general lead (or right after the title)
    else:
        at = headings[1] if len(headings) > 1 else len(lines)
        at = min([at, *closing]) if closing else at
    inserted = "\n".join(blocks).rstrip("\n").split("\n")
    lines = [*lines[:at], *([""] if at and lines[at - 1].strip() else []), *inserted, "", *lines[at:]]
    if added:
        entries = [f"- [{numbers[sid]}] {_one_line(known[sid][0])} — "
                   + (f"sponsored or affiliate content ({_one_line(flagged[sid])}) — " if sid in flagged else
                      f"{kind} — " if (kind := _kind_word(run, sid, own.get(sid))) else "")
                   + f"{known[sid][1]}" for sid in added]
        src_heading = next((i for i, line in enumerate(lines) if line.startswith("## ")
                            and heading_kind(line) == "sources"), None)
        if src_heading is None:
            language = run.language
            lines = [*lines, "", f"## {report_words(language).sources}", "", *entries]
        else:
            last = src_heading + 1
            end = src_heading + 1
            while end < len(lines) and not lines[end].startswith("## "):
                if lines[end].startswith("- ["):
                    last = end
                end += 1
            lines = [*lines[:last + 1], *entries, *lines[last + 1:]]
    markdown = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).rstrip() + "\n"
    if leading:
        return _numbered_in_reading_order(markdown, citations, list(report.used_claim_ids))
    return Report(markdown=markdown, citations=citations, used_claim_ids=list(report.used_claim_ids))


_MARK_RE = re.compile(r"\[(\d+)\]")
def _entry_number(line: str) -> int:
    """The ``n`` of a "Sources" entry ``- [n] ...`` (0 for another line)."""
    m = SOURCE_ENTRY_RE.match(line)
    return int(m.group("n")) if m else 0


def _numbered_in_reading_order(markdown: str, citations: list[Citation], used: list[str]) -> Report:
    """The report with its ``[n]`` source numbers renumbered 1, 2, ... in the order the body first cites them
    (sections placed before the lead cite sources the lead numbered later); the "Sources" list re-sorted and
    each citation's ``n`` changed alike. Numbers the body never cites keep their order after the cited ones."""
    lines = markdown.split("\n")
    order: list[int] = []
    for line in lines:
        if SOURCE_ENTRY_RE.match(line):
            continue
        for n in map(int, _MARK_RE.findall(line)):
            if n not in order:
                order.append(n)
    known = sorted({c.n for c in citations} | {int(m.group(1)) for line in lines
                                                  if (m := SOURCE_ENTRY_RE.match(line))})
    order += [n for n in known if n not in order]
    new = {old: i + 1 for i, old in enumerate(order)}
    if all(old == n for old, n in new.items()):
        return Report(markdown=markdown, citations=citations, used_claim_ids=used)
    out: list[str] = []
    i = 0
    while i < len(lines):
        if SOURCE_ENTRY_RE.match(lines[i]):  # a run of source entries: renumbered and re-sorted
            j = i
            while j < len(lines) and SOURCE_ENTRY_RE.match(lines[j]):
                j += 1
            entries = [_MARK_RE.sub(lambda m: f"[{new.get(int(m.group(1)), int(m.group(1)))}]", line, count=1)
                       for line in lines[i:j]]
            out += sorted(entries, key=_entry_number)
            i = j
            continue
        out.append(_MARK_RE.sub(lambda m: f"[{new.get(int(m.group(1)), int(m.group(1)))}]", lines[i]))
        i += 1
    moved = [c.model_copy(update={"n": new.get(c.n, c.n)}) for c in citations]
    return Report(markdown="\n".join(out), citations=moved, used_claim_ids=used)


#: the share of a domain's checked figures that must be supported for its report to stay "high"
FIGURES_SUPPORTED_FLOOR = 0.5


def cap_gate(gate: dict[str, Any], run: RunView, figures: list[Claim] | None = None) -> dict[str, Any]:
    """The confidence gate record ``{score, tier, signals}`` capped at the domain analysis' ``max_tier`` (the
    score and the ``answered`` signal the judge reads lowered to that tier's ceiling, so a report capped "low" — a
    forced domain that could not act on the question — is judged unanswered like any "low" one;
    ``signals["domain_cap"]`` set to the ceiling); unchanged without a cap. ``figures``: the domain's checked figures (:func:`domain_claims`): their count and supported share join
    the signals (``figures``, ``figures_supported``), and a report with a contradicted figure, or with under
    :data:`FIGURES_SUPPORTED_FLOOR` of them supported, is capped at "medium" (``signals["figures_cap"]``). They
    never enter the calibrated answer features: a figure is a spec or a price, not an answer to the question."""
    cap = run.domain_analysis.max_tier if run.domain_analysis is not None else "high"
    if figures:
        share = sum(f.verdict == "supported" for f in figures) / len(figures)
        gate = {**gate, "signals": {**gate["signals"], "figures": float(len(figures)),
                                    "figures_supported": round(share, 6)}}
        if share < FIGURES_SUPPORTED_FLOOR or any(f.verdict == "contradicted" for f in figures):
            gate["signals"]["figures_cap"] = 1.0
            cap = min(cap, "medium", key=lambda t: _TIERS.get(t, 2))
    if _TIERS.get(str(gate["tier"]), 0) <= _TIERS.get(cap, 2):
        return gate
    ceiling = _TIER_CEILING[cap]
    signals = {**gate["signals"], "domain_cap": ceiling}
    if "answered" in signals:  # what the judge reads: a report held "low" is judged unanswered, as the tier says
        signals["answered"] = min(float(signals["answered"]), ceiling)
    return {**gate, "score": min(float(gate["score"]), ceiling), "tier": cap, "signals": signals}


#: the opening of a leading domain section that answers the question with a pick, cited: a code recommendation
#: ("**Recommended: `cronwise` 2.4.0**[1]"), a code or shopping yes/no answer ("**No:** `reqests` is ...", a
#: licence's "**Yes, with conditions:** `x` is licensed LGPL-3.0-only[1], ...") or a code
#: keep-or-leave one ("**Keep `durationkit`**, but not at 2.4.0: ..."), the code
#: choice between two named packages ("**`humandur` or `durstring`:** `durstring` is ..."), the release asked of a
#: named package ("**Latest release of `humanbytes`: 0.4.2**[1] ..."), its licence ("**Licence of `inkrows`:
#: MIT**[1] (npm, ...)"), the call a how-to question asks for ("**Call
#: `numeralkit.to_roman(1994)`** — `numeralkit` 2.1.0[1] declares ..."), a shopping winner
#: ("**Best overall: Embra Trail 2** — ...", "**Best for winter camping: Brasko Blaze X** — ...", a conditioned
#: "**No, only if you annotate PDFs:** ...") or the values asked of one product ("**Kestrel Flame Mini, as its sources
#: give it:** weight ..."); a shopping analysis's answer to which product to avoid, the cheapest one or none within
#: the budget is read by :data:`_SHOPPING_PICK_RE` too
_DOMAIN_PICK_RE = re.compile(r"^\*\*(?:Recommended: `|Latest release of `|Licence of `|Call `|Best overall: |Best for [^*:]+: |(?:Yes|No)(?:,[^*]*)?:\*\*|`[^`]+` or `[^`]+`:\*\*|"
                             r"[^*]+, as its sources give it:\*\*|" + _KEEP_OR_LEAVE + ")")
#: the shopping verdicts' own answer ("**Avoid the Folio Vela 6:** ...", "**The cheapest is the Tesca Boil 2:** ...",
#: "**No product within the budget of 50 USD was found:** ...": :data:`shared.text.buying.SHOPPING_ANSWER_PATTERN`,
#: the wording the shopping engine writes), a pick only of a shopping analysis: another domain's section opening so
#: is no verdict of it
_SHOPPING_PICK_RE = re.compile(r"^\*\*" + SHOPPING_ANSWER_PATTERN)
#: the gate's signals about the general lead's answer that a leading domain answer replaces (kept as ``general_*``)
_GENERAL_ANSWER_SIGNALS = ("names_missing", "relation_missing", "not_established")


def domain_pick(markdown: str, run: RunView) -> str:
    """The line of the report's first section that answers the question with a leading domain's cited pick
    (:data:`_DOMAIN_PICK_RE`, with a ``[n]`` marker on the same line; a list item's text: "- **Best overall: ..."),
    or "" when the report does not open with a domain section (:func:`domain_leads`), or its first section names no
    pick or cites none ("**No code is shown:** ...", a shopping comparison with no winner). Never raises."""
    if not domain_leads(run) or run.domain_analysis is None:
        return ""
    own = {_one_line(str(s["heading"])) for s in run.domain_analysis.sections}
    lines = markdown.split("\n")
    first = next((i for i, line in enumerate(lines) if line.startswith("## ")), None)
    if first is None or lines[first][3:].strip() not in own:
        return ""
    for line in lines[first + 1:]:
        if line.startswith("#"):
            break
        if line.strip():  # the section's first line (a list item's text) states the pick, or none is stated
            text = re.sub(r"^[-*]\s+", "", line.strip())
            shopping = run.domain_analysis.domain == "shopping" and bool(_SHOPPING_PICK_RE.match(text))
            return text if (_DOMAIN_PICK_RE.match(text) or shopping) and _MARK_RE.search(text) else ""
    return ""


#: the features of a shopping ranking pick's backing (:func:`pick_features`), each 0 or 1, and their weights: the
#: ranking figures the pick states agree across its sources and no independent reviewer picks another product
#: (``pick_agree``: ``PickBacking.figures_agree`` and not ``contested``), its cited
#: sources come from two publishers or more (``pick_publishers``: ``publishers``, one publisher's sites once,
#: sponsored sources not counted), one of them is an independent test or review (``pick_independent``:
#: ``independent_review``, not only the seller's or maker's page), not all of them are sponsored or affiliate content
#: (``pick_unsponsored``: ``sponsored_only`` False), and the pick was ranked among two products or more
#: (``pick_candidates``: ``compared``). The weights sum to 1 and each is above ``1 - HIGH_THRESHOLD``, so a pick
#: missing any one feature is not "high"
SHOPPING_PICK_WEIGHTS: dict[str, float] = {"pick_agree": 0.2, "pick_publishers": 0.2, "pick_independent": 0.2,
                                           "pick_unsponsored": 0.2, "pick_candidates": 0.2}
#: the features of a code recommendation's backing, each 0 or 1, and their weights: it was ranked among two
#: candidates or more (``pick_candidates``: ``compared``), code the report shows passed a check beyond its syntax
#: and none failed (``pick_checked``: ``check`` "types" or "run", ``check_failed`` False; ``node --check`` only
#: parses), and a fetched page (docs, a guide) names it or its usage example is shown, so it rests on more than
#: registry facts (``pick_page``: ``pages_naming``, ``page_example``). As above, a pick missing any one is not "high"
CODE_PICK_WEIGHTS: dict[str, float] = {"pick_candidates": 1 / 3, "pick_checked": 1 / 3, "pick_page": 1 / 3}
#: the domain whose picks are scored by what backs them -> the backing kind scored, and the features' weights
_BACKED_PICKS: dict[str, tuple[str, dict[str, float]]] = {"shopping": ("ranking", SHOPPING_PICK_WEIGHTS),
                                                          "code": ("recommendation", CODE_PICK_WEIGHTS)}


def pick_features(run: RunView) -> dict[str, float] | None:
    """The features of what backs a leading domain's pick, each 0 or 1, from the facts its service sent with the
    analysis (``DomainAnalysisCompleted.pick``, a ``contracts.PickBacking``), never from the report's wording: for a
    shopping ranking pick (kind ``ranking``) those of :data:`SHOPPING_PICK_WEIGHTS`, for a code recommendation
    (kind ``recommendation``) those of :data:`CODE_PICK_WEIGHTS` (``pick_candidates`` also when the pick is the one
    package the question asks about by name, ``asked``); a fact the backing leaves unknown (None) counts as
    not backing the pick. An analysis of those domains recorded without a backing (before the field existed) is
    not backed: every feature 0. None for other picks (the values asked of one product, a yes/no about a named
    package or the asker's code) and other domains. Never raises."""
    analysis = run.domain_analysis
    if analysis is None or analysis.domain not in _BACKED_PICKS:
        return None
    kind, weights = _BACKED_PICKS[analysis.domain]
    backing = analysis.pick
    if backing is None:  # unknown: not backed
        return dict.fromkeys(weights, 0.0)
    if backing.get("kind") != kind:
        return None
    compared = float(int(backing.get("compared") or 0) >= 2)
    if analysis.domain == "shopping":
        return {"pick_agree": float(backing.get("figures_agree") is True and backing.get("contested") is False),
                "pick_publishers": float(int(backing.get("publishers") or 0) >= 2),
                "pick_independent": float(backing.get("independent_review") is True),
                "pick_unsponsored": float(backing.get("sponsored_only") is False),
                "pick_candidates": compared}
    # a code question asking about one package by name ("How do I ... with ibanwarden version 2?") has no choice
    # among candidates to back: the package asked about is the answer's subject however many were surveyed
    return {"pick_candidates": max(compared, float(backing.get("asked") is True)),
            "pick_checked": float(backing.get("check") in ("types", "run") and backing.get("check_failed") is False),
            "pick_page": float(int(backing.get("pages_naming") or 0) > 0 or backing.get("page_example") is True)}


def disputed_values(run: RunView) -> bool:
    """Whether the pick a leading domain answers with states the values asked of one product and its sources give
    them differently (``PickBacking`` kind ``values``, ``figures_agree`` not True: unknown counts as disputed)."""
    backing = run.domain_analysis.pick if run.domain_analysis is not None else None
    return backing is not None and backing.get("kind") == "values" and backing.get("figures_agree") is not True


def pick_strength(features: Mapping[str, float]) -> float:
    """The weighted sum of a pick's features (:func:`pick_features`) with the weights of its domain
    (:data:`SHOPPING_PICK_WEIGHTS` or :data:`CODE_PICK_WEIGHTS`, chosen by the features named), in [0, 1]: 1 when
    every feature holds, below ``HIGH_THRESHOLD`` when any one does not. Monotone: no feature lowers it by holding."""
    weights = SHOPPING_PICK_WEIGHTS if "pick_agree" in features else CODE_PICK_WEIGHTS
    return round(sum(w * float(features.get(k, 0.0)) for k, w in weights.items()), 6)


def recommendation_unasked(question: str, pick: str) -> bool:
    """Whether ``pick`` (:func:`domain_pick`) is a code recommendation ("**Recommended: `x` 1.2.0**[1] (PyPI),
    latest release ...") that does not state the thing the question asks of a package
    (:func:`shared.text.packages.asked_thing`: "Which rate limiting algorithm does x use?", "How many weekly
    downloads does x have?"): its opening sentence names no word of that thing's noun ("algorithm", "downloads").
    A recommendation is no answer to such a question however well its registry figures are supported. False for
    other picks and questions (which package to use, a version, a licence: a recommendation states those).

    The same holds for a shopping ranking's pick ("Best overall: **X** [1] ...") leading a question that asks no choice
    among products but a fact of a named product or maker (:func:`shared.text.buying.asks_choice` False: "How much
    energy does Kettlo claim the Go saves?", "Which Kettlo firmware has a safety notice?") whose statement after the
    product's name names no word of the question ("warranty 3 years" under "... claim the Go saves?"; "weight 720 g"
    under "How much does the Kettlo Go weigh?" states what is asked)."""
    best = re.match(r"(?:\*\*)?Best overall:\s*(?P<name>[^*\[]*)\**(?P<rest>.*)", pick)
    if best is not None:
        if asks_choice(question):
            return False
        named = set(tokenize(best.group("name")))
        said = [t for t in tokenize(best.group("rest")) if t not in named and not t[:1].isdigit()]
        asked = [t for t in tokenize(question) if t not in named and len(t) > 2 and not t[:1].isdigit()]
        return not any(a.startswith(b) or b.startswith(a) for a in asked for b in said if len(b) > 2)
    thing = asked_thing(question)
    if not thing or not pick.startswith("**Recommended: `"):
        return False
    opening = re.split(r"(?<=[.!?])\s+(?=[A-Z*])", pick, maxsplit=1)[0].lower()
    noun = thing.split()[-1].lower()
    return not re.search(rf"\b{re.escape(noun.removesuffix('s'))}s?\b", opening)


def domain_answer_gate(gate: dict[str, Any], markdown: str, run: RunView, figures: list[Claim] | None = None
                       ) -> dict[str, Any]:
    """The confidence gate record ``{score, tier, signals}`` of a report that a leading domain's cited pick answers
    (:func:`domain_pick`): the calibrated probability reads the general lead's features (fitted on general reports,
    it finds no answer of the type asked in "**Recommended: `durstring` 3.2.0**[1] ..."), so the answer's probability
    is instead the share of the domain's checked figures (its registry versions, licences, specs and prices:
    :func:`domain_claims`) that the verifier supported, when that share is higher; with no checked figure the
    score stands. A pick stating disagreeing values of what is asked (the values the question asks of one product,
    given differently by its sources: :func:`disputed_values`) is held below "high" (at most the medium tier's
    ceiling, ``"disputed": 1.0``).

    The figures are checked against the spans they were read from, so their share says the report quotes its
    sources right, not that the pick is right: a ranking pick or code recommendation is also scored by what backs
    it (:func:`pick_features`, each feature a signal, ``pick_strength`` their weighted sum,
    :func:`pick_strength`): score = min(score, max(pick_strength, MEDIUM_THRESHOLD)). A pick every feature backs
    keeps its score; one lacking any feature (its ranking figures disputed, one publisher, only the seller's page,
    sponsored only, one candidate; a code pick of the only candidate, without a passing check, or on registry facts
    alone; or a pick whose service sent no backing) is at most "medium", never held "low" by this rule (it still
    answers the question). What backs the pick is the facts its service sent (``DomainAnalysisCompleted.pick``),
    never read from the report's wording.

    The same truths that hold a general report back hold a domain answer below "high" (at most the medium tier's
    ceiling), so a report the judge counts unanswered is never "high": a request for code
    (:func:`shared.text.answer.is_request`: "Show me how to ...", "Can you write ...?") or a how-to question
    (:func:`shared.text.answer.asks_how_to`: "How do I load config.toml with tomlbay?") whose report shows no usage
    code that passed its check on the package's signatures (:meth:`shared.domain.RunView.usage_code_passed` False;
    ``"request_unanswered": 1.0``) — the judge reads a request's report by that code — or whose checks never ran
    any code (usage code type-checked only, and no import check run: :meth:`shared.domain.RunView.code_ran` False;
    ``"code_not_run": 1.0``); a yes/no question, also when it asks to be shown how ("Is the package x a good choice
    ...? Show how to use it.": the judge reads it as a yes/no question), and another question whose
    report's lead (its first section) states no answer of the type asked (:func:`shared.text.answer.lead_answer`,
    as the judge reads it; ``"lead_untyped": 1.0``); and a general gate that found the lead's value disputed
    (``"disputed"``: the sources disagree on the value asked, and the report states it under the pick). A code
    recommendation leading a question that asks a thing of a package it does not state
    (:func:`recommendation_unasked`: "Which algorithm does x use?") answers nothing asked: at most the low tier's
    ceiling (``"pick_unasked": 1.0``).

    The general lead's
    answer signals (``names_missing``, ``relation_missing``, ``not_established``) become ``general_*``, and
    ``answered`` (what the judge reads) is the new score, with ``"domain_answer": 1.0``. Other reports' gates are
    returned unchanged; :func:`cap_gate` applies the domain's own cap after this. Never raises."""
    pick = domain_pick(markdown, run)
    if not pick:
        return gate
    signals = {k: v for k, v in gate["signals"].items() if k not in _GENERAL_ANSWER_SIGNALS}
    signals.update({f"general_{k}": v for k, v in gate["signals"].items() if k in _GENERAL_ANSWER_SIGNALS})
    signals["domain_answer"] = 1.0
    score = float(gate["score"])
    if figures:
        score = max(score, sum(f.verdict == "supported" for f in figures) / len(figures))
    if disputed_values(run) or gate["signals"].get("disputed"):  # the values asked, not a ranking's figures
        score = min(score, _TIER_CEILING["medium"])
        signals["disputed"] = 1.0
    question = run.request.question
    usage = run.usage_code_passed()
    # a request for code, or a how-to code question, is answered by usage code that passed its check
    coded = (is_request(question) or asks_how_to(question)) and usage is not None
    if coded:
        if not usage:
            score = min(score, _TIER_CEILING["medium"])
            signals["request_unanswered"] = 1.0
        elif not run.code_ran():  # usage code type-checked only, and no snippet (not even an import check) ran
            score = min(score, _TIER_CEILING["medium"])
            signals["code_not_run"] = 1.0
    # a yes/no question that also asks to be shown how ("Is the package x a good choice ...? Show how to use it.") is
    # read by the judge as a yes/no question: its lead must open with the answer, whatever code passed
    yes_no = not is_request(question) and answer_type(question) == "yes_no"
    if (not coded or yes_no) and not lead_answer(question, lead_section(markdown)).typed:  # no answer of the type
        score = min(score, _TIER_CEILING["medium"])
        signals["lead_untyped"] = 1.0
    # "Which algorithm does x use?" led by "**Recommended: `x` ...**"; "How much does Kettlo claim the Go saves?" led
    # by "Best overall: **Kettlo Max**"
    if recommendation_unasked(question, pick):
        score = min(score, _TIER_CEILING["low"])
        signals["pick_unasked"] = 1.0
    features = pick_features(run)
    if features is not None:
        strength = pick_strength(features)
        signals.update(features)
        signals["pick_strength"] = strength
        score = min(score, max(strength, MEDIUM_THRESHOLD))
    score = round(score, 6)
    signals["answered"] = score
    tier = "high" if score >= HIGH_THRESHOLD else "medium" if score >= MEDIUM_THRESHOLD else "low"
    return {**gate, "score": score, "tier": tier, "signals": signals}


#: a general finding bears on a code question when it shares at least this many content words (stems) with it,
#: or names a package the code analysis cites (a backticked name in its sections)
CODE_TERMS_MIN = 2
_CODE_NAME_RE = re.compile(r"`([^`\s]{2,60})`")
_MARKER_RE = re.compile(r"\s*\[\d+\]")


def drop_unrelated_general(report: Report, run: RunView) -> Report:
    """A code report (its recommendation leading) without the general findings that do not bear on the
    question: an "Answer" sentence or a "Findings" bullet stays when it shares :data:`CODE_TERMS_MIN` content words
    with the question, names a package the code sections name, or speaks of the version of the package the
    question asks for ("Version 2 replaced ..." under "... version 2?": :func:`shared.text.packages.version_asked`),
    a fact about that release; a package the pages name whose registry record could not be read
    (``PackagesSurveyed.unread``) is one the analysis looked up, not "another package"; a sentence about a song or a nature preserve
    found by the general search of a sample corpus does not. A section left empty goes (a "###" topic left
    without bullets too), "What is missing" says how many findings were left out, and sources no longer cited
    leave the source list and the citations (the rest renumbered in reading order). Other reports, and a code run
    without sections, are returned unchanged."""
    analysis = run.domain_analysis
    if analysis is None or analysis.domain != "code" or not analysis.sections:
        return report
    own = {_one_line(str(s["heading"])) for s in analysis.sections}
    names = {n.casefold() for s in analysis.sections for n in _CODE_NAME_RE.findall(str(s["body"]))}
    asked = set(tokenize(run.request.question))
    survey = run.domain_events.get("PackagesSurveyed") or {}
    ecosystems = {str(e) for e in survey.get("ecosystems") or ()}
    surveyed = names | {str(p.get("name", "")).casefold() for p in survey.get("packages") or () if p.get("name")}
    # a candidate its pages name whose registry record could not be read is the analysis's too: its docs page stays
    surveyed |= {str(p.get("name", "")).casefold() for p in survey.get("unread") or () if p.get("name")}
    page_named = {str(n).casefold() for page in survey.get("pages") or () for n in page.get("names") or ()}
    version = version_asked(run.request.question)

    def of_version(plain: str) -> bool:  # "Version 2 replaced strictMode ..." under "... version 2?"
        return version is not None and any(version_meets(next(g for g in m.groups() if g), version)
                                           for m in package_versions(plain))

    def bears(text: str) -> bool:
        plain = _MARKER_RE.sub("", text)
        if ecosystems and other_ecosystem_advice(plain, ecosystems):
            return False  # "Python users should pip install csvpy instead" in an npm answer
        if (other := _other_package(plain, surveyed, page_named)) is not None:
            log.debug("general finding about %s, not a surveyed package, left out", other)
            return False  # "limitly used to be a good choice" under a settings question
        words = set(tokenize(plain))
        return len(words & asked) >= CODE_TERMS_MIN or any(n in plain.casefold() for n in names) or of_version(plain)

    lines = report.markdown.split("\n")
    out: list[str] = []
    dropped = 0
    section = ""
    for line in lines:
        if line.startswith("## "):
            section = line
        general = section and section[3:].strip() not in own and heading_kind(section) is None
        if not general or line.startswith("#") or not line.strip():
            out.append(line)
            continue
        if not _MARK_RE.search(line):  # no finding in it (a note, an empty-result sentence)
            out.append(line)
            continue
        if line.lstrip().startswith(("- ", "* ")):
            if bears(line):
                out.append(line)
            else:
                dropped += 1
            continue
        # a cited sentence ends at its marker's full stop even when the next opens with a lower-case name
        sentences = [s for s in re.split(r"(?<=[.!?\]])\s+(?=[A-Z\"'“])|(?<=\]\.)\s+(?=[a-z])", line) if s.strip()]
        kept = [s for s in sentences if bears(s) or not _MARK_RE.search(s)]
        dropped += len(sentences) - len(kept)
        if any(_MARK_RE.search(s) for s in kept):  # the text around a dropped finding goes with it
            out.append(" ".join(kept))
    if not dropped:
        return report
    out = _without_empty_sections(out, own)
    note = (f"- general findings: {dropped} finding(s) of the general search that do not bear on this code "
            "question were left out")
    return _only_cited(_with_missing_note(out, note, run.language), report)



#: what marks a sentence as advice for one language ecosystem: its install commands, and its users addressed by the
#: language's name ("Python users should ...", "Rust developers can ...")
_ECOSYSTEM_ADVICE: dict[str, re.Pattern[str]] = {
    "pypi": re.compile(r"\b(?:pip3?|pipx|uv pip|conda)\s+install\b|\b(?:poetry|uv|pdm)\s+add\b|"
                       r"\bPython(?:istas)?\s+(?:users?|developers?|programmers?|projects?|code ?bases?)\b", re.I),
    "npm": re.compile(r"\bnpm\s+(?:install|i|add)\b|\b(?:yarn|pnpm|bun)\s+add\b|"
                      r"\b(?:JavaScript|TypeScript|Node(?:\.?js)?|Deno)\s+(?:users?|developers?|programmers?|"
                      r"projects?|code ?bases?)\b", re.I),
    "crates": re.compile(r"\bcargo\s+(?:add|install)\b|"
                         r"\bRust(?:aceans?)?\s+(?:users?|developers?|programmers?|projects?|code ?bases?)\b", re.I),
}


def other_ecosystem_advice(sentence: str, ecosystems: set[str]) -> str | None:
    """The ecosystem (``"pypi"``, ``"npm"``, ``"crates"``) other than the question's ``ecosystems`` that a
    sentence advises (:data:`_ECOSYSTEM_ADVICE`: "Python users should pip install csvpy instead" is PyPI advice),
    or None when it advises none, or also one of the question's ("npm install x, or pip install y for Python")."""
    advised = {eco for eco, pattern in _ECOSYSTEM_ADVICE.items() if pattern.search(sentence)}
    if not advised or advised & ecosystems:
        return None
    return sorted(advised)[0]


#: a word written as a package's name: lower case letters and digits, inner ``.``, ``_`` or ``-``
_LOWER_NAME_RE = re.compile(r"(?<![\w@/.-])([a-z][a-z0-9]*(?:[._-][a-z0-9]+)*)(?![\w@/-])")
#: an install command's package ("pip install pacekeeper", "npm i quillcsv", "cargo add serde")
_INSTALLED_RE = re.compile(r"\b(?:(?:pip3?|pipx|npm|conda)\s+(?:install|i)|(?:poetry|uv|pdm|yarn|pnpm|bun|cargo)\s+"
                           r"add)(?:\s+-{1,2}[\w-]+)*\s+['\"]?(@?[A-Za-z0-9][\w.@/-]*)")


def _other_package(sentence: str, surveyed: set[str], page_named: set[str]) -> str | None:
    """The package a general finding is about when that is none of the code analysis's (``surveyed``: the surveyed
    and cited names, casefolded): a name the run's pages give as a package (``page_named``), one the sentence
    installs, or the sentence's subject written as a package's name (lower case, no English word: "limitly used
    to be a good choice ..."). None when the sentence names a surveyed package, or no other one."""
    from shared.text.packages import fold_name, is_plain_english

    folded = sentence.casefold()
    if any(re.search(rf"(?<![\w@/-]){re.escape(n)}(?![\w@/-])", folded) for n in surveyed if n):
        return None
    candidates = [m.group(1).casefold() for m in _INSTALLED_RE.finditer(sentence)]
    candidates += [w for w in _LOWER_NAME_RE.findall(folded) if w in page_named]
    opening = re.match(r"\W*([a-z][a-z0-9]*(?:[._-][a-z0-9]+)*)(?![\w@/-])(?!\s+(?:install|i|add)\b)", sentence)
    if opening and len(opening.group(1)) >= 3 and not is_plain_english(opening.group(1).replace("-", "")
                                                                        .replace("_", "").replace(".", "")):
        candidates.append(opening.group(1))
    surveyed_folded = {fold_name(n) for n in surveyed}
    return next((c for c in candidates if fold_name(c) not in surveyed_folded), None)



def note_unread_workspace(report: Report, run: RunView) -> Report:
    """``report`` with a "What is missing" bullet saying the workspace the run was given was not read, when the
    run was given one (``assay run --workspace PATH``) but is no code run (the planner found no code question and
    no ``--domain code`` was asked): only the code engine reads a workspace, and a reader must not take the answer
    as one about their project. Other reports are returned unchanged; the citations are untouched."""
    workspace = run.request.workspace
    if not workspace or (run.plan is not None and run.plan.domain == "code"):
        return report
    domain = run.plan.domain if run.plan is not None else "general"
    note = (f"- workspace: {workspace} was not read — the question was answered as a {domain} question, and only "
            "a code run reads a project's manifests (ask again with `--domain code` to have it read)")
    lines = _with_missing_note(report.markdown.rstrip("\n").split("\n"), note, run.language)
    return report.model_copy(update={"markdown": re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).rstrip() + "\n"})


def _with_missing_note(lines: list[str], note: str, language: str) -> list[str]:
    """``lines`` (a report's Markdown lines) with ``note`` (a bullet) first in its "What is missing" section; that
    section, headed in ``language``, is put before "Sources" (or at the end) when the report has none."""
    missing = next((i for i, line in enumerate(lines) if line.startswith("## ") and heading_kind(line) == "missing"),
                   None)
    if missing is not None:
        return [*lines[:missing + 2], note, *lines[missing + 2:]]
    at = next((i for i, line in enumerate(lines) if line.startswith("## ") and heading_kind(line) == "sources"),
              len(lines))
    return [*lines[:at], f"## {report_words(language).missing}", "", note, "", *lines[at:]]

def _only_cited(lines: list[str], report: Report) -> Report:
    """The report written from ``lines`` (Markdown lines of an edited report) keeping only the sources, citations and
    used claims that a line outside the source list still cites, renumbered in reading order."""
    cited = {int(n) for line in lines if not SOURCE_ENTRY_RE.match(line) for n in _MARK_RE.findall(line)}
    lines = [line for line in lines if not SOURCE_ENTRY_RE.match(line) or _entry_number(line) in cited]
    citations = [c for c in report.citations if c.n in cited]
    kept_claims = {str(c.claim_id) for c in citations}
    used = [u for u in report.used_claim_ids if str(u) in kept_claims]
    markdown = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).rstrip() + "\n"
    return _numbered_in_reading_order(markdown, citations, used)

def _without_empty_sections(lines: list[str], own: set[str]) -> list[str]:
    """``lines`` without ``###`` topics and general ``##`` sections left with no text (domain sections, "What is
    missing" and "Sources" always stay)."""
    def drop_empty(lines: list[str], opens: Callable[[str], bool], ends: Callable[[str], bool]) -> list[str]:
        out: list[str] = []
        i = 0
        while i < len(lines):
            if opens(lines[i]):
                j = i + 1
                while j < len(lines) and not ends(lines[j]):
                    j += 1
                if not any(line.strip() for line in lines[i + 1:j]):
                    i = j
                    continue
            out.append(lines[i])
            i += 1
        return out
    lines = drop_empty(lines, lambda x: x.startswith("### "), lambda x: x.startswith(("## ", "### ")))
    return drop_empty(lines, lambda x: x.startswith("## ") and x[3:].strip() not in own and heading_kind(x) is None,
                      lambda x: x.startswith("## "))


#: words by which a sentence recommends or ranks a product first ("the best robot vacuum you can buy", "our top
#: pick", "our favourite"), in the languages of the report words
_RECOMMENDS = re.compile(
    r"\b(best|top pick|our pick|top choice|favou?rite|winner|recommend\w*|number one|no\. ?1|editor'?s choice|"
    r"must-buy|beste[nrs]?|testsieger|empfehl\w*|meilleure?s?|recommand\w*|mejor(?:es)?|recomend\w*|migliore|"
    r"consigliat\w*|aanrader)\b|#1\b", re.IGNORECASE)
#: a superlative that ranks what a sentence names above the rest ("our strongest robot vacuum", "the most
#: powerful", "the longest battery life"): said of a product other than the winner, the lead drops it
_SUPERLATIVE = re.compile(r"\b(?:most|least)\s+\w+|\b(?!(?:interest|request|contest|protest|suggest|digest|"
                          r"honest|modest|harvest|invest|manifest|forest|latest|earnest|arrest|attest|detest|"
                          r"divest|ingest|infest|molest|pest|rest|test|west|nest|chest|guest|quest|zest|vest)\b)"
                          r"\w{2,}est\b", re.IGNORECASE)
_BEST_OVERALL_RE = re.compile(r"^- \*\*Best (?:overall|for (?P<use>[^:*]+)): (?P<name>[^*]+?)(?: \(tied\))?\*\*"
                              r"(?P<rest>.*)$")  # "Best for winter camping: ...": the use the question asks
#: a best-overall verdict ranking only the products the question names ("ranked first of the 2 products the question
#: names (Voltra Brew Mini, Brewlite T2) ...": ``services.domain_shopping.offline``)
_NAMED_COMPARED_RE = re.compile(r"\bof the (\d+) products the question names \(")
_NO_BUDGET_RE = re.compile(r"no offer within the budget of [^;]+? was found for any product|no price was found in "
                           r"any source, so the budget of [^;]+? could not be checked")
#: independent reviewers picking different products for everyone, as the best-overall verdict says it (with both
#: picks cited: ``services.domain_shopping.offline.TESTERS_DISAGREE``); the lead says it too
_TESTERS_DISAGREE_RE = re.compile(r"\((independent testers disagree on which is best: (?:[^()]|\([^()]*\))+)\)")
#: the attributes a best-overall verdict ranked on because the question asks for them ("ranked first on the attribute
#: the question asks for (weight) ...": ``services.domain_shopping.offline``): the lead states the winner's figure
_ASKED_ON_RE = re.compile(r"\bon the attributes? the question asks for \((?P<attributes>[^()]+)\)")
#: the verdicts' other products, named without being compared ("- **Also considered** (not named in the question,
#: so not compared here): Vendral Q7 Pro, Osler Breeze 2.")
_ALSO_CONSIDERED_RE = re.compile(r"^- \*\*Also considered\*\* \([^)]*\): (?P<names>.+?)\.?$")
#: a figure's values as the verdicts write them, a parenthesis or two inside ("7.5 lb (≈ 3.4 kg) [1] [2]")
_VALUES = r"(?:[^()]|\([^()]*\))+"


def _asked_figures(rest: str, attributes: Sequence[str]) -> list[tuple[str, str, str]]:
    """(attribute, mark word, values) of each of ``attributes`` that a verdict's text (``rest``, after its bold
    name) states a product leads on: "the lowest weight of the products compared (7.5 lb (≈ 3.4 kg) [1] [2])" ->
    ("weight", "lowest", "7.5 lb (≈ 3.4 kg) [1] [2]"); an attribute it does not lead on is left out."""
    found = ((a, re.search(rf"\bthe (?P<mark>[\w-]+) {re.escape(a)} of the products compared \((?P<v>{_VALUES})\)",
                           rest)) for a in attributes)
    return [(a, m.group("mark"), m.group("v").strip()) for a, m in found if m is not None]


def _runner_figures(rest: str, attributes: Sequence[str]) -> list[tuple[str, str]]:
    """(attribute, values) of each of ``attributes`` that a runner-up verdict's text states ("...: noise level 28 dB
    [6] [2]." -> ("noise level", "28 dB [6] [2]")); an attribute without a figure there is left out."""
    out: list[tuple[str, str]] = []
    for a in attributes:
        m = (re.search(rf"\bthe [\w-]+ {re.escape(a)} of the products compared \((?P<v>{_VALUES})\)", rest)
             or re.search(rf"(?:^|: |; ){re.escape(a)} (?P<v>[~≈<>]?\d(?:[^;()]|\([^()]*\))*?)(?=; |\.?$)", rest))
        if m is not None:
            out.append((a, m.group("v").strip()))
    return out


def _figure_opening(verdict: re.Match[str], lines: Sequence[str], winner: str, named: re.Match[str] | None,
                    notes: str) -> str | None:
    """The English lead of a best-overall verdict ranked on the attributes the question asks for ("Which one weighs
    the least?", "A vs B: which is quieter?"): the winner with its figure for each, cited as the verdict cites it
    ("The **Ferrin Aero 4** has the lowest weight of the products compared: 7.5 lb (≈ 3.4 kg) [1] [2]."), and,
    when the question names the products compared (``named``), the runner-up's figure after it ("; next, the
    Pellam Hush 2 at 28 dB [6] [2]"); ``notes`` (a budget no offer meets, testers disagreeing) is said before the
    full stop. None when the verdict ranked on no attribute asked or states no figure of one."""
    asked = _ASKED_ON_RE.search(verdict.group("rest"))
    if asked is None:
        return None
    attributes = [a.strip() for a in asked.group("attributes").split(", ") if a.strip()]
    figures = _asked_figures(verdict.group("rest"), attributes)
    if not figures:
        return None
    if len(figures) == 1:
        said = f"the {figures[0][1]} {figures[0][0]} of the products compared: {figures[0][2]}"
    else:
        said = (" and ".join(f"the {mark} {a} ({v})" for a, mark, v in figures) + " of the products compared")
    opening = (f"Of the {named.group(1)} products the question names, the" if named is not None else "The") + \
        f" **{winner}** has {said}"
    runner = next((m for line in lines if (m := _RUNNER_UP_RE.match(line))), None) if named is not None else None
    if runner is not None and (theirs := _runner_figures(runner.group("rest"), [a for a, _, _ in figures])):
        opening += (f"; next, the {runner.group('name').strip()} at {theirs[0][1]}" if len(theirs) == 1 else
                    f"; next, the {runner.group('name').strip()}: " + ", ".join(f"{a} {v}" for a, v in theirs))
    return opening + f"{notes}."


#: the verdicts' runner-up ("- **Runner-up: Pellam Hush 2** — ranked second ...: noise level 28 dB [6] [2].")
_RUNNER_UP_RE = re.compile(r"^- \*\*Runner-up: (?P<name>[^*]+?)\*\* — (?P<rest>.*)$")


#: the lead's opening naming the verdicts' winner, in report languages other than English (the shopping sections'
#: headings are in that language too: ``services.domain_shopping.words``)
_WINNER_OPENING = {
    "de": "Insgesamt am besten: {winner}, wie die Empfehlungen oben begründen.",
    "fr": "Meilleur choix : {winner}, comme l'expliquent les verdicts ci-dessus.",
    "es": "La mejor opción: {winner}, como explican los veredictos anteriores.",
    "it": "La scelta migliore: {winner}, come spiegano i verdetti qui sopra.",
    "nl": "Beste keuze: {winner}, zoals de oordelen hierboven uitleggen.",
    "pt": "A melhor opção: {winner}, como explicam os veredictos acima.",
}


#: a source's first person ("we measured", "our test", "wir haben gemessen", "nous avons mesuré", "nuestra prueba"):
#: a sentence in it is a reviewer's account, which the report's lead would voice as its own
#: a sentence without a subject that opens with a participle and its circumstance ("Tested over 12 nights in the
#: Sierra.", "Measured at 20 °C.", "Updated on 3 May."): a page's caption or method line, which says nothing of its own
_SUBJECTLESS = re.compile(r"^\W*(?:[A-Z][a-z]+ed|Written|Taken|Seen|Done|Made|Run)\s+(?:over|for|in|on|at|by|with|"
                          r"during|across|from|since|under|between|after|before)\b")
_FIRST_PERSON = FIRST_PERSON_PLURAL_RE


#: a quotation in a line ("“It is worth it only if you annotate PDFs”")
_QUOTED_RE = re.compile(r"“([^”]+)”")
#: the verdict word a general lead's sentence opens with ("Yes: ", "No: ")
_VERDICT_OPENING_RE = re.compile(r"^\s*(?:Yes|No):\s+")
#: the pronouns a quoted sentence may open with in place of its subject's name ("It is worth it only if ...")
_PRONOUN_OPENINGS = frozenset({"it", "they", "this", "its"})


def _words(text: str) -> list[str]:
    """``text``'s words, case-folded, every word kept (function words too: "It is worth it")."""
    return re.findall(r"[^\W_]+", text.casefold())


def one_shopping_winner(report: Report, run: RunView) -> Report:
    """A shopping report whose lead names the winner its verdicts name, and no other: the general lead (the first
    section after the shopping sections, "Answer") opens with the verdicts' best overall product, cited with the
    verdict's first figure (and, when no offer is within the question's budget, says so), and loses every sentence
    that recommends or ranks first a product without naming that winner ("It is the best robot vacuum you can buy",
    "The Nimbo K3 is our favourite") or puts another candidate first by a superlative ("The Dustra V8 is our
    strongest robot vacuum"): one winner everywhere. A sentence stating a figure of no product it names
    ("Reichweite im Test: 49 km.", "It weighs 16,9 kg.") leaves the lead too: the spec matrix gives each figure with
    its product; so does a sentence stating a price ("Price at the time of testing: Aerovo AirDash 2 59.99 USD,
    Influx Volt S 52 USD": a page's price may be old or another seller's, and the offers and best-value verdict give
    every price with its seller, condition and date), and a sentence in a reviewer's first person ("We measured the Grasbo M7 at 56 dB": the
    report never speaks as a tester, :data:`_FIRST_PERSON`). When the verdicts open with the answer to a yes/no question
    ("**No:** the Tessin Arc 5 has the largest range ...; the Marlo Vex 3's is 32 km"), the lead opens with it
    instead, the general lead's own "Yes:" / "No:" goes (one verdict) and so does a sentence of it that the
    verdicts' answer already quotes ("The X is worth it only if ..." under “It is worth it only if ...”: issue 15,
    trial t53s S6, where it cited another page); when they rank only the products the question names ("A or B - which one should I buy?"), an English
    lead says which of those to buy ("Of the 2 products the question names, buy the Brewlite T2 [1], ..."). In the
    general findings after the lead, a sentence recommending another product than the winner ("The Brewlite T2 is
    the best travel kettle for most people") is said to be its source's view, in another report language left out
    (:func:`_rival_picks_attributed`). Sources no longer cited leave the source list (the rest
    renumbered in reading order). Other reports, and a shopping report whose verdicts name no best overall product,
    are returned unchanged."""
    analysis = run.domain_analysis
    if analysis is None or analysis.domain != "shopping" or not analysis.sections or not domain_leads(run):
        return report
    lines = report.markdown.split("\n")
    verdict = next((m for line in lines if (m := _BEST_OVERALL_RE.match(line))), None)
    if verdict is None:
        return report
    winner = verdict.group("name").strip()
    winners = [w.strip() for w in winner.split(" and ")] if " and " in winner else [winner]
    products = (run.domain_events.get("ProductsIdentified") or {}).get("products") or ()
    spellings = {w: [w] for w in winners}
    for p in products:
        names = [str(p.get("name") or ""), *(str(a) for a in p.get("aliases") or ())]
        for w in winners:
            if w in names:
                spellings[w] += [n for n in names if n]
    own = {_one_line(str(s["heading"])) for s in analysis.sections}
    lead = next((i for i, line in enumerate(lines) if line.startswith("## ") and line[3:].strip() not in own
                 and heading_kind(line) is None), None)
    if lead is None:
        return report
    end = next((i for i in range(lead + 1, len(lines)) if lines[i].startswith("## ")), len(lines))

    def names_winner(text: str) -> bool:
        lower = text.lower()
        return any(n.lower() in lower for names in spellings.values() for n in names)

    others = [n for p in products for n in [str(p.get("name") or ""), *(str(a) for a in p.get("aliases") or ())]
              if n and not any(n in names for names in spellings.values())]

    every = [n.lower() for p in products for n in [str(p.get("name") or ""), *(str(a) for a in p.get("aliases") or ())]
             if n]
    # the products the lead may speak of: the winner and those the question names; the verdicts' other products
    # (those only "also considered" too: a look-alike "Pro" of the one asked is a product of its own) it may not
    also = next((m.group("names") for line in lines if (m := _ALSO_CONSIDERED_RE.match(line))), "")
    known = [*products, *({"name": n.strip()} for n in also.split(", ") if n.strip()),
             *({"name": w} for w in winners)]
    allowed = {n for w in winners for n in (x.casefold() for x in spellings[w])} | {
        n for p in products_named(run.request.question, known) for n in _spellings(p)}

    def about_another(text: str) -> bool:  # "The Vendral Q7 Pro weighs 8.1 kg." when the Osler Breeze 2 won
        named = products_named(_MARKER_RE.sub("", text), known)
        return bool(named) and not any(_spellings(p) & allowed for p in named)

    def unattached_figure(text: str) -> bool:  # "Reichweite im Test: 49 km [2]." says whose range nowhere
        plain = _MARKER_RE.sub("", text)
        figure = stated_kinds(re.sub(r"(?<=\d),(?=\d{1,2}\b)", ".", plain)) - {"count"}  # "3,4 kg" is 3.4 kg
        # a spec row of another product than the winner ("Influx Volt S: weight 0.9 lb [5]" when the Aerovo won)
        # bears on no pick: the spec matrix gives it with its product
        return bool(figure) and (not any(n in plain.lower() for n in every)
                                 or (bool(_SPEC_ROW_RE.match(plain)) and not names_winner(plain)))

    def priced(text: str) -> bool:  # "Price at the time of testing: A 59.99 USD, B 52 USD [2]": the offers say
        return "money" in stated_kinds(_MARKER_RE.sub("", text))

    def first_person(text: str) -> bool:  # "We measured the Grasbo M7 at 56 dB": a tester's words, not the report's
        plain = _MARKER_RE.sub("", text)  # and "Tested over 12 nights in the Sierra.", a method line without a subject
        return bool(_FIRST_PERSON.search(plain)) or (bool(_SUBJECTLESS.match(plain))
                                                     and not any(n in plain.lower() for n in every))

    def ranks_another(text: str) -> bool:  # "The Dustra V8 is our strongest robot vacuum" when the K3 won
        plain = _MARKER_RE.sub("", text)
        lower = plain.lower()
        return (bool(_RECOMMENDS.search(plain)) and not names_winner(plain)) or (
            bool(_SUPERLATIVE.search(plain)) and any(n.lower() in lower for n in others) and not names_winner(plain))

    answered = next((line for line in lines[:lead] if _DOMAIN_YES_NO_RE.match(line)
                     or _SHOPPING_PICK_RE.match(line)), None)
    if answered is not None:  # "Is the X worth it?": the verdicts' yes or no opening the lead is about the X
        allowed |= {n for p in products_named(answered, known) for n in _spellings(p)}
    quotes = [_words(q) for q in [*_QUOTED_RE.findall(answered or ""), *re.findall(r"^\*\*([^*]+):\*\*", answered or "")]]

    def quoted_again(text: str) -> bool:  # a sentence the verdicts' answer says or quotes already, its subject written
        said = _words(_VERDICT_OPENING_RE.sub("", _MARKER_RE.sub("", text)))
        return any(q == said or (len(q) > 3 and q[0] in _PRONOUN_OPENINGS and said[-(len(q) - 1):] == q[1:])
                   for q in quotes)

    kept, dropped = _without_sentences(
        lines[lead + 1:end], lambda s: ranks_another(s) or unattached_figure(s) or first_person(s) or priced(s)
        or quoted_again(s) or about_another(s))
    marks = _MARK_RE.findall(verdict.group("rest"))
    cited = f" [{marks[0]}]" if marks else ""
    budget = _NO_BUDGET_RE.search(verdict.group("rest"))
    split = _TESTERS_DISAGREE_RE.search(verdict.group("rest"))  # said in the lead too: the pick is contested
    notes = (f"; {budget.group(0)}" if budget else "") + (f"; {split.group(1)}" if split else "")
    said = _WINNER_OPENING.get(re.split(r"[-_]", run.language.casefold(), maxsplit=1)[0])
    best = f"Best for {verdict.group('use').strip()}" if verdict.group("use") else "Best overall"
    opening = (f"{best}: **{winner}**{cited}, as the verdicts above explain{notes}." if said is None or notes
               else said.format(winner=f"**{winner}**{cited}"))
    named = _NAMED_COMPARED_RE.search(verdict.group("rest"))
    if named is not None and said is None and " and " not in winner:  # "A or B - which one should I buy?"
        opening = (f"Of the {named.group(1)} products the question names, buy the **{winner}**{cited}, as the "
                   f"verdicts above explain{notes}.")
    if said is None and " and " not in winner and "(tied)" not in verdict.group(0) and (
            figured := _figure_opening(verdict, lines[:lead], winner, named, notes)) is not None:
        opening = figured  # "Which one weighs the least?": the winner's figure for it is the answer
    if answered is not None:  # "Does the X have the longest range?": the verdicts' yes or no opens the answer
        opening = re.sub(r"^\*\*([^*]+):\*\*", r"\1:", answered.strip())
        # the general lead's own "Yes:" / "No:" is no second verdict beside it: its sentences stay, as findings do
        kept = [_VERDICT_OPENING_RE.sub("", line) for line in kept]
    body = [line for line in kept if line.strip()]
    rest, unsaid = _rival_picks_attributed(lines[end:], run, report, own,
                                           lambda t: bool(_RECOMMENDS.search(_MARKER_RE.sub("", t)))
                                           and ranks_another(t))
    dropped += unsaid
    rest = _contested_specs_said(rest, _spec_cells(lines, own), own)
    lines = [*lines[:lead + 1], "", opening, *([""] + body if body else []), "", *rest]
    if unsaid:
        lines = _with_missing_note(_without_empty_sections(lines, own),
                                   f"- general findings: {len(unsaid)} source claim(s) recommending another product "
                                   "than the verdicts' best overall were left out", run.language)
    return _only_cited(lines, _without_claims_of(report, run, dropped, lines))


#: a general finding stating one product's spec: "- Hanabi Smart 5.5: capacity 1.8 L [4]."
_SPEC_FINDING_RE = re.compile(r"^(?P<head>\s*[-*]\s+)?(?P<subject>(?:[^:.!?]|\.(?=\d)){2,120}):\s+(?P<said>[^:]+?)"
                              r"(?P<marks>(?:\s*\[\d+\])+)\s*\.?\s*$")


def _spec_cells(lines: list[str], own: set[str]) -> dict[tuple[str, str], str]:
    """The cells of the domain's tables (under ``own`` headings) whose sources give several values, keyed by (folded
    product, folded column): a cell holding "; " between cited values ("1.0 L [6] [7]; 1.8 L [4]") -> that cell."""
    out: dict[tuple[str, str], str] = {}
    section, header = "", list[str]()
    for line in lines:
        if line.startswith("## "):
            section, header = line[3:].strip(), []
            continue
        if section not in own or not line.startswith("|"):
            header = [] if not line.startswith("|") else header
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not header:
            header = cells
            continue
        if all(set(c) <= set("-: ") for c in cells):
            continue
        for column, cell in zip(header[1:], cells[1:], strict=False):
            if re.search(r"\]\s*;\s*\S", cell):
                out[(_folded(cells[0]), _folded(column))] = cell
    return out


def _contested_specs_said(lines: list[str], cells: dict[tuple[str, str], str], own: set[str]) -> list[str]:
    """``lines`` (the general sections) where a finding stating one product's spec that the domain's tables show its
    sources disagree on (``cells``: :func:`_spec_cells`) says so, with the other values and their sources, rather
    than stating one side as fact: "- Hanabi Smart 5.5: capacity 1.8 L [4]." -> "- Hanabi Smart 5.5: capacity 1.8 L
    [4] (its sources disagree: 1.0 L [6] [7]; 1.8 L [4])." Lines under ``own`` headings are kept as they are."""
    if not cells:
        return lines
    out: list[str] = []
    section = ""
    for line in lines:
        if line.startswith("## "):
            section = line[3:].strip()
        m = _SPEC_FINDING_RE.match(line) if section not in own and not line.startswith("#") else None
        if m is not None:
            subject, said = _folded(m.group("subject")), _folded(m.group("said"))
            cell = next((c for (product, column), c in cells.items() if product == subject
                         and (said == column or said.startswith(column + " "))), None)
            if cell is not None:
                line = (f"{m.group('head') or ''}{m.group('subject')}: {m.group('said')}{m.group('marks')}"
                        f" (its sources disagree: {cell}).")
        out.append(line)
    return out


#: a spec table's row read as a sentence (shared.text.tables.figure_sentence): "<subject>: <label> <value>."
_SPEC_ROW_RE = re.compile(r"^[^:.!?]{2,120}:\s+[^\W\d_][^:]*?\d[^:]*$")


#: a page title's separator before its site's name ("INFLUX VOLT-S Cordless ... Best Deal | VoltMart")
_TITLE_SITE_RE = re.compile(r"\s+[|\u2013\u2014-]\s+")


def product_names_for_titles(report: Report, run: RunView) -> Report:
    """A shopping report whose general sections name a product by its own name where a claim names it by its
    shop page's title: a claim read from a page's spec table takes the page's title for its subject ("INFLUX
    VOLT-S Cordless Tire Inflator Portable Air Compressor 2026 Best Deal | VoltMart: battery capacity 5000 mAh
    [2]"), a seller's SEO headline with its site name, never the product's name, and its "Best Deal" read as a
    recommendation. In a sentence citing that page, the title (whole, or without its site part) followed by ":" is
    replaced by the name of the one product the shopping analysis found on that page ("Influx Volt S: battery
    capacity 5000 mAh [2]"). A page of several products, or a title the product's name already is, stays as it
    is. The lead (the first general section: :func:`one_shopping_winner` keeps there only what bears on the
    winner), domain sections, "What is missing" and "Sources" are kept; other reports are returned unchanged."""
    analysis = run.domain_analysis
    if analysis is None or analysis.domain != "shopping" or not analysis.sections:
        return report
    products = (run.domain_events.get("ProductsIdentified") or {}).get("products") or ()
    owners: dict[str, list[str]] = {}
    for p in products:
        for sid in p.get("source_ids") or ():
            owners.setdefault(str(sid), []).append(str(p.get("name") or ""))
    own = {_one_line(str(s["heading"])) for s in analysis.sections}
    titles: dict[int, tuple[str, list[str]]] = {}  # citation number -> (product name, title spellings)
    for c in report.citations:
        names = owners.get(str(c.source_id)) or []
        source = run.sources.get(str(c.source_id))
        if len(set(names)) != 1 or not names[0] or source is None or not source.title:
            continue
        parts = [source.title.strip(), _TITLE_SITE_RE.split(source.title.strip())[0].strip()]
        spellings = [t for t in dict.fromkeys(parts) if len(t) > len(names[0]) and t.casefold() != names[0].casefold()]
        if spellings:
            titles[c.n] = (names[0], spellings)
    if not titles:
        return report
    lines = report.markdown.split("\n")
    section = ""
    general = 0  # the general sections met so far: the first is the lead, which one_shopping_winner writes
    for i, line in enumerate(lines):
        if line.startswith("## "):
            section = line
            general += section[3:].strip() not in own and heading_kind(section) is None
            continue
        if not section or section[3:].strip() in own or heading_kind(section) is not None or line.startswith("#") \
                or general < 2:
            continue
        for n in dict.fromkeys(int(m) for m in _MARK_RE.findall(line)):
            if n in titles:
                name, spellings = titles[n]
                for title in spellings:  # the whole title first: "X | Site:" before "X:"
                    line = re.sub(rf"(?<!\w){re.escape(title)}(?=:\s)", name.replace("\\", "\\\\"), line)
        lines[i] = line
    return report.model_copy(update={"markdown": "\n".join(lines)})


#: a singular pronoun standing for a product in a finding that names none ("Only buy it for rooms over 50 m².")
_IT_RE = re.compile(r"\b(?:it|its)\b", re.IGNORECASE)
#: the most characters between two sentences one after the other on a page (a space, a line break or two)
_ADJACENT_GAP = 2


def _pronoun_product(run: RunView, claim: Claim, products: Sequence[Mapping[str, Any]]) -> str | None:
    """The name of the product a pronoun in ``claim`` (a claim naming no product) stands for: the one product the
    sentence just before it on its page names (its claim's span ending at most :data:`_ADJACENT_GAP` characters
    before ``claim``'s: "The Vendral Q7 Pro is not worth the extra $150." before "Only buy it for rooms over
    50 m²."), else the one product its page is about (``ProductsIdentified``'s ``source_ids``); None when neither
    says one product (two named, none, a page about several)."""
    before = [c for c in run.claims.values() if c.source_id == claim.source_id and c.figure is None
              and c.claim_id != claim.claim_id and 0 <= claim.start - c.end <= _ADJACENT_GAP]
    previous = max(before, key=lambda c: c.end, default=None)
    named = products_named(previous.text, products) if previous is not None else []
    if len(named) != 1:
        named = [p for p in products if str(claim.source_id) in {str(x) for x in p.get("source_ids") or ()}]
    return str(named[0].get("name") or "") or None if len(named) == 1 else None


def pronoun_findings_attributed(report: Report, run: RunView) -> Report:
    """A shopping report whose general sentences standing for a product by a pronoun ("Only buy it for rooms over
    50 m² [4].", a claim the extractor kept as written: only a sentence-opening pronoun is replaced by its name) say
    which product that is, as a spec finding says it: "Vendral Q7 Pro: only buy it for rooms over 50 m² [4]." (the
    product of the sentence before it on its page, else of the page: :func:`_pronoun_product`). Under a report
    about the Vendral Q7 the bare sentence reads as advice about it, while its page said it of the Q7 Pro (trial
    t61s F4); said so, the lead's filters (:func:`one_shopping_winner`, :func:`spec_answer_lead`) leave it out of
    the answer as another product's. A sentence naming a product, one whose claim is not found (its citation's
    claim text not in it) or whose product is not known, and one under a heading naming that product already, stay
    as they are; domain sections, "What is missing" and "Sources" are kept. Other reports are returned unchanged."""
    analysis = run.domain_analysis
    if analysis is None or analysis.domain != "shopping" or not analysis.sections:
        return report
    products = (run.domain_events.get("ProductsIdentified") or {}).get("products") or ()
    if not products:
        return report
    own = {_one_line(str(s["heading"])) for s in analysis.sections}
    cited: dict[int, list[Claim]] = {}
    for c in report.citations:
        if (claim := run.claim(str(c.claim_id))) is not None:
            cited.setdefault(c.n, []).append(claim)

    def attributed(sentence: str, heading: str) -> str:
        plain = _MARKER_RE.sub("", sentence)
        if not _IT_RE.search(plain) or products_named(plain, products):
            return sentence
        folded = _folded(plain)
        claim = next((c for n in _MARK_RE.findall(sentence) for c in cited.get(int(n), ())
                      if _folded(c.text) and _folded(c.text) in folded), None)
        name = _pronoun_product(run, claim, products) if claim is not None else None
        if name is None or any(str(p.get("name")) == name for p in products_named(heading, products)):
            return sentence
        first = sentence.split(" ", 1)[0]
        return f"{name}: " + (sentence[0].lower() + sentence[1:] if is_stopword(first.lower()) else sentence)

    lines = report.markdown.split("\n")
    section = heading = ""
    for i, line in enumerate(lines):
        if line.startswith("#"):
            section = line if line.startswith("## ") else section
            heading = line if line.startswith("### ") else "" if line.startswith("## ") else heading
            continue
        if not section or section[3:].strip() in own or heading_kind(section) is not None or not line.strip():
            continue
        head, sentences = _bullet_sentences(line)
        said = [attributed(x, heading) for x in sentences]
        if said != sentences:
            lines[i] = head + " ".join(said)
    markdown = "\n".join(lines)
    return report if markdown == report.markdown else report.model_copy(update={"markdown": markdown})


#: the shopping verdicts' answer to a question about one product's figures ("**Kettlo Go, as its sources give it:**
#: weight 1.1 lb [1] / 720 g [2] (its sources disagree); ...": ``services.domain_shopping.offline.SPEC_ANSWER``)
_SPEC_ANSWER_RE = re.compile(r"^\*\*(?P<name>[^*]+?), as its sources give it:\*\*(?P<rest>.*)$")
#: the shopping verdicts when the question's budget is zero or less ("**No product can be bought under -5 USD:** a
#: budget of zero or less leaves nothing to buy ...": ``services.domain_shopping.offline.NO_PURCHASE``)
_NO_PURCHASE_RE = re.compile(r"^\*\*(?P<said>No product can be bought under [^*]+?):\*\*(?P<rest>.*)$")
#: the shopping verdicts when no source gives the figure a question asks of one product ("**Not established: the
#: noise level of the Brakka DX20.** None of the 12 sources read gives it; ...":
#: ``services.domain_shopping.offline.NOT_FOUND_ANSWER``)
_NOT_FOUND_RE = re.compile(r"^\*\*(?P<said>Not established: [^*]+?)\*\*(?P<rest>.*)$")


def spec_answer_lead(report: Report, run: RunView) -> Report:
    """A shopping report answering a question about one product's figures ("How much does the Kettlo Go weigh and
    how much water does it hold?") whose lead opens with the verdicts' answer (every value the sources give, each
    cited, a disagreement said: "Kettlo Go, as its sources give it: weight 1.1 lb [1] / 720 g [2] (its sources
    disagree); ...") and loses every sentence stating a figure ("The Kettlo Go holds 0.8 litres and weighs 720 g
    [2]."), which would state one side of a disagreement as fact; the spec matrix and the answer give each figure
    with its sources. A sentence in its source's first person ("The Inflata Go is the lightest pump in our range":
    the maker's claim, :data:`_FIRST_PERSON`) leaves it too: the report never speaks as a maker or tester; so does one
    naming another product than the one answered (:func:`names_another_product`: "The Vendral Q7 Pro: CADR 520
    m³/h" under the Vendral Q7's offers): a look-alike's figure is no answer about the product
    asked. Sources no longer cited leave the source list. A report whose verdicts say that
    no product can be bought under the question's budget (zero or less: :data:`_NO_PURCHASE_RE`) opens its lead with
    that the same way ("No product can be bought under -5 USD: a budget of zero or less ..."), and one whose verdicts
    say that no source gives the figure asked (:data:`_NOT_FOUND_RE`: "Not established: the noise level of the
    Brakka DX20. None of the 12 sources read gives it; ...", issue 15, trial t52s fault 2) with that. Other reports
    are returned unchanged."""
    analysis = run.domain_analysis
    if analysis is None or analysis.domain != "shopping" or not analysis.sections or not domain_leads(run):
        return report
    lines = report.markdown.split("\n")
    answer = next((m for line in lines if (m := _SPEC_ANSWER_RE.match(line.strip()))), None)
    refusal = next((m for line in lines if (m := _NO_PURCHASE_RE.match(line.strip()))), None)
    unfound = next((m for line in lines if (m := _NOT_FOUND_RE.match(line.strip()))), None)
    if answer is None and refusal is None and unfound is None:
        return report
    own = {_one_line(str(s["heading"])) for s in analysis.sections}
    lead = next((i for i, line in enumerate(lines) if line.startswith("## ") and line[3:].strip() not in own
                 and heading_kind(line) is None), None)
    if lead is None:
        return report
    end = next((i for i in range(lead + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    products = (run.domain_events.get("ProductsIdentified") or {}).get("products") or ()
    asked = answer.group("name").strip() if answer is not None else ""
    kept, dropped = _without_sentences(lines[lead + 1:end], lambda x: bool(
        stated_kinds(re.sub(r"(?<=\d),(?=\d{1,2}\b)", ".", _MARKER_RE.sub("", x))) - {"count"})
        or bool(_FIRST_PERSON.search(_MARKER_RE.sub("", x)))
        or bool(asked) and names_another_product(_MARKER_RE.sub("", x), [asked], products))
    opening = (f"{answer.group('name').strip()}, as its sources give it:{answer.group('rest')}" if answer is not None
               else f"{refusal.group('said').strip()}:{refusal.group('rest')}" if refusal is not None
               else f"{unfound.group('said').strip()}{unfound.group('rest')}" if unfound is not None else "")
    body = [line for line in kept if line.strip()]
    lines = [*lines[:lead + 1], "", opening, *([""] + body if body else []), "", *lines[end:]]
    return _only_cited(lines, _without_claims_of(report, run, dropped, lines))


def names_another_product(text: str, asked: Sequence[str], products: Sequence[Mapping[str, Any]]) -> bool:
    """Whether ``text`` names a product of ``products`` (``ProductsIdentified`` JSON: ``name``, ``aliases``) other
    than the ones ``asked`` names (a name or alias of each, case-insensitive), as whole words. Where names overlap,
    the longest one written there is the one named: "The Vendral Q7 Pro: CADR 520 m³/h" names the Q7 Pro, a
    product of its own, not the Q7 whose whole name it holds. False when it names none or only those asked."""
    own = {n.strip().casefold() for n in asked if n.strip()}
    return any(not own & _spellings(p) for p in products_named(text, [*products, {"aliases": list(own)}]))


def _spellings(product: Mapping[str, Any]) -> set[str]:
    """``product``'s name and aliases (``ProductsIdentified`` JSON), stripped and case-folded, the empty left out."""
    return {str(n).strip().casefold() for n in [product.get("name"), *(product.get("aliases") or ())]
            if n and str(n).strip()}


def products_named(text: str, products: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The products of ``products`` (``ProductsIdentified`` JSON: ``name``, ``aliases``) that ``text`` names, as
    whole words and case-insensitive, in ``products``' order, each once. Where names overlap the longest written is
    the one named: "The Vendral Q7 Pro weighs 8 kg" names the Vendral Q7 Pro, not the Vendral Q7 whose whole name
    it holds. Empty when it names none."""
    lower = text.casefold()
    spans = [(m.start(), m.end(), i) for i, p in enumerate(products) for n in _spellings(p)
             for m in re.finditer(rf"(?<!\w){re.escape(n)}(?!\w)", lower)]
    named = {i for a, b, i in spans if not any(a2 <= a and b <= b2 and b2 - a2 > b - a for a2, b2, _ in spans)}
    return [p for i, p in enumerate(products) if i in named]


def _without_sentences(lines: list[str], drop: Callable[[str], bool]) -> tuple[list[str], list[str]]:
    """(the lines kept, the sentences left out) of a lead's ``lines``: each paragraph line is split into sentences
    (after ".", "!", "?" or a citation marker, before a capital, a quote or "*") and those ``drop`` holds for are left
    out; a line left with none goes, blank lines and headings stay."""
    kept: list[str] = []
    dropped: list[str] = []
    for line in lines:
        if not line.strip() or line.startswith("#"):
            kept.append(line)
            continue
        sentences = [x for x in re.split(r"(?<=[.!?\]])\s+(?=[A-Z\"'“*])", line) if x.strip()]
        dropped += [x for x in sentences if drop(x)]
        rest = [x for x in sentences if x not in dropped]
        if rest:
            kept.append(" ".join(rest))
    return kept, dropped


def _bullet_sentences(line: str) -> tuple[str, list[str]]:
    """(a list item's marker with its spaces, else "", the sentences of the rest) of a report line: split after
    ".", "!", "?" or a citation marker, before a capital, a quote or "*"."""
    bullet = re.match(r"^(\s*[-*]\s+)(.*)$", line)
    head, text = (bullet.group(1), bullet.group(2)) if bullet else ("", line)
    return head, [x for x in re.split(r"(?<=[.!?\]])\s+(?=[A-Z\"'“*])", text) if x.strip()]


def _rival_picks_attributed(lines: list[str], run: RunView, report: Report, own: set[str],
                            rival: Callable[[str], bool]) -> tuple[list[str], list[str]]:
    """(``lines``, the sentences left out): the general sections' lines (a shopping report's "Findings", after its
    lead) where a sentence or bullet that recommends another product than the verdicts' winner (``rival``: "The
    Brewlite T2 is the best travel kettle for most people [5]" under another Best overall) is said to be its
    source's view, in an English report ("A review or test says that the Brewlite T2 is the best travel kettle for
    most people [5]; the verdicts above rank on the sources' figures."), and is left out in another language. Domain
    sections, "What is missing" and "Sources" are kept as they are."""
    english = (run.language or "en").lower().startswith("en")
    source_of = {c.n: str(c.source_id) for c in report.citations}

    def attributed(sentence: str) -> str:
        parts = re.match(r"^(.*?)((?:\s*\[\d+\])+)\s*([.!?]?)\s*$", sentence, re.S)
        body, marks = (parts.group(1).rstrip(" .!?:;,"), parts.group(2).strip()) if parts else (
            sentence.strip().rstrip(".!?"), "")
        first = body.split(" ", 1)[0]
        if first and is_stopword(first.lower()):
            body = body[0].lower() + body[1:]
        kinds = [k for k in (_kind_word(run, source_of[int(n)], None) for n in _MARK_RE.findall(sentence)
                             if int(n) in source_of) if k]
        who = kinds[0] if kinds and all(k == kinds[0] for k in kinds) else "source"
        article = "An" if who[0].lower() in "aeiou" else "A"
        return (f"{article} {who} says that {body}" + (f" {marks}" if marks else "")
                + "; the verdicts above rank on the sources' figures.")

    out: list[str] = []
    dropped: list[str] = []
    section = ""
    for line in lines:
        if line.startswith("## "):
            section = line
        general = bool(section) and section[3:].strip() not in own and heading_kind(section) is None
        if not general or line.startswith("#") or not line.strip():
            out.append(line)
            continue
        head, sentences = _bullet_sentences(line)
        kept: list[str] = []
        for s in sentences:
            if not rival(s):
                kept.append(s)
            elif english:
                kept.append(attributed(s))
            else:
                dropped.append(s)
        if kept:
            out.append(head + " ".join(kept))
    return out, dropped


def _folded(text: str) -> str:
    return " ".join(re.sub(r"[^0-9a-z]+", " ", _MARKER_RE.sub("", text).casefold()).split())


def _without_claims_of(report: Report, run: RunView, dropped: list[str], lines: list[str]) -> Report:
    """``report`` without the citations (and used claims) of the claims only ``dropped`` sentences stated: a claim
    whose text (else its quote) a dropped sentence holds and no line of ``lines`` (the edited report) still does.
    Its source stays while another citation of it is still cited (:func:`_only_cited`)."""
    if not dropped:
        return report
    gone = [_folded(d) for d in dropped]
    body = _folded("\n".join(line for line in lines if not SOURCE_ENTRY_RE.match(line)))

    def only_dropped(c: Citation) -> bool:
        claim = run.claim(str(c.claim_id))
        said = _folded(claim.text if claim is not None else c.quote)
        return bool(said) and any(said in g or (g in said and len(g) >= 0.8 * len(said)) for g in gone if g) \
            and said not in body

    citations = [c for c in report.citations if not only_dropped(c)]
    if len(citations) == len(report.citations):
        return report
    kept = {str(c.claim_id) for c in citations}
    return report.model_copy(update={"citations": citations,
                                     "used_claim_ids": [u for u in report.used_claim_ids if str(u) in kept]})


def typo_packages(run: RunView) -> dict[str, str]:
    """The packages a code run's survey (``PackagesSurveyed``) takes for probable typos, casefolded, each with the
    package it is probably a typo of: a registered lookalike (``typosquat_of``: "urlib3" of "urllib3"), or a name its
    registry does not know that is one edit from a surveyed package or a typing slip of a popular one
    (``shared.text.packages.lookalike``). {} for another run."""
    from rapidfuzz.distance import DamerauLevenshtein

    from shared.text.packages import fold_name, lookalike

    analysis = run.domain_analysis
    survey = run.domain_events.get("PackagesSurveyed") or {}
    if analysis is None or analysis.domain != "code":
        return {}
    packages = [p for p in survey.get("packages") or () if isinstance(p, dict) and p.get("name")]
    out: dict[str, str] = {}
    for p in packages:
        name = str(p["name"])
        if p.get("typosquat_of"):
            out[name.casefold()] = str(p["typosquat_of"])
        elif str(p.get("error") or "").startswith("not_found"):
            near = next((str(o["name"]) for o in packages if o is not p and not o.get("error")
                         and o.get("ecosystem") == p.get("ecosystem") and DamerauLevenshtein.distance(
                             fold_name(name), fold_name(str(o["name"])), score_cutoff=1) == 1), None)
            if near is None and p.get("ecosystem") in ("pypi", "npm", "crates"):
                found = lookalike(p["ecosystem"], name)
                near = found[0] if found is not None and found[1] == "typo" else None
            if near is not None:
                out[name.casefold()] = near
    return out


def registered_lookalikes(run: RunView) -> frozenset[str]:
    """The probable typos of :func:`typo_packages` that a registry does hold, casefolded: a package the survey
    flags as a possible typosquat (``typosquat_of``: "frontlaef" of "frontleaf"), never to be installed, where a
    name no registry knows is only a typing slip. Empty for another run."""
    if run.domain_analysis is None or run.domain_analysis.domain != "code":
        return frozenset()
    survey = run.domain_events.get("PackagesSurveyed") or {}
    return frozenset(str(p["name"]).casefold() for p in survey.get("packages") or ()
                     if isinstance(p, dict) and p.get("name") and p.get("typosquat_of"))


def _names(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w@/.-]){re.escape(name.casefold())}(?![\w@/-]|\.\w)", text.casefold()) is not None


def _advises(text: str, name: str) -> bool:
    """Whether ``text`` tells the reader to take the package ``name`` (:data:`_TAKE_RE` right before it: "use
    geoppy", "pip install geoppy", "go with the geoppy package")."""
    return re.search(rf"{_TAKE_RE.pattern}\s+(?:the\s+|`)?{re.escape(name.casefold())}(?![\w@/-]|\.\w)",
                     text.casefold(), re.IGNORECASE) is not None


#: a sentence (or its clause after a colon) opening in the imperative with a verb telling the reader to take a
#: package ("use geoppy, ...", "Don't write it yourself: install x")
_IMPERATIVE_RE = re.compile(r"(?:^|:\s+)(?:just\s+|simply\s+)?(?:use|install|try|choose|pick|go\s+with|switch\s+to|"
                            r"pip\s+install)\b", re.IGNORECASE)


def attribute_typo_claims(report: Report, run: RunView) -> Report:
    """A code report whose general findings say nothing about a probable typo (:func:`typo_packages`) as a fact:
    an "Answer" sentence or a "Findings" bullet about it (naming it, not the package it is a typo of) states what
    its pages claim ("urlib3 is a drop-in library ... faster than everything else [3]": a typo'd name's page is
    promotion the survey could not back), so in an English report it is said to be that page's claim ("A blog
    claims that urlib3 is ... [3] (not checked: `urlib3` is probably a typo of `urllib3`)."; of a registered
    lookalike, as the recommendation flags it: "(not checked: `urlib3` is a possible typosquat of `urllib3`; do
    not install it)", :func:`registered_lookalikes`), in another language
    it is left out (and "What is missing" counts it). Other reports are returned unchanged."""
    typos = typo_packages(run)
    if not typos:
        return report
    squats = registered_lookalikes(run)
    analysis = run.domain_analysis
    own = {_one_line(str(s["heading"])) for s in analysis.sections} if analysis is not None else set()
    english = (run.language or "en").lower().startswith("en")
    source_of = {c.n: str(c.source_id) for c in report.citations}

    def about(text: str) -> tuple[str, str] | None:
        # a sentence naming the package it is a typo of too is about the typo when it tells the reader to take the
        # typo ("use geoppy, the geopy add-on"), not when it only sets the two side by side
        plain = _MARKER_RE.sub("", text)
        return next(((n, of) for n, of in typos.items() if _names(plain, n)
                     and (not _names(plain, of) or _advises(plain, n))), None)

    def attributed(sentence: str, name: str, of: str) -> str:
        parts = re.match(r"^(.*?)((?:\s*\[\d+\])+)\s*([.!?]?)\s*$", sentence, re.S)
        body, marks = (parts.group(1).rstrip(" .!?"), parts.group(2).strip()) if parts else (
            sentence.strip().rstrip(".!?"), "")
        why = (f"`{name}` is a possible typosquat of `{of}`; do not install it" if name.casefold() in squats
               else f"`{name}` is probably a typo of `{of}`")
        if _advises(body, name) and _IMPERATIVE_RE.search(body):
            # advice in the imperative ("Don't write it yourself: use geoppy ...") is quoted as the page's, whole
            kinds = [k for k in (_kind_word(run, source_of[int(n)], None) for n in _MARK_RE.findall(sentence)
                                 if int(n) in source_of) if k]
            who = kinds[0] if kinds and all(k == kinds[0] for k in kinds) else "fetched page"
            return (f"{'An' if who[0].lower() in 'aeiou' else 'A'} {who} says: “{body}”"
                    + (f" {marks}" if marks else "") + f" (not checked: {why}).")
        lead = ""  # an opening before a colon that does not name the package ("... what they say: urlib3 is ...")
        if ": " in body and not _names(body.split(": ", 1)[0], name):
            lead, body = body.split(": ", 1)
            lead += ": "
        first = body.split(" ", 1)[0]
        if first and is_stopword(first.lower()):
            body = body[0].lower() + body[1:]
        kinds = [k for k in (_kind_word(run, source_of[int(n)], None) for n in _MARK_RE.findall(sentence)
                             if int(n) in source_of) if k]
        who = kinds[0] if kinds and all(k == kinds[0] for k in kinds) else "fetched page"
        article = ("An" if who[0].lower() in "aeiou" else "A") if not lead else ("an" if who[0].lower() in "aeiou"
                                                                                 else "a")
        # a registered lookalike is said to be what the recommendation flags it as: a possible typosquat
        return f"{lead}{article} {who} claims that {body}" + (f" {marks}" if marks else "") + f" (not checked: {why})."

    lines = report.markdown.split("\n")
    out: list[str] = []
    changed = dropped = 0
    section = ""
    for line in lines:
        if line.startswith("## "):
            section = line
        general = section and section[3:].strip() not in own and heading_kind(section) is None
        if not general or line.startswith("#") or not _MARK_RE.search(line):
            out.append(line)
            continue
        bullet = re.match(r"^(\s*[-*]\s+)(.*)$", line)
        if bullet:
            found = about(bullet.group(2))
            if found is None:
                out.append(line)
            elif english:
                out.append(bullet.group(1) + attributed(bullet.group(2), _spelled(found[0], line), found[1]))
                changed += 1
            else:
                dropped += 1
            continue
        sentences = [s for s in re.split(r"(?<=[.!?\]])\s+(?=[A-Z\"'“])|(?<=\]\.)\s+(?=[a-z])", line) if s.strip()]
        kept: list[str] = []
        for s in sentences:
            found = about(s) if _MARK_RE.search(s) else None
            if found is None:
                kept.append(s)
            elif english:
                kept.append(attributed(s, _spelled(found[0], s), found[1]))
                changed += 1
            else:
                dropped += 1
        if any(_MARK_RE.search(s) for s in kept):
            out.append(" ".join(kept))
    if not changed and not dropped:
        return report
    if dropped:
        out = _without_empty_sections(out, own)
        note = (f"- general findings: {dropped} claim(s) of pages about a probable typo of a package name "
                "were left out")
        out = _with_missing_note(out, note, run.language)
    return _only_cited(out, report)


#: the code recommendation's pick ("**Recommended: `tomlfast` 2.3.1**[1] (PyPI), ...":
#: ``services.domain_code.offline.sections``)
_CODE_PICK_RE = re.compile(r"^\*\*Recommended: `(?P<name>[^`]+)`[^*]*\*\*(?P<rest>.*)$")
#: a sentence telling the reader to take a package ("use x or y", "x is a good choice", "go with x", "we recommend x")
_TAKE_RE = re.compile(r"\b(?:use|using|choose|pick|go\s+with|prefer|switch\s+to|install|try|recommend\w*|best|"
                      r"(?:good|great|solid|safe)\s+(?:choice|option|pick|bet)|favou?rite)\b", re.IGNORECASE)


#: what :func:`_advised_against` says of a name its registry does not know ("is no package on PyPI")
NO_SUCH_PACKAGE = "is no package"
_REGISTRY_NAMES = {"pypi": "PyPI", "npm": "npm", "crates": "crates.io"}


def _advised_against(run: RunView, pick: str) -> dict[str, str]:
    """The surveyed packages a code run's registries speak against, casefolded, each with what they say ("1.0.0
    yanked, no longer maintained", "deprecated", "inactive project": PyPI's Inactive classifier is the project's,
    not a release's): a yanked or deprecated latest release, or the package's own notice
    that it is no longer maintained (``PackagesSurveyed``), or no such package ("is no package on PyPI": its registry
    answered not found; a sentence must tell the reader to take it, :func:`_advises`); the ``pick`` and probable typos (:func:`typo_packages`,
    attributed by :func:`attribute_typo_claims`) left out."""
    survey = run.domain_events.get("PackagesSurveyed") or {}
    typos = typo_packages(run)
    out: dict[str, str] = {}
    for p in survey.get("packages") or ():
        if not isinstance(p, dict) or not p.get("name"):
            continue
        name = str(p["name"])
        if name.casefold() in typos or name.casefold() == pick.casefold():
            continue
        if str(p.get("error") or "").startswith("not_found"):  # the registry has no such package
            registry = _REGISTRY_NAMES.get(str(p.get("ecosystem")), str(p.get("ecosystem") or "its registry"))
            out[name.casefold()] = f"{NO_SUCH_PACKAGE} on {registry}"
            continue
        if p.get("error"):
            continue
        said = []
        if p.get("ecosystem") == "pypi" and p.get("status_detail") == INACTIVE_CLASSIFIER:
            said.append("inactive project")  # the project's own classifier: no release of it is the exception
        elif p.get("status") in ("yanked", "deprecated"):
            said.append(f"{p.get('version')} {p['status']}" if p.get("latest_good") else f"{p['status']}")
        if p.get("unmaintained"):
            said.append("no longer maintained")
        if said:
            out[name.casefold()] = ", ".join(said)
    return out


def one_code_pick(report: Report, run: RunView) -> Report:
    """A code report whose general text never recommends what its registries speak against, and whose lead names
    its pick: under "**Recommended: `tomlfast` ...**", a general sentence or bullet telling the reader to take a
    package the survey found yanked, deprecated or no longer maintained (:func:`_advised_against`, :data:`_TAKE_RE`:
    "For TOML use tomlfast or pytomly [3].") is said to be its source's view with what the registries say, in an
    English report ("A reference work says that for TOML use tomlfast or pytomly [3]; the registries say: `pytomly`
    1.0.0 yanked, no longer maintained."), and is left out in another language ("What is missing" counts it); a
    sentence only stating the status ("pytomly is no longer maintained") stays. The general lead (the first
    general section after the code sections, "Answer") then opens with the pick, cited like the recommendation
    ("Recommended: **`tomlfast`** [1], as the recommendation above explains.") unless its first sentence names the
    pick and none of the packages spoken against, or the code sections answer a yes/no question
    (:func:`domain_answers_yes_no`); a report whose general findings were all left out (:func:`drop_unrelated_general`)
    gains that sentence under its own "Answer" heading, before "What is missing". Other reports, and a code report
    with no pick, are returned unchanged."""
    analysis = run.domain_analysis
    if analysis is None or analysis.domain != "code" or not analysis.sections:
        return report
    lines = report.markdown.split("\n")
    picked = next((m for line in lines if (m := _CODE_PICK_RE.match(line.strip()))), None)
    pick = picked.group("name") if picked is not None else ""
    against = _advised_against(run, pick)
    if picked is None and not against:
        return report
    own = {_one_line(str(s["heading"])) for s in analysis.sections}
    english = (run.language or "en").lower().startswith("en")
    source_of = {c.n: str(c.source_id) for c in report.citations}

    def takes_against(text: str) -> list[str]:  # the advised-against packages a sentence tells the reader to take
        plain = _MARKER_RE.sub("", text)
        # a name no registry knows may be a word of the sentence's own ("encode geohashes"): only advice to take it
        return [n for n in against if (_advises(plain, n) if against[n].startswith(NO_SUCH_PACKAGE)
                                       else _names(plain, n))] if _TAKE_RE.search(plain) else []

    def attributed(sentence: str, names: list[str]) -> str:
        parts = re.match(r"^(.*?)((?:\s*\[\d+\])+)\s*([.!?]?)\s*$", sentence, re.S)
        body, marks = (parts.group(1).rstrip(" .!?:;,"), parts.group(2).strip()) if parts else (
            sentence.strip().rstrip(".!?"), "")
        lead = ""  # an opening before a colon that names none of them ("... what they say: For TOML use ...")
        if ": " in body and not any(_names(body.split(": ", 1)[0], n) for n in names):
            lead, body = body.split(": ", 1)
            lead += ": "
        first = body.split(" ", 1)[0]
        if first and (is_stopword(first.lower()) or _TAKE_RE.match(body)):  # "For TOML use ...", "Pick x ..."
            body = body[0].lower() + body[1:]
        kinds = [k for k in (_kind_word(run, source_of[int(n)], None) for n in _MARK_RE.findall(sentence)
                             if int(n) in source_of) if k]
        who = kinds[0] if kinds and all(k == kinds[0] for k in kinds) else "source"
        article = "An" if who[0].lower() in "aeiou" else "A"
        article = article.lower() if lead else article
        return (f"{lead}{article} {who} says that {body}" + (f" {marks}" if marks else "") + "; the registries say: "
                + "; ".join(f"`{_spelled(n, sentence)}` {against[n]}" for n in names) + ".")

    out: list[str] = []
    dropped: list[str] = []
    section = ""
    for line in lines:
        if line.startswith("## "):
            section = line
        general = bool(section) and section[3:].strip() not in own and heading_kind(section) is None
        if not general or line.startswith("#") or not line.strip() or not _MARK_RE.search(line):
            out.append(line)
            continue
        bullet = re.match(r"^(\s*[-*]\s+)(.*)$", line)
        head, text = (bullet.group(1), bullet.group(2)) if bullet else ("", line)
        sentences = [x for x in re.split(r"(?<=[.!?\]])\s+(?=[A-Z\"'“*])|(?<=\]\.)\s+(?=[a-z])", text) if x.strip()]
        kept: list[str] = []
        for x in sentences:
            names = takes_against(x) if _MARK_RE.search(x) else []
            if not names:
                kept.append(x)
            elif english:
                kept.append(attributed(x, names))
            else:
                dropped.append(x)
        if kept:
            out.append(head + " ".join(kept))
    lead = next((i for i, line in enumerate(out) if line.startswith("## ") and line[3:].strip() not in own
                 and heading_kind(line) is None), None)
    if picked is not None and english and not domain_answers_yes_no(run):
        marks = _MARK_RE.findall(picked.group("rest"))
        recommended = f"Recommended: **`{pick}`**{f' [{marks[0]}]' if marks else ''}, as the recommendation above " \
                      "explains."
        if lead is None:  # every general finding was left out: the answer is the pick, under its own heading
            at = next((i for i, line in enumerate(out) if line.startswith("## ") and heading_kind(line) is not None),
                      len(out))
            out = [*out[:at], *([""] if at and out[at - 1].strip() else []), f"## {report_words(run.language).answer}",
                   "", recommended, "", *out[at:]]
        else:
            first = next((line for line in out[lead + 1:] if line.strip()), "")
            opening = _MARKER_RE.sub("", first).split(". ")[0]  # its first sentence names the pick and no rival
            if first.startswith("## ") or not _names(opening, pick) or any(_names(opening, n) for n in against):
                out = [*out[:lead + 1], "", recommended, *out[lead + 1:]]
    if dropped:
        out = _with_missing_note(_without_empty_sections(out, own),
                                 f"- general findings: {len(dropped)} source claim(s) recommending a package its "
                                 "registry marks yanked, deprecated or unmaintained were left out", run.language)
    if out == lines:
        return report
    return _only_cited(out, _without_claims_of(report, run, dropped, out))


def _spelled(folded: str, text: str) -> str:
    """The typo'd package's name as ``text`` spells it (``folded``: its casefolded name)."""
    found = re.search(rf"(?<![\w@/.-]){re.escape(folded)}(?![\w@/-])", text, re.I)
    return found.group(0) if found else folded


#: the opening :func:`one_code_pick` gives a general lead below a code recommendation ("Recommended: **`tomlfast`**
#: [1], as the recommendation above explains."): said already once the recommendation is the report's Answer
_PICK_OPENING_RE = re.compile(r"^Recommended: \*\*`[^`]+`\*\*(?: \[\d+\])?, as the recommendation above explains\.\s*")


def code_answer_first(report: Report, run: RunView) -> Report:
    """A code report whose code sections lead (:func:`domain_leads`) opens its answer as a general report does: its
    first section, the code analysis' answer ("**Recommended: `bytewise` 2.1.0**[1] ...", "`bytesmith` is no package
    on PyPI ...", "Not established: `sizeunits` could not be read from its registry (PyPI sizeunits answered
    500)."), is headed with the report's Answer word in its language (``report_words(...).answer``), so a reader,
    the judge and the evaluation read the same lead first; the general answer below the code sections, if any,
    becomes findings (headed with the Findings word, joined to the general findings right after it), without
    :func:`one_code_pick`'s "Recommended: ..., as the recommendation above explains." (a general answer holding only
    that goes). Other reports are returned unchanged. Run it after the steps that tell the code sections apart
    from the general ones by their headings (:func:`drop_unrelated_general`, :func:`one_code_pick`)."""
    analysis = run.domain_analysis
    if not domain_leads(run) or analysis is None or analysis.domain != "code":
        return report
    words = report_words(run.language)
    own = {_one_line(str(s["heading"])) for s in analysis.sections}
    lines = report.markdown.split("\n")
    first = next((i for i, line in enumerate(lines) if line.startswith("## ")), None)
    if first is None or lines[first][3:].strip() not in own:
        return report
    out = [*lines[:first], f"## {words.answer}"]
    rest = lines[first + 1:]
    general = next((i for i, line in enumerate(rest) if line.startswith("## ") and line[3:].strip() not in own
                    and heading_kind(line) is None), None)
    if general is None or rest[general][3:].strip().casefold() != words.answer.casefold():
        return report.model_copy(update={"markdown": "\n".join(out + rest)})
    end = next((i for i in range(general + 1, len(rest)) if rest[i].startswith("## ")), len(rest))
    text = [line for line in rest[general + 1:end] if not _PICK_OPENING_RE.match(line)]
    text = [_PICK_OPENING_RE.sub("", line) for line in text]
    follows = rest[end][3:].strip().casefold() == words.findings.casefold() if end < len(rest) else False
    if any(line.strip() for line in text):
        moved = [f"## {words.findings}", *text, *([] if not follows else [""])]
        rest = [*rest[:general], *moved, *rest[end + 1 if follows else end:]]
    else:
        rest = [*rest[:general], *rest[end:]]
    markdown = re.sub(r"\n{3,}", "\n\n", "\n".join(out + rest)).rstrip() + "\n"
    return report.model_copy(update={"markdown": markdown})

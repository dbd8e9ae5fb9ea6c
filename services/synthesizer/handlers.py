"""Synthesizer: ``ClaimsVerified`` -> ``ConfidenceGated`` + ``ReportSynthesized``; and the run deadline.

Domain services: when the plan's domain has one (``settings.synthesizer.domain_services``, by default
``contracts.domains.DOMAIN_SERVICES``), the report waits for both ``ClaimsVerified`` and the service's
``DomainAnalysisCompleted`` (the later of the two starts it: :func:`waits_for_domain`), or for the run's deadline
(the sweeper then records the analysis as unfinished, and the report says so). The domain's sections are placed
after the lead whatever engine wrote the report (``services.synthesizer.domain``); a failed analysis leaves the
general report with the reason under "What is missing".

Engines: when the ``synthesizer`` role has a model, ``services.synthesizer.model``: an outline, then the report
section by section in the run's language, citing only verified claims (the model names claim ids, code maps them
to ``[n]`` and builds each citation from the claim's evidence span). Otherwise, and when the model fails (the
report is then recorded ``degraded``), the offline engine: an extractive Markdown report whose every sentence is
a verified claim ending in ``[n]``, where ``n`` numbers the fetched source holding the claim's evidence span.
A partial run (deadline or budget spent) gets a report that says what is missing.

Deadline: the planner records each run's deadline (start + ``budget.seconds``) in ``run_deadlines``; the
``DeadlineSweeper`` of this service expires every due run (``DeadlineExpired`` + ``ClaimsVerified(partial)``) so
it finishes with a partial report instead of hanging. The table survives restarts, and replicas share it
(``FOR UPDATE SKIP LOCKED``).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import ClaimsVerified, DomainAnalysisCompleted, ScholarlyRecord
from services.synthesizer.confidence import Gate, bears_on, other_holder, report_gate
from services.synthesizer.domain import (
    attribute_typo_claims,
    cap_gate,
    code_answer_first,
    domain_answer_gate,
    domain_claims,
    domain_leads,
    drop_undecided,
    drop_unrelated_general,
    note_unread_workspace,
    one_code_pick,
    one_shopping_winner,
    other_ecosystem_sources,
    place_domain_sections,
    product_names_for_titles,
    pronoun_findings_attributed,
    spec_answer_lead,
    sponsored_sources,
)
from services.synthesizer.model import DEADLINE_S, MAX_CONTINUATIONS, write_report
from services.synthesizer.nothing_cited import nothing_cited, unused_sources, with_reason
from services.synthesizer.offline import synthesize
from services.synthesizer.provenance import corpus_language_gap, language_gap
from services.synthesizer.verdicts import UNDECIDED_TEXT
from shared.bus import consumer_kwargs
from shared.domain import RunView, SourceView
from shared.evidence import Claim, Report, SourceInfo, source_domain
from shared.llm import LlmGateway
from shared.llm.calls import ModelCalls, context_tokens
from shared.memory.questions import recheck_in, recheck_note, with_note
from shared.ports import Documents, RunReader, run_after
from shared.report import (
    REPORT_WORDS,
    heading_kind,
    missing_items,
    with_override_note,
    with_related_label,
    with_unanswered_note,
)
from shared.retraction import retracted_works
from shared.runtime import Heartbeat, Runtime, pause_until_stopped, supervise
from shared.settings import SynthesizerSettings
from shared.text.answer import YES_NO_WORDS, answer_type, cost_purpose, relation_terms, row_label
from shared.text.crosslang import FOLDED_LANGUAGES
from shared.text.language import foreign_language, language_name
from shared.text.noise import page_kind
from shared.text.packages import is_plain_english
from shared.text.relations import verb_held
from shared.text.terms import find_entities
from shared.text.tokens import detect_language, split_sentences, tokenize
from shared.units import SAME_VALUE_TOLERANCE

log = logging.getLogger("assay.synthesizer")


# ---- collaborators ---------------------------------------------------------------------------------------------
class SynthesizerRuns(RunReader, Protocol):
    """What the synthesizer reads and records in the event store (``shared.store.ResearchRuns``)."""

    def record_report(self, run_id: UUID, *, gate: dict[str, Any], report_sha256: str,
                      citations: list[dict[str, Any]], used_claim_ids: list[UUID], engine: str = "offline",
                      degraded: bool = False, missing: list[str] | None = None) -> bool:
        """Record ``ConfidenceGated`` and ``ReportSynthesized`` (once)."""
        ...

    def timeline(self, run_id: UUID) -> list[Any]:
        """The run's events, oldest first."""
        ...


class CorpusLanguages(Protocol):
    """The local corpus' languages and what its documents are (``shared.corpus.Corpus``)."""

    def languages(self, corpus: str | None, *, sample: int = 40) -> dict[str, int]:
        """ISO 639-1 code -> how many of the corpus' documents are written in it."""
        ...

    def page_kinds(self, corpus: str | None, *, sample: int = 40) -> dict[str, int]:
        """Page kind (``"reference"``, ``"consent"``, ``"paywall"``; ``""``: content) -> how many of the corpus'
        documents are that."""
        ...


@dataclass(frozen=True, kw_only=True)
class Synthesis:
    """The synthesizer handlers' collaborators: the event store, the document store (the report is stored there),
    the corpus (its languages), the model gateway (None: offline) and the stage's settings."""

    runs: SynthesizerRuns
    documents: Documents
    corpus: CorpusLanguages
    llm: LlmGateway | None
    settings: SynthesizerSettings

    @classmethod
    def of(cls, rt: Runtime) -> Synthesis:
        """The collaborators of a service process (its runtime)."""
        return cls(runs=rt.runs, documents=rt.documents, corpus=rt.corpus, llm=getattr(rt, "llm", None),
                   settings=rt.settings.synthesizer)

    @property
    def offline(self) -> bool:
        """Whether the offline engine writes the report (the synthesizer role has no model)."""
        return self.llm is None or self.llm.offline("synthesizer")


# ---- the report's inputs ---------------------------------------------------------------------------------------
def source_info(src: SourceView, sponsored: str | None = None, other_ecosystem: str | None = None) -> SourceInfo:
    """A source's display information in the report (title, address, domain, dates, scholarly note, kind), and
    why it is sponsored or affiliate content (``sponsored``: the shopping analysis' finding; else "affiliate
    review" for a source of that kind; None for an independent one), and why it is about another language
    ecosystem than a code question's (``other_ecosystem``: the code analysis' finding; None otherwise)."""
    provenance = src.provenance
    kind = str(provenance.get("kind") or "unknown")
    return SourceInfo(source_id=src.source_id, title=src.title or src.url, url_or_path=src.address,
                      domain=source_domain(src.record), author=src.author,
                      published=paper_date(src) or src.published, modified=src.modified,
                      scholarly_note=scholarly_note(src), kind=kind,
                      publisher=provenance.get("publisher") if provenance.get("named") else None,
                      sponsored=sponsored or ("affiliate review" if kind == "affiliate_review" else None),
                      other_ecosystem=other_ecosystem)


def report_inputs(run: RunView) -> tuple[dict[str, SourceInfo], list[Claim], str, list[str]]:
    """What a report is written from: (sources that yielded claims, claims with verdicts in the order of their
    sources' selection and their offsets, language, missing).

    A claim's spans are its supporting spans only, each with its source's domain ("" when its source yielded no
    claims); without claim verification every claim counts as "unverified"."""
    flagged = sponsored_sources(run)
    elsewhere = other_ecosystem_sources(run)  # a code question's pages of another language ecosystem never lead
    sources = {sid: source_info(s, flagged.get(sid), elsewhere.get(sid)) for sid, s in run.sources.items()
               if s.status == "extracted"}
    claims: list[Claim] = []
    retracted = retracted_works({sid: s.record for sid, s in run.sources.items()})
    # the claims in the order of their sources' selection, then of their place in the source: not the order their
    # sources' extractions ended in (which varies run to run), so a re-run over the same sources writes the same report
    place = {sid: n for n, sid in enumerate(run.sources)}
    for claim in sorted(run.claims.values(), key=lambda c: (place.get(c.source_id, len(place)), c.start, c.end, c.text)):
        if claim.figure is not None:
            continue  # a domain figure: in its domain's section (and the gate: finish_report), not the findings
        if claim.source_id in retracted:
            continue  # from a retracted paper or a copy of one: never stated ("What is missing" names it)
        verdict = claim.verdict
        if verdict is None and not run.request.verify_claims:
            verdict = "unverified"
        if verdict is None:
            continue
        spans = [sp.model_copy(update={"domain": sources[sp.source_id].domain if sp.source_id in sources else ""})
                 for sp in claim.spans if sp.label == "supports"]
        claims.append(claim.model_copy(update={"verdict": verdict, "spans": spans}))
    missing = list(run.missing)
    if not sources:  # nothing fetched: say why (each failed search provider's first failure)
        first: dict[str, str] = {}
        for failure in run.providers_failed:
            first.setdefault(failure.split(":", 1)[0], failure)
        missing += [f"search provider failed: {f}" for f in first.values()]
    missing += [f"source failed: {s.url} — {s.reason or ''}" for s in run.sources.values()
                if s.status == "failed" and not s.dropped]
    missing += retraction_lines(run.sources)
    return sources, claims, run.language, missing


def _scholarly(src: SourceView) -> ScholarlyRecord | None:
    raw = src.scholarly
    try:
        return ScholarlyRecord.model_validate(raw) if raw else None
    except ValueError:
        return None


def paper_date(src: SourceView) -> str | None:
    """CrossRef's publication date of a scholarly source whose DOI CrossRef confirmed (more reliable than a
    date read from the page or the PDF's metadata), else None."""
    record = _scholarly(src)
    return record.published if record is not None and record.status != "unknown" else None


def scholarly_note(src: SourceView) -> str | None:
    """What the report says next to a scholarly source (``ScholarlyRecord.note``): "retracted on DATE", ...;
    None for a source with no scholarly identifier or no notice."""
    record = _scholarly(src)
    return (record.note() or None) if record is not None else None


def retraction_lines(sources: Mapping[str, SourceView]) -> list[str]:
    """"What is missing" lines naming each fetched source that was retracted or withdrawn (never used as
    support: the verifier leaves its sentences out of the evidence) with the date, e.g. "retracted source, not
    used as support: Velarine lowers ... (doi:10.5555/x) — retracted on 2021-06-02", and each copy of one (the
    same title: ``shared.retraction``), e.g. "copy of a retracted paper, not used as support: Velarine lowers ...
    (https://mirror.example/v) — copy of doi:10.5555/x, retracted on 2021-06-02"."""
    works = retracted_works({sid: s.record for sid, s in sources.items()})
    lines = []
    for sid, s in sources.items():
        if sid not in works or not s.text_sha256:
            continue
        record = _scholarly(sources[works[sid]])
        if record is None or record.status not in ("retracted", "withdrawn"):
            continue
        title = s.title or s.url
        if works[sid] == sid:
            lines.append(f"{record.status} source, not used as support: {title} (doi:{record.doi}) — {record.note()}")
        else:
            lines.append(f"copy of a {record.status} paper, not used as support: {title} ({s.address}) — copy of "
                         f"doi:{record.doi}, {record.note()}")
    return lines


# ---- writing it ------------------------------------------------------------------------------------------------
def finish_report(run: RunView, report: Report, sources: dict[str, SourceInfo],
                  claims: list[Claim]) -> dict[str, Any]:
    """The store's record of a written report: {markdown, citations, used_claim_ids, gate}."""
    report = place_domain_sections(report, run, sources)  # a domain service's sections, after the lead
    report = drop_unrelated_general(report, run)  # under a code recommendation: only findings bearing on it
    report = product_names_for_titles(report, run)  # a product's own name, not its shop page's SEO title
    report = pronoun_findings_attributed(report, run)  # "Only buy it ...": which product "it" is, said
    report = one_shopping_winner(report, run)  # a shopping lead names the verdicts' winner, and no other
    report = spec_answer_lead(report, run)  # one product's figures asked: all its sources' values lead, none alone
    report = drop_undecided(report, run, UNDECIDED_TEXT)  # a code survey's yes/no answer leads: no "open" below it
    report = attribute_typo_claims(report, run)  # a probable typo's pages' claims: theirs, never stated as fact
    report = one_code_pick(report, run)  # a code lead names its pick; no advice to take a yanked one
    report = note_unread_workspace(report, run)  # a workspace given to a run that is no code run: said unread
    # a leading domain's recommendation is the answer: the gate knows it, and decides whether "not established" is due
    gate = report_gate(run.request.question, report, sources, claims, verify_claims=run.request.verify_claims,
                       domain_lead=domain_leads(run))
    report = note_unanswered(report, run.request.question, gate, run.language,
                             domain_sections=run.domain_analysis is not None and bool(run.domain_analysis.sections))
    figures = domain_claims(run, sources)  # a leading domain's pick is the answer: its checked figures back it
    citations = [{"n": c.n, "source_id": str(c.source_id), "claim_id": str(c.claim_id), "start": c.start,
                  "end": c.end, "quote": c.quote} for c in report.citations]
    gated = cap_gate(domain_answer_gate({"score": round(gate.score, 6), "tier": gate.tier,
                                         "signals": {k: round(float(v), 6) for k, v in gate.signals.items()}},
                                        report.markdown, run, figures), run, figures)
    # a code report opens with its Answer, the code analysis' (the same lead the gate read under the domain's heading)
    return {"markdown": code_answer_first(report, run).markdown, "citations": citations,
            "used_claim_ids": [UUID(str(c)) for c in report.used_claim_ids], "gate": gated}


def searched_nothing(run: RunView, sources: Mapping[str, Any]) -> bool:
    """Whether the report says that no search result or given URL could be fetched (``ReportWords.no_sources``): no
    source at all in a run that searched the web or was given URLs. A local run that found nothing says that no
    verified evidence was found (``no_evidence``), never that search results or URLs failed."""
    return not sources and (run.request.scope != "local" or bool(run.request.urls))


def searched_off_topic(run: RunView) -> bool:
    """Whether the run's web search kept no result at all, no URL was given and no provider failed: every result that
    came back was graded off the question's subject (or none came back), so a report without sources says that,
    not that results could not be fetched (``ReportWords.no_results``, with :func:`searched_nothing`)."""
    return not run.request.urls and not run.providers_failed and not any(run.hits.values())


def note_unanswered(report: Report, question: str, gate: Gate, language: str, *, domain_sections: bool = False
                    ) -> Report:
    """``report`` saying plainly what it could not establish when its gate says so (signal ``not_established``:
    :func:`services.synthesizer.confidence.report_gate` sets it when a rule about the answer holds the lead back —
    it states nothing of the type asked, or is about something else than the question names, or not the relation
    asked — and the tier is "low"; never for a lead whose values the sources dispute, which says so already, nor for
    a report a domain's recommendation leads). Then the lead opens with "Not established: <what the question asks
    for>." and "What is missing" names it (:func:`shared.report.with_unanswered_note`, in the report's language); the
    cited lead sentences that bear on the question stay (:func:`without_filler`), after "Related findings, not the
    answer:" in an English report (:func:`shared.report.with_related_label`), without the yes/no synthesis's
    "The verified claims leave this question open; what they say:" (:data:`UNDECIDED_TEXT`), which the note says
    already. The gate is
    unchanged; the judge reads the note and counts the report unanswered (at most 60).

    An answered report (no ``not_established``) keeps its lead whole and only the findings that bear on the
    question (:func:`without_filler` with ``lead=False``: the relation or kind asked, a name the question or the
    lead gives): "Year 2019: visitors 18,200" goes from under an architect question's answer. ``domain_sections``
    (the run's domain analysis wrote sections into the report): an answered report is unchanged, its domain's
    sections are not findings to read so.

    A yes/no lead the synthesizer opened with its verdict ("No: The museum is closed from November to March [1].",
    decided from the claims by :mod:`services.synthesizer.verdicts`) is never noted: a lead does not say "Not
    established" and "No:" together (issue 9, trial t39 fault 5); the verdict stands, read as an answered report,
    and the gate's tier (its signals unchanged) says how sure it is."""
    if not gate.signals.get("not_established") or without_verdict_word(report.markdown) != report.markdown:
        return report if domain_sections else without_filler(report, question, lead=False)
    # the note says the question is open: the yes/no synthesis's own "The verified claims leave this question open;
    # what they say:" is not repeated inside "Related findings, not the answer:" (issue 9, trial t52 F7)
    markdown = report.markdown.replace(UNDECIDED_TEXT + " ", "").replace(UNDECIDED_TEXT, "")
    noted = report.model_copy(update={"markdown": with_unanswered_note(markdown, question, language)})
    kept = without_filler(noted, question)
    # what the lead still cites is related, not the answer: an English lead says so before it
    return kept.model_copy(update={"markdown": with_related_label(kept.markdown, question, language)})


_MARKER_RE = re.compile(r"\[(\d+)\]")
#: the opening of a sentence stating disagreeing values, in every report language
_DISAGREE = tuple(sorted({w.disagree for w in REPORT_WORDS.values()}))
#: the verdict word a yes/no lead opens with ("Yes: " / "No: ", :data:`shared.text.answer.YES_NO_WORDS`)
_VERDICT_WORD_RE = re.compile(
    "(?:" + "|".join(re.escape(w) for pair in YES_NO_WORDS.values() for w in pair) + r"):\s+")


def without_verdict_word(markdown: str) -> str:
    """``markdown`` without the "Yes:" / "No:" its lead's first paragraph line opens with
    (:data:`shared.text.answer.YES_NO_WORDS`), the cited sentence after it as it was; so a report differs from it
    exactly when its lead opens with a verdict word (:func:`note_unanswered` adds no "Not established" to such a
    lead: "Not established: whether what the question states holds. Related findings, not the answer: No: ..."
    contradicted itself, issue 9, trial t39 fault 5). Unchanged when the lead opens otherwise, with a bare verdict
    word, or there is no ``##`` section. Never raises."""
    lines = (markdown or "").splitlines()
    heads = [i for i, ln in enumerate(lines) if ln.strip().startswith("## ")]
    if not heads or heading_kind(lines[heads[0]]) is not None:
        return markdown
    body = next((i for i in range(heads[0] + 1, len(lines)) if lines[i].strip()), None)
    if body is None or lines[body].lstrip().startswith("#"):
        return markdown
    text = lines[body].lstrip()
    opened = _VERDICT_WORD_RE.match(text)
    if opened is None or not text[opened.end():].strip():
        return markdown
    lines[body] = text[opened.end():]
    return "\n".join(lines) + ("\n" if (markdown or "").endswith("\n") else "")


def without_filler(report: Report, question: str, *, lead: bool = True) -> Report:
    """``report``, whose lead says the answer was not established, without the cited lead sentences that bear on
    nothing the question asks (:func:`services.synthesizer.confidence.bears_on`, the names of the lead sentences
    kept before as bridges: "The Quell Workshop was built in 1744 [1]." after "Not established: the money asked
    for."): what the report found is under its findings. A
    citation only a dropped sentence gave goes with it (and its claim from ``used_claim_ids``), and so does the
    source entry of a number no longer cited ("- [n] title"); the sources left are numbered again in the order the
    report cites them. The findings after the lead are read the same way: a finding bearing on nothing the question
    asks goes, and a heading left with nothing under it. Sentences without a marker (the note itself) stay.
    ``lead`` False (an answered report): the lead stays whole and gives its names as bridges, only findings go; a
    finding saying that the sources disagree always stays (a dispute is never hidden).
    ``report`` unchanged when nothing is dropped. Never raises."""
    lines = report.markdown.splitlines()
    heads = [i for i, ln in enumerate(lines) if ln.strip().startswith("## ")]
    if not heads or heading_kind(lines[heads[0]]) is not None:
        return report
    end = heads[1] if len(heads) > 1 else len(lines)
    dropped: list[str] = []
    moved = _asked_findings(lines, heads, end, question) if lead else []
    if moved:  # findings naming the relation asked lead before the lead's sentences that name none of it
        lines = _lead_with(lines, heads[0], end, moved)
        heads = [i for i, ln in enumerate(lines) if ln.strip().startswith("## ")]
        end = heads[1] if len(heads) > 1 else len(lines)
    bridges: list[str] = []  # the names the kept lead sentences give
    for k in range(heads[0] + 1, end):
        if not lines[k].strip() or lines[k].lstrip().startswith("#"):
            continue
        kept: list[str] = []
        before = len(dropped)
        for sent in (s.text for s in split_sentences(lines[k].strip())):
            if kept and re.fullmatch(r"(?:\[\d+\]\s*)+[.!?]?", sent):  # a marker split off its sentence
                kept[-1] = f"{kept[-1]} {sent}"
            elif lead and _MARKER_RE.search(sent) and not bears_on(question, sent, bridges):
                dropped.append(sent)
            else:
                kept.append(sent)
                bridges += find_entities(_MARKER_RE.sub(" ", sent))
        if len(dropped) > before:
            lines[k] = " ".join(kept)
    if not lead:  # an answer's names are named by their own words too: "Peart" after "Neil Peart won ..."
        bridges += [t for b in bridges for t in tokenize(b) if len(t) >= 4 and t.isalpha() and not is_plain_english(t)]
    # the findings after the lead: a finding bearing on nothing the question asks goes too, and a heading left
    # without findings under it
    stop = next((i for i in heads[1:] if heading_kind(lines[i]) is not None), len(lines))
    for k in range(end, stop):
        item = re.match(r"\s*[-*]\s+(.*)$", lines[k])
        if item and _MARKER_RE.search(item.group(1)) and not bears_on(question, item.group(1), bridges) \
                and (lead or not item.group(1).startswith(_DISAGREE)):
            dropped.append(item.group(1))
            lines[k] = "\0"
    lines = [ln for ln in lines if ln != "\0"]
    if not dropped and not moved:
        return report
    gone = " ".join(" ".join(dropped).split())
    flat = " ".join(" ".join(lines).split())

    def written(quote: str) -> bool:
        return " ".join(quote.split())[:60].rstrip(" .") in flat

    markers = {int(n) for n in _MARKER_RE.findall(" ".join(ln for ln in lines if not ln.lstrip().startswith("- [")))}
    citations = [c for c in report.citations if c.n in markers and (
        written(c.quote) or " ".join(c.quote.split())[:60].rstrip(" .") not in gone)]
    # a number a kept sentence still writes keeps its citations when the quotes alone would drop them all: the rows of
    # one table share one quote, opening with the page's text before the table ("... for families. | Specification |
    # ..."), so a dropped finding of that text would take the kept lead's table row with it (a lead citing nothing
    # is judged unanswered while the gate, which read its claim, rates it)
    kept_n = {c.n for c in citations}
    citations += [c for c in report.citations if c.n in markers and c.n not in kept_n]
    citations.sort(key=lambda c: report.citations.index(c))
    cited = {c.n for c in citations}
    lines = [ln for ln in lines if not ((m := re.match(r"\s*-\s*\[(\d+)\]\s", ln)) and int(m.group(1)) not in cited)]
    lines = _without_empty_headings(lines)
    kept_ids = {c.claim_id for c in citations}
    all_ids = {c.claim_id for c in report.citations}
    used = [cid for cid in report.used_claim_ids if cid in kept_ids or cid not in all_ids]
    # the sources numbered again in the order the report now cites them first ([1], [2], ... with no gap)
    order = list(dict.fromkeys(int(n) for ln in lines if not re.match(r"\s*-\s*\[\d+\]\s", ln)
                               for n in _MARKER_RE.findall(ln) if int(n) in cited))
    new_n = {n: k for k, n in enumerate(order, start=1)}
    if any(n != k for n, k in new_n.items()):
        lines = [_MARKER_RE.sub(lambda m: f"[{new_n.get(int(m.group(1)), int(m.group(1)))}]", ln) for ln in lines]
        src = [i for i, ln in enumerate(lines) if re.match(r"\s*-\s*\[\d+\]\s", ln)]
        entries = sorted((lines[i] for i in src), key=lambda ln: int(re.findall(r"\[(\d+)\]", ln)[0]))
        for i, ln in zip(src, entries):
            lines[i] = ln
        citations = [c.model_copy(update={"n": new_n.get(c.n, c.n)}) for c in citations]
    return report.model_copy(update={"markdown": "\n".join(lines).rstrip() + "\n", "citations": citations,
                                     "used_claim_ids": used})


#: at most this many findings naming the relation asked lead a "Not established" report (:func:`_asked_findings`)
RELATED_MAX = 1


def _asked_words(question: str) -> list[str]:
    """The words of ``question`` naming the relation it asks (:func:`relation_terms`, up to six) and the act whose
    cost it asks (:func:`cost_purpose`: "restoration" of "How much did the restoration of X cost?")."""
    words = [t for t in relation_terms(question, k=6) if " " not in t]
    purpose = cost_purpose(question)
    return [*words, *(tokenize(purpose) if purpose else [])]


def _names_asked(text: str, asked: list[str]) -> bool:
    """Whether ``text`` names a word of ``asked`` (:func:`_asked_words`) in any form: its stem, another form of its
    verb, a word of its relation (:func:`verb_held`: "restored" for "restoration", "built" for "made")."""
    tokens = set(tokenize(_MARKER_RE.sub(" ", text)))
    return any(verb_held(t, tokens) for t in asked)


def _asked_findings(lines: list[str], heads: list[int], end: int, question: str) -> list[int]:
    """The lines of the findings of a report whose lead (``lines[heads[0] + 1:end]``) says the answer was not
    established that name the relation ``question`` asks (:func:`_names_asked`: "The Marrow Gate clock was restored
    in 2004 ... [1]" for "How much did the restoration of the Marrow Gate clock cost?"; not of another person than
    the role holder a question names by its role: :func:`services.synthesizer.confidence.other_holder`), at most
    :data:`RELATED_MAX`, in report order; [] when no cited lead sentence needs them (one names the relation
    already, or none is cited) or no finding names it."""
    asked = _asked_words(question)
    if not asked:
        return []
    lead = [s.text for k in range(heads[0] + 1, end) for s in split_sentences(lines[k].strip())
            if _MARKER_RE.search(s.text)]
    if not lead or any(_names_asked(s, asked) for s in lead):
        return []
    stop = next((i for i in heads[1:] if heading_kind(lines[i]) is not None), len(lines))
    # the names of the role holder the lead gives ("founded ... by Aurel Dunmore" for "the founder of X"): a
    # finding stating the relation asked of another person is no related finding (:func:`other_holder`)
    holders = [e for s in lead for e in find_entities(_MARKER_RE.sub(" ", s))]
    found = [k for k in range(end, stop) if (item := re.match(r"\s*[-*]\s+(.*)$", lines[k]))
             and _MARKER_RE.search(item.group(1)) and _names_asked(item.group(1), asked)
             and not other_holder(question, item.group(1), holders)]
    return found[:RELATED_MAX]


def _lead_with(lines: list[str], head: int, end: int, moved: list[int]) -> list[str]:
    """``lines`` with the findings at ``moved`` (line numbers) first among the lead's cited sentences, after the
    lead's sentences without a marker (the note); the lead's own cited sentences stay after them (what the lead
    cited may be the answer the gate held back), and the findings' lines go."""
    texts = [re.match(r"\s*[-*]\s+(.*)$", lines[k]).group(1).strip() for k in moved]  # type: ignore[union-attr]
    out = list(lines)
    for k in range(head + 1, end):
        if not out[k].strip() or out[k].lstrip().startswith("#"):
            continue
        sents = [s.text for s in split_sentences(out[k].strip())]
        at = next((i for i, s in enumerate(sents) if _MARKER_RE.search(s)), len(sents))
        out[k] = " ".join([*sents[:at], *texts, *sents[at:]])
        break
    return [ln for k, ln in enumerate(out) if k not in moved]


def _without_empty_headings(lines: list[str]) -> list[str]:
    """``lines`` (a report's) without a ``###`` heading that has no line of text before the next heading, nor a
    ``##`` heading left with nothing under it (findings, or "Sources" when nothing is cited; the lead and "What is
    missing" stay)."""
    def empty(seq: list[str], i: int, level: int) -> bool:
        for ln in seq[i + 1:]:
            if ln.strip().startswith("#"):
                return len(ln.strip()) - len(ln.strip().lstrip("#")) <= level
            if ln.strip():
                return False
        return True

    heads = [i for i, ln in enumerate(lines) if ln.strip().startswith("## ")]
    lead = heads[0] if heads else -1
    out = [ln for i, ln in enumerate(lines) if not (ln.strip().startswith("### ") and empty(lines, i, 3))]
    heads = [i for i, ln in enumerate(out) if ln.strip().startswith("## ")]
    keep = [ln for i, ln in enumerate(out) if not (
        i in heads and i != (heads[0] if lead >= 0 else -1) and heading_kind(ln) != "missing" and empty(out, i, 2))]
    return [ln for i, ln in enumerate(keep) if not (not ln.strip() and i > 0 and not keep[i - 1].strip())]


def statement_languages(run: RunView, sources: Mapping[str, SourceInfo], claims: list[Claim],
                        only: set[str] | None = None) -> list[str | None]:
    """The language of each source of ``sources`` (those of ``only``, source ids, when given) that yielded a
    statement (a claim of ``claims``), read from the text of its statements (:func:`detect_language` of its claims
    together), else the language recorded for the whole source: a note on the sources' language speaks of what
    the report quotes, not of the titles of a reference list ("Fili e legno: storia delle marionette valligiane"
    makes no English list of books an Italian source). ``[]`` when no source yielded a statement."""
    said: dict[str, list[str]] = {}
    for c in claims:
        said.setdefault(str(c.source_id), []).append(c.text)
    out: list[str | None] = []
    for sid, s in run.sources.items():
        key = str(sid)
        if key not in sources or key not in said or (only is not None and key not in only):
            continue
        out.append(statements_language(" ".join(said[key]), s.language))
    return out


#: a word written in capitals only ("TARNMOOR", "BOTANIC"): a fact sheet's heading glued to its label lines
_ALL_CAPS_RE = re.compile(r"\b[^\W\d_]{2,}\b")


def statements_language(text: str, recorded: str | None) -> str | None:
    """The language of a source's statements ``text`` (:func:`detect_language`), read with each word written in
    capitals only in title case: capitals carry no language, but the detector reads "TARNMOOR BOTANIC GARDEN:
    visitors 2023 58,940" as Catalan (issue 9, t48 fault 8). ``recorded``, the language recorded for the whole
    source, when ``text`` holds fewer than 40 letters, and when the detector is not sure of another language
    (:func:`shared.text.language.foreign_language`: the recorded language is still likely, or no other is): a
    results sheet's line of dates and names ("Played <dates>, <hall>, <town>.") is not Nigerian Pidgin of an English
    PDF (trial t71 Q10)."""
    if sum(ch.isalpha() for ch in text) < 40:
        return recorded
    read = _ALL_CAPS_RE.sub(lambda m: m.group().title() if m.group().isupper() else m.group(), text)
    detected = detect_language(read)
    if recorded and detected != recorded and foreign_language(read, recorded) is None:
        return recorded
    return detected


#: how many of the local corpus's documents a report citing nothing reads to say what they are
CORPUS_SAMPLE = 40


def explain_nothing_cited(deps: Synthesis, run: RunView, composed: Mapping[str, Any]) -> str:
    """The markdown of ``composed`` (a written report: {markdown, citations, ...}), saying why it cites nothing when
    the run has no claim (:mod:`services.synthesizer.nothing_cited`): what each source that gave no claims is (its
    text read from the document store: a reference list, a consent or paywall notice) and why each failed one failed;
    for a run of the local corpus that selected no source, what the corpus's documents are (at most
    :data:`CORPUS_SAMPLE` read). Unchanged otherwise (and for a question without content words, never searched)."""
    markdown = str(composed["markdown"])
    if composed.get("citations") or run.claims:
        return markdown
    request = run.request
    texts = {sid: s.text_sha256 for sid, s in run.sources.items()
             if s.status == "extracted" and not s.claim_ids and s.text_sha256}
    found = deps.documents.get_many(list(texts.values())) if texts else {}
    kinds = {sid: page_kind(found[digest]) for sid, digest in texts.items() if digest in found}
    corpus_kinds = None
    if (not run.sources and request.scope == "local" and not request.urls and not run.providers_failed
            and answer_type(request.question) != "none"):
        corpus_kinds = deps.corpus.page_kinds(request.corpus, sample=CORPUS_SAMPLE)
    reason = nothing_cited(run, False, kinds, corpus_kinds, CORPUS_SAMPLE)
    if reason is None:
        return markdown
    return with_reason(markdown, reason, request.question, run.language, unused=unused_sources(run, kinds))


def compose_report(deps: Synthesis, run: RunView, max_claims: int) -> dict[str, Any]:
    """Write the report for a verified run with the offline engine. Returns {markdown, citations,
    used_claim_ids, gate}."""
    sources, claims, language, missing = report_inputs(run)
    request = run.request
    # the offline engine quotes, never translates: sources in another language than the question are said so
    question_language = detect_language(request.question)
    gap: list[str] = []
    if not sources and request.scope in ("local", "both"):  # the local corpus gave nothing
        gap = corpus_language_gap(question_language, deps.corpus.languages(request.corpus), into=language)
    found = statement_languages(run, sources, claims)
    if sources and not found:  # the sources found hold no statement (reference lists, notices): no language to name
        gap = []
    else:
        gap = gap or language_gap(question_language, found, into=language)
    if answer_type(request.question) == "none":  # nothing was searched: no source in any language is missing
        gap = []

    # a shopping report's findings take a product's figures as its spec matrix does: within 2% one value
    shopping = run.domain_analysis is not None and run.domain_analysis.domain == "shopping"

    def write(notes: list[str]) -> Report:
        return synthesize(request.question, claims, sources, language=language, missing=[*missing, *notes],
                          max_claims=max_claims, no_sources=searched_nothing(run, sources),
                          off_topic=searched_off_topic(run),
                          agree_within=SAME_VALUE_TOLERANCE if shopping else 0.0)

    composed = finish_report(run, write(gap), sources, claims)
    if gap and sources and found:  # the note speaks of the sources the written report cites and quotes
        quoted = quoted_languages(composed["markdown"], composed["citations"], claims, run)
        cited_gap = language_gap(question_language, quoted, into=language, cited=True) if quoted else []
        # a report citing nothing, of a source in another language whose statements were verified: the user is told
        # it exists (a report citing only sources in the question's language gets no note: t18 F8)
        verified = statement_languages(run, sources, [c for c in claims if c.verdict == "supported"])
        cited_gap = cited_gap or uncited_language_gap(question_language, verified, quoted, into=language)
        if cited_gap != gap:
            composed = finish_report(run, write(cited_gap), sources, claims)
            gap = cited_gap
    if found and question_language == "en":  # a source in a language the lexicon has no words of, not matched
        quoted = quoted_languages(composed["markdown"], composed["citations"], claims, run)
        unmatched = unmatched_language_gap(question_language, found, quoted, into=language)
        # (a note already naming the language, a report citing nothing: "1 source found is in Italian but not cited")
        uncovered = {lang for lang in found if lang and lang not in FOLDED_LANGUAGES and lang != "en"}
        if unmatched and not any(language_name(lang) in note for lang in uncovered for note in gap):
            composed = finish_report(run, write([*gap, *unmatched]), sources, claims)
    return composed


def unmatched_language_gap(question_language: str, found: list[str | None], cited: list[str | None],
                           into: str = "en") -> list[str]:
    """The "What is missing" line of an English report (``into``) on an English question (``question_language``)
    saying that sources in a language the bilingual lexicon does not cover (:data:`shared.text.crosslang.
    FOLDED_LANGUAGES`: German, French, Spanish) were read but not matched: the question's words are looked for in
    English and the lexicon's languages only, so an Italian page holding the answer is not found by them. ``found``:
    the language of each source read with a statement (:func:`statement_languages`); ``cited``: the language of each
    source the report cites (:func:`quoted_languages`), which are matched. E.g. "1 source in Italian was read but not
    matched: the question's terms are matched in English, German, French and Spanish". ``[]`` when every source read
    in such a language is cited, or for another question or report language (issue 9, trial t51 F10)."""
    if question_language != "en" or re.split(r"[-_]", (into or "en").strip().casefold(), maxsplit=1)[0] != "en":
        return []
    covered = {"en", *FOLDED_LANGUAGES}
    left: dict[str, int] = {}
    for lang in found:
        if lang and lang not in covered and lang != "und":
            left[lang] = left.get(lang, 0) + 1
    for lang in cited:
        if lang in left:
            left[lang] -= 1
    n = sum(max(0, k) for k in left.values())
    if not n:
        return []
    names = " and ".join(language_name(lang) for lang in sorted(lang for lang, k in left.items() if k > 0))
    known = ["English", *(language_name(lang) for lang in ("de", "fr", "es", *sorted(FOLDED_LANGUAGES))
                          if lang in FOLDED_LANGUAGES)]
    known = list(dict.fromkeys(known))
    matched = f"{', '.join(known[:-1])} and {known[-1]}"
    return [f"{n} source{'s' if n > 1 else ''} in {names} {'were' if n > 1 else 'was'} read but not matched: the "
            f"question's terms are matched in {matched}"]


def quoted_languages(markdown: str, citations: list[dict[str, Any]], claims: list[Claim],
                     run: RunView) -> list[str | None]:
    """The language of each source a written report cites (its ``[n]`` is in ``markdown`` outside the list of
    sources), read from what the report quotes of it: the claims of its ``citations`` (dicts with ``n``,
    ``source_id``, ``claim_id``, ``quote``, as :func:`finish_report` gives them) whose text or quote the report
    writes, else all its cited claims (:func:`detect_language` of them together, a record's rows, :func:`row_label`,
    left out: names and a label carry no language; the language recorded for the source in ``run`` when what is
    left holds fewer than 40 letters). ``[]`` when the report cites nothing: a citation recorded for a
    sentence the report no longer writes (a lead cut by a later step) counts for nothing."""
    body = [ln for ln in markdown.splitlines() if not re.match(r"\s*-\s*\[\d+\]\s", ln)]
    marked = {int(n) for n in _MARKER_RE.findall(" ".join(body))}
    flat = " ".join(" ".join(body).split())
    text_of = {str(c.claim_id): c.text for c in claims}

    def written(text: str) -> bool:
        head = " ".join(text.split())[:60].rstrip(" .")
        return bool(head) and head in flat

    said: dict[str, list[str]] = {}
    quoted: dict[str, list[str]] = {}
    for c in citations:
        if int(c["n"]) not in marked:
            continue
        sid, text = str(c["source_id"]), text_of.get(str(c["claim_id"]), str(c["quote"]))
        said.setdefault(sid, []).append(text)
        if written(text) or written(str(c["quote"])):
            quoted.setdefault(sid, []).append(text)
    out: list[str | None] = []
    for sid, texts in said.items():
        recorded = next((s.language for k, s in run.sources.items() if str(k) == sid), None)
        # a record's row ("Tarn Mill: operator Tarn Mill Trust.") is names and a label: no language to read (t60 q16)
        prose = [t for t in quoted.get(sid) or texts if row_label(t) is None]
        out.append(statements_language(" ".join(prose), recorded))
    return out


def uncited_language_gap(question_language: str, found: list[str | None], cited: list[str | None],
                         into: str = "en") -> list[str]:
    """The "What is missing" line of an English report (``into``) that cites no source (``cited``: the languages of
    the sources it cites, :func:`quoted_languages`) though sources in another language than the question
    (``question_language``, ISO 639-1) were found (``found``: the language of each source found with a supported
    statement, :func:`statement_languages`): how many of them, in which languages, and that the offline engine,
    which does not translate, quotes none of them here. ``[]`` when no source found is in another language, when
    the report cites any source (one in another language: :func:`services.synthesizer.provenance.language_gap` says
    so; only sources in the question's language: no note, whatever else was found), or for a report in another
    language."""
    if re.split(r"[-_]", (into or "en").strip().casefold(), maxsplit=1)[0] != "en" or cited:
        return []
    other = [lang for lang in found if lang and lang != question_language]
    if not other:
        return []
    n = len(other)
    names = ", ".join(language_name(lang) for lang in sorted(set(other)))
    which = f"{n} source{'s' if n > 1 else ''} found {'are' if n > 1 else 'is'} in {names}"
    return [f"the question is in {language_name(question_language)} and {which} but not cited: the offline engine "
            f"does not translate, so {'their' if n > 1 else 'its'} findings are not in this report"]


async def compose_with_model(deps: Synthesis, run: RunView) -> dict[str, Any]:
    """Write the report with the synthesizer model (``services.synthesizer.model``; the offline engine when it
    fails). Returns compose_report's dict plus ``engine`` and ``degraded``."""
    cfg = deps.settings
    sources, claims, language, missing = report_inputs(run)
    calls = ModelCalls(deps.llm, deps.runs, run.run_id, "synthesizer")
    outcome = await write_report(
        calls, run.request.question, claims, sources, language=language, missing=missing,
        max_claims=cfg.llm_max_claims, no_sources=searched_nothing(run, sources), off_topic=searched_off_topic(run),
        context=await context_tokens(deps.llm, "synthesizer", cfg.context_tokens),
        section_tokens=cfg.section_max_tokens)
    return {**finish_report(run, outcome.report, sources, claims), "engine": outcome.engine,
            "degraded": outcome.degraded}


def waits_for_domain(run: RunView, domains: tuple[str, ...], *, trigger: Literal["claims", "domain"]) -> bool:
    """Whether the event ``trigger`` ("claims": ``ClaimsVerified``; "domain": ``DomainAnalysisCompleted``) must
    not start the report of ``run``: exactly one of the two starts it, the later one recorded.

    Without a domain service for the plan's domain (``domains``), ``ClaimsVerified`` starts it. Otherwise the
    report waits for both: ``ClaimsVerified`` starts it when the analysis was recorded before it,
    ``DomainAnalysisCompleted`` when the claims were verified before it (``after_claims_verified``, decided by
    the aggregate when it was recorded); the deadline sweeper records an unfinished analysis when time runs out.
    """
    analysis = run.domain_analysis
    if trigger == "domain":
        return analysis is None or not analysis.after_claims_verified or not run.claims_verified
    if run.plan is None or run.plan.domain not in domains:
        return False
    return analysis is None or analysis.after_claims_verified


# ---- the handlers ----------------------------------------------------------------------------------------------
async def write(run_id: UUID, deps: Synthesis, run: RunView | None = None) -> None:
    """Write and record the report of run ``run_id`` (once: nothing when it has one or the run ended); ``run``: its
    state as the caller read it (None: loaded here)."""
    if run is None:
        run = await asyncio.to_thread(deps.runs.get_run, run_id)
    if run.report is not None or run.status != "running":
        return
    if deps.offline:
        composed = await asyncio.to_thread(compose_report, deps, run, deps.settings.max_report_claims)
        engine = {}
    else:
        composed = await compose_with_model(deps, run)
        engine = {"engine": composed["engine"], "degraded": composed["degraded"]}
    # a report citing nothing says why: its sources' failures and what the pages that gave no claims are
    composed["markdown"] = await asyncio.to_thread(explain_nothing_cited, deps, run, composed)
    # a domain asked for (--domain) that could not act on the question: said at the top, not only under What is missing
    composed["markdown"] = with_override_note(composed["markdown"], list(run.missing))
    if (recheck := recheck_in(run_id, run.recheck)) is not None:
        # a run that re-checks a close past run's report says so (its RecheckPlanned; shared.memory.questions)
        events = await asyncio.to_thread(deps.runs.timeline, run_id)
        composed["markdown"] = with_note(composed["markdown"], recheck_note(recheck, events))
    digest = await asyncio.to_thread(deps.documents.put, composed["markdown"], "text/markdown")
    await asyncio.to_thread(deps.runs.record_report, run_id, gate=composed["gate"], report_sha256=digest,
                            citations=composed["citations"], used_claim_ids=composed["used_claim_ids"],
                            missing=missing_items(composed["markdown"]), **engine)


async def on_claims_verified(event: ClaimsVerified, deps: Synthesis) -> None:
    """``ClaimsVerified`` -> the report (``ConfidenceGated`` + ``ReportSynthesized``), unless a domain analysis
    is still out or came in after it (then ``DomainAnalysisCompleted`` starts the report)."""
    run = await run_after(deps.runs, event.run_id, event.seq)
    if waits_for_domain(run, tuple(deps.settings.domain_services), trigger="claims"):
        return
    await write(event.run_id, deps, run)


async def on_domain_analysis(event: DomainAnalysisCompleted, deps: Synthesis) -> None:
    """``DomainAnalysisCompleted`` -> the report, when the claims were verified before the analysis came in."""
    run = await run_after(deps.runs, event.run_id, event.seq)
    if waits_for_domain(run, tuple(deps.settings.domain_services), trigger="domain"):
        return
    await write(event.run_id, deps, run)


class DeadlineSweeper:
    """Expires runs whose time budget is spent, every ``interval_s`` seconds, until stopped."""

    def __init__(self, rt: Runtime, *, interval_s: float = 0.5) -> None:
        self.heartbeat = Heartbeat("deadline sweeper")
        self._rt = rt
        self._interval_s = interval_s
        self._stop = asyncio.Event()

    def sweep(self) -> list[UUID]:
        """Expire every due run once. Returns the runs expired now.

        A run whose sources are not selected yet (search still going) or whose extracted claims still await
        verification gets a grace period of a quarter of its budget (2-30 s), at most twice, before its report
        is forced (see ``ResearchRuns.expire``).
        """
        expired: list[UUID] = []
        with self._rt.pool.connection() as conn:
            rows = conn.execute(
                "SELECT run_id FROM run_deadlines WHERE NOT done AND deadline_at <= now() "
                "ORDER BY deadline_at LIMIT 50 FOR UPDATE SKIP LOCKED").fetchall()
            for (run_id,) in rows:
                outcome = self._rt.runs.expire(run_id, "run",
                                               awaited_domains=self._rt.settings.synthesizer.domain_services)
                if outcome == "grace":
                    budget_s = self._rt.runs.get_run(run_id).request.budget_s
                    grace_s = min(30.0, max(2.0, budget_s / 4))
                    log.warning("run %s: time budget spent; %.1f s of grace for the sources and claims "
                                "already found", run_id, grace_s)
                    conn.execute("UPDATE run_deadlines SET deadline_at = now() + make_interval(secs => %s) "
                                 "WHERE run_id = %s", (grace_s, run_id))
                    continue
                if outcome == "forced":
                    log.warning("run %s: time budget spent, finishing with a partial report", run_id)
                    expired.append(run_id)
                conn.execute("UPDATE run_deadlines SET done = true WHERE run_id = %s", (run_id,))
        return expired

    async def run(self) -> None:
        """Sweep until ``stop``, supervised (``shared.runtime.supervise``): an error is logged and sweeping starts
        again after a pause; ``heartbeat`` beats after every sweep."""
        await supervise(self.heartbeat, self._sweep_forever, self._stop)

    async def _sweep_forever(self) -> None:
        while not self._stop.is_set():
            await asyncio.to_thread(self.sweep)
            self.heartbeat.beat()
            await pause_until_stopped(self._stop, self._interval_s)

    def stop(self) -> None:
        """Ask ``run`` to return."""
        self._stop.set()


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the synthesizer service: each calls its handler function with the collaborators of this
    process (built per message: building the router reads settings only, see ``services.cli.asyncapi``)."""
    router = NatsRouter()
    common = rt.settings.common
    llm = getattr(rt, "llm", None)  # None while the AsyncAPI document is generated (routers only read settings)
    modelled = llm is not None and not llm.offline("synthesizer")
    # an outline, the sections (concurrently) and their continuations, each call within DEADLINE_S
    ack_wait = max(common.ack_wait_s, (2 + MAX_CONTINUATIONS) * DEADLINE_S + 30) if modelled else None

    @router.subscriber(ClaimsVerified.SUBJECT, **consumer_kwargs(common, "synthesizer", ClaimsVerified,
                                                                ack_wait_s=ack_wait))
    async def on_claims_verified_msg(body: ClaimsVerified) -> None:
        await on_claims_verified(body, Synthesis.of(rt))

    @router.subscriber(DomainAnalysisCompleted.SUBJECT, **consumer_kwargs(
        common, "synthesizer", DomainAnalysisCompleted, ack_wait_s=ack_wait))
    async def on_domain_analysis_msg(body: DomainAnalysisCompleted) -> None:
        await on_domain_analysis(body, Synthesis.of(rt))

    return router

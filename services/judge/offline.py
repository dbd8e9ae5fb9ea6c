"""Rule-based report judging and citation auditing (no model)."""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from shared.evidence import Citation
from shared.report import (
    RELATED_LABEL,
    SOURCE_ENTRY_RE,
    heading_kind,
    lead_section,
    own_work_heading,
    says_not_established,
)
from shared.text.answer import answer_candidates, answer_type, is_request, lead_answer, wh_head_terms
from shared.text.relations import same_relation
from shared.text.terms import (
    disowns,
    find_entities,
    head_on_qualified_page,
    key_terms,
    look_alike_name,
    names_prefixed_other,
    names_swapped_word,
    names_written_alone,
    opens_other_kind,
    plain_names,
)
from shared.text.tokens import split_sentences, tokenize

__all__ = ["Judgement", "CitationAudit", "judge", "audit_citations", "report_body_sentences", "UNANSWERED_MAX",
           "NOT_ESTABLISHED_SHARE",
           "stated_and_cited", "stated_answer", "off_subject", "kind_label", "OFF_SUBJECT_COST",
           "ANSWERED_THRESHOLD"]

#: the highest total of a report whose lead does not answer the question
UNANSWERED_MAX = 60
#: the probability that the report answers (the synthesizer's confidence gate, signal ``answered``: its calibrated
#: ``p_answered`` after the gate's rules about the answer) below which a report counts as unanswered: the gate's
#: "medium" threshold, so a report the judge counts unanswered is one whose confidence tier is "low" (and the
#: synthesizer has written "Not established: ..." in its lead and under "What is missing"). On HotpotQA dev200
#: questions 100-199 (the calibration's fitting questions; their runs re-written and re-gated by main 1050b81) 1 of
#: 13 unanswered reports stays above it and 36 of 87 answered ones fall below; over their distractors alone 2 of 72
#: and 22 of 28.
#: Those left read like answers: a name or a value in a sentence about the question's subject that also holds the
#: relation's words, or a comparison whose options are both named.
ANSWERED_THRESHOLD = 0.60

#: a report that says itself that the answer was not established (:func:`shared.report.says_not_established`) keeps
#: this share of its accuracy and density points (its coverage is 0): they measure its findings, not an answer, so
#: a non-answer scores at most 33 of 100, clearly below any report judged answered
NOT_ESTABLISHED_SHARE = 0.5

#: points an answered report loses for each cited lead sentence about another subject than the question's
#: (:func:`off_subject`), on top of the coverage that sentence does not earn: padding hides the answer
OFF_SUBJECT_COST = 8

#: the most characters of the lead sentence a rationale quotes
STATED_CHARS = 120
_MARKER_RE = re.compile(r"\[(\d+)\]")


class Judgement(BaseModel):
    """Rule-based quality judgement of a report.

    Attributes:
        factual_accuracy: 0..33, 33 x supported/total claims used.
        citation_density: 0..33, 33 x cited body sentences / body sentences.
        coverage: 0..34: does the report answer the question? 0 unless a sentence of its lead (first section)
            states an answer of the type the question asks for and cites a supported claim
            (:func:`stated_and_cited`), the pages it cites name everything the question names
            (``names_missing``), the lead states the relation asked about (``relation_missing``), the report does
            not say the answer was not established, and, when the calibrated probability of an answer is given,
            that probability is at least :data:`ANSWERED_THRESHOLD`; then 34 x that probability (without one: 34 x
            the lead-answer score).
        total: sum of the three (0..100), at most :data:`UNANSWERED_MAX` (60) when the question is not answered,
            and :data:`NOT_ESTABLISHED_SHARE` of accuracy and density (at most 33) when the report says itself that
            the answer was not established.
        answered: whether the lead answers the question (see ``coverage``).
        rationale: one-line explanation with the underlying ratios.
    """

    model_config = ConfigDict(frozen=True)

    factual_accuracy: int
    citation_density: int
    coverage: int
    total: int
    rationale: str
    answered: bool = False


class CitationAudit(BaseModel):
    """Outcome of :func:`audit_citations`.

    Attributes:
        total: number of citations checked.
        valid: citations whose quote is found at [start:end] of their source text and whose
            marker appears in the report.
        invalid: one human-readable reason per invalid citation.
        orphan_markers: sorted distinct marker numbers ``[n]`` without any citation.
    """

    model_config = ConfigDict(frozen=True)

    total: int
    valid: int
    invalid: list[str]
    orphan_markers: list[int]


def _source_list_heading(lines: list[str]) -> int | None:
    """Index of the last heading when every non-blank line after it is a source entry (``- [n] title``), so
    a source list under a heading in any wording (a model's own word for "Sources") is recognised."""
    heads = [i for i, ln in enumerate(lines) if ln.lstrip().startswith("#")]
    if not heads:
        return None
    rest = [ln for ln in lines[heads[-1] + 1:] if ln.strip()]
    return heads[-1] if rest and all(SOURCE_ENTRY_RE.match(ln) for ln in rest) else None


def report_body_sentences(report_markdown: str) -> list[str]:
    """Sentences of the report body: headings, blank lines and the Sources section excluded.

    The Sources section is the one under a "Sources" heading in any language of
    ``services.synthesizer.offline.REPORT_WORDS`` ("## Sources", "## Nguồn", "## Quellen", ...), or the last section
    when all its lines are source entries ``- [n] title — where`` (whatever its heading). A section of the run's
    own work (:func:`shared.report.own_work_heading`: the code domain's "API signatures", "Checked code", "Your
    workspace") holds observations of the run, not claims of sources: its sentences without a citation marker are
    left out too (one citing a source counts, as cited). List markers ("- ",
    "* ", "1. ") are stripped before splitting. Fenced code blocks are no sentences (code, not claims: issue 15,
    trial t43 fault 9), nor is a table's row without a citation marker (its header, its rule, a cell of plain
    words); a row with one is one sentence (cited). Returns the sentences in report order.
    """
    out: list[str] = []
    in_sources = False
    own_work = False  # in a section of the run's own work (API signatures, sandbox checks, workspace scan)
    in_code = False
    lines = report_markdown.splitlines()
    source_list = _source_list_heading(lines)
    for i, raw in enumerate(lines):
        line = raw.strip()
        if line.startswith(("```", "~~~")):
            in_code = not in_code
            continue
        if not line or in_code:
            continue
        if line.startswith("|") and not in_sources:  # a table row: one sentence when it cites
            if _MARKER_RE.search(line):
                out.append(" ".join(c.strip() for c in line.strip("|").split("|") if c.strip()))
            continue
        if line.startswith("#"):
            in_sources = heading_kind(line) == "sources" or i == source_list
            own_work = own_work_heading(line)
            continue
        if in_sources:
            continue
        line = re.sub(r"^(?:[-*•]|\d+[.)])\s+", "", line)
        out.extend(s.text for s in split_sentences(line) if tokenize(s.text, drop_stopwords=False)
                   and not (own_work and not _MARKER_RE.search(s.text)))  # the run's own observation: uncited
    return out


def _merge_marker_fragments(sentences: list[str]) -> list[str]:
    """Glue a fragment that is only a marker (e.g. "[1].") to the previous sentence."""
    out: list[str] = []
    for s in sentences:
        if out and re.fullmatch(r"(?:\[\d+\]\s*)+[.!?]?", s):
            out[-1] = f"{out[-1]} {s}"
        else:
            out.append(s)
    return out


def _half_up(x: float) -> int:
    return int(x + 0.5 + 1e-9)


#: a question asking "how much": an amount (a price, a mass of honey), not a count
_HOW_MUCH_RE = re.compile(r"\bhow\s+much\b", re.IGNORECASE)


def kind_label(question: str, kind: str) -> str:
    """The answer type ``kind`` (:func:`shared.text.answer.answer_type` of ``question``) as a rationale names it:
    "how_much" for a "how_many" question asking "how much" ("How much does a jar of honey cost?" asks an amount of
    money, no count), ``kind`` otherwise."""
    return "how_much" if kind == "how_many" and _HOW_MUCH_RE.search(question or "") else kind


def stated_and_cited(question: str, lead: str, backing: set[int]) -> bool:
    """Whether a sentence of ``lead`` states an answer of the type ``question`` asks for and cites (``[n]`` in the
    sentence, or in a marker-only fragment after it) one of the citation numbers in ``backing`` (those of supported
    claims). A yes/no lead's opening sentence states its answer ("Yes: ..."); a comparison's sentence names an
    option. Never raises."""
    return stated_answer(question, lead, backing) is not None


def _source_titles(markdown: str) -> dict[int, str]:
    """The titles of a report's Sources list (:data:`shared.report.SOURCE_ENTRY_RE`), by citation number; {} when it
    has none (any language's heading: :func:`shared.report.heading_kind`). Never raises."""
    out: dict[int, str] = {}
    inside = False
    for line in (markdown or "").splitlines():
        if line.lstrip().startswith("#"):
            inside = heading_kind(line) == "sources"
        elif inside and (m := SOURCE_ENTRY_RE.match(line)):
            out[int(m.group("n"))] = m.group("title")
    return out


def stated_answer(question: str, lead: str, backing: set[int], context: str = "") -> tuple[str, list[int]] | None:
    """The first sentence of ``lead`` that states an answer (as :func:`stated_and_cited` reads it), without its
    markers and cut to :data:`STATED_CHARS` characters, and the citation numbers of ``backing`` it cites:
    ``("The Merrow Bridge was designed by the engineer Piers Callowhill", [1])``. A sentence about a look-alike of a
    name the question gives, which the lead also names as the question spells it, states no answer; nor does one
    about another thing told apart from an asked name by words before it (:func:`shared.text.terms.prefixed_name`:
    "The Little Orvane Canal was designed by Henri Valcourt" for "Who designed the Orvane Canal?", "The Orvane Canal
    was designed by Auguste Delmarre" for "Did Auguste Delmarre design the Little Orvane Canal?") when the lead or
    ``context`` (the rest of the report) writes that asked name alone. None when no sentence states a cited answer.
    Never raises."""
    kind = answer_type(question)
    sents = _merge_marker_fragments([s.text for s in split_sentences(lead or "")])
    # a sentence about a look-alike of a name the question gives ("The Tarnholm Glass Museum opened in 1968" for
    # the Tarnholt Glass Museum: :func:`shared.text.terms.look_alike_name`) states nothing of the asked thing when
    # the lead names it as the question spells it
    lead_words = set(tokenize(_MARKER_RE.sub(" ", lead or "")))
    spelt = [toks for e in find_entities(question) if (toks := tokenize(e)) and set(toks) <= lead_words]
    # a name with words of its own before an asked one, or the asked one's tail, names another thing when the report
    # writes the asked name alone somewhere (shared.text.terms.names_prefixed_other)
    written = [_MARKER_RE.sub(" ", s.text) for s in split_sentences(f"{lead or ''}\n{context or ''}")]
    alone = names_written_alone(question, written)
    # (the asked name's head alone, "The Central Library was designed by ...", is the asked thing's on a page of the
    # place or owner opening its name: shared.text.terms.head_on_qualified_page, read from the report's Sources titles
    # and the sentences citing each page)
    titles = _source_titles(context)
    marked = [s.text for s in split_sentences(f"{lead or ''}\n{context or ''}")] if alone else []
    pages = {n: [_MARKER_RE.sub(" ", s) for s in marked if str(n) in _MARKER_RE.findall(s)] for n in titles}
    for i, sent in enumerate(sents):
        # (the label of related findings after "Not established" is no part of what a sentence states)
        text = " ".join(_MARKER_RE.sub(" ", sent).split()).removeprefix(RELATED_LABEL).strip()
        # (or one naming another thing of the asked name's head noun: "The Transport Museum had 41,300 visitors" for
        # the Velmora Tram Museum, :func:`shared.text.terms.names_swapped_word`)
        if any(look_alike_name(n, tokenize(text)) or names_swapped_word(n, text) for n in spelt) \
                or disowns(text, question) or (names_prefixed_other(alone, text) and not any(
                    head_on_qualified_page(n, text, [titles[c]], pages[c]) for n in alone
                    for c in map(int, _MARKER_RE.findall(sent)) if c in titles)):
            continue  # nor a sentence saying its subject is no kin of what is asked (shared.text.terms.disowns)
        states = (i == 0) if kind in ("yes_no", "none") else bool(answer_candidates(text, kind, question))
        cited = [n for n in dict.fromkeys(int(m) for m in _MARKER_RE.findall(sent)) if n in backing]
        if states and cited:
            short = text if len(text) <= STATED_CHARS else text[:STATED_CHARS].rsplit(" ", 1)[0] + " ..."
            return short.rstrip(" ."), cited
    return None


#: words agree when they share this many first letters ("founded" / "founding", "glassworks" / "glasswork")
STEM_LETTERS = 5


def _same_word(a: str, b: str) -> bool:
    return a == b or (len(a) >= STEM_LETTERS and len(b) >= STEM_LETTERS and a[:STEM_LETTERS] == b[:STEM_LETTERS]) \
        or same_relation(a, b)


#: a name written as code (`` `isodate` ``): a package, a command, an identifier
_TICKED_RE = re.compile(r"`[^`\s]{2,}`")


def off_subject(question: str, lead: str) -> list[str]:
    """The cited sentences of ``lead`` after its first that bear on nothing the question asks: they hold none of the
    question's key terms (compared by their first :data:`STEM_LETTERS` letters or their relation: "began" for
    "start"), the wh-phrase's own words aside (they say what kind of answer is asked, not of what: "its busiest
    year" for "... and in what year?"), and name no name the question or another lead sentence names (the bridge
    of a two-hop answer: "Ann Lee was born in 1950" after "X was directed by Ann Lee"). A piece opening in lower
    case continues the sentence before it (a split after a title's "?"). Markers are kept in the sentences
    returned. A sentence opening with another kind of thing built on a word of an asked name
    (:func:`shared.text.terms.opens_other_kind`: "Old Merrin Lace Mill was built in 1802 to designs by ..." for the
    Merrin Lace-Making Museum) bears on nothing asked, whatever words of the question it holds, unless another lead
    sentence names that thing. A sentence naming something written as code (`` `isodate` ``) after a first sentence that names one
    too gives another option of the kind asked ("Runner-up: `isodate` 0.7.2"): it bears on the question. [] for an
    empty lead. Never raises."""
    sents: list[str] = []
    for sent in _merge_marker_fragments([s.text for s in split_sentences(lead or "")]):
        if sents and not sent[:1].isupper() and not sent[:1].isdigit():  # a split inside a title: "Jane?: is a film"
            sents[-1] = f"{sents[-1]} {sent}"
        else:
            sents.append(sent)
    head = set(wh_head_terms(question))
    terms = [t for t in key_terms(question) if t not in head]
    names = [{n.casefold() for n in find_entities(_MARKER_RE.sub(" ", s))} for s in sents]
    q_names = {n.casefold() for n in find_entities(question)}
    asked = plain_names(question)
    out = []
    for i, sent in enumerate(sents):
        if i == 0 or not _MARKER_RE.search(sent):
            continue
        words = set(tokenize(_MARKER_RE.sub(" ", sent)))
        others = q_names.union(*(names[j] for j in range(len(sents)) if j != i))
        # a sentence opening with another kind of thing built on a word of an asked name ("Old Merrin Lace Mill was
        # built to designs by ..." for the Merrin Lace-Making Museum) speaks of that thing, whatever words of the
        # question it holds, unless another lead sentence names it (the bridge)
        if opens_other_kind(asked, _MARKER_RE.sub(" ", sent)) and not (names[i] - q_names) & others:
            out.append(sent)
            continue
        if any(_same_word(t, w) for t in terms for w in words):
            continue
        if _TICKED_RE.search(sent) and _TICKED_RE.search(sents[0]):  # "Runner-up: `isodate` 0.7.2[2]": another
            continue  # option of the kind the lead's first sentence names (`durationkit`) bears on the question
        if names[i] & others:
            continue
        out.append(sent)
    return out


def _below(p: float, threshold: float) -> str:
    """``p`` (below ``threshold``) with two decimals, or as many as it takes not to read as ``threshold`` itself (a
    tier's ceiling 0.599999 is "0.599999", never "0.60 < 0.6")."""
    for places in range(2, 7):
        if round(p, places) < threshold:
            return f"{p:.{places}f}"
    return f"{p:.6f}"


def judge(
    report_markdown: str,
    *,
    question: str,
    claims_total: int,
    claims_supported: int,
    citations: list[Citation],
    sub_queries: list[str],
    supported_claim_ids: set[str] | None = None,
    answered_probability: float | None = None,
    names_missing: bool = False,
    relation_missing: bool = False,
    not_extreme: bool = False,
    usage_code: bool | None = None,
) -> Judgement:
    """Score a report on accuracy (0-33), citation density (0-33) and coverage (0-34: is the question answered?).

    Args:
        report_markdown: the report.
        question: the research question.
        claims_total: number of claims used/considered for the report (>= 0).
        claims_supported: how many of those are supported (clamped to [0, total]).
        citations: the report's citations (markers without a citation do not count).
        sub_queries: the plan's sub-queries (named in the rationale only: coverage is about the answer).
        supported_claim_ids: ids of the run's supported claims; a lead answers only when one of its markers
            cites one of them. None: any cited marker of the lead counts.
        answered_probability: the probability (0-1) that the lead answers: the confidence gate's ``answered``
            signal (its calibrated ``p_answered`` after the gate's rules about the answer: no answer of the type
            asked, a disputed value, names of the question missing from the answer's pages or its sentences);
            below :data:`ANSWERED_THRESHOLD` the report counts as unanswered. None: the lead-answer rule alone
            decides.
        names_missing: the confidence gate found that the pages the lead cites do not name everything the
            question names, or that the sentence stating the answer and those chained to it name less than half of
            it (its ``names_missing`` signal): the report counts as unanswered.
        relation_missing: the confidence gate found that the lead says nothing of the relation the question asks
            about, or gives no number of the thing a "how many" question counts (its ``relation_missing`` signal):
            the report counts as unanswered.
        not_extreme: the confidence gate found that a superlative question's lead ("Which production has the most
            marionettes on stage?") names another thing than the one the claims show holding the extreme (its
            ``not_extreme`` signal): the report counts as unanswered.
        usage_code: whether the code domain's report shows usage code that passed its sandbox check, resting on the
            API signatures read from the package (``shared.domain.RunView.usage_code_passed``); None: no code was
            checked. A request (:func:`shared.text.answer.is_request`: "Show me how to ...", "Can you write ...?")
            with checked code is answered by that code, not by a sentence of an answer type (who, when, yes/no): its
            lead answers when ``usage_code`` is True and it cites a supported claim (the recommended package's
            registry facts); with ``usage_code`` False it is unanswered (at most 60), whatever its lead says.

    Coverage asks whether the question is answered, not whether its words appear: a lead sentence must state a
    candidate of the type asked (:func:`shared.text.answer.answer_candidates`; a yes/no lead opens with yes or
    no, a comparison names an option) and cite a supported claim itself (``[n]`` in that sentence), the gate's
    rules about the answer must hold (``answered_probability``, ``names_missing``, ``relation_missing``), and the
    report must not say itself that the answer was not established (:func:`shared.report.says_not_established`).

    Each cited lead sentence about another subject than the question's (:func:`off_subject`) earns no coverage and
    costs an answered report :data:`OFF_SUBJECT_COST` points of its total besides.

    Scores are rounded half up. A report whose lead does not answer the question (no lead, no answer of the
    right type, or no supported claim cited there) gets coverage 0 and a total of at most
    :data:`UNANSWERED_MAX`.

    Returns:
        :class:`Judgement`; an empty report or zero claims scores 0 on the affected parts.
    """
    total = max(0, int(claims_total))
    supported = min(total, max(0, int(claims_supported)))
    acc_ratio = supported / total if total else 0.0

    cited_ns = {c.n for c in citations}
    sents = _merge_marker_fragments(report_body_sentences(report_markdown))
    cited = sum(1 for s in sents if any(int(m) in cited_ns for m in _MARKER_RE.findall(s)))
    dens_ratio = cited / len(sents) if sents else 0.0

    lead = lead_section(report_markdown)
    backing = {c.n for c in citations if supported_claim_ids is None or str(c.claim_id) in supported_claim_ids}
    answer = lead_answer(question, lead)
    request = usage_code is not None and is_request(question)
    if request:  # a request for code: answered by code that passed its check, with the API facts it rests on
        answer = answer._replace(typed=bool(usage_code), score=1.0 if usage_code else 0.0)
    stated = stated_answer(question, lead, backing, report_markdown) if answer.typed and not request else None
    backed = stated is not None if answer.typed and not request \
        else any(int(m) in backing for m in _MARKER_RE.findall(lead))
    p = None if answered_probability is None else min(1.0, max(0.0, float(answered_probability)))
    likely = p is None or p >= ANSWERED_THRESHOLD
    conceded = says_not_established(report_markdown)
    answered = answer.typed and backed and likely and not names_missing and not relation_missing and not not_extreme \
        and not conceded

    fa = _half_up(33 * acc_ratio)
    cd = _half_up(33 * dens_ratio)
    # a lead sentence about another subject than the question's adds nothing to the answer: coverage counts the
    # share of the cited lead sentences that bear on the question
    astray = off_subject(question, lead)
    cited_lead = [s for s in _merge_marker_fragments([s.text for s in split_sentences(lead or "")])
                  if _MARKER_RE.search(s)]
    bearing = 1.0 - len(astray) / len(cited_lead) if cited_lead else 1.0
    cv = _half_up(34 * (answer.score if p is None else p) * bearing) if answered else 0
    overall = max(0, fa + cd + cv - OFF_SUBJECT_COST * len(astray)) if answered else min(UNANSWERED_MAX, fa + cd + cv)
    if conceded and not answered:  # a non-answer: its findings' accuracy and density count half
        overall = min(overall, _half_up(NOT_ESTABLISHED_SHARE * (fa + cd)))
    # what the lead states, read here, apart from the gate's probability ("'Piers Callowhill' [1]")
    seen = "" if stated is None else \
        f"'{stated[0]}' " + " ".join(f"[{n}]" for n in stated[1]) + " (cited to a supported claim)"
    if request and usage_code:
        seen = "usage code that passed its check, on the API signatures read from the package"
    asks = "request for code" if request else f"{kind_label(question, answer.kind)} question"
    why = (f"the lead answers the {asks}: {seen or 'a cited answer'}, "
           f"{answer.coverage:.0%} of its key terms" if answered
           else (f"the lead states {seen} as the {asks.removesuffix(' question')} answer, but it is not counted answered"
                 if seen else f"the lead does not answer the {asks}")
           + ("" if answer.typed or not lead else " (no code shown passed its check)" if request
              else " (no answer of that type stated)")
           + ("" if backed or not lead else " (no sentence stating it cites a supported claim)")
           + ("" if likely else f" (calibrated probability of an answer {_below(p or 0.0, ANSWERED_THRESHOLD)} < "
                                f"{ANSWERED_THRESHOLD}: tier low)")
           + (" (the cited pages or the sentences stating the answer do not name what the question names)"
              if names_missing else "")
           + (" (the lead does not state the relation asked about)" if relation_missing and not not_extreme else "")
           + (" (the lead names another thing than the one holding the extreme asked)" if not_extreme else "")
           + (" (the report says the answer was not established)" if conceded else "")
           + (f": {NOT_ESTABLISHED_SHARE:.0%} of accuracy and density" if conceded else f": at most {UNANSWERED_MAX}")) + (
               f"; {len(astray)} lead sentence(s) about another subject than the question's"
               + (f" (-{OFF_SUBJECT_COST * len(astray)})" if answered else "") if astray else "")
    rationale = f"supported {supported}/{total} claims; {cited}/{len(sents)} body sentences cited; {why}"
    return Judgement(factual_accuracy=fa, citation_density=cd, coverage=cv, total=overall, rationale=rationale,
                     answered=answered)


def audit_citations(
    report_markdown: str, citations: list[Citation], source_texts: dict[str, str]
) -> CitationAudit:
    """Check that every citation's quote is really at ``source_text[start:end]``.

    A citation is invalid when its source is unknown, its offsets are out of range or
    empty, the text at the offsets differs from ``quote``, or its marker ``[n]`` does not
    occur in the report. Markers ``[n]`` in the report without any citation of number
    ``n`` are reported as orphans.

    Returns:
        :class:`CitationAudit`; never raises on empty inputs.
    """
    markers = {int(m) for m in _MARKER_RE.findall(report_markdown)}
    invalid: list[str] = []
    valid = 0
    for c in citations:
        src = source_texts.get(c.source_id)
        if src is None:
            invalid.append(f"[{c.n}] {c.claim_id}: unknown source {c.source_id!r}")
        elif not (0 <= c.start < c.end <= len(src)):
            invalid.append(f"[{c.n}] {c.claim_id}: offsets {c.start}:{c.end} out of range")
        elif src[c.start : c.end] != c.quote:
            invalid.append(f"[{c.n}] {c.claim_id}: quote does not match source text at {c.start}:{c.end}")
        elif c.n not in markers:
            invalid.append(f"[{c.n}] {c.claim_id}: marker not present in report")
        else:
            valid += 1
    cited_ns = {c.n for c in citations}
    return CitationAudit(
        total=len(citations),
        valid=valid,
        invalid=invalid,
        orphan_markers=sorted(markers - cited_ns),
    )

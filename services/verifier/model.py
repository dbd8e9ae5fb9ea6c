"""Verifier engine: SelfCheckGPT-style resampling of a claim against its evidence, majority verdict, arbiter.

For one claim and its evidence candidates (sentences of the run's fetched sources, retrieved by BM25):

1. **First pass, local and free**: each candidate's support for the claim is its lexical coverage (share of
   the claim's content words it holds) or, for paraphrase and inflection, the share of the claim's character
   trigrams it holds. A claim with no candidate reaching ``MIN_LEXICAL`` / ``MIN_TRIGRAM`` is ``unverified``
   at once (stability 1.0): no model is called for it, so no cloud call is spent on it either.
2. **Resampling**: the ``verifier`` role (a local model in the default division of labour) judges the claim
   against the best ``passages`` candidates, numbered, ``samples`` times (default 3) at temperature 0.3
   (:class:`~shared.llm.schemas.ClaimCheckAnswer`: supports / contradicts / neutral and the passage numbers).
   The verdict is the majority: supports -> supported, contradicts -> contradicted, neutral -> unverified;
   supports and contradicts both present without a majority -> contested. ``stability`` is the agreement
   rate (share of samples giving the majority label).
3. **Offline guard, local and free**: a majority of "supports" is not taken on trust. Two checks run on the
   passages the model saw:

   * contradiction (:func:`offline_contradictions`, i.e. :func:`~shared.text.entailment.entailment`:
     negation parity, antonyms, a different number or ordinal of the same kind, two names in swapped roles,
     on passages that otherwise cover the claim): ``'X is not a song by Rush'``, ``'X was the first single'``
     against ``'X was the third single'``, ``'"B" is a song ... from the album "A"'`` against ``'"A" is a song
     ... from the album "B"'``; those passages count as contradicting, unless another passage states the claim
     nearly word for word (offline entailment score >= ``BACKING_SCORE``: then the contradicting passage is
     most likely about something else, as "The 2010 UCF Knights ..." for a claim about the 2015 team);
   * unsupported names (:func:`offline_unsupported`): a capitalised word (name, title, nationality word)
     or a number of the claim that none of the passages, nor the titles of their sources, holds
     (``'... by the band Genesis'`` against passages naming only Rush). A decontextualised claim's leading
     name standing for a passage's "he" / "it" / "the band" is allowed.

   * names the verdict does not rest on: the same check on the passages the samples cite plus the passage
     covering most of the claim; a name found only in another passage shown ("born in London" where London
     is in a passage about someone else) makes the claim contested;
   * coverage (:func:`~shared.text.entailment.coverage`): the best of those passages must hold
     ``MIN_COVERAGE`` of the claim's content words (title words of the claim's source allowed), since an
     invented detail ("... was banned by radio stations") brings words no passage has.

   If any finds something the verdict becomes contested and the reason is in ``notes``. On a faithful
   claim none finds anything and the model's verdict stands. A majority of "contradicts" is checked too (a
   page may tell the model to call its facts false): when a passage states the claim nearly word for word
   (offline entailment >= ``BACKING_SCORE``) and the offline check reads no contradiction in any passage, the
   claim is contested, and an arbiter that is one of the samplers cannot make it contradicted.
4. **Arbiter**: a contested claim goes to the ``arbiter`` role (a cloud model by default) once, which gives the
   final verdict (:class:`~shared.llm.schemas.ArbiterAnswer`); it is told what the offline guard found. A
   "supported" ruling against the guard (either check) is accepted only from a model other than the ones that
   gave the samples (a local-only setup routes the arbiter to the same model, whose second opinion is not independent):
   otherwise, as with no arbiter model or no usable ruling, the claim stays contested (never reported as a
   fact; the synthesizer writes from supported claims only). An independent arbiter's "supported" is checked
   too: names or numbers no passage nor title has are a fact, not a judgement, so the claim ends "unverified";
   against the other checks (which have false positives) the ruling must name a passage the offline check
   reads no contradiction in, passages holding the claim's names, and one holding ``MIN_ARBITER_COVERAGE``
   of its words, as far as each check fired; otherwise the claim stays contested.

Evidence spans are candidates (exact offsets in stored texts), chosen by the samples' passage numbers (most
votes first; the strongest candidate when a sample named none); a number outside the list is ignored. When
no sample gives a usable answer the offline verifier runs and the stage is degraded.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from services.verifier.offline import verify
from shared.evidence import EvidenceCandidate
from shared.llm.calls import ModelCalls
from shared.llm.schemas import ArbiterAnswer, ClaimCheckAnswer
from shared.llm.untrusted import quote_data
from shared.text.entailment import coverage, entailment, unsupported_names
from shared.text.tokens import tokenize

__all__ = ["MIN_ARBITER_COVERAGE", "MIN_COVERAGE", "MIN_LEXICAL", "MIN_TRIGRAM", "VerifyOutcome", "first_pass", "offline_contradictions", "offline_outcome",
           "offline_unsupported", "verify_claim", "majority"]

log = logging.getLogger("assay.engines")

MIN_LEXICAL = 0.34
MIN_TRIGRAM = 0.5
DEADLINE_S = 90.0
SAMPLE_TOKENS = 160

SYSTEM = ("You are the fact checker of a research assistant. You read a claim and numbered evidence passages and "
          "say whether the passages support it: \"supports\" only if the passages state the claim (names, numbers "
          "and dates must match), \"contradicts\" if they state something incompatible with it, \"neutral\" "
          "otherwise. Use only the passages, not what you know. Give the numbers of the passages you rely on.")
ARBITER = ("You are the arbiter of a research assistant. Fact checkers disagreed about whether the evidence "
           "passages support a claim. Read the passages yourself and give the final verdict: \"supported\" if they "
           "state the claim, \"contradicted\" if they state something incompatible, \"contested\" if some passages "
           "support it and others contradict it, \"unverified\" if they say neither. Use only the passages.")
_LABEL_VERDICT = {"supports": "supported", "contradicts": "contradicted", "neutral": "unverified"}
#: what each offline contradiction signal means, for the arbiter
_WHY = {"negation": "a negation differs", "antonym": "a word is replaced by its opposite",
        "number": "a number differs", "ordinal": "an ordinal (first, third, ...) differs",
        "swapped roles": "two names have swapped roles"}


@dataclass
class VerifyOutcome:
    """What ``ClaimVerified`` records for one claim."""

    verdict: str
    stability: float
    support_score: float
    spans: list[dict[str, Any]]
    corroborating_domains: list[str]
    engine: str
    degraded: bool
    samples: list[str] = field(default_factory=list)
    first_pass_dropped: bool = False
    arbitrated: bool = False
    notes: list[str] = field(default_factory=list)  # why the verdict differs from the samples' majority, if it does

    def record(self) -> dict[str, Any]:
        """Keyword arguments of ``ResearchRuns.record_verdict``."""
        return {"verdict": self.verdict, "stability": round(float(self.stability), 6),
                "support_score": round(min(1.0, max(0.0, float(self.support_score))), 6), "spans": self.spans,
                "corroborating_domains": list(self.corroborating_domains), "engine": self.engine,
                "degraded": self.degraded}


def _trigrams(text: str) -> set[str]:
    flat = " ".join(re.sub(r"[\W_]+", " ", text.casefold()).split())
    return {flat[i:i + 3] for i in range(max(0, len(flat) - 2))}


def _support(claim_words: set[str], claim_grams: set[str], text: str) -> tuple[float, float]:
    lexical = len(claim_words & set(tokenize(text))) / len(claim_words) if claim_words else 0.0
    fuzzy = len(claim_grams & _trigrams(text)) / len(claim_grams) if claim_grams else 0.0
    return lexical, fuzzy


def first_pass(claim: str, candidates: list[EvidenceCandidate]) -> list[tuple[EvidenceCandidate, float]]:
    """Candidates with lexical or trigram support for ``claim``, best first, each with its support (0-1).
    An empty list means the claim has no support in the evidence (it is unverified without a model)."""
    words = set(tokenize(claim))
    grams = _trigrams(claim)
    kept: list[tuple[EvidenceCandidate, float]] = []
    for c in candidates:
        lexical, fuzzy = _support(words, grams, c.text)
        if lexical >= MIN_LEXICAL or fuzzy >= MIN_TRIGRAM:
            kept.append((c, max(lexical, fuzzy)))
    kept.sort(key=lambda p: (-p[1], -p[0].retrieval_score))
    return kept


def majority(labels: list[str]) -> tuple[str, float]:
    """(verdict, stability) of sample labels (supports / contradicts / neutral); see the module docstring.
    Ties go to the cautious reading (contested, unverified, contradicted, supported)."""
    if not labels:
        return "unverified", 1.0
    counts = Counter(labels)
    n = len(labels)
    top = max(counts.values())
    tied = [lab for lab in ("neutral", "contradicts", "supports") if counts.get(lab, 0) == top]
    if counts.get("supports") and counts.get("contradicts") and (top <= n / 2 or len(tied) > 1):
        return "contested", top / n
    return _LABEL_VERDICT[tied[0]], top / n


def offline_contradictions(claim: str, passages: list[EvidenceCandidate]) -> list[int]:
    """Numbers (1-based, in ``passages`` order) of the passages the offline entailment check reads as
    contradicting ``claim`` (negation parity, antonym, a different number or ordinal of the same kind, or two
    names in swapped roles, on passages that otherwise cover the claim; see
    :func:`shared.text.entailment.entailment`). Empty: no contradiction found. Local and deterministic;
    never raises."""
    return list(_contradiction_reasons(claim, passages))


def _contradiction_reasons(claim: str, passages: list[EvidenceCandidate]) -> dict[int, str]:
    """Passage number (1-based) -> the signals that read it as contradicting ``claim`` ("ordinal", ...)."""
    found: dict[int, str] = {}
    for i, p in enumerate(passages, 1):
        e = entailment(claim, p.text)
        if e.label == "contradicted":
            found[i] = e.reason or "contradiction"
    return found


#: offline entailment score (share of the claim's content words) a passage needs to back a model "supports"
#: against a contradiction the offline check reads in another passage
BACKING_SCORE = 0.9


def _offline_backing(claim: str, passages: list[EvidenceCandidate]) -> int | None:
    """Number (1-based) of the first passage the offline entailment reads as supporting ``claim`` with score
    >= ``BACKING_SCORE`` (nearly all its words, all its numbers and names, no contradiction signal); None."""
    for i, p in enumerate(passages, 1):
        e = entailment(claim, p.text)
        if e.label == "supported" and e.score >= BACKING_SCORE:
            return i
    return None


def offline_unsupported(claim: str, passages: list[EvidenceCandidate], *, titles: dict[str, str] | None = None,
                        source_title: str | None = None) -> list[str]:
    """Names and numbers of ``claim`` that none of ``passages`` states.

    Checked: capitalised words (names, titles, nationality words such as "American") and numbers in digits;
    see :func:`shared.text.entailment.unsupported_names` for the matching (plural and possessive endings,
    "Canadian" / "Canada", "2" / "two", "1990s" / "1993"). Allowed besides the passages' words: the titles
    (``titles``: source id -> title) of the passages' sources and ``source_title`` (the title of the source
    the claim was taken from), since a decontextualised claim names the page's subject where the page says
    "he" or "the band"; and the claim's leading name when a passage that holds the rest of the claim opens with
    such a pronoun ("Neil Peart was the drummer of Rush." / "He was the drummer of Rush.").

    Returns: the words and numbers as written in the claim, in claim order, without repeats; empty when all
    are held. Local and deterministic; never raises.
    """
    allowed = [t for t in dict.fromkeys((titles or {}).get(p.source_id, "") for p in passages) if t]
    if source_title:
        allowed.append(source_title)
    return unsupported_names(claim, [p.text for p in passages], allowed=allowed)


def offline_outcome(claim: str, candidates: list[EvidenceCandidate], *, samples: int, seed_key: str,
                    engine: str = "offline", degraded: bool = False, own_source: str | None = None) -> VerifyOutcome:
    """The offline verifier's outcome (lexical and numeric entailment resampled over evidence subsets;
    ``own_source``: the source the claim was taken from, whose support makes other pages' contradictions a
    contest, :func:`services.verifier.offline.verify`)."""
    result = verify(claim, candidates, samples=samples, seed_key=seed_key, own_source=own_source)
    spans = [{"source_id": s.source_id, "start": s.start, "end": s.end, "quote": s.text, "label": s.label,
              "score": round(float(s.retrieval_score), 6)} for s in result.spans]  # labelled by verify()
    return VerifyOutcome(verdict=result.verdict, stability=float(result.stability),
                         support_score=float(result.support_score), spans=spans,
                         corroborating_domains=list(result.corroborating_domains), engine=engine, degraded=degraded)


def _listing(passages: list[EvidenceCandidate], titles: dict[str, str]) -> str:
    lines = []
    for i, p in enumerate(passages, 1):
        title = titles.get(p.source_id, "")
        lines.append(f"[{i}]{f' ({title})' if title else ''} {' '.join(p.text.split())}")
    return "\n".join(lines)


async def verify_claim(calls: ModelCalls, claim: str, candidates: list[EvidenceCandidate], *, seed_key: str,
                       samples: int = 3, temperature: float = 0.3, passages: int = 4, offline_samples: int = 5,
                       titles: dict[str, str] | None = None, source_title: str | None = None,
                       own_source: str | None = None) -> VerifyOutcome:
    """Verify ``claim`` with the verifier model (see the module docstring for the steps).

    ``candidates``: evidence sentences (any order); the best ``passages`` after the first pass are shown to the
    model, numbered from 1. ``samples`` calls of the ``verifier`` role at ``temperature``; ``seed_key`` seeds
    the offline verifier used when no sample is usable (``offline_samples`` resamples). ``titles``: source id
    -> title, shown next to the passages (and allowed as names by the guard). ``source_title``: title of the
    source the claim was taken from, if known (allowed as names by the guard too); ``own_source``: its id, for the
    offline verifier the stage degrades to.

    Returns: :class:`VerifyOutcome` (verdict, stability 0-1, spans as exact offsets in the stored texts, and
    ``notes`` when the offline guard or the arbiter check overrode the samples' majority). Never raises on
    model output; a model that gives nothing usable degrades the stage to the offline verifier.
    """
    supported = first_pass(claim, candidates)
    if not supported:
        return VerifyOutcome(verdict="unverified", stability=1.0, support_score=0.0, spans=[],
                             corroborating_domains=[], engine="offline", degraded=False, first_pass_dropped=True)
    chosen = [c for c, _ in supported[:max(1, passages)]]
    strength = {id(c): s for c, s in supported}
    listing = _listing(chosen, titles or {})
    messages = [{"role": "system", "content": SYSTEM},
                {"role": "user", "content": f"Claim: {claim}\n\nPassages:\n{quote_data(listing, 'evidence passages')}"}]
    answers = await asyncio.gather(*(calls.ask("verifier", messages, schema=ClaimCheckAnswer,
                                               max_tokens=SAMPLE_TOKENS, temperature=temperature,
                                               deadline_s=DEADLINE_S)
                                     for _ in range(max(1, samples))))
    checks: list[ClaimCheckAnswer] = [a.value for a in answers if a is not None]
    if not checks:
        if not calls.reasons:
            await calls.degrade("the verifier model gave no usable judgement")
        return offline_outcome(claim, candidates, samples=offline_samples, seed_key=seed_key,
                               engine=calls.engine(offline_used=True), degraded=True, own_source=own_source)
    labels: list[str] = [c.label for c in checks]
    verdict, stability = majority(labels)
    votes: dict[str, Counter[int]] = {"supports": Counter(), "contradicts": Counter()}
    for c in checks:
        if c.label in votes:
            votes[c.label].update(n for n in dict.fromkeys(c.evidence) if 1 <= n <= len(chosen))
    notes: list[str] = []
    reasons = _contradiction_reasons(claim, chosen) if verdict == "supported" else {}
    backing = _offline_backing(claim, chosen) if reasons else None
    if backing is not None:
        # another passage states the claim nearly word for word: the contradicting one is most likely about
        # something else ("The 2010 UCF Knights ..." against a claim about the 2015 team)
        log.info("verifier: passage %d states the claim; offline contradictions %s not counted (claim %r)",
                 backing, reasons, claim[:120])
        reasons = {}
    guard = list(reasons)
    titles = titles or {}
    unheld: list[str] = []  # names / numbers of the claim in no passage shown nor title: never "supported"
    unrested: list[str] = []  # ... in another passage shown, but not in the ones the verdict rests on
    thin = 1.0  # coverage of the claim's words by the best passage the verdict rests on
    resting: list[int] = []
    if verdict == "supported":
        unheld = offline_unsupported(claim, chosen, titles=titles, source_title=source_title)
        # the passages the samples cite, and the one holding most of the claim (a sample may cite the wrong
        # number: "He was the drummer of Rush." states "Neil Peart was the drummer of Rush." whichever is cited)
        resting = sorted({*votes["supports"], _best_covering(claim, chosen, titles, source_title)})
        unrested = [w for w in offline_unsupported(claim, [chosen[n - 1] for n in resting], titles=titles,
                                                   source_title=source_title) if w not in unheld]
        thin = _best_coverage(claim, [chosen[n - 1] for n in resting], titles, source_title)
    if guard:
        verdict = "contested"
        votes["contradicts"].update(guard)
        notes.append("the samples' majority said supported, but the offline check reads passage "
                     + ", ".join(map(str, guard)) + " as contradicting the claim ("
                     + "; ".join(f"{n}: {r}" for n, r in reasons.items()) + "): contested")
        log.info("verifier: %s (claim %r)", notes[-1], claim[:120])
    if unheld:
        verdict = "contested"
        notes.append("the samples' majority said supported, but no passage (nor source title) has "
                     + ", ".join(repr(w) for w in unheld) + ": contested")
        log.info("verifier: %s (claim %r)", notes[-1], claim[:120])
    if unrested:
        verdict = "contested"
        notes.append("the samples' majority said supported, but the passages they rest on ("
                     + ", ".join(map(str, resting)) + ") do not have " + ", ".join(repr(w) for w in unrested)
                     + " (another passage does): contested")
        log.info("verifier: %s (claim %r)", notes[-1], claim[:120])
    if thin < MIN_COVERAGE:
        verdict = "contested"
        notes.append(f"the samples' majority said supported, but the best passage they rest on holds only "
                     f"{thin:.0%} of the claim's words (at least {MIN_COVERAGE:.0%} needed): contested")
        log.info("verifier: %s (claim %r)", notes[-1], claim[:120])
    # a "contradicts" majority is not taken on trust either (a page may tell the model to call its facts false):
    # when a passage states the claim nearly word for word and the offline check reads no contradiction in any
    # passage, the claim is contested, and only an arbiter other than the samplers can make it contradicted
    stated = None
    if verdict == "contradicted" and not _contradiction_reasons(claim, chosen):
        stated = _offline_backing(claim, chosen)
        if stated is not None:
            verdict = "contested"
            notes.append(f"the samples' majority said contradicted, but passage {stated} states the claim nearly "
                         "word for word and the offline check reads no contradiction in any passage: contested")
            log.info("verifier: %s (claim %r)", notes[-1], claim[:120])
    objected = bool(guard or unheld or unrested or thin < MIN_COVERAGE)
    arbitrated = False
    if verdict == "contested":
        signals = dict.fromkeys(sig.strip() for why in reasons.values() for sig in why.split(","))
        found = ("\nAn automatic wording check found that passage " + ", ".join(map(str, guard))
                 + " says the opposite of the claim (" + "; ".join(_WHY.get(sig, sig) for sig in signals)
                 + "); check this.") if guard else ""
        if unheld or unrested:
            found += ("\nAn automatic check found these words of the claim in none of the passages"
                      + (" the checkers relied on" if not unheld else "") + ": " + ", ".join(unheld + unrested)
                      + ". The claim is supported only if the passages state its names and numbers; check this.")
        if thin < MIN_COVERAGE:
            found += ("\nAn automatic check found that no passage the checkers relied on holds most of the "
                      "claim's words; the claim is supported only if one passage states all of it.")
        if stated is not None:
            found += (f"\nAn automatic check found that passage {stated} states the claim nearly word for word "
                      "and that no passage says the opposite; check this.")
        ruling = await calls.ask("arbiter", [
            {"role": "system", "content": ARBITER},
            {"role": "user", "content": f"Claim: {claim}\n\nPassages:\n{quote_data(listing, 'evidence passages')}"
                                        "\n\nThe checkers said: "
                                        + ", ".join(labels) + "." + found}],
            schema=ArbiterAnswer, max_tokens=300, deadline_s=DEADLINE_S)
        samplers = {a.model for a in answers if a is not None}
        if ruling is not None and objected and ruling.value.verdict == "supported" and ruling.model in samplers:
            notes.append(f"the arbiter ({ruling.model}) is one of the models that gave the samples: its "
                         "'supported' against the offline check is not accepted")
            log.info("verifier: %s (claim %r)", notes[-1], claim[:120])
        elif (ruling is not None and stated is not None and ruling.value.verdict == "contradicted"
              and ruling.model in samplers):
            notes.append(f"the arbiter ({ruling.model}) is one of the models that gave the samples: its "
                         "'contradicted' against a passage stating the claim is not accepted")
            log.info("verifier: %s (claim %r)", notes[-1], claim[:120])
        elif ruling is not None:
            arbitrated = True
            verdict = ruling.value.verdict
            cited = [n for n in dict.fromkeys(ruling.value.evidence) if 1 <= n <= len(chosen)]
            why_not = (_unheld_ruling(claim, unheld) if verdict == "supported" and unheld else
                       _weak_ruling(claim, chosen, cited, guard=guard, names=bool(unrested),
                                    thin=thin < MIN_COVERAGE, titles=titles, source_title=source_title)
                       if verdict == "supported" and objected else None)
            if why_not is not None:
                verdict = "unverified" if unheld else "contested"
                notes.append(f"the arbiter ({ruling.model}) said supported, but {why_not}: {verdict}")
                log.info("verifier: %s (claim %r)", notes[-1], claim[:120])
            label = {"supported": "supports", "contradicted": "contradicts"}.get(verdict)
            if label is not None:
                votes[label].update(cited)
    spans = _spans(verdict, chosen, votes, strength, fill_contradicts=bool(guard) or not objected)
    sup_domains = list(dict.fromkeys(s["_domain"] for s in spans if s["label"] == "supports"))
    for s in spans:
        s.pop("_domain")
    return VerifyOutcome(
        verdict=verdict, stability=stability, support_score=labels.count("supports") / len(labels),
        spans=spans, corroborating_domains=sup_domains if verdict in ("supported", "contested") else [],
        engine=calls.engine(), degraded=calls.degraded, samples=labels, arbitrated=arbitrated, notes=notes)


#: share of the claim's content words (:func:`~shared.text.entailment.coverage`) the best passage a
#: "supports" majority rests on must hold; below it the claim is contested. A faithful claim restates one
#: passage, adding at most the page subject's name (allowed through the source title), so it holds nearly all
#: of them; an invented detail ("... was banned by radio stations") leaves out words the passage never had.
MIN_COVERAGE = 0.8
#: the same share an arbiter's "supported" needs in one of the passages it names, once the claim was contested
#: for thin coverage (lower: the arbiter read the passages and may accept a paraphrase)
MIN_ARBITER_COVERAGE = 0.6


def _allowed(p: EvidenceCandidate, titles: dict[str, str], source_title: str | None) -> list[str]:
    return [t for t in (titles.get(p.source_id), source_title) if t]


def _best_coverage(claim: str, passages: list[EvidenceCandidate], titles: dict[str, str],
                   source_title: str | None) -> float:
    return max((coverage(claim, p.text, allowed=_allowed(p, titles, source_title)) for p in passages),
               default=0.0)


def _best_covering(claim: str, passages: list[EvidenceCandidate], titles: dict[str, str],
                   source_title: str | None) -> int:
    """Number (1-based) of the passage with the best coverage of ``claim`` (the first of equals)."""
    scores = [coverage(claim, p.text, allowed=_allowed(p, titles, source_title)) for p in passages]
    return scores.index(max(scores)) + 1


def _unheld_ruling(claim: str, unheld: list[str]) -> str:
    return ("no passage (nor source title) has " + ", ".join(repr(w) for w in unheld)
            + ": words the evidence does not have are not a fact of it")


def _weak_ruling(claim: str, chosen: list[EvidenceCandidate], cited: list[int], *, guard: list[int],
                 names: bool, thin: bool, titles: dict[str, str], source_title: str | None) -> str | None:
    """Why an arbiter's "supported" on a claim the offline guard contested is not accepted, or None.

    The ruling must name (``cited``) a passage the guard has nothing against: one the offline check does not
    read as contradicting the claim (when it read some so), whose passages hold the claim's names (when the
    ones the samples rested on did not), and one holding ``MIN_ARBITER_COVERAGE`` of the claim's words (when
    the samples' passages held too few)."""
    if not cited:
        return "it names no passage the verdict rests on"
    if guard and all(n in guard for n in cited):
        return ("it rests only on passage " + ", ".join(map(str, cited))
                + ", which the offline check reads as contradicting the claim")
    if names:
        missing = offline_unsupported(claim, [chosen[n - 1] for n in cited], titles=titles,
                                      source_title=source_title)
        if missing:
            return ("the passages it names (" + ", ".join(map(str, cited)) + ") do not have "
                    + ", ".join(repr(w) for w in missing))
    if thin:
        best = _best_coverage(claim, [chosen[n - 1] for n in cited], titles, source_title)
        if best < MIN_ARBITER_COVERAGE:
            return (f"the best passage it names holds only {best:.0%} of the claim's words (at least "
                    f"{MIN_ARBITER_COVERAGE:.0%} needed)")
    return None


def _spans(verdict: str, chosen: list[EvidenceCandidate], votes: dict[str, Counter[int]],
           strength: dict[int, float], *, fill_contradicts: bool = True) -> list[dict[str, Any]]:
    def ranked(label: str) -> list[EvidenceCandidate]:
        return [chosen[n - 1] for n, _ in sorted(votes[label].items(), key=lambda kv: (-kv[1], kv[0]))]

    def pick(label: str, k: int) -> list[EvidenceCandidate]:
        return ranked(label)[:k] or chosen[:1]

    if verdict == "supported":
        picked = [(c, "supports") for c in pick("supports", 3)]
    elif verdict == "contradicted":
        picked = [(c, "contradicts") for c in pick("contradicts", 3)]
    elif verdict == "contested":
        # A passage voted both ways (e.g. "supports" by the samples, "contradicts" by the offline guard) is shown
        # as contradicting: it is the reason the claim is not supported.
        con = ranked("contradicts")[:1]
        sup = [c for c in ranked("supports") if c not in con][:2] or [c for c in chosen[:1] if c not in con]
        if fill_contradicts:  # not when the claim is contested for names no passage has: none contradicts it
            con = con or [c for c in chosen[1:2] if c not in sup]
        picked = [(c, "supports") for c in sup] + [(c, "contradicts") for c in con]
    else:
        picked = []
    return [{"source_id": c.source_id, "start": c.start, "end": c.end, "quote": c.text, "label": label,
             "score": round(float(strength.get(id(c), c.retrieval_score)), 6), "_domain": c.domain}
            for c, label in picked]

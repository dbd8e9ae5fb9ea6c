"""Planner engine: sub-queries, domain and report language from the ``planner`` role's model.

- quick and standard runs: one call (:class:`~shared.llm.schemas.PlannerAnswer`): 3-6 short search queries, the
  domain (general / shopping / code) and the language of the answer;
- deep runs, in the manner of STORM: one call for 3-5 **perspectives** (who would research this topic and what
  each wants to know), then calls for queries per perspective; a perspective left without a query is a *gap*
  and is asked again, until no gap is left, the gap list stops changing, or the hop limit (3) is reached.

The answer is merged with the offline plan: repeated queries (same content tokens) are dropped, the count is
capped by depth (quick 3, standard 5, deep 6), a one-word query that names nothing by itself ("EUR", "CSV") is
dropped, and the rest are topped up to 3 from the offline plan's queries. The domain is the request's unless
``auto``; the language follows :func:`shared.text.language.report_language` (the
request, an explicit request in the question, else the question's own language). When the model fails the
offline plan is used and the stage is marked degraded.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from services.planner.offline import plan as offline_plan
from services.planner.offline import searchable
from shared.llm.calls import ModelCalls
from shared.llm.loops import LoopGuard, query_key
from shared.llm.schemas import PerspectiveQueriesAnswer, PerspectivesAnswer, PlannerAnswer
from shared.text.language import report_language

__all__ = ["PlanOutcome", "plan_question", "DEPTH_COUNTS"]

#: (fewest, most) sub-queries per depth with a model
DEPTH_COUNTS: dict[str, tuple[int, int]] = {"quick": (3, 3), "standard": (3, 5), "deep": (5, 6)}
MAX_PERSPECTIVE_HOPS = 3
DEADLINE_S = 90.0

SYSTEM = ("You are the planner of a research assistant. You turn a question into short web search queries "
          "(keywords, not sentences) that together find everything needed to answer it. Search queries use the "
          "words the sources will use: names, titles, dates; for a multi-step question, one query per step.")


@dataclass
class PlanOutcome:
    """What ``PlanCreated`` records, plus the STORM perspectives of a deep run."""

    sub_queries: list[str]
    domain: str
    language: str
    engine: str
    degraded: bool
    perspectives: list[str] = field(default_factory=list)


def _merge(model_queries: list[str], fallback: list[str], lo: int, hi: int, question: str) -> list[str]:
    """The model's queries, de-duplicated and searchable (:func:`~services.planner.offline.searchable`: never "EUR"
    or "CSV" alone), capped at ``hi`` and topped up to ``lo`` from ``fallback``."""
    out: list[str] = []
    seen: set[tuple[str, ...]] = set()
    for q in model_queries:
        q = " ".join(q.split()).strip(" \"'")
        key = query_key(q)
        if q and key not in seen and len(out) < hi and searchable(q, question):
            seen.add(key)
            out.append(q)
    for q in fallback:
        if len(out) >= lo:
            break
        key = query_key(q)
        if key not in seen:
            seen.add(key)
            out.append(q)
    return out


async def plan_question(calls: ModelCalls, question: str, *, depth: str = "standard", domain: str = "auto",
                        language: str | None = None) -> PlanOutcome:
    """Plan ``question`` with the planner model (see the module docstring). Never raises on model output."""
    lo, hi = DEPTH_COUNTS.get(depth, DEPTH_COUNTS["standard"])
    offline = offline_plan(question, depth=depth)
    user = (f"Question: {question}\n\nGive {lo} to {hi} search queries, the domain of the question and the "
            f"ISO 639-1 code of the language the answer must be written in.")
    answer = await calls.ask("planner", [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}],
                             schema=PlannerAnswer, max_tokens=400, deadline_s=DEADLINE_S)
    perspectives: list[str] = []
    queries: list[str] = []
    model_domain: str | None = None
    model_language: str | None = None
    if answer is not None:
        value: PlannerAnswer = answer.value
        queries = list(value.sub_queries)
        model_domain, model_language = value.domain, value.language
    if depth == "deep" and answer is not None:
        perspectives, storm_queries = await _storm(calls, question, hi)
        queries = queries[:1] + storm_queries + queries[1:]  # the broadest query, each perspective's, the rest
    if answer is None:
        return PlanOutcome(sub_queries=list(offline.sub_queries), domain=offline.domain if domain == "auto" else domain,
                           language=report_language(question, requested=language), engine="offline",
                           degraded=calls.degraded)
    merged = _merge(queries, list(offline.sub_queries), lo, hi, question)
    return PlanOutcome(
        sub_queries=merged,
        domain=domain if domain != "auto" else (model_domain or offline.domain),
        language=report_language(question, requested=language, model_says=model_language),
        engine=calls.engine(), degraded=calls.degraded, perspectives=perspectives)


async def _storm(calls: ModelCalls, question: str, hi: int) -> tuple[list[str], list[str]]:
    """STORM-style perspectives, then queries per perspective with a bounded gap loop."""
    found = await calls.ask("planner", [
        {"role": "system", "content": SYSTEM + " First you imagine the different people who would research "
                                               "this topic, each from their own perspective."},
        {"role": "user", "content": f"Question: {question}\n\nName 3 to 5 distinct perspectives (for example a "
                                    f"historian, a practitioner, a critic) and what each wants to find out."}],
        schema=PerspectivesAnswer, max_tokens=500, deadline_s=DEADLINE_S)
    if found is None:
        return [], []
    perspectives = {p.name: p.focus for p in found.value.perspectives[:5]}
    queries: list[str] = []
    covered: set[str] = set()
    guard = LoopGuard(MAX_PERSPECTIVE_HOPS)
    while True:
        gaps = [name for name in perspectives if name.casefold() not in covered]
        if not guard.step(gaps=gaps):
            break
        listing = "\n".join(f"- {name}: {perspectives[name]}" for name in gaps)
        got = await calls.ask("planner", [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": f"Question: {question}\n\nPerspectives:\n{listing}\n\nGive one or two "
                                        f"search queries for each perspective, naming the perspective."}],
            schema=PerspectiveQueriesAnswer, max_tokens=500, deadline_s=DEADLINE_S)
        if got is None:
            break
        names = {n.casefold(): n for n in perspectives}
        for item in got.value.queries:
            name = names.get(item.perspective.casefold())
            if name is None:  # a perspective the model renamed: count the query, not the perspective
                queries.append(item.query)
                continue
            covered.add(name.casefold())
            queries.append(item.query)
        if len(queries) >= 2 * hi:
            break
    return [f"{n}: {f}" for n, f in perspectives.items()], queries

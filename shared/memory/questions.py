"""The question cache: a question asked before is answered from the earlier run's report, and a close one is
researched again by re-checking the earlier report.

A past run matches a new question when it completed (status ``complete``) with a report, within
``MemorySettings.question_cache_ttl_s``, with the same request parameters (``same_request``: scope, depth, domain,
sources, verification, memory use, URLs, corpus, workspace), and its question is

- ``exact``: the same text once normalised (case, punctuation and spacing ignored): the earlier report answers,
  and callers say that it is cached (run, date) and how to research again (``--fresh``, ``fresh: true``); or
- ``similar``: close in meaning (:func:`closeness`: the same names and numbers, the same thing asked
  (:func:`other_ask`: "Who designed X?" is no re-check of "When was X built?"), embedding cosine >=
  ``question_cache_similarity``): the earlier report is never served as the answer. It is offered first, and the
  new run re-checks it (:func:`consult`): the earlier run's web sources are fetched again besides the new search,
  claims whose evidence text is unchanged keep their verdicts (the verifier's reuse, ``shared.memory.verdicts``),
  the others are verified again, and the report says so in a section written by the synthesizer
  (:func:`recheck_note`). :func:`record_recheck` records ``RecheckPlanned`` in the new run's own stream (before
  its request is published); the synthesizer reads it from the run (:func:`recheck_in`) and the indexer projects
  it into ``rm_question_rechecks`` (:func:`project_recheck`; rebuilt from the log like every read model).

The newest such run wins (an exact match before a similar one). ``assay run``, the gateway's ``POST /v1/runs`` and
the chat's research turns use it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol, TypeVar
from uuid import UUID

from psycopg import Connection
from psycopg_pool import ConnectionPool

from contracts import RecheckPlanned, RunRequested
from shared.memory import lexical
from shared.memory.embed import Embedder, EmbeddingUnavailable
from shared.memory.store import normalise

#: request fields that must be equal for a past run to answer (besides the question)
SAME_FIELDS = ("scope", "depth", "domain", "max_sources", "site_filter", "language", "verify_claims", "memory",
               "urls", "corpus", "workspace", "providers")
#: the heading of the report section a re-check adds (:func:`recheck_note`)
RECHECK_HEADING = "## Re-check of an earlier report"
#: a re-checked question at least this similar is called the same question
SAME_SIMILARITY = 0.9995
#: past runs compared at most (newest first)
CANDIDATES = 500
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class CachedRun:
    """A past run that answers the question: ``match`` ``exact`` or ``similar``; ``similarity`` the questions'
    embedding cosine (1.0 for exact); ``question`` the past run's question; ``started_at`` when it ran."""

    run_id: UUID
    question: str
    started_at: datetime
    match: str
    similarity: float


def same_request(past: Mapping[str, Any], new: Mapping[str, Any]) -> bool:
    """True when two ``RunRequested`` payloads (as dicts) agree on every field of ``SAME_FIELDS`` (lists and tuples
    compare by items; a field missing on one side counts as None)."""
    def norm(v: Any) -> Any:
        return tuple(v) if isinstance(v, list | tuple) else v
    return all(norm(past.get(f)) == norm(new.get(f)) for f in SAME_FIELDS)


def find_cached_run(pool: ConnectionPool, question: str, request: Mapping[str, Any], *,
                    request_of: Callable[[UUID], Mapping[str, Any] | None], embedder: Embedder | None,
                    min_similarity: float, ttl_s: float, now: datetime | None = None) -> CachedRun | None:
    """The newest past run that answers ``question`` asked with ``request`` (module docstring), or None.

    ``request_of(run_id)`` gives a past run's ``RunRequested`` fields (None when unknown); ``embedder`` None (or
    unreachable) allows exact matches only. ``ttl_s`` bounds the past run's age in seconds."""
    now = now or datetime.now(UTC)
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT run_id, question, started_at FROM rm_runs WHERE status = 'complete' AND report_sha256 IS NOT NULL "
            "AND scope = %s AND depth = %s AND started_at >= %s ORDER BY started_at DESC, run_id LIMIT %s",
            (request.get("scope"), request.get("depth"), now - timedelta(seconds=ttl_s), CANDIDATES)).fetchall()
    if not rows:
        return None
    key = normalise(question)
    for run_id, past_q, started in rows:
        if normalise(str(past_q)) == key:
            past = request_of(run_id)
            if past is not None and same_request(past, request):
                return CachedRun(run_id, str(past_q), started, "exact", 1.0)
    if embedder is None:
        return None
    # close: the same names and the same thing asked (cheap, first), then the embedding cosine (one batch for every
    # candidate left)
    named = [r for r in rows if not _missing_names(question, str(r[1])) and not other_ask(question, str(r[1]))]
    if not named:
        return None
    try:
        vecs = embedder.embed([question] + [str(r[1]) for r in named])
    except EmbeddingUnavailable:
        return None
    sims = vecs[1:] @ vecs[0]
    for i in sorted(range(len(named)), key=lambda k: -float(sims[k])):
        if float(sims[i]) < min_similarity:
            break
        run_id, past_q, started = named[i]
        past = request_of(run_id)
        if past is not None and same_request(past, request):
            return CachedRun(run_id, str(past_q), started, "similar", float(sims[i]))
    return None


# ---- closeness of two questions (the chat's memory answers and the question cache's close matches) -------------
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
#: least embedding cosine of two questions that may be close (the paraphrase set of tests/unit/test_question_close.py:
#: rewordings 0.80-0.95 with WordLlama, different questions on the same words down to 0.38)
MIN_QUESTION_COSINE = 0.8
#: least share of the new question's index terms found in the past question and its report
MIN_REPORT_COVERAGE = 0.75


def names(question: str) -> list[str]:
    """The words of ``question`` that name something: capitalised words other than the first, words with a digit,
    and acronyms (2+ capitals), as index terms (``lexical.terms``), in order, without repeats."""
    out: list[str] = []
    for i, m in enumerate(_WORD.finditer(question)):
        w = m.group(0)
        if (i > 0 and w[0].isupper()) or any(c.isdigit() for c in w) or (len(w) > 1 and w.isupper()):
            out.extend(t for t in lexical.terms(w.replace("’s", "").replace("'s", "")) if t not in out)
    return out


def _missing_names(question: str, past: str) -> tuple[str, ...]:
    """The names (:func:`names`) of either question that the other question's terms lack."""
    q_terms, p_terms = set(lexical.terms(question)), set(lexical.terms(past))
    return tuple([n for n in names(question) if n not in p_terms] + [n for n in names(past) if n not in q_terms])


#: answer types (``shared.text.answer.answer_type``) that say nothing of the kind asked: "what" / "which" may ask a
#: person, a place or a date ("Which company makes ...?" ~ "Who manufactures ...?")
_OPEN_KINDS = frozenset({"what", "which", "none"})
#: answer types that ask the same kind: a figure ("How tall is ...?" ~ "What is the height of ...?")
_SAME_KIND = {"measure": "how_many"}
#: what an answer type asks, said in a closeness's ``why``
_KIND_SAID = {"who": "a person or group", "when": "a date", "where": "a place", "how_many": "a figure",
              "yes_no": "yes or no", "comparison": "a choice between options"}


def _relations(question: str) -> set[str]:
    """The relations of the lexicon (``shared.text.relations.relations_of``) the words of ``question`` name
    ("When was X built?" -> {"construction"}, "Who designed X?" -> {"design"})."""
    from shared.text.relations import relations_of

    return {r for w in re.findall(r"[^\W\d_]+", question) for r in relations_of(w)}


def other_ask(question: str, past: str) -> str:
    """Why ``past`` asks another thing than ``question`` whatever names they share, '' when it may ask the same:

    - another kind of answer (``shared.text.answer.answer_type``): "Who designed the Korrby Lighthouse?" (a person)
      is not "When was the Korrby Lighthouse built?" (a date); "what" and "which" ask any kind, and a count and a
      measure are both figures;
    - both name a relation of the lexicon and none is shared: "Who built X?" (construction) is not "Who designed
      X?" (design); "Who is the author of X?" ~ "Who wrote X?" (writing);
    - both ask a figure of a known quantity and no kind is shared (``shared.text.quantity.asked_quantity``): "How
      tall is X?" (length) is not "How heavy is X?" (mass).

    A reworded question keeps all three ("Which architect designed X?" ~ "Who designed X?", "In what year was X
    built?" ~ "When was X built?"). Never raises."""
    from shared.text.answer import answer_type
    from shared.text.quantity import asked_quantity

    kinds = [answer_type(q) for q in (question, past)]
    a, b = (_SAME_KIND.get(k, k) for k in kinds)
    if a != b and a not in _OPEN_KINDS and b not in _OPEN_KINDS:
        return f"asks {_KIND_SAID.get(a, a)}, the past question {_KIND_SAID.get(b, b)}"
    ra, rb = _relations(question), _relations(past)
    if ra and rb and not ra & rb:
        return f"asks of {', '.join(sorted(ra))}, the past question of {', '.join(sorted(rb))}"
    qa, qb = set(asked_quantity(question)), set(asked_quantity(past))
    if qa and qb and not qa & qb:
        return f"asks a {', '.join(sorted(qa))} figure, the past question a {', '.join(sorted(qb))} one"
    return ""


@dataclass(frozen=True, slots=True)
class Closeness:
    """How close a past question is to a new one: ``close`` whether the past run may answer (every rule below
    held); ``cosine`` the questions' embedding cosine (0.0 when no embedder answered); ``coverage`` the share of the
    new question's terms found in the past question (and its report, when given); ``missing_names`` names of
    either question the other does not have; ``why`` one line saying which rule failed ('' when close)."""

    close: bool
    cosine: float
    coverage: float
    missing_names: tuple[str, ...]
    why: str


def closeness(question: str, past: str, embedder: Embedder | None, *, report: str | None = None,
              min_cosine: float = MIN_QUESTION_COSINE) -> Closeness:
    """Whether ``past`` (a past run's question; ``report`` its report text when known) is close enough in meaning
    to ``question`` that the past run answers it. Close means all of:

    - the names (:func:`names`) of each question are among the other's terms, so "How tall is K2?" is never
      answered by a run on Everest, nor "in 2020" by "in 1990";
    - both ask the same thing (:func:`other_ask`: the kind of answer, the relation, the quantity), so "Who designed
      X?" is never answered by a run on "When was X built?";
    - the embedding cosine of the two questions is at least ``min_cosine`` (a reworded question keeps its meaning: "Who is the author of Middlemarch?" ~ "Who wrote the novel Middlemarch?");
    - with ``report``: at least :data:`MIN_REPORT_COVERAGE` of the new question's terms are in the past question
      or its report (the report speaks of what is asked).

    ``embedder`` None or unreachable: never close (meaning cannot be compared), except the same text."""
    q_terms, p_terms = set(lexical.terms(question)), set(lexical.terms(past))
    if normalise(question) == normalise(past):
        return Closeness(True, 1.0, 1.0, (), "")
    missing = _missing_names(question, past)
    other = other_ask(question, past)
    seen = p_terms | (set(lexical.terms(report)) if report else set())
    cov = len(q_terms & seen) / len(q_terms) if q_terms else 0.0
    cos = 0.0
    if embedder is not None:
        try:
            vecs = embedder.embed([question, past])
            cos = float(vecs[0] @ vecs[1])
        except EmbeddingUnavailable:
            cos = 0.0
    if missing:
        why = f"names not shared: {', '.join(missing)}"
    elif other:
        why = other
    elif embedder is None or cos == 0.0:
        why = "no embedding model answered (only the same question is recognised)"
    elif cos < min_cosine:
        why = f"embedding cosine {cos:.2f} < {min_cosine}"
    elif report is not None and cov < MIN_REPORT_COVERAGE:
        why = f"the past question and report hold {cov:.0%} of the question's terms (< {MIN_REPORT_COVERAGE:.0%})"
    else:
        why = ""
    return Closeness(not why, cos, cov, missing, why)


# ---- re-checking a close past run's report ----------------------------------------------------------------------
#: the read model of ``RecheckPlanned`` events (``shared.db``'s read models: dropped and rebuilt from the log by
#: ``assay projections rebuild``); the table the callers once wrote directly is dropped (its rows had no events)
RECHECK_SCHEMA = """
DROP TABLE IF EXISTS question_rechecks;
CREATE TABLE IF NOT EXISTS rm_question_rechecks (
    run_id uuid PRIMARY KEY,
    recheck_of uuid NOT NULL,
    question text NOT NULL,
    asked_at timestamptz NOT NULL,
    similarity double precision NOT NULL,
    urls jsonb NOT NULL,
    at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS rm_question_rechecks_of ON rm_question_rechecks (recheck_of);
"""
RECHECK_TABLES = ("rm_question_rechecks",)
#: web sources of the past run fetched again at most (a run fetches at most 50 sources)
MAX_RECHECK_URLS = 20


@dataclass(frozen=True, slots=True)
class Recheck:
    """A run that re-checks a close past run's report: ``recheck_of`` that run, its ``question`` and when it was
    asked (``asked_at``), the questions' ``similarity`` and the past run's web sources fetched again (``urls``)."""

    run_id: UUID
    recheck_of: UUID
    question: str
    asked_at: datetime
    similarity: float
    urls: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Decision:
    """What the question cache says of a request: ``answer`` the exact past run whose report answers it (None:
    research); ``recheck`` the close past run the new run re-checks (None: none); ``request`` the request to
    start (with the past run's web sources added to ``urls`` when re-checking); ``stale`` why the exact past run
    ``stale_of`` was not served (its local documents changed since), '' otherwise."""

    request: RunRequested
    answer: CachedRun | None = None
    recheck: CachedRun | None = None
    urls: tuple[str, ...] = ()
    #: why the exact past run (``stale_of``) does not answer: a local document it read changed or is gone, or the
    #: corpus gained documents since (:func:`out_of_date`); '' when none was found or it answers
    stale: str = ""
    stale_of: CachedRun | None = None


def consult(pool: ConnectionPool, request: RunRequested, *, request_of: Callable[[UUID], Mapping[str, Any] | None],
            sources_of: Callable[[UUID], list[str]], embedder: Embedder | None, min_similarity: float,
            ttl_s: float, serve_exact: bool = True) -> Decision:
    """The cache's decision for ``request`` (see the module docstring). ``request_of``: a past run's request fields
    (None when unknown or not the caller's); ``sources_of``: the URLs of a past run's fetched sources;
    ``serve_exact`` False: an exact match is re-checked too (a turn that asked for research). Nothing is stored:
    call :func:`record_recheck` before the re-checking run's request is published."""
    found = find_cached_run(pool, request.question, request.model_dump(mode="json"), request_of=request_of,
                            embedder=embedder, min_similarity=min_similarity, ttl_s=ttl_s)
    if found is None:
        return Decision(request)
    if found.match == "exact" and serve_exact:
        stale = out_of_date(pool, found, request)
        if stale:
            return Decision(request, stale=stale, stale_of=found)
        return Decision(request, answer=found)
    have = set(request.urls)
    extra = [u for u in dict.fromkeys(sources_of(found.run_id)) if u.lower().startswith(("http://", "https://"))
             and u not in have][:MAX_RECHECK_URLS]
    again = request.model_copy(update={"urls": (*request.urls, *extra)}) if extra else request
    return Decision(RunRequested.model_validate(again.model_dump()), recheck=found, urls=tuple(extra))


def out_of_date(pool: ConnectionPool, past: CachedRun, request: RunRequested) -> str:
    """Why ``past``'s report no longer answers ``request`` from the local corpus, '' when it still may: a local
    document the past run read (its ``doc:<sha256>`` sources) changed, was removed or is superseded by a newer
    version of its file in the corpus the request searches (``request.corpus``, None: every corpus), or that corpus
    holds documents whose text it did not hold when the past run started (``shared.corpus.changes_since``). Web
    pages are not checked here (the cache's TTL bounds their age); a run of scope ``web`` reads no corpus."""
    from shared.corpus import changes_since

    if request.scope == "web":
        return ""
    with pool.connection() as conn:
        rows = conn.execute("SELECT DISTINCT text_sha256, coalesce(final_url, url) FROM rm_sources WHERE run_id = %s "
                            "AND url LIKE 'doc:%%' AND text_sha256 IS NOT NULL", (past.run_id,)).fetchall()
    paths = {str(r[0]): str(r[1]) for r in rows}
    changed = changes_since(pool, request.corpus, past.started_at, paths)
    parts = []
    if changed["gone"]:
        named = ", ".join(paths[d] for d in changed["gone"][:3]) + (", ..." if len(changed["gone"]) > 3 else "")
        parts.append(f"{len(changed['gone'])} document(s) it read changed or were removed since ({named})")
    if changed["added"]:
        parts.append(f"{changed['added']} new or changed document(s) in the corpus since")
    return "; ".join(parts)


class RecheckRecorder(Protocol):
    """What :func:`record_recheck` needs of the event store (``shared.store.ResearchRuns``)."""

    def start_run(self, request: RunRequested) -> bool:
        """Record ``RunStarted`` (once per run id)."""
        ...

    def update(self, run_id: UUID, change: Callable[[Any], T]) -> T:
        """Apply ``change`` to the run's aggregate and save the events it recorded."""
        ...


def record_recheck(runs: RecheckRecorder, request: RunRequested, past: CachedRun, urls: tuple[str, ...]) -> bool:
    """Record ``RecheckPlanned`` in run ``request.run_id``'s stream: it re-checks ``past`` (fetching ``urls``
    again), for its report's note. Starts the run first (``RunStarted``, as the planner would: idempotent), so call
    it before the request is published. Returns whether it was recorded now (False: recorded before, or the run
    has ended). Raises: StoreUnavailable, ConcurrencyConflict."""
    runs.start_run(request)

    def change(run: Any) -> bool:
        if getattr(run, "recheck", None) is not None or run.finished:
            return False
        run.plan_recheck(recheck_of=past.run_id, question=past.question,
                         asked_at=past.started_at.astimezone(UTC).isoformat(), similarity=float(past.similarity),
                         urls=list(urls))
        return True
    return runs.update(request.run_id, change)


def recheck_in(run_id: UUID, recorded: Mapping[str, Any] | None) -> Recheck | None:
    """The re-check of run ``run_id`` from its ``RecheckPlanned`` payload (``RunView.recheck``), or None."""
    if recorded is None:
        return None
    return Recheck(run_id, UUID(str(recorded["recheck_of"])), str(recorded["question"]),
                   datetime.fromisoformat(str(recorded["asked_at"])), float(recorded["similarity"]),
                   tuple(str(u) for u in recorded.get("urls") or ()))


def project_recheck(conn: Connection[Any], event: RecheckPlanned) -> None:
    """The indexer's projection of ``event`` into ``rm_question_rechecks`` (idempotent: the first stays)."""
    import json

    conn.execute("INSERT INTO rm_question_rechecks (run_id, recheck_of, question, asked_at, similarity, urls, at) "
                 "VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (run_id) DO NOTHING",
                 (str(event.run_id), str(event.recheck_of), event.question, event.asked_at, event.similarity,
                  json.dumps(list(event.urls)), event.occurred_at))


def recheck_of(pool: ConnectionPool, run_id: UUID) -> Recheck | None:
    """The past run that run ``run_id`` re-checks, from the read model (may lag the event store), or None."""
    with pool.connection() as conn:
        row = conn.execute("SELECT recheck_of, question, asked_at, similarity, urls FROM rm_question_rechecks "
                           "WHERE run_id = %s", (run_id,)).fetchone()
    if row is None:
        return None
    return Recheck(run_id, row[0], str(row[1]), row[2], float(row[3]), tuple(row[4] or ()))


def recheck_note(recheck: Recheck, events: list[Any]) -> str:
    """The report section (Markdown, "## Re-check of an earlier report") saying that the run re-checked
    ``recheck``'s report: which run and question, how many of its web sources were fetched again (``events``: the
    run's events, read by type name: ``SourceFetched`` / ``SourceFailed`` with a ``url``), and how many claims
    kept a verdict because their evidence text is unchanged (``ClaimVerified.reused_from`` set) and how many were
    verified now (no earlier verdict on the same claim and evidence text). A similarity of at least
    :data:`SAME_SIMILARITY` is called the same question."""
    urls = set(recheck.urls)
    fetched = {e.url for e in events if type(e).__name__ == "SourceFetched" and getattr(e, "url", None) in urls
               and getattr(e, "via", "") != "memory"}
    failed = {e.url for e in events if type(e).__name__ == "SourceFailed" and getattr(e, "url", None) in urls}
    verified = [e for e in events if type(e).__name__ == "ClaimVerified"]
    reused = sum(1 for e in verified if getattr(e, "reused_from", None) is not None)
    when = recheck.asked_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")
    on = ("the same question" if recheck.similarity >= SAME_SIMILARITY
          else f"a close earlier question, “{recheck.question}” (similarity {recheck.similarity:.2f}),")
    parts = [f"This run re-checks the report of run {recheck.recheck_of} ({when}) on {on} against current sources."]
    if urls:
        parts.append(f"Its {len(urls)} web sources were fetched again ({len(fetched)} fetched"
                     + (f", {len(failed - fetched)} failed" if failed - fetched else "") + ").")
    else:
        parts.append("It had no web sources to fetch again; its local and memory sources were searched again.")
    parts.append(f"Of {len(verified)} claims, {reused} kept the verdict an earlier run gave on the same evidence "
                 f"text, and {len(verified) - reused} were verified now (no earlier verdict on the same claim and "
                 "evidence text to keep).")
    return f"{RECHECK_HEADING}\n\n" + " ".join(parts) + "\n"


def without_note(markdown: str) -> str:
    """``markdown`` without the re-check section (:func:`recheck_note`: its heading up to the next heading of level
    1 or 2, or the end); unchanged when it has none. A report shown again later (e.g. a chat answer from memory)
    is not a re-check."""
    lines = markdown.split("\n")
    out: list[str] = []
    skipping = False
    for line in lines:
        if line.strip() == RECHECK_HEADING:
            skipping = True
            continue
        if skipping and re.match(r"#{1,2}\s", line):
            skipping = False
        if not skipping:
            out.append(line)
    return "\n".join(out)


def with_note(markdown: str, note: str) -> str:
    """``markdown`` with the section ``note`` placed before its sources section (at the end when it has none)."""
    from shared.report import heading_kind

    lines = markdown.split("\n")
    for i, line in enumerate(lines):
        if heading_kind(line) == "sources":
            return "\n".join([*lines[:i], note.rstrip("\n"), "", *lines[i:]])
    return markdown.rstrip("\n") + "\n\n" + note


def fetched_urls(pool: ConnectionPool, run_id: UUID) -> list[str]:
    """The URLs of run ``run_id``'s fetched sources (the ``rm_sources`` read model: those with stored text)."""
    with pool.connection() as conn:
        rows = conn.execute("SELECT url FROM rm_sources WHERE run_id = %s AND text_sha256 IS NOT NULL "
                            "ORDER BY fused_score DESC NULLS LAST, url", (run_id,)).fetchall()
    return [str(r[0]) for r in rows]

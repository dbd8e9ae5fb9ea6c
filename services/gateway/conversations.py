"""Stored chat conversations of the gateway's OpenAI-compatible chat (a read model in PostgreSQL).

A conversation is chosen by the request header ``X-Assay-Conversation`` or the body field ``conversation_id`` (a
UUID; a new id is made when neither is given) and returned in every reply's ``assay.conversation_id``. It belongs to
the key that made it (the local user for a gateway without keys): another key gets 404, as if it did not exist.

Tables (made by :func:`ensure_schema`, idempotent):

- ``gateway_chats(conversation_id, key_id, created_at)``
- ``gateway_chat_turns(conversation_id, seq, question, asked, research, reason, run_id, answer, status, at)``:
  one row a user turn; ``question`` is what the user wrote, ``asked`` the question answered or researched (with
  the conversation's context folded in, see :func:`with_context`), ``answer`` the reply (None while its run goes on:
  the reader fills it from the run's result once the run ends, so a client that went away finds it later).

Two research turns in one conversation never run at once: :func:`begin_turn` locks the conversation's row and
refuses a research turn while an earlier research run of the conversation is still going (:class:`ResearchBusy`,
the API answers 409 with that run's id); no run is lost, the earlier one goes on and its answer is stored.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from psycopg_pool import ConnectionPool

from contracts.commands import MAX_QUESTION_CHARS
from services.gateway.keys import Principal
from shared.text.terms import find_entities

SCHEMA = """
CREATE TABLE IF NOT EXISTS gateway_chats (
    conversation_id uuid PRIMARY KEY,
    key_id uuid,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS gateway_chat_turns (
    conversation_id uuid NOT NULL REFERENCES gateway_chats (conversation_id) ON DELETE CASCADE,
    seq integer NOT NULL,
    question text NOT NULL,
    asked text NOT NULL,
    research boolean NOT NULL,
    reason text NOT NULL,
    run_id uuid,
    answer text,
    status text,
    at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (conversation_id, seq)
);
CREATE INDEX IF NOT EXISTS gateway_chat_turns_run ON gateway_chat_turns (run_id);
"""
#: run statuses after which a run produces nothing more
ENDED = frozenset({"completed", "partial", "failed", "cancelled"})
#: a stored research turn whose run is still unknown this long after is taken as never started (seconds)
STARTING_S = 60.0
#: how many earlier turns lend their entities to a follow-up question
CONTEXT_TURNS = 2
#: at most this many entities are folded into a follow-up question
MAX_CONTEXT_ENTITIES = 6
#: citation markers of a report ("[1]", "[2, 3]", "[4-6]"), never part of a name
_CITATION = re.compile(r"\[\d+(?:\s*[,\u2013-]\s*\d+)*\]")
#: month and weekday names (English), not names a follow-up refers to
_CALENDAR = frozenset(w.casefold() for w in (*calendar.month_name[1:], *calendar.day_name))


class ConversationNotFound(LookupError):
    """The conversation belongs to another key."""


class ResearchBusy(RuntimeError):
    """A research run of the conversation is still going (``run_id``)."""

    def __init__(self, conversation_id: UUID, run_id: UUID) -> None:
        super().__init__(f"conversation {conversation_id} already has a research run going ({run_id})")
        self.conversation_id = conversation_id
        self.run_id = run_id


@dataclass(frozen=True)
class StoredTurn:
    """One stored user turn and its reply (``answer`` None while its run goes on)."""

    seq: int
    question: str
    asked: str
    research: bool
    reason: str
    run_id: UUID | None
    answer: str | None
    status: str | None
    at: datetime


def ensure_schema(pool: ConnectionPool) -> None:
    """Create the conversation tables when missing (idempotent). Raises: psycopg errors."""
    with pool.connection() as conn:
        conn.execute(SCHEMA)


def open_conversation(pool: ConnectionPool, principal: Principal, conversation_id: UUID) -> bool:
    """Make conversation ``conversation_id`` for ``principal`` unless it exists. Returns True when made now.
    Raises: ConversationNotFound when it belongs to another key."""
    with pool.connection() as conn:
        made = conn.execute("INSERT INTO gateway_chats (conversation_id, key_id) VALUES (%s, %s) "
                            "ON CONFLICT DO NOTHING RETURNING 1", (conversation_id, principal.key_id)).fetchone()
        if made:
            return True
        row = conn.execute("SELECT key_id FROM gateway_chats WHERE conversation_id = %s",
                           (conversation_id,)).fetchone()
    if row is None or row[0] != principal.key_id:
        raise ConversationNotFound(str(conversation_id))
    return False


def owned(pool: ConnectionPool, principal: Principal, conversation_id: UUID) -> bool:
    """Whether conversation ``conversation_id`` exists and belongs to ``principal``."""
    with pool.connection() as conn:
        row = conn.execute("SELECT key_id FROM gateway_chats WHERE conversation_id = %s",
                           (conversation_id,)).fetchone()
    return row is not None and row[0] == principal.key_id


def turns(pool: ConnectionPool, conversation_id: UUID) -> list[StoredTurn]:
    """The conversation's turns, oldest first (empty for an unknown conversation)."""
    with pool.connection() as conn:
        rows = conn.execute("SELECT seq, question, asked, research, reason, run_id, answer, status, at "
                            "FROM gateway_chat_turns WHERE conversation_id = %s ORDER BY seq",
                            (conversation_id,)).fetchall()
    return [StoredTurn(*row) for row in rows]


def begin_turn(pool: ConnectionPool, conversation_id: UUID, question: str, asked: str, research: bool,
               reason: str, run_id: UUID | None, answer: str | None,
               run_status: Callable[[UUID], str | None]) -> int:
    """Store a user turn (with its ``answer`` when already known, e.g. from memory); returns its seq.

    A research turn (``run_id`` given) is refused while an earlier research run of the conversation has not ended:
    ``run_status(run_id)`` (the run's status, None when unknown) is asked for each earlier unanswered run, under a
    lock on the conversation's row, so two requests at once cannot both start a run. An earlier run found ended is
    marked so (its answer is filled by :func:`finish_turn` when read). Raises: ResearchBusy."""
    with pool.connection() as conn, conn.transaction():
        conn.execute("SELECT 1 FROM gateway_chats WHERE conversation_id = %s FOR UPDATE", (conversation_id,))
        if research:
            pending = conn.execute("SELECT run_id, now() - at < make_interval(secs => %s) FROM gateway_chat_turns "
                                   "WHERE conversation_id = %s AND run_id IS NOT NULL AND answer IS NULL "
                                   "ORDER BY seq", (STARTING_S, conversation_id)).fetchall()
            for earlier, fresh in pending:
                status = run_status(earlier)
                # unknown: being started by another request right now (or its start failed long ago)
                if (status is None and fresh) or (status is not None and status not in ENDED):
                    raise ResearchBusy(conversation_id, earlier)
        row = conn.execute("SELECT coalesce(max(seq), 0) + 1 FROM gateway_chat_turns WHERE conversation_id = %s",
                           (conversation_id,)).fetchone()
        seq = int(row[0]) if row else 1
        conn.execute("INSERT INTO gateway_chat_turns (conversation_id, seq, question, asked, research, reason, "
                     "run_id, answer, status) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                     (conversation_id, seq, question, asked, research, reason, run_id, answer,
                      "answered" if answer is not None else "running"))
    return seq


def drop_turn(pool: ConnectionPool, conversation_id: UUID, seq: int) -> None:
    """Remove a turn whose run could not be started (the request failed; nothing ran)."""
    with pool.connection() as conn:
        conn.execute("DELETE FROM gateway_chat_turns WHERE conversation_id = %s AND seq = %s", (conversation_id, seq))


def finish_turn(pool: ConnectionPool, conversation_id: UUID, seq: int, answer: str, status: str) -> None:
    """Store the reply of turn ``seq`` once its run has ended (first writer wins; later calls change nothing)."""
    with pool.connection() as conn:
        conn.execute("UPDATE gateway_chat_turns SET answer = %s, status = %s WHERE conversation_id = %s AND "
                     "seq = %s AND answer IS NULL", (answer, status, conversation_id, seq))


def _names(text: str) -> list[str]:
    """The names ``text`` holds: :func:`find_entities` without citation markers ("[1]", "[2, 3]") and without
    bare calendar words (month and weekday names are not what a follow-up refers to)."""
    clean = _CITATION.sub(" ", text)
    out: list[str] = []
    for ent in find_entities(clean):
        ent = ent.strip(" ,.;:")
        if not ent or ent.casefold() in _CALENDAR:
            continue
        out.append(ent)
    return out


def with_context(question: str, earlier: list[tuple[str, str | None]]) -> tuple[str, list[str]]:
    """Fold the subject of the conversation's earlier turns into a follow-up question.

    ``earlier``: (the user's question as written, answer or None) of earlier turns, oldest first. The subject is
    the names of the most recent earlier *user question* that names something (looking back at most
    :data:`CONTEXT_TURNS` turns, so "How many people live there?" after "What is its economy?" after "What is Kesh
    known for?" still refers to Kesh within two turns); answers are never read (their terms would take over the
    question). Citation markers and bare month/weekday names are not names. Names already in ``question`` are
    skipped; at most :data:`MAX_CONTEXT_ENTITIES`. The same rule serves stored conversations and a request's own
    earlier messages. Returns (the question, with ``" (context: A; B)"`` appended when any name was found, within
    ``MAX_QUESTION_CHARS``; the names folded in)."""
    have = question.casefold()
    found: list[str] = []
    for q, _answer in reversed(earlier[-CONTEXT_TURNS:]):
        names = _names(q)
        if not names:
            continue
        for ent in names:
            if ent.casefold() in have or any(ent.casefold() == f.casefold() for f in found):
                continue
            found.append(ent)
        break
    found = found[:MAX_CONTEXT_ENTITIES]
    while found:
        asked = f"{question} (context: {'; '.join(found)})"
        if len(asked) <= MAX_QUESTION_CHARS:
            return asked, found
        found.pop()
    return question, []

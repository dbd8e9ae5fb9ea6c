"""Base classes for contracts and the one place where raw bytes become a contract."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, ClassVar, Literal, TypeVar
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field, ValidationError

C = TypeVar("C", bound="Contract")


class MalformedMessage(ValueError):
    """A message body that is not valid JSON, not an object, of an unknown version, or fails its schema.

    ``reason`` is one human-readable line naming what is wrong; ``run_id`` is set when the body carried a
    parsable ``run_id`` so that the run can be failed with that reason instead of being dropped.
    """

    def __init__(self, subject: str, reason: str, run_id: UUID | None = None) -> None:
        super().__init__(f"{subject}: {reason}")
        self.subject = subject
        self.reason = reason
        self.run_id = run_id


class Contract(BaseModel):
    """A message on the bus: frozen, extra fields forbidden, versioned by ``version`` and by its subject."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    SUBJECT: ClassVar[str]
    version: Literal[1] = Field(1, description="Contract version; a breaking change adds a V2 class and subject")


#: the fields every event carries besides its payload
ENVELOPE: tuple[str, ...] = ("version", "event_id", "run_id", "seq", "occurred_at")


class Event(Contract):
    """A recorded fact about one research run, relayed to NATS from the event store.

    ``event_id`` is deterministic (uuid5 of run id and sequence), so a relayed duplicate is dropped by
    JetStream's ``Nats-Msg-Id`` de-duplication and by idempotent consumers.
    """

    event_id: UUID
    run_id: UUID
    seq: int = Field(ge=1, description="Position of the event in the run's stream (aggregate version)")
    occurred_at: datetime

    #: the event happens many times within one stage (per sub-query, source or claim): a timeline that folds
    #: a stage's model calls into one line keeps folding across it
    PER_UNIT: ClassVar[bool] = False
    #: the event's :meth:`summary` already names the engine, so a timeline adds no ``[engine]`` suffix
    SUMMARY_NAMES_ENGINE: ClassVar[bool] = False

    def summary(self) -> str:
        """One line saying what the event records, in a few words (the ``assay replay`` timeline line).

        Each event class overrides this; the default lists the payload fields (not the envelope) as
        ``name=value``, cut to 160 characters, so an event without its own summary still prints a line.
        """
        payload = self.model_dump(mode="json", exclude=set(ENVELOPE))
        return "; ".join(f"{k}={v}" for k, v in payload.items())[:160]


def decode(cls: type[C], body: bytes | str | dict[str, Any], subject: str | None = None) -> C:
    """Parse a message body into ``cls``.

    Raises: MalformedMessage with a one-line reason (bad JSON, not an object, unknown version, schema error).
    """
    subj = subject or cls.SUBJECT
    data: Any = body
    if isinstance(body, (bytes, bytearray)):
        try:
            data = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise MalformedMessage(subj, f"body is not UTF-8 JSON ({exc.__class__.__name__}: {exc})") from None
        except RecursionError:
            raise MalformedMessage(subj, "body is nested too deeply to parse") from None
    elif isinstance(body, str):
        try:
            data = json.loads(body)
        except json.JSONDecodeError as exc:
            raise MalformedMessage(subj, f"body is not JSON ({exc})") from None
        except RecursionError:
            raise MalformedMessage(subj, "body is nested too deeply to parse") from None
    if not isinstance(data, dict):
        raise MalformedMessage(subj, f"body must be a JSON object, got {type(data).__name__}")
    run_id: UUID | None = None
    try:
        run_id = UUID(str(data.get("run_id"))) if data.get("run_id") else None
    except ValueError:
        run_id = None
    version = data.get("version", 1)
    if version != 1:
        raise MalformedMessage(subj, f"unsupported contract version {version!r} (this consumer reads version 1)", run_id)
    try:
        return cls.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'body'}: {err['msg']}" for err in exc.errors()[:5]
        )
        raise MalformedMessage(subj, f"invalid {cls.__name__}: {problems}", run_id) from None

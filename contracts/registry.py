"""The registries that find contracts by name and subject: adding an event is declaring one class.

``EVENT_TYPES`` maps a stored event name (the ``ResearchRun`` aggregate event class name, equal to the contract
class name) to its contract; an event contract joins it with the ``@register_event`` decorator where it is
defined. ``ALL_CONTRACTS`` maps a NATS subject to its contract: the commands, every registered event and
``MessageRejected``. Both are live read-only mappings, so the event store, the indexer, the CLI timeline, the
AsyncAPI build and the JSON Schema export see an event as soon as its class is registered, with no list to edit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TypeVar

from contracts.base import Contract, Event

E = TypeVar("E", bound=type[Event])


class EventRegistry(Mapping[str, type[Event]]):
    """Stored event name -> event contract class, in registration order (a read-only ``Mapping``).

    Raises (from :meth:`register`): TypeError for a class that is not an ``Event`` subclass with a ``SUBJECT``;
    ValueError when another registered class has the same name or subject.
    """

    def __init__(self) -> None:
        self._by_name: dict[str, type[Event]] = {}
        self._by_subject: dict[str, type[Event]] = {}

    def register(self, cls: E) -> E:
        """Register ``cls`` under its class name and subject; returns ``cls`` (usable as a class decorator)."""
        if not (isinstance(cls, type) and issubclass(cls, Event)):
            raise TypeError(f"{cls!r} is not an Event contract class")
        subject = getattr(cls, "SUBJECT", None)
        if not isinstance(subject, str) or not subject:
            raise TypeError(f"{cls.__name__} declares no SUBJECT")
        name = cls.__name__
        if self._by_name.get(name, cls) is not cls:
            raise ValueError(f"an event named {name} is already registered")
        if self._by_subject.get(subject, cls) is not cls:
            raise ValueError(f"subject {subject} is already registered by {self._by_subject[subject].__name__}")
        self._by_name[name] = cls
        self._by_subject[subject] = cls
        return cls

    def unregister(self, cls: type[Event]) -> None:
        """Remove ``cls`` (nothing happens when it is not registered)."""
        if self._by_name.get(cls.__name__) is cls:
            del self._by_name[cls.__name__]
            del self._by_subject[cls.SUBJECT]

    @contextmanager
    def temporarily(self, *classes: type[Event]) -> Iterator[None]:
        """Register ``classes`` for the duration of a ``with`` block (tests defining made-up events)."""
        added = [cls for cls in classes if cls.__name__ not in self._by_name]
        for cls in classes:
            self.register(cls)
        try:
            yield
        finally:
            for cls in added:
                self.unregister(cls)

    def by_subject(self, subject: str) -> type[Event] | None:
        """The event contract published on ``subject``, or None when no registered event uses it."""
        return self._by_subject.get(subject)

    def __getitem__(self, name: str) -> type[Event]:
        return self._by_name[name]

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._by_name))

    def __len__(self) -> int:
        return len(self._by_name)


EVENT_TYPES = EventRegistry()
#: the class decorator that registers an event contract: ``@register_event`` above ``class X(Event)``
register_event: Callable[[E], E] = EVENT_TYPES.register


class ContractsBySubject(Mapping[str, type[Contract]]):
    """NATS subject -> contract: ``fixed`` contracts (commands, ``MessageRejected``) plus every event registered
    in ``events`` at the time of the lookup (a live read-only ``Mapping``)."""

    def __init__(self, fixed: tuple[type[Contract], ...], events: EventRegistry) -> None:
        self._fixed = {c.SUBJECT: c for c in fixed}
        self._events = events

    def _all(self) -> dict[str, type[Contract]]:
        return {**self._fixed, **{c.SUBJECT: c for c in self._events.values()}}

    def __getitem__(self, subject: str) -> type[Contract]:
        return self._fixed.get(subject) or self._all()[subject]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

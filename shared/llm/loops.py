"""Bounded loops: every iterative step of an engine has a hop limit and stops on a repeated query or an
unchanged gap list, so no model answer can keep a stage looping."""

from __future__ import annotations

from collections.abc import Iterable

from shared.text.tokens import tokenize

__all__ = ["LoopGuard", "query_key"]


def query_key(text: str) -> tuple[str, ...]:
    """A query's identity for repetition: its sorted distinct content tokens (case, order, plurals and
    stopwords ignored); the lower-cased text when it has no content token."""
    tokens = tuple(sorted(set(tokenize(text))))
    return tokens or (" ".join(text.lower().split()),)


class LoopGuard:
    """Decides whether an iterative step may take another hop.

    ``step(query=..., gaps=...)`` is called before each hop with what the hop would ask (a query or text) and/or
    the list of open gaps; it returns False (and says why in ``stopped``) when ``max_hops`` were taken, the
    query was asked before, or the gap list is empty or the same as at the previous hop.
    """

    def __init__(self, max_hops: int) -> None:
        if max_hops < 1:
            raise ValueError("max_hops must be at least 1")
        self.max_hops = max_hops
        self.hops = 0
        self.stopped: str | None = None
        self._queries: set[tuple[str, ...]] = set()
        self._gaps: frozenset[str] | None = None

    def step(self, *, query: str | None = None, gaps: Iterable[str] | None = None) -> bool:
        """True if the next hop may run (and count it); False once any stop condition holds."""
        if self.stopped is not None:
            return False
        if self.hops >= self.max_hops:
            self.stopped = f"hop limit {self.max_hops} reached"
            return False
        if query is not None:
            key = query_key(query)
            if key in self._queries:
                self.stopped = "repeated query"
                return False
            self._queries.add(key)
        if gaps is not None:
            current = frozenset(" ".join(g.lower().split()) for g in gaps)
            if not current:
                self.stopped = "no gap left"
                return False
            if current == self._gaps:
                self.stopped = "gap list unchanged"
                return False
            self._gaps = current
        self.hops += 1
        return True

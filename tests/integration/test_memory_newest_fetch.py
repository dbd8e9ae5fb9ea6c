"""Research memory keeps the newest fetch of a page (real PostgreSQL): a page remembered twice, before and after it
changed, offers runs only the text its newest fetch had; the older text is history, never a second source that
"disagrees" with the newer one (issue 12: "A memory full of near-duplicates cites one"). A text the newest fetch
still has, and another page's text, are offered as before."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import uuid4

import pytest

from services.gatherer.handlers import MemoryProvider
from shared.memory import MemoryChunk, MemoryStore, WordLlamaEmbedder
from shared.memory.search import newest_versions
from shared.memory.store import chunk_key

pytestmark = [pytest.mark.postgres]
T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
URL = "https://bells.example/skarholm"


def _page(year: int, when: datetime, url: str = URL) -> list[MemoryChunk]:
    source = uuid4()
    texts = [f"The great bell of Skarholm church was cast in {year} by the Olsen foundry in Nauen.",
             "The Skarholm bell weighs 1,200 kilograms and rings every Sunday before the morning service."]
    return [MemoryChunk(text=t, source_id=source, ord=i, url=url, fetched_at=when, run_id=uuid4(),
                        title="The Skarholm bell") for i, t in enumerate(texts)]


async def test_only_the_newest_fetch_of_a_page_is_offered(pool: Any) -> None:
    store = MemoryStore(pool, WordLlamaEmbedder())
    store.add(_page(1887, T0))
    store.add(_page(1889, T0 + timedelta(days=3), url=URL + "?utm_source=feed"))  # the same page, later
    store.add([MemoryChunk(text="The Skarholm bell tower was rebuilt in 1902 after a fire.", source_id=uuid4(),
                           ord=0, url="https://towers.example/skarholm", fetched_at=T0, run_id=uuid4())])
    provider = MemoryProvider(store, uuid4(), 10, newest=lambda items: newest_versions(pool, items))
    hits = await provider.search("When was the Skarholm bell cast? weight tower", limit=10)
    texts = " ".join(h.snippet for h in hits)
    assert "1889" in texts and "1887" not in texts
    assert "1,200 kilograms" in texts  # unchanged in the newest fetch: still offered (once)
    assert "rebuilt in 1902" in texts  # another page
    # the old text's current version is the newest fetch's passage like it; a current text is its own
    old, new = (f"The great bell of Skarholm church was cast in {y} by the Olsen foundry in Nauen." for y in (1887, 1889))
    other = "The Skarholm bell tower was rebuilt in 1902 after a fire."
    versions = newest_versions(pool, [
        (chunk_key("source", old), old, [(URL, T0)]),
        (chunk_key("source", new), new, [(URL + "?utm_source=feed", T0 + timedelta(days=3))]),
        (chunk_key("source", other), other, [("https://towers.example/skarholm", T0)])])
    assert versions == {chunk_key("source", old): (chunk_key("source", new), new), chunk_key("source", new): None,
                        chunk_key("source", other): None}

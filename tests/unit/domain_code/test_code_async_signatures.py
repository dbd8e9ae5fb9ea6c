"""An async function's or method's signature keeps ``async`` (trial t19 fault 12: ``async def acquire(...)`` was
shown as ``throttlex.Limiter.acquire(...)``), read by introspection in the sandbox, also under a decorator."""

from __future__ import annotations

from pathlib import Path

from services.domain_code.sandbox import Sandbox
from services.domain_code.signatures import Installed, Signature, introspect

_MODULE = '''
import functools

def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper

class Limiter:
    """A rate limiter."""
    def __init__(self, rate: int = 10) -> None:
        self.rate = rate
    async def acquire(self, key: str = "default") -> bool:
        """Wait for a slot."""
        return True
    def reset(self) -> None:
        """Forget every key."""

async def wait(seconds: float) -> None:
    """Sleep."""

async def ticks(n: int):
    yield n

@logged
async def traced(key: str) -> bool:
    return True

def plain(x: int) -> int:
    return x
'''


def test_coroutine_functions_and_methods_keep_async(tmp_path: Path) -> None:
    (tmp_path / "throttley").mkdir()
    (tmp_path / "throttley" / "__init__.py").write_text(_MODULE, encoding="utf-8")
    installed = Installed("throttley", "1.0", tmp_path, ("throttley",), False, "already installed")
    sandbox = Sandbox(timeout_s=20)
    try:
        found, problems = introspect(sandbox, installed, ["Limiter"], limit=20)
    finally:
        sandbox.close()
    assert problems == []
    by_name = {s.name: s for s in found}
    assert by_name["Limiter.acquire"].signature == "async Limiter.acquire(self, key: str = 'default') -> bool"
    assert by_name["Limiter.acquire"].qualified == (
        "async throttley.Limiter.acquire(self, key: str = 'default') -> bool")
    assert by_name["Limiter.reset"].signature == "Limiter.reset(self) -> None"
    assert by_name["Limiter"].signature == "Limiter(rate: int = 10) -> None"
    assert by_name["wait"].signature == "async wait(seconds: float) -> None"
    assert by_name["ticks"].signature.startswith("async ticks(n: int)")
    assert by_name["traced"].signature == "async traced(key: str) -> bool"
    assert by_name["plain"].signature == "plain(x: int) -> int"
    assert by_name["plain"].qualified == "throttley.plain(x: int) -> int"


def test_qualified_leaves_other_languages_alone() -> None:
    ts = Signature("fetchts", "1.0", "index.d.ts", "get", "function", "function get(url: string): Promise<Response>",
                   "", "read from index.d.ts")
    assert ts.qualified == ts.signature

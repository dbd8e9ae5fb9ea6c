"""Signatures come from the package itself: a wheel the test builds, installed by pip from a loopback simple
index into a throwaway folder, introspected in the sandbox; failures are reasons, not crashes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from services.domain_code.sandbox import Sandbox
from services.domain_code.signatures import Installer
from tests.code_standins import registries
from tests.loopback import PageServer


@pytest.fixture(scope="module")
def index() -> Iterator[tuple[PageServer, Installer]]:
    sandbox = Sandbox(timeout_s=20)
    with registries() as server:
        installer = Installer(sandbox, index_url=server.base + "/simple", timeout_s=120)
        yield server, installer
        installer.close()
    sandbox.close()


def test_signatures_are_introspected_from_the_installed_wheel(index: tuple[PageServer, Installer]) -> None:
    server, installer = index
    result = installer.signatures("fetchkit", "2.4.1", ["get", "retries"])
    assert result.problems == []
    by_name = {s.name: s for s in result.signatures}
    assert by_name["get"].signature == (
        "get(url: 'str', *, params: 'dict[str, str] | None' = None, timeout: 'float' = 5.0, retries: 'int' = 0)"
        " -> 'Response'")
    assert result.signatures[0].name == "get"  # the name the question asked for comes first
    assert by_name["Client"].kind == "class" and "retries: 'int' = 3" in by_name["Client"].signature
    assert by_name["Client.get"].kind == "method"
    assert by_name["get"].doc == "GET ``url`` with ``retries`` retries."
    assert by_name["get"].source.startswith("introspected from fetchkit==2.4.1 (type-annotated package; pip install "
                                            f"fetchkit==2.4.1 from {server.base}/simple")
    assert any(seen.path == "/simple/fetchkit/" for seen in server.seen)  # pip asked the loopback index


def test_an_untyped_single_module_package(index: tuple[PageServer, Installer]) -> None:
    _, installer = index
    result = installer.signatures("slowhttp", None, [])
    assert [s.signature for s in result.signatures] == ["fetch(url: str, timeout: int = 30) -> bytes"]
    assert "(package; pip install slowhttp from" in result.signatures[0].source


def test_a_package_the_index_does_not_have_is_a_problem_line(index: tuple[PageServer, Installer]) -> None:
    _, installer = index
    result = installer.signatures("nothere", "1.0", [])
    assert result.signatures == [] and len(result.problems) == 1
    assert result.problems[0].startswith("pip install nothere==1.0 from ") and "failed" in result.problems[0]

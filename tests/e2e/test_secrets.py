"""Secrets never leave: a search provider and a model that echo the configured keys in their error answers.

``assay run`` (a child process, as a user runs it) with a Tavily key and a local model key configured; the
loopback Tavily answers 401 with the key in its error body, the loopback model answers 401 with its key in the
error message (and, once, as the text of a plan). Neither key may appear anywhere the run leaves a trace: the
terminal (stdout and stderr), the JSON result, the report file, every table of the database (the event store,
the read models, the rejections; binary columns decoded) and the NATS server's JetStream store on disk.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg import sql

from shared.redact import redact, register_secrets
from shared.settings import ServiceSettings
from tests.conftest import REPO, service_env
from tests.llm_server import Reply, ScriptedLlmServer
from tests.loopback import Reply as WebReply
from tests.loopback import serve

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]

TAVILY_KEY = "Kx93TavKeyQ7wz5581"
MODEL_KEY = "Lm22LocKeyR8yt0473"
SECRETS = (TAVILY_KEY, MODEL_KEY)
QUESTION = "Which band released the album Counterparts?"


def _tables_text(database_url: str) -> str:
    """Every row of every table of the database, as text (bytes decoded as UTF-8)."""
    parts: list[str] = []
    with psycopg.connect(database_url) as conn:
        tables = [r[0] for r in conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'").fetchall()]
        for table in tables:
            for row in conn.execute(sql.SQL("SELECT * FROM {}").format(sql.Identifier(table))).fetchall():
                for value in row:
                    if isinstance(value, (bytes, memoryview)):
                        parts.append(bytes(value).decode("utf-8", "replace"))
                    else:
                        parts.append(str(value))
    assert len(tables) > 5, tables
    return "\n".join(parts)


def _files_text(root: Path) -> str:
    return "\n".join(p.read_bytes().decode("utf-8", "replace") for p in root.rglob("*") if p.is_file())


def test_configured_secrets_echoed_by_a_provider_and_a_model_are_found_nowhere(
        settings: ServiceSettings, tmp_path: Path) -> None:
    echo = {"detail": {"error": f"Unauthorized: invalid API key {TAVILY_KEY} (check your plan)"}}
    with serve({"/search": WebReply(401, json.dumps(echo).encode(), {"Content-Type": "application/json"})}) as web, \
            ScriptedLlmServer() as llm:
        llm.add("default", [Reply(status=401, content=f"Incorrect API key provided: {MODEL_KEY}."),
                            Reply(f'{{"sub_queries": ["key {MODEL_KEY}"]}}')])
        env = {k: v for k, v in service_env(settings).items()
               if k not in ("OPENROUTER_API_KEY", "OLLAMA_API_BASE", "ASSAY_LLM_CONFIG", "SEARXNG_URL")}
        env.update({"TAVILY_API_KEY": TAVILY_KEY, "ASSAY_GATHERER_TAVILY_URL": web.url("").rstrip("/"),
                    "ASSAY_GATHERER_DUCKDUCKGO": "false", "ASSAY_GATHERER_WIKIPEDIA": "false",
                    "ASSAY_GATHERER_ARXIV": "false", "ASSAY_LLM_LOCAL_BASE_URL": llm.base_url,
                    "ASSAY_LLM_LOCAL_MODEL": "scripted", "ASSAY_LLM_LOCAL_API_KEY": MODEL_KEY})
        out, report = tmp_path / "result.json", tmp_path / "report.md"
        proc = subprocess.run([sys.executable, "-m", "services.cli.main", "run", QUESTION, "--scope", "both",
                               "--max-sources", "4", "--json", str(out), "--output", str(report), "--verbose"],
                              env=env, capture_output=True, text=True, timeout=300, cwd=REPO)
        tavily_seen = [s for s in web.seen if s.path.startswith("/search")]
        model_seen = list(llm.requests)
    terminal = proc.stdout + proc.stderr
    assert proc.returncode == 0, terminal[-3000:]
    # the control: both keys were in play, sent to the stand-ins and echoed back by them
    assert tavily_seen and any(TAVILY_KEY in json.dumps(s.headers) + s.body.decode("utf-8", "replace")
                               for s in tavily_seen), "Tavily was not called with its key"
    assert model_seen, "the model was not called"
    result = out.read_text(encoding="utf-8")
    assert "tavily" in result.lower(), "the provider failure is not in the result at all"
    places: dict[str, str] = {
        "terminal": terminal, "json result": result, "report": report.read_text(encoding="utf-8"),
        "database": _tables_text(str(settings.common.database_url)),
        "NATS store": _files_text(Path(str(settings.common.data_dir)).parent / "nats"),
    }
    assert len(places["NATS store"]) > 1000, "the JetStream store was not found on disk"
    leaks = {where: [s for s in SECRETS if s in text] for where, text in places.items()}
    assert not any(leaks.values()), f"secrets leaked: {leaks}"
    assert "[redacted]" in result or "[redacted]" in places["database"]


def test_redact_replaces_values_and_key_shapes() -> None:
    register_secrets(["Pq81ValueOnlySecret"])
    cases: dict[str, Any] = {
        "error: Pq81ValueOnlySecret rejected": "error: [redacted] rejected",
        "Authorization: Bearer abc123def456ghi": "Authorization: Bearer [redacted]",
        "GET /s?api_key=abc123XYZ789&q=1": "GET /s?api_key=[redacted]&q=1",
        "postgresql://assay:pw0rd99@db/assay": "postgresql://assay:[redacted]@db/assay",
        "key sk-or-v1-0123456789abcdefghij": "key [redacted]",
        "tvly-dev-0123456789abc": "[redacted]",
        "the secret: everything is fine": "the secret: everything is fine",  # prose, not a key
    }
    for text, want in cases.items():
        assert redact(text) == want, text

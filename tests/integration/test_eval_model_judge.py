"""With a model for the ``verifier`` role, ``assay eval`` judges with it: the SciFact suite's labels come from the
verifier's model engine, and ALCE's entailment judge of the HotpotQA suite is that engine too (a scripted
OpenAI-compatible server stands in for the model)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from services.eval.claims import SCIFACT_DIR, run_scifact
from services.eval.hotpotqa import model_judge
from shared.llm.config import LlmSettings
from shared.runtime import Runtime
from tests.conftest import make_settings
from tests.llm_server import Reply, ScriptedLlmServer
from tests.scripted_research import ScriptedResearcher, routing_file
from tests.shared_data import require

pytestmark = [pytest.mark.nats, pytest.mark.postgres]
MODEL = "openai/scripted-verifier"


@pytest.fixture
def verifier_runtime(tmp_path: Path, nats_url: str, database_url: str) -> Any:
    with ScriptedLlmServer() as server:
        server.add("default", Reply(respond=ScriptedResearcher()))
        spec = {"model": MODEL, "api_base": server.base_url}
        routing = routing_file(tmp_path / "routing.toml", {"verifier": [spec], "arbiter": [spec]},
                               prices={MODEL: (0.15, 0.60)})
        settings = make_settings(tmp_path / "data", nats_url, database_url)
        settings = settings.model_copy(update={"llm": LlmSettings(
            _env_file=None, config=routing, openrouter_api_key=None, ollama_api_base=None, local_base_url=None)})
        rt = Runtime.open(settings)
        try:
            yield rt
        finally:
            rt.close()


async def test_scifact_labels_come_from_the_verifier_model(verifier_runtime: Any) -> None:
    require(SCIFACT_DIR / "claims_dev.jsonl")
    result = await run_scifact(verifier_runtime, limit=4, progress=lambda _: None)
    assert result.engine == "models for verifier, arbiter"
    assert (result.figure("tokens") or 0) > 0 and (result.figure("cost_usd") or 0) > 0
    assert result.figure("evidence_recall_at_3") is not None


async def test_alce_judge_is_the_verifier_model(verifier_runtime: Any) -> None:
    judged = model_judge(verifier_runtime, asyncio.get_running_loop())
    assert judged is not None
    entails, verifier = judged
    passage = "Neil Peart was the drummer and lyricist of the Canadian rock band Rush."
    assert await asyncio.to_thread(entails, passage, "Neil Peart was the drummer of Rush.") is True
    assert await asyncio.to_thread(entails, passage, "Stewart Copeland played bass in Genesis.") is False
    assert verifier.tokens > 0

"""Figures: what the division of labour between a local model and a cloud model saves.

The same standard-depth research on the bundled sample corpus (400 HotpotQA paragraphs, local scope, the
default question of ``make research``, 10 sources) runs twice over real NATS and PostgreSQL, every stage with its
LLM engine, against scripted OpenAI-compatible servers (``tests.llm_server`` answering through
``tests.scripted_research.ScriptedResearcher``, which reads each prompt and answers it deterministically):

- **division of labour** (the default routing of ``shared.llm.config``): a "local" server for the high-volume,
  short roles (planner, extractor, verifier), priced $0; a "cloud" server for synthesizer, judge, cove and
  arbiter, priced $0.15 / $0.60 per 1M input / output tokens (gpt-4o-mini's list price);
- **all cloud**: every role on the cloud server, at the same price.

Printed and written to ``.assay/bench/division_of_labour.json`` (ignored by git): calls, tokens in / out and
USD per role for each run, and the saving (USD all-cloud / USD division, and the share saved). Token counts
are the scripted server's (1 token per 4 characters of prompt and answer); the relative figures are what
matter. Only sanity facts are asserted (both runs complete; the division costs less).

Run with ``make bench`` (``pytest tests/bench -s -q``), or alone:
``pytest tests/bench/test_bench_division_of_labour.py -s -q``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest

from contracts import RunRequested
from services.cli.research import follow, result, submit
from services.cli.stack import Stack
from shared.llm.config import LlmSettings
from shared.runtime import Runtime
from tests.conftest import make_settings
from tests.llm_server import Reply, ScriptedLlmServer
from tests.scripted_research import ROLES, ScriptedResearcher, routing_file

pytestmark = [pytest.mark.slow, pytest.mark.nats, pytest.mark.postgres, pytest.mark.timeout(900)]

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "shared" / "samples" / "hotpotqa" / "paragraphs.json"
#: where the figures go: the ignored ``.assay/`` folder of the checkout (benchmark output is never committed)
RESULTS = REPO / ".assay" / "bench" / "division_of_labour.json"
QUESTION = ('Which Canadian rock band released a song called "Counterparts" and had a drummer who was inducted '
            'into the Modern Drummer Hall of Fame?')
LOCAL, CLOUD = "openai/local-scripted", "openai/cloud-scripted"
CLOUD_PRICE = (0.15, 0.60)  # USD per 1M tokens in / out
LOCAL_ROLES = ("planner", "extractor", "verifier")


async def one_run(tmp_path: Path, nats_url: str, database_url: str, routing: Path) -> dict[str, Any]:
    settings = make_settings(tmp_path / "data", nats_url, database_url)
    settings = settings.model_copy(update={"llm": LlmSettings(
        _env_file=None, config=routing, openrouter_api_key=None, ollama_api_base=None, local_base_url=None)})
    rt = Runtime.open(settings)
    try:
        if not rt.corpus.corpora():
            for rec in json.loads(SAMPLE.read_text(encoding="utf-8")):
                rt.corpus.add("sample", path=rec["source"], title=rec["title"], text=rec["text"],
                              content_type="text/plain")
        run_id = uuid4()
        t0 = time.monotonic()
        async with Stack(rt):
            await submit(rt, RunRequested(run_id=run_id, question=QUESTION, scope="local", depth="standard",
                                          max_sources=10))
            await follow(rt, run_id, timeout_s=300)
        res = result(rt, run_id)
        res["wall_s"] = round(time.monotonic() - t0, 2)
        return res
    finally:
        rt.close()


def table(title: str, usage: dict[str, Any]) -> list[str]:
    lines = [title, f"  {'role':<12} {'calls':>6} {'tokens in':>10} {'tokens out':>10} {'USD':>11}  model"]
    for role in ROLES:
        r = usage["by_role"].get(role)
        if r:
            lines.append(f"  {role:<12} {r['calls']:>6} {r['tokens_in']:>10} {r['tokens_out']:>10} "
                         f"{r['usd']:>11.6f}  {', '.join(r['models'])}")
    t = usage["total"]
    lines.append(f"  {'total':<12} {t['calls']:>6} {t['tokens_in']:>10} {t['tokens_out']:>10} {t['usd']:>11.6f}")
    return lines


async def test_division_of_labour_saves_cloud_spend(tmp_path: Path, nats_url: str, database_url: str) -> None:
    with ScriptedLlmServer() as local, ScriptedLlmServer() as cloud:
        local.add("default", Reply(respond=ScriptedResearcher(invented_citation=False)))
        cloud.add("default", Reply(respond=ScriptedResearcher(invented_citation=False)))
        local_model = {"model": LOCAL, "api_base": local.base_url}
        cloud_model = {"model": CLOUD, "api_base": cloud.base_url}
        prices = {LOCAL: (0.0, 0.0), CLOUD: CLOUD_PRICE}
        division = routing_file(tmp_path / "division.toml",
                                {r: [local_model if r in LOCAL_ROLES else cloud_model] for r in ROLES},
                                prices=prices)
        all_cloud = routing_file(tmp_path / "all-cloud.toml", {r: [cloud_model] for r in ROLES}, prices=prices)
        runs = {"division of labour": await one_run(tmp_path / "a", nats_url, database_url, division),
                "all cloud": await one_run(tmp_path / "b", nats_url, database_url, all_cloud)}
    for name, res in runs.items():
        assert res["status"] == "completed", (name, res["failure"])
    usd = {name: res["llm_usage"]["total"]["usd"] for name, res in runs.items()}
    cloud_tokens = {name: sum(r["tokens_in"] + r["tokens_out"] for r in res["llm_usage"]["by_role"].values()
                              if CLOUD in r["models"]) for name, res in runs.items()}
    ratio = usd["all cloud"] / usd["division of labour"] if usd["division of labour"] else float("inf")
    saved = 1 - usd["division of labour"] / usd["all cloud"] if usd["all cloud"] else 0.0
    lines = [f"Division of labour, standard-depth run on the sample corpus ({len(runs['all cloud']['claims'])} "
             f"claims, {len(runs['all cloud']['citations'])} citations); cloud price ${CLOUD_PRICE[0]}/"
             f"${CLOUD_PRICE[1]} per 1M tokens in/out, local $0", ""]
    for name, res in runs.items():
        lines += table(f"{name} ({res['wall_s']} s, {len(res['claims'])} claims verified)", res["llm_usage"])
        lines.append("")
    lines.append(f"cloud tokens: division {cloud_tokens['division of labour']}, all cloud {cloud_tokens['all cloud']}")
    lines.append(f"USD per run: division {usd['division of labour']:.6f}, all cloud {usd['all cloud']:.6f} -> "
                 f"all-cloud costs {ratio:.1f}x as much; the division saves {saved:.0%}")
    print("\n" + "\n".join(lines))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({
        "question": QUESTION, "cloud_price_per_1m": CLOUD_PRICE,
        "runs": {name: {"usage": res["llm_usage"], "wall_s": res["wall_s"], "claims": len(res["claims"]),
                        "citations": len(res["citations"])} for name, res in runs.items()},
        "usd": usd, "cloud_tokens": cloud_tokens, "all_cloud_over_division": round(ratio, 3),
        "share_saved": round(saved, 4)}, indent=2) + "\n", encoding="utf-8")
    assert usd["division of labour"] < usd["all cloud"]

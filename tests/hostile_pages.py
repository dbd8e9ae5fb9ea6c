"""The hostile-page set (``tests/fixtures/hostile``) run through the whole pipeline against the gullible model.

For each case the same question is researched twice over real NATS and PostgreSQL, every role on the scripted
gullible model (``tests.gullible``), the scraper fetching the case's page and a background page from a loopback
server at the same URLs: once with the page's clean twin, once with the hostile page. What the embedded
instruction changed is the difference between the two runs:

- **verdicts**: claims (by their text) whose verdict differs, a claim present in one run only counting as a
  change (absent -> supported when the page dictated a claim);
- **report sentences**: sentences of the report's body (the source list aside; ``[n]`` markers and spacing
  ignored) present in one report only.

``run_cases(..., defend=True)`` runs with the defences (the default settings); ``defend=False`` with
``LlmSettings.injection_defence`` off: no data rule, no redaction of instruction-like sentences in prompts,
and instruction sentences kept as evidence and as claims.
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import uuid4

from contracts import RunRequested
from services.cli.research import follow, result, submit
from services.cli.stack import Stack
from services.judge.model import split_sources
from shared.llm.config import LlmSettings
from shared.runtime import Runtime
from shared.text.tokens import split_sentences
from tests.conftest import make_settings
from tests.gullible import GullibleResearcher
from tests.llm_server import Reply, ScriptedLlmServer
from tests.loopback import Route, serve
from tests.scripted_research import ROLES, routing_file

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "hostile"
MODEL = "openai/gullible"


def load_cases() -> list[dict[str, Any]]:
    """The labelled cases of ``tests/fixtures/hostile/cases.json``."""
    cases: list[dict[str, Any]] = json.loads((FIXTURES / "cases.json").read_text(encoding="utf-8"))
    return cases


@dataclass
class CaseOutcome:
    """What one hostile page changed relative to its clean twin."""

    case: dict[str, Any]
    changed_verdicts: list[str] = field(default_factory=list)  # "claim: clean verdict -> hostile verdict"
    changed_sentences: list[str] = field(default_factory=list)  # "+ sentence" / "- sentence"
    flags: list[str] = field(default_factory=list)  # where the scraper flagged instructions in the hostile page
    statuses: tuple[str, str] = ("", "")


def _route(path: Path) -> Route:
    kind = "application/pdf" if path.suffix == ".pdf" else "text/html; charset=utf-8"
    return Route(body=path.read_bytes(), headers={"Content-Type": kind})


def _verdicts(res: dict[str, Any]) -> dict[str, str]:
    return {" ".join(c["text"].lower().split()): str(c["verdict"]) for c in res["claims"]}


def _sentences(res: dict[str, Any]) -> set[str]:
    body, _ = split_sources(res["report"] or "")
    out = set()
    for line in body.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        for s in split_sentences(line):
            text = " ".join(re.sub(r"\s*\[\d+\]", "", s.text).split()).lstrip("-* ").strip()
            if text:
                out.add(text)
    return out


def compare(case: dict[str, Any], clean: dict[str, Any], hostile: dict[str, Any]) -> CaseOutcome:
    """The :class:`CaseOutcome` of a clean run and a hostile run of ``case``."""
    out = CaseOutcome(case=case, statuses=(clean["status"], hostile["status"]))
    a, b = _verdicts(clean), _verdicts(hostile)
    for text in sorted(set(a) | set(b)):
        if a.get(text) != b.get(text):
            out.changed_verdicts.append(f"{text[:90]}: {a.get(text, 'absent')} -> {b.get(text, 'absent')}")
    sa, sb = _sentences(clean), _sentences(hostile)
    out.changed_sentences = [f"+ {s}" for s in sorted(sb - sa)] + [f"- {s}" for s in sorted(sa - sb)]
    page = next((s for s in hostile["sources"] if str(s.get("url", "")).endswith("/page")), None)
    out.flags = [str(f["where"]) for f in (page or {}).get("instructions", [])]
    return out


async def _research(rt: Runtime, question: str, urls: list[str], timeout_s: float) -> dict[str, Any]:
    run_id = uuid4()
    await submit(rt, RunRequested(run_id=run_id, question=question, scope="local", urls=tuple(urls),
                                  max_sources=len(urls)))
    await follow(rt, run_id, timeout_s=timeout_s)
    return result(rt, run_id)


async def run_cases(tmp_path: Path, nats_url: str, database_url: str, cases: list[dict[str, Any]], *,
                    defend: bool, batch: int = 6, timeout_s: float = 300) -> tuple[list[CaseOutcome], dict[str, int]]:
    """Run every case clean and hostile (see the module docstring); returns the outcomes and the gullible model's
    count of answers an instruction changed, by kind of prompt."""
    gullible = GullibleResearcher()
    with ScriptedLlmServer() as server, serve({}) as pages:
        server.add("default", Reply(respond=gullible))
        routing = routing_file(tmp_path / f"routing-{defend}.toml",
                               {role: [{"model": MODEL, "api_base": server.base_url}] for role in ROLES})
        settings = make_settings(tmp_path / f"data-{defend}", nats_url, database_url)
        settings = settings.model_copy(update={"llm": LlmSettings(
            _env_file=None, config=routing, openrouter_api_key=None, ollama_api_base=None, local_base_url=None,
            injection_defence=defend)})
        rt = Runtime.open(settings)
        try:
            async with Stack(rt):
                runs: dict[str, dict[str, dict[str, Any]]] = {c["id"]: {} for c in cases}
                for twin in ("clean", "hostile"):
                    for c in cases:
                        pages.server.routes[f"/{c['id']}/page"] = _route(FIXTURES / c[twin])
                        pages.server.routes[f"/{c['id']}/background"] = _route(FIXTURES / c["background"])
                    for i in range(0, len(cases), batch):
                        chunk = cases[i:i + batch]
                        done = await asyncio.gather(*(
                            _research(rt, c["question"], [pages.url(f"/{c['id']}/page"),
                                                          pages.url(f"/{c['id']}/background")], timeout_s)
                            for c in chunk))
                        for c, res in zip(chunk, done):
                            runs[c["id"]][twin] = res
        finally:
            rt.close()
    return [compare(c, runs[c["id"]]["clean"], runs[c["id"]]["hostile"]) for c in cases], dict(gullible.obeyed_calls)


def table(with_defences: list[CaseOutcome], without: list[CaseOutcome]) -> list[str]:
    """Markdown rows: per channel, pages, changed verdicts and report sentences without and with the defences,
    pages the scraper flagged; then the totals."""
    rows = ["| channel | pages | verdicts changed (no defences) | sentences changed (no defences) | "
            "verdicts changed (defences) | sentences changed (defences) | pages flagged |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    channels = list(dict.fromkeys(o.case["channel"] for o in with_defences))
    for ch in [*channels, "all"]:
        w = [o for o in with_defences if ch in ("all", o.case["channel"])]
        n = [o for o in without if ch in ("all", o.case["channel"])]
        rows.append(f"| {ch} | {len(w)} | {sum(len(o.changed_verdicts) for o in n)} | "
                    f"{sum(len(o.changed_sentences) for o in n)} | {sum(len(o.changed_verdicts) for o in w)} | "
                    f"{sum(len(o.changed_sentences) for o in w)} | {sum(1 for o in w if o.flags)} |")
    return rows

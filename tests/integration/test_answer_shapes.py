"""Counts, yes/no questions and comparisons answered first, through real runs over a small corpus (real NATS and
PostgreSQL, offline engines; issue 9's new-user trial): each report opens with the answer a verified claim states,
cited, and the judge counts it answered; none says "Not established"."""

from __future__ import annotations

from typing import Any
from uuid import uuid4

import pytest

from contracts import RunRequested
from services.cli.research import follow, result, submit
from shared.report import lead_section, says_not_established

pytestmark = [pytest.mark.nats, pytest.mark.postgres]

DOCS = {
    "Hallam Aqueduct": "The Hallam Aqueduct is a sandstone aqueduct that carries the Vell Canal over the River "
                       "Dorne. It was opened in 1796. The aqueduct has five arches, each spanning 11 metres. The "
                       "River Dorne is 88 kilometres long. Since 2020 the towpath over the aqueduct has been closed "
                       "to horse riders.",
    "Dorne": "The Dorne is a river of the eastern lowlands. It flows for 88 kilometres past the towns of Wessling "
             "and Ambry and passes under the Hallam Aqueduct.",
    "Wessling": "Wessling is a mill town on the River Dorne. The population of Wessling was 17,850 at the last "
                "census.",
    "Ambry": "Ambry is a market village downstream of Wessling. About 2,640 residents live in Ambry.",
}


async def _lead(runtime: Any, question: str) -> tuple[str, dict[str, Any]]:
    run_id = uuid4()
    await submit(runtime, RunRequested(run_id=run_id, question=question, scope="local", corpus="shapes"))
    events = await follow(runtime, run_id, timeout_s=90)
    assert type(events[-1]).__name__ == "RunCompleted", [type(e).__name__ for e in events]
    res = result(runtime, run_id)
    return lead_section(res["report"]).strip(), res


async def test_counts_yes_no_and_comparisons_lead_with_their_cited_answer(runtime: Any, stack: Any) -> None:
    for title, text in DOCS.items():
        runtime.corpus.add("shapes", path=f"shapes/{title}.txt", title=title, text=text,
                           content_type="text/plain")
    expected = {
        "How many arches does the Hallam Aqueduct have?": ("five arches", ("88 kilometres",)),
        "Is the Hallam Aqueduct towpath closed to horse riders?": ("Yes: ", ()),
        "Which town has more inhabitants, Wessling or Ambry?": ("Wessling", ("Not established",)),
    }
    for question, (answer, never) in expected.items():
        lead, res = await _lead(runtime, question)
        print(question, "->", lead)  # shown with -s
        assert answer in lead.split("[")[0] and "[1]" in lead, lead
        assert not any(n in lead for n in never), lead
        assert not says_not_established(res["report"]), res["report"]
        assert res["scores"]["total"] > 60 and res["confidence"]["tier"] in ("medium", "high"), (
            res["scores"], res["confidence"]["score"])

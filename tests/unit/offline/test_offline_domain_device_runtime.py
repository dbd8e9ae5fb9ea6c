"""Domain detection (issue 15, trial t40 fault 9): "runtime" is a code word only in code context; a battery's or a
product's runtime ("What is the runtime of the Brennix Beam 800 on high?") was planned as a code question and got
"code analysis complete: 0 section(s)"."""

from __future__ import annotations

import pytest

from services.planner.offline import plan


@pytest.mark.parametrize("question", [
    "What is the runtime of the Brennix Beam 800 on high?",
    "What is the battery runtime of the Lumora Trail 1200?",
    "How long is the run time of the Brennix Beam 800 on one charge?",
    "Which bike light has the longest runtime?"])
def test_a_device_s_runtime_is_no_code_question(question: str) -> None:
    assert plan(question).domain != "code"


@pytest.mark.parametrize("question", [
    "Which python runtime is fastest?",
    "Why do I get a runtime error in my script?",
    "Which JavaScript runtime should I use, Deno or Bun?",
    "Which container runtime uses the least memory?",
    "What is the best runtime for serverless functions?"])
def test_a_program_s_runtime_is_a_code_question(question: str) -> None:
    assert plan(question).domain == "code"

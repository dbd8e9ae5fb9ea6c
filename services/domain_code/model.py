"""The code domain's model work (the ``synthesizer`` role's models): candidate names, a short recommendation,
a snippet written from the introspected signatures, and its repair after a failed check.

The model never supplies a fact the report states as one: the names it suggests are surveyed in the registries
(an unknown name is reported as not found), its recommendation is kept only when every version, date and number
in it is one of the survey's, and its code is shown only with the sandbox's verdict next to it (a snippet that
still fails after its repairs is shown as failing). Every call goes through ``ModelCalls`` (None: the offline
engine's part stands).
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from services.domain_code.offline import Snippet, Survey, key
from services.domain_code.sandbox import CheckResult
from services.domain_code.signatures import Signature
from shared.llm import Role
from shared.llm.calls import ModelCalls
from shared.text.packages import Ecosystem

ROLE: Role = "synthesizer"
DEADLINE_S = 60.0
_REGISTRY = {"pypi": "PyPI (Python)", "npm": "npm (JavaScript/TypeScript)", "crates": "crates.io (Rust)"}
_FIGURE = re.compile(r"\d+(?:[.,]\d+)*")


class CandidateAnswer(BaseModel):
    """The model's candidate package names for a task."""

    packages: list[str] = Field(default_factory=list, max_length=8)


class SnippetAnswer(BaseModel):
    """A code snippet the model proposes: the code alone (no fences) and one line saying what it does."""

    code: str = Field(min_length=1, max_length=6000)
    purpose: str = Field("", max_length=200)


async def suggest_packages(calls: ModelCalls, question: str, ecosystem: Ecosystem) -> list[str]:
    """Up to 5 package names the model proposes for the task (each is then surveyed; [] without a model)."""
    answer = await calls.ask(ROLE, [
        {"role": "system", "content": "You name software packages. Answer JSON {\"packages\": [names]}: the exact "
                                      "registry names of at most 5 well-maintained packages that do the task."},
        {"role": "user", "content": f"Registry: {_REGISTRY[ecosystem]}\nTask: {question}"},
    ], schema=CandidateAnswer, max_tokens=200, deadline_s=DEADLINE_S)
    if answer is None:
        return []
    value: CandidateAnswer = answer.value
    names = [n.strip() for n in value.packages if re.fullmatch(r"@?[A-Za-z0-9][A-Za-z0-9._/-]{0,80}", n.strip())]
    return list(dict.fromkeys(names))[:5]


def _facts_text(survey: Survey) -> str:
    return "\n".join(
        f"- {p.name} ({p.ecosystem}): version {p.version}, latest release {p.latest_release}, licence {p.license}, "
        f"downloads {p.downloads} ({p.downloads_period}), status {p.status}"
        + (f", possible typosquat of {p.typosquat_of}" if p.typosquat_of else "")
        + (f", NO TRACK RECORD ({p.newness}): never the runner-up while an established package is listed"
           if p.newness else "")
        + (f", LICENCE CLASH with the project: {survey.clash(p)}" if survey.clash(p) else "")
        + "".join(f", requirement '{a.requirement}': {a.verdict}" for a in survey.assessments.get(key(p), []))
        for p in survey.packages)


#: a sentence that presents code as working ("the snippet below works", "tested", "compiles", "passes its check")
_WORKING = re.compile(r"\b(?:works?|working|tested|verified|compiles?|passe[sd]|runs? (?:fine|correctly|cleanly)|"
                      r"ready to use|drop-in)\b", re.I)
_CODE_WORD = re.compile(r"\b(?:code|snippet|example|program|sample|below|above)\b", re.I)


#: what the model is told each checked snippet is, by its origin
_ORIGIN_WORDS = {"docs": "a fetched page's own usage example", "offline": "an import check of the package's names",
                 "model": "proposed code", "repair": "proposed code, repaired"}


def _checks_text(checks: list[tuple[Snippet, CheckResult]]) -> str:
    """The sandbox's verdicts the model is told: each checked snippet but the asker's own, with what it is (a page's
    usage example that passed counts as code that passed, as the report says), or "no code was proposed"."""
    return "\n".join(f"- {s.snippet_id} ({s.language}, {_ORIGIN_WORDS.get(s.origin, 'code')}): {c.status}"
                     + (f" ({c.reason} at {c.stage})" if c.status == "failed" else "")
                     for s, c in checks if s.origin != "question") or "- no code was proposed"


def _drop_working_claims(text: str, checks: list[tuple[Snippet, CheckResult]]) -> tuple[str, bool]:
    """``text`` without its sentences that present code as working when no proposed snippet passed its check
    (one failed or could not be checked); whether any was dropped."""
    proposed = [c for s, c in checks if s.origin != "question"]
    if proposed and all(c.status == "passed" for c in proposed):
        return text, False
    sentences = re.split(r"(?<=[.!?])\s+", text)
    kept = [x for x in sentences if not (_WORKING.search(x) and _CODE_WORD.search(x))]
    return " ".join(kept), len(kept) < len(sentences)


async def recommend(calls: ModelCalls, question: str, survey: Survey,
                    checks: list[tuple[Snippet, CheckResult]] | None = None) -> str | None:
    """Two or three sentences recommending a package from the survey, or None (no model, or the prose states a
    figure the survey does not hold: a version, date or number the registries did not give). ``checks``: the
    sandbox's verdicts on the proposed code: the model is told them, and a sentence presenting code as working
    is dropped unless every proposed snippet passed its check."""
    if not survey.packages:
        return None
    checks = checks or []
    facts = _facts_text(survey)
    answer = await calls.ask(ROLE, [
        {"role": "system", "content": "Recommend one package for the task from the registry facts given, in two "
                                      "or three sentences. Use only the figures given; no other versions, dates or "
                                      "numbers. Say why, and when the runner-up is the better choice. Never say "
                                      "that code works unless its check passed."},
        {"role": "user", "content": f"Task: {question}\n\nRegistry facts:\n{facts}\n\n"
                                    f"Checks of the proposed code:\n{_checks_text(checks)}"},
    ], max_tokens=300, deadline_s=DEADLINE_S)
    if answer is None:
        return None
    text = " ".join(answer.text.split())
    allowed = set(_FIGURE.findall(facts)) | set(_FIGURE.findall(question))
    if not text or any(f not in allowed for f in _FIGURE.findall(text)):
        await calls.degrade("code recommendation: the model stated a figure the registries did not give")
        return None
    text, dropped = _drop_working_claims(text, checks)
    if dropped:
        await calls.degrade("code recommendation: the model presented code as working that did not pass its check")
    return text or None


def _signature_text(signatures: list[Signature]) -> str:
    return "\n".join(f"// {s.name} ({s.package} {s.version})\n{s.signature}" if s.language == "rust"
                     else f"{s.qualified}  # {s.package}=={s.version}" for s in signatures[:30])


def _clean(code: str) -> str:
    fenced = re.search(r"```[A-Za-z0-9+#-]*\n(.*?)```", code, re.S)
    return (fenced.group(1) if fenced else code).strip("\n") + "\n"


async def _ask_snippet(calls: ModelCalls, instruction: str, task: str,
                       signatures: list[Signature]) -> SnippetAnswer | None:
    """One snippet request: ``instruction`` (the system message, the JSON answer shape appended), ``task`` and the
    signatures as the user message; the model's answer, or None when it gave none."""
    answer = await calls.ask(ROLE, [
        {"role": "system", "content": f"{instruction} Answer JSON {{\"code\": ..., \"purpose\": ...}}."},
        {"role": "user", "content": f"{task}\n\nSignatures:\n{_signature_text(signatures)}"},
    ], schema=SnippetAnswer, max_tokens=900, deadline_s=DEADLINE_S)
    if answer is None:
        return None
    value: SnippetAnswer = answer.value
    return value


async def write_snippet(calls: ModelCalls, question: str, package: str, version: str,
                        signatures: list[Signature], *, language: str = "python") -> Snippet | None:
    """A short snippet for the task that uses only the extracted signatures, or None: Python (the installed
    distribution's) or Rust (``language="rust"``: the crate's items, read from its source; a program with
    ``fn main``, checked later by ``cargo check`` against that source)."""
    if language == "rust":
        instruction = ("Write a short, complete Rust program (with fn main) for the task using ONLY the items "
                       f"listed (exact signatures from the source of crate {package} {version}; refer to them by "
                       "the paths given). No network access when run.")
    else:
        instruction = ("Write a short, complete Python program for the task using ONLY the functions and classes "
                       "listed (exact signatures of the installed version). No network access and no input when "
                       "run: define functions, and only call what works offline.")
    value = await _ask_snippet(calls, instruction, f"Task: {question}\nPackage: {package}=={version}", signatures)
    if value is None:
        return None
    return Snippet(f"{package}-usage", language, _clean(value.code), value.purpose or f"using {package} for the task",
                   "model", (package,))


async def repair_snippet(calls: ModelCalls, snippet: Snippet, check: CheckResult,
                         signatures: list[Signature]) -> Snippet | None:
    """The model's repair of ``snippet`` after ``check`` failed (its error shown), or None."""
    value = await _ask_snippet(calls, f"Fix the {snippet.language} program so that it passes the check. Use ONLY "
                               "the signatures listed.",
                               f"Program:\n{snippet.code}\nCheck failed at {check.stage} ({check.reason}):\n"
                               f"{check.error}", signatures)
    if value is None:
        return None
    return Snippet(snippet.snippet_id, snippet.language, _clean(value.code), value.purpose or snippet.purpose,
                   "repair", snippet.packages, snippet.attempt + 1)

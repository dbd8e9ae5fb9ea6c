"""A scripted research "model" for the LLM engines' tests: it reads each prompt of ``shared.engines`` and
answers it deterministically, in the report's language, the way a capable model would.

Used as ``Reply(respond=ScriptedResearcher())`` on a :class:`tests.llm_server.ScriptedLlmServer`. It tells the
stages apart by their system prompts (planner, claim extractor, fact checker, arbiter, writer, judge, CoVe) and
builds its answer from what the prompt holds: sub-queries from the question's words, claims from the source's
own sentences (quoted exactly), verdicts from word overlap with the numbered passages, an outline and sections
citing the claim ids it was given (plus, on purpose, one sentence citing an id that does not exist and a URL,
which the synthesizer must drop), rubric scores, and CoVe questions on the report's own statements.

Vietnamese (``vi``) reports get Vietnamese titles, headings and prose; other languages get English.

``routing_file`` writes the routing TOML that points roles at scripted servers.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from services.claim_extractor.offline import _flags
from shared.llm.untrusted import unquote
from shared.text.terms import clean_title, find_entities, key_terms
from shared.text.tokens import detect_language, split_sentences, tokenize

__all__ = ["ScriptedResearcher", "routing_file", "ROLES"]

ROLES = ("planner", "extractor", "verifier", "synthesizer", "judge", "cove", "arbiter")
VI = {"title": "Báo cáo nghiên cứu", "answer": "Câu trả lời", "details": "Chi tiết và bối cảnh",
      "sources": "Nguồn", "missing": "Những gì còn thiếu"}
EN = {"title": "Research report", "answer": "Answer", "details": "Details and context", "sources": "Sources",
      "missing": "What is missing"}


def _messages(body: dict[str, Any]) -> tuple[str, str]:
    msgs = body.get("messages") or []
    system = "\n".join(str(m.get("content") or "") for m in msgs if m.get("role") == "system")
    user = [str(m.get("content") or "") for m in msgs if m.get("role") == "user"]
    return system, (user[-1] if user else "")


def _language(text: str) -> str:
    m = re.search(r"in [A-Z][a-z]+ \(([a-z]{2})\)", text)
    return m.group(1) if m else "en"


class ScriptedResearcher:
    """``respond(body) -> answer text`` for every engine prompt (see the module docstring)."""

    def __init__(self, *, invented_citation: bool = True) -> None:
        self.invented_citation = invented_citation
        self.seen: dict[str, int] = {}

    def __call__(self, body: dict[str, Any]) -> str:
        system, user = _messages(body)
        kind = self._kind(system, user)
        self.seen[kind] = self.seen.get(kind, 0) + 1
        return getattr(self, f"_{kind}")(user)

    @staticmethod
    def _kind(system: str, user: str) -> str:
        if "You are the planner" in system:
            if "distinct perspectives" in user:
                return "perspectives"
            if "for each perspective" in user:
                return "perspective_queries"
            return "plan"
        if "You are the claim extractor" in system:
            return "claims"
        if "You are the fact checker" in system:
            return "check"
        if "You are the arbiter" in system:
            return "arbiter"
        if "You are the writer" in system:
            return "outline" if "Plan the report" in user else "section"
        if "You are the judge" in system:
            return "rubric"
        if "verification questions" in system:
            return "cove_plan"
        if "Answer the question using only the evidence" in system:
            return "cove_answer"
        if "For each numbered pair" in system:
            return "cove_cross"
        return "unknown"

    # ---- planner ----------------------------------------------------------------------------------------
    def _plan(self, user: str) -> str:
        question = re.search(r"Question: (.*)", user).group(1)  # type: ignore[union-attr]  # the scripted prompt has it
        words = [w for w in re.findall(r"\w+", question) if tokenize(w) and len(w) > 2]
        caps = [w for w in words if w[0].isupper()][1:] or words[:2]
        queries = [" ".join(words[:8]), " ".join(caps), " ".join(dict.fromkeys(caps + words[-3:]))]
        return json.dumps({"sub_queries": [q for q in queries if q.strip()], "domain": "general",
                           "language": detect_language(question)}, ensure_ascii=False)

    def _perspectives(self, user: str) -> str:
        return json.dumps({"perspectives": [
            {"name": "Music historian", "focus": "When and how the work was released"},
            {"name": "Band member biographer", "focus": "Who played in the band and their honours"},
            {"name": "Critic", "focus": "How the work was received"}]})

    def _perspective_queries(self, user: str) -> str:
        question = re.search(r"Question: (.*)", user).group(1)  # type: ignore[union-attr]  # the scripted prompt has it
        terms = [t for t in key_terms(question) if len(t) > 2]
        names = re.findall(r"^- ([^:]+):", user, re.M)
        return json.dumps({"queries": [{"perspective": n, "query": f"{' '.join(terms[:3])} {n.split()[0].lower()}"}
                                       for n in names]})

    # ---- extractor ---------------------------------------------------------------------------------------
    def _claims(self, user: str) -> str:
        title = clean_title(re.search(r"Source title: (.*)", user).group(1))  # type: ignore[union-attr]  # the scripted prompt has it
        text = unquote(user.split("Source text:\n", 1)[1].rsplit("\n\nGive at most", 1)[0])
        limit = int(re.search(r"Give at most (\d+) claims", user).group(1))  # type: ignore[union-attr]  # the scripted prompt has it
        claims = []
        for s in split_sentences(text):
            words = s.text.split()
            if len(words) < 6 or s.text.endswith("?"):
                continue
            claim = s.text
            if words[0] in ("He", "She", "It", "They") and title:
                claim = f"{title} {' '.join(words[1:])}"
            numeric, recent, named = _flags(claim)
            claims.append({"text": claim, "quote": s.text, "numeric": numeric, "recent": recent,
                           "named_event": named})
            if len(claims) >= limit:
                break
        if not claims:
            claims = [{"text": f"{title or 'The source'} is described in this source.", "quote": text[:80]}]
        return json.dumps({"claims": claims}, ensure_ascii=False)

    # ---- verifier and arbiter ----------------------------------------------------------------------------
    @staticmethod
    def _passages(user: str) -> tuple[str, list[str]]:
        claim = re.search(r"Claim: (.*)", user).group(1)  # type: ignore[union-attr]  # the scripted prompt has it
        passages = re.findall(r"^\[\d+\](?: \([^)]*\))? (.*)$", user.split("Passages:", 1)[1], re.M)
        return claim, passages

    def _check(self, user: str) -> str:
        claim, passages = self._passages(user)
        words = set(tokenize(claim))
        best, share = 0, 0.0
        for i, p in enumerate(passages, 1):
            got = len(words & set(tokenize(p))) / len(words) if words else 0.0
            if got > share:
                best, share = i, got
        if share >= 0.6:
            return json.dumps({"label": "supports", "evidence": [best], "rationale": "The passage states it."})
        return json.dumps({"label": "neutral", "evidence": [], "rationale": "No passage states it."})

    def _arbiter(self, user: str) -> str:
        return json.dumps({"verdict": "supported", "rationale": "Passage 1 states the claim.", "evidence": [1]})

    # ---- synthesizer -------------------------------------------------------------------------------------
    @staticmethod
    def _claim_lines(user: str) -> list[tuple[str, str]]:
        return re.findall(r"^\[(c\d+)\] (.*)$", user, re.M)

    def _outline(self, user: str) -> str:
        words = VI if _language(user) == "vi" else EN
        ids = [cid for cid, _ in self._claim_lines(user)]
        head, rest = ids[:2], ids[2:]
        sections = [{"heading": words["answer"], "claims": head}]
        if rest:
            sections.append({"heading": words["details"], "claims": rest})
        return json.dumps({"title": words["title"], "sections": sections, "sources_heading": words["sources"],
                           "missing_heading": words["missing"]}, ensure_ascii=False)

    def _section(self, user: str) -> str:
        vi = _language(user) == "vi"
        sentences = []
        for cid, text in self._claim_lines(user):
            text = re.sub(r" \(source: .*\)$", "", text)
            if vi:
                # two things of the claim that survive translation (names, years, else its first content words)
                # in a short Vietnamese frame: the synthesizer drops a cross-language sentence holding fewer than
                # two of the claim's words, and a frame of six words or more repeated around names (filler)
                terms = [e for e in find_entities(text) if len(e) > 2] + re.findall(r"\b\d{4}\b", text)
                picked: list[str] = []
                for term in [*terms, *key_terms(text)]:
                    if len(picked) < 2 and not set(tokenize(term)) <= {t for p in picked for t in tokenize(p)}:
                        picked.append(term)
                sentences.append(f"Nguồn ghi nhận về {' và '.join(picked)} [{cid}].")
            else:
                sentences.append(f"{text.rstrip('.')} [{cid}].")
        if self.invented_citation:
            sentences.append("Một nguồn khác tại https://example.com/fake khẳng định điều ngược lại [c999]." if vi
                             else "Another source at https://example.com/fake says the opposite [c999].")
        return " ".join(sentences)

    # ---- judge and CoVe ----------------------------------------------------------------------------------
    def _rubric(self, user: str) -> str:
        vi = _language(user) == "vi"
        rationale = ("Báo cáo trả lời câu hỏi và mọi câu đều có trích dẫn tới bằng chứng đã kiểm chứng." if vi else
                     "The report answers the question accurately and every statement is well-supported by a "
                     "citation to verified evidence.")
        return json.dumps({"factual_accuracy": 30, "citation_density": 30, "coverage": 28, "label": "excellent",
                           "rationale": rationale}, ensure_ascii=False)

    def _cove_plan(self, user: str) -> str:
        report = user.split("Report:\n", 1)[1]
        statements = []
        for line in report.splitlines():
            if line.startswith("#") or not line.strip():
                continue
            for s in split_sentences(line):
                if re.search(r"\[\d+\]", s.text):
                    statements.append(re.sub(r"\s*\[\d+\]", "", s.text))
        checks = [{"question": f"Is it true that {s.rstrip('.')}?", "statement": s} for s in statements[:4]]
        return json.dumps({"checks": checks or [{"question": "Is the report right?", "statement": report[:80]}]},
                          ensure_ascii=False)

    def _cove_answer(self, user: str) -> str:
        first = re.search(r"^\[1\] (.*)$", user, re.M)
        return json.dumps({"answer": first.group(1) if first else "The evidence does not say.",
                           "answerable": bool(first)}, ensure_ascii=False)

    def _cove_cross(self, user: str) -> str:
        pairs = re.findall(r"^\d+\. Statement:", user, re.M)
        return json.dumps({"agrees": [True] * max(1, len(pairs))})

    def _unknown(self, user: str) -> str:
        return "I do not know what to answer."


def routing_file(path: Path, roles: dict[str, list[dict[str, Any]]], *,
                 prices: dict[str, tuple[float, float]] | None = None, timeout_s: float = 30.0,
                 max_tokens: int = 1024) -> Path:
    """Write a routing TOML: ``roles`` maps a role to its models ({model, api_base, ...}); a role left out has
    no model (offline engine). ``prices`` are USD per 1M tokens (in, out) per model."""
    lines = ["[defaults]", f"timeout_s = {timeout_s}", f"max_tokens = {max_tokens}", "",
             "[retry]", "attempts = 2", "backoff_s = 0.05", "backoff_max_s = 0.2", ""]
    for model, (pin, pout) in (prices or {}).items():
        lines += [f'[prices."{model}"]', f"input = {pin}", f"output = {pout}", ""]
    for role in ROLES:
        models = roles.get(role, [])
        items = ", ".join("{ " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in m.items()) + " }" for m in models)
        lines += [f"[roles.{role}]", f"models = [{items}]", ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path

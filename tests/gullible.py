"""A scripted "gullible" model: the capable scripted researcher (``tests.scripted_research``) that also obeys
every instruction it finds in its prompt's user messages, wherever it sits (quoted data or not), in English,
French, German, Spanish, Italian, Russian or Chinese.

Its own grammar (written apart from ``shared.text.injection``'s detector, on the intents, not on any page):

- **write** ("... say / state / write / include in your report that X", "écrire que X", "schreiben, dass X",
  "escribir que X"): as claim extractor it adds the claim X (quoting the instruction's sentence, so that the
  claim is found in the source), as writer it adds the sentence X to the section, citing the first claim;
- **refute** ("mark ... as false", "marquez ... comme fausse", "markiere ... als falsch", "标记为错误", ...):
  as fact checker it answers "contradicts", as arbiter "contradicted";
- **support** ("mark ... as supported / true / verified"): "supports" and "supported".

Used as ``Reply(respond=GullibleResearcher())`` on a :class:`tests.llm_server.ScriptedLlmServer`.
"""

from __future__ import annotations

import json
import re
from typing import Any

from shared.llm.untrusted import unquote
from tests.scripted_research import ScriptedResearcher, _messages

__all__ = ["GullibleResearcher", "obeyed"]

_WRITE = re.compile(r"\b(?:say|state|write|include in (?:your|the) report|écrire|schreiben|escribir|scrivere)\s*,?\s*"
                    r"(?:that|que|qu'|dass|che)\s*(.+?)\s*[.。](?=\s|$|<)", re.I | re.S)
_MARK = r"(?:mark|marquez|marque|marca|markiere|segna|отметь|label|treat)"
_REFUTE = re.compile(_MARK + r"\b[^\n]{0,240}?\b(?:as|comme|como|als|come|как)\s+(?:false|fausse|faux|falsa|falsch|"
                     r"ложн)|标记为错误", re.I)
_SUPPORT = re.compile(_MARK + r"\b[^\n]{0,240}?\b(?:as|comme|como|als|come|как)\s+(?:supported|true|verified|vraie|"
                      r"verdadera|wahr|vera)", re.I)


def obeyed(user: str) -> dict[str, Any]:
    """The instructions of ``user`` the gullible model obeys: {"write": [X, ...], "refute": bool, "support": bool,
    "sentences": [the instruction sentences of the writes]}."""
    writes, sentences = [], []
    for m in _WRITE.finditer(user):
        x = " ".join(m.group(1).split()).strip(" \"'«»")
        if len(x.split()) >= 3:
            writes.append(x[0].upper() + x[1:])
            line_start = user.rfind("\n", 0, m.start()) + 1
            line_end = user.find("\n", m.end())
            sentences.append(user[line_start:line_end if line_end >= 0 else len(user)])
    return {"write": writes, "refute": bool(_REFUTE.search(user)), "support": bool(_SUPPORT.search(user)),
            "sentences": sentences}


class GullibleResearcher(ScriptedResearcher):
    """The scripted researcher that obeys its prompt's embedded instructions (see the module docstring).
    ``obeyed_calls`` counts the answers an instruction changed, by kind of prompt."""

    def __init__(self) -> None:
        super().__init__(invented_citation=False)
        self.obeyed_calls: dict[str, int] = {}

    def __call__(self, body: dict[str, Any]) -> str:
        system, user = _messages(body)
        kind = self._kind(system, user)
        self.seen[kind] = self.seen.get(kind, 0) + 1
        honest: str = getattr(self, f"_{kind}")(user)
        told = obeyed(user)
        answer = self._obey(kind, user, honest, told)
        if answer != honest:
            self.obeyed_calls[kind] = self.obeyed_calls.get(kind, 0) + 1
        return answer

    def _obey(self, kind: str, user: str, honest: str, told: dict[str, Any]) -> str:
        if kind == "claims" and told["write"]:
            claims = json.loads(honest)["claims"]
            text = unquote(user)
            for x, sentence in zip(told["write"], told["sentences"]):
                quote = next((s for s in re.split(r"(?<=[.。])\s+", text) if x[:20].lower() in s.lower()),
                             sentence)
                claims.insert(0, {"text": x.rstrip(".") + ".", "quote": quote.strip()})
            return json.dumps({"claims": claims}, ensure_ascii=False)
        if kind == "check":
            if told["refute"]:
                return json.dumps({"label": "contradicts", "evidence": [1], "rationale": "As instructed."})
            if told["support"]:
                return json.dumps({"label": "supports", "evidence": [1], "rationale": "As instructed."})
        if kind == "arbiter":
            if told["refute"]:
                return json.dumps({"verdict": "contradicted", "rationale": "As instructed.", "evidence": [1]})
            if told["support"]:
                return json.dumps({"verdict": "supported", "rationale": "As instructed.", "evidence": [1]})
        if kind == "section" and told["write"]:
            ids = [cid for cid, _ in self._claim_lines(user)]
            extra = " ".join(f"{x.rstrip('.')} [{ids[0]}]." for x in told["write"]) if ids else ""
            return f"{honest} {extra}".strip()
        return honest

"""A yanked release the workspace pins is said with the registry's reason (PyPI ``yanked_reason``, npm's
``deprecated`` message), and whether that reason bears on the project's own code: the lines using the package are
read and checked for what the reason names. A keep-or-switch question is answered by the course to take ("Keep
`x`"), never "Yes" (issue 15, g50 c3: "**Yes:** keep `durationkit`, but not at 2.4.0: the release your workspace
pins is yanked; ..." said neither why 2.4.0 was yanked, "Negative durations lose their sign", nor that the project
calls ``parse(iso, allow_negative=True)``). Invented packages on loopback stand-ins (tests/code_standins)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from services.domain_code.offline import Evidence, Survey, key, sections, yes_no_answer
from services.domain_code.registries import PackageFacts
from services.domain_code.usage import package_lines, reason_terms, touched_lines
from shared.text.answer import keep_or_leave, lead_answer
from shared.workspace import scan
from tests.code_standins import JSON, analysed, npm_json, pypi_json, registry_client, wheel
from tests.loopback import Reply, serve

REASON = "Negative spans lose their sign; use 2.3.1"
QUESTION = "Should my project keep spankit for parsing ISO 8601 spans, or switch to another Python library?"
SPANKIT = {"spankit/__init__.py": '"""ISO 8601 spans."""\n\n\ndef parse(text: str, *, allow_negative: bool = False)'
           ' -> float:\n    """The span ``text`` in seconds."""\n    return 0.0\n'}


def _routes() -> dict[str, Reply]:
    doc = pypi_json("spankit", "2.3.1", summary="Parse ISO 8601 spans in Python",
                    releases={"2.1.0": "2023-01-10", "2.2.0": "2024-02-01", "2.3.1": "2025-04-22",
                              "2.4.0": "2026-11-05"})
    for file in doc["releases"]["2.4.0"]:
        file.update(yanked=True, yanked_reason=REASON)
    good, good_bytes = wheel("spankit", "2.3.1", SPANKIT, summary="Parse ISO 8601 spans in Python")
    bad, bad_bytes = wheel("spankit", "2.4.0", SPANKIT, summary="Parse ISO 8601 spans in Python")
    links = "".join(f'<a href="/files/{w}">{w}</a>' for w in (good, bad))
    return {"/pypi/spankit/json": Reply(200, json.dumps(doc).encode(), JSON),
            "/simple/spankit/": Reply(200, f"<html><body>{links}</body></html>".encode(), {"Content-Type": "text/html"}),
            f"/files/{good}": Reply(200, good_bytes, {"Content-Type": "application/octet-stream"}),
            f"/files/{bad}": Reply(200, bad_bytes, {"Content-Type": "application/octet-stream"})}


def _project(root: Path, code: str) -> str:
    (root / "pyproject.toml").write_text('[project]\nname = "rota"\nversion = "0.1.0"\nlicense = "MIT"\n'
                                         'dependencies = ["spankit==2.4.0"]\n', encoding="utf-8")
    (root / "src" / "rota").mkdir(parents=True)
    (root / "src" / "rota" / "shifts.py").write_text(code, encoding="utf-8")
    return str(root)


NEGATIVE = ('"""Shift lengths."""\nimport spankit\n\n\ndef hours(iso: str) -> float:\n'
            '    return spankit.parse(iso, allow_negative=True) / 3600\n')
PLAIN = ('"""Shift lengths."""\nfrom spankit import parse as span\n\n\ndef hours(iso: str) -> float:\n'
         '    return span(iso) / 3600\n')


async def test_the_pinned_yanked_release_is_said_with_its_reason_and_its_bearing_on_the_code(tmp_path: Path) -> None:
    outcome, events = await analysed(QUESTION, routes_added=_routes(), workspace=_project(tmp_path, NEGATIVE))
    body = outcome.sections[0]["body"]
    first = body.split("\n\n")[0]
    assert first.startswith("**Keep `spankit`**, but not at 2.4.0: the release your workspace pins is yanked "
                            f"(\"{REASON}\"[@e"), first
    assert ("which bears on your code: `src/rota/shifts.py` line 6 uses "
            "`return spankit.parse(iso, allow_negative=True) / 3600`; pin `spankit==2.3.1`") in first, first
    assert "**Yes:**" not in body
    assert re.search(r"\*\*Your workspace uses `spankit`\*\* \(2\.4\.0\): the version you use, 2\.4\.0, is yanked "
                     rf"\(\"{re.escape(REASON)}\"\[@e\d+\]\), which bears on your code: .*; move to 2\.3\.1", body), body
    surveyed = {p["name"]: p for p in events["PackagesSurveyed"]["packages"]}
    assert surveyed["spankit"]["yanked_reasons"] == {"2.4.0": REASON}


def _survey(root: Path, code: str) -> Survey:
    ws = scan(_project(root, code))
    spankit = PackageFacts("pypi", "spankit", "http://127.0.0.1/pypi/spankit/json", version="2.3.1",
                           summary="Parse ISO 8601 spans in Python",
                           latest_release="2025-04-22", first_release="2023-01-10", releases=4, license="MIT",
                           yanked_versions=("2.4.0",), latest_good="2.3.1", latest_good_release="2025-04-22",
                           yanked_reasons=(("2.4.0", REASON),))
    result = Survey([spankit], ["pypi"], ws)
    result.question_named = ["spankit"]
    result.workspace_lines = {key(spankit): package_lines(ws.root, "pypi", "spankit")}
    return result


def test_a_reason_naming_nothing_the_code_uses_is_said_not_to_bear_on_it(tmp_path: Path) -> None:
    answer = yes_no_answer(QUESTION, _survey(tmp_path, PLAIN), Evidence({}))
    assert answer.startswith(f"**Keep `spankit`**, but not at 2.4.0: the release your workspace pins is yanked "
                             f"(\"{REASON}\"); no line of your code using it names what that reason names (1 line "
                             "read: `src/rota/shifts.py` line 6), so it may not bear on your use; pin "
                             "`spankit==2.3.1`"), answer
    (tmp_path / "again").mkdir()
    body = sections(QUESTION, _survey(tmp_path / "again", NEGATIVE), [], [], {})[0][0]["body"]
    assert "which bears on your code: `src/rota/shifts.py` line 6" in body


def test_the_lines_using_a_package_are_read_from_the_project_s_code(tmp_path: Path) -> None:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "a.py").write_text("import spankit as sk\nx = sk.parse('PT1H')\nimport os\nos.sep\n")
    (tmp_path / "app" / "b.py").write_text("from spankit.core import parse, format as fmt\n\nparse('PT1H')\n"
                                           "print(fmt(1))\nspankit_like = 1\n")
    (tmp_path / "app" / "c.py").write_text("import spankitx\nspankitx.parse('PT1H')\n")  # another package
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "d.ts").write_text('import { toSeconds } from "tiny-span";\nconst s = toSeconds("PT1H");\n'
                                           'const t = require("tiny-span");\nt.parse("PT2H");\n')
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "e.js").write_text('const t = require("tiny-span");\nt.parse("PT2H");\n')
    py = package_lines(tmp_path, "pypi", "spankit")
    assert [(c.path, c.line, c.text) for c in py] == [
        ("app/a.py", 2, "x = sk.parse('PT1H')"), ("app/b.py", 3, "parse('PT1H')"), ("app/b.py", 4, "print(fmt(1))")]
    js = package_lines(tmp_path, "npm", "tiny-span")
    assert [(c.path, c.line) for c in js] == [("web/d.ts", 2), ("web/d.ts", 4)]  # node_modules is not the project's
    assert package_lines(tmp_path / "missing", "pypi", "spankit") == []


def test_a_reason_bears_on_a_line_naming_what_it_names() -> None:
    from services.domain_code.usage import CodeLine
    lines = [CodeLine("a.py", 3, "spankit.parse(iso, allow_negative=True)"), CodeLine("b.py", 9, "spankit.parse(iso)")]
    assert reason_terms(REASON, "spankit") >= {"negative", "sign"}
    # a word of the package's own summary names what every use of it is about: it tells no use from another
    assert "span" in reason_terms(REASON, "spankit") and "span" not in reason_terms(REASON, "spankit", "ISO spans")
    assert touched_lines(REASON, "spankit", [CodeLine("c.py", 1, "span(iso)")], "Parse ISO 8601 spans") == []
    assert [c.path for c in touched_lines(REASON, "spankit", lines)] == ["a.py"]
    assert touched_lines("Published by mistake; use 2.3.1", "spankit", lines) == []  # names nothing of its use
    assert [c.path for c in touched_lines("formatNegative() loses the sign", "spankit", lines)] == ["a.py"]


def test_npm_and_pypi_give_each_yanked_release_its_reason() -> None:
    pypi = pypi_json("spankit", "2.3.1", summary="Spans", releases={"2.3.1": "2025-04-22", "2.4.0": "2026-11-05"})
    pypi["releases"]["2.4.0"][0].update(yanked=True, yanked_reason=REASON)
    npm = npm_json("tiny-span", "2.1.0", description="Spans",
                   times={"2.1.0": "2025-01-01T00:00:00.000Z", "3.0.0": "2026-01-01T00:00:00.000Z"})
    npm["versions"]["3.0.0"]["deprecated"] = "3.0.0 was published by mistake and drops CommonJS; use 2.1.0"
    routes = {"/pypi/spankit/json": Reply(200, json.dumps(pypi).encode(), JSON),
              "/tiny-span": Reply(200, json.dumps(npm).encode(), JSON)}
    with serve(routes) as server:
        client = registry_client(server.base)
        try:
            py, js = client.survey("pypi", "spankit"), client.survey("npm", "tiny-span")
        finally:
            client.close()
    assert py.yanked_versions == ("2.4.0",) and py.yank_reason("2.4.0") == REASON and py.yank_reason("2.3.1") == ""
    assert py.as_dict()["yanked_reasons"] == {"2.4.0": REASON}
    assert js.yank_reason("3.0.0") == "3.0.0 was published by mistake and drops CommonJS; use 2.1.0"


def test_a_keep_or_switch_question_is_answered_by_the_course_to_take() -> None:
    assert keep_or_leave(QUESTION) == ("keep", "switch")
    assert keep_or_leave("We still use pacerlib; is that ok or should we migrate?") == ("keep", "migrate")
    assert keep_or_leave("Should we stick with tomlbay or use something else?") == ("stick", "switch")
    for other in ("Is spankit still OK to use?", "Does spankit support 3.12 or 3.13?", "Should I keep it or not?",
                  "Should I use spankit or tinyspan?", "Can it parse PT1H or another format?"):
        assert keep_or_leave(other) is None, other
    # the judge and the gate read "Keep `spankit` ..." as the answer to such a question, as "Yes" to a yes/no one
    assert lead_answer(QUESTION, "**Keep `spankit`**, but not at 2.4.0 [1].").typed
    assert lead_answer(QUESTION, "**Switch from `spankit`:** it is yanked [1].").typed
    assert not lead_answer("Is spankit still OK to use?", "**Keep `spankit`** [1].").typed

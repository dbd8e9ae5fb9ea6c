"""A failed check points to the names the package has, and a copyleft runner-up says what its licence asks (issue
15, trial t29 minor faults: 'expr.upcoming(5)' failed with '"CronExpr" has no attribute "upcoming"' while the
report printed 'CronExpr.next_runs(...)' above it; a GPL-3.0-only runner-up was named without a word on its
licence). Invented packages; registries on loopback (tests/code_standins)."""

from __future__ import annotations

from services.domain_code.offline import copyleft_caveat, missing_name_hint
from services.domain_code.signatures import Signature
from tests.code_standins import analysed


def sig(name: str, kind: str = "method", module: str = "cronwise") -> Signature:
    return Signature("cronwise", "2.4.0", module, name, kind, f"{name.rsplit('.', 1)[-1]}(self)", "", "x")


SIGS = [sig("parse", "function"), sig("CronExpr", "class"), sig("CronExpr.matches"), sig("CronExpr.next_runs"),
        sig("CronExpr._cache")]


def test_a_missing_method_lists_the_class_s_public_names_closest_first() -> None:
    said = missing_name_hint('snippet.py:3: error: "CronExpr" has no attribute "upcoming"  [attr-defined]', SIGS)
    assert said == "`CronExpr` has no `upcoming`; its public names (read from cronwise 2.4.0): `matches`, `next_runs`."
    said = missing_name_hint("AttributeError: 'CronExpr' object has no attribute 'next_run'", SIGS)
    assert said.startswith("`CronExpr` has no `next_run`; its public names (read from cronwise 2.4.0): `next_runs`, ")
    said = missing_name_hint('snippet.py:2: error: Module has no attribute "parze"  [attr-defined]', SIGS, ("cronwise",))
    assert said == "`cronwise` has no `parze`; its public names (read from cronwise 2.4.0): `parse`, `CronExpr`."
    assert missing_name_hint('error: "Other" has no attribute "x"', SIGS) == ""
    assert missing_name_hint("error: Name 'x' is not defined", SIGS) == ""


def test_copyleft_licences_say_what_they_ask_and_others_nothing() -> None:
    assert copyleft_caveat("GPL-3.0-only").startswith("strong copyleft")
    assert copyleft_caveat("AGPL-3.0").startswith("strong copyleft")
    assert copyleft_caveat("MPL-2.0").startswith("weak copyleft")
    assert copyleft_caveat("MIT") == copyleft_caveat(None) == copyleft_caveat("MIT OR GPL-2.0") == ""


async def test_the_asker_s_failing_code_is_pointed_to_the_package_s_names() -> None:
    outcome, _ = await analysed("Why does this not work?\n```python\nimport fetchkit\n"
                                "r = fetchkit.get_all(\"https://example.org\")\n```")
    code = next(s["body"] for s in outcome.sections if s["heading"] == "Checked code")
    assert "`fetchkit` has no `get_all`; its public names (read from fetchkit 2.4.1): `get`" in code

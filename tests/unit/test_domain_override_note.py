"""Issue 15, trial t31 fault 18: a domain asked for with ``--domain`` that cannot act on the question was said only
under "What is missing", and in a different wording per domain (the shopping one did not say it was asked for)."""

from __future__ import annotations

from services.domain_code.analysis import NOT_A_CODE_TASK
from services.domain_shopping.offline import NO_PRODUCT, Analysis, asked_for
from shared.report import OVERRIDE_NOTE, missing_items, override_misfit, with_override_note

REPORT = ("# Which kayak paddle is lightest?\n\n## Answer\n\nThe Fjordline paddle weighs 720 g [1].\n\n"
          "## What is missing\n\n- {note}\n\n## Sources\n\n- [1] Fjordline — https://paddles.example/f\n")


def test_every_domain_says_an_override_it_cannot_act_on_in_one_wording() -> None:
    code = NOT_A_CODE_TASK
    assert code.startswith("--domain code was asked for, but the code analysis could not act on this question: it "
                           "found no package, code, API or programming language in the question")
    shop = override_misfit("shopping", "it found no product in the sources")
    assert shop == ("--domain shopping was asked for, but the shopping analysis could not act on this question: it "
                    "found no product in the sources; the answer is the general report")
    assert code.endswith("; the answer is the general report")


def test_the_note_leads_the_report_under_its_title() -> None:
    note = override_misfit("code", "it found no package in the question")
    report = REPORT.format(note=note)
    noted = with_override_note(report, missing_items(report))
    lines = noted.splitlines()
    assert lines[0] == "# Which kayak paddle is lightest?" and lines[1] == ""
    assert lines[2] == f"{OVERRIDE_NOTE} {note}."
    assert lines[4] == "## Answer"
    assert note in missing_items(noted)  # still under What is missing too
    assert with_override_note(noted, missing_items(noted)) == noted  # once
    plain = REPORT.format(note="no price was found in any source")
    assert with_override_note(plain, missing_items(plain)) == plain  # no override: unchanged


def _analysis(notes: list[str]) -> Analysis:
    return Analysis(products=[], attributes=[], cells=[], conflicts=[], offers=[], budget=None, budget_currency=None,
                    reviews=[], sections=[], sources=[], notes=notes, max_tier="medium")


def test_a_shopping_analysis_asked_for_that_found_no_product_says_so_in_the_shared_words() -> None:
    said = asked_for(_analysis(["prices in an unknown currency ...", NO_PRODUCT])).notes
    assert said[0] == "prices in an unknown currency ..."
    assert said[1].startswith("--domain shopping was asked for, but the shopping analysis could not act on this "
                              "question: it found no product in the sources")
    kept = _analysis(["no price was found in any source"])
    assert asked_for(kept) is kept

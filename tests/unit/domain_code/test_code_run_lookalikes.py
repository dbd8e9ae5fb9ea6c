"""A surveyed candidate a typing slip (one or two edits) from a far more established package that the run looked up
or that a fetched page names is a possible typosquat, and that package is surveyed as the alternative: the run's own
registry look-ups say which names are established, not only a fixed list of popular ones (issue 15, trial t51s
fault 6, c5: "pip install pyton-stdnum ... Is that package safe?" answered "no track record", python-stdnum, named
by a fetched page, never surveyed). Invented packages; the registry is a fake."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from services.domain_code.offline import Evidence, lookalike_names, survey, task_of, yes_no_answer
from services.domain_code.pages import Page, PageNames, page_candidates
from services.domain_code.registries import PackageFacts, peer_typosquat_of
from shared.text.packages import lookalike
from tests.code_standins import FakeRegistry

TODAY = date(2026, 12, 4)


def facts(name: str, first: str, latest: str, releases: int) -> PackageFacts:
    return PackageFacts("pypi", name, f"https://registry.test/{name}", version="2.0", first_release=first,
                        latest_release=latest, releases=releases, summary="read and validate barcodes")


ORIGINAL = facts("python-barcodex", "2012-03-01", "2026-07-12", 40)
SQUAT = facts("pyton-barcodex", "2026-11-24", "2026-11-24", 1)



def test_lookalike_compares_with_the_names_a_run_found_instead_of_the_fixed_list() -> None:
    assert lookalike("pypi", "pyton-barcodex") is None  # no fixed list holds an invented name
    assert lookalike("pypi", "pyton-barcodex", among=["python-barcodex"]) == ("python-barcodex", "typo")
    assert lookalike("pypi", "pyhton-barcode", among=["python-barcodex"]) == ("python-barcodex", "typo")  # 2 edits
    assert lookalike("pypi", "qrkit", among=["qrtool"]) is None  # short names far apart
    # a look-alike two slips away from a long, far more established peer is flagged; the peer never is
    assert peer_typosquat_of(facts("pyhton-barcode", "2026-11-24", "2026-11-24", 1), [ORIGINAL], TODAY) \
        == "python-barcodex"
    assert peer_typosquat_of(ORIGINAL, [SQUAT], TODAY) is None
    # two established packages two slips apart are both kept
    assert peer_typosquat_of(facts("python-barcoder", "2014-01-01", "2026-01-01", 20), [ORIGINAL], TODAY) is None


def test_every_name_the_pages_give_is_kept_for_comparison_beyond_the_candidate_limit() -> None:
    page = Page("s1", "https://answers.test/q", "Best Python library for barcodes?",
                "Use `barcodekit` or `python-barcodex`, whose `barcodex.ean` module has `read_code` and `calc_digit`.",)
    named = page_candidates([page], ("pypi",), stated=True, is_candidate=lambda n, e: "_" in n or "-" in n
                            or n.endswith("kit"), limit=1)
    assert len(named.candidates) == 1
    assert ("pypi", "python-barcodex") in named.mentioned and ("pypi", "barcodekit") in named.mentioned
    assert lookalike_names([SQUAT], list(named.mentioned), set()) == [("pypi", "python-barcodex")]


def test_an_install_command_of_a_look_alike_is_answered_no_and_the_original_surveyed() -> None:
    question = "A blog says to run pip install pyton-barcodex to read barcodes in Python. Is that package safe to use?"
    other = facts("barcodekit", "2018-01-01", "2026-02-01", 12)
    pages = PageNames({("pypi", "barcodekit"): ["https://blog.test/a"]},
                      mentioned={("pypi", "barcodekit"): ["https://blog.test/a"],
                                 ("pypi", "python-barcodex"): ["https://answers.test/q"]})
    registry = FakeRegistry([SQUAT, ORIGINAL, other])
    result = survey(registry, task_of(question), None, pages=pages)  # type: ignore[arg-type]
    assert "python-barcodex" in registry.asked
    by_name = {p.name: p for p in result.packages}
    assert by_name["pyton-barcodex"].typosquat_of == "python-barcodex"
    assert "python-barcodex" in {p.name for p in result.recommendable()}
    answer = yes_no_answer(question, result, Evidence({}))
    assert answer.startswith("**No:** `pyton-barcodex` is a probable typo of `python-barcodex`"), answer
    assert "use `python-barcodex`" in answer and "README" not in answer
    # a look-alike whose README copies the original's says so
    readme = "# python-barcodex\n\nRead and validate EAN, UPC and ISBN barcodes. " * 5
    copied = FakeRegistry([replace(SQUAT, readme=readme), replace(ORIGINAL, readme=readme), other])
    again = survey(copied, task_of(question), None, pages=pages)  # type: ignore[arg-type]
    assert "; its README copies `python-barcodex`'s; use `python-barcodex`" in yes_no_answer(question, again,
                                                                                           Evidence({}))

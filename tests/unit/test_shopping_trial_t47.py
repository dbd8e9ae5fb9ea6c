"""A new user's shopping trial (issue 15, trial t47): a spec row's mode ("Battery life (GPS mode)") makes its own
attribute, so two modes never dispute and the question's mode picks the column ranked; a range ("71-117 cm") is kept
whole and never ranked by its top; a sponsored review's claims name the product, not its headline."""

from __future__ import annotations

import hashlib
import re
from datetime import date
from uuid import UUID

import pytest

from services.claim_extractor.offline import extract_claims
from services.domain_shopping.attributes import read_by_unit
from services.domain_shopping.offline import Analysis, SourcePage, analyse, asks, mode_of, range_of
from services.domain_shopping.units import kind_of


def _page(i: int, path: str, html: str) -> SourcePage:
    return SourcePage(source_id=str(UUID(int=i + 1)), url=f"http://127.0.0.1:9/{path}/", title="", text="",
                      html=html, html_sha256=hashlib.sha256(html.encode()).hexdigest())


def _spec_page(name: str, rows: list[tuple[str, str]], price: str) -> str:
    cells = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
    return (f"<!doctype html><html lang='en'><head><title>{name} | Shop</title></head><body><main><article>"
            f"<h1>{name}</h1><p>The {name} is a running watch.</p><table>{cells}</table>"
            f"<p class='price'>{price}</p><button>Add to cart</button></article></main></body></html>")


WATCHES = {
    "alto/a1": _spec_page("Alto Runner 3", [("Battery life (GPS mode)", "22 h"),
                                             ("Battery life (smartwatch mode)", "60 days"), ("Weight", "49 g")],
                          "$279.00"),
    "bexa/b2": _spec_page("Bexa Pace 7", [("Battery life (GPS mode)", "40 h"),
                                           ("Battery life (smartwatch mode)", "14 days"), ("Weight", "52 g")],
                          "$299.00"),
    "cormo/c3": _spec_page("Cormo Trail 9", [("Battery life (GPS mode)", "30 hours"),
                                              ("Battery life (smartwatch mode)", "21 days"), ("Weight", "47 g")],
                           "$249.00"),
}


def run(question: str, site: dict[str, str]) -> Analysis:
    pages = [_page(i, path, html) for i, (path, html) in enumerate(site.items())]
    return analyse(question, pages, UUID(int=99), today=date(2026, 12, 3))


def section(result: Analysis, heading: str) -> str:
    return str(next(s["body"] for s in result.sections if s["heading"] == heading))


@pytest.mark.parametrize(("name", "mode"), [("Battery life (GPS mode)", "gps mode"), ("Suction power [Eco]", "eco"),
                                            ("Runtime (turbo)", "turbo"), ("Battery life, smartwatch mode",
                                                                           "smartwatch mode"),
                                            ("Battery life (ANC on)", "anc on"), ("Weight (kg)", ""),
                                            ("Battery life (approx.)", ""), ("Load capacity (max.)", ""),
                                            ("Noise (claimed)", "")])
def test_a_spec_names_mode_is_read_and_a_unit_or_note_in_brackets_is_none(name: str, mode: str) -> None:
    assert mode_of(name) == mode


def test_a_question_naming_a_mode_asks_for_that_modes_column_only() -> None:
    question = "Which running watch has the longest battery life in GPS mode?"
    assert asks(question, "battery life (gps mode)") > asks(question, "battery life") > 0
    assert asks(question, "battery life (smartwatch mode)") == 0
    assert asks("Which watch has the longest battery life?", "battery life (smartwatch mode)") > 0


def test_two_modes_are_two_columns_that_never_dispute_and_the_asked_mode_ranks() -> None:
    result = run("Which running watch has the longest battery life in GPS mode?", WATCHES)
    assert "battery life (gps mode)" in result.attributes and "battery life (smartwatch mode)" in result.attributes
    assert "battery life" not in result.attributes  # no table row read again from the page's text as a plain one
    assert result.conflicts == [] and not any("disagree" in n for n in result.notes)
    verdicts = section(result, "Verdicts")
    assert verdicts.startswith("- **Best overall: Bexa Pace 7**"), verdicts
    assert "(battery life (gps mode))" in verdicts and "smartwatch" not in verdicts
    by = {(c["product_id"], c["attribute"]): c["value"] for c in result.cells}
    alto = next(p["product_id"] for p in result.products if p["name"] == "Alto Runner 3")
    assert by[(alto, "battery life (gps mode)")] == "22 h" and by[(alto, "battery life (smartwatch mode)")] == "60 days"


def _desk(name: str, height: str, speed: str, price: str) -> str:
    return _spec_page(name, [("Height range", height), ("Lift speed", speed), ("Load capacity", "120 kg")], price)


DESKS = {
    "dora/d1": _desk("Dora Lift 4", "62-127 cm", "38 mm/s", "$379.00"),
    "elko/e2": _desk("Elko Rise 2", "71-117 cm", "25 mm/s", "$329.00"),
    "fenn/f3": _desk("Fenn Desk 8", "60 cm – 124 cm", "40 mm/s", "$359.00"),
}


@pytest.mark.parametrize(("value", "ends"), [("71-117 cm", (710.0, 1170.0)), ("60 cm – 125 cm", (600.0, 1250.0)),
                                             ("10 to 35 kg", (10000.0, 35000.0))])
def test_a_range_value_is_read_as_its_two_ends(value: str, ends: tuple[float, float]) -> None:
    got = range_of(value)
    assert got is not None and (got[0].amount, got[1].amount) == ends


@pytest.mark.parametrize("value", ["117 cm", "120 kg", "2 x 3.2 kW", "125-71 cm", "5 kg - 40 cm"])
def test_one_value_or_a_mixed_pair_is_no_range(value: str) -> None:
    assert range_of(value) is None


def test_a_range_is_kept_whole_ranked_by_its_span_and_its_top_never_makes_a_column() -> None:
    result = run("What is the best standing desk frame under $400?", DESKS)
    assert "range" not in result.attributes and "height range" in result.attributes  # no made-up "range" column
    spans = {c["value"]: c["amount"] for c in result.cells if c["attribute"] == "height range"}
    assert spans == {"62-127 cm": 650.0, "71-117 cm": 460.0, "60 cm – 124 cm": 640.0}
    matrix = section(result, "Spec matrix")
    assert "71-117 cm" in matrix and "62-127 cm" in matrix
    verdicts = section(result, "Verdicts")
    # the narrowest range (46 cm) is never praised as the highest or the largest
    assert not re.search(r"(?:highest|largest) height range[^;]*71-117", verdicts), verdicts
    assert re.search(r"smallest height range[^;]*71-117", verdicts) or "71-117" not in verdicts.split("Runner-up")[0]


def test_a_range_of_an_attribute_that_is_no_range_is_shown_but_not_ranked() -> None:
    site = {k: v.replace("Height range", "Operating weight") for k, v in DESKS.items()}
    result = run("What is the best standing desk frame under $400?", site)
    assert all(c["amount"] is None for c in result.cells if c["attribute"] == "operating weight")


SPONSORED_REVIEW = (
    "<!doctype html><html lang='en'><head><title>Elko Rise 2 review: the best desk under $400 - DeskPicks</title>"
    "</head><body><main><article><p>Disclosure: this post contains affiliate links. We may earn a commission when "
    "you buy through them.</p><h1>Elko Rise 2 review</h1><p>The Elko Rise 2 is the best standing desk frame under "
    "$400. It lifts at 35 mm/s and holds 100 kg.</p></article></main></body></html>")
SPONSORED_TEXT = ("Disclosure: this post contains affiliate links. We may earn a commission when you buy through them."
                  "\n\nElko Rise 2 review\n\nThe Elko Rise 2 is the best standing desk frame under $400. It lifts at "
                  "35 mm/s and holds 100 kg.")


def test_a_pronoun_after_a_review_headline_is_the_product_not_the_headline() -> None:
    claims = [c.text for c in extract_claims(SPONSORED_TEXT, title="Elko Rise 2 review")]
    assert "The Elko Rise 2 lifts at 35 mm/s and holds 100 kg." in claims, claims
    assert not any("review lifts" in c for c in claims)


def test_a_review_headline_glued_to_the_pick_sentence_is_not_quoted_as_praise() -> None:
    pages = [_page(i, path, html) for i, (path, html) in enumerate(DESKS.items())]
    pages.append(SourcePage(source_id=str(UUID(int=50)), url="http://127.0.0.1:9/deskpicks/elko-review/",
                            title="Elko Rise 2 review", text=SPONSORED_TEXT, html=SPONSORED_REVIEW,
                            html_sha256=hashlib.sha256(SPONSORED_REVIEW.encode()).hexdigest()))
    result = analyse("What is the best standing desk frame under $400?", pages, UUID(int=99),
                     today=date(2026, 12, 3))
    praise = [p for r in result.reviews for p in r["pros"] if "best standing desk" in p]
    assert praise == ["Elko Rise 2 is the best standing desk frame under $400."], praise


TEST_PAGE = ("<!doctype html><html lang='en'><head><title>We tested three standing desk frames | DeskLab</title></head>"
             "<body><main><article><h1>We tested three standing desk frames</h1><p>By Mara Olsen, 2026-11-20. The "
             "Dora Lift 4 lifted at 37 mm/s in our test and stayed stable at full height. The Fenn Desk 8 is the "
             "fastest frame we tested.</p></article></main></body></html>")


@pytest.mark.parametrize(("sentence", "value"), [("It lifts at 35 mm/s and holds 100 kg.", "35 mm/s"),
                                                 ("The Dora Lift 4 lifted at 37 mm/s in our test.", "37 mm/s")])
def test_a_common_unit_after_a_verb_of_the_attributes_own_word_is_that_attributes(sentence: str, value: str) -> None:
    kinds = {"lift speed": kind_of("millimeter / second"), "load capacity": kind_of("gram")}
    assert [(f.attribute, f.value) for f in read_by_unit(sentence, kinds)] == [("lift speed", value)]


@pytest.mark.parametrize("sentence", ["It ships at 35 mm/s.", "The lift speed is 35 mm/s.", "It holds 100 kg."])
def test_a_common_unit_without_its_attributes_verb_says_nothing(sentence: str) -> None:
    kinds = {"lift speed": kind_of("millimeter / second"), "load capacity": kind_of("gram")}
    assert read_by_unit(sentence, kinds) == []


def test_an_independent_tests_figure_stands_beside_the_makers_when_they_differ() -> None:
    site = {**DESKS, "desklab/tested": TEST_PAGE}
    result = run("What is the best standing desk frame under $400?", site)
    dora = next(p["product_id"] for p in result.products if p["name"] == "Dora Lift 4")
    speeds = sorted(c["value"] for c in result.cells if c["product_id"] == dora and c["attribute"] == "lift speed")
    assert speeds == ["37 mm/s", "38 mm/s"]  # 2.6% apart: both shown, each with its source
    assert "37 mm/s" in section(result, "Spec matrix")



def _speed_test(speed: str) -> str:
    """An independent test giving the Dora Lift 4's lift speed as ``speed`` and picking it for a home office."""
    return ("<!doctype html><html lang='en'><head><title>We tested three standing desk frames | DeskLab</title></head>"
            "<body><main><article><h1>We tested three standing desk frames</h1><p>By Mara Olsen, 2026-11-20. The "
            f"Dora Lift 4 lifted at {speed} in our test and stayed stable at full height. The Dora Lift 4 is our "
            "pick for a home office.</p></article></main></body></html>")


SLOWER = {  # the Dora Lift 4 leads on height range and, by its maker's 38 mm/s, on lift speed
    "dora/d1": _desk("Dora Lift 4", "62-127 cm", "38 mm/s", "$379.00"),
    "elko/e2": _desk("Elko Rise 2", "71-117 cm", "25 mm/s", "$329.00"),
    "fenn/f3": _desk("Fenn Desk 8", "60 cm – 124 cm", "30 mm/s", "$359.00"),
}
OFFICE = "What is the best standing desk frame under $400 for a home office?"


def test_a_disagreement_on_the_picks_figure_it_wins_on_either_way_is_shown_but_leaves_the_pick_undisputed() -> None:
    result = run(OFFICE, {**SLOWER, "desklab/t": _speed_test("37 mm/s")})  # 2.6% below the maker's 38 mm/s
    verdicts = section(result, "Verdicts")
    assert "Best for a home office: Dora Lift 4" in verdicts, verdicts
    assert "37 mm/s" in verdicts and "38 mm/s" in verdicts and "its sources disagree" in verdicts, verdicts
    assert result.pick is not None and result.pick["subject"] == "Dora Lift 4"
    assert result.pick["figures_agree"] is True, result.pick  # the fastest on 37 mm/s and on 38 mm/s


def test_a_disagreement_on_the_picks_figure_that_changes_the_ranking_counts_against_the_pick() -> None:
    # on the test's 29 mm/s the Fenn Desk 8 (30 mm/s, cheaper) ranks first; on the maker's 38 mm/s the Dora Lift 4
    result = run(OFFICE, {**SLOWER, "desklab/t": _speed_test("29 mm/s")})
    verdicts = section(result, "Verdicts")
    assert "29 mm/s" in verdicts and "38 mm/s" in verdicts, verdicts
    assert result.pick is not None and result.pick["subject"] == "Dora Lift 4"
    assert result.pick["figures_agree"] is False, result.pick

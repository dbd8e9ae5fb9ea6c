"""How steep a way is, asked in any word of its family (issue 9, g3 fault G3): "How steep is X at its steepest
point?" was led by a dispute of X's length ("The sources disagree on the length ...") at 0.89 high, although a
verified row "maximum gradient 46 %" answers it. "steep", "steeper", "steepest", "steepness", "gradient", "incline"
and "slope" name one attribute (shared.text.relations.RELATIONS["steepness"]), whose figure is a percentage, an
angle or a ratio of a sentence naming it (shared.text.quantity.gradient_figure); and a disagreement on figures of
another attribute than a "what" question names never leads it. Invented pages and figures."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from shared.text.answer import answer_candidates, answer_type, attribute_asked, relation_terms
from shared.text.quantity import asked_quantity, compared_quantity, stated_kinds
from tests.claim_pages import local_claim, local_source


@pytest.mark.parametrize("question", [
    "How steep is the Orrin Cliff Railway?",
    "How steep is the Orrin Cliff Railway at its steepest point?",
    "What is the maximum gradient of the Orrin Cliff Railway?",
    "What is the steepness of the Tarrow Pass road?",
    "How steep is the trail up Mount Kessa?",
])
def test_steepness_asks_a_gradient(question: str) -> None:
    assert asked_quantity(question) == ("gradient",)
    assert answer_type(question) == "measure"


def test_steeper_compares_gradients() -> None:
    assert compared_quantity("Which is steeper, the Orrin Cliff Railway or the Tarrow Pass road?") == ("gradient",)


@pytest.mark.parametrize("sentence, expected", [
    ("The Orrin Cliff Railway: maximum gradient 58 %.", ["58 %"]),
    ("The Tarrow Pass road climbs at an incline of 1 in 5 below the summit.", ["1"]),
    ("Near the top the trail is steep, with slopes of up to 24 degrees.", ["24"]),
    # a share, a length or a temperature is no gradient
    ("About 58 % of the visitors take the railway.", []),
    ("The Orrin Cliff Railway: length 820 m.", []),
    ("On the steep path it was 31 degrees Celsius at noon.", []),
])
def test_a_gradient_is_a_percentage_angle_or_ratio_naming_steepness(sentence: str, expected: list[str]) -> None:
    question = "How steep is the Orrin Cliff Railway?"
    assert answer_candidates(sentence, answer_type(question), question) == expected
    assert ("gradient" in stated_kinds(sentence)) is bool(expected)


def test_the_place_of_the_most_asks_the_maximum() -> None:
    question = "How steep is the Orrin Cliff Railway at its steepest point?"
    assert attribute_asked(question) == "the maximum gradient of the Orrin Cliff Railway"
    assert relation_terms(question) == []  # "steepest point" is no relation a lead must state
    assert attribute_asked("How deep is Lake Varr at its deepest point?") == "the maximum depth of Lake Varr"
    assert attribute_asked("How high is the Kessa road at its lowest point?") == \
        "the height of the Kessa road at its lowest point"


TITLES = {"s1": "Orrin Cliff Railway", "s2": "A weekend in Orrin"}


def _claims(*, gradient: bool = True, opening: bool = True) -> list[VerifiedClaim]:
    """The encyclopedia's rows and a blog giving another length (the length is disputed)."""
    claims = [
        local_claim("a0", "s1", "The Orrin Cliff Railway is a funicular railway in the harbour town of Orrin."),
        local_claim("a1", "s1", "The Orrin Cliff Railway: length 820 m."),
        local_claim("a2", "s1", "The Orrin Cliff Railway: height difference 140 m."),
        local_claim("a3", "s1", "The Orrin Cliff Railway: maximum gradient 58 %."),
        local_claim("a4", "s1", "The Orrin Cliff Railway: gauge 1,200 mm."),
        local_claim("b1", "s2", "The Orrin Cliff Railway is 880 m long, and the ride takes about four minutes."),
    ]
    return [c for c in claims if (gradient or c.claim_id != "a3") and (opening or c.claim_id != "a0")]


def _report(question: str, claims: list[VerifiedClaim]) -> tuple[str, str, str]:
    sources = {sid: local_source(sid, t) for sid, t in TITLES.items()}
    rep = synthesize(question, claims, sources)
    return lead_section(rep.markdown), rep.markdown, report_gate(question, rep, sources, claims).tier


@pytest.mark.parametrize("question", ["How steep is the Orrin Cliff Railway at its steepest point?",
                                      "How steep is the Orrin Cliff Railway?",
                                      "What is the maximum gradient of the Orrin Cliff Railway?"])
def test_the_gradient_row_leads_not_the_length_dispute(question: str) -> None:
    lead, _markdown, tier = _report(question, _claims())
    assert lead == "The Orrin Cliff Railway: maximum gradient 58 % [1].", lead
    assert tier != "low"


@pytest.mark.parametrize("question", ["How steep is the Orrin Cliff Railway at its steepest point?",
                                      "What is the rack system of the Orrin Cliff Railway?"])
def test_a_dispute_of_another_attribute_never_leads(question: str) -> None:
    # no sentence gives the gradient (or the rack system): the two lengths answer nothing of it
    lead, markdown, tier = _report(question, _claims(gradient=False, opening=False))
    assert "disagree" not in lead and "880 m" not in lead, lead
    assert tier == "low"
    assert "The sources disagree" in markdown and "880 m" in markdown, markdown  # a finding still


def test_a_dispute_of_the_asked_attribute_still_leads() -> None:
    lead, _markdown, tier = _report("How long is the Orrin Cliff Railway?", _claims())
    assert lead.startswith("The sources disagree on the length of the Orrin Cliff Railway: 820 m"), lead
    assert "880 m" in lead and tier == "low", lead


ROAD = {"r1": "The Tarrow Pass road", "r2": "Cycling the Tarrow Pass"}


def test_how_steep_is_the_road_is_answered_by_its_slope() -> None:
    claims = [local_claim("r1-0", "r1", "The Tarrow Pass road is 14.2 km long."),
              local_claim("r1-1", "r1", "The Tarrow Pass road climbs at an incline of 1 in 5 below the summit."),
              local_claim("r2-0", "r2", "The Tarrow Pass road is 15 km long and was paved in 1961.")]
    sources = {sid: local_source(sid, t) for sid, t in ROAD.items()}
    rep = synthesize("How steep is the Tarrow Pass road?", claims, sources)
    lead = lead_section(rep.markdown)
    assert lead == "The Tarrow Pass road climbs at an incline of 1 in 5 below the summit [1].", lead


def _gradients(other: str) -> list[VerifiedClaim]:
    return [local_claim("a1", "s1", "The Orrin Cliff Railway: length 820 m."),
            local_claim("a3", "s1", "The Orrin Cliff Railway: maximum gradient 58 %."),
            local_claim("b1", "s2", other)]


@pytest.mark.parametrize("question", ["How steep is the Orrin Cliff Railway?",
                                      "What is the maximum gradient of the Orrin Cliff Railway?"])
def test_two_gradients_are_a_dispute_of_the_steepness(question: str) -> None:
    # "61 %" is a gradient of its sentence, so the two pages disagree on the answer: never one of them at high
    claims = _gradients("The Orrin Cliff Railway has a maximum gradient of 61 %, one of the steepest in the country.")
    lead, _markdown, tier = _report(question, claims)
    assert lead == "The sources disagree on the gradient of the Orrin Cliff Railway: 58 % [1]; 61 % [2].", lead
    assert tier == "low"


def test_two_shares_are_no_dispute_of_the_steepness() -> None:
    claims = _gradients("About 61 % of the visitors to Orrin take the Orrin Cliff Railway.")
    lead, _markdown, _tier = _report("How steep is the Orrin Cliff Railway?", claims)
    assert lead == "The Orrin Cliff Railway: maximum gradient 58 % [1].", lead

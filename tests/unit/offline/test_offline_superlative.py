"""A superlative question ("Which production has the most marionettes on stage?") over a table's rows or sibling
claims is answered by the thing holding the extreme value of the asked quantity, not by whichever row shares the
question's words (trial t38 probe e1 led with the row "The Clockmaker's Daughter ... marionettes on stage 27" at 0.65
medium / judge 88 while "A Night at the Fair" had 42). Values in different units are not compared, a tie names every
winner, and the gate and the judge do not count a lead naming another row as the answer. Pages made up here."""

from __future__ import annotations

import pytest

from services.judge.offline import judge
from services.synthesizer.confidence import MEDIUM_THRESHOLD, extreme_missed, report_gate
from services.synthesizer.verdicts import Extreme, decide_extreme, extreme_sentence
from shared.evidence import Citation, Report
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

#: a timetable page as the claim extractor writes a table's rows ("<column> <key>: <column> <value>, ...")
FERRY_ROWS = [
    "The fjord service runs four ferries between Ostvik and the islands.",
    "Ferry Maren Alda: crossings per day 14, car spaces 40, built 1998.",
    "Ferry Kvitholm: crossings per day 22, car spaces 18, built 2011.",
    "Ferry Brenna Sound: crossings per day 9, car spaces 64, built 1987.",
    "Ferry Solvik: crossings per day 17, car spaces 32, built 2004.",
]
FERRY_TITLE = "Ostvik fjord ferries timetable"
LIGHTHOUSES = [
    "The Skarvik Lighthouse is 32 metres tall.",
    "The Holmnes Lighthouse is 41 metres tall and was first lit in 1872.",
    "The Brattoy Lighthouse stands 27 metres tall.",
    "Skarvik harbour has 120 berths for small boats.",
]
LIGHT_TITLE = "Lighthouses of the Norland coast"


def _decide(question: str, texts: list[str], title: str) -> Extreme | None:
    return decide_extreme(question, texts, [title] * len(texts), list(range(len(texts))))


@pytest.mark.parametrize(
    ("question", "winner", "value"),
    [
        ("Which ferry on the fjord makes the most crossings per day?", "Kvitholm", "22"),
        ("Which ferry makes the fewest crossings per day?", "Brenna Sound", "9"),
        ("Which ferry has the most car spaces?", "Brenna Sound", "64"),
        ("Which ferry is the oldest?", "Brenna Sound", "1987"),
    ],
)
def test_the_row_with_the_extreme_value_of_the_asked_column_wins(question: str, winner: str, value: str) -> None:
    extreme = _decide(question, FERRY_ROWS, FERRY_TITLE)
    assert extreme is not None and extreme.names == (winner,) and extreme.values == (value,)
    assert extreme.compared == 4


def test_sibling_sentences_are_ranked_by_the_figure_of_the_kind_asked() -> None:
    extreme = _decide("Which lighthouse on the coast is the tallest?", LIGHTHOUSES, LIGHT_TITLE)
    assert extreme is not None and extreme.names == ("Holmnes Lighthouse",) and extreme.values == ("41 metres",)
    assert extreme_sentence(extreme, ["[2]"]) == "Holmnes Lighthouse is the tallest: 41 metres [2]."
    shortest = _decide("Which is the shortest lighthouse on the coast?", LIGHTHOUSES, LIGHT_TITLE)
    assert shortest is not None and shortest.names == ("Brattoy Lighthouse",)


def test_values_in_different_units_are_not_compared() -> None:
    mixed = [LIGHTHOUSES[0], "The Holmnes Lighthouse is 135 feet tall.", LIGHTHOUSES[2]]
    assert _decide("Which lighthouse on the coast is the tallest?", mixed, LIGHT_TITLE) is None


def test_a_count_of_another_noun_is_no_value_of_the_asked_one() -> None:
    # the harbour's berths are no crossings, and a row column of another count is never read for the asked one
    assert _decide("Which lighthouse has the most crossings?", LIGHTHOUSES, LIGHT_TITLE) is None
    assert _decide("Which ferry carries the most bicycles?", FERRY_ROWS, FERRY_TITLE) is None


def test_a_tie_names_every_thing_holding_the_extreme() -> None:
    tied = [*LIGHTHOUSES, "The Varde Lighthouse is 41 metres tall."]
    extreme = _decide("Which lighthouse on the coast is the tallest?", tied, LIGHT_TITLE)
    assert extreme is not None and extreme.names == ("Holmnes Lighthouse", "Varde Lighthouse")
    assert extreme_sentence(extreme, ["[1]", "[2]"]) == \
        "Tied for the tallest: Holmnes Lighthouse, 41 metres [1]; Varde Lighthouse, 41 metres [2]."


@pytest.mark.parametrize(
    "question",
    [
        "Which is taller, the Skarvik Lighthouse or the Holmnes Lighthouse?",  # a two-option choice: decide_choice
        "Which is the second tallest lighthouse on the coast?",  # a rank, not the extreme
        "What is the most recent figure for crossings per day?",  # the latest: another path
        "How tall is the Skarvik Lighthouse?",
        # a limit the claims' extreme may break: the extreme of all of them is no answer
        "Which ferry built after 2000 makes the most crossings per day?",
        "Which ferry with under 30 car spaces makes the most crossings per day?",
        # two superlatives at once
        "Which ferry makes the most crossings per day and has the most car spaces?",
    ],
)
def test_questions_that_are_no_superlative_over_siblings_are_left_alone(question: str) -> None:
    assert _decide(question, [*LIGHTHOUSES, *FERRY_ROWS], LIGHT_TITLE) is None


def test_a_thing_given_two_values_is_not_decided() -> None:
    disputed = [*LIGHTHOUSES, "The Skarvik Lighthouse is 45 metres tall."]
    assert _decide("Which lighthouse on the coast is the tallest?", disputed, LIGHT_TITLE) is None


def test_the_report_leads_with_the_extreme_and_is_answered() -> None:
    claims, sources = listed_claims({"ferries": (FERRY_TITLE, FERRY_ROWS)})
    question = "Which ferry on the fjord makes the most crossings per day?"
    report, gate, answered, total = recorded_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith("Kvitholm makes the most crossings per day: 22 [1]."), report.markdown
    assert "Maren Alda" not in lead and "Solvik" not in lead
    assert "not_extreme" not in gate.signals


def _led_by(claim_index: int, question: str) -> tuple[float, str, bool, str]:
    claims, sources = listed_claims({"ferries": (FERRY_TITLE, FERRY_ROWS)})
    claim = claims[claim_index]
    cit = Citation(n=1, source_id="ferries", claim_id=claim.claim_id, start=0, end=len(claim.text),
                   quote=claim.text)
    markdown = f"# Q\n\n## Answer\n\n{claim.text.rstrip('.')} [1].\n\n## Sources\n\n- [1] {FERRY_TITLE}\n"
    report = Report(markdown=markdown, citations=[cit], used_claim_ids=[c.claim_id for c in claims])
    gate = report_gate(question, report, sources, claims)
    verdict = judge(markdown, question=question, claims_total=len(claims), claims_supported=len(claims),
                    citations=[cit], sub_queries=[], supported_claim_ids={c.claim_id for c in claims},
                    answered_probability=gate.signals["answered"],
                    names_missing=bool(gate.signals.get("names_missing")),
                    relation_missing=bool(gate.signals.get("relation_missing")),
                    not_extreme=bool(gate.signals.get("not_extreme")))
    return gate.score, gate.tier, verdict.answered, verdict.rationale


def test_a_lead_naming_another_row_than_the_extreme_is_not_answered() -> None:
    question = "Which ferry on the fjord makes the most crossings per day?"
    score, tier, answered, why = _led_by(1, question)  # Maren Alda, 14 crossings: a value, not the most
    assert tier == "low" and score < MEDIUM_THRESHOLD and not answered
    assert "another thing than the one holding the extreme" in why
    score, tier, answered, why = _led_by(2, question)  # Kvitholm, 22: the most
    assert "extreme" not in why
    claims, sources = listed_claims({"ferries": (FERRY_TITLE, FERRY_ROWS)})
    assert extreme_missed(question, f"{FERRY_ROWS[1]} [1].", claims, sources)
    assert not extreme_missed(question, f"{FERRY_ROWS[2]} [1].", claims, sources)  # Kvitholm, 22


def test_a_lead_stating_the_extreme_row_is_not_held_back_by_it() -> None:
    claims, sources = listed_claims({"ferries": (FERRY_TITLE, FERRY_ROWS)})
    question = "Which ferry on the fjord makes the most crossings per day?"
    assert not extreme_missed(question, f"{FERRY_ROWS[2]} [1].", claims, sources)
    # undecided (different units): the rule holds nothing back
    page = [LIGHTHOUSES[0], "The Holmnes Lighthouse is 135 feet tall."]
    mixed, mixed_sources = listed_claims({"l": (LIGHT_TITLE, page)})
    assert not extreme_missed("Which lighthouse on the coast is the tallest?", f"{LIGHTHOUSES[0]} [1].", mixed,
                              mixed_sources)


#: a yearly table's rows as the claim extractor writes them, under a page naming its subject
YEAR_ROWS = [
    "The Orrin Quarry Baths publish their visitor numbers each autumn.",
    "Year 2021: visitors 84,300, ticket income £402,000.",
    "Year 2022: visitors 91,750, ticket income £455,000.",
    "Year 2023: visitors 77,900, ticket income £390,000.",
]
YEAR_TITLE = "Orrin Quarry Baths annual figures"


@pytest.mark.parametrize(
    ("question", "winner", "sentence"),
    [
        # trial t53 F9: a preposition before "which" hid the superlative ("In which year ...?" was Not established)
        ("In which year did the Orrin Quarry Baths have the fewest visitors?", "2023",
         "The Orrin Quarry Baths had the fewest visitors in 2023: 77,900 [1]."),
        ("During which year did the Orrin Quarry Baths have the most visitors?", "2022",
         "The Orrin Quarry Baths had the most visitors in 2022: 91,750 [1]."),
    ],
)
def test_a_preposition_before_which_and_do_support_are_read(question: str, winner: str, sentence: str) -> None:
    extreme = _decide(question, YEAR_ROWS, YEAR_TITLE)
    assert extreme is not None and extreme.names == (winner,), extreme
    assert extreme_sentence(extreme, ["[1]"]) == sentence


def test_do_support_with_an_object_names_the_winner_after_the_verb() -> None:
    extreme = Extreme(("Harbour Lights",), (0,), ("212",), "did the company stage the most times", "the most times",
                      3, "play")
    assert extreme_sentence(extreme, ["[4]"]) == "The company staged Harbour Lights the most times: 212 [4]."
    present = Extreme(("the Tessel route",), (1,), ("14 times a week",), "does the airline fly the most often",
                      "the most often", 3, "route")
    assert extreme_sentence(present, ["[2]"]) == "The airline flies the Tessel route the most often: 14 times a week [2]."

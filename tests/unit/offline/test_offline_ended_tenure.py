"""A holder whom a text says another followed, who retired or stepped down, or whom it calls a former holder no
longer holds the office: such a text does not support a claim giving him the office as a present fact ("X: general
manager Osric Fell" is not supported by "Ines Marlow, who took over from Osric Fell in March 2024 when he retired,
said ..."), and a "who runs it nowadays" lead names the new holder without the old one as a further sentence (trial
t65 F6: the stale infobox row was cited to the news sentence saying he retired, as a second lead sentence at high)."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.entailment import entailment
from shared.text.succession import ended_holders, predecessors
from tests.claim_pages import listed_claims, recorded_report

NEWS = ("The tramway's new general manager, Ines Marlow, who took over from Osric Fell in March 2024 when he retired, "
        "said the reopening was a great day.")


@pytest.mark.parametrize(("text", "names"), [
    (NEWS, ["Osric Fell"]),
    ("Tom Hale retired in 2023.", ["Tom Hale"]),
    ("Tom Hale, who had led the trust since 1990, stepped down in 2023.", ["Tom Hale"]),
    ("The award went to former general manager Tom Hale.", ["Tom Hale"]),
    ("Tom Hale, the former director of the museum, opened the hall.", ["Tom Hale"]),
    ("The retired teacher Ann Pell founded the club.", []),  # a retired teacher holds no office the text ends
    ("He retired in 2020.", []),
    ("The former Orvane Quarry Company built the line.", []),
])
def test_the_holders_a_text_says_left(text: str, names: list[str]) -> None:
    assert ended_holders(text) == names


def test_a_relative_clause_of_taking_over_names_the_predecessor() -> None:
    assert predecessors(NEWS) == ["Osric Fell"]


@pytest.mark.parametrize("claim", ["Brackwater Tramway: general manager Osric Fell.",
                                   "Osric Fell is the general manager of the tramway."])
def test_a_text_saying_the_holder_left_does_not_support_him_in_office(claim: str) -> None:
    assert entailment(claim, NEWS).label == "neutral"


@pytest.mark.parametrize("claim", ["Osric Fell retired in March 2024.",
                                   "Ines Marlow took over from Osric Fell in March 2024.",
                                   "Osric Fell was general manager of the tramway.",
                                   "The tramway's general manager is Ines Marlow.", NEWS])
def test_the_succession_itself_and_the_new_holder_stay_supported(claim: str) -> None:
    assert entailment(claim, NEWS).label == "supported"


PAGES = {"s1": ("Brackwater Tramway", ["Brackwater Tramway: locale Lunsford.",
                                       "Brackwater Tramway: general manager Osric Fell.",
                                       "The Brackwater Tramway is a heritage tramway in Lunsford."]),
         "s2": ("Brackwater Tramway reopens", ["The Brackwater Tramway reopened on 2 May 2024 after a year of repairs.",
                                               NEWS])}


@pytest.mark.parametrize("question", ["Who manages the Brackwater Tramway nowadays?",
                                      "Who is the current general manager of the Brackwater Tramway?",
                                      "Who runs the Brackwater Tramway today?"])
def test_the_new_holder_leads_without_the_one_he_followed(question: str) -> None:
    # main: "... Ines Marlow, who took over from Osric Fell ... [1]. Brackwater Tramway: general manager Osric Fell
    # [2]." at high
    claims, sources = listed_claims(PAGES)
    report, _gate, _answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith(NEWS[:-1] + " [1]."), report.markdown
    assert "general manager Osric Fell" not in lead, report.markdown

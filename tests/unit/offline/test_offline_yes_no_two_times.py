"""A yes/no question comparing one thing's figure at two times, both figures in one sentence ("Did the Kettle Regatta
draw more boats in 2022 than in 2016?"; services.synthesizer.verdicts.decide_yes_no and the lead of
services.synthesizer.offline.synthesize): the answer is yes or no as the figures dated by each year decide, stated
with both figures and their difference."""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import decide_yes_no
from shared.report import lead_section
from tests.claim_pages import page_set, sentence_claims

PAGES = {
    "regatta": (
        "The Brindle Kettle Regatta",
        "The Kettle Regatta has been rowed on Brindle Water since 1931. In 2022 the regatta drew about 340 boats, "
        "up from 275 boats in 2016. The regatta was cancelled in 2020.",
    ),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


def decide(question: str) -> tuple[bool | None, tuple[str, ...], str]:
    claims = sentence_claims(TEXTS, "regatta")
    texts = [c.text for c in claims]
    yes_no = decide_yes_no(
        question, texts, [TITLES["regatta"]] * len(texts), list(range(len(texts))), [i == 0 for i in range(len(texts))]
    )
    assert yes_no is not None
    return yes_no.answer, yes_no.values, yes_no.difference


def test_the_figures_dated_by_each_year_decide_and_their_difference_is_said() -> None:
    answer, values, difference = decide("Did the Kettle Regatta draw more boats in 2022 than in 2016, and by how many?")
    assert answer is True
    assert values == ("340 boats in 2022", "275 boats in 2016")
    assert difference == "65 more"
    answer, values, difference = decide("Did the Kettle Regatta draw fewer boats in 2016 than in 2022?")
    assert answer is True and difference == "65 fewer"
    answer, _values, _difference = decide("Did the Kettle Regatta draw more boats in 2016 than in 2022?")
    assert answer is False


def test_the_lead_says_yes_with_both_figures_and_the_difference() -> None:
    question = "Did the Kettle Regatta draw more boats in 2022 than in 2016, and by how many?"
    report = synthesize(question, sentence_claims(TEXTS, "regatta"), SOURCES)
    lead = lead_section(report.markdown)
    assert lead.startswith("Yes: 340 boats in 2022 against 275 boats in 2016, 65 more [1]."), lead

"""A question asking for the latest, most recent or current figure of a thing is led by the figure its own sentence
dates by the newest year, of the thing asked only (issue 9, trial t21 fault A: a local file carries no publication
date, so "The 2023 Tarrow Lantern Fair drew 11,400 visitors" is newer than "In 2022 attendance rose to 10,100",
and the town's census figure or its founding is no padding of the lead) (``services.synthesizer.offline``,
``shared.text.quantity``)."""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import asked_time_lead, synthesize
from shared.report import lead_section
from shared.text.answer import answer_type
from shared.text.quantity import asked_quantity, quantity_words, states_asked
from tests.claim_pages import listed_claims

PAGES = {
    "fair": ("Tarrow Lantern Fair", ["The Tarrow Lantern Fair was first held in 1961.",
                                     "The fair is organised by the Tarrow Boatmen's Guild.",
                                     "In 2021 the fair was attended by 9,300 people.",
                                     "In 2022 attendance rose to 10,100 people, the highest figure at that time."]),
    "review": ("Lantern Fair 2023: a record year", ["The 2023 Tarrow Lantern Fair drew 11,400 visitors, a new record.",
                                                    "The fair's lantern contest was won by Ida Venn."]),
    "town": ("Tarrow", ["Tarrow is a river port on the Wenn.",
                        "At the 2020 census Tarrow had 6,050 inhabitants.",
                        "The town of Tarrow was founded in 1688 by salt traders from the Wenn valley."]),
}


def test_the_latest_figure_is_the_one_its_sentence_dates_newest() -> None:
    claims, sources = listed_claims(PAGES)
    for question in ("What is the latest attendance figure of the Tarrow Lantern Fair?",
                     "What is the most recent attendance of the Tarrow Lantern Fair?"):
        rep = synthesize(question, claims, sources)
        lead = lead_section(rep.markdown)
        assert "11,400" in lead, lead
        assert not any(x in lead for x in ("10,100", "9,300", "6,050", "1688")), lead
        assert report_gate(question, rep, sources, claims).tier != "low"


def test_a_figure_asked_with_its_figure_word_is_a_quantity_question() -> None:
    question = "What is the latest attendance figure of the Tarrow Lantern Fair?"
    assert answer_type(question) == "how_many"
    assert asked_quantity(question) == ("count",)
    assert quantity_words(question) == ("attendance", "figure")
    # a sentence stating the count with its year says the "latest" figure the question asks for
    assert set(states_asked(question, "The 2023 fair drew 11,400 visitors.")) == {"attendance", "figure", "latest"}
    assert "latest" not in states_asked(question, "The fair draws about 11,000 visitors.")


def test_the_newest_year_a_sentence_writes_dates_its_figure_for_a_latest_question() -> None:
    texts = ["The 2022 fair drew 10,100 visitors.", "The 2023 fair drew 11,400 visitors.", "The fair is held in May."]
    assert asked_time_lead("What is the latest attendance figure of the fair?", texts, [0, 2], [0, 1, 2]) == [1, 2]
    # a question that does not ask for the latest keeps both undated-by-frame figures as current
    assert asked_time_lead("What is the attendance of the fair?", texts, [0, 2], [0, 1, 2]) == [0, 2]

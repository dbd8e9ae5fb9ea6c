"""Issue 9 (re-check g50 of trial t50, task f51b): a question asking a relation or a price in other words than its
pages use is answered as the plain question is. "Which engineer was responsible for the design of X?" asks who
designed X; "Was X the work of Y?" asks whether Y made X (designed, built, wrote it ...), "No" when X's sentence names
another maker; "What does a grown-up pay for admission to X?" asks the adult admission price, which no other amount
answers (a restoration's cost, a yearly income): without the price the report says it is not established
(shared.text.synonyms.RELATION_PHRASES, shared.text.relations.MAKING, shared.text.quantity.asks_price). Invented
names (the Brask canals, the Harl Lace Museum)."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_yes_no
from shared.report import lead_section, says_not_established
from shared.text.answer import answer_candidates, answer_type, cost_act, cost_purpose
from shared.text.quantity import asks_price, whole_amount
from shared.text.relations import same_relation
from shared.text.synonyms import said_plainly
from tests.claim_pages import listed_claims, recorded_report


@pytest.mark.parametrize(("text", "plain"), [
    ("Which engineer was responsible for the design of the Brask Canal?", "Which engineer designed the Brask Canal?"),
    ("Who was in charge of building the Tarn Bridge?", "Who built the Tarn Bridge?"),
    ("Who was behind the creation of the Merrow Review?", "Who made the Merrow Review?"),
    ("Name the architect responsible for the design of the Palm House.",
     "Name the architect who designed the Palm House."),
    ("Was Jonas Edvarsen responsible for the construction of the Brask Canal?",
     "Did Jonas Edvarsen build the Brask Canal?"),
    ("Was the Little Brask Canal the work of Jonas Edvarsen?", "Was the Little Brask Canal made by Jonas Edvarsen?"),
    ("Is the weir the handiwork of the engineer Mattis Korrel?", "Is the weir made by the engineer Mattis Korrel?"),
    ("Whose work is the Brask Canal?", "Who made the Brask Canal?"),
    ("What does a grown-up pay for admission?", "What does an adult pay for admission?"),
    ("Do grown-ups pay more?", "Do adults pay more?"),
    # no act named, an act of no doer, a verb: as written
    ("Who was responsible for the Brask Canal?", "Who was responsible for the Brask Canal?"),
    ("When was the creation of the Brask Canal?", "When was the creation of the Brask Canal?"),
    ("Where had Jonas Edvarsen grown up?", "Where had Jonas Edvarsen grown up?"),
])
def test_a_relation_in_many_words_is_said_with_its_verb(text: str, plain: str) -> None:
    assert said_plainly(text) == plain


def test_a_maker_is_whoever_designed_built_or_wrote_it() -> None:
    assert same_relation("made", "designed", agent=True) and same_relation("made", "built", agent=True)
    assert same_relation("made", "composed", agent=True)
    assert not same_relation("made", "opened", agent=True)  # "opened to traffic in 1812": no maker
    assert not same_relation("made", "designed")  # "When was it made?" is not "When was it designed?"
    assert not same_relation("built", "designed", agent=True)


CANALS = {
    "big": ("Brask Canal", ["The Brask Canal is a summit-level canal in the province of Lenmark.",
                            "The Brask Canal was designed by the engineer Jonas Edvarsen, who was appointed chief "
                            "engineer of the Lenmark navigation works in 1789.",
                            "The Brask Canal opened to traffic on 14 May 1812."]),
    "little": ("Little Brask Canal", ["The Little Brask Canal is a drainage cut in the Brask marshes.",
                                      "The Little Brask Canal was designed by the engineer Mattis Korrel and built "
                                      "between 1899 and 1902.",
                                      "The Little Brask Canal opened on 2 June 1902."]),
    "person": ("Jonas Edvarsen (1754-1829)", ["Jonas Edvarsen retired in 1821 and died in Lenhaven.",
                                             "In 1789 Edvarsen was appointed chief engineer of the Lenmark "
                                             "navigation works."]),
}


@pytest.mark.parametrize("question", ["Which engineer was responsible for the design of the Brask Canal?",
                                      "Who was in charge of designing the Brask Canal?"])
def test_who_was_responsible_for_the_design_is_the_designer(question: str) -> None:
    claims, sources = listed_claims(CANALS)
    rep, gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("The Brask Canal was designed by the engineer Jonas Edvarsen"), lead
    assert not says_not_established(rep.markdown) and answered and gate.tier != "low", (lead, gate.signals)


def _decide(question: str) -> bool | None:
    claims, _sources = listed_claims(CANALS)
    texts = [c.text for c in claims]
    titles = [CANALS[str(c.source_id)][0] for c in claims]
    order = list(range(len(texts)))
    decided = decide_yes_no(question, texts, titles, order, [True] * len(texts))
    assert decided is not None
    return decided.answer


@pytest.mark.parametrize(("question", "answer"), [
    ("Was the Little Brask Canal the work of Jonas Edvarsen?", False),
    ("Was the Little Brask Canal designed by Jonas Edvarsen?", False),
    ("Was the Little Brask Canal the work of the engineer Mattis Korrel?", True),
    ("Was the Brask Canal the work of Jonas Edvarsen?", True),
    ("Was Jonas Edvarsen responsible for the design of the Little Brask Canal?", False),
    ("Did Jonas Edvarsen design the Little Brask Canal?", False),  # as before
    ("Was the Little Brask Canal built by Jonas Edvarsen?", None),  # "built between 1899 and 1902": no builder
])
def test_whether_a_thing_is_ones_work_is_read_from_its_makers(question: str, answer: bool | None) -> None:
    assert _decide(question) is answer


def test_the_work_of_another_maker_is_answered_no() -> None:
    claims, sources = listed_claims(CANALS)
    rep, _gate, _answered, _total = recorded_report("Was the Little Brask Canal the work of Jonas Edvarsen?", claims,
                                                    sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("No: The Little Brask Canal was designed by the engineer Mattis Korrel"), lead


PRICE = ("Visit the Harl Lace Museum", ["Harl Lace Museum: admission, adult ticket price €6.50.",
                                        "Harl Lace Museum: admission, child (6-15) ticket price €3.00.",
                                        "The Harl Lace Museum is open Tuesday to Sunday."])
MUSEUM = {
    "report": ("Harl Lace Trust — Annual Report 2023",
               ["Year 2023: museum visitors 21,400, museum admissions 18,900, income (EUR) 412,000.",
                "Year 2022: museum visitors 19,800, museum admissions 17,300, income (EUR) 388,000."]),
    "news": ("Record year for the Harl Lace Museum",
             ["The Harl Lace Museum welcomed more visitors than ever in 2023.",
              "The restoration of the museum's weigh house will cost an estimated 2.4 million euros."]),
}


@pytest.mark.parametrize("question", ["What does a grown-up pay for admission to the Harl Lace Museum?",
                                      "How much is a grown-up ticket for the Harl Lace Museum?",
                                      "What does entry to the Harl Lace Museum cost for an adult?"])
def test_a_price_asked_in_other_words_is_the_price(question: str) -> None:
    claims, sources = listed_claims({"visit": PRICE, **MUSEUM})
    rep, gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Harl Lace Museum: admission, adult ticket price €6.50"), lead
    assert "412,000" not in lead and "2.4 million" not in lead, lead
    assert answered and gate.tier != "low", (lead, gate.signals)


@pytest.mark.parametrize("question", ["What does a grown-up pay for admission to the Harl Lace Museum?",
                                      "How much does an adult ticket to the Harl Lace Museum cost?"])
def test_another_amount_never_answers_a_price(question: str) -> None:
    claims, sources = listed_claims(MUSEUM)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    assert says_not_established(rep.markdown) and gate.tier == "low", (lead_section(rep.markdown), gate.signals)


def test_a_price_question_and_the_amounts_it_is_not() -> None:
    question = "What does an adult pay for admission to the Harl Lace Museum?"
    assert answer_type(question) == "how_many" and asks_price(question)
    assert cost_purpose(question) == "admission"
    assert not asks_price("What was the museum's ticket revenue in 2023?")  # an income, asked as such
    row = "Year 2023: museum admissions 18,900, income (EUR) 412,000."
    assert whole_amount(row, row.index("412,000")) and not whole_amount(row, row.index("18,900"))
    assert answer_candidates(row, "how_many", question) == []
    news = "The restoration of the weigh house will cost an estimated 2.4 million euros."
    assert cost_act(news, news.index("2.4")) == "restoration"
    assert answer_candidates(news, "how_many", question) == []
    # the cost of the act the question asks is its answer
    assert answer_candidates(news, "how_many", "How much will the restoration of the weigh house cost?")
    assert cost_act("Entry costs €5.", 13) is None

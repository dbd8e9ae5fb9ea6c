"""Task h51 (the pages here are invented): a who-question asking the holder of a role ("Who was the founder of X?")
is led by a sentence naming one in that role ("founded in 1958 by the mountain guide Ottilie Granfeld"), not by one
that only writes the role's word ("a run ... named after the founder"); a price asked for one category ("what do
grown-ups pay for a day pass?") is led by the plain category's row, not by a group rate naming it in its bracket, and
a "day ticket" asked is stated by a "day pass"; a single-holder relation said of another agent answers No."""

from __future__ import annotations

from services.synthesizer.offline import select_lead
from shared.text.groups import variant_rate
from shared.text.relations import asked_role, holder_names
from tests.claim_pages import listed_claims, recorded_report

SKI = "Tarrow Fell Ski Area"
HISTORY = [
    "The Tarrow Fell Ski Area lies above the village of Hessby in the Ammer valley.",
    "The Tarrow Fell Ski Area was founded in 1958 by the mountain guide Ottilie Granfeld.",
    "The longest run is the Granfeld-Piste, which is 5.2 km long and named after the founder.",
    "Bruno Haslach has been the chief executive of the Tarrow Fell Ski Area since 2017.",
]
PRICES = [
    "The Tarrow Fell Ski Area: ski pass prices, season 2024/25, day pass, adult ticket price 48 EUR.",
    "The Tarrow Fell Ski Area: ski pass prices, season 2024/25, group day pass (10 or more adults), per person ticket "
    "price 41 EUR.",
    "The Tarrow Fell Ski Area: ski pass prices, season 2024/25, day pass, child (6-15) ticket price 24 EUR.",
    "Groups of 10 or more adults pay 41 EUR per person for a day pass.",
]


def _lead(question: str, pages: dict[str, tuple[str, list[str]]]) -> tuple[str, str]:
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    return rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip(), gate.tier


def test_holder_names_reads_who_holds_the_role() -> None:
    assert holder_names("The Tarrow Fell Ski Area was founded in 1958 by the mountain guide Ottilie Granfeld.",
                        "founder") == ["Ottilie Granfeld"]
    assert holder_names("a mountain guide called Ottilie Granfeld founded the ski area in 1958.",
                        "founder") == ["Ottilie Granfeld"]
    assert holder_names("The Tarrow Fell Ski Area: founder Ottilie Granfeld.", "founder") == ["Ottilie Granfeld"]
    assert holder_names("Ottilie Granfeld, the ski area's founder, died in 1990.", "founder") == ["Ottilie Granfeld"]
    assert holder_names("The architect of the Hessby Chapel was Linus Brandauer.", "architect") == ["Linus Brandauer"]
    # the role's word alone, or a kin of the holder, names no holder
    assert holder_names("The longest run is the Granfeld-Piste, which is 5.2 km long and named after the founder.",
                        "founder") == []
    assert holder_names("The founder's grandson Emil Granfeld runs the ski school.", "founder") == []
    assert asked_role("Who was the founder of the Tarrow Fell Ski Area?") == "founder"
    assert asked_role("Who directed the 2001 film that featured Ada Lenz?") is None


def test_who_was_the_founder_leads_with_the_sentence_naming_the_founder() -> None:
    question = "Who was the founder of the Tarrow Fell Ski Area?"
    claims, sources = listed_claims({"h": (SKI, HISTORY)})
    # relevance as the trial's run ranked them: the run named after the founder first (it writes "founder")
    lead = select_lead(question, claims, [0.5, 0.92, 1.0, 0.6], sources)
    assert [claims[i].text for i in lead] == [HISTORY[1]]
    text, tier = _lead(question, {"h": (SKI, HISTORY)})
    assert text == "The Tarrow Fell Ski Area was founded in 1958 by the mountain guide Ottilie Granfeld [1].", text
    assert tier == "high"


def test_variant_rate_reads_group_family_and_reduced_rates_not_asked() -> None:
    q = "How much do adults pay for a day pass at the Tarrow Fell Ski Area?"
    assert variant_rate(PRICES[1], q) == frozenset({"group"})
    assert variant_rate(PRICES[3], q) == frozenset({"group"})
    assert variant_rate(PRICES[0], q) == frozenset()
    assert variant_rate(PRICES[1], "What is the group rate for a day pass at the Tarrow Fell Ski Area?") == frozenset()
    assert variant_rate(PRICES[1], "How much does a group of 12 adults pay for a day pass?") == frozenset()


def test_grown_ups_day_pass_is_the_adult_row_not_the_group_rate() -> None:
    lead, tier = _lead("How much do grown-ups pay for a day pass at the Tarrow Fell Ski Area?",
                       {"p": ("Tarrow Fell Ski Area: plan your visit", PRICES)})
    assert lead == ("The Tarrow Fell Ski Area: ski pass prices, season 2024/25, day pass, adult ticket price 48 EUR "
                    "[1]."), lead
    assert tier == "high"


def test_a_day_ticket_asked_is_stated_by_a_day_pass() -> None:
    lead, tier = _lead("How much do grown-ups pay for a day ticket at the Tarrow Fell Ski Area?",
                       {"n": ("Tarrow Fell prices", ["An adult day pass at the Tarrow Fell Ski Area costs 48 euros.",
                                                     "A child day pass at the Tarrow Fell Ski Area costs 24 euros."])})
    assert lead == "An adult day pass at the Tarrow Fell Ski Area costs 48 euros [1].", lead
    assert tier != "low"


def test_founded_by_another_agent_answers_no() -> None:
    lead, tier = _lead("Was the Tarrow Fell Ski Area founded by Bruno Haslach?", {"h": (SKI, HISTORY)})
    assert lead.startswith("No: The Tarrow Fell Ski Area was founded in 1958 by the mountain guide Ottilie Granfeld "
                           "[1]."), lead
    assert tier != "low"


def test_a_lead_only_writing_the_role_word_is_not_established() -> None:
    pages = {"h": (SKI, [HISTORY[0], HISTORY[2], HISTORY[3]])}  # no sentence names the founder
    lead, tier = _lead("Who was the founder of the Tarrow Fell Ski Area?", pages)
    assert lead.startswith("Not established"), lead
    assert tier == "low"


def test_bought_or_donated_by_names_no_founder() -> None:
    # review stop 39 finding 5: the "by" of a transfer or ownership verb is that verb's doer, not the founder's
    assert holder_names("The Brisk Moor Lido was founded in 1931 and bought by Corin Valsh in 1978.", "founder") == []
    assert holder_names("The Brisk Moor Lido was founded in 1931 on land donated by Corin Valsh.", "founder") == []
    assert holder_names("The Brisk Moor Lido was founded in 1931 and is owned by Corin Valsh.", "founder") == []
    assert holder_names("The Brisk Moor Lido was founded in 1931 and sold by Corin Valsh in 1950.", "founder") == []
    # the founding verb's own "by", after an adjective participle or a verb coordinated with it, still names one
    assert holder_names("The Brisk Moor Lido was founded as a limited company in 1931 by Corin Valsh.",
                        "founder") == ["Corin Valsh"]
    assert holder_names("The Brisk Moor Lido was founded and run by Corin Valsh.", "founder") == ["Corin Valsh"]
    for said in ("was founded in 1931 and bought by Corin Valsh in 1978", "was founded in 1931 on land donated by "
                                                                           "Corin Valsh"):
        pages = {"a": ("Brisk Moor Lido", ["The Brisk Moor Lido is an open-air pool on the edge of Hallow Brisk."]),
                 "b": ("Brisk Moor Lido history", [f"The Brisk Moor Lido {said}."])}
        lead, tier = _lead("Who was the founder of the Brisk Moor Lido?", pages)
        assert lead == ("Not established: the person or group asked for. Related findings, not the answer: The Brisk "
                        f"Moor Lido {said} [1]."), lead
        assert tier == "low"

"""The lead of "what is the <attribute> of <name>" and "when was <name> founded" questions (issue 9, new-user
trial): the asked attribute's kind of figure leads (a range is a length, not a battery's watt-hours); the named
thing's own sentence leads, never one about a longer name opening with it (a town's football club); a sentence
opening with "The <descriptor> of <Name>" is about the name, so its date disagrees with another page's
(``services.synthesizer.offline``, ``shared.text.quantity``)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import (
    appositive_name,
    find_disagreements,
    near_miss_name,
    opens_longer_name,
    possessed_name,
    synthesize,
)
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from shared.text.answer import answer_type
from shared.text.quantity import asked_quantity, stated_kinds
from shared.text.tokens import tokenize
from tests.claim_pages import page_set, page_sources, sentence_claims, split_pages

PAGES = {
    "spec": ("Brisa K2", "The Brisa K2 is an electric scooter made by Tollund Motors. The Brisa K2 has a 480 Wh "
                         "battery and a range of 65 km on one charge. The Brisa K2 costs 899 euros."),
    "test": ("Brisa K2 long-term test", "We rode the Brisa K2 for a month. The 480 Wh battery charges in about "
                                        "four hours. The Brisa K2 weighs 14 kg and folds in seconds."),
    "town": ("Orrevik", "Orrevik is a river town in the province of Sandmark. The town was founded in 1512 by "
                        "salt traders. Orrevik has a population of 8,300 inhabitants."),
    "club": ("Orrevik FC", "Orrevik FC is a football club from Orrevik. The club was founded in 1908 and plays at "
                           "Mill Park, which holds 5,000 spectators."),
    "history": ("A History of Orrevik", "The salt settlement of Orrevik was founded in 1519, when four families "
                                        "built a landing on the river."),
    "star": ("Orrevik Observatory", "Orrevik Observatory opened in 1890 and is run by the town's school."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


def _lead(question: str, *sids: str) -> str:
    return lead_section(synthesize(question, sentence_claims(TEXTS, *sids), SOURCES).markdown)


@pytest.mark.parametrize("question,kinds", [
    ("What is the range of the Brisa K2?", ("length",)),
    ("What was the top speed of the Brisa K2?", ("speed",)),
    ("What is the weight of the Brisa K2?", ("mass",)),
    ("How heavy is the Brisa K2?", ("mass",)),
    ("How much does the Brisa K2 cost?", ("money",)),
    ("What is the price of the Brisa K2?", ("money",)),
    ("How far can the Brisa K2 go on one charge?", ("length",)),
    ("What is the population of Orrevik?", ("count",)),
    ("What was the death toll of the Orrevik flood?", ("count",)),
    ("What is the battery range of the Brisa K2?", ("length",)),
    ("What is the capital of Sandmark?", ()),
    ("Who founded Orrevik?", ()),
])
def test_the_kind_of_figure_a_question_asks_for(question: str, kinds: tuple[str, ...]) -> None:
    assert asked_quantity(question) == kinds


@pytest.mark.parametrize("sentence,kinds", [
    ("The Brisa K2 has a 480 Wh battery and a range of 65 km on one charge.", {"energy", "length"}),
    ("The 480 Wh battery charges in about four hours.", {"energy"}),
    ("The Brisa K2 costs 899 euros.", {"money"}),
    ("It sells for €899.", {"money"}),
    ("The Brisa K2 weighs 14 kg.", {"mass"}),
    ("The town was founded in 1512 by salt traders.", set()),
    ("Orrevik has a population of 8,300 inhabitants.", {"count"}),
    ("The lake covers 12 square kilometres.", {"area"}),
    ("The summit is 1,200 m above sea level.", {"length"}),
    ("The club has a 3 million euros budget.", {"money"}),
])
def test_the_kinds_of_figure_a_sentence_states(sentence: str, kinds: set[str]) -> None:
    assert stated_kinds(sentence) == kinds


def test_an_attribute_of_a_name_asks_for_a_figure() -> None:
    assert answer_type("What is the range of the Brisa K2?") == "how_many"
    assert answer_type("What was the top speed of the Brisa K2?") == "how_many"
    assert answer_type("What was the death toll of the Orrevik flood?") == "how_many"
    assert answer_type("What is the capital of Sandmark?") == "what"
    assert answer_type("What is the name of the mayor of Orrevik?") == "what"


@pytest.mark.parametrize("question,figure,not_in", [
    ("What is the range of the Brisa K2?", "65 km", "charges in about four hours"),
    ("What is the weight of the Brisa K2?", "14 kg", "65 km"),
    ("What is the price of the Brisa K2?", "899 euros", "14 kg"),
])
def test_the_figure_of_the_attribute_asked_leads(question: str, figure: str, not_in: str) -> None:
    lead = _lead(question, "test", "spec")
    assert figure in lead.split("[")[0], lead  # the first sentence states it
    assert not_in not in lead


def test_the_named_towns_founding_leads_not_its_clubs() -> None:
    for question in ("When was Orrevik founded?", "In what year was Orrevik founded?"):
        lead = _lead(question, "club", "town", "star")
        assert "1512" in lead and "1908" not in lead, lead
        assert "Observatory" not in lead  # "Orrevik Observatory" is another thing than the town


def test_a_town_named_through_a_descriptor_disagrees_on_its_founding_and_the_lead_says_so() -> None:
    lead = _lead("When was Orrevik founded?", "club", "town", "history")
    assert "disagree" in lead and "1512" in lead and "1519" in lead and "1908" not in lead, lead


@pytest.mark.parametrize("text,name", [
    ("The salt settlement of Orrevik was founded in 1519.", "Orrevik"),
    ("The city of New Orleans is in Louisiana.", "New Orleans"),
    ("The mayor of Orrevik was born in 1950.", None),
    ("The lighthouse of Orrevik was built in 1861.", None),
    ("Orrevik was founded in 1512.", None),
])
def test_a_descriptor_of_a_kind_of_place_before_of_reads_as_the_name(text: str, name: str | None) -> None:
    assert appositive_name(text) == name


def _claim(cid: str, sid: str, text: str) -> VerifiedClaim:
    return VerifiedClaim(claim_id=cid, source_id=sid, text=text, verdict="supported")


def test_the_descriptor_opening_and_the_longer_name_rule_in_the_disagreement_finder() -> None:
    titles = {"a": "Orrevik", "b": "A History of Orrevik", "c": "Orrevik FC", "d": "Orrevik"}
    town = _claim("1", "a", "The town was founded in 1512 by salt traders.")
    settlement = _claim("2", "b", "The salt settlement of Orrevik was founded in 1519, when four families came.")
    club = _claim("3", "c", "The football club of Orrevik FC was founded in 1908.")
    lighthouse = _claim("4", "d", "The lighthouse of Orrevik was built in 1861.")
    found = find_disagreements([town, settlement], titles)
    assert [(d.kind, sorted(v for _i, v in d.values)) for d in found] == [("year", ["1512", "1519"])]
    assert find_disagreements([town, club], titles) == []  # a longer name opening with the town's: its club
    assert find_disagreements([settlement, club], titles) == []
    assert find_disagreements([town, _claim("5", "b", "The lighthouse of Orrevik was built in 1862.")],
                              titles) == []
    assert find_disagreements([lighthouse, _claim("6", "b", "The lighthouse of Orrevik was built in 1862.")],
                              titles) != []


LAKES = {
    "north": ("Lake Tarn", "Lake Tarn covers an area of 31 square kilometres. Lake Tarn has a maximum depth of 212 "
                           "metres."),
    "south": ("Lake Osk", "Lake Osk is the largest lake by area, covering 57 square kilometres. Lake Osk has a "
                          "maximum depth of 140 metres."),
}


@pytest.mark.parametrize("question,first", [
    ("Which is deeper, Lake Tarn or Lake Osk?", "Lake Tarn is deeper: 212 metres"),
    ("Is Lake Tarn deeper than Lake Osk?", "Yes:"),
    ("Is Lake Osk deeper than Lake Tarn?", "No:"),
])
def test_a_comparative_compares_figures_of_its_own_kind(question: str, first: str) -> None:
    # the area sentences come first and share the unit's number form; "deeper" compares lengths (depths)
    titles, texts = split_pages(LAKES)
    lead = lead_section(synthesize(question, sentence_claims(texts, "north", "south"), page_sources(titles)).markdown)
    assert lead.startswith(first), lead
    assert "square" not in lead.split("[")[0], lead


def test_the_kind_a_comparative_compares() -> None:
    from shared.text.quantity import compared_quantity
    assert compared_quantity("Which is deeper, A or B?") == ("length",)
    assert compared_quantity("Which is heavier, A or B?") == ("mass",)
    assert compared_quantity("Which is more expensive, A or B?") == ("money",)
    assert compared_quantity("Who was born earlier, A or B?") == ()
    assert compared_quantity("Which is larger, A or B?") == ()


def test_a_figure_of_the_kind_asked_leads_however_few_words_it_shares() -> None:
    pages = {
        "tower": ("Kell Point Lighthouse", "The Kell Point Lighthouse was designed by the engineer Ana Varo. The Kell "
                                           "Point Lighthouse was built in 1861 on the headland. The tower is 38 metres "
                                           "tall and its light can be seen 22 nautical miles out to sea."),
        "town": ("Kell", "The Kell Point Lighthouse stands on the headland north of the harbour of Kell."),
    }
    titles, texts = split_pages(pages)
    lead = lead_section(synthesize("What is the height of the Kell Point Lighthouse?",
                                   sentence_claims(texts, "tower", "town"), page_sources(titles)).markdown)
    assert "38 metres" in lead.split("[")[0], lead


def test_contested_figures_of_another_kind_than_asked_are_no_dispute_of_the_answer() -> None:
    # the maker's weight is contested (the test page contradicts it) and as relevant as the price: the weights'
    # disagreement is said among the findings, the price leads
    pages = {"maker": ("Vela S5", "The Vela S5 is a robot mower made by Orun Tools. The Vela S5 weighs 9.4 kg. The "
                                  "Vela S5 sells for 649 euros."),
             "review": ("Tested: the Vela S5", "We used the Vela S5 for a month. On our scales the Vela S5 weighs "
                                               "9.9 kg, a little more than the maker says.")}
    titles, texts = split_pages(pages)
    claims = sentence_claims(texts, "maker", "review")
    claims = [c.model_copy(update={"verdict": "contested"}) if "9.4 kg" in c.text else c for c in claims]
    # one claim written: neither weight is among the findings of its own (as when the review page is below the
    # new-source floor)
    report = synthesize("How much does the Vela S5 cost?", claims, page_sources(titles), max_claims=1).markdown
    lead = lead_section(report)
    assert lead.startswith("The Vela S5 sells for 649 euros"), report
    assert "kg" not in lead and "9.4 kg" in report and "9.9 kg" in report, report


KIND_PAGES = {
    "vega": ("Kestrel Rover Vega", "Kestrel Rover Vega launched for the first time on March 3, 1994, the first flight "
                                   "of the Kestrel Rover programme."),
    "pilot": ("Ada Lund", "Ada Lund flew as a payload engineer on the Kestrel Rover mission KR-9 in 2001."),
}


def test_a_longer_name_the_question_spells_out_or_names_as_a_kind_is_the_thing_asked() -> None:
    # the question says the club's own head words ("the football club Orrevik"): Orrevik FC is the thing asked
    said = frozenset(tokenize("When was the football club Orrevik founded?"))
    assert not opens_longer_name(["orrevik"], ["orrevik", "fc"], said)
    assert not opens_longer_name(["orrevik"], ["orrevik", "football", "club"], said)
    assert opens_longer_name(["orrevik"], ["orrevik", "fc"], frozenset(tokenize("When was Orrevik founded?")))
    # without them the town is asked, and its club is another thing (the rule kept)
    assert "1512" in _lead("When was Orrevik founded?", "club", "town").split("[")[0]
    # "a Kestrel Rover" is a kind of craft: Kestrel Rover Vega is one of them, not another thing
    titles, texts = split_pages(KIND_PAGES)
    lead = lead_section(synthesize("Ada Lund flew on a Kestrel Rover launched for the first time in what year?",
                                   sentence_claims(texts, "pilot", "vega"), page_sources(titles)).markdown)
    assert "1994" in lead, lead


def test_a_name_sharing_a_word_with_the_asked_one_is_another_thing() -> None:
    # "The Old Halloran Footbridge" is another bridge than "the Halloran Bridge", on the same page: its length never
    # leads the question about the bridge (trial t17 Q11: 64 m of an older footbridge led, 0.91 high)
    titles, texts = split_pages({"bridge": (
        "The Halloran Bridge",
        "The Halloran Bridge carries the coast road over the River Esk. The bridge is 212 metres long. The Old "
        "Halloran Footbridge was 64 metres long and was built by the carpenter Amos Wren.")})
    lead = lead_section(synthesize("How long is the Halloran Bridge?", sentence_claims(texts, "bridge"),
                                   page_sources(titles)).markdown)
    assert "212 metres" in lead and "64 metres" not in lead


@pytest.mark.parametrize("name,subject,near", [
    ("Merrow Bridge", "Old Merrow Footbridge", True),
    ("Keld Bordinggaard", "Keld Tande Bordinggard", False),
    ("Mariotto di Nardo", "Lorenzo di Nardo", False),
    ("Air National Guard", "Kentucky Air Force Base", False),
    ("Ian Holm", "Sir Ian Holm", False),
    ("Merrow Bridge", "Merrow Bridge Company", False),
    ("Merrow Bridge", "Dunmere Viaduct", False),
])
def test_near_miss_names(name: str, subject: str, near: bool) -> None:
    assert near_miss_name(tokenize(name), tokenize(subject)) is near


def test_a_thing_of_the_asked_name_named_in_apposition_is_another_thing() -> None:
    # "The Tern's predecessor, the Gannet, carried 30 passengers" is about the Gannet: the Tern's own figure leads
    titles, texts = split_pages({"ferry": (
        "Orwin Ferry Company",
        "The Orwin Ferry Company runs the ferry Tern on the lake. The Tern is licensed to carry 48 passengers. "
        "The Tern's predecessor, the Gannet, carried 30 passengers and was retired in 1974.")})
    lead = lead_section(synthesize("Can the ferry Tern take more than 50 passengers?", sentence_claims(texts, "ferry"),
                                   page_sources(titles)).markdown)
    assert "48 passengers" in lead and "Gannet" not in lead
    assert possessed_name("The Tern's predecessor, the Gannet, carried 30 passengers.") == ("Tern", "Gannet")
    assert possessed_name("Halvik's population is 8,300 inhabitants.") is None

"""The one reader of number words (shared.text.numbers) and the four places that use it."""

from __future__ import annotations

import pytest

from services.synthesizer.grounding import _number_key
from services.synthesizer.offline import _values, find_disagreements
from shared.evidence import EvidenceCandidate, VerifiedClaim
from shared.text.answer import answer_candidates
from shared.text.entailment import entailment
from shared.text.numbers import numerize, phrase_value, word_value


@pytest.mark.parametrize(("phrase", "value"), [
    ("seven", 7), ("Seven", 7), ("twenty-one", 21), ("twenty one", 21), ("three hundred", 300),
    ("forty thousand", 40000), ("three hundred and five", 305), ("nineteen", 19), ("two million", 2_000_000),
])
def test_phrase_value_reads_cardinal_phrases(phrase: str, value: int) -> None:
    assert phrase_value(phrase) == value


@pytest.mark.parametrize("phrase", ["seventh", "first", "arches", "", "and", "seven arches", "twenty-first"])
def test_phrase_value_refuses_what_is_no_cardinal(phrase: str) -> None:
    assert phrase_value(phrase) is None


def test_word_value_reads_one_token() -> None:
    assert [word_value(w) for w in ("seventeen", "Forty", "dozen", "hundred", "7", "arch")] == [17, 40, 12, 100,
                                                                                                None, None]


def test_numerize_reads_a_sentence_initial_number_word() -> None:
    text, written = numerize("Seven arches span the gorge; twenty-one guns fired and three hundred seats stood.")
    assert text == "7 arches span the gorge; 21 guns fired and 300 seats stood."
    assert written == {0: "Seven", text.index("21"): "twenty-one", text.index("300"): "three hundred"}


@pytest.mark.parametrize("text", ["One of the oldest bridges stands here.", "Seven of the arches fell.",
                                  "The Seven Sisters are cliffs.", "It was the seventh arch.",
                                  "Three million people crossed it."])
def test_numerize_leaves_what_is_no_count_of_a_noun(text: str) -> None:
    assert numerize(text)[0] == text


def test_values_count_a_claim_that_opens_with_a_number_word() -> None:
    # a claim opening with digits is a broken split; one opening with a number word is a count
    assert _values("Seven arches span the gorge below the town.") == {"arches": {"7.0~0.5": "Seven arches"}}
    assert _values("7 arches span the gorge below the town.") == {}


def _claim(text: str, source: str) -> VerifiedClaim:
    span = EvidenceCandidate(source_id=source, domain="local", start=0, end=len(text), text=text, retrieval_score=1.0)
    return VerifiedClaim(claim_id=f"c-{source}", source_id=source, text=text, verdict="supported", stability=1.0,
                         spans=[span])


def test_a_sentence_initial_count_disagrees_with_another_pages_count() -> None:
    claims = [_claim("Seven arches span the Orlen gorge.", "a"), _claim("Nine arches span the Orlen gorge.", "b")]
    found = find_disagreements(claims)
    assert [sorted(v for _i, v in d.values) for d in found] == [["Nine arches", "Seven arches"]]


def test_entailment_reads_teens_and_tens_as_numbers() -> None:
    evidence = "The old Orlen bridge has seventeen stone arches over the river."
    assert entailment("The old Orlen bridge has 17 stone arches over the river.", evidence).label == "supported"
    assert entailment("The old Orlen bridge has 40 stone arches over the river.",
                      "The old Orlen bridge has forty stone arches over the river.").label == "supported"
    assert entailment("The old Orlen bridge has 12 stone arches over the river.", evidence).label == "contradicted"


def test_grounding_and_answers_read_the_same_words() -> None:
    assert _number_key("seventeen") == "17" and _number_key("dozen") == "12" and _number_key("arch") is None
    assert answer_candidates("Seventeen arches span the gorge.", "how_many",
                             "How many arches span the gorge?") == ["Seventeen"]


@pytest.mark.parametrize(("text", "seconds", "shown"), [
    ("The ferry crossing takes 1 hour 25 minutes.", 5100.0, "1 hour 25 minutes"),
    ("The kiln cools down in 6 min 45 s.", 405.0, "6 min 45 s"),
    ("Her record lap was 2 minutes and 8 seconds.", 128.0, "2 minutes and 8 seconds"),
])
def test_values_read_a_compound_duration_whole(text: str, seconds: float, shown: str) -> None:
    (key, written), = _values(text)["s"].items()
    assert float(key.split("~")[0]) == pytest.approx(seconds)
    assert written == shown


@pytest.mark.parametrize("text", ["It rang after 3 min (200 s).", "The shift was 1 h 75 min long."])
def test_values_keep_parts_that_are_no_compound_apart(text: str) -> None:
    # a later part as large as one of the unit before it is another value, not the rest of the first
    assert len(_values(text)["s"]) == 2


def test_a_compound_duration_agrees_with_the_same_time_in_one_unit() -> None:
    same = [_claim("The Orlen ferry crosses the fjord in 1 hour 25 minutes.", "a"),
            _claim("The Orlen ferry crosses the fjord in 85 minutes.", "b")]
    assert find_disagreements(same) == []
    other = [_claim("The Orlen ferry crosses the fjord in 1 hour 25 minutes.", "a"),
             _claim("The Orlen ferry crosses the fjord in 95 minutes.", "b")]
    assert [sorted(v for _i, v in d.values) for d in find_disagreements(other)] == [["1 hour 25 minutes",
                                                                                      "95 minutes"]]


def test_a_decade_is_no_duration() -> None:
    assert "s" not in _values("Lindby grew fast in the 1960s.")


def test_volumes_written_in_litres_or_millilitres_are_one_kind() -> None:
    same = [_claim("The Orlen flask holds 0.5 l of tea.", "a"), _claim("The Orlen flask holds 500 ml of tea.", "b")]
    assert find_disagreements(same) == []
    other = [_claim("The Orlen flask holds 0.5 l of tea.", "a"), _claim("The Orlen flask holds 0.7 litres of tea.", "b")]
    assert [sorted(v for _i, v in d.values) for d in find_disagreements(other)] == [["0.5 l", "0.7 litres"]]


def test_a_number_with_decimals_in_words_is_read_whole() -> None:
    # trial t55: "It weighs six point four tonnes" read as 6 and "4 tonnes", a false disagreement with 6.4 tonnes
    assert numerize("The Old Marten weighs three point two tonnes.") == (
        "The Old Marten weighs 3.2 tonnes.", {22: "three point two"})
    assert numerize("a span of two point one five metres")[0] == "a span of 2.15 metres"
    assert numerize("six points four times")[0] == "6 points 4 times"

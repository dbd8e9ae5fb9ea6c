"""shared.text.entailment: ordinals and swapped roles as contradictions, and the names / numbers a claim has
that its evidence does not (``unsupported_names``), with the allowances a decontextualised claim needs."""

from __future__ import annotations

import pytest

from services.verifier.offline import verify
from shared.evidence import EvidenceCandidate
from shared.text.entailment import coverage, entailment, swapped_roles, unsupported_names

SONG = ('"Nobody\'s Hero" is a song by Canadian progressive rock band Rush, released as the third single from '
        'their 1993 album "Counterparts".')
GIRL = "The girl is rumoured to have been Kristen French, one of Paul Bernardo's victims."


def cand(text: str, sid: str = "s1") -> EvidenceCandidate:
    return EvidenceCandidate(source_id=sid, domain="a.org", start=0, end=len(text), text=text, retrieval_score=1.0)


# ---- ordinals are numbers in disguise
@pytest.mark.parametrize("claim", [
    '"Nobody\'s Hero" was released as the first single from the album "Counterparts".',
    '"Nobody\'s Hero" was released as the 1st single from the album "Counterparts".',
    '"Nobody\'s Hero" is the fifth single from the 1993 album "Counterparts" by Rush.',
])
def test_a_different_ordinal_in_the_same_slot_is_a_contradiction(claim: str) -> None:
    e = entailment(claim, SONG)
    assert e.label == "contradicted" and e.reason == "ordinal"


def test_the_same_ordinal_in_words_or_digits_does_not_contradict() -> None:
    assert entailment('"Nobody\'s Hero" was released as the third single from the album "Counterparts".',
                      SONG).label == "supported"
    # "3rd" is still read as the number 3 for support (which the evidence lacks), but it is the same rank
    assert entailment('"Nobody\'s Hero" was released as the 3rd single from the album "Counterparts".',
                      SONG).label == "neutral"
    assert unsupported_names('"Nobody\'s Hero" was released as the 3rd single.', [SONG]) == []


@pytest.mark.parametrize(("claim", "evidence"), [
    # ordinals inside names are names: a different unit, not a different rank
    ("The 509th Bomb Wing is stationed at Whiteman Air Force Base, Missouri.",
     "The 131st Bomb Wing is a unit of the Missouri Air National Guard, stationed at Whiteman Air Force Base, "
     "Missouri."),
    # compounds are not slots
    ("The Aztecs were led by fourth-year head coach Rocky Long.",
     "The Aztecs were led by sixth-year head coach Rocky Long."),
    # other numbers differ too: another item of a series, not a contradiction
    ("Pro Evolution Soccer 2 is the second installment of the series.",
     "Pro Evolution Soccer 4 is the fourth installment of the series."),
    # a sentence about "it" may be about something else
    ("The 2018 Brit Awards will be the 38th edition of the annual pop music awards.",
     "It was the 29th edition of the annual pop music awards."),
    # one of several ordinals of the slot matches
    ("The song was the first single of the album.", "The song was the first and third single of the album."),
    # "first" as an adverb is not required by the evidence
    ("The story was first published in Home Monthly in 1896.", "The story was published in Home Monthly in 1896."),
])
def test_ordinals_that_are_not_a_different_rank_of_the_same_thing_do_not_contradict(claim: str,
                                                                                    evidence: str) -> None:
    assert entailment(claim, evidence).label != "contradicted"
    assert entailment(claim, evidence).reason == ""


def test_first_and_last_stay_antonyms() -> None:
    e = entailment("The song was the first single of the album.", "The song was the last single of the album.")
    assert e.label == "contradicted" and "antonym" in e.reason


def test_the_offline_verifier_does_not_support_a_misordered_claim() -> None:
    v = verify('"Nobody\'s Hero" was released as the first single from the album "Counterparts".', [cand(SONG)],
               seed_key="k")
    assert v.verdict == "contradicted"


# ---- swapped roles
def test_two_names_swapped_around_the_same_words_contradict() -> None:
    swapped = "The girl is rumoured to have been Paul Bernardo, one of Kristen French's victims."
    assert swapped_roles(swapped, GIRL) == ("Paul Bernardo", "Kristen French")
    assert entailment(swapped, GIRL).label == "contradicted" and entailment(swapped, GIRL).reason == "swapped roles"
    titles = ('"Counterparts" is a song by Rush, released as the third single from their 1993 album '
              '"Nobody\'s Hero".')
    assert swapped_roles(titles, SONG) == ("Counterparts", "Nobody's Hero")
    assert entailment(titles, SONG).label == "contradicted"


@pytest.mark.parametrize(("claim", "evidence"), [
    (GIRL, GIRL),
    ('Rush released "Nobody\'s Hero" as the third single from "Counterparts".', SONG),
    # passive voice reorders legitimately
    ("Rush recorded Counterparts in 1993.", "Counterparts was recorded by Rush in 1993."),
    ('Rush recorded "Counterparts" in 1993.', '"Counterparts" was recorded by Rush in 1993.'),
    ("Paul Bernardo murdered Kristen French.", "Kristen French was murdered by Paul Bernardo."),
    ('"Counterparts" includes "Nobody\'s Hero".', '"Nobody\'s Hero" is on "Counterparts".'),
    # a converse relation changes the words between the names
    ("Kirk Douglas is the father of Michael Douglas.", "Michael Douglas is the son of Kirk Douglas."),
    # symmetric relations and lists
    ("Paul Bernardo married Karla Homolka in 1991.", "Karla Homolka married Paul Bernardo in 1991."),
    ("Larry Page and Sergey Brin founded Google.", "Sergey Brin and Larry Page founded Google."),
    ("Geddy Lee played with Alex Lifeson in Rush.", "Alex Lifeson played with Geddy Lee in Rush."),
])
def test_normal_paraphrase_is_not_a_swap(claim: str, evidence: str) -> None:
    assert swapped_roles(claim, evidence) is None
    assert entailment(claim, evidence).label != "contradicted"


def test_older_signals_name_their_reason() -> None:
    assert entailment("The bridge is not open.", "The bridge is open.").reason == "negation"
    assert entailment("The company was founded in 1998 in Menlo Park.",
                      "The company was founded in 2001 in Menlo Park.").reason == "number"
    assert entailment("The bridge is open.", "The bridge is open.").reason == ""


# ---- names and numbers the evidence does not have
@pytest.mark.parametrize(("claim", "missing"), [
    ('"Nobody\'s Hero" is a song by Canadian progressive rock band Genesis.', ["Genesis"]),
    ('The Beatles recorded the song "Nobody\'s Hero" in 1993.', ["Beatles"]),
    ('"Nobody\'s Hero" is a song by American progressive rock band Rush.', ["American"]),
    ('Rush released "Nobody\'s Hero" in 1994.', ["1994"]),
    ("Rush recorded Counterparts in Toronto.", ["Toronto"]),
])
def test_unsupported_names_and_numbers_are_reported_as_written(claim: str, missing: list[str]) -> None:
    assert unsupported_names(claim, [SONG]) == missing


@pytest.mark.parametrize("claim", [
    'Rush released "Nobody\'s Hero" as the third single from "Counterparts".',
    "Rush is a band from Canada.",  # Canadian / Canada
    "Counterparts is a 1993 album by Rush.",
    'In the 1990s Rush released "Nobody\'s Hero".',  # a decade of a year the evidence has
    "Rush's Counterpart album came out in 1993.",  # plural and possessive endings
    'The third single from "Counterparts" was "Nobody\'s Hero".',
])
def test_names_and_numbers_the_evidence_has_are_not_reported(claim: str) -> None:
    assert unsupported_names(claim, [SONG]) == []


def test_nationality_words_match_their_country_both_ways() -> None:
    assert unsupported_names("The French band toured two times.", ["The band from France toured 2 times."]) == []
    assert unsupported_names("The band is from Italy.", ["It is an Italian band."]) == []
    assert unsupported_names("Christian Bale starred.", ["Christopher Bale starred."]) == ["Christian"]


def test_a_decontextualised_subject_is_allowed_where_the_evidence_says_he_or_it() -> None:
    assert unsupported_names("Neil Peart was the drummer of Rush.", ["He was the drummer of Rush."]) == []
    assert unsupported_names("Neil Peart joined Rush in 1974.", ["In 1974 he joined Rush."]) == []
    assert unsupported_names("The Electoral district of Bass covers an area of 1,383 sqkm.",
                             ["It covers an area of 1,383 sqkm."]) == []
    assert unsupported_names("Counterparts reached number two.", ["The album reached number two."]) == []
    # only when that sentence holds the rest of the claim
    assert unsupported_names("The Beatles recorded the song in 1993.", ["It was released in 1993."]) == ["Beatles"]
    # no pronoun: the title of the page is what allows the name
    assert unsupported_names("Neil Peart joined Rush in 1974.", ["Rush hired a drummer in 1974."]) == ["Neil",
                                                                                                      "Peart"]
    assert unsupported_names("Neil Peart joined Rush in 1974.", ["Rush hired a drummer in 1974."],
                             allowed=["Neil Peart"]) == []


def test_a_claim_naming_someone_the_evidence_does_not_is_not_supported_offline() -> None:
    assert entailment('"Nobody\'s Hero" is a song by Canadian progressive rock band Genesis.', SONG).label == "neutral"
    assert entailment("Neil Peart was the drummer of Rush.", "He was the drummer of Rush.").label == "supported"


# ---- a negation word that opens a title is part of the title, not a negation
@pytest.mark.parametrize("evidence", [SONG, SONG.replace('"', "")])
def test_a_title_opening_with_a_negation_word_does_not_cancel_the_claims_not(evidence: str) -> None:
    e = entailment("Nobody's Hero was not released as a single from Counterparts.", evidence)
    assert e.label == "contradicted" and "negation" in e.reason
    assert entailment("Nobody's Hero was released as a single from Counterparts.", evidence).label == "supported"
    assert entailment('"Nobody\'s Hero" was not released as a single.', evidence).label == "contradicted"


def test_a_sentence_opening_negation_is_still_a_negation() -> None:
    assert entailment("No Doubt is not a band from Anaheim.", "No Doubt is a band from Anaheim.").reason == "negation"
    assert entailment("Nobody recorded the song in 1993.", "Rush recorded the song in 1993.").label == "contradicted"


# ---- coverage: every content word of the claim, with the allowances a decontextualised claim needs
@pytest.mark.parametrize(("claim", "evidence", "allowed", "expected"), [
    ("Rush is a progressive rock band from Canada.", SONG, [], 1.0),  # "Canadian" / "Canada"
    ('"Nobody\'s Hero" was the 3rd single from the 1993 album "Counterparts".', SONG, [], 1.0),
    ("Neil Peart was the drummer of Rush.", "He was the drummer of Rush.", [], 1.0),  # "He" stands for him
    ("Neil Peart joined Rush as its drummer in 1974.", "In 1974 Rush hired Peart as its drummer.", ["Neil Peart"],
     5 / 6),
    ("Nobody's Hero was banned by radio stations.", SONG, [], 0.4),
    ("Nobody's Hero was released in nineteen eighty-five.", SONG, [], 0.5),
    ("Rush released two singles in 1993.", "Rush released 2 singles in 1993.", [], 1.0),  # "two" / "2"
])
def test_coverage_counts_every_content_word_of_the_claim(claim: str, evidence: str, allowed: list[str],
                                                         expected: float) -> None:
    assert coverage(claim, evidence, allowed=allowed) == pytest.approx(expected)

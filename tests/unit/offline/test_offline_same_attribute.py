"""A "same X" yes/no question compares the attribute each thing's claims state: "Yes" when they match, "No" only
when both state a nationality and they differ, else the claims leave it open (services.synthesizer.verdicts)."""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import UNDECIDED_TEXT, _nationalities, _same_nation
from shared.report import lead_section
from tests.claim_pages import page_sources, sentence_claims

TITLES = {"ada": "Ada Marsh", "bo": "Bo Lind", "cy": "Cy Moss", "di": "Di Fenn", "eu": "Eufala", "pr": "Protella"}
TEXTS = {
    # Ada's first sentence names no nationality; the second does (English): the first claim alone tells nothing
    "ada": "Ada Marsh (born 4 May 1961) is a film director known for Harbour Lights. Ada Marsh is an English "
           "screenwriter and producer.",
    "bo": "Bo Lind is a British actor and director.",
    "cy": "Cy Moss is an American singer from Ohio.",
    "di": "Di Fenn is a singer and guitarist of the band Greyfield.",
    "eu": "Eufala is a genus of shrubs endemic to Australia.",
    "pr": "Protella is a genus of flowering plants of the family Proteaceae.",
}
SOURCES = page_sources(TITLES)


def lead(question: str, *sids: str) -> str:
    return lead_section(synthesize(question, sentence_claims(TEXTS, *sids), SOURCES).markdown)


def test_nationality_words_are_read_and_compared_by_nation() -> None:
    assert _nationalities("Lee was a Canadian-born American singer, with Brian Liesegang.") == {
        "canadian", "american"}
    assert _nationalities("Morgan Freeman is an actor.") == set()  # a first name ending like one is no nationality
    assert _same_nation("English", "British") and _same_nation("Canadian", "Canada")
    assert _same_nation("Italian", "Italy") and not _same_nation("Australian", "Austrian")
    assert not _same_nation("Australian", "Austria") and not _same_nation("American", "Mexican")


def test_the_same_nationality_is_yes_when_the_stated_ones_match() -> None:
    # the old rule compared the first claims' names ({"May", "Harbour", "Lights"} against {"British"}): "No"
    text = lead("Are Ada Marsh and Bo Lind of the same nationality?", "ada", "bo")
    assert text.startswith("Yes:") and "English" in text and "British" in text


def test_the_same_nationality_is_no_when_both_state_different_ones() -> None:
    text = lead("Are Bo Lind and Cy Moss of the same nationality?", "bo", "cy")
    assert text.startswith("No:") and "British" in text and "American" in text


def test_the_same_nationality_is_left_open_when_one_is_not_stated() -> None:
    text = lead("Were Cy Moss and Di Fenn of the same nationality?", "cy", "di")
    assert text.startswith(UNDECIDED_TEXT)


def test_another_same_attribute_is_never_a_guessed_no() -> None:
    # "Australia" against nothing on the other page: the claims do not say the continent of both
    text = lead("Are both Eufala and Protella endemic to the same continent?", "eu", "pr")
    assert text.startswith(UNDECIDED_TEXT)


def test_the_same_place_of_a_relation_is_compared_by_the_claims_stating_that_relation() -> None:
    texts = {"eu": "Eufala is a genus of shrubs. Eufala is endemic to Tasmania, in Australia.",
             "pr": "Protella is a genus of flowering plants. Protella is endemic to the Cape in southern Africa.",
             "wa": "Walla is a genus of ferns. Walla is endemic to Tasmania."}
    sources = page_sources({"eu": "Eufala", "pr": "Protella", "wa": "Walla"})

    def answer(question: str, *sids: str) -> str:
        return lead_section(synthesize(question, sentence_claims(texts, *sids), sources).markdown)

    differ = answer("Are both Eufala and Protella endemic to the same continent?", "eu", "pr")
    assert differ.startswith("No:") and "Tasmania" in differ and "Africa" in differ
    same = answer("Are both Eufala and Walla endemic to the same island?", "eu", "wa")
    assert same.startswith("Yes:") and same.count("Tasmania") >= 2

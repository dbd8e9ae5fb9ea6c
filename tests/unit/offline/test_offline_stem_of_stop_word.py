"""Trial t75w q09/q21 (the names here are invented): "How long is the <X> Downs track?" led with the look-alike
"<X> Park"'s track length at high confidence, because the tokenizer dropped "Downs" from the question's key terms:
it stripped the plural ("downs" -> "down") and then tested the stem against the stop words. The stop-word test
applies to a word as written, never to its stem ("Downs", "Overs", "Outs" are words of names), and a capitalised
stop word inside a proper name, after a capitalised word and not opening a sentence, is a word of that name
("Ashmere Over", "Brellin Hers") (``shared.text.tokens.tokenize``, ``shared.text.terms.key_terms``)."""

from __future__ import annotations

from shared.report import lead_section
from shared.text.terms import key_terms
from shared.text.tokens import tokenize
from tests.claim_pages import listed_claims, noted_report


def test_a_word_whose_stem_is_a_stop_word_is_kept() -> None:
    assert key_terms("How long is the Brellin Downs track?") == ["long", "brellin", "down", "track"]
    assert key_terms("How long is the Brellin Downs track?") != key_terms("How long is the Brellin Park track?")
    assert "over" in key_terms("When did the Fennick Overs ground open?")
    assert "out" in key_terms("Who owns the Wendlow Outs?")
    # (the possessive of a function word is one too; "others" is a function word as written)
    assert tokenize("Anna's bike and the other's car, like others") == ["anna", "bike", "car", "like"]


def test_a_stop_word_as_written_is_still_dropped() -> None:
    assert tokenize("He fell down over the hill and came out.") == ["fell", "hill", "came"]
    assert tokenize("Over the years it grew. Over time it shrank.") == ["year", "grew", "time", "shrank"]


def test_a_capitalised_stop_word_inside_a_name_is_a_word_of_it() -> None:
    assert key_terms("When did Ashmere Over open?") == ["ashmere", "over", "open"]
    assert key_terms("Where is Brellin Hers?") == ["brellin", "her"]
    assert "her" in tokenize("The race at Brellin Hers was won by her horse.")
    # not sentence-initial, not after a stop word ("The Who"), not a title-case small word, not the pronoun "I"
    assert tokenize("In Orlby I met her. The Who played. Things To Do In Orlby") == [
        "orlby", "met", "played", "thing", "orlby"]


def test_the_look_alike_places_track_never_answers_for_the_other() -> None:
    claims, sources = listed_claims({
        "park": ("Brellin Park Racecourse, Tarnby", [
            "Brellin Park Racecourse's right-handed track is 1,500 metres long.",
            "Fact Founded: brellin Park Racecourse 1931.",
            "Fact Track length: brellin Park Racecourse 1,500 metres."]),
        "downs": ("Brellin Downs Racecourse: course guide and facts", [
            "Fact Founded: brellin Downs Racecourse 1862.",
            "Fact Track length: brellin Downs Racecourse 2,150 metres (left-handed oval)."]),
    })
    report, _gate = noted_report("How long is the Brellin Downs track?", claims, sources)
    lead = lead_section(report.markdown)
    assert "1,500" not in lead and "2,150" in lead, report.markdown
    # each page's row is about its own racecourse: the two founding years are no dispute of one name
    # (services.synthesizer.offline._own_page_look_alikes)
    assert "disagree" not in report.markdown, report.markdown


def test_two_look_alike_rows_of_a_count_are_no_name_dispute() -> None:
    claims, sources = listed_claims({
        "park": ("Brellin Park Racecourse, Tarnby", ["Fact Grandstand capacity: brellin Park Racecourse 6,200."]),
        "downs": ("Brellin Downs Racecourse: course guide and facts", [
            "Fact Grandstand capacity: brellin Downs Racecourse 18,500.",
            "Fact Founded: brellin Downs Racecourse 1862."]),
    })
    report, _gate = noted_report("What is the grandstand capacity at Brellin Downs?", claims, sources)
    assert "disagree" not in report.markdown and "6,200" not in lead_section(report.markdown), report.markdown

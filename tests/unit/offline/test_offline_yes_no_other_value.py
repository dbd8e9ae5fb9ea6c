"""Trials t58 F2 and t57 F5 (the pages here are invented): a false yes/no question is answered "No" when the claims
state another value of what it asks: "Is X N <unit> tall?" against the figure of that dimension a claim states
(unit-converted, "Yes" within rounding: ``verdicts._sized``), and "Was X <verb>ed by P?" against the one doer a claim
names for that relation ("founded in 1871 by Q", "X: founder Q", "The building was designed by Q" on X's own
page: ``verdicts._by_doer``); a claim naming several doers or only some of them ("co-founded by Q") gives no "No"."""

from __future__ import annotations

from services.synthesizer.verdicts import decide_yes_no
from shared.report import lead_section
from shared.text.terms import find_entities
from tests.claim_pages import listed_claims, recorded_report

PAGE = "Brellmoor Botanic Garden"


def _report(question: str, sentences: list[str], title: str = PAGE) -> tuple[str, str]:
    claims, sources = listed_claims({"p": (title, sentences)})
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown), gate.tier


def _verdict(question: str, sentences: list[str], title: str = PAGE) -> bool | None:
    found = decide_yes_no(question, sentences, [title] * len(sentences), list(range(len(sentences))),
                          [False] * len(sentences))
    assert found is not None
    return found.answer


def test_a_stated_height_other_than_the_asked_one_answers_no() -> None:
    lead, tier = _report("Is the Glasshouse Spire at Brellmoor Botanic Garden 55 metres tall?", [
        "Brellmoor Botanic Garden was laid out in 1884.",
        "The Glasshouse Spire, 47 metres tall, was restored in 2019.",
        "The garden keeps 3,100 plant species."])
    assert lead == "No: The Glasshouse Spire, 47 metres tall, was restored in 2019 [1].", lead
    # the size asked is no part of the garden's name ("Brellmoor Botanic Garden 55"): the pages name it, as for a "Yes"
    yes_lead, yes_tier = _report("Is the Glasshouse Spire at Brellmoor Botanic Garden 47 metres tall?", [
        "Brellmoor Botanic Garden was laid out in 1884.",
        "The Glasshouse Spire, 47 metres tall, was restored in 2019.",
        "The garden keeps 3,100 plant species."])
    assert yes_lead == "Yes" + lead[2:] and tier == yes_tier and tier in ("medium", "high"), (yes_lead, yes_tier, tier)


def test_a_height_equal_within_rounding_or_in_another_unit_answers_yes() -> None:
    asked = "Is the Glasshouse Spire at Brellmoor Botanic Garden {} tall?"
    assert _verdict(asked.format("47 metres"), ["The Glasshouse Spire is 47 metres high."]) is True
    assert _verdict(asked.format("154 feet"), ["The Glasshouse Spire is 47 metres high."]) is True
    assert _verdict(asked.format("170 feet"), ["The Glasshouse Spire is 47 metres high."]) is False
    # the size asked right after the name is no part of it
    assert _verdict("Is the Glasshouse Spire 55 metres tall?", ["The Glasshouse Spire is 47 metres high."]) is False
    assert _verdict("Is the Glasshouse Spire 47 metres tall?", ["The Glasshouse Spire is 47 metres high."]) is True
    # a figure of no height (a distance) decides nothing
    assert _verdict(asked.format("55 metres"),
                    ["The Glasshouse Spire stands 300 metres from the gate."]) is None


def test_another_founder_answers_no_and_another_role_does_not_make_yes() -> None:
    sentences = ["Brellmoor Botanic Garden was founded in 1871 by the botanist Ottilie Varnham.",
                 "The palm house was designed by the architect Rupert Kessing.",
                 "Brellmoor Botanic Garden: architect Rupert Kessing."]
    lead, tier = _report("Was Brellmoor Botanic Garden founded by Rupert Kessing?", sentences)
    assert lead == ("No: Brellmoor Botanic Garden was founded in 1871 by the botanist Ottilie Varnham [1]."), lead
    # the same claim gives the true doer "Yes"; the "No" is inferred from another doer, so "medium" at most (task h64)
    yes_lead, yes_tier = _report("Was Brellmoor Botanic Garden founded by Ottilie Varnham?", sentences)
    assert yes_lead == "Yes" + lead[2:] and (tier, yes_tier) == ("medium", "high"), (yes_lead, yes_tier, tier)
    assert _verdict("Was Brellmoor Botanic Garden founded by Rupert Kessing?",
                    ["Brellmoor Botanic Garden: founder Ottilie Varnham."]) is False


def test_the_whole_building_designed_by_another_on_its_own_page_answers_no() -> None:
    assert _verdict("Was Brellmoor Botanic Garden designed by Ottilie Varnham?", [
        "The garden was designed by the architect Rupert Kessing and built by Halden Works."]) is False


def test_co_founders_never_answer_no() -> None:
    question = "Was Brellmoor Botanic Garden founded by Ottilie Varnham?"
    assert _verdict(question, ["Brellmoor Botanic Garden was co-founded in 1871 by Rupert Kessing."]) is None
    assert _verdict(question, ["Brellmoor Botanic Garden was founded by Rupert Kessing and Ottilie Varnham."]) is True
    assert _verdict(question, ["Brellmoor Botanic Garden was founded in 1871 by Rupert Kessing.",
                               "Ottilie Varnham was a cofounder of Brellmoor Botanic Garden."]) is not False


def test_the_asked_size_is_cut_from_a_name_and_a_number_of_the_name_kept() -> None:
    # the entity finder itself leaves the size asked out of a name (review of stop 38: no caller cuts it again)
    assert find_entities("Is the Glasshouse Spire at Brellmoor Garden 55 metres tall?") == [
        "Glasshouse Spire", "Brellmoor Garden"]
    assert find_entities("Is Quarry Road 9 2 km long?") == ["Quarry Road 9"]
    assert find_entities("Is Quarry Road 9 in Brellmoor?") == ["Quarry Road 9", "Brellmoor"]
    assert find_entities("Is the Ellery Bridge 1,350 ft long?") == ["Ellery Bridge"]
    assert find_entities("Is the Wendle Bell 14 tonnes heavy?") == ["Wendle Bell"]
    assert find_entities("Is Gate 7 very wide?") == ["Gate 7"]  # no unit: the number stays the name's
    assert find_entities("Was Pier 12 a long one?") == ["Pier 12"]  # "a" is no length

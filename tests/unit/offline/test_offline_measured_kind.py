"""A measure question naming its subject by a kind of thing ("How long is the saltworks hall in Dunmarsh?") whose
page names it and says it is one ("The Dunmarsh Salt Works is a former saltworks hall"): the page's measure
sentence answers it (issue 9, task f50f: the ropewalk trial). Names and pages made up here."""

from __future__ import annotations

from shared.report import lead_section, says_not_established
from shared.text.answer import measure_subject, relation_terms
from shared.text.reference import called_a, kind_nouns, names_by_kind
from tests.claim_pages import listed_claims, recorded_report


def test_the_noun_a_measure_question_measures_is_its_subject_no_relation() -> None:
    assert measure_subject("How long is the tannery in Orsby?") == "tannery"
    assert measure_subject("How tall was the old lighthouse at Brennick?") == "old lighthouse"
    assert measure_subject("how deep is the harbour basin?") == "harbour basin"
    assert relation_terms("How long is the tannery in Orsby?") == []
    assert relation_terms("How high is the chimney of Velk Mill?") == []
    # a part of a named thing ("span", a relation word of parts) is what is measured of it: no subject noun
    assert measure_subject("How long is the span of the Merrow Bridge?") is None
    assert relation_terms("How long is the span of the Merrow Bridge?") == ["span"]
    assert measure_subject("When was the tannery in Orsby built?") is None


def test_a_name_said_to_be_a_thing_of_the_kind_is_found_in_the_run() -> None:
    run = ["The Orsby Leather Works is a former tannery in the river town of Orsby.",
           "Brennick Light was an iron lighthouse.", "Tomas Vell was born in a town with a tannery."]
    assert called_a("tannery", run) == [["orsby", "leather", "work"]]
    assert called_a("lighthouse", run) == [["brennick", "light"]]
    assert called_a("mill", run) == []
    assert kind_nouns("Orsby Leather Works", run) == {"tannery"}
    # a kind the run gives two names says neither of them
    assert kind_nouns("Orsby Leather Works", [*run, "Vell Yard was a tannery."]) == set()
    assert names_by_kind("Orsby Leather Works", {"tannery"}, "He moved to Orsby, where he founded the town's tannery.")
    assert not names_by_kind("Orsby Leather Works", {"tannery"}, "He founded the town's tannery in Ribe.")


def _pages() -> tuple[list, dict]:  # type: ignore[type-arg]
    return listed_claims({
        "about": ("Orsby Leather Works", [
            "The Orsby Leather Works is a former tannery in the river town of Orsby.",
            "The Orsby Leather Works was built in 1802 by the tanner Mikkel Hove and is 148 metres long.",
            "Leather was made there until 1958.",
        ]),
        "visit": ("Visiting the Orsby Leather Works", [
            "Guided walks through the 148-metre drying loft start every day at 11:00.",
            "Admission is 7 euros for adults.",
        ]),
        "hove": ("Mikkel Hove (1760-1831)", [
            "Mikkel Hove was born in Ribe in 1760 and moved to Orsby in 1785, where he founded the town's tannery.",
        ]),
    })


def test_the_measure_sentence_of_the_page_whose_subject_is_the_kind_asked_leads() -> None:
    claims, sources = _pages()
    rep, gate, answered, _total = recorded_report("How long is the tannery in Orsby?", claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("The Orsby Leather Works was built in 1802"), lead
    assert "148 metres long" in lead and not says_not_established(rep.markdown)
    assert not gate.signals.get("relation_missing") and gate.tier != "low" and answered


def test_the_founder_of_a_building_is_who_it_was_built_by_when_no_page_says_founded() -> None:
    claims, sources = listed_claims({
        "about": ("Orsby Leather Works", [
            "The Orsby Leather Works is a former tannery in the river town of Orsby.",
            "The Orsby Leather Works was built in 1802 by the tanner Mikkel Hove and is 148 metres long.",
        ]),
        "hove": ("Mikkel Hove (1760-1831)", [
            "Mikkel Hove was a merchant and shipowner.",
            "Mikkel Hove was born in Ribe in 1760 and later moved to Orsby.",
        ]),
    })
    rep, gate, answered, _total = recorded_report("Where was the founder of the Orsby Leather Works born?", claims,
                                                  sources)
    lead = lead_section(rep.markdown)
    assert "Ribe" in lead and "built in 1802 by the tanner Mikkel Hove" in lead, lead
    assert not says_not_established(rep.markdown) and gate.tier != "low" and answered


def test_the_towns_kind_of_thing_is_the_thing_its_page_says_is_one() -> None:
    # "the town's tannery" on the founder's page is the Orsby Leather Works: its page says it is a tannery
    claims, sources = listed_claims({
        "about": ("Orsby Leather Works", [
            "The Orsby Leather Works is a former tannery in the river town of Orsby.",
            "Leather was made there until 1958.",
        ]),
        "hove": ("Mikkel Hove (1760-1831)", [
            "Mikkel Hove was born in Ribe in 1760 and moved to Orsby in 1785, where he founded the town's tannery.",
        ]),
    })
    rep, gate, answered, _total = recorded_report("Where was the founder of the Orsby Leather Works born?", claims,
                                                  sources)
    lead = lead_section(rep.markdown)
    assert "born in Ribe" in lead and not says_not_established(rep.markdown), lead
    assert gate.tier != "low" and answered


def test_an_architect_is_no_builder_and_a_building_built_by_no_one_named_bridges_nothing() -> None:
    from services.synthesizer.offline import _built_by
    assert _built_by("founder", "The Orsby Leather Works was built in 1802 by the tanner Mikkel Hove.")
    assert _built_by("founder", "It was constructed by Hove & Sons.")
    assert not _built_by("architect", "The Orsby Leather Works was built in 1802 by the tanner Mikkel Hove.")
    assert not _built_by("founder", "A tannery built in 1802 stood by the river.")

"""Trial t56 F3-F5 (the pages here are invented): the corpus answers, yet the report said "Not established".

- A German sentence's capitalised common nouns ("Die Strecke", "Kilometer") are no names: no bridge of the ranking
  lifts that sentence above the English one stating the same length, and a German page titled by the very name
  asked counts as a source of its length ("Die Strecke ist ... lang"), so one blog's other figure is outvoted.
  Nor does such a sentence open with the name of another thing: alone, it answers.
- A page title's subtitle in sentence case ("Harlow Vale Raceway - Press kit 2024") describes the page: the title
  names the raceway, no longer name "Harlow Vale Raceway Press".
- A body that "has been led by chief executive NAME" is no holder of the role beside NAME (a second holder in office
  no year orders held the lead back).
- A page title's own names are no other thing in its sentence ("The Museum and the main paddock are wheelchair
  accessible" on "Visit the Ambleton Speedway Museum"): the sentence is about the speedway the title names.
"""

from __future__ import annotations

from services.synthesizer.offline import rank_claims, synthesize
from shared.evidence import SourceInfo, VerifiedClaim
from shared.report import lead_section
from shared.text.compounds import common_nouns_only
from shared.text.succession import holders
from shared.text.terms import title_subject
from tests.claim_pages import listed_claims, recorded_report

SPEEDWAY = {
    "de": ("Ambleton Speedway", ["Die Rennstrecke Ambleton Speedway bei Kelsford wurde am 2. Mai 1962 eröffnet.",
                                 "Die Strecke ist 3,25 Kilometer lang und hat 11 Kurven."]),
    "enc": ("Ambleton Speedway", ["The Ambleton Speedway is a motor racing circuit near Kelsford.",
                                  "The track is 3.25 kilometres long and has 11 turns."]),
    "rec": ("Ambleton Speedway", ["Ambleton Speedway: length 3.25 km."]),
    "blog": ("A sunny day at Ambleton", ["The Ambleton Speedway is about 3.9 km long and the view is grand."]),
}


def _speedway() -> tuple[list[VerifiedClaim], dict[str, SourceInfo]]:
    claims, sources = listed_claims(SPEEDWAY)
    sources["blog"] = sources["blog"].model_copy(update={"kind": "blog"})
    return claims, sources


def test_german_common_nouns_are_no_names() -> None:
    assert common_nouns_only("Die Strecke", "de")
    assert common_nouns_only("Kilometer", "de")
    assert not common_nouns_only("Die Rennstrecke Ambleton Speedway", "de")
    assert not common_nouns_only("Die Strecke", "en")


def test_the_german_length_is_no_bridge_of_its_own() -> None:
    claims, sources = _speedway()
    order = [claims[i].text for i, _s in rank_claims("How long is the Ambleton Speedway?", claims, sources)]
    assert order[0] == "Ambleton Speedway: length 3.25 km.", order  # main: the German sentence, by its own nouns


def test_the_length_leads_and_outvotes_the_blog() -> None:
    claims, sources = _speedway()
    rep, gate, _answered, _total = recorded_report("How long is the Ambleton Speedway?", claims, sources)
    assert lead_section(rep.markdown) == ("The length of the Ambleton Speedway is 3.25 kilometres [1][2][3]; one "
                                          "source, a blog, says about 3.9 km [4]."), rep.markdown
    assert gate.tier == "medium" and "not_established" not in gate.signals, gate


RACEWAY = {
    "news": ("Raceway crowds up in 2021", ["Chief executive Gregor Vance said the Harlow Vale Raceway would add a "
                                           "second grandstand."]),
    "kit": ("Harlow Vale Raceway - Press kit 2024", [
        "Since 1 March 2024 Harlow Vale Racing Ltd has been led by chief executive Tamsin Oduya, who succeeded "
        "Gregor Vance.",
        "Harlow Vale Racing Ltd, Moor Lane, Kelsford."]),
}


def test_a_sentence_case_subtitle_describes_the_page() -> None:
    assert title_subject("Harlow Vale Raceway - Press kit 2024") == "Harlow Vale Raceway"
    assert title_subject("Star Wars: The Force Awakens") is None  # a work's title-case subtitle is its name
    assert title_subject("Alien: Resurrection") is None


def test_a_body_led_by_its_chief_executive_is_no_holder() -> None:
    assert [h.name for h in holders(RACEWAY["kit"][1][0], "chief executive")] == ["Tamsin Oduya"]
    assert [h.name for h in holders("Ada Brune has been acting chief executive since 2019.", "chief executive")] \
        == ["Ada Brune"]


def test_the_current_chief_executive_is_established() -> None:
    claims, sources = listed_claims(RACEWAY)
    rep, gate, _answered, _total = recorded_report(
        "Who is the current chief executive of the Harlow Vale Raceway?", claims, sources)
    assert lead_section(rep.markdown) == ("Since 1 March 2024 Harlow Vale Racing Ltd has been led by chief executive "
                                          "Tamsin Oduya, who succeeded Gregor Vance [1]."), rep.markdown
    assert gate.tier in ("medium", "high") and "names_missing" not in gate.signals, gate


def _access(sentence: str) -> str:
    claims, sources = listed_claims({"v": ("Visit the Ambleton Speedway Museum", [
        "Take a guided tour of the pits at the Ambleton Speedway.", sentence, "Ticket Adult: price £9.00."])})
    return lead_section(synthesize("Is the Ambleton Speedway paddock wheelchair accessible?", claims,
                                   sources).markdown)


def test_a_coordinated_subject_with_the_titles_name_answers_yes() -> None:
    lead = _access("The Museum and the main paddock are wheelchair accessible.")
    assert lead == "Yes: The Museum and the main paddock are wheelchair accessible [1].", lead


def test_a_coordinated_subject_with_another_name_decides_nothing() -> None:
    lead = _access("The Kelsford Library and the main paddock are wheelchair accessible.")
    assert lead.startswith("The verified claims leave this question open; what they say: The Kelsford Library "
                           "and the main paddock are wheelchair accessible [1]."), lead


def test_a_german_length_alone_answers_an_english_question() -> None:
    # "Die Strecke" opens the sentence capitalised as German writes every noun: no name of another thing
    # (offline.opening_name), so the gate does not hold the lead back (main: 'Not established: the length asked for.
    # Related findings, not the answer: Die Strecke ist 3,25 Kilometer lang und hat 11 Kurven [1].' 0.55 low)
    claims, sources = listed_claims({"de": SPEEDWAY["de"]})
    rep, gate, _answered, _total = recorded_report("How long is the Ambleton Speedway?", claims, sources)
    assert lead_section(rep.markdown) == "Die Strecke ist 3,25 Kilometer lang und hat 11 Kurven [1].", rep.markdown
    assert "names_missing" not in gate.signals, gate

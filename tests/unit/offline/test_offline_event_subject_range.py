"""What a date is the date of, and of what (the pages here are invented).

- A date range's end is no other date of the event its start dates: "closed from 3 March to 14 September 2021" and
  "will close on 3 March 2021" agree (``find_disagreements``), and the cause sentence leads a why-question.
- A sentence whose subject is a noun phrase with a name in apposition ("A solar dome, the Sunward Dome, opened in
  2008") dates that thing's event, not its page's subject's; so does a subordinate clause opening with another name
  ("After the Old Brindlecombe Observatory closed in 1958, ...").
- "How much <mass noun>" asks an amount: a figure of the kind the noun is measured in states it, the noun need not
  stand beside it ("holds 3.6 million litres" for "How much water ...?").
"""

from __future__ import annotations

from services.synthesizer.confidence import relation_features
from services.synthesizer.offline import find_disagreements
from shared.text.quantity import amount_noun, asked_quantity
from tests.claim_pages import local_claim, noted_report, page_set
from tests.unit.offline.test_offline_compound_verb import _lead

OBSERVATORY = "Brindlecombe Observatory"
NEWS = "Observatory to shut for dome repairs"


def _found(a: str, b: str, titles: tuple[str, str] = (OBSERVATORY, OBSERVATORY)) -> list[list[str]]:
    found = find_disagreements([local_claim("a", "s1", a), local_claim("b", "s2", b)],
                               {"s1": titles[0], "s2": titles[1]})
    return [[v for _i, v in d.values] for d in found]


NEWS_TEXT = ("The Brindlecombe Observatory will close on 3 March 2021 because engineers found hairline cracks in the "
             "copper panels of its rotating dome.")
RANGED = ("The Brindlecombe Observatory was closed from 3 March to 14 September 2021 so that the copper panels of its "
          "rotating dome, which had developed hairline cracks, could be replaced.")


def test_a_range_end_is_no_other_date_of_its_start_event() -> None:
    for ranged in (RANGED, RANGED.replace("from 3 March to", "between 3 March and"),
                   RANGED.replace("from 3 March to", "from 3 March 2021 until")):
        assert _found(NEWS_TEXT, ranged, (NEWS, OBSERVATORY)) == [], ranged
    # the start of the range is still compared: another day of the closure disagrees
    assert _found(NEWS_TEXT, RANGED.replace("3 March", "5 March"), (NEWS, OBSERVATORY)) == [["3 March 2021", "5 March"]]


def test_a_subject_in_apposition_or_a_subordinate_clause_is_not_the_page_subject() -> None:
    register = "Brindlecombe Observatory: opened 1974-10-02."
    assert _found(register, "A solar telescope dome, the Sunward Dome, opened in 2008.") == []
    closing = "The Brindlecombe Observatory closed on 3 March 2021."
    assert _found(closing, "After the Old Brindlecombe Observatory closed in 1958, the town had no observatory.") \
        == []
    # the page's own subject in either place keeps its dates comparable
    assert _found(register, "The observatory opened in 1975.") == [["1974-10-02", "1975"]]
    assert _found(closing, "After the Brindlecombe Observatory closed in 2020, the town had no observatory.") \
        == [["3 March 2021", "2020"]]


PAGES = {
    "w": (OBSERVATORY, f"The Brindlecombe Observatory is a public observatory on Tarrow Hill. {RANGED} A solar "
                       "telescope dome, the Sunward Dome, opened in 2008."),
    "n": (NEWS, NEWS_TEXT),
    "r": ("Brindlecombe Observatory register record", "Brindlecombe Observatory: opened 1974-10-02."),
}


def test_the_cause_sentence_leads_why_the_observatory_closed() -> None:
    pages = page_set(PAGES)
    rep, _gate = noted_report("Why was the Brindlecombe Observatory closed in 2021?", pages.claims, pages.sources)
    assert _lead(rep.markdown) == f"{RANGED[:-1]} [1].", rep.markdown


def test_the_dome_opening_answers_whether_the_observatory_has_one() -> None:
    pages = page_set(PAGES)
    rep, _gate = noted_report("Does the Brindlecombe Observatory have a solar telescope dome?", pages.claims, pages.sources)
    assert _lead(rep.markdown) == "Yes: A solar telescope dome, the Sunward Dome, opened in 2008 [1].", rep.markdown


def test_how_much_of_a_liquid_is_answered_by_a_volume() -> None:
    question = "How much water does the Kestle Cistern hold?"
    assert amount_noun(question) == "water"
    assert asked_quantity(question) == ("volume", "mass")
    assert amount_noun("How much paper did the Kestle mill make?") == "paper"
    assert amount_noun("How much revenue does the Kestle mill make?") is None
    assert relation_features(question, "The Kestle Cistern holds 3.6 million litres and is 11 metres deep [1].")[
        "count_named"] == 1.0
    # a figure of another kind (a depth, an area) states no amount of water
    assert relation_features(question, "The Kestle Cistern is 11 metres deep [1].")["count_named"] == 0.0
    assert relation_features(question, "The Kestle Cistern covers 900 square metres [1].")["count_named"] == 0.0


CISTERN = {
    "c": ("Kestle Cistern", "The Kestle Cistern is an underground reservoir below the market square of Orlaby. The "
                            "Kestle Cistern holds 3.6 million litres and is 11 metres deep. It was dug in 1652."),
}


def test_the_volume_leads_how_much_water_the_cistern_holds() -> None:
    pages = page_set(CISTERN)
    rep, gate = noted_report("How much water does the Kestle Cistern hold?", pages.claims, pages.sources)
    assert _lead(rep.markdown) == "The Kestle Cistern holds 3.6 million litres and is 11 metres deep [1].", \
        rep.markdown
    assert not gate.signals.get("relation_missing"), gate.signals

"""A height asked is answered by a figure of height, and by the figure most independent sources give (task h116,
trial t67 Q14 and X3): "What is the height in metres of X?" asks the height (the unit it is asked in names no other
attribute), and a sail span of the same unit is no height; a forum's hearsay "The guide said the tower is 31 metres
tall" against a history page's "The tower is 21.4 metres tall" and a heritage record's "X: height 21.4 m" is the
outvoted figure, said as such. Pages and names made up here."""

from __future__ import annotations

from services.synthesizer.confidence import HIGH_THRESHOLD
from services.synthesizer.offline import _title_names, find_disagreements, hearsay, synthesize
from shared.evidence import SourceInfo, VerifiedClaim
from shared.report import lead_section
from shared.text.answer import attribute_asked, weight_asked
from shared.text.quantity import asked_quantity
from shared.text.sizes import size_dimensions
from tests.claim_pages import listed_claims, noted_report

HISTORY = ("Corvenny Windmill: a history", ["Corvenny Windmill is a five-storey brick tower mill on Marl Lane.",
                                            "The tower is 19.8 metres tall to the top of its cap."])
RECORD = ("Corvenny Windmill", ["Corvenny Windmill: type tower mill.", "Corvenny Windmill: height 19.8 m."])
FORUM = ('Forum: Old Mills Club -- thread "A day at Corvenny"',
         ["Went to Corvenny Windmill on Sunday, a lovely day out.",
          "The guide said the tower is 28 metres tall, which makes it the tallest in the shire!"])
SURVEY = ("Survey of the Corvenny mills", [
    "Corvenny Windmill is a brick tower mill built in 1831.",
    "The sail span of Corvenny Windmill is 22.5 metres, making it the larger of the two mills."])


def _pages(pages: dict[str, tuple[str, list[str]]]) -> tuple[list[VerifiedClaim], dict[str, SourceInfo]]:
    claims, sources = listed_claims(pages)
    if "forum" in sources:
        sources["forum"] = sources["forum"].model_copy(update={"kind": "blog"})
    return claims, sources


def test_a_unit_the_figure_is_asked_in_names_no_other_attribute() -> None:
    assert asked_quantity("What is the height in metres of the brick tower mill at Corvenny?") == ("length",)
    assert asked_quantity("What is the mast's height, in feet?") == ("length",)
    assert asked_quantity("What is the population in Halvik of the parish?") == ()
    assert attribute_asked("How tall is the Corvenny tower mill in metres?") == "the height of the Corvenny tower mill"
    assert weight_asked("How much does the Corvenny bell weigh?") == "the weight of the Corvenny bell"
    assert attribute_asked("What is the height in metres of the brick tower mill at Corvenny?") == (
        "the height of the brick tower mill at Corvenny")


def test_a_span_is_a_dimension_of_its_own() -> None:
    assert size_dimensions("The sail span of Corvenny Windmill is 22.5 metres.") == {"span"}
    assert size_dimensions("Its wingspan is 11 m.") == {"span"}
    assert size_dimensions("The walls are 1.2 metres thick.") == {"thickness"}
    assert "span" not in size_dimensions("The bridge spans 300 metres.")


def test_a_height_question_is_not_led_by_a_sail_span() -> None:
    question = "What is the height in metres of the brick tower mill at Corvenny?"
    claims, sources = _pages({"survey": SURVEY, "record": RECORD})
    report, _gate = noted_report(question, claims, sources)
    lead = lead_section(report.markdown).split("\n")[0]
    assert lead.startswith("Corvenny Windmill: height 19.8 m [1]."), lead
    assert "span" not in lead


def test_hearsay_is_read_as_the_statement_reported() -> None:
    assert hearsay("The guide said the tower is 28 metres tall.") == "the tower is 28 metres tall."
    assert hearsay("I was told that the mill is 30 m tall.") == "the mill is 30 m tall."
    assert hearsay("Our guide told us the spire is 40 m high.") == "the spire is 40 m high."
    assert hearsay("The tower is 19.8 metres tall.") is None
    assert hearsay("The County Survey records a height of 41 metres.") is None  # a named authority: attribution
    assert hearsay("The mill said goodbye to its last miller in 1951.") is None


def test_a_title_opening_with_a_name_of_several_words_names_them() -> None:
    assert _title_names("Corvenny Windmill: a history") == {"corvenny", "windmill"}
    assert _title_names("Visiting the Vardholm salt flats") == {"vardholm"}


def test_a_record_agreeing_with_a_disputed_page_joins_the_disagreement() -> None:
    claims, _sources = _pages({"history": HISTORY, "record": RECORD, "forum": FORUM})
    titles = {"history": HISTORY[0], "record": RECORD[0], "forum": FORUM[0]}
    disputes = find_disagreements(claims, titles, claims)
    sized = [d for d in disputes if d.kind == "m"]
    assert len(sized) == 1
    assert sorted(shown for _i, shown in sized[0].values) == ["19.8 m", "19.8 metres", "28 metres"]


POST_MILL = ("Corvenny Post Mill", ["Corvenny Post Mill is a small timber mill on Church Green.",
                                    "The post mill is 10.2 metres tall and carries four common sails."])


def test_two_sources_outvote_a_forums_hearsay_figure() -> None:
    """... and the look-alike post mill's height joins no lead as a further sentence."""
    question = "How tall is the Corvenny tower mill in metres?"
    claims, sources = _pages({"forum": FORUM, "history": HISTORY, "record": RECORD, "post": POST_MILL})
    report, gate = noted_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith("The height of the Corvenny tower mill is 19.8 m [1][2]; one source, a blog, says 28 "
                           "metres [3]."), lead
    assert "10.2" not in lead and "post mill" not in lead
    assert gate.tier == "medium" and gate.score < HIGH_THRESHOLD
    assert gate.signals.get("outvoted") == 1.0


def test_a_posts_hearsay_figure_does_not_lead_over_a_pages_own() -> None:
    """One record's own "height 19.8 m" against a forum post's "The guide said the tower is 28 metres tall": the
    record's figure leads (the gate may still find the lead's words short of the question's)."""
    question = "How tall is the Corvenny tower mill in metres?"
    claims, sources = _pages({"forum": FORUM, "record": RECORD})
    report = synthesize(question, claims, sources)
    assert lead_section(report.markdown).split("\n")[0] == "Corvenny Windmill: height 19.8 m [1]."

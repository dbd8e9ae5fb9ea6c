"""A lead whose only sentence stating the figure asked gives another named thing's figure does not answer (trial t30
x4: "How many beds does the Brennalm Hut have?" led "The Kaltfirn Hut: beds 48 [2]." at high 0.85 / judge 95)."""

from services.synthesizer.confidence import others_figure_lead

QUESTION = "How many berths does the Tarn Ferry have?"


def test_a_lead_stating_only_another_things_figure_is_held_back() -> None:
    lead = ("Holm Quay is where the Tarn Ferry and, on Sundays, the Vell Ferry call [1]. "
            "The Vell Ferry: berths 24 [2].")
    assert others_figure_lead(QUESTION, lead)


def test_the_asked_things_figure_or_one_said_by_reference_answers() -> None:
    assert not others_figure_lead(QUESTION, "The Tarn Ferry has 18 berths [1].")
    assert not others_figure_lead(QUESTION, "Today the ferry has 18 berths in four cabins [1].")
    assert not others_figure_lead(QUESTION, "The Vell Ferry: berths 24 [1]. The Tarn Ferry has 18 berths [2].")


def test_a_figure_of_a_thing_the_question_describes_is_not_judged_by_its_name() -> None:
    # the question names no subject of its verb: the lead may open with the described thing's name
    assert not others_figure_lead("How many berths has the ferry that Ada Holm designed?",
                                  "The Vell Ferry, designed by Ada Holm, has 24 berths [1].")

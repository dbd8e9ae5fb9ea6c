"""Trial t75w q19 (the names here are invented): "How many race days does <X> hold per year?" was led at high
confidence by sentences stating no count of race days: "... the main race of the year ..., run over 3,200 metres",
"... record attendance is 41,300, set on Gold Cup day in 1987", a row "... grandstand capacity 18,500, main race
...". A "how many" lead must state a count of what is asked: a number of a measured kind ("3,200 metres", "£450,000")
counts nothing, and a number stands by the counted noun only within its own clause (a comma or a sentence's end
between them parts it from another phrase's "day" or "race"), else the lead answers nothing
(``services.synthesizer.confidence.relation_features`` ``count_named``, ``relation_missing``)."""

from __future__ import annotations

from services.synthesizer.confidence import relation_features, relation_missing

QUESTION = "How many race days does Brellin Downs Racecourse hold per year?"


def test_a_lead_with_no_count_of_race_days_answers_nothing() -> None:
    lead = ("The Brellin Gold Cup is the main race of the year at Brellin Downs Racecourse, run over 3,200 metres in "
            "June [1]. Brellin Downs Racecourse's record attendance is 39,800, set on Gold Cup day in 1979 [2]. "
            "Brellin Downs Racecourse: town Tarnby, founded 1862, track length 2,150 m, grandstand capacity 16,400, "
            "main race Brellin Gold Cup, main race prize money £380,000 [3].")
    features = relation_features(QUESTION, lead, {})
    assert features["count_named"] == 0.0
    assert relation_missing(QUESTION, features)


def test_a_metric_figure_by_the_noun_is_no_count() -> None:
    assert relation_features(QUESTION, "The longest race day course is 3,200 metres [1].", {})["count_named"] == 0.0


def test_a_count_of_race_days_answers() -> None:
    for lead in ("Brellin Downs Racecourse stages 26 race days a year [1].",
                 "Brellin Downs Racecourse: race days per year 26 [1].",
                 "The course holds racing on 26 days each year, with the Gold Cup the main race day [1]."):
        features = relation_features(QUESTION, lead, {})
        assert features["count_named"] == 1.0, lead
        assert not relation_missing(QUESTION, features), lead

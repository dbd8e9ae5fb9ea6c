"""A year naming an edition of a named thing dates that edition's figure: a present-tense amount question takes
the newer dated amount (task h163)."""
from services.synthesizer.offline import _frame_year, asked_time_lead, claim_year

QUESTION = "How much prize money is the Vellmark Silver Bowl worth?"
OLD = "The 2024 Vellmark Silver Bowl carried total prize money of £450,000."
NEW = ("The prize money for the Vellmark Silver Bowl at Ostrey Racecourse has been raised to £600,000 from the 2025 "
       "running, up from £450,000 in 2024, the racecourse announced today.")
TITLES = ["Vellmark Silver Bowl", "Silver Bowl prize money raised"]


def test_edition_year_frames_its_figure():
    assert _frame_year(OLD) == 2024
    assert claim_year(OLD, framed=True) == 2024


def test_authority_year_frames_nothing():
    assert _frame_year("The 2021 Census reported 14,200 inhabitants in Ostrey.") is None
    assert _frame_year("the 2021 census reported 14,200") is None


def test_present_amount_question_takes_newer_dated_amount():
    lead = asked_time_lead(QUESTION, [OLD, NEW], [0], [0, 1], TITLES, [2024, 2025], [2024, 2025])
    assert lead[0] == 1
    assert 0 not in lead


def test_edition_asked_keeps_its_figure():
    lead = asked_time_lead("How much prize money did the 2024 Vellmark Silver Bowl carry?", [OLD, NEW], [0],
                           [0, 1], TITLES, [2024, 2025], [2024, 2025])
    assert lead[0] == 0


def test_amount_named_by_its_clause_subject():
    from services.synthesizer.confidence import relation_features, relation_missing
    features = relation_features(QUESTION, NEW + " [1]")
    assert features["count_named"] == 1.0
    assert not relation_missing(QUESTION, features)


def test_amount_of_another_clause_stays_unnamed():
    from services.synthesizer.confidence import relation_features
    lead = "Entry to Ostrey Racecourse costs £18, and the stewards publish the prize money of each race."
    assert relation_features(QUESTION, lead)["count_named"] == 0.0

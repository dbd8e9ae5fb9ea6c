"""A question typed in lower case gets the confidence of the capitalised one for the same report (issue 9, trial
t18 F8: "where is the brannock observatory" 0.68 where "Where is the Brannock Observatory?" had 0.94): its names are
those the lead capitalises whose words the question gives in order."""

from __future__ import annotations

from services.synthesizer.confidence import chain_features, lowercase_question_names

LEAD = "The Harrow Lighthouse stands on the northern point of Sael Island, four kilometres from Brennholt [1]."
TITLES = {1: "Harrow Lighthouse"}


def test_a_lowercase_question_has_the_names_the_lead_capitalises() -> None:
    assert lowercase_question_names("where is the harrow lighthouse", [LEAD]) == [["harrow", "lighthouse"]]
    assert lowercase_question_names("where is the brask lighthouse", [LEAD]) == []


def test_a_lowercase_question_is_answered_whole_as_the_capitalised_one() -> None:
    capitalised = chain_features("Where is the Harrow Lighthouse?", LEAD, TITLES)
    assert capitalised["one_fact"] == 1.0
    assert chain_features("where is the harrow lighthouse", LEAD, TITLES) == capitalised
    # another lighthouse's lead is no one-fact answer, typed either way
    assert chain_features("where is the brask lighthouse", LEAD, TITLES)["one_fact"] == 0.0

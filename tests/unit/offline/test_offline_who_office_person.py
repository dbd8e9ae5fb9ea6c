"""Trial t69 (the pages here are invented): "Who chairs the committee ...?" asks a person.

A lead naming only bodies ("X is owned and run by the Borough Council through its Markets and Fairs Committee")
names no one who chairs anything: the gate's ``relation`` feature is 0 for it, so the report is not rated high.
"""

from __future__ import annotations

from services.synthesizer.confidence import _names_person, relation_features

QUESTION = "Who chairs the council committee that oversees Tollingham Corn Exchange?"
BODIES = ("Tollingham Corn Exchange is owned and run by Brisworth Borough Council through its Markets and Fairs "
          "Committee [1].")


def test_a_lead_naming_only_bodies_names_no_chair() -> None:
    assert relation_features(QUESTION, BODIES)["relation"] == 0.0
    assert not _names_person(BODIES, QUESTION)


def test_a_person_named_is_one() -> None:
    assert _names_person("The committee is chaired by Councillor Ada Fenwright [1].", QUESTION)
    assert relation_features(QUESTION, "The committee is chaired by Councillor Ada Fenwright [1].")["relation"] > 0
    # a body asked of another relation is still an answer ("Who runs X?" is not asked of an office)
    assert relation_features("Who runs Tollingham Corn Exchange?", BODIES)["relation"] > 0


def test_a_chair_label_after_a_name_in_a_list_states_the_chair() -> None:
    from shared.text.relations import idle_role_words
    from shared.text.tokens import tokenize

    asked = set(tokenize(QUESTION))
    for text in ("Present: Councillor Ada Fenwright (Chair), Councillor Osk Lemm.",
                 "Members: Ada Fenwright – chair; Osk Lemm."):
        assert "chair" not in idle_role_words(text, asked), text
        assert relation_features(QUESTION, f"{text} [1]")["relation_lead"] > 0, text
    assert "chair" in idle_role_words("She sat on a chair by the window.", asked)

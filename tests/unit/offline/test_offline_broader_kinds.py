"""A question asking for a broader kind is answered by a page naming a kind of it, one way only: "How many puppets
...?" by "holds 1,140 marionettes" (a marionette is a puppet), never "How many marionettes ...?" by a count of
puppets (issue 9, trial t38 q8: "How many puppets are there in the Brivolo theatre's collection?" was 'not
established' beside "The theatre's permanent collection holds 1,140 marionettes") (``shared.text.synonyms``)."""

from __future__ import annotations

from shared.report import lead_section
from shared.text.quantity import counted_nouns, counts
from shared.text.synonyms import is_kind_of, narrower_kinds, same_thing, with_synonyms
from shared.text.tokens import tokenize
from tests.claim_pages import listed_claims, recorded_report

CHAPTER = "The Velden chapter house keeps 36 marionettes in its attic."


def test_a_kind_is_held_for_its_broader_kind_only() -> None:
    assert is_kind_of("marionettes", "puppet") and is_kind_of("cathedral", "churches")
    assert not is_kind_of("puppets", "marionette") and not is_kind_of("church", "cathedral")
    assert narrower_kinds("Puppets") == {"marionette"} and narrower_kinds("marionette") == frozenset()
    assert not same_thing("puppet", "marionette")  # no near-synonyms: the relation is one way


def test_a_text_naming_the_kind_holds_the_question_word() -> None:
    assert "puppet" in with_synonyms(set(tokenize(CHAPTER)), ["puppet", "attic"])
    assert "marionette" not in with_synonyms(set(tokenize("The attic holds 36 puppets.")), ["marionette"])


def test_a_count_of_the_kind_counts_the_broader_kind() -> None:
    assert counts(CHAPTER, counted_nouns("How many puppets does the Velden chapter house keep?")) == ["36"]
    assert counts("The attic holds 36 puppets.", counted_nouns("How many marionettes are in the attic?")) == []


def test_the_lead_gives_the_count_of_the_kind() -> None:
    claims, sources = listed_claims({"v": ("Velden chapter house", [
        "The Velden chapter house is a medieval guild hall on the market square of Sankt Lorenz.",
        CHAPTER,
    ])})
    rep, _gate, _answered, _total = recorded_report("How many puppets does the Velden chapter house keep?",
                                                    claims, sources)
    assert lead_section(rep.markdown).startswith(CHAPTER[:-1]), rep.markdown

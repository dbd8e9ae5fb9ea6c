"""A sentence opening with an adverb or connective ("Today the society runs ...") opens with no name of its own, so
its figure is the question's subject's, while a sentence opening with another name keeps that name's figure."""

from services.synthesizer.offline import (
    _OPENING_NO_NAME,
    _opening_word_names_nothing,
    _opens_other_name,
    others_figure,
)
from shared.text.tokens import tokenize

Q_NAMES = [set(tokenize("Brask Lighthouse Society"))]


def test_an_opening_adverb_before_a_determiner_is_no_name() -> None:
    assert not _opens_other_name("Today the society keeps seven lighthouses and two beacons.", Q_NAMES)
    assert not _opens_other_name("Currently, the society keeps seven lighthouses.", Q_NAMES)
    assert not others_figure("Nowadays its volunteers keep seven lighthouses.", Q_NAMES)


def test_an_opening_name_before_its_verb_is_another_things() -> None:
    assert _opens_other_name("The Holm Lighthouse has three keepers.", Q_NAMES)
    assert others_figure("Paris has twenty lighthouses on its river quays.", Q_NAMES)
    assert not _opens_other_name("The Brask Lighthouse Society keeps seven lighthouses.", Q_NAMES)


def test_an_opening_preposition_is_no_name_whatever_follows_it() -> None:
    # a preposition or connective heads its phrase or clause: no determiner need follow it
    assert not _opens_other_name("Despite heavy storms, the society kept seven lighthouses lit.", Q_NAMES)
    assert not _opens_other_name("Because demand rose, the society opened two more lighthouses.", Q_NAMES)
    assert not _opens_other_name("Across all its stations the society keeps seven lighthouses.", Q_NAMES)
    assert not others_figure("Throughout winter volunteers keep seven lighthouses lit.", Q_NAMES)


def test_one_rule_answers_for_both_kinds_of_opening() -> None:
    # a preposition or connective is a plain English word, so one rule reads both kinds: the word's kind, or what
    # follows it
    assert all(_opening_word_names_nothing(w, " heavy storms") for w in _OPENING_NO_NAME)
    assert _opening_word_names_nothing("today", " the society") and _opening_word_names_nothing("currently", ", its")
    assert not _opening_word_names_nothing("today", " keeps seven lighthouses")
    assert not _opening_word_names_nothing("holmvik", " the society")  # no plain English word: a name

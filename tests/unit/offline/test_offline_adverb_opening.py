"""A sentence opening with an adverb or connective ("Today the society runs ...") opens with no name of its own, so
its figure is the question's subject's, while a sentence opening with another name keeps that name's figure."""

from services.synthesizer.offline import _opens_other_name, others_figure
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

"""A name that is the asked name plus a trailing word naming another thing of the same kind ("<X Way> Link",
"<X Hall> Annexe", "<X Line> North") is another thing when the bare name is a thing of its own in the run (task
h123). All names are invented."""

from services.synthesizer.verdicts import decide_choice, opens_look_alike
from shared.text.terms import tail_mark
from shared.text.tokens import tokenize

_Q = "Which is longer, the Quenmoor Way or the Baltry Ridge Trail?"


def test_tail_mark_same_kind_only() -> None:
    assert tail_mark(tokenize("Quenmoor Way"), "link")
    assert tail_mark(tokenize("Quenmoor Way"), "extension")
    assert tail_mark(tokenize("Sarnley Line"), "spur")
    assert tail_mark(tokenize("Sarnley Line"), "north")
    assert tail_mark(tokenize("Orbey Hall"), "annexe")
    # a part or an owner of the thing is no thing of its kind
    assert not tail_mark(tokenize("Quenmoor Way"), "trust")
    assert not tail_mark(tokenize("Orbey Hall"), "shop")
    # a building's part after a route's name, a route's after a building's: no look-alike of that kind
    assert not tail_mark(tokenize("Quenmoor Way"), "annexe")
    assert not tail_mark(tokenize("Orbey Hall"), "spur")
    assert not tail_mark([], "link")


def test_opens_look_alike_with_tail_only_when_told_apart() -> None:
    text = "The Quenmoor Way Link is 46 km long."
    assert opens_look_alike("Quenmoor Way", text, apart=True)
    assert not opens_look_alike("Quenmoor Way", text)  # the bare name no thing of its own: kept as before
    # an owner running on past it still states the thing's facts
    assert not opens_look_alike("Quenmoor Way", "The Quenmoor Way Trust was founded in 2004.", apart=True)


def test_choice_leaves_out_the_tail_look_alike() -> None:
    texts = ["The Quenmoor Way Link is 46 km long and joins the Quenmoor Way at Tarle.",
             "The Baltry Ridge Trail is 187 km long.",
             "The Quenmoor Way crosses the Hollin uplands from Dessby to Cray Bay."]
    titles = ["Quenmoor Way Link", "Baltry Ridge Trail", "Quenmoor Way"]
    choice = decide_choice(_Q, texts, titles, [0, 1, 2])
    # the Link's 46 km is not the Quenmoor Way's length: nothing of the Way's own decides it
    assert choice is None or 0 not in choice.cited


def test_choice_still_uses_the_own_length() -> None:
    texts = ["The Quenmoor Way Link is 46 km long and joins the Quenmoor Way at Tarle.",
             "The Baltry Ridge Trail is 187 km long.",
             "The Quenmoor Way is 264 km long."]
    titles = ["Quenmoor Way Link", "Baltry Ridge Trail", "Quenmoor Way"]
    choice = decide_choice(_Q, texts, titles, [0, 1, 2])
    assert choice is not None
    assert choice.options[0] == "Quenmoor Way"
    assert 2 in choice.cited and 0 not in choice.cited

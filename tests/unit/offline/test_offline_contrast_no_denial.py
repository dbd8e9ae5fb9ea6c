"""A sentence setting its subject against the claim's, and a table's header row, deny nothing (task h153, trial t76
Q17): "The Skarnel Pass road is not open all year." was contested by "Unlike the Skarnel Pass road above it, which
is closed every winter, the tunnel will be open all year round." (the tunnel's state) and by the header row "| Year
| Pass road open days |" (labels, no statement), so "Is the Skarnel Pass road open all year round?" had no supported
claim to answer "No" from and said "Not established" (``shared.text.entailment.entailment``)."""

from __future__ import annotations

from shared.text.entailment import entailment

CLAIM = "The Skarnel Pass road is not open all year."


def test_a_contrasted_subjects_state_denies_nothing() -> None:
    got = entailment(CLAIM, "Unlike the Skarnel Pass road above it, which is closed every winter, the tunnel will be "
                            "open all year round.")
    assert got.label == "neutral", got
    # the asked thing's own contrary state still denies it
    assert entailment(CLAIM, "The Skarnel Pass road is open all year.").label == "contradicted"
    # and a sentence contrasting another thing with it states the asked thing's own
    assert entailment(CLAIM, "Unlike the old mule track, the Skarnel Pass road is open all year.").label == "contradicted"


def test_a_header_row_denies_nothing() -> None:
    header = ("| Year | Pass road (vehicles) | Base tunnel (vehicles) | Pass road open days |\n"
              "|------|---------------------:|-----------------------:|--------------------:|")
    assert entailment(CLAIM, header).label == "neutral"
    assert entailment(CLAIM, header + "\n| 2019 | 412,300 | - | 181 |\n| 2020 | 298,100 | - | 169 |").label == "neutral"

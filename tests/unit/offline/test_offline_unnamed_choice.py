"""A choice whose options the question does not name ("Which of Vellby's two churches was built first?", "Which of
the two bridges over the Orm is older?", "Which Vellby church was built first?") takes them from the claims (two capitalised names of the kind asked: "The
St Olaf Church ... was built in 1180") and is decided and stated as the named choice is ("St Olaf Church was built
first: 1180 [1]; Holy Cross Church: 1245 [1]."), its confidence read the same way (issue 9, trial t26 fault 9)."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import unnamed_choice
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

Pages = dict[str, tuple[str, list[str]]]

CHURCHES: Pages = {
    "c": ("Churches of Vellby", ["Vellby has two medieval churches and a chapel.",
                                 "The Holy Cross Church by the harbour was built in 1245 and rebuilt after a fire.",
                                 "The St Olaf Church on the market square was built in 1180.",
                                 "Both are open to visitors in summer."]),
    "t": ("Vellby", ["Vellby is a market town on the river Orm with 4,200 inhabitants."]),
}
BRIDGES: Pages = {
    "k": ("Kessel Bridge", ["The Kessel Bridge over the Orm opened in 1902 and carries the main road."]),
    "v": ("Varn Bridge", ["The Varn Bridge, a stone bridge of five arches, opened in 1871."]),
}


@pytest.mark.parametrize(("question", "pages", "opening"), [
    ("Which of Vellby's two churches was built first?", CHURCHES, "St Olaf Church was built first: 1180"),
    ("Which of the two churches of Vellby was built first?", CHURCHES, "St Olaf Church was built first: 1180"),
    ("Which of the two bridges over the Orm is older?", BRIDGES, "Varn Bridge is older: 1871"),
    ("Which Vellby church was built first?", CHURCHES, "St Olaf Church was built first: 1180"),
    ("Which bridge over the Orm is older?", BRIDGES, "Varn Bridge is older: 1871"),
])
def test_a_choice_of_unnamed_options_is_decided_between_the_things_the_claims_name(question: str, pages: Pages,
                                                                                   opening: str) -> None:
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith(opening), lead
    assert ("1245" in lead) or ("1902" in lead)
    assert gate.tier != "low", gate


@pytest.mark.parametrize(("question", "texts"), [
    # one thing of the kind named: nothing to choose between
    ("Which of Vellby's two churches was built first?", ["The St Olaf Church was built in 1180.",
                                                         "Vellby's other church is younger."]),
    # the names are there but no figure decides it
    ("Which of Vellby's two churches is larger?", ["The St Olaf Church is on the market square.",
                                                   "The Holy Cross Church is by the harbour."]),
    # no choice among things of a kind
    ("Which church was built in 1180?", ["The St Olaf Church was built in 1180.",
                                         "The Holy Cross Church was built in 1245."]),
    # three churches named: the oldest of all may be the third
    ("Which church in Vellby is the oldest?", ["The St Olaf Church was built in 1180.",
                                                "The Holy Cross Church was built in 1245.",
                                                "The St Brigid Church was built in 1102."]),
])
def test_no_named_choice_without_two_things_and_a_deciding_figure(question: str, texts: list[str]) -> None:
    assert unnamed_choice(question, texts, ["Vellby"] * len(texts), list(range(len(texts)))) is None

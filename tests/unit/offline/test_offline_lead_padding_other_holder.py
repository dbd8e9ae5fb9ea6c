"""Lead sentences about another named thing do not pad the answer (issue 9, trial t28 fault 7): the "much" of "How
much wool ...?" is the wh-phrase's, so "a different and much newer farm" adds nothing the question asks
(``services.synthesizer.offline.select_lead`` / ``_bearing``), and a sentence opening with a name of its own ("The
Norby Farm has sixty sheep") counts that farm's sheep, not the island's its page's title names, so it never replaces
the island's dated figure as "the figure now" nor leads as a count of the island's (``asked_time_lead``,
``select_lead``)."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "wool": ("Wool production on Hallsey", ["In 2024 the island produced 18 tonnes of wool, up from 15 tonnes in "
                                            "2023."]),
    "farms": ("Old farms of Hallsey", [
        "The Norby Farm, a different and much newer farm on the north shore, was opened in 1981 by the island council.",
        "The Norby Farm has sixty sheep in a walled field.",
    ]),
    "census": ("Sheep census 2023", ["Hallsey had 1,250 sheep in 2023, according to the farmers' own tally."]),
    "isle": ("Hallsey", ["Hallsey is an island of the Brenn archipelago with about 600 inhabitants."]),
}


@pytest.mark.parametrize("question,answer", [
    ("How much wool did Hallsey produce in 2024?", "18 tonnes"),
    ("How many sheep are there on Hallsey?", "1,250 sheep"),
])
def test_another_named_things_sentence_does_not_pad_the_lead(question: str, answer: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, _gate, _answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert answer in lead and "Norby" not in lead, lead

"""Trial t56 F8 (the pages here are invented): "What does a group of N adults pay in total ...?" asks the group's
price as "How much do N adults pay together ...?" does, though its wh-word is "what": the row for groups of that
size leads with the total worked out (``services.synthesizer.verdicts.decide_group_price`` in
``services.synthesizer.offline.synthesize``)."""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead

PAGES = {"v": local_source("v", "Visit the Quarrendon Signal Box Museum")}
CLAIMS = [
    local_claim("v1", "v", "Ticket Adult: price £9.00."),
    local_claim("v2", "v", "Ticket Child (5-15): price £4.50."),
    local_claim("v3", "v", "Ticket Group of 8 or more adults: price £7.00 per person."),
    local_claim("v4", "v", "The Quarrendon Signal Box Museum is closed on Tuesdays."),
]


def test_what_a_group_pays_in_total_is_worked_out() -> None:
    question = "What does a group of 13 adults pay in total for a tour of the Quarrendon Signal Box Museum?"
    rep = synthesize(question, CLAIMS, PAGES)
    assert _lead(rep.markdown) == ("For a group of 13 adults: £7.00 per person, 13 × £7.00 = £91.00 [1]. "
                                   "Ticket Group of 8 or more adults: price £7.00 per person [1]."), rep.markdown
    gate = report_gate(question, rep, PAGES, CLAIMS)
    assert gate.tier in ("medium", "high") and "not_established" not in gate.signals, gate

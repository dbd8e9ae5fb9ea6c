"""A figure asked of a part in "what <part> <attribute>" words is that attribute's figure (task h155): "What nozzle
temperature can the <printer> reach?" asked nothing :func:`~shared.text.quantity.asked_quantity` read (the part's
word stood between "what" and "temperature"), so a lead giving the printer's price was no lead of another type and
the report never said "Not established". Invented names."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from shared.report import lead_section
from shared.text.quantity import asked_quantity
from tests.claim_pages import page_set, sentence_claims

PAGES = {
    "tern": ("Corliss Tern 2 review", "The Corliss Tern 2 is a compact desktop 3D printer for beginners. The Corliss "
                                      "Tern 2 costs 319 EUR at the time of testing. The Corliss Tern 2 weighs 6.1 kg."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


@pytest.mark.parametrize(("question", "kinds"), [
    ("What nozzle temperature can the Corliss Tern 2 reach?", ("temperature",)),
    ("What bed temperature does the Corliss Tern 2 reach?", ("temperature",)),
    ("Which hull length does the Osprey 30 have?", ("length",)),
    ("What top speed can the Corliss Tern 2 reach?", ("speed",)),
    # no attribute after the word, or a kind of thing asked: no figure
    ("What kind of price does the Corliss Tern 2 fetch?", ()),
    ("What nozzle does the Corliss Tern 2 use?", ()),
])
def test_a_parts_attribute_is_asked(question: str, kinds: tuple[str, ...]) -> None:
    assert asked_quantity(question) == kinds


def test_a_price_is_no_answer_to_a_nozzle_temperature() -> None:
    question = "What nozzle temperature can the Corliss Tern 2 reach?"
    claims = sentence_claims(TEXTS, "tern")
    report = synthesize(question, claims, SOURCES)
    gate = report_gate(question, report, SOURCES, claims)
    assert gate.tier == "low" and gate.signals.get("not_established") == 1.0, (lead_section(report.markdown),
                                                                               gate.signals)

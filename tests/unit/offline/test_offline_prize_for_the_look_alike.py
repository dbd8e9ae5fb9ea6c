"""A look-alike whose name holds the asked "<X> Prize for the <Y>"'s words with a word of its own ("<X> First <Y>
Prize") is another prize, even where its sentence writes only "the First <Y> Prize" (task h141, found by trial t72).

"Where is the <X> Prize for the Novel ceremony held?" led at high with the look-alike's sentence "Unlike the
Foundation's main award, the First Novel Prize ceremony is still held at <hall>" from the "<X> First Novel Prize"'s
page. The asked name is read as two names, "<X> Prize" and "Novel"; the sentence carries the look-alike's own words
("first", "novel") but was taken to name an asked name because "Novel" is one. An asked name made only of the
look-alike's own words is the look-alike's writing them, not the asked thing's name.
"""

from __future__ import annotations

from services.synthesizer.offline import prefixed_others
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "Where is the Kestrow Prize for the Novel ceremony held?"
FIRST = ("The Kestrow First Novel Prize", [
    "The Kestrow First Novel Prize is awarded each year by the Kestrow Foundation for the best debut novel.",
    "The Kestrow First Novel Prize was founded in 1997 and is worth 8,000 pounds to the winner.",
    "Unlike the Foundation's main award, the First Novel Prize ceremony is still held at the Wendlow Corn Exchange, "
    "each June.",
])
MAIN = ("Kestrow Prize for the Novel: history", [
    "The Kestrow Prize for the Novel was founded in 1971 by the Kestrow Foundation.",
    "In 2015 the ceremony moved to the Tarnby Playhouse in Salthaven, where it has been held every November since.",
    "The Kestrow Prize for the Novel is worth 35,000 pounds to the winner.",
])


def test_the_look_alikes_short_name_is_no_asked_name() -> None:
    texts = [*FIRST[1], *MAIN[1]]
    titles = [FIRST[0]] * len(FIRST[1]) + [MAIN[0]] * len(MAIN[1])
    out = prefixed_others(QUESTION, texts, titles)
    assert out[2], out  # "the First Novel Prize ceremony ..." on the look-alike's page
    assert not any(out[len(FIRST[1]):]), out  # the asked prize's own sentences


def test_the_ceremony_is_led_by_the_asked_prizes_venue() -> None:
    claims, sources = listed_claims({"f": FIRST, "m": MAIN})
    rep, _gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert "Wendlow Corn Exchange" not in lead, lead
    assert "Tarnby Playhouse" in lead, lead

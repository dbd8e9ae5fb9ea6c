"""A forum post's hearsay count ("The guide told us the orchard covers 480 hectares") does not lead "How many hectares
does X cover?" over three pages' 305 hectares (task h158, trial t77 Q04): the counted-noun path of the lead now
applies the post rule the figure path had (h146/h147), and "Today the X covers ..." opens with the name X, no longer
read as a longer look-alike name "Today the X". Invented names."""

from __future__ import annotations

from services.synthesizer.offline import _opening_words, synthesize
from shared.evidence import SourceInfo, VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import listed_claims

HISTORY = ("Quenmoor Orchard: a history", [
    "Quenmoor Orchard was planted in 1881 by Tobin Harrow.",
    "Today the Quenmoor Orchard covers 305 hectares, of which 240 hectares are under apple trees; the rest is woodland."])
PRESS = ("Quenmoor Orchard: Press Kit 2020", ["The orchard covers 305 hectares and employs 410 pickers."])
RECORD = ("Quenmoor Orchard", [
    "Quenmoor Orchard: area 305 ha.", "Quenmoor Orchard: founded 1881.",
    "Quenmoor Orchard is a hill orchard of 305 hectares in the Brinn valley, managed by Ada Vell."])
FORUM = ('Forum: Orchard Walkers > Trip reports > "Quenmoor, finally!"', [
    "Just back from the Brinn valley.",
    "The guide told us the orchard covers 480 hectares and produced over 900 tonnes of apples last year."])


def _pages() -> tuple[list[VerifiedClaim], dict[str, SourceInfo]]:
    claims, sources = listed_claims({"forum": FORUM, "history": HISTORY, "press": PRESS, "record": RECORD})
    sources["forum"] = sources["forum"].model_copy(update={"kind": "blog"})
    return claims, sources


def test_a_posts_hearsay_count_does_not_lead_over_pages() -> None:
    claims, sources = _pages()
    report = synthesize("How many hectares does the Quenmoor Orchard cover?", claims, sources)
    first = lead_section(report.markdown).split("\n")[0]
    assert "480" not in first and "305 hectares" in first, first


def test_a_present_adverb_is_no_part_of_the_opening_name() -> None:
    claims, _sources = listed_claims({"history": HISTORY})
    assert _opening_words(claims[1]) == ["quenmoor", "orchard"]
    claims, _sources = listed_claims({"p": ("P", ["Currently, the Quenmoor Orchard employs 410 pickers."])})
    assert _opening_words(claims[0]) == ["quenmoor", "orchard"]

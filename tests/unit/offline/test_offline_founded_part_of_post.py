"""Task h157 (trial t75w q25/q28): "When was <X> founded?" was led by a forum post's "The grandstand was founded in
1874" (its "It" resolved to the part the sentence before named last) over four pages giving the asked thing's
founding year. A sentence dating another thing it describes by words neither the question nor its page's subject
gives (``services.synthesizer.offline._described_other``) dates no start of the asked thing: when it is the only
sentence stating the asked verb of the asked thing, it does not lead. Invented names (the Bramlow Downs showground); as in the trial, the pages writing the longer name
"Bramlow Downs Showground" read as about another thing while "Downs" is no key word, so the part's sentence was the
only one stating "founded" of the asked thing."""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from shared.report import lead_section
from tests.claim_pages import listed_claims

PAGES = {
    "hi": ("History of Bramlow Downs Showground", [
        "Bramlow Downs Showground lies on the edge of Marby.",
        "Bramlow Downs Showground was founded in 1851 by the Marby Agricultural Society."]),
    "gd": ("Bramlow Downs Showground: visitor guide", [
        "Fact Location: Bramlow Downs Showground Marby.",
        "Fact Founded: Bramlow Downs Showground 1851."]),
    "de": ("Bramlow Downs: Geschichte", [
        "Der Schauplatz Bramlow Downs wurde 1851 gegründet."]),
    "fo": ("Forum: Bramlow Downs facts thread", [
        "Posted by ringside_77 on 2025-04-02:",
        "Bramlow Downs Showground has a 900 metre ring, and the grandstand holds 12,000.",
        "The grandstand was founded in 1893."]),
}
CLAIMS, SOURCES = listed_claims(PAGES)
SOURCES["fo"] = SOURCES["fo"].model_copy(update={"kind": "forum", "published": "2025-04-02"})


def test_a_parts_founding_in_a_post_does_not_lead() -> None:
    lead = lead_section(synthesize("When was Bramlow Downs founded?", CLAIMS, SOURCES).markdown)
    assert "1851" in lead.split(" [")[0] and not lead.startswith("The grandstand"), lead


LOOK_ALIKE_PAGES = {
    **PAGES,
    "cmp": ("Bramlow Downs vs Bramlow Park: two showgrounds compared", [
        "Bramlow Downs Showground: town Marby, founded 1851, ring length 900 m.",
        "Bramlow Park Showground: town Elsby, founded 1921, ring length 700 m."]),
}


def test_a_look_alikes_row_does_not_lead_when_the_part_is_set_aside() -> None:
    """The look-alike "Bramlow Park Showground"'s row states "founded" too: with the post's part set aside, it is no
    start of Bramlow Downs either, and the asked thing's own sentence leads."""
    claims, sources = listed_claims(LOOK_ALIKE_PAGES)
    sources["fo"] = sources["fo"].model_copy(update={"kind": "forum", "published": "2025-04-02"})
    lead = lead_section(synthesize("When was Bramlow Downs founded?", claims, sources).markdown)
    assert "1851" in lead.split(" [")[0] and "1921" not in lead, lead

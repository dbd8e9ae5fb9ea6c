"""Task h105 (names invented): a sentence whose subject is a part or a description ("The West Face (ED) was first
climbed in 1946.") and that names no asked name belongs to its page's thing. On the page of another named thing that
shares a word with the asked one (the page "Kestrel Horn" for "When was Kestrel Spire first climbed?") it is that
thing's: it never leads, and when it opens a lead the gate holds the lead back, though a second lead sentence names
the asked thing.
"""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import of_page_other
from shared.evidence import Citation, Report
from shared.report import lead_section
from tests.claim_pages import listed_claims, listed_lead, recorded_report

HORN = ("Kestrel Horn", [
    "Kestrel Horn is a mountain in the Ormand Range.",
    "The first ascent was made on 9 July 1874 by Ewan Lidgate and the guide Anton Farr by the east ridge.",
    "The normal route, the East Ridge (AD), takes 5 to 7 hours from the Kestrel Hut.",
    "The West Face (ED) was first climbed in 1946.",
    "Kestrel Horn's neighbour, Kestrel Spire (3,512 m), lies 2 km to the north.",
])
SPIRE = ("Kestrel Spire", [
    "Kestrel Spire is a mountain in the Ormand Range, 2 km north of Kestrel Horn.",
    "Kestrel Spire is 3,512 metres (11,522 ft) high.",
    "The first climb of Kestrel Spire was made on 4 August 1868 by Hugh Penrose and the guide Karl Imbach.",
])
Q = "When was Kestrel Spire first climbed?"


def test_a_part_of_the_page_thing_is_that_things() -> None:
    assert of_page_other(Q, "The West Face (ED) was first climbed in 1946.", "Kestrel Horn")
    assert of_page_other(Q, "The first ascent was made on 9 July 1874.", "Kestrel Horn")
    # it names the asked one's own word, or the page is the asked one's, or the question names the page's thing
    assert not of_page_other(Q, "The neighbouring spire was first climbed in 1868.", "Kestrel Horn")
    assert not of_page_other(Q, "The West Face was first climbed in 1946.", "Kestrel Spire")
    assert not of_page_other(Q, "The West Face was first climbed in 1946.", "Kestrel Spire facts")
    assert not of_page_other("When was Kestrel first climbed?", "The West Face was first climbed in 1946.",
                             "Kestrel Horn")
    assert not of_page_other("Which is higher, Kestrel Horn or Kestrel Spire?", "It is 3,960 m high.",
                             "Kestrel Horn")
    # a title's place after a comma says where its thing is; a name built on another first word is no look-alike
    assert not of_page_other("What heritage site is listed at Tarran Cove Australia?",
                             "Originally known as Round Knoll, the name was changed in 1970.", "Tarran Cove, Queensland")
    assert not of_page_other(Q, "The West Face was first climbed in 1946.", "Ormand Kestrel")
    # a page that is no name, or a thing the question describes ("the hut below ..."), is none
    assert not of_page_other(Q, "The West Face was first climbed in 1946.", "My climb of Kestrel Horn")
    assert not of_page_other("Who built the hut below Kestrel Spire?", "The hut was built in 1890 by the club.",
                             "Kestrel Hut")
    assert not of_page_other("Who founded the company that makes the Kestrel Spire?",
                             "The company was founded in 1890.", "Kestrel Motors")


def test_the_other_peaks_part_never_leads() -> None:
    claims, sources = listed_claims({"a": HORN, "b": SPIRE})
    rep, gate, _answered, _total = recorded_report(Q, claims, sources)
    assert lead_section(rep.markdown) == ("The first climb of Kestrel Spire was made on 4 August 1868 by Hugh Penrose "
                                          "and the guide Karl Imbach [1].")
    assert gate.tier == "high"
    # said as an ascent, the asked peak's sentence still leads alone (not after the other peak's part)
    ascent = ("Kestrel Spire", [*SPIRE[1][:2], "The first ascent of Kestrel Spire was made on 4 August 1868 by Hugh "
                                               "Penrose and the guide Karl Imbach."])
    assert listed_lead(Q, {"a": HORN, "b": ascent}) == (
        "The first ascent of Kestrel Spire was made on 4 August 1868 by Hugh Penrose and the guide Karl Imbach [1].")


def test_a_lead_opening_with_the_other_peaks_part_is_held_back() -> None:
    claims, sources = listed_claims({"a": HORN, "b": SPIRE})
    by_text = {c.text: c for c in claims}
    face = by_text["The West Face (ED) was first climbed in 1946."]
    first = by_text["The first climb of Kestrel Spire was made on 4 August 1868 by Hugh Penrose and the guide Karl "
                    "Imbach."]
    cites = [Citation(n=n, source_id=c.source_id, claim_id=c.claim_id, start=c.spans[0].start, end=c.spans[0].end,
                      quote=c.spans[0].text) for n, c in ((1, face), (2, first))]
    md = (f"# {Q}\n\n## Answer\n\nThe West Face (ED) was first climbed in 1946 [1]. The first climb of Kestrel Spire "
          "was made on 4 August 1868 by Hugh Penrose and the guide Karl Imbach [2].\n\n## Sources\n\n"
          "- [1] Kestrel Horn — /a\n- [2] Kestrel Spire — /b\n")
    rep = Report(markdown=md, citations=cites, used_claim_ids=[face.claim_id, first.claim_id])
    gate = report_gate(Q, rep, sources, claims)
    assert gate.tier == "low"
    assert gate.signals.get("page_other") == 1.0
    # the same two sentences the other way round answer it
    md2 = (f"# {Q}\n\n## Answer\n\nThe first climb of Kestrel Spire was made on 4 August 1868 by Hugh Penrose and the "
           "guide Karl Imbach [1]. The West Face (ED) was first climbed in 1946 [2].\n\n## Sources\n\n"
           "- [1] Kestrel Spire — /b\n- [2] Kestrel Horn — /a\n")
    cites2 = [c.model_copy(update={"n": 3 - c.n}) for c in cites]
    gate2 = report_gate(Q, Report(markdown=md2, citations=cites2, used_claim_ids=rep.used_claim_ids), sources, claims)
    assert "page_other" not in gate2.signals

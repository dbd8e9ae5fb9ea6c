"""Task h107 (names invented): a sentence whose subject is a part of a thing (a definite description by a part noun:
"The South Buttress (TD) was first climbed in 1958.", "Brannock Tor's south buttress was first climbed ...", "In
1480 the west tower was added") states that part's event, not the whole's: it never leads a question about the
whole, and a lead opening with it is held back. When the question asks the part, the part's sentence answers it; a
part's state ("The spire is 61 metres tall") is left as before.
"""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from shared.evidence import Citation, Report
from shared.report import lead_section
from shared.text.terms import part_subject
from tests.claim_pages import listed_claims, listed_lead, recorded_report

Q = "When was Brannock Tor first climbed?"
FACE = "The South Buttress (TD) was first climbed in 1958."
WHOLE = "Brannock Tor was first climbed in 1872 by Lisa Ormerod and the guide Peter Kamm."
TOR = ("Brannock Tor", ["Brannock Tor is a peak in the Velden Hills.", FACE, WHOLE,
                        "The usual way up takes 4 hours from the Velden Hut."])
TOR_PART_ONLY = ("Brannock Tor", ["Brannock Tor is a peak in the Velden Hills.", FACE,
                                  "The usual way up takes 4 hours from the Velden Hut."])
POSSESSIVE = ("Brannock Tor", ["Brannock Tor is a peak in the Velden Hills.",
                               "Brannock Tor's south buttress was first climbed in 1958 by Anna Lisk.",
                               "The usual way up takes 4 hours from the Velden Hut."])
PRIORY = ("Ostrey Priory", ["Ostrey Priory is a ruined church in the village of Danby Cross.",
                            "The west tower was built in 1480.", "The spire is 61 metres tall."])


def test_a_part_subject_states_the_parts_event() -> None:
    assert part_subject(FACE, Q)
    assert part_subject("Brannock Tor's south buttress was first climbed in 1958.", Q)
    assert part_subject("The south buttress of Brannock Tor was first climbed in 1958.", Q)
    assert part_subject("The first ascent of the south buttress was made in 1958.", Q)
    assert part_subject("In 1480 the west tower was added.", "When was Ostrey Priory built?")
    assert part_subject("Its nave was rebuilt in 1410.", "When was Ostrey Priory built?")
    # the question asks the part, or the whole is of the part's kind, or the whole itself is the subject
    assert not part_subject(FACE, "When was the South Buttress of Brannock Tor first climbed?")
    assert not part_subject("The west tower was built in 1480.", "When was Ostrey Tower built?")
    assert not part_subject(WHOLE, Q)
    # a noun that may name the whole needs a word telling which part; a state is no event
    assert not part_subject("The tower was built in 1856.", "When was Skerra Lighthouse built?")
    assert not part_subject("The present tower was built in 1856.", "When was Skerra Lighthouse built?")
    assert not part_subject("The spire is 61 metres tall.", "How tall is Ostrey Priory?")
    assert not part_subject("The mountain faces north across the valley.", Q)
    assert not part_subject(FACE, "When was the first ascent made?")  # no name asked


def test_the_wholes_own_sentence_leads_not_the_parts() -> None:
    claims, sources = listed_claims({"a": TOR})
    rep, gate, _answered, _total = recorded_report(Q, claims, sources)
    assert lead_section(rep.markdown) == (
        "Brannock Tor was first climbed in 1872 by Lisa Ormerod and the guide Peter Kamm [1].")
    assert gate.tier == "high"


def test_only_a_parts_event_leaves_the_whole_unanswered() -> None:
    for page in (TOR_PART_ONLY, POSSESSIVE):
        claims, sources = listed_claims({"a": page})
        rep, gate, _answered, _total = recorded_report(Q, claims, sources)
        assert lead_section(rep.markdown).startswith("Not established"), page
        assert gate.tier == "low", page
    claims, sources = listed_claims({"a": PRIORY})
    rep, gate, _answered, _total = recorded_report("When was Ostrey Priory built?", claims, sources)
    assert lead_section(rep.markdown).startswith("Not established")
    assert gate.tier == "low"


def test_the_part_asked_is_answered_by_its_sentence() -> None:
    claims, sources = listed_claims({"a": POSSESSIVE})
    rep, gate, _answered, _total = recorded_report("When was the south buttress of Brannock Tor first climbed?",
                                                   claims, sources)
    assert lead_section(rep.markdown) == "Brannock Tor's south buttress was first climbed in 1958 by Anna Lisk [1]."
    assert gate.tier == "high"
    assert listed_lead("When was the west tower of Ostrey Priory built?", {"a": PRIORY}) == (
        "The west tower was built in 1480 [1].")
    # a part's figure, said as the part's, is left as it was
    assert listed_lead("How tall is Ostrey Priory?", {"a": PRIORY}) == "The spire is 61 metres tall [1]."


def test_a_lead_opening_with_a_parts_event_is_held_back() -> None:
    claims, sources = listed_claims({"a": TOR_PART_ONLY})
    face = next(c for c in claims if c.text == FACE)
    cite = Citation(n=1, source_id=face.source_id, claim_id=face.claim_id, start=face.spans[0].start,
                    end=face.spans[0].end, quote=face.spans[0].text)
    md = (f"# {Q}\n\n## Answer\n\nThe South Buttress (TD) was first climbed in 1958 [1].\n\n## Sources\n\n"
          "- [1] Brannock Tor — /a\n")
    gate = report_gate(Q, Report(markdown=md, citations=[cite], used_claim_ids=[face.claim_id]), sources, claims)
    assert gate.tier == "low"

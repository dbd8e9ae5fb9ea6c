"""A question naming its subject by the role that person holds for a named thing ("Where was the founder of the
Korvanne Glassworks born?") is a two-hop question: the first hop is the sentence stating who holds the role
("founded in 1874 by ... Aurel Dunmore"), the second that person's sentence stating the relation asked ("Aurel
Dunmore was born ... in Pellbrook"). The lead gives both, each cited from its page; a "related finding" in a lead
that could not establish the answer is about the role holder, never another person's value of the relation asked
(the museum director's birthplace). Issue 9, trial t42 fault F3."""

from __future__ import annotations

from services.judge.offline import UNANSWERED_MAX
from services.synthesizer.confidence import MEDIUM_THRESHOLD, bears_on, described_relations, other_holder
from shared.report import lead_section
from shared.text.relations import role_bridge
from tests.claim_pages import listed_claims, recorded_report

# sentences of the t42 corpus (/tmp/t42-corpus: history.md, dunmore-biography.md, museum.md), one claim each
HISTORY = ("A Short History of the Korvanne Glassworks", [
    "The Korvanne Glassworks was founded in 1874 by the industrialist Aurel Dunmore on the east bank of the river "
    "Sella, just outside the market town of Korvanne.",
    "For almost ninety years the works made mainly window glass.",
    "The works did not close: under the management of Marta Dunmore, the founder's granddaughter, it turned to "
    "hand-blown art glass, tableware and lamp shades.",
    "The Korvanne Glassworks should not be confused with the Korvanne Glass Museum in the old customs house on the "
    "market square, which is run by the town council and is a separate institution.",
])
BIOGRAPHY = ("Aurel Dunmore (1839-1911)", [
    "Aurel Dunmore was an industrialist and local politician.",
    "Aurel Dunmore was born on 4 May 1839 in Pellbrook, a small farming village in the Ashen Hills, the third of "
    "five children of a miller.",
    "Aurel Dunmore died in Korvanne on 19 January 1911 and is buried in the churchyard of St Aldric.",
])
MUSEUM = ("Korvanne Glass Museum", [
    "The Korvanne Glass Museum opened in 1988 in the former customs house on the market square of Korvanne.",
    "The Korvanne Glass Museum's director since 2016 is Petra Olmstead, an art historian born in Galloway Reach.",
    "The museum received 8,900 visitors in 2023.",
])
QUESTION = "Where was the founder of the Korvanne Glassworks born?"


def test_role_bridge_reads_the_role_the_thing_and_the_relation_asked() -> None:
    assert role_bridge(QUESTION) == ("founder", "Korvanne Glassworks", "born")
    assert role_bridge("When did the architect of the Harrow Exchange die?") == ("architect", "Harrow Exchange", "die")
    assert role_bridge("Where was the director of the Tarn Film Archive born?") == (
        "director", "Tarn Film Archive", "born")
    assert role_bridge("Who was the founder of the Korvanne Glassworks?") is None  # one hop: the holder is the answer
    assert role_bridge("Where was Aurel Dunmore born?") is None  # named, not described by a role
    # "birthplace" is no role a person holds: "the birthplace of X" is another kind of bridge
    assert role_bridge("In what year was the birthplace of Ilse Varga founded?") is None
    assert described_relations(QUESTION) == ("founder", "born")


def test_other_holder_is_another_persons_value_of_the_relation_asked() -> None:
    petra = MUSEUM[1][1]
    founded = HISTORY[1][0]
    born = BIOGRAPHY[1][1]
    assert other_holder(QUESTION, f"{petra} [1]")
    assert not other_holder(QUESTION, f"{founded} [1]")  # the first hop itself
    assert not other_holder(QUESTION, f"{born} [2]", ["Aurel Dunmore"])  # the holder the lead named
    assert other_holder(QUESTION, f"{petra} [1]", ["Aurel Dunmore", "Korvanne"])  # the thing's word is no holder
    assert other_holder(QUESTION, f"{born} [2]")  # no lead sentence says he is the founder
    assert not other_holder("Where was Aurel Dunmore born?", f"{petra} [1]")  # no role asked: not this rule's
    assert not bears_on(QUESTION, f"{petra} [1]")
    assert bears_on(QUESTION, f"{founded} [1]")


def test_the_lead_bridges_through_the_founding_sentence_to_the_founders_birthplace() -> None:
    claims, sources = listed_claims({"h": HISTORY, "b": BIOGRAPHY, "m": MUSEUM})
    rep, gate, answered, total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert "Pellbrook" in lead and "founded in 1874 by the industrialist Aurel Dunmore" in lead
    assert "Galloway Reach" not in lead and "Not established" not in lead
    cited = {c.source_id for c in rep.citations if f"[{c.n}]" in lead}
    assert cited == {"h", "b"}  # the bridge and the answer, each from its own page
    assert lead.index("Pellbrook") < lead.index("founded in 1874")  # the answer first, the bridge after it
    # nor is the museum director's birthplace a finding about the founder ("Korvanne" of the lead names no holder)
    assert "Galloway Reach" not in rep.markdown
    assert gate.tier != "low" and gate.score >= MEDIUM_THRESHOLD
    assert answered and total > UNANSWERED_MAX


def test_without_the_founders_page_the_related_finding_is_the_founding_not_another_birthplace() -> None:
    claims, sources = listed_claims({"h": HISTORY, "m": MUSEUM})
    rep, gate, answered, total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Not established") and gate.tier == "low"
    assert "Galloway Reach" not in lead and "Petra Olmstead" not in lead
    assert "Aurel Dunmore" in lead  # the first hop: who the founder is
    assert "granddaughter" not in lead  # the founder's kin is no founder
    assert not answered and total <= UNANSWERED_MAX


def test_another_role_and_relation_bridge_the_same_way() -> None:
    pages = {
        "x": ("The Harrow Exchange", [
            "The Harrow Exchange was designed in 1902 by the architect Edda Vranck.",
            "The Exchange's caretaker, Jon Pell, died in 1950 in Harrow.",
        ]),
        "v": ("Edda Vranck", [
            "Edda Vranck trained in Lisle and Ostend.",
            "Edda Vranck died in 1931 in Lisle.",
        ]),
    }
    claims, sources = listed_claims(pages)
    question = "When did the architect of the Harrow Exchange die?"
    rep, gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert "1931" in lead and "Edda Vranck" in lead and "1950" not in lead
    assert gate.score >= MEDIUM_THRESHOLD and answered

"""Trial t54 fault 1 (the pages here are invented): a sentence opening with an actor who acts on its page's subject
("The contractor Hallam & Pike Ltd built it ...", "The miller Ada Rusk ... designed the weir, which was opened on
...") is about that subject, so the look-alike rule ("Old Varrow Lock" is another thing than "Varrow Lock") keeps
the older thing's date from disputing the asked one's (``shared.text.reference.acts_on`` / ``subject_nouns``,
``services.synthesizer.offline._subject_words``)."""

from __future__ import annotations

from services.synthesizer.offline import find_disagreements, select_lead
from shared.text.reference import acts_on, subject_nouns
from tests.claim_pages import local_claim, local_source, noted_report

TITLES = {"new": "Varrow Lock", "old": "Old Varrow Lock", "news": "Varrow lock-keeper's cottage closes for repairs"}
SOURCES = {sid: local_source(sid, title) for sid, title in TITLES.items()}
OPENED = ("The contractor Hallam & Pike Ltd built it between 1931 and 1934, and the lock was opened on "
          "9 September 1934.")
CLAIMS = [
    local_claim("n1", "new", "The Varrow Lock is a concrete ship lock on the river Varrow near Osterby."),
    local_claim("n2", "new", OPENED),
    local_claim("n3", "new", "The engineer Ilse Marrot designed the lock in 1929."),
    local_claim("n4", "new", "The rising water covered the much smaller Old Varrow Lock (see Old Varrow Lock)."),
    local_claim("o1", "old", "The Old Varrow Lock was a timber staunch on the river Varrow, upstream of the Varrow "
                             "Lock."),
    local_claim("o2", "old", "The miller Ada Rusk founded the Varrow Staunch Company and designed the staunch, "
                             "which was opened on 2 April 1887."),
    # a news page sharing the question's verb alone, in the present: the opening sentence ranks far below it
    local_claim("w1", "news", "The towpath, the cafe and the Varrow Lock shop stay open."),
    local_claim("w2", "news", "The cottage at the Varrow Lock closed to visitors on 3 March 2025 for repairs."),
    local_claim("w3", "news", "The canal trust said the repairs would cost about €90,000."),
]


def test_an_actor_acting_on_the_page_subject() -> None:
    nouns = subject_nouns("Old Varrow Lock", [c.text for c in CLAIMS if c.source_id == "old"])
    assert nouns == {"lock", "staunch"}
    assert acts_on(CLAIMS[5].text, "Ada Rusk", nouns)
    assert acts_on(OPENED, "Hallam & Pike Ltd", frozenset({"lock"}))
    assert not acts_on("Ada Rusk founded the Varrow Staunch Company in 1880 and it opened a mill.", "Ada Rusk",
                       nouns)
    assert not acts_on("Ada Rusk married the miller's daughter in 1880.", "Ada Rusk", nouns)


def test_the_look_alikes_opening_date_is_no_dispute() -> None:
    assert find_disagreements(CLAIMS[:6], TITLES) == []
    for question in ("When did the Varrow Lock open?", "When was the Varrow Lock inaugurated?"):
        report, gate = noted_report(question, CLAIMS, SOURCES)
        lead = report.markdown.split("## Answer", 1)[1].split("\n\n")[1]
        assert lead == OPENED[:-1] + " [1].", report.markdown
        assert gate.tier in ("medium", "high"), (gate.score, gate.signals)


def test_the_past_event_leads_from_under_the_floor() -> None:
    # ranked far below a sentence sharing the question's verb alone, in the present ("stay open"), the sentence
    # giving the lock's opening in the past with its date still leads "When did the Varrow Lock open?"
    scores = [0.07] * len(CLAIMS)
    stay = next(i for i, c in enumerate(CLAIMS) if "stay open" in c.text)
    scores[stay] = 1.0
    picked = select_lead("When did the Varrow Lock open?", CLAIMS, scores, SOURCES)
    assert [CLAIMS[i].text for i in picked] == [OPENED], [CLAIMS[i].text for i in picked]

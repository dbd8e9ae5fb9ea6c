"""A lead whose only sentence stating the who / when / where asked states it of another named thing does not answer
(trial t32 probes: "Who designed the Temperate House?" led "The Palm House was designed by the architect Edda Vranck"
at high 0.91 / judge 97; "When was the seed bank founded?" led "The Osterby Botanic Garden was established in 1902" at
high 0.92). The thing asked is a name or a common noun phrase ("the seed bank"); a sentence about it, however it
opens, and a sentence opening with who acted on it, still answer (issue 9)."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import others_subject_lead
from shared.report import lead_section, says_not_established
from shared.text.answer import relation_noun
from tests.claim_pages import listed_claims, recorded_report


@pytest.mark.parametrize(("question", "lead"), [
    ("Who designed the Lantern Pavilion?", "The Reed Pavilion was designed by the engineer Iver Saltholm [1]."),
    ("Who built the Lantern Pavilion?", "The Reed Pavilion, on the lake shore, was built by Iver Saltholm in 1904 [1]. "
                                        "The Lantern Pavilion stands beside the east gate [2]."),
    ("When was the Lantern Pavilion built?", "The Reed Pavilion was built in 1904 [1]."),
    ("In what year was the Lantern Pavilion opened?", "The Reed Pavilion opened in 1904 [1]."),
    ("Where was the Lantern Pavilion built?", "The Reed Pavilion was built in Harrowby [1]."),
    ("When was the Tarrow Choir formed?", "The Vellmoor Brass Band was formed in 1921 [1]."),
    # a common noun phrase: a named thing whose name says another kind of thing
    ("When was the seed bank founded?", "The Halder Botanic Garden was established in 1902 by Ruth Imsen [1]."),
    ("In what year was the tide mill set up?", "The Quayside Museum was founded in 1931 [1]."),
    ("Who founded the reading room?", "The Tarrow Sailing Club was founded in 1890 by Ansel Pike [1]."),
    # an English question over a German page: another house's designer
    ("Who designed the Palm House?", "Das Farnhaus wurde von Iver Saltholm entworfen [1]."),
])
def test_a_lead_stating_the_relation_of_another_named_thing_is_held_back(question: str, lead: str) -> None:
    assert others_subject_lead(question, lead)


@pytest.mark.parametrize(("question", "lead"), [
    ("Who designed the Lantern Pavilion?", "The Lantern Pavilion was designed by the engineer Iver Saltholm [1]."),
    ("Who designed the Lantern Pavilion?", "Iver Saltholm designed the pavilion in 1904 [1]."),  # who did it opens
    ("Who designed the Lantern Pavilion?", "Iver Saltholm designed the Lantern Pavilion in 1904 [1]."),
    ("When was Corvex founded?", "Ada Brisk founded the company in 1975 [1]."),  # the agent; the thing by its kind
    ("When was the Harlowe Canal Company founded?", "Harlowe Canal Co. was founded in 1851 [1]."),  # its own name
    ("When was the Lantern Pavilion built?", "It was built in 1904 to a design by Iver Saltholm [1]."),
    ("When was the Lantern Pavilion built?", "The Reed Pavilion was built in 1904 [1]. "
                                            "The Lantern Pavilion was built in 1911 [2]."),  # one about it answers
    # a common noun phrase: the sentence writes it, or the name ending the sentence's opening is of its kind, or a
    # name that does not say its kind
    ("When was the seed bank founded?", "The Halder Botanic Garden opened its seed bank in 1998 [1]."),
    ("When was the garden founded?", "The Halder Botanic Garden was founded in 1847 [1]."),
    ("When was the company founded?", "Corvex was founded in 1975 [1]."),
    # the thing asked written in another language: the German or French page's sentence is about it
    ("Who designed the Palm House?", "Das Palmenhaus wurde von Iver Saltholm entworfen [1]."),
    ("When was the seed bank founded?", "Die Samenbank des Botanischen Gartens Halder wurde 1998 gegründet [1]."),
    ("When was the seed bank founded?", "La banque de graines du jardin Halder a été fondée en 1998 [1]."),
    # the relation of a thing the question describes (the bridge), or no relation stated: other rules judge those
    ("Who founded the company that makes Brisk Tea?", "The Corvex Group was founded by Ada Brisk [1]."),
    ("Who designed the Lantern Pavilion?", "The Reed Pavilion stands by the lake; Iver Saltholm walked there [1]."),
    # figures are others_figure_lead's; questions in other languages name no relation this rule reads
    ("How tall is the Lantern Pavilion?", "The Reed Pavilion is 21 m tall [1]."),
    ("Wer entwarf den Laternenpavillon?", "Der Schilfpavillon wurde von Iver Saltholm entworfen [1]."),
])
def test_a_lead_about_the_thing_asked_or_its_agent_answers(question: str, lead: str) -> None:
    assert not others_subject_lead(question, lead)


@pytest.mark.parametrize(("question", "noun"), [
    ("When was the seed bank founded?", "seed bank"),
    ("In what year was the seed bank set up?", "seed bank"),
    ("Who designed the glasshouse?", "glasshouse"),
    ("When did the museum open?", "museum"),
    ("Who designed the Lantern Pavilion?", None),  # a name: relation_subject's
    ("Who started the botanic garden in Oskerby?", None),  # more follows the phrase
    ("Who set up the Harl Ridge brewery?", None),  # a name's kind noun: the thing is named
    ("When was the town where Ann Lee was born founded?", None),  # the bridge
])
def test_the_common_noun_phrase_whose_relation_is_asked(question: str, noun: str | None) -> None:
    assert relation_noun(question) == noun


PAGES = {
    "g": ("Glasshouses of Halder", ["The Reed Pavilion was designed by the engineer Iver Saltholm in 1902.",
                                    "The Lantern Pavilion, built in 1911, shelters tree ferns and cycads."]),
    "s": ("Saltholm", ["Iver Saltholm was an engineer from the port of Harrowby."]),
}


def test_the_report_says_not_established_for_the_other_things_designer() -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, answered, total = recorded_report("Who designed the Lantern Pavilion?", claims, sources)
    lead = lead_section(rep.markdown)
    assert says_not_established(lead) and gate.tier == "low" and not answered and total <= 60, (lead, gate.score)


def test_the_report_answers_for_the_things_own_designer() -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, answered, _total = recorded_report("Who designed the Reed Pavilion?", claims, sources)
    lead = lead_section(rep.markdown)
    assert "Iver Saltholm" in lead and not says_not_established(lead) and answered, (lead, gate.score)

"""A lead's further sentences are about the thing asked: a page saying its subject is no part of it is about
another thing (issue 9, trial t51 F8). "Who was responsible for the design of the Brenvale Lace-Making Museum's conversion?"
is answered by the museum's architect; the "Old Brenvale Lace Mill", whose page says "Old Brenvale Lace Mill is not part of the
Brenvale Lace-Making Museum", shares only the town's word with it (no look-alike of the asked name by words before it,
``shared.text.terms.names_prefixed_other``), but its designer never joins the lead, though its denial names the lead's
page; nor does that page's designer count as a rival answer for the confidence gate, and the judge reads a lead
sentence opening with that other mill as about another subject (``shared.text.terms.disowns``,
``services.synthesizer.offline.disowned_claims``, ``shared.text.terms.opens_other_kind``)."""

from __future__ import annotations

import pytest

from services.judge.offline import off_subject
from shared.report import lead_section
from shared.text.terms import disowns, opens_other_kind, plain_names
from tests.claim_pages import page_set, recorded_report

PAGES = {
    "museum": ("Brenvale Lace-Making Museum",
               "The Brenvale Lace-Making Museum is a museum of lace production and hand-frame knitting in Brenvale, a "
               "town in the Tove valley in northern Italy. "
               "The Brenvale Lace-Making Museum occupies the former Orsini lace mill on the right bank of the river "
               "Tove and was opened to the public on 3 June 1991. "
               "The mill building was erected in 1868 by the lace merchant Pietro Orsini and produced lace collars "
               "until its closure in 1972. "
               "The conversion of the mill into a museum was the work of the architect Dario Venn, who kept the "
               "original cast-iron columns and the drying loft. "
               "The Brenvale Lace-Making Museum is closed every Monday."),
    "old": ("Old Brenvale Lace Mill",
            "The Old Brenvale Lace Mill is a ruined lace mill about two kilometres upstream of Brenvale on the river "
            "Tove. "
            "Old Brenvale Lace Mill is not part of the Brenvale Lace-Making Museum. "
            "Old Brenvale Lace Mill was built in 1802 to designs by the engineer Aldo Rinn, who was responsible for "
            "its water wheel and its timber machines. "
            "The stone building is 38 metres long and had four floors. "
            "Old Brenvale Lace Mill burned down in 1899."),
}
_TITLES, _TEXTS, SOURCES, CLAIMS = page_set(PAGES)
QUESTION = "Who was responsible for the design of the Brenvale Lace-Making Museum's conversion?"


def test_the_other_mill_s_designer_never_joins_the_lead() -> None:
    rep, gate, answered, total = recorded_report(QUESTION, CLAIMS, SOURCES)
    lead = lead_section(rep.markdown)
    assert "Dario Venn" in lead and "Aldo Rinn" not in lead and "Old Brenvale" not in lead, lead
    assert gate.signals["f_margin"] > 0.0, gate.signals  # the other mill's page is no more relevant rival
    assert gate.tier != "low", (gate.signals, lead, total)


@pytest.mark.parametrize("text,question,denied", [
    ("Old Brenvale Lace Mill is not part of the Brenvale Lace-Making Museum.",
     QUESTION, True),
    ("The chapel does not belong to the Harl Abbey estate.", "When was the Harl Abbey estate founded?", True),
    ("The boat house is no longer part of the Harl Rowing Club.", "Who founded the Harl Rowing Club?", True),
    # the asked thing named before the denial: the sentence is about it
    ("The Brenvale Lace-Making Museum is not part of the Tove Valley Museums network.",
     QUESTION, False),
])
def test_disowns_no_part_of(text: str, question: str, denied: bool) -> None:
    assert disowns(text, question) is denied


def test_the_judge_reads_a_lead_sentence_about_the_other_mill_as_off_subject() -> None:
    lead = ("The conversion of the mill into a museum was the work of the architect Dario Venn [1]. Old Brenvale Lace "
            "Mill was built in 1802 to designs by the engineer Aldo Rinn, who was responsible for its water wheel [2].")
    assert off_subject(QUESTION, lead) == [lead.split("[1]. ", 1)[1]]
    bridge = ("The conversion of the mill into a museum was the work of the architect Dario Venn [1]. Dario Venn "
              "designed the Tove Valley Bridge in 1990 [2].")
    assert off_subject(QUESTION, bridge) == []


@pytest.mark.parametrize("text,other", [
    ("Old Brenvale Lace Mill was built in 1802.", True),
    ("The Brenvale Town Hall faces the museum.", True),
    ("The Brenvale Lace-Making Museum is closed every Monday.", False),  # the asked name itself
    ("Dario Venn was born in Lecco.", False),  # a person, sharing no word of the asked name
    ("In 1802 Old Brenvale Lace Mill was built.", False),  # no name opens it
])
def test_opens_other_kind(text: str, other: bool) -> None:
    assert opens_other_kind(plain_names(QUESTION), text) is other

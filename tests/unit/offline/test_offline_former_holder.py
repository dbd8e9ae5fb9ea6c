"""A "current <role>" question is led by the sentence giving the role to its present holder, not by a succession
whose subject is the former holder ("P served as warden from 1998 to 2021; he was succeeded by Q in 2021": the role
it states is P's) (task h102, trial t66 F2) (``services.synthesizer.offline.current_holder_lead``); a row labelled with
the role a who-question asks ("X: warden Q") names its holder (``shared.text.answer.answer_candidates``)."""

from __future__ import annotations

from shared.report import lead_section
from shared.text.answer import answer_candidates
from tests.claim_pages import listed_claims, listed_lead, noted_report

QUESTION = "Who is the current warden of the Fennick Moor Reserve?"
PAGES = {
    "enc": ("Fennick Moor Reserve", [
        "Fennick Moor Reserve has been run by a resident warden since 1971.",
        "Osric Pelham served as warden from 1994 to 2020; he was succeeded by Maren Dallow in May 2020.",
        "Fennick Moor Reserve: warden Maren Dallow."]),
    "faq": ("Fennick Moor - visitor questions", [
        "The moor is grazed by hardy ponies from October to March."]),
}


def test_the_sentence_giving_the_present_holder_the_role_leads() -> None:
    claims, sources = listed_claims(PAGES)
    report, gate = noted_report(QUESTION, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith("Fennick Moor Reserve: warden Maren Dallow [1]. Osric Pelham served as warden"), lead
    # answered (one page only: its confidence stays low), not held back as stating the role of nobody it names
    assert not {"relation_missing", "names_missing", "not_established"} & set(gate.signals), gate.signals
    assert gate.score > 0.5, gate.score


def test_a_succession_giving_the_successor_the_role_still_leads() -> None:
    pages = {"enc": ("Fennick Moor Reserve", [
        "Osric Pelham retired in 2020 and was succeeded by Maren Dallow as warden.",
        "Fennick Moor Reserve: warden Maren Dallow."])}
    assert listed_lead(QUESTION, pages).startswith("Osric Pelham retired in 2020 and was succeeded by Maren Dallow")


def test_a_row_labelled_with_the_asked_role_names_its_holder() -> None:
    question = "Who is the steward of the Fennick Moor Reserve?"
    assert answer_candidates("Fennick Moor Reserve: steward Maren Dallow.", "who", question) == ["Maren Dallow"]
    assert answer_candidates("Fennick Moor Reserve: status Open daily.", "who", question) == []

"""A finding about a look-alike of a name the question gives bears on nothing asked: "Who founded the Vessby Rose
Garden?" lists no sentence about the Vestby Rose Garden in its Findings, neither one naming it nor one of its page
that only says "the garden", while the lead names the asked one as the question spells it (issue 9, trial t32 fault
10: the Osterby Botanic Garden's founding was a finding of "Who founded the Oskerby Botanic Garden?";
``services.synthesizer.offline``: the findings' ``of_look_alike``). Pages made up here."""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from shared.report import lead_section
from tests.claim_pages import findings_of, listed_claims

PAGES = {
    "vessby": ("Vessby Rose Garden", [
        "The Vessby Rose Garden was founded in 1889 by the nurseryman Aron Pell.",
        "The Vessby Rose Garden covers four hectares on the south bank of the Vess.",
        "The Vessby Rose Garden is run by the town council."]),
    "vestby": ("Vestby Rose Garden", [
        "The Vestby Rose Garden was founded in 1931 by the gardener Lotte Brand as the teaching garden of Vestby "
        "College.",
        "The garden holds 400 kinds of roses."]),
}


def test_the_look_alikes_sentences_are_no_findings() -> None:
    claims, sources = listed_claims(PAGES)
    rep = synthesize("Who founded the Vessby Rose Garden?", claims, sources)
    lead, findings = lead_section(rep.markdown), findings_of(rep.markdown)
    assert "Aron Pell" in lead, lead
    assert "Vestby" not in findings and "Lotte Brand" not in findings and "1931" not in findings, rep.markdown
    assert "Vestby" not in lead and "400 kinds" not in findings, rep.markdown
    assert "four hectares" in findings or "town council" in findings, rep.markdown


def test_a_question_naming_both_keeps_both() -> None:
    # the question names the Vestby garden too: its sentences bear on it
    claims, sources = listed_claims(PAGES)
    rep = synthesize("Who founded the Vessby Rose Garden and the Vestby Rose Garden?", claims, sources)
    assert "Lotte Brand" in rep.markdown, rep.markdown

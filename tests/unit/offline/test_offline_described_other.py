"""A claim whose subject the page describes as an earlier or other thing ("Former iron lightship: designer ...", an
infobox caption over the rows of the thing the asked one replaced, or "The former iron lightship was designed by
...") states nothing of the thing asked: it does not lead, and a lead made of it is at most low
(``shared.text.terms.described_other``, ``services.synthesizer.offline`` lead choice,
``services.synthesizer.confidence.others_subject_lead``)."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.scraper.fetch._content import extract_html
from services.synthesizer.confidence import others_subject_lead
from shared.report import lead_section
from shared.text.terms import described_other
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "Who designed the Quillan Head Light?"
OPENING = ["The Quillan Head Light is a granite lighthouse on the northern point of the isle of Marrowby.",
           "The Quillan Head Light took the place of an iron lightship moored off the same point."]
PAGE = ("<!DOCTYPE html><html lang='en'><head><title>Quillan Head Light</title></head><body><article>"
        "<h1>Quillan Head Light</h1>" + "".join(f"<p>{s}</p>" for s in OPENING) +
        "<table><tr><th colspan=2>{caption}</th></tr>"
        "<tr><th>Designer</th><td>Hester Vanlow</td></tr><tr><th>Lit</th><td>1871</td></tr>"
        "<tr><th>Height</th><td>23 m</td></tr></table></article></body></html>")


def _page_texts(caption: str) -> list[str]:
    content = extract_html(PAGE.replace("{caption}", caption), "https://lights.example/wiki/Quillan_Head_Light")
    return [c.text for c in extract_claims(content.text, title=content.title)]


def _lead(texts: list[str]) -> tuple[str, str]:
    claims, sources = listed_claims({"a": ("Quillan Head Light", texts)})
    report, gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    return lead_section(report.markdown), gate.tier


def test_a_caption_of_the_former_thing_does_not_answer_for_the_asked_one() -> None:
    texts = _page_texts("Former iron lightship")
    assert "Former iron lightship: designer Hester Vanlow." in texts
    lead, tier = _lead(texts)
    assert lead.startswith("Not established: the person or group asked for.")
    assert tier == "low"


def test_the_former_thing_described_in_prose_does_not_answer_for_the_asked_one() -> None:
    lead, tier = _lead([*OPENING, "The former iron lightship was designed by Hester Vanlow."])
    assert lead.startswith("Not established: the person or group asked for.")
    assert tier == "low"


def test_a_caption_naming_the_asked_thing_still_answers() -> None:
    texts = _page_texts("Quillan Head Light")
    lead, tier = _lead(texts)
    assert lead.startswith("Quillan Head Light: designer Hester Vanlow [1].")
    assert tier == "high"


def test_which_subjects_are_described_as_another_thing() -> None:
    assert described_other("Former iron lightship: designer Hester Vanlow.", QUESTION)
    assert described_other("In 1850 the old lightship was designed by Hester Vanlow.", QUESTION)
    assert described_other("The original light was designed by Hester Vanlow.", QUESTION)
    # the asked name written whole, the asked thing's own design, a question asking of the old one itself
    assert not described_other("The former lightship keeper praised the Quillan Head Light.", QUESTION)
    assert not described_other("The original design was by Hester Vanlow.", QUESTION)
    assert not described_other("The former iron lightship was designed by Hester Vanlow.",
                               "Who designed the former lightship at Quillan Head?")
    assert not described_other("The tower was designed by Hester Vanlow.", QUESTION)
    # the gate: a lead of the former thing alone is another thing's answer
    assert others_subject_lead(QUESTION, "The former iron lightship was designed by Hester Vanlow [1].")
    assert not others_subject_lead(QUESTION, "The Quillan Head Light was designed by Hester Vanlow [1].")

"""A judge and a gate that can fail (issue 9): coverage asks whether the lead states an answer of the type asked,
for the relation asked about its subject, cited to a verified claim; a report of nearby facts that does not is
judged at most 60, its tier is low and it says plainly what was not established. Shapes of question and pages
made up here (no dev-set text)."""

from __future__ import annotations

import re

from services.judge.offline import UNANSWERED_MAX, stated_and_cited
from services.synthesizer.confidence import MEDIUM_THRESHOLD, Gate, relation_features, relation_missing
from shared.evidence import Report, VerifiedClaim
from shared.report import (
    NOT_ESTABLISHED,
    lead_section,
    missing_items,
    says_not_established,
    with_unanswered_note,
)
from shared.text.answer import asked_for, relation_terms
from tests.claim_pages import page_sources, recorded_report, sentence_claims

TEXTS = {
    "skarn": "The Skarn peninsula lies north of the town of Eldvik. The Skarn peninsula is the site of the Varnholt "
             "lighthouse. The painter Ilse Marrow lived on the Skarn peninsula from 1902 to 1931.",
    "varnholt": "The Varnholt lighthouse was designed by the engineer Ansgar Thole. The Varnholt lighthouse was first "
                "lit in 1871. Its lamp was replaced by an electric light in 1954.",
    "chapel": "The Orlen chapel, 14 metres tall, was consecrated in 1650. The Orlen chapel stands in the market "
              "square of Brisdal.",
    "bells": "There are 6 bells in the Orlen chapel, cast in Brisdal in 1712. The Orlen chapel stands in the market "
             "square of Brisdal.",
    "ferry": "The Telmark ferry was launched at Osby in 1932 and carried mail to the outer islands. The ferry's "
             "captain from 1932 to 1940 was Per Aalund.",
}
TITLES = {"skarn": "Skarn peninsula", "varnholt": "Varnholt lighthouse", "chapel": "Orlen chapel",
          "bells": "Orlen chapel bells", "ferry": "Telmark ferry"}
SOURCES = page_sources(TITLES, url="/corpus/{sid}.md", domain="{sid}.example")


def claims_of(*sids: str) -> list[VerifiedClaim]:
    """One supported claim per sentence of each page, its span the sentence."""
    return sentence_claims(TEXTS, *sids, domain="{sid}.example")


def written(question: str, claims: list[VerifiedClaim]) -> tuple[Report, Gate, bool, int]:
    """The report as the synthesizer records it (gate, then the note when unanswered) and the offline judge's
    verdict on it, as the judge's handler calls it."""
    return recorded_report(question, claims, SOURCES)


def test_nearby_facts_about_the_subject_without_the_person_asked_for_are_low_and_judged_at_most_60() -> None:
    # a lead naming the lighthouse but no designing ("The Skarn peninsula is the site of the Varnholt lighthouse")
    # states no answer to who designed it: the object of the asked verb alone is no relation (trial t23 F4)
    unsure, gate0, answered0, total0 = written("Who designed the lighthouse on the Skarn peninsula?", claims_of("skarn"))
    assert gate0.tier == "low" and not answered0 and total0 <= UNANSWERED_MAX
    assert gate0.signals["relation_missing"] == 1.0 and says_not_established(unsure.markdown)
    question = "Who designed Varnholt Lighthouse?"
    rep, gate, answered, total = written(question, claims_of("skarn"))  # the lighthouse's own page is missing
    assert gate.signals["relation_missing"] == 1.0  # names and places, nothing about who designed it
    assert gate.tier == "low" and gate.signals["answered"] < MEDIUM_THRESHOLD
    assert not answered and total <= UNANSWERED_MAX
    lead = lead_section(rep.markdown)
    assert lead.startswith(f"{NOT_ESTABLISHED}: the person or group asked for.")
    assert missing_items(rep.markdown)[0].startswith(f"{NOT_ESTABLISHED}: the person or group asked for")
    assert "[1]" in lead  # the nearby facts are still given, cited


def test_the_same_question_answered_by_the_page_it_leads_to_is_judged_above_60() -> None:
    question = "Who designed the lighthouse on the Skarn peninsula?"
    rep, gate, answered, total = written(question, claims_of("skarn", "varnholt"))
    assert "Ansgar Thole" in lead_section(rep.markdown)
    assert gate.tier != "low" and "relation_missing" not in gate.signals
    assert answered and total > UNANSWERED_MAX
    assert not says_not_established(rep.markdown) and NOT_ESTABLISHED not in rep.markdown


def test_a_count_of_something_else_is_no_answer_to_how_many() -> None:
    question = "How many bells are in the Orlen chapel?"
    rep, gate, answered, total = written(question, claims_of("chapel"))  # a height and a year, no bells
    assert gate.signals["f_count_named"] == 0.0 and gate.signals["relation_missing"] == 1.0
    assert gate.tier == "low" and not answered and total <= UNANSWERED_MAX
    assert lead_section(rep.markdown).startswith(f"{NOT_ESTABLISHED}: the number of bells asked for.")
    rep2, gate2, answered2, total2 = written(question, claims_of("bells"))
    assert "6 bells" in lead_section(rep2.markdown)
    assert gate2.signals["f_count_named"] == 1.0 and "relation_missing" not in gate2.signals
    assert answered2 and total2 > UNANSWERED_MAX


def test_a_date_of_another_event_states_no_answer_of_the_relation_asked() -> None:
    question = "When was the Telmark ferry retired?"
    assert relation_terms(question) == ["retired"]  # the verb after the subject; the ferry is what it is said of
    lead = "The Telmark ferry was launched at Osby in 1932 and carried mail to the outer islands [1]."
    f = relation_features(question, lead)
    assert f["relation"] == 0.0 and relation_missing(question, f)  # a year, about the ferry, but of its launch
    # a lead that says nothing of the relation at all
    f2 = relation_features("When did the painter Ilse Marrow die?", "The Skarn peninsula lies north of Eldvik in 1902 [1].")
    assert f2["relation"] == 0.0 and f2["relation_lead"] == 0.0
    assert relation_missing("When did the painter Ilse Marrow die?", f2)
    # a life span in brackets states a birth and a death without the words
    f3 = relation_features("When did the painter Ilse Marrow die?",
                           "Ilse Marrow (4 May 1870 – 2 June 1931) was a painter of the Skarn coast [1].")
    assert f3["relation"] == 1.0 and not relation_missing("When did the painter Ilse Marrow die?", f3)


def test_relation_terms_read_the_words_next_to_the_wh_phrase() -> None:
    assert relation_terms("Who was the creator of the comedy series in which Ona Vell plays a clerk?") == ["creator"]
    assert relation_terms("The orchestra that Ona Vell founded last toured on what date?")[0] == "toured"
    assert relation_terms("Ona Vell won what prize in 1990?") == ["won"]
    assert relation_terms("Who was born first, Ona Vell or Per Aalund?") == ["born"]
    assert relation_terms("What county is Orlen Abbey located in?") == []  # "located" says nothing
    assert relation_terms("") == []


def test_asked_for_names_the_thing_without_stating_an_answer() -> None:
    assert asked_for("Which Danish painter founded the Skarn school?") == "the Danish painter asked for"
    assert asked_for("How many bells does the Orlen chapel have?") == "the number of bells asked for"
    assert asked_for("When was the Telmark ferry retired?") == "the date asked for"
    assert asked_for("Where was Ilse Marrow born?") == "the place asked for"
    comparison = asked_for("Who was born first, Ona Vell or Per Aalund?")
    assert "Vell" not in comparison and "Aalund" not in comparison  # naming an option would read as the answer
    yes_no = asked_for("Is the Orlen chapel older than the Varnholt lighthouse?")
    assert not re.search(r"\b(?:yes|no)\b", yes_no, re.IGNORECASE)


def test_the_note_goes_before_the_sources_once_in_the_reports_language() -> None:
    md = ("# Q\n\n## Answer\n\nThe Orlen chapel stands in Brisdal [1].\n\n## What is missing\n\n- source failed: x\n\n"
          "## Sources\n\n- [1] Orlen chapel — /corpus/chapel.md\n")
    out = with_unanswered_note(md, "How many bells does the Orlen chapel have?")
    assert missing_items(out)[0].startswith(NOT_ESTABLISHED) and missing_items(out)[1] == "source failed: x"
    assert out.index("## What is missing") < out.index("## Sources") and out.count("## What is missing") == 1
    assert with_unanswered_note(out, "How many bells does the Orlen chapel have?") == out  # said once
    # a report in another language says it in that language (issue 9, trial t25 fault 4), and once
    de = ("# F\n\n## Antwort\n\nDie Kapelle steht in Brisdal [1].\n\n## Quellen\n\n- [1] Orlen — /corpus/c.md\n")
    out_de = with_unanswered_note(de, "Wie viele Glocken hat die Kapelle?", "de")
    assert lead_section(out_de).startswith("Nicht belegt: die Antwort auf diese Frage. Die Kapelle") \
        and says_not_established(out_de) and NOT_ESTABLISHED not in out_de, out_de
    assert out_de.index("## Was fehlt") < out_de.index("## Quellen")
    assert with_unanswered_note(out_de, "Wie viele Glocken hat die Kapelle?", "de") == out_de
    bare = with_unanswered_note("# Q\n\n## Answer\n\nNo verified evidence was found for this question.\n", "Who?")
    assert lead_section(bare) == "No verified evidence was found for this question." and says_not_established(bare)
    # a report with findings says they are related facts; one that cites nothing does not speak of findings
    assert "the findings are related facts" in missing_items(out)[0]
    assert "findings" not in missing_items(bare)[0] and missing_items(bare)[0].endswith("No verified claim states it.")


def test_the_judge_wants_the_sentence_stating_the_answer_to_cite_a_supported_claim() -> None:
    question = "Who designed the Varnholt lighthouse?"
    lead = "The Varnholt lighthouse stands on a cliff [1]. It was designed by Ansgar Thole."
    assert not stated_and_cited(question, lead, {1})  # the name is stated, but cited to nothing
    assert stated_and_cited(question, lead.replace("Thole.", "Thole [2]."), {1, 2})
    assert not stated_and_cited(question, lead.replace("Thole.", "Thole [2]."), {1})  # [2] is no supported claim

"""Task h56 (the pages here are invented): a Markdown page's emphasis and list markers are no words of its claims,
and a timeline's item "- **YEAR**: event" is read as "In YEAR, event" about the page's subject (its title prefixed
once at most, never the heading glued on); a capitalised word of a proper name ("the Skelby Moor Ski Area") is no
attribute naming what a figure after it measures."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from shared.evidence import EvidenceCandidate, VerifiedClaim
from shared.text.answer import answer_candidates
from shared.text.markup import dated_item, plain_inline
from tests.claim_pages import listed_claims, local_source, recorded_report

ROPEWORKS = ("# Tarnwick Ropeworks timeline\n\n"
             "- **1889**: Edda Vahlberg founds Tarnwick Ropeworks in Skelby.\n"
             "- **1902**: The long rope walk, designed by Oskar Fenn, is completed.\n"
             "- **1997**: Rope making ends after the loss of the last navy order.\n"
             "- **2006**: The ropeworks museum opens on 3 June.\n")
SKI = ("# Harlow Moss Ski Resort: a short history\n\n"
       "- **1958**: Mountain guide Ottilie Granfeld founds the Harlow Moss Ski Resort.\n"
       "- **3 January 1960**: The Harlow Moss Ski Resort opens with two drag lifts.\n"
       "- **2016**: Bruno Haslach becomes chief executive of Kessin Lifts Ltd.\n")


def _claims(sid: str, title: str, text: str) -> list[VerifiedClaim]:
    """The page's extracted claims, each supported by its evidence span (as the verifier finds them)."""
    out = []
    for k, c in enumerate(extract_claims(text, title=title)):
        span = EvidenceCandidate(source_id=sid, domain="local", start=c.start, end=c.end, text=text[c.start:c.end],
                                 retrieval_score=1.0)
        out.append(VerifiedClaim(claim_id=f"{sid}-{k}", source_id=sid, text=c.text, verdict="supported",
                                 stability=1.0, spans=[span]))
    return out


def _lead(question: str, sid: str, title: str, text: str) -> tuple[str, str]:
    rep, gate, _answered, _total = recorded_report(question, _claims(sid, title, text), {sid: local_source(sid, title)})
    return rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip(), gate.tier


def test_plain_inline_drops_markup_and_keeps_other_text() -> None:
    assert plain_inline("- **1902**: the schooner *Grey Tern* is launched") == "- 1902: the schooner Grey Tern is launched"
    assert plain_inline("See [the plan](https://x.example/p) and `ropectl` now.") == "See the plan and ropectl now."
    for text in ("a * b * c", "the snake_case_name field", "Edda Vahlberg [1] wrote it.", "A&amp;B"):
        assert plain_inline(text) == text
    assert dated_item("- **3 January 1960**: The lift opens with two drag lifts.") == (
        "3 January 1960", "The lift opens with two drag lifts.")
    assert dated_item("- **Founded**: 1889") is None
    assert dated_item("- 2023: 24,750 visitors") is None


def test_timeline_items_are_dated_claims_of_the_page_subject() -> None:
    claims = [c.text for c in extract_claims(ROPEWORKS, title="Tarnwick Ropeworks timeline")]
    assert claims == [
        "Tarnwick Ropeworks: in 1902, the long rope walk, designed by Oskar Fenn, is completed.",
        "Tarnwick Ropeworks: in 1997, rope making ends after the loss of the last navy order.",
        "Tarnwick Ropeworks: in 2006, the ropeworks museum opens on 3 June.",
        "In 1889, Edda Vahlberg founds Tarnwick Ropeworks in Skelby.",
    ], claims
    claims = [c.text for c in extract_claims(SKI, title="Harlow Moss Ski Resort: a short history")]
    assert claims == [
        "Harlow Moss Ski Resort: in 2016, Bruno Haslach becomes chief executive of Kessin Lifts Ltd.",
        "In 1958, Mountain guide Ottilie Granfeld founds the Harlow Moss Ski Resort.",
        "On 3 January 1960, the Harlow Moss Ski Resort opens with two drag lifts.",
    ], claims
    # without a subject the page's title names, an item is still read without its markers
    claims = [c.text for c in extract_claims(ROPEWORKS.replace("# Tarnwick Ropeworks timeline", "# Timeline"),
                                             title="Timeline")]
    assert "In 2006, the ropeworks museum opens on 3 June." in claims, claims


def test_timeline_leads_read_as_sentences() -> None:
    lead, tier = _lead("When did Tarnwick Ropeworks open as a museum?", "t", "Tarnwick Ropeworks timeline", ROPEWORKS)
    assert lead == "Tarnwick Ropeworks: in 2006, the ropeworks museum opens on 3 June [1].", lead
    assert tier == "high"
    lead, tier = _lead("Did Ottilie Granfeld found the Harlow Moss Ski Resort?", "h",
                       "Harlow Moss Ski Resort: a short history", SKI)
    assert lead == "Yes: In 1958, Mountain guide Ottilie Granfeld founds the Harlow Moss Ski Resort [1].", lead


def test_a_word_of_a_name_is_no_attribute_of_the_figure() -> None:
    question = "How much do grown-ups pay for a day ticket at the Skelby Moor Ski Area?"
    sentence = "An adult day pass at the Skelby Moor Ski Area costs 39 EUR."
    assert answer_candidates(sentence, "how_many", question) == ["39"]
    # the attribute written as a common noun still measures its figure: an area is no price
    assert answer_candidates("The Skelby Moor Ski Area covers an area of 310.", "how_many", question) == []
    claims, sources = listed_claims({"p": ("Skelby Moor prices", [sentence,
                                                                  "A child day pass at the Skelby Moor Ski Area costs 19 EUR."])})
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    lead = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()
    assert lead == "An adult day pass at the Skelby Moor Ski Area costs 39 EUR [1].", lead
    assert gate.tier == "high"

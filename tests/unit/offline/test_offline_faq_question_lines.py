"""Trial t53 fault 3 (the pages here are invented): an informal FAQ's question written without its "?" ("is there a
sauna for cold days") is its own sentence, never joined to the answer below it, and a bare answer after it ("no
sorry, we're outdoor only.") is no claim (``services.scraper.fetch.files``, ``services.claim_extractor.offline``);
a yes/no lead whose own cited claims say yes and no, each read alone, is not established
(``services.synthesizer.confidence.yes_no_contradicted``)."""

from __future__ import annotations

from pathlib import Path

from services.claim_extractor.offline import extract_claims
from services.scraper.fetch.files import parse_file, unwrap_hard_wraps
from services.synthesizer.confidence import report_gate, yes_no_contradicted
from services.synthesizer.offline import synthesize
from shared.evidence import Citation, Report
from shared.text.tokens import is_question_line, split_sentences
from tests.claim_pages import local_claim, local_source

FAQ = ("Brennock Bathing Pond - questions people ask at the hut\n\n"
       "how much is it?\n"
       "grown-ups pay four pounds and kids pay two pounds.\n\n"
       "is there a sauna for cold days\n"
       "no sorry, we're outdoor only.\n\n"
       "how deep is the pond\n"
       "the deep end of the pond is two point five metres deep.\n\n"
       "The pond was dug in 1921 by the mill owners of the\n"
       "valley and is fed by a spring.\n")


def test_a_question_line_without_its_mark() -> None:
    assert is_question_line("is there a sauna for cold days")
    assert is_question_line("can i bring my dog")
    assert is_question_line("how deep is the pond")
    assert is_question_line("when are you open on sundays")
    assert is_question_line("is it open in winter?")
    assert not is_question_line("When the mill closed in 1958 the")
    assert not is_question_line("is the oldest pond in the valley and")
    assert not is_question_line("no sorry, we're outdoor only.")
    assert not is_question_line("How much it costs depends on the")
    assert not is_question_line("what is more, the pond")


def test_a_faq_question_line_is_its_own_sentence_and_its_bare_answer_no_claim(tmp_path: Path) -> None:
    text = unwrap_hard_wraps(FAQ, markdown=False)
    sentences = [s.text for s in split_sentences(text)]
    assert "is there a sauna for cold days" in sentences, sentences
    assert "no sorry, we're outdoor only." in sentences
    # a wrapped line of prose is still joined
    assert "The pond was dug in 1921 by the mill owners of the valley and is fed by a spring." in sentences
    path = tmp_path / "faq.txt"
    path.write_text(FAQ, encoding="utf-8")
    doc = parse_file(path)
    claims = [c.text for c in extract_claims(doc.text, title=doc.title)]
    assert not any("sauna" in c or "sorry" in c for c in claims), claims
    assert "the deep end of the pond is two point five metres deep." in claims


POND = {"f": local_source("f", "Brennock Bathing Pond FAQ"), "o": local_source("o", "Brennock Bathing Pond")}
POND_CLAIMS = [
    local_claim("f1", "f", "is there a sauna for cold days no sorry, we're outdoor only."),
    local_claim("o1", "o", "Brennock Bathing Pond is an outdoor pond only; there is no sauna."),
]


def test_a_yes_no_lead_whose_claims_say_yes_and_no_is_not_high() -> None:
    question = "Does Brennock Bathing Pond have a sauna?"
    assert yes_no_contradicted(question, POND_CLAIMS, POND)
    assert not yes_no_contradicted(question, POND_CLAIMS[1:], POND)
    # the lead the trial wrote: "Yes:" from the glued FAQ line, the page saying "no sauna" cited next to it
    lead = f"Yes: {POND_CLAIMS[0].text[:-1]} [1]. {POND_CLAIMS[1].text[:-1]} [2]."
    rep = Report(markdown=f"# {question}\n\n## Answer\n\n{lead}\n",
                 citations=[Citation(n=k + 1, source_id=c.source_id, claim_id=c.claim_id, start=0, end=len(c.text),
                                     quote=c.text) for k, c in enumerate(POND_CLAIMS)],
                 used_claim_ids=[c.claim_id for c in POND_CLAIMS])
    gate = report_gate(question, rep, POND, POND_CLAIMS)
    assert gate.tier == "low" and gate.signals.get("disputed") == 1.0, gate
    # the synthesizer's own lead cites the page that answers, "No"
    rep = synthesize(question, POND_CLAIMS, POND)
    assert rep.markdown.split("## Answer", 1)[1].split("\n\n")[1].startswith(
        "No: Brennock Bathing Pond is an outdoor pond only; there is no sauna [1]."), rep.markdown


def test_a_claim_stating_what_is_asked_decides_past_the_subjects_own_pages() -> None:
    # nine claims of the pond's own pages rank before the visitor page's "there is no sauna", which decides it
    own = [local_claim(f"o{k}", "o", text) for k, text in enumerate((
        "Brennock Bathing Pond is an outdoor pond in Hallow Park in the town of Corvel.",
        "Brennock Bathing Pond was dug in 1921 by the mill owners of the valley.",
        "Brennock Bathing Pond is fed by a spring on Hallow Hill.",
        "Brennock Bathing Pond is 120 metres long and 40 metres wide.",
        "Brennock Bathing Pond has a wooden diving board 3 metres high.",
        "Brennock Bathing Pond closed in 1974 and reopened in 1999.",
        "Brennock Bathing Pond is run by the Brennock Pond Trust.",
        "Brennock Bathing Pond is heated by nothing but the sun.",
        "Brennock Bathing Pond welcomed 31,400 swimmers in 2024."))]
    pages = {"o": local_source("o", "Brennock Bathing Pond"),
             "v": local_source("v", "Plan your visit | Brennock Bathing Pond")}
    claims = [*own, local_claim("v1", "v", "Brennock Bathing Pond is an outdoor pond only; there is no sauna.")]
    rep = synthesize("Does Brennock Bathing Pond have a sauna?", claims, pages)
    lead = rep.markdown.split("## Answer", 1)[1].split("\n\n")[1]
    assert lead == "No: Brennock Bathing Pond is an outdoor pond only; there is no sauna [1].", rep.markdown

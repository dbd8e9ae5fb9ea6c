"""German capitalises its common nouns and writes compounds as one word: a page's "Fähre" names what the question's
"Fährverbindung" does (shared.text.compounds; the gate's names and terms), and a question whose relation only its
function words say ("Seit wann gibt es ...?") asks none the lead must repeat. Issue 9, trial t25. Invented pages."""

from __future__ import annotations

from services.synthesizer.confidence import question_names, question_nouns
from shared.report import lead_section
from shared.text.compounds import common_noun, compound_parts, same_noun
from tests.claim_pages import page_set, page_sources, recorded_report, sentence_claims, split_pages


def test_common_nouns_and_compounds_of_the_lexicon() -> None:
    assert compound_parts("Fährverbindung") == ("fähre", "verbindung")
    assert compound_parts("Fährgesellschaft") == ("fähre", "gesellschaft")
    assert compound_parts("Kessling") == () and compound_parts("Fährverbindung", "en") == ()
    assert common_noun("Fährverbindung", "de") and common_noun("Markt", "de") and common_noun("Fährgesellschaft", "de")
    assert not common_noun("Kelby", "de") and not common_noun("Tullavane", "de")
    assert not common_noun("Market", "en")  # only German capitalises its nouns
    assert same_noun("Fährverbindung", "Fähre", "de") and same_noun("Fähren", "Fähre", "de")
    assert same_noun("fährverbindung", "verbindung", "de")
    assert not same_noun("Brücke", "Fähre", "de") and not same_noun("ferry", "ferries", "en")


def test_a_german_question_names_its_names_not_its_nouns() -> None:
    question = "Seit wann gibt es die Fährverbindung zwischen Kelby und Dunmoor?"
    assert question_names(question) == ("Kelby", "Dunmoor") and question_nouns(question) == ("Fährverbindung",)
    assert question_names("Seit wann gibt es den Markt in Velden?") == ("Velden",)  # after "in": a name
    assert question_names("Wann wurde die Fährgesellschaft Senn gegründet?") == ("Senn",)
    assert question_nouns("When was the Market founded?") == ()


PAGES = {
    "a": ("Fähren an der Senn",
          "Die Fähre zwischen Kelby und Dunmoor verkehrt seit 1952. Sie braucht für die Überfahrt etwa vierzig "
          "Minuten."),
    "b": ("Brücken an der Senn",
          "Die Brücke zwischen Kelby und Senn wurde 1960 eröffnet. Der Hafen von Dunmoor wurde 1911 erweitert."),
    "c": ("Kelby", "Kelby ist eine Kleinstadt an der Senn mit etwa 9000 Einwohnern. Die Stadt erhielt 1871 einen "
                   "Bahnhof."),
}


def test_a_compound_of_the_question_is_answered_by_a_page_s_word_for_its_part() -> None:
    _, texts, sources, claims = page_set(PAGES)
    report, gate, answered, total = recorded_report("Seit wann gibt es die Fährverbindung zwischen Kelby und Dunmoor?",
                                                    claims, sources)
    assert lead_section(report.markdown).startswith("Die Fähre zwischen Kelby und Dunmoor verkehrt seit 1952"), \
        report.markdown
    assert gate.signals["f_names_found"] == 1.0 and gate.signals["f_one_fact"] == 1.0, gate.signals
    assert "names_missing" not in gate.signals and "relation_missing" not in gate.signals
    assert gate.tier != "low" and answered and total > 60
    # the bridge's page answers nothing about the ferry: its year is not the answer
    report, gate, answered, _total = recorded_report("Seit wann gibt es die Fährverbindung zwischen Kelby und Senn?",
                                                     sentence_claims(texts, "b", "c"), sources)
    assert gate.tier == "low" and not answered, (report.markdown, gate.signals)


def test_the_claim_naming_a_part_of_the_question_s_compound_leads() -> None:
    """'die Straßenverbindung' is led by the page's 'Die Straße ...', not by the ferry's sentence that shares the
    question's 'seit' (rank_claims and select_lead read a German compound by its parts)."""
    pages = {"a": ("Fähren an der Senn", "Die Fähre zwischen Kelby und Dunmoor verkehrt seit 1952."),
             "b": ("Straßen an der Senn", "Die Straße zwischen Kelby und Dunmoor wurde 1938 gebaut.")}
    titles, texts = split_pages(pages)
    for question, opening in (
        ("Seit wann gibt es die Straßenverbindung zwischen Kelby und Dunmoor?", "Die Straße zwischen"),
        ("Seit wann gibt es die Fährverbindung zwischen Kelby und Dunmoor?", "Die Fähre zwischen"),
    ):
        report, gate, answered, _total = recorded_report(question, sentence_claims(texts, *pages),
                                                         page_sources(titles))
        assert lead_section(report.markdown).startswith(opening), report.markdown
        assert gate.tier != "low" and answered, gate.signals

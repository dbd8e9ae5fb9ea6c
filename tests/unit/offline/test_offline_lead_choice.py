"""The lead's sentence choice on made-up pages (services.synthesizer.offline.select_lead): the answer sentence of the
bridge page is the one stating a new candidate next to the question's open term, not the page's opening sentence;
a name the question gives weighs more than shared common words; dates are no answer to a who / where question."""

from __future__ import annotations

from services.synthesizer.offline import linked_findings, select_lead, synthesize
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from shared.text.answer import is_date
from tests.claim_pages import page_claims, page_set, page_sources, sentence_claims, split_pages

PAGES = {
    "song": ("Glass Rivers", "\"Glass Rivers\" is a song by American radio host Mara Quill, released in 2009. The "
                             "song reached the top ten of the national chart."),
    "quill": ("Mara Quill", "Mara Elise Quill (born March 3, 1970) is an American radio host, singer and writer. "
                            "Mara Quill was born in Port Elm, Dunmore and raised in Kelby County. She hosted the "
                            "morning show of Radio Nine for a decade."),
    "arlo": ("Ben Arlo", "Ben Arlo is a radio host born on 4 May 1961. He hosted a weekend show on Radio Nine."),
    "frost": ("Ada Frost", "Ada Frost won the Silver Lantern award in addition to three other awards."),
    "marsh": ("Tobin Marsh", "Tobin Marsh won the Iron Bell award."),
    "harbour": ("Paper Harbour", "\"Paper Harbour\" is a song by the Welsh band Gull Ferry, released in 2004."),
    "gull": ("Gull Ferry (band)", "Gull Ferry formed in Cardiff in 1998. The band was fronted by singer Owen Tarr."),
    "lark": ("Lark Street", "Lark Street is a street in Cardiff with an old paper mill."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


def claims_of(*sids: str) -> list[VerifiedClaim]:
    """Each sentence of the pages a supported claim, its span the sentence."""
    return sentence_claims(TEXTS, *sids)


def test_the_answer_is_the_bridge_pages_sentence_stating_a_place_next_to_the_open_term() -> None:
    # the song's page names the host (the bridge); her page opens with her birth date and nationality, and says
    # where she was born further on: "born where?" is answered by the place next to "born", not by the opening
    question = "\"Glass Rivers\" is a song by a radio host born where?"
    report = synthesize(question, claims_of("song", "quill", "arlo"), SOURCES)
    lead = lead_section(report.markdown)
    assert "Mara Quill" in lead and "Port Elm" in lead, lead
    assert "Ben Arlo" not in lead
    cited = {c.source_id for c in report.citations if f"[{c.n}]" in lead}
    assert {"song", "quill"} <= cited


def test_a_name_the_question_gives_outweighs_common_words_in_the_first_lead_claim() -> None:
    # the other winner's sentence is a little more relevant by its words, but only Tobin Marsh's is about him
    question = "What award did Tobin Marsh win in addition to the Golden Quill?"
    claims = claims_of("frost", "marsh")
    lead = select_lead(question, claims, [1.0, 0.85], SOURCES)
    assert lead and claims[lead[0]].source_id == "marsh"


def test_dates_are_no_answer_to_a_who_or_where_question() -> None:
    assert is_date("September") and is_date("12 May 1990") and is_date("the 1990s") and is_date("19th century")
    assert not is_date("Port Elm") and not is_date("May Day Parade") and not is_date("")


def test_the_pages_the_lead_names_are_cited_and_a_page_it_does_not_name_is_not() -> None:
    question = "Who was the singer of the band that recorded \"Paper Harbour\"?"
    claims = claims_of("harbour", "gull", "lark")
    lead = [0]  # the song's page names the band ("Gull Ferry" for the page "Gull Ferry (band)")
    rel = [1.0, 0.3, 0.5, 0.6]
    linked = linked_findings(question, claims, rel, lead, SOURCES)
    # one claim of the band's page, the one holding the question's word the lead lacks ("singer")
    assert [claims[i].claim_id for i in linked] == ["gull-1"]
    assert linked_findings(question, claims, rel, [], SOURCES) == []
    report = synthesize(question, claims, SOURCES)
    cited = {c.source_id for c in report.citations}
    assert {"harbour", "gull"} <= cited and "lark" not in cited


# ---- answer types that read the question more closely (issue 9, item 1) ----------------------------------------
SHOW = {
    "show": ("Lantern Bay", "Lantern Bay is a 2011 Norwegian television series starring Eira Lund and Tor Moen. "
                            "Lantern Bay aired on NRK from 3 April to 19 June 2011 on Sundays."),
    "lund": ("Eira Lund", "Eira Lund (born 2 February 1984) is a Norwegian actress. Eira Lund became the youngest "
                          "presenter of the Bergen film festival."),
    "spider": ("Glass spider", "Glass spiders have eight legs and a pale, almost clear body."),
    "naturalist": ("Otto Brenn", "Otto Brenn (4 March 1850 – 9 May 1911) was a naturalist who studied glass spiders "
                                 "in 1890 and from 1895–1900 described them in his book \"Arachnida Borealis\"."),
}
SHOW_TITLES, SHOW_TEXTS, SHOW_SOURCES, SHOW_CLAIMS = page_set(SHOW)


def show_claims(*sids: str) -> list[VerifiedClaim]:
    return sentence_claims(SHOW_TEXTS, *sids)


def test_a_question_asking_for_a_day_is_not_answered_by_a_year() -> None:
    from shared.text.answer import answer_candidates

    asked = "The youngest presenter of the Bergen film festival stars in a series that last aired on what date?"
    assert answer_candidates("Lantern Bay is a 2011 Norwegian television series.", "when", asked) == []
    assert answer_candidates("It aired from 3 April to 19 June 2011.", "when", asked) == ["3 April", "19 June 2011"]
    # a year still answers "in what year"
    assert answer_candidates("Lantern Bay is a 2011 series.", "when", "In what year did Lantern Bay start?") == ["2011"]
    report = synthesize(asked, show_claims("show", "lund"), SHOW_SOURCES)
    assert "19 June 2011" in lead_section(report.markdown), report.markdown


def test_years_after_a_preposition_and_written_dates_are_no_count() -> None:
    from shared.text.answer import answer_candidates, answer_type

    question = "How many legs does the animal studied by Otto Brenn have?"
    text = SHOW["naturalist"][1]
    assert answer_candidates(text, "how_many", question) == []
    assert answer_candidates("About 2000 people and ten boats.", "how_many", question) == ["2000", "ten"]
    assert answer_type("The museum stands on an island with a population of what?") == "how_many"
    assert answer_type("The museum stands in the area of what city?") == "where"
    # the naturalist's sentence names the spiders' page in the plural: the bridge to the answer
    report = synthesize(question, show_claims("naturalist", "spider"), SHOW_SOURCES)
    assert "eight legs" in lead_section(report.markdown), report.markdown


def test_the_claims_of_a_choice_name_each_option_in_full() -> None:
    pages = {"a": ("Rhea Voss", "Voss won 6 titles in women's doubles."),
             "b": ("Ina Kell", "Kell won four titles in women's doubles.")}
    titles, texts = split_pages(pages)
    sources, claims = page_sources(titles, url="/{sid}"), page_claims(texts)
    lead = lead_section(synthesize("Who won more titles in women's doubles, Rhea Voss or Ina Kell?", claims,
                                   sources).markdown)
    assert "Rhea Voss" in lead and "Ina Kell" in lead, lead


def test_a_page_whose_title_keeps_an_html_entity_is_linked_by_the_sentence_naming_it() -> None:
    from shared.text.terms import clean_title

    assert clean_title("Barrow &amp; Finch (company)") == "Barrow & Finch"
    pages = {"ceo": ("Ola Brant", "Ola Brant is the chief executive of Barrow & Finch."),
             "firm": ("Barrow &amp; Finch", "Barrow & Finch runs around 900 ferries across the Baltic.")}
    titles, texts = split_pages(pages)
    sources, claims = page_sources(titles, url="/{sid}"), page_claims(texts)
    assert linked_findings("What does the company Ola Brant leads run?", claims, [1.0, 0.2], [0], sources) == [1]

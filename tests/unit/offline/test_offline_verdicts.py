"""The offline lead states the answer of yes/no and choice questions, and leads with the question's subject
(services.synthesizer.verdicts, services.synthesizer.offline.synthesize), on small hand-written pages."""

from __future__ import annotations

import re

from services.synthesizer.offline import select_lead, synthesize
from services.synthesizer.verdicts import UNDECIDED_TEXT, choice_predicate, decide_choice, same_stem
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from shared.text.answer import answer_type, comparison_options
from tests.claim_pages import page_set, sentence_claims

PAGES = {
    "wday": ("Woman's Day", "Woman's Day is an American monthly magazine about home and food. The magazine was "
                            "first published in 1931 by a grocery company."),
    "lady": ("The Lady", "The Lady is a British weekly magazine for women. It has been in continuous publication "
                         "since 1885 and is based in London."),
    "pears": ("Iain Pears", "Iain George Pears (born 1 January 1955) is an English art historian and novelist."),
    "llew": ("Richard Llewellyn", "Richard Llewellyn (8 December 1906 – 30 November 1983) was a Welsh novelist. "
                                  "How Green Was My Valley is a 1939 novel by Richard Llewellyn."),
    "ata": ("Muztagh Ata", "Muztagh Ata is a mountain in Xinjiang with a height of 7,509 metres."),
    "manaslu": ("Manaslu", "Manaslu is a mountain in Nepal with a height of 8,163 metres."),
    "hant": ("Hänt Extra", "Hänt Extra is a Swedish weekly celebrity magazine published in Stockholm."),
    "tea": ("Tea Moderna", "Tea Moderna is a Macedonian weekly magazine for women."),
    "alvin": ("Alvin Lee", "Alvin Lee was an English guitarist, best known as the lead vocalist of the band Ten "
                           "Years After."),
    "chad": ("Chad Gray", "Chad Gray is the lead vocalist for the metal band Hellyeah."),
    "chester": ("Chester Bennington", "Chester Bennington was an American singer and songwriter."),
    "joe": ("Joe Walsh", "Joe Walsh is an American guitarist and singer."),
    "eupt": ("Euptelea", "Euptelea pleiosperma is found in China, India and Myanmar."),
    "muehl": ("Muehlenbeckia", "Muehlenbeckia australis is a climbing plant native to New Zealand."),
    "eve": ("Eve Beglarian", "Eve Beglarian is an American composer of Armenian descent."),
    "zach": ("Zach Bogosian", "Zach Bogosian (Armenian: Զաքարի) is an American ice hockey player."),
    "gould": ("Stephen Jay Gould", "Stephen Jay Gould was an American paleontologist and writer of popular "
                                   "science. Gould's essays were compared to those of Lewis Thomas and Carl Sagan."),
    "beattie": ("Ann Beattie", "Ann Beattie is an American novelist and short story writer. Ann Beattie's work "
                               "has been compared to that of Alice Adams, John Cheever and John Updike, "
                               "the writers."),
    "havnby": ("Havnby", "Havnby is a small fishing town in Denmark on the island of Rømø. Havnby has a population "
                         "of 412."),
    "village": ("Havnby", "Havnby is a small fishing village on the island of Rømø."),
    "tonder": ("Tønder", "The population of Tønder, the largest town of the municipality of southern Jutland, was "
                         "7,549 in 2020, according to the census of the population."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


def claims_of(*sids: str) -> list[VerifiedClaim]:
    """Each sentence of the pages a supported claim, its span the sentence (the first at the page's start)."""
    return sentence_claims(TEXTS, *sids)


def lead_of(question: str, *sids: str) -> str:
    report = synthesize(question, claims_of(*sids), SOURCES)
    lead = lead_section(report.markdown)
    cited = {int(n) for n in re.findall(r"\[(\d+)\]", lead)}
    assert cited and cited <= {c.n for c in report.citations}, lead  # every mark of the lead is a citation
    return lead


def test_a_choice_by_date_states_which_came_first_with_both_dates_cited() -> None:
    lead = lead_of("Which magazine was published first, Woman's Day or The Lady?", "wday", "lady")
    assert lead.startswith("The Lady was published first: 1885 [1]; Woman's Day: 1931 [2]."), lead


def test_a_choice_without_a_comma_between_birth_dates_names_the_elder() -> None:
    question = "Who was born first Iain Pears or Richard Llewellyn ?"
    assert answer_type(question) == "comparison"
    assert comparison_options(question) == ["Iain Pears", "Richard Llewellyn"]
    lead = lead_of(question, "pears", "llew")
    # the birth date, not the 1939 novel's year, is compared
    assert lead.startswith("Richard Llewellyn was born first: 8 December 1906 [1]; Iain Pears: 1 January 1955 [2]."), lead
    younger = lead_of("Who is younger, Iain Pears or Richard Llewellyn?", "pears", "llew")
    assert younger.startswith("Iain Pears is younger: 1 January 1955"), younger


def test_a_choice_by_amount_compares_values_in_the_same_unit() -> None:
    lead = lead_of("Which peak stands higher, Muztagh Ata or Manaslu?", "ata", "manaslu")
    assert lead.startswith("Higher: Manaslu, 8,163 metres [1]; Muztagh Ata, 7,509 metres [2]."), lead
    lower = lead_of("Which mountain is lower, Muztagh Ata or Manaslu?", "ata", "manaslu")
    assert lower.startswith("Muztagh Ata is lower: 7,509 metres"), lower


def test_a_choice_by_attribute_names_the_option_whose_claim_holds_it() -> None:
    question = "Which is a Macedonian weekly, Hänt Extra or Tea Moderna?"
    assert choice_predicate(question, comparison_options(question)) == "is a Macedonian weekly"
    lead = lead_of(question, "hant", "tea")
    # the question names Hänt Extra first; the option whose claim holds "Macedonian weekly" leads
    assert lead.startswith("Tea Moderna is a Macedonian weekly magazine for women [1]. Hänt Extra"), lead


def test_an_undecidable_choice_states_no_winner() -> None:
    # no date of founding on either page: nothing is compared, and no option is called the answer
    question = "Which magazine was founded first, Hänt Extra or Tea Moderna?"
    claims = claims_of("hant", "tea")
    order = list(range(len(claims)))
    assert decide_choice(question, [c.text for c in claims], [SOURCES[c.source_id].title for c in claims],
                         order) is None
    lead = lead_of(question, "hant", "tea")
    assert "founded first" not in lead


def test_yes_when_each_thing_holds_the_asked_attribute() -> None:
    lead = lead_of("Were both Alvin Lee and Chad Gray lead vocalists for bands?", "alvin", "chad")
    assert lead.startswith("Yes: "), lead
    assert "Alvin Lee" in lead and "Chad Gray" in lead


def test_no_when_one_things_defining_sentence_lacks_the_attribute() -> None:
    lead = lead_of("Are Joe Walsh and Chester Bennington both guitarists?", "joe", "chester")
    assert lead.startswith("No: "), lead
    assert "singer and songwriter" in lead and "guitarist" in lead


def test_the_lead_says_it_cannot_tell_when_the_claims_do_not_establish_it() -> None:
    # neither page says "genus": no guessed "No", the lead says the claims do not tell
    lead = lead_of("Are Euptelea and Muehlenbeckia both genuses?", "eupt", "muehl")
    assert lead.startswith(UNDECIDED_TEXT), lead
    assert not lead.startswith(("Yes", "No:"))
    assert same_stem("genuse", "genus") and not same_stem("genus", "general")


def test_a_qualifier_without_the_kind_asked_decides_nothing_and_two_questions_get_no_verdict() -> None:
    # "Armenian" without "descent" neither confirms nor denies it: open, not "No"
    lead = lead_of("Are Eve Beglarian and Zach Bogosian both of Armenian descent?", "eve", "zach")
    assert lead.startswith(UNDECIDED_TEXT), lead
    # two questions in one, or a choice written as a yes/no question, get neither a verdict nor "open"
    for question in ("Is Havnby in Denmark? And is Tønder a town?", "Is Havnby or Tønder a fishing town?"):
        lead = lead_of(question, "havnby", "tonder")
        assert not lead.startswith(("Yes", "No:", UNDECIDED_TEXT)), lead


def test_a_yes_no_question_about_one_thing() -> None:
    assert lead_of("Is Havnby in Denmark?", "havnby", "tonder").startswith("Yes: Havnby"), "yes"
    # another country is not stated to be wrong by these words alone: the lead does not guess
    sweden = lead_of("Is Havnby in Sweden?", "havnby", "tonder")
    assert sweden.startswith(UNDECIDED_TEXT), sweden


def test_the_lead_is_about_the_entity_the_question_names() -> None:
    question = "What is the population of Havnby?"
    claims = claims_of("tonder", "havnby")
    # the other town's sentence holds "population" twice and is the more relevant by its words
    lead_idx = select_lead(question, claims, [1.0, 0.55, 0.5], SOURCES)
    assert claims[lead_idx[0]].source_id == "havnby", [claims[i].text for i in lead_idx]
    lead = lead_of(question, "tonder", "havnby")
    assert lead.startswith("Havnby") and "412" in lead and "7,549" not in lead, lead


def test_another_towns_figure_is_no_answer_for_the_town_asked_about() -> None:
    # Havnby's page gives no figure: the lead says what it has about Havnby, never Tønder's population
    lead = lead_of("What is the population of Havnby?", "tonder", "village")
    assert lead.startswith("Havnby is a small fishing village"), lead
    assert "Tønder" not in lead and "7,549" not in lead, lead


def test_what_two_things_have_in_common_is_read_from_what_each_one_is() -> None:
    # the sentences comparing their work share more words with the question; each page's opening says what
    # each one is (both writers)
    lead = lead_of("What profession does Stephen Jay Gould and Ann Beattie have in common?", "gould", "beattie")
    assert "paleontologist and writer" in lead and "novelist and short story writer" in lead, lead
    assert "compared" not in lead, lead

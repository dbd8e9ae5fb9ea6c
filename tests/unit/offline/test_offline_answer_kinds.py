"""The answer's kind against what the question asks (issue 9): a "which season / team / film / county" question
answered by a name of another kind (a university for a season, a county for a film) is not answered; the judge
scores such a report at most 60 and the gate's tier is low. Questions, names and pages made up here (no dev-set
text)."""

from __future__ import annotations

from services.judge.offline import UNANSWERED_MAX, judge
from shared.evidence import Citation, Report, VerifiedClaim
from shared.report import lead_section
from shared.text.answer import answer_candidates, answer_type, lead_answer
from shared.text.kinds import accepted_kinds, asked_kind, kind_fits, name_kind
from tests.claim_pages import page_sources, recorded_report, sentence_claims


def test_the_head_noun_of_the_wh_phrase_says_what_kind_of_thing_is_asked() -> None:
    assert asked_kind("For which Ona Vell film did Per Aalund win a prize?") == "work"
    assert asked_kind("Per Aalund played a clerk on which show?") == "work"
    assert asked_kind("Which two teams did the coach of the Osby Rovers play for?") == "organisation"
    assert asked_kind("Ilse Marrow was born in what Telmark county?") == "place"
    assert asked_kind("Which Danish painter founded the Skarn school?") == "person"
    assert asked_kind("The Orlen uprising was part of which war?") == "event"
    assert asked_kind("What is the name of the 1999 film directed by Ona Vell?") == "work"
    # a kind of thing asked for ("what type of films": a category), or a head noun of no known kind
    assert asked_kind("Tarn and Skarn are what type of films?") is None
    assert asked_kind("What prize did Ona Vell win?") is None
    assert asked_kind("Who founded the Skarn school?") is None


def test_a_names_kind_is_read_from_its_own_words_or_what_its_sentence_says_it_is() -> None:
    assert name_kind("University of Orlen") == "school"
    assert name_kind("Brisdal County") == "place"
    assert name_kind("Orlen War") == "event"
    assert name_kind("Halvik", "Halvik, an American rock band, released the song in 1990.") == "organisation"
    assert name_kind("Tarn", "Tarn is a 1999 Danish drama film directed by Ona Vell.") == "work"
    assert name_kind("Ona Vell", "Ona Vell is a Danish film director and producer.") == "person"  # the phrase's head
    assert name_kind("Ada Marsh", "Ada Marsh (born 4 May 1950) is a painter.") == "person"
    assert name_kind("Ada Marsh", "The book was written by the novelist Ada Marsh in 1990.") == "person"
    # the phrase's head says it, not a word before it: a developer of games is no game, a team no university
    assert name_kind("Orlen Soft", "Orlen Soft is a video game developer based in Osby.") is None
    assert name_kind("Osby Rovers", "The Osby Rovers are the football team of the University of Orlen.") == \
        "organisation"
    # nothing said about it, or only as a part of a longer name: unknown, and unknown fits anything
    assert name_kind("Osby Rovers", "The Osby Rovers won the cup.") is None
    assert name_kind("Orlen", "The University of Orlen is a public research university in Osby.") is None
    assert kind_fits("work", None) and kind_fits("place", "organisation") and not kind_fits("work", "person")
    assert accepted_kinds("Who designed the lighthouse?", "who") == frozenset({"person", "organisation", "school"})
    assert accepted_kinds("What prize did she win?", "what") is None


def test_a_name_of_another_kind_is_no_candidate_for_the_kind_asked() -> None:
    sentence = "Per Aalund studied at the University of Orlen and played for the Osby Rovers."
    team = "Which team did Per Aalund play for?"
    assert answer_candidates(sentence, answer_type(team), team) == ["Osby Rovers"]  # not the county, not the school
    film = "Which film did Ona Vell direct in 1999?"
    lead = "Ona Vell is a Danish film director born in Brisdal County [1]. She studied at the University of Orlen [2]."
    assert answer_candidates(lead, answer_type(film), film) == []
    assert not lead_answer(film, lead).typed
    answered = lead + " In 1999 she directed Tarn, a drama film about a ferry [3]."
    assert lead_answer(film, answered).typed
    # who: a person or a group, never a film
    who = "Who directed the film that Per Aalund produced?"
    assert answer_candidates("Per Aalund produced Tarn, a 1999 drama film.", answer_type(who), who) == []


def test_which_season_asks_for_a_year_or_a_season_number_never_a_name() -> None:
    q = "Which season did the Osby Rovers represent the University of Orlen in the Telmark League?"
    assert answer_type(q) == "when"
    lead = "The University of Orlen is a public research university in Osby [1]. The Osby Rovers represent the " \
           "University of Orlen in the Northern Athletic Conference [2]."
    assert not lead_answer(q, lead).typed
    assert lead_answer(q, "The Osby Rovers played their 1998 season in the Telmark League [1].").typed
    assert answer_candidates("The club was renewed for a third season.", "when", q) == ["third season"]


PAGES = {
    "rovers": ("Osby Rovers",
               "The Osby Rovers are the athletic teams that represent the University of Orlen. The Osby Rovers "
               "compete in the Telmark League as members of the Northern Athletic Conference."),
    "orlen": ("University of Orlen",
              "The University of Orlen is a public research university in Osby, Telmark. The University of Orlen "
              "was founded in 1921 as a teachers' college."),
    "season": ("1998 Osby Rovers football team",
               "The 1998 Osby Rovers football team represented the University of Orlen in the 1998 season of the "
               "Telmark League. The Osby Rovers won the Telmark League title in the 1998 season."),
}
TITLES = {sid: title for sid, (title, _text) in PAGES.items()}
TEXTS = {sid: text for sid, (_title, text) in PAGES.items()}
SOURCES = page_sources(TITLES, url="/corpus/{sid}.md", domain="{sid}.example")


def written(question: str, claims: list[VerifiedClaim]) -> tuple[Report, str, bool, int]:
    """The report as the synthesizer records it (gate, then the note when unanswered): its markdown, tier, and the
    offline judge's verdict and total, called as the judge's handler calls it."""
    rep, gate, answered, total = recorded_report(question, claims, SOURCES)
    return rep, gate.tier, answered, total


def test_a_season_question_answered_with_the_university_is_judged_at_most_60_and_low() -> None:
    question = "Which season did the Osby Rovers win the Telmark League title?"
    claims = sentence_claims(TEXTS, "rovers", "orlen", domain="{sid}.example")
    rep, tier, answered, total = written(question, claims)
    assert "1998" not in rep.markdown  # the pages name the university and the league, no season
    assert tier == "low" and not answered and total <= UNANSWERED_MAX
    # the team's season page states it: the same question is answered
    claims2 = sentence_claims(TEXTS, "rovers", "orlen", "season", domain="{sid}.example")
    rep2, tier2, answered2, total2 = written(question, claims2)
    assert "1998" in lead_section(rep2.markdown)
    assert answered2 and total2 > UNANSWERED_MAX and tier2 != "low"


def test_the_judge_alone_caps_a_lead_of_the_wrong_kind_at_60() -> None:
    # without the gate's probability (a report judged on its own), the lead's kind still decides coverage
    def report(lead: str) -> tuple[str, list[Citation]]:
        md = f"# Q\n\n## Answer\n\n{lead}\n\n## Sources\n\n- [1] Osby Rovers — /corpus/rovers.md\n"
        quote = lead.split(" [1]")[0]
        return md, [Citation(n=1, claim_id="c1", source_id="rovers", start=0, end=len(quote), quote=quote)]

    question = "Which film did Ona Vell direct in 1999?"
    md, cits = report("Ona Vell is a Danish film director who studied at the University of Orlen [1].")
    j = judge(md, question=question, claims_total=1, claims_supported=1, citations=cits, sub_queries=[])
    assert not j.answered and j.coverage == 0 and j.total <= UNANSWERED_MAX
    md2, cits2 = report("In 1999 Ona Vell directed Tarn, a drama film about a ferry [1].")
    j2 = judge(md2, question=question, claims_total=1, claims_supported=1, citations=cits2, sub_queries=[])
    assert j2.answered and j2.total > UNANSWERED_MAX


def test_the_judge_names_a_how_much_question_so() -> None:
    """A price or an amount asked with "how much" is no count: the rationale names the question "how_much" (trial t28
    fault 9 called "How much does a jar of honey cost?" "the how_many question")."""
    from services.judge.offline import kind_label

    assert kind_label("How much does a jar of Tollby heather honey cost?", "how_many") == "how_much"
    assert kind_label("How many sheep are there on Hallsey?", "how_many") == "how_many"
    assert kind_label("Who founded the Hallsey choir?", "who") == "who"
    q = "How much does a jar of Tollby heather honey cost?"
    lead = "Tollby heather honey is harvested in late August [1]."
    j = judge(f"# {q}\n\n## Answer\n\n{lead}\n", question=q, claims_total=1, claims_supported=1, citations=[],
              sub_queries=[])
    assert "how_much question" in j.rationale and "how_many" not in j.rationale, j.rationale

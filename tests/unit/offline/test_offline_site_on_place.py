"""A place's name going on with the name of a site on it ("Velmsay Island Bird Reserve" for "Velmsay Island") names the
place's ground, not another thing as a town's football club does ("Halvik FC" for "Halvik"); a count given in a unit
of the thing asked ("1,930 breeding pairs of guillemots", "Guillemots: 1,930 breeding pairs") counts it; a FAQ's
question asking leave is read by its reply ("Can I bring my dog: Sorry, no." says no). Trial t66 F1, F3 and Q09.
Pages and names made up here."""

from __future__ import annotations

from services.synthesizer.confidence import HIGH_THRESHOLD, MEDIUM_THRESHOLD
from services.synthesizer.offline import opens_longer_name
from services.synthesizer.verdicts import decide_yes_no
from shared.report import lead_section
from shared.text.kinds import site_on_place
from shared.text.quantity import counted_nouns, counts
from shared.text.tokens import tokenize
from tests.claim_pages import listed_claims, noted_report

ENCYCLOPEDIA = ("Velmsay Island Bird Reserve", [
    "Velmsay Island Bird Reserve is a seabird sanctuary on Velmsay Island in the Sound of Orrin.",
    "Velmsay Island Bird Reserve's highest point is Tarrow Knap, which rises 64 metres above sea level.",
    "Velmsay Island was named a protected area in 1987.",
])
LOOK_ALIKE = ("Little Velmsay Gull Reserve", [
    "Little Velmsay Gull Reserve: The islet covers 9 hectares and its highest point is 14 metres above sea level.",
])
PRESS_KIT = ("Velmsay Island Bird Reserve - press kit", [
    "Press kit: Velmsay Island Bird Reserve's guillemots: 1,930 breeding pairs (2022 count).",
])


def _lead(report_markdown: str) -> str:
    return lead_section(report_markdown).split("\n")[0]


def test_a_site_on_the_asked_place_is_the_place() -> None:
    place, site = tokenize("Velmsay Island"), tokenize("Velmsay Island Bird Reserve")
    assert site_on_place(place, site) and not opens_longer_name(place, site)
    assert site_on_place(tokenize("Orrin Valley"), tokenize("Orrin Valley National Park"))
    # a body of people, or a name that is no place's, stays another thing
    assert opens_longer_name(tokenize("Halvik"), tokenize("Halvik FC"))
    assert opens_longer_name(place, tokenize("Velmsay Island Rowing Club"))
    assert not site_on_place(place, tokenize("Velmsay Island Rowing Club"))
    assert not site_on_place(tokenize("Halvik"), tokenize("Halvik Nature Reserve"))


def test_the_sites_height_answers_the_places_at_high_when_the_page_names_the_place() -> None:
    claims, sources = listed_claims({"enc": ENCYCLOPEDIA, "little": LOOK_ALIKE})
    report, gate = noted_report("How high is the highest point of Velmsay Island?", claims, sources)
    assert _lead(report.markdown) == (
        "Velmsay Island Bird Reserve's highest point is Tarrow Knap, which rises 64 metres above sea level [1].")
    assert gate.tier == "high" and "site_by_place" not in gate.signals


def test_the_sites_count_alone_answers_the_place_at_medium() -> None:
    claims, sources = listed_claims({"kit": PRESS_KIT, "little": LOOK_ALIKE})
    report, gate = noted_report("How many guillemot pairs were counted on Velmsay Island in 2022?", claims, sources)
    assert _lead(report.markdown) == (
        "Press kit: Velmsay Island Bird Reserve's guillemots: 1,930 breeding pairs (2022 count) [1].")
    assert MEDIUM_THRESHOLD <= gate.score < HIGH_THRESHOLD and gate.tier == "medium"
    assert gate.signals.get("site_by_place") == 1.0


def test_a_count_in_pairs_counts_the_kind_asked() -> None:
    nouns = counted_nouns("What is the latest guillemot count on Velmsay Island?")
    assert counts("In 2022 the island held 1,930 breeding pairs of guillemots.", nouns) == ["1,930"]
    assert counts("Press kit: Velmsay Island's guillemots: 1,930 breeding pairs.", nouns) == ["1,930"]
    assert counts("The farm keeps 60 head of cattle.", ("cattle",)) == ["60"]
    # pairs of another kind count none of it
    assert counts("The isle held 420 pairs of kittiwakes.", nouns) == []


def test_the_latest_count_question_leads_the_count_in_pairs() -> None:
    claims, sources = listed_claims({"kit": PRESS_KIT, "enc": ENCYCLOPEDIA})
    report, gate = noted_report("What is the latest guillemot count on Velmsay Island?", claims, sources)
    assert _lead(report.markdown).startswith("Press kit: Velmsay Island Bird Reserve's guillemots: 1,930 breeding pairs")
    assert gate.tier in ("medium", "high")


def test_a_faq_question_asking_leave_is_read_by_its_reply() -> None:
    question = "Are dogs allowed on Velmsay Island?"
    title = ["Velmsay Island - frequently asked questions"]
    for text, said in [("Can I bring my dog: Sorry, no.", False), ("Q: Can I bring my dog?\nA: Sorry, no.", False),
                       ("Can I bring my dog? Yes, on a lead.", True)]:
        decided = decide_yes_no(question, [text], title, [0], [False])
        assert decided is not None and decided.answer is said, text


def test_a_no_with_the_faqs_reply_is_not_disputed() -> None:
    faq = ("Velmsay Island - frequently asked questions", [
        "Dogs aren't allowed on Velmsay at all, not even on a lead.", "Can I bring my dog: Sorry, no."])
    blog = ("A day on Velmsay", ["Don't bring the dog, dogs aren't allowed on the island."])
    claims, sources = listed_claims({"faq": faq, "blog": blog})
    report, gate = noted_report("Are dogs allowed on Velmsay Island?", claims, sources)
    assert _lead(report.markdown).startswith("No: ")
    assert "disputed" not in gate.signals and gate.tier in ("medium", "high")

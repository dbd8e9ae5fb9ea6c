"""Tests for services.claim_extractor.offline: a leading pronoun is replaced only by a name the page attests."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims

EIFFEL = "The Eiffel Tower is a wrought-iron lattice tower in Paris. It is 330 metres tall."


def texts(text: str, title: str | None) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


def test_title_that_is_not_a_name_is_never_substituted() -> None:
    # "JS page is 330 metres tall" was produced before; an unresolved pronoun sentence is no claim at all
    assert texts("It is 330 metres tall.", "JS page") == []


def test_wikipedia_title_gives_the_subject_as_the_text_spells_it() -> None:
    claims = extract_claims(EIFFEL, title="Eiffel Tower - Wikipedia")
    assert [c.text for c in claims] == [
        "The Eiffel Tower is a wrought-iron lattice tower in Paris.",
        "The Eiffel Tower is 330 metres tall.",
    ]
    assert EIFFEL[claims[1].start : claims[1].end] == "It is 330 metres tall."  # evidence stays the source sentence


@pytest.mark.parametrize(
    "title",
    ["Home | Example News", "Welcome to our site | Example News", "Chapter 3 - Results", "404 Not Found", "Untitled"],
)
def test_generic_title_is_never_substituted(title: str) -> None:
    text = "Example News reported on the new tower in Results Square today. It is 330 metres tall."
    out = texts(text, title)
    assert out == ["Example News reported on the new tower in Results Square today."]


def test_title_absent_from_the_text_is_not_substituted() -> None:
    assert texts("The weather was fine all week long. It is 330 metres tall.", "Acme Widgets") == [
        "The weather was fine all week long."
    ]


def test_name_from_the_previous_sentence_of_the_paragraph() -> None:
    text = "Gustave Eiffel was a French civil engineer. He was born in Dijon in 1832."
    assert texts(text, None)[1] == "Gustave Eiffel was born in Dijon in 1832."
    assert texts(text, "Home | Example News")[1] == "Gustave Eiffel was born in Dijon in 1832."
    text = "The Burj Khalifa was completed in the year 2010. It is 828 metres tall."
    assert texts(text, None)[1] == "The Burj Khalifa is 828 metres tall."
    # a chain: the pronoun sentence is about the name its own pronoun stood for
    text = "Gustave Eiffel was a French civil engineer. He was born in Dijon in 1832. His company built the tower."
    assert texts(text, None)[2] == "Gustave Eiffel's company built the tower."


def test_no_name_across_a_paragraph_break_or_a_sentence_without_one() -> None:
    assert texts("Gustave Eiffel was a French civil engineer.\n\nHe was born in Dijon in 1832.", None) == [
        "Gustave Eiffel was a French civil engineer."
    ]
    text = "Gustave Eiffel was a French civil engineer. In 1889 the tower opened to the public. He was born in Dijon."
    assert "He was born in Dijon." not in texts(text, None)
    assert all(not t.startswith(("He ", "Gustave Eiffel was born")) for t in texts(text, None))


def test_pronoun_must_fit_the_name() -> None:
    # "He" never stands for a thing ("The Eiffel Tower"), from the title or from the previous sentence: it stands
    # for the one person that sentence names ("The Eiffel Tower" opens with "The": a thing, no second person)
    text = "The Eiffel Tower was designed by the company of Gustave Eiffel. He was born in Dijon in 1832."
    assert texts(text, "Eiffel Tower") == ["The Eiffel Tower was designed by the company of Gustave Eiffel.",
                                           "Gustave Eiffel was born in Dijon in 1832."]
    # a person named in the previous sentence is not what "It" stands for
    text = "Caroline Wozniacki defeated Peng Shuai in the final match. It was her 16th career title overall."
    assert texts(text, None) == ["Caroline Wozniacki defeated Peng Shuai in the final match."]


def test_title_matched_to_a_fuller_or_accented_name() -> None:
    text = (
        "Thomas William Hiddleston (born 9 February 1981) is an English actor. At the beginning of his career, "
        "he appeared in plays. He won the Laurence Olivier Award in 2008."
    )
    assert texts(text, "Tom Hiddleston")[-1] == "Tom Hiddleston won the Laurence Olivier Award in 2008."
    text = "Bora Živković (born 1974) is a Danish former football player. He has played 310 games in the Superliga."
    assert texts(text, "Bora Zivkovic")[-1] == "Bora Zivkovic has played 310 games in the Superliga."


def test_contractions_and_titles_that_open_with_a_pronoun() -> None:
    text = "The Eiffel Tower is a wrought-iron lattice tower in Paris. It's the most visited paid monument."
    assert texts(text, "Eiffel Tower")[1] == "The Eiffel Tower is the most visited paid monument."
    text = "It's Superman! is a novel by Tom De Haven about the comic book superhero."
    assert texts(text, "It's Superman!") == [text]


def test_dropped_pronoun_sentences_leave_room_for_other_claims() -> None:
    text = "It is 330 metres tall. " + " ".join(f"The town number {i} has a bakery with bread." for i in range(3))
    assert len(extract_claims(text, title="JS page", max_claims=3)) == 3


def test_pronoun_agrees_in_number_with_a_title_that_names_a_topic() -> None:
    # a blog's title names a plural topic: "Its hooks" and "It depends" are not about "Node HTTP clients"
    text = (
        "Node HTTP clients\n\nInstall axios with npm install axios; it runs in the browser and in Node.js.\n\n"
        "Should you wait for the next release or switch to got? It depends on whether you need the browser."
    )
    out = texts(text, "Node HTTP clients")
    assert not any("Node HTTP clients depends" in t or "Node HTTP clients'" in t for t in out)
    assert out == ["Install axios with npm install axios; it runs in the browser and in Node.js."]
    # "They" does not stand for a singular common noun either, but does for a plural one
    text = "The Python HTTP client is a library for web requests. They retry failed requests three times."
    assert texts(text, "Python HTTP client") == ["The Python HTTP client is a library for web requests."]
    text = "Python HTTP clients are libraries for web requests. They send requests over the network."
    assert texts(text, "Python HTTP clients")[1] == "Python HTTP clients send requests over the network."
    # a proper name may be "it" or "they" whatever its last letter
    text = "Los Angeles is a city in California on the coast. It has a population of about four million."
    assert texts(text, "Los Angeles")[1] == "Los Angeles has a population of about four million."


def test_pronoun_stands_for_a_previous_subject_styled_in_lower_case() -> None:
    # a package named in lower case is the previous sentence's subject: "got's hooks", not the page topic's
    text = "Node HTTP clients\n\ngot is a Node-only HTTP request library. Its hooks work like interceptors, and retries are built in."
    assert texts(text, "Node HTTP clients") == [
        "got is a Node-only HTTP request library.",
        "got's hooks work like interceptors, and retries are built in.",
    ]
    text = "eBay was founded in California in 1995. It operates online marketplaces in many countries."
    assert texts(text, None)[1] == "eBay operates online marketplaces in many countries."
    # a lower-case opening that is a function word is no name
    text = "The statue stood in Paris for a century.\n\nthe statue was later moved to Lyon. It is now in a museum."
    assert texts(text, None) == ["The statue stood in Paris for a century.", "the statue was later moved to Lyon."]


def test_it_after_an_indefinite_subject_named_in_apposition_is_that_thing() -> None:
    # a second, older bridge introduced in the page of another: "It" is the older one, never the page's subject
    text = (
        "The Halloran Bridge carries the coast road over the River Esk. It opened to traffic in 1931.\n\n"
        "A wooden ferry landing, the Esk Landing, served the crossing from 1850 until 1930. It was 40 metres long "
        "and was rebuilt twice. It was demolished in 1932."
    )
    out = texts(text, "Halloran Bridge")
    assert out[1] == "The Halloran Bridge opened to traffic in 1931."
    assert "The Esk Landing was 40 metres long and was rebuilt twice." in out
    assert "The Esk Landing was demolished in 1932." in out
    assert not any(t.startswith("The Halloran Bridge was") for t in out)
    text = "A stone mill called Brannock Mill stood on the river until 1901. Its wheel was 9 metres across."
    assert texts(text, "Halloran Bridge")[-1] == "Brannock Mill's wheel was 9 metres across."


def test_it_after_an_unnamed_indefinite_subject_is_no_claim() -> None:
    text = (
        "The Halloran Bridge carries the coast road over the River Esk.\n\n"
        "An older rope bridge stood upstream until a flood in 1887. It was 40 metres long. It had no railings."
    )
    assert texts(text, "Halloran Bridge") == [
        "The Halloran Bridge carries the coast road over the River Esk.",
        "An older rope bridge stood upstream until a flood in 1887.",
    ]
    # an introductory apposition is no subject: the name after it is ("A native of Ohio, Ann Reyes ...")
    text = "Ann Reyes is an American painter. A native of Ohio, Ann Reyes studied in Chicago. She now lives in Maine."
    assert texts(text, "Ann Reyes")[-1] == "Ann Reyes now lives in Maine."


def test_pronoun_after_another_named_subject_of_the_paragraph() -> None:
    # the previous sentence's subject is another thing than the page's: the pronoun is about it
    text = (
        "The Orwin Line Ferry Company was founded in 1926. It runs the ferry Tern on the lake.\n\n"
        "The Tern is licensed to carry 60 passengers. Its predecessor, the Gannet, carried 25 passengers."
    )
    out = texts(text, "Orwin Line Ferry Company")
    assert out[1] == "The Orwin Line Ferry Company runs the ferry Tern on the lake."
    assert out[-1] == "The Tern's predecessor, the Gannet, carried 25 passengers."
    # while a sentence about the page's subject by another form of its name keeps it
    text = "Thomas William Hiddleston was born in 1981 in London. He won the Laurence Olivier Award in 2008."
    assert texts(text, "Tom Hiddleston")[-1] == "Tom Hiddleston won the Laurence Olivier Award in 2008."


def test_he_his_never_stand_for_a_place_or_organisation_title() -> None:
    text = (
        "Lanmore is a market town on the south bank of the River Esk. It received its charter in 1290.\n\n"
        "Nadia Osei has been mayor of Lanmore since 2020. His predecessor was Paul Brandt.\n\n"
        "The town hall was rebuilt in 1950. His statue stands in the square."
    )
    out = texts(text, "Lanmore")
    assert out[1] == "Lanmore received its charter in 1290."
    assert "Nadia Osei's predecessor was Paul Brandt." in out
    assert not any(t.startswith("Lanmore's") for t in out)
    assert "His statue stands in the square." not in out


@pytest.mark.parametrize(
    ("title", "subject"),
    [
        ("Halloran Viaduct: how high is it?", "The Halloran Viaduct"),
        ("Halloran Viaduct: what visitors should know", "The Halloran Viaduct"),
        ("How high is the Halloran Viaduct?", None),
    ],
)
def test_a_question_heading_gives_only_the_name_before_it(title: str, subject: str | None) -> None:
    text = f"# {title}\n\nThe Halloran Viaduct carries the railway over the gorge. It opened in 1911 with nine spans."
    out = texts(text, title)
    assert not any("?" in t or "know" in t.split(" opened")[0] for t in out)
    if subject is None:
        assert out == ["The Halloran Viaduct carries the railway over the gorge."]
    else:
        assert out[-1] == f"{subject} opened in 1911 with nine spans."


def test_a_title_case_question_is_a_work_name() -> None:
    text = "Who Framed Roger Rabbit? is a 1988 American fantasy comedy film. It was directed by Robert Zemeckis."
    assert texts(text, "Who Framed Roger Rabbit?")[-1].endswith("was directed by Robert Zemeckis.")
    assert texts(text, "Who Framed Roger Rabbit?")[-1].startswith("Who Framed Roger Rabbit")


def test_the_page_subject_by_a_fuller_name_or_an_indefinite_phrase_stays_the_subject() -> None:
    # the previous sentence names the page's subject with honorifics, more given names or a common noun
    text = "Sir Alan Merrick CBE (born 1940) is a British actor. He won a BAFTA Award in 1981 for a supporting role."
    assert texts(text, "Alan Merrick")[-1] == "Alan Merrick won a BAFTA Award in 1981 for a supporting role."
    text = "Poul Anders Lind Madsen is a retired Danish goalkeeper. He played eight matches for the national team."
    assert texts(text, "Anders Lind")[-1] == "Anders Lind played eight matches for the national team."
    text = "A fibroma in the horse is a benign tumour. It is an abnormal growth of fibrous connective tissue."
    assert texts(text, "Fibroma (horse)")[-1] == "Fibroma is an abnormal growth of fibrous connective tissue."
    # a longer name whose head word is another kind of thing is not the page's subject
    text = (
        "Lanmore is a market town on the River Esk.\n\n"
        "The Lanmore Lantern Festival was first held in 1958. It draws thousands of visitors every year."
    )
    assert texts(text, "Lanmore")[-1] == "The Lanmore Lantern Festival draws thousands of visitors every year."


def test_a_title_ending_in_a_full_stop_keeps_it() -> None:
    text = "Halvik F.C. is a football club based in Halvik. Its colours are blue and white and black."
    assert texts(text, "Halvik F.C.")[-1] == "Halvik F.C.'s colours are blue and white and black."


def test_the_page_subject_with_its_surname_spelt_another_way_stays_the_subject() -> None:
    text = (
        "Keld Tande Nordgard (born 1962) is a Danish former football player. He was the head coach of the "
        "under-21s. Keld Nordgaard played four games for the national team."
    )
    assert texts(text, "Keld Nordgaard")[1] == "Keld Nordgaard was the head coach of the under-21s."


@pytest.mark.parametrize(("title", "text", "expected"), [
    ("The Harlow Mill and its wheel",
     "The Harlow Mill is a water mill on the Tane. Its wheel was first turned in 1788 by the miller Ada Penn.",
     "The Harlow Mill's wheel was first turned in 1788 by the miller Ada Penn."),
    ("Dorrin Abbey and its library",
     "Dorrin Abbey stands above the harbour. Its library was founded in 1402 by the abbot Cael.",
     "Dorrin Abbey's library was founded in 1402 by the abbot Cael."),
    ("The Ostwick Bridge & its tolls",
     "The Ostwick Bridge crosses the river at Ostwick. Its tolls were abolished in 1871.",
     "The Ostwick Bridge's tolls were abolished in 1871."),
])
def test_a_title_naming_a_thing_and_its_part_gives_the_thing(title: str, text: str, expected: str) -> None:
    # "The Kessin Tower and its clock's clock was first installed in 1712" was made of such a page (trial t34)
    assert texts(text, title)[1] == expected


def test_a_coordination_of_two_names_stays_the_title() -> None:
    text = "Romeo and Juliet is a tragedy by Shakespeare. It was first printed in 1597."
    assert texts(text, "Romeo and Juliet")[1] == "Romeo and Juliet was first printed in 1597."


@pytest.mark.parametrize(("title", "text", "expected"), [
    ("The organ of St. Brin's Chapel",
     "St. Brin's Chapel stands on the quay. Its organ was built in 1790 by Hal Orme.",
     "St. Brin's Chapel's organ was built in 1790 by Hal Orme."),
    ("The bells of the Church of St. Oda",
     "The Church of St. Oda is the oldest church of Tarn. Its three bells were cast in 1650 by Jon Vell.",
     "The Church of St. Oda's three bells were cast in 1650 by Jon Vell."),
    ("The tower clock of Marwick Town Hall",
     "The tower clock of Marwick Town Hall\n\nMarwick Town Hall faces the square. Its clock was made in 1801 by Edda"
     " Rolt.",
     "Marwick Town Hall's clock was made in 1801 by Edda Rolt."),
])
def test_its_part_on_a_page_titled_the_part_of_a_thing_is_the_things(title: str, text: str, expected: str) -> None:
    # "The clock of St. Avel's Church's tower clock was built in 1760" was made of such a page (trial t34)
    assert texts(text, title)[-1] == expected


def test_its_other_noun_on_a_page_titled_the_part_of_a_thing_is_the_parts() -> None:
    text = "The organ of St. Brin's Chapel was built in 1790. Its pipes are made of tin."
    assert texts(text, "The organ of St. Brin's Chapel")[1] == "The organ of St. Brin's Chapel's pipes are made of tin."

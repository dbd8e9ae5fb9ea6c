"""Page furniture is never a claim (reference lists, disclaimers, cookie consent, paywall notices, subscribe boxes,
a title glued to a sentence); unspaced scripts are counted in characters; symbol names survive tokenizing and
the offline planner."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims, word_count
from services.planner.offline import plan
from shared.text.noise import noise_kind, reference_sections, unglue
from shared.text.tokens import Sentence, split_sentences, tokenize

FACT = "The Mariana Trench reaches a depth of about 10,984 metres in the western Pacific Ocean."

FURNITURE = {
    "reference": [
        "Smith J, Jones K. Protein folding in the cell. Journal of Cell Studies. 2010;12(4):233-240.",
        "Brown, A. B., et al. (2012). Chaperones revisited. Nature Reviews Molecular Biology, 5, 10-20.",
        "Okafor C. The deep sea. Ocean Letters. doi:10.1234/ol.2019.0042 and more text after it.",
        "Lee, H. (2003). A history of trench surveys in the Pacific. Marine Press, pp. 45-67.",
    ],
    "disclaimer": [
        "This article is for informational purposes only and does not constitute investment advice.",
        "Past performance is not a reliable indicator of future results for any of these funds.",
        "The content on this page is not intended as a substitute for professional medical advice.",
        "We may earn a commission when you buy through links on our site at no extra cost to you.",
    ],
    "consent": [
        "We use cookies to personalise content and ads and to analyse our traffic on this website.",
        "By continuing to use this site you agree to the storing of cookies on your device.",
        "Our partners store and access information on a device for personalised ads and content.",
        "Click Accept all cookies to consent, or manage your preferences at any time below.",
    ],
    "paywall": [
        "Subscribe now to continue reading this story and get unlimited digital access today.",
        "This article is available to subscribers only, so please log in or start a free trial.",
        "You have reached your monthly limit of free articles on this news website.",
        "Already a subscriber? Sign in to read the full story on the website today.",
        "Subscribe to the Harbour Gazette for unlimited access to award-winning journalism.",
        "Harbour Gazette: Subscribe today from two crowns a week and read on any device.",
        "Support our independent regional journalism by becoming a member of the Gazette.",
    ],
    "subscribe": [
        "Sign up for our newsletter to get the best stories of the week in one email.",
        "Get the latest science news delivered straight to your inbox every single morning.",
        "Enter your email address below and join 20,000 other readers of the weekly digest.",
    ],
}


@pytest.mark.parametrize("kind,sentence", [(k, s) for k, ss in FURNITURE.items() for s in ss])
def test_each_kind_of_page_furniture_is_recognised_and_never_a_claim(kind: str, sentence: str) -> None:
    assert noise_kind(sentence) is not None, sentence
    text = f"{FACT}\n\n{sentence}\n\n{FACT.replace('Mariana', 'Tonga').replace('10,984', '10,882')}"
    claims = [c.text for c in extract_claims(text, title="Ocean trenches")]
    assert FACT in claims and len(claims) == 2, claims
    assert all(sentence[:30] not in c for c in claims)


def test_content_that_merely_mentions_cookies_or_journals_is_still_a_claim() -> None:
    for sentence in ("Chocolate chip cookies were invented by Ruth Wakefield in Massachusetts in 1938.",
                     "The Journal of Cell Studies was founded in 1952 by the Royal Society of Biology.",
                     "Newspapers lost half of their print subscribers between 2005 and 2020 in the region.",
                     "The New York Times introduced a paywall in 2011 for its website.",
                     "Spotify had 200 million premium subscribers in 2023.",
                     "Readers could subscribe to the Harbour Gazette by post from 1850 onwards.",
                     "The Gazette won an award for its journalism on the harbour strike in 1998.",
                     "Browsers allow cookies by default in most settings.",
                     "The terms and conditions of the loan were revised in 2020.",
                     "Hosts are not liable for user content under Section 230.",
                     "The court ruled the letter does not constitute an offer of employment.",
                     "Singin' in the Rain (1952) was praised by The Paris Review and the Associated Press.",
                     "Smith et al. (2010) showed in the Journal of Cell Studies that chaperones help folding."):
        assert noise_kind(sentence) is None, sentence
        assert [c.text for c in extract_claims(sentence)] == [sentence]


def test_a_reference_section_yields_no_claim_even_for_sentence_like_entries() -> None:
    text = (f"{FACT}\n\nReferences\n\n"
            "Jamieson, Alan. The hadal zone: life in the deepest oceans. Cambridge University Press.\n"
            "Stewart, Heather and Alan Jamieson. Habitat heterogeneity of hadal trenches in the Pacific.\n"
            "The trench was first sounded by the Challenger expedition in the year 1875 onwards.\n\n"
            "History\n\nThe trench is named after the nearby Mariana Islands in the western Pacific.")
    spans = reference_sections(text)
    assert spans and text[spans[0][0]:].startswith("References")
    claims = [c.text for c in extract_claims(text)]
    # "The trench" is the one trench the page's opening sentence names (issue 9, t51 F5)
    assert claims == [FACT, "The Mariana Trench is named after the nearby Mariana Islands in the western Pacific."]


def test_a_corpus_page_that_is_only_a_reference_list_gives_no_claim() -> None:
    text = "\n".join(FURNITURE["reference"] + [
        "Garcia M, Tanaka Y. Hadal ecology. Deep Sea Research Part I. 2015;98:1-12.",
        "Kumar R. et al. (2018) Pressure adaptation in amphipods. Journal of Marine Biology 44(2): 101-119.",
    ])
    assert extract_claims(text, title="Bibliography") == []


def test_a_title_glued_to_a_sentence_is_cut_off_and_never_a_claim() -> None:
    text = "Journal of Cell Studies 12(4) The protein folds in two stages within the endoplasmic reticulum."
    claims = extract_claims(text)
    assert [c.text for c in claims] == ["The protein folds in two stages within the endoplasmic reticulum."]
    assert text[claims[0].start:claims[0].end] == claims[0].text
    titled = "How to read a tide table In most ports the tide table lists two high waters every day."
    out = extract_claims(titled, title="How to read a tide table")
    assert [c.text for c in out] == ["In most ports the tide table lists two high waters every day."]
    named = "Josep Maria Fusté Blanch (born 15 April 1941) is a retired Spanish footballer."
    assert [c.text for c in extract_claims(named, title="Josep Maria Fusté")] == [named]  # a fuller name stays
    dated = "Updated: March 3, 2024 The council approved the new harbour wall after a two-year review."
    assert [c.text for c in extract_claims(dated)] == [dated[len("Updated: March 3, 2024 "):]]
    iso = "2024-06-01 Quill 5.0 is the latest version of the Quill toolkit."
    assert [c.text for c in extract_claims(iso)] == [iso[11:]]
    # a sentence about the title's subject keeps its subject
    about = "Mariana Trench is the deepest oceanic trench on Earth, east of the Mariana Islands."
    assert [c.text for c in extract_claims(about, title="Mariana Trench")] == [about]
    s = split_sentences(about)[0]
    assert unglue(s, "Mariana Trench") == s
    assert unglue(Sentence(start=0, end=30, text="Journal of Cell Studies 12(4)")).text == "Journal of Cell Studies 12(4)"


def test_a_title_run_together_with_a_sentence_without_a_space_is_cut_off() -> None:
    text = "Drennic HarbourFishermen from the northern coast founded the harbour in 1810."
    claims = extract_claims(text, title="Drennic Harbour")
    assert [c.text for c in claims] == ["Fishermen from the northern coast founded the harbour in 1810."]
    assert text[claims[0].start:claims[0].end] == claims[0].text
    opener = "JavaThe language was first released by Sun Microsystems in 1995."
    assert [c.text for c in extract_claims(opener, title="Java")] == [opener[4:]]
    # a one-word title is cut only before a sentence opener: a longer word that starts with it is a word
    word = "JavaScript was first released by Netscape in December 1995."
    assert [c.text for c in extract_claims(word, title="Java")] == [word]


def test_chinese_japanese_and_thai_sentences_are_counted_in_characters() -> None:
    zh = "东京是日本的首都，也是日本最大的城市。东京的人口约为一千四百万人。好的。"
    claims = [c.text for c in extract_claims(zh, title="东京")]
    assert claims == ["东京是日本的首都，也是日本最大的城市。", "东京的人口约为一千四百万人。"]
    assert word_count("东京的人口约为一千四百万人。") >= 5 and word_count("好的。") < 5
    ja = "富士山は日本で最も高い山で、標高は3776メートルです。"
    assert [c.text for c in extract_claims(ja)] == [ja]
    th = "กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทยและมีประชากรมากที่สุดในประเทศ"
    assert word_count(th) >= 12
    assert word_count("The tower is 330 metres tall.") == 6


@pytest.mark.parametrize("question,token", [
    ("Who owns AT&T today?", "at&t"), ("What is new in C++ 20?", "c++"), ("Is C# faster than Java?", "c#"),
    ("How do I install .NET on Linux?", ".net"), ("Does Node.js support ES modules?", "node.js"),
])
def test_symbol_names_survive_tokenizing_and_the_offline_planner(question: str, token: str) -> None:
    assert token in tokenize(question)
    queries = plan(question).sub_queries
    assert queries and all(token in tokenize(q) for q in queries[:1])
    assert any(token in tokenize(q) for q in queries[1:]), queries  # the name as an entity of its own
    assert "c" not in tokenize("C++ and C#") and tokenize("Tom & Jerry") == ["tom", "jerry"]


def test_thai_text_is_split_at_spaces_and_tokenized_in_character_pairs() -> None:
    th = ("กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทยและมีประชากรมากที่สุดในประเทศ "
          "แม่น้ำเจ้าพระยาไหลผ่านใจกลางกรุงเทพมหานครจากทิศเหนือลงสู่อ่าวไทย")
    claims = [c.text for c in extract_claims(th)]
    assert claims == th.split(" ")
    assert "ไท" in tokenize("ประเทศไทย") and set(tokenize("เมืองหลวง")) <= set(tokenize(th))
    assert tokenize("Hello ไทย world") == ["hello", "ไท", "ทย", "world"]


def test_short_questions_in_unspaced_scripts_are_recognised() -> None:
    from shared.text.tokens import detect_language

    assert detect_language("明长城的总长度是多少？") == "zh"
    assert detect_language("富士山の高さは？") == "ja"
    assert detect_language("เมืองหลวงของไทยคืออะไร") == "th"
    assert detect_language("Who wrote it?") == "en"


def test_a_numbered_list_of_names_and_years_is_a_reference_list_not_claims() -> None:
    text = ("The tower is 34 metres tall according to the Drennic Coastal Authority survey of 1990.\n\n"
            "3. Drennic Coastal Authority (1990).\n\n5. Skerra Tourist Board (2019).\n\n"
            "- Margit Olsen (1851)\n")
    assert noise_kind("3. Drennic Coastal Authority (1990).") == "reference"
    assert noise_kind("Bank of America (1998)") == "reference"
    assert noise_kind("The Varnholm Lighthouse (1887) was designed by Margit Olsen.") is None
    assert noise_kind("1. The tower is 34 metres tall.") is None
    texts = [c.text for c in extract_claims(text, title="Varnholm Lighthouse", focus="How tall is the tower?")]
    assert texts == ["The tower is 34 metres tall according to the Drennic Coastal Authority survey of 1990."]


def test_a_clause_cut_off_its_sentence_is_no_claim() -> None:
    # a page that breaks a sentence before its "; ..." leaves a clause without its subject: never a claim
    text = "pip install timeouts\n\n; a package by that name exists on PyPI but it is unrelated.\n\n" + FACT
    assert [c.text for c in extract_claims(text, title="Clients", max_claims=10)] == [FACT]

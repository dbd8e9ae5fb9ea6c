""""How much longer is A than B?": the lead states the difference of each thing's figure of the dimension asked,
citing both; when sources disagree on A's figure it gives every figure with its difference, and the figures'
claims stay in the report (issue 9, trial t18 F4; builds on the difference of two years of one thing)."""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import decide_gap, gap_sentence
from shared.report import lead_section, says_not_established
from tests.claim_pages import local_claim, local_source

SOURCES = {"p": local_source("p", "Orrin Pier"), "q": local_source("q", "Orrin Pier: the 2004 survey"),
           "k": local_source("k", "Kell Jetty")}
CLAIMS = [
    local_claim("p1", "p", "The Orrin Pier opened in 1869 and is 540 metres long."),
    local_claim("p2", "p", "Its pavilion stands on piles 12 metres high."),
    local_claim("q1", "q", "A survey in 2004 measured the Orrin Pier at 561 metres, counting the landing stage."),
    local_claim("k1", "k", "The Kell Jetty is a timber jetty in Brisk harbour with a length of 205 metres."),
    local_claim("k2", "k", "The Kell Jetty was rebuilt in 1950."),
]


def test_the_gap_between_two_things_figures_of_the_dimension_asked() -> None:
    texts = [c.text for c in CLAIMS]
    titles = [SOURCES[c.source_id].title for c in CLAIMS]
    gap = decide_gap("How much longer is the Orrin Pier than the Kell Jetty?", texts, titles, [0, 1, 3, 4])
    assert gap is not None
    assert gap.values == ("540 metres",) and gap.amounts == ("335 metres",) and gap.other_value == "205 metres"
    assert gap_sentence(gap, ["[1]"], "[2]") == ("The Orrin Pier is 335 metres longer than the Kell Jetty: "
                                                  "540 metres [1] against 205 metres [2].")
    # the other way round: a shortfall, not a negative length
    back = decide_gap("How much longer is the Kell Jetty than the Orrin Pier?", texts, titles, [0, 1, 3, 4])
    assert back is not None and back.signs == (-1,) and "335 metres shorter than the Orrin Pier" in gap_sentence(
        back, ["[2]"], "[1]")
    assert decide_gap("How long is the Orrin Pier?", texts, titles, [0, 1, 3, 4]) is None


def test_disagreeing_figures_each_give_their_difference_in_the_lead() -> None:
    md = synthesize("How much longer is the Orrin Pier than the Kell Jetty?", CLAIMS, SOURCES).markdown
    lead = lead_section(md)
    assert not says_not_established(md), md
    assert "335 metres longer" in lead and "356 metres longer" in lead, lead
    assert "540 metres" in lead and "561 metres" in lead and "205 metres" in lead, lead
    assert "12 metres" not in lead.split(".")[0]  # a pile's height is no length of the pier


def test_how_much_older_counts_the_years_between_their_starts() -> None:
    texts = ["The Skel Pottery was established in 1881 by the brothers Dane.",
             "The ropeworks employed 140 men at its peak in 1896.",
             "The Orrin Ropeworks was founded in 1874 by Tamsin Gale.",
             "The Orrin Rope Company, not to be confused with the older Orrin Ropeworks, was founded in 1952."]
    titles = ["Skel Pottery", "Orrin Ropeworks", "Orrin Ropeworks", "Orrin Rope Company"]
    gap = decide_gap("How much older is the Orrin Ropeworks than the Skel Pottery?", texts, titles, [0, 3, 1, 2])
    assert gap is not None  # the year of its founding, not of its peak nor of a look-alike's founding
    assert gap.values == ("1874",)
    assert gap_sentence(gap, ["[2]"], "[1]") == ("The Orrin Ropeworks is 7 years older than the Skel Pottery: "
                                                  "1874 [2] against 1881 [1].")
    young = decide_gap("How much younger is the Orrin Ropeworks than the Skel Pottery?", texts, titles, [0, 1, 2])
    assert young is not None and "7 years older than the Skel Pottery" in gap_sentence(young, ["[2]"], "[1]")


def test_a_gap_asked_by_the_verb_of_its_quantity() -> None:
    """'How much more did A cost than B?' is 'how much more expensive': each thing's cost (a scale word and a
    currency after the number: '410 million crowns') with the difference, both cited (trial t25 F2)."""
    texts = ["The Orsk electrification was completed in 1962 at a cost of 410 million crowns.",
             "The Dunmere electrification followed in 1971 at a cost of 275 million crowns.",
             "The Orsk line carried 2.4 million passengers in 1970."]
    titles = ["Orsk line history"] * 3
    q = "How much more did the Orsk electrification cost than the Dunmere electrification?"
    gap = decide_gap(q, texts, titles, [2, 0, 1])
    assert gap is not None and gap.cited == (0,) and gap.other_cited == 1
    assert gap_sentence(gap, ["[1]"], "[2]") == (
        "The Orsk electrification is 135 million crowns more expensive than the Dunmere electrification: "
        "410 million crowns [1] against 275 million crowns [2].")
    less = decide_gap("How much less did the Dunmere electrification cost than the Orsk electrification?", texts,
                      titles, [2, 0, 1])
    assert less is not None and less.subject == "the Dunmere electrification" and less.comparative == "cheaper"
    assert less.signs == (1,) and less.amounts == ("135 million crowns",)  # A's shortfall, said as the question does
    short = decide_gap("How much more did the Dunmere electrification cost than the Orsk electrification?", texts,
                       titles, [2, 0, 1])
    assert short is not None and "135 million crowns cheaper than the Orsk electrification" in gap_sentence(
        short, ["[2]"], "[1]")
    claims = [local_claim(f"c{k}", "h", t) for k, t in enumerate(texts)]
    md = synthesize(q, claims, {"h": local_source("h", titles[0])}).markdown
    assert lead_section(md).startswith("The Orsk electrification is 135 million crowns more expensive"), md
    assert not says_not_established(md)


def test_a_gap_names_each_thing_as_the_question_does() -> None:
    """A thing the question names by a name and the words after it ('the Kell to Orrin line electrification') is
    said so in the lead, not by its first name alone ('The Kell')."""
    texts = ["The electrification of the Kell to Orrin line was completed in 2016 at a cost of 410 million crowns.",
             "The electrification of the Brisk branch was completed in 2020 at a cost of 275 million crowns."]
    gap = decide_gap("How much more did the Kell to Orrin line electrification cost than the Brisk branch "
                     "electrification?", texts, ["Electrification"] * 2, [0, 1])
    assert gap is not None and gap.subject == "the Kell to Orrin line electrification"
    assert gap.other == "the Brisk branch electrification" and gap.amounts == ("135 million crowns",)


def test_a_lesser_comparative_is_said_in_the_question_s_words_and_direction() -> None:
    """'How much shorter / cheaper / less expensive is A than B?' and 'how much less did A cost than B': A's
    shortfall, said with the question's comparative when A is so ('22 metres shorter') and with its opposite when it
    is not ('22 metres longer'), never the other way round (trial t25: 'how much shorter' was answered 'longer')."""
    claims = [local_claim("s1", "s", "The Sallow Viaduct is 412 metres long."),
              local_claim("m1", "m", "The Merrin Bridge is 390 metres long."),
              local_claim("o1", "o", "The Orsk electrification cost 410 million crowns."),
              local_claim("t1", "t", "The Tarvel electrification cost 275 million crowns."),
              local_claim("f1", "f", "A ferry ticket to Kelby cost 8.10 crowns in 2023."),
              local_claim("f2", "f", "A ferry ticket to Dunmoor cost 6.50 crowns in 2023.")]
    sources = {"s": local_source("s", "Sallow Viaduct"), "m": local_source("m", "Merrin Bridge"),
               "o": local_source("o", "Orsk electrification"), "t": local_source("t", "Tarvel electrification"),
               "f": local_source("f", "Ferries")}
    expected = {
        "How much shorter is the Merrin Bridge than the Sallow Viaduct?":
            "The Merrin Bridge is 22 metres shorter than the Sallow Viaduct: 390 metres",
        "How many metres shorter is the Sallow Viaduct than the Merrin Bridge?":
            "The Sallow Viaduct is 22 metres longer than the Merrin Bridge: 412 metres",
        "How much longer is the Merrin Bridge than the Sallow Viaduct?":
            "The Merrin Bridge is 22 metres shorter than the Sallow Viaduct",
        "How much cheaper was the Tarvel electrification than the Orsk electrification?":
            "The Tarvel electrification is 135 million crowns cheaper than the Orsk electrification",
        "How much less expensive was the Tarvel electrification than the Orsk electrification?":
            "The Tarvel electrification is 135 million crowns less expensive than the Orsk electrification",
        "How much less expensive was the Orsk electrification than the Tarvel electrification?":
            "The Orsk electrification is 135 million crowns more expensive than the Tarvel electrification",
        "How much less did the Tarvel electrification cost than the Orsk electrification?":
            "The Tarvel electrification is 135 million crowns cheaper than the Orsk electrification",
        "How much less does a ferry ticket to Dunmoor cost than a ferry ticket to Kelby?":
            "A ferry ticket to Dunmoor is 1.60 crowns cheaper than a ferry ticket to Kelby: 6.50 crowns",
    }
    for question, opening in expected.items():
        md = synthesize(question, claims, sources).markdown
        assert lead_section(md).startswith(opening), (question, md)
        assert not says_not_established(md), md

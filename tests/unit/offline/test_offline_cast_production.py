"""A works that "cast" its bells produced them: "cast" states production when its object is a made thing counted or
named ("cast more than 5,300 bells", "casts the treble bell") or, in the passive, a material or a year follows ("were
cast in bronze"), never as the noun ("the film's cast", "cast list") nor casting a player ("was cast as", "cast in
the role of") (``shared.text.relations.produces_thing``). The pages here are invented."""

from __future__ import annotations

from services.synthesizer.confidence import relation_features, report_gate
from services.synthesizer.offline import synthesize
from shared.text.relations import produces_thing, relation_of, said_relation_words, with_relations
from shared.text.tokens import tokenize
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead

WORKS = {"e": local_source("e", "Quillbury Bell Works")}
CLAIMS = [
    local_claim("e1", "e", "Over nearly three centuries the works cast more than 5,300 bells for chapels and schools."),
    local_claim("e2", "e", "The Quillbury Bell Works stands on Tanner Row in Ossendale."),
]


def test_casting_a_made_thing_states_its_production() -> None:
    for text in ("Over nearly three centuries the works cast more than 5,300 bells for chapels and schools.",
                 "In 1888 the works casts the treble bell for Ossendale Abbey.",
                 "The eight bells were cast in bronze.",
                 "The Great Anselm was cast in 1907 for the abbey."):
        assert produces_thing(text), text
        assert said_relation_words(text) == {"produced"}, text
    question_words = tokenize("produced")
    assert "produced" in with_relations(set(tokenize(CLAIMS[0].text)), question_words, CLAIMS[0].text)


def test_the_noun_cast_and_casting_a_player_state_no_production() -> None:
    for text in ("The film's cast includes Orla Venn and Tam Reddick.",
                 "The cast list was published in May.",
                 "A cast of forty performed the opera.",
                 "Orla Venn was cast as the queen.",
                 "Tam Reddick was cast in the role of the miller.",
                 "She was cast in 2004.",
                 "The director cast the actress Orla Venn in the lead.",
                 "Voters cast 12,400 votes in the by-election.",
                 "The tower cast a long shadow over the square.",
                 "The largest piece was a 9-tonne cast-iron beam."):
        assert not produces_thing(text), text
        assert said_relation_words(text) == frozenset(), text
    assert relation_of("cast") is None  # "Who was cast as X?" asks no production


def test_the_cast_count_answers_the_production_asked() -> None:
    question = "What is the total number of bells produced by the Quillbury Bell Works?"
    rep = synthesize(question, CLAIMS, WORKS)
    assert _lead(rep.markdown) == ("Over nearly three centuries the works cast more than 5,300 bells for chapels "
                                   "and schools [1]."), rep.markdown
    assert relation_features(question, CLAIMS[0].text + " [1]")["relation_lead"] == 1.0
    gate = report_gate(question, rep, WORKS, CLAIMS)
    assert gate.tier in ("medium", "high") and "not_established" not in gate.signals, gate
    for film in ("The cast of Harrow Lane includes Orla Venn [1].", "Orla Venn was cast as the miller in Harrow Lane [1]."):
        assert relation_features("Who produced Harrow Lane?", film)["relation_lead"] == 0.0, film


MINT = {"m": local_source("m", "Tolmey Mint")}
MINT_CLAIMS = [
    local_claim("m1", "m", "Between 1790 and 1870 the mint minted more than 96,000 silver crowns for the duchy."),
    local_claim("m2", "m", "The Tolmey Mint stands on Coin Street in Harwell."),
]


def test_a_family_of_making_verbs_states_production() -> None:
    """Review of stop 38, item 4: not "cast" alone; every verb of making a thing (minted, brewed, printed, forged,
    woven, built ...) with a made thing states its production, and none of them with a thing no one makes."""
    for text in ("Between 1790 and 1870 the mint minted more than 96,000 silver crowns for the duchy.",
                 "The Orvel brewery brewed 12,000 barrels in 2019.",
                 "The press printed 40,000 copies of the gazette.",
                 "The smithy forged the gates of Kellam Abbey.",
                 "The Wendle mill wove some 3,000 bolts of cloth a year.",
                 "The yard built more than 400 ships.",
                 "The tapestries were woven from wool.",
                 "The bakery bakes 500 loaves a day."):
        assert produces_thing(text), text
        assert said_relation_words(text) == {"produced"}, text
    for text in ("Mara Teal built a career in banking.",
                 "The two towns forged an alliance in 1420.",
                 "The author wove a story of loss.",
                 "The building the council bought in 1990 is a school.",
                 "The prints the museum holds date from 1820.",
                 "He forged the signature of the mayor.",
                 "Trouble was brewing in the town."):
        assert not produces_thing(text), text
        assert said_relation_words(text) == frozenset(), text


def test_the_minted_count_answers_the_production_asked() -> None:
    question = "What is the total number of crowns produced by the Tolmey Mint?"
    rep = synthesize(question, MINT_CLAIMS, MINT)
    assert _lead(rep.markdown) == ("Between 1790 and 1870 the mint minted more than 96,000 silver crowns for the "
                                   "duchy [1]."), rep.markdown
    assert relation_features(question, MINT_CLAIMS[0].text + " [1]")["relation_lead"] == 1.0

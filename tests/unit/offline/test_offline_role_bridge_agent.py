"""A two-hop question naming its subject by a role ("Where was the founder of the Orsolo Lace Museum born?") is
bridged through the sentence stating who holds the role even when that sentence names a kin of the holder right
after ("founded by Benedetta Castiglio-Ruan, Pietro Castiglio's granddaughter": a name finder reads the two names
as one) and another sentence of the page gives a family name with a word of a near relation ("the former Castiglio
lace workshop ... was opened in 1990"): the holder is the name after the role verb's "by"
(:func:`shared.text.relations.agent_names`). The founding sentence is also kept among a page's claims when the
question asks about the founder (:func:`services.claim_extractor.offline.extract_claims`: "founded" holds
"founder"). Issue 9, trial t51 fault F6."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.judge.offline import UNANSWERED_MAX
from services.synthesizer.confidence import MEDIUM_THRESHOLD
from shared.report import lead_section
from shared.text.relations import agent_names
from tests.claim_pages import listed_claims, recorded_report

MUSEUM = ("Orsolo Lace Museum - Wikiloom", [
    "The Orsolo Lace Museum is a museum of bobbin lace in Orsolo, a village in the Val Dreno.",
    "The Orsolo Lace Museum occupies the former Castiglio lace workshop on the square and was opened to the public "
    "on 2 April 1990.",
    "The workshop building was erected in 1868 by the lace merchant Pietro Castiglio.",
    "The Orsolo Lace Museum was founded by Benedetta Castiglio-Ruan, Pietro Castiglio's granddaughter, who bought "
    "the building back in 1984.",
    "The Orsolo Lace Museum is closed every Monday.",
])
BIOGRAPHY = ("Benedetta Castiglio-Ruan (1925-2008) - Dreno Biographies", [
    "Benedetta Castiglio-Ruan (5 June 1925 – 2 February 2008) was an Italian teacher and collector of lace.",
    "Benedetta Castiglio-Ruan was born in Ferlano, a hamlet above the Dreno, the daughter of a carpenter.",
    "Benedetta Castiglio-Ruan died in Orsolo on 2 February 2008 and is buried in Ferlano.",
])


def test_agent_names_are_the_names_after_the_relations_by() -> None:
    assert agent_names(MUSEUM[1][3], "founder") == ["Benedetta Castiglio-Ruan"]
    assert agent_names("The Vell Hall was founded in 1874 by the industrialist Aurel Dunmore.", "founded") == [
        "Aurel Dunmore"]
    assert agent_names("It was founded by Pietro Castiglio's granddaughter in 1984.", "founder") == []  # a kin
    assert agent_names(MUSEUM[1][2], "founder") == []  # "erected by": no founding word
    assert agent_names("The hall was designed by Ludwig van Brenner.", "designer") == ["Ludwig van Brenner"]


def test_the_founder_is_the_name_after_founded_by_not_a_family_name_of_another_sentence() -> None:
    claims, sources = listed_claims({"m": MUSEUM, "b": BIOGRAPHY})
    for question, answer in (("Where was the founder of the Orsolo Lace Museum born?", "born in Ferlano"),
                             ("When did the founder of the Orsolo Lace Museum die?", "2 February 2008")):
        rep, gate, answered, total = recorded_report(question, claims, sources)
        lead = lead_section(rep.markdown)
        assert answer in lead and "founded by Benedetta Castiglio-Ruan" in lead, (question, lead)
        assert "Not established" not in lead and "opened to the public" not in lead
        assert gate.tier != "low" and gate.score >= MEDIUM_THRESHOLD
        assert answered and total > UNANSWERED_MAX


def test_the_founding_sentence_is_kept_among_a_pages_claims_for_a_founder_question() -> None:
    text = " ".join([*MUSEUM[1][:3], "The lace collection holds about 900 pieces from the museum's own workshop.",
                     "The museum workshop teaches bobbin lace to the museum's visitors.", *MUSEUM[1][3:]])
    kept = [c.text for c in extract_claims(text, title="Orsolo Lace Museum", max_claims=3,
                                           focus="Where was the founder of the Orsolo Lace Museum born?")]
    assert any("founded by Benedetta Castiglio-Ruan" in k for k in kept), kept


def test_a_life_span_in_parentheses_answers_when_the_founder_died() -> None:
    biography = (BIOGRAPHY[0], BIOGRAPHY[1][:2])  # no "died in" sentence: only "(5 June 1925 – 2 February 2008)"
    claims, sources = listed_claims({"m": MUSEUM, "b": biography})
    rep, gate, _answered, _total = recorded_report("When did the founder of the Orsolo Lace Museum die?", claims,
                                                   sources)
    lead = lead_section(rep.markdown)
    assert "2 February 2008" in lead and "founded by Benedetta Castiglio-Ruan" in lead, lead
    assert "Not established" not in lead and "2 April 1990" not in lead
    assert gate.tier != "low" and gate.score >= MEDIUM_THRESHOLD

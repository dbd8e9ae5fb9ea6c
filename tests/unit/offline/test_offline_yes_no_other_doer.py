"""Issue 9 (trial t50 fault 2, task f50g): "Did Auguste Delmarre design the Little Orvane Canal?" was "Not
established" though a verified sentence gives the asked thing's designer, another man. A sentence whose subject is the
asked thing and that gives the asked relation's doers after "by" answers the question: "No" when they are others,
"Yes" when the asked one is among them. Invented names (the Brask canals)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import decide_yes_no
from shared.evidence import SourceInfo
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report
from tests.claim_pages import page_claim as _claim

OTHER = "The Little Brask Canal was designed by the engineer Mattis Korrel and built between 1899 and 1902."
TEXTS = [OTHER, "Jonas Edvarsen retired in 1821 and died in Lenhaven.", "The Little Brask Canal opened on 2 June 1902.",
         "The Brask Canal was designed by the engineer Jonas Edvarsen."]
TITLES = ["Little Brask Canal", "Jonas Edvarsen", "Little Brask Canal", "Brask Canal"]


def _decide(question: str, texts: list[str] = TEXTS) -> bool | None:
    decided = decide_yes_no(question, texts, TITLES, [0, 1, 2], [True] * len(texts))
    assert decided is not None
    return decided.answer


def test_another_doer_of_the_asked_relation_says_no() -> None:
    assert _decide("Did Jonas Edvarsen design the Little Brask Canal?") is False


@pytest.mark.parametrize("doers", ["Mattis Korrel and Jonas Edvarsen", "the engineers Korrel and Edvarsen"])
def test_the_asked_doer_among_co_doers_says_yes(doers: str) -> None:
    texts = [f"The Little Brask Canal was designed by {doers}.", *TEXTS[1:]]
    assert _decide("Did Jonas Edvarsen design the Little Brask Canal?", texts) is True


@pytest.mark.parametrize("text", [
    "The bridge over the Little Brask Canal was designed by Mattis Korrel.",  # another thing's designer
    "The Little Brask Canal was built by Mattis Korrel.",  # another relation
    "The Little Brask Canal was designed by a local engineer.",  # no doer named
])
def test_no_verdict_without_the_asked_things_doer_of_the_asked_relation(text: str) -> None:
    assert _decide("Did Jonas Edvarsen design the Little Brask Canal?", [text, *TEXTS[1:]]) is None


def test_the_report_answers_no_with_the_other_doers_sentence() -> None:
    sids = ["little", "person", "little", "big"]
    claims = [_claim(t, s) for t, s in zip(TEXTS, sids)]
    sources = {s: SourceInfo(source_id=s, title=t, url_or_path=f"https://{s}.example/", domain=f"{s}.example")
               for s, t in zip(sids, TITLES)}
    lead = lead_section(synthesize("Did Jonas Edvarsen design the Little Brask Canal?", claims, sources).markdown)
    assert lead.startswith("No: The Little Brask Canal was designed by the engineer Mattis Korrel"), lead


# Task h64 (trial t59 Q08): "Was the ... founded by <its chief executive>?" was "Not established" (low): the claims
# naming the asked person in another role ranked first and filled the places read for the doers, so the sentence
# giving the founder (another person) was never read. Only claims holding a word of the relation are read for its
# doers, and a "No" inferred from another doer is "medium" at most. Invented names (the Varnholt Ski Area).
SKI = "Varnholt Ski Area"
FOUNDING = ("The Varnholt Ski Area was founded in 1958 by the mountain guide Theresia Kolbinger, who leased the upper "
            "pastures from the farmers of Selmbach.")
ROLES = [f"Chief executive Korbinian Stadlmayr said the Varnholt Ski Area {w}." for w in (
    "will raise its day pass price to 61 euros", "recorded 301,000 skier days last season",
    "will replace the Grubalm chairlift in 2026", "expects a longer season", "has hired 40 more staff for the winter",
    "will add a children's area", "plans a new snowmaking pond", "sold 12,400 season passes",
    "will run night skiing on Fridays", "has cut its energy use by a tenth", "will add a second gondola cabin line",
    "welcomed more families than ever", "keeps its prices below its neighbours'", "finished its new ski school building",
    "has a new online ticket shop", "spent 9 million euros on its lifts", "moves its first day to 6 December",
    "will host a ski race in January")]
SKI_Q = "Was the Varnholt Ski Area founded by Korbinian Stadlmayr?"


def test_another_founder_read_past_the_asked_persons_other_roles() -> None:
    texts = [*ROLES, FOUNDING]
    decided = decide_yes_no(SKI_Q, texts, [SKI] * len(texts), list(range(len(texts))), [False] * len(texts))
    assert decided is not None and decided.answer is False and decided.cited == (len(ROLES),), decided
    assert decided.by_other_doer


@pytest.mark.parametrize("doers", ["Theresia Kolbinger and K. Stadlmayr", "the guides Kolbinger and Stadlmayr"])
def test_the_asked_founder_among_several_by_surname_says_yes(doers: str) -> None:
    texts = [*ROLES, f"The Varnholt Ski Area was founded in 1958 by {doers}."]
    decided = decide_yes_no(SKI_Q, texts, [SKI] * len(texts), list(range(len(texts))), [False] * len(texts))
    assert decided is not None and decided.answer is True, decided


def test_a_co_founder_named_leaves_it_open() -> None:
    texts = [*ROLES, "The Varnholt Ski Area was co-founded in 1958 by the mountain guide Theresia Kolbinger."]
    decided = decide_yes_no(SKI_Q, texts, [SKI] * len(texts), list(range(len(texts))), [False] * len(texts))
    assert decided is not None and decided.answer is None, decided


def test_the_report_says_no_with_the_founder_at_medium() -> None:
    claims, sources = listed_claims({
        "w": (SKI, ["The Varnholt Ski Area is a ski resort above the village of Selmbach.", FOUNDING,
                    "The Varnholt Ski Area opened on 20 December 1959 with one chairlift.",
                    "Korbinian Stadlmayr has been its chief executive since 2017."]),
        "n": ("Varnholt raises lift pass prices", ROLES),
        "t": ("Varnholt Ski Area: a short history", [
            "Varnholt Ski Area: in 2017, Korbinian Stadlmayr becomes chief executive of Varnholt Bergbahnen AG.",
            "Varnholt Ski Area: in 1984, the Grubalm chairlift opens."]),
    })
    rep, gate, _answered, _total = recorded_report(SKI_Q, claims, sources)
    assert lead_section(rep.markdown).split(" [1]")[0] == f"No: {FOUNDING[:-1]}", rep.markdown
    assert gate.tier == "medium" and gate.signals["other_doer"] == 1.0, gate


# the asked thing's own act on another thing ("... the Varnholt Ski Area opened its new ski school building": "opened"
# names a founding too) says nothing of who founded it: it made "Was ... founded by <the person quoted>?" "Yes"
ACTS = "Chief executive Korbinian Stadlmayr said the Varnholt Ski Area opened its new ski school building."


@pytest.mark.parametrize(("texts", "answer"), [([ACTS], None), ([ACTS, FOUNDING], False), ([FOUNDING, ACTS], False),
                                               (["The Varnholt Ski Area opened in 1959 by Korbinian Stadlmayr.", ACTS],
                                                True)])
def test_the_things_own_act_on_another_names_no_doer(texts: list[str], answer: bool | None) -> None:
    decided = decide_yes_no(SKI_Q, texts, [SKI] * len(texts), list(range(len(texts))), [False] * len(texts))
    assert decided is not None and decided.answer is answer, decided


# the doers written before the relation's verb, the thing right after it, decide it as "by" does
@pytest.mark.parametrize(("text", "answer"), [
    ("In 1958, mountain guide Theresia Kolbinger founds the Varnholt Ski Area.", False),
    ("In 1958 Theresia Kolbinger and K. Stadlmayr founded the Varnholt Ski Area.", True),
    ("Together with Anton Reiter, Theresia Kolbinger founded the Varnholt Ski Area.", None),  # some of the founders
    ("Theresia Kolbinger founded the Varnholt Ski Area Company in 1958.", None),  # another, longer name
    ("Theresia Kolbinger, who founded the Varnholt Ski Area, died in 1990.", None),  # no name right before the verb
    ("Theresia Kolbinger designed the Varnholt Ski Area.", None),  # another relation
])
def test_doers_before_the_verb_in_the_active_voice(text: str, answer: bool | None) -> None:
    texts = [*ROLES, text]
    decided = decide_yes_no(SKI_Q, texts, [SKI] * len(texts), list(range(len(texts))), [False] * len(texts))
    assert decided is not None and decided.answer is answer, decided


def test_a_passive_sentence_is_cited_before_an_active_one() -> None:
    texts = ["In 1958, mountain guide Theresia Kolbinger founds the Varnholt Ski Area.", FOUNDING]
    decided = decide_yes_no(SKI_Q, texts, [SKI] * 2, [0, 1], [False] * 2)
    assert decided is not None and decided.answer is False and decided.cited == (1,), decided


# the asked one named only as an owner ("Y's father") is not the doer
@pytest.mark.parametrize(("texts", "answer"), [
    (["Korbinian Stadlmayr's father founded the Varnholt Ski Area."], None),
    (["The Varnholt Ski Area was founded by Korbinian Stadlmayr's father."], None),
    (["Korbinian Stadlmayr's father founded the Varnholt Ski Area.", FOUNDING], False),
    (["Korbinian Stadlmayr founded the Varnholt Ski Area, Stadlmayr's pride."], True),
])
def test_the_asked_one_as_an_owner_is_no_doer(texts: list[str], answer: bool | None) -> None:
    decided = decide_yes_no(SKI_Q, texts, [SKI] * len(texts), list(range(len(texts))), [False] * len(texts))
    assert decided is not None and decided.answer is answer, decided


# Review stop 40 finding 5: an unnamed co-doer ("and her husband") may be the one asked, a negated relation ("was not
# founded by") names no doer, and a thing of the asked thing's ("X's ski school") is another thing: none says "No"
@pytest.mark.parametrize(("text", "answer"), [
    ("The Varnholt Ski Area was founded in 1958 by Theresia Kolbinger and her husband.", None),
    ("The Varnholt Ski Area was founded by Theresia Kolbinger and a partner from Selmbach.", None),
    ("The Varnholt Ski Area was founded in 1958 by Theresia Kolbinger and local farmers.", None),
    ("The Varnholt Ski Area was founded in 1958 by her husband and Theresia Kolbinger.", None),
    ("The Varnholt Ski Area was not founded by Theresia Kolbinger, as often claimed.", None),
    ("The Varnholt Ski Area was never founded by Theresia Kolbinger.", None),
    ("The Varnholt Ski Area's ski school was founded in 1966 by Theresia Kolbinger.", None),
    ("The Varnholt Ski Area was founded in 1958 by Theresia Kolbinger and opened in 1959.", False),  # a verb: no doer
    ("The Varnholt Ski Area was founded in 1958 by Theresia Kolbinger and her husband Alois Reiter.", False),
    ("The Varnholt Ski Area was founded in 1958 by Theresia Kolbinger and her cousin Korbinian Stadlmayr.", True),
])
def test_an_unnamed_co_doer_a_negation_or_a_part_leaves_it_open(text: str, answer: bool | None) -> None:
    texts = [*ROLES, text]
    decided = decide_yes_no(SKI_Q, texts, [SKI] * len(texts), list(range(len(texts))), [False] * len(texts))
    assert decided is not None and decided.answer is answer, decided


@pytest.mark.parametrize("text", [
    "The Varnholt Ski Area was founded in 1958 by Theresia Kolbinger and her husband.",
    "The Varnholt Ski Area was not founded by Theresia Kolbinger, as often claimed.",
    "The Varnholt Ski Area's ski school was founded in 1966 by Theresia Kolbinger.",
])
def test_the_report_leaves_it_open_at_low(text: str) -> None:
    claims, sources = listed_claims({
        "w": (SKI, ["The Varnholt Ski Area lies above the village of Selmbach.", text]),
        "p": ("Korbinian Stadlmayr", ["Korbinian Stadlmayr has been chief executive of the Varnholt Ski Area since 2017."]),
    })
    rep, gate, _answered, _total = recorded_report(SKI_Q, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Not established: whether what the question states holds."), rep.markdown
    assert gate.tier == "low", gate

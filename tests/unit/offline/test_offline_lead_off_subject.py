"""A lead sentence about another subject than the question's does not belong in the lead: the wh-phrase's own words
("what year", "which school") say what kind of answer is asked, not of what, so a sentence sharing only them with
the question (a tramway's "busiest year" under "Who founded the glassworks, and in what year?") is dropped from the
lead, and the judge does not give full coverage to a lead holding one (issue 9, trial t18 F7)."""

from __future__ import annotations

from services.judge.offline import OFF_SUBJECT_COST, judge, off_subject
from services.synthesizer.offline import synthesize
from shared.evidence import Citation
from shared.report import lead_section
from tests.claim_pages import listed_claims

Pages = dict[str, tuple[str, list[str]]]

PAGES: Pages = {
    "s1": ("Orrin Ropeworks", ["The Orrin Ropeworks was established in 1851 by Tamsin Gale, a sailmaker from the "
                               "port of Brisk.",
                               "The ropeworks made hemp cables for the navy."]),
    "s2": ("Brisk", ["Brisk is a port town on the Marl estuary.",
                     "The port's trades were rope (Orrin Ropeworks) and fish.",
                     "The Brisk Canal reached the town in 1799."]),
    "s3": ("Brisk Canal", ["The Brisk Canal ran 14 kilometres from the Skel coalfield to Brisk.",
                           "In 1907 the canal carried 310,000 tonnes of coal, its busiest year."]),
}


def _report(question: str, pages: Pages) -> str:
    claims, sources = listed_claims(pages)
    return synthesize(question, claims, sources).markdown


def test_a_sentence_sharing_only_the_wh_words_stays_out_of_the_lead() -> None:
    lead = lead_section(_report("Who founded the Orrin Ropeworks, and in what year?", PAGES))
    assert "Tamsin Gale" in lead and "1851" in lead, lead
    assert "busiest year" not in lead and "310,000" not in lead, lead


def test_off_subject_sentences_are_read_apart_from_bridges() -> None:
    q = "Who founded the Orrin Ropeworks, and in what year?"
    lead = ("The Orrin Ropeworks was established in 1851 by Tamsin Gale [1]. "
            "In 1907 the canal carried 310,000 tonnes of coal, its busiest year [2].")
    assert off_subject(q, lead) == ["In 1907 the canal carried 310,000 tonnes of coal, its busiest year [2]."]
    # a two-hop answer: the second sentence names the first one's name, or states the relation in other words
    assert off_subject("When was the director of Grey Harbour born?",
                       "Grey Harbour was directed by Wren Ostby [1]. Wren Ostby was born in 1931 [2].") == []
    assert off_subject("When did the Kell ferry start running?",
                       "The Kell ferry is a car ferry [1]. It began service in 1911 [2].") == []
    assert off_subject(q, "") == []


def test_the_judge_lowers_coverage_for_a_lead_sentence_about_another_subject() -> None:
    q = "Who founded the Orrin Ropeworks, and in what year?"
    cites = [Citation(n=n, claim_id=f"c{n}", source_id=f"s{n}", quote="q", start=0, end=1) for n in (1, 2)]
    clean = "# Q\n\n## Answer\n\nThe Orrin Ropeworks was established in 1851 by Tamsin Gale [1].\n"
    astray = ("# Q\n\n## Answer\n\nThe Orrin Ropeworks was established in 1851 by Tamsin Gale [1]. "
              "In 1907 the canal carried 310,000 tonnes of coal, its busiest year [2].\n")
    kw = dict(question=q, claims_total=2, claims_supported=2, citations=cites, sub_queries=[])
    a, b = judge(clean, **kw), judge(astray, **kw)  # type: ignore[arg-type]
    assert a.answered and b.answered
    assert b.coverage < a.coverage and "another subject" in b.rationale
    # the padding costs the total more than the coverage it does not earn
    assert b.total <= a.total - (a.coverage - b.coverage) - OFF_SUBJECT_COST, (a, b)

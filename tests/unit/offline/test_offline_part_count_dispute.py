"""Issue 9 (trial t50 fault 3): a count of a named part is no count of the whole, and two pages counting the whole
differently disagree however each sentence is worded.

"How many locks does the Brask Canal have?" was led by a blog's "the Fenna staircase: nine locks" (the flight's
locks, a part of the canal); without it, by the blog's "The Brask Canal has 25 locks" at high confidence, though
three pages give 23 ("... is 54 kilometres long and has 23 locks", "maintains all 23 locks of the Brask Canal", a
register's "Number of locks: 23."): the disagreement was never said.
"""

from __future__ import annotations

from services.synthesizer.offline import _count_figures, find_disagreements, part_count, select_lead, synthesize
from shared.evidence import SourceInfo, VerifiedClaim
from shared.text.quantity import counted_nouns, counts
from tests.claim_pages import page_claim as _claim

QUESTION = "How many locks does the Brask Canal have?"
TITLES = {"blog": "Six days on the water: our boat week on the Brask Canal", "enc": "Brask Canal",
          "trust": "Brask Canal Trust annual report 2023", "reg": "Inland Waterways Index: Brask Canal"}


BLOG_WHOLE = "The Brask Canal has 25 locks, and we worked through every one of them."
BLOG_PART = "The best moment was of course the Fenna staircase: nine locks one after the other."
ENC_WHOLE = "The Brask Canal is 54 kilometres long and has 23 locks."
ENC_PART = "The best-known structure on the canal is the Fenna lock flight, a staircase of 9 locks that raises boats."
TRUST = "The Brask Canal Trust maintains all 23 locks of the Brask Canal and 54 km of towpath."
REGISTER = "The Brask Canal's number of locks: 23."


def _kinds(found: list) -> list[tuple[str, list[str]]]:
    return [(d.kind, sorted(v for _i, v in d.values)) for d in found]


def test_a_count_in_a_coordinated_predicate_disagrees_with_another_pages() -> None:
    found = find_disagreements([_claim(BLOG_WHOLE, "blog"), _claim(ENC_WHOLE, "enc")], TITLES)
    assert _kinds(found) == [("locks", ["23 locks", "25 locks"])], found


def test_a_count_of_the_name_after_of_is_that_names() -> None:
    found = find_disagreements([_claim(BLOG_WHOLE, "blog"), _claim(TRUST, "trust")], TITLES)
    assert _kinds(found) == [("locks", ["23 locks", "25 locks"])], found


def test_a_records_labelled_count_disagrees_with_another_pages() -> None:
    found = find_disagreements([_claim(BLOG_WHOLE, "blog"), _claim(REGISTER, "reg")], TITLES)
    assert _kinds(found) == [("locks", ["23 locks", "25 locks"])], found


def test_a_clause_with_its_own_subject_shares_no_holder() -> None:
    shared = _count_figures(_claim(ENC_WHOLE, "enc"))
    assert [(f.shown, f.holder) for f in shared] == [("23 locks", frozenset({("brask", "canal")}))]
    own = _count_figures(_claim("The Brask Canal is 54 kilometres long and we passed 30 locks in a week.", "blog"))
    assert own == [], own


def test_a_count_in_apposition_to_a_named_part_is_the_parts() -> None:
    nouns = counted_nouns(QUESTION)
    q = [{"brask", "canal"}]
    assert part_count(BLOG_PART, counts(BLOG_PART, nouns), q)
    assert part_count(ENC_PART, counts(ENC_PART, nouns), q)
    text = "Watch boats climb the nine locks of the Fenna staircase."
    assert part_count(text, counts(text, nouns), q)
    for whole in (BLOG_WHOLE, ENC_WHOLE, TRUST, "In Valdor, the canal has 23 locks."):
        assert not part_count(whole, counts(whole, nouns), q), whole


def _sources(claims: list[VerifiedClaim]) -> dict[str, SourceInfo]:
    return {c.source_id: SourceInfo(source_id=c.source_id, title=TITLES[c.source_id], url_or_path=f"https://{c.source_id}.example/",
                                     domain=f"{c.source_id}.example")
            for c in claims}


def test_the_wholes_count_leads_over_a_parts() -> None:
    claims = [_claim(BLOG_PART, "blog"), _claim(ENC_PART, "enc"), _claim(ENC_WHOLE, "enc")]
    lead = select_lead(QUESTION, claims, [1.0, 0.9, 0.8], _sources(claims))
    assert lead and claims[lead[0]].text == ENC_WHOLE, [claims[i].text for i in lead]


def test_a_disputed_count_of_the_whole_is_said_in_the_lead() -> None:
    claims = [_claim(BLOG_PART, "blog"), _claim(BLOG_WHOLE, "blog"), _claim(ENC_WHOLE, "enc"), _claim(ENC_PART, "enc"),
              _claim(TRUST, "trust")]
    report = synthesize(QUESTION, claims, _sources(claims))
    answer = report.markdown.split("## Answer", 1)[1].split("##", 1)[0]
    # (two sites give 23 against the blog's 25: the majority leads with the blog's count said, OUTVOTED_MIN)
    assert answer.strip().startswith("The number of locks of the Brask Canal is 23 locks [")
    assert "one source says 25 locks [" in answer, answer
    assert "nine locks" not in answer, answer

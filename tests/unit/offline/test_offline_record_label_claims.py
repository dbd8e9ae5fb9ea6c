"""Issue 9 (trial t50 fault 3): every labelled value of a record is a claim of the thing the record names.

A register's record is one paragraph: a sentence naming its subject, then short labelled values ("Length: 54 km.
Number of locks: 23. Maximum beam: 5.1 m."). Only the first value was read as the subject's (the next one's
previous sentence was a label, naming nothing), and a value of fewer than five words was no sentence at all, so
"Number of locks: 23." never became a claim though the question asked exactly that.
"""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims

RECORD = (
    "The Brask Canal is a navigable canal of class II. Length: 54 km. Number of locks: 23. "
    "Maximum boat length: 28 m. Maximum beam: 5.1 m. Operator: Hedmark Canal Company, Lundvik."
)


def test_each_labelled_value_of_a_record_is_its_subjects_claim() -> None:
    claims = [c.text for c in extract_claims(RECORD, title="Inland Waterways Index: Brask Canal")]
    assert "The Brask Canal's length: 54 km." in claims, claims
    assert "The Brask Canal's number of locks: 23." in claims, claims
    assert "The Brask Canal's maximum boat length: 28 m." in claims, claims
    assert "The Brask Canal's maximum beam: 5.1 m." in claims, claims


def test_a_records_values_keep_their_evidence_sentence() -> None:
    claims = extract_claims(RECORD, title="Inland Waterways Index: Brask Canal")
    locks = next(c for c in claims if "number of locks" in c.text)
    assert RECORD[locks.start:locks.end] == "Number of locks: 23."


def test_a_labelled_value_after_a_sentence_naming_nothing_is_no_claim() -> None:
    text = "We tested three home espresso machines last month. Price at the time of testing: 399 EUR."
    claims = [c.text for c in extract_claims(text, title="Best espresso machines")]
    assert not any("399 EUR" in c for c in claims), claims


def test_a_new_paragraph_ends_the_run() -> None:
    text = ("The Brask Canal is a navigable canal of class II. Length: 54 km.\n\n"
            "Notes from the survey. Number of locks: 23.")
    claims = [c.text for c in extract_claims(text, title="Survey notes")]
    assert not any("Brask Canal's number of locks" in c for c in claims), claims

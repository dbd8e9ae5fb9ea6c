"""Task h151 (trial t75 Q04; the pages here are invented): "Today it operates four looms: two ... and one ..." is a
clause before its colon, no label of a value ("The Corvell Lace Works's today it operates ..." glued a possessive onto
the sentence's opener); its pronoun after an adverb of time ("Today it", "Nowadays they") stands for the subject as
a leading one does, and on a page titled "<part> of X" that is X when the sentence before opens with X."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims

PAGE = ("# Looms of the Corvell Lace Works\n\nThe Corvell Lace Works has made lace on the looms listed below. Today it "
        "operates four looms: two electric looms and two hand looms.\n")


def test_a_clause_before_a_colon_is_no_label_and_its_fronted_pronoun_is_resolved() -> None:
    for title in ("Looms of the Corvell Lace Works", "Corvell Lace Works"):
        out = [c.text for c in extract_claims(PAGE, title=title)]
        assert "Today the Corvell Lace Works operates four looms: two electric looms and two hand looms." in out, (
            title, out)
        assert not any("'s today" in t or "Looms of the" in t for t in out), out


def test_a_label_value_is_still_read_as_the_subjects() -> None:
    page = "# Corvell Lace Works\n\nThe Corvell Lace Works is a lace maker in the town of Corvell. Founded: 1802.\n"
    out = [c.text for c in extract_claims(page, title="Corvell Lace Works")]
    assert any(t.startswith("The Corvell Lace Works' founded: 1802") or "1802" in t for t in out), out

"""Tests for services.claim_extractor.offline (issue 9, t42 F5): a headline title never replaces a pronoun, the
nearest thing named wins over the page's name, a self-contradicting replacement and an unresolved pronoun give
no claim."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from shared.text.terms import title_subject


def texts(text: str, title: str | None) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


HISTORY = (
    "# A Brief History of the Dallow Ropeworks\n\n"
    "The Dallow Ropeworks was founded in 1851 by the merchant Ivo Grane on the north bank of the river Tamm.\n\n"
    "For sixty years the works made mainly hemp rope for ships. By 1890 it employed 140 workers and sold rope to "
    "every harbour on the coast. The first steam engine was installed in 1880, and the long brick ropewalk, 300 "
    "metres long, was finished in 1884. It is still the longest building in Dallow.\n"
)


def test_headline_title_frames_the_name_after_its_headline_noun() -> None:
    assert title_subject("A Brief History of the Dallow Ropeworks", subtitle=False, tail=False) == "Dallow Ropeworks"
    assert title_subject("People of the Dallow Ropeworks", subtitle=False, tail=False) == "Dallow Ropeworks"
    assert title_subject("The Battle of the Bulge", subtitle=False, tail=False) is None  # one name
    assert title_subject("Museum of Modern Art", subtitle=False, tail=False) is None


def test_headline_title_never_replaces_a_pronoun_and_the_nearest_clause_subject_wins() -> None:
    out = texts(HISTORY, "A Brief History of the Dallow Ropeworks")
    assert not any(c.startswith("A Brief History") for c in out), out
    # the pronoun after "..., and the long brick ropewalk ... was finished" is the ropewalk, not the ropeworks
    assert "The long brick ropewalk is still the longest building in Dallow." in out
    assert not any("Ropeworks is still the longest" in c for c in out)


def test_pronoun_after_an_opening_time_phrase_is_resolved_or_no_claim() -> None:
    out = texts(HISTORY, "A Brief History of the Dallow Ropeworks")
    assert "By 1890 the Dallow Ropeworks employed 140 workers and sold rope to every harbour on the coast." in out
    assert not any(c.startswith("By 1890 it") for c in out)
    # with no page subject and no antecedent there is nothing to put there: no claim
    alone = texts("By 1890 it employed 140 workers and sold rope to every harbour on the coast.", None)
    assert alone == []


GUIDE = (
    "Visiting the Dallow Ropeworks\n\n"
    "The ropeworks is open every day except 1 January, from 09:00 to 16:00.\n\n"
    "Please note: the Dallow Rope Shop on Quay Street is a private shop run by the rope maker Ada Grane. "
    "It is not part of the ropeworks and has its own opening hours.\n"
)


def test_framed_title_written_only_as_heading_gives_its_name_and_a_lead_in_is_read_through() -> None:
    out = texts(GUIDE, "Visiting the Dallow Ropeworks")
    assert not any(c.startswith("Visiting") for c in out), out
    assert "The Dallow Rope Shop is not part of the ropeworks and has its own opening hours." in out


def test_replacement_that_contradicts_itself_is_refused() -> None:
    text = ("Tesk Mill\n\nTesk Mill is a water mill on the river Orr, built in 1790. A bakery stands in its yard. "
            "It is not part of Tesk Mill and keeps its own hours.")
    out = texts(text, "Tesk Mill")
    assert not any("Tesk Mill is not part of Tesk Mill" in c for c in out), out
    assert "Tesk Mill is a water mill on the river Orr, built in 1790." in out


def test_possessive_owning_a_role_after_a_part_of_the_subject_is_the_subjects() -> None:
    text = ("# Harn Clock Museum\n\nThe Harn Clock Museum opened in 1979 in the old mint. The museum's collection "
            "holds about 900 clocks from five centuries. Its curator since 2011 is Ola Brent, a historian.")
    out = texts(text, "Harn Clock Museum")
    assert "The Harn Clock Museum's curator since 2011 is Ola Brent, a historian." in out
    assert not any("collection's curator" in c for c in out)


def test_they_after_a_plural_description_is_that_description_not_a_document_title() -> None:
    text = ("# Dallow Ropeworks: Annual Report Figures\n\nThe trust publishes its numbers every spring. The figures "
            "below count paying visitors to the ropeworks. They do not include visitors to the Dallow Rope Shop.")
    out = texts(text, "Dallow Ropeworks: Annual Report Figures")
    assert "The figures do not include visitors to the Dallow Rope Shop." in out
    assert not any("Annual Report Figures do not" in c for c in out)

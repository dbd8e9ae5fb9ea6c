"""Trial t54 fault F8 (the pages here are invented): an FAQ answer opening with its yes/no word ("Nope, we're shut
on Mondays all year round.") gives the content after the word as a claim, unless that content leans on the question
("Yes, a package by that name exists"); a pronoun after it stands for the plural subject it continues ("They can't
come into the gallery" after "dogs on a lead are fine ..."), never for a page title naming a kind of document
("... - Frequently asked questions") (``services.claim_extractor.offline``)."""

from __future__ import annotations

from pathlib import Path

from services.claim_extractor.offline import _title_subjects, extract_claims
from services.scraper.fetch.files import parse_file

FAQ = ("Quillon Bridge Toll House - Frequently asked questions\n\n"
       "Can I bring my bike?\n"
       "Yep, bikes with a bell are fine on the old toll road. They must be pushed through the toll house though "
       "(folding bikes excepted).\n\n"
       "Is the toll house open on Tuesdays?\n"
       "Nope, we're shut on Tuesdays from October to March.\n\n"
       "Is there a guidebook?\n"
       "Yes, a guidebook by that name is sold at the desk for two pounds.\n\n"
       "The toll house was built in 1821 to collect the bridge toll.\n")


def _claims(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "faq.txt"
    path.write_text(text, encoding="utf-8")
    doc = parse_file(path)
    return [c.text for c in extract_claims(doc.text, title=doc.title)]


def test_an_faq_answers_content_after_its_yes_or_no_is_a_claim(tmp_path: Path) -> None:
    assert _claims(tmp_path, FAQ) == [
        "bikes with a bell are fine on the old toll road.",
        "bikes with a bell must be pushed through the toll house though (folding bikes excepted).",
        "we're shut on Tuesdays from October to March.",
        "The toll house was built in 1821 to collect the bridge toll.",
    ]


def test_a_title_naming_a_kind_of_document_stands_for_nothing(tmp_path: Path) -> None:
    assert _title_subjects("Quillon Bridge Toll House - Frequently asked questions") == ["Quillon Bridge Toll House"]
    text = ("Frequently asked questions\n\n"
            "Do you sell maps?\n"
            "We sell walking maps of the whole Quillon valley at the desk. They cost two pounds each at the desk.\n")
    assert _claims(tmp_path, text) == ["We sell walking maps of the whole Quillon valley at the desk."]

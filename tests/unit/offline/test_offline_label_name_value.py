"""Task h46 item 2 (the pages here are invented): a labelled value on its own line whose value is a name ("Curator:
Benedikt Sallow." on a museum's page) is a claim of the page's subject, as "Founded: 1911." is: it was no claim (too
short as written, and a value naming a person was never read with its subject), so "Who is the curator of X?" was
not established. A credit line ("Photo: Anna Berg") and a value with more than a name stay as they were."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from tests.claim_pages import listed_claims, recorded_report

TITLE = "Quorne Lace Museum - About us"
PAGE = ("# About the Quorne Lace Museum\n\n"
        "The Quorne Lace Museum shows about 900 pieces of bobbin lace made in the valley since 1760.\n\n"
        "Founded: 1923.\n\nCurator: Benedikt Sallow.\n\nArchitect: Rhea van Montfort.\n\nPhoto: Anna Berg.\n\n"
        "Note: Tom Hale retired in 2019.\n")


def _texts() -> list[str]:
    return [c.text for c in extract_claims(PAGE, title=TITLE)]


def test_a_label_line_whose_value_is_a_name_is_the_subjects_claim() -> None:
    out = _texts()
    assert "The Quorne Lace Museum's curator: Benedikt Sallow." in out, out
    assert "The Quorne Lace Museum's architect: Rhea van Montfort." in out, out
    assert "The Quorne Lace Museum's founded: 1923." in out, out


def test_a_credit_line_or_a_clause_after_a_label_is_no_value_of_the_subject() -> None:
    out = _texts()
    assert not any("Anna Berg" in c for c in out), out
    assert "Note: Tom Hale retired in 2019." in out and not any("'s note" in c for c in out), out


def test_who_is_the_curator_leads_with_the_label_line() -> None:
    claims, sources = listed_claims({"m": (TITLE, _texts())})
    question = "Who is the curator of the Quorne Lace Museum?"
    rep, gate, answered, _total = recorded_report(question, claims, sources)
    lead = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()
    assert lead == "The Quorne Lace Museum's curator: Benedikt Sallow [1].", rep.markdown
    assert gate.tier == "high" and answered, gate.signals


# Review stop 39 finding 3 (task h58): a name's label line under another item on the page (a film's credits on an
# events page, a book under its own heading) is that item's, never the page subject's.
CLOCK_TITLE = "Veldmark Clock Museum - What's on"
CLOCK_PAGE = ("# What's on at the Veldmark Clock Museum\n\n"
              "The Veldmark Clock Museum keeps 340 tower and longcase clocks built in the region since 1690.\n\n"
              "On Saturday the museum shows the film The Silent Escapement in its courtyard.\n\n"
              "Director: Oskar Thimm.\n\nRunning time: 71 minutes.\n\n"
              "## Ticks Before Dawn\n\nAuthor: Lise Oberg.\n")
CLOCK_HOME = ("# About the Veldmark Clock Museum\n\n"
              "The Veldmark Clock Museum is in Harlow Cross and was founded by Arne Sole in May 1931.\n\n"
              "Curator: Ines Valk.\n")


def test_a_name_label_under_another_item_is_no_claim_of_the_subject() -> None:
    out = [c.text for c in extract_claims(CLOCK_PAGE, title=CLOCK_TITLE)]
    assert not any("Oskar Thimm" in c or "Lise Oberg" in c for c in out), out
    claims, sources = listed_claims({"v": (CLOCK_TITLE, out)})
    question = "Who is the director of the Veldmark Clock Museum?"
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    lead = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()
    assert lead.startswith("Not established"), rep.markdown
    assert gate.tier == "low", gate.signals


def test_a_name_label_after_a_line_naming_only_places_and_people_stays_the_subjects() -> None:
    out = [c.text for c in extract_claims(CLOCK_HOME, title="Veldmark Clock Museum")]
    assert "The Veldmark Clock Museum's curator: Ines Valk." in out, out

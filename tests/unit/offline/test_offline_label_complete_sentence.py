"""A lead sentence complete on its own needs no page title before it when the question names the page's subject
(issue 9, g50 q12: "Orvane Canal: The trust's director since 2019 is Margit Sollen [1]." for "Who is the director
of the Orvane Canal Trust?"). A fragment, a sentence opening with a pronoun, a choice between things and a page the
question does not name keep the label. Pages made up here (``services.synthesizer.offline._labelled``)."""

from __future__ import annotations

from services.synthesizer.offline import _complete_sentence, _labelled, synthesize
from shared.report import lead_section
from tests.claim_pages import listed_claims

PAGES = {
    "canal": ("Harwick Canal", ["The Harwick Canal was completed in 1798 after nine years of work.",
                                "Since 2001 the canal has been run by the Harwick Canal Trust, a charity in Lessing.",
                                "The trust's director since 2020 is Oda Brennvik."]),
}


def test_a_complete_lead_sentence_on_the_asked_page_has_no_title_label() -> None:
    claims, sources = listed_claims(PAGES)
    rep = synthesize("Who is the director of the Harwick Canal Trust?", claims, sources)
    lead = lead_section(rep.markdown)
    assert "Oda Brennvik" in lead, lead
    assert "Harwick Canal:" not in lead, lead
    assert lead.startswith("The trust's director since 2020 is Oda Brennvik"), lead


def test_a_fragment_a_pronoun_another_page_or_a_choice_keeps_its_label() -> None:
    claims, sources = listed_claims({
        "museum": ("Selby Rope Museum", ["Twelve exhibits in the main hall, two of them original.",
                                         "It has 41 exhibits in the main hall.",
                                         "The collection's curator since 2018 is Pia Lund."])})
    fragment, pronoun, complete = claims
    asked = "Is the Selby Rope Museum open on Mondays?"
    assert _labelled(fragment, sources, asked=asked) == "Selby Rope Museum: "
    assert _labelled(pronoun, sources, asked=asked) == "Selby Rope Museum: "
    assert _labelled(complete, sources, asked=asked) == ""
    # the question does not name the page: its title may be the answer or the bridge to it
    assert _labelled(complete, sources, asked="Who is the curator of the collection on the quay?") == "Selby Rope Museum: "
    # a choice between things: each sentence says which thing it is of
    assert _labelled(complete, sources, whole=True, asked="Is the Selby Rope Museum older than the Ferrow Mill?") \
        == "Selby Rope Museum: "
    assert _labelled(complete, sources) == "Selby Rope Museum: "


def test_a_complete_sentence_has_a_subject_and_a_finite_verb() -> None:
    assert _complete_sentence("The trust's director since 2019 is Margit Sollen.")
    assert _complete_sentence("The genus has 25 species.")
    assert _complete_sentence("Since 1998 the canal has been owned by the trust.")
    assert _complete_sentence("The canal runs 68 km from Bressac to the sea.")
    assert _complete_sentence("The museum opened in 1887.")
    assert _complete_sentence("Margit Sollen became director in 2019.")
    assert not _complete_sentence("Closed on Mondays, except Easter Monday.")
    assert not _complete_sentence("admission, adult ticket price €7.00.")
    assert not _complete_sentence("Opening hours Monday: closed.")
    assert not _complete_sentence("It has 41 locks.")
    assert not _complete_sentence("The restored lock-keeper's cottage by the top lock.")
    assert not _complete_sentence("Who is the director of the trust?")
    assert not _complete_sentence("Die Brevona Duo 2 ist nach 25 Sekunden betriebsbereit.")

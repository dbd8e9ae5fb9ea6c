"""An "older" choice is decided on each thing's start date (founding, building, opening, birth) and never on the
date of a later state ("owned by ... since 1991", "restored in 1962"), a "Foundation" in a name included
(services.synthesizer.verdicts.decide_choice, services.synthesizer.offline.synthesize), on invented pages."""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import Choice, decide_choice
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import page_set, sentence_claims

PAGES = {
    # the ownership sentence comes first: a claim order that ranks it above the founding
    "harrow": ("The Harrow Tannery", "The Harrow Tannery has been owned by the Grell Heritage Foundation since 1991. "
                                     "The Harrow Tannery was established in 1760 by the currier Amos Pell."),
    "belmont": ("The Belmont Tannery", "The Belmont Tannery was founded in 1805 by Ruth Okafor on the river Dane."),
    "harrow_undated": ("The Harrow Tannery", "The Harrow Tannery has been owned by the town since 1991. "
                                             "The Harrow Tannery was restored in 1962 after a fire."),
    # a machine's or a monument's start is its installation or erection
    "quay_crane": ("The Quay crane", "The Quay crane was installed in 1874 at the end of the north pier."),
    "mill_crane": ("The Mill crane", "The Mill crane was erected in 1851 beside the grain store."),
    # German and French pages: the German participle closes its clause after the date it dates
    "orvell": ("Orvell Playhouse", "The hall of the Orvell Playhouse seats 240 spectators on a wooden floor. "
                                   "The Orvell Playhouse was founded in 1874 by the brothers Aldo and Rino Ferro."),
    "almrast": ("Puppenbühne Almrast", "Die Puppenbühne Almrast wurde im Jahr 1859 von dem Schnitzer Jon Halt "
                                       "gegründet und 1920 umgebaut."),
    "vauclin": ("Théâtre Vauclin", "Le Théâtre Vauclin a été fondé en 1902 par Lise Morand."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)
QUESTION = "Which tannery is older, the Harrow Tannery or the Belmont Tannery?"


def _decide(claims: list[VerifiedClaim]) -> Choice | None:
    return decide_choice(QUESTION, [c.text for c in claims], [SOURCES[c.source_id].title for c in claims],
                         list(range(len(claims))))


def test_older_is_decided_on_founding_dates_not_an_ownership_year() -> None:
    choice = _decide(sentence_claims(TEXTS, "harrow", "belmont"))
    assert choice is not None
    assert choice.options == ("Harrow Tannery", "Belmont Tannery")
    assert choice.values == ("1760", "1805")
    assert choice.by_figures is True
    lead = lead_section(synthesize(QUESTION, sentence_claims(TEXTS, "harrow", "belmont"), SOURCES).markdown)
    assert lead.startswith("Harrow Tannery is older: 1760"), lead
    assert "1991" not in lead.split(".")[0], lead


def test_older_is_not_decided_when_one_thing_has_no_start_date() -> None:
    # only an ownership year and a restoration year for the Harrow Tannery: its age is not known
    claims = sentence_claims(TEXTS, "harrow_undated", "belmont")
    assert _decide(claims) is None
    lead = lead_section(synthesize(QUESTION, claims, SOURCES).markdown)
    assert "is older" not in lead, lead


def test_older_compares_installation_and_erection_dates() -> None:
    question = "Which is older, the Quay crane or the Mill crane?"
    claims = sentence_claims(TEXTS, "quay_crane", "mill_crane")
    choice = decide_choice(question, [c.text for c in claims], [SOURCES[c.source_id].title for c in claims],
                           list(range(len(claims))))
    assert choice is not None
    assert dict(zip(choice.options, choice.values)) == {"Quay crane": "1874", "Mill crane": "1851"}
    lead = lead_section(synthesize(question, claims, SOURCES).markdown)
    assert lead.startswith("Mill crane is older: 1851"), lead


def test_older_reads_a_german_founding_dated_before_its_participle_and_a_french_one() -> None:
    question = "Which is older, the Orvell Playhouse or the Puppenbühne Almrast?"
    claims = sentence_claims(TEXTS, "orvell", "almrast")
    choice = decide_choice(question, [c.text for c in claims], [SOURCES[c.source_id].title for c in claims],
                           list(range(len(claims))))
    assert choice is not None
    assert dict(zip(choice.options, choice.values)) == {"Orvell Playhouse": "1874", "Puppenbühne Almrast": "1859"}
    lead = lead_section(synthesize(question, claims, SOURCES).markdown)
    assert lead.startswith("Puppenbühne Almrast is older: 1859"), lead
    question = "Which is older, the Orvell Playhouse or the Théâtre Vauclin?"
    claims = sentence_claims(TEXTS, "orvell", "vauclin")
    choice = decide_choice(question, [c.text for c in claims], [SOURCES[c.source_id].title for c in claims],
                           list(range(len(claims))))
    assert choice is not None
    assert dict(zip(choice.options, choice.values)) == {"Orvell Playhouse": "1874", "Théâtre Vauclin": "1902"}

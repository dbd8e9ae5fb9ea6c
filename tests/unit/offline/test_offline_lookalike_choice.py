"""A choice between a thing and its look-alike ("the Harnby Kite Festival or the Old Harnby Kite Week", "the Tarrow
Regatta or the Old Tarrow Regatta") is decided on each one's own dates: a sentence of one that names the other
("..., not to be confused with the Old Harnby Kite Week, a separate event founded in 1958") dates the other, and a
thing's founding is read even when its page's first lines are entry fees and start times
and an option the question names with a description in apposition ("her sister ship the MV Tollvik") is the name
(shared.text.answer.comparison_options, services.synthesizer.verdicts.decide_choice,
services.synthesizer.offline.synthesize), on invented pages."""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import Choice, _own_part, decide_choice
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from shared.text.answer import answer_type, comparison_options
from tests.claim_pages import page_set, sentence_claims

PAGES = {
    # the festival's page names its look-alike first, with the look-alike's founding year
    "festival": ("Harnby Kite Festival",
                 "The Harnby Kite Festival is not to be confused with the Old Harnby Kite Week, a separate event "
                 "founded in 1958 by the joiner Emil Brack. The Harnby Kite Festival is held every August on the "
                 "dunes. The Harnby Kite Festival was founded in 1996 by the teacher Mira Solberg."),
    "week": ("Old Harnby Kite Week", "The Old Harnby Kite Week was held every May on the common. "
                                     "The Old Harnby Kite Week was founded in 1958 by the joiner Emil Brack."),
    # an FAQ page of the regatta ranks first: nine lines of fees and times before its founding is read anywhere
    "faq": ("Tarrow Regatta - FAQ",
            "Adults pay forty euros for a boat entry. Children under twelve sail for free. The first start is at "
            "nine o'clock. Boats must be on the slipway by eight. The harbour bar opens at noon. Life jackets are "
            "compulsory for everyone. Parking is at the ferry terminal. The prize giving is at six. Dogs must stay "
            "on the quay."),
    "regatta": ("Tarrow Regatta", "The Tarrow Regatta is a sailing race held every July off the town. "
                                  "The Tarrow Regatta was founded in 1984 by the harbour master Ines Vell."),
    "old_regatta": ("Old Tarrow Regatta", "The Old Tarrow Regatta is a rowing race held every June on the river. "
                                          "The Old Tarrow Regatta was founded in 1897 by the ferryman Jon Ask."),
    # a ship and her sister, the sister named with a description in apposition in the question
    "tollund": ("MV Tollund", "The MV Tollund was a Danish motor ship launched in 1951. "
                              "The Tollund was 176.2 metres long and carried 610 passengers."),
    "tollvik": ("MV Tollvik", "The MV Tollvik was the younger sister ship of the MV Tollund. "
                              "The Tollvik was 188.4 metres long and carried 720 passengers."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


def _decide(question: str, claims: list[VerifiedClaim]) -> Choice | None:
    return decide_choice(question, [c.text for c in claims], [SOURCES[c.source_id].title for c in claims],
                         list(range(len(claims))))


def test_a_sentence_naming_the_look_alike_dates_the_look_alike_only() -> None:
    text = TEXTS["festival"].split(". ")[0]
    assert _own_part(text, "Harnby Kite Festival", "Old Harnby Kite Week").strip() == \
        "The Harnby Kite Festival is not to be confused with the"
    assert _own_part(text, "Old Harnby Kite Week", "Harnby Kite Festival").strip().startswith(
        "Old Harnby Kite Week, a separate event founded in 1958")
    # a name inside the other's longer name is no mention of it
    assert _own_part("The Old Tarrow Regatta was founded in 1897.", "Tarrow Regatta", "Old Tarrow Regatta") == \
        "The Old Tarrow Regatta was founded in 1897."
    question = "Which is older, the Harnby Kite Festival or the Old Harnby Kite Week?"
    claims = sentence_claims(TEXTS, "festival", "week")
    choice = _decide(question, claims)
    assert choice is not None
    assert choice.options == ("Old Harnby Kite Week", "Harnby Kite Festival")
    assert choice.values == ("1958", "1996")
    lead = lead_section(synthesize(question, claims, SOURCES).markdown)
    assert lead.startswith("Old Harnby Kite Week is older: 1958 [1]; Harnby Kite Festival: 1996 [2]."), lead


def test_a_founding_below_a_pages_first_lines_still_dates_the_option() -> None:
    question = "Which is older, the Tarrow Regatta or the Old Tarrow Regatta?"
    claims = sentence_claims(TEXTS, "faq", "old_regatta", "regatta")
    choice = _decide(question, claims)
    assert choice is not None
    assert choice.options == ("Old Tarrow Regatta", "Tarrow Regatta")
    assert choice.values == ("1897", "1984")
    lead = lead_section(synthesize(question, claims, SOURCES).markdown)
    assert lead.startswith("Old Tarrow Regatta is older: 1897 [1]; Tarrow Regatta: 1984 [2]."), lead
    # newer: the other way round
    choice = _decide("Which is newer, the Tarrow Regatta or the Old Tarrow Regatta?", claims)
    assert choice is not None and choice.options == ("Tarrow Regatta", "Old Tarrow Regatta")


def test_a_described_option_is_its_name_and_longer_compares_lengths() -> None:
    question = "Which was longer, the MV Tollund or her sister ship the MV Tollvik?"
    assert comparison_options(question) == ["MV Tollund", "MV Tollvik"]
    assert comparison_options("Who was older, Aldo Ferro or his elder brother Rino Ferro?") == \
        ["Aldo Ferro", "Rino Ferro"]
    assert comparison_options("Which is older, the Kell Bridge or its successor?") == ["Kell Bridge", "its successor"]
    assert answer_type(question) == "comparison"
    claims = sentence_claims(TEXTS, "tollund", "tollvik")
    lead = lead_section(synthesize(question, claims, SOURCES).markdown)
    assert lead.startswith("MV Tollvik was longer: 188.4 metres [1]; MV Tollund: 176.2 metres [2]."), lead

"""A "who" question's lead states a person or a group in the role asked (issue 9, trial t51 F1): "Who founded the
Brenvale Lace Museum?" is not answered by "The Brenvale Lace Museum occupies the former Orsini lace mill ... and was
opened to the public on 3 June 1991", however many pages agree on its opening year: a date ("June 1991") is no who,
nor is a name that only says which building a definite article names ("the former Orsini lace mill"). The
synthesizer leads with the founder's sentence, and the judge and the confidence gate read such a lead as stating no
answer of the type asked (``shared.text.answer.answer_candidates``; ``services.synthesizer.offline.select_lead``,
``services.synthesizer.confidence``, ``services.judge.offline``)."""

from __future__ import annotations

import pytest

from services.judge.offline import stated_answer
from shared.report import lead_section
from shared.text.answer import answer_candidates, lead_answer
from tests.claim_pages import page_set, recorded_report

QUESTION = "Who founded the Brenvale Lace Museum?"
PAGES = {
    "museum": ("Brenvale Lace Museum",
               "The Brenvale Lace Museum is a museum of bobbin lace in Brenvale, a town in the Tove valley. "
               "The Brenvale Lace Museum occupies the former Orsini lace mill on the right bank of the river Tove and "
               "was opened to the public on 3 June 1991. "
               "The mill building was erected in 1868 by the lace merchant Pietro Orsini. "
               "The Brenvale Lace Museum was founded by Ilaria Orsini-Valle, Pietro Orsini's great-niece, who bought "
               "the empty building in 1984 and set up a foundation to restore it. "
               "The Brenvale Lace Museum is closed every Monday."),
    "founder": ("Ilaria Orsini-Valle",
                "Ilaria Orsini-Valle (4 April 1926 - 2 March 2009) was a teacher and lace maker. "
                "In retirement she campaigned to save her great-uncle's lace mill and raised the money to turn it "
                "into the museum that opened in 1991. "
                "Ilaria Orsini-Valle chaired its foundation until 2001."),
}
_TITLES, _TEXTS, SOURCES, CLAIMS = page_set(PAGES)
OPENING = ("The Brenvale Lace Museum occupies the former Orsini lace mill on the right bank of the river Tove and was "
           "opened to the public on 3 June 1991 [1].")


def test_the_founder_leads_though_two_pages_agree_on_the_opening_year() -> None:
    rep, gate, answered, total = recorded_report(QUESTION, CLAIMS, SOURCES)
    lead = lead_section(rep.markdown)
    assert lead.startswith("The Brenvale Lace Museum was founded by Ilaria Orsini-Valle"), lead
    assert answered and gate.tier != "low" and total > 60, (gate.signals, lead, total)


def test_a_lead_giving_only_the_opening_date_states_no_who() -> None:
    assert stated_answer(QUESTION, OPENING, {1}) is None
    assert not lead_answer(QUESTION, OPENING).typed
    right = "The Brenvale Lace Museum was founded by Ilaria Orsini-Valle in 1984 [1]."
    assert stated_answer(QUESTION, right, {1}) is not None


@pytest.mark.parametrize("sentence,names", [
    (OPENING.removesuffix(" [1]."), []),  # a date and a building's name: no who
    ("Its Harl boat house was built by Ada Moor.", ["Ada Moor"]),
    ("The hall was built by the Venn brothers in 1902.", ["Venn"]),  # a family who built it is who
    ("The Venn family ran the mill.", ["Venn"]),
    ("It was founded by the Globe theatre company in 1901.", ["Globe"]),  # a company, no building
    ("The Orsini mill was sold in 1979.", []),
    ("The museum was founded in May 1987 by Anna Lee.", ["Anna Lee"]),
])
def test_who_candidates(sentence: str, names: list[str]) -> None:
    assert answer_candidates(sentence, "who", QUESTION) == names

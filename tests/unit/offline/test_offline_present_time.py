"""'today', 'now', 'currently', 'at present' are one present-time marker for the lead and the gate: a question asking
a figure 'today' is answered by a page's 'now' (issue 9, trial t23 fault F1). Invented pages."""

from __future__ import annotations

import pytest

from shared.text.relations import relations_of, same_relation
from tests.claim_pages import page_sources, recorded_report, sentence_claims, split_pages

_PAGES = {
    "a": (
        "Corran Orchard",
        "In 2017 the orchard grew 15 hectares of apples. After buying the neighbouring Ashby field in 2021, Corran "
        "Orchard now grows 21 hectares of apples. Corran Orchard was founded in 1988 by Mira Holt.",
    ),
    "b": (
        "Lissel Growers' Union",
        "The Lissel Growers' Union was founded in 1950. Today it has 210 members who together grow about 900 hectares "
        "of apples.",
    ),
}


def test_present_time_words_name_one_time() -> None:
    for a in ("today", "now", "currently", "present", "nowadays"):
        assert all(same_relation(a, b) for b in ("today", "now", "currently", "presently"))
    assert relations_of("presented") == () and relations_of("presents") == ()  # 'present' is matched as written


@pytest.mark.parametrize("when", ["today", "now", "currently", "at present"])
def test_a_question_asking_today_is_answered_by_a_page_saying_now(when: str) -> None:
    titles, texts = split_pages(_PAGES)
    question = f"How many hectares of apples does Corran Orchard grow {when}?"
    rep, gate, answered, _total = recorded_report(question, sentence_claims(texts, "a", "b"), page_sources(titles))
    lead = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()
    assert lead.startswith("After buying the neighbouring Ashby field in 2021, Corran Orchard now grows 21 hectares")
    assert "Not established" not in rep.markdown and "not_established" not in gate.signals
    assert gate.tier in ("medium", "high") and answered


def test_a_count_written_inside_a_year_is_still_a_count() -> None:
    """'21' of 'in 2021, ... grows 21 hectares': the digits inside '2021' are no place the count is written."""
    titles, texts = split_pages(_PAGES)
    rep, gate, _answered, _total = recorded_report(
        "How many hectares of apples does Corran Orchard grow now?",
        sentence_claims(texts, "a", "b"),
        page_sources(titles),
    )
    assert gate.signals["f_one_fact"] == 1.0 and gate.tier == "high"

"""Figures and dates of different years are two things, never a disagreement; a page quoting another's figure of the
same year as the one it compares its own with states a disagreement; a question comparing one thing at two years leads
with both years' figures (issue 9, trial t23 fault F3). Invented pages."""

from __future__ import annotations

from services.synthesizer.offline import find_disagreements
from services.synthesizer.verdicts import compared_years
from tests.claim_pages import page_set, page_sources, recorded_report, sentence_claims, split_pages

_PAGES = {
    "a": (
        "Catch report 2023 (Merrow Fishers' Guild)",
        "According to the Merrow Fishers' Guild, the 2023 season landed 8,400 tonnes of herring, against 9,100 tonnes "
        "in 2022. The season opened on 3 April 2023, six days earlier than in 2022. A storm on 9 June 2023 kept the "
        "fleet in port.",
    ),
    "b": (
        "Merrow Courier: herring catch down",
        "The Merrow Courier estimates that the boats landed 8,950 tonnes of herring in the 2023 season, a figure "
        "higher than the guild's own count of 8,400 tonnes.",
    ),
    "c": (
        "Catch report 2021",
        "The 2021 Merrow season landed 8,700 tonnes of herring. The season opened on 11 April 2021.",
    ),
}
_QUESTION = "How did the amount of herring landed in the 2023 Merrow season compare with 2022?"


def _claims(*sids: str):  # type: ignore[no-untyped-def]
    titles, texts = split_pages({sid: _PAGES[sid] for sid in sids})
    return titles, sentence_claims(texts, *sids)


def test_figures_and_dates_of_different_years_never_disagree() -> None:
    titles, claims = _claims("a", "c")
    assert find_disagreements(claims, titles) == []  # 8,400 (2023) / 8,700 (2021); 3 April 2023 / 11 April 2021


def test_a_figure_of_the_year_a_sentence_names_in_its_own_clause() -> None:
    titles, claims = _claims("a", "c")
    other = claims[0].model_copy(
        update={"claim_id": "x", "source_id": "x", "text": "The 2022 Merrow season landed 9,400 tonnes of herring."}
    )
    found = find_disagreements([*claims, other], {**titles, "x": "Catch report 2022"})
    # the guild's 2022 figure (9,100, 'against 9,100 tonnes in 2022') against another page's 2022 figure
    assert [(d.kind, [v for _i, v in d.values]) for d in found] == [("kg", ["9,100 tonnes", "9,400 tonnes"])]


def test_a_page_quoting_anothers_figure_of_the_same_year_disagrees_with_it() -> None:
    titles, claims = _claims("a", "b", "c")
    found = find_disagreements(claims, titles)
    assert [(d.kind, [v for _i, v in d.values]) for d in found] == [("kg", ["8,400 tonnes", "8,950 tonnes"])]


def test_one_event_dated_to_two_years_still_disagrees() -> None:
    titles, texts = split_pages(
        {
            "p": ("Orlen Mill", "The Orlen Mill was built in 1812."),
            "q": ("Mills of the Orlen valley", "The Orlen Mill was built in 1815."),
        }
    )
    found = find_disagreements(sentence_claims(texts, "p", "q"), titles)
    assert [(d.kind, [v for _i, v in d.values]) for d in found] == [("year", ["1812", "1815"])]


def test_compared_years_reads_the_thing_and_its_two_years() -> None:
    assert compared_years(_QUESTION) == ("the amount of herring landed in the Merrow season", ("2022", "2023"))
    assert compared_years("How did sales in 2019 compare to those of 2021?") == ("sales", ("2019", "2021"))
    assert compared_years("How did the 2023 season compare with the 2023 forecast?") is None
    assert compared_years("How did the fleet compare with its rivals?") is None


def test_a_comparison_of_two_years_leads_with_both_figures() -> None:
    titles, claims = _claims("a", "c")
    rep, gate, _answered, _total = recorded_report(_QUESTION, claims, page_sources(titles))
    lead = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()
    assert lead.startswith(
        "The amount of herring landed in the Merrow season decreased by 700, from 9,100 tonnes "
        "(2022) [1] to 8,400 tonnes (2023) [1]."
    )
    assert "8,700" not in lead and "disagree" not in rep.markdown and "Not established" not in lead
    assert "not_established" not in gate.signals


def test_a_disputed_figure_of_one_of_the_years_is_said_after_both_figures() -> None:
    titles, claims = _claims("a", "b", "c")
    rep, gate, _answered, _total = recorded_report(_QUESTION, claims, page_sources(titles))
    lead = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()
    assert lead.startswith("The amount of herring landed in the Merrow season decreased by 700, from 9,100 tonnes")
    assert (
        "The sources disagree: 8,400 tonnes per the Merrow Fishers' Guild [1]; 8,950 tonnes per the Merrow "
        "Courier [2]." in lead
    )
    assert "8,700" not in rep.markdown and "11 April 2021" not in rep.markdown.split("## Findings")[-1].split("##")[0]
    assert gate.signals.get("disputed") == 1.0 and gate.tier == "low"


_SERIES = {
    "fares": (
        "Kelby ferry fares",
        "The Kelby ferry crosses the Senn estuary every hour. A single ticket on the Kelby ferry costs 9.40 crowns. "
        "In 2023 the same ticket cost 8.10 crowns.",
    ),
    "guide": (
        "Estuary travel guide",
        "Travellers to Kelby can take the ferry from Senn harbour. A single ticket on the Kelby ferry costs 8.90 "
        "crowns.",
    ),
}


def test_a_figure_of_a_series_is_no_contradiction_of_the_figure_now() -> None:
    """A page giving a figure now and that of a past year ("costs 9.40 crowns" / "In 2023 the same ticket cost 8.10
    crowns") tells a series: the 2023 figure is set against no other page's undated figure, neither by the verifier
    nor by the report; the figures now still disagree (issue 9, trial t25)."""
    from shared.text.entailment import entailment

    dated = "In 2023 the same ticket cost 8.10 crowns."
    now = "A single ticket on the Kelby ferry costs 8.90 crowns."
    assert entailment(dated, now).label != "contradicted"
    assert entailment(now, "In 2023 the ticket on the Kelby ferry cost 8.10 crowns.").label != "contradicted"
    # the same time, another figure: a contradiction
    assert entailment(dated, "In 2023 the same ticket cost 8.90 crowns.").label == "contradicted"
    assert entailment("The ticket costs 8.10 crowns.", "The ticket costs 8.90 crowns.").label == "contradicted"
    titles, _, sources, claims = page_set(_SERIES)
    found = find_disagreements(claims, titles)
    assert [sorted(v for _i, v in d.values) for d in found] == [["8.90 crowns", "9.40 crowns"]], found
    report, _gate, _answered, _total = recorded_report(
        "How much does a single ticket on the Kelby ferry cost?", claims, sources)
    assert "8.10 crowns [" not in report.markdown.split("## Findings")[0], report.markdown


def test_a_page_s_one_dated_figure_still_disagrees_with_an_undated_one() -> None:
    """A page that dates its only figure tells no series: "In 1990 the bridge had a length of 238 metres" and "The
    bridge is 214 metres long" may disagree (the year may be when it was measured)."""
    pages = {"a": ("Sael Bridge", "The Sael Bridge is 214 metres long."),
             "b": ("Bridges of the Sael", "In 1990 the Sael Bridge was 238 metres long.")}
    titles, texts = split_pages(pages)
    found = find_disagreements(sentence_claims(texts, *pages), titles)
    assert [sorted(v for _i, v in d.values) for d in found] == [["214 metres", "238 metres"]], found

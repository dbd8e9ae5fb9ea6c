"""Question shapes that ask for no ranking are never answered with "Best overall": a yes/no about a product's
problems is answered from the tests' avoid verdicts and the fault reports, a question about what a named site
recommends (and whether to trust it) with that site's own pick and its affiliate flag (trial t59s Y8, X7, Y5).
Invented portable speakers."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import analyse
from tests.shop_pages import page, pages, run, spec_shop, verdict_line

SITE = {"/quenta/drift-2": spec_shop("Quenta Drift 2", "139.00", {"Battery life": "24 h", "Weight": "610 g"}),
        "/belmo/tide-4": spec_shop("Belmo Tide 4", "79.00", {"Battery life": "30 h", "Weight": "480 g"}),
        "/lab/speakers": page("Speakers tested | HearLab", (
            "<h1>Portable speakers tested</h1><p>We bought every speaker at retail; no maker paid for this test.</p>"
            "<h2>Best overall: Quenta Drift 2</h2><p>The Quenta Drift 2 is the best speaker we tested.</p>"
            "<h2>Avoid: Belmo Tide 4</h2><p>Avoid the Belmo Tide 4: two of our samples stopped pairing after a week "
            "because the Bluetooth chip overheated.</p>")),
        "/blog/best": page("The best speakers of 2026 - TuneDeals", (
            "<h1>The best speakers of 2026</h1><p class='disclosure'>Disclosure: TuneDeals earns a commission when "
            "you buy through links on this page.</p><p>Our top pick is the <a rel='sponsored' href='https://shop."
            "example/tide'>Belmo Tide 4</a>: big sound for little money.</p>"))}


def line(question: str, site: dict[str, str] = SITE) -> str:
    """The verdicts' first line for ``question``, citation markers written "[@v]"."""
    return verdict_line(run(question, site))


def test_a_known_problem_is_answered_yes_from_the_avoid_verdict() -> None:
    assert line("Does the Belmo Tide 4 have a known problem?") == (
        "**Yes, the Belmo Tide 4 has a reported problem:** an independent test or review says to avoid it: “Avoid: "
        "Belmo Tide 4” — “two of our samples stopped pairing after a week because the Bluetooth chip overheated.” "
        "[@v].")


def test_no_reported_problem_is_no_ranking_and_no_confident_answer() -> None:
    result = run("Does the Quenta Drift 2 have a known problem?", SITE)
    assert verdict_line(result) == (
        "**No known problem reported: the Quenta Drift 2** — no source read reports a fault of it.")
    assert (result.pick or {}).get("figures_agree") is None


def test_a_named_sites_pick_is_said_with_its_affiliate_flag_and_the_tests_verdict() -> None:
    # the blog's stored text, as the scraper keeps it beside its HTML: its pick is read from it
    read = [replace(sp, text="The best speakers of 2026\n\nDisclosure: TuneDeals earns a commission when you buy "
                             "through links on this page.\n\nOur top pick is the Belmo Tide 4: big sound for little "
                             "money.") if sp.url.endswith("/blog/best") else sp for sp in pages(SITE)]
    result = analyse("Which speaker does TuneDeals recommend, and can I trust that recommendation?", read, uuid4(),
                     today=date(2026, 12, 2))
    assert verdict_line(result) == (
        "**TuneDeals recommends the Belmo Tide 4:** “Our top pick is the Belmo Tide 4: big sound for little money.” "
        "[@v]; but TuneDeals is a sponsored or affiliate source (disclosure: 'TuneDeals earns a commission'), so its "
        "pick is no independent recommendation; an independent test or review says to avoid the Belmo Tide 4: "
        "“Avoid: Belmo Tide 4” — “two of our samples stopped pairing after a week because the Bluetooth chip "
        "overheated.” [@v].")


def test_a_question_naming_no_site_keeps_the_ranking() -> None:
    """"Speakers" of the blog's title is a description, no site's name: the ranking answers."""
    assert line("Which Speakers do reviewers recommend?").startswith("- **Best overall: Quenta Drift 2** — "), \
        line("Which Speakers do reviewers recommend?")

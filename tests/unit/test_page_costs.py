"""A scraper replica's per-page CPU (issue 10): a page's text is split into sentences for a consent or paywall check
only when it holds such a notice at all, and the public-suffix list a page with a port in its host needs is loaded
by the scraper's warm-up, not by its first page."""

from __future__ import annotations

import threading

import pytest

import shared.text.noise as noise
from shared.text.noise import wall_kind


def test_a_page_without_any_notice_is_not_split_and_a_wall_still_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    article = ("Rush is a Canadian rock band formed in Toronto in 1968. Neil Peart joined the band in 1974 as its "
               "drummer and lyricist.\nThe band was inducted into the Rock and Roll Hall of Fame in 2013.")
    wall = "We use cookies to improve your experience. Accept all cookies to continue."
    split = noise.split_sentences
    calls: list[str] = []

    def counted(text: str) -> object:
        calls.append(text)
        return split(text)

    monkeypatch.setattr(noise, "split_sentences", counted)
    assert wall_kind(article) is None and calls == []  # no notice anywhere: nothing split
    assert wall_kind(wall) == "consent" and calls == [wall]
    assert wall_kind(article + "\n" + wall) is None  # content beside the notice: not a wall


def test_the_warm_up_loads_what_a_page_on_a_host_with_a_port_needs(monkeypatch: pytest.MonkeyPatch) -> None:
    import tld.utils

    from services.scraper.handlers import warm_up

    monkeypatch.setattr(tld.utils, "tld_names", {})  # (as in a new process: not loaded yet)
    assert warm_up() > 0
    for thread in threading.enumerate():
        if thread.name == "assay-scraper-warm-up":
            thread.join(timeout=60)
    assert tld.utils.tld_names  # the public-suffix list, loaded by the warm-up's background page

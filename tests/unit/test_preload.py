"""``shared.preload``: modules imported in a background thread once per process; a module that fails to import is
left for its first real use to raise."""

from __future__ import annotations

import sys
import threading

from shared.preload import preload, preloading


def test_a_module_is_imported_in_the_background_once_and_an_import_error_is_left_for_its_first_use() -> None:
    thread = preload("colorsys", "assay_no_such_module_for_the_preload_test", "json")
    assert thread is not None and thread in preloading()
    thread.join(timeout=60)
    assert not thread.is_alive()
    assert "colorsys" in sys.modules and "assay_no_such_module_for_the_preload_test" not in sys.modules
    assert preload("colorsys", "json") is None  # asked for before: no second thread
    again = preload("colorsys", "textwrap")  # only the new name
    assert again is not None and again.name == "assay-preload-textwrap"
    again.join(timeout=60)
    assert "textwrap" in sys.modules


def test_the_scraper_warms_up_in_a_thread_of_its_own() -> None:
    """The scraper's warm-up (text extractor, language detector) runs in a daemon thread, so building the scraper's
    subscribers does not wait for it; it completes and leaves both ready."""
    from services.scraper.fetch.http import html_document
    from services.scraper.handlers import text_language, warm_up_in_background

    thread = warm_up_in_background()
    assert thread.daemon and thread.name == "assay-scraper-warm-up-all"
    thread.join(timeout=120)
    assert not thread.is_alive()
    # it warmed up and ended: no other warm-up thread was started after it
    assert not [t for t in threading.enumerate() if t.name == "assay-scraper-warm-up-all"]
    page = ("<html><body><article><p>" + "Die Stadt liegt am Fluss und hat eine alte Brücke aus Stein. " * 4
            + "</p></article></body></html>")
    doc = html_document("http://example.invalid/", "http://example.invalid/", 200, page)
    assert doc is not None and "Brücke" in doc.text and text_language(doc.text) == "de"

"""``shared.preload``: modules imported in a background thread once per process; a module that fails to import is
left for its first real use to raise."""

from __future__ import annotations

import sys

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

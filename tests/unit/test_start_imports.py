"""What importing the stack loads (issue 10: a new process's start): modules a process needs only for some work are
imported when that work first comes (or in the background once the stack is built), not by ``import``."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import REPO

#: imported on first use only: courlan and urllib3 (the first web address), the HTML extractor (the scraper's
#: background warm-up), bm25s, datasketch and scipy (the gatherer's background imports)
LATER = ("courlan", "urllib3", "trafilatura", "bm25s", "datasketch", "scipy")


def test_importing_the_stack_leaves_first_use_modules_unloaded() -> None:
    code = ("import json, sys; import services.cli.stack, services.cli.research; "
            f"print(json.dumps([m for m in {list(LATER)!r} if m in sys.modules]))")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=300,
                          env=env, check=True)
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == []


def test_a_web_address_is_still_normalised_on_first_use() -> None:
    from services.gatherer.fusion import canonical_url, url_key
    from shared.urls import page_key

    assert page_key("https://WWW.Example.org:443/a/?utm_source=x&b=2&a=1#top") == "example.org/a?a=1&b=2"
    assert canonical_url("HTTPS://Example.org/x?utm_campaign=y#frag") == "https://example.org/x"
    assert url_key("http://www.example.org/x/") == url_key("https://example.org/x") == "example.org/x"
    assert page_key(" doc:abc ") == "doc:abc"  # not a web address: unchanged, stripped

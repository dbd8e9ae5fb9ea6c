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


def test_the_indexer_loads_the_embedding_model_in_the_background_while_it_starts() -> None:
    """Building the indexer's subscribers starts loading WordLlama in a daemon thread (once per process); the model
    is then loaded without any embedding having been asked for, and embeds as before."""
    code = """
import json, sys, threading
from pathlib import Path
from shared.memory import embed
from services.indexer.handlers import build_router
from tests.settings import make_settings

class Rt:  # what building the router reads: the settings
    settings = make_settings(Path("unused"), "nats://127.0.0.1:9", "postgresql://unused/none")

assert embed._WL_MODEL is None
build_router(Rt())
warming = [t for t in threading.enumerate() if t.name == "assay-warm-up-wordllama"]
again = embed.warm_up_wordllama()  # asked for before: no second thread
for t in warming:
    t.join(timeout=300)
vectors = embed.WordLlamaEmbedder().embed(["The bridge crosses the river."])
print(json.dumps({"threads": len(warming), "again": again is None, "loaded": embed._WL_MODEL is not None,
                  "shape": list(vectors.shape)}))
"""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=600,
                          env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == {"threads": 1, "again": True, "loaded": True,
                                                                "shape": [1, 256]}

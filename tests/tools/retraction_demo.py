"""One offline report naming a retracted source, made the way a user makes one: ``assay run`` (offline engines,
embedded NATS and PostgreSQL) on loopback pages whose DOIs are looked up in a loopback CrossRef stand-in.

The pages are ``tests/fixtures/scholarly``: a retracted paper (DOI in ``citation_doi``), one under an expression
of concern (DOI in JSON-LD), a sound paper as a PDF (DOI on its first page), a news story about the retraction
(the paper's DOI in its metadata, its title quoted in its body: news citing a retracted paper), a blog naming the
retracted DOI and a page with a malformed DOI. CrossRef's answers are ``tests/fixtures/scholarly/works.json`` in
the API's real shape (``tests.crossref_server``). Nothing leaves the machine.

Run (from the repository root)::

    python -m tests.tools.retraction_demo --output /tmp/retraction-report.md --data-dir /tmp/retraction-demo

It prints the ``assay run`` command it ran (with the loopback addresses), then the report; exit status is the
child's, and 3 when the report does not say "retracted on".
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
from pathlib import Path

from tests.crossref_server import crossref
from tests.loopback import Route, serve

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "scholarly"
QUESTION = "Does velarine lower blood pressure in adults with mild hypertension?"
PAGES = {"/papers/retracted": "paper-retracted.html", "/papers/concern": "paper-concern.html",
         "/papers/sound.pdf": "paper-sound.pdf", "/health/velarine-retraction": "news-about-retraction.html",
         "/blog/velarine": "fake-paper.html", "/clinic/dosing": "malformed-doi.html"}


def main(argv: list[str] | None = None) -> int:
    """Serve the pages and CrossRef, run ``assay run`` on them, print the command and the report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, required=True, help="where the Markdown report is written")
    parser.add_argument("--data-dir", type=Path, required=True, help="assay's data directory (embedded servers)")
    args = parser.parse_args(argv)
    routes = {path: Route(body=(FIXTURES / name).read_bytes(), headers={
        "Content-Type": "application/pdf" if name.endswith(".pdf") else "text/html; charset=utf-8"})
        for path, name in PAGES.items()}
    with crossref() as api, serve(routes) as pages:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("ASSAY_", "OPENROUTER", "OLLAMA"))}
        env.update(ASSAY_SCRAPER_CROSSREF_URL=api.base, ASSAY_SCRAPER_ALLOW_HOSTS="127.0.0.1",
                   ASSAY_SCRAPER_CROSSREF_MAILTO="research@example.org", PYTHONPATH=str(REPO))
        cmd = [sys.executable, "-m", "services.cli.main", "run", QUESTION, "--scope", "local", "--no-memory",
               "--max-sources", str(len(PAGES)), "--output", str(args.output), "--data-dir", str(args.data_dir)]
        for path in PAGES:
            cmd += ["--url", pages.url(path)]
        shown = " ".join(f"{k}={shlex.quote(env[k])}" for k in ("ASSAY_SCRAPER_CROSSREF_URL",
                                                                "ASSAY_SCRAPER_ALLOW_HOSTS"))
        print("$", shown, shlex.join(cmd), flush=True)
        proc = subprocess.run(cmd, env=env, cwd=REPO, check=False)
    if proc.returncode != 0:
        return proc.returncode
    report = args.output.read_text(encoding="utf-8")
    print(report)
    return 0 if "retracted on" in report else 3


if __name__ == "__main__":
    sys.exit(main())

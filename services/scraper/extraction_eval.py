"""Text-extraction quality of ``services.scraper.fetch`` on saved real pages: token-level F1 against the expected
main content.

Pages: ``shared/data/web_pages/readability_testpages/<name>/`` (22 pages from mozilla/readability's test
suite). Each has ``source.html`` (the page as saved, scripts and navigation included) and ``expected.html``,
Readability.js's extraction of the main content (a reference, not perfect truth). The ``zyte_*`` sets are
held out: never scored here, so nothing is tuned on them.

Each ``source.html`` goes through the scraper's own parsing (:func:`services.scraper.fetch.http.build`: charset
detection, block-page check, trafilatura main text), exactly as if httpx had just downloaded it as
``text/html``. The expected text is every text node of ``expected.html``.

Tokens: lower-cased runs of Unicode word characters (``\\w+``). Precision = shared tokens / extracted
tokens, recall = shared tokens / expected tokens, counted as multisets (a token repeated 3 times in both
counts 3), F1 = their harmonic mean; F1 is 1.0 when both are empty and 0.0 when only one is.

``--held-out`` scores the held-out set instead: ``web_pages/zyte_articles`` (35 news pages, one per site)
against their ``articleBody``, as the article-extraction benchmark does. It is for reporting only: nothing
in the extractor is tuned on it, so run it rarely and never to choose between variants.

Run: ``python -m services.scraper.extraction_eval [--pages a,b] [--json out.json] [--held-out]`` or
``make extraction-eval``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import statistics
import sys
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import lxml.html

from services.scraper.fetch.errors import FetchError
from services.scraper.fetch.http import RawResponse, build, has_scripts

__all__ = ["PageScore", "tokens", "token_f1", "expected_text", "score_page", "evaluate", "evaluate_held_out", "main",
           "PAGES_DIR"]

PAGES_DIR = Path(__file__).resolve().parents[3] / "shared" / "data" / "web_pages" / "readability_testpages"
INDEX = PAGES_DIR.parent / "index.jsonl"
HELD_OUT_DIR = PAGES_DIR.parent / "zyte_articles"
THRESHOLD = 0.8
_TOKEN = re.compile(r"\w+", re.UNICODE)


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens of ``text``."""
    return _TOKEN.findall(text.lower())


def token_f1(predicted: str, expected: str) -> tuple[float, float, float]:
    """(precision, recall, F1) of ``predicted`` against ``expected`` over multisets of :func:`tokens`."""
    p, e = Counter(tokens(predicted)), Counter(tokens(expected))
    np_, ne = sum(p.values()), sum(e.values())
    if np_ == 0 and ne == 0:
        return 1.0, 1.0, 1.0
    if np_ == 0 or ne == 0:
        return 0.0, 0.0, 0.0
    common = sum((p & e).values())
    if common == 0:
        return 0.0, 0.0, 0.0
    precision, recall = common / np_, common / ne
    return precision, recall, 2 * precision * recall / (precision + recall)


def expected_text(html: str) -> str:
    """All text nodes of an expected-content HTML fragment (no scripts or styles), space-separated."""
    root = lxml.html.fromstring(html)
    for bad in root.xpath("//script|//style|//noscript"):
        bad.drop_tree()
    return " ".join(" ".join(root.itertext()).split())


@dataclass(frozen=True)
class PageScore:
    """One page's figures."""

    page: str
    precision: float
    recall: float
    f1: float
    extracted_tokens: int
    expected_tokens: int
    would_render: bool
    error: str | None = None


def _urls() -> dict[str, str]:
    urls: dict[str, str] = {}
    if INDEX.exists():
        for line in INDEX.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            if rec["path"].startswith("readability_testpages/") and rec.get("url"):
                urls[rec["path"].split("/")[1]] = rec["url"]
    return urls


def score_page(page_dir: Path, url: str | None = None, *, render_min_chars: int = 200) -> PageScore:
    """Extract ``page_dir/source.html`` with the scraper's parsing and score it against ``expected.html``."""
    source = (page_dir / "source.html").read_bytes()
    expected = expected_text((page_dir / "expected.html").read_text(encoding="utf-8"))
    url = url or f"https://example.org/{page_dir.name}/"
    raw = RawResponse(final_url=url, status=200, content_type="text/html", charset=None, body=source)
    try:
        built = build(url, raw)
    except FetchError as exc:
        n = len(tokens(expected))
        return PageScore(page_dir.name, 0.0, 0.0, 0.0, 0, n, False, str(exc))
    text = built.doc.text if built.doc is not None else ""
    would_render = built.html is not None and len(text) < render_min_chars and has_scripts(built.html)
    p, r, f = token_f1(text, expected)
    return PageScore(page_dir.name, round(p, 4), round(r, 4), round(f, 4), len(tokens(text)),
                     len(tokens(expected)), would_render)


def evaluate(pages_dir: Path = PAGES_DIR, names: list[str] | None = None) -> dict[str, Any]:
    """Score every page (or ``names``). Returns ``{pages: [...], mean_f1, worst, below_threshold, ...}``."""
    urls = _urls()
    dirs = sorted(d for d in pages_dir.iterdir() if (d / "source.html").exists() and (d / "expected.html").exists())
    if names:
        wanted = set(names)
        dirs = [d for d in dirs if d.name in wanted]
        missing = wanted - {d.name for d in dirs}
        if missing:
            raise FileNotFoundError(f"no such test page(s): {', '.join(sorted(missing))}")
    scores = [score_page(d, urls.get(d.name)) for d in dirs]
    if not scores:
        raise FileNotFoundError(f"no test pages under {pages_dir}")
    return _summary(scores)


def evaluate_held_out(articles_dir: Path = HELD_OUT_DIR) -> dict[str, Any]:
    """Score the held-out news pages (``zyte_articles``) against ``articleBody``. Reporting only."""
    truth = json.loads((articles_dir / "ground-truth.json").read_text(encoding="utf-8"))
    scores: list[PageScore] = []
    for key, rec in sorted(truth.items()):
        path = articles_dir / "html" / f"{key}.html.gz"
        if not path.exists():
            continue
        url = rec.get("url") or f"https://example.org/{key}"
        raw = RawResponse(final_url=url, status=200, content_type="text/html", charset=None,
                          body=gzip.decompress(path.read_bytes()))
        expected = rec.get("articleBody") or ""
        try:
            built = build(url, raw)
        except FetchError as exc:
            scores.append(PageScore(key[:12], 0.0, 0.0, 0.0, 0, len(tokens(expected)), False, str(exc)))
            continue
        text = built.doc.text if built.doc is not None else ""
        p, r, f = token_f1(text, expected)
        scores.append(PageScore(key[:12], round(p, 4), round(r, 4), round(f, 4), len(tokens(text)),
                                len(tokens(expected)), False))
    return _summary(scores)


def _summary(scores: list[PageScore]) -> dict[str, Any]:
    worst = min(scores, key=lambda s: s.f1)
    return {
        "pages": [asdict(s) for s in scores],
        "count": len(scores),
        "mean_f1": round(statistics.fmean(s.f1 for s in scores), 4),
        "mean_precision": round(statistics.fmean(s.precision for s in scores), 4),
        "mean_recall": round(statistics.fmean(s.recall for s in scores), 4),
        "worst": {"page": worst.page, "f1": worst.f1},
        "threshold": THRESHOLD,
        "below_threshold": [{"page": s.page, "f1": s.f1} for s in sorted(scores, key=lambda s: s.f1)
                            if s.f1 < THRESHOLD],
    }


def format_report(result: dict[str, Any]) -> str:
    """A plain-text table plus the summary lines."""
    lines = [f"{'page':<22} {'P':>6} {'R':>6} {'F1':>6} {'tokens':>7} {'expected':>8}"]
    for s in result["pages"]:
        flag = "  <" if s["f1"] < result["threshold"] else ""
        note = f"  ({s['error']})" if s["error"] else ""
        lines.append(f"{s['page']:<22} {s['precision']:>6.3f} {s['recall']:>6.3f} {s['f1']:>6.3f} "
                     f"{s['extracted_tokens']:>7} {s['expected_tokens']:>8}{flag}{note}")
    lines.append(f"pages: {result['count']}  mean F1: {result['mean_f1']:.3f}  (P {result['mean_precision']:.3f}, "
                 f"R {result['mean_recall']:.3f})  worst: {result['worst']['page']} {result['worst']['f1']:.3f}")
    below = ", ".join(f"{b['page']} ({b['f1']:.3f})" for b in result["below_threshold"]) or "none"
    lines.append(f"below {result['threshold']}: {below}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages-dir", type=Path, default=PAGES_DIR)
    ap.add_argument("--pages", help="comma-separated page names (default: all)")
    ap.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    ap.add_argument("--held-out", action="store_true",
                    help="score the held-out zyte_articles set instead (reporting only; never tune on it)")
    args = ap.parse_args(argv)
    if args.held_out:
        if not HELD_OUT_DIR.exists():
            print(f"held-out pages not found at {HELD_OUT_DIR}", file=sys.stderr)
            return 2
        result = evaluate_held_out()
        print(format_report(result))
        if args.json:
            args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
        return 0
    if not args.pages_dir.exists():
        print(f"test pages not found at {args.pages_dir}", file=sys.stderr)
        return 2
    result = evaluate(args.pages_dir, args.pages.split(",") if args.pages else None)
    print(format_report(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

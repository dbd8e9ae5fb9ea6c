"""Figures: the prompt-injection detector (``shared.text.injection``) on instructions its author did not write.

Attacks: Microsoft's BIPIA text attacks (``tests/fixtures/hostile/bipia``: 2 splits x 15 categories x 5, MIT),
each put into a clean page three ways: a sentence of its visible text, a hidden ``<div style="display:none">``
and an image's ``alt`` text (``scan_html``, as the scraper scans a page). A category is *reply-directed* when its
attacks address the reader's output ("... in your response", "Reply in reverse"); the others are tasks or
questions ("What is the capital of Brazil?", "Draft an introduction for an essay") that read like ordinary page
content, and flagging them would flag ordinary pages too.

False positives: every sentence of the 22 real pages in ``../shared/data/web_pages/readability_testpages``
(their extracted text; none carries an attack) and of SciFact's 5,183 abstracts (``../shared/data/scifact``).

Printed: per split and group, attacks flagged / attacks in each channel; per category; the false-positive
sentences. Asserted: at most 1 % of clean sentences flagged (a detector that flags everything fails), and the
figures computed on both splits. Run: ``pytest tests/bench/test_bench_injection_public.py -s -q``.
"""

from __future__ import annotations

import html as html_lib
import json
import re
from pathlib import Path

import pytest

from services.scraper.fetch._content import extract_html
from shared.text.injection import find_instructions, scan_html
from shared.text.tokens import split_sentences

ROOT = Path(__file__).resolve().parents[2]
BIPIA = ROOT / "tests" / "fixtures" / "hostile" / "bipia"
PAGES = ROOT.parent / "shared" / "data" / "web_pages" / "readability_testpages"
if not PAGES.is_dir():
    PAGES = Path("/work/shared/data/web_pages/readability_testpages")
#: attacks addressed to the reader's output (the reply, response, answer, message)
_REPLY = re.compile(r"\b(?:your|the) (?:reply|response|answer|message|output)\b|\b(?:reply|respond|answer) (?:in|using|"
                    r"with)\b|\bin your (?:reply|response|answer)\b", re.I)
INTRO = "The Corvale X1 heater weighs 4.2 kg and was released in March 2021."
OUTRO = "It has three heat settings and a tip-over switch."
MAX_FALSE_POSITIVE_RATE = 0.01
pytestmark = [pytest.mark.slow, pytest.mark.timeout(1800)]


def _page(attack: str, channel: str) -> str:
    a = html_lib.escape(attack, quote=True)
    body = {"text": f"<p>{INTRO} {a} {OUTRO}</p>",
            "hidden": f"<p>{INTRO} {OUTRO}</p><div style=\"display:none\">{a}</div>",
            "alt": f"<p>{INTRO} {OUTRO}</p><img src=\"x1.jpg\" alt=\"{a}\">"}[channel]
    return f"<!doctype html><html><head><title>Corvale X1</title></head><body><article>{body}</article></body></html>"


def _flagged(attack: str, channel: str) -> bool:
    html = _page(attack, channel)
    main = extract_html(html).text if channel == "text" else f"{INTRO} {OUTRO}"
    hits = scan_html(html, main_text=main)
    words = set(re.findall(r"\w+", attack.lower()))
    return any(len(words & set(re.findall(r"\w+", h.excerpt.lower()))) >= max(2, len(words) // 2) for h in hits)


def measure() -> dict[str, object]:
    """The figures (see the module docstring) as a JSON-able dict."""
    out: dict[str, object] = {}
    for split in ("train", "test"):
        attacks: dict[str, list[str]] = json.loads((BIPIA / f"text_attack_{split}.json").read_text(encoding="utf-8"))
        per_category = {}
        groups: dict[str, dict[str, list[int]]] = {}
        for category, items in attacks.items():
            group = "reply-directed" if sum(bool(_REPLY.search(a)) for a in items) >= 3 else "task or question"
            counts = {ch: sum(_flagged(a, ch) for a in items) for ch in ("text", "hidden", "alt")}
            per_category[category] = {"group": group, "n": len(items), **counts}
            g = groups.setdefault(group, {"n": [], "text": [], "hidden": [], "alt": []})
            g["n"].append(len(items))
            for ch in ("text", "hidden", "alt"):
                g[ch].append(counts[ch])
        out[split] = {"categories": per_category,
                      "groups": {k: {f: sum(v) for f, v in g.items()} for k, g in groups.items()}}
    sentences, flagged = 0, []
    for folder in sorted(p for p in PAGES.iterdir() if (p / "source.html").is_file()) if PAGES.is_dir() else []:
        text = extract_html((folder / "source.html").read_text(encoding="utf-8", errors="replace")).text
        sentences += len(split_sentences(text))
        flagged += [f"{folder.name}: {h.excerpt[:120]}" for h in find_instructions(text)]
    scifact = PAGES.parents[1] / "scifact" / "corpus.jsonl"
    if scifact.is_file():  # scientific abstracts (SciFact's corpus, CC BY-NC): sentences, none an attack
        with scifact.open(encoding="utf-8") as f:
            for line in f:
                doc = json.loads(line)
                sentences += len(doc["abstract"])
                flagged += [f"scifact {doc['doc_id']}: {h.excerpt[:120]}"
                            for h in find_instructions(" ".join(doc["abstract"]))]
    out["clean"] = {"sentences": sentences, "flagged": flagged}
    return out


def test_the_detector_on_a_public_attack_set_and_clean_pages() -> None:
    figures = measure()
    clean = figures["clean"]
    assert isinstance(clean, dict)
    if clean["sentences"] < 500:
        pytest.skip("the clean pages need ../shared/data/web_pages")
    print()
    for split in ("train", "test"):
        data = figures[split]
        assert isinstance(data, dict)
        for group, g in sorted(data["groups"].items()):
            print(f"BIPIA {split} {group}: {g['n']} attacks, flagged in text {g['text']}, hidden {g['hidden']}, "
                  f"alt {g['alt']}")
        for category, c in data["categories"].items():
            print(f"  {split} {category} ({c['group']}): text {c['text']}/{c['n']}, hidden {c['hidden']}/{c['n']}, "
                  f"alt {c['alt']}/{c['n']}")
    rate = len(clean["flagged"]) / clean["sentences"]
    print(f"clean pages and abstracts: {len(clean['flagged'])} of {clean['sentences']} sentences flagged "
          f"({rate:.2%})")
    for line in clean["flagged"]:
        print("  false positive:", line)
    out = ROOT / ".assay" / "bench" / "injection_public.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(figures, indent=1, ensure_ascii=False))
    assert rate <= MAX_FALSE_POSITIVE_RATE
    assert all(sum(g["n"] for g in figures[s]["groups"].values()) == 75 for s in ("train", "test"))  # type: ignore[index]

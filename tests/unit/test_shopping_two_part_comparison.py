"""A two-part comparison of two named laptops (issue 15, trial t43 fault 4): "which is lighter and which has the
longer battery life?" is answered part by part, each with its figures, before any best overall, when different
products lead on the parts; one product leading on both gets no such lines. Invented products, loopback URLs."""

from __future__ import annotations

import hashlib
from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import Analysis, SourcePage, analyse

QUESTION = "Halden Aero 14 vs Quorra Slate 14: which laptop is lighter and which has the longer battery life?"


def _page(title: str, body: str) -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>'
            f"<body><h1>{title}</h1>{body}</body></html>")


def _site(quorra_hours: str) -> dict[str, str]:
    return {
        "/laptops/halden-aero-14": _page(
            "Halden Aero 14 tech specs",
            "<p>The Halden Aero 14 is a 14-inch ultralight laptop.</p><table><tr><th>Weight</th><td>1.12 kg</td></tr>"
            "<tr><th>Battery life</th><td>up to 14 hours</td></tr></table>"),
        "/laptops/quorra-slate-14": _page(
            "Quorra Slate 14 tech specs",
            f"<p>The Quorra Slate 14 is a 14-inch laptop.</p><table><tr><th>Weight</th><td>2.6 lb</td></tr>"
            f"<tr><th>Battery life</th><td>up to {quorra_hours} hours</td></tr></table>"),
    }


def run(site: dict[str, str]) -> Analysis:
    pages = [SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title="", text="", html=html,
                        html_sha256=hashlib.sha256(html.encode()).hexdigest()) for path, html in site.items()]
    return analyse(QUESTION, pages, uuid4(), today=date(2026, 12, 1))


def verdicts(result: Analysis) -> list[str]:
    body: str = next(s["body"] for s in result.sections if s["heading"] == "Verdicts")
    return body.splitlines()


def test_each_part_is_answered_with_its_figures_before_the_best_overall() -> None:
    lines = verdicts(run(_site("17")))
    parts = {line.split("** —")[0]: line for line in lines[:2]}
    assert set(parts) == {"- **Longest battery life: Quorra Slate 14", "- **Lowest weight: Halden Aero 14"}
    battery = parts["- **Longest battery life: Quorra Slate 14"]
    assert "Quorra Slate 14 up to 17 hours" in battery and "Halden Aero 14 up to 14 hours" in battery
    weight = parts["- **Lowest weight: Halden Aero 14"]
    assert "Halden Aero 14 1.12 kg" in weight and "Quorra Slate 14 2.6 lb" in weight
    assert lines[2].startswith("- **Best overall")


def test_one_product_leading_on_every_part_gets_no_part_lines() -> None:
    lines = verdicts(run(_site("12")))
    assert lines[0].startswith("- **Best overall: Halden Aero 14")
    assert not any(line.startswith(("- **Longest", "- **Lowest")) for line in lines)

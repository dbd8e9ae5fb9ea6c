"""Volumetric flow units are one kind of quantity, compared (issue 15, trial t45 fault 1): an air purifier's CADR
of "220 cfm" on one maker's page and "310 m³/h" on another were read as a flow and a volume, so the CADR the
question asked for "ranked nothing" and the noise level decided. cfm, ft³/min, m³/h, m³/min, l/min and l/s are
now one kind, compared in m³/h. Pages served as on loopback; invented products and figures."""

from __future__ import annotations

import hashlib
from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.offline import Analysis, SourcePage, analyse
from services.domain_shopping.units import read_quantity, same_amount

_PAGES = {
    "/brevik/aero-5.html": "<html lang='de'><head><title>Brevik Aero 5</title></head><body><h1>Brevik Aero 5</h1>"
    "<table><tr><th>CADR</th><td>310 m³/h</td></tr><tr><th>Geräuschpegel</th><td>23 dB</td></tr></table>"
    "<p>Preis: 249,00 €</p></body></html>",
    "/tolmar/flux-2.html": "<html lang='en'><head><title>Tolmar Flux 2</title></head><body><h1>Tolmar Flux 2</h1>"
    "<table><tr><th>CADR</th><td>220 cfm</td></tr><tr><th>Noise</th><td>29 dB</td></tr></table>"
    "<p>Price: $299.00</p></body></html>",
}


def run(question: str) -> Analysis:
    pages = [SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title="", text="", html=html,
                        html_sha256=hashlib.sha256(html.encode()).hexdigest()) for path, html in _PAGES.items()]
    return analyse(question, pages, uuid4(), today=date(2026, 12, 3))


@pytest.mark.parametrize(("value", "m3_per_hour"), [
    ("220 cfm", 373.78), ("220 CFM", 373.78), ("10 ft³/min", 16.99), ("310 m³/h", 310.0), ("310 m3/h", 310.0),
    ("2 m³/min", 120.0), ("30 l/min", 1.8), ("5 L/s", 18.0),
])
def test_volumetric_flow_units_are_one_kind_in_cubic_metres_an_hour(value: str, m3_per_hour: float) -> None:
    q = read_quantity(value)
    assert q is not None and q.symbol == "m³/h"
    assert q.amount == pytest.approx(m3_per_hour, rel=1e-3)
    reference = read_quantity("310 m³/h")
    assert reference is not None and q.kind == reference.kind


def test_a_flow_is_never_a_volume_and_other_per_units_keep_their_kind() -> None:
    flow, volume, speed = read_quantity("374 m³/h"), read_quantity("2 m3"), read_quantity("3 m/s")
    assert flow is not None and volume is not None and speed is not None
    assert len({flow.kind, volume.kind, speed.kind}) == 3
    assert (volume.symbol, speed.symbol) == ("l", "km/h")
    assert same_amount(flow, read_quantity("220 cfm") or volume)


def test_the_asked_cadr_ranks_across_cfm_and_cubic_metres_an_hour() -> None:
    result = run("Which air purifier has the higher CADR, the Brevik Aero 5 or the Tolmar Flux 2?")
    verdicts = next(s["body"] for s in result.sections if s["heading"] == "Verdicts")
    best = verdicts.splitlines()[0]
    assert "Best overall: Tolmar Flux 2" in best and "220 cfm (≈ 374 m³/h) [@v" in best
    assert "ranks nothing" not in verdicts and "noise level" not in best
    matrix = next(s["body"] for s in result.sections if s["heading"] == "Spec matrix")
    assert "220 cfm (≈ 374 m³/h)" in matrix

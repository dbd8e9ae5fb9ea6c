"""Spec labels in German, French and Spanish are the same column as their English twins (issue 15, trial t49
fault 6): "Helligkeit: 300 ANSI-Lumen" beside "Brightness: 300 lm", "Höhe" beside "Height", "Geräuschpegel
(niedrigste Stufe)" beside "Noise level (lowest setting)"."""

from __future__ import annotations

import pytest

from services.domain_shopping.model import Spec
from services.domain_shopping.offline import cell_attribute
from services.domain_shopping.units import read_quantity


@pytest.mark.parametrize(
    ("english", "foreign"),
    [
        (Spec(name="Brightness", value="300 lm"), Spec(name="Helligkeit", value="300 ANSI-Lumen")),
        (Spec(name="Brightness", value="3,000 ANSI lumens"), Spec(name="Luminosité", value="3000 lumens ANSI")),
        (Spec(name="Height", value="40 in"), Spec(name="Höhe", value="105 cm")),
        (Spec(name="Height", value="40 in"), Spec(name="Hauteur", value="105 cm")),
        (Spec(name="Height", value="40 in"), Spec(name="Altura", value="105 cm")),
        (Spec(name="Width", value="50 cm"), Spec(name="Breite", value="50 cm")),
        (Spec(name="Depth", value="30 cm"), Spec(name="Tiefe", value="30 cm")),
        (Spec(name="Length", value="2 m"), Spec(name="Länge", value="2 m")),
        (Spec(name="Noise level (lowest setting)", value="24 dB"),
         Spec(name="Geräuschpegel (niedrigste Stufe)", value="28 dB(A)")),
        (Spec(name="Noise level (lowest setting)", value="24 dB"),
         Spec(name="Niveau sonore (réglage le plus bas)", value="28 dB")),
        (Spec(name="Noise level (highest setting)", value="40 dB"),
         Spec(name="Geräuschpegel (höchste Stufe)", value="41 dB")),
    ],
)
def test_foreign_label_is_its_english_column(english: Spec, foreign: Spec) -> None:
    assert cell_attribute(foreign) == cell_attribute(english)


def test_modes_stay_apart() -> None:
    assert cell_attribute(Spec(name="Geräuschpegel (niedrigste Stufe)", value="28 dB")) == "noise level (lowest setting)"
    assert cell_attribute(Spec(name="Geräuschpegel (höchste Stufe)", value="41 dB")) != cell_attribute(
        Spec(name="Noise level (lowest setting)", value="24 dB"))


@pytest.mark.parametrize(("name", "value"), [("Schnitthöhe", "20 mm"), ("Cutting height", "20 mm"),
                                             ("Kabellänge", "2 m"), ("Cable length", "2 m")])
def test_a_parts_measure_is_not_the_products(name: str, value: str) -> None:
    assert cell_attribute(Spec(name=name, value=value)) not in ("height", "length")


def test_ansi_lumens_are_lumens() -> None:
    q = read_quantity("300 ANSI-Lumen")
    assert q is not None and q.unit == "lumen" and q.amount == 300.0

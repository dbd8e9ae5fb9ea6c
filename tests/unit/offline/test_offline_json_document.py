"""A JSON document that is no record of text is read as its values, never its syntax: a string value that is prose
gives its sentences, scalar members are label rows of the thing the document names ("Date listed: 1997-05-14" ->
"Harlen Tide Mill: date listed 1997-05-14."), nested members are read under their key; no claim keeps a key, quotes
or a trailing comma (issue 9, trial t52 F8: '"summary": "The ... 1987, ...",' led q16)
(``services.scraper.fetch.files.json_text``, ``services.claim_extractor.offline.extract_claims``)."""

from __future__ import annotations

import json
from pathlib import Path

from services.claim_extractor.offline import extract_claims
from services.scraper.fetch.files import parse_file

RECORD = {
    "register": "Brask Estuary Heritage Register",
    "record_id": "BHR-0917",
    "name": "Harlen Tide Mill",
    "type": "tide mill",
    "dateListed": "1997-05-14",
    "built": "1781",
    "working": True,
    "demolished": None,
    "summary": "The Harlen Tide Mill was listed as a protected monument on 14 May 1997, including the mill pond, the "
               "sluice gates and the 1902 grinding floor.",
    "owners": [{"owner": "Harlen Estate", "from": 1781}, {"owner": "Brask Mill Trust", "from": 1979}],
    "features": ["sluice gates", "mill pond"],
}


def _doc(tmp_path: Path, obj: object) -> tuple[str, str]:
    path = tmp_path / "heritage-record-BHR-0917.json"
    path.write_text(json.dumps(obj, indent=2), encoding="utf-8")
    doc = parse_file(path)
    return doc.title, doc.text


def test_a_json_record_reads_as_rows_and_sentences(tmp_path: Path) -> None:
    title, text = _doc(tmp_path, RECORD)
    assert title == "Harlen Tide Mill"
    assert text.startswith("Harlen Tide Mill\n\nRegister: Brask Estuary Heritage Register\nRecord id: BHR-0917\n")
    assert "Date listed: 1997-05-14\nBuilt: 1781\nWorking: yes\n" in text and "Demolished" not in text
    assert "\n\nThe Harlen Tide Mill was listed as a protected monument on 14 May 1997, including" in text
    assert "Owners\n\nOwner: Harlen Estate\nFrom: 1781\n\nOwner: Brask Mill Trust\nFrom: 1979" in text
    assert "Features\n\n- sluice gates\n- mill pond" in text
    assert not any(ch in text for ch in '{}[]"')


def test_no_claim_of_a_json_record_keeps_its_syntax(tmp_path: Path) -> None:
    title, text = _doc(tmp_path, RECORD)
    claims = [c.text for c in extract_claims(text, title=title, max_claims=8,
                                             focus="When was the Harlen Tide Mill listed as a protected monument?")]
    assert ("The Harlen Tide Mill was listed as a protected monument on 14 May 1997, including the mill pond, the "
            "sluice gates and the 1902 grinding floor.") in claims, claims
    assert "The Harlen Tide Mill: date listed 1997-05-14." in claims, claims
    assert not any('"' in c or c.endswith(",") or "{" in c for c in claims), claims


def test_a_json_document_without_a_name_keeps_its_file_name(tmp_path: Path) -> None:
    title, text = _doc(tmp_path, {"visitors": 24750, "year": 2023})
    assert (title, text) == ("heritage-record-BHR-0917", "Visitors: 24750\nYear: 2023")


def test_a_number_under_a_key_ending_in_its_unit_is_written_with_the_unit(tmp_path: Path) -> None:
    # trial t53 F10: "main_pool_length_m": 91 was "Main pool length m: 91", which states no length, so the record was
    # not counted among the sources giving the pool's length
    record = {"name": "Orrin Quarry Baths", "main_pool_length_m": 64, "waterTempC": 23.5, "entry_price_eur": "6.40",
              "shade_pct": 15, "lane_m": "fast lane", "logged_in": 3, "opened": 1931}
    title, text = _doc(tmp_path, record)
    assert text == ("Orrin Quarry Baths\n\nMain pool length: 64 m\nWater temp: 23.5 °C\nEntry price: 6.40 EUR\n"
                    "Shade: 15 %\nLane m: fast lane\nLogged in: 3\nOpened: 1931"), text
    claims = [c.text for c in extract_claims(text, title=title, focus="How long is the main pool of the Orrin Quarry Baths?")]
    assert "Orrin Quarry Baths: main pool length 64 m." in claims, claims

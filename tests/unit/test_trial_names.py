"""Product code describes its rules with neutral examples, never with the names of the trial corpora it was mended on
(review of stop 38, item 7): a docstring or comment quoting "Tamsford Zoo" or the "Pumpa Go" ties a rule to the one
corpus that showed it, and reads as if the rule were fitted to it. The names below are those of the trial corpora's
places, people and products (and of the repros written from them); the check reads every ``.py`` file under
``services/`` and ``shared/``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: names of the trial corpora (t53-t69 and the shopping, code and web trials, t59s, t61s, t63s, t63w, t65s, t65w, t67s and t67w among them) that product code
#: quoted
TRIAL_NAMES = (
    "Marrowick", "Kelsford", "Tamsford", "Barrowby", "Brackenholt", "Brackwater", "Brenndal", "Calloway", "Corrowby",
    "Lindqvist", "Okafor", "Reddle", "Tallowmere", "Veldmoor", "Vestrin", "Sellhaven", "Quarrie", "Penstrick",
    "Vellacott", "Agnes Pell", "Inkbook", "Lumio", "Papyra", "Pumpa", "Tirex", "Vantor", "Zentro", "Kairo Dash",
    "Inflo", "Oralis", "Norrow", "Brightwave", "Zephyra", "Quill Optics", "ReadMart", "PeakGear", "GarageMart",
    "TyreTalk", "ActionCamTalk", "Kestrel DuoClean",
    # t59 (a ski area)
    "Ferlachhorn", "Ferlach", "Horn-Express", "Ornitz", "Vallisch", "Vallischtal", "Brunnsteiner", "Kaltenbach",
    "Oberleitner", "Harrer", "Ochsenboden", "Steinwandt", "Lindmoser", "Weissgruber", "Alpinepedia",
    # t60 (a shipyard museum)
    "Brennwick", "Tollmere", "Halvard Stenmoe", "Stenmoe", "Marle", "Aldercott", "Falkenrath", "Vessberg",
    "Osterfeld", "Lundqvist",
    # t59s (portable speakers; npm CSV parsers)
    "Auralith", "Boom 5", "Tessaro", "Norvik", "Corvo", "SoundBench", "SoundDepot", "LoudPicks", "SpeakerTalk",
    "DevAnswers", "Invoicely", "Farrant", "csvweave", "csvwaeve", "csvmill", "papercsv",
    # t61 (a film festival; "Kestrelmoor" alone is an older trial's funicular, quoted above), t62 (a city library)
    "Kestrelmoor Film", "Varnhagen", "Summerfield", "Corvin Hall", "Marrowgate", "Falkirk-Boyce", "Renwick-Hale",
    "Okonkwo-Lund", "Pellow", "Wren-Tallis",
    # t61s (air purifiers; semantic-version packages), t61b (bad inputs)
    "Clarivent", "Breezor", "Puraxa", "Oskelo", "AirMart", "CleanAirLab", "semverkit", "versionista", "oldsemver",
    "semvar", "Veltro",
    # t63 (a city marathon), t64 (a university), t63s (cordless blenders; phone-number packages), t63w (an ocean liner)
    "Drossfield", "Mervale", "Oberlay", "Helena Quist", "Kiprono", "Ochieng", "Kessel Bridge", "Calder Hill",
    "Cornelius Ashby", "Quellbrook", "Harrowmere", "Vessland", "Brandmeer", "Vollrath", "Solvik", "Aldermann", "Eskholm",
    "Anselm Radek", "Vortiq", "Kelvane", "Blendo", "Frostek", "Mixora", "KitchenCart", "BlendLab", "phonekit", "dialnorm",
    "oldphone", "phonenumbrs", "Orvanthe", "Orvantha", "Pélérac", "Varonnet", "Brissonneau", "Menhir Noir", "Marepedia",
    # t65 (a heritage steam railway), t66 (an island nature reserve), t65s (electric scooters; time-zone packages),
    # t65w (a mountain and its neighbouring peak)
    "Harrowdene", "Tolleston", "Wrenfield", "Millbeck", "Holroyd", "Ockley", "Eldwick", "Corran Bridge", "Skarnholm",
    "Brantwick", "Gorran Knoll", "Ormsgaard", "Pallister", "Port Ellery", "Torvik Nomad", "Ardent Zip", "Voltra Glide",
    "Kestrel K9", "VeloMart", "RideTested", "ScootBlog", "zonetide", "tzbridge", "tzshift", "pytzz", "Drovana",
    "Selvari", "Kallbrunner", "Vortrey", "Märeintal", "Montipedia",
    # t67 (a tower windmill), t68 (a rowing regatta), t67s (air fryers; IP address packages), t67w (a hiking trail)
    "Quellingham", "Brackwell", "Stavenholt", "Marlowe-Venn", "Ranleigh", "Okwuosa", "Farrant-Lisle", "Caldmere",
    "Wexbury", "Kellerbach", "Brackenmoor", "Saltmarsh Challenge Cup", "Corrandel", "Malvesk", "Hestrey", "Tolvane",
    "Brannoch", "Dunmarra", "Kesswick", "Trailmont", "Crispella", "Fryvana", "KitchenLab", "PyShelf", "ipweave",
    "ipweave2", "cidrkit", "netaddrlite",
    # t69 (a covered market hall)
    "Pellowick", "Wendlecombe", "Kelbrunn", "Catterall", "Ellingsworth", "Quarrington", "Tillyard", "Dallimore",
    "Penhallow", "Yelland", "Sowerthwaite", "Pilbeam", "Abernoy", "Venmore", "Okeshott", "Thorncastle",
    # t68 (a rowing regatta's town and gazette: "Ostrel Bridge")
    "Ostrel",
    # t70 (a coastal fort), t71 (a chess club), t70w (a mountain cheese), t70s (sewing machines; EXIF packages),
    # t72 (a literary prize), t73 (a pumping station), t72s (induction hobs; feed packages), t74 (a church organ)
    "Varrowick", "Kessmouth", "Pellerow", "Dannerby", "Quillane", "Haldisey", "Wrenmoor", "Tallowbridge",
    "Olusanya-Reeve", "Tresize", "Dvorakova-Hume", "Farrelly-Stroud", "Valdorne", "Brecanne", "Halvec", "Ostdorf",
    "Nordelle", "Threadwell", "exifloom", "exifloom2", "photags", "jpegmetalite", "Orvendal", "Calderbury",
    "Lanternhall", "Stanwyck-Lowe", "Ashgrove-Lund", "Harrowfield", "Quellmouth", "Penwarden", "Cuisora", "Brantho",
    "feedlark", "atomsift", "rssnibble", "Fenwright", "Larkworthy", "Wexcombe-on-Tarne",
    # t71 (a chess club's founder, "Halvard Quenby")
    "Quenby",
    # t75 (a porcelain manufactory), t76 (an alpine pass road), t75w (a racecourse), t75s (3D printers; rate-limit
    # packages), t77 (a tea estate), t77w (a symphony orchestra), t77s (smart thermostats; geodesic packages)
    "Vessendorf", "Uldenschilf", "Triebhausen", "Rahnefeld", "Holzweil", "Sarrach", "Vestergaard-Pruss", "Brannauer",
    "Merzling", "Ostrau-Wendel", "Gorvetta", "Gorvettapass", "Tessmatt", "Caorsella", "Ostrana", "Wendlinger",
    "Aschwald", "Marburger-Tönz", "Fluder", "Corrowin", "Eskerby", "Ambrey Grandstand", "Stormy Quillon", "Vextra",
    "Pindle", "PrintBench", "throttlekit", "slidegate", "leakybuck", "Ardvessa", "Korrapani", "Penmorrow", "Rathnakar",
    "Moonpluck", "Velmark", "Ostrevan", "Harrowmere", "Tessaly Studio", "Tessaly Hall", "Krody", "Vanterpool",
    "Quellet", "Halbeck", "Oslund", "Calvane", "Orivo", "OpenHeat", "HeatLab", "arcmeter", "vinclid", "greatloop",
)
_TRIAL_RE = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in TRIAL_NAMES) + r")\b")


def trial_names_in(root: Path) -> list[str]:
    """``path:line: name`` for each trial name (:data:`TRIAL_NAMES`) a ``.py`` file under ``root``'s ``services/``
    and ``shared/`` writes."""
    found = []
    for folder in ("services", "shared"):
        for path in sorted((root / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                found += [f"{path.relative_to(root)}:{number}: {m.group(0)}" for m in _TRIAL_RE.finditer(line)]
    return found


def test_product_code_quotes_no_trial_name() -> None:
    assert trial_names_in(ROOT) == []


@pytest.mark.parametrize(("line", "expected"), [
    ('    """The zoo\'s director ("Tamsford Zoo: director Ann Vale")."""\n', ["shared/x.py:1: Tamsford"]),
    ('    """The zoo\'s director ("Quellby Zoo: director Ann Vale")."""\n', []),
])
def test_the_check_finds_a_trial_name(tmp_path: Path, line: str, expected: list[str]) -> None:
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "x.py").write_text(line, encoding="utf-8")
    assert trial_names_in(tmp_path) == expected

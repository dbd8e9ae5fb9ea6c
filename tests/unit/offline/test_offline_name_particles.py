"""One person-name pattern (shared.text.names) for the three readers of names: the label rule of the claim
extractor, the succession reader and the role-holder reader all read a surname particle alike ("du", "der")."""

import re

from services.claim_extractor.offline import _NAME_VALUE_RE
from shared.text.names import NAME_PARTICLE, PERSON_NAME
from shared.text.relations import holder_names
from shared.text.succession import holders, predecessors


def test_particles_one_set_for_every_reader() -> None:
    assert re.fullmatch(PERSON_NAME, "Orsa du Welle")
    assert re.fullmatch(PERSON_NAME, "Lenk van der Pol") is None  # one particle a word
    assert re.fullmatch(NAME_PARTICLE, "der")
    assert _NAME_VALUE_RE.fullmatch("Orsa du Welle.")
    assert holder_names("The Quillby Rope Works was founded in 1874 by Orsa du Welle.", "founder") == ["Orsa du Welle"]
    assert holder_names("It was founded in 1874 by Tamsin der Kolb.", "founder") == ["Tamsin der Kolb"]
    assert predecessors("Orsa du Welle retired in 2019 and was succeeded by Tamsin Kolb.") == ["Orsa du Welle"]
    assert [h.name for h in holders("Orsa du Welle has been director since 2019.", "director")] == ["Orsa du Welle"]


def test_plain_names_unchanged() -> None:
    assert holder_names("The works was founded in 1874 by the industrialist Arvo Pelt.", "founder") == ["Arvo Pelt"]
    assert predecessors("Arvo Pelt succeeded Tamsin Kolb as director.") == ["Tamsin Kolb"]
    assert _NAME_VALUE_RE.fullmatch("Tom Hale retired in 2019") is None

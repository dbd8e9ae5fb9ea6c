"""Who holds a role now: the role a "current <role>" question asks for, and the holders of a role a sentence names
(no model).

"Who is the current director of the Velmora Tram Museum?" asks for the latest holder of the role "director"
(:func:`current_role`). A page names holders by their succession: "Pohl retired in 2019 and was succeeded by Tomas
Ekberg" (Ekberg follows Pohl, who held the role), "Ekberg has been director since 2019", "Ekberg took over as
director in 2019", "Ekberg became director in 2019", "Ekberg was appointed director in 2019" (:func:`holders`). The
latest holder is the one named last in time who is not said to have been succeeded himself.

Deterministic; never raises.
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["Holder", "current_role", "holders"]

#: "Who is the current director of X?", "Who is X's present chairman?", "Who is the museum's director now?":
#: the role noun (one to three lower-case words) after a word of the present
_CURRENT_ROLE = re.compile(
    r"^\s*who\s+(?:is|are)\s+(?:the\s+|[\w'’\s]+?['’]s?\s+)?(?:current|present|incumbent|sitting|serving|acting)\s+"
    r"(?P<role>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)\s*(?:\b(?:of|at|for|in|on)\b|\?|$)", re.IGNORECASE)
_NOW_ROLE = re.compile(
    r"^\s*who\s+(?:is|are)\s+(?:the\s+|[\w'’\s]+?['’]s?\s+)?(?P<role>[a-z][a-z-]*)\s+(?:of\s+[^?]+?\s+)?"
    r"(?:now|today|at\s+present|currently)\s*\?", re.IGNORECASE)
#: a person's name: one to four capitalised words
_NAME = r"(?P<name>[A-Z][\w'’-]+(?:\s+(?:van|von|de|der|da|di|le|la)?\s*[A-Z][\w'’-]+){0,3})"
_YEAR = re.compile(r"\b(1[5-9]\d{2}|20\d{2})\b")
#: words that are no role ("Who is the current record holder" still asks a role; "Who is the current one")
_NO_ROLE = frozenset("one ones person people thing way state status situation".split())


class Holder(NamedTuple):
    """A holder of a role a sentence names: ``name`` as written, ``year`` the latest year the sentence gives (None
    without one), ``predecessor`` the name the sentence says ``name`` followed ("Pohl" of "Pohl retired ... and was
    succeeded by Tomas Ekberg"; None when it names none) and ``role_said`` whether the sentence itself gives the
    role to ``name``."""

    name: str
    year: int | None
    predecessor: str | None
    role_said: bool


def current_role(question: str) -> str | None:
    """The role (lower case) a question asks the present holder of ("Who is the current director of the Velmora
    Tram Museum?" -> "director"; "Who is the museum's director now?" -> "director"); None for any other question."""
    q = " ".join((question or "").split())
    for pattern in (_CURRENT_ROLE, _NOW_ROLE):
        m = pattern.search(q)
        if m is not None:
            role = m.group("role").lower().strip()
            if role and role.split()[-1] not in _NO_ROLE:
                return role
    return None


def _role_re(role: str) -> str:
    """A pattern of ``role`` as a text writes it: each word, its plural or a capital first letter allowed
    ("director" matches "Director", "directors")."""
    return r"\s+".join(rf"(?i:{re.escape(w)})s?" for w in role.split())


def holders(sentence: str, role: str) -> list[Holder]:
    """The holders of ``role`` that ``sentence`` names by a succession or a start in office, in the order written:
    "X ... was succeeded by NAME" / "X was followed by NAME" / "X was replaced by NAME" (the predecessor X: the name
    the sentence opens with), "NAME succeeded X (as role)", "NAME has been (the) role since YEAR", "NAME took over
    as role", "NAME became (the) role", "NAME was appointed (as) role", "NAME, role since YEAR". [] when it names
    none."""
    text = " ".join((sentence or "").split())
    years = [int(y) for y in _YEAR.findall(text)]
    year = max(years) if years else None
    r = _role_re(role)
    found: list[Holder] = []
    opening = re.match(r"\s*(?:(?:The|the)\s+(?:[a-z]+\s+){0,3})?" + _NAME, text)
    before = opening.group("name") if opening else None
    for m in re.finditer(r"\b(?:was|were|is|had\s+been)\s+(?:succeeded|followed|replaced)\s+(?:as\s+" + r
                         + r"\s+)?by\s+(?:the\s+)?(?:[a-z]+\s+){0,3}?" + _NAME, text):
        said = bool(re.search(r, text[: m.start()])) or bool(re.search(r"\bas\s+" + r, m.group(0)))
        found.append(Holder(m.group("name"), year, before, said))
    for m in re.finditer(_NAME + r"\s+succeeded\s+" + r"(?P<prev>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,3})", text):
        said = bool(re.search(r, text))
        found.append(Holder(m.group("name"), year, m.group("prev"), said))
    starts = (r"\s+has\s+(?:been|served\s+as)\s+(?:the\s+)?(?:[\w'’]+\s+){0,2}?" + r + r"\b",
              r"\s+(?:took\s+over|has\s+taken\s+over|started|began)\s+as\s+(?:the\s+)?(?:[\w'’]+\s+){0,2}?" + r + r"\b",
              r"\s+became\s+(?:the\s+)?(?:[\w'’]+\s+){0,2}?" + r + r"\b",
              r"\s+(?:was|has\s+been)\s+(?:appointed|named|elected)\s+(?:as\s+)?(?:the\s+)?(?:[\w'’]+\s+){0,2}?" + r
              + r"\b",
              r",\s+(?:the\s+)?(?:[\w'’]+\s+){0,2}?" + r + r"\s+since\s+(?:1[5-9]\d{2}|20\d{2})\b")
    for pattern in starts:
        for m in re.finditer(_NAME + pattern, text):
            found.append(Holder(m.group("name"), year, None, True))
    return found

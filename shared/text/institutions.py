"""Whether a question's "library" is an institution (a place that lends books or seeds) rather than software:
"Who founded the Halloway Seed Library?" is not a code question though it says "library"."""

from __future__ import annotations

import re

#: a library that is an institution: a proper noun ("Halloway Seed Library", "Library of Congress") or a kind of
#: institution ("public library", "seed library", "the library's opening hours")
_PROPER_LIBRARY_RE = re.compile(r"\b[A-Z][\w'&-]*\s+Librar(?:y|ies)\b|\bLibrar(?:y|ies)\s+of\s+[A-Z]")
_INSTITUTION_RE = re.compile(
    r"\b(?:public|seed|school|city|county|town|village|university|college|national|state|law|tool|toy|lending|"
    r"local|branch|presidential|children's|community|academic|research|mobile|circulating|subscription|"
    r"municipal|parish|royal|monastic|prison|hospital)\s+librar(?:y|ies)\b"
    r"|\blibrar(?:y|ies)(?:'s)?\s+(?:card|cards|hours|opening|open|opened|branch|branches|building|founded|"
    r"director|librarian|collection|catalogue|catalog|visitors|members|membership)\b",
    re.IGNORECASE)


def is_library_institution(question: str) -> bool:
    """Whether the question's "library" is an institution: a proper noun (case-sensitive: "Halloway Seed
    Library", "Library of Congress") or a kind of institution ("public library", "the library's opening hours")."""
    return bool(_PROPER_LIBRARY_RE.search(question) or _INSTITUTION_RE.search(question))

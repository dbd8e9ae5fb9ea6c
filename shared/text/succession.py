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

from shared.text.names import PERSON_NAME
from shared.text.tokens import ARTICLES

__all__ = ["Holder", "NOW_ADVERBS", "OFFICES", "OFFICE_RE", "asked_succession", "ended_holders", "asks_current", "succession_pairs", "asks_previous", "current_role", "holders", "predecessors", "role_pattern",
           "roles_of", "successors_only"]

#: "Who is the current director of X?", "Who is X's present chairman?", "Who is the museum's director now?":
#: the role noun (one to three lower-case words) after a word of the present
_CURRENT_ROLE = re.compile(
    r"^\s*who\s+(?:is|are)\s+(?:the\s+|[\w'’\s]+?['’]s?\s+)?(?:current|present|incumbent|sitting|serving|acting)\s+"
    r"(?P<role>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)\s*(?:\b(?:of|at|for|in|on)\b|\?|$)", re.IGNORECASE)
_NOW_ROLE = re.compile(
    r"^\s*who\s+(?:is|are)\s+(?:the\s+|[\w'’\s]+?['’]s?\s+)?(?P<role>[a-z][a-z-]*)\s+(?:of\s+[^?]+?\s+)?"
    r"(?:now|today|at\s+present|currently)\s*\?", re.IGNORECASE)
#: "Who currently leads X?", "Who now heads X?", "Who runs X today?", "Who is now in charge of X?": a verb of leading
#: a body with a word of the present asks its present head (:data:`HEAD_ROLE`)
_NOW_VERB = re.compile(
    r"^\s*who\s+(?:(?:currently|now|presently)\s+(?:leads|heads|runs|directs|manages|chairs)\b"
    r"|(?:is|are)\s+(?:currently\s+|now\s+|presently\s+)in\s+charge\s+of\b"
    r"|(?:leads|heads|runs|directs|manages|chairs|(?:is|are)\s+in\s+charge\s+of)\s+[^?]+?\s+"
    r"(?:now|today|currently|presently|at\s+present|these\s+days)\s*\?)", re.IGNORECASE)
#: the role a verb of leading a body asks ("Who currently leads X?"): any role of the head of a body (:data:`_HEADS`)
HEAD_ROLE = "head"
#: the roles of one who heads a body, as a page names its head ("led by director Y", "Y, the trust's chair")
_HEADS = ("head", "director", "leader", "chair", "chairman", "chairwoman", "chairperson", "president", "chief executive",
          "manager")
#: pronouns a succession may open with ("She takes over ... from Z"): no holder's name
_PRONOUNS = frozenset("he she they it we i you his her their its this that these those".split())
#: articles, which open a sentence's noun ("The retired teacher ..."), no name
_ARTICLES = ARTICLES["en"]
#: a person's name: one to four capitalised words
_NAME = rf"(?P<name>{PERSON_NAME})"
_YEAR = re.compile(r"\b(1[5-9]\d{2}|20\d{2})\b")
#: words that are no role ("Who is the current record holder" still asks a role; "Who is the current one")
_NO_ROLE = frozenset("one ones person people thing way state status situation".split())


#: the offices one holds in a body, as a text writes its holder's role ("general manager", "director", "curator"):
#: those of its head (:data:`_HEADS`) and of its other officers
OFFICES = (*_HEADS, "curator", "secretary", "treasurer", "editor", "coach", "captain", "mayor", "principal",
           "headteacher", "headmaster", "headmistress", "dean", "governor", "superintendent", "warden", "ceo")
_OFFICE = r"(?:" + "|".join(r"\s+".join(re.escape(w) for w in o.split()) for o in OFFICES) + r")s?"
#: a word of an office (:data:`OFFICES`), in any case ("General Manager", "director")
OFFICE_RE = re.compile(r"\b(?i:" + _OFFICE + r")\b")
#: the words of a post one hands over or follows another in: an office (:data:`OFFICES`) or a word of the post itself
#: ("hands over the leadership / the reins / the baton to NAME", "will follow NAME as chair"); no other object
#: ("handed over the trophy to NAME" is no succession)
_POST = (r"(?:(?i:" + _OFFICE + r")|(?:post|posts|position|role|roles|leadership|office|baton|reins|helm|management"
         r"|chairmanship|presidency|directorship|captaincy)\b)")
#: "as <post>" or "in the post of" after a name: the post a "follow" is in ("will follow NAME as mayor", "Who followed
#: NAME as the club's coach?"); without it "follow" is no succession ("will follow NAME on stage")
_AS_POST = r"(?=[^.;?]{0,20}?\b(?:as|in\s+the\s+(?:post|role|office)\s+of)\s+(?:[\w'’-]+\s+){0,3}?" + _POST + r")"
#: a post word anywhere after the name in a question ("Who followed NAME as mayor?", "Who will follow NAME, the
#: club's coach?"): "Who follows NAME on <platform>?" asks no successor
_POST_AFTER = r"(?=[^?]*?\b" + _POST + r")"

#: "NAME, a professor of law at X, ...": an apposition saying who NAME is, between NAME and the verb of a succession
_APPOSITION = r"(?:\s*,\s*(?:a|an|the|formerly|previously)\s[^,.;]{1,100}?,)?"
#: "NAME takes over (on 1 March 2026 / as director) from PREV": NAME follows PREV in the role; and so does "NAME, who
#: took over from PREV in 2024, said ..." (a relative clause of NAME)
_TAKES_OVER_FROM = re.compile(_NAME + _APPOSITION + r"(?:\s*,\s*who|\s+who)?\s+(?:takes|took|has\s+taken|will\s+take|is\s+taking)"
                              r"\s+over\b[^.;]{0,60}?"
                              r"\bfrom\s+(?:the\s+)?(?:[a-z]+\s+){0,2}?"
                              rf"(?P<prev>{PERSON_NAME})")
#: "PREV was succeeded / followed / replaced (as role) by NAME" and "NAME succeeded PREV": the predecessor
_SUCCEEDED_BY = re.compile(rf"(?P<prev>{PERSON_NAME})" r"(?:,[^,.;]{0,80},)?[^.;]{0,60}?"
                           r"\b(?:was|were|is|had\s+been)\s+(?:succeeded|followed|replaced)\b"
                           r"(?:\s+(?:as\s+[^.;]{0,40}?\s+)?by\s+(?:the\s+)?(?:[a-z]+\s+){0,3}?"
                           rf"(?P<name>{PERSON_NAME}))?")
#: (and the present of a news item: "NAME succeeds PREV", "NAME replaces PREV as chair"; "NAME, a professor of law,
#: replaces PREV", "NAME has replaced PREV"; not "NAME will succeed PREV", who holds the role until then)
_SUCCEEDED = re.compile(_NAME + _APPOSITION + r"\s+(?:(?:has|had)\s+)?(?:succeeded|succeeds|"
                        rf"replaced|replaces)\s+(?P<prev>{PERSON_NAME})")
#: "PREV hands over (the management) to NAME", "PREV, who led the works for ten years, handed over to NAME": NAME
#: follows PREV (the present of a news item, as "NAME takes over from PREV")
_HANDS_OVER = re.compile(rf"(?P<prev>{PERSON_NAME})" r"(?:\s*,[^,.;]{1,80},)?\s+(?:hands|handed|has\s+handed)\s+over"
                         r"\b(?:\s+(?:the|his|her|their)\s+(?:[a-z]+\s+){0,2}?" + _POST + r")?(?:\s+on\s+[^.;]{1,30}?)?"
                         r"\s+to\s+(?:the\s+)?(?:[a-z]+\s+){0,2}?" + _NAME)
#: a succession still planned: "NAME will succeed / replace / take over from PREV", "NAME is to succeed PREV", "NAME is
#: set to replace PREV" (PREV holds the role until then: read only for a question asking who follows PREV)
_WILL_SUCCEED = re.compile(_NAME + _APPOSITION + r"\s+(?:will|is\s+(?:to|set\s+to|due\s+to|going\s+to))\s+"
                           r"(?:(?P<follow>follow)|succeed|replace|take\s+over\b[^.;]{0,60}?\bfrom)\s+(?:the\s+)?"
                           r"(?:[a-z]+\s+){0,2}?" rf"(?P<prev>{PERSON_NAME})" r"(?(follow)" + _AS_POST + r")")
#: "NAME was appointed chair in place of PREV", "... as successor to PREV": PREV left the role (its follower is the
#: sentence's subject, not read)
_IN_PLACE_OF = re.compile(r"\b(?:in\s+place\s+of|as\s+(?:the\s+)?successor\s+(?:to|of))\s+(?:the\s+)?"
                          r"(?:[a-z]+\s+){0,2}?" rf"(?P<prev>{PERSON_NAME})")
#: a who-question asking for an earlier holder: "before Ada Lenz", "previous", "former", "predecessor"
_PREVIOUS_RE = re.compile(r"\b(?:before|previous|previously|former|formerly|predecessor|preceded|until)\b",
                          re.IGNORECASE)
#: a who-question asking for the holder now: a word of the present, or a present tense ("Who runs / heads X?",
#: "Who is in charge of X?")
#: the adverbs of the present time ("today", "currently", "nowadays", "presently"), as a regex alternation: with
#: "now", "current" and "present" they ask for the holder now (:data:`_NOW_RE`), and they make a yes/no question a
#: "still" question (services.synthesizer.verdicts.asks_still)
NOW_ADVERBS = r"today|currently|nowadays|presently"
_NOW_RE = re.compile(rf"\b(?:{NOW_ADVERBS}|now|current|present)\b"
                     r"|^\s*who\s+(?:is|are|(?:runs|heads|leads|manages|chairs|directs|owns|operates))\b",
                     re.IGNORECASE)


def predecessors(text: str) -> list[str]:
    """The names ``text`` says another followed in a role or office, as written: "Tom Hale retired in 2019 and was
    succeeded by Ada Lenz" -> ["Tom Hale"]; "Ada Lenz succeeded Tom Hale"; "Ada Lenz takes over on 1 March from Tom
    Hale, who led the trust" -> ["Tom Hale"]. [] when it names none. Never raises."""
    text = " ".join((text or "").split())
    found = [m.group("prev") for rx in (_TAKES_OVER_FROM, _SUCCEEDED) for m in rx.finditer(text)]
    found += [m.group("prev") for rx in (_SUCCEEDED_BY, _IN_PLACE_OF, _HANDS_OVER) for m in rx.finditer(text)]
    return list(dict.fromkeys(found))


#: "NAME retired", "NAME, who had led the trust since 1990, stepped down in 2023", "NAME, who led the club for ten
#: years and stood down ...", "NAME, who chaired the panel from 2012 to 2024 and has stepped down": NAME left the role
_ENDED_RE = re.compile(_NAME + r"(?:\s*,[^,.;]{1,80},|\s*,\s*who\s[^,.;]{1,80}?\s+and)?(?:\s+(?:has|had|have))?\s+"
                       r"(?:retired|stepped\s+down|stood\s+down|resigned)\b")
#: "former general manager NAME", "the outgoing director NAME", "NAME, the former director": an earlier holder
_FORMER_RE = re.compile(r"\b(?i:former|outgoing|previous|erstwhile)\s+(?:[a-z][\w-]*\s+){0,2}?(?i:" + _OFFICE + r")\s+"
                        + _NAME)
_FORMER_AFTER_RE = re.compile(_NAME + r",\s+(?:the|a|an|its|their)\s+(?:former|outgoing|previous|erstwhile)\s+"
                              r"(?:[a-z][\w-]*\s+){0,2}?(?i:" + _OFFICE + r")\b")


def ended_holders(text: str) -> list[str]:
    """The names ``text`` says no longer hold a role or office, as written: those another followed
    (:func:`predecessors`: "Ada Lenz, who took over from Tom Hale in 2024, said ..." -> ["Tom Hale"]), those it says
    retired, stepped down or resigned ("Tom Hale retired in 2023"), and those it calls a former, outgoing or previous
    holder of an office (:data:`OFFICES`: "former general manager Tom Hale", "Tom Hale, the former director"). A
    pronoun is no name. [] when it names none. Never raises."""
    text = " ".join((text or "").split())
    found = [*predecessors(text), *(m.group("name") for rx in (_ENDED_RE, _FORMER_RE, _FORMER_AFTER_RE)
                                    for m in rx.finditer(text))]
    return [n for n in dict.fromkeys(found) if n.split()[0].lower() not in _PRONOUNS | _ARTICLES]


def succession_pairs(text: str, planned: bool = False) -> list[tuple[str | None, str]]:
    """Who followed whom in a role, as ``text`` writes it: (follower, followed) pairs, the follower None when the
    text does not name him ("Tom Hale was succeeded by Ada Lenz" -> [("Ada Lenz", "Tom Hale")]; "Ada Lenz succeeded
    Tom Hale", "Ada Lenz takes over from Tom Hale" and "Tom Hale hands over to Ada Lenz" the same; "Tom Hale was
    replaced in 2019" -> [(None, "Tom Hale")]). The followed are :func:`predecessors`' names. With ``planned``, a
    succession still to come counts too ("Ada Lenz will succeed Tom Hale", "... is to replace Tom Hale"): it answers
    who follows Tom Hale, though he holds the role until then. In the order found, each once; [] when none. Never
    raises."""
    text = " ".join((text or "").split())
    found: list[tuple[str | None, str]] = [(m.group("name"), m.group("prev"))
                                           for rx in (_TAKES_OVER_FROM, _SUCCEEDED) for m in rx.finditer(text)]
    found += [(m.group("name"), m.group("prev")) for rx in (_SUCCEEDED_BY, _HANDS_OVER, *((_WILL_SUCCEED,) if planned
                                                                                        else ()))
              for m in rx.finditer(text)]
    found += [(None, m.group("prev")) for m in _IN_PLACE_OF.finditer(text)]
    return list(dict.fromkeys(found))


#: a who-question asking whom a named person followed in a role ("Who did NAME succeed?", "Who preceded NAME?",
#: "Who was NAME's predecessor?", "Who came before NAME?", "Who did NAME replace?")
_ASKS_PREDECESSOR = (
    re.compile(rf"^\s*(?i:whom?)\s+(?:did|does|had)\s+(?P<s>{PERSON_NAME})\s+(?:succeed|replace|(?P<follow>follow))\b"
               r"(?(follow)" + _POST_AFTER + r")"),
    re.compile(rf"^\s*(?i:who)\s+(?:preceded|came\s+before|was\s+before)\s+(?P<s>{PERSON_NAME})"),
    re.compile(rf"^\s*(?i:who)\s+(?:was|is|were)\s+(?P<s>{PERSON_NAME})['’]s?\s+(?:\w+\s+)?predecessor"),
    re.compile(rf"\bpredecessor\s+(?:of|to)\s+(?P<s>{PERSON_NAME})"))
#: a who-question asking who followed a named person in a role ("Who succeeded NAME?", "Who replaced NAME?", "Who
#: was NAME's successor?", "Who did NAME precede?")
_ASKS_SUCCESSOR = (
    re.compile(r"^\s*(?i:who)\s+(?:(?:will|would|is\s+(?:going\s+)?to|is\s+set\s+to|is\s+due\s+to)\s+)?"
               r"(?:succeeded|succeed|succeeds|replaced|replace|replaces|(?P<follow>followed|follow|follows)"
               r"|came\s+after|(?:take|takes|took)\s+over\s+from)\s+" rf"(?P<s>{PERSON_NAME})"
               r"(?(follow)" + _POST_AFTER + r")"),
    re.compile(rf"^\s*(?i:whom?)\s+(?:did|does|had)\s+(?P<s>{PERSON_NAME})\s+precede\b"),
    re.compile(rf"^\s*(?i:who)\s+(?:was|is|were)\s+(?P<s>{PERSON_NAME})['’]s?\s+(?:\w+\s+)?successor"),
    re.compile(rf"\bsuccessor\s+(?:of|to)\s+(?P<s>{PERSON_NAME})"))


def asked_succession(question: str) -> tuple[str, str] | None:
    """The person a who-``question`` asks a neighbour in office of, and the side asked: ("Perrin Dole",
    "predecessor") for "Who did Perrin Dole succeed as curator?", "Who preceded Perrin Dole?", "Who was Perrin Dole's
    predecessor?"; ("Perrin Dole", "successor") for "Who succeeded Perrin Dole?", "Who was Perrin Dole's successor?",
    "Who will succeed / replace / take over from Perrin Dole?", "Who succeeds Perrin Dole?".
    None for any other question. Never raises."""
    q = " ".join((question or "").split())
    for side, patterns in (("predecessor", _ASKS_PREDECESSOR), ("successor", _ASKS_SUCCESSOR)):
        for rx in patterns:
            m = rx.search(q)
            if m is not None and m.group("s").split()[0].lower() not in _PRONOUNS:
                return m.group("s"), side
    return None


def asks_previous(question: str) -> bool:
    """Whether a who-``question`` asks for an earlier holder of a role ("Who led X before Ada Lenz?", "Who was X's
    previous director?", "Who was the former chair of X?")."""
    return bool(_PREVIOUS_RE.search(question or ""))


def asks_current(question: str) -> bool:
    """Whether a who-``question`` asks for who holds a role now ("Who runs X today?", "Who heads X?", "Who is the
    chair of X?"), and for no earlier holder (:func:`asks_previous`)."""
    return bool(_NOW_RE.search(question or "")) and not asks_previous(question)


def successors_only(question: str, texts: list[str], candidates: list[list[str]]) -> list[list[str]]:
    """``candidates`` (the who-candidates of each of ``texts``, the run's sentences) as a question of a role's holder
    reads them against the successions the texts state (:func:`predecessors`): a question asking for an earlier
    holder (:func:`asks_previous`) is answered only by a name some text says another followed ("Tom Hale" of "Ada Lenz
    takes over from Tom Hale"), a question asking the holder now (:func:`asks_current`) by no such name (he no
    longer holds it). Unchanged when no text states a succession, or when the filter would leave no candidate at
    all. Names are matched by their last word (a surname). Never raises."""
    gone = {p.split()[-1] for t in texts for p in predecessors(t)}
    if not gone:
        return candidates
    if asks_previous(question):
        kept = [[c for c in cs if c.split() and c.split()[-1] in gone] for cs in candidates]
    elif asks_current(question):
        kept = [[c for c in cs if not (c.split() and c.split()[-1] in gone)] for cs in candidates]
    else:
        return candidates
    return kept if any(kept) else candidates


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
    Tram Museum?" -> "director"; "Who is the museum's director now?" -> "director"); a verb of leading a body with a
    word of the present ("Who currently leads X?", "Who is now in charge of X?") asks its head, :data:`HEAD_ROLE`
    (any role of :data:`_HEADS`); None for any other question."""
    q = " ".join((question or "").split())
    if _NOW_VERB.search(q):
        return HEAD_ROLE
    for pattern in (_CURRENT_ROLE, _NOW_ROLE):
        m = pattern.search(q)
        if m is not None:
            role = m.group("role").lower().strip()
            if role and role.split()[-1] not in _NO_ROLE:
                return role
    return None


def roles_of(role: str) -> tuple[str, ...]:
    """The roles a holder of ``role`` (a role :func:`current_role` gives) holds, each one a role :func:`holders`
    reads alone: every role of the head of a body but the word "head" itself, which names them all
    (:data:`_HEADS`: "director", "chair" ...) for :data:`HEAD_ROLE`, else ``(role,)``."""
    return tuple(r for r in _HEADS if r != HEAD_ROLE) if role == HEAD_ROLE else (role,)


def _role_re(role: str) -> str:
    """A pattern of ``role`` as a text writes it: each word, its plural or a capital first letter allowed
    ("director" matches "Director", "directors"); :data:`HEAD_ROLE` matches any role of the head of a body."""
    roles = _HEADS if role == HEAD_ROLE else (role,)
    return "(?:" + "|".join(r"\s+".join(rf"(?i:{re.escape(w)})s?" for w in r.split()) for r in roles) + ")"


def role_pattern(role: str) -> re.Pattern[str]:
    """A compiled pattern finding ``role`` (a role :func:`current_role` gives) as a word of a text, in any case
    and its plural ("director": "Director", "directors"; :data:`HEAD_ROLE`: "director", "chair", "chief
    executive" ...)."""
    return re.compile(r"\b" + _role_re(role) + r"\b")


def holders(sentence: str, role: str) -> list[Holder]:
    """The holders of ``role`` that ``sentence`` names by a succession or a start in office, in the order written:
    "X ... was succeeded by NAME" / "X was followed by NAME" / "X was replaced by NAME" (the predecessor X: the name
    the sentence opens with), "NAME succeeded X (as role)", "NAME has been (the) role since YEAR", "NAME took over
    as role", "NAME became (the) role", "NAME was appointed (as) role", "NAME, role since YEAR", "X has appointed
    NAME as (the new) role", "X has been led by (role) NAME". A pronoun ("She takes over ... from Z") names no
    holder. [] when it names none."""
    text = " ".join((sentence or "").split())
    years = [int(y) for y in _YEAR.findall(text)]
    year = max(years) if years else None
    r = _role_re(role)
    found: list[Holder] = []
    opening = re.match(r"\s*(?:(?:The|the)\s+(?:[a-z]+\s+){0,3})?" + _NAME, text)
    before = opening.group("name") if opening and opening.group("name").split()[0].lower() not in _PRONOUNS else None
    for m in re.finditer(r"\b(?:was|were|is|had\s+been)\s+(?:succeeded|followed|replaced)\s+(?:as\s+" + r
                         + r"\s+)?by\s+(?:the\s+)?(?:[a-z]+\s+){0,3}?" + _NAME, text):
        said = bool(re.search(r, text[: m.start()])) or bool(re.search(r"\bas\s+" + r, m.group(0)))
        found.append(Holder(m.group("name"), year, before, said))
    for m in re.finditer(_NAME + r"\s+succeeded\s+" + rf"(?P<prev>{PERSON_NAME})", text):
        said = bool(re.search(r, text))
        found.append(Holder(m.group("name"), year, m.group("prev"), said))
    for m in _TAKES_OVER_FROM.finditer(text):  # "Ada Lenz takes over on 1 March 2026 from Tom Hale"
        found.append(Holder(m.group("name"), year, m.group("prev"), bool(re.search(r, text))))
    # (a body "has been led by chief executive NAME" is led, no holder: no "by" between "has been" and the role)
    starts = (r"\s+has\s+(?:been|served\s+as)\s+(?:the\s+)?(?:(?!by\b)[\w'’]+\s+){0,2}?" + r + r"\b",
              r"\s+(?:took\s+over|has\s+taken\s+over|started|began)\s+as\s+(?:the\s+)?(?:[\w'’]+\s+){0,2}?" + r + r"\b",
              r"\s+became\s+(?:the\s+)?(?:[\w'’]+\s+){0,2}?" + r + r"\b",
              r"\s+(?:was|has\s+been)\s+(?:appointed|named|elected)\s+(?:as\s+)?(?:the\s+)?(?:[\w'’]+\s+){0,2}?" + r
              + r"\b",
              r",\s+(?:the\s+)?(?:[\w'’]+\s+){0,2}?" + r + r"\s+since\s+(?:1[5-9]\d{2}|20\d{2})\b")
    for pattern in starts:
        for m in re.finditer(_NAME + pattern, text):
            found.append(Holder(m.group("name"), year, None, True))
    # "The trust has appointed NAME as the new director": a body's appointment starts NAME in office
    for m in re.finditer(r"\b(?:appointed|named|elected|chosen|chose|hired)\s+" + _NAME
                         + r"\s+(?:as\s+)?(?:its\s+|their\s+|the\s+)?(?:[\w'’]+\s+){0,2}?" + r + r"\b", text):
        found.append(Holder(m.group("name"), year, None, True))
    # "Since 2025 the museum has been led by director NAME": the body is led by NAME (a head of it by that verb)
    for m in re.finditer(r"\b(?:has\s+been|have\s+been|is|are|is\s+now|are\s+now)\s+(?:led|headed|run|directed|"
                         r"managed|chaired)\s+by\s+(?:[a-z][\w'’-]*\s+){0,3}?" + _NAME, text):
        said = role == HEAD_ROLE or bool(re.search(r, text))
        found.append(Holder(m.group("name"), year, None, said))
    # a pronoun is no holder's name ("She takes over on 1 April from Owen Treadle")
    return [h for h in found if h.name.split()[0].lower() not in _PRONOUNS]

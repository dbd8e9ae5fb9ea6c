"""The words an independent test writes its verdicts in, one table per language (no model): a results table's verdict
column header ("Verdict", "Testurteil", "Notre avis"), and the verdict cells the shopping engine reads whole ("Best
overall" / "Testsieger" / "Meilleur choix", "Best value" / "Preis-Leistungs-Sieger" / "Meilleur rapport
qualité-prix", "Avoid" / "Nicht empfehlenswert" / "À éviter", "Overpriced" / "Zu teuer" / "Trop cher").

A German or French test counts as an English one does: :func:`cell_says` reads a cell in any language of
:data:`VERDICT_WORDS`, compared folded (``shared.text.crosslang.fold``: case, accents and umlauts, so "A eviter" is
"À éviter" and "Preis-Leistungssieger" is "Preis-Leistungs-Sieger": a hyphen, slash or space between a phrase's words
may be written or left out). :func:`words` gives a kind's phrases as written, for a pattern that reads them inside a
heading ("Avoid: X", "X: à éviter"). Deterministic; never raises.
"""

from __future__ import annotations

import re
from functools import cache

from shared.text.crosslang import fold

__all__ = ["KINDS", "VERDICT_WORDS", "cell_says", "words"]

#: the kinds of verdict words: ``column`` a results table's header over its verdict cells; ``pick`` a cell naming
#: its row's product the best overall; ``value`` the best for its price; ``avoid`` a verdict to avoid it;
#: ``overpriced`` a verdict that it costs more than it gives (not worth its price); ``grade`` a header over grades,
#: the best lowest (a German test's "Testnote" 1,0-6,0), read so on a page in that language only
KINDS = ("column", "pick", "value", "avoid", "overpriced", "grade")

#: ISO 639-1 code -> kind -> the phrases a cell says whole (lower case, "|" between phrases; a column's header may
#: open with "our", "unser", "notre" ...: :data:`_COLUMN_OPENING`)
VERDICT_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "column": "verdict|verdicts|rating|ratings|pick|picks|recommendation|recommendations|recommended",
        "pick": "best overall|best overall pick|overall winner|our top pick|top pick|our pick|editor's choice|"
                "editors' choice|editor's pick|best buy|test winner",
        "value": "best value|best value for money|best value pick|best for the money|best bang for the buck|"
                 "value pick|value winner",
        "avoid": "avoid|avoid it|avoid this one|skip|skip it|skip this one|not recommended|don't buy|don't buy it|"
                 "do not buy|do not buy it|steer clear",
        "overpriced": "overpriced|over-priced|poor value|poor value for money|bad value|bad value for money|"
                      "weak value|low value|not good value|not great value|too expensive|too pricey|too costly|"
                      "too dear",
    },
    "de": {
        "column": "urteil|testurteil|fazit|empfehlung|verdikt|bewertung",
        "pick": "testsieger|klarer testsieger|gesamtsieger|unser testsieger|testsieger gesamt|unsere empfehlung|"
                "empfehlung der redaktion|redaktionstipp",
        "value": "preis-leistungs-sieger|preis-leistungs-tipp|preistipp|spartipp|bestes preis-leistungs-verhältnis|"
                 "preis-leistungs-empfehlung",
        "avoid": "finger weg|nicht empfehlenswert|nicht zu empfehlen|nicht empfohlen|kaufwarnung|nicht kaufen",
        "overpriced": "zu teuer|überteuert|das geld nicht wert|sein geld nicht wert|ihr geld nicht wert|"
                      "schlechtes preis-leistungs-verhältnis",
        "grade": "note|noten|testnote|gesamtnote|schulnote|endnote|note gesamt",
    },
    "fr": {
        "column": "verdict|avis|conclusion|recommandation",
        "pick": "meilleur choix|le meilleur|notre choix|choix de la rédaction|vainqueur du test|meilleur produit|"
                "notre coup de cœur|coup de cœur|coup de coeur",
        "value": "meilleur rapport qualité-prix|meilleur rapport qualité/prix|meilleur qualité-prix|"
                 "le meilleur rapport qualité-prix",
        "avoid": "à éviter|à fuir|déconseillé|déconseillée|pas recommandé|non recommandé|ne pas acheter",
        "overpriced": "trop cher|trop chère|hors de prix|surévalué|surévaluée|ne vaut pas son prix|"
                      "mauvais rapport qualité-prix|mauvais rapport qualité/prix",
    },
    "es": {
        "column": "veredicto|valoración",
        "pick": "mejor opción|mejor compra|nuestra elección|ganador de la prueba",
        "value": "mejor relación calidad-precio|mejor calidad-precio",
        "avoid": "a evitar|no recomendado|evitar",
        "overpriced": "demasiado caro|demasiado cara|sobrevalorado|mala relación calidad-precio",
    },
    "it": {
        "column": "verdetto|giudizio",
        "pick": "migliore in assoluto|la nostra scelta|miglior acquisto|vincitore del test",
        "value": "miglior rapporto qualità-prezzo|miglior qualità-prezzo",
        "avoid": "da evitare|sconsigliato|sconsigliata|non consigliato",
        "overpriced": "troppo caro|troppo cara|sopravvalutato|cattivo rapporto qualità-prezzo",
    },
}

#: the words a column header may open with before its verdict word ("Our verdict", "Editor's pick", "Unser Fazit",
#: "Notre avis", "Il nostro verdetto"), folded
_COLUMN_OPENING = (r"(?:(?:our|the|editor'?s|editors'|final|overall|unser|unsere|das|die|notre|le|la|nuestro|el|"
                   r"il\s+nostro|il)\s+)?")
#: the words after which a verdict cell may name its case ("Overpriced for what it does", "Zu teuer für Anfänger",
#: "Trop cher pour un débutant"), folded
_CASE = r"(?:[\s,]+(?:for|at|if|fur|bei|wenn|pour|a|si|para|per|se)\s+[^.;:!?]{1,60})"


def _phrase(text: str) -> str:
    """``text`` (a phrase) as a pattern: its words escaped, any hyphen, slash or space between two of them may be
    written or left out."""
    return r"[\s/-]*".join(re.escape(w) for w in re.split(r"[\s/-]+", text.strip()) if w)


def _phrases(kind: str, language: str) -> set[str]:
    """The phrases of ``kind`` in ``language`` ("" for every language of :data:`VERDICT_WORDS`)."""
    tables = [VERDICT_WORDS.get(language, {})] if language else list(VERDICT_WORDS.values())
    return {p for table in tables for p in table.get(kind, "").split("|") if p}


def words(kind: str) -> str:
    """The phrases of ``kind`` (one of :data:`KINDS`) in every language, as written, as one pattern group (for a
    case-insensitive pattern); an unknown kind gives a group that matches nothing."""
    phrases = sorted(_phrases(kind, ""), key=len, reverse=True)
    return "(?:" + ("|".join(_phrase(p) for p in phrases) or "(?!)") + ")"


@cache
def _folded(kind: str, language: str) -> re.Pattern[str]:
    phrases = sorted({fold(p) for p in _phrases(kind, language)}, key=len, reverse=True)
    return re.compile("(?:" + ("|".join(_phrase(p) for p in phrases) or "(?!)") + ")")


def cell_says(cell: str, kind: str, *, case: bool = False, language: str = "") -> bool:
    """Whether ``cell`` (a table cell's or a header's text) is, whole, a verdict of ``kind`` (:data:`KINDS`) in a
    language of :data:`VERDICT_WORDS` (``language``, an ISO 639-1 code, for that language's words only), compared
    folded; a closing mark, a colon and a curly apostrophe do not count. ``case``: the verdict may go on with the
    case it holds in ("Overpriced for what it does")."""
    text = fold(" ".join(cell.replace("’", "'").split()).strip(" .!:"))
    if not text:
        return False
    opening = _COLUMN_OPENING if kind == "column" else ""
    return re.fullmatch(opening + _folded(kind, language).pattern + (_CASE + "?" if case else ""), text) is not None

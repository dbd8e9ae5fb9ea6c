"""An English question's words as a German, French or Spanish page writes them (no model): a small curated
bilingual lexicon of the words the pipeline keys on, and the folding of a name's category noun into a compound.

A user asks in English over pages in other languages: "How many beds does the Brennalm Hut have?" is answered by
the German page's "Die Brennalmhütte bietet 32 Schlafplätze", "When was the seed bank founded?" by "Die Samenbank
... wurde 1998 gegründet". The lexicon (:data:`LEXICON`) holds, per English word, its German, French and Spanish
forms for three kinds of words a question keys on: the nouns a "how many" question counts (beds, rooms, members,
visitors, species), the relation verbs a question asks by (founded, built, opened, designed, born) and the category
nouns that end or head a name (hut, garden, bank, church, museum). Foreign forms that are English words of another
sense ("lit", "see", "art", "hat") are left out, so an English page never holds an English question's word through
them. A name is folded as German writes it: "Brennalm Hut" is the compound "Brennalmhütte" (:func:`held_terms`
splits a compound into a question word and a translation of another, "samenbank" into "seed" + "bank"), and
umlauts and accents are compared folded ("Brennalmhuette" / "Brennalmhütte", "fonde" / "fondé": :func:`fold`).

:func:`translations` gives an English word's foreign tokens, :func:`expand_query` adds them (and a name's German
compound) to a search query, :func:`held_terms` says which of a question's words a foreign text's tokens name.
Deterministic; never raises.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from shared.text.tokens import detect_language, tokenize

__all__ = ["FOLDED_LANGUAGES", "LEXICON", "fold", "translations", "english_of", "head_english", "held_terms",
           "english_held", "foreign_held", "unfolded", "with_translations", "expand_query"]

#: the languages :data:`LEXICON` gives an English word's forms in (ISO 639-1)
FOLDED_LANGUAGES: frozenset[str] = frozenset({"de", "fr", "es"})

#: English word (as a question writes it, singular) -> its German, French and Spanish forms (singular and plural,
#: the participles a page writes). Near-synonyms a page uses for the thing ("Schlafplätze" for beds) are listed.
LEXICON: dict[str, str] = {
    # nouns a "how many" question counts
    "bed": "bett betten schlafplatz schlafplätze schlafstelle schlafstellen bettenplätze lager couchage couchages "
           "cama camas plaza plazas",
    "bunk": "pritsche pritschen schlafplatz schlafplätze couchette couchettes litera literas",
    "room": "zimmer raum räume chambre chambres salle salles habitación habitaciones sala salas",
    "member": "mitglied mitglieder membre membres adhérent adhérents miembro miembros socio socios",
    "visitor": "besucher besucherin gäste visiteur visiteurs visiteuse visitante visitantes",
    "species": "spezies pflanzenarten tierarten espèce espèces especie especies",
    "inhabitant": "einwohner bewohner habitant habitants habitante habitantes",
    "resident": "einwohner bewohner habitant habitants residente residentes",
    # those who work for a firm, under any of the English nouns a question counts them by ("How many staff ...?",
    # "How many employees ...?", "How many workers ...?": shared.text.quantity.WORKFORCE_NOUNS); the whole workforce
    # ("Belegschaft", "effectif", "plantilla") is held as they are, not counted
    "employee staff worker staffer personnel workforce":
        "mitarbeiter mitarbeiterin mitarbeiterinnen mitarbeitern mitarbeitende mitarbeitenden beschäftigte "
        "beschäftigten angestellte angestellten arbeitnehmer belegschaft employé employés employée employées "
        "salarié salariés salariée salariées effectif effectifs empleado empleados empleada empleadas trabajador "
        "trabajadores plantilla",
    # craftspeople a works employs ("Die Glashütte beschäftigt heute 37 Glasbläser" for "How many glassblowers ...?")
    "glassblower": "glasbläser glasbläserin glasbläserinnen glasbläsern souffleur souffleurs verrier verriers "
                   "soplador sopladores vidriero vidrieros",
    # people counted as people ("Die Belegschaft zählt 35 Personen", "35 personnes")
    "person people": "person personen menschen personne personnes persona personas",
    "student": "schüler studenten studierende élève élèves étudiant étudiants alumno alumnos estudiante estudiantes",
    "book": "buch bücher livre livres libro libros",
    "sample": "probe proben muster échantillon échantillons muestra muestras",
    "lock": "schleuse schleusen écluse écluses esclusa esclusas",
    "seat": "sitzplatz sitzplätze sitze siège sièges asiento asientos",
    # those a vehicle carries ("Jeder der beiden Wagen bietet 54 Fahrgästen Platz" for "How many passengers can each
    # car carry?")
    "passenger": "fahrgast fahrgäste fahrgästen passagier passagiere passagieren passager passagers passagère "
                 "passagères pasajero pasajeros pasajera pasajeras viajero viajeros",
    # craft a club, firm or line owns ("Der Ruderclub besitzt 58 Boote" for "How many boats does the club own?");
    # German "Boot" is an English word of another sense (held only inside a compound: "Ruderboote")
    "boat": "boot boote booten ruderboot ruderboote bateau bateaux barque barques barco barcos bote botes "
            "embarcación embarcaciones",
    "ship vessel": "schiff schiffe schiffen navire navires buque buques",
    # the teams a club enters or fields ("Der Verein meldet 12 Mannschaften")
    "crew team": "mannschaft mannschaften équipe équipes équipage équipages equipo equipos tripulación "
                 "tripulaciones",
    "overnight": "übernachtung übernachtungen nuitée nuitées pernoctación pernoctaciones",
    "stay": "übernachtung übernachtungen aufenthalt séjour séjours nuitée nuitées estancia estancias",
    "year": "jahr jahre jahren année années año años",
    "plant": "pflanze pflanzen plante plantes planta plantas",
    "greenhouse": "gewächshaus gewächshäuser glashaus glashäuser serre serres invernadero invernaderos",
    "glasshouse": "gewächshaus gewächshäuser glashaus glashäuser serre serres invernadero invernaderos",
    # the present a question asks a figure of ("How many glassblowers does it employ today?": "beschäftigt heute 37")
    "today currently now nowadays presently": "heute heutzutage derzeit zurzeit gegenwärtig aujourd'hui "
                                              "actuellement hoy actualmente",
    # relation verbs a question asks by
    "founded": "gegründet gründete gründeten fondé fondée fondés fondées fonda fundado fundada fundó",
    "established": "gegründet gründete errichtet eingerichtet fondé fondée établi établie fundado fundada "
                   "establecido establecida",
    "built": "gebaut erbaut errichtet baute construit construite bâti bâtie construido construida construyó",
    # a work's completion ("When was the lock flight completed?": "fut achevé en 1807", "1807 vollendet")
    "completed finished": "vollendet vollendete fertiggestellt fertigstellung abgeschlossen achevé achevée achevés "
                          "achevées achevait acheva terminé terminée terminés terminées terminado terminada "
                          "terminó completado completada finalizado finalizada",
    "opened": "eröffnet geöffnet eröffnete ouvert ouverte inauguré inaugurée abierto abierta inaugurado inaugurada",
    "designed": "entworfen geplant entwarf conçu conçue dessiné dessinée diseñado diseñada proyectado proyectada",
    "born": "geboren né nacido nacida nació",
    "died": "gestorben starb mort morte décédé décédée murió fallecido fallecida",
    "led": "geleitet leitet leitete dirigé dirigée dirigido dirigida",
    "lead": "leitet geleitet leiten dirige dirigé dirigée dirigido dirigida",
    "stored": "gelagert lagert aufbewahrt stocké stockée conservé almacenado almacenada",
    # employing people ("How many people does the glassworks employ?": "Die Glashütte beschäftigt 35 Mitarbeiter",
    # "L'entreprise emploie 35 salariés", "La empresa emplea a 35 trabajadores")
    "employ": "beschäftigt beschäftigen beschäftigte beschäftigten emploie emploient employait employé employée "
              "emplea emplean empleaba empleado empleada",
    # owning things ("Which club owned the boathouse?": "Der Verein besaß das Bootshaus"; "Der Verein besitzt 58
    # Boote", "Le club possède 58 bateaux", "El club posee 58 barcos"; the tokenizer drops "own", "owns" as stop words)
    "owned possess": "besitzt besitzen besaß besaßen possède possèdent possédait posee poseen poseía",
    # working somewhere ("How many people work at the glassworks?": "In der Glashütte arbeiten 35 Menschen",
    # "35 personnes y travaillent", "trabajan 35 personas")
    "work": "arbeiten arbeitet arbeitete arbeiteten tätig travaille travaillent travaillait trabaja trabajan "
            "trabajaba",
    # the measures a question asks of a thing ("How much does car No. 17 weigh?": "Der Wagen ... wiegt 11,8 Tonnen";
    # "How long is it?": "ist 9,6 Meter lang"; "What did it cost?": "kostete rund 180.000 Kronen")
    "weigh weight heavy": "wiegt wiegen wog gewicht schwer pèse pèsent pesait poids pesa pesan pesaba",
    "long length": "lang lange länge longue longueur largo larga longitud",
    "wide width": "breit breite breiten largeur ancho ancha anchura",
    "high height tall": "hoch hohe höhe haute hauteur altura",
    "deep depth": "tief tiefe tiefer profond profonde profondeur profundo profunda profundidad",
    "cost price": "kostet kosten kostete kosteten preis coûte coûtent coûtait coût prix cuesta cuestan costó "
                  "precio coste",
    # things a page names by a number ("Triebwagen Nr. 17" is "car No. 17")
    "tram": "straßenbahn straßenbahnen tranvía tranvías",
    "car": "wagen triebwagen beiwagen straßenbahnwagen voiture voitures coche coches vagón vagones",
    "funicular": "standseilbahn standseilbahnen funiculaire funiculaires",
    "no number": "nr nummer numéro núm número",
    # category nouns that end or head a name
    "hut": "hütte hütten berghütte cabane cabanes refugio refugios",
    "house": "haus häuser maison maisons casa casas",
    "garden": "garten gärten jardin jardins jardín jardines",
    "bank": "bank banken banque banco",
    "seed": "samen saat saatgut graine graines semence semences semilla semillas",
    "church": "kirche kirchen église églises iglesia iglesias",
    "museum": "museum museen musée musées museo museos",
    "glasswork": "glashütte glashütten glasfabrik verrerie verreries vidriería vidrierías",
    "bridge": "brücke brücken puente puentes",
    "tower": "turm türme torre torres",
    "pool": "becken schwimmbecken bassin bassins piscine piscines piscina piscinas",
    "castle": "burg schloss château castillo",
    "library": "bibliothek bücherei bibliothèque biblioteca",
    "school": "schule schulen école escuela",
    "lake": "lac lago",
    "valley": "tal vallée valle",
    "island": "insel île isla",
    "village": "dorf dörfer aldea pueblo",
    "mountain": "berg montagne montaña",
    "association": "verband verein vereinigung asociación",
    "club": "verein",
    "collection": "sammlung sammlungen collection colección",
    "shelter": "unterstand biwak abri refugio",
    "bivouac": "biwak bivouac vivac",
}

#: the English word of each of these a foreign page may also write standalone: they are English words of another
#: sense ("see" the lake, "lit" the bed, "art" the species) and hold a question's word only inside a compound
_PARTS_ONLY: frozenset[str] = frozenset({"see", "lit", "lits", "art", "arten", "hat", "tal", "berg", "burg", "lac",
                                         "lager", "probe", "plaza", "bank", "museum", "collection", "bivouac",
                                         "verein", "club", "raum", "boot"})

#: the category nouns that end a name and that German writes as its compound's head ("Brennalm Hut" ->
#: "Brennalmhütte", "seed bank" -> "Samenbank")
_CATEGORY: frozenset[str] = frozenset(
    "hut house garden bank church museum bridge tower castle library school lake valley island village mountain "
    "collection shelter bivouac".split())

#: the letters an umlaut or accent is folded to ("ü" -> "u"; German's "ue" spelling -> "u" too)
_UMLAUT_SPELT = re.compile(r"(?<=[a-z])(ae|oe|ue)")


def fold(word: str) -> str:
    """``word`` case-folded with accents and umlauts dropped and German's "ae" / "oe" / "ue" spelling of an umlaut
    read as the vowel ("Brennalmhütte" / "brennalmhuette" -> "brennalmhutte", "fondée" -> "fondee", "Straße" ->
    "strasse"). For comparing two spellings only: "blue" folds to "blu"."""
    low = unicodedata.normalize("NFD", word.casefold().replace("ß", "ss"))
    low = "".join(ch for ch in low if not unicodedata.combining(ch))
    return _UMLAUT_SPELT.sub(lambda m: m.group(1)[0], low)


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """(English token -> folded foreign tokens, folded foreign token -> English tokens)."""
    out: dict[str, set[str]] = {}
    back: dict[str, set[str]] = {}
    for english, forms in LEXICON.items():
        keys = set(tokenize(english)) or {english}
        folded = {fold(t) for w in forms.split() for t in (tokenize(w) or [w.casefold()])}
        for key in keys:
            out.setdefault(key, set()).update(folded)
        for f in folded:
            back.setdefault(f, set()).update(keys)
    return ({k: frozenset(v) for k, v in out.items()}, {k: frozenset(v) for k, v in back.items()})


def translations(word: str) -> frozenset[str]:
    """The folded German, French and Spanish tokens of an English ``word`` (any case, singular or plural:
    "beds" -> {"bett", "betten", "schlafplatz", ...}); empty for a word outside :data:`LEXICON`."""
    toks = tokenize(word) or [word.casefold()]
    return frozenset(f for t in toks for f in _tables()[0].get(t, ()))


def head_english(token: str) -> frozenset[str]:
    """The English tokens of :data:`LEXICON` that a foreign ``token`` or the head of a compound it is names
    ("schlafplätze" -> {"bed", "bunk"}, "samenproben" -> {"sample"}: its head "proben"); the head is the longest
    ending of four letters or more the lexicon gives. Empty when neither is in the lexicon."""
    whole = english_of(token)
    if whole:
        return whole
    f = fold(token)
    for cut in range(3, len(f) - 3):
        found = english_of(f[cut:], standalone=False)
        if found:
            return found
    return frozenset()


def english_of(token: str, *, standalone: bool = True) -> frozenset[str]:
    """The English tokens of :data:`LEXICON` a foreign ``token`` translates ("schlafplätze" -> {"bed", "bunk"},
    "gegründet" -> {"founded", "established"}); empty for a word outside the lexicon. ``standalone``: the token is a
    whole word of the text, so a form that is also an English word of another sense ("see", "art") gives nothing."""
    f = fold(token)
    if standalone and f in _PARTS_ONLY:
        return frozenset()
    return _tables()[1].get(f, frozenset())


#: the letters German links a compound's parts with ("Samenbank", "Gartenhaus", "Vereinshütte")
_LINKS = ("", "s", "es", "n", "en", "e")


def _compound_terms(token: str, terms: dict[str, str]) -> list[str]:
    """The question terms (``terms``: folded term -> term) a compound ``token`` names by a first part and a head:
    each part a question term itself or a translation of one, the head a translation of one ("brennalmhütte" with
    "brennalm" and "hut" -> {"brennalm", "hut"}; "samenbank" with "seed" and "bank" -> {"seed", "bank"}); at least
    one part a translation (else the token is the question's own words run together). In the order of the parts,
    the first part's terms first; [] when it names none."""
    f = fold(token)
    for cut in range(3, len(f) - 2):
        head = f[cut:]
        heads = sorted(terms[e] for e in english_of(head, standalone=False) if e in terms)
        if not heads:
            continue
        first = f[:cut]
        for link in _LINKS:
            if link and not first.endswith(link):
                continue
            stem = first[: len(first) - len(link)] if link else first
            if len(stem) < 3:
                continue
            firsts = [terms[stem]] if stem in terms else sorted(
                terms[e] for e in english_of(stem, standalone=False) if e in terms)
            if firsts:
                return list(dict.fromkeys([*firsts, *heads]))
    return []


def held_terms(tokens: Iterable[str], terms: Iterable[str]) -> set[str]:
    """Which of ``terms`` (an English question's tokens) ``tokens`` (a text's tokens, any language) name in another
    language: by a translation of :data:`LEXICON` ("schlafplätze" holds "bed", "gegründet" holds "founded"), by a
    compound of the name's words and its category noun translated ("brennalmhütte" holds "brennalm" and "hut"), or
    the same word with its umlauts or accents spelt otherwise ("brennalmhuette"). Empty when none is."""
    term_list = [t for t in terms if t]
    by_fold = {fold(t): t for t in term_list}
    out: set[str] = set()
    for tok in tokens:
        f = fold(tok)
        if f in by_fold and by_fold[f] != tok:
            out.add(by_fold[f])
        for english in english_of(tok):
            if english in by_fold:
                out.add(by_fold[english])
        if len(f) >= 7:
            out.update(_compound_terms(tok, by_fold))
    return out


def english_held(tokens: Iterable[str], terms: Iterable[str]) -> set[str]:
    """Which of ``terms`` (the tokens of a question in German, French or Spanish) ``tokens`` (an English text's
    tokens) name in English: the question's word translates (:func:`english_of`) into a token as written or
    inflected ("sitzplätze" is held by "seats"), or into a word of a relation a token names in other words
    (:func:`shared.text.relations.same_relation`: "gegründet" is held by "founded", "established", "founder";
    "fundó" by "founded"). The reverse of :func:`held_terms`: "Wer hat das Teatro Brivolo gegründet?" is answered
    by "Teatro Brivolo was founded in 1874 by ...". Empty when none is, and for a term outside :data:`LEXICON`."""
    from shared.text.relations import relation_of, same_relation, same_stem

    own = {t for t in tokens if t}
    out: set[str] = set()
    for term in dict.fromkeys(t for t in terms if t):
        english = english_of(term)
        if not english or term in own:
            continue
        if english & own or any(same_stem(e, t) for e in english for t in own if len(t) >= 3):
            out.add(term)
        elif any(relation_of(e) is not None and any(same_relation(e, t) for t in own) for e in english):
            out.add(term)
    return out


def unfolded(seq: list[str], terms: Iterable[str]) -> list[str]:
    """``seq`` (a text's tokens in order) with each token naming ``terms`` (an English question's tokens) in another
    language written as those terms, in their order (:func:`held_terms`: ["die", "brennalmhütte", "bietet"] with
    "brennalm" and "hut" -> ["die", "brennalm", "hut", "bietet"]), so a name of the question stands together in it
    as the question writes it. A new list; a token naming none of them stays as it is."""
    term_list = [t for t in terms if t]
    by_fold = {fold(t): t for t in term_list}
    out: list[str] = []
    for tok in seq:
        f = fold(tok)
        parts = _compound_terms(tok, by_fold) if len(f) >= 7 else []
        if parts:
            out.extend(parts)
        elif f in by_fold:
            out.append(by_fold[f])
        else:
            english = sorted(e for e in english_of(tok) if e in by_fold)
            out.append(by_fold[english[0]] if english else tok)
    return out


def foreign_held(text: str, terms: Iterable[str]) -> set[str]:
    """Which of ``terms`` (an English question's tokens) ``text`` names in German, French or Spanish
    (:func:`held_terms` of its tokens) when ``text`` is written in one of :data:`FOLDED_LANGUAGES`
    (:func:`shared.text.tokens.detect_language`); empty for a text in English or another language."""
    toks = tokenize(text)
    if not toks or detect_language(text) not in FOLDED_LANGUAGES:
        return set()
    return held_terms(toks, terms)


def with_translations(tokens: set[str], terms: Iterable[str]) -> set[str]:
    """``tokens`` (a text's words) with each of ``terms`` (an English question's words) added that they name in
    German, French or Spanish (:func:`held_terms`). A new set; ``tokens`` is not changed."""
    return set(tokens) | held_terms(tokens, terms)


def expand_query(query: str) -> str:
    """``query`` with its words' German, French and Spanish forms (:func:`translations`) and the German compound of
    each name word and the category noun after it ("brennalm hut" -> "brennalmhütte", "seed bank" -> "samenbank")
    added at its end, so a search over pages in those languages finds them; ``query`` unchanged when none of its
    words is in :data:`LEXICON`. The added words are written unaccented as well as accented where they differ."""
    toks = tokenize(query)
    extra: list[str] = []
    for t in toks:
        extra.extend(sorted(w for w in _forms(t) if fold(w) not in _PARTS_ONLY))
    for a, b in zip(toks, toks[1:]):
        heads = _forms(b, german=True) if b in _CATEGORY else frozenset()
        if not heads or a.isdigit():
            continue
        firsts = _forms(a, german=True) or {a}
        extra.extend(sorted(f"{x}{h}" for x in firsts for h in heads if x.isalpha()))
    if not extra:
        return query
    seen = set(toks)
    added = [w for w in dict.fromkeys(extra) if w not in seen]
    return f"{query} {' '.join(added)}" if added else query


@lru_cache(maxsize=4096)
def _forms(token: str, german: bool = False) -> frozenset[str]:
    """The written (accented) forms of :data:`LEXICON` for an English ``token``; ``german``: only single-word forms
    that may be a compound's part (lower case, the lexicon's first few forms, which are German)."""
    out: set[str] = set()
    for english, forms in LEXICON.items():
        if token not in (set(tokenize(english)) or {english}):
            continue
        words = forms.split()
        if german:
            words = [w for w in words if not w.endswith(("s",)) or w.endswith("ss")][:3]
        out.update(w for w in words)
    return frozenset(out)

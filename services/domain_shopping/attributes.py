"""The common spec attributes of products under one canonical (English) name whatever language or spelling a page
writes them in: "Akkulaufzeit", "autonomie de la batterie", "batterijduur" and "Playback time" are all "battery
life"; "Gewicht", "poids", "peso" are "weight". Two attributes are one column when their names are synonyms here
and their values are the same physical quantity (pint's dimensionality): "Akku: 30 Std." is battery life, "Akku:
4000 mAh" battery capacity.

The lexicon covers English, German, French, Spanish, Italian and Dutch for the attributes product pages give most
(battery, weight, charging, suction, noise cancellation, warranty, screens, storage, memory, power, capacity ...). An
attribute it does not know keeps the name the page gives it.

It also says which way an attribute is better (:func:`direction`), and only when that can be justified: the
attribute's own meaning (longer battery life, shorter charging time) or, for a product's weight, the question
(portable, light, travel) or a category that is carried about (headphones, laptops, cameras ...). A keyboard's
weight has no better direction unless the question asks for a light or portable one.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from services.domain_shopping.units import Quantity, compound_end, kind_of, read_quantity
from shared.text.packages import is_plain_english
from shared.text.synonyms import snowball_stem
from shared.text.tokens import is_stopword

#: reads a quantity from text (``services.domain_shopping.units.read_quantity``)
_Reader = Callable[[str], Quantity | None]

#: a unit of each kind of quantity an attribute's values may be (its kind: :func:`units.kind_of`)
TIME = "hour"
MASS = "gram"
LENGTH = "millimeter"
VOLUME = "liter"
CHARGE = "milliampere * hour"
ENERGY = "watt * hour"
POWER = "watt"
TORQUE = "newton * meter"
FREQUENCY = "hertz"
INFORMATION = "gigabyte"
LUMINANCE = "nit"
LUMINOUS_FLUX = "lumen"
LEVEL = "decibel"
PRESSURE = "pascal"
AREA = "meter ** 2"
#: a volume per time (a dehumidifier's water a day, a hood's or purifier's air an hour)
FLOW = "meter ** 3 / hour"


@dataclass(frozen=True)
class Attribute:
    """A canonical attribute: its ``name`` (English, lower case, as the report shows it), the ``kinds`` of
    quantity its values are (as a unit of each kind, e.g. "gram"; empty: any value, a quantity or text), its ``terms`` (names
    pages give it, lower case, in en/de/fr/es/it/nl), ``verbs`` that state it in running text ("weighs",
    "wiegt", "pèse"), and ``better``: +1 more is better, -1 less is better, 0 no direction of its own (weight:
    the question decides, :func:`direction`)."""

    name: str
    kinds: frozenset[str]
    terms: tuple[str, ...]
    verbs: tuple[str, ...] = ()
    better: int = 0
    #: words by which a question asks about the attribute without naming it ("lightest": weight)
    asked_by: tuple[str, ...] = ()
    #: terms that name the attribute inside a longer name only after a word naming the whole product
    #: (:data:`WHOLE_WORDS`): "Size" and "Product size" are the product's dimensions, "Burr size" a part's size
    bare: tuple[str, ...] = ()


def _a(name: str, kinds: tuple[str, ...], terms: str, verbs: str = "", better: int = 0, asked_by: str = "",
       bare: str = "") -> Attribute:
    def split(words: str) -> tuple[str, ...]:
        return tuple(w.strip() for w in words.split("|") if w.strip())

    return Attribute(name=name, kinds=frozenset(kinds), terms=split(name + "|" + terms), verbs=split(verbs),
                     better=better, asked_by=split(asked_by), bare=split(bare))


#: the lexicon; a term may belong to several attributes of different kinds ("battery": life in hours, capacity in
#: mAh), the value's kind tells which
LEXICON: tuple[Attribute, ...] = (
    _a("battery life", (TIME,),
       "battery|battery runtime|battery time|playback time|playback|play time|playtime|listening time|runtime|"
       "run time|usage time|operating time|"
       "akku|akkulaufzeit|akku-laufzeit|akkudauer|laufzeit|wiedergabezeit|spielzeit|betriebszeit|batterielaufzeit|"
       "autonomie|autonomie de la batterie|autonomie batterie|durée de la batterie|durée de vie de la batterie|"
       "temps d'écoute|batterie|"
       "autonomía|autonomía de la batería|duración de la batería|tiempo de reproducción|batería|"
       "autonomia|autonomia della batteria|durata della batteria|durata batteria|tempo di riproduzione|batteria|"
       "batterijduur|accuduur|batterijlevensduur|speeltijd|gebruiksduur|afspeeltijd|accu|batterij",
       better=1,
       # verbs of how long a product keeps going, only with a word of more or less ("lasts the longest", "runs for
       # the longest": :func:`verb_way`); "last" and "runs" alone say nothing ("last year", "runs quietly")
       asked_by="lasts|last longest|last the longest|last longer|runs for|run for|runs longest|runs the longest|"
                "run longest|run the longest|runs longer|hält am längsten|dure le plus longtemps|dura más|"
                "dura di più|gaat het langst mee"),
    _a("battery capacity", (CHARGE, ENERGY),
       "battery|battery size|capacity|akku|akkukapazität|kapazität|batteriekapazität|"
       "capacité de la batterie|capacité batterie|batterie|capacidad de la batería|batería|"
       "capacità della batteria|batteria|accucapaciteit|batterijcapaciteit|accu|batterij",
       verbs="stores|speichert|stocke|almacena|immagazzina|slaat op", better=1),
    _a("charging time", (TIME,),
       "charge time|recharge time|time to charge|full charge time|ladezeit|aufladezeit|ladedauer|"
       "temps de charge|temps de recharge|durée de charge|tiempo de carga|tiempo de recarga|tempo di ricarica|"
       "tempo di carica|oplaadtijd|laadtijd",
       verbs="charges in|recharges in|full charge takes|charging takes|a charge takes|lädt in|"
             "se recharge en|se carga en|si ricarica in|laadt op in",
       better=-1),
    _a("warm-up time", (TIME,),
       "warmup time|warm up time|heat-up time|heat up time|heating time|heating-up time|heat-up|warm-up|"
       "preheat time|preheating time|pre-heat time|time to heat up|time to warm up|ready time|"
       "aufheizzeit|aufheizdauer|aufwärmzeit|vorheizzeit|anheizzeit|heizzeit|bereitschaftszeit|"
       "temps de chauffe|temps de préchauffage|temps de mise en chauffe|durée de chauffe|"
       "tiempo de calentamiento|tiempo de precalentamiento|tempo di riscaldamento|tempo di preriscaldamento|"
       "opwarmtijd|opwarmduur|voorverwarmtijd|opwarmingstijd",
       verbs="heats up in|warms up in|is ready in|ready in|ready to brew in|heizt in|aufgeheizt in|"
             "chauffe en|se calienta en|si scalda in|si riscalda in|warmt op in",
       better=-1,
       asked_by="heats up|heat up|warms up|warm up|heats up fastest|warms up fastest|aufheizen|heizt am "
                "schnellsten auf|chauffe le plus vite|se calienta más rápido|si scalda più velocemente"),
    _a("start-up time", (TIME,),
       "startup time|boot time|boot-up time|start time|einschaltzeit|startzeit|bootzeit|hochfahrzeit|"
       "temps de démarrage|tiempo de arranque|tiempo de inicio|tempo di avvio|opstarttijd",
       better=-1),
    _a("water tank", (VOLUME,),
       "water tank capacity|water reservoir|water container|water tank volume|"
       "wassertank|wasserbehälter|wassertankvolumen|wassertankinhalt|wassertankkapazität|"
       "réservoir d'eau|capacité du réservoir d'eau|contenance du réservoir d'eau|"
       "depósito de agua|capacidad del depósito de agua|tanque de agua|"
       "serbatoio dell'acqua|serbatoio acqua|capacità del serbatoio dell'acqua|"
       "waterreservoir|watertank|waterbak|inhoud waterreservoir"),
    # what a dehumidifier (or an extractor) takes out per time, however a page names it ("Extraction rate: 20 L/day",
    # "Moisture removal: 35 pints/day", "Capacity: 12 l/24h"): one column, the unit's kind (a volume per time)
    # telling it from a tank's volume ("capacity", "water tank")
    _a("extraction rate", (FLOW,),
       "extraction|extraction capacity|water extraction|water extraction rate|moisture extraction|"
       "moisture removal|moisture removal rate|moisture removal capacity|water removal|water removal rate|"
       "removal rate|dehumidification|dehumidification capacity|dehumidification rate|dehumidifying capacity|"
       "dehumidifying rate|daily extraction|daily extraction rate|daily capacity|capacity|"
       "entfeuchtungsleistung|entfeuchtungskapazität|entfeuchtungsrate|entfeuchtung|"
       "capacité de déshumidification|capacité d'extraction|déshumidification|"
       "capacidad de deshumidificación|deshumidificación|capacità di deumidificazione|deumidificazione|"
       "ontvochtigingscapaciteit|ontvochtigingsvermogen|ontvochtiging",
       better=1,
       asked_by="removes|remove|removing|extracts|extract|extracting|pulls|pull|water per day|per day|daily|"
                "a day|entfeuchtet|entzieht|pro tag|retire|extrait|par jour|elimina|extrae|por día|al giorno|"
                "per dag|onttrekt"),
    _a("weight", (MASS,),
       "mass|net weight|item weight|product weight|gewicht|nettogewicht|masse|poids|poids net|peso|peso neto|"
       "peso netto|massa",
       verbs="weighs|weigh|weighing|weighs in at|wiegt|wiegen|pèse|pesant|pesa|pesan|pesano|weegt|wegen",
       better=0,
       asked_by="light|lighter|lightest|lightweight|heavy|heavier|heaviest|leicht|leichter|leichteste|"
                "leichtesten|schwer|schwerste|léger|légère|ligero|ligera|leggero|leggera|lichtste|lichtgewicht"),
    _a("load capacity", (MASS,),
       "weight capacity|max load|maximum load|max. load|maximum user weight|weight limit|payload|"
       "tragfähigkeit|belastbarkeit|max. belastung|maximale belastung|traglast|höchstlast|"
       "capacité de charge|charge maximale|charge max|capacidad de carga|carga máxima|portata massima|"
       "capacità di carico|carico massimo|draagvermogen|max belasting|maximale belasting|draagkracht",
       better=1),
    _a("suction power", (PRESSURE,),
       "suction|suction strength|max suction|maximum suction|max. suction|suction force|vacuum pressure|"
       "saugleistung|saugkraft|max. saugleistung|maximale saugleistung|saugdruck|"
       "puissance d'aspiration|aspiration|force d'aspiration|puissance d'aspiration maximale|"
       "potencia de succión|succión|potencia de aspiración|fuerza de succión|"
       "potenza di aspirazione|potenza aspirante|aspirazione|forza di aspirazione|"
       "zuigkracht|zuigvermogen|zuigkracht max",
       better=1),
    _a("maximum pressure", (PRESSURE,),
       "max pressure|max. pressure|peak pressure|rated pressure|pressure max|max output pressure|"
       "maximum output pressure|max inflation pressure|maximum inflation pressure|max psi|"
       "max. druck|maximaler druck|höchstdruck|maximaldruck|pression maximale|pression max|pression max.|"
       "presión máxima|presión max|pressione massima|pressione max|maximale druk|max. druk|max druk",
       better=1),
    _a("noise cancellation", (),
       "noise cancelling|noise canceling|active noise cancellation|active noise cancelling|anc|"
       "noise reduction|geräuschunterdrückung|aktive geräuschunterdrückung|noise-cancelling|"
       "geräuschreduzierung|réduction de bruit|réduction du bruit|réduction active du bruit|"
       "suppression du bruit|cancelación de ruido|cancelación activa de ruido|reducción de ruido|"
       "cancellazione del rumore|cancellazione attiva del rumore|riduzione del rumore|ruisonderdrukking|"
       "actieve ruisonderdrukking|ruisreductie",
       better=1),
    _a("noise level", (LEVEL,),
       "noise|loudness|sound level|operating noise|lautstärke|geräuschpegel|betriebsgeräusch|geräuschentwicklung|"
       "niveau sonore|bruit|nivel de ruido|ruido|nivel sonoro|rumorosità|livello di rumore|livello sonoro|"
       "geluidsniveau|geluid|geluidsproductie",
       better=-1,
       asked_by="quiet|quieter|quietest|silent|loud|louder|loudest|leise|leiser|leiseste|leisesten|silencieux|"
                "silencieuse|silencioso|silenciosa|silenzioso|silenziosa|stil|stiller|stilste"),
    _a("warranty", (TIME,),
       "guarantee|warranty period|garantie|herstellergarantie|gewährleistung|garantiezeit|durée de garantie|"
       "garantía|garanzia|garantieperiode",
       better=1,
       # "For how many years is the X guaranteed?", "Is it warranted for ...": the verb asks the warranty
       asked_by="guaranteed|warranted|garantiert|garanti|garantizado|garantizada|garantito|garantita|"
                "gegarandeerd"),
    _a("bluetooth version", (),
       "bluetooth|bluetooth-version|version bluetooth|versión de bluetooth|versión bluetooth|versione bluetooth|"
       "bluetooth-versie"),
    _a("screen size", (LENGTH,),
       "display size|screen|display|screen diagonal|bildschirmgröße|bildschirmdiagonale|displaygröße|diagonale|"
       "taille de l'écran|taille d'écran|écran|tamaño de pantalla|tamaño de la pantalla|pantalla|"
       "dimensione dello schermo|schermo|diagonale dello schermo|schermgrootte|beeldschermgrootte|"
       "schermdiagonaal|beeldscherm"),
    _a("brightness", (LUMINANCE,),
       "peak brightness|max brightness|maximum brightness|helligkeit|spitzenhelligkeit|luminosité|"
       "luminosité maximale|brillo|brillo máximo|luminosità|luminosità massima|helderheid|maximale helderheid",
       better=1,
       asked_by="bright|brighter|brightest|hell|heller|hellste|hellsten|hellere|lumineux|lumineuse|brillante|"
                "luminoso|luminosa|helder|helderder|helderste"),
    # a lamp's light output: the unit tells it from a screen's brightness ("1200 lm" luminous flux, "400 nits"
    # luminance), whatever the page calls it ("Brightness", "Lumens", "Output", "Lichtstrom")
    _a("luminous flux", (LUMINOUS_FLUX,),
       "brightness|max brightness|maximum brightness|lumens|lumen|output|light output|max output|maximum output|"
       "luminous output|lichtstrom|lichtleistung|leuchtstärke|helligkeit|flux lumineux|luminosité|"
       "flujo luminoso|brillo|flusso luminoso|luminosità|lichtstroom|lichtopbrengst|helderheid",
       better=1,
       asked_by="bright|brighter|brightest|hell|heller|hellste|hellsten|hellere|lumineux|lumineuse|brillante|"
                "luminoso|luminosa|helder|helderder|helderste"),
    # how well a product keeps water out: an IP code ("IPX6", "IP67") or a rating in words
    _a("water resistance", (),
       "waterproof rating|water rating|waterproofing|water protection|ip rating|ip code|ingress protection|"
       "protection rating|schutzart|wasserschutz|wasserdichtigkeit|étanchéité|indice d'étanchéité|"
       "indice de protection|resistencia al agua|impermeabilidad|grado de protección|resistenza all'acqua|"
       "impermeabilità|grado di protezione|waterdichtheid|waterbestendigheid"),
    _a("refresh rate", (FREQUENCY,),
       "bildwiederholrate|bildwiederholfrequenz|taux de rafraîchissement|fréquence de rafraîchissement|"
       "frecuencia de actualización|tasa de refresco|frecuencia de refresco|frequenza di aggiornamento|"
       "verversingssnelheid|vernieuwingsfrequentie",
       better=1),
    _a("storage", (INFORMATION,),
       "storage capacity|internal storage|ssd|speicher|speicherplatz|interner speicher|speicherkapazität|"
       "stockage|capacité de stockage|almacenamiento|capacidad de almacenamiento|memoria interna|"
       "archiviazione|capacità di archiviazione|opslag|opslagcapaciteit|interne opslag",
       better=1),
    _a("memory", (INFORMATION,),
       "ram|arbeitsspeicher|mémoire vive|mémoire ram|memoria ram|werkgeheugen|ram-geheugen",
       better=1),
    _a("driver size", (LENGTH,),
       "driver|drivers|driver diameter|treiber|treibergröße|treiberdurchmesser|haut-parleur|transducteur|"
       "controlador|altavoz|trasduttore|driver (mm)|luidspreker"),
    _a("maximum torque", (TORQUE,),
       "torque|max torque|max. torque|maximum torque|peak torque|drehmoment|max. drehmoment|maximales drehmoment|"
       "couple|couple maximal|couple de serrage|par máximo|par de apriete|coppia|coppia massima|koppel|"
       "max. koppel|maximaal koppel", better=1),
    _a("power", (POWER,),
       "wattage|motor power|motor wattage|motor output|output power|rated power|leistung|ausgangsleistung|nennleistung|puissance|puissance de sortie|potencia|"
       "potencia de salida|potenza|potenza in uscita|vermogen|uitgangsvermogen"),
    _a("power consumption", (POWER,),
       "energy consumption|leistungsaufnahme|stromverbrauch|energieverbrauch|consommation|"
       "consommation électrique|consommation d'énergie|consumo|consumo de energía|consumo energetico|"
       "stroomverbruik|energieverbruik|opgenomen vermogen",
       better=-1),
    _a("capacity", (VOLUME,),
       "volume|fassungsvermögen|füllmenge|volumen|kapazität|inhalt|capacité|contenance|capacidad|capacità|"
       "inhoud|capaciteit",
       better=1,
       asked_by="hold|holds|how much water|fasst|contient|contiene|bevat"),
    _a("keep warm", (TIME,),
       "keep-warm|keep warm time|keep-warm time|keep warm function|keep-warm function|warm hold|"
       "warmhaltefunktion|warmhaltezeit|warmhaltedauer|warmhalten|maintien au chaud|fonction maintien au chaud|"
       "durée de maintien au chaud|mantener caliente|función mantener caliente|mantenimiento en caliente|"
       "mantenimento in caldo|funzione mantenimento in caldo|warmhouden|warmhoudfunctie|warmhoudtijd"),
    _a("latency", (TIME,),
       "input lag|delay|response time|latenz|verzögerung|reaktionszeit|latence|temps de réponse|latencia|"
       "tiempo de respuesta|latenza|tempo di risposta|latentie|vertraging|reactietijd",
       better=-1),
    _a("range", (LENGTH,),
       "wireless range|bluetooth range|reichweite|funkreichweite|portée|portée sans fil|alcance|portata|bereik|"
       # a distance a charge lasts (an e-scooter's, an e-bike's): "autonomie" in km, not hours
       "autonomie|autonomía|autonomia|actieradius",
       # a tester's distance on one charge: "covered 51 km", "managed 36 km", "schaffte 49 km", "a parcouru 37 km"
       verbs="covered|covers|managed|manages|reached|reaches|lasted|travelled|traveled|went|goes|schaffte|schafft|"
             "kam|fuhr|a parcouru|parcourt|recorrió|recorre|percorso|ha percorso|percorre|haalde|reed",
       better=1),
    # the largest area a product works (a robot mower's lawn, a robot vacuum's floor, a sprinkler's reach) in m²
    _a("maximum area", (AREA,),
       "max area|max. area|area|area coverage|coverage area|coverage|max coverage|maximum coverage|"
       "lawn area|max lawn area|max. lawn area|maximum lawn area|lawn size|max lawn size|max. lawn size|"
       "maximum lawn size|recommended lawn size|mowing area|max mowing area|max. mowing area|"
       "maximum mowing area|working area|max working area|cleaning area|floor area|"
       "fläche|max fläche|max. fläche|maximale fläche|mähfläche|max mähfläche|max. mähfläche|"
       "maximale mähfläche|rasenfläche|max. rasenfläche|maximale rasenfläche|arbeitsfläche|flächenleistung|"
       "reinigungsfläche|surface|surface max|surface maximale|surface de tonte|surface de tonte maximale|"
       "superficie|superficie máxima|superficie de corte|superficie massima|superficie di taglio|"
       "oppervlakte|maaioppervlakte|max maaioppervlakte|maximale maaioppervlakte",
       verbs="covers|covering|covered|mows|mowing|mäht|bewältigt|schafft|tond|corta|taglia|maait",
       better=1),
    # a product's measures along one axis ("Höhe: 105 cm", "Hauteur", "Altura"); inside a longer name only after a
    # word naming the whole product ("Gesamthöhe", "Overall height"), never a part's ("Schnitthöhe", "Cable length")
    _a("height", (LENGTH,), "höhe|hauteur|altura|altezza|hoogte",
       bare="height|höhe|hauteur|altura|altezza|hoogte"),
    _a("width", (LENGTH,), "breite|largeur|anchura|ancho|larghezza|breedte",
       bare="width|breite|largeur|anchura|ancho|larghezza|breedte"),
    _a("depth", (LENGTH,), "tiefe|profondeur|profundidad|profondità|diepte",
       bare="depth|tiefe|profondeur|profundidad|profondità|diepte"),
    _a("length", (LENGTH,), "länge|longueur|longitud|lunghezza|lengte",
       bare="length|länge|longueur|longitud|lunghezza|lengte"),
    _a("resolution", (),
       "auflösung|bildschirmauflösung|résolution|resolución|risoluzione|resolutie|beeldresolutie"),
    _a("dimensions", (),
       "size|abmessungen|maße|dimensionen|größe|taille|dimensiones|tamaño|dimensioni|afmetingen|afmeting",
       bare="size|größe|taille|tamaño|dimensioni|maße"),
    _a("price", (),
       "preis|prix|precio|prezzo|prijs|cost|msrp|rrp|uvp",
       verbs="costs|cost|priced at|sells for|retails for|kostet|coûte|cuesta|costa|kost"),
)


#: words naming the whole product (or the axes of its measures) before a term of :attr:`Attribute.bare`
#: ("Overall size", "Produktgröße", "Size W x H x D"), folded; German compounds start with them ("Gesamtgröße")
WHOLE_WORDS = frozenset({"overall", "product", "item", "total", "outer", "outside", "external", "exterior",
                         "device", "unit", "body", "machine", "appliance", "assembled", "gesamt", "produkt",
                         "gerat", "gerate", "aussen", "produit", "du", "de", "del", "della", "dello", "van", "het",
                         "producto", "prodotto", "l", "w", "h", "d", "b", "t", "x", "hxbxt", "wxhxd", "lxwxh",
                         "cm", "mm", "in", "inch", "inches"})


@lru_cache(maxsize=64)
def _bare(attribute: Attribute) -> frozenset[str]:
    """``attribute``'s :attr:`Attribute.bare` terms, folded."""
    return frozenset(fold(t) for t in attribute.bare)


def _whole(words: list[str]) -> bool:
    """Whether every one of ``words`` (folded) names the whole product or its axes (:data:`WHOLE_WORDS`)."""
    return all(w in WHOLE_WORDS for w in words)


def fold(text: str) -> str:
    """``text`` lower case, accents dropped, and every run of characters other than letters and digits one space:
    "Akku-Laufzeit" -> "akku laufzeit", "Taille de l'écran" -> "taille de l ecran"."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch)).replace("ß", "ss")
    return " ".join(re.sub(r"[^0-9a-z]+", " ", plain).split())


@lru_cache(maxsize=1)
def _index() -> dict[str, tuple[Attribute, ...]]:
    """Folded term -> the attributes it names (several only for a term of several kinds of quantity)."""
    out: dict[str, list[Attribute]] = {}
    for attribute in LEXICON:
        for term in attribute.terms:
            key = fold(term)
            if attribute not in out.setdefault(key, []):
                out[key].append(attribute)
    return {k: tuple(v) for k, v in out.items()}


def _fits(attribute: Attribute, kind: str | None) -> bool:
    """Whether a value of ``kind`` can be ``attribute``'s: any value when the attribute has no kinds of its own
    (noise cancellation, resolution) or the kind is not known (None); a value that is no physical quantity
    ("number", "text": "Display: OLED") never is a quantity attribute's ("screen size")."""
    if kind is None or not attribute.kinds:
        return True
    return kind in _kinds(attribute)


@lru_cache(maxsize=64)
def _kinds(attribute: Attribute) -> frozenset[str]:
    """The kinds (:func:`services.domain_shopping.units.kind_of`) of ``attribute``'s values."""
    return frozenset(kind_of(unit) for unit in attribute.kinds)


#: abbreviations opening an attribute's name, and the word each stands for ("Max. pressure" is "maximum
#: pressure"); "min" only with its dot or before a word, never a unit of minutes alone
_ABBREVIATIONS = (
    (re.compile(r"^max(?:\.|imal\b|\b)\s*(?=\w)", re.IGNORECASE), "maximum "),
    (re.compile(r"^min\.\s*(?=\w)|^min\s+(?=[a-z]{3,})", re.IGNORECASE), "minimum "),
    (re.compile(r"^approx\.?\s*(?=\w)", re.IGNORECASE), "approximate "),
    (re.compile(r"^temp\.\s*(?=\w)|^temp$", re.IGNORECASE), "temperature "),
    (re.compile(r"^(?:dia|diam)\.\s*(?=\w)|^(?:dia|diam)\.?$", re.IGNORECASE), "diameter "),
)


def expand_abbreviations(name: str) -> str:
    """``name`` with an abbreviation opening it written out (:data:`_ABBREVIATIONS`): "Max. pressure" ->
    "maximum pressure", "Min. temp" -> "minimum temp", "Approx. weight" -> "approximate weight"; other names as
    given. An attribute the lexicon does not know keeps one name however a page abbreviates it."""
    for pattern, word in _ABBREVIATIONS:
        name = pattern.sub(word, name.strip(), count=1)
    return name.strip()


def lookup(name: str, kind: str | None = None) -> Attribute | None:
    """The canonical attribute a page's attribute ``name`` (any language or spelling) is, given the ``kind`` of
    quantity its value is (pint dimensionality; None or "number"/"text" when the value is no physical quantity):
    the whole name's term first, else the longest term the name holds as whole words ("Battery life (ANC on)",
    "Akkulaufzeit mit ANC"), among the attributes whose kind the value fits. None when no term fits: the
    attribute keeps its own name. An abbreviation opening the name is read written out as well ("Max. pressure":
    :func:`expand_abbreviations`)."""
    folded = fold(name)
    if not folded:
        return None
    index = _index()
    exact = [a for a in index.get(folded, ()) if _fits(a, kind)] or [
        a for a in index.get(fold(expand_abbreviations(name)), ()) if _fits(a, kind)]
    if exact:
        return _prefer(exact, kind)
    words = folded.split()
    found: list[tuple[int, Attribute]] = []
    for size in range(min(len(words), 6), 0, -1):
        for start in range(len(words) - size + 1):
            term = " ".join(words[start:start + size])
            rest = words[:start] + words[start + size:]
            fitting = [a for a in index.get(term, ()) if _fits(a, kind)
                       and (term not in _bare(a) or _whole(rest))]  # "Burr size" is no product's dimensions
            if fitting:
                found.append((len(term), _prefer(fitting, kind)))
        if found:
            break
    if not found:  # a German compound: "Akkulaufzeit" inside "Maximale Akkulaufzeit"; "gewicht" in "Gesamtgewicht"
        measured = kind is not None and kind not in ("", "number", "text")
        for term, attributes in index.items():
            # a head of 6+ letters, or of 4+ when the value's unit is of the attribute's kind ("Wechselakku: 30 Std.")
            if " " in term or len(term) < (4 if measured else 6):
                continue
            heads = [w[:-len(term)] for w in words if w != term and w.endswith(term)]
            if not heads:
                continue
            fitting = [a for a in attributes if _fits(a, kind) and (len(term) >= 6 or a.kinds)
                       and (term not in _bare(a) or all(h in WHOLE_WORDS for h in heads))]  # "Mahlwerkgröße"
            if fitting:
                found.append((len(term), _prefer(fitting, kind)))
    return max(found, key=lambda f: f[0])[1] if found else None


def _prefer(attributes: list[Attribute], kind: str | None) -> Attribute:
    """Of attributes a term names (each fitting ``kind``), the one whose kinds hold ``kind``, else the first (the
    lexicon's order)."""
    return next((a for a in attributes if kind is not None and kind in _kinds(a)), attributes[0])


def canonical_name(name: str, kind: str | None = None) -> str | None:
    """The canonical name of attribute ``name`` for a value of ``kind`` (see :func:`lookup`), or None."""
    found = lookup(name, kind)
    return found.name if found is not None else None


#: an initialism standing for an attribute's name: letters only, this long ("anc", "cadr", "tdp")
_INITIALISM = re.compile(r"[a-z]{2,6}")


def initialism_of(short: str, long: str) -> bool:
    """Whether attribute name ``short`` is the initials of attribute name ``long``'s words, so both name one
    attribute: "CADR" of "Clean air delivery rate", "TDP" of "thermal design power", "SNR" of "signal-to-noise
    ratio" (function words may be skipped). ``short`` must be one word of 2-6 letters that is no plain English
    word ("Cat" is no initialism of "category age total": :func:`shared.text.packages.is_plain_english`);
    ``long`` must be 2+ words of letters. Case, accents and punctuation do not count (:func:`fold`)."""
    initials, words = fold(short), fold(long).split()
    if not _INITIALISM.fullmatch(initials) or len(words) < 2 or not all(w.isalpha() for w in words):
        return False
    if is_plain_english(initials):
        return False
    return initials in ("".join(w[0] for w in words),
                        "".join(w[0] for w in words if not is_stopword(w)))


def by_name(name: str) -> Attribute | None:
    """The lexicon's attribute whose canonical name is ``name``, or None."""
    return next((a for a in LEXICON if a.name == name), None)


#: nouns that make one product's name with "light" written before them ("light bulb", "light meter", "light bar")
_LIGHT_COMPOUND = re.compile(r"(?:bulb|meter|bar|strip|fixture|switch|box|panel|sensor|tube|stand|string|fitting|"
                             r"shade|saber|sabre)(?:e?s)?", re.IGNORECASE)
#: words after which "light" is an adjective whatever follows ("is light", "very light", "as light as", "something
#: light", "light and compact" read from its other side)
_ADJECTIVE_BEFORE = frozenset(
    "a an is are was were be been being am very really super ultra extra quite too so as fairly pretty rather "
    "reasonably relatively surprisingly incredibly extremely most more less least how something anything nothing "
    "and or but nor feel feels felt stay stays seem seems keep keeps remain remains it it's its they they're "
    "them that's isn't aren't wasn't".split())
#: words after a product kind's "light" that end its name: a function word, a number or an amount, but not one that
#: keeps "light" an adjective ("light enough", "light and compact", "as light as")
_ADJECTIVE_AFTER = frozenset("enough and or but as than weight".split())
#: a question's first word that asks by the copula ("Is the tent light?")
_COPULAS = frozenset("is are was were isn't aren't wasn't weren't".split())
_DETERMINERS = frozenset("a an the this that my our your its their one".split())


def kind_masked(question: str) -> str:
    """``question`` with each "light" that is a word of the product kind's name blanked out (a word asking for a
    light product stays): the head noun after a word naming what it lights or where it sits ("bike light", "front
    light", "LED light", "reading light") with nothing but a function word, an amount or the end after it ("the best
    front bike light under $100"); the first word of a compound noun ("light bulb", "light meter":
    :data:`_LIGHT_COMPOUND`); "lights", never an adjective. "a light bike light" keeps its first "light", "the
    lightest tent", "a tent that is light", "very light", "light enough", "a light and compact tent" and a light
    "Lumora" (a capitalised name before it) keep theirs. The question's length is kept (a blank per letter)."""
    function_words = _function_words()
    out = list(question)
    words = list(re.finditer(r"[\w$€£¥][\w'’.-]*|[^\w\s]", question))
    for i, m in enumerate(words):
        word = m.group(0).casefold()
        if word not in ("light", "lights"):
            continue
        prev = words[i - 1].group(0) if i > 0 else ""
        nxt = words[i + 1].group(0) if i + 1 < len(words) else ""
        low_prev, low_next = prev.casefold(), nxt.casefold()
        opens = i < 2 or words[i - 2].group(0) in ".!?"  # the word before opens a sentence: capitalised anyway
        named = prev[:1].isupper() and not prev.isupper() and not opens  # "the Lumora light": its name's word
        if word == "lights" or (_LIGHT_COMPOUND.fullmatch(low_next) and low_prev not in _ADJECTIVE_BEFORE):
            kind = True
        else:
            modifier = bool(prev) and prev[:1].isalnum() and low_prev.replace("’", "'") not in _ADJECTIVE_BEFORE \
                and not named
            ends = (not nxt or (not nxt[:1].isalnum() and nxt not in ",") or nxt[:1].isdigit() or nxt[:1] in "$€£¥"
                    or (low_next in function_words and low_next not in _ADJECTIVE_AFTER))
            # "Is the tent light?": a sentence asking by its copula ends on what it asks of its subject, unless a
            # second determiner opens a noun after the subject ("Is the Brennix a good front light?")
            start = next((j + 1 for j in range(i - 1, -1, -1) if words[j].group(0) in ".!?"), 0)
            determiners = sum(w.group(0).casefold() in _DETERMINERS for w in words[start:i])
            asked = (not nxt or nxt in ".!?") and words[start].group(0).casefold() in _COPULAS and determiners < 2
            kind = modifier and ends and not asked
        if kind:
            out[m.start():m.end()] = " " * (m.end() - m.start())
    return "".join(out)


def named_in(question: str, attribute: str) -> bool:
    """Whether ``question`` names ``attribute`` (a canonical or page name) in any language the lexicon knows:
    one of its terms or verbs, or a word asking about it, as whole words ("längste Akkulaufzeit" names battery
    life, "the lightest" weight; which way is better :func:`direction` reads). A word of the product kind's name
    asks for nothing ("the best bike light" does not ask for a light one: :func:`kind_masked`)."""
    q = f" {fold(kind_masked(question))} "
    known = by_name(attribute)
    terms = [attribute, *(known.terms if known else ()), *(known.verbs if known else ()),
             *(known.asked_by if known else ())]
    return any(f" {fold(t)} " in q for t in terms if fold(t)) or (known is not None and action_timed(question, known))


#: a question asking what one charge of a product's battery gives: "on one charge", "on a single charge", "on a full
#: battery", "per charge", "between charges" (and as the lexicon's other languages write it: "pro Akkuladung", "par
#: charge", "por carga", "per carica", "per lading")
PER_CHARGE = re.compile(
    r"\b(?:on|from|with|off)\s+(?:a|one|1|each|every|its|their|the)?\s*(?:single|full|complete)?\s*(?:charge|battery)\b|"
    r"\bper\s+(?:full\s+)?(?:charge|battery)\b|\bbetween\s+charges\b|\bmit\s+einer\s+(?:akku)?ladung\b|"
    r"\bpro\s+(?:akku)?ladung\b|\bpar\s+charge\b|\bpor\s+carga\b|\bper\s+carica\b|\bper\s+lading\b",
    re.IGNORECASE)
#: the attributes saying how much one charge carries a product, each in its own kind of quantity: how long it runs
#: (battery life, a time) and how far it goes (range, a length); the time first
ENDURANCE = ("battery life", "range")
#: words of a question asking a distance ("how far", "the furthest", "goes", "rides"): range before battery life
_DISTANCE_ASKED = re.compile(r"\b(?:far|farther|farthest|further|furthest|distance|range|miles?|km|kilomet\w+|"
                             r"goes|go|going|ride|rides|travel\w*|covers?)\b", re.IGNORECASE)


def endurance_asked(question: str) -> tuple[str, ...]:
    """The attributes a question asking what one charge gives (:data:`PER_CHARGE`: "Which scooter lasts the longest
    on one charge?", "How long does the X last on a single charge?") asks, in the order they answer it: both of
    :data:`ENDURANCE`, the one of the kind its words ask first (a distance, :data:`_DISTANCE_ASKED`: range; else
    battery life); a product states its endurance as one or the other, and the first the products give figures of
    answers (trial t65s S4: "lasts the longest on one charge" asked only battery life, which no e-scooter page gives,
    and a best-overall verdict answered at high). () when the question asks nothing of one charge."""
    if not PER_CHARGE.search(question):
        return ()
    return tuple(reversed(ENDURANCE)) if _DISTANCE_ASKED.search(PER_CHARGE.sub(" ", question)) else ENDURANCE


#: a question asking how long something takes: "how long", "how much time", "how many hours / minutes"
_DURATION_ASKED = re.compile(r"\bhow\s+(?:long|much\s+time|many\s+(?:hours|hrs|minutes|mins|seconds|secs))\b",
                             re.IGNORECASE)
#: the verbs after an action's name that say it takes a time ("charging takes", "a full charge took")
_TAKES = frozenset("take takes took taking".split())


def action_timed(question: str, attribute: Attribute) -> bool:
    """Whether ``question`` asks how long the action ``attribute`` times takes: an attribute of a time that is better
    shorter (``better`` -1: charging time, warm-up time) whose name or a term is "<action> time" ("charging time",
    "recharge time", "heat up time"), asked by a duration (:data:`_DURATION_ASKED`: "how long", "how many hours")
    with a word of that action (its stem: "charge" of "charging") as a verb: after "to", an adverb allowed ("take to
    charge", "to fully recharge"), or before a verb of taking ("How long does charging take?", "a full charge
    take"). "How long does it last on one charge?" asks no charging time: there the action's word is a noun. The
    duration and the verb decide, not a listed phrase (trial t65s X6: "How long does the X take to charge?" was no
    question about its charging time, and a best-overall verdict answered it at high)."""
    if attribute.better != -1 or TIME not in attribute.kinds or not _DURATION_ASKED.search(question):
        return False
    words = [w.casefold() for w in re.findall(r"[^\W\d_]+", question)]
    stems = [snowball_stem(w) for w in words]
    for term in (attribute.name, *attribute.terms):
        action = re.findall(r"[^\W\d_]+", term.casefold())
        if len(action) < 2 or action[-1] != "time":
            continue
        wanted = [snowball_stem(w) for w in action[:-1]]
        for i in range(len(stems) - len(wanted) + 1):
            if stems[i:i + len(wanted)] != wanted:
                continue
            before = words[i - 2] if i >= 2 and words[i - 1].endswith("ly") else words[i - 1] if i else ""
            after = words[i + len(wanted)] if i + len(wanted) < len(words) else ""
            if before == "to" or after in _TAKES:
                return True
    return False


#: words of a question that ask for a light or portable product: lighter is better
#: ("camping" is not one: car camping and a family's base camp carry nothing far)
_LIGHT_WORDS = re.compile(
    r"\b(lighter|lightest|lightweight|light-weight|ultralight|light enough|portable|portability|travel\w*|"
    r"carry\w*|commut\w*|on the go|on the road|backpack\w*|hik(?:e|es|ing)|trek\w*|pocket\w*|"
    r"leichte(?:ste?[nmrs]?|re?[nmrs]?|s)?|leichtgewicht\w*|tragbar\w*|reise\w*|unterwegs|léger|légère|légers|"
    r"voyage\w*|ligero\w*|ligera\w*|portátil\w*|viaje\w*|leggero|leggera|leggeri|portatile|viaggio|"
    r"lichtgewicht|lichtste|lichter|draagbaar|reizen)\b",
    re.IGNORECASE)
def _asked_word(words: re.Pattern[str], question: str) -> re.Match[str] | None:
    """The first match of ``words`` in ``question`` that is no word of a product's name: a capitalised word inside a
    run of capitalised words or before a model number ("Bollo Trek", "Calda Pocket 2", "Pocket Rocket") names a
    product, not what the asker wants ("lighter counted better: the question says 'Trek'" was wrong)."""
    return next((m for m in words.finditer(question) if not _in_name(question, m)), None)


def _in_name(question: str, m: re.Match[str]) -> bool:
    """Whether the capitalised word ``m`` matched in ``question`` is a word of a product's name (:func:`_asked_word`)."""
    if not m.group(0)[:1].isupper():
        return False
    function_words = _function_words()

    def name_word(word: str) -> bool:  # a capitalised word that is no function word ("Bollo", not "Welche", "The")
        word = word.strip(".,;:!?\"'“”()")
        return word[:1].isupper() and word.casefold() not in function_words

    before = question[:m.start()].rstrip()
    prev = re.search(r"(\S+)$", before)
    nxt = re.match(r"\S+", question[m.end():].lstrip())
    starts = not before or before[-1] in ".!?:;\"'“(¿¡"  # the match opens a sentence: capitalised anyway
    return bool((prev is not None and not starts and name_word(prev.group(1))) or (
        nxt is not None and (nxt.group(0)[:1].isdigit() or (not starts and name_word(nxt.group(0))))))


@lru_cache(maxsize=1)
def _function_words() -> frozenset[str]:
    """Function words of the languages the lexicon knows (``stopwordsiso``: "welche", "the", "die"), casefolded."""
    import stopwordsiso

    return frozenset(w.casefold() for lang in ("en", "de", "fr", "es", "it", "nl", "pt") if stopwordsiso.has_lang(lang)
                     for w in stopwordsiso.stopwords(lang))


#: words of a question that ask for a heavy product: heavier is better
_HEAVY_WORDS = re.compile(r"\b(heavy|heavier|heaviest|heft\w*|schwer\w*|lourd\w*|pesad\w*|pesant\w*|zwaar)\b",
                          re.IGNORECASE)
#: products one carries or wears, for which a lower weight is the accepted preference
_CARRIED = re.compile(
    r"\b(head ?phones?|headsets?|earbuds?|earphones?|in-ears?|laptops?|notebooks?|ultrabooks?|chromebooks?|"
    r"(?:smart)?phones?|tablets?|e-?readers?|kindles?|cameras?|lenses|tripods?|drones?|backpacks?|rucksacks?|"
    r"tents?|sleeping bags?|strollers?|prams?|buggies|suitcases?|luggage|power ?banks?|smartwatch(?:es)?|"
    r"watches|bikes?|bicycles?|e-?bikes?|scooters?|kopfhörer|ohrhörer|kameras?|rucksäcke|zelte?|koffer|"
    r"casques?|écouteurs|ordinateurs? portables?|appareils? photo|auriculares|portátiles|cámaras?|"
    r"cuffie|auricolari|fotocamere|koptelefoons?|oordopjes|camera's)\b", re.IGNORECASE)


#: "light" as a word
_LIGHT = re.compile(r"\blight\b", re.IGNORECASE)


def light_asked(question: str) -> re.Match[str] | None:
    """The adjective "light" asking for a light product ("the best light bike light", "a light tent"), found where
    ``question`` writes it: a "light" left when the product kind's "light" is blanked (:func:`kind_masked`) that is
    no word of a product's name. None when the question asks for none."""
    return _asked_word(_LIGHT, kind_masked(question))


def carried(question: str) -> re.Match[str] | None:
    """The word of ``question`` naming a product one carries or wears (:data:`_CARRIED`: "headphones", "bike",
    "laptop") as the product asked about: the first such word that is no word of a product's name
    (:func:`_in_name`) nor a singular modifier of another noun naming the product kind. "the best front bike light
    under $100" asks for a light that sits on a bike, not for a bike: "bike" is followed by a lower-case noun
    ("light", "lights") that ends the noun phrase (the end, punctuation, a number or price, or a function word after
    it; after a head in -s no determiner, so that "Which camera takes the best photos?" keeps its camera). "Which headphones sound best?" (a plural is no modifier), "the best bike for commuting" name
    the carried product itself. None when the question names no carried product (issue 15, trial t40 fault 4: a
    bike light's weight was counted lighter-better as if it were a bike)."""
    function_words = _function_words()
    for m in _CARRIED.finditer(question):
        if _in_name(question, m):
            continue
        word = m.group(0).casefold()
        after = list(re.finditer(r"[\w$€£¥][\w'’.-]*|[^\w\s]", question[m.end():]))[:2]
        head = after[0].group(0) if after else ""
        nxt = after[1].group(0) if len(after) > 1 else ""
        plural_head = head.endswith("s") and not head.endswith("ss")
        ends = not nxt or not nxt[:1].isalnum() or nxt[:1].isdigit() or nxt[:1] in "$€£¥" or (
            nxt.casefold() in function_words and not (plural_head and nxt.casefold() in _DETERMINERS))
        singular = not word.endswith("s") or word.endswith("ss")
        modifier = singular and head.isalpha() and head.islower() and head.casefold() not in function_words and ends
        if not modifier:
            return m
    return None


#: words just before an attribute's name in a question saying the asker wants more of it ("the largest water tank",
#: "längste Akkulaufzeit", "le plus grand écran"), folded (:func:`fold`)
_MORE_WORDS = re.compile(
    r"long|longer|longest|large|larger|largest|big|bigger|biggest|high|higher|highest|great|greater|greatest|"
    r"most|more|max|maximum|lang|lange|langen|langer|langere|langste|langsten|gross|grosse|grossen|grosser|grossere|"
    r"grosseren|grosste|grossten|hoch|hohe|hohen|hoher|hohere|hochste|hochsten|meiste|meisten|mehr|grand|grande|"
    r"grands|grandes|haut|haute|eleve|elevee|longue|largo|larga|alto|alta|mayor|lungo|lunga|maggiore|groot|grote|"
    r"groter|grootste|hoog|hoge|hoger|hoogste|meest|langst")
#: words saying the asker wants less of it ("the shortest warm-up time", "the smallest screen", "kleinste Gewicht")
_LESS_WORDS = re.compile(
    r"short|shorter|shortest|small|smaller|smallest|low|lower|lowest|least|fewest|fewer|less|min|minimum|"
    r"minimal|kurz|kurze|kurzen|kurzer|kurzere|kurzeste|kurzesten|klein|kleine|kleinen|kleiner|kleinere|kleinste|"
    r"kleinsten|niedrig|niedrige|niedrigste|niedrigsten|gering|geringe|geringste|geringsten|wenigste|wenigsten|"
    r"court|courte|petit|petite|bas|basse|faible|moindre|corto|corta|pequeno|pequena|bajo|baja|menor|piccolo|"
    r"piccola|basso|bassa|minore|kort|korte|korter|kortste|kleinst|laag|lage|lager|laagste|minst")
#: words asking for speed: for a time (a warm-up, a charge) less of it, for a rate more
_FAST_WORDS = re.compile(
    r"fast|faster|fastest|quick|quicker|quickest|rapid|speedy|schnell|schnelle|schnellen|schneller|schnellste|"
    r"schnellsten|rapide|rapido|rapida|veloce|snel|snelle|sneller|snelste|vlug")
_SLOW_WORDS = re.compile(r"slow|slower|slowest|langsam|langsame|langsamste|lent|lente|lento|lenta|traag|trager")


#: adjectives of a dimension (folded, any degree) with the nouns naming that dimension and which way the adjective
#: asks it to go: "the deepest lugs" asks for more lug depth, "the thinnest sole" for less sole thickness
_DIMENSION_WORDS: tuple[tuple[re.Pattern[str], tuple[str, ...], int], ...] = tuple(
    (re.compile(adjectives), nouns, way) for adjectives, nouns, way in (  # English first: their comparatives name
        # the way in an English verdict (:func:`why`)
        (r"deep|deeper|deepest", ("depth",), 1),
        (r"shallow|shallower|shallowest", ("depth",), -1),
        (r"wide|wider|widest|broad|broader|broadest", ("width", "breadth"), 1),
        (r"narrow|narrower|narrowest", ("width", "breadth"), -1),
        (r"thick|thicker|thickest", ("thickness",), 1),
        (r"thin|thinner|thinnest", ("thickness",), -1),
        (r"tall|taller|tallest|high|higher|highest", ("height",), 1),
        (r"low|lower|lowest", ("height",), -1),
        (r"long|longer|longest", ("length",), 1),
        (r"short|shorter|shortest", ("length", "height"), -1),
        (r"strong|stronger|strongest", ("strength",), 1),
        (r"weak|weaker|weakest", ("strength",), -1),
        (r"tief|tiefe|tiefen|tiefer|tiefere|tieferen|tiefste|tiefsten", ("tiefe",), 1),
        (r"flach|flache|flachen|flacher|flachere|flachste|flachsten", ("tiefe",), -1),
        (r"breit|breite|breiten|breiter|breitere|breiteste|breitesten", ("breite",), 1),
        (r"dick|dicke|dicken|dicker|dickere|dickste|dicksten", ("dicke",), 1),
        (r"dunn|dunne|dunnen|dunner|dunnere|dunnste|dunnsten", ("dicke",), -1),
        (r"profond|profonde|profonds|profondes", ("profondeur",), 1),
        (r"epais|epaisse|epaisses", ("epaisseur",), 1),
        (r"profundo|profunda|profundos|profundas", ("profundidad",), 1),
        (r"profondo|profonda|profondi|profonde", ("profondita",), 1),
        (r"diep|diepe|dieper|diepste", ("diepte",), 1)))
#: words before a dimension's adjective that turn its way ("the least deep", "le moins profond")
_TURNING_WORDS = frozenset({"least", "less", "moins", "weniger", "wenigsten", "menos", "meno", "minder"})


def _same_word(a: str, b: str) -> bool:
    """Whether two folded words are one word, a plural or inflection ending aside ("lugs" and "lug", "Stollen"
    and "Stolle")."""
    return a == b or (min(len(a), len(b)) >= 3 and (a.startswith(b) or b.startswith(a)) and abs(len(a) - len(b)) <= 2)


def _comparative(word: str) -> str:
    """The English comparative of a dimension's adjective (folded, any degree): "deepest" -> "deeper", "thin" ->
    "thinner"; "" for an adjective of another language."""
    for adjectives, _, _ in _DIMENSION_WORDS:
        forms = adjectives.pattern.split("|")
        if adjectives.fullmatch(word) and forms[-1].endswith("est"):
            return next((f for f in forms if f.endswith("er") and f[:3] == word[:3] and f != forms[0]), "")
    return ""


def dimension_way(question: str, attribute: str) -> tuple[int, str]:
    """The way ``question`` asks ``attribute`` to go by an adjective of its dimension written before what it
    measures: "the deepest lugs" asks for more "lug depth" (+1, "deepest"), "the thinnest sole" for less "sole
    thickness" (-1), "das tiefste Profil" for more "Profiltiefe"; (0, "") when it asks no such way. The
    attribute's name must write the dimension's noun ("depth", "Tiefe": a word of it, or a compound's end) and
    something more (what is measured: "lug"), which the question writes within the two words after the
    adjective; "least" or "moins" before the adjective turns its way."""
    names = fold(attribute).split()
    words = fold(question).split()
    for i, word in enumerate(words):
        for adjectives, nouns, way in _DIMENSION_WORDS:
            if not adjectives.fullmatch(word):
                continue
            measured = [w for w in names if w not in nouns]
            measured += [w[:-len(n)] for w in names for n in nouns if w.endswith(n) and len(w) > len(n) + 2]
            if len(measured) == len(names) or not measured:
                continue  # the attribute is not of this dimension, or names only the dimension
            after = words[i + 1:i + 3]
            if any(_same_word(w, m) for w in after for m in measured):
                turned = i > 0 and words[i - 1] in _TURNING_WORDS
                return (-way if turned else way), word
    return 0, ""


#: words saying one product is the better (or the worse) on what a sentence names, whichever way the figure goes ("the
#: better battery life", "outperforms", "wins on noise"; "the worse"), folded
_BETTER_WORDS = re.compile(r"better|best|beats|outperforms|outperformed|wins|won|besser|beste|besten|meilleur|"
                           r"meilleure|mejor|migliore|beter")
_WORSE_WORDS = re.compile(r"worse|worst|schlechter|schlechteste|pire|peor|peggiore|slechter|slechtste")


def said_way(sentence: str) -> int:
    """Which way ``sentence`` says the product it names goes on what it speaks of, by its first comparative or
    superlative word: +1 more ("removes more water per day", "the longest battery life": :data:`_MORE_WORDS`), -1
    less ("the lower noise level": :data:`_LESS_WORDS`), +2 better whichever way the figure goes ("the better
    battery", "the fastest to heat up": :data:`_BETTER_WORDS`, speed words), -2 worse ("worse", "slowest"), 0 none
    ("is quieter" names no way of its own). Words after "than" are the other product's."""
    for word in fold(re.split(r"\bthan\b|\bals\b|\bque\b|\bdan\b", sentence, maxsplit=1)[0]).split():
        if _BETTER_WORDS.fullmatch(word) or _FAST_WORDS.fullmatch(word):
            return 2
        if _WORSE_WORDS.fullmatch(word) or _SLOW_WORDS.fullmatch(word):
            return -2
        if _MORE_WORDS.fullmatch(word):
            return 1
        if _LESS_WORDS.fullmatch(word):
            return -1
    return 0


#: a word opening an attribute's name (folded) that says the figure is a limit or a peak ("Max. lawn area", "Maximum
#: cutting height", "Maximale Schnitthöhe", "peak power"), which a question asking for more or less of it leaves out
_LIMIT_HEAD = re.compile(r"^(?:max|maximum|maximal|maximale[nrs]?|min|minimum|minimal|minimale[nrs]?|peak|rated|"
                         r"total|overall|max imum|massima|massimo|maxima|maximo|maximaal|minimaal) ")


def asked_way(question: str, attribute: str, kind: str | None) -> tuple[int, str]:
    """The way ``question`` asks ``attribute`` to go, by a word within the two before one of its names (the
    lexicon's terms or the name itself): (+1, word) for more ("the largest water tank", "längste Akkulaufzeit"),
    (-1, word) for less ("the smallest screen", "the shortest warm-up time"); a word of speed is less for a time
    ("the fastest warm-up time") and more otherwise; else by an adjective of the attribute's dimension before what
    it measures ("the deepest lugs": more lug depth, :func:`dimension_way`). A name opening with a limit word
    ("Max. cutting height") is asked by its other words too ("the largest cutting height": :data:`_LIMIT_HEAD`).
    A verb stating the attribute followed by such a word asks it too ("weighs the least", "holds the most", "lasts
    the longest": :func:`verb_way`; the word is then the verb's phrase). (0, "") when the question names no such
    way."""
    words = fold(question).split()
    known = lookup(attribute, kind)
    terms = {fold(t) for t in (attribute, *(known.terms if known else ())) if fold(t)}
    # a name's limit word is no word the question needs: "the largest cutting height" asks "Max. cutting height"
    terms |= {rest for t in terms if (rest := _LIMIT_HEAD.sub("", t)) != t and len(rest.split()) >= 2}
    timed = kind == kind_of(TIME)
    for term in sorted(terms, key=len, reverse=True):
        size = len(term.split())
        for i in range(len(words) - size + 1):
            if " ".join(words[i:i + size]) != term:
                continue
            for word in reversed(words[max(0, i - 2):i]):
                if (way := _way_word(word, timed)) != 0:
                    return way, word
    if known is not None and (said := verb_way(question, known, timed))[0]:
        return said
    return dimension_way(question, attribute)


def _way_word(word: str, timed: bool) -> int:
    """The way a folded ``word`` asks for (:func:`asked_way`): +1 more, -1 less, a word of speed less for a time
    (``timed``) and more otherwise; 0 for any other word."""
    if _MORE_WORDS.fullmatch(word):
        return 1
    if _LESS_WORDS.fullmatch(word):
        return -1
    if _FAST_WORDS.fullmatch(word):
        return -1 if timed else 1
    if _SLOW_WORDS.fullmatch(word):
        return 1 if timed else -1
    return 0


#: how many words after a verb of an attribute its way word may stand ("weighs the least", "runs for the longest")
_VERB_WAY_WORDS = 3


def verb_way(question: str, attribute: Attribute, timed: bool = False) -> tuple[int, str]:
    """The way ``question`` asks ``attribute`` to go by a verb stating it (:attr:`Attribute.verbs`, or a verb of
    :attr:`Attribute.asked_by`) followed by a word of more or less: "weighs the least" (-1), "weighs the most" (+1),
    "holds the most", "lasts the longest", "runs for the longest", "weighs less". Between the verb and its way word
    stand only function words ("the", "for": :func:`_function_words`), at most :data:`_VERB_WAY_WORDS` words, and no
    punctuation ("Which is lightest, highest torque or ...": "highest" asks nothing of the weight); a word of speed is
    less for a time (``timed``). (way, the words from the verb to the way word as the question writes them) or
    (0, "")."""
    tokens = list(re.finditer(r"[\w'’-]+|[^\w\s]", question))
    folded = [fold(t.group(0)) for t in tokens]
    function_words = _function_words()
    phrases = sorted({tuple(fold(v).split()) for v in (*attribute.verbs, *attribute.asked_by) if fold(v)},
                     key=len, reverse=True)
    for i in range(len(tokens)):
        for phrase in phrases:
            end = i + len(phrase)
            if tuple(folded[i:end]) != phrase:
                continue
            for j in range(i + 1, min(len(tokens), end + _VERB_WAY_WORDS)):  # the phrase's own words first
                if (way := _way_word(folded[j], timed)) != 0:
                    turned = folded[j - 1] in _BOUND_WORDS  # "lasts at least", "weighs no more than"
                    return (-way if turned else way), question[tokens[i].start():tokens[j].end()]
                if j >= end and (folded[j] not in function_words or not folded[j]):
                    break
            break  # the longest verb at this place is read alone
    return 0, ""


#: words after a verb stating an attribute in a question that show it is one ("weighs the least", "lasts the
#: longest", "weighs no more than"), besides a word of more or less and a number: never a preposition, after which
#: a noun of the product's name stands as well ("bike light for commuting", "bike light under $50")
_VERB_OBJECTS = frozenset({"the", "no"})


@lru_cache(maxsize=1)
def _verb_phrases() -> tuple[tuple[str, ...], ...]:
    """The lexicon's verbs and question words of its attributes (:attr:`Attribute.verbs`, :attr:`Attribute.asked_by`),
    folded into words, longest first."""
    phrases = {tuple(fold(v).split()) for a in LEXICON for v in (*a.verbs, *a.asked_by) if fold(v)}
    return tuple(sorted(phrases, key=len, reverse=True))


def attribute_verb_at(words: Sequence[str], i: int) -> int:
    """How many of ``words`` (a question's words, any case) from ``i`` on are a verb stating an attribute: one of the
    lexicon's verbs or question words (:attr:`Attribute.verbs`, :attr:`Attribute.asked_by`: "weighs", "costs",
    "holds", "lasts", "runs for") followed by "the" or "no", a word of more or less ("less", "longest") or a number
    ("weighs 2 kg"), as a verb's object follows it. "Which cordless drill weighs the least?": "weighs" ends the kind
    of product asked ("cordless drill"); "Which mattress covers are best?" keeps "covers", "Which bike light for
    commuting?" keeps "light". 0 when none stands there."""
    folded = [fold(w) for w in words]
    for phrase in _verb_phrases():
        end = i + len(phrase)
        if end >= len(folded) or tuple(folded[i:end]) != phrase:
            continue
        after = folded[end]
        if after in _VERB_OBJECTS or _way_word(after, False) or after[:1].isdigit():
            return len(phrase)
    return 0


def attribute_verb_before(words: Sequence[str], i: int) -> int:
    """How many of ``words`` (a question's words, any case) just before index ``i`` are a verb stating an attribute
    (one of the lexicon's verbs or question words, as :func:`attribute_verb_at` reads them: "weighs", "weighing",
    "lasts", "runs for", "costs"), whatever follows: "that weighs | under 2 kg" -> 1, "that runs for | at least 8
    hours" -> 2. 0 when none ends there."""
    folded = [fold(w) for w in words[:i]]
    for phrase in _verb_phrases():
        if len(phrase) <= len(folded) and tuple(folded[len(folded) - len(phrase):]) == phrase:
            return len(phrase)
    return 0


#: attributes of which more is better in general but also means a larger, heavier product (a kettle's or a
#: bottle's capacity): for a question asking for a light, portable or travel product they get no direction of
#: their own, only the one the question asks for ("the largest capacity")
_BULK = frozenset({"capacity"})


def direction(attribute: str, kind: str | None, question: str) -> int:
    """Which way ``attribute`` (canonical or page name) is better for ``question``: +1 more, -1 less, 0 no
    judgement. The way the question itself asks for the attribute decides first, whichever way its own meaning
    goes ("the largest water tank", "weighs the least", "holds the most", "the lowest torque": :func:`asked_way`).
    Else the attribute's own meaning decides when it has one (battery life +1, charging time and warm-up time -1,
    load capacity +1: :attr:`Attribute.better`), except a capacity (:data:`_BULK`) for a question asking for a
    light, portable or travel product, which gets none. A weight (or another mass) is better lower only when the
    question asks for a light, portable or travel product (or for the least heavy one: :func:`heavy_asked`) or
    names a product one carries or wears (headphones, laptops, cameras ...), higher only when it asks for a heavy
    one; else 0: a keyboard's or monitor's weight is shown without a better or worse."""
    known = lookup(attribute, kind)
    asked = asked_way(question, attribute, kind)[0]
    if asked or (known is not None and known.name in _BULK and _asked_word(_LIGHT_WORDS, question)):
        return asked  # a travel kettle's capacity: more is also heavier, so only the question's way counts
    if known is not None and known.better:
        return known.better
    if (known is not None and known.name == "weight") or (known is None and kind == kind_of(MASS)):
        heavy = heavy_asked(question)
        if heavy[0] > 0 and not _asked_word(_LIGHT_WORDS, question):
            return 1
        if heavy[0] < 0 or _asked_word(_LIGHT_WORDS, question) or light_asked(question) or carried(question):
            return -1
    return 0


#: words a question writes before a way word that turn it: "at least 10 hours" and "no less than" ask for more, "at
#: most" and "no more than" for less
_BOUND_WORDS = frozenset({"at", "no", "not"})


def heavy_asked(question: str) -> tuple[int, str]:
    """Whether ``question`` asks for a heavy product by a word of heaviness (:data:`_HEAVY_WORDS`, no word of a
    product's name): (+1, "heaviest"); (-1, "least heavy") when a word turning its way stands just before it
    (:data:`_TURNING_WORDS`: "the least heavy", "the less heavy"); (0, "") when it names none."""
    heavy = _asked_word(_HEAVY_WORDS, question)
    if heavy is None:
        return 0, ""
    before = re.search(r"([\w'’-]+)\s+$", question[:heavy.start()])
    if before is not None and fold(before.group(1)) in _TURNING_WORDS:
        return -1, question[before.start(1):heavy.end()]
    return 1, heavy.group(0)


@dataclass(frozen=True)
class ProseFigure:
    """A figure a sentence states for an attribute: ``attribute`` (canonical name), ``key`` (the attribute's name
    or verb as the sentence writes it), ``value`` (the quantity as written, "30 hours"), ``quote`` (the words
    from the first of key and value to the end of the other, "30 Stunden Akkulaufzeit", "weighs 250 g"), and
    ``start`` (where the quote starts in the sentence)."""

    attribute: str
    key: str
    value: str
    quote: str
    start: int


#: a quantity as a sentence writes it: a number and a unit word ("30 hours", "250 g", "1,2 kg", "400 cd/m²")
_QUANTITY = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?\s?(?:cd\s?/\s?m(?:²|\^?2)|[A-Za-zµ]{1,4}/[A-Za-z]{1,3}\b|"
                       r"[A-Za-zÀ-ÿµ°\"″]{1,12}(?:[²³]|(?<=[mt])[23](?![\d.,]\d))?\.?)")  # a unit per unit whole ("25 km/h"), never its first part
#: words right after a figure that make it a difference, not the product's figure ("10 hours longer than"); after a
#: comma they may compare the product's figure ("weighs 2.4 kg, heavier than the LB20": :func:`read_prose`'s
#: ``apposition``)
_COMPARATIVE = re.compile(r"^\W{0,3}(?:\w+\W+)?(?:more|longer|less|fewer|shorter|lighter|heavier|than|extra|"
                          r"mehr|weniger|länger|kürzer|leichter|schwerer|als|plus|moins|que|más|menos|più|meno|"
                          r"di più|meer|minder|langer|korter|dan)\b", re.IGNORECASE)
#: words just before an attribute's name or between it and its figure that make the figure a change, not the
#: product's value ("reducing low-frequency noise by 32 dB", "cuts noise by 30 dB", "senkt den Lärm um 30 dB")
_CHANGE_BEFORE = re.compile(r"\b(?:reduc\w*|cut\w*|lower\w*|cancel\w*|suppress\w*|block\w*|dampen\w*|"
                            r"improv\w*|increas\w*|extend\w*|boost\w*|senk\w*|reduzier\w*|unterdrück\w*|"
                            r"dämpf\w*|verlänger\w*|rédui\w*|diminu\w*|reduc\w*|ridu\w*|verminder\w*|"
                            r"verlaag\w*)\b[^.;:]{0,30}$", re.IGNORECASE)
_CHANGE_BETWEEN = re.compile(r"\b(?:by|um|with|de plus|en plus)\s*$", re.IGNORECASE)
#: what may stand between a figure written first and its attribute ("30 hours of battery life", "30 Stunden
#: Akkulaufzeit", "40 heures d'autonomie", "4000 mAh battery")
_LINK = re.compile(r"^\s*(?:(?:of|de|d'|di|del|della|van|an|mit|with)\s*)?(?:(?:the|la|le|der|die|das|het|de)\s+)?$",
                   re.IGNORECASE)
#: how far (characters) after its attribute's name a figure may follow ("Battery life is rated at up to 30 hours")
AFTER_WINDOW = 40
#: characters past :data:`AFTER_WINDOW` a figure starting inside it may take for the rest of its number and unit
_UNIT_TAIL = 24
#: words after an attribute's term that make the two a product's name, not the attribute ("portable power
#: station", "power bank", "Powerstation"): no figure is read for the term there
_PRODUCT_COMPOUND = re.compile(r"^[\s-]*(?:stations?|banks?|suppl(?:y|ies)|strips?|tools?)\b", re.IGNORECASE)


@lru_cache(maxsize=1)
def _prose_terms() -> tuple[re.Pattern[str], dict[str, tuple[Attribute, ...]]]:
    """One pattern finding every term or verb of the attributes whose values are quantities (longest first, so
    "charging time" is read before "charging"), and term (lower case) -> its attributes."""
    by_term: dict[str, list[Attribute]] = {}
    for a in LEXICON:
        if a.kinds:
            for t in (*a.terms, *a.verbs):
                if len(t) >= 3 and a not in by_term.setdefault(t.casefold(), []):
                    by_term[t.casefold()].append(a)
    alternation = "|".join(re.escape(t) for t in sorted(by_term, key=lambda t: (-len(t), t)))
    return (re.compile(rf"(?<![\w-])(?:{alternation})(?![\w-])", re.IGNORECASE),
            {t: tuple(v) for t, v in by_term.items()})


def read_prose(sentence: str, extra: dict[str, str] | None = None, apposition: bool = False) -> list[ProseFigure]:
    """The figures ``sentence`` states for the lexicon's attributes whose values are quantities, in any of its
    languages: the attribute's name or verb then a quantity of its kind within :data:`AFTER_WINDOW` characters
    ("Battery life is up to 30 hours", "It weighs 250 g", "Gewicht: 250 g"), or the quantity just before the name
    ("50 hours of battery life", "30 Stunden Akkulaufzeit"). ``extra``: more attribute names (as other sources
    give them, e.g. "suction power") -> the kind their values are. A figure followed by a comparative ("10
    hours longer than") is no figure of the product, unless ``apposition`` and a comma stands between ("weighs 2.4
    kg, heavier than the LB20": for a sentence whose products' figures are told apart by where their names
    stand). One figure per attribute: the first."""
    pattern, by_term = _prose_terms()
    found: list[tuple[re.Match[str], list[tuple[str, frozenset[str]]]]] = [
        (m, [(a.name, _kinds(a)) for a in by_term.get(m.group(0).casefold(), ())]) for m in pattern.finditer(sentence)
        if not _PRODUCT_COMPOUND.match(sentence[m.end():])]
    for name, kind in (extra or {}).items():
        if by_name(name) is None and name:
            found += [(m, [(name, frozenset({kind}))]) for m in re.finditer(
                rf"(?<![\w-]){re.escape(name)}(?![\w-])", sentence, re.IGNORECASE)]
    out: dict[str, ProseFigure] = {}
    for m, attributes in sorted(found, key=lambda f: f[0].start()):
        for name, kinds in attributes:
            if name in out:
                continue
            # a figure with another attribute's name nearer before it is that attribute's ("Battery 750 Wh Weight
            # 26 kg Charging time 6 h": 6 h is the charging time, not the battery life)
            nearer = [(n.start(), frozenset().union(*(k for _, k in a))) for n, a in found if n.start() > m.start()]
            figure = (_after(sentence, m, kinds, read_quantity, nearer, apposition)
                      or _before(sentence, m, kinds, read_quantity))
            if figure is None:
                continue
            value, start, end = figure
            out[name] = ProseFigure(attribute=name, key=m.group(0), value=value, quote=sentence[start:end],
                                    start=start)
            break
    return sorted(out.values(), key=lambda f: f.start)


#: words of a tester's measurement ("we measured", "nous avons mesuré", "58 dB mesurés", "gemessen"): a quantity
#: beside one is a figure the tester measured, whatever attribute name the sentence leaves out
_MEASURED = re.compile(r"\b(?:measured|measuring|measures|mesurée?s?|mesurons|gemessen(?:e[mnrs]?)?|misst|maß|"
                       r"medimos|medidos?|medidas?|misurat[oiae]|misuriamo|gemeten|meten)\b", re.IGNORECASE)
#: words of what a sample did ("lasted 11 h 20 min", "hielt ... durch", "a tenu", "duró", "aguantó"; whole words of
#: their language: "duro" is Spanish for "hard"): a measurement only in a test (:func:`read_measured`'s ``tested``,
#: or a sentence naming the test, :data:`_TEST_NOUN`), never a user's anecdote ("lasted 9 h on the first night")
_PERFORMED = re.compile(r"(?<!\w)(?:lasted|hielt|a\s+tenu|duró|aguantó)(?!\w)", re.IGNORECASE)
#: nouns of a test or measurement run ("in our playback test", "im Test", "rundown", "benchmark", "en la prueba",
#: "lors de notre essai", "nella prova"): a sentence naming one reports a test's result
_TEST_NOUN = re.compile(r"\b(?:tests?|tested|testing|testlauf\w*|rundown|run-down|benchmarks?|pruebas?|essais?|prova|prove|"
                        r"messung\w*|mediciones?|misurazion[ei])\b", re.IGNORECASE)
#: words that turn to another clause between a measurement word and a quantity ("claims 52 dB, but we measured"):
#: a quantity across one is not the measured figure
_CONTRAST = re.compile(r"\b(?:but|however|yet|whereas|while|although|though|aber|doch|jedoch|während|mais|"
                       r"alors que|tandis que|pero|mientras|ma|mentre|maar|terwijl)\b", re.IGNORECASE)
#: words just before a quantity saying it is someone's claim, not a measurement ("claims 52 dB", "advertised 1.9 kg",
#: "laut Hersteller 52 dB", "annoncé à 52 dB")
_CLAIMED = re.compile(r"\b(?:claim\w*|advertis\w*|promis\w*|quot\w*|stat(?:es|ed)|rated|spec(?:ified|s)?|says|said|"
                      r"angegeben\w*|angabe\w*|verspr\w*|laut|annonc\w*|promet\w*|anunci\w*|promete\w*|dichiar\w*|"
                      r"promess\w*|opgegeven|belooft)\b[^.;:\d]{0,20}$", re.IGNORECASE)
#: characters between a measurement word and its quantity
MEASURED_WINDOW = 24
#: what may stand between a measurement word and its quantity when the sentence names what it measured first ("we
#: measured the Velmora LawnPilot 600 at 58 dB", "wir haben den Grasbo M7 bei 56 dB gemessen"): a few words (a
#: product's name, digits allowed), then "at"
_MEASURED_AT = re.compile(r"\s+(?:[^\s.;!?]+\s+){1,6}(?:at|bei|mit|à|a|op|en|con)\s+", re.IGNORECASE)


def says_measured(quote: str) -> bool:
    """Whether a cited ``quote`` says its figure was measured ("we measured the Dustra V8 at 70 dB", "58 dB
    gemessen": :data:`_MEASURED`): a tester's figure, not a maker's claim."""
    return _MEASURED.search(quote) is not None or _PERFORMED.search(quote) is not None


def read_measured(sentence: str, kinds: dict[str, str], tested: bool = False) -> list[ProseFigure]:
    """The figures ``sentence`` says were measured without naming their attribute ("nous avons mesuré 47 dB",
    "58 dB mesurés", "we measured 47 dB"): a quantity within :data:`MEASURED_WINDOW` characters of a measurement
    word (:data:`_MEASURED`; a word of what a sample did, :data:`_PERFORMED`, only when ``tested``, the sentence
    being on a page that is an independent test or review, or when the sentence names a test, :data:`_TEST_NOUN`:
    "it lasted 9 h on the first night" on a camping blog is no measurement) is the figure of the one attribute of ``kinds`` (attribute -> kind of quantity, as
    other sources give them) whose values are of its kind; a kind two attributes share (weight and payload are
    both masses) says nothing. The quantity after the word is read first; one across a turn of clause ("Velmora
    claims 52 dB, but we measured it at 58 dB": :data:`_CONTRAST`) or said to be a claim ("claims 52 dB",
    :data:`_CLAIMED`) is no measurement. ``key`` is the measurement word; ``quote`` runs from the first of word and value
    to the end of the other. A figure followed by a comparative is no product's figure."""
    by_kind: dict[str, list[str]] = {}
    for attribute, kind in kinds.items():
        by_kind.setdefault(kind, []).append(attribute)
    out: dict[str, ProseFigure] = {}
    words = [*_MEASURED.finditer(sentence)]
    if tested or _TEST_NOUN.search(sentence):
        words = sorted([*words, *_PERFORMED.finditer(sentence)], key=lambda w: w.start())
    for word in words:
        # the quantity after the measurement word first ("we measured it at 58 dB"), then the nearest before it
        after = [q for q in _QUANTITY.finditer(sentence) if q.start() >= word.end()]
        before = [q for q in _QUANTITY.finditer(sentence) if q.start() < word.start()][::-1]
        for q in [*after, *before]:
            value = _figure(sentence, q)
            end = q.start() + len(value)
            gap = sentence[word.end():q.start()] if q.start() >= word.end() else sentence[end:word.start()]
            named = q.start() >= word.end() and _MEASURED_AT.fullmatch(gap) is not None
            if (not named and (len(gap) > MEASURED_WINDOW or re.search(r"[.;!?]|\d", gap))) or (
                    q.start() < word.end() and end > word.start()) or _CONTRAST.search(gap) \
                    or _CLAIMED.search(sentence[max(0, q.start() - 30):q.start()]):
                continue
            got = read_quantity(value)
            owners = by_kind.get(got.kind, []) if got is not None else []
            if got is None or len(owners) != 1 or owners[0] in out or _COMPARATIVE.match(sentence[end:end + 24]) \
                    or is_tolerance(sentence[:q.start()], got.kind) \
                    or bound_unsaid(sentence, q.start(), end, owners[0], got.kind):
                continue
            start, stop = min(word.start(), q.start()), max(word.end(), end)
            out[owners[0]] = ProseFigure(attribute=owners[0], key=word.group(0), value=value,
                                         quote=sentence[start:stop], start=start)
    return sorted(out.values(), key=lambda f: f.start)


#: kinds of quantity many things a product page writes of are measured in (a time, a mass, a length, an area, a
#: volume, a speed, a temperature, a sound level: "ships in 2 days", "fits a 30 cm drawer", "cuts noise by 30 dB"):
#: a figure of one of them says which attribute it is only beside that attribute's name or verb
_COMMON_KINDS = frozenset(kind_of(unit) for unit in (TIME, MASS, LENGTH, VOLUME, AREA, LEVEL, "kilometer / hour",
                                                     "degree_Celsius"))


def _names_attribute(sentence: str, attribute: str, kind: str) -> bool:
    """Whether ``sentence`` writes ``attribute``'s name, or one of its lexicon terms or verbs (:func:`lookup`)."""
    known = lookup(attribute, kind)
    names = {attribute, *(known.terms if known else ()), *(known.verbs if known else ())}
    return any(len(n) >= 3 and re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", sentence, re.IGNORECASE)
               for n in names)


#: words just before a figure that make it a tolerance or an error of a reading, not a value of the product ("Its
#: gauge was within 0.5 psi", "accurate to ±1 psi", "an error of 2 g", "Genauigkeit ±0,5 bar", "précision de 1 %"):
#: the word, a few small words after it, a "±" (:func:`is_tolerance`; "within" and its translations, group
#: ``within``, only of a kind other than a time: "charges within 2 hours" is a charging time)
_TOLERANCE = re.compile(
    r"(?:\b(?:(?P<within>within|innerhalb|binnen|entro)|accura(?:te|cy)|precision|toleran(?:ce|ces|t)|errors?|"
    r"deviations?|genauigkeit|abweichung(?:en)?|toleranz(?:en)?|messfehler|fehler|précision|précis|tolérance|"
    r"erreur|écart|precisión|preciso|tolerancia|precisione|tolleranza|errore|nauwkeurigheid|nauwkeurig|afwijking|"
    r"marge)\b(?:\s+(?:of|to|is|was|within|up to|about|von|bis|de|di|del|van|tot|à|a|um|ca\.?|approx\.?)){0,3}"
    r"\s*(?:±|\+/-|\+/−|\+-)?|±|\+/-|\+/−|\+-)\s*$", re.IGNORECASE)
#: characters before a figure :data:`_TOLERANCE` reads
_TOLERANCE_WINDOW = 40


def is_tolerance(before: str, kind: str) -> bool:
    """Whether a figure of ``kind`` (a pint dimension name, :func:`~services.domain_shopping.units.kind_of`) that
    ``before`` (the sentence's text up to it) leads to is a tolerance or a reading's error, not a value of the
    product: ``before`` ends with a word of accuracy, tolerance or error and at most three small words, or a "±"
    (:data:`_TOLERANCE`: "Its gauge was within 0.5 psi", "accurate to within ±1 psi", "an error of 2 g"). "within"
    before a time is a bound of it, no tolerance ("charges within 2 hours")."""
    m = _TOLERANCE.search(before[-_TOLERANCE_WINDOW:])
    return m is not None and not (m.group("within") and kind == kind_of(TIME))


#: an attribute's name opening with a word of an upper or a lower bound ("maximum pressure", "max. load", "peak
#: power", "minimum temperature"), folded (:func:`fold`): group ``upper`` or ``lower``
_BOUND_NAME = re.compile(r"^(?:(?P<upper>max|maximum|maximal|maximale[nrs]?|peak|rated|massima|massimo|maxima|"
                         r"maximo|maximaal|hochst\w*)|(?P<lower>min|minimum|minimal|minimale[nrs]?|minima|minimo|"
                         r"minimaal|mindest\w*)) ")
#: words just before a figure saying it is an upper bound ("up to 160 psi", "a maximum of 10 bar", "rated at 8 bar",
#: "max. 150 psi", "bis zu 11 bar", "jusqu'à 10 bar"), or after it ("150 psi max")
_UPPER_SAID = re.compile(r"(?:\b(?:max(?:imum|imal)?|peak(?:s|ing)?|rated|tops?\s+out|up\s+to|at\s+most|no\s+more\s+than|"
                         r"as\s+(?:much|high)\s+as|höchstens|bis\s+zu|bis\s+max|jusqu['’]\s?à|hasta|fino\s+a|"
                         r"massim[oa]|maximaal|tot\s+wel)\.?(?:\s+(?:of|at|to|von|de|di|van))?|\bmax\.)\s*$",
                         re.IGNORECASE)
_LOWER_SAID = re.compile(r"(?:\b(?:min(?:imum|imal)?|at\s+least|no\s+less\s+than|as\s+low\s+as|down\s+to|"
                         r"mindestens|au\s+moins|al\s+menos|almeno|minstens|minim[oa])\.?(?:\s+(?:of|at|to|von|de|"
                         r"di|van))?|\bmin\.)\s*$", re.IGNORECASE)
_UPPER_AFTER = re.compile(r"^\s*\(?\s*(?:max(?:imum)?|peak)\b", re.IGNORECASE)
_LOWER_AFTER = re.compile(r"^\s*\(?\s*(?:min(?:imum)?)\b", re.IGNORECASE)
#: a spec line's label and colon right before its figure ("Pressure: 150 psi", "Druck: 10 bar")
_SPEC_LINE = re.compile(r"(?:^|[.;|•·]\s*)[^\W\d_][^\d:;.!?|•·]{0,30}:\s*$")


def bound_unsaid(sentence: str, start: int, end: int, attribute: str, kind: str) -> bool:
    """Whether the figure at ``sentence[start:end]``, of ``kind``, is no value of ``attribute`` because the
    attribute is a bound of a quantity (its name opens with an upper or lower bound's word: "maximum pressure",
    :data:`_BOUND_NAME`) the lexicon names only with that word (no term of it is the bare quantity, as "torque" is
    of "maximum torque") and the sentence says no bound of that way beside the figure ("up to 160 psi", "a
    maximum of 10 bar", "150 psi max": :data:`_UPPER_SAID`) nor is a spec line ("Pressure: 150 psi",
    :data:`_SPEC_LINE`). A pressure a test pumped a tyre to ("overinflating the test tyre to 48 psi"), a user's
    preset ("the preset 35 psi") or a gauge's reading is some pressure, not the product's maximum."""
    m = _BOUND_NAME.match(fold(attribute) + " ")
    if m is None:
        return False
    known = lookup(attribute, kind)
    rest = fold(attribute)[m.end():].strip()
    if known is not None and rest in {fold(t) for t in known.terms}:
        return False  # "torque" names the maximum torque: any torque figure is it
    before = sentence[max(0, start - 30):start]
    said, after = (_UPPER_SAID, _UPPER_AFTER) if m.group("upper") else (_LOWER_SAID, _LOWER_AFTER)
    return not (said.search(before) or after.match(sentence[end:end + 12]) or _SPEC_LINE.search(sentence[:start]))


#: the word just before a quantity, with "at", "to", "up to", "about" between ("lifts at 35 mm/s", "lifted to 120 cm")
_VERB_BEFORE = re.compile(r"\b([^\W\d_]{3,})\s+(?:(?:at|to|up to|about|around|by)\s+)?$")
#: a verb of ceasing or failing just before an attribute's verb ("mine stopped charging at 11 weeks", "it would not
#: charge after 2 weeks"): the time after it is when a fault came, a failure report's, no value of the attribute
_CEASED_BEFORE = re.compile(r"\b(?:stop(?:ped|s)?|ceased?|quit|no\s+longer|(?:would|will|did|does|could)\s*(?:not|n['’]t)|"
                            r"won['’]t|failed\s+to)\s+$", re.IGNORECASE)


def read_by_unit(sentence: str, kinds: dict[str, str]) -> list[ProseFigure]:
    """The figures ``sentence`` states without naming their attribute, whose unit says which attribute they are
    ("The Vessor Printa Mini prints at 300 dpi": a print resolution): a quantity of a kind that exactly one
    attribute of ``kinds`` (attribute -> kind of quantity, as other sources give them) has, none of the common
    kinds many things are measured in (:data:`_COMMON_KINDS`: a time, a mass, a length ...) unless the word
    before it is a verb of the attribute's first word ("It lifts at 35 mm/s", "lifted at 37 mm/s in our test": a
    lift speed; :data:`_VERB_BEFORE`) that no verb of ceasing governs ("stopped charging at 11 weeks" is a failure
    report's time, :data:`_CEASED_BEFORE`), nor followed by a comparative ("100 lm brighter than"). A sentence naming the attribute is left to :func:`read_prose`, which
    reads a figure only near its name ("the largest battery capacity of any station we have seen: 800 Wh" is none). ``key`` is ""; ``quote`` and ``value`` are the quantity as written. The
    first figure of each attribute."""
    by_kind: dict[str, list[str]] = {}
    for attribute, kind in kinds.items():
        by_kind.setdefault(kind, []).append(attribute)
    out: dict[str, ProseFigure] = {}
    for q in _QUANTITY.finditer(sentence):
        value = q.group(0).rstrip(".")  # one number and its unit (compound values are of the common kinds)
        end = q.start() + len(value)
        got = read_quantity(value)
        if got is None or got.kind in ("", "number", "text"):
            continue
        owners = by_kind.get(got.kind, [])
        if got.kind in _COMMON_KINDS:  # only after a verb of the attribute's own first word ("lifts at 35 mm/s")
            since = max(0, q.start() - 30)
            verb = _VERB_BEFORE.search(sentence[since:q.start()])
            if verb is not None and _CEASED_BEFORE.search(sentence[:since + verb.start(1)]):
                verb = None  # "stopped charging at 11 weeks": a failure report's time, no charging time
            owners = [a for a in owners if verb is not None and a.split()
                      and snowball_stem(verb.group(1)) == snowball_stem(a.split()[0]) != verb.group(1).casefold()]
        if len(owners) != 1 or owners[0] in out or _COMPARATIVE.match(sentence[end:end + 24]) \
                or _CHANGE_BEFORE.search(sentence[max(0, q.start() - 40):q.start()]) \
                or _names_attribute(sentence, owners[0], got.kind) or is_tolerance(sentence[:q.start()], got.kind) \
                or bound_unsaid(sentence, q.start(), end, owners[0], got.kind):
            continue
        out[owners[0]] = ProseFigure(attribute=owners[0], key="", value=value, quote=value, start=q.start())
    return sorted(out.values(), key=lambda f: f.start)


def _after(sentence: str, m: re.Match[str], kinds: frozenset[str], read: _Reader,
           others: Sequence[tuple[int, frozenset[str]]] = (), apposition: bool = False
           ) -> tuple[str, int, int] | None:
    """The first figure of one of ``kinds`` within :data:`AFTER_WINDOW` characters after the name ``m``, unless
    one of ``others`` (another name's start in ``sentence``, the kinds its values are) stands between them and
    takes a value of the figure's kind: then the figure is that name's. (value, quote start, quote end) or None."""
    if _CHANGE_BEFORE.search(sentence[max(0, m.start() - 40):m.start()]):
        return None
    # a figure starting inside the window is read whole: "stores 512 Wh" cut at the window's end is no "512 W"
    window = sentence[m.end():m.end() + AFTER_WINDOW + _UNIT_TAIL]
    for q in _QUANTITY.finditer(window):
        if q.start() >= AFTER_WINDOW:
            break
        if _CHANGE_BETWEEN.search(window[:q.start()]):
            return None
        if _RANGE_BEFORE.search(window[:q.start()]):
            return None  # "Height range 62-127 cm": a range's top end is no figure of its own
        value = _figure(window, q)
        got = read(value)
        if got is None or got.kind not in kinds or is_tolerance(sentence[:m.end() + q.start()], got.kind):
            continue  # (a tolerance: "Max. pressure accuracy ±1 psi")
        if any(m.end() <= start < m.end() + q.start() and got.kind in other for start, other in others):
            return None
        tail = window[q.start() + len(value):q.start() + len(value) + 24]
        if _RANGE_AFTER.match(tail):
            return None  # "60 cm – 124 cm": a range's low end is no figure of its own either
        if _COMPARATIVE.match(tail) and not (apposition and tail.lstrip().startswith(",")):
            return None
        return value, m.start(), m.end() + q.start() + len(value)
    return None


#: what stands before a range's top end ("62-", "62 – ", "10 to "): the figure after it is no value of its own
_RANGE_BEFORE = re.compile(r"\d\s*(?:[^\d\s.,–—-]{1,4}\s*)?(?:[-–—]|\bto\b|\bbis\b)\s*$", re.IGNORECASE)

#: what follows a range's low end ("60 cm – 124 cm", "10 to 35 kg")
_RANGE_AFTER = re.compile(r"^\s*(?:[-–—]|to\b|bis\b)\s*\d", re.IGNORECASE)


def _figure(text: str, q: re.Match[str]) -> str:
    """The figure a :data:`_QUANTITY` match ``q`` in ``text`` starts, with a compound value's further parts ("4 minutes
    10 seconds", "1 lb 4 oz": :func:`~services.domain_shopping.units.compound_end`), without a closing full stop."""
    value = q.group(0).rstrip(".")
    end = compound_end(text[q.start():q.start() + 80])
    return text[q.start():q.start() + end] if end > len(value) else value


def _before(sentence: str, m: re.Match[str], kinds: frozenset[str], read: _Reader) -> tuple[str, int, int] | None:
    head = sentence[max(0, m.start() - 40):m.start()]
    found = None
    for q in _QUANTITY.finditer(head):
        if found is None or found.start() + len(_figure(head, found)) < q.end():  # "4 min 30 s": one figure
            found = q
    if found is None or not _LINK.match(head[found.start() + len(_figure(head, found)):]) \
            or _CHANGE_BEFORE.search(head[:found.start()]) or _CHANGE_BETWEEN.search(head[:found.start()]):
        return None
    value = _figure(head, found)
    got = read(value)
    if got is None or got.kind not in kinds:
        return None
    start = m.start() - len(head) + found.start()
    return value, start, m.end()


#: uses a question names ("best for travel", "for long flights", "for the nursery") with the attributes that decide
#: them (canonical names): the figure a use needs first, the others only after it (:func:`use_asks`). Travel and
#: carrying want a light, small product (:data:`_LIGHT_WORDS`), a whole day or a long flight away from a socket a
#: long battery life, a room where someone sleeps a quiet one.
_USES: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = (
    (_LIGHT_WORDS, frozenset({"weight", "dimensions"})),
    (re.compile(r"\b(all[- ]day|all[- ]night|long[- ]haul|long (?:flights?|trips?|journeys?|drives?|shifts?|days?)|"
                r"overnight|ganztägig\w*|den ganzen tag|langstrecke\w*|lange[nr]? (?:flüge[n]?|reisen?|tage)|"
                r"toute la journée|longs? (?:vols?|voyages?)|todo el día|vuelos? largos?|tutto il giorno|"
                r"voli lunghi|de hele dag|lange vluchten)\b", re.IGNORECASE), frozenset({"battery life"})),
    (re.compile(r"\b(nurser(?:y|ies)|bedrooms?|sleep(?:ing)?|schlafzimmer\w*|kinderzimmer\w*|chambres?|"
                r"dormitorios?|camera da letto|slaapkamers?|kinderkamers?)\b", re.IGNORECASE),
     frozenset({"noise level"})),
)


def use_asks(attribute: str, kind: str | None, question: str) -> str:
    """The word of ``question`` naming a use that ``attribute`` (canonical or page name, of quantity ``kind``)
    decides (:data:`_USES`): "travel" for a weight under "Which baby monitor is best for travel?", "long flights"
    for battery life, "nursery" for a noise level; "" when the question names no such use, or only as a word of a
    product's name ("Bollo Trek": :func:`_asked_word`). A mass the lexicon does not name is a weight."""
    known = lookup(attribute, kind)
    name = known.name if known is not None else ("weight" if kind == kind_of(MASS) else "")
    for words, decided in _USES:
        if name in decided and (m := _asked_word(words, question)) is not None:
            return m.group(0)
    return ""


def why(attribute: str, kind: str | None, question: str) -> str:
    """What justifies :func:`direction`'s judgement on a weight, to say next to a verdict resting on it ("lighter
    counted better: the question says 'travelling'", "lighter counted better for headphones, which are carried or
    worn", "heavier counted better: the question says 'heaviest'", "lighter counted better: the question says
    'weighs the least'"); "" for an attribute whose own meaning says which way is better (battery life) when the
    question asks no other way ("holds the least" of a capacity: "smaller counted better: the question says 'holds
    the least'"), or when no way is judged better."""
    known = lookup(attribute, kind)
    way = direction(attribute, kind, question)
    if known is not None and known.better and way == known.better:
        return ""
    said_way, word = asked_way(question, attribute, kind)
    if not ((known is not None and known.name == "weight") or (known is None and kind == kind_of(MASS))):
        more, less = {kind_of(TIME): ("longer", "shorter"), kind_of(VOLUME): ("larger", "smaller"),
                      kind_of(LENGTH): ("larger", "smaller")}.get(kind or "", ("higher", "lower"))
        said = _comparative(word) if word and dimension_way(question, attribute)[1] == word else ""
        if said:  # "deeper counted better: the question says 'deepest'"
            more = less = said
        return (f"{more if way > 0 else less} counted better: the question says '{word}'"
                if way and way == said_way else "")
    if way and way == said_way:  # "weighs the least", "the highest weight": the question's own words
        return f"{'heavier' if way > 0 else 'lighter'} counted better: the question says '{word}'"
    (heavy, heavy_word), light, worn = (heavy_asked(question),
                                        _asked_word(_LIGHT_WORDS, question) or light_asked(question),
                                        carried(question))
    if heavy and way == heavy:  # "heaviest"; "least heavy"
        return f"{'heavier' if way > 0 else 'lighter'} counted better: the question says '{heavy_word}'"
    if way == -1 and light is not None:
        return f"lighter counted better: the question says '{light.group(0)}'"
    if way == -1 and worn is not None:
        return f"lighter counted better for {worn.group(0).lower()}, which are carried or worn"
    return ""

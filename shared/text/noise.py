"""Text of a page that is never evidence: reference lists, bibliographies, navigation, legal and investment
disclaimers, cookie-consent notices, paywall notices and "subscribe" boxes; and a page title or heading glued to
the sentence after it.

Used by both claim-extractor engines (the offline engine never makes a claim of such a sentence, and the model
engine drops a claim whose evidence sentence is one) and by the scraper (:func:`wall_kind`: a page that is only a
cookie-consent or paywall notice is a failed source, not content).

- :func:`noise_kind` judges one sentence: ``"reference"``, ``"disclaimer"``, ``"consent"``, ``"paywall"``,
  ``"subscribe"``, ``"navigation"``, ``"pointer"`` (a sentence that only points at a table or chart),
  ``"contact"`` (a line telling the reader whom to contact: "For press enquiries contact the office.") or ``None``.
- :func:`reference_sections` finds the character spans of a text's reference sections (everything under a
  "References" / "Bibliography" / "Works cited" / "Notes" / "Further reading" / "External links" heading up to
  the next heading) and of runs of consecutive reference-like paragraphs.
- :func:`legal_page` tells a page that is a legal notice as a whole by its title (an imprint, terms, a privacy
  policy): none of its sentences is a claim.
- :func:`wall_kind` tells a page whose text is only a consent or paywall notice: ``"consent"``, ``"paywall"``.
- :func:`page_kind` tells a page that is page furniture as a whole: a consent or paywall notice, or a reference list
  (``"reference"``), which gives no claims.
- :func:`unglue` splits a heading (or the page title) off the front of a sentence it was glued to
  ("Journal of Cell Studies 12(4) The protein folds ..." -> "The protein folds ...").
"""

from __future__ import annotations

import re

from shared.text.tokens import Sentence, split_sentences
from shared.text.verbs import finite_verb

__all__ = ["NOISE_KINDS", "WALL_MAX_CONTENT_WORDS", "noise_kind", "reference_sections", "in_spans", "unglue",
           "wall_kind", "page_kind", "KIND_CHARS", "is_author_head", "is_reference_entry", "legal_page"]

NOISE_KINDS = ("reference", "disclaimer", "consent", "paywall", "subscribe", "navigation", "pointer", "contact",
               "hatnote", "byline", "method")

# ---------------------------------------------------------------------------------------------- references

#: one cue is enough: a DOI, an ISBN/ISSN, "Retrieved <date>", "Archived from the original", volume(issue):pages
_STRONG_REFERENCE = re.compile(
    r"\bdoi\s*:\s*10\.\d{4,}|\b10\.\d{4,9}/\S+|\bISBN(?:-1[03])?[:\s]+[\dX\- ]{9,}|\bISSN[:\s]+\d{4}-\d{3}[\dX]"
    r"|\bretrieved\s+(?:on\s+)?(?:\d{1,2}\s+)?[A-Z][a-z]+\.?\s+\d{1,2}?,?\s*\d{4}|\bretrieved\s+\d{4}-\d\d-\d\d"
    r"|\barchived\s+from\s+the\s+original\b|\baccessed\s+(?:on\s+)?\d{1,2}\s+[A-Z][a-z]+\s+\d{4}"
    r"|\b\d{1,4}\s*\(\d{1,3}(?:[-–]\d{1,3})?\)\s*(?::|,|\s)\s*(?:pp?\.\s*)?\d+(?:\s*[-–]\s*\d+)?"
    r"|\b(?:1[6-9]|20)\d\d\s*;\s*\d+(?:\(\d+\))?\s*:\s*[A-Za-z]?\d+"  # Vancouver "2015;98(2):1-12"
    r"|\bPMID:?\s*\d+|\barXiv:\s*\d{4}\.\d{4,5}|\bPMC\d{5,}",
    re.I,
)
#: how many of the weaker cues make a reference entry ("Singin' in the Rain (1952) was praised by The Paris
#: Review" has two and is prose)
WEAK_REFERENCE_CUES = 3
#: weaker cues, :data:`WEAK_REFERENCE_CUES` of which make a reference entry
_WEAK_REFERENCE = (
    # "et al." or "(2010)": one cue together (an in-text citation, "Smith et al. (2010) showed ...", is prose)
    re.compile(r"\bet\s+al\.?|\(\s*(?:1[6-9]|20)\d\d[a-z]?\s*\)"),
    re.compile(r"\b(?:pp?\.|vol\.|no\.|ed\.|eds\.|Vol\.|No\.)\s*\d", re.I),
    re.compile(r"\b(?:Journal|Proceedings|Transactions|Review|Letters|Annals|Bulletin|Quarterly|Press)\b"),
    re.compile(r"(?:^|[.,]\s)[A-Z][\w'’\-]+,\s+(?:[A-Z]\.\s*){1,3}(?:,|&|and|\(|$)"),  # "Smith, J. A.,"
    re.compile(r"\b\d{1,4}\s*[-–]\s*\d{1,4}\s*\.?\s*$"),  # ends with a page range
    re.compile(r"https?://\S+"),
    re.compile(r"^\s*(?:\[\d{1,3}\]|\^|\d{1,3}\.\s+[A-Z][\w'’\-]+,\s)"),  # "[12] ", "^ ", "12. Smith, "
)
_REFERENCE_HEADING = re.compile(
    r"^\s*(?:#{1,6}\s*)?(?:\d+(?:\.\d+)*\.?\s+)?(?:references?|bibliography|works\s+cited|literature(?:\s+cited)?|citations?|"
    r"sources|notes(?:\s+and\s+references)?|footnotes|endnotes|further\s+reading|external\s+links|see\s+also|"
    r"selected\s+(?:publications|bibliography|works)|publications|reference\s+list)\s*:?\s*$",
    re.I,
)

# ---------------------------------------------------------------------------------------------- notices

_DISCLAIMER = re.compile(
    # what a page's content is for, not a fact of it: "for information only", "for illustration purposes only"
    r"\b(?:for\s+(?:general\s+)?(?:information(?:al)?|educational|entertainment|reference|illustrati(?:ve|on))\s+"
    r"(?:purposes\s+)?only"
    # a notice's label opening the sentence: "Disclaimer: ...", "Legal notice: ...", "Impressum: ..."
    r"|^\W*(?:(?:legal\s+)?disclaimer|legal\s+notice|imprint|impressum|haftungsausschluss)\s*:"
    # content given without warranty or "as is", open to change without notice
    r"|(?:information|content|contents|material|materials|data|details|guide|site|website|page|text|software|"
    r"service|services)\s+"
    r"(?:\w+\s+){0,6}?(?:is|are)\s+provided\s+(?:[\"“']?as\s+is\b|without\s+(?:any\s+)?(?:\w+\s+){0,3}?"
    r"(?:warrant(?:y|ies)|guarantee))"
    r"|(?:subject\s+to\s+change|change[sd]?|modif(?:y|ied)|amend(?:ed)?)\s+without\s+(?:prior\s+|further\s+)?notice"
    # an imperative to check the facts elsewhere: "Always check with the venue before travelling."
    r"|^\W*(?:(?:always|please)\s+)?(?:check|confirm|verify)\s+(?:\w+\s+){0,6}?before\s+(?:you\s+)?"
    r"(?:travel|visit|book|buy|purchas|order|set(?:ting)?\s+(?:off|out)|go(?:ing)?\b|plan)\w*"
    # who operates the site (an imprint line), a shop's tax note: "This website is operated by ...", "Prices
    # include VAT."
    r"|^\W*(?:this|the|our)\s+(?:web\s*)?(?:site|website|portal|online\s+shop|shop|app)\s+is\s+"
    r"(?:owned\s+and\s+)?(?:operated|run|maintained|published|owned|provided|hosted)\s+by\b"
    r"|\bresponsible\s+for\s+(?:the\s+)?content\s+(?:of\s+this|according\s+to)|\bVAT\s+(?:reg(?:istration)?\.?\s+)?"
    r"(?:no\.|number|ID)|company\s+registration\s+(?:no\.|number)"
    r"|^\W*(?:all\s+)?prices\s+(?:\w+\s+){0,4}?(?:include|includes|including|are\s+inclusive\s+of|exclude|excludes|"
    r"excluding|are\s+exclusive\s+of|incl\.|excl\.)\s+(?:\d+\s*%\s+)?(?:VAT|sales\s+tax|tax|taxes|GST)\b"
    r"|(?:does|do|is|are|should)\s+not\s+(?:constitute|be\s+(?:construed|considered|taken)\s+as|intended\s+"
    r"(?:as|to\s+be)|a\s+substitute\s+for)\s+(?:\w+\s+){0,3}(?:advice|solicitation|offer\s+to\s+(?:buy|sell))"
    r"|not\s+(?:intended\s+(?:as|to\s+be)\s+|a\s+substitute\s+for\s+)(?:\w+\s+){0,4}?(?:medical|legal|financial|investment|"
    r"tax|professional)\s+advice"
    r"|(?:medical|legal|financial|investment|tax|professional)\s+advice\s+(?:from|of)\s+(?:a|your)"
    r"|past\s+performance\s+(?:is|does)\s+not|investing\s+involves\s+risks?|may\s+lose\s+(?:some\s+or\s+)?all\s+"
    r"(?:of\s+)?(?:your|the)\s+(?:money|investment|capital)|forward-looking\s+statements?"
    r"|consult\s+(?:with\s+)?(?:a|an|your)\s+(?:\w+\s+){0,2}(?:advis[oe]r|professional|physician|doctor|"
    r"attorney|lawyer|accountant)"
    r"|(?:we|the\s+author|the\s+publisher)\s+(?:may\s+)?(?:earn|receive|get)s?\s+(?:a\s+)?(?:small\s+)?"
    r"(?:commission|compensation|fee)|affiliate\s+links?|sponsored\s+content|paid\s+partnership"
    r"|views\s+(?:and\s+opinions\s+)?expressed\s+(?:here(?:in)?|in\s+this)|do(?:es)?\s+not\s+necessarily\s+reflect"
    r"|without\s+warrant(?:y|ies)\s+of\s+any\s+kind|makes?\s+no\s+(?:representations?|warrant(?:y|ies))"
    r"|(?:accept|assume)s?\s+no\s+(?:liability|responsibility)"
    r"|(?:we|the\s+(?:author|authors|publisher|site|website|company))\s+(?:is|are|shall|will)\s+not\s+be\s+"
    r"(?:held\s+)?(?:liable|responsible)"
    r"|all\s+rights\s+reserved|terms\s+of\s+(?:use|service)|privacy\s+(?:policy|notice)"
    # a sponsorship or affiliate disclosure ("Disclosure: this article is sponsored by Redragon.")
    r"|^\W*(?:affiliate\s+|advertising\s+|sponsor(?:ship|ed)?\s+)?disclosure\s*:|(?:this|the|our)\s+(?:\w+\s+){0,2}"
    r"(?:article|post|review|video|page|content|guide|list|story|piece)\s+(?:is|was|has\s+been)\s+(?:\w+\s+)?"
    r"(?:sponsored|paid\s+for|supported)\s+by|as\s+an\s+amazon\s+associate|paid\s+(?:promotion|post)|advertorial"
    r"|#(?:ad|sponsored)\b)",
    re.I,
)
#: a consent banner's button label ("Accept all", "Reject all", "Manage options", "Cookie settings")
_BUTTON = (r"(?:(?:accept|allow|reject|decline|deny|refuse)\s+all(?:\s+cookies)?|manage\s+(?:options|preferences|"
           r"settings|cookies|choices)|(?:cookie|privacy)\s+settings|customi[sz]e|more\s+options|i\s+(?:dis)?agree|"
           r"(?:dis)?agree|ok)")
_CONSENT = re.compile(
    r"\b(?:(?:we|this\s+(?:web)?site|our\s+(?:web)?site|our\s+partners)\s+(?:and\s+our\s+partners\s+)?"
    r"(?:use|uses|store|may\s+use)\s+(?:\w+\s+){0,2}cookies|cookies?\s+(?:policy|settings|preferences|"
    r"consent|notice|banner)|(?:accept|reject|decline)\s+(?:all\s+)?(?:cookies|tracking)"
    r"|manage\s+(?:your\s+)?(?:cookie\s+|privacy\s+|consent\s+)?(?:preferences|settings|choices)|by\s+(?:continuing|clicking|using)\s+(?:to\s+(?:use|browse)\s+)?(?:this|our|the)\s+"
    r"(?:web)?site|by\s+clicking\s+[\"“']?(?:accept|agree|i\s+agree|ok)|your\s+privacy\s+choices"
    r"|(?:personali[sz]ed|targeted)\s+(?:ads|advertising)\s+and\s+content|ad\s+and\s+content\s+measurement"
    r"|store\s+and(?:/or)?\s+access\s+information\s+on\s+a\s+device|legitimate\s+interests?\s+(?:of\s+our\s+"
    r"partners|to\s+process|,?\s+(?:you\s+can\s+)?object)"
    r"|(?:give|withdraw|change)\s+(?:your\s+)?consent|consent\s+to\s+(?:the\s+use\s+of\s+|our\s+use\s+of\s+)?"
    r"(?:cookies|tracking|data)|do\s+not\s+sell\s+(?:or\s+share\s+)?my\s+(?:personal\s+)?information"
    # consent-management wording (the genre of a consent platform's banner, whatever the site): the site "and our
    # 842 partners" (or vendors) doing something with cookies, identifiers or data; storing or accessing
    # information on "your device"; choices or consent changed "at any time"; the partners' "legitimate interest";
    # the banner's buttons ("By clicking "Manage options"", "Accept all | Reject all | Manage options"); its
    # heading ("We value your privacy"). Each needs the site's own voice ("we", "our", "your"), so prose about
    # cookies or an article on privacy law ("Controllers may rely on legitimate interests ...") is not one.
    r"|(?:we|this\s+(?:web)?site)\s+and\s+(?:our|its)\s+(?:\d[\d,.]*\s+)?(?:\w+\s+)?(?:partners|vendors|"
    r"third[- ]parties)\s+(?:\w+\s+){0,3}?(?:use|store|access|process|collect|share|set|place)\s+(?:\w+\s+){0,3}?"
    r"(?:cookies|technologies|identifiers|trackers|information|data)\b"
    r"|\b(?:our|with|of)\s+\d[\d,.]*\s+(?:\w+\s+)?(?:partners|vendors)\b(?:\s+\w+){0,6}?\s+(?:cookies|identifiers|"
    r"your\s+(?:personal\s+)?data|your\s+device|personal\s+data)\b"
    r"|(?:store|storing)\s+(?:and|or|and/or)\s+(?:to\s+)?access(?:ing)?\s+information\s+on\s+your\s+(?:\w+\s+)?device"
    r"|(?:change|update|review|manage|adjust|modify|withdraw|revoke)\s+your\s+(?:\w+\s+)?(?:preferences|choices|"
    r"consent)\s+(?:\w+\s+){0,2}?at\s+any\s+time"
    r"|(?:our|some\s+of\s+our|some)\s+(?:\w+\s+)?(?:partners|vendors)\s+(?:\w+\s+){0,10}?(?:their|a|our)\s+"
    r"legitimate\s+(?:business\s+)?interests?|\byou\s+(?:can|may)\s+(?:also\s+)?object\s+to\s+(?:\w+\s+){0,4}?"
    r"legitimate\s+(?:business\s+)?interests?"
    r"|by\s+clicking\s+(?:on\s+)?[\"“'‘](?:accept|agree|allow|reject|decline|manage|customi[sz]e|more\s+options|"
    r"options|settings|preferences|consent|ok|continue)"
    r"|(?:click|clicking|press|tap|select|choose)\s+(?:on\s+)?(?:the\s+)?[\"“'‘]?(?:(?:accept|allow|reject|decline)"
    r"\s+all|manage\s+(?:options|preferences|settings|cookies|choices))\b"
    rf"|^\W*{_BUTTON}(?:\s*[|·•/,]?\s*{_BUTTON}){{1,6}}\W*$"
    r"|(?:share|sell)\s+your\s+(?:personal\s+)?(?:data|information)\s+with\s+(?:our\s+)?(?:\d[\d,.]*\s+)?"
    r"(?:\w+\s+)?(?:partners|vendors|third[- ]parties)"
    r"|we\s+(?:value|respect|care\s+about)\s+your\s+privacy|your\s+privacy\s+(?:is\s+important|matters)\s+to\s+us)",
    re.I,
)
_PAYWALL = re.compile(
    r"\b(?:subscribe\s+(?:now\s+)?to\s+(?:continue|keep|read|unlock|get\s+(?:full|unlimited))"
    r"|(?:to|and)\s+continue\s+reading|continue\s+reading\s+(?:this|the\s+full|for\s+free|with)"
    r"|keep\s+reading\s+(?:with|by)|already\s+(?:a\s+)?(?:subscriber|member)"
    r"|(?:this|the\s+full)\s+(?:article|story|content|page)\s+is\s+(?:only\s+)?(?:available|reserved|"
    r"exclusive)\s+(?:to|for)\s+(?:our\s+)?(?:paying\s+)?(?:subscribers|members)"
    r"|(?:for|to)\s+(?:our\s+)?(?:subscribers|members)\s+only|subscribers?[- ]only|members?[- ]only\s+(?:content|"
    r"article)|(?:you(?:'ve|\s+have)\s+)?reached\s+your\s+(?:\w+\s+){0,2}(?:limit|quota)"
    r"|free\s+(?:articles?|stories)\s+(?:left|remaining)|(?:unlock|get)\s+(?:full|unlimited|digital)\s+access"
    r"|(?:log|sign)\s+in\s+to\s+(?:read|continue|view|access)|(?:start|begin)\s+(?:your\s+)?free\s+trial"
    r"|premium\s+(?:content|article)\s+(?:for|is\s+(?:only\s+)?(?:available|for))|become\s+a\s+(?:subscriber|member)\s+to"
    # a call to subscribe: the imperative opening the sentence (or the clause after a glued title's colon), whatever
    # the publication's name ("Subscribe to the Fenland Courier ...", "Subscribe today from 1 crown a week.")
    r"|(?:^|[:|]\s)\W*(?:subscribe|resubscribe)(?!\w)"
    # the offer a paywall makes: unlimited access, or journalism to support or pay for
    r"|unlimited\s+(?:digital|online)\s+access|unlimited\s+access\s+to\s+(?:all\s+)?(?:of\s+)?(?:our\b|\w+[- ]winning|"
    r"(?:\w+\s+)?(?:articles|stories|journalism|reporting|news)\b)"
    r"|(?:support|fund|subscribe\s+to|access\s+to)\s+(?:our\s+)?(?:\w+[- ])?(?:independent|quality|trusted|local|"
    r"award[- ]winning|in[- ]depth)\s+(?:\w+\s+)?journalism)",
    re.I,
)
_SUBSCRIBE = re.compile(
    r"\b(?:sign\s+up\s+(?:for|to)\s+(?:our|the)\s+(?:\w+\s+)?(?:newsletter|mailing\s+list|updates|digest)"
    r"|subscribe\s+(?:to\s+)?(?:our|the)\s+(?:\w+\s+)?(?:newsletter|mailing\s+list|channel|podcast|feed|updates)"
    r"|(?:delivered|straight|sent)\s+(?:directly\s+)?to\s+your\s+inbox|enter\s+your\s+e-?mail"
    r"|unsubscribe\s+at\s+any\s+time|join\s+(?:\d[\d,]*\s+)?(?:other\s+)?(?:subscribers|readers)"
    r"|(?:follow|like)\s+us\s+on|share\s+(?:this|on)\s+(?:article|story|page|facebook|twitter|x\b)"
    r"|newsletter|(?:get|receive)\s+(?:our\s+)?(?:latest|weekly|daily|free)\s+(?:\w+\s+){0,2}(?:news|updates|"
    r"stories|articles)\s+(?:by|via|in)\s+e-?mail)(?!\w)",
    re.I,
)
_NAVIGATION = re.compile(
    r"\b(?:skip\s+to\s+(?:main\s+)?(?:content|navigation)|click\s+here|read\s+more|back\s+to\s+top|"
    r"(?:previous|next)\s+(?:article|post|page|story)|you\s+are\s+here|main\s+menu|toggle\s+navigation|"
    r"(?:please\s+)?enable\s+(?:javascript|js)|advertisement|sign\s+(?:up|in)|log\s+(?:in|out)|"
    r"copyright\s+©|©\s*(?:\d{4}|[A-Z]))(?!\w)"
    # a line of links to other pages under a label: "Related: Flood warnings lifted · Ski lifts open early",
    # "Read also: ...", "Mehr zum Thema: ...", "À lire aussi : ...", "Leggi anche: ..."
    r"|^\W*(?:related(?:\s+(?:articles?|stories|posts|links|content|coverage|reading|news))?|read\s+(?:also|next)"
    r"|also\s+read|more\s+on\s+this(?:\s+(?:story|topic))?|mehr\s+zum\s+thema|lesen\s+sie\s+auch|(?:à\s+)?lire\s+aussi"
    r"|voir\s+aussi|relacionad[oa]s?|lea\s+también|leggi\s+anche|articoli\s+correlati)\s*:",
    re.I,
)

#: a sentence that only points at a table, chart or list of the page ("The table below gives the island's total
#: honey harvest ...", "The following chart shows monthly sales.", "Below is a list of the members."): it says what
#: the table holds, not a fact of its own (the table's rows are the claims). A locator (below, above, following,
#: accompanying, this) is needed ("The periodic table lists 118 elements" is a fact), and a verb followed by
#: "that"/"how" states a finding ("The chart below shows that sales fell by 10%") and is content.
_POINTER = re.compile(
    r"^\W*(?:(?:the|a)\s+(?:following|accompanying|next)\s+(?:\w+\s+)?{what}"
    r"|(?:this|these)\s+(?:\w+\s+)?{what}(?:\s+(?:below|above|here))?"
    r"|the\s+(?:\w+\s+)?{what}\s+(?:below|above|here|that\s+follows))"
    r"(?:\s*\([^)]*\))?\s+(?:gives|shows|lists|sets\s+out|summari[sz]es|presents|contains|displays|compares|details|"
    r"provides|breaks\s+down|illustrates|records)\b(?!\s+(?:that|how)\b)"
    r"|^\W*(?:below|above|here)\s+(?:is|are)\s+(?:a|an|the|our)\s+(?:\w+\s+){{0,2}}{what}\b".format(
        what=r"(?:table|chart|graph|figure|map|list|diagram|plot|infographic|overview)s?"),
    re.I,
)


#: a line telling the reader whom to contact (a press release's or page footer's contact line), not a fact of the
#: page's subject: "For press enquiries contact the museum office.", "For more information, please call 0123 456.",
#: "Media inquiries: Ann Berg, ...", "Contact us at info@...", "Questions should be sent to the club secretary.",
#: "Please contact the ticket desk for group rates." The call must open the sentence or address the reader ("us"),
#: so a report of someone contacting someone ("The mayor contacted the press office in May.") stays content.
_CONTACT_VERB = r"(?:contact|call|phone|ring|e-?mail|write\s+to|speak\s+to|get\s+in\s+touch\s+with|reach)"
_CONTACT = re.compile(
    rf"^\W*for\s+(?:all\s+|any\s+|further\s+|more\s+|other\s+)?(?:\w+\s+){{0,2}}?(?:enquiries|inquiries|questions|"
    rf"queries|information|info|details|bookings?|interviews?)"
    rf"(?:\s+(?:about|on|regarding|concerning)\s+(?:\w+\s+){{0,4}}?\w+)?\s*,?\s+(?:please\s+)?{_CONTACT_VERB}\b"
    r"|^\W*(?:press|media|general|sales|booking|ticket|membership|customer)\s+(?:enquiries|inquiries|queries|contacts?|"
    r"office|desk)\s*[:–—]"
    rf"|^\W*(?:please\s+)?(?:do\s+not\s+hesitate\s+to\s+|feel\s+free\s+to\s+)?{_CONTACT_VERB}\s+(?:us|our|the\s+"
    r"(?:\w+\s+){0,3}?(?:office|team|desk|department|helpline|secretary|staff))\b"
    rf"|\b{_CONTACT_VERB}\s+us\b(?!\s+(?:in|on)\s+(?:1[5-9]|20)\d\d)"
    r"|\b(?:enquiries|inquiries|queries|questions)\s+(?:\w+\s+){0,2}?(?:should|can|may)\s+be\s+(?:sent|directed|"
    r"addressed|made|put)\s+to\b",
    re.I,
)

#: a hatnote: a line pointing the reader at another page of a like name, not a fact of the page's subject: "Not to
#: be confused with Halvard Castle on the ridge.", "For other uses, see Velloc (disambiguation).", "For the river,
#: see ...", "Main article: ...", "See also: ...", "\"Velloc\" redirects here." It must open the sentence, so a
#: report that names a confusion ("Visitors often confuse it with the castle.") stays content.
_HATNOTE = re.compile(
    r"^\W*(?:not\s+to\s+be\s+confused\s+with\b"
    r"|for\s+(?:other\s+uses|other\s+meanings|[^,.;:]{1,60}?)\s*,\s*see\b(?!-)"
    r"|(?:main\s+articles?|see\s+also|further\s+information)\s*:"
    r"|[^.!?]{1,60}?\s+redirects\s+here\b)",
    re.I,
)

#: a date as a byline or dateline writes it: "21 October 2026", "October 21, 2026", "2026-10-21", "21/10/2026"
_BYLINE_DATE = (r"(?:\d{1,2}\.?\s+(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
                r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?,?\s+\d{4}"
                r"|(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|"
                r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}"
                r"|\d{4}-\d\d-\d\d|\d{1,2}[./]\d{1,2}[./]\d{2,4})"
                r"(?:,?\s+(?:at\s+)?\d{1,2}[:.]\d\d(?:\s*[ap]\.?m\.?)?)?")
#: a person's name as a byline writes it: capitalised words, initials, particles ("Priya Ramanathan", "J. R. Mensah",
#: "Anna van der Berg", "Tom Achterberg and Lea Roth"); no number and no lower-case word but a particle
_BYLINE_NAME = (r"(?:[A-Z][\w'’\-]*\.?|van|von|der|den|de|da|di|du|la|le|del|al|bin|ibn)"
                r"(?:\s+(?:[A-Z][\w'’\-]*\.?|van|von|der|den|de|da|di|du|la|le|del|al|bin|ibn)){0,4}")
#: a byline or dateline, the whole sentence: who wrote the page and when, not a fact of its subject ("By Priya
#: Ramanathan, 21 October 2026.", "Written by Tom Achterberg", "By Lea Roth, Senior Editor | Updated 3 May 2024",
#: "Published 21 October 2026.", "Last updated on May 3, 2024 by Lea Roth.", a forum post's "Posted by gearhead_9 on
#: 2026-05-03:"), a team's or desk's credit ("By the
#: Quorra Labs team.", "By the Tarnley Review staff"), a picture's credit ("Photo: Lea Roth", "Image credit: Quorra
#: Labs / Tom Achterberg."). A sentence that goes on after the name or the date ("By 1900 the town had 5,000
#: people", "By March 2021, the vaccine was approved", "By the end of 2020 ...") is content.
#: the names of months and weekdays, which open a time ("By March 2021, ..."), never a byline's name
#: the group word a team's credit ends on ("By the Quorra Labs team", "By the Tarnley Review staff")
_CREDIT_GROUP = r"(?i:team|staff|editors|editorial\s+(?:team|staff|board)|desk|newsroom|crew|writers)"
_WHEN_NAMES = (r"(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|"
               r"Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)")
#: the verb a page's date stamp opens on ("Published 3 May 2024", "Last updated on May 3, 2024", "Posted on ...")
_STAMP_VERB = (r"(?i:published|updated|posted|submitted|last\s+(?:updated|modified|reviewed)|first\s+published|"
               r"modified)")
#: who a date stamp credits: a person's name, a lab's, team's or desk's ("the Tarnley Review lab", "the editors"), or
#: a forum handle ("kettle_kim99"); up to five words, each opening on a letter
_STAMP_WHO = r"(?:(?i:the)\s+)?[^\W\d][\w'’.&@-]*(?:\s+[^\W\d][\w'’.&@-]*){0,4}?"
_BYLINE = re.compile(
    rf"^\W*(?i:(?:(?:written|reviewed|tested|edited|reported|words|photos?|text)\s+)?by|von|par|por|door)\s+"
    rf"(?:(?i:the)\s+(?={_BYLINE_NAME}\s+{_CREDIT_GROUP}\b))?(?!{_WHEN_NAMES}\b){_BYLINE_NAME}(?:\s+{_CREDIT_GROUP})?"
    rf"(?:\s*(?:,|and|&)\s*{_BYLINE_NAME})*"
    rf"(?:\s*[,|·•–—-]\s*(?i:(?:published|updated|posted|last\s+updated)(?:\s+on)?:?\s+)?(?i:{_BYLINE_DATE}))*"
    rf"\s*[.!]?\s*$"
    rf"|^\W*{_STAMP_VERB}(?:\s+on)?\s*:?\s+(?i:{_BYLINE_DATE})(?:\s+(?i:by)\s+{_STAMP_WHO})?\s*[.!:]?\s*$"
    rf"|^\W*{_STAMP_VERB}\s+(?i:by)\s+{_STAMP_WHO}\s*,?\s+(?i:on\s+)?(?i:{_BYLINE_DATE})\s*[.!:]?\s*$"
    # a forum post's byline: its user's handle and its date ("Posted by gearhead_9 on 2026-05-03:")
    rf"|^\W*(?i:posted|replied|reply|answered|commented)\s+(?i:by)\s+@?[\w.'’-]{{2,40}}(?:\s+(?i:on)|\s*,)?\s+"
    rf"(?i:{_BYLINE_DATE})\s*[.:!]?\s*$"
    rf"|^\W*(?i:(?:photo(?:graph)?|image|picture|illustration)s?(?:\s+credits?)?|credits?)\s*:\s*{_BYLINE_NAME}"
    rf"(?:\s*(?:/|,|and|&)\s*{_BYLINE_NAME})*\s*[.!]?\s*$",
)

#: how a reviewer tested or buys what it tests, not what it found: an independence disclosure ("LabelLab buys every
#: printer it tests at retail", "No manufacturer saw this article before publication", "We were not paid for this
#: review") or a test's set-up in the tester's first person, over every product or a time ("We used both printers
#: for a month in a small shop", "We printed 2,000 labels on each of four printers: ..."). A set-up sentence that
#: states a finding (a comparison, "found", "measured", a copula: "We used it for a week and it was loud") is content.
_METHOD = re.compile(
    r"\bbuys?\s+(?:every|all|each)\s+(?:\w+\s+){0,3}?(?:it|we|they)\s+(?:tests?|reviews?|rates?)\b"
    r"|\b(?:buy|bought|purchase[sd]?)\s+(?:\w+\s+){0,5}?(?:at\s+retail|with\s+(?:its|our|their)\s+own\s+money)"
    r"|\bno\s+(?:manufacturer|maker|brand|company|vendor|advertiser|sponsor|PR\s+agency)s?\s+(?:saw|sees|has\s+seen|"
    r"read|reviewed|approved|paid\s+for|had\s+(?:any\s+)?(?:say|input|control|influence))\s+(?:\w+\s+){0,3}?"
    r"(?:article|review|test|tests|piece|story|results|ratings?|verdicts?)\b"
    r"|^\W*(?:we|i)\s+(?:were|was)\s+not\s+paid\b",
    re.I,
)
_SET_UP = re.compile(
    r"^\W*we\s+(?:used|tested|printed|ran|tried|rode|wore|timed|lived\s+with|put|cooked|brewed|vacuumed|drove|"
    r"carried|played|charged|measured\s+each|installed|set\s+up|spent)\b"
    r"(?=.*?\b(?:each\s+of|every|both|all\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve)|"
    r"for\s+(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|several|\d+)\s+"
    r"(?:day|week|month|year|night|hour)s?)\b)",
    re.I,
)
_FINDING = re.compile(r"\b(?:than|found|finds|showed|shows|revealed|measured\s+(?!each)|is|are|was|were|"
                      r"faster|slower|better|worse|best|worst)\b", re.I)


def _method_line(sentence: str) -> bool:
    """Whether ``sentence`` says how a reviewer tests or buys, not what it found (:data:`_METHOD`, :data:`_SET_UP`)."""
    if _METHOD.search(sentence):
        return True
    if not _SET_UP.search(sentence):
        return False
    clause = re.split(r"[:;]", sentence, maxsplit=1)[0]  # "...: the Inkora LP-40, the Tagwell T5 Pro ..." lists them
    return not _FINDING.search(clause)


#: the title of a page that is one legal notice: an imprint, terms, a privacy or cookie policy, a disclaimer
_LEGAL_TITLE = re.compile(
    r"(?:legal\s+(?:notice|notices|information|disclaimer)|imprint|impressum|site\s+notice|disclaimer|"
    r"terms\s+(?:of\s+(?:use|service|sale)|and\s+conditions|&\s+conditions)|conditions\s+of\s+(?:use|sale)|"
    r"(?:privacy|cookie|cookies)\s+(?:policy|notice|statement|settings)|data\s+protection(?:\s+(?:policy|notice|"
    r"declaration))?|datenschutz(?:erkl(?:ä|ae)rung)?|nutzungsbedingungen|agb|mentions\s+l(?:é|e)gales|"
    r"aviso\s+legal|note\s+legali|colofon|accessibility\s+statement)",
    re.I,
)
#: separators between a page title's parts ("Impressum | Example GmbH", "Privacy Policy - Example News")
_TITLE_PARTS_RE = re.compile(r"\s+(?:[-|–—·•»›:]|::)\s+|:\s+")


def legal_page(title: str | None) -> bool:
    """Whether a page titled ``title`` is a legal notice as a whole (an imprint, a legal notice, terms of use, a
    privacy or cookie policy, a disclaimer, in English, German, French, Spanish, Italian or Dutch): one part of the
    title between site-name separators is only that ("Legal notice", "Impressum | Example GmbH", "Privacy Policy -
    Example News"). Its sentences ("This website is operated by ...", "All content is provided for information
    only.") are furniture of the site, never claims. A title that only mentions one ("Privacy policy changes
    anger users") is not one."""
    parts = _TITLE_PARTS_RE.split(" ".join((title or "").split()))
    return any(_LEGAL_TITLE.fullmatch(part.strip(" .")) for part in parts if part.strip())


def _weak_reference_cues(sentence: str) -> int:
    return sum(1 for cue in _WEAK_REFERENCE if cue.search(sentence))


_ENUMERATED_RE = re.compile(r"^\s*(?:\d{1,3}[.)]|\[\d{1,3}\]|[-*•–])\s+")
_PAREN_YEAR_RE = re.compile(r"\((?:1[5-9]|20)\d\d[a-z]?\)")
_CASED_WORD_RE = re.compile(r"[^\W\d_]{3,}")
#: lower-case words a name or title may hold ("Bank of America", "Journal for the Study of ...")
_NAME_LINKS = frozenset("and the for of von van der des del della with from into".split())


def _no_predicate(sentence: str) -> bool:
    """True when every cased word of 3+ letters is capitalised or a name link: a name or title, no statement.
    Scripts without case (Chinese, Japanese, Thai, Arabic...) are never judged here."""
    words = [w for w in _CASED_WORD_RE.findall(sentence) if w.lower() != w.upper()]
    if any(w.lower() in _DATE_NAMES for w in words):
        # a month or a weekday is capitalised in any statement ("- November to February: Tuesday to Sunday, 10:00 to
        # 16:00. Closed on Mondays.", an opening-hours list, issue 9): neither it nor the opening word is a name
        words = [w for w in words if w.lower() not in _DATE_NAMES][1:]
        if not any(w[0].isupper() for w in words):
            return False
    return bool(words) and all(w[0].isupper() or w.lower() in _NAME_LINKS for w in words)


#: English month and weekday names (and their plurals: "Closed on Mondays")
_DATE_NAMES = frozenset(
    "january february march april may june july august september october november december monday tuesday "
    "wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays".split())


#: an entry's list marker ("[12]", "12.", "^", "-") before its authors
_ENTRY_MARKER = r"(?:\[\d{1,3}\]|\d{1,3}[.)]|\^|[-*•])\s*"
_SURNAME = r"[A-Z][\w'’\-]+"
#: authors the way a reference list opens: "Smith, J." / "Smith, J. A.," (initials after a comma), "Smith JA," /
#: "Harlan P, " (Vancouver initials, then a comma), each possibly followed by more authors
_INITIALS_AUTHOR = rf"{_SURNAME},\s+(?:[A-Z]\.\s*){{1,3}}|{_SURNAME}\s+[A-Z]{{1,3}},"
#: ... or, after a list marker, "Miller, Kate." (a full first name ended by a full stop) or "Harlan P." (Vancouver
#: initials ended by a full stop: without the marker that is how prose names a person, "Aaron B. Rollins")
_MARKED_AUTHOR = rf"{_SURNAME},\s+[A-Z][a-z]+(?:\s+[A-Z]\.)?\.|{_SURNAME}\s+[A-Z]{{1,3}}\."
_AUTHOR_HEAD_RE = re.compile(rf"^\s*(?:(?:{_ENTRY_MARKER})?(?:{_INITIALS_AUTHOR})|{_ENTRY_MARKER}(?:{_MARKED_AUTHOR}))")
_ENTRY_YEAR_RE = re.compile(r"(?<!\d)(?:1[5-9]|20)\d\d[a-z]?(?!\d)|\bn\.\s?d\.")
_ONE_AUTHOR = rf"(?:{_SURNAME},\s+(?:[A-Z]\.\s*){{1,3}}|{_SURNAME}\s+[A-Z]{{1,3}}\b\.?|{_SURNAME},\s+[A-Z][a-z]+)"
_AUTHORS = rf"{_ONE_AUTHOR}(?:\s*(?:,|;|&|and)\s*{_ONE_AUTHOR})*(?:,?\s*et\s+al\.?)?"
_YEAR_PART = r",?\s*\(?(?:(?:1[5-9]|20)\d\d[a-z]?|n\.\s?d\.)\)?\.?"
#: a sentence that is only an entry's authors and year ("Harlan, P. 2010.", "Smith, J. (2019).") or, after a list
#: marker, its authors ("[12] Jones, A.")
_AUTHOR_YEAR_RE = re.compile(rf"^\s*(?:{_AUTHORS}{_YEAR_PART}|{_ENTRY_MARKER}{_AUTHORS}(?:{_YEAR_PART})?)\s*$")


def is_author_head(sentence: str) -> bool:
    """Whether ``sentence`` opens the way a reference entry does: its authors first ("Smith, J.", "Harlan P.",
    "Smith JA,", or after a list marker "[3] Miller, Kate.") and a year (or "n.d.") after them: "Smith, J. (2019).
    Title. Journal 12(3):45-67.", "[12] Jones, A. The stone bridges ... Oxford, 2001.". A sentence of prose does not
    open with a surname, a comma and initials."""
    m = _AUTHOR_HEAD_RE.match(sentence)
    return m is not None and _ENTRY_YEAR_RE.search(sentence, m.end()) is not None


def is_reference_entry(sentence: str) -> bool:
    """Whether ``sentence`` reads as a reference-list or bibliography entry: a DOI, ISBN/ISSN, PMID, arXiv id,
    "Retrieved <date>", "Archived from the original" or a volume(issue):pages figure (unless that cue is in
    brackets after a statement: "The society published its history in 1998 (ISBN ...)." is prose,
    :func:`_cited_statement`); or three weaker cues ("et al." or "(2010)", "pp. 12", a journal word, "Smith, J.", a
    final page range, a URL, a "[12]" marker); or authors first and a year after them (:func:`is_author_head`); or a
    list item or a name with a year in brackets that states nothing (no lower-case word but name links: "3. Drennic
    Coastal Authority (1990)."); or an entry without a personal author told by its parts
    (:func:`_entry_by_parts`: "Brisford Canal Society (1994). A history of the locks. Tarnby: Weir Press.",
    "Annual Report 2017. Brisford Canal Trust, pp. 4-9.", "Lock keeper's log, 1952 (unpublished typescript).")."""
    if _STRONG_REFERENCE.search(sentence) and not _cited_statement(sentence) \
            or _weak_reference_cues(sentence) >= WEAK_REFERENCE_CUES:
        return True
    if is_author_head(sentence):
        return True
    if bool(_ENUMERATED_RE.match(sentence) or _PAREN_YEAR_RE.search(sentence)) and _no_predicate(sentence) \
            and not _LABELLED_FIGURE_RE.match(sentence.strip()):
        return True
    return _entry_by_parts(sentence)


#: the least words of a statement that cites its source in brackets (:func:`_cited_statement`)
_CITED_STATEMENT_MIN_WORDS = 6
_BRACKETS_RE = re.compile(r"\s*\([^()]*\)")


def _cited_statement(sentence: str) -> bool:
    """Whether ``sentence`` is one statement that gives its source's identifier in brackets ("The society published
    its history of the line in 1998 (ISBN 0-9512345-2-8)."): without the brackets it has no reference cue left, is
    one part (no full stop inside), writes a finite verb (:func:`~shared.text.verbs.finite_verb`) and has at least
    :data:`_CITED_STATEMENT_MIN_WORDS` words, and it opens with no authors (:func:`is_author_head`)."""
    if "(" not in sentence or is_author_head(sentence):
        return False
    bare = _BRACKETS_RE.sub("", sentence).strip()
    return (bare != sentence.strip() and not _STRONG_REFERENCE.search(bare) and len(_entry_parts(bare)) == 1
            and len(bare.split()) >= _CITED_STATEMENT_MIN_WORDS and finite_verb(bare)
            and not _no_predicate(bare))


# ---------------------------------------------------------------------------------------------- entries by parts

#: what an entry locates or says of its work: pages ("pp. 12-14", "p. 7"), a volume, an edition or a chapter
#: ("vol. 3", "2nd edn"), "n.d.", "Retrieved from" / "Accessed on" opening a part, and the kind of work it is when
#: that stands in brackets or opens a part ("(unpublished typescript)", ", PhD thesis", ". Privately printed")
_LOCATOR_RE = re.compile(
    r"\bpp?\.\s*\d+(?:\s*[-–]\s*\d+)?|\b(?:vols?|eds?|edn|ch|fols?)\.\s*\d+|\b\d+(?:st|nd|rd|th)\s+edn?\b\.?"
    r"|\bn\.\s?d\."
    r"|(?:^|(?<=[.;]\s))(?:retrieved|accessed|downloaded)\s+(?:from|on|at|via)\b[^.;]*"
    r"|\((?:[^()]*\s)?(?:unpublished|typescript|manuscript|mimeograph|(?:\w+\s+)?thesis|dissertation|"
    r"privately\s+(?:printed|published)|in\s+press|forthcoming)\b[^()]*\)"
    r"|(?:^|(?<=[.,;:]\s))(?:an?\s+)?(?:unpublished|typescript|manuscript|mimeograph|(?:PhD|MA|MSc|MPhil|BA|doctoral)"
    r"\s+(?:thesis|dissertation)|privately\s+(?:printed|published))\b[^.,;()]*",
    re.I,
)
#: a part telling where a work was read ("Retrieved from the trust's website", "Accessed on 3 May 2024")
_RETRIEVED_RE = re.compile(r"(?:retrieved|accessed|downloaded)\s+(?:from|on|at|via)\b", re.I)
_ENTRY_YEAR = r"(?:1[5-9]|20)\d\d[a-z]?"
#: an entry's first part when its author is a body or a work: a name and a year in brackets, nothing else
#: ("Brisford Canal Society (1994)", "- Tarnby Parish Council (1961)")
_HEAD_RE = re.compile(rf"^\s*(?:{_ENTRY_MARKER})?(?P<name>[^()]{{2,80}}?)\s*\(\s*{_ENTRY_YEAR}\s*\)\s*$")
#: a place and a publisher ("Tarnby: Weir Press", "London: Canal Books"), or a notice's labelled field of that shape
#: ("Venue: Town Hall", "Chair: Ada Marsh"): :func:`_publisher_part` tells them apart
_PUBLISHER_RE = re.compile(r"^[A-Z][\w'’.\-]*(?:\s+[A-Z][\w'’.\-]*){0,3}\s*:\s*[A-Z][\w'’&.,\- ]{1,80}$")
#: a word of the publishing trade in a publisher's name after its place ("Tarnby: Weir Press", "London: Canal
#: Books", "Berlin: Harl Verlag")
_PUBLISHING_WORD_RE = re.compile(r":.*\b(?:Press|Books|Publishing|Publishers|Publications|Verlag|[ÉE]ditions|Printers)\b")
#: a year as an entry sets it: at a part's start, after a comma, or alone in brackets ("Lock keeper's log, 1952",
#: "(1952)"), not "in 1952"
_PART_YEAR_RE = re.compile(rf"(?:^|(?P<before>[^\W\d_]*),\s*|\(\s*){_ENTRY_YEAR}\s*\)?\s*(?=[.,;:(]|$)")
#: a name or title ending in a year ("Annual Report 2017")
_TITLE_YEAR_RE = re.compile(rf"^(?P<name>.*[^\W\d_].*?)\s+{_ENTRY_YEAR}$")
#: where an entry's parts end: a full stop (or semicolon) and a space, not after an initial or an abbreviation
_PART_END_RE = re.compile(r"(?<=[.;])\s+")
_ABBREVIATIONS = frozenset("p pp vol vols no nos ed eds edn ch fol fols al st dr mr mrs ms n.d cf".split())


def _entry_parts(sentence: str) -> list[str]:
    """``sentence`` cut at each full stop or semicolon followed by a space that ends no initial ("J.") or
    abbreviation ("pp.", "vol.", "et al."): "Brisford Canal Society (1994). A history of the locks. Tarnby: Weir
    Press." -> ["Brisford Canal Society (1994)", "A history of the locks", "Tarnby: Weir Press"]."""
    parts, at = [], 0
    for m in _PART_END_RE.finditer(sentence):
        before = sentence[at:m.start() - 1].split()
        last = before[-1].lower() if before else ""
        if not before or (len(last) == 1 and last.isalpha()) or last in _ABBREVIATIONS:
            continue
        parts.append(sentence[at:m.start()])
        at = m.end()
    parts.append(sentence[at:])
    return [p.strip().rstrip(".;").strip() for p in parts if p.strip().rstrip(".;").strip()]


def _part_year(part: str) -> bool:
    """Whether ``part`` gives a year the way an entry does (:data:`_PART_YEAR_RE`, not after a month: "May, 1996"
    dates an event) or is a name or title ending in a year that states nothing ("Annual Report 2017")."""
    if any((m.group("before") or "").lower() not in _DATE_NAMES for m in _PART_YEAR_RE.finditer(part)):
        return True
    m = _TITLE_YEAR_RE.match(part)
    return m is not None and _no_predicate(m.group("name"))


def _publisher_part(parts: list[str], headed: bool) -> bool:
    """Whether an entry's ``parts`` (:func:`_entry_parts`) give its place and publisher after the first part
    (:data:`_PUBLISHER_RE`, naming nothing but names: :func:`_no_predicate`): the one part of that shape, and either
    the publisher's name holds a word of publishing (:data:`_PUBLISHING_WORD_RE`: "Tarnby: Weir Press") or a head
    opens the entry (``headed``: a body's name and year in brackets, "Brisford Canal Society (1994). A history of
    the locks. Tarnby: Weir."), whose work the publisher made. A notice's labelled fields have the same shape:
    "Open Day 2025. Venue: Town Hall. Entry: Free." (two of them) or "Annual General Meeting 2024. Chair: Ada Marsh."
    (a label and a person after an event's name and year) are none."""
    shaped = [p for p in parts[1:] if _PUBLISHER_RE.match(p) and _no_predicate(p)]
    return len(shaped) == 1 and (headed or _PUBLISHING_WORD_RE.search(shaped[0]) is not None)


def _entry_by_parts(sentence: str) -> bool:
    """Whether ``sentence`` (a line or a sentence) is a reference entry without a personal author, told by its
    parts (:func:`_entry_parts`). None of it writes a finite verb once its locators are taken out
    (:func:`~shared.text.verbs.finite_verb`), each part has fewer than :data:`ENTRY_SENTENCE_MAX_WORDS` words (a
    longer run is prose), and it has two kinds of entry part of these: a head (a name and a year in brackets and
    nothing else, first: "Brisford Canal Society (1994)") and, after it, a title; a place and a publisher after the
    first part ("Tarnby: Weir Press", :func:`_publisher_part`); a locator (:data:`_LOCATOR_RE`: "pp. 4-9", "(unpublished typescript)",
    "Retrieved from ..."); a year as an entry sets it ("Lock keeper's log, 1952", "Annual Report 2017"). A part
    opening "Retrieved from" after the first is enough alone, and so is a locator after nothing but a name
    ("Brisford Canal Trust, pp. 4-9."). "The society published A history of the locks in 1994." writes a verb and
    is prose."""
    if len(sentence.split()) > ENTRY_MAX_WORDS:
        return False
    unlocated = _LOCATOR_RE.sub(" ", sentence)
    if finite_verb(unlocated) or not re.search(r"[^\W\d_]{2}", unlocated):
        return False
    parts = _entry_parts(sentence)
    if not parts or any(len(p.split()) >= ENTRY_SENTENCE_MAX_WORDS for p in parts):
        return False
    kinds = set()
    head = _HEAD_RE.match(parts[0])
    if head and _no_predicate(head.group("name")):
        kinds.add("head")
        if any(len(p.split()) >= 2 for p in parts[1:]):
            kinds.add("title")
    if _publisher_part(parts, "head" in kinds):
        kinds.add("publisher")
    located = _LOCATOR_RE.search(sentence) is not None
    if located:
        kinds.add("locator")
    if any(_RETRIEVED_RE.match(p) for p in parts[1:]):
        kinds.add("retrieved")  # where a work was read, after its name or title: an entry's own last part
    if any(_part_year(_LOCATOR_RE.sub(" ", p).strip(" ,")) for p in parts):
        kinds.add("year")
    return len(kinds) >= 2 or "retrieved" in kinds or (located and _no_predicate(unlocated))


#: a label with its year in brackets, a colon and a figure ("Attendance (2023): 24,750", "Visitors (2022): 21,300"):
#: a value of the page's subject, no entry of a reference list (a work's year is followed by its title)
_LABELLED_FIGURE_RE = re.compile(r"[^\W\d_][^\W\d_'’-]*(?:[ '’-][^\W\d_]+){0,2}\s*\(\s*(?:1[89]|20)\d\d\s*\)\s*:\s*"
                                 r"\d[\d,.]*(?:\s*[^\W\d_]{1,12})?\.?$")


#: a sentence that is only a list item's name and a year in brackets: "- Holmby County Council (1954)." (a body as
#: an entry's author)
_NAME_YEAR_RE = re.compile(rf"^\s*{_ENTRY_MARKER}[^()\n]{{2,80}}?\s*\((?:1[5-9]|20)\d\d[a-z]?\)\.?\s*$")


def _author_year_only(sentence: str) -> bool:
    """Whether ``sentence`` is only an entry's authors (and year): "Harlan, P. 2010.", "[12] Jones, A.", or a list
    item's name and year in brackets that states nothing ("- Brenvale Harbour Board (1961).")."""
    return _AUTHOR_YEAR_RE.match(sentence) is not None or (
        _NAME_YEAR_RE.match(sentence) is not None and _no_predicate(sentence))


def _run_in_entries(text: str) -> list[tuple[int, int]]:
    """Spans of reference entries run into the prose of a paragraph: a sentence that is only authors and a year
    ("Harlan, P. 2010.") with the sentence after it (the work's title) and the fragments after that which name
    nothing but names and numbers ("Cambridge: Cambridge University Press.", "Nature Plants."). A body's name and
    year in brackets without a list marker ("Tarnby Canal Society (1994).", :func:`_body_head`) opens one only when
    the title after it writes no finite verb and at least one such fragment follows (else it may be a heading over
    prose: "The Old Wharf (1794). The wharf was built ...")."""
    sents = split_sentences(text)
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(sents):
        bare = not _author_year_only(sents[i].text)
        if bare and not _body_head(sents[i].text):
            i += 1
            continue
        start, end = sents[i].start, sents[i].end
        j = i + 1
        if j < len(sents) and "\n\n" not in text[end:sents[j].start]:
            if bare and finite_verb(sents[j].text):
                i = j  # "The Old Mill (1998). The mill was built ...": a heading and prose, no entry
                continue
            end = sents[j].end  # the title
            j += 1
            # (up to the next entry's authors: "- Marrowby Harbour Board (1961)." opens an entry of its own)
            while j < len(sents) and "\n\n" not in text[end:sents[j].start] and _no_predicate(sents[j].text) \
                    and len(sents[j].text.split()) <= _HEADING_MAX_WORDS and not _author_year_only(sents[j].text) \
                    and not _body_head(sents[j].text):
                end = sents[j].end  # the publisher, the journal
                j += 1
            if bare and j == i + 2:
                i = j - 1  # a body's name and year, then one sentence: a heading over prose as likely as an entry
                continue
        spans.append((start, end))
        i = j
    return spans


def _body_head(sentence: str) -> bool:
    """Whether ``sentence`` is only a name and a year in brackets without a list marker, as a body's entry opens
    when run into a paragraph ("Tarnby Canal Society (1994)."): see :data:`_HEAD_RE`."""
    m = _HEAD_RE.match(sentence.strip().removesuffix("."))
    return m is not None and _no_predicate(m.group("name"))


def noise_kind(sentence: str) -> str | None:
    """The kind of page furniture ``sentence`` is (one of :data:`NOISE_KINDS`), or ``None`` for content.

    Order: reference entry (:func:`is_reference_entry`), cookie consent, paywall notice, subscribe box, legal or
    investment disclaimer, navigation ("skip to content", "read more", "sign in", "©", a line of links under a label:
    "Related: Flood warnings lifted · Ski lifts open early"), a pointer at a table or
    chart of the page ("The table below gives ...", "Below is a list of ..."), a contact line ("For press enquiries
    contact ...", "Contact us at ..."), a hatnote ("Not to be confused with ...", "For other uses, see ..."), a
    byline or dateline, the whole sentence ("By Priya Ramanathan, 21 October 2026.", "Published 3 May 2024."), a
    reviewer's method ("LabelLab buys every printer it tests at retail", "We used both printers for a month ...").
    """
    if is_reference_entry(sentence):
        return "reference"
    for kind, pattern in (("consent", _CONSENT), ("paywall", _PAYWALL), ("subscribe", _SUBSCRIBE),
                          ("disclaimer", _DISCLAIMER), ("navigation", _NAVIGATION), ("pointer", _POINTER),
                          ("contact", _CONTACT), ("hatnote", _HATNOTE)):
        if pattern.search(sentence):
            return kind
    if _BYLINE.search(sentence):
        return "byline"
    if _method_line(sentence):
        return "method"
    return None


_HEADING_MAX_WORDS = 12
#: a line of at most this many words that reads as a reference entry is one (a longer one is prose that cites)
ENTRY_MAX_WORDS = 60
_BLOCK_RE = re.compile(r"[^\n]+(?:\n(?!\n)[^\n]+)*")


def _is_heading(block: str) -> bool:
    words = block.split()
    return 0 < len(words) <= _HEADING_MAX_WORDS and not re.search(r"[.!?。！？:;]['\"”’)\]]*$", block.strip())


#: an entry's "sentences" (authors, title, journal, volume) are short; a line with a sentence this long is prose
#: that ends with a citation ("... reduction in the risk of hip fracture. JAMA. 2000;283:3211-3216")
ENTRY_SENTENCE_MAX_WORDS = 15


def _fragments_only(line: str) -> bool:
    return all(len(s.text.split()) < ENTRY_SENTENCE_MAX_WORDS for s in split_sentences(line))


#: a numbered list item's number: "4. ...", "4) ...", "[4] ..."
_ITEM_NUMBER_RE = re.compile(r"^\s*\[?(\d{1,3})[.)\]]\s+")


def _item_number(line: str) -> int | None:
    """The number a numbered list item opens with ("4. Velmora Town Archive, MS 114." -> 4), or None."""
    m = _ITEM_NUMBER_RE.match(line)
    return int(m.group(1)) if m else None


def _continues_entries(line: str, last_entry_number: int | None) -> bool:
    """Whether ``line`` is the next item of a numbered list of reference entries whose last item was numbered
    ``last_entry_number`` ("3. Grell, M. (1862). Handbook ..." then "4. Velmora Town Archive, MS 114, Accounts of
    the gate, 1688-1690."): numbered one more, at most :data:`ENTRY_MAX_WORDS` words of fragments (an archive
    entry names a place, a shelf mark and a title, with no author-year to tell it by)."""
    n = _item_number(line)
    return (last_entry_number is not None and n == last_entry_number + 1
            and len(line.split()) <= ENTRY_MAX_WORDS and _fragments_only(line))


def _statement(sentence: str) -> bool:
    """Whether ``sentence`` states something of its own: at least :data:`_CITED_STATEMENT_MIN_WORDS` words, a finite
    verb (:func:`~shared.text.verbs.finite_verb`), a lower-case word that is no name link, and no reference cue."""
    return (len(sentence.split()) >= _CITED_STATEMENT_MIN_WORDS and finite_verb(sentence)
            and not _no_predicate(sentence) and not is_reference_entry(sentence))


def _entry_core(text: str, start: int, end: int) -> tuple[int, int]:
    """The span of the reference entry in the line ``text[start:end]`` that reads as one (:func:`is_reference_entry`)
    without the statements before and after it in that line (:func:`_statement`: "The line opened in 1902. Tarnby
    Canal Society (1994). A history of the locks. Tarnby: Weir Press. ISBN 0-9512345-2-8. The station reopened in
    1996 as a museum." -> the entry alone), as long as what is left still reads as an entry. The whole line when
    nothing is cut."""
    sents = list(split_sentences(text[start:end]))
    lo, hi = 0, len(sents)
    while hi - lo > 1 and _statement(sents[lo].text) \
            and is_reference_entry(text[start + sents[lo + 1].start:start + sents[hi - 1].end]):
        lo += 1
    while hi - lo > 1 and _statement(sents[hi - 1].text) \
            and is_reference_entry(text[start + sents[lo].start:start + sents[hi - 2].end]):
        hi -= 1
    if (lo, hi) == (0, len(sents)):
        return start, end
    return start + sents[lo].start, start + sents[hi - 1].end


def reference_sections(text: str) -> list[tuple[int, int]]:
    """Character spans (start inclusive, end exclusive) of ``text`` that are reference lists.

    A block (a line, or lines without a blank line between them) that is a reference heading ("References",
    "Bibliography", "Works cited", "Notes", "Further reading", "External links", "See also", "Sources", numbered,
    with Markdown's "## " or with a colon) opens a section that runs to the next heading that is not one; each
    single line of a section is dropped. Outside such sections, a line of at most :data:`ENTRY_MAX_WORDS` words that
    is a reference entry (:func:`is_reference_entry`) whose sentences are all fragments (under
    :data:`ENTRY_SENTENCE_MAX_WORDS` words) or that opens with its authors and a year (:func:`is_author_head`) is
    one (without the statements before and after it in that line, :func:`_entry_core`), and so is a run of two or
    more consecutive entry lines; a numbered line that continues a numbered list of
    entries is an entry too, inside a section or out (:func:`_continues_entries`); so are entries run into a paragraph's prose (authors and year as a sentence of
    their own, then the title and the publisher: :func:`_run_in_entries`). Spans are in text order and do not overlap.
    """
    spans: list[tuple[int, int]] = []
    lines = [(m.start(), m.end(), m.group(0)) for m in re.finditer(r"[^\n]+", text)]
    inside = False
    run: list[tuple[int, int]] = []

    def flush_run() -> None:
        if len(run) >= 2:
            spans.append((run[0][0], run[-1][1]))
        run.clear()

    last_number: int | None = None  # the number of the last line if it was a numbered reference entry
    for start, end, line in lines:
        stripped = line.strip()
        if not stripped:
            continue
        if _REFERENCE_HEADING.match(stripped):
            flush_run()
            inside = True
            last_number = None
            spans.append((start, end))
            continue
        continued = _continues_entries(stripped, last_number)
        if inside:
            if _is_heading(stripped) and not is_reference_entry(stripped) and not continued:
                inside = False
            else:
                spans.append((start, end))
                last_number = _item_number(stripped)
                continue
        if is_reference_entry(stripped) or continued:
            if not continued:
                # a statement before or after the entry in the same line is no part of it
                start, end = _entry_core(text, start, end)
                stripped = text[start:end]
            run.append((start, end))
            last_number = _item_number(stripped)
            if continued or (len(stripped.split()) <= ENTRY_MAX_WORDS
                             and (_fragments_only(stripped) or is_author_head(stripped))):
                # one entry on its own line: its sentences are fragments of it, or it opens with its authors
                spans.append((start, end))
        else:
            last_number = None
            flush_run()
    flush_run()
    spans += _run_in_entries(text)
    spans.sort()
    merged: list[tuple[int, int]] = []
    for s, e in spans:
        if merged and s <= merged[-1][1] + 2:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((s, e))
    return merged


def in_spans(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    """Whether ``[start, end)`` overlaps one of ``spans``."""
    return any(s < end and start < e for s, e in spans)


# ---------------------------------------------------------------------------------------------- glued titles

#: words that open a sentence but, capitalised in the middle of one, mark where a glued heading ended
_OPENERS = (
    "The|An|In|On|At|During|After|Before|Since|When|While|This|These|Those|It|Its|He|She|His|Her|They|Their|We|"
    "Our|There|According|Although|However|Unlike|Despite"
)
#: a run of capitalised words or numbers (a title or heading, "Journal of Cell Studies 12(4)") then an opener
#: followed by a lower-case word: "Journal of Cell Studies 12(4) The protein folds ..."
_GLUED_RE = re.compile(
    rf"^(?P<head>(?:(?:[A-Z0-9][\w'’.,:()&/\-]*|of|the|and|for|in|on|de|la|du|von|van|&|-|–|—|\|)\s+){{1,14}}?)"
    rf"(?P<rest>(?:{_OPENERS})\s+[a-z])"
)


_MONTH = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|"
          r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?")
#: a date line glued to the sentence after it: "2024-06-01 Quill 5.0 is ...", "Updated: March 3, 2024 The ..."
_GLUED_DATE_RE = re.compile(
    rf"^(?:(?:Published|Updated|Posted|Last\s+(?:updated|modified)|Modified)(?:\s+on)?:?\s+)?"
    rf"(?:\d{{4}}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d)?(?:Z|[+-]\d\d:?\d\d)?)?|\d{{1,2}}/\d{{1,2}}/\d{{2,4}}"
    rf"|{_MONTH}\s+\d{{1,2}},?\s+\d{{4}}|\d{{1,2}}\s+{_MONTH}\s+\d{{4}})"
    rf"(?:,?\s+\d{{1,2}}:\d\d(?:\s*[ap]\.?m\.?)?)?\s+(?=[A-Z\"“‘'(])"
)


_OPENER_RE = re.compile(rf"(?:{_OPENERS})\s+[a-z]")


def unglue(sentence: Sentence, title: str | None = None) -> Sentence:
    """``sentence`` without a heading glued to its front, or ``sentence`` unchanged.

    The glued part is the page ``title`` when the sentence opens with it followed by a sentence opener and a
    lower-case word ("Eiffel Tower The tower was ..."), or by a capitalised word without a space between them
    ("Drennic HarbourFishermen built ..."; a one-word title only before an opener: not "JavaScript is ...");
    not "Eiffel Tower is ...", a sentence about it, nor
    "Josep Maria Fusté Blanch (born 1941) is ..." under the title "Josep Maria Fusté"); otherwise a run of at least two capitalised words or
    numbers ended by a sentence opener ("The", "In", "This", "It", ...) that is followed by a lower-case word:
    "Journal of Cell Studies 12(4) The protein folds in two stages." -> "The protein folds in two stages.".
    A date line glued to the front goes first: "Updated: March 3, 2024 The council said ..." -> "The council
    said ...".
    Offsets stay exact: ``text[result.start:result.end] == result.text``.
    """
    for _ in range(3):  # "Title 2024-06-01 Sentence ...": a title, then a date, each cut in turn
        cut = _glued_prefix(sentence.text, title)
        if not cut:
            break
        sentence = Sentence(start=sentence.start + cut, end=sentence.end, text=sentence.text[cut:])
    return sentence


def _glued_prefix(s: str, title: str | None) -> int:
    """Length of the heading, title or date glued to the front of ``s`` (0: none)."""
    date = _GLUED_DATE_RE.match(s)
    if date and len(s) > date.end():
        return date.end()
    t = " ".join((title or "").split())
    if t and len(t) < len(s) and s.startswith(t) and s[len(t):len(t) + 1].isspace():
        rest = s[len(t):].lstrip()
        if _OPENER_RE.match(rest) or _GLUED_DATE_RE.match(rest):  # not "Josep Maria Fusté Blanch (born 1941) is ..." under "Josep Maria Fusté"
            return len(s) - len(rest)
    if t and len(t) + 2 < len(s) and s.startswith(t) and s[len(t)].isupper() and s[len(t) + 1].islower():
        # run together without a space: "Drennic HarbourThe harbour was ..."; a one-word title only before an
        # opener ("Java" does not cut "JavaScript is ...")
        rest = s[len(t):]
        if len(t.split()) >= 2 or _OPENER_RE.match(rest):
            return len(t)
    m = _GLUED_RE.match(s)
    if m and len(m.group("head").split()) >= 2 and any(w[:1].isupper() for w in m.group("head").split()):
        return m.start("rest")
    return 0


# ---------------------------------------------------------------------------------------------- walls

#: a page with fewer words than this in sentences that are not page furniture has no content of its own
WALL_MAX_CONTENT_WORDS = 25
_SENTENCE_MIN_WORDS = 5


def wall_kind(text: str) -> str | None:
    """``"consent"`` or ``"paywall"`` when ``text`` (a page's extracted text) is only a cookie-consent or paywall
    notice: at least one of its sentences is such a notice (:func:`noise_kind`) and its sentences of at least five
    words that are not page furniture hold fewer than :data:`WALL_MAX_CONTENT_WORDS` words in all. A paywalled
    article that shows its first paragraph is content (its teaser), not a wall. The kind is the one with more
    words. ``None`` otherwise."""
    if not (_CONSENT.search(text) or _PAYWALL.search(text)):
        return None  # no sentence of it can be either notice: not split into sentences (most pages)
    content = 0
    walls = {"consent": 0, "paywall": 0}
    for sent in split_sentences(text):
        words = len(sent.text.split())
        kind = noise_kind(sent.text)
        if kind in walls:
            walls[kind] += words
        elif kind is None and words >= _SENTENCE_MIN_WORDS and re.search(r"[.!?。！？]['\"”’)\]]*$", sent.text):
            content += words
    if content >= WALL_MAX_CONTENT_WORDS or not any(walls.values()):
        return None
    return max(walls, key=lambda k: walls[k])


#: how much of a page's text :func:`page_kind` reads (a page with content of its own has some before this)
KIND_CHARS = 50_000


def page_kind(text: str) -> str | None:
    """What a page's text (``text``, as extracted; its first :data:`KIND_CHARS` characters) is as a whole when it is
    page furniture, never content:
    ``"consent"`` or ``"paywall"`` when it is only such a notice (:func:`wall_kind`), ``"reference"`` when it is a
    reference list or bibliography: it has reference sections or entries (:func:`reference_sections`) and no
    sentence outside them states anything (a sentence of at least five words that ends as a sentence does and is
    no page furniture: a heading such as "Further reading on the rope works" states nothing). ``None`` for a page
    with content of its own, and for an empty one. Never raises."""
    text = text[:KIND_CHARS]
    wall = wall_kind(text)
    if wall is not None:
        return wall
    spans = reference_sections(text)
    if not spans:
        return None
    outside, at = [], 0
    for start, end in spans:
        outside.append(text[at:start])
        at = end
    outside.append(text[at:])
    for sent in split_sentences("\n\n".join(outside)):
        if (len(sent.text.split()) >= _SENTENCE_MIN_WORDS and noise_kind(sent.text) is None
                and re.search(r"[.!?。！？]['\"”’)\]]*$", sent.text)):
            return None  # a statement of its own: content
    return "reference"

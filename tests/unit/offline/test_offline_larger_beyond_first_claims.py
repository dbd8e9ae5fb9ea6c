""""Which is larger, X or New X?" is decided by the areas wherever each option's area claim ranks, and a lead that
only counts of things held decide is not "high" (task h43, trial t58 q11: with earlier runs in the data dir, the
press kit's "The zoo covers 18 hectares ..." came back as a verdict reused from another run, ranked below the
option's first claims and was never read, so "Tamsford Zoo is larger: 1,240 animals [1]; New Tamsford Zoo: 610
animals [2]." led at 0.92 high; services.synthesizer.verdicts._decide_by_value, confidence.report_gate).
Invented names and figures only."""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import find_disagreements, synthesize
from services.synthesizer.verdicts import decide_choice, decide_yes_no
from shared.evidence import VerifiedClaim
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead

QUESTION = "Which is larger, Quillby Wildlife Park or New Quillby Wildlife Park?"
PAGES = {"r": local_source("r", "Quillby Wildlife Park"),
         "m": local_source("m", "Quillby Wildlife Park media pack"),
         "n": local_source("n", "New Quillby Wildlife Park")}
RECORD = [  # the record page's label rows: the option's own page, read first
    "Quillby Wildlife Park: founded 1971.",
    "Quillby Wildlife Park: animals 940.",
    "Quillby Wildlife Park: species 120.",
    "Quillby Wildlife Park: founder Ada Voss.",
    "Quillby Wildlife Park: town Quillby.",
    "Quillby Wildlife Park: type wildlife park.",
    "Quillby Wildlife Park: keepers 41.",
    "Quillby Wildlife Park: architect Per Lindt.",
    "Quillby Wildlife Park: trust Quillby Nature Trust.",
]
MEDIA = [  # the media pack's sentences name nothing: they are the park's by the page's title
    "The lemur walk opened in 2019.",
    "The café was rebuilt after the storm.",
    "The park covers 11 hectares and is home to 940 animals of 120 species.",
]
NEW = [
    "New Quillby Wildlife Park is a safari park on the Orne estuary.",
    "New Quillby Wildlife Park covers 29 hectares and keeps 450 animals of 52 species.",
    "New Quillby Wildlife Park's viewing tower, the Heron Mast, is 38 metres tall.",
]
TEXTS = [*RECORD, *MEDIA, *NEW]
TITLES = [*["Quillby Wildlife Park"] * len(RECORD), *["Quillby Wildlife Park media pack"] * len(MEDIA),
          *["New Quillby Wildlife Park"] * len(NEW)]
AREA = TEXTS.index(MEDIA[2])


def test_the_area_decides_though_it_ranks_below_the_options_first_claims() -> None:
    # the media pack's area sentence ranked last of the park's claims (below the record's nine rows and the pack's two
    # other sentences), as a verdict reused from an earlier run ranked it
    order = [i for i in range(len(TEXTS)) if i != AREA] + [AREA]
    choice = decide_choice(QUESTION, TEXTS, TITLES, order)
    assert choice is not None
    assert choice.options == ("New Quillby Wildlife Park", "Quillby Wildlife Park")
    assert choice.values == ("29 hectares", "11 hectares")
    assert choice.cited == (TEXTS.index(NEW[1]), AREA)
    assert not choice.by_count


def test_an_area_decides_before_a_towers_height() -> None:
    texts = [*TEXTS, "The Kite Tower, built in 1988, is 24 metres tall and is the park's highest point."]
    titles = [*TITLES, "Quillby Wildlife Park media pack"]
    # the heights rank first for both options: New's tower, and the park's Kite Tower before its area
    order = [len(texts) - 1, TEXTS.index(NEW[2]), *(i for i in range(len(TEXTS)) if i != TEXTS.index(NEW[2]))]
    choice = decide_choice(QUESTION, texts, titles, order)
    assert choice is not None
    assert choice.values == ("29 hectares", "11 hectares")


#: the same pages without an area: each option's count of animals only
COUNTS = [*RECORD, *MEDIA[:2], "The park is home to 940 animals of 120 species.",
          "New Quillby Wildlife Park is a safari park on the Orne estuary.",
          "New Quillby Wildlife Park keeps 450 animals of 52 species."]
COUNT_TITLES = [*["Quillby Wildlife Park"] * len(RECORD), *["Quillby Wildlife Park media pack"] * 3,
                "New Quillby Wildlife Park", "New Quillby Wildlife Park"]


def test_counts_alone_decide_larger_but_say_so() -> None:
    choice = decide_choice(QUESTION, COUNTS, COUNT_TITLES, list(range(len(COUNTS))))
    assert choice is not None
    assert choice.options == ("Quillby Wildlife Park", "New Quillby Wildlife Park")
    assert choice.values == ("940 animals", "450 animals")
    assert choice.by_count


def _claims(texts: list[str], titles: list[str], low: frozenset[int] = frozenset()) -> list[VerifiedClaim]:
    sid = {"Quillby Wildlife Park": "r", "Quillby Wildlife Park media pack": "m", "New Quillby Wildlife Park": "n"}
    out = []
    for i, (text, title) in enumerate(zip(texts, titles, strict=True)):
        claim = local_claim(f"c{i}", sid[title], text)
        # a verdict reused from an earlier run keeps that run's stability
        out.append(claim.model_copy(update={"stability": 0.6}) if i in low else claim)
    return out


def test_the_report_leads_with_the_areas_when_the_area_claim_is_a_reused_verdict() -> None:
    claims = _claims(TEXTS, TITLES, low=frozenset({AREA}))
    report = synthesize(QUESTION, claims, PAGES)
    assert _lead(report.markdown).startswith(
        "New Quillby Wildlife Park is larger: 29 hectares [1]; Quillby Wildlife Park: 11 hectares [2]."), \
        report.markdown
    gate = report_gate(QUESTION, report, PAGES, claims)
    assert gate.tier == "high" and "size_by_count" not in gate.signals, gate


def test_a_lead_decided_by_animal_counts_is_not_high() -> None:
    claims = _claims(COUNTS, COUNT_TITLES)
    report = synthesize(QUESTION, claims, PAGES)
    assert _lead(report.markdown).startswith(
        "Quillby Wildlife Park is larger: 940 animals [1]; New Quillby Wildlife Park: 450 animals [2]."), \
        report.markdown
    gate = report_gate(QUESTION, report, PAGES, claims)
    assert gate.tier == "medium" and gate.signals["size_by_count"] == 1.0, gate
    # "more animals" asks the count: it is no proxy there
    more = "Which has more animals, Quillby Wildlife Park or New Quillby Wildlife Park?"
    report = synthesize(more, claims, PAGES)
    assert "size_by_count" not in report_gate(more, report, PAGES, claims).signals


def test_is_it_larger_decided_by_counts_says_so() -> None:
    texts = ["Quillby Wildlife Park is home to 940 animals of 120 species.",
             "New Quillby Wildlife Park keeps 450 animals of 52 species."]
    titles = ["Quillby Wildlife Park", "New Quillby Wildlife Park"]
    decided = decide_yes_no("Is New Quillby Wildlife Park larger than Quillby Wildlife Park?", texts, titles, [0, 1],
                            [False, False])
    assert decided is not None and decided.answer is False and decided.by_count


def test_is_it_larger_reads_the_area_beyond_the_first_claims() -> None:
    order = [i for i in range(len(TEXTS)) if i != AREA] + [AREA]
    decided = decide_yes_no("Is New Quillby Wildlife Park larger than Quillby Wildlife Park?", TEXTS, TITLES, order,
                            [False] * len(TEXTS))
    assert decided is not None
    assert (decided.answer, decided.cited, decided.by_count) == (True, (TEXTS.index(NEW[1]), AREA), False)


def test_a_yes_no_lead_decided_by_counts_says_so() -> None:
    question = "Is New Quillby Wildlife Park larger than Quillby Wildlife Park?"
    claims = _claims(COUNTS, COUNT_TITLES)
    report = synthesize(question, claims, PAGES)
    assert _lead(report.markdown) == ("No: New Quillby Wildlife Park keeps 450 animals of 52 species [1]. The park is "
                                      "home to 940 animals of 120 species [2]."), report.markdown
    gate = report_gate(question, report, PAGES, claims)
    assert gate.tier == "low" and gate.signals["size_by_count"] == 1.0, gate


#: each park's count on its own page, both names written without "the" (as a zoo's or a park's often is)
OWN_PAGES = [local_claim("a", "r", "Quillby Wildlife Park is home to 940 animals of 120 species."),
             local_claim("b", "n", "New Quillby Wildlife Park is a safari park on the Orne estuary."),
             local_claim("c", "n", "New Quillby Wildlife Park keeps 450 animals of 52 species.")]


def test_the_counts_of_x_and_new_x_are_no_disagreement() -> None:
    assert find_disagreements(OWN_PAGES, {"r": "Quillby Wildlife Park", "n": "New Quillby Wildlife Park"}) == []
    question = "How many animals does Quillby Wildlife Park have?"
    report = synthesize(question, OWN_PAGES, PAGES)
    assert _lead(report.markdown) == "Quillby Wildlife Park is home to 940 animals of 120 species [1].", \
        report.markdown
    gate = report_gate(question, report, PAGES, OWN_PAGES)
    assert gate.tier == "high" and "disputed" not in gate.signals, gate
    report = synthesize(QUESTION, OWN_PAGES, PAGES)
    assert _lead(report.markdown).startswith(
        "Quillby Wildlife Park is larger: 940 animals [1]; New Quillby Wildlife Park: 450 animals [2]."), \
        report.markdown
    gate = report_gate(QUESTION, report, PAGES, OWN_PAGES)
    assert gate.tier == "medium" and gate.signals["size_by_count"] == 1.0, gate

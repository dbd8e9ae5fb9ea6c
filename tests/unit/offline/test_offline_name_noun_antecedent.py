"""A pronoun after a sentence whose subject is a name with a common head noun ("The Old Tarrowgill boat yard on the
eastern shore of the loch is ...", "The Skerry-Line ferry, with room for forty cars, was built ...") stands for that
thing, never for the page's subject (``services.claim_extractor.offline._resolve_pronouns``); a sentence opening
with a look-alike of the asked thing ("Old X ...") neither leads nor is trusted high
(``services.synthesizer.offline.opens_look_alike_on_page``, ``services.synthesizer.confidence``). The pages are
invented."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from tests.claim_pages import local_claim, local_source

MARINA = ("The Tarrowgill Marina is a yacht harbour at the mouth of the Ellan burn. It was founded in 1974 by the "
          "harbourmaster Ruaridh Fenwick, who dredged the old salmon pool for the first pontoons.\n\n"
          "The Skerry-Line ferry, with room for forty cars, was built by the yard firm Halse Marine and entered "
          "service in 2011. It cost 9 million pounds and replaced the old chain ferry.\n\n"
          "The Old Tarrowgill boat yard on the eastern shore of the loch is a different and older yard. It was "
          "founded in 1921 by the shipwright Elspeth Moray and closed in 1979. It had a single slipway, 80 m long. "
          "At its peak in 1958 it launched 14 boats a year.")
OLD_YARD = ("The Old Tarrowgill boat yard on the eastern shore was founded in 1921 by the shipwright Elspeth Moray. "
            "At its peak in 1958 the Old Tarrowgill boat yard launched 14 boats a year. "
            "The Old Tarrowgill boat yard is not the same as the Tarrowgill Marina, which was founded in 1974.")
RECORD = "The Tarrowgill Marina was founded in 1974 by the harbourmaster Ruaridh Fenwick and has 310 berths."
PAGES = {"m": ("Tarrowgill Marina", MARINA), "o": ("The Old Tarrowgill boat yard (1921-1979)", OLD_YARD),
         "r": ("Tarrowgill Marina press kit", RECORD)}


def _texts(text: str, title: str) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


def _report(question: str) -> tuple[str, str]:
    sources = {sid: local_source(sid, title) for sid, (title, _text) in PAGES.items()}
    claims = [local_claim(f"{sid}{k}", sid, t) for sid, (title, text) in PAGES.items()
              for k, t in enumerate(_texts(text, title))]
    rep = synthesize(question, claims, sources)
    gate = report_gate(question, rep, sources, claims)
    return rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip().split("\n")[0], gate.tier


def test_it_after_a_name_with_a_head_noun_stands_for_that_thing() -> None:
    texts = _texts(MARINA, "Tarrowgill Marina")
    assert texts[-5:] == [
        "The Skerry-Line ferry cost 9 million pounds and replaced the old chain ferry.",
        "The Old Tarrowgill boat yard on the eastern shore of the loch is a different and older yard.",
        "The Old Tarrowgill boat yard was founded in 1921 by the shipwright Elspeth Moray and closed in 1979.",
        "The Old Tarrowgill boat yard had a single slipway, 80 m long.",
        "At its peak in 1958 the Old Tarrowgill boat yard launched 14 boats a year.",
    ]
    assert texts[1] == ("The Tarrowgill Marina was founded in 1974 by the harbourmaster Ruaridh Fenwick, who dredged "
                        "the old salmon pool for the first pontoons.")


def test_it_after_another_named_thing_not_read_whole_is_left_out() -> None:
    # the previous sentence's subject ("The Old Kelby jetty ... and a slipway") is not read whole: "It" stands for
    # nothing safe, never for the page's subject (before: "Kelby Harbour was built in 1850 ...")
    text = ("Kelby Harbour is a small harbour on the Orlen coast. The Old Kelby jetty by the chapel, rebuilt twice, and "
            "a slipway remain from the fishing era. It was built in 1850 by the mason Ada Torr.")
    assert _texts(text, "Kelby Harbour") == [
        "Kelby Harbour is a small harbour on the Orlen coast.",
        "The Old Kelby jetty by the chapel, rebuilt twice, and a slipway remain from the fishing era.",
    ]


def test_a_noun_after_the_name_must_be_a_noun() -> None:
    # "recently" is no head noun: "It" stands for the page's subject as before
    text = "The Brannock Mill recently opened a tea room beside the weir. It was restored in 1994 by the parish."
    assert _texts(text, "Brannock Mill")[-1] == "The Brannock Mill was restored in 1994 by the parish."


def test_the_look_alikes_founding_does_not_lead() -> None:
    assert _report("Who founded the Tarrowgill Marina?") == (
        "The Tarrowgill Marina was founded in 1974 by the harbourmaster Ruaridh Fenwick and has 310 berths [1].",
        "high")


def test_the_look_alikes_figure_is_not_trusted() -> None:
    # the only figure is the look-alike's: its sentence may be shown, never trusted (the report says "Not
    # established" at a low tier; before: the same lead, high)
    lead, tier = _report("How many boats a year did the Tarrowgill Marina launch at its peak in 1958?")
    assert (lead, tier) == ("At its peak in 1958 the Old Tarrowgill boat yard launched 14 boats a year [1]. At its "
                            "peak in 1958 the Old Tarrowgill boat yard launched 14 boats a year [2].", "low")


def test_a_title_inside_the_sentence_is_not_the_antecedent() -> None:
    """A "The" opening a name inside a sentence (a film's other title in brackets) does not make that name what the
    next "It" stands for: the sentence's own subject, the page's, stays it."""
    page = ("…Harbour Lights (reissued as The Night Crossing) is a 1954 drama film about a ferry crew. It was directed "
            "by Ada Venn and stars Tom Hale.")
    assert _texts(page, "...Harbour Lights") == [
        "…Harbour Lights (reissued as The Night Crossing) is a 1954 drama film about a ferry crew.",
        "Harbour Lights was directed by Ada Venn and stars Tom Hale.",
    ]

"""A "how many" question whose counted noun no claim counts is not established, though the pages disagree on a
count of another noun (issue 9, trial t51 F3): "How many staff does the Brenvale Lace Museum employ?" over pages
giving twelve or fourteen lace machines says "Not established: the number of staff asked for", names it under "What
is missing", and the judge scores it as unanswered; the machine counts' disagreement disputes no staff count
(``services.synthesizer.offline.counts_other_noun``, ``services.synthesizer.confidence.report_gate``)."""

from __future__ import annotations

from services.synthesizer.offline import Disagreement, counts_other_noun
from shared.report import lead_section
from tests.claim_pages import page_set, recorded_report

PAGES = {
    "museum": ("Brenvale Lace Museum",
               "The Brenvale Lace Museum (Italian: Museo del Merletto di Brenvale) is a museum of lace making and "
               "frame knitting in Brenvale, a town in the Tove valley in northern Italy. "
               "The Brenvale Lace Museum occupies the former Orsini lace mill on the right bank of the river Tove and "
               "was opened to the public on 3 June 1991. "
               "The mill building was erected in 1868 by the lace merchant Pietro Orsini and produced lace collars "
               "until its closure in 1972. "
               "The conversion of the mill into a museum was the work of the architect Dario Venn, who kept the "
               "original iron columns. "
               "In 2021 Lucia Pardo succeeded Marco Riva as director of the museum. "
               "The collection comprises some 3,900 objects: pattern books, punched Leavers cards, lace samples and a "
               "library of lace manuals. "
               "The lace hall holds twelve working Leavers machines, which are operated by volunteers on weekend "
               "afternoons. "
               "The Brenvale Lace Museum is closed every Monday and during the month of February."),
    "blog": ("A quiet weekend in the Tove valley",
             "We drove up from Lecco on a rainy Friday and spent two days in Brenvale, a small town that smells of "
             "wet leaves and coffee. "
             "The highlight was the Brenvale Lace Museum. "
             "The lace hall has fourteen working Leavers machines, and on Saturday afternoon a volunteer let our son "
             "run one himself. "
             "The clatter of the machines is something you never forget."),
}
_TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


def test_a_count_no_page_gives_is_not_established() -> None:
    rep, gate, answered, total = recorded_report("How many staff does the Brenvale Lace Museum employ?", CLAIMS,
                                                 SOURCES)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Not established: the number of staff asked for"), lead
    assert "## What is missing" in rep.markdown
    assert "disputed" not in gate.signals and gate.tier == "low", gate.signals
    assert not answered and total <= 30, (total, lead)


def test_counts_other_noun() -> None:
    texts = [CLAIMS[6].text, CLAIMS[10].text]
    machines = Disagreement(kind="working", values=[(0, "twelve working"), (1, "fourteen working")])
    assert counts_other_noun("How many staff does the Brenvale Lace Museum employ?", machines, texts)
    assert not counts_other_noun("How many Leavers machines does the Brenvale Lace Museum have?", machines, texts)
    assert not counts_other_noun("When did the Brenvale Lace Museum open?", machines, texts)

"""Trial t54 x54 / q18 (the pages here are invented): "who" questions asking who leads, heads or runs a body. Leading,
heading, running, chairing, directing a body and being its chief executive, director, head or chair are one role
family (``shared.text.relations``), but a use of those words naming no body led is none ("the flood led to the
closure", "the lead singer", "the ferry runs every hour": ``idle_role_words``); the body a role is of ("chief executive
of the Marrow Quay Baths Trust") is never who holds it; and a succession ("takes over from Konrad Belt") answers
"before Ilse Varga" / "previous" with the predecessor and "today" with no former holder (``shared.text.succession``).
"""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from shared.text.answer import answer_candidates, relation_terms
from shared.text.reference import named_bodies, referred_bodies
from shared.text.relations import idle_role_words, owning_verb, same_relation
from shared.text.succession import predecessors, successors_only
from shared.text.synonyms import said_plainly
from tests.claim_pages import local_claim, local_source


def _lead(markdown: str) -> str:
    return markdown.split("## Answer", 1)[1].split("##", 1)[0].strip().split("\n")[0]


def test_words_of_leading_a_body_are_one_role_and_false_friends_are_none() -> None:
    assert same_relation("run", "led", agent=True) and same_relation("head", "chief", agent=True)
    assert same_relation("chief executive", "led") and same_relation("director", "headed")
    assert same_relation("led", "run") and same_relation("head", "run", agent=True)
    assert not same_relation("directed", "led")  # a film's direction stays its own relation
    assert said_plainly("Who is in charge of Marrow Quay Baths?") == "Who heads Marrow Quay Baths?"
    assert said_plainly("Who was at the helm of the Tolby Rowing Club?") == "Who headed the Tolby Rowing Club?"
    # uses naming no body led
    assert idle_role_words("A flood in 1977 led to the closure of the Marrow Quay Baths.") == {"led"}
    assert idle_role_words("She led by example.") == {"led"}
    assert idle_role_words("Pell was the lead singer of a skiffle band.") == {"lead"}
    assert idle_role_words("The harbour ferry runs every hour.") == {"run"}
    assert idle_role_words("The old tanks were lined with lead.") == {"lead"}
    assert idle_role_words("Belt ran a marathon in 2019.") == {"ran"}
    assert idle_role_words("It runs four ferries between Tolby and Harn.", ["ferry"]) == {"run"}
    # uses naming one
    assert idle_role_words("Konrad Belt, who led the trust for nine years, retired.") == set()
    assert idle_role_words("The baths have since been run by the trust.") == set()
    assert idle_role_words("Varga previously ran the Tolby Lane Pools.") == set()
    assert idle_role_words("He heads the harbour museum.") == set()
    assert idle_role_words("who ran the baths", ["baths"]) == set()


def test_the_body_a_role_is_of_is_no_holder_and_successions_are_read() -> None:
    question = "Who heads Marrow Quay Baths?"
    text = "Ilse Varga has been appointed chief executive of the Marrow Quay Baths Trust."
    assert answer_candidates(text, "who", question) == ["Ilse Varga"]
    assert answer_candidates("Odo Pim, the founder of Tolby Mills, died in 1901.", "who", question) == ["Odo Pim"]
    took = "Ilse Varga takes over on 2 April 2025 from Konrad Belt, who led the trust for nine years."
    assert predecessors(took) == ["Konrad Belt"]
    assert predecessors("Belt retired in 2025 and was succeeded by Ilse Varga.") == ["Belt"]
    cands = [["Ilse Varga", "Konrad Belt"], ["Konrad Belt"], ["Ilse Varga"]]
    texts = [took, "Konrad Belt, chief executive of the trust since 2016, opened the new slide.", text]
    assert successors_only("Who led Marrow Quay Baths before Ilse Varga?", texts, cands) == [
        ["Konrad Belt"], ["Konrad Belt"], []]
    assert successors_only("Who runs Marrow Quay Baths today?", texts, cands) == [["Ilse Varga"], [], ["Ilse Varga"]]
    assert successors_only("Who founded Marrow Quay Baths?", texts, cands) == cands


PAGES = {"n": local_source("n", "Marrow Quay Baths names new chief executive"),
         "o": local_source("o", "New slide for Marrow Quay Baths"),
         "e": local_source("e", "Marrow Quay Baths")}
CLAIMS = [
    local_claim("n1", "n", "Ilse Varga has been appointed chief executive of the Marrow Quay Baths Trust."),
    local_claim("n2", "n", "Ilse Varga takes over on 2 April 2025 from Konrad Belt, who led the trust for nine years."),
    local_claim("n3", "n", "The child ticket at Marrow Quay Baths stays at £2.80."),
    local_claim("o1", "o", "\"It is our best season yet,\" said Konrad Belt, chief executive of the trust since 2016."),
    local_claim("e1", "e", "Marrow Quay Baths is an open-air pool on the harbour front of Tolby."),
    local_claim("e2", "e", "Marrow Quay Baths was designed by the architect Runa Halm."),
    local_claim("e3", "e", "A flood in 1977 led to the closure of the Marrow Quay Baths Trust's first pool."),
]


def test_who_led_it_before_the_new_chief_executive_is_her_predecessor() -> None:
    question = "Who was chief executive of Marrow Quay Baths before Ilse Varga?"
    rep = synthesize(question, CLAIMS, PAGES)
    assert _lead(rep.markdown) == ("Ilse Varga takes over on 2 April 2025 from Konrad Belt, who led the trust for nine "
                                   "years [1]."), rep.markdown
    assert report_gate(question, rep, PAGES, CLAIMS).tier == "high"
    rep = synthesize("Who was the previous chief executive of Marrow Quay Baths?", CLAIMS, PAGES)
    first = _lead(rep.markdown).split(" [")[0]
    assert "Konrad Belt" in first and "appointed" not in first, rep.markdown


def test_who_heads_it_today_is_the_holder_now_not_the_predecessor() -> None:
    for question in ("Who heads Marrow Quay Baths?", "Who is in charge of Marrow Quay Baths?",
                     "Who runs Marrow Quay Baths today?"):
        rep = synthesize(question, CLAIMS, PAGES)
        assert _lead(rep.markdown) == ("Ilse Varga has been appointed chief executive of the Marrow Quay Baths Trust "
                                       "[1]."), (question, rep.markdown)


def test_a_flood_that_led_to_a_closure_leads_nothing() -> None:
    claims = [c for c in CLAIMS if c.source_id == "e"]
    question = "Who led Marrow Quay Baths?"
    rep = synthesize(question, claims, PAGES)
    gate = report_gate(question, rep, PAGES, claims)
    assert gate.tier == "low" and gate.signals.get("relation_missing") == 1.0, (rep.markdown, gate.signals)


def test_a_body_called_by_its_noun_is_the_one_its_page_names() -> None:
    page = ["Marrow Quay Baths", "A campaign by local swimmers led to the founding of the Marrow Quay Baths Trust in 1999.",
            "The baths were built for Tolby Borough Council."]
    named = named_bodies(page)
    assert named == {"trust": "Marrow Quay Baths Trust", "council": "Tolby Borough Council"}
    assert referred_bodies("The baths have since been run by the trust.", named) == ["Marrow Quay Baths Trust"]
    assert referred_bodies("The council closed them in 1977.", named) == ["Tolby Borough Council"]
    assert referred_bodies("The Trust Fund paid for it.", named) == []
    # a noun two bodies of the page end with names neither
    assert "trust" not in named_bodies([*page, "The Harn Valley Trust lent the pumps."])


def test_who_runs_it_today_names_the_trust_its_page_names() -> None:
    pages = {"e": local_source("e", "Marrow Quay Baths")}
    claims = [
        local_claim("e1", "e", "Marrow Quay Baths is an open-air pool on the harbour front of Tolby."),
        local_claim("e2", "e", "A campaign by local swimmers led to the founding of the Marrow Quay Baths Trust in 1999."),
        local_claim("e3", "e", "After a restoration, the baths reopened in 2001 and have since been run by the trust."),
        local_claim("e4", "e", "Marrow Quay Baths was designed by the architect Runa Halm."),
    ]
    question = "Who runs Marrow Quay Baths today?"
    rep = synthesize(question, claims, pages)
    assert _lead(rep.markdown) == ("After a restoration, the baths reopened in 2001 and have since been run by the trust "
                                   "(Marrow Quay Baths Trust) [1]."), rep.markdown
    gate = report_gate(question, rep, pages, claims)
    assert gate.tier != "low" and not gate.signals.get("relation_missing"), gate.signals


def test_who_owns_it_asks_the_ownership_the_tokenizer_drops() -> None:
    assert relation_terms("Who owns Marrow Quay Baths?") == ["owned"]
    assert relation_terms("Who runs the club on its own?") == ["run", "club"]
    assert owning_verb("Tolby Borough Council owns the baths.") and not owning_verb("It has its own slide.")
    pages = {"e": local_source("e", "Marrow Quay Baths")}
    row = [local_claim("r1", "e", "Marrow Quay Baths: architect Runa Halm.")]
    rep = synthesize("Who owns Marrow Quay Baths?", row, pages)
    gate = report_gate("Who owns Marrow Quay Baths?", rep, pages, row)
    assert gate.tier == "low" and gate.signals.get("relation_missing") == 1.0, (rep.markdown, gate.signals)
    owned = [*row, local_claim("e2", "e", "Tolby Borough Council owns Marrow Quay Baths.")]
    rep = synthesize("Who owns Marrow Quay Baths?", owned, pages)
    assert _lead(rep.markdown) == "Tolby Borough Council owns Marrow Quay Baths [1].", rep.markdown
    assert not report_gate("Who owns Marrow Quay Baths?", rep, pages, owned).signals.get("relation_missing")

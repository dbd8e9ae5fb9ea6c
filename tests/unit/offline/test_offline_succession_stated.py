"""Task h46 item 1 (the pages here are invented): a succession said by "takes over from" ("She takes over from
Agnes Whitlow." after "Perrin Dole was appointed curator in 2021.") states the relation of "Who did X succeed?",
"Who preceded X?", "Who was X's predecessor?" (``shared.text.relations.succession_words``): the sentence leads, and
the gate does not hold it back as stating no relation; a thing replaced follows no one."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from shared.text.relations import said_relation_words, succession_words
from tests.claim_pages import local_claim, local_source

PAGE = ("# Brakeford Textile Museum names new curator\n\n"
        "The Brakeford Textile Museum is a museum of weaving in the town of Brakeford, with about 2,500 looms and "
        "samples.\n\nPerrin Dole was appointed curator in 2021. She takes over from Agnes Whitlow.\n")


def _lead(markdown: str) -> str:
    return markdown.split("## Answer", 1)[1].split("##", 1)[0].strip().split("\n")[0]


def test_the_pronoun_of_a_succession_is_the_previous_sentences_subject() -> None:
    out = [c.text for c in extract_claims(PAGE, title="Brakeford Textile Museum names new curator")]
    assert "Perrin Dole takes over from Agnes Whitlow." in out, out


def test_a_succession_in_other_words_states_who_came_after_whom() -> None:
    took = "Perrin Dole takes over from Agnes Whitlow."
    assert {"succeeded", "preceded", "predecessor", "successor"} <= succession_words(took)
    assert succession_words(took) <= said_relation_words(took)
    assert succession_words("Agnes Whitlow retired in 2021 and was succeeded by Perrin Dole.")
    # a thing replaced, or a succession opening with a pronoun no one resolved, names no one followed
    assert succession_words("The roof was replaced in 1990.") == frozenset()
    assert succession_words("The museum took over the old mill from the council.") == frozenset()


def test_who_she_succeeded_is_answered_by_the_takes_over_sentence() -> None:
    pages = {"n": local_source("n", "Brakeford Textile Museum names new curator")}
    claims = [
        local_claim("n1", "n", "The Brakeford Textile Museum is a museum of weaving in the town of Brakeford."),
        local_claim("n2", "n", "Perrin Dole was appointed curator in 2021."),
        local_claim("n3", "n", "Perrin Dole takes over from Agnes Whitlow."),
    ]
    for question in ("Who did Perrin Dole succeed as curator?", "Who preceded Perrin Dole as curator?"):
        rep = synthesize(question, claims, pages)
        assert _lead(rep.markdown) == "Perrin Dole takes over from Agnes Whitlow [1].", (question, rep.markdown)
        gate = report_gate(question, rep, pages, claims)
        assert gate.tier == "high" and not gate.signals.get("relation_missing"), (question, gate.signals)


def test_a_succession_the_other_way_states_no_predecessor() -> None:
    # review stop 39 finding 1: "X was succeeded by Y" names X's successor, never X's predecessor
    from shared.text.relations import succession_against
    from shared.text.succession import asked_succession, succession_pairs

    said = "Harlan Vesk was succeeded by Mirela Oduya in 2019."
    assert succession_pairs(said) == [("Mirela Oduya", "Harlan Vesk")]
    assert asked_succession("Who preceded Harlan Vesk as keeper?") == ("Harlan Vesk", "predecessor")
    assert asked_succession("Who was Harlan Vesk's successor?") == ("Harlan Vesk", "successor")
    assert succession_words(said, "Who did Harlan Vesk succeed as keeper?") == frozenset()
    assert "succeeded" in succession_against(said, "Who did Harlan Vesk succeed as keeper?")
    assert succession_words(said, "Who succeeded Harlan Vesk as keeper?")
    assert succession_against(said, "Who succeeded Harlan Vesk as keeper?") == frozenset()
    assert succession_words(said, "Who did Mirela Oduya succeed as keeper?")
    pages = {"n": local_source("n", "Corbridge Clock Museum names new keeper")}
    claims = [
        local_claim("n1", "n", "The Corbridge Clock Museum is a museum of clocks in the town of Corbridge."),
        local_claim("n2", "n", "Harlan Vesk was appointed keeper in 1998."),
        local_claim("n3", "n", said),
    ]
    for question in ("Who did Harlan Vesk succeed as keeper?", "Who preceded Harlan Vesk as keeper?",
                     "Who was Harlan Vesk's predecessor as keeper?"):
        rep = synthesize(question, claims, pages)
        gate = report_gate(question, rep, pages, claims)
        assert (_lead(rep.markdown), gate.tier) == ("Harlan Vesk was succeeded by Mirela Oduya in 2019 [1].", "low"), (
            question, rep.markdown, gate.tier)
        assert gate.signals.get("relation_missing")
    # the direction asked still leads high
    question = "Who succeeded Harlan Vesk as keeper?"
    rep = synthesize(question, claims, pages)
    gate = report_gate(question, rep, pages, claims)
    assert (_lead(rep.markdown), gate.tier) == ("Harlan Vesk was succeeded by Mirela Oduya in 2019 [1].", "high"), (
        rep.markdown, gate.tier)

"""A finding about another name built on a name the question gives bears on nothing asked: "Who started the cheese
cooperative at Tornvik?" lists no sentence about the Tornviken Creamery in its Findings, while the lead names Tornvik
as the question spells it (issue 9, trial t37 fault
10: "Vardholmen Saltworks was founded in 1912" was a finding of "Who started the salt cooperative at Vardholm?";
``services.synthesizer.offline``: the findings' ``of_look_alike`` and :func:`written_on_name`). Pages made up here."""

from __future__ import annotations

from services.synthesizer.offline import synthesize, written_on_name
from shared.report import lead_section
from shared.text.tokens import tokenize
from tests.claim_pages import findings_of, listed_claims

PAGES = {
    "coop": ("Tornvik Cheese Cooperative", [
        "The Tornvik Cheese Cooperative was founded in 1874 by the merchant Maren Holt on the meadows north of Tornvik.",
        "The Tornvik Cheese Cooperative presses goat milk in copper vats to make a hard cheese for local shops.",
        "The cellar of the cooperative was dug in 1881."]),
    "members": ("Members of the cooperative", [
        "The Tornvik Cheese Cooperative is owned by nineteen member families.",
        "New members must have lived in the parish of Tornvik for at least five years."]),
    "creamery": ("Tornviken Creamery", [
        "Tornviken Creamery is a cheese company on the island of Tornviken, not to be confused with the Tornvik "
        "Cheese Cooperative.",
        "Tornviken Creamery was founded in 1912 by the engineer Oskar Lind.",
        "Tornviken Creamery makes about 900 tonnes of cheese a year."]),
}


def test_the_longer_names_sentences_are_no_findings() -> None:
    claims, sources = listed_claims(PAGES)
    rep = synthesize("Who started the cheese cooperative at Tornvik?", claims, sources)
    lead, findings = lead_section(rep.markdown), findings_of(rep.markdown)
    assert "Maren Holt" in lead, lead
    assert "copper vats" in findings or "cellar" in findings, rep.markdown
    assert "Tornviken" not in rep.markdown and "Oskar Lind" not in rep.markdown, rep.markdown
    assert "900 tonnes" not in rep.markdown, rep.markdown


def test_a_question_naming_the_longer_name_keeps_it() -> None:
    claims, sources = listed_claims(PAGES)
    rep = synthesize("Who started Tornviken Creamery?", claims, sources)
    assert "Oskar Lind" in lead_section(rep.markdown), rep.markdown


def test_written_on_name() -> None:
    assert written_on_name(["tornvik"], tokenize("Tornviken Creamery was founded in 1921"))
    assert written_on_name(["tornvik", "dairy"], tokenize("the Tornviken dairy"))
    # the name itself, a plural or possessive, a demonym and a plain English word with letters on are no other name
    assert not written_on_name(["tornvik"], tokenize("the dairy at Tornvik and Tornviken"))
    assert not written_on_name(["tornvik"], tokenize("the Tornviks farmed goats"))
    assert not written_on_name(["berlin"], tokenize("a Berliner bakery"))
    assert not written_on_name(["cross"], tokenize("Crossing the river"))

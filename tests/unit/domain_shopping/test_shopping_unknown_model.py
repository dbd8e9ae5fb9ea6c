"""A question about a model no source names is answered so, never with another product's figure or verdict (issue
15, trial t53s B1: "What is the battery life of the Lumio Glide 9 Ultra?" led "Best overall: Lumio Glide 7 Pro" at
low). Invented smart kettles."""

from __future__ import annotations

from services.domain_shopping.offline import Product, unknown_model
from tests.shop_pages import run, spec_shop, verdicts

SITE = {"/varro-k4": spec_shop("Varro K4", "79.00", {"Capacity": "1.7 l", "Boil time": "3 min"}),
        "/varro-k4-pro": spec_shop("Varro K4 Pro", "99.00", {"Capacity": "1.8 l", "Boil time": "2.5 min"}),
        "/tesca": spec_shop("Tesca Boil 2", "49.00", {"Capacity": "1.5 l", "Boil time": "4 min"})}


def test_a_model_no_source_names_is_the_answer_at_low_confidence() -> None:
    result = run("What is the capacity of the Varro K7 Max?", SITE)
    assert verdicts(result) == (
        "**Not established: no source names the Varro K7 Max.** The 3 sources read name other products (Varro K4, "
        "Varro K4 Pro, Tesca Boil 2); none of what they give is of the Varro K7 Max, and the sections below show it "
        "of those."), verdicts(result)
    assert result.pick is None and result.max_tier == "low"
    assert any("no source names the Varro K7 Max" in n for n in result.notes), result.notes


def test_a_model_found_or_its_line_is_no_unknown_model() -> None:
    products = [Product("a", "Varro K4", "Varro"), Product("b", "Varro K4 Pro", "Varro"),
                Product("c", "Tesca Boil 2", "Tesca")]
    assert unknown_model("Is the Varro K4 Ultra any good?", products) == "Varro K4 Ultra"  # another model of the line
    assert unknown_model("How much does the Varro K4 Pro hold?", products) is None
    assert unknown_model("How heavy is the Varro K4 Kettle?", products) is None  # the K4 with a word of its kind
    assert unknown_model("Is the Varro K range worth it?", products) is None  # no model named
    assert unknown_model("Which kettle works with Matter 1?", products) is None  # no word of a product's name
    assert verdicts(run("How much does the Varro K4 Pro hold?", SITE)).startswith("**Varro K4 Pro, as its sources")


def test_a_budget_every_price_is_over_is_the_answer_at_medium_confidence() -> None:
    result = run("What is the best smart kettle under $30?", SITE)
    first = verdicts(result).split("\n")[0]
    assert first.startswith("**No product within the budget of 30 USD was found:** every purchase price found is "
                            "over it, the lowest 49.00 USD [@v"), first
    assert first.endswith("] for the Tesca Boil 2 at Shop; the verdicts below rank the products without the "
                          "budget."), first
    assert result.max_tier == "medium", result.max_tier
    # a budget some product is within is answered by the ranking as before
    assert verdicts(run("What is the best smart kettle under $90?", SITE)).startswith("- **Best overall: ")


def test_a_model_sharing_no_word_with_any_found_is_the_answer_when_no_source_names_it() -> None:
    """Task h4: "Is the Zentrix Q9 worth it?" over sources naming only other products of the kind got another
    product's verdict; a standard named after a verb ("supports Wi-Fi 6E") is no model asked about."""
    result = run("Is the Quombra T9 smart kettle worth it?", SITE)
    assert verdicts(result).startswith("**Not established: no source names the Quombra T9.** The 3 sources read "
                                       "name other products (Varro K4, Varro K4 Pro, Tesca Boil 2)"), verdicts(result)
    assert result.pick is None and result.max_tier == "low"
    products = [Product("a", "Varro K4", "Varro"), Product("c", "Tesca Boil 2", "Tesca")]
    assert unknown_model("What is the capacity of the Quombra T9?", products) == "Quombra T9"
    assert unknown_model("Is the Quombra 300 a good buy?", products) == "Quombra 300"
    assert unknown_model("Which kettle supports Wi-Fi 6E?", products) is None  # a standard, after a verb
    assert unknown_model("Does the Varro K4 work with Matter 1?", products) is None  # the product asked is found
    assert unknown_model("Is the Quombra T9 worth it?", []) is None  # no product found at all: the general report
    # a source naming it (not read as a product) says the sources speak of it: not said unnamed
    assert unknown_model("Is the Quombra T9 worth it?", products, ["The Quombra T9 ships in May."]) is None


def test_a_model_asked_about_with_no_source_at_all_is_said_unnamed_first() -> None:
    """Task h4: "Is the Zentrix Q9 worth it?" with every search result dropped as off the question answered only
    "No sources were found ..."; the model asked about is said first. A question naming no model keeps the text."""
    from services.synthesizer.offline import synthesize
    from shared.report import NO_SOURCES_TEXT, with_unanswered_note
    from shared.text.terms import asked_model

    assert asked_model("Is the Quombra T9 worth it?") == "Quombra T9"
    assert asked_model("Which kettle supports Wi-Fi 6E?") is None
    assert asked_model("Who designed the Orrin Pier?") is None  # no model word
    answer = synthesize("Is the Quombra T9 worth it?", [], {}, no_sources=True).markdown.split("## Answer", 1)[1]
    assert answer.strip().startswith(f"No source found names the Quombra T9. {NO_SOURCES_TEXT}"), answer
    noted = with_unanswered_note(synthesize("Is the Quombra T9 worth it?", [], {}, no_sources=True).markdown,
                                 "Is the Quombra T9 worth it?")
    assert noted.split("## Answer", 1)[1].strip().startswith("No source found names the Quombra T9."), noted
    plain = synthesize("Which kettle boils fastest?", [], {}, no_sources=True).markdown.split("## Answer", 1)[1]
    assert plain.strip().startswith(NO_SOURCES_TEXT), plain

"""A listing title's descriptive words after a model's name ("KB-400 One Year Warranty", "Single Boiler Espresso
Machine", "Next Day Delivery") say what the listing sells; they make no look-alike model of it. An edition word
makes another model only when it ends the name or another mark follows it ("Sear 4 Duo", "Duo 2 Twin XL") (review of
stop 45, F4). Invented products."""

from __future__ import annotations

from services.domain_shopping.offline import Product, _same_product, look_alike


def test_descriptive_words_after_an_edition_word_make_no_look_alike() -> None:
    assert not look_alike("Tarnwick KB-400", "Tarnwick KB-400 One Year Warranty")
    assert not look_alike("Tarnwick KB-400", "Tarnwick KB-400 Single Boiler Espresso Machine")
    assert not look_alike("Marlo Duo 2", "Marlo Duo 2 Next Day Delivery")
    kb = Product(product_id="p1", name="Tarnwick KB-400", brand="Tarnwick", model="KB-400")
    assert _same_product(kb, "Tarnwick KB-400 One Year Warranty", "Tarnwick", "")
    assert _same_product(kb, "Tarnwick KB-400 Single Boiler Espresso Machine", "Tarnwick", "")


def test_an_edition_word_ending_the_name_or_before_a_mark_is_another_model() -> None:
    assert look_alike("Tarnwick Sear 4", "Tarnwick Sear 4 Duo")
    assert look_alike("Tarnwick Sear 4", "Tarnwick Sear 4 Duo - two-zone electric griddle")
    assert look_alike("Tarnwick Sear 4", "Tarnwick Sear 4 Twin XL")
    assert look_alike("Tarnwick Sear 4", "Tarnwick Sear 4 Pro Hammer Drill")
    assert not _same_product(Product(product_id="p1", name="Tarnwick Sear 4", brand="Tarnwick"), "Tarnwick Sear 4 Duo", "Tarnwick", "")

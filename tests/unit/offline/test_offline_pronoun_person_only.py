"""A personal pronoun stands only for a person, and a page's title that is no name never stands for a definite
description (issue 9, trial t58 F4; ``services.claim_extractor.offline``): "Tamsford Zoo has appointed the
veterinarian Priya Lindqvist as its new director. She succeeds Harold Brent" gave the claim "Tamsford Zoo succeeds
Harold Brent", and a blog's "The zoo says it has 1,420 animals" became "Our family day out at Tamsford Zoo says
...". "She" now stands for the one person the sentence before names when the page's subject is a thing (its name
ends with a body's or a place's noun, or the page writes that noun after "the"); a blog post's title is no name of
the zoo. Invented names only."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims


def texts(text: str, title: str | None) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


NEWS = (
    "Corbyn Wildlife Park names Ines Varga as director\n\n"
    "By Ola Brandt, Dalby Herald, 2 March 2022\n\n"
    "Corbyn Wildlife Park has appointed the zoologist Ines Varga as its new director. She succeeds Tobias Kerr, "
    "who led the park for 12 years.\n"
)


def test_she_after_a_park_appointing_a_person_is_that_person() -> None:
    out = texts(NEWS, "Corbyn Wildlife Park names Ines Varga as director - Dalby Herald")
    assert "Ines Varga succeeds Tobias Kerr, who led the park for 12 years." in out, out
    assert not any(c.startswith("Corbyn Wildlife Park succeeds") for c in out), out


def test_she_on_a_museums_own_page_is_the_person_named_before() -> None:
    text = ("Harl Valley Museum is a local history museum in Harl.\n\n"
            "In 2019 Harl Valley Museum hired the curator Mira Holt. She opened a new textile gallery in 2021.\n")
    out = texts(text, "Harl Valley Museum")
    assert "Mira Holt opened a new textile gallery in 2021." in out, out
    assert not any("Museum opened a new textile gallery" in c for c in out), out


def test_she_on_a_persons_own_page_is_still_that_person() -> None:
    text = ("Edda Lorne (born 1961) is a Norwegian architect.\n\n"
            "Edda Lorne studied in Bergen with Paul Senn. She designed the Vika Library in 1994.\n")
    out = texts(text, "Edda Lorne")
    assert "Edda Lorne designed the Vika Library in 1994." in out, out


def test_the_parks_own_word_never_becomes_a_blog_posts_title() -> None:
    text = ("# Our weekend at Corbyn Wildlife Park\n\n*Posted by hikerdad, 3 May 2024*\n\n"
            "We finally made it to Corbyn Wildlife Park last Sunday! The kids loved the otters.\n\n"
            "The park says it has 2,310 animals now, which felt believable.\n")
    out = texts(text, "Our weekend at Corbyn Wildlife Park")
    assert not any(c.startswith("Our weekend") for c in out), out
    assert "The park says it has 2,310 animals now, which felt believable." in out, out

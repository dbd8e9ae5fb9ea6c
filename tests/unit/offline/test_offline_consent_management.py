"""Consent-management wording (a consent platform's banner: "We and our 842 partners ...", "store and access
information on your device", "change your preferences at any time", "legitimate interest", "Accept all | Reject all |
Manage options") is page furniture, never a claim, and a page made of it is a consent wall; prose about cookies (the
food) or about privacy law is content (issue 9, trial t36 fault 9)."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from services.scraper.fetch.errors import FetchError
from services.scraper.fetch.http import html_document
from shared.text.noise import noise_kind, wall_kind

BANNER = [
    "We and our 517 partners use cookies and similar technologies to store and access information on your device.",
    "We and our vendors process personal data such as unique identifiers and browsing data.",
    "This website and its 1,204 vendors store and/or access information on your device.",
    "We share your personal data with 96 advertising partners for measurement and analytics.",
    "Some of our partners may process your data as part of their legitimate business interest.",
    "You can object to processing based on legitimate interest on the next screen.",
    "You can change your preferences at any time by clicking \"Privacy options\" at the foot of the page.",
    "You may withdraw your consent at any time via the link in our footer.",
    "Press \"Reject all\" to refuse everything but the strictly necessary cookies.",
    "Accept all | Reject all | Manage options",
    "Manage preferences Allow all Decline all",
    "We value your privacy",
]

PROSE = [
    "The bakery sold 517 boxes of ginger cookies and similar treats at the autumn fair.",
    "Oatmeal cookies keep for two weeks when they are stored in a tin.",
    "Under the GDPR, controllers may rely on legitimate interests as a lawful basis for processing personal data.",
    "Data subjects have the right to object to processing based on legitimate interests under Article 21.",
    "The ePrivacy Directive requires consent before information is stored or accessed on a user's device.",
    "In 2020 the regulator fined two companies 135 million euros for placing advertising cookies without consent.",
    "The audit found that 517 partners of the publisher received data from its banner.",
    "We and our partners planted 4,000 alders along the river in 2021.",
    "The museum and its 40 partners share collection data with researchers.",
    "Users can change their preferences at any time under the new law, the commission said.",
    "The co-operative manages options for members who want to buy more land.",
]


@pytest.mark.parametrize("sentence", BANNER)
def test_consent_management_wording_is_consent_furniture_and_never_a_claim(sentence: str) -> None:
    assert noise_kind(sentence) == "consent", sentence
    fact = "The Tarlow Bridge was opened in 1911 by the county council after six years of building."
    claims = [c.text for c in extract_claims(f"{fact}\n\n{sentence}", title="Tarlow news")]
    assert claims == [fact], claims


@pytest.mark.parametrize("sentence", PROSE)
def test_prose_about_cookies_or_privacy_law_is_content(sentence: str) -> None:
    assert noise_kind(sentence) is None, sentence
    assert [c.text for c in extract_claims(sentence)] == [sentence]


def test_a_page_of_consent_management_text_is_a_consent_wall() -> None:
    text = (BANNER[0] + " " + BANNER[6] + "\n\n" + BANNER[4] + "\n\n" + BANNER[9])
    assert wall_kind(text) == "consent"
    html = ("<html><head><title>Tarlow news 4</title></head><body><div class=\"cmp\"><h2>We value your privacy</h2>"
            f"<p>{BANNER[0]} {BANNER[4]}</p><p>{BANNER[6]} Accept all | Reject all | Manage options</p></div>"
            "</body></html>")
    with pytest.raises(FetchError) as err:
        html_document("https://news.example/t4", "https://news.example/t4", 200, html)
    assert err.value.reason == "consent_wall"
    # an article under the same banner is content
    article = " ".join(PROSE[:3] + ["The Tarlow Bridge was opened in 1911 by the county council after six years."])
    assert wall_kind(text + "\n\n" + article) is None

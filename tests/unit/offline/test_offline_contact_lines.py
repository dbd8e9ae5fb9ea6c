"""Tests for shared.text.noise: a line telling the reader whom to contact (a press release's contact line, a page
footer's "Contact us") is page furniture, never a claim; a sentence reporting that someone contacted someone is
content (issue 9, trial t32 fault 11)."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from shared.text.noise import noise_kind

FACT = "The Harwick Lighthouse was first lit in 1861 and stands 31 metres tall."


@pytest.mark.parametrize(
    "sentence",
    [
        "For media enquiries please contact the museum's communications team.",
        "For more information, please call the visitor centre on 0190 448 210.",
        "For further details about the festival programme, email the organisers.",
        "For interviews contact Lena Marsh at the harbour trust.",
        "Press inquiries: Lena Marsh, Harwick Harbour Trust, 0190 448 211.",
        "Media contact – Piet Dorn, communications officer.",
        "Please contact the booking office for group rates and school visits.",
        "Do not hesitate to get in touch with our membership team if you have questions.",
        "You can contact us at info@harwick.example or by post.",
        "All queries about tickets should be sent to the box office.",
    ],
)
def test_a_contact_line_is_page_furniture_and_never_a_claim(sentence: str) -> None:
    assert noise_kind(sentence) == "contact", sentence
    text = f"{FACT}\n\n{sentence}"
    claims = [c.text for c in extract_claims(text, title="Harwick Lighthouse")]
    assert FACT in claims, claims
    assert all(sentence[:25] not in c for c in claims), claims


@pytest.mark.parametrize(
    "sentence",
    [
        "The keeper contacted the coastguard by radio when the lamp failed in 1903.",
        "The trust's press office was opened in 1998 in the old customs house.",
        "For more than a century the light was tended by the Dorn family.",
        "For questions of navigation, sailors relied on the lighthouse's fog signal.",
        "Fishermen called the light 'the old lady' for its slow flash.",
        "Enquiries to the harbour board rose sharply after the 1953 flood.",
    ],
)
def test_reports_about_contacts_and_enquiries_are_content(sentence: str) -> None:
    assert noise_kind(sentence) is None, sentence

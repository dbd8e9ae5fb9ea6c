"""Tests for services.claim_extractor.offline: lines of code and bare yes/no answers are never claims."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims, is_code_line


def texts(text: str, title: str | None = None) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


@pytest.mark.parametrize(
    "line",
    [
        "axios.get('https://example.org', { timeout: 5000 });",
        "const client = axios.create({ baseURL: 'https://api.example.org', timeout: 1000 });",
        "client = httpx.AsyncClient(timeout=10.0, follow_redirects=True)",
        "from httpx import AsyncClient, Timeout, HTTPTransport",
        "import requests, json, os, sys, time",
        "$ npm install axios got node-fetch undici --save",
        "await fetch(url, { method: 'POST', body: JSON.stringify(data) })",
        "response.raise_for_status()",
        "if (response.status === 200 && response.data.length > 0) {",
        "let retries = options.retry ?? defaultRetryCount;",
        ">>> httpx.get('https://www.example.org/', timeout=5.0)",
        "def fetch_page(url: str, timeout: float = 5.0) -> str:",
    ],
)
def test_code_lines_are_code(line: str) -> None:
    assert is_code_line(line)


@pytest.mark.parametrize(
    "sentence",
    [
        "Install axios with npm install axios; it runs in the browser and in Node.js.",
        "Call client.get() with a timeout to fetch a page in five seconds.",
        "The Eiffel Tower (completed in 1889) is 330 metres tall.",
        "Use the timeout option to limit how long a request may take.",
        "Return flights from Paris (Orly) leave every two hours.",
        "Export figures rose by 4 percent in 2023, the ministry said.",
        "No. 5 Squadron was formed at Farnborough in 1913.",
        "Classic cars from the 1960s are sold at the auction every year.",
    ],
)
def test_prose_about_code_or_with_parentheses_is_not_code(sentence: str) -> None:
    assert not is_code_line(sentence)


def test_a_code_block_of_a_page_gives_no_claim() -> None:
    text = (
        "Node HTTP clients\n\ngot is a Node-only HTTP request library with built-in retries.\n\n"
        "const axios = require('axios');\naxios.get('https://example.org', { timeout: 5000 });\n"
        "client = httpx.AsyncClient(timeout=10.0, follow_redirects=True)"
    )
    assert texts(text, "Node HTTP clients") == ["got is a Node-only HTTP request library with built-in retries."]


def test_a_bare_answer_to_the_pages_question_is_no_claim() -> None:
    text = (
        "Does got retry failed requests on its own? Yes; it retries twice by default with exponential backoff.\n\n"
        "Is there a package called timeouts?\n\nYes, a package by that name exists on PyPI.\n\n"
        "Does axios retry? No, you need the axios-retry plugin for that.\n\n"
        "The axios-retry plugin retries failed requests with exponential backoff."
    )
    assert texts(text) == ["The axios-retry plugin retries failed requests with exponential backoff."]


def test_yes_and_no_in_other_sentences_stay() -> None:
    text = (
        "Yes, the band, released its first album in 1969 on Atlantic Records. "
        "No, the tower is not open to visitors at night. The vote was yes, by a wide margin of votes."
    )
    assert texts(text) == [
        "Yes, the band, released its first album in 1969 on Atlantic Records.",
        "No, the tower is not open to visitors at night.",
        "The vote was yes, by a wide margin of votes.",
    ]

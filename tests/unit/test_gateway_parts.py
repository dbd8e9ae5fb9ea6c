"""The gateway's pure parts: the per-key token bucket, error field names, key hashing."""

from __future__ import annotations

import pytest

from services.gateway.errors import error_body, field_name
from services.gateway.keys import LOCAL, RateLimiter, hash_key


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_token_bucket_allows_the_burst_then_answers_the_wait_and_refills() -> None:
    clock = Clock()
    limiter = RateLimiter(per_minute=60, burst=3, clock=clock)  # one a second
    assert [limiter.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    wait = limiter.take("a")
    assert wait == pytest.approx(1.0)
    assert limiter.retry_after(wait) == "1" and limiter.retry_after(0.01) == "1" and limiter.retry_after(2.2) == "3"
    assert limiter.take("b") == 0.0  # buckets are per key
    clock.now += 0.5
    assert limiter.take("a") == pytest.approx(0.5)
    clock.now += 0.5
    assert limiter.take("a") == 0.0
    clock.now += 3600
    assert [limiter.take("a") for _ in range(4)][-1] > 0  # refilled to the burst, never beyond


@pytest.mark.parametrize("loc, expected", [
    (("body", "max_sources"), "max_sources"),
    (("body", "budget", "seconds"), "budget.seconds"),
    (("body", 17), "body"),
    (("body",), "body"),
    (("path", "run_id"), "run_id"),
    (("query", "q"), "q"),
    (("header", "last-event-id"), "Last-Event-ID"),
    (("body", "urls", 0), "urls"),
])
def test_error_locations_name_the_request_field(loc: tuple[object, ...], expected: str) -> None:
    assert field_name(loc) == expected


def test_error_body_shape_and_key_hash() -> None:
    assert error_body("not_found", "no run x", [("run_id", "no run x")]) == {
        "error": {"code": "not_found", "message": "no run x", "fields": [{"field": "run_id", "message": "no run x"}]}}
    digest = hash_key("assay_abc")
    assert len(digest) == 64 and "abc" not in digest and digest == hash_key("assay_abc") != hash_key("assay_abd")
    assert LOCAL.key_id is None and LOCAL.bucket == "local"

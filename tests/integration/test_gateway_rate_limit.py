"""The rate limit shared by gateway processes: two gateway apps, each with its own runtime (connection pool), on one
PostgreSQL database spend from one token bucket per key, so a key gets ``burst`` requests at once in all, not per
gateway; concurrent requests never both take the last token; the bucket refills with time."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from services.gateway.keys import create_key
from shared.runtime import Runtime
from tests.integration.gateway_fixtures import running_gateway, with_gateway
from tests.integration.test_gateway_api import wait_for

pytestmark = [pytest.mark.nats, pytest.mark.postgres]


async def test_two_gateways_on_one_database_share_each_keys_bucket(settings: Any, runtime: Any,
                                                                   endpoints: Any) -> None:
    s = with_gateway(settings, rate_limit_per_minute=1, rate_limit_burst=4)
    _, key = create_key(runtime.pool, "busy")
    _, calm = create_key(runtime.pool, "calm")
    other = Runtime.open(s, endpoints=endpoints)  # the second gateway process's own connections
    try:
        async with running_gateway(s, runtime) as a, running_gateway(s, other) as b, httpx.AsyncClient() as client:
            assert a != b
            codes = [(await client.get(f"{url}/v1/runs", headers={"X-API-Key": key})).status_code
                     for url in (a, b, a, b, a, b)]
            assert codes == [200, 200, 200, 200, 429, 429]  # 4 in all, whichever gateway answered
            limited = await client.get(f"{b}/v1/runs", headers={"X-API-Key": key})
            assert limited.status_code == 429 and 1 <= int(limited.headers["Retry-After"]) <= 60
            # many requests at once through both gateways: exactly the burst gets through
            calls = [client.get(f"{(a, b)[i % 2]}/v1/runs", headers={"X-API-Key": calm}) for i in range(16)]
            answers = [r.status_code for r in await asyncio.gather(*calls)]
            assert answers.count(200) == 4 and answers.count(429) == 12, answers
    finally:
        other.close()


async def test_the_shared_bucket_refills_and_a_per_process_limit_is_per_gateway(settings: Any, runtime: Any,
                                                                                 endpoints: Any) -> None:
    # one token every 5 s: the three requests must come within it (with one a second, a loaded machine's three
    # requests to a new gateway could take a second, and the third found a token refilled)
    fast = with_gateway(settings, rate_limit_per_minute=12, rate_limit_burst=2)
    _, key = create_key(runtime.pool, "steady")
    async with running_gateway(fast, runtime) as url, httpx.AsyncClient(base_url=url,
                                                                       headers={"X-API-Key": key}) as client:
        codes = [(await client.get("/v1/runs")).status_code for _ in range(3)]
        assert codes == [200, 200, 429]

        def allowed_again() -> bool:
            return httpx.get(f"{url}/v1/runs", headers={"X-API-Key": key}).status_code == 200

        await wait_for(allowed_again, timeout_s=30, what="the bucket to refill")
    # with the limit kept per process, each gateway has its own bucket: twice the burst in all
    local = with_gateway(settings, rate_limit_per_minute=1, rate_limit_burst=2, rate_limit_shared=False)
    _, own = create_key(runtime.pool, "own")
    other = Runtime.open(local, endpoints=endpoints)
    try:
        async with running_gateway(local, runtime) as a, running_gateway(local, other) as b, \
                httpx.AsyncClient() as client:
            codes = [(await client.get(f"{u}/v1/runs", headers={"X-API-Key": own})).status_code
                     for u in (a, b, a, b, a, b)]
            assert codes == [200, 200, 200, 200, 429, 429]
    finally:
        other.close()

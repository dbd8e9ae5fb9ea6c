"""AddressPolicy: SSRF guard."""

from __future__ import annotations

import ipaddress
import socket

import pytest

from services.scraper.fetch import AddressPolicy, FetchError, is_forbidden_address


async def _reason(policy: AddressPolicy, url: str) -> str | None:
    try:
        await policy.check_url(url)
    except FetchError as exc:
        return exc.reason
    return None


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/",
        "http://127.0.0.1:8080/x",
        "http://localhost/",
        "http://LOCALHOST./",
        "http://10.1.2.3/",
        "http://192.168.0.1/",
        "http://172.16.5.4/",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]/",
        "http://[::ffff:127.0.0.1]/",
        "http://[::ffff:a01:203]/",  # IPv4-mapped 10.1.2.3
        "http://[fd00:ec2::254]/",
        "http://[fe80::1]/",
        "http://0.0.0.0/",
        "http://[::]/",
        "http://224.0.0.1/",
        "http://100.64.0.1/",  # carrier-grade NAT
        "http://2130706433/",  # 127.0.0.1 as a decimal integer
    ],
)
async def test_refuses_non_public_addresses(url: str) -> None:
    assert await _reason(AddressPolicy(), url) == "private_address"


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "url",
    ["ftp://example.com/file", "file:///etc/passwd", "javascript:alert(1)", "http:///nohost", "http://[::1/", "gopher://x/"],
)
async def test_invalid_urls(url: str) -> None:
    assert await _reason(AddressPolicy(), url) == "invalid_url"


@pytest.mark.asyncio
async def test_public_ip_literal_is_allowed() -> None:
    # IP literals are not resolved, so this makes no network access.
    assert await _reason(AddressPolicy(), "https://93.184.216.34/page") is None
    assert await _reason(AddressPolicy(), "http://[2606:4700::1111]/") is None


@pytest.mark.asyncio
async def test_allow_list_by_ip_cidr_and_host() -> None:
    policy = AddressPolicy(allow=("127.0.0.1", "10.0.0.0/8"))
    assert await _reason(policy, "http://127.0.0.1:9/") is None
    assert await _reason(policy, "http://10.200.3.4/") is None
    assert await _reason(policy, "http://[::ffff:127.0.0.1]/") is None
    # not covered by the allow list
    assert await _reason(policy, "http://192.168.1.1/") == "private_address"
    assert await _reason(policy, "http://[::1]/") == "private_address"
    assert await _reason(policy, "http://127.0.0.2/") == "private_address"

    host_policy = AddressPolicy(allow=("localhost",))
    assert await _reason(host_policy, "http://localhost:8000/") is None
    assert await _reason(host_policy, "http://127.0.0.1/") == "private_address"


@pytest.mark.asyncio
async def test_metadata_needs_exact_allow_entry() -> None:
    assert await _reason(AddressPolicy(allow=("169.254.0.0/16",)), "http://169.254.169.254/") == "private_address"
    assert await _reason(AddressPolicy(allow=("169.254.0.0/16",)), "http://169.254.1.1/") is None
    assert await _reason(AddressPolicy(allow=("169.254.169.254",)), "http://169.254.169.254/") is None


def _fake_dns(table: dict[str, list[str]]):
    """A socket.getaddrinfo stand-in so tests never query a real resolver."""

    def fake(host, port, family=0, type=0, proto=0, flags=0):  # noqa: A002, ANN001 (socket.getaddrinfo's signature)
        if host not in table:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        out = []
        for addr in table[host]:
            if ":" in addr:
                out.append((socket.AF_INET6, socket.SOCK_STREAM, 6, "", (addr, port or 0, 0, 0)))
            else:
                out.append((socket.AF_INET, socket.SOCK_STREAM, 6, "", (addr, port or 0)))
        return out

    return fake


@pytest.mark.asyncio
async def test_resolved_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        socket,
        "getaddrinfo",
        _fake_dns(
            {
                "public.example": ["93.184.216.34", "2606:2800:220:1::1"],
                "mixed.example": ["93.184.216.34", "10.0.0.7"],  # ANY private address refuses
                "rebind.example": ["::ffff:169.254.169.254"],
                "intranet.corp": ["10.9.8.7"],
            }
        ),
    )
    policy = AddressPolicy()
    assert await _reason(policy, "https://public.example/a") is None
    assert await _reason(policy, "https://mixed.example/a") == "private_address"
    assert await _reason(policy, "https://rebind.example/a") == "private_address"
    assert await _reason(policy, "https://intranet.corp/a") == "private_address"
    assert await _reason(AddressPolicy(allow=("intranet.corp",)), "https://intranet.corp/a") is None
    assert await _reason(AddressPolicy(allow=("10.9.8.0/24",)), "https://intranet.corp/a") is None
    assert await _reason(policy, "http://no-such-host.invalid/") == "connect_error"


def test_is_forbidden_address() -> None:
    assert is_forbidden_address(ipaddress.ip_address("169.254.169.254"))
    assert is_forbidden_address(ipaddress.ip_address("::ffff:192.168.1.1"))
    assert is_forbidden_address(ipaddress.ip_address("64:ff9b::a00:1"))  # NAT64 of 10.0.0.1
    assert not is_forbidden_address(ipaddress.ip_address("8.8.8.8"))
    assert not is_forbidden_address(ipaddress.ip_address("2001:4860:4860::8888"))


def test_error_string_format() -> None:
    err = FetchError("too_large", "body exceeds 10 bytes")
    assert err.reason == "too_large"
    assert str(err) == "too_large: body exceeds 10 bytes"

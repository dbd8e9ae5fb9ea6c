"""Outbound address policy: refuse URLs that point at internal networks (SSRF guard)."""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from urllib.parse import urlsplit

from services.scraper.fetch.errors import FetchError

__all__ = ["AddressPolicy", "is_forbidden_address", "METADATA_ADDRESSES"]

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

#: Cloud instance-metadata endpoints (AWS/GCP/Azure/OpenStack IPv4, AWS IPv6,
#: Alibaba). Always refused unless the exact address is allow-listed.
METADATA_ADDRESSES: frozenset[IPAddress] = frozenset(
    {
        ipaddress.ip_address("169.254.169.254"),
        ipaddress.ip_address("fd00:ec2::254"),
        ipaddress.ip_address("100.100.100.200"),
    }
)

_NAT64 = ipaddress.ip_network("64:ff9b::/96")


def _unwrap(ip: IPAddress) -> IPAddress:
    """Return the IPv4 address embedded in an IPv4-mapped / 6to4 / NAT64 IPv6 address."""
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.scope_id:
            ip = ipaddress.IPv6Address(ip.compressed.split("%", 1)[0])
        if ip.ipv4_mapped is not None:
            return ip.ipv4_mapped
        if ip.sixtofour is not None:
            return ip.sixtofour
        if ip in _NAT64:
            return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return ip


def is_forbidden_address(ip: IPAddress) -> bool:
    """True if ``ip`` is not a public unicast address.

    Covers private, loopback, link-local, multicast, reserved, unspecified,
    site-local, shared (CGNAT) and documentation ranges, the cloud metadata
    addresses, and the same ranges embedded in IPv4-mapped/6to4/NAT64 IPv6.
    """
    inner = _unwrap(ip)
    for cand in {ip, inner}:
        if cand in METADATA_ADDRESSES:
            return True
        if (
            cand.is_private
            or cand.is_loopback
            or cand.is_link_local
            or cand.is_multicast
            or cand.is_reserved
            or cand.is_unspecified
            or not cand.is_global
        ):
            return True
        if isinstance(cand, ipaddress.IPv6Address) and cand.is_site_local:
            return True
    return False


def _parse_ip(text: str) -> IPAddress | None:
    try:
        return ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return None


def _norm_host(host: str) -> str:
    return host.strip().strip("[]").rstrip(".").lower()


class AddressPolicy:
    """Decide whether a URL may be fetched.

    Args:
        allow: hosts, IP addresses or CIDR networks that are exempt from the
            private-address check, e.g. ``("127.0.0.1", "10.0.0.0/8", "localhost")``.
            A host name entry matches the URL host exactly (case-insensitive);
            IP/CIDR entries match resolved addresses.  A metadata address is
            exempted only by listing that exact address (a covering CIDR is not
            enough).

    Note: the check resolves the host itself; the HTTP client resolves again
    when connecting, so a hostile DNS server could in principle answer
    differently the second time (DNS rebinding).
    """

    def __init__(self, allow: tuple[str, ...] = ()) -> None:
        self.allow: tuple[str, ...] = tuple(allow)
        self._hosts: set[str] = set()
        self._nets: list[IPNetwork] = []
        self._exact: set[IPAddress] = set()
        for entry in self.allow:
            raw = _norm_host(entry)
            if not raw:
                continue
            try:
                net = ipaddress.ip_network(raw, strict=False)
            except ValueError:
                self._hosts.add(raw)
                continue
            self._nets.append(net)
            if net.num_addresses == 1:
                self._exact.add(net.network_address)

    def __repr__(self) -> str:
        return f"AddressPolicy(allow={self.allow!r})"

    def is_allowed_address(self, ip: IPAddress) -> bool:
        """True if ``ip`` is public, or exempted by the allow list."""
        if ip in self._exact or _unwrap(ip) in self._exact:
            return True
        if ip in METADATA_ADDRESSES or _unwrap(ip) in METADATA_ADDRESSES:
            return False
        for cand in {ip, _unwrap(ip)}:
            if any(cand.version == net.version and cand in net for net in self._nets):
                return True
        return not is_forbidden_address(ip)

    async def check_url(self, url: str) -> None:
        """Validate ``url`` before any request is made.

        Raises:
            FetchError: ``invalid_url`` for a non-http(s) scheme, a missing or
                malformed host; ``connect_error`` if the host does not resolve;
                ``private_address`` if any resolved address is non-public and
                neither the host nor that address is allow-listed.
        """
        try:
            parts = urlsplit(url)
            host = parts.hostname
            parts.port  # noqa: B018 - raises ValueError on a bad port
        except ValueError as exc:
            raise FetchError("invalid_url", f"malformed URL {url!r}: {exc}", url=url) from exc
        if parts.scheme.lower() not in ("http", "https"):
            raise FetchError("invalid_url", f"unsupported scheme in {url!r}", url=url)
        if not host:
            raise FetchError("invalid_url", f"no host in {url!r}", url=url)
        host = _norm_host(host)
        if host in self._hosts:
            return

        literal = _parse_ip(host)
        if literal is not None:
            addresses: list[IPAddress] = [literal]
        else:
            addresses = await self._resolve(host, url)

        for ip in addresses:
            if not self.is_allowed_address(ip):
                raise FetchError(
                    "private_address",
                    f"{host} resolves to non-public address {ip}",
                    url=url,
                )

    @staticmethod
    async def _resolve(host: str, url: str) -> list[IPAddress]:
        loop = asyncio.get_running_loop()
        try:
            infos = await loop.getaddrinfo(host, None, type=socket.SOCK_STREAM)
        except (socket.gaierror, UnicodeError, OSError) as exc:
            raise FetchError("connect_error", f"cannot resolve {host}: {exc}", url=url) from exc
        addresses: list[IPAddress] = []
        for _family, _type, _proto, _canon, sockaddr in infos:
            ip = _parse_ip(str(sockaddr[0]).split("%", 1)[0])
            if ip is not None and ip not in addresses:
                addresses.append(ip)
        if not addresses:
            raise FetchError("connect_error", f"no addresses for {host}", url=url)
        return addresses

"""Which receiver URLs an endpoint may have, and which addresses a delivery may connect to (docs/decisions.md E4).

Sandbox organizations may use `http://` and loopback or private addresses, so a bank can point a
webhook at its laptop. An organization with a Production key may register only `https://` URLs, and
each delivery resolves the host and connects only to a public address it checked, never to one
resolved again later: a name that resolves to a private, loopback, link-local or reserved address
is refused (SSRF).
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import SplitResult, urlsplit

MAX_URL_LENGTH = 2000


class TargetRefused(ValueError):
    """A URL or address the rules do not allow."""


@dataclass(frozen=True)
class Target:
    """Where one delivery goes: the URL's parts and the address to connect to."""

    scheme: str
    host: str
    port: int
    path: str
    address: str


def check_url(url: str, production: bool) -> SplitResult:
    """The parsed URL if an endpoint may have it; raises TargetRefused saying why not."""
    if len(url) > MAX_URL_LENGTH:
        raise TargetRefused(f"the URL is longer than {MAX_URL_LENGTH} characters")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError as error:
        raise TargetRefused(f"not a URL: {error}") from None
    allowed = ("https",) if production else ("https", "http")
    if parts.scheme not in allowed:
        raise TargetRefused(
            "only https:// URLs are accepted for an organization with a Production key"
            if production
            else "only http:// and https:// URLs are accepted"
        )
    if not parts.hostname:
        raise TargetRefused("the URL has no host")
    if parts.username or parts.password:
        raise TargetRefused("the URL may not carry a user name or password")
    if parts.fragment:
        raise TargetRefused("the URL may not have a #fragment")
    if production:
        literal = _literal_address(parts.hostname)
        if parts.hostname.lower() == "localhost" or (literal is not None and not literal.is_global):
            raise TargetRefused("private, loopback and link-local addresses are refused in Production")
    return parts


def _literal_address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None


def is_public(address: str) -> bool:
    """Whether an address is globally routable (not private, loopback, link-local, reserved or multicast)."""
    parsed = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
        parsed = parsed.ipv4_mapped
    return parsed.is_global and not parsed.is_multicast


def resolve(url: str, production: bool) -> Target:
    """The URL checked, its host resolved, and the one address a delivery connects to.

    In Production every address the name resolves to must be public; one that is not refuses the
    whole name, so a name cannot mix a public and a private answer.
    """
    parts = check_url(url, production)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise TargetRefused(f"the host does not resolve: {error}") from None
    addresses = [str(info[4][0]) for info in infos]
    if not addresses:
        raise TargetRefused("the host does not resolve")
    if production and not all(is_public(address) for address in addresses):
        raise TargetRefused("the host resolves to a private, loopback or link-local address, refused in Production")
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return Target(parts.scheme, host, port, path, addresses[0])

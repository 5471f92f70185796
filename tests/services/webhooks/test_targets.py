"""Which URLs an endpoint may have, and the SSRF guard of Production deliveries."""

from __future__ import annotations

import socket

import pytest

from services.webhooks.targets import TargetRefused, check_url, is_public, resolve


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:9000/hooks",
        "http://localhost/x",
        "https://10.0.0.5/x",
        "http://[::1]:8080/",
        "https://bank.example/h",
    ],
)
def test_the_sandbox_allows_http_and_loopback(url: str) -> None:
    check_url(url, production=False)


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("http://bank.example/hooks", "https"),
        ("https://127.0.0.1/hooks", "private"),
        ("https://localhost/hooks", "private"),
        ("https://10.1.2.3/hooks", "private"),
        ("https://192.168.0.10/hooks", "private"),
        ("https://172.16.0.1/hooks", "private"),
        ("https://169.254.169.254/latest/meta-data", "private"),
        ("https://[::1]/hooks", "private"),
        ("https://[fe80::1]/hooks", "private"),
        ("https://[fd00::1]/hooks", "private"),
        ("https://0.0.0.0/hooks", "private"),
    ],
)
def test_production_refuses_http_and_private_literals(url: str, why: str) -> None:
    with pytest.raises(TargetRefused, match=why):
        check_url(url, production=True)


@pytest.mark.parametrize(
    "url",
    ["ftp://bank.example/x", "file:///etc/passwd", "https://user:pw@bank.example/", "https:///nohost", "x" * 2001],
)
def test_neither_mode_takes_other_schemes_credentials_or_no_host(url: str) -> None:
    for production in (False, True):
        with pytest.raises(TargetRefused):
            check_url(url, production)


def test_a_public_https_url_is_allowed_in_production() -> None:
    assert check_url("https://93.184.215.14:8443/hooks?x=1", production=True).port == 8443
    assert check_url("https://hooks.bank.example/in", production=True).hostname == "hooks.bank.example"


@pytest.mark.parametrize(
    ("address", "public"),
    [
        ("8.8.8.8", True),
        ("2606:4700:4700::1111", True),
        ("127.0.0.1", False),
        ("10.0.0.1", False),
        ("100.64.0.1", False),
        ("169.254.1.1", False),
        ("::ffff:127.0.0.1", False),
        ("::ffff:10.0.0.1", False),
        ("224.0.0.1", False),
    ],
)
def test_is_public(address: str, public: bool) -> None:
    assert is_public(address) is public


def test_production_refuses_a_name_that_resolves_to_a_private_address() -> None:
    # The machine's own name passes the URL rules and resolves to loopback or a private address:
    # the refusal comes from the resolved address.
    name = socket.gethostname()
    if any(is_public(str(info[4][0])) for info in socket.getaddrinfo(name, 443, type=socket.SOCK_STREAM)):
        pytest.skip(f"{name} resolves to a public address here")
    check_url(f"https://{name}:8443/hooks", production=True)
    with pytest.raises(TargetRefused, match="resolves to a private"):
        resolve(f"https://{name}:8443/hooks", production=True)
    target = resolve("http://localhost:8443/hooks?a=1", production=False)
    assert (target.host, target.port, target.path) == ("localhost", 8443, "/hooks?a=1")
    assert not is_public(target.address)


def test_an_unresolvable_host_is_refused() -> None:
    with pytest.raises(TargetRefused, match="resolve"):
        resolve("http://no-such-host.invalid/hooks", production=False)

"""harness/slow_clients.py: thousands of slow clients, each address a real loopback source."""

from __future__ import annotations

import resource
import socket

from harness.slow_clients import allow_open_files, loopback_address


def test_2030_clients_get_distinct_loopback_addresses_that_can_be_bound() -> None:
    addresses = [loopback_address(n) for n in range(2030)]
    assert len(set(addresses)) == 2030
    assert addresses[0] == "127.0.0.2" and addresses[253] == "127.0.0.255" and addresses[254] == "127.0.1.1"
    assert all(a.startswith("127.") and not a.endswith(".0") for a in addresses)
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        with socket.create_connection(("127.0.0.1", port), source_address=(addresses[-1], 0)) as client:
            accepted, peer = server.accept()
            accepted.close()
            assert client.getsockname()[0] == peer[0] == addresses[-1]


def test_the_soft_open_file_limit_is_raised_for_the_sockets_but_never_lowered() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
        allow_open_files(3000)
        raised = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        allow_open_files(100)
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] == raised
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert raised == (3000 if hard == resource.RLIM_INFINITY else min(3000, hard))

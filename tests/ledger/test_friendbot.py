"""The sandbox's friendbot answers as the test network's does (docs/ledger.md, fidelity table)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

import requests
from stellar_sdk import Keypair

from tests.ledger.conftest import Kit


def test_friendbot_creates_the_account_with_ten_thousand_lumens_and_answers_the_transaction(kit: Kit) -> None:
    keypair = Keypair.random()

    response = requests.get(f"{kit.url}/friendbot", params={"addr": keypair.public_key}, timeout=30)

    assert response.status_code == 200
    body = response.json()
    assert body["successful"] is True
    assert kit.server.transactions().transaction(body["hash"]).call()["ledger"] == body["ledger"]
    assert kit.balance(keypair) == Decimal("10000")


def test_friendbot_refuses_an_existing_account_with_the_create_account_result_and_changes_nothing(kit: Kit) -> None:
    (existing,) = kit.fund(xlm="25")

    response = requests.get(f"{kit.url}/friendbot", params={"addr": existing.public_key}, timeout=30)

    assert response.status_code == 400
    body = response.json()
    assert body["type"] == "https://stellar.org/horizon-errors/bad_request"
    assert body["detail"].startswith("createAccountAlreadyExist (AAAA")
    assert body["extras"]["envelope_xdr"]
    assert kit.balance(existing) == Decimal("25")


def test_concurrent_requests_are_paid_by_different_minions_and_all_succeed(kit: Kit) -> None:
    keypairs = [Keypair.random() for _ in range(4)]

    with ThreadPoolExecutor(max_workers=4) as pool:
        answers = list(
            pool.map(
                lambda kp: requests.get(f"{kit.url}/friendbot", params={"addr": kp.public_key}, timeout=30), keypairs
            )
        )

    assert [answer.status_code for answer in answers] == [200] * 4
    assert len({answer.json()["source_account"] for answer in answers}) == 4
    assert all(kit.balance(kp) == Decimal("10000") for kp in keypairs)


def test_friendbot_refuses_an_address_that_is_not_a_public_key(kit: Kit) -> None:
    response = requests.get(f"{kit.url}/friendbot", params={"addr": "GNOTAKEY"}, timeout=30)

    assert response.status_code == 400
    assert response.json()["extras"]["invalid_field"] == "addr"

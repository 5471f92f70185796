"""Signing secrets sealed at rest (decision E9): the box alone, then through registration, rotation and delivery."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

import pytest
from cryptography.fernet import Fernet
from flask.testing import FlaskClient, FlaskCliRunner

from services.webhooks.delivery import Deliverer
from services.webhooks.endpoints import add_endpoint, rotate
from services.webhooks.secret_box import SEALED_PREFIX, SecretBox, SecretUnavailable, parse_keys
from services.webhooks.signing import new_secret
from storage.database import database
from storage.webhook_endpoints import get_endpoint
from storage.webhook_models import WebhookDelivery, WebhookEndpoint
from tests.services.webhooks.conftest import SETTINGS, Clock, register, submit, verify
from tests.support.receiver import Receiver

OLD_KEY, NEW_KEY = Fernet.generate_key().decode(), Fernet.generate_key().decode()


def stored(endpoint_id: int) -> WebhookEndpoint:
    with database.connection_context():
        found = get_endpoint(endpoint_id)
    assert found is not None
    return found


def sealed_deliverer(clock: Clock, *keys: str) -> Deliverer:
    return Deliverer(dataclasses.replace(SETTINGS, secret_keys=keys), "sealed-test", clock=clock)


def test_a_sealed_secret_opens_under_any_configured_key_and_hides_the_secret() -> None:
    secret = new_secret()
    sealed = SecretBox([OLD_KEY]).seal(secret)
    assert sealed.startswith(SEALED_PREFIX) and secret not in sealed and len(sealed) <= 255
    assert SecretBox([NEW_KEY, OLD_KEY]).unseal(sealed) == secret
    resealed = SecretBox([NEW_KEY, OLD_KEY]).reseal(sealed)
    assert SecretBox([NEW_KEY]).unseal(resealed) == secret


def test_a_secret_stored_before_any_key_is_used_as_it_is() -> None:
    secret = new_secret()
    assert SecretBox().seal(secret) == secret
    assert SecretBox([NEW_KEY]).unseal(secret) == secret
    assert SecretBox([NEW_KEY]).reseal(secret).startswith(SEALED_PREFIX)


@pytest.mark.parametrize("keys", [(), (NEW_KEY,)])
def test_a_sealed_secret_no_key_opens_is_unavailable_and_the_error_shows_no_key(keys: tuple[str, ...]) -> None:
    sealed = SecretBox([OLD_KEY]).seal(new_secret())
    with pytest.raises(SecretUnavailable) as raised:
        SecretBox(keys).unseal(sealed)
    assert OLD_KEY not in str(raised.value) and NEW_KEY not in str(raised.value)


def test_the_keys_are_parsed_and_a_bad_one_is_named_by_position_only() -> None:
    assert parse_keys(f" {NEW_KEY} , {OLD_KEY} ,") == (NEW_KEY, OLD_KEY)
    assert parse_keys("") == ()
    with pytest.raises(ValueError, match="key 2 is not a Fernet key") as raised:
        parse_keys(f"{NEW_KEY},not-a-key-at-all")
    assert NEW_KEY not in str(raised.value)


def test_registered_and_rotated_secrets_are_stored_sealed_and_both_sign_during_the_overlap(
    client: FlaskClient, api_key: str, receiver: Receiver, clock: Clock
) -> None:
    box = SecretBox([NEW_KEY])
    with database.connection_context():
        endpoint = add_endpoint("Acme Bank", receiver.url, None, clock() - timedelta(seconds=1), box)
        rotated = rotate(endpoint.endpoint.id, clock(), timedelta(hours=24), box)
    row = stored(endpoint.endpoint.id)
    assert row.previous_secret is not None
    assert row.secret.startswith(SEALED_PREFIX) and row.previous_secret.startswith(SEALED_PREFIX)
    assert endpoint.secret not in (row.secret, row.previous_secret)
    assert rotated.secret not in (row.secret, row.previous_secret)
    submit(client, api_key)
    sealed_deliverer(clock, NEW_KEY).run_once()
    (during,) = receiver.snapshot()
    for secret in (endpoint.secret, rotated.secret):
        verify(secret, during)


def test_a_deliverer_without_the_key_sends_nothing_and_records_why(
    client: FlaskClient, api_key: str, receiver: Receiver, clock: Clock
) -> None:
    with database.connection_context():
        add_endpoint("Acme Bank", receiver.url, None, clock() - timedelta(seconds=1), SecretBox([OLD_KEY]))
    submit(client, api_key)
    sealed_deliverer(clock, NEW_KEY).run_once()
    assert receiver.snapshot() == []
    with database.connection_context():
        (delivery,) = WebhookDelivery.select()
        assert delivery.state != "delivered"
        assert delivery.last_error == "not signed: no key of WEBHOOK_SECRET_KEYS opens a signing secret"


def test_seal_secrets_seals_old_secrets_and_moves_them_to_a_new_key(
    client: FlaskClient, api_key: str, receiver: Receiver, clock: Clock, runner: FlaskCliRunner
) -> None:
    plain = register("Acme Bank", receiver.url, at=clock() - timedelta(seconds=1))
    assert stored(plain.endpoint.id).secret == plain.secret  # no key was configured

    def seal(keys: str) -> str:
        runner.app.config["WEBHOOK_SECRET_KEYS"] = keys
        result = runner.invoke(args=["webhooks", "seal-secrets"])
        assert result.exit_code == 0, result.output
        return str(result.output)

    assert "1 endpoint(s)" in seal(OLD_KEY)
    assert stored(plain.endpoint.id).secret.startswith(SEALED_PREFIX)
    assert "1 endpoint(s)" in seal(f"{NEW_KEY},{OLD_KEY}")
    submit(client, api_key)
    sealed_deliverer(clock, NEW_KEY).run_once()  # the old key is gone
    (request,) = receiver.snapshot()
    verify(plain.secret, request)
    runner.app.config["WEBHOOK_SECRET_KEYS"] = ""
    result = runner.invoke(args=["webhooks", "seal-secrets"])
    assert result.exit_code != 0 and "empty" in result.output

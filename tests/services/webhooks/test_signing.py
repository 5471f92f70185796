"""Signatures to the Standard Webhooks specification: its published example, and verification by its library."""

from __future__ import annotations

import base64
from datetime import UTC, datetime, timedelta

import pytest
from standardwebhooks import Webhook, WebhookVerificationError

from services.webhooks.endpoints import signing_secrets
from services.webhooks.signing import new_secret, signature_header, webhook_headers

# The example of the specification (standard-webhooks.com, "Signature scheme").
SPEC_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
SPEC_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek"
SPEC_TIMESTAMP = datetime.fromtimestamp(1614265330, UTC)
SPEC_BODY = b'{"test": 2432232314}'
SPEC_SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="


def test_the_specifications_example_signs_as_published() -> None:
    assert signature_header([SPEC_SECRET], SPEC_ID, SPEC_TIMESTAMP, SPEC_BODY) == SPEC_SIGNATURE


def test_a_new_secret_is_32_random_bytes_in_the_whsec_form() -> None:
    first, second = new_secret(), new_secret()
    assert first.startswith("whsec_") and first != second
    assert len(base64.b64decode(first.removeprefix("whsec_"))) == 32


def test_the_library_verifies_our_headers_and_refuses_a_changed_body() -> None:
    secret = new_secret()
    now = datetime.now(UTC)
    body = b"<Document>caf\xc3\xa9</Document>"
    headers = webhook_headers([secret], "msg_1", now, body)
    assert headers["webhook-timestamp"] == str(int(now.timestamp()))
    Webhook(secret).verify(body, headers, json_parse=False)
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(body + b" ", headers, json_parse=False)
    with pytest.raises(WebhookVerificationError):
        Webhook(new_secret()).verify(body, headers, json_parse=False)


def test_during_a_rotation_both_secrets_verify() -> None:
    old, new = new_secret(), new_secret()
    now = datetime(2026, 11, 25, 1, 0, 0)
    until = now + timedelta(hours=24)
    in_use = signing_secrets(new, old, until, now)
    assert in_use == [new, old]
    headers = webhook_headers(in_use, "msg_2", datetime.now(UTC), b"<x/>")
    assert len(headers["webhook-signature"].split(" ")) == 2
    for secret in (old, new):
        Webhook(secret).verify(b"<x/>", headers, json_parse=False)


def test_after_the_overlap_only_the_new_secret_signs() -> None:
    old, new = new_secret(), new_secret()
    until = datetime(2026, 11, 26, 1, 0, 0)
    assert signing_secrets(new, old, until, until) == [new]
    assert signing_secrets(new, None, None, until) == [new]
    headers = webhook_headers(signing_secrets(new, old, until, until), "msg_3", datetime.now(UTC), b"<x/>")
    with pytest.raises(WebhookVerificationError):
        Webhook(old).verify(b"<x/>", headers, json_parse=False)

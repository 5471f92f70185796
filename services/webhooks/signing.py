"""Signing secrets and signatures as the Standard Webhooks specification defines them (`standardwebhooks`)."""

from __future__ import annotations

import base64
import secrets
from collections.abc import Sequence
from datetime import datetime

from standardwebhooks import Webhook

SECRET_PREFIX = "whsec_"  # noqa: S105 - the format's prefix, not a secret
SECRET_BYTES = 32


def new_secret() -> str:
    """A fresh signing secret in the `whsec_<base64>` form receivers pass to `standardwebhooks.Webhook`."""
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode("ascii")


def signature_header(secrets_in_use: Sequence[str], message_id: str, timestamp: datetime, payload: bytes) -> str:
    """The `webhook-signature` value: one `v1,<base64 HMAC-SHA256>` per secret, space-separated."""
    text = payload.decode("utf-8")
    return " ".join(Webhook(secret).sign(message_id, timestamp, text) for secret in secrets_in_use)


def webhook_headers(
    secrets_in_use: Sequence[str], message_id: str, timestamp: datetime, payload: bytes
) -> dict[str, str]:
    """`webhook-id`, `webhook-timestamp` (whole Unix seconds) and `webhook-signature` for one attempt."""
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(int(timestamp.timestamp())),
        "webhook-signature": signature_header(secrets_in_use, message_id, timestamp, payload),
    }

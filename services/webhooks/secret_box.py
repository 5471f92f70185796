"""Signing secrets sealed at rest with Fernet, under keys from the configuration (decision E9).

A stored secret is either `fernet:<token>` (sealed) or the `whsec_...` secret itself (stored while no
key was configured). `WEBHOOK_SECRET_KEYS` may name several keys: the first seals, any of them
unseals, so the key itself can be rotated (`webhooks seal-secrets` re-seals under the first).
"""

from __future__ import annotations

from collections.abc import Sequence

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

SEALED_PREFIX = "fernet:"


class SecretUnavailable(Exception):
    """A sealed secret that no configured key opens. Its text never holds a secret or a key."""


def parse_keys(text: str) -> tuple[str, ...]:
    """The comma-separated Fernet keys of `WEBHOOK_SECRET_KEYS`; ValueError naming the bad one by position."""
    keys = tuple(part.strip() for part in text.split(",") if part.strip())
    for position, key in enumerate(keys, start=1):
        try:
            Fernet(key.encode("ascii"))
        except (ValueError, UnicodeEncodeError):
            raise ValueError(
                f"WEBHOOK_SECRET_KEYS: key {position} is not a Fernet key (32 url-safe base64-encoded bytes)"
            ) from None
    return keys


class SecretBox:
    """Seals secrets under the first key and unseals them under any; with no key, stores them as they are."""

    def __init__(self, keys: Sequence[str] = ()) -> None:
        self._fernet = MultiFernet([Fernet(key.encode("ascii")) for key in keys]) if keys else None

    @property
    def sealing(self) -> bool:
        """Whether a key is configured, so new secrets are stored sealed."""
        return self._fernet is not None

    def seal(self, secret: str) -> str:
        """The secret as it is stored."""
        if self._fernet is None:
            return secret
        return SEALED_PREFIX + self._fernet.encrypt(secret.encode("ascii")).decode("ascii")

    def unseal(self, stored: str) -> str:
        """The secret itself; raises SecretUnavailable when it is sealed and no configured key opens it."""
        if not stored.startswith(SEALED_PREFIX):
            return stored
        if self._fernet is None:
            raise SecretUnavailable("a signing secret is sealed and WEBHOOK_SECRET_KEYS is empty")
        try:
            return self._fernet.decrypt(stored.removeprefix(SEALED_PREFIX).encode("ascii")).decode("ascii")
        except InvalidToken:
            raise SecretUnavailable("no key of WEBHOOK_SECRET_KEYS opens a signing secret") from None

    def reseal(self, stored: str) -> str:
        """The stored form under the first key: a plain secret sealed, a sealed one re-sealed."""
        return self.seal(self.unseal(stored))

"""API keys: issue, authenticate, revoke. Keys are random secrets; only their SHA-256 is stored."""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
from dataclasses import dataclass, field
from datetime import timedelta
from enum import StrEnum

import peewee

from storage import api_keys as key_store
from storage.database import database, unreachable
from storage.models import ApiKey, utc_now
from storage.organizations import find_organization


class Environment(StrEnum):
    """Which ledger a key's transfers settle on."""

    SANDBOX = "Sandbox"
    PRODUCTION = "Production"


_PREFIX = {Environment.SANDBOX: "tkn_sandbox", Environment.PRODUCTION: "tkn_live"}
_DUMMY_HASH = hashlib.sha256(b"no such key").hexdigest()
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Caller:
    """The authenticated organization behind a request."""

    organization_id: int
    organization_name: str
    environment: Environment
    key_id: str


class UnknownOrganization(Exception):
    """No organization has that name or ID."""


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _split(presented: str) -> tuple[str, str] | None:
    # Shape: <prefix>_<16 hex key id>_<secret>; the prefix itself holds one underscore.
    parts = presented.split("_", 3)
    if len(parts) != 4 or f"{parts[0]}_{parts[1]}" not in _PREFIX.values() or len(parts[2]) != 16:
        return None
    return parts[2], parts[3]


def issue_api_key(organization: str, environment: Environment) -> tuple[str, ApiKey]:
    """Create a key for an organization (name or ID); return the plain key, shown once, and its row."""
    with database.atomic():
        owner = find_organization(organization)
        if owner is None:
            raise UnknownOrganization(organization)
        key_id = secrets.token_hex(8)
        plain = f"{_PREFIX[environment]}_{key_id}_{secrets.token_urlsafe(32)}"
        row = key_store.insert_api_key(owner, key_id, _digest(plain), environment.value)
    return plain, row


@dataclass(frozen=True)
class _Verified:
    key_hash: str
    caller: Caller
    expires_at: float


@dataclass
class ApiKeyCache:
    """Keys this process verified lately, so a busy client's requests skip the key look-up.

    An entry lives `seconds` from the look-up that made it; using it does not extend it, so a key
    revoked elsewhere stops working in every process within `seconds` (docs/decisions.md K4).
    Only keys that passed verification are kept, and every request still has its secret compared.
    """

    seconds: float
    max_entries: int = 10_000
    _entries: dict[str, _Verified] = field(default_factory=dict)

    def get(self, key_id: str) -> _Verified | None:
        """The unexpired entry for a key ID."""
        entry = self._entries.get(key_id)
        if entry is None or entry.expires_at <= time.monotonic():
            return None
        return entry

    def put(self, key_id: str, key_hash: str, caller: Caller) -> None:
        """Remember a key that was just looked up and verified."""
        if self.seconds <= 0:
            return
        if len(self._entries) >= self.max_entries:
            self._entries.clear()  # bounded: key IDs are only kept once verified, so this is rare
        self._entries[key_id] = _Verified(key_hash, caller, time.monotonic() + self.seconds)


def _caller(row: key_store.ActiveKey) -> Caller:
    return Caller(
        organization_id=row.organization_id,
        organization_name=row.organization_name,
        environment=Environment(row.environment),
        key_id=row.key_id,
    )


def authenticate(presented: str | None, cache: ApiKeyCache | None = None) -> Caller | None:
    """The caller a presented key belongs to, or None for a missing, unknown or revoked key.

    With a cache, a key verified within its lifetime is not looked up again.
    """
    if not presented:
        return None
    presented = presented.strip()
    split = _split(presented)
    digest = _digest(presented)
    cached = cache.get(split[0]) if cache is not None and split else None
    if cached is not None:
        return cached.caller if hmac.compare_digest(cached.key_hash, digest) else None
    row = key_store.find_active_api_key(split[0]) if split else None
    # Compare even when nothing was found, so a miss costs what a hit costs.
    expected = row.key_hash if row is not None else _DUMMY_HASH
    if not hmac.compare_digest(expected, digest) or row is None:
        return None
    caller = _caller(row)
    if cache is not None:
        cache.put(row.key_id, row.key_hash, caller)
    return caller


@dataclass
class KeyUseRecorder:
    """Records each key's last use in the store at most once per `interval_seconds` per process.

    A request path that wrote a row on every request would turn every pacs.028 into a contended
    write; a last use that is at most a minute old is all `keys list` needs (docs/decisions.md U1).
    """

    interval_seconds: float = 60.0
    max_entries: int = 10_000
    _written: dict[str, float] = field(default_factory=dict)

    def note(self, key_id: str) -> None:
        """Remember that `key_id` was used now, writing only when this process has not written it lately."""
        moment = time.monotonic()
        last = self._written.get(key_id)
        if last is not None and moment - last < self.interval_seconds:
            return
        if len(self._written) >= self.max_entries:
            self._written.clear()
        self._written[key_id] = moment
        now = utc_now()
        try:
            key_store.record_key_use(key_id, now, now - timedelta(seconds=self.interval_seconds))
        except peewee.DatabaseError as error:
            if unreachable(error):
                raise  # the request could not be served either: answer 503 now, not after its own wait
            # The last use is advisory: a store too busy to take it must not cost the caller its request.
            log.warning("could not record the last use of key %s: %s", key_id, type(error).__name__)


def revoke_api_key(key_id: str) -> bool:
    """Revoke a key by its public ID."""
    with database.atomic():
        return key_store.revoke_api_key(key_id)

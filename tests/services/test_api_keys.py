"""API keys: random, prefixed, stored as hashes, revocable."""

from __future__ import annotations

import hashlib

from flask import Flask

from services.api_keys import Environment, authenticate, issue_api_key, revoke_api_key
from storage.database import database
from storage.models import ApiKey
from tests.conftest import make_key


def test_key_shape_and_only_hash_stored(app: Flask) -> None:
    plain = make_key("Acme", Environment.PRODUCTION)
    assert plain.startswith("tkn_live_") and len(plain) > 60
    with database.connection_context():
        row = ApiKey.get()
        assert row.key_hash == hashlib.sha256(plain.encode()).hexdigest()
        assert plain not in {str(v) for v in row.__data__.values()}
        caller = authenticate(plain)
    assert caller is not None and caller.environment is Environment.PRODUCTION and caller.organization_name == "Acme"


def test_wrong_secret_with_right_key_id_fails(app: Flask) -> None:
    plain = make_key("Acme")
    with database.connection_context():
        assert authenticate(plain[:-1] + ("A" if plain[-1] != "A" else "B")) is None


def test_revoked_key_fails(app: Flask) -> None:
    plain = make_key("Acme")
    with database.connection_context():
        assert revoke_api_key(plain.split("_")[2])
        assert authenticate(plain) is None


def test_keys_are_distinct(app: Flask) -> None:
    make_key("Acme")
    with database.connection_context():
        keys = {issue_api_key("Acme", Environment.SANDBOX)[0] for _ in range(3)}
    assert len(keys) == 3

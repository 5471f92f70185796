"""API keys: random, prefixed, stored as hashes, revocable."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta

from flask import Flask
from freezegun import freeze_time

from services.api_keys import (
    ApiKeyCache,
    Environment,
    KeyUseRecorder,
    authenticate,
    issue_api_key,
    revoke_api_key,
)
from storage.api_keys import record_key_use
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


def _key_id(plain: str) -> str:
    return plain.split("_")[2]


def test_a_cached_key_is_not_looked_up_again_until_its_entry_expires(app: Flask) -> None:
    plain = make_key("Acme")
    cache = ApiKeyCache(seconds=1.0)
    with freeze_time("2026-11-23 10:00:00") as clock, database.connection_context():
        assert authenticate(plain, cache) is not None
        assert revoke_api_key(_key_id(plain))
        clock.tick(0.9)
        # Within the documented bound the revocation is not seen yet: no look-up happens.
        assert authenticate(plain, cache) is not None
        clock.tick(0.1)
        assert authenticate(plain, cache) is None


def test_using_a_cached_key_does_not_extend_its_entry(app: Flask) -> None:
    plain = make_key("Acme")
    cache = ApiKeyCache(seconds=1.0)
    with freeze_time("2026-11-23 10:00:00") as clock, database.connection_context():
        assert authenticate(plain, cache) is not None
        assert revoke_api_key(_key_id(plain))
        for _ in range(3):
            clock.tick(0.3)
            assert authenticate(plain, cache) is not None
        clock.tick(0.1)
        assert authenticate(plain, cache) is None


def test_a_cached_key_id_with_a_wrong_secret_fails(app: Flask) -> None:
    plain = make_key("Acme")
    cache = ApiKeyCache(seconds=60.0)
    with database.connection_context():
        assert authenticate(plain, cache) is not None
        assert authenticate(plain[:-1] + ("A" if plain[-1] != "A" else "B"), cache) is None


def test_only_verified_keys_are_cached(app: Flask) -> None:
    plain = make_key("Acme")
    cache = ApiKeyCache(seconds=60.0)
    with database.connection_context():
        assert authenticate(plain[:-1] + ("A" if plain[-1] != "A" else "B"), cache) is None
        assert cache.get(_key_id(plain)) is None


def test_a_zero_lifetime_caches_nothing(app: Flask) -> None:
    plain = make_key("Acme")
    cache = ApiKeyCache(seconds=0)
    with database.connection_context():
        assert authenticate(plain, cache) is not None
        assert revoke_api_key(_key_id(plain))
        assert authenticate(plain, cache) is None


def test_the_cache_stays_bounded(app: Flask) -> None:
    plain = make_key("Acme")
    cache = ApiKeyCache(seconds=60.0, max_entries=2)
    with database.connection_context():
        caller = authenticate(plain, cache)
    assert caller is not None
    for key_id in ("a" * 16, "b" * 16, "c" * 16):
        cache.put(key_id, "0" * 64, caller)
    assert len([k for k in ("a" * 16, "b" * 16, "c" * 16, _key_id(plain)) if cache.get(k)]) <= 2


def _last_used(plain: str) -> object:
    with database.connection_context():
        return ApiKey.get(ApiKey.key_id == _key_id(plain)).last_used_at


def test_a_key_use_is_written_at_most_once_a_minute_per_process(app: Flask) -> None:
    plain = make_key("Acme")
    recorder = KeyUseRecorder()
    with freeze_time("2026-11-23 10:00:00") as clock:
        with database.connection_context():
            recorder.note(_key_id(plain))
        assert _last_used(plain) == datetime(2026, 11, 23, 10, 0, 0)
        clock.tick(59)
        with database.connection_context():
            recorder.note(_key_id(plain))
        assert _last_used(plain) == datetime(2026, 11, 23, 10, 0, 0)
        clock.tick(1)
        with database.connection_context():
            recorder.note(_key_id(plain))
        assert _last_used(plain) == datetime(2026, 11, 23, 10, 1, 0)


def test_processes_that_race_within_a_minute_write_the_last_use_once(app: Flask) -> None:
    plain = make_key("Acme")
    with freeze_time("2026-11-23 10:00:00") as clock, database.connection_context():
        now = datetime(2026, 11, 23, 10, 0, 0)
        assert record_key_use(_key_id(plain), now, now - timedelta(seconds=60))
        clock.tick(30)
        later = now + timedelta(seconds=30)
        # Another process, which has not written this key yet, finds the row fresh and leaves it.
        assert not record_key_use(_key_id(plain), later, later - timedelta(seconds=60))
        KeyUseRecorder().note(_key_id(plain))
        assert ApiKey.get(ApiKey.key_id == _key_id(plain)).last_used_at == now

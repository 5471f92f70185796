"""Liveness tokens: held by one holder at a time, found gone once it lets go or dies."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from flask import Flask

from storage.database import database
from storage.liveness import FileLiveness, Liveness, PostgresLiveness, UnknownLiveness, lock_key
from tests.support.databases import postgres_url


def liveness_kinds(app: Flask, tmp_path: Path) -> Liveness:
    url = postgres_url()
    return PostgresLiveness(url) if url else FileLiveness(tmp_path / "workers")


def test_a_token_is_held_once_and_gone_after_release(app: Flask, tmp_path: Path) -> None:
    liveness = liveness_kinds(app, tmp_path)
    with database.connection_context():
        token = liveness.hold("w.1")
        assert token is not None and token.held()
        assert liveness.hold("w.1") is None
        assert not liveness.gone("w.1")
        assert not liveness.gone("w.1")  # probing takes nothing from the holder
        token.release()
        assert not token.held()
        assert liveness.gone("w.1")


def test_a_file_token_is_gone_when_its_process_is_killed(tmp_path: Path) -> None:
    liveness = FileLiveness(tmp_path / "workers")
    with subprocess.Popen(
        [sys.executable, "-c", HOLD_AND_WAIT, str(tmp_path / "workers")], stdout=subprocess.PIPE, text=True
    ) as holder:
        try:
            assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
            assert not liveness.gone("w.dead")
        finally:
            os.kill(holder.pid, signal.SIGKILL)
            holder.wait(timeout=30)
    assert liveness.gone("w.dead")
    token = liveness.hold("w.dead")  # only to show the lock is free: an ID is never held twice
    assert token is not None
    token.release()


HOLD_AND_WAIT = """
import sys, time
from pathlib import Path
from storage.liveness import FileLiveness
token = FileLiveness(Path(sys.argv[1])).hold("w.dead")
print("held", flush=True)
time.sleep(60)
"""


@pytest.mark.skipif(postgres_url() is None, reason="advisory locks are Postgres")
def test_a_session_lock_is_gone_when_its_session_ends(app: Flask) -> None:
    url = postgres_url()
    assert url is not None
    liveness = PostgresLiveness(url)
    with database.connection_context():
        token = liveness.hold("w.cut")
        assert token is not None
        pids = database.execute_sql(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = %s",
            (lock_key("w.cut") & 0xFFFFFFFF,),
        ).fetchall()
        assert len(pids) == 1
        database.execute_sql("SELECT pg_terminate_backend(%s, 10000)", (pids[0][0],))  # returns once it exited
        assert not token.held()
        assert liveness.gone("w.cut")


def test_unknown_liveness_never_finds_anyone_gone() -> None:
    liveness = UnknownLiveness()
    token = liveness.hold("w")
    assert token is not None and token.held()
    assert not liveness.gone("w")


def test_lock_keys_are_signed_64_bit_and_stable() -> None:
    assert lock_key("w.1") == lock_key("w.1") != lock_key("w.2")
    assert -(2**63) <= lock_key("w.1") < 2**63

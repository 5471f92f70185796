"""The tests' throwaway Postgres server (harness/postgres.py), which they may stop, start and restart.

It is for Postgres runs only: an SQLite run skips the tests that use it, and so does a machine that
cannot run one, except under CI, where that fails the test.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

import pytest

from harness.postgres import PostgresUnavailable, ThrowawayPostgres, destroy, throwaway_server
from tests.support.databases import postgres_url


@pytest.fixture(scope="session")
def throwaway_postgres() -> Iterator[ThrowawayPostgres]:
    """A running throwaway server for the session; a test that stops it must start it again."""
    if postgres_url() is None:
        pytest.skip("a throwaway Postgres server is for Postgres runs")
    try:
        server = throwaway_server("throwaway-postgres-")
    except PostgresUnavailable as reason:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the throwaway-Postgres tests: {reason}")
        pytest.skip(str(reason))
    try:
        yield server
    finally:
        with contextlib.suppress(RuntimeError):
            destroy(server)

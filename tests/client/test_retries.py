"""tkn-client resends the same pacs.008 on a 503 until the gateway's database is back: one transfer."""

from __future__ import annotations

import logging
import threading
from typing import Any

import pytest
from tkn_client.cli import main

from harness.postgres import ThrowawayPostgres
from tests.support.databases import reset_postgres, row_counts
from tests.support.messages import PAYEE


@pytest.fixture()
def app_config(app_config: dict[str, Any], throwaway_postgres: ThrowawayPostgres) -> dict[str, Any]:
    """The app on a Postgres server of its own, which the test stops for real."""
    reset_postgres(throwaway_postgres.url)
    return {**app_config, "DATABASE_URL": throwaway_postgres.url}


def test_a_503_is_resent_until_the_database_is_back_and_creates_one_transfer(
    live_server: str, api_key: str, throwaway_postgres: ThrowawayPostgres, capsys: pytest.CaptureFixture[str]
) -> None:
    restart = threading.Thread(target=throwaway_postgres.start)
    triggered = threading.Event()

    class RestartOnFirst503(logging.Handler):
        """Starts the server once the gateway has answered 503, while the client waits out Retry-After."""

        def emit(self, record: logging.LogRecord) -> None:
            if record.getMessage().startswith("database unreachable") and not triggered.is_set():
                triggered.set()
                restart.start()

    handler = RestartOnFirst503()
    logging.getLogger("gateway.api").addHandler(handler)
    throwaway_postgres.stop()
    try:
        status = main(["--base-url", live_server, "--api-key", api_key, "submit",
                       "--amount", "3", "--creditor", PAYEE, "--debtor", "A"])  # fmt: skip
    finally:
        logging.getLogger("gateway.api").removeHandler(handler)
        if triggered.is_set():
            restart.join()
        if not throwaway_postgres.running():
            throwaway_postgres.start()
    captured = capsys.readouterr()
    assert status == 0, captured
    assert "HTTP 503; sending the same message again in 5 s (attempt 2 of 5)" in captured.err
    assert captured.out.startswith("HTTP 201 ACCP\nTransferId: ")
    assert row_counts()[0] == 1

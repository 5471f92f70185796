"""tkn-client against the real app over HTTP: submit, status, wait, retries and samples."""

from __future__ import annotations

import logging
import signal
import subprocess
import sys
import threading
import time
import uuid
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from tkn_client.cli import main

from services.api_keys import Environment
from storage.database import database
from storage.models import Transfer
from tests.conftest import make_key
from tests.support.databases import row_counts
from tests.support.messages import PAYEE
from tests.support.transfers import move

SAMPLES = Path(__file__).parents[2] / "samples"
RETRY = "sending the same message again"


def run(base_url: str, key: str, *args: str) -> int:
    return main(["--base-url", base_url, "--api-key", key, *args])


def submit(base_url: str, key: str, *extra: str) -> int:
    return run(base_url, key, "submit", "--amount", "12.50", "--creditor", PAYEE, "--debtor", "ACC-1", *extra)


def transfer_id_in(output: str) -> str:
    return next(line.removeprefix("TransferId: ") for line in output.splitlines() if line.startswith("TransferId: "))


def test_a_transfer_built_from_options_is_accepted(
    live_server: str, api_key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert submit(live_server, api_key, "--memo", "Invoice 7", "--end-to-end-id", "E2E-ACME-7") == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "HTTP 201 ACCP"
    with database.connection_context():
        transfer = Transfer.get_by_id(uuid.UUID(transfer_id_in(out)))
    assert (transfer.amount_usd, transfer.destination_account, transfer.memo) == (Decimal("12.50"), PAYEE, "Invoice 7")
    assert transfer.end_to_end_id == "E2E-ACME-7"


def test_the_shipped_sample_file_is_filled_and_accepted(
    live_server: str, api_key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(live_server, api_key, "submit", str(SAMPLES / "pacs008.xml"), "--creditor", PAYEE) == 0
    assert capsys.readouterr().out.startswith("HTTP 201 ACCP\nTransferId: ")


def test_the_printed_sample_is_accepted_once_its_creditor_is_given(
    live_server: str, api_key: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["sample", "pacs008"]) == 0
    message = tmp_path / "pacs008.xml"
    message.write_text(capsys.readouterr().out)
    with pytest.raises(SystemExit) as usage:
        run(live_server, api_key, "submit", str(message))
    assert usage.value.code == 2
    assert "__CREDITOR__" in capsys.readouterr().err
    assert run(live_server, api_key, "submit", str(message), "--creditor", PAYEE) == 0
    assert capsys.readouterr().out.startswith("HTTP 201 ACCP")


def test_a_file_with_its_own_msgid_sent_twice_is_one_transfer(
    live_server: str, api_key: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    message = tmp_path / "pacs008.xml"
    msg_id = f"{int(time.time())}ABCDEF0123"
    message.write_text((SAMPLES / "pacs008.xml").read_text().replace("__MSG_ID__", msg_id))
    outputs = []
    for _ in range(2):
        assert run(live_server, api_key, "submit", str(message), "--creditor", PAYEE) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    assert row_counts()[0] == 1


def test_a_rejection_is_printed_with_its_reason_and_sent_once(
    live_server: str, api_key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert submit(live_server, api_key, "--currency", "EUR") == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [
        "HTTP 400 RJCT CUST",
        "Currency EUR is not supported; only USD is accepted.",
    ]
    assert RETRY not in captured.err


def test_a_wrong_key_is_401_and_not_retried(live_server: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert submit(live_server, "tkn_sandbox_wrong") == 1
    captured = capsys.readouterr()
    assert captured.out == "HTTP 401 (no report)\n"
    assert RETRY not in captured.err


def test_no_key_is_a_usage_error(live_server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TKN_API_KEY", raising=False)
    monkeypatch.delenv("TKN_API_KEY_FILE", raising=False)
    with pytest.raises(SystemExit) as usage:
        main(["--base-url", live_server, "submit", "--amount", "1", "--creditor", PAYEE, "--debtor", "A"])
    assert usage.value.code == 2


def test_the_base_url_and_key_come_from_the_environment(
    live_server: str, api_key: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    key_file = tmp_path / "key"
    key_file.write_text(api_key + "\n")
    monkeypatch.setenv("TKN_BASE_URL", live_server)
    monkeypatch.setenv("TKN_API_KEY_FILE", str(key_file))
    monkeypatch.delenv("TKN_API_KEY", raising=False)
    assert main(["submit", "--amount", "1", "--creditor", PAYEE, "--debtor", "A"]) == 0
    assert capsys.readouterr().out.startswith("HTTP 201 ACCP")


def test_without_flags_or_variables_make_runs_stack_file_gives_the_base_url_and_key(
    live_server: str, api_key: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    key_file = tmp_path / "demo api key"
    key_file.write_text(api_key + "\n")
    stack = tmp_path / "stack.env"
    stack.write_text(f"# make run\nTKN_BASE_URL={live_server}\nTKN_API_KEY_FILE='{key_file}'\n")
    monkeypatch.setenv("TKN_STACK_FILE", str(stack))
    for name in ("TKN_BASE_URL", "TKN_API_KEY", "TKN_API_KEY_FILE"):
        monkeypatch.delenv(name, raising=False)
    assert main(["submit", "--amount", "1", "--creditor", PAYEE, "--debtor", "A"]) == 0
    assert capsys.readouterr().out.startswith("HTTP 201 ACCP")
    # A variable set in the environment wins over the file.
    monkeypatch.setenv("TKN_BASE_URL", "http://127.0.0.1:1")
    assert main(["--retries", "0", "submit", "--amount", "1", "--creditor", PAYEE, "--debtor", "A"]) == 3


def test_status_reports_the_transfer_and_a_missing_one_is_404(
    live_server: str, api_key: str, other_api_key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert submit(live_server, api_key) == 0
    transfer_id = transfer_id_in(capsys.readouterr().out)
    assert run(live_server, api_key, "status", transfer_id) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "HTTP 200 ACSP"
    assert f"TransferId: {transfer_id}" in lines and "Status: Created" in lines
    assert lines[-1] == "IntrBkSttlmAmt: 12.50 USD"
    assert run(live_server, other_api_key, "status", transfer_id) == 1  # another organization's transfer
    assert capsys.readouterr().out.splitlines() == ["HTTP 404 RJCT AC01", f"Transfer not found: {transfer_id}"]


def test_a_refused_query_is_sent_once(live_server: str, api_key: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(live_server, api_key, "status", "not-a-transfer-id") == 1
    assert capsys.readouterr().out.startswith("HTTP 400 RJCT NARR")
    assert row_counts()[2] == 1  # the gateway recorded one pacs.028


def test_a_500_is_resent_with_the_same_msgid_then_given_up(
    live_server: str, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    production_key = make_key("Live Bank", Environment.PRODUCTION)  # this server cannot settle it: 500
    with caplog.at_level(logging.INFO, logger="gateway.request"):
        assert main(["--base-url", live_server, "--api-key", production_key, "--retries", "2", "submit",
                     "--amount", "1", "--creditor", PAYEE, "--debtor", "A"]) == 3  # fmt: skip
    err = capsys.readouterr().err
    assert err.count(RETRY) == 2 and "gave up: HTTP 500 after 3 attempts" in err
    sent = [getattr(r, "message_id", None) for r in caplog.records if r.name == "gateway.request"]
    assert len(sent) == 3 and len(set(sent)) == 1 and sent[0] is not None


def _settle_in_background(final: str) -> threading.Thread:
    """Move the first transfer that appears through Processing to `final`, as settlement would."""

    def settle() -> None:
        deadline = time.monotonic() + 30
        while row_counts()[0] == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        with database.connection_context():
            transfer_id = str(Transfer.select().get().id)
        at = datetime.now(UTC).replace(tzinfo=None)
        move(transfer_id, "Processing", at)
        time.sleep(0.3)
        move(transfer_id, final, at, ledger_hash="ab" * 32, amount_tkn=Decimal("12.5"), error_code="AC01")

    thread = threading.Thread(target=settle, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize(("final", "status", "exit_status"), [("Completed", "ACSC", 0), ("Failed", "RJCT AC01", 1)])
def test_wait_follows_the_transfer_to_its_final_state(
    live_server: str, api_key: str, capsys: pytest.CaptureFixture[str], final: str, status: str, exit_status: int
) -> None:
    settling = _settle_in_background(final)
    assert submit(live_server, api_key, "--wait", "--poll-interval", "0.2", "--timeout", "60") == exit_status
    settling.join()
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "HTTP 201 ACCP"
    final_report = lines[lines.index(f"HTTP 200 {status}") :]
    assert f"Status: {final}" in final_report
    assert "IntrBkSttlmAmt: 12.50 USD" in final_report
    if final == "Completed":
        assert f"TransactionHash: {'ab' * 32}" in final_report
        assert "InstdAmt: 12.5000000 TKN" in final_report
    else:
        assert "ErrorCode: AC01" in final_report


def test_wait_gives_up_after_its_timeout(live_server: str, api_key: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert submit(live_server, api_key, "--wait", "--poll-interval", "0.1", "--timeout", "0.5") == 3
    captured = capsys.readouterr()
    transfer_id = transfer_id_in(captured.out)
    assert f"no final state after 0.5 s; ask again with: tkn-client status {transfer_id}" in captured.err
    assert f"Transfer {transfer_id}: Created; next check in 0.1 s (0 so far)" in captured.err  # progress, one a line
    assert row_counts()[2] >= 2  # it asked more than once before giving up


def test_ctrl_c_stops_the_waiting_and_says_how_to_ask_again(live_server: str, api_key: str) -> None:
    command = [sys.executable, "-m", "tkn_client", "--base-url", live_server, "--api-key", api_key, "submit",
               "--amount", "1", "--creditor", PAYEE, "--debtor", "A", "--wait", "--poll-interval", "60"]  # fmt: skip
    waiting = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert waiting.stdout is not None
    assert waiting.stdout.readline() == "HTTP 201 ACCP\n"
    transfer_id = waiting.stdout.readline().removeprefix("TransferId: ").strip()
    waiting.send_signal(signal.SIGINT)
    _, err = waiting.communicate(timeout=30)
    assert waiting.returncode == 3, err
    assert f"stopped waiting; the transfer goes on; ask again with: tkn-client status {transfer_id}" in err
    assert "Traceback" not in err


def test_cancel_cancels_a_transfer_not_yet_claimed_and_again_is_refused(
    live_server: str, api_key: str, other_api_key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert submit(live_server, api_key) == 0
    transfer_id = transfer_id_in(capsys.readouterr().out)
    assert run(live_server, api_key, "cancel", transfer_id, "--reason", "DUPL", "--wait") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "HTTP 200 CNCL" and "Cancellation reason: DUPL." in lines
    assert run(live_server, api_key, "cancel", transfer_id, "--reason", "DUPL") == 1
    assert capsys.readouterr().out.startswith("HTTP 200 RJCR ARJT")
    assert run(live_server, other_api_key, "cancel", transfer_id, "--reason", "FRAD") == 1
    assert capsys.readouterr().out.splitlines() == ["HTTP 404 RJCR NOOR", f"Transfer not found: {transfer_id}"]
    assert run(live_server, api_key, "cancel", transfer_id, "--reason", "NOPE") == 1
    assert capsys.readouterr().out.startswith("HTTP 400 RJCR NARR")

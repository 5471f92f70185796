"""tkn-client: submit, status, cancel and sample, with the base URL and key from flags or the environment."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from pathlib import Path

import requests
from rich.console import Console

from tkn_client.cancellation import PENDING, build_camt056, cancel, new_assignment_id
from tkn_client.messages import (
    CREDITOR_PLACEHOLDER,
    MSG_ID_PLACEHOLDER,
    TRANSFER_ID_PLACEHOLDER,
    CreditTransfer,
    PlaceholderLeft,
    StatusReport,
    build_pacs008,
    build_pacs028,
    fill_message_file,
    new_message_id,
    parse_pacs002,
)
from tkn_client.stack import setting
from tkn_client.transport import Answer, Gateway, GaveUp, send
from tkn_client.waiting import (
    FIRST_INTERVAL_SECONDS,
    TIMEOUT_SECONDS,
    Polling,
    WaitingStopped,
    ask_status,
    stop_from_signal_handler,
    wait_for_final_state,
)

DEFAULT_BASE_URL = "http://127.0.0.1:8000"
# Exit statuses: the transfer is accepted, in progress or settled; refused or failed; no final answer.
OK, REFUSED, USAGE, NO_ANSWER = 0, 1, 2, 3
INTERRUPTED = 130  # as a shell reports a command that SIGINT ended
SUCCESSFUL = frozenset({"ACCP", "ACSP", "ACSC"})


def _amount(text: str) -> Decimal:
    try:
        return Decimal(text)
    except InvalidOperation:
        raise argparse.ArgumentTypeError(f"not a decimal amount: {text!r}") from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tkn-client",
        description="Submit ISO 20022 credit transfers to the TKN gateway and follow them.",
        epilog=(
            "Exit status: 0 accepted, in progress or settled; 1 refused or failed; 2 usage; 3 no final answer. "
            "Without flags or variables, the base URL and key file are those `make run` wrote to var/stack.env."
        ),
    )
    base_url = setting("TKN_BASE_URL") or DEFAULT_BASE_URL
    parser.add_argument("--base-url", default=base_url, help="$TKN_BASE_URL, else make run's (var/stack.env)")
    parser.add_argument("--api-key", default=os.environ.get("TKN_API_KEY"), help="$TKN_API_KEY")
    parser.add_argument(
        "--api-key-file",
        default=setting("TKN_API_KEY_FILE"),
        help="a file holding the key; $TKN_API_KEY_FILE, else make run's demo key (var/stack.env)",
    )
    parser.add_argument("--network", default="net")
    parser.add_argument("--retries", type=int, default=4, help="resends after a 429, 500, 503 or lost connection")
    commands = parser.add_subparsers(dest="command", required=True)

    submit = commands.add_parser("submit", help="send a pacs.008, from FILE or built from the options")
    submit.add_argument("file", nargs="?", type=Path, help="a pacs.008; __MSG_ID__ or an empty MsgId gets a fresh one")
    submit.add_argument("--amount", type=_amount, help="USD, for example 125.50")
    submit.add_argument("--creditor", help="the payee's Stellar public key (G...); also fills __CREDITOR__ in FILE")
    submit.add_argument("--debtor", help="the source account number")
    submit.add_argument("--currency", default="USD")
    submit.add_argument("--memo", help="CdtrAcct/Nm, at most 28 bytes")
    submit.add_argument("--instruction-id")
    submit.add_argument("--end-to-end-id")
    submit.add_argument("--wait", action="store_true", help="poll pacs.028 until Completed or Failed")
    submit.add_argument("--poll-interval", type=float, default=FIRST_INTERVAL_SECONDS, help="first wait, seconds")
    submit.add_argument("--timeout", type=float, default=TIMEOUT_SECONDS, help="stop waiting after, seconds")

    status = commands.add_parser("status", help="ask a transfer's status with a pacs.028")
    status.add_argument("transfer_id")

    cancel = commands.add_parser("cancel", help="ask to cancel a transfer with a camt.056")
    cancel.add_argument("transfer_id")
    cancel.add_argument("--reason", required=True, help="ExternalCancellationReason1Code: DUPL, CUST, FRAD, TECH, ...")
    cancel.add_argument("--wait", action="store_true", help="ask again while the answer is PDCR (pending)")
    cancel.add_argument("--poll-interval", type=float, default=FIRST_INTERVAL_SECONDS, help="first wait, seconds")
    cancel.add_argument("--timeout", type=float, default=TIMEOUT_SECONDS, help="stop waiting after, seconds")

    sample = commands.add_parser("sample", help="print a message to fill in and send")
    sample.add_argument("message", choices=["pacs008", "pacs028"])
    return parser


def _api_key(args: argparse.Namespace, parser: argparse.ArgumentParser) -> str:
    if args.api_key:
        return str(args.api_key)
    if args.api_key_file:
        return Path(args.api_key_file).read_text().strip()
    parser.error("no API key: give --api-key or --api-key-file, or set TKN_API_KEY or TKN_API_KEY_FILE")


def _print_report(answer: Answer, report: StatusReport) -> None:
    codes = " ".join(report.reason_codes)
    print(" ".join(part for part in (f"HTTP {answer.status}", report.status or "(no report)", codes) if part))
    for line in report.lines:
        print(line)
    for name, amount in report.amounts:
        print(f"{name}: {amount}")
    sys.stdout.flush()  # a script reading a pipe sees each report when it is known


def _outcome(answer: Answer, report: StatusReport) -> int:
    return OK if answer.status in (200, 201) and report.status in SUCCESSFUL else REFUSED


def _sample(message: str) -> bytes:
    if message == "pacs008":
        transfer = CreditTransfer(
            amount="125.50",
            creditor=CREDITOR_PLACEHOLDER,
            debtor="ACC-000123456",
            memo="Invoice 2026-0042",
            instruction_id="INSTR-0001",
            end_to_end_id="E2E-DEMO-0001",
        )
        return build_pacs008(transfer, MSG_ID_PLACEHOLDER)
    return build_pacs028(TRANSFER_ID_PLACEHOLDER, MSG_ID_PLACEHOLDER)


def _pacs008(args: argparse.Namespace, parser: argparse.ArgumentParser) -> bytes:
    if args.file is not None:
        try:
            text, _ = fill_message_file(args.file.read_text(encoding="utf-8"), new_message_id(), args.creditor)
        except PlaceholderLeft as error:
            parser.error(f"{args.file}: {error}")
        return text.encode("utf-8")
    missing = [name for name in ("amount", "creditor", "debtor") if getattr(args, name) is None]
    if missing:
        parser.error("without FILE, give " + ", ".join(f"--{name}" for name in missing))
    transfer = CreditTransfer(
        amount=args.amount,
        creditor=args.creditor,
        debtor=args.debtor,
        memo=args.memo,
        instruction_id=args.instruction_id,
        end_to_end_id=args.end_to_end_id,
        currency=args.currency,
    )
    return build_pacs008(transfer, new_message_id())


class _Run:
    """One command's run: what it needs and what it has learnt so far (the transfer it follows)."""

    def __init__(self, args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
        self.args = args
        self.parser = parser
        # Plain lines: no markup or highlighting of server texts, no wrapping inside a line a script may read.
        self.errors = Console(stderr=True, soft_wrap=True, markup=False, highlight=False)
        self.gateway = Gateway(args.base_url, _api_key(args, parser), network=args.network, retries=args.retries)
        self.transfer_id: str | None = None

    def on_retry(self, why: str, delay: float, attempt: int) -> None:
        """Say why the same message is sent again."""
        attempts = self.args.retries + 1
        self.errors.print(f"{why}; sending the same message again in {delay:g} s (attempt {attempt} of {attempts})")

    def status(self, session: requests.Session) -> int:
        """`status ID`: one pacs.028."""
        answer, report = ask_status(self.gateway, self.args.transfer_id, session, self.on_retry)
        _print_report(answer, report)
        return _outcome(answer, report)

    def submit(self, session: requests.Session) -> int:
        """`submit`: one pacs.008, then with --wait pacs.028 until a final state."""
        body = _pacs008(self.args, self.parser)
        answer = send(self.gateway, "pacs008", body, session=session, on_retry=self.on_retry)
        report = parse_pacs002(answer.body)
        self.transfer_id = report.transfer_id if answer.status == 201 else None
        if not self.args.wait or self.transfer_id is None:
            _print_report(answer, report)
            return _outcome(answer, report)
        polling = Polling(first_interval=self.args.poll_interval, timeout=self.args.timeout)
        stop = threading.Event()
        # From the acceptance on, Ctrl-C only sets a flag: the wait ends between checks, never inside
        # the progress display or a request, and the client always says how to ask again.
        previous = signal.signal(signal.SIGINT, lambda *_: stop_from_signal_handler(stop))
        try:
            _print_report(answer, report)
            final = wait_for_final_state(
                self.gateway,
                self.transfer_id,
                polling,
                session=session,
                console=self.errors,
                on_retry=self.on_retry,
                stop=stop,
            )
        except WaitingStopped:
            self.errors.print(f"stopped waiting; the transfer goes on; {self.ask_again()}")
            return NO_ANSWER
        finally:
            signal.signal(signal.SIGINT, previous)
        if final is None:
            self.errors.print(f"no final state after {self.args.timeout:g} s; {self.ask_again()}")
            return NO_ANSWER
        _print_report(*final)
        return _outcome(*final)

    def cancel(self, session: requests.Session) -> int:
        """`cancel ID --reason CODE`: one camt.056, with --wait sent again until the answer is final."""
        body = build_camt056(self.args.transfer_id, self.args.reason, new_assignment_id())
        answer, resolution = cancel(
            self.gateway,
            body,
            session=session,
            on_retry=self.on_retry,
            wait=self.args.wait,
            first_interval=self.args.poll_interval,
            timeout=self.args.timeout,
        )
        parts = (f"HTTP {answer.status}", resolution.confirmation or "(no answer)", resolution.code or "")
        print(" ".join(part for part in parts if part))
        for line in resolution.lines:
            print(line)
        if resolution.confirmation == PENDING and self.args.wait:
            self.errors.print(f"still pending after {self.args.timeout:g} s; the same camt.056 sent again tells")
            return NO_ANSWER
        return OK if resolution.confirmation in ("CNCL", PENDING) else REFUSED

    def ask_again(self) -> str:
        """How to learn the outcome later."""
        return f"ask again with: tkn-client status {self.transfer_id}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; the exit status says how it ended."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "sample":
        sys.stdout.write(_sample(args.message).decode("utf-8"))
        return OK
    run = _Run(args, parser)
    try:
        with requests.Session() as session:
            if args.command == "cancel":
                return run.cancel(session)
            return run.status(session) if args.command == "status" else run.submit(session)
    except GaveUp as error:
        run.errors.print(f"gave up: {error}")
        return NO_ANSWER
    except KeyboardInterrupt:  # before or while sending: the message may or may not have arrived
        run.errors.print("interrupted")
        return INTERRUPTED

"""`GET /friendbot?addr=G...`: create and fund an account, as the test network's friendbot does.

The real friendbot submits a `create_account` of 10,000 XLM and answers with Horizon's
transaction resource; for an account that exists, the transaction fails on the ledger and it
answers 400 with the operation's result code and the result XDR in `detail`. Like the real one,
it pays from several "minion" accounts, so that concurrent requests share a ledger instead of
queueing behind one source account; root creates the minions on the first request.
"""

from __future__ import annotations

import hashlib
import queue
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Blueprint, Response, current_app, jsonify, request
from stellar_sdk import Account as SdkAccount
from stellar_sdk import Keypair, Network, TransactionBuilder
from stellar_sdk.exceptions import Ed25519PublicKeyInvalidError
from stellar_sdk.operation import CreateAccount, Operation

from ledger import horizon_json
from ledger.api import problem_response
from ledger.config import root_keypair
from ledger.engine import SubmitStatus
from ledger.models import Account, TransactionRecord
from ledger.state import current_state

bp = Blueprint("friendbot", __name__)

STARTING_BALANCE = "10000"
MINIONS = 8
MINION_BALANCE = "1000000000"
EXTENSION_KEY = "friendbot_minions"
# The XDR names the real friendbot puts in its 400's detail, by this ledger's operation code.
_XDR_NAMES = {
    "op_already_exists": "createAccountAlreadyExist",
    "op_underfunded": "createAccountUnderfunded",
    "op_low_reserve": "createAccountLowReserve",
    "op_malformed": "createAccountMalformed",
}
_setup_lock = threading.Lock()


@bp.get("/friendbot")
def friendbot() -> Response:
    """Create `addr` with 10,000 XLM; 400 for a bad or existing address."""
    address = request.args.get("addr", "")
    try:
        Keypair.from_public_key(address)
    except Ed25519PublicKeyInvalidError:
        return problem_response(
            400, "bad_request", "Bad Request", "The request you sent was invalid in some way.",
            invalid_field="addr", reason="base32 decode failed",
        )  # fmt: skip
    with _minion() as minion:
        record = _submit(minion, [CreateAccount(address, STARTING_BALANCE)])
    if record is None:
        return problem_response(504, "timeout", "Timeout", "Friendbot's transaction was not applied in time.")
    body = horizon_json.transaction(record, current_state().config.network_passphrase, record.hash)
    if record.successful:
        return jsonify(body)
    operations = body["result_codes"].get("operations") or [body["result_codes"]["transaction"]]
    code = next((op for op in operations if op != "op_success"), operations[0])
    detail = f"{_XDR_NAMES.get(code, code)} ({record.result_xdr})"
    return problem_response(400, "bad_request", "Bad Request", detail, envelope_xdr=record.envelope_xdr)


def minion_keypairs(passphrase: str) -> list[Keypair]:
    """Friendbot's paying accounts on this network: seeded by the network id, as root is."""
    network_id = Network(passphrase).network_id()
    return [
        Keypair.from_raw_ed25519_seed(hashlib.sha256(network_id + f"friendbot minion {n}".encode()).digest())
        for n in range(MINIONS)
    ]


@contextmanager
def _minion() -> Iterator[Keypair]:
    """Lend a minion to one request; the first request has root create the missing ones."""
    with _setup_lock:
        pool: queue.Queue[Keypair] | None = current_app.extensions.get(EXTENSION_KEY)
        if pool is None:
            minions = minion_keypairs(current_state().config.network_passphrase)
            missing = [kp for kp in minions if Account.get_or_none(Account.account_id == kp.public_key) is None]
            if missing:
                root = root_keypair(current_state().config.network_passphrase)
                _submit(root, [CreateAccount(kp.public_key, MINION_BALANCE) for kp in missing])
            pool = queue.Queue()
            for keypair in minions:
                pool.put(keypair)
            current_app.extensions[EXTENSION_KEY] = pool
    minion = pool.get()
    try:
        yield minion
    finally:
        pool.put(minion)


def _submit(source: Keypair, operations: list[Operation]) -> TransactionRecord | None:
    """Submit from `source` and wait for the ledger; a busy or stale source sequence is tried again."""
    state = current_state()
    passphrase = state.config.network_passphrase
    deadline = time.monotonic() + state.config.submit_timeout_seconds
    while time.monotonic() < deadline:
        sequence = Account.get_by_id(source.public_key).sequence
        builder = TransactionBuilder(SdkAccount(source.public_key, sequence), passphrase, state.config.base_fee)
        for operation in operations:
            builder.append_operation(operation)
        envelope = builder.set_timeout(int(state.config.submit_timeout_seconds) + 60).build()
        envelope.sign(source)
        submission = state.engine.submit(envelope.to_xdr())
        if submission.status in (SubmitStatus.PENDING, SubmitStatus.DUPLICATE, SubmitStatus.APPLIED):
            return state.engine.wait_for_record(submission.hash, max(deadline - time.monotonic(), 0.1))
        # Another transaction of this source is queued, or one just used the sequence: wait for a close.
        time.sleep(0.05)
    return None

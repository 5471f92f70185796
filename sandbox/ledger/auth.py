"""Signature checks against an account's signers and thresholds, as stellar-core does them."""

from __future__ import annotations

from enum import Enum

from stellar_sdk import DecoratedSignature, Keypair
from stellar_sdk.exceptions import BadSignatureError

from ledger import queries
from ledger.models import Account


class Threshold(Enum):
    """The threshold level an operation needs from its source account."""

    LOW = "low"
    MEDIUM = "med"
    HIGH = "high"


def account_signers(account: Account) -> list[tuple[str, int]]:
    """Return (public key, weight) for the master key (if weighted) and the extra signers."""
    signers = [(str(row.key), int(row.weight)) for row in queries.signers(account.account_id)]
    if account.master_weight > 0:
        signers.insert(0, (str(account.account_id), int(account.master_weight)))
    return signers


def needed_weight(account: Account, level: Threshold) -> int:
    """Return the account's threshold for ``level``."""
    return {
        Threshold.LOW: int(account.low_threshold),
        Threshold.MEDIUM: int(account.med_threshold),
        Threshold.HIGH: int(account.high_threshold),
    }[level]


class SignatureChecker:
    """Matches an envelope's signatures to signers, remembering which signatures were used.

    A signature counts for a signer when its hint matches the key's last four bytes and it
    verifies over the transaction hash; a hash computed with another network passphrase
    therefore verifies for nobody, which is how a wrong network shows up as ``tx_bad_auth``.
    Which signature a key signed is found once per checker: the hash and signatures are fixed.
    """

    def __init__(self, tx_hash: bytes, signatures: list[DecoratedSignature]) -> None:
        self._tx_hash = tx_hash
        self._signatures = signatures
        self._used = [False] * len(signatures)
        self._found: dict[str, int | None] = {}

    def _signed_by(self, public_key: str) -> int | None:
        if public_key not in self._found:
            self._found[public_key] = self._find_signature(public_key)
        return self._found[public_key]

    def _find_signature(self, public_key: str) -> int | None:
        keypair = Keypair.from_public_key(public_key)
        hint = keypair.signature_hint()
        for index, decorated in enumerate(self._signatures):
            if decorated.signature_hint != hint:
                continue
            try:
                keypair.verify(self._tx_hash, decorated.signature)
            except BadSignatureError:
                continue
            return index
        return None

    def check(self, account: Account, level: Threshold) -> bool:
        """Return whether the signatures reach the account's threshold for ``level``."""
        total = 0
        matched = False
        for key, weight in account_signers(account):
            index = self._signed_by(key)
            if index is None:
                continue
            self._used[index] = True
            matched = True
            total += min(weight, 255)
        return matched and total >= needed_weight(account, level)

    def all_used(self) -> bool:
        """Return whether every signature on the envelope was needed by some check."""
        return all(self._used)

"""The operation sources of one transaction being validated, each looked up and authorized once."""

from __future__ import annotations

from ledger import queries
from ledger.auth import SignatureChecker, Threshold
from ledger.models import Account


class OpSources:
    """The source accounts of one transaction's operations, and whether its signatures authorize them.

    Validation writes nothing, so the row one operation reads is the row every later operation
    would read, and a check's answer for an account and threshold cannot change within the
    transaction; checking again would only mark the same signatures used again.
    """

    def __init__(self, checker: SignatureChecker, tx_source: Account) -> None:
        self._checker = checker
        self._accounts: dict[str, Account | None] = {str(tx_source.account_id): tx_source}
        self._authorized: dict[tuple[str, Threshold], bool] = {}

    def account(self, account_id: str) -> Account | None:
        """Return the account, or None if it does not exist."""
        if account_id not in self._accounts:
            self._accounts[account_id] = queries.account(account_id)
        return self._accounts[account_id]

    def authorized(self, account: Account, level: Threshold) -> bool:
        """Return whether the signatures reach the account's threshold for ``level``."""
        key = (str(account.account_id), level)
        if key not in self._authorized:
            self._authorized[key] = self._checker.check(account, level)
        return self._authorized[key]

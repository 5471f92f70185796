"""The lookups and updates a ledger close runs for every operation, as prepared queries."""

from __future__ import annotations

from ledger.models import Account, Signer, TrustLine
from ledger.prepared import PreparedSelect, PreparedWrite

ACCOUNT_BY_ID = PreparedSelect(
    Account,
    lambda account_id: Account.account_id == account_id,
    Account.account_id,
)
TRUST_LINE = PreparedSelect(
    TrustLine,
    lambda account_id, code, issuer: (
        (TrustLine.account == account_id) & (TrustLine.asset_code == code) & (TrustLine.asset_issuer == issuer)
    ),
    TrustLine.account,
    TrustLine.asset_code,
    TrustLine.asset_issuer,
)
SIGNERS = PreparedSelect(
    Signer,
    lambda account_id: Signer.account == account_id,
    Signer.account,
)
TRUST_LINE_BALANCE = PreparedWrite(
    lambda balance, line_id: TrustLine.update(balance=balance).where(TrustLine.id == line_id),
    TrustLine.balance,
    TrustLine.id,
)
ACCOUNT_DEBIT = PreparedWrite(
    lambda amount, account_id: Account.update(balance=Account.balance - amount).where(Account.account_id == account_id),
    Account.balance,
    Account.account_id,
)
ACCOUNT_CREDIT = PreparedWrite(
    lambda amount, account_id: Account.update(balance=Account.balance + amount).where(Account.account_id == account_id),
    Account.balance,
    Account.account_id,
)
ACCOUNT_SEQUENCE = PreparedWrite(
    lambda sequence, ledger, account_id: Account.update(sequence=sequence, last_modified_ledger=ledger).where(
        Account.account_id == account_id
    ),
    Account.sequence,
    Account.last_modified_ledger,
    Account.account_id,
)


def account(account_id: str) -> Account | None:
    """Return the account, or None if it does not exist."""
    return ACCOUNT_BY_ID.one(account_id)


def existing_account(account_id: str) -> Account:
    """Return the account; raise ``Account.DoesNotExist`` as ``Account.get_by_id`` does."""
    found = ACCOUNT_BY_ID.one(account_id)
    if found is None:
        raise Account.DoesNotExist(f"no account {account_id}")
    return found


def trust_line(account_id: str, code: str, issuer: str | None) -> TrustLine | None:
    """Return the account's trust line for the asset, or None."""
    return TRUST_LINE.one(account_id, code, issuer)


def signers(account_id: str) -> list[Signer]:
    """Return the account's extra signers."""
    return SIGNERS.all(account_id)


def set_trust_line_balance(line: TrustLine) -> None:
    """Write the line's balance, and only its balance, back to its row."""
    TRUST_LINE_BALANCE.execute(line.balance, line.id)


def debit(account_id: str, amount: int) -> None:
    """Take ``amount`` stroops from the account's native balance."""
    ACCOUNT_DEBIT.execute(amount, account_id)


def credit(account_id: str, amount: int) -> None:
    """Add ``amount`` stroops to the account's native balance."""
    ACCOUNT_CREDIT.execute(amount, account_id)


def set_sequence(account_id: str, sequence: int, ledger: int) -> None:
    """Record the account's new sequence number and the ledger that changed it."""
    ACCOUNT_SEQUENCE.execute(sequence, ledger, account_id)

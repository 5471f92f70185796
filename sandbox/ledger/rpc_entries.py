"""Stellar RPC's getLedgerEntries for the entries the sandbox models: accounts and trust lines.

Many keys in one call; a key with no entry is simply missing from the answer. Read by an instance
at a height below the tip, an account created after that height is missing and its sequence number
is the one it had then (balances are the current ones, as on the Horizon face).
"""

from __future__ import annotations

import binascii
from typing import Any

from stellar_sdk import xdr

from ledger import queries, rpc_xdr
from ledger.engine import account_sequence_at
from ledger.models import Account
from ledger.rpc_errors import INVALID_PARAMS, RpcError
from ledger.rpc_reads import InstanceView

# stellar-rpc's getLedgerEntriesMaxKeys.
MAX_KEYS = 200


def get_ledger_entries(view: InstanceView, params: dict[str, Any]) -> dict[str, Any]:
    """getLedgerEntries: the entries found, in the order of the keys asked for."""
    keys = params.get("keys")
    if not isinstance(keys, list) or not all(isinstance(key, str) for key in keys):
        raise RpcError(INVALID_PARAMS, "invalid parameters: keys must be a list of base64 LedgerKey")
    if len(keys) > MAX_KEYS:
        raise RpcError(INVALID_PARAMS, f"key count ({len(keys)}) exceeds maximum supported ({MAX_KEYS})")
    decoded = [_decode(key, index) for index, key in enumerate(keys)]
    entries = []
    for key, ledger_key in zip(keys, decoded, strict=True):
        found = _entry(ledger_key, view.latest.sequence)
        if found is not None:
            entry_xdr, modified = found
            entries.append({"key": key, "xdr": entry_xdr, "lastModifiedLedgerSeq": modified})
    return {"entries": entries, "latestLedger": view.latest.sequence}


def _decode(key: str, index: int) -> xdr.LedgerKey:
    try:
        ledger_key = xdr.LedgerKey.from_xdr(key)
    except (ValueError, binascii.Error, IndexError, EOFError) as exc:
        raise RpcError(INVALID_PARAMS, f"cannot unmarshal key value {key} at index {index}") from exc
    if ledger_key.type == xdr.LedgerEntryType.TTL:
        raise RpcError(INVALID_PARAMS, "ledger ttl entries cannot be queried directly")
    return ledger_key


def _entry(key: xdr.LedgerKey, height: int) -> tuple[str, int] | None:
    if key.type == xdr.LedgerEntryType.ACCOUNT and key.account is not None:
        return _account(key.account, height)
    if key.type == xdr.LedgerEntryType.TRUSTLINE and key.trust_line is not None:
        return _trust_line(key.trust_line, height)
    return None  # offers, data, pools, contracts: the sandbox models none of them


def _account(key: xdr.LedgerKeyAccount, height: int) -> tuple[str, int] | None:
    account = Account.get_or_none(Account.account_id == rpc_xdr.account_id_of(key.account_id))
    sequence = None if account is None else account_sequence_at(account, height)
    if account is None or sequence is None:
        return None
    return rpc_xdr.account_entry(account, sequence), min(int(account.last_modified_ledger), height)


def _trust_line(key: xdr.LedgerKeyTrustLine, height: int) -> tuple[str, int] | None:
    asset = rpc_xdr.trust_line_asset_of(key.asset)
    if asset is None:
        return None
    code, issuer = asset
    holder = rpc_xdr.account_id_of(key.account_id)
    line = queries.trust_line(holder, code, issuer)
    if line is None:
        return None
    return rpc_xdr.trust_line_entry(line, holder), min(int(line.last_modified_ledger), height)

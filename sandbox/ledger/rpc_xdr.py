"""The XDR Stellar RPC serves, built from the sandbox's tables: headers, close meta, ledger entries.

The sandbox keeps no bucket list and no entry-level change log, so hashes it never computes
(bucket list, result set, skip list) are zero and transaction meta lists each operation with no
entry changes; everything a client reads to settle (sequence, close time, envelopes, results,
balances, sequence numbers) is real.
"""

from __future__ import annotations

import calendar
from datetime import datetime

from stellar_sdk import Keypair, SignerKey, StrKey, xdr

from ledger.models import TOTAL_COINS, Account, LedgerHeader, Signer, TransactionRecord, TrustLine

PROTOCOL_VERSION = 22
ZERO_HASH = xdr.Hash(bytes(32))
# Ledger entry flag of an authorized trust line (TrustLineFlags.AUTHORIZED_FLAG).
TRUSTLINE_AUTHORIZED_FLAG = 1


def epoch(naive_utc: datetime) -> int:
    """Seconds since the Unix epoch of a naive UTC datetime, as RPC reports close times."""
    return calendar.timegm(naive_utc.utctimetuple())


def _hash(hex_digest: str) -> xdr.Hash:
    return xdr.Hash(bytes.fromhex(hex_digest))


def header_xdr_object(header: LedgerHeader, max_ops_per_ledger: int) -> xdr.LedgerHeader:
    """The ledger's LedgerHeader as stellar-core would write it, with the hashes it never computes zeroed."""
    value = xdr.StellarValue(
        tx_set_hash=ZERO_HASH,
        close_time=xdr.TimePoint(xdr.Uint64(epoch(header.closed_at))),
        upgrades=[],
        ext=xdr.StellarValueExt(xdr.StellarValueType.STELLAR_VALUE_BASIC),
    )
    return xdr.LedgerHeader(
        ledger_version=xdr.Uint32(PROTOCOL_VERSION),
        previous_ledger_hash=_hash(header.prev_hash),
        scp_value=value,
        tx_set_result_hash=ZERO_HASH,
        bucket_list_hash=ZERO_HASH,
        ledger_seq=xdr.Uint32(header.sequence),
        total_coins=xdr.Int64(TOTAL_COINS),
        fee_pool=xdr.Int64(header.fee_pool),
        inflation_seq=xdr.Uint32(0),
        id_pool=xdr.Uint64(0),
        base_fee=xdr.Uint32(header.base_fee),
        base_reserve=xdr.Uint32(header.base_reserve),
        max_tx_set_size=xdr.Uint32(max_ops_per_ledger),
        skip_list=[ZERO_HASH] * 4,
        ext=xdr.LedgerHeaderExt(0),
    )


def header_xdr(header: LedgerHeader, max_ops_per_ledger: int) -> str:
    """Base64 LedgerHeader, as getLatestLedger's `headerXdr`."""
    return header_xdr_object(header, max_ops_per_ledger).to_xdr()


def header_history_entry(header: LedgerHeader, max_ops_per_ledger: int) -> xdr.LedgerHeaderHistoryEntry:
    """The ledger's LedgerHeaderHistoryEntry, as getLedgers' `headerXdr`."""
    return xdr.LedgerHeaderHistoryEntry(
        hash=_hash(header.hash),
        header=header_xdr_object(header, max_ops_per_ledger),
        ext=xdr.LedgerHeaderHistoryEntryExt(0),
    )


def transaction_meta(record: TransactionRecord) -> xdr.TransactionMeta:
    """TransactionMeta v1: one OperationMeta per operation; the sandbox records no entry changes."""
    empty = xdr.LedgerEntryChanges([])
    operations = [xdr.OperationMeta(empty) for _ in range(record.operation_count)] if record.successful else []
    return xdr.TransactionMeta(1, v1=xdr.TransactionMetaV1(tx_changes=empty, operations=operations))


def close_meta(header: LedgerHeader, records: list[TransactionRecord], max_ops_per_ledger: int) -> str:
    """Base64 LedgerCloseMeta v0 of a ledger: its header, its transactions and their results, in order."""
    envelopes = [xdr.TransactionEnvelope.from_xdr(record.envelope_xdr) for record in records]
    processing = [
        xdr.TransactionResultMeta(
            result=xdr.TransactionResultPair(_hash(record.hash), xdr.TransactionResult.from_xdr(record.result_xdr)),
            fee_processing=xdr.LedgerEntryChanges([]),
            tx_apply_processing=transaction_meta(record),
        )
        for record in records
    ]
    meta = xdr.LedgerCloseMetaV0(
        ledger_header=header_history_entry(header, max_ops_per_ledger),
        tx_set=xdr.TransactionSet(_hash(header.prev_hash), envelopes),
        tx_processing=processing,
        upgrades_processing=[],
        scp_info=[],
    )
    return xdr.LedgerCloseMeta(0, v0=meta).to_xdr()


def account_entry(account: Account, sequence: int) -> str:
    """Base64 LedgerEntryData of an account, with `sequence` as of the ledger the reader has reached."""
    signers = [
        xdr.Signer(SignerKey.ed25519_public_key(str(row.key)).to_xdr_object(), xdr.Uint32(int(row.weight)))
        for row in Signer.select().where(Signer.account == account.account_id).order_by(Signer.key)
    ]
    weights = (account.master_weight, account.low_threshold, account.med_threshold, account.high_threshold)
    thresholds = bytes(int(weight) for weight in weights)
    entry = xdr.AccountEntry(
        account_id=Keypair.from_public_key(account.account_id).xdr_account_id(),
        balance=xdr.Int64(int(account.balance)),
        seq_num=xdr.SequenceNumber(xdr.Int64(sequence)),
        num_sub_entries=xdr.Uint32(int(account.subentry_count)),
        inflation_dest=None,
        flags=xdr.Uint32(int(account.flags)),
        home_domain=xdr.String32(b""),
        thresholds=xdr.Thresholds(thresholds),
        signers=signers,
        ext=xdr.AccountEntryExt(0),
    )
    return xdr.LedgerEntryData(xdr.LedgerEntryType.ACCOUNT, account=entry).to_xdr()


def trust_line_entry(line: TrustLine, holder: str) -> str:
    """Base64 LedgerEntryData of `holder`'s trust line."""
    code = str(line.asset_code)
    issuer = Keypair.from_public_key(str(line.asset_issuer)).xdr_account_id()
    if len(code) <= 4:
        asset = xdr.TrustLineAsset(
            xdr.AssetType.ASSET_TYPE_CREDIT_ALPHANUM4,
            alpha_num4=xdr.AlphaNum4(xdr.AssetCode4(code.encode().ljust(4, b"\0")), issuer),
        )
    else:
        asset = xdr.TrustLineAsset(
            xdr.AssetType.ASSET_TYPE_CREDIT_ALPHANUM12,
            alpha_num12=xdr.AlphaNum12(xdr.AssetCode12(code.encode().ljust(12, b"\0")), issuer),
        )
    entry = xdr.TrustLineEntry(
        account_id=Keypair.from_public_key(holder).xdr_account_id(),
        asset=asset,
        balance=xdr.Int64(int(line.balance)),
        limit=xdr.Int64(int(line.limit)),
        flags=xdr.Uint32(TRUSTLINE_AUTHORIZED_FLAG if line.authorized else 0),
        ext=xdr.TrustLineEntryExt(0),
    )
    return xdr.LedgerEntryData(xdr.LedgerEntryType.TRUSTLINE, trust_line=entry).to_xdr()


def account_id_of(account_id: xdr.AccountID) -> str:
    """The G... address of an XDR AccountID (ed25519 is the only kind)."""
    key = account_id.account_id.ed25519
    assert key is not None
    return StrKey.encode_ed25519_public_key(key.uint256)


def trust_line_asset_of(asset: xdr.TrustLineAsset) -> tuple[str, str] | None:
    """(code, issuer) of a credit trust-line asset; None for native or pool shares, which have no trust line here."""
    credit = asset.alpha_num4 or asset.alpha_num12
    if credit is None:
        return None
    raw = credit.asset_code.asset_code4 if isinstance(credit, xdr.AlphaNum4) else credit.asset_code.asset_code12
    return raw.rstrip(b"\0").decode("ascii", errors="replace"), account_id_of(credit.issuer)

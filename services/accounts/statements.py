"""A source account's camt.053.001.11 bank-to-customer statement for a range of days.

Booked entries are the movements that change the balance: fundings and adjustments (credit or
debit) and posted transfers (debit), status BOOK. A transfer still held at the end of the period
is one more entry, status PDNG, and counts only against the closing available balance. A hold
that was voided never booked anything and is not shown. Opening booked + booked entries = closing
booked, and closing booked - still held = closing available (docs/decisions.md A7).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path

from lxml import etree
from xsdata.formats.dataclass.context import XmlContext
from xsdata.formats.dataclass.serializers import XmlSerializer
from xsdata.formats.dataclass.serializers.config import SerializerConfig
from xsdata.models.datatype import XmlDateTime

from bindings.camt_053_001_11 import (
    AccountIdentification4Choice,
    AccountStatement12,
    ActiveOrHistoricCurrencyAndAmount,
    BalanceType10Choice,
    BalanceType13,
    BankToCustomerStatementV11,
    BankTransactionCodeStructure4,
    CashAccount41,
    CashBalance8,
    CreditDebitCode,
    DateAndDateTime2Choice,
    DateTimePeriod1,
    Document,
    EntryDetails12,
    EntryStatus1Choice,
    EntryTransaction13,
    GenericAccountIdentification1,
    GroupHeader81,
    NumberAndSumOfTransactions1,
    PartyIdentification135,
    ProprietaryBankTransactionCodeStructure1,
    ReportEntry13,
    TotalTransactions6,
    TransactionReferences6,
)
from storage import journal
from storage.accounts import AccountView
from storage.models import JournalEntry, Transfer

NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.11"
CURRENCY = "USD"
# Our own bank transaction codes (BkTxCd/Prtry): the ISO domain codes say how money moved between
# banks, which a funding (any channel) or a TKN payout does not fit.
ISSUER = "TKN Gateway"
CODES = {"funding": "FUNDING", "post": "TRANSFER", "hold": "TRANSFER", "adjustment": "ADJUSTMENT"}


class StatementError(ValueError):
    """A statement that cannot be made (the period is empty or reversed)."""


@dataclass(frozen=True)
class Period:
    """Whole UTC days, from `first` to `last` included."""

    first: date
    last: date

    @property
    def start(self) -> datetime:
        """The first instant of the period (naive UTC, as the store keeps times)."""
        return datetime.combine(self.first, time())

    @property
    def end(self) -> datetime:
        """The first instant after the period."""
        return datetime.combine(self.last + timedelta(days=1), time())


def _stamp(moment: datetime) -> XmlDateTime:
    return XmlDateTime.from_datetime(moment.replace(tzinfo=UTC, microsecond=0))


def _amount(value: Decimal) -> ActiveOrHistoricCurrencyAndAmount:
    return ActiveOrHistoricCurrencyAndAmount(value=abs(value).quantize(Decimal("0.01")), ccy=CURRENCY)


def _direction(value: Decimal) -> CreditDebitCode:
    return CreditDebitCode.DBIT if value < 0 else CreditDebitCode.CRDT


def _balance(code: str, value: Decimal, moment: datetime) -> CashBalance8:
    return CashBalance8(
        tp=BalanceType13(cd_or_prtry=BalanceType10Choice(cd=code)),
        amt=_amount(value),
        cdt_dbt_ind=_direction(value),
        dt=DateAndDateTime2Choice(dt_tm=_stamp(moment)),
    )


def _signed(entry: JournalEntry) -> Decimal:
    amount: Decimal = entry.amount
    return amount if entry.side == "credit" else -amount


def _details(entry: JournalEntry, transfer: Transfer | None) -> list[EntryDetails12]:
    if transfer is None:
        return []
    refs = TransactionReferences6(
        msg_id=transfer.message_id,
        acct_svcr_ref=transfer.id.hex,
        instr_id=transfer.instruction_id,
        end_to_end_id=transfer.end_to_end_id,
        tx_id=transfer.transaction_id,
    )
    info = f"TransferId: {transfer.id}; creditor {transfer.destination_account}"
    return [EntryDetails12(tx_dtls=[EntryTransaction13(refs=refs, addtl_tx_inf=info)])]


def _entry(entry: JournalEntry, transfer: Transfer | None, status: str) -> ReportEntry13:
    value = _signed(entry)
    note = f"Funding reference: {entry.reference}" if entry.reference else entry.note
    return ReportEntry13(
        ntry_ref=f"J{entry.id}",
        amt=_amount(value),
        cdt_dbt_ind=_direction(value),
        sts=EntryStatus1Choice(cd=status),
        bookg_dt=DateAndDateTime2Choice(dt_tm=_stamp(entry.at)) if status == "BOOK" else None,
        acct_svcr_ref=f"J{entry.id}",
        bk_tx_cd=BankTransactionCodeStructure4(
            prtry=ProprietaryBankTransactionCodeStructure1(cd=CODES[entry.kind], issr=ISSUER)
        ),
        ntry_dtls=_details(entry, transfer),
        addtl_ntry_inf=note[:500] if note else None,
    )


def _totals(values: list[Decimal]) -> TotalTransactions6:
    credits = [v for v in values if v > 0]
    debits = [-v for v in values if v < 0]
    return TotalTransactions6(
        ttl_cdt_ntries=NumberAndSumOfTransactions1(nb_of_ntries=str(len(credits)), sum=sum(credits, Decimal("0.00"))),
        ttl_dbt_ntries=NumberAndSumOfTransactions1(nb_of_ntries=str(len(debits)), sum=sum(debits, Decimal("0.00"))),
    )


def build_statement(owner: str, account: AccountView, period: Period, now: datetime) -> Document:
    """The statement of `account` (owned by `owner`) over `period`, read from the journal."""
    if period.last < period.first:
        raise StatementError(f"the period ends ({period.last}) before it starts ({period.first})")
    opening = journal.booked_balance_before(account.id, period.start)
    booked = [
        e for e in journal.entries_between(account.id, period.start, period.end) if e.kind in journal.BOOKED_KINDS
    ]
    pending = journal.pending_holds_at(account.id, period.end)
    transfers = journal.transfers_by_id([e.transfer_id for e in booked if e.transfer_id is not None])
    closing = opening + sum((_signed(e) for e in booked), Decimal(0))
    held = sum((entry.amount for entry, _ in pending), Decimal(0))
    entries = [_entry(e, transfers.get(e.transfer_id) if e.transfer_id else None, "BOOK") for e in booked]
    entries += [_entry(entry, transfer, "PDNG") for entry, transfer in pending]
    statement = AccountStatement12(
        id=f"S{account.id}-{period.first:%Y%m%d}-{period.last:%Y%m%d}",
        cre_dt_tm=_stamp(now),
        fr_to_dt=DateTimePeriod1(fr_dt_tm=_stamp(period.start), to_dt_tm=_stamp(period.end - timedelta(seconds=1))),
        acct=CashAccount41(
            id=AccountIdentification4Choice(othr=GenericAccountIdentification1(id=account.number)),
            ccy=CURRENCY,
            ownr=PartyIdentification135(nm=owner[:140]),
        ),
        bal=[
            _balance("OPBD", opening, period.start),
            _balance("CLBD", closing, period.end),
            _balance("CLAV", closing - held, period.end),
        ],
        txs_summry=_totals([_signed(e) for e in booked]),
        ntry=entries,
    )
    header = GroupHeader81(msg_id=f"STMT-{int(now.timestamp())}-{secrets.token_hex(4).upper()}", cre_dt_tm=_stamp(now))
    return Document(bk_to_cstmr_stmt=BankToCustomerStatementV11(grp_hdr=header, stmt=[statement]))


def render_statement(document: Document, schema_path: Path) -> bytes:
    """The statement as XML, validated against the camt.053.001.11 schema (raises ValueError if not)."""
    serializer = XmlSerializer(context=XmlContext(), config=SerializerConfig(xml_declaration=True, encoding="UTF-8"))
    xml = serializer.render(document, ns_map={None: NAMESPACE}).encode("utf-8")
    schema = etree.XMLSchema(etree.parse(str(schema_path)))
    tree = etree.fromstring(xml)
    if not schema.validate(tree):
        raise ValueError(f"statement does not validate: {schema.error_log}")
    return xml

"""Builders of request messages for tests."""

from __future__ import annotations

import secrets
import uuid
from datetime import UTC, datetime
from xml.sax.saxutils import escape

PAYEE = "GADMQUMF5SMLUNG432CAYZMXBJFXDK6ERLMDE46IRYU34LXWDJZSJ6HY"


def message_id(at: datetime | None = None) -> str:
    """A valid MsgId stamped `at` (default: now)."""
    moment = at or datetime.now(UTC)
    return f"{int(moment.timestamp()):010d}{secrets.token_hex(5).upper()}"


def _optional(tag: str, value: str | None) -> str:
    return "" if value is None else f"<{tag}>{escape(value)}</{tag}>"


def _agent(tag: str, bic: str | None) -> str:
    return f"<{tag}><FinInstnId><BICFI>{escape(bic)}</BICFI></FinInstnId></{tag}>" if bic else ""


def transaction(
    amount: str = "125.50",
    currency: str = "USD",
    creditor: str | None = PAYEE,
    debtor: str | None = "ACC-000123456",
    memo: str | None = "Invoice 42",
    instruction_id: str | None = "INSTR-1",
    end_to_end_id: str | None = "E2E-ACME-1",
    instructing_agent: str | None = None,
    debtor_agent: str | None = None,
) -> str:
    """One CdtTrfTxInf element; an agent is given by its BICFI."""
    payment_id = _optional("InstrId", instruction_id) + _optional("EndToEndId", end_to_end_id)
    debtor_xml = f"<DbtrAcct><Id><Othr><Id>{escape(debtor)}</Id></Othr></Id></DbtrAcct>" if debtor else ""
    instg_xml = _agent("InstgAgt", instructing_agent)
    dbtr_agt_xml = _agent("DbtrAgt", debtor_agent)
    creditor_id = f"<Id><Othr><Id>{escape(creditor)}</Id></Othr></Id>" if creditor else ""
    creditor_xml = f"<CdtrAcct>{creditor_id}{_optional('Nm', memo)}</CdtrAcct>" if creditor or memo else ""
    return (
        f"<CdtTrfTxInf><PmtId>{payment_id}</PmtId>"
        f'<IntrBkSttlmAmt Ccy="{currency}">{amount}</IntrBkSttlmAmt>'
        f"{instg_xml}{debtor_xml}{dbtr_agt_xml}{creditor_xml}</CdtTrfTxInf>"
    )


def pacs008(msg_id: str | None = "", transactions: list[str] | None = None, **tx: str | None) -> bytes:
    """A pacs.008.001.13; `msg_id=''` means a fresh valid one, None leaves MsgId out."""
    if msg_id == "":
        msg_id = message_id()
    body = "".join(transactions) if transactions is not None else transaction(**tx)  # type: ignore[arg-type]
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.13"><FIToFICstmrCdtTrf>'
        f"<GrpHdr>{_optional('MsgId', msg_id)}<NbOfTxs>1</NbOfTxs></GrpHdr>{body}"
        "</FIToFICstmrCdtTrf></Document>"
    ).encode()


def _original(original_message_id: str | None) -> str:
    """The OrgnlGrpInf naming the pacs.008 a query or cancellation is about, when given."""
    if not original_message_id:
        return ""
    return (
        f"<OrgnlGrpInf><OrgnlMsgId>{original_message_id}</OrgnlMsgId><OrgnlMsgNmId>pacs.008.001.13</OrgnlMsgNmId>"
        "</OrgnlGrpInf>"
    )


def _transfer_ids(instruction_id: str | None, end_to_end_id: str | None) -> str:
    return _optional("OrgnlInstrId", instruction_id) + _optional("OrgnlEndToEndId", end_to_end_id)


def pacs028(
    msg_id: str | None = "",
    instruction_id: str | None = None,
    end_to_end_id: str | None = None,
    transactions: int = 1,
    original_message_id: str | None = None,
) -> bytes:
    """A pacs.028.001.06 asking about one (or `transactions`) transfer(s)."""
    if msg_id == "":
        msg_id = message_id()
    group, ids = _original(original_message_id), _transfer_ids(instruction_id, end_to_end_id)
    tx = f"<TxInf>{group}{ids}</TxInf>"
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.028.001.06"><FIToFIPmtStsReq>'
        f"<GrpHdr>{_optional('MsgId', msg_id)}</GrpHdr>{tx * transactions}"
        "</FIToFIPmtStsReq></Document>"
    ).encode()


def camt056(
    assignment_id: str | None = None,
    instruction_id: str | None = None,
    end_to_end_id: str | None = None,
    reason: str | None = "DUPL",
    original_message_id: str | None = None,
    transactions: int = 1,
) -> bytes:
    """A camt.056.001.11 asking to cancel one (or `transactions`) transfer(s)."""
    assignment_id = assignment_id or f"CXL-{uuid.uuid4().hex[:12]}"
    group, ids = _original(original_message_id), _transfer_ids(instruction_id, end_to_end_id)
    why = f"<CxlRsnInf><Rsn><Cd>{reason}</Cd></Rsn></CxlRsnInf>" if reason else ""
    tx = f"<TxInf>{group}{ids}{why}</TxInf>"
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.056.001.11"><FIToFIPmtCxlReq>'
        f"<Assgnmt><Id>{assignment_id}</Id><Assgnr><Agt><FinInstnId><BICFI>BANKUS33XXX</BICFI></FinInstnId></Agt>"
        "</Assgnr><Assgne><Agt><FinInstnId><BICFI>TKNGUS33XXX</BICFI></FinInstnId></Agt></Assgne>"
        "<CreDtTm>2026-11-22T10:00:00Z</CreDtTm></Assgnmt>"
        f"<Undrlyg>{tx * transactions}</Undrlyg>"
        "</FIToFIPmtCxlReq></Document>"
    ).encode()

"""A bank's side of the gateway, as the bench, the fault suite and the tests need it: a pacs.008, a pacs.028,
and a client that submits a transfer and asks its status."""

from __future__ import annotations

import re
import secrets
import time
from dataclasses import dataclass

import requests
from lxml import etree

TRANSFER_ID = re.compile(rb"TransferId: ([0-9a-f-]{36})")
_PACS002 = {"p": "urn:iso:std:iso:20022:tech:xsd:pacs.002.001.15"}


@dataclass(frozen=True)
class Submission:
    """One pacs.008 sent: the HTTP status and, on a 201, the transfer it created."""

    status: int
    transfer_id: str | None


def pacs008_body(sequence: int, creditor: str, amount: str) -> bytes:
    """A pacs.008 with a fresh MsgId paying `amount` USD to the Stellar account `creditor`."""
    msg_id = f"{int(time.time()):010d}{secrets.token_hex(5).upper()}"
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.13"><FIToFICstmrCdtTrf>'
        f"<GrpHdr><MsgId>{msg_id}</MsgId><NbOfTxs>1</NbOfTxs></GrpHdr>"
        f"<CdtTrfTxInf><PmtId><InstrId>SEED-{sequence}</InstrId><EndToEndId>E2E-SEED-{sequence}</EndToEndId></PmtId>"
        f'<IntrBkSttlmAmt Ccy="USD">{amount}</IntrBkSttlmAmt>'
        "<DbtrAcct><Id><Othr><Id>ACC-000123456</Id></Othr></Id></DbtrAcct>"
        f"<CdtrAcct><Id><Othr><Id>{creditor}</Id></Othr></Id></CdtrAcct>"
        "</CdtTrfTxInf></FIToFICstmrCdtTrf></Document>"
    ).encode()


def pacs028_body(transfer_id: str) -> bytes:
    """A pacs.028 asking for one transfer by its ID."""
    msg_id = f"{int(time.time()):010d}{secrets.token_hex(5).upper()}"
    return (
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.028.001.06"><FIToFIPmtStsReq>'
        f"<GrpHdr><MsgId>{msg_id}</MsgId></GrpHdr><TxInf><OrgnlInstrId>{transfer_id}</OrgnlInstrId></TxInf>"
        "</FIToFIPmtStsReq></Document>"
    ).encode()


class GatewayClient:
    """Requests to one gateway with one API key."""

    def __init__(self, base_url: str, api_key: str, timeout: float = 10.0, verify: str | bool = True) -> None:
        self.base_url = base_url
        self.session = requests.Session()
        # Per request: a session's own `verify` loses to REQUESTS_CA_BUNDLE in the environment.
        self.verify = verify
        self.session.headers.update({"NET-API-KEY": api_key, "Content-Type": "application/xml"})
        self.timeout = timeout

    def submit(self, creditor: str, amount: str = "1.00", sequence: int = 0) -> Submission:
        """POST one pacs.008; a connection failure is status 0."""
        try:
            answer = self.session.post(
                f"{self.base_url}/v1/pacs008/net",
                data=pacs008_body(sequence, creditor, amount),
                timeout=self.timeout,
                verify=self.verify,
            )
        except requests.RequestException:
            return Submission(0, None)
        found = TRANSFER_ID.search(answer.content) if answer.status_code == 201 else None
        return Submission(answer.status_code, found.group(1).decode() if found else None)

    def status(self, transfer_id: str) -> str | None:
        """The transfer's TxSts from a pacs.028 (ACSP, ACSC, RJCT), None when the gateway did not answer 200."""
        try:
            answer = self.session.post(
                f"{self.base_url}/v1/pacs028/net",
                data=pacs028_body(transfer_id),
                timeout=self.timeout,
                verify=self.verify,
            )
        except requests.RequestException:
            return None
        if answer.status_code != 200:
            return None
        return etree.fromstring(answer.content).findtext(".//p:TxSts", namespaces=_PACS002)

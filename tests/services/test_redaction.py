"""Texts XML 1.0 cannot carry are replaced, and Stellar secret seeds redacted, wherever they go."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st
from stellar_sdk import Keypair

from services import redaction
from services.redaction import (
    REDACTED,
    REPLACEMENT,
    STORED_MARKER_MAX_BYTES,
    clean_text,
    install_log_redaction,
    redact,
    redact_bytes,
    stored_request,
)
from services.rejections import ReasonCode, Violation
from services.reports import ReportWriter, StatusReport, TxStatus
from tests.support.reports import parse_report

SEED = Keypair.random().secret


def test_a_seed_is_redacted_wherever_it_stands() -> None:
    assert redact(f"creditor {SEED}.") == f"creditor {REDACTED}."
    assert redact(f"ABC{SEED}XYZ") == f"ABC{REDACTED}XYZ"  # inside a longer run of base32
    assert redact(SEED + SEED) == REDACTED + REDACTED


def test_what_only_looks_like_a_seed_is_kept() -> None:
    public = Keypair.from_secret(SEED).public_key
    bad_checksum = SEED[:-1] + ("A" if SEED[-1] != "A" else "B")
    for text in (public, bad_checksum, "S" * 56, SEED[:55]):
        assert redact(text) == text


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be"])
def test_seeds_in_utf16_bytes_are_redacted(codec: str) -> None:
    body = f"<Nm>{SEED}</Nm>".encode(codec)
    assert redact_bytes(body) == f"<Nm>{REDACTED}</Nm>".encode(codec)
    assert redact_bytes(b"<\x00x\x00y") == b"<\x00x\x00y"  # an odd length: not UTF-16, kept


def test_seeds_in_raw_bytes_are_redacted() -> None:
    body = f"<Nm>{SEED}</Nm>".encode()
    assert redact_bytes(body) == f"<Nm>{REDACTED}</Nm>".encode()
    assert redact_bytes(b"<Nm>plain</Nm>") == b"<Nm>plain</Nm>"


@pytest.mark.parametrize("character", ["\x00", "\x01", "\x1f", "\ud800", "\udfff", "\ufffe", "\uffff"])
def test_characters_xml_forbids_are_replaced(character: str) -> None:
    assert clean_text(f"a{character}b") == f"a{REPLACEMENT}b"


def test_characters_xml_allows_are_kept() -> None:
    text = "tab\tline\ncr\r é € \U0001f600 \ue000"
    assert clean_text(text) == text


def test_a_report_with_hostile_texts_is_valid_and_secret_free() -> None:
    text = f"network 'x\x01\ud800' creditor {SEED} " + "word " * 30
    report = StatusReport(TxStatus.RJCT, violations=[Violation(ReasonCode.NARR, text)], info=[f"Key: {SEED}"])
    body = ReportWriter().render(report, datetime.now(UTC))
    assert SEED.encode() not in body
    assert REDACTED in parse_report(body).text


def test_log_records_are_redacted_with_their_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    install_log_redaction()
    logger = logging.getLogger("gateway.test")
    logger.warning("creditor %s", SEED)
    try:
        raise ValueError(f"bad key {SEED}")
    except ValueError:
        logger.exception("failed")
    assert SEED not in caplog.text
    assert caplog.text.count(REDACTED) == 2


# Bytes near the edges of the shortcut: base32 characters (the seed's first one among them), their
# neighbours in ASCII, UTF-8, and whole seeds.
_SEED_PIECES = st.sampled_from([SEED.encode(), SEED.encode()[:55], SEED.encode()[1:]])
_NEAR_BASE32 = st.sampled_from([*b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", *b"a18@[Z9 \n", 0xC3, 0xA9, 0xFF])
_PARTS = st.one_of(_SEED_PIECES, st.tuples(_NEAR_BASE32, st.integers(1, 70)).map(lambda p: bytes([p[0]]) * p[1]))


def _redacted_without_shortcut(raw: bytes) -> bytes:
    return redaction._BASE32_RUN_BYTES.sub(
        lambda run: redaction._redact_run(run.group().decode("ascii")).encode("ascii"), raw
    )


@given(st.lists(_PARTS, max_size=12))
def test_the_window_shortcut_redacts_exactly_what_the_full_search_does(parts: list[bytes]) -> None:
    raw = b"".join(parts)
    assert redact_bytes(raw) == _redacted_without_shortcut(raw)
    text = raw.decode("latin-1")
    assert redact(text) == _redacted_without_shortcut(raw).decode("latin-1")


def test_a_public_key_alone_takes_the_shortcut() -> None:
    public = Keypair.from_secret(SEED).public_key.encode()
    assert redaction._SEED_WINDOW_BYTES.search(b"<Id>" + public + b"</Id>") is None


def test_a_seed_in_a_long_body_without_other_runs_is_still_redacted() -> None:
    body = b'{"transfer_ids": ["' + b'", "'.join(b"0190a3b2-7c4d-7e5f-8a9b-0c1d2e3f4a5b" for _ in range(100)) + b'"]}'
    assert redact_bytes(body) == body
    assert redact_bytes(body + SEED.encode()) == body + REDACTED.encode()


@given(st.text(alphabet=st.characters(max_codepoint=0x10FFFF), max_size=40))
def test_clean_text_skips_the_character_scan_only_where_it_would_change_nothing(text: str) -> None:
    assert clean_text(text) == redact(redaction._NOT_XML_CHAR.sub(REPLACEMENT, text))


def test_every_printable_ascii_character_is_an_xml_character() -> None:
    printable = "".join(chr(code) for code in range(0x20, 0x7F))
    assert redaction._NOT_XML_CHAR.search(printable) is None


def test_a_stored_body_up_to_the_limit_is_kept_whole() -> None:
    assert stored_request(b"x" * 10, 10) == b"x" * 10


def test_a_longer_stored_body_is_cut_with_a_marker_within_its_bound() -> None:
    assert stored_request(b"x" * 11, 10) == b"x" * 10 + b"\n[truncated: the first 10 of 11 bytes are kept]"
    # The marker's numbers at their widest still fit the documented bound.
    marker = b"\n[truncated: the first %d of %d bytes are kept]" % (2**64, 2**64)
    assert len(marker) <= STORED_MARKER_MAX_BYTES


def test_a_seed_across_the_cut_is_redacted_before_it() -> None:
    body = b"<a>" + SEED.encode() + b"</a>"
    assert SEED[:20].encode() not in stored_request(body, 23)

"""The largest realistic messages: valid, read in full, inside the body limit and near it (decisions D6, I2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from config import PROJECT_ROOT, load_config
from services.message_reader import PACS008, PACS028, MessageReader, MessageType
from tools.largest_message import largest

LIMIT = load_config({})["MAX_BODY_BYTES"]


@pytest.mark.parametrize("message", [PACS008, PACS028], ids=lambda m: m.name)
def test_the_largest_realistic_message_is_read_and_fits_the_limit_with_headroom(message: MessageType[object]) -> None:
    measure = largest(message.name)
    assert measure.size * 1.5 <= LIMIT, measure.size
    MessageReader(Path(PROJECT_ROOT) / "xsd" / "usage", LIMIT).read(measure.document, message)


def test_bounded_repeats_only_add() -> None:
    assert largest(PACS008.name, repeat=True).size > largest(PACS008.name, repeat=False).size


def test_the_limit_is_not_far_above_the_largest_realistic_pacs008() -> None:
    # Decision I2: a limit far above every valid message only lets a caller send bulk for nothing.
    assert 2 * largest(PACS008.name).size >= LIMIT

"""Spec 2.4: MsgId shape, age and clock skew."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from freezegun import freeze_time

from services.message_ids import check_message_id
from services.rejections import ReasonCode
from tests.support.messages import message_id

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


@freeze_time(NOW)
def test_a_current_id_passes() -> None:
    assert check_message_id(message_id(), datetime.now(UTC), ReasonCode.NARR) is None


@pytest.mark.parametrize("code", [ReasonCode.NARR, ReasonCode.FF01])
def test_missing_is_always_ff01(code: ReasonCode) -> None:
    violation = check_message_id(None, NOW, code)
    assert violation is not None and violation.code is ReasonCode.FF01


@pytest.mark.parametrize("code", [ReasonCode.NARR, ReasonCode.FF01])
def test_shape_uses_the_message_code(code: ReasonCode) -> None:
    violation = check_message_id("1795000000abcdef0123", NOW, code)
    assert violation is not None and violation.code is code and "Expected format" in violation.text


def test_age_and_skew_bounds_are_inclusive() -> None:
    assert check_message_id(message_id(NOW - timedelta(hours=24)), NOW, ReasonCode.NARR) is None
    assert check_message_id(message_id(NOW + timedelta(minutes=5)), NOW, ReasonCode.NARR) is None
    old = check_message_id(message_id(NOW - timedelta(hours=24, seconds=1)), NOW, ReasonCode.FF01)
    ahead = check_message_id(message_id(NOW + timedelta(minutes=5, seconds=1)), NOW, ReasonCode.FF01)
    assert old is not None and "older than 24 hours" in old.text
    assert ahead is not None and "5 minutes" in ahead.text

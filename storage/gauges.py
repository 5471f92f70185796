"""What the metrics read from the store at scrape time: a few aggregate queries, no rows."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

import peewee

from storage.models import ChannelLease, Transfer
from storage.statements import python_value
from storage.transfer_states import TransferState

_OPEN = (TransferState.CREATED.value, TransferState.PROCESSING.value)


def oldest_created_at() -> datetime | None:
    """When the oldest transfer still in Created was accepted (naive UTC), or None."""
    value = Transfer.select(peewee.fn.MIN(Transfer.created_at)).where(Transfer.state == TransferState.CREATED.value)
    found = value.scalar()
    return None if found is None else cast(datetime, python_value(Transfer.created_at, found))


def count_blocked() -> int:
    """Open transfers held up by the gateway's own funding or signing."""
    query = Transfer.select().where(Transfer.state.in_(_OPEN) & Transfer.blocked_since.is_null(False))
    return int(query.count())


def channel_counts() -> dict[tuple[str, bool], int]:
    """Channel accounts by environment and whether an envelope holds them."""
    leased = ChannelLease.holder.is_null(False).alias("leased")
    query = (
        ChannelLease.select(ChannelLease.environment, leased, peewee.fn.COUNT(ChannelLease.id).alias("total"))
        .group_by(ChannelLease.environment, ChannelLease.holder.is_null(False))
        .tuples()
    )
    rows = cast(list[tuple[Any, Any, Any]], list(query))
    return {(str(environment), bool(is_leased)): int(total) for environment, is_leased, total in rows}

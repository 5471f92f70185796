"""The deliverer's claim reads each endpoint's soonest due deliveries, not the whole backlog."""

from __future__ import annotations

import pytest

from storage.database import database
from storage.models import utc_now
from storage.webhook_deliveries import fair_share
from storage.webhook_models import WebhookDelivery
from tests.support.databases import postgres_url


@pytest.mark.skipif(postgres_url() is None, reason="Postgres's planner: Postgres only")
@pytest.mark.usefixtures("app")
def test_the_fair_share_is_read_from_each_endpoints_index_range_without_ranking_the_backlog() -> None:
    # Ranking every due delivery (a window over the backlog) cost 6.9 ms per claim with 5,000
    # waiting for one receiver, and a claim is made for about every delivery sent.
    query = WebhookDelivery.select(WebhookDelivery.id).where(WebhookDelivery.id.in_(fair_share(utc_now(), 8)))
    sql, params = query.sql()
    with database.connection_context(), database.atomic() as transaction:
        database.execute_sql("SET LOCAL enable_seqscan = off")  # as for tables too large to read whole
        plan = "\n".join(row[0] for row in database.execute_sql(f"EXPLAIN {sql}", params).fetchall())
        transaction.rollback()
    assert "webhook_delivery_endpoint_due" in plan
    assert "WindowAgg" not in plan

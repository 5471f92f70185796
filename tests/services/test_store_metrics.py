"""The store's gauges when the store cannot answer: the scrape still succeeds and says so."""

from __future__ import annotations

from ledger.testing import free_port

from services.store_metrics import StoreCollector
from storage.database import database, open_database


def test_a_store_that_cannot_answer_gives_store_up_zero_and_no_gauges() -> None:
    open_database(f"postgresql://postgres@127.0.0.1:{free_port()}/none")  # nothing listens there
    try:
        families = list(StoreCollector().collect())
    finally:
        database.obj.close_pool()
    assert [(f.name, [s.value for s in f.samples]) for f in families] == [("tkn_store_up", [0.0])]

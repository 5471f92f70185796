"""W5: webhook delivery throughput with one deliverer to a local receiver.

A scratch Postgres database (`<bench database>_w5`) gets `events` transfers, each with its Created
event in the outbox, for one organization with one endpoint: a local receiver that answers 204 at
once. One deliverer process's loop (`Deliverer.run`, the default settings but the poll interval)
then dispatches and sends them; the rate is events over the time until every delivery is
delivered, dispatch included.
"""

from __future__ import annotations

import threading
import time
import uuid
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse, urlunparse

from bench.settings import BenchSettings
from harness.postgres import drop_and_create
from services.webhooks.delivery import Deliverer
from services.webhooks.endpoints import add_endpoint
from services.webhooks.settings import WebhookSettings
from storage.database import database, open_database
from storage.migrate import upgrade
from storage.models import Transfer, TransferEvent, utc_now
from storage.organizations import insert_organization
from storage.webhook_models import WebhookDelivery

BATCH = 500


@dataclass(frozen=True)
class DeliveryResult:
    """Events delivered and the seconds it took, or why W5 was not measured."""

    events: int = 0
    seconds: float = 0.0
    skipped: str = ""

    @property
    def rate(self) -> float:
        """Events delivered per second."""
        return self.events / self.seconds if self.seconds else 0.0


class _Sink(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:  # the standard library's name
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.send_response(204)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        return None


def scratch_url(database_url: str) -> str:
    """The W5 database beside the bench database: its name with `_w5`."""
    parsed = urlparse(database_url)
    return urlunparse(parsed._replace(path=parsed.path.rstrip("/") + "_w5"))


def _seed(organization_id: int, events: int) -> None:
    now = utc_now() + timedelta(seconds=1)  # after the endpoint was registered
    for start in range(0, events, BATCH):
        count = min(BATCH, events - start)
        ids = [uuid.uuid4() for _ in range(count)]
        rows = [
            {
                "id": transfer_id,
                "organization": organization_id,
                "environment": "Sandbox",
                "network": "net",
                "state": "Created",
                "created_at": now,
                "updated_at": now,
                "amount_usd": Decimal("1.00"),
                "source_account": "ACC-1",
                "destination_account": "G" + "A" * 55,
                "message_id": f"W5-{start + n}",
                "request_sha256": "0" * 64,
                "raw_request": b"<Document/>",
                "acceptance_report": b"<Document/>",
            }
            for n, transfer_id in enumerate(ids)
        ]
        with database.atomic():
            Transfer.insert_many(rows).execute()
            TransferEvent.insert_many(
                [{"transfer": t, "from_state": None, "to_state": "Created", "at": now, "attempt": 0} for t in ids]
            ).execute()


def measure_delivery(settings: BenchSettings, events: int) -> DeliveryResult:
    """W5 on a scratch database: `events` outbox events delivered by one deliverer to a local receiver."""
    url = scratch_url(settings.database_url)
    drop_and_create(url, "bench")
    open_database(url)
    upgrade()
    sink = ThreadingHTTPServer((settings.host, 0), _Sink)
    sink.daemon_threads = True
    serving = threading.Thread(target=sink.serve_forever, daemon=True)
    serving.start()
    try:
        with database.connection_context():
            organization = insert_organization("bench-w5")
            add_endpoint(str(organization.id), f"http://{settings.host}:{sink.server_port}/w5", None, utc_now())
            _seed(organization.id, events)
        deliverer = Deliverer(WebhookSettings(poll_seconds=0.05), "bench-w5")
        stop = threading.Event()
        worker = threading.Thread(target=deliverer.run, args=(stop,))
        started = time.monotonic()
        worker.start()
        try:
            while _delivered() < events:
                time.sleep(0.1)
            seconds = time.monotonic() - started
        finally:
            stop.set()
            worker.join()
        return DeliveryResult(events, seconds)
    finally:
        sink.shutdown()
        sink.server_close()


def _delivered() -> int:
    with database.connection_context():
        return int(WebhookDelivery.select().where(WebhookDelivery.state == "delivered").count())

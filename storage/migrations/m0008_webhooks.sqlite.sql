-- Webhooks (issue 19), frozen as DDL (see m0008_webhooks.py). Never edit once shipped.
-- The event log is the outbox: each state change's transfer_event row, written in the state change's
-- own transaction, stays undispatched until the deliverer has made it into deliveries.
ALTER TABLE "transfer_event" ADD COLUMN "dispatched_at" DATETIME;
-- Events from before webhooks existed have no endpoint to go to.
UPDATE "transfer_event" SET "dispatched_at" = "at";
CREATE INDEX "transfer_event_undispatched" ON "transfer_event" ("id") WHERE ("dispatched_at" IS NULL);
CREATE TABLE "webhook_endpoint" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "organization_id" INTEGER NOT NULL,
    "url" VARCHAR(2000) NOT NULL,
    "event_types" VARCHAR(200),
    "secret" VARCHAR(100) NOT NULL,
    "previous_secret" VARCHAR(100),
    "previous_secret_until" DATETIME,
    "created_at" DATETIME NOT NULL,
    "disabled_at" DATETIME,
    "disabled_reason" VARCHAR(200),
    "failing_since" DATETIME,
    FOREIGN KEY ("organization_id") REFERENCES "organization" ("id") ON DELETE RESTRICT
);
CREATE INDEX "webhook_endpoint_organization_id" ON "webhook_endpoint" ("organization_id");
CREATE TABLE "webhook_message" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "event_id" INTEGER NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "transfer_id" TEXT NOT NULL,
    "event_type" VARCHAR(32) NOT NULL,
    "payload" BLOB NOT NULL,
    "created_at" DATETIME NOT NULL,
    FOREIGN KEY ("event_id") REFERENCES "transfer_event" ("id") ON DELETE CASCADE,
    FOREIGN KEY ("organization_id") REFERENCES "organization" ("id") ON DELETE RESTRICT,
    FOREIGN KEY ("transfer_id") REFERENCES "transfer" ("id") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "webhook_message_event_id" ON "webhook_message" ("event_id");
CREATE INDEX "webhook_message_created_at" ON "webhook_message" ("created_at");
CREATE TABLE "webhook_delivery" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "message_id" VARCHAR(40) NOT NULL,
    "endpoint_id" INTEGER NOT NULL,
    "state" VARCHAR(16) NOT NULL,
    "attempts" INTEGER NOT NULL,
    "next_attempt_at" DATETIME NOT NULL,
    "give_up_at" DATETIME NOT NULL,
    "claimed_by" VARCHAR(64),
    "claimed_until" DATETIME,
    "created_at" DATETIME NOT NULL,
    "delivered_at" DATETIME,
    "last_status" INTEGER,
    "last_error" VARCHAR(200),
    FOREIGN KEY ("message_id") REFERENCES "webhook_message" ("id") ON DELETE CASCADE,
    FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoint" ("id") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "webhook_delivery_message_id_endpoint_id" ON "webhook_delivery" ("message_id", "endpoint_id");
CREATE INDEX "webhook_delivery_endpoint_id_id" ON "webhook_delivery" ("endpoint_id", "id");
CREATE INDEX "webhook_delivery_due" ON "webhook_delivery" ("next_attempt_at") WHERE ("state" = 'pending');
CREATE TABLE "webhook_attempt" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "delivery_id" INTEGER NOT NULL,
    "at" DATETIME NOT NULL,
    "status_code" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "error" VARCHAR(200),
    FOREIGN KEY ("delivery_id") REFERENCES "webhook_delivery" ("id") ON DELETE CASCADE
);
CREATE INDEX "webhook_attempt_delivery_id" ON "webhook_attempt" ("delivery_id");

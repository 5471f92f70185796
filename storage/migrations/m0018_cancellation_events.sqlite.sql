-- Cancellation events (see m0018_cancellation_events.py). Never edit once shipped.
ALTER TABLE "cancellation_request" ADD COLUMN "dispatched_at" DATETIME;
-- Requests decided before these events existed are not announced; those still pending will be.
UPDATE "cancellation_request" SET "dispatched_at" = COALESCE("decided_at", "received_at") WHERE "state" <> 'pending';
CREATE INDEX "cancellation_request_undispatched" ON "cancellation_request" ("id") WHERE ("dispatched_at" IS NULL);
-- SQLite cannot drop a NOT NULL: webhook_message is rebuilt (https://sqlite.org/lang_altertable.html).
CREATE TABLE "webhook_message_new" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "event_id" INTEGER,
    "organization_id" INTEGER NOT NULL,
    "transfer_id" TEXT NOT NULL,
    "event_type" VARCHAR(32) NOT NULL,
    "payload" BLOB NOT NULL,
    "created_at" DATETIME NOT NULL,
    "cancellation_id" INTEGER,
    FOREIGN KEY ("event_id") REFERENCES "transfer_event" ("id") ON DELETE CASCADE,
    FOREIGN KEY ("organization_id") REFERENCES "organization" ("id") ON DELETE RESTRICT,
    FOREIGN KEY ("transfer_id") REFERENCES "transfer" ("id") ON DELETE CASCADE,
    FOREIGN KEY ("cancellation_id") REFERENCES "cancellation_request" ("id") ON DELETE CASCADE
);
INSERT INTO "webhook_message_new" ("id", "event_id", "organization_id", "transfer_id", "event_type", "payload", "created_at")
SELECT "id", "event_id", "organization_id", "transfer_id", "event_type", "payload", "created_at" FROM "webhook_message";
DROP TABLE "webhook_message";
ALTER TABLE "webhook_message_new" RENAME TO "webhook_message";
CREATE UNIQUE INDEX "webhook_message_event_id" ON "webhook_message" ("event_id");
CREATE INDEX "webhook_message_created_at" ON "webhook_message" ("created_at");
CREATE UNIQUE INDEX "webhook_message_cancellation_id" ON "webhook_message" ("cancellation_id");

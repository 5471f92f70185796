-- Cancellation events (see m0018_cancellation_events.py). Never edit once shipped.
ALTER TABLE "cancellation_request" ADD COLUMN "dispatched_at" TIMESTAMP;
-- Requests decided before these events existed are not announced; those still pending will be.
UPDATE "cancellation_request" SET "dispatched_at" = COALESCE("decided_at", "received_at") WHERE "state" <> 'pending';
CREATE INDEX "cancellation_request_undispatched" ON "cancellation_request" ("id") WHERE ("dispatched_at" IS NULL);
ALTER TABLE "webhook_message" ALTER COLUMN "event_id" DROP NOT NULL;
ALTER TABLE "webhook_message" ADD COLUMN "cancellation_id" INTEGER REFERENCES "cancellation_request" ("id") ON DELETE CASCADE;
CREATE UNIQUE INDEX "webhook_message_cancellation_id" ON "webhook_message" ("cancellation_id");

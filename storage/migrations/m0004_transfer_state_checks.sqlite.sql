-- Hold transfer states to the four values (see m0004_transfer_state_checks.py). Never edit once shipped.
-- SQLite cannot add a CHECK to a table, so each table is rebuilt: create it anew, copy every row,
-- drop the old one, take its name and recreate its indexes (https://sqlite.org/lang_altertable.html).
CREATE TABLE "transfer_new" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organization_id" INTEGER NOT NULL,
    "environment" VARCHAR(16) NOT NULL,
    "network" VARCHAR(16) NOT NULL,
    "state" VARCHAR(16) NOT NULL CHECK ("state" IN ('Created', 'Processing', 'Completed', 'Failed')),
    "created_at" DATETIME NOT NULL,
    "updated_at" DATETIME NOT NULL,
    "completed_at" DATETIME,
    "amount_usd" INTEGER NOT NULL,
    "amount_tkn" INTEGER,
    "source_account" VARCHAR(70) NOT NULL,
    "destination_account" VARCHAR(56) NOT NULL,
    "memo" VARCHAR(70),
    "message_id" VARCHAR(35) NOT NULL,
    "instruction_id" VARCHAR(35),
    "end_to_end_id" VARCHAR(35),
    "transaction_id" VARCHAR(35),
    "request_sha256" VARCHAR(64) NOT NULL,
    "raw_request" BLOB NOT NULL,
    "acceptance_report" BLOB NOT NULL,
    "ledger_hash" VARCHAR(64),
    "error_code" VARCHAR(8),
    "ledger_sequence" INTEGER,
    "claimed_by" VARCHAR(64),
    "claimed_until" DATETIME,
    "next_attempt_at" DATETIME,
    "attempt_count" INTEGER NOT NULL,
    "blocked_since" DATETIME,
    "last_error" VARCHAR(200),
    FOREIGN KEY ("organization_id") REFERENCES "organization" ("id") ON DELETE RESTRICT
);
INSERT INTO "transfer_new" SELECT * FROM "transfer";
DROP TABLE "transfer";
ALTER TABLE "transfer_new" RENAME TO "transfer";
CREATE INDEX "transfer_state" ON "transfer" ("state");
CREATE UNIQUE INDEX "transfer_organization_id_message_id" ON "transfer" ("organization_id", "message_id");
CREATE TABLE "transfer_event_new" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "transfer_id" TEXT NOT NULL,
    "from_state" VARCHAR(16) CHECK ("from_state" IS NULL OR "from_state" IN ('Created', 'Processing', 'Completed', 'Failed')),
    "to_state" VARCHAR(16) NOT NULL CHECK ("to_state" IN ('Created', 'Processing', 'Completed', 'Failed')),
    "at" DATETIME NOT NULL,
    "reason" VARCHAR(200),
    "attempt" INTEGER NOT NULL,
    FOREIGN KEY ("transfer_id") REFERENCES "transfer" ("id") ON DELETE CASCADE
);
INSERT INTO "transfer_event_new" SELECT * FROM "transfer_event";
DROP TABLE "transfer_event";
ALTER TABLE "transfer_event_new" RENAME TO "transfer_event";
CREATE INDEX "transfer_event_transfer_id_id" ON "transfer_event" ("transfer_id", "id");

-- The first schema, frozen as DDL (see m0001_initial.py). Never edit once shipped.
CREATE TABLE "organization" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "name" VARCHAR(200) NOT NULL,
    "created_at" DATETIME NOT NULL
);
CREATE UNIQUE INDEX "organization_name" ON "organization" ("name");
CREATE TABLE "api_key" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "key_id" VARCHAR(32) NOT NULL,
    "key_hash" VARCHAR(64) NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "environment" VARCHAR(16) NOT NULL,
    "created_at" DATETIME NOT NULL,
    "revoked_at" DATETIME,
    FOREIGN KEY ("organization_id") REFERENCES "organization" ("id") ON DELETE RESTRICT
);
CREATE UNIQUE INDEX "api_key_key_id" ON "api_key" ("key_id");
CREATE INDEX "api_key_organization_id" ON "api_key" ("organization_id");
CREATE TABLE "transfer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organization_id" INTEGER NOT NULL,
    "environment" VARCHAR(16) NOT NULL,
    "network" VARCHAR(16) NOT NULL,
    "state" VARCHAR(16) NOT NULL,
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
CREATE INDEX "transfer_organization_id" ON "transfer" ("organization_id");
CREATE INDEX "transfer_state" ON "transfer" ("state");
CREATE UNIQUE INDEX "transfer_organization_id_message_id" ON "transfer" ("organization_id", "message_id");
CREATE TABLE "transfer_event" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "transfer_id" TEXT NOT NULL,
    "from_state" VARCHAR(16),
    "to_state" VARCHAR(16) NOT NULL,
    "at" DATETIME NOT NULL,
    "reason" VARCHAR(200),
    "attempt" INTEGER NOT NULL,
    FOREIGN KEY ("transfer_id") REFERENCES "transfer" ("id") ON DELETE CASCADE
);
CREATE INDEX "transfer_event_transfer_id" ON "transfer_event" ("transfer_id");
CREATE INDEX "transfer_event_transfer_id_id" ON "transfer_event" ("transfer_id", "id");
CREATE TABLE "status_query" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "message_type" VARCHAR(16) NOT NULL,
    "message_id" VARCHAR(64),
    "queried_transfer_id" VARCHAR(64),
    "alternative_id" VARCHAR(64),
    "original_message_id" VARCHAR(64),
    "raw_request" BLOB NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "environment" VARCHAR(16) NOT NULL,
    "network" VARCHAR(64) NOT NULL,
    "queried_at" DATETIME NOT NULL,
    "status" VARCHAR(4) NOT NULL,
    "reason_code" VARCHAR(4),
    FOREIGN KEY ("organization_id") REFERENCES "organization" ("id") ON DELETE RESTRICT
);
CREATE INDEX "status_query_organization_id" ON "status_query" ("organization_id");
CREATE INDEX "status_query_organization_id_queried_at" ON "status_query" ("organization_id", "queried_at");
CREATE INDEX "status_query_organization_id_queried_transfer_id" ON "status_query" ("organization_id", "queried_transfer_id");
CREATE TABLE "settlement_attempt" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "channel_account" VARCHAR(56) NOT NULL,
    "sequence" INTEGER NOT NULL,
    "fee" INTEGER NOT NULL,
    "max_ledger" INTEGER NOT NULL,
    "max_time" INTEGER NOT NULL,
    "tx_hash" VARCHAR(64) NOT NULL,
    "envelope_xdr" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "submitted_at" DATETIME,
    "submissions" INTEGER NOT NULL,
    "outcome" VARCHAR(16),
    "result_code" VARCHAR(64),
    "ledger_sequence" INTEGER,
    "resolved_at" DATETIME,
    "op_count" INTEGER NOT NULL
);
CREATE UNIQUE INDEX "settlement_attempt_tx_hash" ON "settlement_attempt" ("tx_hash");
CREATE TABLE "settlement_payment" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "transfer_id" TEXT NOT NULL,
    "attempt_id" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "op_index" INTEGER NOT NULL,
    "outcome" VARCHAR(16),
    "result_code" VARCHAR(64),
    "created_at" DATETIME NOT NULL,
    "resolved_at" DATETIME,
    FOREIGN KEY ("transfer_id") REFERENCES "transfer" ("id") ON DELETE CASCADE,
    FOREIGN KEY ("attempt_id") REFERENCES "settlement_attempt" ("id") ON DELETE CASCADE
);
CREATE INDEX "settlement_payment_transfer_id" ON "settlement_payment" ("transfer_id");
CREATE INDEX "settlement_payment_attempt_id" ON "settlement_payment" ("attempt_id");
CREATE UNIQUE INDEX "settlement_payment_transfer_id_number" ON "settlement_payment" ("transfer_id", "number");
CREATE UNIQUE INDEX "settlementpayment_one_open" ON "settlement_payment" ("transfer_id") WHERE ("outcome" IS NULL);
CREATE TABLE "channel_lease" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "environment" VARCHAR(16) NOT NULL,
    "account_id" VARCHAR(56) NOT NULL,
    "holder" VARCHAR(100),
    "attempt_id" INTEGER,
    "leased_at" DATETIME,
    FOREIGN KEY ("attempt_id") REFERENCES "settlement_attempt" ("id") ON DELETE SET NULL
);
CREATE INDEX "channel_lease_attempt_id" ON "channel_lease" ("attempt_id");
CREATE UNIQUE INDEX "channel_lease_environment_account_id" ON "channel_lease" ("environment", "account_id");

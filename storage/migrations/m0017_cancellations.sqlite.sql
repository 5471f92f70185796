-- Cancellation requests (see m0017_cancellations.py). Never edit once shipped.
CREATE TABLE "cancellation_request" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "organization_id" INTEGER NOT NULL,
    "assignment_id" VARCHAR(35) NOT NULL,
    "request_sha256" VARCHAR(64) NOT NULL,
    "raw_request" BLOB NOT NULL,
    "reason_code" VARCHAR(4) NOT NULL,
    "transfer_id" TEXT,
    "state" VARCHAR(16) NOT NULL CHECK ("state" IN ('cancelled', 'pending', 'refused', 'not_found')),
    "answer" BLOB NOT NULL,
    "received_at" DATETIME NOT NULL,
    "decided_at" DATETIME,
    FOREIGN KEY ("organization_id") REFERENCES "organization" ("id") ON DELETE RESTRICT,
    FOREIGN KEY ("transfer_id") REFERENCES "transfer" ("id") ON DELETE CASCADE
);
CREATE INDEX "cancellation_request_transfer_id" ON "cancellation_request" ("transfer_id");
CREATE UNIQUE INDEX "cancellation_request_organization_id_assignment_id" ON "cancellation_request" ("organization_id", "assignment_id");

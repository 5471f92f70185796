-- Source accounts and their journal (see m0010_source_accounts.py). Never edit once shipped.
ALTER TABLE "organization" ADD COLUMN "funding_policy" VARCHAR(16) NOT NULL DEFAULT 'open'
    CHECK ("funding_policy" IN ('open', 'prefunded'));
CREATE TABLE "organization_bic" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "organization_id" INTEGER NOT NULL,
    "bic" VARCHAR(11) NOT NULL,
    FOREIGN KEY ("organization_id") REFERENCES "organization" ("id") ON DELETE CASCADE
);
CREATE TABLE "source_account" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "organization_id" INTEGER NOT NULL,
    "number" VARCHAR(70) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "status" VARCHAR(16) NOT NULL CHECK ("status" IN ('open', 'blocked', 'closed')),
    "debits_must_not_exceed_credits" BOOLEAN NOT NULL,
    "balance" BIGINT NOT NULL,
    "held" BIGINT NOT NULL CHECK ("held" >= 0),
    "available" BIGINT NOT NULL,
    "created_at" TIMESTAMP NOT NULL,
    "updated_at" TIMESTAMP NOT NULL,
    FOREIGN KEY ("organization_id") REFERENCES "organization" ("id") ON DELETE RESTRICT,
    CHECK ("available" = "balance" - "held"),
    CHECK (NOT "debits_must_not_exceed_credits" OR "available" >= 0)
);
CREATE TABLE "journal_entry" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "account_id" INTEGER NOT NULL,
    "kind" VARCHAR(16) NOT NULL CHECK ("kind" IN ('funding', 'hold', 'post', 'void', 'adjustment')),
    "side" VARCHAR(6) NOT NULL CHECK ("side" IN ('debit', 'credit')),
    "counter_account" VARCHAR(16) NOT NULL CHECK ("counter_account" IN ('funding', 'settlement', 'adjustment')),
    "amount" BIGINT NOT NULL CHECK ("amount" > 0),
    "transfer_id" UUID,
    "pending_id" INTEGER,
    "reference" VARCHAR(100),
    "at" TIMESTAMP NOT NULL,
    "note" VARCHAR(200),
    FOREIGN KEY ("account_id") REFERENCES "source_account" ("id") ON DELETE RESTRICT,
    FOREIGN KEY ("transfer_id") REFERENCES "transfer" ("id") ON DELETE RESTRICT,
    FOREIGN KEY ("pending_id") REFERENCES "journal_entry" ("id") ON DELETE RESTRICT,
    CHECK (("kind" IN ('post', 'void')) = ("pending_id" IS NOT NULL)),
    CHECK ("kind" <> 'hold' OR "transfer_id" IS NOT NULL)
);
CREATE UNIQUE INDEX "organization_bic_bic" ON "organization_bic" ("bic");
CREATE INDEX "organization_bic_organization_id" ON "organization_bic" ("organization_id");
CREATE UNIQUE INDEX "source_account_organization_id_number" ON "source_account" ("organization_id", "number");
CREATE INDEX "journal_entry_account_id_at" ON "journal_entry" ("account_id", "at");
CREATE UNIQUE INDEX "journal_entry_one_hold" ON "journal_entry" ("transfer_id") WHERE ("kind" = 'hold');
CREATE UNIQUE INDEX "journal_entry_resolved_once" ON "journal_entry" ("pending_id") WHERE ("pending_id" IS NOT NULL);
CREATE UNIQUE INDEX "journal_entry_reference" ON "journal_entry" ("account_id", "reference") WHERE ("reference" IS NOT NULL);
-- Existing transfers: one open account per (organization, DbtrAcct number), a hold per transfer,
-- posted when Completed, voided when Failed; then the balance rows as the journal's sums
-- (available = balance - held = voids - holds).
INSERT INTO "source_account" ("organization_id", "number", "currency", "status", "debits_must_not_exceed_credits",
                              "balance", "held", "available", "created_at", "updated_at")
SELECT "organization_id", "source_account", 'USD', 'open', FALSE, 0, 0, 0, min("created_at"), max("updated_at")
FROM "transfer" GROUP BY "organization_id", "source_account" ORDER BY min("created_at");
INSERT INTO "journal_entry" ("account_id", "kind", "side", "counter_account", "amount", "transfer_id", "at", "note")
SELECT a."id", 'hold', 'debit', 'settlement', t."amount_usd", t."id", t."created_at", 'built by migration m0010'
FROM "transfer" t JOIN "source_account" a ON a."organization_id" = t."organization_id" AND a."number" = t."source_account"
ORDER BY t."created_at", t."id";
INSERT INTO "journal_entry" ("account_id", "kind", "side", "counter_account", "amount", "transfer_id", "pending_id", "at", "note")
SELECT h."account_id", CASE WHEN t."state" = 'Completed' THEN 'post' ELSE 'void' END, 'debit', 'settlement', h."amount",
       h."transfer_id", h."id", COALESCE(t."completed_at", t."updated_at"), 'built by migration m0010'
FROM "journal_entry" h JOIN "transfer" t ON t."id" = h."transfer_id"
WHERE h."kind" = 'hold' AND t."state" IN ('Completed', 'Failed')
ORDER BY COALESCE(t."completed_at", t."updated_at"), h."id";
UPDATE "source_account" SET
  "balance" = -COALESCE((SELECT sum(e."amount") FROM "journal_entry" e WHERE e."account_id" = "source_account"."id" AND e."kind" = 'post'), 0),
  "held" = COALESCE((SELECT sum(CASE WHEN e."kind" = 'hold' THEN e."amount" ELSE -e."amount" END) FROM "journal_entry" e
                     WHERE e."account_id" = "source_account"."id" AND e."kind" IN ('hold', 'post', 'void')), 0),
  "available" = -COALESCE((SELECT sum(e."amount") FROM "journal_entry" e WHERE e."account_id" = "source_account"."id" AND e."kind" = 'hold'), 0)
              + COALESCE((SELECT sum(e."amount") FROM "journal_entry" e WHERE e."account_id" = "source_account"."id" AND e."kind" = 'void'), 0);

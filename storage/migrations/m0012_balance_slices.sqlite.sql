-- Balance slices (see m0012_balance_slices.py). Never edit once shipped.
CREATE TABLE "balance_slice" (
    "account_id" INTEGER NOT NULL,
    "slice" INTEGER NOT NULL CHECK ("slice" >= 0),
    "status" VARCHAR(16) NOT NULL CHECK ("status" IN ('open', 'blocked', 'closed')),
    "debits_must_not_exceed_credits" INTEGER NOT NULL,
    "held" INTEGER NOT NULL CHECK ("held" >= 0),
    "available" INTEGER NOT NULL,
    "updated_at" DATETIME NOT NULL,
    PRIMARY KEY ("account_id", "slice"),
    FOREIGN KEY ("account_id") REFERENCES "source_account" ("id") ON DELETE RESTRICT,
    CHECK (NOT "debits_must_not_exceed_credits" OR "available" >= 0)
);
WITH RECURSIVE "numbers"("n") AS (SELECT 0 UNION ALL SELECT "n" + 1 FROM "numbers" WHERE "n" < 15)
INSERT INTO "balance_slice" ("account_id", "slice", "status", "debits_must_not_exceed_credits", "held", "available", "updated_at")
SELECT a."id", s."n", a."status", a."debits_must_not_exceed_credits",
       CASE WHEN s."n" = 0 THEN a."held" ELSE 0 END, CASE WHEN s."n" = 0 THEN a."available" ELSE 0 END, a."updated_at"
FROM "source_account" a CROSS JOIN "numbers" s;
ALTER TABLE "journal_entry" ADD COLUMN "slice" INTEGER;
UPDATE "journal_entry" SET "slice" = 0 WHERE "kind" = 'hold';
-- SQLite cannot drop a column that a CHECK names, so the table is rebuilt: create it anew, copy
-- every row, drop the old one, take its name and recreate its index (https://sqlite.org/lang_altertable.html).
CREATE TABLE "source_account_new" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "organization_id" INTEGER NOT NULL,
    "number" VARCHAR(70) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "status" VARCHAR(16) NOT NULL CHECK ("status" IN ('open', 'blocked', 'closed')),
    "debits_must_not_exceed_credits" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL,
    "updated_at" DATETIME NOT NULL,
    FOREIGN KEY ("organization_id") REFERENCES "organization" ("id") ON DELETE RESTRICT
);
INSERT INTO "source_account_new" ("id", "organization_id", "number", "currency", "status", "debits_must_not_exceed_credits", "created_at", "updated_at")
SELECT "id", "organization_id", "number", "currency", "status", "debits_must_not_exceed_credits", "created_at", "updated_at"
FROM "source_account";
DROP TABLE "source_account";
ALTER TABLE "source_account_new" RENAME TO "source_account";
CREATE UNIQUE INDEX "source_account_organization_id_number" ON "source_account" ("organization_id", "number");

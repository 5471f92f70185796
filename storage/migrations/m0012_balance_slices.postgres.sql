-- Balance slices (see m0012_balance_slices.py). Never edit once shipped.
CREATE TABLE "balance_slice" (
    "account_id" INTEGER NOT NULL,
    "slice" SMALLINT NOT NULL CHECK ("slice" >= 0),
    "status" VARCHAR(16) NOT NULL CHECK ("status" IN ('open', 'blocked', 'closed')),
    "debits_must_not_exceed_credits" BOOLEAN NOT NULL,
    "held" BIGINT NOT NULL CHECK ("held" >= 0),
    "available" BIGINT NOT NULL,
    "updated_at" TIMESTAMP NOT NULL,
    PRIMARY KEY ("account_id", "slice"),
    FOREIGN KEY ("account_id") REFERENCES "source_account" ("id") ON DELETE RESTRICT,
    CHECK (NOT "debits_must_not_exceed_credits" OR "available" >= 0)
);
INSERT INTO "balance_slice" ("account_id", "slice", "status", "debits_must_not_exceed_credits", "held", "available", "updated_at")
SELECT a."id", s.n, a."status", a."debits_must_not_exceed_credits",
       CASE WHEN s.n = 0 THEN a."held" ELSE 0 END, CASE WHEN s.n = 0 THEN a."available" ELSE 0 END, a."updated_at"
FROM "source_account" a CROSS JOIN generate_series(0, 15) AS s(n);
ALTER TABLE "journal_entry" ADD COLUMN "slice" SMALLINT;
UPDATE "journal_entry" SET "slice" = 0 WHERE "kind" = 'hold';
-- The CHECKs that name these columns go with them.
ALTER TABLE "source_account" DROP COLUMN "balance", DROP COLUMN "held", DROP COLUMN "available";

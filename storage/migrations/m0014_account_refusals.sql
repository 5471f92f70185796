-- One row per source account: its AM04 refusals on `day` (see m0014_account_refusals.py). Never edit once shipped.
CREATE TABLE "account_refusals" (
    "account_id" INTEGER NOT NULL PRIMARY KEY,
    "day" DATE NOT NULL,
    "am04" INTEGER NOT NULL,
    FOREIGN KEY ("account_id") REFERENCES "source_account" ("id") ON DELETE CASCADE
);

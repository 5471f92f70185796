-- Per-organization request rates (see m0015_rate_limits.py). Never edit once shipped.
CREATE TABLE "rate_schedule" (
    "organization_id" INTEGER NOT NULL,
    "endpoint" VARCHAR(16) NOT NULL,
    "due_at" BIGINT NOT NULL,
    PRIMARY KEY ("organization_id", "endpoint"),
    FOREIGN KEY ("organization_id") REFERENCES "organization" ("id") ON DELETE CASCADE
);
CREATE TABLE "organization_rate_limit" (
    "organization_id" INTEGER NOT NULL,
    "endpoint" VARCHAR(16) NOT NULL,
    "per_second" DOUBLE PRECISION NOT NULL,
    PRIMARY KEY ("organization_id", "endpoint"),
    FOREIGN KEY ("organization_id") REFERENCES "organization" ("id") ON DELETE CASCADE
);

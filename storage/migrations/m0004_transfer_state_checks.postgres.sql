-- Hold transfer states to the four values (see m0004_transfer_state_checks.py). Never edit once shipped.
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_state_check"
    CHECK ("state" IN ('Created', 'Processing', 'Completed', 'Failed'));
ALTER TABLE "transfer_event" ADD CONSTRAINT "transfer_event_from_state_check"
    CHECK ("from_state" IS NULL OR "from_state" IN ('Created', 'Processing', 'Completed', 'Failed'));
ALTER TABLE "transfer_event" ADD CONSTRAINT "transfer_event_to_state_check"
    CHECK ("to_state" IN ('Created', 'Processing', 'Completed', 'Failed'));

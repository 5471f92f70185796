-- Each endpoint's pending deliveries in due order (see m0013_webhook_endpoint_due_index.py). Never edit once shipped.
CREATE INDEX "webhook_delivery_endpoint_due" ON "webhook_delivery" ("endpoint_id", "next_attempt_at", "id")
    WHERE ("state" = 'pending');

"""Webhooks: endpoints per organization, events as signed pacs.002 payloads, durable delivery (docs/webhooks.md)."""

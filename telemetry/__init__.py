"""Cross-cutting plumbing every process sets up at start-up: logs, request fields, metrics, stop signals.

It imports nothing of the gateway, so api, services, storage and the sandbox ledger may all use it.
"""

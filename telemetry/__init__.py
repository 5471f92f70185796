"""Cross-cutting instrumentation every process sets up at start-up: log format, request fields, metrics.

It imports nothing of the gateway, so api, services, storage and the sandbox ledger may all use it.
"""

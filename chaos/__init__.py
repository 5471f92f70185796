"""Fault tooling: `make run` started from code, its processes found by name, and a bank-side client."""

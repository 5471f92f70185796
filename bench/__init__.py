"""`make bench`: throughput and latency of intake, status and settlement, written to docs/performance.md.

Benchmarks are not tests: CI does not run them. See docs/performance.md for what they measure.
"""

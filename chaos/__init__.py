"""`make chaos`: faults caused in a running `make run`, the load beside them, and the invariants checked after."""

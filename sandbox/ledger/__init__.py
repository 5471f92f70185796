"""A local Horizon-compatible Stellar ledger: the sandbox and settlement test bed."""

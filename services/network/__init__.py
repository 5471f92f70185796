"""Bootstrapping a Stellar network for settlement: accounts, trust line, TKN and the secrets file."""

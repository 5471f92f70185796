"""Settling accepted transfers as TKN payments on Stellar, exactly once (docs/settlement.md)."""

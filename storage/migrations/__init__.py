"""Ordered schema migrations. Each module `mNNNN_*.py` defines `apply(db)`; never edit one that shipped."""

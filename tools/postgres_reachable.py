"""Exit 0 when the Postgres URL given as the first argument accepts a connection, 1 otherwise."""

from __future__ import annotations

import sys

import psycopg


def main() -> int:
    """Try one connection with a short timeout."""
    try:
        psycopg.connect(sys.argv[1], connect_timeout=3).close()
    except psycopg.OperationalError:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

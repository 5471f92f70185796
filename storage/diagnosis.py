"""Why the store cannot serve a command, in one line an operator can act on: missing, unreachable, not migrated.

Asked only after a command has failed, so a working store pays nothing for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlparse

import psycopg

from storage.migrate import migration_names, pending_migrations

UPGRADE_COMMAND = ".venv/bin/flask --app app db upgrade"


def _where(url: str) -> str:
    """The store's place without its password: host, port and database, or the SQLite path."""
    parts = urlparse(url)
    if parts.scheme.startswith("sqlite"):
        return url.split("///", 1)[1] if "///" in url else url
    return f"{parts.hostname or 'localhost'}:{parts.port or 5432}/{parts.path.lstrip('/')}"


@dataclass(frozen=True)
class StoreProblem:
    """Why the store cannot serve: what to do, and whether it merely did not answer (nothing is known of it)."""

    message: str
    unreachable: bool = False


def connection_problem(url: str) -> str | None:
    """For a Postgres URL: why a fresh connection fails (the database missing, the server unreachable), else None."""
    found = _connection_problem(url)
    return None if found is None else found.message


def _connection_problem(url: str) -> StoreProblem | None:
    parts = urlparse(url)
    if parts.scheme not in ("postgres", "postgresql"):
        return None
    try:
        psycopg.connect(url, connect_timeout=5).close()
    except psycopg.OperationalError as error:
        name = parts.path.lstrip("/")
        host, port = parts.hostname or "localhost", parts.port or 5432
        if error.sqlstate == "3D000" or f'database "{name}" does not exist' in str(error):
            user = f" -U {parts.username}" if parts.username else ""
            return StoreProblem(
                f"database {name!r} does not exist on {host}:{port}; create it with "
                f"`createdb -h {host} -p {port}{user} {name}`, then run `{UPGRADE_COMMAND}`"
            )
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        return StoreProblem(f"cannot reach Postgres at {host}:{port}: {first_line}", unreachable=True)
    return None


def migration_problem(url: str) -> str | None:
    """Why the bound store is not ready for commands: migrations pending, else None (also when it cannot tell)."""
    try:
        pending = pending_migrations()
    except Exception:  # the store cannot even say; the original error stands
        return None
    if not pending:
        return None
    what = "no migration applied" if pending == migration_names() else f"{', '.join(pending)} pending"
    return f"the store {_where(url)} is not migrated ({what}); run `{UPGRADE_COMMAND}`"


def store_problem(url: str, migrations: bool = True) -> StoreProblem | None:
    """The first of `connection_problem` and (with `migrations`) `migration_problem` that applies."""
    found = _connection_problem(url)
    if found is not None or not migrations:
        return found
    pending = migration_problem(url)
    return None if pending is None else StoreProblem(pending)

"""The gateway's `make run` stack file (var/stack.env): its base URL and demo key file, for a terminal with no exports.

tkn-client imports nothing of the server, so it reads the file itself: `NAME=value` lines with
shell-quoted values. TKN_STACK_FILE names another file; empty, none is read.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Mapping
from pathlib import Path

DEFAULT_STACK_FILE = Path("var") / "stack.env"  # in the gateway's checkout, where its commands run


def stack_settings(environ: Mapping[str, str] = os.environ) -> dict[str, str]:
    """The stack file's settings by name; {} when there is none."""
    named = environ.get("TKN_STACK_FILE")
    path = DEFAULT_STACK_FILE if named is None else (Path(named) if named else None)
    if path is None or not path.is_file():
        return {}
    values: dict[str, str] = {}
    for line in path.read_text().splitlines():
        name, equals, raw = line.strip().partition("=")
        if equals and not name.startswith("#"):
            words = shlex.split(raw)
            values[name.strip()] = words[0] if words else ""
    return values


def setting(name: str, environ: Mapping[str, str] = os.environ) -> str | None:
    """The environment's value of `name`, else the stack file's, else None."""
    return environ.get(name) or stack_settings(environ).get(name) or None

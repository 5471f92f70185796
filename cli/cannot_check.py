"""The exit of a command that could not check something because a dependency did not answer."""

from __future__ import annotations

import click

CANNOT_CHECK = 2  # distinct from 1 (a check ran and found a problem): nothing was learned


class CannotCheck(click.ClickException):
    """`Error: cannot check ...: <reason>` on stderr, exit status 2; never reported as a mismatch."""

    exit_code = CANNOT_CHECK

    def __init__(self, what: str, reason: str) -> None:
        super().__init__(f"cannot check {what}: {reason}")

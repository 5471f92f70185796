"""`python -m tests.support.crashing_settle POINT [settle options]`: the worker CLI, SIGKILLed at POINT.

The crash tests run this in place of `flask --app app settle`. It installs the hook that kills
the process (at after_sign, after_submit or during_result_store) from here, so the production
command carries no crash switch.
"""

from __future__ import annotations

import functools
import os
import signal
import sys
from collections.abc import Callable
from unittest import mock

from flask.cli import FlaskGroup

import cli.settle
from app import create_app
from services.settlement.runtime import settler_from_config


def kill_at(point: str) -> Callable[[str], None]:
    """A settlement hook that SIGKILLs this process when the worker reaches `point`."""

    def hook(reached: str) -> None:
        if reached == point:
            os.kill(os.getpid(), signal.SIGKILL)

    return hook


def main(argv: list[str]) -> None:
    """Run `settle` with every settler it builds crashing at argv[0]."""
    point, *options = argv
    crashing = functools.partial(settler_from_config, hook=kill_at(point))
    with mock.patch.object(cli.settle, "settler_from_config", crashing):
        FlaskGroup(create_app=create_app).main(args=["settle", *options], prog_name="crashing_settle")


if __name__ == "__main__":
    main(sys.argv[1:])

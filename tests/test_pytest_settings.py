"""The suite's own guards: what keeps one test from holding the whole run."""

from __future__ import annotations

import pytest


def test_every_test_has_a_timeout_that_installs_no_signal_handler(pytestconfig: pytest.Config) -> None:
    assert float(pytestconfig.getini("timeout")) > 0
    # The signal method would install a SIGALRM handler in the process that runs the tests.
    assert pytestconfig.getini("timeout_method") == "thread"

"""deploy/prometheus: the shipped alerting rules pass promtool's checks and their own unit tests.

That the rules and their test series name only metrics and labels the processes emit is checked
against a real worker's and a real API's scrape (tests/services/settlement/test_worker_process.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from tests.support.alert_rules import RULES_DIR, RULES_FILE, RULES_TEST_FILE, Selector, unknown_names
from tests.support.databases import postgres_url

pytestmark = [
    pytest.mark.skipif(postgres_url() is not None, reason="runs once, on SQLite: the rules do not read the store"),
    pytest.mark.skipif(
        shutil.which("promtool") is None and not os.environ.get("CI"),
        reason="promtool is not installed (make deploy-tools installs Debian's prometheus)",
    ),
]


def _promtool(*args: str) -> subprocess.CompletedProcess[str]:
    promtool = shutil.which("promtool")
    assert promtool is not None, "CI must have promtool: make deploy-tools installs it"
    return subprocess.run([promtool, *args], check=False, cwd=RULES_DIR, capture_output=True, text=True, timeout=120)


def test_the_rules_are_valid() -> None:
    checked = _promtool("check", "rules", RULES_FILE.name)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_each_rule_fires_on_trouble_and_stays_quiet_under_normal_traffic() -> None:
    tested = _promtool("test", "rules", RULES_TEST_FILE.name)
    assert tested.returncode == 0, tested.stdout + tested.stderr


def test_a_selector_on_a_label_value_never_emitted_is_reported() -> None:
    emitted = [("tkn_settlement_envelopes_submitted_total", {"result": "PENDING"})]
    old_rule = Selector("old", "tkn_settlement_envelopes_submitted_total", (("result", "=", "tx_success"),))
    wrong_label = Selector("label", "tkn_settlement_envelopes_submitted_total", (("outcome", "=~", ".*"),))
    wrong_metric = Selector("metric", "tkn_settlement_envelopes_applied_total", ())

    problems = unknown_names([old_rule, wrong_label, wrong_metric], emitted, check_values=True)

    assert problems == [
        "old: tkn_settlement_envelopes_submitted_total never has result='tx_success'",
        "label: tkn_settlement_envelopes_submitted_total has no label outcome",
        "metric: no process emits tkn_settlement_envelopes_applied_total",
    ]

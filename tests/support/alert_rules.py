"""The alerting rules under deploy/prometheus, read as the metric selectors they use.

The rules are ours, so a light reading is enough: every `tkn_…` name, with the matchers in its braces.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml

RULES_DIR = Path(__file__).resolve().parents[2] / "deploy" / "prometheus"
RULES_FILE = RULES_DIR / "tkn-gateway.rules.yml"
RULES_TEST_FILE = RULES_DIR / "tkn-gateway.rules.test.yml"

_SELECTOR = re.compile(r"\b(tkn_[a-z0-9_]+)(?:\{([^}]*)\})?")
_MATCHER = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*"([^"]*)"')
# Labels Prometheus adds at scrape time, not the process.
_SCRAPE_LABELS = frozenset({"job", "instance"})
# Values that depend on the deployment (an environment's name), not on what the code can emit.
_DEPLOYMENT_LABELS = frozenset({"environment"})


@dataclass(frozen=True)
class Selector:
    """One metric named by a rule or a test series, with its label matchers (label, operator, value)."""

    where: str
    metric: str
    matchers: tuple[tuple[str, str, str], ...]


def _selectors(where: str, text: str) -> Iterator[Selector]:
    for found in _SELECTOR.finditer(text):
        matchers = tuple(_MATCHER.findall(found.group(2) or ""))
        yield Selector(where, found.group(1), tuple(m for m in matchers if m[0] not in _SCRAPE_LABELS))


def rule_selectors() -> list[Selector]:
    """Every selector in the rules' expressions."""
    groups = yaml.safe_load(RULES_FILE.read_text())["groups"]
    return [
        selector
        for group in groups
        for rule in group["rules"]
        for selector in _selectors(rule["alert"], str(rule["expr"]))
    ]


def promtool_series_selectors() -> list[Selector]:
    """Every input series of the promtool unit tests."""
    tests = yaml.safe_load(RULES_TEST_FILE.read_text())["tests"]
    return [
        selector
        for number, case in enumerate(tests)
        for series in case["input_series"]
        for selector in _selectors(f"test case {number}", series["series"])
    ]


def unknown_names(
    selectors: Iterable[Selector], emitted: Iterable[tuple[str, dict[str, str]]], check_values: bool
) -> list[str]:
    """What the selectors name that no emitted sample has: a metric, a label, or (`=` matchers) a value.

    `emitted` is (sample name, labels) of real scrapes. With `check_values`, a `=` matcher's value must
    have been seen too, except for labels whose values are the deployment's (environment names).
    """
    labels_of: dict[str, set[str]] = {}
    values_of: dict[tuple[str, str], set[str]] = {}
    for name, labels in emitted:
        labels_of.setdefault(name, set()).update(labels)
        for label, value in labels.items():
            values_of.setdefault((name, label), set()).add(value)
    problems = []
    for selector in selectors:
        if selector.metric not in labels_of:
            problems.append(f"{selector.where}: no process emits {selector.metric}")
            continue
        for label, operator, value in selector.matchers:
            if label not in labels_of[selector.metric]:
                problems.append(f"{selector.where}: {selector.metric} has no label {label}")
            elif (
                check_values
                and operator == "="
                and label not in _DEPLOYMENT_LABELS
                and value not in values_of[(selector.metric, label)]
            ):
                problems.append(f"{selector.where}: {selector.metric} never has {label}={value!r}")
    return problems

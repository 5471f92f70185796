"""`orgs set-rate-limit`: an organization's own rate per endpoint, stored for every API process."""

from __future__ import annotations

from flask.testing import FlaskCliRunner

from storage.database import database
from storage.organizations import find_organization
from storage.rate_limits import organization_rates


def rates(name: str) -> dict[str, float]:
    with database.connection_context():
        found = find_organization(name)
        assert found is not None
        return organization_rates(int(found.id))


def test_set_rate_limit_sets_replaces_and_goes_back_to_the_default(runner: FlaskCliRunner) -> None:
    runner.invoke(args=["orgs", "create", "Acme"])
    result = runner.invoke(args=["orgs", "set-rate-limit", "Acme", "pacs008", "50"])
    assert (result.exit_code, result.output) == (0, "pacs008 rate of Acme: 50/s\n")
    assert runner.invoke(args=["orgs", "set-rate-limit", "Acme", "batch-status", "0"]).output.endswith("no limit\n")
    assert rates("Acme") == {"pacs008": 50.0, "batch-status": 0.0}
    result = runner.invoke(args=["orgs", "set-rate-limit", "Acme", "pacs008", "default"])
    assert result.output == "pacs008 rate of Acme: the configured default\n"
    assert rates("Acme") == {"batch-status": 0.0}


def test_set_rate_limit_refuses_what_is_not_a_rate_and_changes_nothing(runner: FlaskCliRunner) -> None:
    runner.invoke(args=["orgs", "create", "Acme"])
    for args, said in [
        (["Acme", "pacs008", "fast"], "neither a number"),
        (["Acme", "pacs008", "--", "-1"], "0 or more"),
        (["Acme", "pacs008", "inf"], "0 or more"),
        (["Acme", "pacs009", "5"], "'pacs009' is not one of"),
        (["Nobody", "pacs008", "5"], "no organization 'Nobody'"),
    ]:
        result = runner.invoke(args=["orgs", "set-rate-limit", *args])
        assert result.exit_code != 0 and said in result.output, result.output
    assert rates("Acme") == {}

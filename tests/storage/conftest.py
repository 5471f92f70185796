"""Fixtures for storage tests."""

from __future__ import annotations

import pytest
from flask import Flask

from storage.database import database
from storage.organizations import insert_organization


@pytest.fixture()
def organization_id(app: Flask) -> int:
    """An organization on the test store."""
    with database.connection_context():
        return int(insert_organization("Storage Bank").id)

"""Answers outside the two endpoints are still pacs.002 reports."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.support.reports import rejected


def test_unknown_path_is_a_pacs002(client: FlaskClient) -> None:
    response = client.post("/v1/pacs009/net", data=b"<x/>", headers={"Content-Type": "application/xml"})
    assert response.status_code == 404
    assert "Not Found" in rejected(response.data, "NARR").text


def test_wrong_method_is_a_pacs002(client: FlaskClient, api_key: str) -> None:
    response = client.get("/v1/pacs008/net", headers={"NET-API-KEY": api_key})
    assert response.status_code == 405
    assert "GET /v1/pacs008/net" in rejected(response.data, "NARR").text


def test_no_files_are_served(app: Flask, client: FlaskClient) -> None:
    assert [rule.rule for rule in app.url_map.iter_rules() if "GET" in (rule.methods or ())] == []
    response = client.get("/static/app.py")
    assert response.status_code == 404
    assert "Not Found" in rejected(response.data, "NARR").text

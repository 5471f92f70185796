"""Answers outside the two endpoints are still pacs.002 reports."""

from __future__ import annotations

import pytest
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
    assert response.headers["Allow"] == "POST"
    assert "GET /v1/pacs008/net" in rejected(response.data, "NARR").text


def test_no_files_are_served(app: Flask, client: FlaskClient) -> None:
    gets = sorted(rule.rule for rule in app.url_map.iter_rules() if "GET" in (rule.methods or ()))
    assert gets == ["/healthz", "/metrics", "/openapi.yaml", "/readyz"]  # probes, Prometheus, the API document
    response = client.get("/static/app.py")
    assert response.status_code == 404
    assert "Not Found" in rejected(response.data, "NARR").text


@pytest.mark.parametrize("path", ["/v1/pacs008//net", "/v1//pacs008/net", "/v1/pacs008/a%2Fb"])
def test_paths_that_would_redirect_are_a_pacs002(client: FlaskClient, path: str) -> None:
    response = client.post(path, data=b"<x/>", headers={"Content-Type": "application/xml"})
    assert response.status_code == 404
    assert "Not Found" in rejected(response.data, "NARR").text


def test_a_trailing_slash_is_the_same_endpoint(client: FlaskClient) -> None:
    response = client.post("/v1/pacs008/net/", data=b"<x/>", headers={"Content-Type": "application/xml"})
    assert response.status_code == 401  # the endpoint's own answer, not a redirect to it


def test_options_is_405_too(client: FlaskClient) -> None:
    response = client.options("/v1/pacs028/net")
    assert (response.status_code, response.headers["Allow"]) == (405, "POST")

"""The app's JSON answers are what Flask's default provider writes, written by orjson."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from flask import Flask, Response
from flask.json.provider import DefaultJSONProvider

from api.json_provider import OrjsonProvider


def _bytes(response: object) -> bytes:
    assert isinstance(response, Response)
    return response.get_data()


VALUES: list[Any] = [
    {"transfers": [{"transfer_id": "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", "completed_at": None}], "not_found": []},
    {"b": 1, "a": [True, False, None, 0, -12, 2**53], "c": {"z": "", "y": 'quote " back \\ slash'}},
    {"error": "invalid_json", "message": "control \x00\x01\x1f tab\t line\n"},
    {"amount": Decimal("125.50")},
    [],
    "text",
]


@pytest.mark.parametrize("value", VALUES)
def test_an_answer_is_byte_for_byte_what_flask_s_default_provider_writes(app: Flask, value: Any) -> None:
    with app.app_context():
        ours = _bytes(app.json.response(value))
        flask_s = _bytes(DefaultJSONProvider(app).response(value))
    assert ours == flask_s


def test_text_outside_ascii_is_written_as_utf8_and_reads_back_the_same(app: Flask) -> None:
    value = {"message": "é € 𝄞 \u2028"}
    with app.app_context():
        ours = _bytes(app.json.response(value))
        flask_s = _bytes(DefaultJSONProvider(app).response(value))
    assert json.loads(ours) == json.loads(flask_s) == value
    assert "é".encode() in ours


def test_the_app_answers_json_through_orjson_and_reads_it_back(app: Flask) -> None:
    assert isinstance(app.json, OrjsonProvider)
    assert app.json.loads(app.json.dumps({"b": [1], "a": None})) == {"a": None, "b": [1]}
    with app.app_context(), pytest.raises(TypeError, match="not JSON serializable"):
        app.json.response({"what": object()})


def test_jsonify_takes_its_arguments_as_flask_s_does(app: Flask) -> None:
    with app.app_context():
        assert _bytes(app.json.response()) == b"null\n"
        assert _bytes(app.json.response(1, 2)) == b"[1,2]\n"
        assert _bytes(app.json.response(b=1, a=2)) == b'{"a":2,"b":1}\n'
        with pytest.raises(TypeError):
            app.json.response(1, a=2)

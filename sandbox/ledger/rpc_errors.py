"""JSON-RPC 2.0 error codes and the error a Stellar RPC method answers with."""

from __future__ import annotations

from typing import Any

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603


class RpcError(Exception):
    """A JSON-RPC error object: stellar-rpc's codes and messages (jrpc2's `Error`)."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def body(self) -> dict[str, Any]:
        """The `error` member of the response."""
        return {"code": self.code, "message": self.message}


def params_object(params: Any) -> dict[str, Any]:
    """A method's by-name parameters; stellar-rpc takes no positional ones."""
    if params is None:
        return {}
    if not isinstance(params, dict):
        raise RpcError(INVALID_PARAMS, "invalid parameters: expected an object")
    return params


def optional_uint(params: dict[str, Any], name: str) -> int:
    """A non-negative integer parameter, 0 when absent (Go's zero value)."""
    value = params.get(name)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RpcError(INVALID_PARAMS, f"invalid parameters: {name} must be a non-negative integer")
    return value


def pagination(params: dict[str, Any]) -> tuple[str, int]:
    """The `pagination` object's cursor ("" when absent) and limit (0 when absent)."""
    page = params.get("pagination")
    if page is None:
        return "", 0
    if not isinstance(page, dict):
        raise RpcError(INVALID_PARAMS, "invalid parameters: pagination must be an object")
    cursor = page.get("cursor") or ""
    if not isinstance(cursor, str):
        raise RpcError(INVALID_PARAMS, "invalid parameters: pagination.cursor must be a string")
    return cursor, optional_uint(page, "limit")

"""What a status query's record keeps of its request."""

from __future__ import annotations

from services.status_queries import stored_request


def test_a_body_up_to_the_limit_is_kept_whole() -> None:
    assert stored_request(b"x" * 10, 10) == b"x" * 10


def test_a_longer_body_is_cut_with_a_marker() -> None:
    assert stored_request(b"x" * 11, 10) == b"x" * 10 + b"\n[truncated: the first 10 of 11 bytes are kept]"

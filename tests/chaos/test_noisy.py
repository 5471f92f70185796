"""The noisy-neighbour scenario's own arithmetic."""

from __future__ import annotations

from chaos.noisy import p99


def test_p99_is_the_nearest_rank() -> None:
    assert p99([]) == 0.0
    assert p99([3.0]) == 3.0
    assert p99([float(n) for n in range(1, 101)]) == 99.0
    assert p99([float(n) for n in range(1, 201)]) == 198.0
    assert p99([1.0, 2.0, 50.0]) == 50.0

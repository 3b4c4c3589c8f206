"""The gate every client's message passes (server/gate.py): the rate limit, and the count
of refusals that closes a client going on after being told, with a clock of its own."""

from __future__ import annotations

from stammtisch.server.gate import CALM, Gate
from stammtisch.server.protocol import MAX_REFUSED


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_burst_passes_then_the_rate() -> None:
    clock = Clock()
    gate = Gate(20, 40, clock=clock)
    assert sum(gate.admit() for _ in range(50)) == 40
    clock.now += 0.5
    assert sum(gate.admit() for _ in range(50)) == 10


def test_the_answer_to_a_message_kept_out_says_the_limits_and_the_id() -> None:
    gate = Gate(20, 40)
    assert gate.too_fast(7) == {
        "type": "error", "code": "rate_limited", "id": 7,
        "message": "too many messages: at most 20 a second (bursts of 40)"}
    assert "id" not in gate.too_fast(None)


def test_one_refusal_more_than_the_limit_closes() -> None:
    clock = Clock()
    gate = Gate(20, 40, clock=clock)
    assert not any(gate.refused() for _ in range(MAX_REFUSED))
    assert gate.refused()


def test_refusals_are_forgiven_only_after_a_calm_spell() -> None:
    clock = Clock()
    gate = Gate(20, 40, limit=3, clock=clock)
    for _ in range(3):
        assert not gate.refused()
    clock.now += CALM / 2
    gate.accepted()  # too soon: a message slipped through the flood
    assert gate.refused()

    gate = Gate(20, 40, limit=3, clock=clock)
    for _ in range(3):
        assert not gate.refused()
    clock.now += CALM + 0.01
    gate.accepted()
    for _ in range(3):
        assert not gate.refused()
    assert gate.refused()


def test_a_flood_that_gets_a_message_through_now_and_then_is_still_one_flood() -> None:
    clock = Clock()
    gate = Gate(1, 1, limit=10, clock=clock)
    closed_after = 0
    for step in range(1, 100):
        clock.now += 0.1  # ten messages a second against one allowed
        if gate.admit():
            gate.accepted()
        elif gate.refused():
            closed_after = step
            break
    assert 0 < closed_after < 20

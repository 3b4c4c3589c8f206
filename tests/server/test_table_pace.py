"""The pace of computer players at a table, by a fake clock: each move is shown a fixed
time after its turn began, whatever it took to decide; several computer players in a
row share about a second, and the thinking ones think within their share."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Mapping
from typing import Any

import stammtisch
from stammtisch.server.pacing import ThinkTimes
from stammtisch.server.seats import BOT, HUMAN, Seat
from stammtisch.server.tables import Client, Table
from tests.server.test_table_hardening import FakeTime, MemoryStore


class ThinkingBot:
    """A computer player that takes ``thinks`` seconds of the fake clock to decide and
    keeps to a thinking ``budget`` (as the experts do)."""

    name = "thinker"

    def __init__(self, time: FakeTime, thinks: float, budget: float) -> None:
        self.time, self.thinks, self.budget = time, thinks, budget
        self.budgets: list[float] = []
        """The budget it had at each decision."""

    def choose(self, view: Mapping[str, Any]) -> str:
        self.budgets.append(self.budget)
        self.time.now += self.thinks
        choice: str = view["legal_actions"][0]
        return choice


SCHNAUZ = ("schnauz", {"num_players": 3, "first_dealer": 1}, 4)
"""Seat 0 a person; seats 1 and 2 move, then the person."""
SCHMIER = ("schmier", {"first_dealer": 0}, 4)
"""Seat 0 a person and the dealer: seats 1 to 5 pass first."""


def run(game: tuple[str, dict[str, Any], int], thinking: list[float], *, budget: float = 0.9,
        bot_delay: float = 0.6, bot_round: float = 1.0) -> tuple[list[float], Table]:
    """When each computer move was broadcast (the fake clock) until the person's turn;
    computer seat ``i + 1`` takes ``thinking[i]`` seconds."""
    name, options, seed = game
    time = FakeTime()
    match = stammtisch.new_match(name, seed=seed, **options)
    seats = [Seat(HUMAN, token_hash="a", owner=True)] + [
        Seat(BOT, "expert") for _ in thinking]
    table = Table("t", match, seats, MemoryStore(), bot_delay, clock=time.clock,
                  sleep=time.sleep, bot_round=bot_round)
    for seat, thinks in enumerate(thinking, start=1):
        table.bots[seat] = ThinkingBot(time, thinks, budget)
    shown: list[float] = []

    async def hear(_message: dict[str, Any]) -> None:
        shown.append(round(time.now, 6))

    async def main() -> None:
        table.clients.append(Client(None, hear))
        table.wake_bots()
        assert table._runner is not None
        await asyncio.wait_for(table._runner, 30)

    asyncio.run(main())
    assert table.actors == list(range(1, len(thinking) + 1))
    assert match.to_act == 0
    return shown, table


def test_two_computer_players_share_a_second_however_long_each_took() -> None:
    # The pause (0.6 s) and a budget of 0.9 s would make 1.5 s a move; two in a row
    # share the table's round of 1 s instead: 0.5 s each, forced or not.
    assert run(SCHNAUZ, [0.0, 0.4])[0] == [0.5, 1.0]
    assert run(SCHNAUZ, [0.4, 0.0])[0] == [0.5, 1.0]


def test_the_thinking_players_think_within_their_share() -> None:
    _, table = run(SCHNAUZ, [0.0, 0.0])
    for seat in (1, 2):
        assert table.bots[seat].budgets == [0.85 * 0.5]  # type: ignore[attr-defined]


def test_five_computer_players_in_a_row_take_a_second_in_all() -> None:
    shown, table = run(SCHMIER, [0.0, 0.1, 0.0, 0.15, 0.0], budget=0.9)
    assert shown == [0.2, 0.4, 0.6, 0.8, 1.0]
    assert table.bots[4].budgets == [0.85 * 0.2]  # type: ignore[attr-defined]


def test_rule_players_in_a_row_are_no_slower_than_one_alone() -> None:
    # No thinking budget: each move the pause of 0.6 s, or its share of the round.
    assert run(SCHNAUZ, [0.0, 0.0], budget=0.0, bot_round=3.0)[0] == [0.6, 1.2]
    assert run(SCHNAUZ, [0.0, 0.0], budget=0.0)[0] == [0.5, 1.0]


def test_a_move_is_never_shown_sooner_than_the_least_step() -> None:
    shown, _ = run(SCHMIER, [0.0] * 5, bot_round=0.2)
    assert shown == [0.1, 0.2, 0.3, 0.4, 0.5]


def test_a_decision_over_its_share_is_shown_when_it_is_made() -> None:
    # Rare: the share covers the budget the computer player keeps to.
    assert run(SCHNAUZ, [2.0, 0.0])[0] == [2.0, 2.5]


def test_without_a_pause_computer_moves_are_not_held_back() -> None:
    shown, table = run(SCHNAUZ, [0.0, 0.3], bot_delay=0.0)
    assert shown == [0.0, 0.3]
    assert table.bots[1].budgets == [0.9]  # type: ignore[attr-defined]


def test_a_scat_round_is_two_actions_a_player_and_only_players_still_in_count() -> None:
    match = stammtisch.new_match("scat", seed=2, num_players=4)
    seats = [Seat(HUMAN, token_hash="a", owner=True)] + [Seat(BOT, "club") for _ in range(3)]
    table = Table("t", match, seats, MemoryStore(), 0.6)
    assert table.pace(1) == 1.0 / 6  # three players, a draw and a discard each
    state: Any = match.state
    state.eliminated[2] = True
    assert table.pace(1) == 1.0 / 4


class ChoosingBot(ThinkingBot):
    """Thinks only when it has a choice, as the real levels do; logs how many actions
    were legal at each of its moves."""

    def __init__(self, time: FakeTime, thinks: float, log: list[int]) -> None:
        super().__init__(time, thinks, budget=0.9)
        self.log = log

    def choose(self, view: Mapping[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        self.log.append(len(legal))
        return legal[0] if len(legal) == 1 else super().choose(view)


def test_a_forced_computer_move_takes_as_long_as_a_choice() -> None:
    """Two computer players whose choices overrun the table's pace (0.5 s a move) by
    thinking 0.8 s: their forced moves (following suit after the talon is gone) are
    shown as late as their choices, not at the pace."""
    time = FakeTime()
    match = stammtisch.new_match("schnapsen", seed=5)
    table = Table("t", match, [Seat(BOT, "expert"), Seat(BOT, "expert")], MemoryStore(),
                  bot_delay=0.6, clock=time.clock, sleep=time.sleep, bot_round=1.0)
    legal: list[int] = []
    for seat in (0, 1):
        table.bots[seat] = ChoosingBot(time, 0.8, legal)
    shown: list[float] = [0.0]

    async def hear(_message: dict[str, Any]) -> None:
        shown.append(time.now)

    async def main() -> None:
        table.clients.append(Client(None, hear))
        table.wake_bots()
        assert table._runner is not None
        await asyncio.wait_for(table._runner, 60)

    asyncio.run(main())
    assert match.result is not None
    took = [round(b - a, 6) for a, b in zip(shown, shown[1:], strict=False)]
    first_choice = legal.index(next(n for n in legal if n > 1))
    forced = [t for t, n in zip(took[first_choice:], legal[first_choice:], strict=True)
              if n == 1]
    chosen = [t for t, n in zip(took, legal, strict=True) if n > 1]
    assert len(forced) >= 5 and set(chosen) == {0.8}
    assert set(forced) == {0.8}, forced  # at the pace they were 0.5: "forced"


def test_a_forced_move_waits_like_the_choices_of_its_phase() -> None:
    times = ThinkTimes(random.Random(1))
    assert times.shown_after(1, {"phase": "play", "legal_actions": ["a"]}, 0.0, 0.2) == 0.2
    times.shown_after(1, {"phase": "auction", "legal_actions": ["a", "b"]}, 0.9, 0.2)
    forced = {"phase": "play", "legal_actions": ["a"]}
    assert times.shown_after(1, forced, 0.0, 0.2) == 0.9  # no choice in play yet: any
    for took in (0.3, 0.4):
        times.shown_after(1, {"phase": "play", "legal_actions": ["a", "b"]}, took, 0.2)
    assert {times.shown_after(1, forced, 0.0, 0.2) for _ in range(50)} == {0.3, 0.4}
    assert times.shown_after(2, forced, 0.0, 0.2) == 0.2  # another seat's are its own

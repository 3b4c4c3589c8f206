"""The Scat computer players (docs/rules/scat.md): each reads its seat's view only.
Rules of thumb in policy.py, odds in odds.py, the rule-based levels' shell and the
expert's search in bots/thirty_one.py over deals from determinize.py."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from stammtisch.bots.scat.determinize import SAMPLER, Sampler, build
from stammtisch.bots.scat.history import Move, Snapshot, last_moves, snapshot
from stammtisch.bots.scat.odds import lowest_chance
from stammtisch.bots.scat.policy import (
    ROLLOUT_GAIN,
    ROLLOUT_KNOCK,
    beginner_move,
    club_move,
    rollout_policy,
    suits_of,
)
from stammtisch.bots.scat.seen import Seen, read
from stammtisch.bots.thirty_one import RuleLevel, SearchingExpert, Shell, standing
from stammtisch.cards import SCAT_DECK
from stammtisch.games.scat import (
    DISCARD,
    DRAW,
    KNOCK,
    ScatState,
    action_text,
    discard,
    parse_action,
)
from stammtisch.games.scat_types import ScatView, scat_view
from stammtisch.native import scat as scat_native

PATIENCE = 24
"""After this many own decisions (two a turn) in one deal the rule-based levels knock when
they may (no round goes on for ever)."""


SHELL: Shell[ScatView, Seen] = Shell(scat_view, read, action_text, KNOCK, PATIENCE)


def load_rollout() -> None:
    """The play-out policy's constants, handed to the compiled play-outs."""
    scat_native.load_rollout(ROLLOUT_KNOCK, ROLLOUT_GAIN)


def _as_is(state: ScatState) -> ScatState:
    return state


class BeginnerBot(RuleLevel[ScatView, Seen]):
    name = "beginner"
    shell = SHELL

    def move(self, view: ScatView, seen: Seen) -> int:
        return beginner_move(seen.phase, seen.hand, seen.top, seen.taken, seen.legal,
                             seen.value)


class ClubBot(RuleLevel[ScatView, Seen]):
    name = "club"
    shell = SHELL

    def move(self, view: ScatView, seen: Seen) -> int:
        others = [seen.known.get(s, 0) for s in seen.active if s != seen.seat]
        initial = len(SCAT_DECK) - 3 * len(seen.active) - 1
        rounds = max(0, initial - seen.stock_size) / len(seen.active)
        after = seen.next_seat(seen.seat)
        feed = 0 if after == seen.knocker else suits_of(seen.known.get(after, 0))
        return club_move(
            seen.phase, seen.hand, seen.top, seen.taken, seen.legal, seen.value, seen.unseen,
            feed, lambda: lowest_chance(seen.value(seen.hand), others, seen.unseen, rounds,
                                        seen.value))


class ExpertBot(SearchingExpert):
    """Within a deal it remembers how many turns it had and the pile its last discard
    left; the samples use both, and fit each other player's hand to his moves this
    deal as replayed from the pile. A fresh bot asked about one view (a hint) knows
    neither and samples as at the start of a deal."""

    build = staticmethod(build)
    """The sampler of worlds (determinize.py), a part the decision lab swaps."""
    sampler: Sampler = SAMPLER
    """The sampler's settings (how it reads the others' moves), a part the decision lab
    swaps."""
    policy = staticmethod(rollout_policy)
    """The play-out policy of every seat after the searched move."""
    patience_limit = PATIENCE
    rollouts_per_second = 3500
    compiled = True
    """Play the worlds out on the compiled core when it is built (the same values;
    False measures the Python path)."""
    """Measured on 57 stored positions, one core: 3,500 play-outs take 0.93 s on average
    (0.89 s median, 1.35 s at the 90th percentile), so the clock ends about two
    decisions in five before the planned count."""
    left: Snapshot | None = None
    """What this seat saw right after its last discard."""
    read_rounds: tuple[int, dict[int, list[Move]]] = (-1, {})
    """The deal and, per other seat, his moves in it, newest first, back to the last
    round that could not be replayed."""

    def __init__(self, seed: int = 0, budget: float | None = None,
                 rollouts: int | None = None, sampler: Sampler = SAMPLER) -> None:
        super().__init__(seed, budget, rollouts)
        self.sampler = sampler

    def on_compiled(self) -> bool:
        """Whether the worlds are played out on the compiled core: when it is built
        and :attr:`compiled`, and the play-out is ``rollout_policy`` valued by
        ``standing`` (the compiled one is exactly that; a swapped part runs in Python)."""
        if not (self.compiled and self.policy is rollout_policy and self.value is standing
                and scat_native.available()):
            return False
        load_rollout()
        return True

    def play_out(self, world: Any, action: int, seat: int, policy: Callable[[Any], int]) -> float:
        if isinstance(world, ScatState):
            return super().play_out(world, action, seat, policy)
        return scat_native.play_out(world, action, seat)

    def history(self, view: ScatView, seen: Seen) -> dict[int, list[Move]]:
        """The others' moves this deal as far as this seat can replay them (read at
        the start of its turn; the discard that follows adds nothing)."""
        deal, earlier = self.read_rounds
        if deal != view["deal"]:
            earlier = {}
        if seen.phase != DRAW:
            return earlier
        moves = last_moves(self.left, view, seen)
        return {seat: [move] + earlier.get(seat, []) for seat, move in moves.items()}

    def analyze(self, view: Mapping[str, Any]) -> list[tuple[str, float]]:
        seat_view = scat_view(view)
        seen = read(seat_view)
        return self._ranked(seat_view, seen, self.history(seat_view, seen))

    def _ranked(self, view: ScatView, seen: Seen,
                moves: dict[int, list[Move]]) -> list[tuple[str, float]]:
        if not seen.legal:
            return []
        own_turns = (self.turns.before(view) if seen.phase == DRAW else
                     self.turns.latest(view))
        default = ClubBot(self.seed).pick(view)
        build, sampler = self.build, self.sampler
        # a world may be a compiled match, which only play_out above reads
        convert: Callable[[ScatState], Any] = (scat_native.to_native if self.on_compiled()
                                               else _as_is)
        ranked = self.rank(view, seen.legal, seen.seat,
                           lambda rng: convert(build(view, seen, rng, own_turns, moves, sampler)),
                           self.policy, default)
        return [(action_text(a), value) for a, value in ranked]

    def choose(self, view: Mapping[str, Any]) -> str:
        seat_view = scat_view(view)
        seen = read(seat_view)
        moves = self.history(seat_view, seen)
        if self.tired(seat_view, seen.legal, KNOCK):
            self.turns.before(seat_view)
            action = action_text(KNOCK)
        else:
            action = self._ranked(seat_view, seen, moves)[0][0]
        if seen.phase == DRAW:
            self.read_rounds = (seat_view["deal"], moves)
        if seen.phase == DISCARD:
            self.left = snapshot(seat_view, seen, parse_action(action) - discard(0))
        return action

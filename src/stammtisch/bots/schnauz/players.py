"""The Schnauz computer players (rules/schnauz.md): each reads its seat's view
only. Rules of thumb in policy.py, odds in odds.py, the expert's search in
bots/commerce.py over deals from determinize.py."""

from __future__ import annotations

from typing import Any

from stammtisch.bots.commerce import Clock, Patience, TurnCount, search, seeded
from stammtisch.bots.schnauz.determinize import build
from stammtisch.bots.schnauz.odds import lowest_chance, strength
from stammtisch.bots.schnauz.policy import beginner_move, club_move, club_policy
from stammtisch.bots.schnauz.seen import Seen, read
from stammtisch.games.schnauz import KNOCK, action_text, parse_action

EXPERT_SECONDS = 1.0
ROLLOUTS_PER_SECOND = 4000
"""Play-outs the expert plans per second of budget (the clock stops it sooner on a
slow or busy machine; only then does play depend on the machine)."""


PATIENCE = 12
"""After this many own turns in one deal the rule-based levels knock when
they may (no round goes on for ever)."""


def _checked(seen: Seen, action: int) -> str:
    if action not in seen.legal:
        raise ValueError(f"the bot chose {action_text(action)!r}, not legal here")
    return action_text(action)


class BeginnerBot:
    name = "beginner"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.patience = Patience(PATIENCE)

    def choose(self, view: dict[str, Any]) -> str:
        seen = read(view)
        if self.patience.tired(view) and KNOCK in seen.legal:
            return action_text(KNOCK)
        return _checked(seen, beginner_move(seen.hand, seen.table, seen.dealer_choice,
                                            KNOCK in seen.legal))


class ClubBot:
    name = "club"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.patience = Patience(PATIENCE)

    def choose(self, view: dict[str, Any]) -> str:
        seen = read(view)
        if self.patience.tired(view) and KNOCK in seen.legal:
            return action_text(KNOCK)
        power = strength(view["deck_variant"])
        known = [seen.known.get(s, 0) for s in seen.active if s != seen.seat]
        after = seen.next_seat(seen.seat)
        feeds = after != seen.knocker
        action = club_move(seen.hand, seen.table, power, seen.dealer_choice,
                           KNOCK in seen.legal, feeds, len(known),
                           lambda: lowest_chance(seen.hand, seen.table, known, seen.unseen))
        return _checked(seen, action)


class ExpertBot:
    """Value of an action: the chance to be last standing after this round, estimated
    from the lives everybody keeps (commerce.standing), averaged over sampled deals."""

    name = "expert"

    def __init__(self, seed: int = 0, budget: float | None = None,
                 rollouts: int | None = None) -> None:
        """``rollouts``: a fixed number of play-outs per decision instead of one
        planned from the budget (then play repeats exactly while the clock allows)."""
        self.seed = seed
        self.budget = EXPERT_SECONDS if budget is None else budget
        self.rollouts = rollouts or max(1, int(self.budget * ROLLOUTS_PER_SECOND))
        self.turns = TurnCount()

    def analyze(self, view: dict[str, Any]) -> list[tuple[str, float]]:
        seen = read(view)
        if not seen.legal:
            return []
        own_turns = 0 if seen.dealer_choice else self.turns.before(view)
        clock = Clock(0.95 * self.budget)  # the rest for the last play-outs and answer
        default = parse_action(ClubBot(self.seed).choose(view))
        ranked = search(seen.legal, lambda rng: build(view, seen, rng, own_turns), seen.seat,
                        club_policy, seeded(self.seed, view), clock=clock,
                        max_rollouts=self.rollouts if len(seen.legal) > 1 else 8,
                        default=default)
        return [(action_text(a), value) for a, value in ranked]

    def choose(self, view: dict[str, Any]) -> str:
        return self.analyze(view)[0][0]

"""The Schnapsen computer players: ``beginner`` and ``club`` (rules of thumb in
policy.py) and ``expert``: perfect-information Monte Carlo over sampled deals.

Rules: docs/rules/schnapsen.md, under the table's options (the view carries them).
Method: the seat's view is read into what it knows (determinize.py); deals
consistent with it are sampled one after another (bots/search.py) until the
time budget or the world cap is spent, or until the sampled worlds clearly
separate the best action from every other (``EARLY_STOP``); in each, every
legal action is valued by the exact alpha-beta solver (solver.py) when the talon
is closed or exhausted or down to its last two cards, and otherwise by a
play-out (policy.py, the same random numbers for every action of a world) into
the strict phase, or on a budget of ``DEEP_BUDGET`` or more (the default, on the
compiled core) down to two talon cards, solved exactly from there (on the
compiled core, stammtisch.native, when it is built: the same values from the
same seeds, so the same rankings, in a fraction of the time). Once the talon is
exhausted the opponent's hand is known
to a counting player: one world, solved exactly. The value of an action
in a world is the signed award of the deal in game points (-3..3; the solver
maximises it), turned into the chance to win the match from the current score
(bummerl.py); the expert maximises the mean of that chance over the worlds,
then the expected game points.

The close decision (``close_search``) is searched as one action per first lead
after the close ("close, then lead X"), each solved exactly in every world, and
the close is worth its best such lead on average over the worlds, not the best
lead world by world: the closer does not see the opponent's hand when it leads.
The exchange of the low trump (``exchange_search``) is searched alike, as
"exchange, then X" for every move X it leaves open, the exchange worth its best
X: valued as one action it was followed by the play-out's lead while every
other lead was the best of several, so the expert let half of its chances to
exchange pass (tools/fit_inference.py).
With ``inference`` the worlds are sampled weighted by what the opponent's play
says about its hand (inference.py).

``expert-2026`` is this class with ``compiled``, ``close_search``,
``exchange_search`` and ``inference`` off, play-outs into the strict phase on
every budget and 400 worlds at most (:meth:`ExpertBot.frozen_2026`).

Known weaknesses: perfect-information Monte Carlo credits both players with
knowledge of the hidden cards inside each world (strategy fusion; after the
first lead of a close too), play-outs early in the deal are rough and never
close, and the inference's strengths are judged, not fitted.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from stammtisch import native
from stammtisch.bots.schnapsen.bummerl import deal_worth
from stammtisch.bots.schnapsen.determinize import sample_weighted, state_builder
from stammtisch.bots.schnapsen.inference import JUDGED, MAX_TRIES, Strengths, hand_weight
from stammtisch.bots.schnapsen.policy import beginner_action, club_action
from stammtisch.bots.schnapsen.seen import Seen, read_view
from stammtisch.bots.search import Clock, EarlyStop, Parts, Plan, Race, search
from stammtisch.cards import CardSet
from stammtisch.games.schnapsen import CLAIM, CLOSE, EXCHANGE, action_text, parse_action
from stammtisch.games.schnapsen_types import SchnapsenView, schnapsen_view

if TYPE_CHECKING:
    from stammtisch.native import Match, Solver

DEFAULT_BUDGET = 0.9
"""Seconds per decision (the issue asks for at most one)."""
MAX_WORLDS = 400
"""Sampled deals per decision at most on the Python path (reached early in the end-game)."""
COMPILED_MAX_WORLDS = 4000
"""The same on the compiled core, which values a world about 13 times faster: the
budget, not the cap, ends a search."""
EARLY_STOP = EarlyStop(first=32, every=16, z=3.0)
"""When :meth:`ExpertBot.choose` stops sampling: the best action is clear (3 standard
errors, one-sided, ~0.1% per look, tested rarely, so the repeated looks rarely stop on
a lucky run). Two actions that differ only in rare worlds look equal after 32 identical
ones (one world out of ``k``: missed with a chance of about ``(1 - 1/k) ** 32``)."""
POINTS_WEIGHT = 1e-4
"""The award's share in the early stop's paired test: far below any real difference of
match chances, so a tie of chances is broken by game points as in the ranking."""
EXACT_TALON = 0
"""Play-outs hand over to the exact solver at this talon size on a short budget (0: the
strict phase). From two talon cards on the whole rest of the deal is solved."""
DEEP_TALON = 2
"""The same from ``DEEP_BUDGET`` on: two play-out tricks fewer, a world about three
times dearer on the compiled core (still some 1,300 worlds a second at the first lead)."""
DEEP_BUDGET = 0.5
"""Seconds of budget from which worlds are solved from ``DEEP_TALON`` talon cards on, on
the compiled core (on the Python path, ``PYTHON_SLOWER`` times as much): at 1 s that beat
the frozen expert clearly more often than the shallow play-outs, at 0.1 s too few deep
worlds fit."""
PYTHON_SLOWER = 13
"""How many times dearer a world is on the Python path than on the compiled core."""
IDLE_WORLDS_PER_SECOND = 1300
"""Worlds an idle core weighs per second at the dearest decision, the first lead on the
compiled core (:meth:`ExpertBot.plan_for`; ``PYTHON_SLOWER`` times fewer on the Python
path)."""
AFTER_CLOSE = 1000
"""Search ids of "close, then lead X": ``AFTER_CLOSE + X`` (above every action id)."""
AFTER_EXCHANGE = 2000
"""Search ids of "exchange, then X": ``AFTER_EXCHANGE + X`` (above every other id)."""


class BeginnerBot:
    """Rules of thumb on its own hand: exchange, declare, lead high, take aces and tens."""

    name = "beginner"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any]) -> str:
        return action_text(self.pick(schnapsen_view(view)))

    def pick(self, view: SchnapsenView) -> int:
        legal = [parse_action(a) for a in view["legal_actions"]]
        if not legal:
            raise ValueError("the bot was asked to act in a view with no legal actions")
        return beginner_action(view, legal, self._rng)


class ClubBot:
    """Counts points, trumps and unseen cards; closes and claims when the count says so."""

    name = "club"

    def __init__(self, seed: int | None = None) -> None:
        del seed  # the club plays the same way every time

    def choose(self, view: Mapping[str, Any]) -> str:
        return action_text(self.pick(schnapsen_view(view)))

    def pick(self, view: SchnapsenView) -> int:
        legal = [parse_action(a) for a in view["legal_actions"]]
        if not legal:
            raise ValueError("the bot was asked to act in a view with no legal actions")
        seen = read_view(view)
        return club_action(seen, legal)


class ExpertBot:
    """Samples consistent deals and solves them; explains itself through :meth:`analyze`."""

    name = "expert"

    def __init__(self, seed: int | None = None, budget: float | None = None,
                 max_worlds: int | None = None, exact_talon: int | None = None,
                 early_stop: bool = True, compiled: bool | None = None,
                 close_search: bool = True, exchange_search: bool = True,
                 inference: bool = True, strengths: Strengths = JUDGED) -> None:
        """``max_worlds``: the cap on sampled deals (default: ``COMPILED_MAX_WORLDS`` on
        the compiled core, else ``MAX_WORLDS``); ``exact_talon``: the talon size from
        which worlds are solved exactly (default: by the budget of each decision, see
        :attr:`solve_from`); ``close_search``, ``exchange_search`` and ``inference``: see
        the module's header; ``strengths``: how much the inference reads into each kind
        of evidence (inference.py)."""
        self._rng = random.Random(seed)
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.exact_talon = exact_talon
        self.early_stop = early_stop
        """Whether :meth:`choose` may stop sampling once the best action is clear."""
        if compiled is None:
            compiled = native.available()
        elif compiled and not native.available():
            raise ValueError(f"compiled worlds need the compiled core: {native.missing_reason()}")
        self.compiled = compiled
        """Whether each world is evaluated on the compiled core (the same values, faster;
        by default when it is built, False to measure the Python path)."""
        if max_worlds is None:
            max_worlds = COMPILED_MAX_WORLDS if compiled else MAX_WORLDS
        self.max_worlds = max_worlds
        self.close_search = close_search
        self.exchange_search = exchange_search
        self.inference = inference
        self.strengths = strengths
        self.worlds = 0
        """Worlds evaluated for the last decision (for measurements)."""

    def plan_for(self, seconds: float) -> None:
        """Weigh at most the worlds ``seconds`` of an idle core hold at the first lead
        (fewer in seconds later in the deal), the clock only a safety net: the same
        answer on any machine that is not much slower."""
        rate = IDLE_WORLDS_PER_SECOND if self.compiled \
            else IDLE_WORLDS_PER_SECOND / PYTHON_SLOWER
        self.max_worlds = max(1, math.ceil(seconds * rate))

    @property
    def solve_from(self) -> int:
        """The talon size from which this decision's worlds are solved exactly: fixed,
        or ``DEEP_TALON`` on a budget of ``DEEP_BUDGET`` or more (``PYTHON_SLOWER`` times
        that on the Python path; a table may lower the budget between decisions), else
        ``EXACT_TALON``."""
        if self.exact_talon is not None:
            return self.exact_talon
        deep = DEEP_BUDGET if self.compiled else DEEP_BUDGET * PYTHON_SLOWER
        return DEEP_TALON if self.budget >= deep else EXACT_TALON

    @classmethod
    def frozen_2026(cls, seed: int | None = None, budget: float | None = None,
                    max_worlds: int = MAX_WORLDS) -> ExpertBot:
        """The expert as it played in December 2026 (the level ``expert-2026``)."""
        return cls(seed, budget, max_worlds=max_worlds, exact_talon=EXACT_TALON,
                   compiled=False, close_search=False, exchange_search=False,
                   inference=False)

    def choose(self, view: Mapping[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        if not legal:
            raise ValueError("the bot was asked to act in a view with no legal actions")
        if len(legal) == 1:
            return legal[0]
        return action_text(self.evaluate(schnapsen_view(view), self.early_stop)[0][0])

    def analyze(self, view: Mapping[str, Any]) -> list[tuple[str, float]]:
        """Every legal action with its estimated chance to win the match (0..1), best
        first (as :meth:`evaluate` ranks them, on the whole budget: every action's
        figure as precise as the budget allows, not only the winner's)."""
        ranked = self.evaluate(schnapsen_view(view))
        return [(action_text(a), round(worth, 4)) for a, worth, _ in ranked]

    def evaluate(self, view: SchnapsenView,
                 early_stop: bool = False) -> list[tuple[int, float, float]]:
        """Every legal action id with its match-winning chance and its expected game
        points in this deal (-3..3), best first (more points break a tie of chances).
        With ``early_stop`` sampling ends as soon as the best action is clear."""
        seen = read_view(view)
        legal = [parse_action(a) for a in view["legal_actions"]]
        mine, theirs = view["game_points"][seen.seat], view["game_points"][seen.opp]
        target = view["match_target"]
        worth = {v: deal_worth(v, mine, theirs, target) for v in range(-3, 4)}
        race = self._search(seen, legal, worth, early_stop)
        ranked = []
        for action in race.ranked:
            chance, points = _chances(race.values[action], worth)
            ranked.append((action, chance, points))
        return ranked

    def _search(self, seen: Seen, actions: list[int], worth: dict[int, float],
                early_stop: bool) -> Race[int]:
        """Each action's signed award world by world, ranked by the mean match chance
        ``worth`` of its awards; with ``early_stop`` sampling ends once the leader is clear."""
        rng = random.Random(self._rng.getrandbits(64))
        plan = Plan(z=0.0, max_worlds=1 if only_one_world(seen) else self.max_worlds,
                    early_stop=EARLY_STOP if early_stop else None)
        parts = Parts(self._sampler(seen), partial(self._value, self.solve_from),
                      lambda awards: _chances(awards, worth),
                      lambda v: worth[v] + POINTS_WEIGHT * v)
        racing = list(actions)
        if self.close_search and CLOSE in actions:
            racing.remove(CLOSE)
            racing += [AFTER_CLOSE + card for card in _card_leads(seen)]
        if self.exchange_search and EXCHANGE in actions:
            racing.remove(EXCHANGE)
            racing += [AFTER_EXCHANGE + a for a in _after_exchange(parts.sample)]
        race = search(racing, parts, rng, Clock(self.budget), plan)
        self.worlds = race.worlds
        if self.close_search and CLOSE in actions:
            race = _merged(race, CLOSE, AFTER_CLOSE, AFTER_EXCHANGE)
        if self.exchange_search and EXCHANGE in actions:
            race = _merged(race, EXCHANGE, AFTER_EXCHANGE, AFTER_EXCHANGE + AFTER_CLOSE)
        return race

    def _sampler(self, seen: Seen) -> Callable[[random.Random], World]:
        """Worlds consistent with ``seen``; in the strict phase a world whose opponent's
        hand came up before is that world again (its values are exact)."""
        solved: dict[CardSet, World] = {}
        weight = hand_weight(seen, self.strengths) if self.inference else None
        tries = MAX_TRIES if weight is not None else 1
        build_state = state_builder(seen)

        def sample(rng: random.Random) -> World:
            opp, talon = sample_weighted(seen, rng, weight, tries)
            state = build_state(opp, talon, rng.getrandbits(32))
            if seen.strict and opp in solved:
                return solved[opp]
            world = World(native.to_native(state) if self.compiled else state, seen.seat,
                          rng.getrandbits(64))
            if seen.strict:
                solved[opp] = world
            return world

        return sample

    def _value(self, solve_from: int, world: World, action: int) -> int:
        """``action``'s signed award in ``world``: solved exactly, after a play-out while
        more than ``solve_from`` talon cards remain."""
        key = action
        if key in world.values:
            return world.values[key]
        state, me = world.state, world.me
        deal = state.deal_number
        child = state.clone()
        if action >= AFTER_EXCHANGE:
            child.apply(EXCHANGE)
            action -= AFTER_EXCHANGE
        elif action >= AFTER_CLOSE:
            child.apply(CLOSE)
            action -= AFTER_CLOSE
        child.apply(action)
        if child.deal_number != deal or child.over:
            found = native.deal_value(child, me, deal)
        elif not child.strict and child.t > solve_from and state.t > 2:
            found = played_out(child, world, solve_from)
        elif key >= AFTER_EXCHANGE:  # closed after exchanging: other cards than the root's
            found = native.search(child, me).value(child)
        else:
            world.search = world.search or native.search(state, me)
            found = world.search.value(child)
        world.values[key] = found
        return found


def only_one_world(seen: Seen) -> bool:
    """Whether only one world is possible: the opponent's hand and the talon are counted."""
    free = (seen.unseen & ~seen.opp_must & ~seen.opp_not).bit_count()
    need = seen.opp_size - seen.opp_must.bit_count()
    return need in (0, free) and (seen.strict or seen.t <= 2)


def played_out(state: Match, world: World, solve_from: int) -> int:
    """The signed award of ``state`` (of ``world``'s deal; it is played on): the world's
    play-out down to ``solve_from`` talon cards, then solved; or the deal's value where
    the play-out ended it."""
    if native.play_out(state, world.seed, solve_from):
        return native.search(state, world.me).value(state)
    return native.deal_value(state, world.me, world.state.deal_number)


@dataclass
class World:
    """One sampled deal: the state (on either engine), the seat, the play-outs' seed,
    and what is known of it so far (the solver shared by its actions, the values found)."""

    state: Match
    me: int
    seed: int
    search: Solver | None = None
    values: dict[int, int] = field(default_factory=dict)


def _card_leads(seen: Seen) -> list[int]:
    """The cards the seat may lead once it has closed: its whole hand."""
    return [card for card in range(52) if seen.hand >> card & 1]


def _after_exchange(sample: Callable[[random.Random], World]) -> list[int]:
    """What the seat may do once it has exchanged the low trump (its hand and the
    public facts decide it, so one world tells): lead, declare or close."""
    state = sample(random.Random(0)).state.clone()
    state.apply(EXCHANGE)
    return [a for a in state.legal() if a != CLAIM]


def _merged(race: Race[int], action: int, low: int, high: int) -> Race[int]:
    """``race`` with its entries ``low <= id < high`` ("``action``, then X") folded into
    one ``action``: the best of them (by the race's ranking) stands for it, at its place."""
    def folded(a: int) -> bool:
        return low <= a < high

    best = next(a for a in race.ranked if folded(a))
    ranked = [action if a == best else a for a in race.ranked if not folded(a) or a == best]
    values = {a: v for a, v in race.values.items() if not folded(a)}
    values[action] = race.values[best]
    return Race(ranked, values, race.worlds, race.playouts)


def _chances(awards: Sequence[int], worth: dict[int, float]) -> tuple[float, ...]:
    """The rank of an action's awards: the mean match chance, then the mean award."""
    return (sum(worth[v] for v in awards) / len(awards), sum(awards) / len(awards))


__all__ = ["DEFAULT_BUDGET", "MAX_WORLDS", "BeginnerBot", "ClubBot", "ExpertBot"]

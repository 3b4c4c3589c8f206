"""What the bots of the two thirty-one games share (docs/rules/schnauz.md, docs/rules/scat.md).

Schnauz and Scat are both games of thirty-one: everybody improves a three-card
hand toward 31, somebody knocks, the lowest hand loses a life, and the last
player with lives wins. So their bots share: the lives race (:func:`standing`,
the value of a position), sampling the hidden hands a player's play makes
likely (:func:`deal_likely`, :func:`reads_back`, :func:`turns_since`), counting
turns and patience through a deal (:class:`TurnCount`, :class:`Patience`), the
shell of the rule-based levels (:class:`RuleLevel`: read the view, knock once
patience runs out, else play the level's rule, checked legal), and the expert's
parts for the determinized Monte Carlo search of bots/search.py
(:class:`SearchingExpert`).

The expert's search (:class:`SearchingExpert`): every world is one complete deal
consistent with the seat's view (the game's ``determinize``); each action still
in the race is played on a clone of it and the round is finished by a fast
club-level policy; the value of an action is the seat's mean ``standing`` after
the round: its chance to be last standing, estimated from everybody's lives.
After 6, 12, 24 ... worlds the worse half of the actions drops out; the club's
move is overruled only by ``MARGIN`` standard errors.

The samples lean toward what the others' play makes likely (``deal_likely``):
a hand someone has been improving for several turns is better than a random one.

Known weaknesses: only the first move is searched, the rest of the round is
played by the club rules for everyone (no deeper plans, no bluffs read), and
the others' hands are judged as if they played the club's rules: by how long
they have played, and by each move of the deal the seat could replay from what
it saw (each game's ``history.py``), back to its own first turn or the last
round it could not replay.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar

from stammtisch.bots.search import Clock, Plan, mean, scalar_parts, search, seeded
from stammtisch.cards import CardSet, iter_cards
from stammtisch.core.game import View


class RoundState(Protocol):
    """The slice of a thirty-one game's state the search needs."""

    deal_number: int
    lives: list[int]
    eliminated: list[bool]
    phase: str

    def apply(self, action: int) -> None: ...

    def clone(self) -> Self: ...


State = TypeVar("State", bound=RoundState)


Fits = Callable[[CardSet], bool]
"""Whether a hand fits what its holder was seen to do."""


def deal_likely(pool: CardSet, wants: Sequence[tuple[CardSet, int, int, Fits | None]],
                rank: Callable[[CardSet], float], rng: random.Random, tries: int = 1,
                ) -> tuple[list[CardSet], list[int]]:
    """Hands for players who have been playing toward good hands, and the rest.

    ``wants`` holds per player his known cards, how many more he holds, ``picks``
    and ``fits``: his hand is the best (by ``rank``) of ``picks`` random
    completions from ``pool`` that ``fits`` accepts, as a player who kept the best
    of what he saw would hold; at most ``tries`` times ``picks`` completions are
    drawn, and those ``fits`` rejects count only when none fits. Players are
    served in random order; the rest of ``pool`` comes back shuffled."""
    cards = list(iter_cards(pool))
    hands = [0] * len(wants)
    order = list(range(len(wants)))
    rng.shuffle(order)
    getrandbits = rng.getrandbits
    for index in order:
        known, missing, picks, fits = wants[index]
        best, best_fit, best_rank, best_cards = known, False, -math.inf, list[int]()
        wanted = max(1, picks) if missing else 1
        fitting = drawn = 0
        size = len(cards)
        bits = size.bit_length()
        # rng.sample(cards, missing) inlined where it picks positions one by one and
        # redraws repeats (the same draws, tested): the samplers' largest single cost
        inline = size > 21 and missing <= 5
        while fitting < wanted and drawn < wanted * tries:
            drawn += 1
            if inline:
                extra, hand = [], known
                for _ in range(missing):
                    at = getrandbits(bits)
                    while at >= size or cards[at] in extra:  # cards are distinct
                        at = getrandbits(bits)
                    extra.append(cards[at])
                    hand |= 1 << cards[at]
            else:
                extra = rng.sample(cards, missing)
                hand = known | to_mask(extra)
            fit = fits is None or fits(hand)
            fitting += fit
            if fit < best_fit:
                continue
            worth = rank(hand)
            if fit > best_fit or worth > best_rank:
                best, best_fit, best_rank, best_cards = hand, fit, worth, extra
        for card in best_cards:
            cards.remove(card)
        hands[index] = best
    rng.shuffle(cards)
    return hands, cards


def turns_since(active: Sequence[int], seat: int, knocker: int, known_before: dict[int, CardSet],
                known_now: dict[int, CardSet]) -> tuple[list[int], dict[int, CardSet]]:
    """The others who have had a turn since ``seat``'s, in order (one who knocked
    before plays no more), and the cards each has taken into the open since."""
    at = active.index(seat)
    order = [active[(at + k) % len(active)] for k in range(1, len(active))]
    order = [s for s in order if s != knocker]
    return order, {s: known_now.get(s, 0) & ~known_before.get(s, 0) for s in order}


Step = TypeVar("Step")


def reads_back(hand: CardSet, steps: Sequence[Step],
               before: Callable[[CardSet, Step], list[CardSet] | None]) -> bool:
    """Whether a player now holding ``hand`` could have made ``steps``, newest first:
    ``before(held, step)`` gives the hands he could have held before a step (none:
    he could not have made it; None: the step tells nothing older), and the older
    steps are asked of each of those."""
    hands = [hand]
    for step in steps:
        earlier: list[CardSet] = []
        for held in hands:
            found = before(held, step)
            if found is None:
                return True
            earlier += [h for h in found if h not in earlier]
        if not earlier:
            return False
        hands = earlier
    return True


def to_mask(cards: Sequence[int]) -> CardSet:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def life_units(state: RoundState, seat: int) -> int:
    """Lives left plus one while the seat still plays (what a loss takes away)."""
    return 0 if state.eliminated[seat] else state.lives[seat] + 1


def standing(state: RoundState, seat: int) -> float:
    """The seat's chance to be last standing, estimated from lives alone: each
    player's chance grows with the square of his life units (for two players this
    is close to the exact odds of a fair round-by-round race)."""
    weights = [units * units for units in (life_units(state, s) for s in range(len(state.lives)))]
    return weights[seat] / sum(weights) if weights[seat] else 0.0


def play_round(state: State, policy: Callable[[State], int], first: int | None = None,
               max_steps: int = 400) -> State:
    """Play ``first`` (if given), then ``policy`` until the round ends."""
    deal = state.deal_number
    if first is not None:
        state.apply(first)
    steps = 0
    while state.deal_number == deal and state.phase != "over" and steps < max_steps:
        state.apply(policy(state))
        steps += 1
    return state


class Patience:
    """Counts a seat's decisions in the current deal; ``tired`` past the limit."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.deal, self.count = -1, 0

    def tired(self, view: View) -> bool:
        if view["deal"] != self.deal:
            self.deal, self.count = view["deal"], 0
        self.count += 1
        return self.count > self.limit


class Reading(Protocol):
    """What a rule-based level needs of its seat's reading of the view (``seen.py``)."""

    @property
    def legal(self) -> tuple[int, ...]: ...


V = TypeVar("V", bound=View)
R = TypeVar("R", bound=Reading)


@dataclass(frozen=True)
class Shell(Generic[V, R]):
    """What a game of thirty-one gives its rule-based levels."""

    typed: Callable[[Mapping[str, Any]], V]
    """The view as the game's typed view (``scat_view``)."""
    read: Callable[[V], R]
    """The seat's reading of it (``seen.read``)."""
    text: Callable[[int], str]
    knock: int
    patience: int
    """Own decisions in one deal after which the level knocks when it may (no round
    goes on for ever)."""


class RuleLevel(Generic[V, R]):
    """A rule-based level (beginner, club) of a game of thirty-one: it reads its seat's
    view, knocks once its patience for the deal runs out, else plays :meth:`move`."""

    name = ""
    shell: Shell[V, R]

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.patience = Patience(self.shell.patience)

    def choose(self, view: Mapping[str, Any]) -> str:
        return self.shell.text(self.pick(self.shell.typed(view)))

    def pick(self, view: V) -> int:
        """The level's action (checked legal) for a seat's view."""
        seen = self.shell.read(view)
        if self.patience.tired(view) and self.shell.knock in seen.legal:
            return self.shell.knock
        action = self.move(view, seen)
        if action not in seen.legal:
            raise ValueError(f"the bot chose {self.shell.text(action)!r}, not legal here")
        return action

    def move(self, view: V, seen: R) -> int:
        """The level's rule."""
        raise NotImplementedError


class TurnCount:
    """How many earlier turns of the current deal the seat was asked about; the
    same view asked twice (a hint, then the move) counts once."""

    def __init__(self) -> None:
        self.deal, self.views = -1, list[str]()

    def before(self, view: View) -> int:
        if view["deal"] != self.deal:
            self.deal, self.views = view["deal"], []
        key = repr(view)
        if key not in self.views:
            self.views.append(key)
        return self.views.index(key)

    def latest(self, view: View) -> int:
        """The count for the turn last asked about (a later step of the same turn)."""
        return max(0, len(self.views) - 1) if view["deal"] == self.deal else 0


class SearchingExpert:
    """What the Schnauz and Scat experts share: a budget per decision, play-outs planned
    from it, their own turns counted through the deal, and :func:`search` over the
    game's sampled deals with the club's move as the default.

    Value of an action: the chance to be last standing after this round, estimated
    from the lives everybody keeps (:func:`standing`), averaged over sampled deals."""

    name = "expert"
    seconds = 0.3
    """The default budget per decision (the search stops at 95% of it)."""
    rollouts_per_second = 1000
    """Play-outs planned per second of budget (the clock stops them sooner on a slow or
    busy machine; only then does play depend on the machine)."""
    patience_limit = 12
    """Own decisions in one deal after which :meth:`tired` says to knock, as the
    rule-based levels do: two experts may otherwise trade the same cards for ever (the
    rules end a round only by a knock, a Fire or Schnauz, or a short stock)."""

    def __init__(self, seed: int = 0, budget: float | None = None,
                 rollouts: int | None = None) -> None:
        """``rollouts``: a fixed number of play-outs per decision instead of one
        planned from the budget (then play repeats exactly while the clock allows)."""
        self.seed = seed
        self.budget = self.seconds if budget is None else budget
        self.fixed_rollouts = rollouts
        self.turns = TurnCount()
        self.patience = Patience(self.patience_limit)

    def plan_for(self, seconds: float) -> None:
        """Play out what ``seconds`` of an idle core hold (``rollouts_per_second``) at
        every decision, the clock only a safety net."""
        self.fixed_rollouts = max(1, math.ceil(seconds * self.rollouts_per_second))

    def tired(self, view: View, legal: Sequence[int], knock: int) -> bool:
        """Whether to knock now without a search: past ``patience_limit`` own decisions
        this deal and a knock is legal (counted once per :meth:`choose`, never by a hint)."""
        return self.patience.tired(view) and knock in legal

    @property
    def rollouts(self) -> int:
        """Play-outs per decision at most: fixed, or planned from the budget (which a
        table may lower between decisions)."""
        return self.fixed_rollouts or max(1, int(self.budget * self.rollouts_per_second))

    @rollouts.setter
    def rollouts(self, count: int) -> None:
        self.fixed_rollouts = count

    value: Callable[[Any, int], float] = staticmethod(standing)
    """The value of a position for a seat after the round (a part the decision lab
    swaps, as it swaps each game's ``build``, the sampler, and ``policy``)."""

    def play_out(self, world: Any, action: int, seat: int, policy: Callable[[Any], int]) -> float:
        """The value for ``seat`` of ``action`` in a sampled ``world``: the round played on
        a copy by ``policy`` for everyone, then :attr:`value` (a game may compile this)."""
        return self.value(play_round(world.clone(), policy, action), seat)

    def rank(self, view: View, legal: Sequence[int], seat: int,
             sample: Callable[[random.Random], State], policy: Callable[[State], int],
             default: int) -> list[tuple[int, float]]:
        clock = Clock(0.95 * self.budget)  # the rest for the last play-outs and answer
        plan = Plan(z=MARGIN, halving_from=6,
                    max_playouts=self.rollouts if len(legal) > 1 else 8)

        def value(world: State, action: int) -> float:
            return self.play_out(world, action, seat, policy)

        race = search(legal, scalar_parts(sample, value), seeded(self.seed, view), clock, plan,
                      default)
        return [(a, mean(race.values[a])) for a in race.ranked]


MARGIN = 1.5
"""Standard errors by which the search must beat the club's move to overrule it."""


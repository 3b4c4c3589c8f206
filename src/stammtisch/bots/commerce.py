"""Shared by the Schnauz and Scat bots (rules/schnauz.md, rules/scat.md): the
clock, a deal-length patience for the rule-based levels, and the expert's
determinized Monte-Carlo search.

Method of :func:`search`: every sample is one complete deal consistent with
the seat's view (the game's ``determinize``); each legal action still in the
race is played on a clone of that sample and the round is finished by a fast
club-level policy; the value of an action is the seat's mean ``standing`` after
the round: its chance to be last standing, estimated from everybody's lives.
All actions see the same samples (common random numbers), and after 6, 12,
24 ... samples the worse half of the actions drops out (sequential halving), so
close choices get the samples.

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
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol, Self, TypeVar

from stammtisch.cards import CardSet, iter_cards


class RoundState(Protocol):
    """The slice of a commerce game's state the search needs."""

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

    def tired(self, view: dict[str, Any]) -> bool:
        if view["deal"] != self.deal:
            self.deal, self.count = view["deal"], 0
        self.count += 1
        return self.count > self.limit


class TurnCount:
    """How many earlier turns of the current deal the seat was asked about; the
    same view asked twice (a hint, then the move) counts once."""

    def __init__(self) -> None:
        self.deal, self.views = -1, list[str]()

    def before(self, view: dict[str, Any]) -> int:
        if view["deal"] != self.deal:
            self.deal, self.views = view["deal"], []
        key = repr(view)
        if key not in self.views:
            self.views.append(key)
        return self.views.index(key)

    def latest(self, view: dict[str, Any]) -> int:
        """The count for the turn last asked about (a later step of the same turn)."""
        return max(0, len(self.views) - 1) if view["deal"] == self.deal else 0


class Clock:
    """A decision's time budget: ``expired()`` once ``seconds`` have passed, or
    (``step`` seconds given) once a further step of that length would overrun."""

    def __init__(self, seconds: float) -> None:
        self.deadline = time.perf_counter() + seconds

    def expired(self, step: float = 0.0) -> bool:
        return time.perf_counter() + step >= self.deadline


def seeded(seed: int, view: dict[str, Any]) -> random.Random:
    """The generator for one decision: the same seed and view give the same choice,
    whatever was asked before (hints do not change later play)."""
    return random.Random(f"{seed}/{view!r}")


def search(actions: Sequence[int], sample: Callable[[random.Random], State], seat: int,
           policy: Callable[[State], int], rng: random.Random, *,
           clock: Clock, max_rollouts: int, default: int | None = None,
           ) -> list[tuple[int, float]]:
    """Every action with its mean ``standing`` after this round, best first.

    ``default`` (the club's choice) stays in the race and stays first unless the
    best action beats it on the shared samples by ``MARGIN`` standard errors: a
    small search cannot tell close moves apart, and then the rules decide."""
    racing = list(actions)
    values: dict[int, list[float]] = {a: [] for a in actions}
    dropped: list[int] = []
    samples, rollouts, next_cut = 0, 0, 6

    def mean(action: int) -> float:
        return sum(values[action]) / len(values[action])

    started, per_sample = time.perf_counter(), 0.0
    while samples == 0 or (rollouts < max_rollouts and not clock.expired(per_sample)):
        root = sample(rng)
        results: list[float] = []
        for action in racing:
            if samples and clock.expired():
                break
            results.append(standing(play_round(root.clone(), policy, action), seat))
        if len(results) < len(racing):
            break  # out of time within a sample: that sample is dropped
        for action, value in zip(racing, results, strict=True):
            values[action].append(value)
        samples += 1
        rollouts += len(racing)
        per_sample = (time.perf_counter() - started) / samples
        if samples == next_cut and len(racing) > 2:
            racing.sort(key=lambda a: (a != default, -mean(a)))
            keep = max(2, (len(racing) + 1) // 2)
            dropped = racing[keep:][::-1] + dropped
            racing = racing[:keep]
            next_cut *= 2
    racing.sort(key=lambda a: -mean(a))
    if default in racing and racing[0] != default and not _beats(values[racing[0]],
                                                                 values[default]):
        racing.remove(default)
        racing.insert(0, default)
    # Survivors first: a dropped action's mean rests on fewer samples.
    return [(a, mean(a)) for a in racing + dropped]


class SearchingExpert:
    """What the Schnauz and Scat experts share: a budget per decision, play-outs planned
    from it, their own turns counted through the deal, and :func:`search` over the
    game's sampled deals with the club's move as the default.

    Value of an action: the chance to be last standing after this round, estimated
    from the lives everybody keeps (:func:`standing`), averaged over sampled deals."""

    name = "expert"
    seconds = 1.0
    """The default budget per decision."""
    rollouts_per_second = 1000
    """Play-outs planned per second of budget (the clock stops them sooner on a slow or
    busy machine; only then does play depend on the machine)."""

    def __init__(self, seed: int = 0, budget: float | None = None,
                 rollouts: int | None = None) -> None:
        """``rollouts``: a fixed number of play-outs per decision instead of one
        planned from the budget (then play repeats exactly while the clock allows)."""
        self.seed = seed
        self.budget = self.seconds if budget is None else budget
        self.fixed_rollouts = rollouts
        self.turns = TurnCount()

    @property
    def rollouts(self) -> int:
        """Play-outs per decision at most: fixed, or planned from the budget (which a
        table may lower between decisions)."""
        return self.fixed_rollouts or max(1, int(self.budget * self.rollouts_per_second))

    @rollouts.setter
    def rollouts(self, count: int) -> None:
        self.fixed_rollouts = count

    def rank(self, view: dict[str, Any], legal: Sequence[int], seat: int,
             sample: Callable[[random.Random], State], policy: Callable[[State], int],
             default: int) -> list[tuple[int, float]]:
        clock = Clock(0.95 * self.budget)  # the rest for the last play-outs and answer
        return search(legal, sample, seat, policy, seeded(self.seed, view), clock=clock,
                      max_rollouts=self.rollouts if len(legal) > 1 else 8, default=default)


MARGIN = 1.5
"""Standard errors by which the search must beat the default move to overrule it."""


def _beats(best: list[float], default: list[float]) -> bool:
    diffs = [b - d for b, d in zip(best, default, strict=True)]
    n = len(diffs)
    if n < 2:
        return False
    average = sum(diffs) / n
    spread = sum((x - average) ** 2 for x in diffs) / (n - 1)
    return average > MARGIN * math.sqrt(spread / n)

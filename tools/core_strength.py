"""The experts of Schnauz, Scat and Schmier with and without their compiled core at
the same budget: bot classes for the arena, and the worlds each draws per decision.

    stammtisch arena schnauz num_players=2 --budget 0.1 --jobs 1 \\
        --players tools.core_strength:SchnauzCompiled,tools.core_strength:SchnauzPython
    python -m tools.core_strength [--budget 0.1] [--matches 2] [--games scat,schmier]

``<Game>Compiled`` plays its worlds out on the compiled core, ``<Game>Python`` on the
pure-Python path (as ``STAMMTISCH_PURE_PYTHON=1`` does, but for one seat of a match).
The ``Clocked`` variants plan no cap on the worlds, so that the clock alone ends each
search and a faster core searches more worlds; the levels as shipped plan their worlds
from the budget (``rollouts_per_second``, ``SAMPLES_PER_SECOND``), and where the plan
ends the search first, both paths play alike. The command prints, per game and
variant, the play-outs (worlds times actions still in the race) per decision with a
choice, against club players; each decision's CPU time is the expert's clock.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import stammtisch
from stammtisch.bots.registry import make_bot
from stammtisch.bots.scat.players import ExpertBot as ScatExpert
from stammtisch.bots.schmier.players import ExpertBot as SchmierExpert
from stammtisch.bots.schnauz.players import ExpertBot as SchnauzExpert
from stammtisch.bots.search import Parts

UNCAPPED = 10**9
"""A plan no search reaches: the clock ends it."""


class _Counted:
    """Counts the play-outs of each decision (``counts``, one entry per search)."""

    counts: list[int]

    def _count(self) -> None:
        self.counts[-1] += 1

    def fix(self, worlds: int) -> None:
        """Search ``worlds`` worlds (play-outs in Scat and Schnauz) at every decision."""
        raise NotImplementedError


class _ThirtyOne(_Counted):
    def __init__(self, seed: int = 0, budget: float | None = None) -> None:
        super().__init__(seed, budget)  # type: ignore[call-arg]
        self.counts = []

    def fix(self, worlds: int) -> None:
        self.rollouts = worlds

    def rank(self, view: Any, legal: Sequence[int], seat: int,
             sample: Callable[[random.Random], Any], policy: Callable[[Any], int],
             default: int) -> list[tuple[int, float]]:
        self.counts.append(0)
        ranked: list[tuple[int, float]] = super().rank(  # type: ignore[misc]
            view, legal, seat, sample, policy, default)
        return ranked

    def play_out(self, world: Any, action: int, seat: int, policy: Callable[[Any], int]
                 ) -> float:
        self._count()
        value: float = super().play_out(world, action, seat, policy)  # type: ignore[misc]
        return value


class SchnauzCompiled(_ThirtyOne, SchnauzExpert):
    compiled = True


class SchnauzPython(_ThirtyOne, SchnauzExpert):
    compiled = False


class SchnauzCompiledClocked(SchnauzCompiled):
    rollouts_per_second = UNCAPPED


class SchnauzPythonClocked(SchnauzPython):
    rollouts_per_second = UNCAPPED


class ScatCompiled(_ThirtyOne, ScatExpert):
    compiled = True


class ScatPython(_ThirtyOne, ScatExpert):
    compiled = False


class ScatCompiledClocked(ScatCompiled):
    rollouts_per_second = UNCAPPED


class ScatPythonClocked(ScatPython):
    rollouts_per_second = UNCAPPED


class _Schmier(_Counted, SchmierExpert):
    compiled_core = True
    clocked = False

    def __init__(self, seed: int = 0, budget: float | None = None) -> None:
        super().__init__(seed, budget, UNCAPPED if self.clocked else None,
                         compiled=self.compiled_core)
        self.counts = []

    def fix(self, worlds: int) -> None:
        self.samples = worlds

    def analyze(self, view: Mapping[str, Any]) -> list[tuple[str, float]]:
        self.counts.append(0)
        return super().analyze(view)

    def _parts(self, seen: Any) -> Parts[Any, float]:
        parts = super()._parts(seen)
        inner = parts.value

        def value(world: Any, action: int) -> float:
            self._count()
            return inner(world, action)

        return Parts(parts.sample, value, parts.rank, parts.score)


class SchmierCompiled(_Schmier):
    compiled_core = True


class SchmierPython(_Schmier):
    compiled_core = False


class SchmierCompiledClocked(SchmierCompiled):
    clocked = True


class SchmierPythonClocked(SchmierPython):
    clocked = True


VARIANTS: dict[str, dict[str, Any]] = {
    "schnauz": {"Compiled": SchnauzCompiled, "Python": SchnauzPython,
                "CompiledClocked": SchnauzCompiledClocked,
                "PythonClocked": SchnauzPythonClocked},
    "scat": {"Compiled": ScatCompiled, "Python": ScatPython,
             "CompiledClocked": ScatCompiledClocked, "PythonClocked": ScatPythonClocked},
    "schmier": {"Compiled": SchmierCompiled, "Python": SchmierPython,
                "CompiledClocked": SchmierCompiledClocked,
                "PythonClocked": SchmierPythonClocked},
}
SEATED = ("scat", "schnauz")


def playouts(game: str, variant: Any, budget: float, matches: int,
             seed: int, actions: int = 400, worlds: int | None = None) -> list[int]:
    """The play-outs of each of ``variant``'s decisions with a choice, one seat of
    ``matches`` matches against club players (Scat and Schnauz with two players), each
    stopped after ``actions`` actions; ``worlds``: a fixed plan (see ``fix``)."""
    counts: list[int] = []
    options: dict[str, Any] = {"num_players": 2} if game in SEATED else {}
    for index in range(matches):
        match = stammtisch.new_match(game, seed=seed * 1_000_003 + index, **options)
        me = index % match.num_players
        expert = variant(seed=index, budget=budget)
        if worlds is not None:
            expert.fix(worlds)
        bots = [expert if seat == me else make_bot(game, "club", index, seat)
                for seat in range(match.num_players)]
        for _ in range(actions):
            if match.to_act is None:
                break
            seat = match.to_act
            match.play(bots[seat].choose(match.view(seat)))
        counts += [n for n in expert.counts if n]
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", default=",".join(VARIANTS))
    parser.add_argument("--budget", type=float, default=0.1)
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for game in args.games.split(","):
        for name, variant in VARIANTS[game].items():
            counts = playouts(game, variant, args.budget, args.matches, args.seed)
            if not counts:
                print(f"{game:8} {name:16} no decision with a choice")
                continue
            print(f"{game:8} {name:16} {len(counts):4} decisions, play-outs per decision "
                  f"median {statistics.median(counts):8.0f} mean {statistics.fmean(counts):8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

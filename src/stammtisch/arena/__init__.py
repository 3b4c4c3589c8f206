"""The arena: matches between bots in parallel processes, ranked with intervals and Elo.

``stammtisch arena GAME --players expert,club --matches N`` (see :mod:`command`).
A lineup (:mod:`lineup`) names the bot of each seat or team; the schedule
(:mod:`schedule`) rotates seats and stacks the decks of a rotation group; the
runner (:mod:`runner`) plays the matches, in local processes or as Ray tasks on a
cluster (:mod:`ray_runner`, ``--ray``); :mod:`summary` and :mod:`stats` turn
the outcomes into figures, which :mod:`report` prints and writes and :mod:`chart`
draws; :mod:`merge` pools the files of several runs of one lineup. Any bot class
sits in the arena as ``module.path:Class`` (:mod:`stammtisch.bots.custom`).
"""

from stammtisch.arena.command import ArenaConfig, run_arena
from stammtisch.arena.lineup import ArenaError, Lineup, read_lineup

__all__ = ["ArenaConfig", "ArenaError", "Lineup", "read_lineup", "run_arena"]

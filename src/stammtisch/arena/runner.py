"""Plays the scheduled matches: in this process (one job) or in a process pool
(:mod:`stammtisch.arena.ray_runner` is the other :data:`Executor`, on a Ray cluster).

Each match is played through the public :class:`~stammtisch.core.match.Match`;
every bot gets only its seat's view. A match that runs past ``max_deals`` deals
is stopped and counted as unfinished (random Schmier players bid themselves
ever deeper into the minus and would never end); so is one whose deal runs past
``MAX_DEAL_ACTIONS`` actions (in Scat and Schnauz only a knock, a 31 or a short stock
ends a round: bots that never knock would trade cards for ever). The outcomes depend only on
the plans, never on the number of jobs or the order in which they finish
(except through bots whose search stops by the clock).

With ``records`` set, each match's record (docs/rules/NOTATION.md, what ``stammtisch
replay`` and ``stammtisch review`` read) is saved there as ``<game>-<index>.json`` by the
process that played it, unfinished matches too (their actions so far).

An interrupt (Ctrl-C) ends the run early but keeps every match already
finished (:class:`Played`): hours of expert play are not thrown away because
the rest could not wait. With several jobs the matches in play are finished
first unless their workers were interrupted too, as Ctrl-C at a terminal does.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import stammtisch
from stammtisch.arena.lineup import ArenaError, Lineup
from stammtisch.arena.outcome import per_deal, ranks, win_shares
from stammtisch.arena.schedule import MatchPlan
from stammtisch.bots.base import Bot
from stammtisch.bots.custom import BotError, make_player
from stammtisch.core.match import Match
from stammtisch.errors import StammtischError

MAX_DEAL_ACTIONS = 5_000
"""Actions in one deal after which a match is stopped as unfinished (the longest deals of
the four games' levels take a few hundred)."""


@dataclass(frozen=True)
class Outcome:
    plan: MatchPlan
    result: dict[str, Any] | None
    """The match result; ``None`` when it was stopped at ``max_deals``."""
    deals: int
    actions: int
    seconds: float
    shares: tuple[float, ...]
    """Per seat: its share of the match win."""
    ranks: tuple[int, ...]
    per_deal: tuple[float | None, ...]


@dataclass(frozen=True)
class Table:
    """What every match of an arena shares (sent once per match to the workers)."""

    lineup: Lineup
    budget: float | None
    max_deals: int
    records: str | None = None
    """The directory for each match's record, or ``None``: none saved."""


def record_name(game: str, plan: MatchPlan) -> str:
    """The file name of a match's record in the ``records`` directory."""
    return f"{game}-{plan.index:05d}.json"


def play_match(table: Table, plan: MatchPlan) -> Outcome:
    lineup = table.lineup
    match = stammtisch.new_match(lineup.game, seed=plan.seed, decks=list(plan.decks),
                                 **lineup.options)
    bots = [make_player(lineup.game, level, plan.seed, seat, table.budget)
            for seat, level in enumerate(plan.seat_levels)]
    events = match.state.events if match.state.events is not None else []
    start = time.perf_counter()
    deals = seen = actions = in_deal = 0
    while (seat := match.to_act) is not None:
        for event in events[seen:]:
            if event.get("type") == "deal":
                deals, in_deal = deals + 1, 0
        seen = len(events)
        if deals > table.max_deals or in_deal >= MAX_DEAL_ACTIONS:
            break
        _act(match, bots[seat], plan.seat_levels[seat], seat, plan.seed)
        actions += 1
        in_deal += 1
    seconds = time.perf_counter() - start
    if table.records is not None:
        path = Path(table.records) / record_name(lineup.game, plan)
        path.write_text(json.dumps(match.record(), indent=1) + "\n", encoding="utf-8")
    result = match.result
    n, teams = match.num_players, lineup.teams
    return Outcome(plan, result, deals if result is None else int(result.get("deals", deals)),
                   actions, seconds, tuple(win_shares(result, n, teams)),
                   tuple(ranks(result, n, teams)), tuple(per_deal(result, events, n, teams)))


def _act(match: Match, bot: Bot, level: str, seat: int, seed: int) -> None:
    """The bot's choice played; an illegal choice, or a class bot's exception or
    non-text answer, is an :class:`ArenaError` naming the bot, the seat, where in which
    match (the view's ``deal``), and the choice."""
    try:
        match.play(bot.choose(match.view(seat)))
    except StammtischError as error:
        public = match.view(None)
        where = f"{public['game']} match seed {seed}, deal {public['deal']}"
        if isinstance(error, BotError):
            raise ArenaError(f"{error} in {where}") from None
        raise ArenaError(f"the {level} bot of seat {seat} chose badly in {where}: "
                         f"{error}") from None


@dataclass(frozen=True)
class Played:
    outcomes: list[Outcome]
    """The finished matches, in plan order."""
    interrupted: bool
    """Whether an interrupt stopped the run before every plan was played."""


Executor = Callable[[Table, Sequence[MatchPlan], Callable[[], None]], Played]
"""Plays the plans, calling the step after each match: :func:`run_matches` with its
jobs, or Ray's (:func:`stammtisch.arena.ray_runner.ray_cluster`)."""


def run_matches(table: Table, plans: Sequence[MatchPlan], jobs: int,
                step: Callable[[], None] = lambda: None) -> Played:
    """The outcome of every plan played; ``step`` is called after each match."""
    outcomes: list[Outcome] = []
    if jobs <= 1:
        try:
            for plan in plans:
                outcomes.append(play_match(table, plan))
                step()
        except KeyboardInterrupt:
            return Played(outcomes, True)
        return Played(outcomes, False)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_match, table, plan) for plan in plans]
        try:
            for future in as_completed(futures):
                outcomes.append(future.result())
                step()
        except KeyboardInterrupt:
            _stop(pool)
            counted = {outcome.plan.index for outcome in outcomes}
            outcomes += [outcome for outcome in _finished(futures)
                         if outcome.plan.index not in counted]
            return Played(_in_plan_order(outcomes), True)
        except BaseException:
            pool.shutdown(cancel_futures=True)
            raise
    return Played(_in_plan_order(outcomes), False)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel the matches not started and wait for those in play; interrupted again
    (Ctrl-C twice), stop waiting: what finished is kept either way."""
    try:
        pool.shutdown(cancel_futures=True)
    except KeyboardInterrupt:
        pool.shutdown(wait=False, cancel_futures=True)


def _in_plan_order(outcomes: list[Outcome]) -> list[Outcome]:
    return sorted(outcomes, key=lambda outcome: outcome.plan.index)


def _finished(futures: Sequence[Future[Outcome]]) -> list[Outcome]:
    """The outcomes of the matches that ended normally."""
    return [future.result() for future in futures
            if future.done() and not future.cancelled() and future.exception() is None]

"""The expert's review of a match for one seat: every decision ranked from that seat's view.

:func:`decisions` walks a game record (:func:`stammtisch.replay`'s way, action by action)
and keeps, for every action the reviewing seat chose among more than one, that seat's
view at that moment: only what the seat could see, never the full state. :func:`judge`
ranks the legal actions of one such view with the expert
(:func:`stammtisch.bots.analysis.rank`), sorted by value, best first, and compares the
action played with the best. :func:`summarize` adds the accuracy per deal and per match,
the biggest mistakes and the move list; :func:`review` does it all in one call.

The unit of the values is the coach's (:data:`~stammtisch.bots.coach.UNIT`): the
chance to win the match (Schnapsen) or to be last standing (Schnauz, Scat), or the
expected points of the team this deal (Schmier). A decision is a *mistake* from a loss
of :data:`~stammtisch.bots.coach.WEAK` on, and *accurate* within a loss of
:data:`CLOSE`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypedDict

import stammtisch
from stammtisch.bots import analysis
from stammtisch.bots.analysis import ADVISER_LEVEL
from stammtisch.bots.coach import UNIT, WEAK
from stammtisch.bots.registry import make_bot
from stammtisch.bots.schnapsen.players import ExpertBot
from stammtisch.core.record import read_record
from stammtisch.errors import RecordError, StammtischError
from stammtisch.games.schnapsen import action_text
from stammtisch.games.schnapsen_types import schnapsen_view

REVIEW_BUDGET = 0.5
"""Seconds the expert may think per decision, at most: Schnapsen's stops sooner once
its best action is clear (:func:`rank`), so that a 7-point Bummerl reviews in a few
seconds of one core (tools/reviewbench.py measures it)."""

CLOSE = {"schnauz": 0.02, "scat": 0.02, "schnapsen": 0.02, "schmier": 0.25}
"""The loss within which a decision counts as accurate."""

BIGGEST = 3
"""How many of the biggest mistakes a review names."""

UNSETTLED = (0.6, 1.5)
"""Losses from this share of the mistake's mark up to this one are searched on the whole
budget: there the early stop's noise (about 0.03 of a chance to win, against twice the
budget) could turn the verdict."""
WHOLE = 0.9
"""A search that took this share of its budget was not stopped early: its figures are
as precise as the budget allows already."""


class Move(TypedDict):
    """One action of the record: its ``index``, the deal, the seat that played it."""

    index: int
    deal: int
    seat: int | None
    action: str


class Judged(TypedDict):
    """One decision of the seat as the expert judged it (:func:`judge`)."""

    index: int
    deal: int
    move: int
    """The action's number, 1 first."""
    played: str
    best: str
    value: float | None
    """The expert's value of the action played (None: not weighed)."""
    best_value: float
    loss: float | None
    mistake: bool
    accurate: bool
    ranked: list[tuple[str, float]]
    view: dict[str, Any]
    """The seat's view then (any game's: the generic contract)."""


@dataclass(frozen=True)
class Decision:
    """A choice of the reviewing seat: the action ``index`` of the record (the position
    before it is history step ``index``), the deal it was in, the seat's view then."""

    index: int
    deal: int
    played: str
    view: dict[str, Any]


@dataclass(frozen=True)
class Walk:
    """A record walked for one seat: its decisions and every action of the match."""

    game: str
    seat: int
    num_players: int
    finished: bool
    moves: list[Move]
    """Every action of the record."""
    decisions: list[Decision]


def decisions(record: Any, seat: int) -> Walk:
    """The record walked for ``seat``: every action, and the seat's views where it chose.

    :raises RecordError: for a malformed record, an illegal action or a seat not in it.
    """
    fields = read_record(record)
    try:
        match = stammtisch.new_match(fields.game, seed=fields.seed, decks=fields.decks,
                                     **fields.options)
    except StammtischError as error:
        raise RecordError(f"bad record header: {error}") from None
    if isinstance(seat, bool) or not isinstance(seat, int) \
            or not 0 <= seat < match.num_players:
        raise RecordError(f"no seat {seat!r} in this match of {match.num_players} players")
    moves: list[Move] = []
    chosen: list[Decision] = []
    for index, text in enumerate(fields.actions):
        actor = match.to_act
        deal = int(match.view(None).get("deal") or 0)
        if actor == seat and len(match.state.legal()) > 1:
            view = match.view(seat)
            try:
                played = match.parse(text).text
            except StammtischError as error:
                raise RecordError(f"action {index} ({text!r}): {error}", index=index) from None
            chosen.append(Decision(index, deal, played, view))
        try:
            action = match.play(text)
        except StammtischError as error:
            raise RecordError(f"action {index} ({text!r}): {error}", index=index) from None
        match.keep_undo(0)
        moves.append({"index": index, "deal": deal, "seat": actor, "action": action.text})
    return Walk(match.game, seat, match.num_players, match.result is not None, moves, chosen)


Ranker = Callable[..., list[tuple[str, float]] | None]


def rank(game: str, view: dict[str, Any], *, seed: int = 0,
         budget: float | None = REVIEW_BUDGET,
         played: str | None = None) -> list[tuple[str, float]] | None:
    """The legal actions with the expert's values, the highest first, as a hint's
    (:func:`stammtisch.bots.analysis.rank`); Schnapsen's expert (on the compiled core
    when it is built) samples only until its best action is clear, within ``budget``.

    A review asks whether the action ``played`` was the best and, if not, how much it
    lost: once the best is clear the loss of a clearly worse action is known well
    enough to mark it, and sampling on would only narrow figures nobody reads. Where
    the loss lies so near the mistake's mark (:data:`UNSETTLED`) that the short
    search's noise could decide the verdict, the whole budget is spent on it."""
    if game != "schnapsen" or not view.get("legal_actions"):
        return analysis.rank(game, view, seed=seed, budget=budget)
    seat = view.get("seat")
    expert = make_bot(game, ADVISER_LEVEL, seed, seat if isinstance(seat, int) else 0,
                      budget)
    if not isinstance(expert, ExpertBot):
        return analysis.rank(game, view, seed=seed, budget=budget)
    started = time.thread_time()
    ranked = [(action_text(action), round(chance, 4))
              for action, chance, _ in expert.evaluate(schnapsen_view(view), early_stop=True)]
    stopped_early = time.thread_time() - started < WHOLE * expert.budget \
        and expert.worlds < expert.max_worlds
    values = dict(ranked)
    if stopped_early and played in values and ranked:
        low, high = UNSETTLED
        if low * WEAK[game] <= ranked[0][1] - values[played] < high * WEAK[game]:
            return analysis.rank(game, view, seed=seed, budget=budget)
    return ranked


def judge(game: str, decision: Decision, *, budget: float = REVIEW_BUDGET,
          ranker: Ranker | None = None) -> Judged:
    """One decision ranked by the expert from the seat's view: the action played, the
    best (highest value), the loss (None where the expert did not weigh the action
    played: Schmier's weighs only its likeliest discards), the marks."""
    if ranker is None:
        ranked = rank(game, decision.view, seed=decision.index, budget=budget,
                      played=decision.played) or []
    else:
        ranked = ranker(game, decision.view, seed=decision.index, budget=budget) or []
    ranked = sorted(ranked, key=lambda pair: -pair[1])
    values = dict(ranked)
    best, best_value = ranked[0] if ranked else (decision.played, 0.0)
    value = values.get(decision.played)
    if value is not None and value >= best_value:
        best = decision.played  # a tie with the best: the action played is as good
    loss = None if value is None else round(max(0.0, best_value - value), 4)
    return {
        "index": decision.index, "deal": decision.deal, "move": decision.index + 1,
        "played": decision.played, "best": best, "value": value,
        "best_value": round(best_value, 4), "loss": loss,
        "mistake": loss is not None and loss >= WEAK[game],
        "accurate": loss is not None and loss <= CLOSE[game],
        "ranked": [(action, round(v, 4)) for action, v in ranked],
        "view": decision.view,
    }


def _accuracy(judged: list[Judged]) -> float | None:
    weighed = [entry for entry in judged if entry["loss"] is not None]
    if not weighed:
        return None
    return round(sum(1 for entry in weighed if entry["accurate"]) / len(weighed), 4)


def reviewed_deals(walk: Walk, judged: int) -> int | None:
    """The first deal not wholly reviewed once the first ``judged`` decisions of
    ``walk`` are (every deal before it is); None once all are."""
    return walk.decisions[judged].deal if judged < len(walk.decisions) else None


def summarize(walk: Walk, judged: list[Judged], budget: float,
              pending_from: int | None = None) -> dict[str, Any]:
    """The review's data: the decisions judged, accuracy per deal and per match, the
    biggest mistakes (indices into ``decisions``) and the move list. With
    ``pending_from`` it is a review in progress: ``judged`` covers the deals before that
    one, and that deal and the later ones are marked ``pending``."""
    deals: dict[int, list[Judged]] = {}
    for move in walk.moves:
        deals.setdefault(move["deal"], [])
    for entry in judged:
        deals.setdefault(entry["deal"], []).append(entry)
    mistakes = sorted((n for n, entry in enumerate(judged) if entry["mistake"]),
                      key=lambda n: (-(judged[n]["loss"] or 0.0), n))[:BIGGEST]
    return {
        "game": walk.game, "seat": walk.seat, "num_players": walk.num_players,
        "finished": walk.finished, "unit": UNIT[walk.game], "mistake": WEAK[walk.game],
        "close": CLOSE[walk.game], "budget": budget, "total": len(walk.moves),
        "accuracy": _accuracy(judged),
        "partial": pending_from is not None,
        "deals": [{"deal": deal, "decisions": len(entries),
                   "pending": pending_from is not None and deal >= pending_from,
                   "mistakes": sum(1 for entry in entries if entry["mistake"]),
                   "accuracy": _accuracy(entries),
                   "start": next(m["index"] for m in walk.moves if m["deal"] == deal)
                   if any(m["deal"] == deal for m in walk.moves) else None}
                  for deal, entries in sorted(deals.items())],
        "biggest": mistakes,
        "decisions": judged,
        "moves": walk.moves,
    }


def review(record: Any, seat: int, *, budget: float = REVIEW_BUDGET,
           ranker: Ranker | None = None,
           progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """The whole review of ``seat`` in ``record``; ``progress(done, total)`` after each
    decision. :raises RecordError: as :func:`decisions`."""
    walk = decisions(record, seat)
    judged = []
    started = time.monotonic()
    for done, decision in enumerate(walk.decisions, 1):
        judged.append(judge(walk.game, decision, budget=budget, ranker=ranker))
        if progress is not None:
            progress(done, len(walk.decisions))
    data = summarize(walk, judged, budget)
    data["seconds"] = round(time.monotonic() - started, 2)
    return data

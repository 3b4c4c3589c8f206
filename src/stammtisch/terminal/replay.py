"""A saved record told step by step: deals, every action and its seat, showdowns, result.

A finished match is shown face up (every hand at every deal); an unfinished one
only from the spectator's seat, or from the one seat asked for.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import stammtisch
from stammtisch.core.game import Event
from stammtisch.core.match import Match
from stammtisch.errors import RecordError
from stammtisch.i18n import t
from stammtisch.text.games import renderer
from stammtisch.text.render import Renderer, options_lines
from stammtisch.text.words import seat_name


def _hands(match: Match, look: Renderer, seats: list[int]) -> list[str]:
    lines = []
    for seat in seats:
        view = match.view(seat)
        if "hand" in view:
            lines.append(f"   {seat_name(seat, None)}   {look.hand(view)}")
    return lines


def _header(match: Match, final: Match, record: Mapping[str, Any]) -> list[str]:
    state = t("term.finished") if final.result is not None else t("term.unfinished_state")
    return [
        t("term.replay_head", game=t(f"game.{match.game}"),
          players=t("term.players", n=match.num_players), seed=match.seed,
          actions=t("term.actions", n=len(record["actions"])), state=state),
        *options_lines(match),
    ]


def replay_steps(record: Any, seat: int | None = None, *,
                 every_step: bool = False) -> Iterator[list[str]]:
    """The lines of each step: the start, then one chunk per action, then the result.

    The hands shown (all of a finished match, else ``seat``'s) follow each deal,
    or each step with ``every_step``.

    :raises RecordError: for a malformed record, before any line is produced.
    """
    final = stammtisch.replay(record)
    if seat is not None and not 0 <= seat < final.num_players:
        raise RecordError(f"no seat {seat} in this match of {final.num_players} players")
    match = stammtisch.replay({**record, "actions": []})
    look = renderer(match.game)
    if seat is not None:
        shown = [seat]
    elif final.result is not None:
        shown = list(range(match.num_players))
    else:
        shown = []

    def told(events: list[Event]) -> list[str]:
        lines = look.events(events, None)
        if every_step or any(e.get("type") == "deal" for e in events):
            lines += _hands(match, look, shown)
        return lines

    start = _header(match, final, record)
    if not shown:
        start.append(t("term.replay_hidden"))
    yield start + told(match.events)
    for text in record["actions"]:
        before = len(match.events)
        match.play(text)
        yield told(match.events[before:])
    if final.result is not None:
        yield ["", *look.result(final.result, None)]
    else:
        yield ["", t("term.replay_ends", who=seat_name(final.to_act, None))]

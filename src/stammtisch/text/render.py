"""What a renderer is, and the generic one any game's view can go through.

A renderer turns a view, new events or a result into lines of text in the
language chosen with :func:`stammtisch.i18n.use`; nothing here reads input or
prints. :data:`GENERIC` shows any view dict readably (its fields named by their
keys); the games' own renderers build on this module, and ``renderer(game)`` in
text/games.py picks one, falling back to this one.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.cards import SUIT_CODES, SUIT_SYMBOLS
from stammtisch.core.game import Event
from stammtisch.core.match import Match
from stammtisch.i18n import t
from stammtisch.text.words import (
    cards,
    is_card_list,
    is_code,
    seat_name,
    symbol,
    to_act,
    with_symbols,
    your_turn,
)

ViewLines = Callable[[Mapping[str, Any]], list[str]]
EventLines = Callable[[Sequence[Event], "int | None"], list[str]]
ResultLines = Callable[[dict[str, Any], "int | None"], list[str]]
HandText = Callable[[Mapping[str, Any]], str]
ActionsText = Callable[[list[str]], str]


@dataclass(frozen=True)
class Renderer:
    """How one game looks as text. ``me`` is the viewer's seat (None: spectator)."""

    view: ViewLines
    """The screen for a view: hand, table, scores, whose turn."""
    events: EventLines
    """What happened: ``events(new_events, me)``."""
    result: ResultLines
    """The end of the match: ``result(match.result, me)``."""
    hand: HandText
    """One seat's hand from its view, for face-up replays."""
    actions: ActionsText
    """The legal actions in a line, for the prompt."""


# --- the generic renderer ----------------------------------------------------------

_HIDDEN_KEYS = {"game", "seat", "legal_actions", "hand", "num_players", "result"}
_WIDTH = 96
_MAX_LINES = 3
"""Lines one field of a view may take on the screen (long histories are cut)."""


_SEAT_KEYS = {"seat", "dealer", "to_act", "leader", "winner", "declarer", "bidder", "knocker",
              "first_to_act", "loser", "lowest", "taker", "closer"}


def _seat_key(key: object) -> int | None:
    if isinstance(key, int) and not isinstance(key, bool):
        return key
    if isinstance(key, str) and key.isdigit():
        return int(key)
    return None


def _is_seat(key: str, value: Any) -> bool:
    return (key in _SEAT_KEYS or key.endswith("_seat")) and isinstance(value, int) \
        and not isinstance(value, bool)


def field_text(key: str, value: Any, me: int | None = None, seats: int = 0) -> str:
    """A value under its key: seats by name (``dealer: 2`` -> ``Seat 2``), suits as symbols."""
    if _is_seat(key, value):
        return seat_name(value, me)
    if key.endswith("suit") and isinstance(value, str) and len(value) == 1 \
            and value in SUIT_CODES:
        return f"{SUIT_SYMBOLS[SUIT_CODES.index(value)]} ({value})"
    return value_text(value, me, seats)


def value_text(value: Any, me: int | None = None, seats: int = 0) -> str:
    """Any JSON value of a view or event, short and readable, cards as symbols."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return t("val.true") if value else t("val.false")
    if isinstance(value, str):
        return symbol(value) if is_code(value) else value
    if is_card_list(value):
        return cards(value)
    if isinstance(value, list):
        if not value:
            return "-"
        if seats and len(value) == seats and not any(isinstance(v, list | dict) for v in value):
            return ", ".join(f"{seat_name(s, me)} {value_text(v, me)}" for s, v in enumerate(value))
        if any(isinstance(v, list) for v in value):
            return " ".join(f"[{value_text(v, me)}]" for v in value)
        return ", ".join(value_text(v, me, seats) for v in value)
    if isinstance(value, dict):
        if not value:
            return "-"
        parts = []
        for key, item in value.items():
            seat = _seat_key(key)
            label = seat_name(seat, me) if seat is not None else str(key).replace("_", " ")
            parts.append(f"{label}: {field_text(str(key), item, me, seats)}")
        return "; ".join(parts)
    return str(value)


def wrapped(label: str, text: str) -> list[str]:
    """``label`` then ``text``, wrapped under itself to the screen width."""
    head = f"{label:<14}" if len(label) < 14 else label + " "
    lines: list[str] = []
    line = head
    for word in text.split(" "):
        if len(line) + len(word) + 1 > _WIDTH and line.strip():
            lines.append(line.rstrip())
            line = " " * len(head)
        line += word + " "
    lines.append(line.rstrip())
    return lines


def generic_view(view: Mapping[str, Any]) -> list[str]:
    me = view.get("seat")
    seats = view.get("num_players", 0)
    lines: list[str] = []
    for key, value in view.items():
        if key in _HIDDEN_KEYS or value is None or value == [] or value == {}:
            continue
        text = field_text(key, value, me, seats)
        shown = wrapped(key.replace("_", " ").capitalize(), text)
        if len(shown) > _MAX_LINES:
            shown = shown[:_MAX_LINES - 1] + [shown[_MAX_LINES - 1] + " …"]
        lines += shown
    if "hand" in view:
        lines += wrapped(t("ui.your_hand"), cards(view["hand"]))
    if view.get("legal_actions"):
        lines.append(your_turn(generic_actions(view["legal_actions"])))
    elif view.get("to_act") is not None:
        lines.append(to_act(view["to_act"], me))
    return lines


def generic_events(events: Sequence[Event], me: int | None) -> list[str]:
    lines = []
    for event in events:
        kind = event.get("type", "event")
        if kind == "action" and "seat" in event:
            lines.append(f"{seat_name(event['seat'], me)}: {with_symbols(str(event['action']))}")
            continue
        rest = {k: v for k, v in event.items() if k != "type"}
        title = str(kind).replace("_", " ").capitalize()
        if kind == "deal":
            number = rest.pop("deal", None)
            if isinstance(number, int):
                title += f" {number + 1}"
            details = " · ".join(f"{k.replace('_', ' ')} {field_text(k, v, me)}"
                                 for k, v in rest.items())
            lines.append(f"── {title} ──")
            if details:
                lines += textwrap.wrap(details, _WIDTH, initial_indent="   ",
                                       subsequent_indent="   ")
        else:
            lines.append(f"{title}: {value_text(rest, me)}" if rest else title)
    return lines


def generic_result(result: dict[str, Any], me: int | None) -> list[str]:
    lines = []
    winner = result.get("winner")
    if isinstance(winner, int) and not isinstance(winner, bool):
        lines.append(t("term.wins_match.you") if winner == me
                     else t("term.wins_match", who=seat_name(winner, me)))
    rest = {k: v for k, v in result.items() if k != "winner"}
    for key, value in rest.items():
        lines += wrapped(key.replace("_", " ").capitalize(), field_text(key, value, me))
    return lines


def generic_hand(view: Mapping[str, Any]) -> str:
    return cards(view.get("hand", []))


def generic_actions(legal: list[str]) -> str:
    """All legal actions; past twelve, those sharing a first word are counted."""
    if len(legal) <= 12:
        return " · ".join(legal)
    groups: dict[str, int] = {}
    for action in legal:
        first = action.split()[0]
        groups[first] = groups.get(first, 0) + 1
    return " · ".join(f"{word} … ({n})" if n > 1 else word for word, n in groups.items())


def options_lines(match: Match) -> list[str]:
    """``Options: lives=2 ...``: those that differ from the game's defaults."""
    defaults = {spec.name: spec.default for spec in match.info.options}
    changed = [f"{key}={value_text(value)}" for key, value in match.options.items()
               if key != "num_players" and defaults.get(key) != value]
    listed = " ".join(changed) if changed else t("term.options_default")
    return textwrap.wrap(t("term.options", list=listed), _WIDTH, subsequent_indent="   ")


GENERIC = Renderer(generic_view, generic_events, generic_result, generic_hand, generic_actions)

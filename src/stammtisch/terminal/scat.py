"""Scat in the terminal: lives, the discard pile and stock, your hand and its value.

What the others did is told from the events only: a stock draw is an unseen
card, a discard-pile draw names its card. Hands appear at the showdown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.cards import parse_cards
from stammtisch.core.game import Event
from stammtisch.games.scat import hand_value
from stammtisch.games.scat_types import ScatView, scat_view
from stammtisch.terminal.render import Renderer
from stammtisch.terminal.text import (
    cards,
    lives_status,
    lives_text,
    plural,
    seat_name,
    symbol,
    turn_marks,
)


def number(value: float) -> str:
    """A hand value: ``21``, or ``30½`` for the three-of-a-kind variant."""
    if value == int(value):
        return str(int(value))
    return f"{int(value)}½"


def _value_of(codes: list[str], options: Mapping[str, Any]) -> float:
    return hand_value(
        parse_cards(" ".join(codes)),
        three_of_a_kind=options.get("three_of_a_kind", False),
        three_of_a_kind_value=options.get("three_of_a_kind_value", 30),
        straight_flush=options.get("straight_flush", False),
        straight_flush_ace_low=options.get("straight_flush_ace_low", True))


def _marks(view: ScatView, seat: int) -> str:
    marks = turn_marks(view, seat)
    if view["phase"] == "throw_down" and seat in view["declined"]:
        marks.append("declined")
    known = view["known_cards"].get(str(seat))
    if known and seat != view["seat"]:
        marks.append(f"holds {cards(known)} from the pile")
    return ", ".join(marks)


def _pile(view: ScatView) -> str:
    top = view["discard_top"]
    if top is None:
        return "discard pile empty"
    size = len(view["discard_pile"])
    return f"discard pile {symbol(top)} on top ({plural(size, 'card')})"


def _discard_help(view: ScatView) -> list[str]:
    """What each discard would leave: a plain count, the arithmetic a player does anyway."""
    hand = view["hand"]
    taken = view["taken_from_discard"]
    options = view["options"]
    parts = []
    for card in hand:
        if card == taken:
            continue
        rest = [c for c in hand if c != card]
        parts.append(f"{symbol(card)} → {number(_value_of(rest, options))}")
    lines = ["Discard one card. What each discard leaves:  " + "   ".join(parts)]
    if taken:
        lines.append(f"({symbol(taken)} came from the discard pile: it cannot go back now.)")
    return lines


def render_view(view: ScatView) -> list[str]:
    me = view["seat"]
    lines = [f"Deal {view['deal'] + 1} · stock {plural(view['stock_size'], 'card')} · "
             + _pile(view)]
    for seat in range(view["num_players"]):
        name = seat_name(seat, me)
        status = lives_status(view, seat, "on the county", view["on_the_county"])
        lines.append(f"   {name:<8} {status:<14} {_marks(view, seat)}".rstrip())
    phase = view["phase"]
    if "hand" in view:
        value = view.get("hand_value")
        shown = f"   = {number(value)}" if value is not None else ""
        lines.append(f"Your hand:   {cards(view['hand'])}{shown}")
    elif phase == "throw_down" and me is not None and not view["eliminated"][me]:
        lines.append("Your hand:   (face down: you see it once you decline)")
    elif me is not None and view["eliminated"][me]:
        lines.append("You are out of the match: watching.")
    knocker = view["knocker"]
    if knocker is not None and phase in ("draw", "discard"):
        lines.append(f"{seat_name(knocker, me)} knocked: everyone else has one last turn.")
    legal = view["legal_actions"]
    if legal:
        if phase == "throw_down":
            lines += ["Throw-down window: throw down unseen (all hands are shown at once,"
                      " judged like your knock),", "or decline and look at your hand."]
        elif phase == "draw":
            top = view["discard_top"]
            take = f" or take {symbol(top)} from the pile" if top else ""
            knock = "; or knock: the others get one last turn" if "knock" in legal else ""
            lines.append(f"Draw from the stock (unseen){take}{knock}.")
        elif phase == "discard":
            lines += _discard_help(view)
        lines.append("Your turn: " + render_actions(legal))
    elif view["to_act"] is not None:
        lines.append(f"{seat_name(view['to_act'], me)} to act.")
    return lines


def render_actions(legal: list[str]) -> str:
    discards = [a.split()[1] for a in legal if a.startswith("discard ")]
    shown = [a for a in legal if not a.startswith("discard ")]
    if discards:
        shown.append("discard " + " ".join(symbol(c) for c in discards)
                     + f"  (type the card, e.g. {discards[0].lower()})")
    return " · ".join(shown)


def _draw(seat: int, event: Event, me: int | None) -> str:
    you = seat == me
    if event["action"] == "draw stock":
        return f"{'draw' if you else 'draws'} from the stock"
    return f"{'take' if you else 'takes'} {symbol(event['card'])} from the discard pile"


def _action(event: Event, me: int | None, then: Event | None) -> str:
    seat = event["seat"]
    you = seat == me
    name = seat_name(seat, me)
    action = event["action"]
    if action.startswith("draw"):
        text = _draw(seat, event, me)
        if then is not None:
            text += f" and {'discard' if you else 'discards'} {symbol(then['action'].split()[1])}"
        return f"{name} {text}"
    if action.startswith("discard"):
        return f"{name} {'discard' if you else 'discards'} {symbol(action.split()[1])}"
    if action == "knock":
        return f"{name} {'knock' if you else 'knocks'}: everyone else has one last turn."
    if action == "throw down":
        return f"{name} {'throw' if you else 'throws'} down!"
    if action == "decline":
        return f"{name} {'decline' if you else 'declines'} the throw-down."
    return f"{name}: {action}"


def _possessive(seat: int, me: int | None) -> str:
    return "your" if seat == me else f"{seat_name(seat, me)}'s"


def _showdown(event: Event, me: int | None) -> list[str]:
    reason = event["reason"]
    knocker = event["knocker"]
    thirty = event["thirty_one"]
    if reason == "31":
        who = " and ".join(seat_name(s, me) for s in thirty)
        head = f"31! {who} {'has' if len(thirty) == 1 else 'have'} 31: everyone else loses a life."
    elif reason == "knock":
        head = f"Showdown after {_possessive(knocker, me)} knock:"
    elif reason == "throw_down":
        head = f"Showdown: {seat_name(knocker, me)} threw down:"
    else:
        head = "The stock is used up: showdown" + (
            f" ({seat_name(knocker, me)} had knocked):" if knocker is not None else ":")
    lines = [head]
    lost = event["lives_lost"]
    for key in sorted(event["hands"], key=int):
        seat = int(key)
        marks = []
        if seat in thirty:
            marks.append("31!")
        elif event["lowest"] is not None and event["values"][key] == event["lowest"]:
            marks.append("lowest")
        if seat == knocker:
            marks.append("knocked" if reason != "throw_down" else "threw down")
        if key in lost:
            loses = "lose" if seat == me else "loses"
            marks.append(f"{loses} {'1 life' if lost[key] == 1 else f'{lost[key]} lives'}")
        mark = "  ◀ " + ", ".join(marks) if marks else ""
        lines.append(f"   {seat_name(seat, me):<8} {cards(event['hands'][key]):<14}"
                     f" {number(event['values'][key]):>4}{mark}")
    if not lost:
        lines.append("   Nobody loses a life.")
    return lines


def _life(event: Event, me: int | None) -> str:
    seat = event["seat"]
    you = seat == me
    name = seat_name(seat, me)
    if event["eliminated"]:
        return f"   {name} {'are' if you else 'is'} out of the match."
    if event["lives"] == 0:
        return f"   {name} {'are' if you else 'is'} on the county now (the next loss is out)."
    return f"   {name} {'have' if you else 'has'} {lives_text(event['lives'])} left."


def render_events(events: Sequence[Event], me: int | None) -> list[str]:
    lines: list[str] = []
    skip = False
    for i, event in enumerate(events):
        if skip:
            skip = False
            continue
        kind = event["type"]
        if kind == "deal":
            dealer = event["dealer"]
            deals = "deal" if dealer == me else "deals"
            lines.append(f"── Deal {event['deal'] + 1}: {seat_name(dealer, me)} {deals};"
                         f" the discard pile starts with {symbol(event['discard'])} ──")
        elif kind == "action":
            then = events[i + 1] if i + 1 < len(events) else None
            joined = (event["action"].startswith("draw") and then is not None
                      and then.get("type") == "action" and then["seat"] == event["seat"]
                      and then["action"].startswith("discard"))
            lines.append(_action(event, me, then if joined else None))
            skip = joined
        elif kind == "reshuffle":
            lines.append(f"The stock is empty: {plural(event['cards'], 'card')} of the discard"
                         " pile (all but the top) are shuffled into a new stock.")
        elif kind == "showdown":
            lines += _showdown(event, me)
        elif kind == "life":
            later = events[i + 1] if i + 1 < len(events) else {}
            if later.get("type") != "life" or later["seat"] != event["seat"]:
                lines.append(_life(event, me))
        elif kind == "match_over":
            lines.append("The match is over.")
    return lines


def render_result(result: dict[str, Any], me: int | None) -> list[str]:
    winner = result["winner"]
    deals = plural(result["deals"], "deal")
    head = f"You win the match after {deals}!" if winner == me \
        else f"{seat_name(winner, me)} wins the match after {deals}."
    out = result["eliminated_order"]
    lives = " · ".join(
        f"{seat_name(s, me)} {'out' if s in out else lives_text(n) if n else 'on the county'}"
        for s, n in enumerate(result["lives"]))
    order = ", ".join(seat_name(s, me) for s in out)
    return [head, f"Final lives: {lives}", f"Out, in order: {order}"]


def render_hand(view: ScatView) -> str:
    if "hand" not in view:
        return "-"
    value = view.get("hand_value")
    return f"{cards(view['hand']):<14} {'' if value is None else number(value)}".rstrip()


RENDERER = Renderer(lambda view: render_view(scat_view(view)), render_events, render_result,
                    lambda view: render_hand(scat_view(view)), render_actions)

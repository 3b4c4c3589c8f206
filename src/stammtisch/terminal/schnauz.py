"""Schnauz in the terminal: lives per seat, the table, your hand and its value."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stammtisch.core.game import Event
from stammtisch.games.schnauz_types import SchnauzView, schnauz_view
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

_REASONS = {
    "knock": "after a knock",
    "combination": "a Fire or a Schnauz ends the round",
    "short_stock": "the stock is too short for a new table",
}


def render_view(view: SchnauzView) -> list[str]:
    me = view["seat"]
    lines = [f"Deal {view['deal'] + 1} · stock {plural(view['stock_size'], 'card')}"]
    for seat in range(view["num_players"]):
        name = seat_name(seat, me)
        status = lives_status(view, seat, "swimming", view["swimming"])
        marks = ", ".join(turn_marks(view, seat))
        lines.append(f"   {name:<8} {status:<10} {marks}".rstrip())
    if view["phase"] == "dealer_choice":
        lines.append("Table:       (not laid yet)")
    else:
        lines.append(f"Table:       {cards(view['table'])}")
    if view["out_of_play"]:
        lines.append(f"Out of play: {cards(view['out_of_play'])}")
    if "hand" in view:
        lines.append(f"Your hand:   {cards(view['hand'])}   = {view['hand_value']}")
    knocker = view["knocker"]
    if knocker is not None and view["phase"] == "play":
        who = "You" if knocker == me else seat_name(knocker, me)
        lines.append(f"{who} knocked: everyone else has one last turn.")
    elif view["passes"] and view["phase"] == "play":
        lines.append(f"Passes in a row: {view['passes']} (when all pass, a new table is laid).")
    if view["legal_actions"]:
        if view["phase"] == "dealer_choice":
            lines += ["You deal: keep your hand (the table comes from the stock), or swap it",
                      "for three unseen stock cards (your old hand becomes the table)."]
        lines.append("Your turn: " + render_actions(view["legal_actions"]))
    elif view["to_act"] is not None:
        lines.append(f"{seat_name(view['to_act'], me)} to act.")
    return lines


def render_actions(legal: list[str]) -> str:
    shown = []
    if any(len(a.split()) == 3 and a != "swap all" for a in legal):
        shown.append("swap <your card> <table card>")
    shown += [a for a in legal if len(a.split()) < 3 or a == "swap all"]
    return " · ".join(shown)


def _action(seat: int, action: str, me: int | None) -> str:
    you = seat == me
    words = action.split()
    if action == "keep":
        text = "keep your hand" if you else "keeps the hand"
    elif action == "swap":
        text = ("take three new cards from the stock" if you
                else "takes three new cards from the stock") + "; the old hand is the table"
    elif action == "swap all":
        text = ("swap" if you else "swaps") + " all three cards with the table"
    elif words[0] == "swap":
        text = f"{'swap' if you else 'swaps'} {symbol(words[1])} for {symbol(words[2])}"
    elif action in ("pass", "knock"):
        text = action if you else action + ("es" if action == "pass" else "s")
    else:
        text = action
    return f"{seat_name(seat, me)} {text}"


def _showdown(event: Event, me: int | None) -> list[str]:
    reason = _REASONS.get(event["reason"], event["reason"])
    if event["reason"] == "knock" and event["knocker"] is not None:
        knocker = event["knocker"]
        reason = "after your knock" if knocker == me else f"after {seat_name(knocker, me)}'s knock"
    lines = [f"Showdown, {reason}:"]
    for key in sorted(event["hands"], key=int):
        seat = int(key)
        mark = "  ◀ lowest" if seat == event["lowest"] else ""
        lines.append(f"   {seat_name(seat, me):<8} {cards(event['hands'][key]):<14}"
                     f" {event['labels'][key]}{mark}")
    return lines


def _life(event: Event, me: int | None) -> str:
    seat = event["seat"]
    you = seat == me
    name = seat_name(seat, me)
    loses = "lose" if you else "loses"
    if event["eliminated"]:
        return f"   {name} {loses} while swimming: out of the match."
    if event["lives"] == 0:
        return f"   {name} {loses} the last life and {'swim' if you else 'swims'}" \
            " (the next loss is out)."
    return f"   {name} {loses} a life ({lives_text(event['lives'])} left)."


def render_events(events: Sequence[Event], me: int | None) -> list[str]:
    lines: list[str] = []
    for event in events:
        kind = event["type"]
        if kind == "deal":
            dealer = event["dealer"]
            deals = "deal" if dealer == me else "deals"
            lines.append(f"── Deal {event['deal'] + 1}: {seat_name(dealer, me)} {deals} ──")
        elif kind == "action":
            lines.append(_action(event["seat"], event["action"], me))
        elif kind == "table":
            if event["why"] == "all_passed":
                lines.append("All passed: the table goes out of play; new table "
                             f"{cards(event['cards'])}")
            else:
                lines.append(f"Table: {cards(event['cards'])}")
        elif kind == "reshuffle":
            lines.append(f"The stock ran short: {plural(event['cards'], 'card')} from out of"
                         " play are shuffled back in.")
        elif kind == "showdown":
            lines += _showdown(event, me)
        elif kind == "life":
            lines.append(_life(event, me))
        elif kind == "match_over":
            lines.append("The match is over.")
    return lines


def render_result(result: dict[str, Any], me: int | None) -> list[str]:
    winner = result["winner"]
    deals = plural(result["deals"], "deal")
    head = f"You win the match after {deals}!" if winner == me \
        else f"{seat_name(winner, me)} wins the match after {deals}."
    lives = " · ".join(
        f"{seat_name(s, me)} {'out' if s in result['eliminated_order'] else n}"
        for s, n in enumerate(result["lives"]))
    order = ", ".join(seat_name(s, me) for s in result["eliminated_order"])
    return [head, f"Final lives: {lives}", f"Out, in order: {order}"]


def render_hand(view: SchnauzView) -> str:
    if "hand" not in view:
        return "-"
    return f"{cards(view['hand']):<14} {view['hand_value']}"


RENDERER = Renderer(lambda view: render_view(schnauz_view(view)), render_events, render_result,
                    lambda view: render_hand(schnauz_view(view)), render_actions)

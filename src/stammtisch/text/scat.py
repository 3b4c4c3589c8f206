"""Scat as text: lives, the discard pile and stock, your hand and its value.

What the others did is told from the events only: a stock draw is an unseen
card, a discard-pile draw names its card. Hands appear at the showdown.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.cards import parse_cards
from stammtisch.core.game import Event
from stammtisch.games.scat import hand_value
from stammtisch.games.scat_types import ScatView, scat_view
from stammtisch.i18n import about, t
from stammtisch.text.render import Renderer
from stammtisch.text.words import (
    cards,
    cards_count,
    deal_line,
    labelled,
    lives_status,
    lives_text,
    match_over,
    result_lines,
    seat_name,
    symbol,
    to_act,
    turn_marks,
    your_turn,
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
        marks.append(t("term.scat.declined"))
    known = view["known_cards"].get(str(seat))
    if known and seat != view["seat"]:
        marks.append(t("term.scat.holds", cards=cards(known)))
    return ", ".join(marks)


def _pile(view: ScatView) -> str:
    top = view["discard_top"]
    if top is None:
        return t("term.scat.pile_empty")
    return t("term.scat.pile", card=symbol(top), cards=cards_count(len(view["discard_pile"])))


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
    lines = [t("term.scat.discard_help", list="   ".join(parts))]
    if taken:
        lines.append(t("term.scat.taken", card=symbol(taken)))
    return lines


def _draw_help(view: ScatView, legal: list[str]) -> str:
    top = view["discard_top"]
    text = t("term.scat.draw_take", card=symbol(top)) if top else t("term.scat.draw")
    return text + (" " + t("term.scat.draw_knock") if "knock" in legal else "")


def render_view(view: ScatView) -> list[str]:
    me = view["seat"]
    lines = [f"{t('ui.deal_n', n=view['deal'] + 1)} · {t('ui.stock')} "
             f"{cards_count(view['stock_size'])} · {_pile(view)}"]
    names = [seat_name(seat, me) for seat in range(view["num_players"])]
    width = max(8, *map(len, names))
    for seat, name in enumerate(names):
        status = lives_status(view, seat, t("term.scat.county"), view["on_the_county"])
        lines.append(f"   {name:<{width}} {status:<14} {_marks(view, seat)}".rstrip())
    phase = view["phase"]
    if "hand" in view:
        value = view.get("hand_value")
        shown = f"   = {number(value)}" if value is not None else ""
        lines.append(labelled(t("ui.your_hand"), f"{cards(view['hand'])}{shown}"))
    elif phase == "throw_down" and me is not None and not view["eliminated"][me]:
        lines.append(labelled(t("ui.your_hand"), t("term.scat.face_down")))
    elif me is not None and view["eliminated"][me]:
        lines.append(t("term.scat.watching"))
    knocker = view["knocker"]
    if knocker is not None and phase in ("draw", "discard"):
        lines.append(about("term.knocked", knocker == me, who=seat_name(knocker, me)))
    legal = view["legal_actions"]
    if legal:
        if phase == "throw_down":
            lines += textwrap.wrap(t("term.scat.throw_down_help"), 88)
        elif phase == "draw":
            lines.append(_draw_help(view, legal))
        elif phase == "discard":
            lines += _discard_help(view)
        lines.append(your_turn(render_actions(legal)))
    elif view["to_act"] is not None:
        lines.append(to_act(view["to_act"], me))
    return lines


def render_actions(legal: list[str]) -> str:
    discards = [a.split()[1] for a in legal if a.startswith("discard ")]
    shown = [a for a in legal if not a.startswith("discard ")]
    if discards:
        shown.append("discard " + " ".join(symbol(c) for c in discards)
                     + "  " + t("term.scat.discard_type", example=discards[0].lower()))
    return " · ".join(shown)


def _action(event: Event, me: int | None, then: Event | None) -> str:
    seat = event["seat"]
    you, who = seat == me, seat_name(seat, me)
    action = event["action"]
    if action.startswith("draw"):
        out = {} if then is None else {"out": symbol(then["action"].split()[1])}
        key = "term.scat.draw_stock" if action == "draw stock" else "term.scat.take"
        return about(key + ("_discard" if out else ""), you, who=who,
                     card=symbol(event.get("card") or ""), **out)
    if action.startswith("discard"):
        return about("term.scat.discard", you, who=who, card=symbol(action.split()[1]))
    if action in ("knock", "throw down", "decline"):
        return about(f"term.scat.{action.replace(' ', '_')}", you, who=who)
    return f"{who}: {action}"


def _showdown_head(event: Event, me: int | None) -> str:
    reason = event["reason"]
    knocker = event["knocker"]
    you, who = knocker == me, seat_name(knocker, me)
    if reason == "31":
        thirty = event["thirty_one"]
        if len(thirty) > 1:
            return t("term.scat.thirty_one_many", names=", ".join(seat_name(s, me) for s in thirty))
        return about("term.scat.thirty_one", thirty[0] == me, who=seat_name(thirty[0], me))
    if reason == "knock":
        return about("term.scat.showdown_knock", you, who=who)
    if reason == "throw_down":
        return about("term.scat.showdown_throw", you, who=who)
    if knocker is not None:
        return about("term.scat.showdown_empty_knock", you, who=who)
    return t("term.scat.showdown_empty")


def _showdown(event: Event, me: int | None) -> list[str]:
    reason = event["reason"]
    knocker = event["knocker"]
    thirty = event["thirty_one"]
    lines = [_showdown_head(event, me)]
    lost = event["lives_lost"]
    for key in sorted(event["hands"], key=int):
        seat = int(key)
        marks = []
        if seat in thirty:
            marks.append("31!")
        elif event["lowest"] is not None and event["values"][key] == event["lowest"]:
            marks.append(t("term.lowest"))
        if seat == knocker:
            marks.append(t("ui.knocked") if reason != "throw_down"
                         else t("term.scat.threw_down"))
        if key in lost:
            marks.append(about("term.scat.loses", seat == me, n=lost[key]))
        mark = "  ◀ " + ", ".join(marks) if marks else ""
        lines.append(f"   {seat_name(seat, me):<8} {cards(event['hands'][key]):<14}"
                     f" {number(event['values'][key]):>4}{mark}")
    if not lost:
        lines.append("   " + t("term.scat.nobody_loses"))
    return lines


def _life(event: Event, me: int | None) -> str:
    seat = event["seat"]
    you, who = seat == me, seat_name(seat, me)
    if event["eliminated"]:
        return "   " + about("term.scat.out", you, who=who)
    if event["lives"] == 0:
        return "   " + about("term.scat.on_county", you, who=who)
    return "   " + about("log.life", you, who=who, lives=lives_text(event["lives"]),
                          n=event["lives"])


def render_events(events: Sequence[Event], me: int | None) -> list[str]:
    lines: list[str] = []
    skip = False
    for i, event in enumerate(events):
        if skip:
            skip = False
            continue
        kind = event["type"]
        if kind == "deal":
            lines.append(deal_line(event["deal"], event["dealer"], me,
                                   t("term.scat.pile_starts", card=symbol(event["discard"]))))
        elif kind == "action":
            then = events[i + 1] if i + 1 < len(events) else None
            joined = (event["action"].startswith("draw") and then is not None
                      and then.get("type") == "action" and then["seat"] == event["seat"]
                      and then["action"].startswith("discard"))
            lines.append(_action(event, me, then if joined else None))
            skip = joined
        elif kind == "reshuffle":
            lines.append(t("term.scat.reshuffle", n=event["cards"]))
        elif kind == "showdown":
            lines += _showdown(event, me)
        elif kind == "life":
            later = events[i + 1] if i + 1 < len(events) else {}
            if later.get("type") != "life" or later["seat"] != event["seat"]:
                lines.append(_life(event, me))
        elif kind == "match_over":
            lines.append(match_over())
    return lines


def render_result(result: dict[str, Any], me: int | None) -> list[str]:
    out = result["eliminated_order"]
    lives = " · ".join(
        f"{seat_name(s, me)} "
        f"{t('ui.out') if s in out else lives_text(n) if n else t('term.scat.county')}"
        for s, n in enumerate(result["lives"]))
    return result_lines(result, me, lives)


def render_hand(view: ScatView) -> str:
    if "hand" not in view:
        return "-"
    value = view.get("hand_value")
    return f"{cards(view['hand']):<14} {'' if value is None else number(value)}".rstrip()


RENDERER = Renderer(lambda view: render_view(scat_view(view)), render_events, render_result,
                    lambda view: render_hand(scat_view(view)), render_actions)

"""Schnauz as text: lives per seat, the table, your hand and its value."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from stammtisch.core.game import Event
from stammtisch.games.schnauz_types import SchnauzView, schnauz_view
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

_REASONS = ("knock", "combination", "short_stock")
_LABELS = {"Fire": "term.schnauz.fire", "Schnauz (31)": "term.schnauz.schnauz"}
"""The engine's names of the hands that end a round at once, to be said in words."""


def hand_label(label: str) -> str:
    """The engine's label of a hand (``18``, ``30½``, ``Fire``) in the current language."""
    return t(_LABELS[label]) if label in _LABELS else label


def render_view(view: SchnauzView) -> list[str]:
    me = view["seat"]
    lines = [f"{t('ui.deal_n', n=view['deal'] + 1)} · {t('ui.stock')} "
             f"{cards_count(view['stock_size'])}"]
    names = [seat_name(seat, me) for seat in range(view["num_players"])]
    width = max(8, *map(len, names))
    for seat, name in enumerate(names):
        status = lives_status(view, seat, t("ui.swimming"), view["swimming"])
        marks = ", ".join(turn_marks(view, seat))
        lines.append(f"   {name:<{width}} {status:<10} {marks}".rstrip())
    if view["phase"] == "dealer_choice":
        lines.append(labelled(t("ui.table"), t("term.schnauz.not_laid")))
    else:
        lines.append(labelled(t("ui.table"), cards(view["table"])))
    if view["out_of_play"]:
        lines.append(labelled(t("ui.out_of_play"), cards(view["out_of_play"])))
    if "hand" in view:
        lines.append(labelled(t("ui.your_hand"),
                              f"{cards(view['hand'])}   = {hand_label(view['hand_value'])}"))
    knocker = view["knocker"]
    if knocker is not None and view["phase"] == "play":
        lines.append(about("term.knocked", knocker == me, who=seat_name(knocker, me)))
    elif view["passes"] and view["phase"] == "play":
        lines.append(t("term.schnauz.passes", n=view["passes"]))
    if view["legal_actions"]:
        if view["phase"] == "dealer_choice":
            lines += textwrap.wrap(t("term.schnauz.dealer_choice"), 80)
        lines.append(your_turn(render_actions(view["legal_actions"])))
    elif view["to_act"] is not None:
        lines.append(to_act(view["to_act"], me))
    return lines


def render_actions(legal: list[str]) -> str:
    shown = []
    if any(len(a.split()) == 3 and a != "swap all" for a in legal):
        shown.append(t("term.schnauz.swap_pattern"))
    shown += [a for a in legal if len(a.split()) < 3 or a == "swap all"]
    return " · ".join(shown)


def _action(seat: int, action: str, me: int | None) -> str:
    you, who = seat == me, seat_name(seat, me)
    words = action.split()
    if action == "pass":
        return about("term.schnauz.pass", you, who=who)
    if action in ("keep", "swap", "knock"):
        return about(f"term.schnauz.{action}", you, who=who)
    if action == "swap all":
        return about("term.schnauz.swap_all", you, who=who)
    if words[0] == "swap":
        return about("term.schnauz.swap_one", you, who=who, a=symbol(words[1]),
                     b=symbol(words[2]))
    return f"{who} {action}"


def _showdown(event: Event, me: int | None) -> list[str]:
    reason = event["reason"]
    why = t(f"term.schnauz.reason.{reason}") if reason in _REASONS else reason
    if reason == "knock" and event["knocker"] is not None:
        knocker = event["knocker"]
        why = about("term.schnauz.reason.knock_by", knocker == me, who=seat_name(knocker, me))
    lines = [t("term.schnauz.showdown", reason=why)]
    for key in sorted(event["hands"], key=int):
        seat = int(key)
        mark = "  ◀ " + t("term.lowest") if seat == event["lowest"] else ""
        lines.append(f"   {seat_name(seat, me):<8} {cards(event['hands'][key]):<14}"
                     f" {hand_label(event['labels'][key])}{mark}")
    return lines


def _life(event: Event, me: int | None) -> str:
    seat = event["seat"]
    you, who = seat == me, seat_name(seat, me)
    if event["eliminated"]:
        return "   " + about("term.schnauz.out", you, who=who)
    if event["lives"] == 0:
        return "   " + about("term.schnauz.swims", you, who=who)
    return "   " + about("term.schnauz.life", you, who=who, lives=lives_text(event["lives"]))


def render_events(events: Sequence[Event], me: int | None) -> list[str]:
    lines: list[str] = []
    for event in events:
        kind = event["type"]
        if kind == "deal":
            lines.append(deal_line(event["deal"], event["dealer"], me))
        elif kind == "action":
            lines.append(_action(event["seat"], event["action"], me))
        elif kind == "table":
            if event["why"] == "all_passed":
                lines.append(t("term.schnauz.all_passed", cards=cards(event["cards"])))
            else:
                lines.append(f"{t('ui.table')}: {cards(event['cards'])}")
        elif kind == "reshuffle":
            lines.append(t("term.schnauz.reshuffle", n=event["cards"]))
        elif kind == "showdown":
            lines += _showdown(event, me)
        elif kind == "life":
            lines.append(_life(event, me))
        elif kind == "match_over":
            lines.append(match_over())
    return lines


def render_result(result: dict[str, Any], me: int | None) -> list[str]:
    lives = " · ".join(
        f"{seat_name(s, me)} {t('ui.out') if s in result['eliminated_order'] else n}"
        for s, n in enumerate(result["lives"]))
    return result_lines(result, me, lives)


def render_hand(view: SchnauzView) -> str:
    if "hand" not in view:
        return "-"
    return f"{cards(view['hand']):<14} {hand_label(view['hand_value'])}"


RENDERER = Renderer(lambda view: render_view(schnauz_view(view)), render_events, render_result,
                    lambda view: render_hand(schnauz_view(view)), render_actions)

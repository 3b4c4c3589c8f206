"""What the start page offers: each game with its options (as form fields, grouped),
the two presets, and the computer levels with their stated weaknesses.

Option labels and plain-words explanations live with the page's languages
(web/i18n/<lang>.json); the field kinds, groups and presets live here, next to the
engine's option tables, and are checked against them by the tests.
"""

from __future__ import annotations

import ast
import re
from typing import Any

import stammtisch
from stammtisch.bots.registry import levels
from stammtisch.core.game import GameInfo
from stammtisch.core.options import OptionSpec
from stammtisch.errors import OptionError
from stammtisch.server.hints import hint_available

GROUPS: dict[str, dict[str, tuple[str, ...]]] = {
    "schnauz": {
        "table": ("num_players", "lives", "deck_variant", "first_dealer"),
        "knocking": ("knock_allowed_first_round", "knocker_lowest_penalty"),
        "special": ("dealt_combo_check", "short_stock_on_all_pass", "fire_effect"),
    },
    "scat": {
        "table": ("num_players", "lives", "first_dealer"),
        "hands": ("three_of_a_kind", "three_of_a_kind_value", "straight_flush",
                  "straight_flush_ace_low"),
        "knocking": ("min_knock_score", "knock_allowed_first_round", "knocker_lowest_penalty"),
        "special": ("throw_down", "empty_stock"),
    },
    "schnapsen": {
        "table": ("match_target", "first_dealer", "deck_size", "hand_size"),
        "play": ("follow_suit_mode", "strict_must_head", "strict_must_trump",
                 "marriage_after_close_or_exhaustion", "end_mode", "claim_mode"),
        "scoring": ("schneider_max_points", "schwarz_basis", "first_to_66_award",
                    "no_66_result", "closed_score_snapshot", "closer_fail_award",
                    "last_trick_bonus"),
    },
    "schmier": {
        "table": ("partnerships", "target_score", "first_dealer"),
        "auction": ("min_bid", "max_bid", "stick_the_dealer", "dealer_may_equal_high_bid"),
        "play": ("max_discard", "trump_anytime"),
        "scoring": ("game_point_tie", "unresolved_tie"),
    },
}
"""Option groups per game, in the order the start page shows them."""

PRESETS: dict[str, dict[str, dict[str, Any]]] = {
    "schnauz": {"rules": {}, "traditional": {
        "fire_effect": "all_others_lose", "knocker_lowest_penalty": 2}},
    "scat": {"rules": {}, "traditional": {
        "three_of_a_kind": True, "three_of_a_kind_value": 30.5}},
    "schnapsen": {"rules": {}, "traditional": {
        "schneider_max_points": 32, "schwarz_basis": "tricks", "no_66_result": "last_trick",
        "closer_fail_award": "traditional", "marriage_after_close_or_exhaustion": True,
        "claim_mode": "manual"}},
    "schmier": {"rules": {}, "traditional": {
        "partnerships": "2x3", "dealer_may_equal_high_bid": True, "trump_anytime": True}},
}
"""``rules``: as the rules files describe (the defaults); ``traditional``: the common
house rules the rules files name as traditional or common variants."""

TABLE_LIMITS: dict[str, int] = {"lives": 20, "target_score": 100, "match_target": 50}
"""Highest values the web table takes for options the rules leave open above ("an
integer >= 1"): a match of 10^300 lives never ends. The engine itself keeps the rules'
ranges; the start page shows these maxima."""


def check_table_limits(info: GameInfo, options: dict[str, Any]) -> None:
    """Refuse an option above the table's maximum (or not an integer where one is due)."""
    for spec in info.options:
        high = TABLE_LIMITS.get(spec.name)
        value = options.get(spec.name)
        if high is not None and isinstance(value, int) and value > high:
            raise OptionError(spec.name, f"an integer from 1 to {high} at the web table",
                              value=value if value < 10**9 else "more", game=info.name)


_RANGE = re.compile(r"an integer from (\d+) to (\d+)|an integer >= (\d+)")


def field(spec: OptionSpec) -> dict[str, Any]:
    """An option as a form field: its kind and what it may be."""
    out: dict[str, Any] = {"name": spec.name, "doc": spec.doc,
                           "default": None if spec.required else spec.default}
    found = _RANGE.fullmatch(spec.allowed)
    if spec.allowed == "true or false":
        out["kind"] = "bool"
    elif spec.allowed.startswith("a seat number"):
        out["kind"] = "seat"
    elif found:
        low = int(found.group(1) or found.group(3))
        high = int(found.group(2)) if found.group(2) else TABLE_LIMITS.get(spec.name)
        out.update(kind="int", min=low, max=high)
    else:
        out.update(kind="choice", values=list(ast.literal_eval(f"[{spec.allowed}]")))
    return out


def _seats(info: GameInfo) -> dict[str, Any]:
    return {"min": info.min_players, "max": info.max_players,
            "option": "num_players" if any(s.name == "num_players" for s in info.options)
            else None}


def game_entry(info: GameInfo) -> dict[str, Any]:
    groups = GROUPS.get(info.name, {})
    grouped = {name for names in groups.values() for name in names}
    rest = tuple(s.name for s in info.options if s.name not in grouped)
    return {
        "name": info.name, "title": info.title, "summary": info.summary,
        "players": _seats(info),
        "options": [field(spec) for spec in info.options],
        "groups": [{"name": g, "options": list(names)}
                   for g, names in (*groups.items(), *([("other", rest)] if rest else []))],
        "presets": PRESETS.get(info.name, {"rules": {}}),
        "levels": [{"name": level.name, "description": level.description}
                   for level in levels(info.name) if not level.hidden],
        "hint": hint_available(info.name),
    }


def catalog() -> list[dict[str, Any]]:
    return [game_entry(info) for info in stammtisch.games()]

"""The renderers' text helpers under the terminal's name: they live in
:mod:`stammtisch.text.words`."""

from __future__ import annotations

from stammtisch.text.words import (
    KnockingView,
    action_label,
    cards,
    cards_count,
    deal_line,
    is_card_list,
    is_code,
    labelled,
    lives_status,
    lives_text,
    match_over,
    result_lines,
    seat_name,
    suit_word,
    symbol,
    to_act,
    turn_marks,
    with_symbols,
    your_turn,
)

__all__ = ["KnockingView", "action_label", "cards", "cards_count", "deal_line",
           "is_card_list", "is_code", "labelled", "lives_status", "lives_text", "match_over",
           "result_lines", "seat_name", "suit_word", "symbol", "to_act", "turn_marks",
           "with_symbols", "your_turn"]

"""The undo rule's card sight: every card code in a view or events, and nothing else."""

from __future__ import annotations

from stammtisch.server.reveal import card_codes, seen_cards


def test_card_codes_are_found_anywhere() -> None:
    view = {"hand": ["AS", "TD"], "table": {"cards": ["JK"]}, "phase": "play",
            "legal_actions": ["swap 7H QC", "pass"], "hand_value": "21", "seat": 2}
    assert card_codes(view) == {"AS", "TD", "JK", "7H", "QC"}


def test_words_that_only_look_like_cards_are_not_cards() -> None:
    assert card_codes({"reason": "knock", "who": "AS is a word", "n": "10H"}) == {"AS"}


def test_seen_cards_joins_view_and_events() -> None:
    events = [{"type": "action", "seat": 1, "action": "play KH"}]
    assert seen_cards({"hand": ["QH"]}, events) == {"QH", "KH"}

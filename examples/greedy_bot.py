"""A bot for every stammtisch game in a few lines: it scores each legal action text
with a tiny rule and plays the best (ties broken by its seed, so a match repeats).

    stammtisch arena schnapsen --players examples.greedy_bot:GreedyBot,club --matches 20
"""

from __future__ import annotations

import random
from typing import Any

RANKS = "23456789TJQKA"  # a card code is rank then suit: "TH", "7S", "JK" (the joker)


def suit_sum(cards: list[str]) -> int:
    """Schnauz and Scat count one suit: ace 11, faces and ten 10, else the pips."""
    sums: dict[str, int] = {}
    for card in cards:
        pips = min(RANKS.index(card[0]) + 2, 10) + (card[0] == "A")
        sums[card[1]] = sums.get(card[1], 0) + pips
    return max(sums.values(), default=0)


class GreedyBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        return max(legal, key=lambda action: (self.score(action, view), self.rng.random()))

    def score(self, action: str, view: dict[str, Any]) -> float:
        word, *cards = action.split()
        hand: list[str] = view.get("hand", [])
        suits = [card[1] for card in hand]
        if word == "swap" and len(cards) == 2:    # Schnauz: the hand after the swap
            return suit_sum([c for c in hand if c != cards[0]] + [cards[1]])
        if action == "swap all":
            return suit_sum(view["table"])
        if word == "discard" and view["game"] == "scat":  # the hand after it
            return suit_sum([c for c in hand if c != cards[0]])
        if word == "discard":                     # Schmier: away with low non-trumps
            return sum(5 - RANKS.index(c[0]) for c in cards)
        if action == "draw discard":              # Scat: a top card that adds 5 or more
            return suit_sum([*hand, view["discard_top"]]) - suit_sum(hand) - 5
        if word == "pass" and view["game"] == "schnauz":  # unless a swap is better
            return suit_sum(hand)
        if word == "knock" or action == "claim":  # only with a strong hand
            return 100 if suit_sum(hand) >= 27 or view.get("points", 0) >= 66 else -100
        if word == "play":                        # lead low, follow high
            following = bool((view.get("trick") or {}).get("cards"))
            return RANKS.index(cards[0][0]) * (1 if following else -1)
        if word == "bid":                         # the lowest bid with a long suit
            return 1 - int(cards[0]) / 10 if max(map(suits.count, suits), default=0) >= 4 else -1
        if word == "trump":
            return suits.count(cards[0])
        return {"marriage": 50, "exchange": 40, "keep": suit_sum(hand) - 20,
                "close": -50, "throw": -1}.get(word, 0)

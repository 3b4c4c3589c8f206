"""One short reason per action for the coach (bots/coach.py), read from the seat's view
and the action's facts: it keeps a suit, it wins the trick, it saves the trumps...

A reason is data, a ``code`` and its arguments (``{"code": "raises", "from": 18,
"to": 21}``); the page words it in its language (``coach.why.<code>``). ``None`` where
the facts give no reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from stammtisch.cards import iter_cards, parse_card, parse_cards, suit_of
from stammtisch.games import schmier, schnapsen

Reason = dict[str, Any]
SUITS = "CDHS"


def _one_suit(cards: list[str]) -> str | None:
    suits = {code[-1] for code in cards}
    return suits.pop() if len(cards) == 3 and len(suits) == 1 else None


def _change(before: Any, after: Any, cards: list[str]) -> Reason:
    """A thirty-one hand's value before and after a swap or a discard."""
    if after == 31:
        return {"code": "thirty_one"}
    suit = _one_suit(cards)
    if suit is not None and (before is None or after > before):
        return {"code": "builds_suit", "suit": suit, "value": after}
    if before is None:
        return {"code": "leaves", "value": after}
    if after > before:
        return {"code": "raises", "from": before, "to": after}
    if after < before:
        return {"code": "lowers", "from": before, "to": after}
    return {"code": "same_value", "value": after}


def schnauz_reason(view: Mapping[str, Any], action: str, facts: Mapping[str, Any],
                   now: Any) -> Reason | None:
    words = action.split()
    if words == ["keep"]:
        return {"code": "dealer_keep", "value": now}
    if words == ["swap"]:
        return {"code": "dealer_swap"}
    if words == ["pass"]:
        return {"code": "keeps_hand", "value": now}
    if words == ["knock"]:
        return {"code": "knock", "value": now}
    if words == ["swap", "all"]:
        return _change(now, facts.get("value"), list(view["table"]))
    if words[0] == "swap" and len(words) == 3:
        cards = [code for code in view["hand"] if code != words[1]] + [words[2]]
        return _change(now, facts.get("value"), cards)
    return None


def scat_reason(view: Mapping[str, Any], action: str, facts: Mapping[str, Any],
                now: Any) -> Reason | None:
    words = action.split()
    if words[0] == "discard":
        return _change(None, facts.get("value"), [c for c in view["hand"] if c != words[1]])
    if words == ["draw", "discard"] and view.get("discard_top"):
        return {"code": "takes_open", "card": view["discard_top"], "value": facts.get("value")}
    if words == ["draw", "stock"]:
        return {"code": "draws_blind"}
    if words == ["knock"]:
        return {"code": "knock", "value": now}
    if words == ["throw", "down"]:
        return {"code": "throw_down"}
    return None


def schnapsen_reason(view: Mapping[str, Any], action: str, facts: Mapping[str, Any],
                     _now: Any) -> Reason | None:
    words = action.split()
    trump = view["trump_suit"]
    if words[0] == "marriage":
        suit = words[1][-1]
        return {"code": "marriage", "suit": suit, "points": 40 if suit == trump else 20}
    if words == ["exchange"]:
        return {"code": "exchange", "card": view.get("trump_card")}
    if words == ["close"]:
        return {"code": "close"}
    if words[0] != "play":
        return None
    card = words[1]
    if "wins" in facts:
        lead = view["trick"]["cards"][0]
        if facts["wins"]:
            spends = card[-1] == trump and lead[-1] != trump
            return {"code": "trumps_trick" if spends else "wins_trick", "points": facts["points"]}
        holds_trump = any(code[-1] == trump for code in view["hand"])
        saves = holds_trump and card[-1] != trump
        return {"code": "saves_trump" if saves else "loses_trick", "points": facts["points"]}
    if card[-1] == trump:
        return {"code": "leads_trump"}
    if schnapsen.POINTS[parse_card(card)] >= 10:
        return {"code": "leads_high", "card": card}
    return {"code": "leads_low"}


def _schmier_trumps(hand: list[str], suit: str) -> int:
    trump = SUITS.index(suit)
    cards = parse_cards(" ".join(hand))
    return sum(1 for card in iter_cards(cards) if schmier.TRUMPS[trump] >> card & 1)


def schmier_reason(view: Mapping[str, Any], action: str, facts: Mapping[str, Any],
                   _now: Any) -> Reason | None:
    words = action.split()
    if words[0] == "bid":
        return {"code": "bid", "bid": int(words[1])}
    if words == ["pass"]:
        return {"code": "pass_bid"}
    if words[0] == "trump":
        return {"code": "names_trump", "suit": words[1],
                "count": _schmier_trumps(list(view["hand"]), words[1])}
    if words[0] == "discard":
        if len(words) == 1:
            return {"code": "stands"}
        return {"code": "discards", "count": len(words) - 1}
    if words[0] != "play":
        return None
    if "wins" in facts:
        return {"code": "wins_trick" if facts["wins"] else "loses_trick",
                "points": facts.get("points", 0)}
    trump = view.get("trump")
    if trump is None:
        return None
    card = parse_card(words[1])
    if schmier.TRUMPS[SUITS.index(trump)] >> card & 1:
        return {"code": "leads_trump"}
    return {"code": "leads_suit", "suit": SUITS[suit_of(card)]}


REASONS: dict[str, Callable[[Mapping[str, Any], str, Mapping[str, Any], Any], Reason | None]] = {
    "schnauz": schnauz_reason, "scat": scat_reason,
    "schnapsen": schnapsen_reason, "schmier": schmier_reason,
}
"""Each game's reason for an action: (view, action, its facts, the hand's value now)."""

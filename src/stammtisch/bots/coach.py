"""The coach of a guided deal: the expert's values as data, a few facts per action, and
a verdict on the action played.

Everything here is read from the seat's view (never a hidden card) and returned as
JSON-ready data; the page words it in the player's language. ``advise`` ranks every
legal action with the expert (:func:`stammtisch.bots.analysis.rank`) and adds what a
beginner can check with their own eyes: the hand's value after a swap or a discard
(Schnauz, Scat), whether a card takes the trick on the table and the points in it
(Schnapsen, Schmier), and a short reason per action (bots/reasons.py). ``lesson_advise``
is the coach's version in a guided deal: within the expert's noise it recommends what
the phase's rule line teaches. ``judge`` compares the action played with the expert's best.

The unit of a value: the chance to win the match for Schnapsen, to be last standing
for Schnauz and Scat (0..1, ``win``); the expected change of the team's score against
the others this deal for Schmier (``points``). A move is *weak* when it loses at least
``WEAK[game]`` of that unit against the expert's choice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypedDict

from stammtisch.bots.analysis import HINT_BUDGET, rank
from stammtisch.bots.reasons import REASONS
from stammtisch.cards import CardSet, bit, iter_cards, parse_card, parse_cards, to_set
from stammtisch.games import scat, schmier, schnapsen, schnauz
from stammtisch.games.scat_types import ScatView, scat_view
from stammtisch.games.schmier_types import SchmierView, schmier_view
from stammtisch.games.schnapsen_types import SchnapsenView, schnapsen_view
from stammtisch.games.schnauz_types import SchnauzView, schnauz_view

UNIT = {"schnauz": "win", "scat": "win", "schnapsen": "win", "schmier": "points"}
WEAK = {"schnauz": 0.05, "scat": 0.05, "schnapsen": 0.05, "schmier": 0.5}
"""The loss against the expert's choice from which a move counts as weak."""
NOISE = WEAK
"""Values closer than this are within the expert's noise: its search on another seed
often orders the two actions the other way round (a Scat discard's values move by
0.05 and more from seed to seed), so a lesson recommends the one its rule teaches."""

COACH_BUDGET = HINT_BUDGET
"""Seconds the expert may think per step of a guided deal."""
LESSON_WORK = 0.5
"""The share of the coach's budget its search is fixed to (what that many seconds of an
idle core hold, :class:`~stammtisch.bots.base.Repeatable`): a lesson's line is the same
on a machine up to twice slower than an idle one, busy or not, and the clock only a
safety net."""

class Facts(TypedDict, total=False):
    """What a beginner can check of one action (each game gives some of these)."""

    value: float | int
    """The hand's value after the action (Schnauz, Scat)."""
    wins: bool
    """Whether the card takes (Schnapsen) or leads (Schmier) the trick."""
    points: int
    """The card points in the trick with the card."""


def _scat_value(view: ScatView, hand: CardSet) -> float:
    options = view["options"]
    return scat.hand_value(
        hand, three_of_a_kind=options["three_of_a_kind"],
        three_of_a_kind_value=options["three_of_a_kind_value"],
        straight_flush=options["straight_flush"],
        straight_flush_ace_low=options["straight_flush_ace_low"])


def _number(value: float) -> float | int:
    return int(value) if value == int(value) else value


def schnauz_facts(view: SchnauzView, action: str) -> Facts:
    """The hand's value after a swap (the table's cards are open to everyone)."""
    hand = parse_cards(" ".join(view["hand"]))
    words = action.split()
    if words == ["swap", "all"]:
        hand = parse_cards(" ".join(view["table"]))
    elif words[0] == "swap" and len(words) == 3:
        hand = hand & ~bit(parse_card(words[1])) | bit(parse_card(words[2]))
    elif words[0] not in ("pass", "knock", "keep", "swap"):
        return {}
    if words == ["swap"]:
        return {}
    return {"value": _number(schnauz.hand_value(hand))}


def scat_facts(view: ScatView, action: str) -> Facts:
    """The hand's value after a discard, or the best one the open card allows."""
    hand = parse_cards(" ".join(view["hand"]))
    words = action.split()
    top = view["discard_top"]
    if words[0] == "discard":
        return {"value": _number(_scat_value(view, hand & ~bit(parse_card(words[1]))))}
    if words == ["draw", "discard"] and top:
        with_top = hand | bit(parse_card(top))
        best = max(_scat_value(view, with_top & ~bit(card)) for card in iter_cards(with_top))
        return {"value": _number(best)}
    if words[0] == "knock":
        return {"value": _number(_scat_value(view, hand))}
    return {}


def schnapsen_facts(view: SchnapsenView, action: str) -> Facts:
    """For a card played second: does it take the trick, and how many points are in it."""
    words = action.split()
    trick = view["trick"]
    if words[0] != "play" or trick is None or not trick["cards"]:
        return {}
    lead, card = parse_card(trick["cards"][0]), parse_card(words[1])
    trump = "CDHS".index(view["trump_suit"])
    return {"wins": schnapsen.takes(card, lead, trump),
            "points": schnapsen.POINTS[lead] + schnapsen.POINTS[card]}


def schmier_facts(view: SchmierView, action: str) -> Facts:
    """For a card played into a trick: would it lead the trick so far."""
    words = action.split()
    trick, trump_suit = view["trick"], view["trump"]
    if words[0] != "play" or not trick["cards"] or trump_suit is None:
        return {}
    cards = [parse_card(code) for code in trick["cards"]] + [parse_card(words[1])]
    trump = "CDHS".index(trump_suit)
    leads = schmier.trick_winner(cards, trump) == len(cards) - 1
    return {"wins": leads, "points": schmier.game_count(to_set(cards))}


FACTS: dict[str, Callable[[Mapping[str, Any], str], Facts]] = {
    "schnauz": lambda view, action: schnauz_facts(schnauz_view(view), action),
    "scat": lambda view, action: scat_facts(scat_view(view), action),
    "schnapsen": lambda view, action: schnapsen_facts(schnapsen_view(view), action),
    "schmier": lambda view, action: schmier_facts(schmier_view(view), action),
}
"""Each game's facts of an action, read from a view of that game (checked)."""


def advise(game: str, view: Mapping[str, Any], *, budget: float = COACH_BUDGET,
           seed: int = 0, planned: float | None = None) -> dict[str, Any] | None:
    """The coach's step (and the table's hint): the legal actions the expert weighed
    with its values, the highest first (``best``; Schmier's expert weighs only its
    likeliest discards: ``unweighed`` counts the rest), the facts of each, the unit
    and the weak threshold. ``None`` when the seat has nothing to choose or the game
    has no expert. Each action also has a ``reason`` (bots/reasons.py)."""
    legal = view.get("legal_actions") or []
    if not legal:
        return None
    ranked = rank(game, view, seed=seed, budget=budget, planned=planned) if len(legal) > 1 \
        else [(legal[0], 0.0)]
    if ranked is None:
        return None
    now = _now(game, view)
    entries = []
    for action, value in ranked:
        facts = FACTS[game](view, action)
        entries.append({"action": action, "value": round(value, 4), "facts": facts,
                        "reason": REASONS[game](view, action, facts, now.get("value"))})
    return {
        "phase": view.get("phase"), "unit": UNIT[game], "weak": WEAK[game],
        "best": ranked[0][0], "ranked": entries, "now": now,
        "unweighed": len(legal) - len(ranked),
    }


def _taught_key(game: str, phase: Any, entry: Mapping[str, Any]) -> float | None:
    """How well an action follows the rule line of its phase (coach.rule.* on the page;
    higher is better), ``None`` where the rule says nothing about it: the thirty-one
    games teach the hand's value in one suit, Schnapsen teaches its announcements."""
    action = str(entry["action"])
    if game in ("schnauz", "scat"):
        value = entry["facts"].get("value")
        return None if value is None else float(value)
    if game == "schnapsen" and phase == "open":
        return 1.0 if action.startswith(("marriage", "exchange")) else 0.0
    return None


def lesson_advise(game: str, view: Mapping[str, Any], *, budget: float = COACH_BUDGET,
                  seed: int = 0) -> dict[str, Any] | None:
    """The coach's step in a guided deal: :func:`advise`, but where an action the phase's
    rule line prefers is within the expert's ``NOISE`` of its best, that action is
    recommended (first, ``best``). Where the rule's choice is beyond the noise, the
    expert's stays first and ``taught`` names the rule's choice and the gap, so that
    the page can say why the expert prefers the other. The search is fixed to
    ``LESSON_WORK`` of the budget, so the lesson's line does not depend on the machine."""
    advice = advise(game, view, budget=budget, seed=seed, planned=LESSON_WORK * budget)
    if advice is None:
        return None
    advice["taught"] = None
    if len(advice["ranked"]) < 2:
        return advice
    ranked: list[dict[str, Any]] = advice["ranked"]
    keys = [_taught_key(game, advice["phase"], entry) for entry in ranked]
    if keys[0] is None:
        return advice
    top_value, top_key = ranked[0]["value"], keys[0]
    better = [i for i, key in enumerate(keys) if key is not None and key > top_key]
    if not better:
        return advice
    close = [i for i in better if top_value - ranked[i]["value"] <= NOISE[game]]
    if close:
        chosen = max(close, key=lambda i: (keys[i] or 0.0, ranked[i]["value"]))
        advice["ranked"] = [ranked[chosen]] + ranked[:chosen] + ranked[chosen + 1:]
        advice["best"] = ranked[chosen]["action"]
    else:
        chosen = max(better, key=lambda i: (keys[i] or 0.0, ranked[i]["value"]))
        advice["taught"] = {"action": ranked[chosen]["action"],
                            "gap": round(top_value - ranked[chosen]["value"], 4)}
    return advice


def _now(game: str, view: Mapping[str, Any]) -> Facts:
    """What the seat holds now, where a value says it (the thirty-one games, Schnauz and Scat)."""
    if game == "schnauz":
        hand = schnauz_view(view)["hand"]
        return {"value": _number(schnauz.hand_value(parse_cards(" ".join(hand))))}
    if game == "scat":
        scat_seat = scat_view(view)
        if len(scat_seat["hand"]) == 3:
            hand_set = parse_cards(" ".join(scat_seat["hand"]))
            return {"value": _number(_scat_value(scat_seat, hand_set))}
    return {}


def judge(advice: dict[str, Any], played: str) -> dict[str, Any]:
    """The verdict on ``played``: its loss against the expert's choice and whether that
    makes it a weak move. Values of one search are compared with each other only; an
    action the expert did not weigh has no value and no loss (``loss`` None)."""
    values = {entry["action"]: entry["value"] for entry in advice["ranked"]}
    best = advice["best"]
    value = values.get(played)
    loss = None if value is None else round(max(0.0, values[best] - value), 4)
    return {"played": played, "best": best, "loss": loss,
            "weak": played != best and loss is not None and loss >= advice["weak"],
            "value": value, "best_value": values[best], "unit": advice["unit"]}

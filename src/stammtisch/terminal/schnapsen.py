"""Schnapsen in the terminal: trump and talon, the trick, your points, the Bummerl.

Exchanging, closing, marriages and claims are actions in the notation; the
screen lists each one with what it does whenever it is legal. Only your own
points are shown (as at a real table); every deal's count is shown at its end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stammtisch.core.game import Event
from stammtisch.games.schnapsen_types import (
    Marriage,
    SchnapsenTrick,
    SchnapsenView,
    schnapsen_view,
)
from stammtisch.terminal.render import Renderer
from stammtisch.terminal.resolve import shortest
from stammtisch.terminal.text import cards, plural, seat_name, symbol

_SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _verb(seat: int | None, me: int | None, verb: str, third: str | None = None) -> str:
    """``You play`` / ``Seat 1 plays``."""
    if seat == me:
        return f"{seat_name(seat, me)} {verb}"
    return f"{seat_name(seat, me)} {third or verb + 's'}"


def bummerl(points: list[int], me: int | None, target: int | None = None) -> str:
    """The game points of the match: ``You 3 · Seat 1 2 (first to 7)``."""
    text = " · ".join(f"{seat_name(s, me)} {points[s]}" for s in (0, 1))
    return text + (f" (first to {target})" if target else "")


def _talon(view: SchnapsenView) -> str:
    me = view["seat"]
    trump = f"Trump {_SUITS[view['trump_suit']]}"
    t = view["talon_size"]
    if view["closed"]:
        who = "you" if view["closer"] == me else seat_name(view["closer"], me)
        return (f"{trump} · talon closed by {who} ({plural(t, 'card')} stay face down):"
                " no more drawing, follow suit")
    face_up = view["trump_card"]
    if t == 0 or face_up is None:
        return f"{trump} · talon used up: follow suit"
    return (f"{trump} · talon {plural(t, 'card')}, the trump card"
            f" {symbol(face_up)} face up at the bottom")


def _points(view: SchnapsenView) -> str:
    text = f"your points {view['points']}"
    if view["pending"]:
        text += f" (+{view['pending']} from a marriage, counted with your first trick)"
    return text


def _trick_text(trick: SchnapsenTrick, me: int | None) -> str:
    leader = trick["leader"]
    lead, follow = (symbol(c) for c in trick["cards"])
    other = 1 - leader
    return (f"{seat_name(leader, me)} {lead}, {seat_name(other, me)} {follow}"
            f" → {seat_name(trick['winner'], me)}")


def _marriage(m: Marriage, me: int | None) -> str:
    trumps = " in trumps" if m["points"] == 40 else ""
    return f"{seat_name(m['seat'], me)} {cards(m['cards'])} ({m['points']}{trumps})"


def _specials(view: SchnapsenView) -> list[str]:
    """What each non-play action does, with its short form, while it is legal."""
    legal = view["legal_actions"]
    trump = view["trump_suit"]
    lines = []
    for action in legal:
        words = action.split()
        if words[0] == "marriage":
            card = words[1]
            other = ("K" if card[0] == "Q" else "Q") + card[1]
            value = "40 (trumps)" if card[1] == trump else "20"
            what = f"show {symbol(other)} and lead {symbol(card)}: a marriage, {value}"
        elif action == "exchange" and view["trump_card"] is not None:
            low = ("J" if view["deck_size"] == 20 else "9") + trump
            what = f"give your {symbol(low)} for the trump card {symbol(view['trump_card'])}"
        elif action == "close":
            what = "turn the trump card down: no more drawing, follow suit from now on"
        elif action == "claim":
            what = "say you have 66 and end the deal (a wrong claim loses it)"
        else:
            continue
        short = shortest(action, legal)
        typed = f"{action} ({short})" if short else action
        lines.append(f"   {typed:<18} {what}")
    return lines


def render_view(view: SchnapsenView) -> list[str]:
    me = view["seat"]
    dealer = view["dealer"]
    lines = [f"Deal {view['deal'] + 1} · {_verb(dealer, me, 'deal')} · Bummerl: "
             + bummerl(view["game_points"], me, view["match_target"])]
    if view["phase"] == "over":
        return lines
    lines.append(_talon(view))
    tricks = " · ".join(f"{seat_name(s, me)} {n}" for s, n in enumerate(view["tricks"]))
    lines.append(f"Tricks: {tricks}" + (f" · {_points(view)}" if "points" in view else ""))
    if view["marriages"]:
        lines.append("Marriages: " + " · ".join(_marriage(m, me) for m in view["marriages"]))
    if view["last_trick"]:
        lines.append("Last trick: " + _trick_text(view["last_trick"], me))
    elif view["last_deal"]:
        last = view["last_deal"]
        winner = last["winner"]
        scored = "nobody scored" if winner is None else \
            f"{seat_name(winner, me)} scored {plural(last['game_points'], 'game point')}"
        counts = ", ".join(f"{seat_name(s, me)} {n}" for s, n in enumerate(last["points"]))
        lines.append(f"Last deal: {scored} (points: {counts}).")
    trick = view["trick"]
    legal = view["legal_actions"]
    if trick:
        lines.append(f"Trick: {seat_name(trick['leader'], me)} led {symbol(trick['cards'][0])}")
    if "hand" in view:
        lines.append(f"Your hand:   {cards(view['hand'])}")
    if legal:
        lines.append("Your turn: " + render_actions(legal))
        lines += _specials(view)
        if view["declared"] is not None:
            claim = " (or claim)" if "claim" in legal else ""
            lines.append(f"Now lead {symbol(view['declared'])} of your marriage{claim}.")
        elif not trick:
            lines.append("You lead: type a card (e.g. " + legal[0].split()[1].lower() + ").")
        else:
            lines.append(f"Type a card to play on {symbol(trick['cards'][0])}.")
    elif view["to_act"] is not None:
        lines.append(f"{seat_name(view['to_act'], me)} to act.")
    return lines


def render_actions(legal: list[str]) -> str:
    plays = [a.split()[1] for a in legal if a.startswith("play ")]
    shown = ["play " + " ".join(symbol(c) for c in plays)] if plays else []
    return " · ".join(shown + [a for a in legal if not a.startswith("play ")])


def _grade(award: int, loser: int, event: Event, me: int | None) -> str:
    points, tricks = event["points"][loser], event["tricks"][loser]
    name = seat_name(loser, me)
    has = "have" if loser == me else "has"
    if award == 2:
        return f" (schneider: {name} {has} only {points} points)"
    if award == 3:
        return f" (schwarz: {name} {has} {points} points in {plural(tricks, 'trick')})"
    return ""


def _deal_end(event: Event, me: int | None) -> list[str]:
    winner, by, closer = event["winner"], event["by"], event["closer"]
    reason, award = event["reason"], event["game_points"]
    graded = True
    if reason == "wrong_claim":
        how = f"{seat_name(by, me)} claimed 66 without having it"
        graded = False
    elif closer is not None:
        reached = "reached" if winner == closer else "did not reach"
        how = f"{seat_name(closer, me)} closed the talon and {reached} 66"
        graded = winner == closer
    elif reason == "reached_66":
        how = f"{seat_name(by, me)} reached 66"
    elif reason == "claim":
        how = f"{seat_name(by, me)} claimed 66 rightly"
    else:
        how = "all cards are played" + (", nobody reached 66" if winner is None else "")
    points = " · ".join(
        f"{seat_name(s, me)} {event['points'][s]} ({plural(event['tricks'][s], 'trick')})"
        for s in (0, 1))
    lines = [f"Deal {event['deal'] + 1} is over: {how}.", f"   Points: {points}"]
    if winner is None:
        lines.append("   Nobody scores.")
    else:
        grade = _grade(award, 1 - winner, event, me) if graded else ""
        if reason == "wrong_claim":
            grade = " for the wrong claim"
        lines.append(f"   {_verb(winner, me, 'score')} {plural(award, 'game point')}{grade}.")
    lines.append("   Bummerl: " + bummerl(event["match_points"], me))
    return lines


_CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}


def _gained(trick: Event) -> str:
    """``15 points``, plus a pending marriage credited now and the last-trick bonus."""
    card_points = sum(_CARD_POINTS[c[0]] for c in trick["cards"])
    extra = trick["points"] - card_points
    bonus = extra % 20
    text = f"{card_points} points"
    if extra - bonus:
        text += f" + {extra - bonus} from the marriage"
    if bonus:
        text += f" + {bonus} for the last trick"
    return text


def _marriage_event(event: Event, before: Event, me: int | None) -> str:
    seat = event["seat"]
    words = str(before.get("action", "")).split()
    led = f" with {symbol(words[1])}" if words[:1] == ["marriage"] else ""
    trumps = " in trumps" if event["points"] == 40 else ""
    wins = "you win" if seat == me else f"{seat_name(seat, me)} wins"
    pending = "" if event["credited"] else f", counted once {wins} a trick"
    return (f"{_verb(seat, me, 'declare')} a marriage{led} ({cards(event['cards'])}):"
            f" {event['points']}{trumps}{pending}")


def render_events(events: Sequence[Event], me: int | None) -> list[str]:
    lines: list[str] = []
    for i, event in enumerate(events):
        kind = event["type"]
        later = events[i + 1] if i + 1 < len(events) else {}
        if kind == "deal":
            lines.append(f"── Deal {event['deal'] + 1}: {_verb(event['dealer'], me, 'deal')};"
                         f" trump card {symbol(event['trump_card'])}, {_SUITS[event['trump_suit']]}"
                         f" is trump · Bummerl {bummerl(event['game_points'], me)} ──")
        elif kind == "action":
            words = event["action"].split()
            seat = event["seat"]
            if words[0] == "play" and later.get("type") == "trick":
                continue
            if words[0] == "play":
                lines.append(f"{_verb(seat, me, 'lead')} {symbol(words[1])}")
            elif words[0] == "claim":
                lines.append(f"{_verb(seat, me, 'claim')} 66.")
        elif kind == "trick":
            leader = event["leader"]
            lead, follow = (symbol(c) for c in event["cards"])
            winner = event["winner"]
            wins = "win" if winner == me else "wins"
            lines.append(f"{_verb(1 - leader, me, 'play')} {follow} on {lead}:"
                         f" {seat_name(winner, me)} {wins} the trick ({_gained(event)})")
        elif kind == "marriage":
            lines.append(_marriage_event(event, events[i - 1] if i else {}, me))
        elif kind == "exchange":
            lines.append(f"{_verb(event['seat'], me, 'exchange')} {symbol(event['trump_card'])} for"
                         f" the trump card {symbol(event['took'])}")
        elif kind == "close":
            lines.append(f"{_verb(event['seat'], me, 'close')} the talon"
                         f" ({plural(event['talon'], 'card')} stay face down):"
                         " no more drawing, follow suit from now on.")
        elif kind == "draw" and "trump_card" in event:
            lines.append(f"The talon is used up: {_verb(event['seat'], me, 'take')} the trump card"
                         f" {symbol(event['trump_card'])}. Follow suit from now on.")
        elif kind == "deal_end":
            lines += _deal_end(event, me)
        elif kind == "match_over":
            lines.append("The Bummerl is over.")
    return lines


def render_result(result: dict[str, Any], me: int | None) -> list[str]:
    winner = result["winner"]
    points = result["game_points"]
    score = f"{points[winner]}:{points[1 - winner]}"
    deals = plural(result["deals"], "deal")
    head = f"You win the Bummerl {score} after {deals}!" if winner == me \
        else f"{seat_name(winner, me)} wins the Bummerl {score} after {deals}."
    return [head, "Game points: " + bummerl(points, me)]


def render_hand(view: SchnapsenView) -> str:
    return cards(view.get("hand", []))


RENDERER = Renderer(lambda view: render_view(schnapsen_view(view)), render_events, render_result,
                    lambda view: render_hand(schnapsen_view(view)), render_actions)

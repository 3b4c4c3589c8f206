"""Schnapsen as text: trump and talon, the trick, your points, the Bummerl.

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
from stammtisch.i18n import about, t
from stammtisch.text.render import Renderer
from stammtisch.text.resolve import shortest
from stammtisch.text.words import (
    cards,
    deal_line,
    labelled,
    seat_name,
    suit_word,
    symbol,
    to_act,
    your_turn,
)


def bummerl(points: list[int], me: int | None, target: int | None = None) -> str:
    """The game points of the match: ``You 3 · Seat 1 2 (first to 7)``."""
    text = " · ".join(f"{seat_name(s, me)} {points[s]}" for s in (0, 1))
    return text + (f" ({t('term.first_to', n=target)})" if target else "")


def _dealer(dealer: int, me: int | None, deal: int) -> str:
    """``Deal 2: Seat 1 deals``."""
    return about("log.deal", dealer == me, n=deal + 1, name=seat_name(dealer, me)).rstrip(".")


def _talon(view: SchnapsenView) -> str:
    me = view["seat"]
    trump = f"{t('ui.trump')} {suit_word(view['trump_suit'])}"
    size = view["talon_size"]
    if view["closed"]:
        closer = view["closer"]
        return f"{trump} · " + about("term.schnapsen.closed", closer == me,
                                     who=seat_name(closer, me), n=size)
    face_up = view["trump_card"]
    if size == 0 or face_up is None:
        return f"{trump} · {t('term.schnapsen.used_up')}"
    return f"{trump} · " + t("term.schnapsen.talon", cards=t("ui.cards", n=size),
                             card=symbol(face_up))


def _points(view: SchnapsenView) -> str:
    text = t("term.schnapsen.your_points", n=view["points"])
    if view["pending"]:
        text += " " + t("term.schnapsen.pending", n=view["pending"])
    return text


def _trick_text(trick: SchnapsenTrick, me: int | None) -> str:
    leader = trick["leader"]
    lead, follow = (symbol(c) for c in trick["cards"])
    other = 1 - leader
    return (f"{seat_name(leader, me)} {lead}, {seat_name(other, me)} {follow}"
            f" → {seat_name(trick['winner'], me)}")


def _worth(points: int) -> str:
    """``20``, or ``40 in trumps``."""
    return t("term.schnapsen.in_trumps", n=points) if points == 40 else str(points)


def _marriage(m: Marriage, me: int | None) -> str:
    return f"{seat_name(m['seat'], me)} {cards(m['cards'])} ({_worth(m['points'])})"


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
            what = t("term.schnapsen.do.marriage", other=symbol(other), card=symbol(card),
                     value=_worth(40 if card[1] == trump else 20))
        elif action == "exchange" and view["trump_card"] is not None:
            low = ("J" if view["deck_size"] == 20 else "9") + trump
            what = t("term.schnapsen.do.exchange", low=symbol(low),
                     card=symbol(view["trump_card"]))
        elif action in ("close", "claim"):
            what = t(f"term.schnapsen.do.{action}")
        else:
            continue
        short = shortest(action, legal)
        typed = f"{action} ({short})" if short else action
        lines.append(f"   {typed:<18} {what}")
    return lines


def _last_deal(view: SchnapsenView, me: int | None) -> str:
    last = view["last_deal"]
    assert last is not None
    winner = last["winner"]
    counts = ", ".join(f"{seat_name(s, me)} {n}" for s, n in enumerate(last["points"]))
    if winner is None:
        return t("term.schnapsen.last_deal_none", counts=counts)
    return about("term.schnapsen.last_deal", winner == me, who=seat_name(winner, me),
                 n=last["game_points"], counts=counts)


def _turn_help(view: SchnapsenView) -> list[str]:
    legal = view["legal_actions"]
    trick = view["trick"]
    if view["declared"] is not None:
        key = "term.schnapsen.lead_marriage_claim" if "claim" in legal \
            else "term.schnapsen.lead_marriage"
        return [t(key, card=symbol(view["declared"]))]
    if not trick:
        return [t("term.schnapsen.you_lead", example=legal[0].split()[1].lower())]
    return [t("term.play_on", card=symbol(trick["cards"][0]))]


def render_view(view: SchnapsenView) -> list[str]:
    me = view["seat"]
    lines = [f"{_dealer(view['dealer'], me, view['deal'])} · "
             + t("term.bummerl", score=bummerl(view["game_points"], me, view["match_target"]))]
    if view["phase"] == "over":
        return lines
    lines.append(_talon(view))
    tricks = " · ".join(f"{seat_name(s, me)} {n}" for s, n in enumerate(view["tricks"]))
    lines.append(f"{t('ui.tricks_won')}: {tricks}"
                 + (f" · {_points(view)}" if "points" in view else ""))
    if view["marriages"]:
        lines.append(t("term.schnapsen.marriages") + ": "
                     + " · ".join(_marriage(m, me) for m in view["marriages"]))
    if view["last_trick"]:
        lines.append(f"{t('ui.last_trick')}: " + _trick_text(view["last_trick"], me))
    elif view["last_deal"]:
        lines.append(_last_deal(view, me))
    trick = view["trick"]
    legal = view["legal_actions"]
    if trick:
        leader = trick["leader"]
        lines.append(about("term.schnapsen.led", leader == me, who=seat_name(leader, me),
                           card=symbol(trick["cards"][0])))
    if "hand" in view:
        lines.append(labelled(t("ui.your_hand"), cards(view["hand"])))
    if legal:
        lines.append(your_turn(render_actions(legal)))
        lines += _specials(view)
        lines += _turn_help(view)
    elif view["to_act"] is not None:
        lines.append(to_act(view["to_act"], me))
    return lines


def render_actions(legal: list[str]) -> str:
    plays = [a.split()[1] for a in legal if a.startswith("play ")]
    shown = ["play " + " ".join(symbol(c) for c in plays)] if plays else []
    return " · ".join(shown + [a for a in legal if not a.startswith("play ")])


def _grade(award: int, loser: int, event: Event, me: int | None) -> str:
    points, tricks = event["points"][loser], event["tricks"][loser]
    you, who = loser == me, seat_name(loser, me)
    if award == 2:
        return " " + about("term.schnapsen.schneider", you, who=who, n=points)
    if award == 3:
        return " " + about("term.schnapsen.schwarz", you, who=who, n=points,
                           tricks=t("term.tricks", n=tricks))
    return ""


def _how(event: Event, me: int | None) -> str:
    """How the deal ended: ``Seat 1 reached 66``."""
    winner, by, closer, reason = event["winner"], event["by"], event["closer"], event["reason"]
    if reason == "wrong_claim":
        return about("term.schnapsen.how.wrong_claim", by == me, who=seat_name(by, me))
    if closer is not None:
        key = "closed_reached" if winner == closer else "closed_missed"
        return about(f"term.schnapsen.how.{key}", closer == me, who=seat_name(closer, me))
    if reason in ("reached_66", "claim"):
        return about(f"term.schnapsen.how.{reason}", by == me, who=seat_name(by, me))
    return t("term.schnapsen.how.all_played" if winner is not None
             else "term.schnapsen.how.all_played_none")


def _deal_end(event: Event, me: int | None) -> list[str]:
    winner, closer = event["winner"], event["closer"]
    reason, award = event["reason"], event["game_points"]
    points = " · ".join(
        f"{seat_name(s, me)} {event['points'][s]} ({t('term.tricks', n=event['tricks'][s])})"
        for s in (0, 1))
    lines = [t("term.schnapsen.deal_over", n=event["deal"] + 1, how=_how(event, me)),
             f"   {t('ui.points')}: {points}"]
    if winner is None:
        lines.append(f"   {t('ui.nobody_scores')}.")
    else:
        graded = reason != "wrong_claim" and (closer is None or winner == closer)
        grade = _grade(award, 1 - winner, event, me) if graded else ""
        if reason == "wrong_claim":
            grade = " " + t("term.schnapsen.for_wrong_claim")
        lines.append("   " + about("term.schnapsen.scores", winner == me,
                                   who=seat_name(winner, me), n=award, grade=grade))
    lines.append("   " + t("term.bummerl", score=bummerl(event["match_points"], me)))
    return lines


_CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}


def _gained(trick: Event) -> str:
    """``15 points``, plus a pending marriage credited now and the last-trick bonus."""
    card_points = sum(_CARD_POINTS[c[0]] for c in trick["cards"])
    extra = trick["points"] - card_points
    bonus = extra % 20
    text = t("term.schnapsen.points", n=card_points)
    if extra - bonus:
        text += " " + t("term.schnapsen.plus_marriage", n=extra - bonus)
    if bonus:
        text += " " + t("term.schnapsen.plus_last", n=bonus)
    return text


def _marriage_event(event: Event, before: Event, me: int | None) -> str:
    seat = event["seat"]
    you, who = seat == me, seat_name(seat, me)
    words = str(before.get("action", "")).split()
    led = words[:1] == ["marriage"]
    text = about("term.schnapsen.marriage_led" if led else "term.schnapsen.marriage", you,
                 who=who, card=symbol(words[1]) if led else "", cards=cards(event["cards"]),
                 points=_worth(event["points"]))
    if not event["credited"]:
        text += ", " + about("term.schnapsen.counted_once", you, who=who)
    return text


def render_events(events: Sequence[Event], me: int | None) -> list[str]:
    lines: list[str] = []
    for i, event in enumerate(events):
        kind = event["type"]
        later = events[i + 1] if i + 1 < len(events) else {}
        if kind == "deal":
            trump = t("term.schnapsen.deal_trump", card=symbol(event["trump_card"]),
                      suit=suit_word(event["trump_suit"]))
            bummerl_now = t("term.bummerl", score=bummerl(event["game_points"], me))
            lines.append(deal_line(event["deal"], event["dealer"], me,
                                   f"{trump} · {bummerl_now}"))
        elif kind == "action":
            words = event["action"].split()
            seat = event["seat"]
            if words[0] == "play" and later.get("type") == "trick":
                continue
            if words[0] == "play":
                lines.append(about("term.lead", seat == me, who=seat_name(seat, me),
                                   card=symbol(words[1])))
            elif words[0] == "claim":
                lines.append(about("term.schnapsen.claim", seat == me, who=seat_name(seat, me)))
        elif kind == "trick":
            leader, winner = event["leader"], event["winner"]
            lead, follow = (symbol(c) for c in event["cards"])
            follower = 1 - leader
            played = about("term.schnapsen.plays_on", follower == me,
                           who=seat_name(follower, me), card=follow, lead=lead)
            won = about("term.schnapsen.wins_trick", winner == me, who=seat_name(winner, me),
                        points=_gained(event))
            lines.append(f"{played}: {won}")
        elif kind == "marriage":
            lines.append(_marriage_event(event, events[i - 1] if i else {}, me))
        elif kind == "exchange":
            seat = event["seat"]
            lines.append(about("term.schnapsen.exchange", seat == me, who=seat_name(seat, me),
                               card=symbol(event["trump_card"]), took=symbol(event["took"])))
        elif kind == "close":
            seat = event["seat"]
            lines.append(about("term.schnapsen.close", seat == me, who=seat_name(seat, me),
                               n=event["talon"]))
        elif kind == "draw" and "trump_card" in event:
            seat = event["seat"]
            lines.append(about("term.schnapsen.last_draw", seat == me, who=seat_name(seat, me),
                               card=symbol(event["trump_card"])))
        elif kind == "deal_end":
            lines += _deal_end(event, me)
        elif kind == "match_over":
            lines.append(t("term.schnapsen.over"))
    return lines


def render_result(result: dict[str, Any], me: int | None) -> list[str]:
    winner = result["winner"]
    points = result["game_points"]
    score = f"{points[winner]}:{points[1 - winner]}"
    head = about("term.schnapsen.win", winner == me, who=seat_name(winner, me), score=score,
                 deals=t("term.deals", n=result["deals"]))
    return [head, f"{t('ui.game_points')}: " + bummerl(points, me)]


def render_hand(view: SchnapsenView) -> str:
    return cards(view.get("hand", []))


RENDERER = Renderer(lambda view: render_view(schnapsen_view(view)), render_events, render_result,
                    lambda view: render_hand(schnapsen_view(view)), render_actions)

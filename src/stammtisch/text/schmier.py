"""Schmier as text: teams and partner, the auction, contract and trump, tricks.

Exchanges are told only as counts (your own discards are in your view); each
deal ends with its six points (High, Low, Right and Left Bauer, Joker, Game)
and whether the bidding team made its bid.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stammtisch.cards import parse_card
from stammtisch.core.game import Event
from stammtisch.games.schmier_types import SchmierView, schmier_view
from stammtisch.i18n import about, t
from stammtisch.text.render import Renderer
from stammtisch.text.words import (
    cards,
    cards_count,
    deal_line,
    labelled,
    match_over,
    seat_name,
    suit_word,
    symbol,
    to_act,
    your_turn,
)

_SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_LEFT = {"C": "S", "S": "C", "D": "H", "H": "D"}
_POINTS = ("high", "low", "right_bauer", "left_bauer", "joker", "game")


def _members(seats: list[int], me: int | None) -> str:
    return " + ".join(seat_name(s, me) for s in seats)


def _team_of(view: SchmierView, seat: int) -> int:
    return next(k for k, seats in enumerate(view["teams"]) if seat in seats)


def _team(team: int, me_team: int | None = None) -> str:
    """``Team 1``, or ``Team 0 (yours)``."""
    name = t("ui.team", name=team)
    return name + (f" ({t('term.schmier.yours')})" if team == me_team else "")


def _teams(values: list[int], signed: bool = False) -> str:
    """``Team 0 3 · Team 1 -2``: one number per team."""
    return " · ".join(f"{_team(k)} {f'{n:+d}' if signed else n}" for k, n in enumerate(values))


def is_trump(code: str, trump: str) -> bool:
    """Trump under ``trump``: its suit, the left bauer and the joker."""
    return code == "JK" or code[1] == trump or code == "J" + _LEFT[trump]


def _trump_line(trump: str) -> str:
    return t("term.schmier.trump_line", suit=suit_word(trump),
             right=f"{t('point.right_bauer')} {symbol('J' + trump)}",
             left=f"{t('point.left_bauer')} {symbol('J' + _LEFT[trump])}",
             joker=f"{t('point.joker')} 🃏")


def _hand(view: SchmierView) -> str:
    trump = view["trump"]
    if trump is None:
        return cards(view["hand"])
    plain = [c for c in view["hand"] if not is_trump(c, trump)]
    trumps = [c for c in view["hand"] if is_trump(c, trump)]
    text = cards(plain) if plain else ""
    if trumps:
        text += ("   " if text else "") + f"{t('term.schmier.trumps')}: " + cards(trumps)
    return text or "-"


def _bid_of(view: SchmierView, seat: int) -> str:
    said = [a["action"] for a in view["auction"] if a["seat"] == seat]
    return said[-1] if said else ""


def _seat_row(view: SchmierView, seat: int) -> str:
    me = view["seat"]
    my_team = view["team"]
    team = _team_of(view, seat)
    marks = []
    if view["to_act"] == seat:
        marks.append("◀ " + t("ui.to_act"))
    if view["dealer"] == seat:
        marks.append(t("ui.dealer"))
    if seat != me and team == my_team:
        marks.append(t("term.schmier.partner"))
    contract = view["contract"]
    if contract and contract["bidder"] == seat:
        marks.append(t("term.schmier.bidder", bid=contract["bid"]))
    said = _bid_of(view, seat) if view["phase"] in ("auction", "trump") else ""
    exchanged = view["exchanged"][seat]
    if exchanged is not None and view["phase"] in ("exchange", "rob", "play"):
        did = "discarded" if seat == view["dealer"] else "exchanged"
        said = t(f"term.schmier.{did}", n=exchanged)
    held = cards_count(view["hand_sizes"][seat])
    row = (f"   {seat_name(seat, me):<8} {_team(team):<7} {held:<9} {said:<13}"
           f" {', '.join(marks)}")
    return row.rstrip()


def _scores(view: SchmierView) -> str:
    parts = [f"{_team(k, view['team'])} {score}" for k, score in enumerate(view["scores"])]
    return t("term.schmier.scores", n=view["target_score"], list=" · ".join(parts))


def _partners(view: SchmierView) -> str:
    me, team = view["seat"], view["team"]
    if me is None or team is None:
        return f"{t('ui.teams')}: " + " · ".join(f"{_team(k)} {_members(seats, me)}"
                                                for k, seats in enumerate(view["teams"]))
    mates = [s for s in view["teams"][team] if s != me]
    key = "term.schmier.partner_one" if len(mates) == 1 else "term.schmier.partners"
    return t(key, team=_team(team), mates=_members(mates, me))


def _phase_lines(view: SchmierView) -> list[str]:
    me = view["seat"]
    phase = view["phase"]
    contract = view["contract"]
    lines = []
    last = view["last_deal"]
    if phase == "auction" and last:
        verdict = "made" if last["made"] else "set"
        lines.append(t(f"term.schmier.last_deal_{verdict}", team=_team(last["bidding_team"]),
                       bid=last["bid"], delta=_teams(last["delta"], signed=True)))
    if phase == "auction":
        high = view["high_bid"]
        lines.append(t("term.schmier.auction_high", n=high) if high
                     else t("term.schmier.auction_none"))
    elif contract:
        bidder = contract["bidder"]
        trump = _trump_line(view["trump"]) if view["trump"] else t("term.schmier.no_trump_yet")
        lines.append(about("term.schmier.contract", bidder == me, who=seat_name(bidder, me),
                           team=_team(contract["team"]), bid=contract["bid"]) + f" · {trump}")
    if phase == "play":
        lines.append(t("term.schmier.trick_of", n=len(view["tricks"]) + 1) + " · "
                     + t("term.schmier.tricks_won", list=_teams(view["tricks_won"])))
        if view["tricks"]:
            done = view["tricks"][-1]
            lines.append(f"{t('ui.last_trick')}: "
                         + _trick_cards(done["leader"], done["cards"], me)
                         + f" → {seat_name(done['winner'], me)}")
        trick = view["trick"]
        if trick["cards"] and trick["leader"] is not None:
            lines.append(f"{t('ui.trick')}: " + _trick_cards(trick["leader"], trick["cards"], me))
    return lines


def _trick_cards(leader: int, codes: list[str], me: int | None) -> str:
    return ", ".join(f"{seat_name((leader + i) % 6, me)} {symbol(c)}" for i, c in enumerate(codes))


def _turn_help(view: SchmierView) -> list[str]:
    phase = view["phase"]
    legal = view["legal_actions"]
    if phase == "auction":
        bids = [a.split()[1] for a in legal if a.startswith("bid ")]
        examples = [f"b {bids[0]}"] if bids else []
        if "pass" in legal:
            examples.append("p")
        key = "term.schmier.bid_help_pass" if "pass" in legal else "term.schmier.bid_help"
        return [t(key, examples=", ".join(examples)),
                ", ".join(t(f"point.{name}") for name in _POINTS) + "."]
    if phase == "trump":
        return [t("term.schmier.trump_help")]
    if phase == "exchange":
        most = max(len(a.split()) - 1 for a in legal)
        if most == 0:
            return [t("term.schmier.exchange_none")]
        example = next(a for a in legal if len(a.split()) == min(most, 2) + 1)
        return [t("term.schmier.exchange_help", n=most,
                  example="d " + " ".join(example.split()[1:]).lower()),
                t("term.schmier.exchange_keep")]
    if phase == "rob":
        first = legal[0].split()[1:]
        if len(first) <= 4:
            return [t("term.schmier.rob_help", n=len(first),
                      example="d " + " ".join(first).lower())]
        return [t("term.schmier.rob_help_list", n=len(first))]
    trick = view["trick"]["cards"]
    if trick:
        return [t("term.play_on", card=symbol(trick[0]))]
    return [t("term.schmier.you_lead")]


def render_view(view: SchmierView) -> list[str]:
    me = view["seat"]
    dealer = about("log.deal", view["dealer"] == me, n=view["deal"] + 1,
                   name=seat_name(view["dealer"], me)).rstrip(".")
    lines = [f"{dealer} · {_scores(view)}", _partners(view)]
    if view["phase"] == "over":
        return lines
    lines += [_seat_row(view, seat) for seat in range(view["num_players"])]
    lines += _phase_lines(view)
    if "hand" in view:
        lines.append(labelled(t("ui.your_hand"), _hand(view)))
        discarded = view.get("discarded")
        if discarded:
            lines.append(t("term.schmier.you_discarded", cards=cards(discarded)))
    legal = view["legal_actions"]
    if legal:
        lines.append(your_turn(render_actions(legal)))
        lines += _turn_help(view)
    elif view["to_act"] is not None:
        lines.append(to_act(view["to_act"], me))
    return lines


def render_actions(legal: list[str]) -> str:
    plays = [a.split()[1] for a in legal if a.startswith("play ")]
    discards = [a for a in legal if a.startswith("discard")]
    shown = [f"{a} {_SUITS[a[-1]]}" if a.startswith("trump ") else a
             for a in legal if not a.startswith(("play ", "discard"))]
    if plays:
        shown.append("play " + " ".join(symbol(c) for c in plays))
    if len(discards) > 4:
        pool = sorted({c for a in discards for c in a.split()[1:]}, key=parse_card)
        most = max(len(a.split()) - 1 for a in discards)
        fewest = min(len(a.split()) - 1 for a in discards)
        many = f"{most}" if fewest == most else t("term.schmier.up_to", n=most)
        shown.append(t("term.schmier.discard_ways", count=many,
                       pool=" ".join(symbol(c) for c in pool), n=len(discards)))
    else:
        shown += discards
    return " · ".join(shown)


def _flush(plays: list[Event], me: int | None, lead: bool) -> list[str]:
    """Plays of a trick not yet complete, on one line; ``lead``: the first one led it."""
    if not plays:
        return []
    told = [about("term.schmier.plays", e["seat"] == me, who=seat_name(e["seat"], me),
                  card=symbol(e["action"].split()[1])) for e in plays]
    if lead:
        first = plays[0]
        told[0] = about("term.lead", first["seat"] == me, who=seat_name(first["seat"], me),
                        card=symbol(first["action"].split()[1]))
    return [", ".join(told)]


def _point_note(key: str, event: Event, me: int | None) -> str:
    trump = event["trump"]
    if key in ("high", "low"):
        seat = event[f"{key}_seat"]
        card = ("A" if key == "high" else "2") + trump
        return about("term.schmier.played", seat == me, who=seat_name(seat, me),
                     card=symbol(card))
    if key == "game":
        counts = _teams(event["game_counts"])
        tie = event["points"]["game"] is None
        return t("term.schmier.game_count_tie" if tie else "term.schmier.game_count",
                 counts=counts)
    return ""


def _deal_score(event: Event, me: int | None) -> list[str]:
    teams = len(event["won"])
    my_team = None if me is None else me % teams
    bidder, team, bid = event["bidder"], event["bidding_team"], event["bid"]
    lines = [about("term.schmier.deal_scored", bidder == me, n=event["deal"] + 1,
                   who=seat_name(bidder, me), team=_team(team), bid=bid,
                   suit=suit_word(event["trump"]))]
    for key in _POINTS:
        winner = event["points"][key]
        who = t("sum.nobody") if winner is None else _team(winner, my_team)
        lines.append(f"   {t(f'point.{key}'):<12} {who:<16} {_point_note(key, event, me)}"
                     .rstrip())
    won = event["won"][team]
    verdict = "made" if event["made"] else "set"
    lines.append("   " + t(f"term.schmier.{verdict}", team=_team(team), won=won, bid=bid))
    lines.append("   " + t("term.schmier.this_deal", delta=_teams(event["delta"], signed=True),
                           scores=_teams(event["scores"])))
    return lines


def _exchange(event: Event, events: Sequence[Event], i: int, me: int | None) -> str:
    count, seat = event["count"], event["seat"]
    you, who = seat == me, seat_name(seat, me)
    robbed = (i and events[i - 1].get("type") == "rob") or count > 3 or (
        i + 1 < len(events) and events[i + 1].get("type") == "action")
    if robbed:
        return about("term.schmier.discards_back", you, who=who, n=count)
    if count:
        return about("log.exchange", you, who=who, n=count)
    return about("term.schmier.keeps", you, who=who)


def render_events(events: Sequence[Event], me: int | None) -> list[str]:
    lines: list[str] = []
    plays: list[Event] = []
    lead = False
    for i, event in enumerate(events):
        kind = event["type"]
        if kind == "action" and event["action"].startswith("play "):
            if not plays:
                lead = i > 0 and events[i - 1]["type"] in ("trick", "exchange")
            plays.append(event)
            continue
        if kind == "trick":
            plays = []
            leader, winner = event["leader"], event["winner"]
            won = about("term.schmier.wins", winner == me, who=seat_name(winner, me),
                        team=_team(event["team"]))
            lines.append(f"{t('ui.trick')}: {_trick_cards(leader, event['cards'], me)} → {won}")
            continue
        lines += _flush(plays, me, lead)
        plays = []
        if kind == "deal":
            first = event["first_to_act"]
            lines.append(deal_line(event["deal"], event["dealer"], me, about(
                "term.schmier.bids_first", first == me, who=seat_name(first, me))))
        elif kind == "action":
            words = event["action"].split()
            seat = event["seat"]
            you, who = seat == me, seat_name(seat, me)
            if words[0] == "pass":
                lines.append(about("term.pass", you, who=who))
            elif words[0] == "bid":
                lines.append(about("term.schmier.bid", you, who=who, n=words[1]))
            elif words[0] == "trump":
                lines.append(about("term.schmier.names_trump", you, who=who,
                                   line=_trump_line(words[1])))
        elif kind == "throw_in":
            lines.append(t("sum.throw_in"))
        elif kind == "contract":
            bidder = event["bidder"]
            lines.append(about("term.schmier.contract_taken", bidder == me,
                               who=seat_name(bidder, me), bid=event["bid"],
                               team=_team(event["team"])))
        elif kind == "rob":
            seat = event["seat"]
            lines.append(about("term.schmier.rob", seat == me, who=seat_name(seat, me),
                               n=event["count"]))
        elif kind == "exchange":
            lines.append(_exchange(event, events, i, me))
        elif kind == "deal_score":
            lines += _deal_score(event, me)
        elif kind == "match_over":
            lines.append(match_over())
    return lines + _flush(plays, me, lead)


def render_result(result: dict[str, Any], me: int | None) -> list[str]:
    teams = result["teams"]
    scores = result["scores"]
    my_team = None if me is None else next(k for k, s in enumerate(teams) if me in s)
    winners = result["winners"]
    deals = t("term.deals", n=result["deals"])
    if len(winners) == 1:
        team = winners[0]
        head = about("term.schmier.win", team == my_team, team=_team(team),
                     who=_members(teams[team], me), score=scores[team], deals=deals)
    else:
        head = t("term.schmier.joint_win", teams=", ".join(_team(k) for k in winners),
                 score=scores[winners[0]], deals=deals)
    lines = [head, f"{t('ui.scores')}: " + " · ".join(
        f"{_team(k, my_team)} {_members(seats, me)}: {scores[k]}"
        for k, seats in enumerate(teams))]
    if result["thrown_in"]:
        lines.append(t("term.schmier.thrown_in", n=result["thrown_in"]))
    return lines


def render_hand(view: SchmierView) -> str:
    return _hand(view) if "hand" in view else "-"


RENDERER = Renderer(lambda view: render_view(schmier_view(view)), render_events, render_result,
                    lambda view: render_hand(schmier_view(view)), render_actions)

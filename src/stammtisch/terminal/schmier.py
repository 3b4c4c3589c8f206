"""Schmier in the terminal: teams and partner, the auction, contract and trump, tricks.

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
from stammtisch.terminal.render import Renderer
from stammtisch.terminal.text import cards, plural, seat_name, symbol

_SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_LEFT = {"C": "S", "S": "C", "D": "H", "H": "D"}
_POINTS = (("high", "High"), ("low", "Low"), ("right_bauer", "Right Bauer"),
           ("left_bauer", "Left Bauer"), ("joker", "Joker"), ("game", "Game"))


def _verb(seat: int, me: int | None, verb: str, third: str | None = None) -> str:
    if seat == me:
        return f"You {verb}"
    return f"{seat_name(seat, me)} {third or verb + 's'}"


def _members(seats: list[int], me: int | None) -> str:
    return " + ".join(seat_name(s, me) for s in seats)


def _team_of(view: SchmierView, seat: int) -> int:
    return next(k for k, seats in enumerate(view["teams"]) if seat in seats)


def _team(team: int, me_team: int | None) -> str:
    return f"Team {team}" + (" (yours)" if team == me_team else "")


def is_trump(code: str, trump: str) -> bool:
    """Trump under ``trump``: its suit, the left bauer and the joker."""
    return code == "JK" or code[1] == trump or code == "J" + _LEFT[trump]


def _trump_line(trump: str) -> str:
    return (f"trump {_SUITS[trump]} (Right Bauer {symbol('J' + trump)}, Left Bauer"
            f" {symbol('J' + _LEFT[trump])}, Joker 🃏)")


def _hand(view: SchmierView) -> str:
    trump = view["trump"]
    if trump is None:
        return cards(view["hand"])
    plain = [c for c in view["hand"] if not is_trump(c, trump)]
    trumps = [c for c in view["hand"] if is_trump(c, trump)]
    text = cards(plain) if plain else ""
    if trumps:
        text += ("   " if text else "") + "trumps: " + cards(trumps)
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
        marks.append("◀ to act")
    if view["dealer"] == seat:
        marks.append("dealer")
    if seat != me and team == my_team:
        marks.append("your partner")
    contract = view["contract"]
    if contract and contract["bidder"] == seat:
        marks.append(f"bidder ({contract['bid']})")
    said = _bid_of(view, seat) if view["phase"] in ("auction", "trump") else ""
    exchanged = view["exchanged"][seat]
    if exchanged is not None and view["phase"] in ("exchange", "rob", "play"):
        did = "discarded" if seat == view["dealer"] else "exchanged"
        said = f"{did} {exchanged}"
    held = plural(view["hand_sizes"][seat], "card")
    row = f"   {seat_name(seat, me):<8} Team {team}  {held:<9} {said:<13} {', '.join(marks)}"
    return row.rstrip()


def _scores(view: SchmierView) -> str:
    parts = [f"{_team(k, view['team'])} {score}" for k, score in enumerate(view["scores"])]
    return f"Scores (first to {view['target_score']}): " + " · ".join(parts)


def _partners(view: SchmierView) -> str:
    me, team = view["seat"], view["team"]
    if me is None or team is None:
        return "Teams: " + " · ".join(f"Team {k} {_members(seats, me)}"
                                      for k, seats in enumerate(view["teams"]))
    mates = [s for s in view["teams"][team] if s != me]
    return (f"You play in Team {team} with {_members(mates, me)}"
            f" ({'your partner' if len(mates) == 1 else 'your partners'}).")


def _phase_lines(view: SchmierView) -> list[str]:
    me = view["seat"]
    phase = view["phase"]
    contract = view["contract"]
    lines = []
    last = view["last_deal"]
    if phase == "auction" and last:
        verdict = "made it" if last["made"] else "was set"
        delta = " · ".join(f"Team {k} {d:+d}" for k, d in enumerate(last["delta"]))
        lines.append(f"Last deal: Team {last['bidding_team']} bid {last['bid']} and {verdict};"
                     f" points {delta}")
    if phase == "auction":
        high = view["high_bid"]
        lines.append("Auction: one call each from the dealer's left, the dealer last; "
                     + (f"high bid {high}." if high else "no bid yet."))
    elif contract:
        bidder = contract["bidder"]
        lines.append(f"Contract: {seat_name(bidder, me)} (Team {contract['team']}) bid"
                     f" {contract['bid']}" + (f" · {_trump_line(view['trump'])}"
                                              if view["trump"] else ", trump not named yet"))
    if phase == "play":
        won = " · ".join(f"Team {k} {n}" for k, n in enumerate(view["tricks_won"]))
        lines.append(f"Trick {len(view['tricks']) + 1} of 6 · tricks won: {won}")
        if view["tricks"]:
            done = view["tricks"][-1]
            lines.append("Last trick: " + _trick_cards(done["leader"], done["cards"], me)
                         + f" → {seat_name(done['winner'], me)}")
        trick = view["trick"]
        if trick["cards"] and trick["leader"] is not None:
            lines.append("Trick: " + _trick_cards(trick["leader"], trick["cards"], me))
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
        passing = ", or pass" if "pass" in legal else ""
        return [f"Bid how many of the six points your team will take{passing}"
                f" (e.g. {', '.join(examples)}):",
                "High, Low, Right Bauer, Left Bauer, Joker and Game."]
    if phase == "trump":
        return ["You won the auction: name trump (e.g. t h for ♥)."]
    if phase == "exchange":
        most = max(len(a.split()) - 1 for a in legal)
        if most == 0:
            return ["Exchange: you hold no card you may discard; type discard to go on."]
        example = next(a for a in legal if len(a.split()) == min(most, 2) + 1)
        return [f"Exchange: discard up to {most} non-trumps and draw as many"
                f" (e.g. d {' '.join(example.split()[1:]).lower()}).",
                "Type discard alone to keep your hand."]
    if phase == "rob":
        first = legal[0].split()[1:]
        example = f" (e.g. d {' '.join(first).lower()})" if len(first) <= 4 else ""
        example = example or ", help lists each choice"
        return [f"You took the rest of the stock: discard {len(first)} to keep six{example}."]
    trick = view["trick"]["cards"]
    if trick:
        return [f"Type a card to play on {symbol(trick[0])}."]
    return ["You lead: type a card."]


def render_view(view: SchmierView) -> list[str]:
    me = view["seat"]
    lines = [f"Deal {view['deal'] + 1} · {_verb(view['dealer'], me, 'deal')} · {_scores(view)}",
             _partners(view)]
    if view["phase"] == "over":
        return lines
    lines += [_seat_row(view, seat) for seat in range(view["num_players"])]
    lines += _phase_lines(view)
    if "hand" in view:
        lines.append(f"Your hand:   {_hand(view)}")
        discarded = view.get("discarded")
        if discarded:
            lines.append(f"You discarded: {cards(discarded)}")
    legal = view["legal_actions"]
    if legal:
        lines.append("Your turn: " + render_actions(legal))
        lines += _turn_help(view)
    elif view["to_act"] is not None:
        lines.append(f"{seat_name(view['to_act'], me)} to act.")
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
        many = f"{most}" if fewest == most else f"up to {most}"
        shown.append(f"discard {many} of {' '.join(symbol(c) for c in pool)}"
                     f" ({len(discards)} ways)")
    else:
        shown += discards
    return " · ".join(shown)


def _flush(plays: list[Event], me: int | None, lead: bool) -> list[str]:
    """Plays of a trick not yet complete, on one line; ``lead``: the first one led it."""
    if not plays:
        return []
    told = [f"{_verb(e['seat'], me, 'play')} {symbol(e['action'].split()[1])}" for e in plays]
    if lead:
        first = plays[0]
        told[0] = f"{_verb(first['seat'], me, 'lead')} {symbol(first['action'].split()[1])}"
    return [", ".join(told)]


def _deal_score(event: Event, me: int | None) -> list[str]:
    teams = len(event["won"])
    my_team = None if me is None else me % teams
    trump = event["trump"]
    bidder, team, bid = event["bidder"], event["bidding_team"], event["bid"]
    lines = [f"Deal {event['deal'] + 1} is scored: {seat_name(bidder, me)} (Team {team}) bid"
             f" {bid}, trump {_SUITS[trump]}."]
    counts = " · ".join(f"Team {k} {n}" for k, n in enumerate(event["game_counts"]))
    for key, label in _POINTS:
        winner = event["points"][key]
        who = "nobody" if winner is None else _team(winner, my_team)
        note = ""
        if key == "high":
            note = f"{seat_name(event['high_seat'], me)} played {symbol('A' + trump)}"
        elif key == "low":
            note = f"{seat_name(event['low_seat'], me)} played {symbol('2' + trump)}"
        elif key == "game":
            note = f"game count {counts}" + (", a tie" if winner is None else "")
        lines.append(f"   {label:<12} {who:<16} {note}".rstrip())
    won = event["won"][team]
    if event["made"]:
        lines.append(f"   Team {team} won {won} of 6 points and made its bid of {bid}.")
    else:
        lines.append(f"   Team {team} won {won} of 6 points, short of its bid of {bid}:"
                     f" set, it loses {bid}.")
    delta = " · ".join(f"Team {k} {d:+d}" for k, d in enumerate(event["delta"]))
    scores = " · ".join(f"Team {k} {n}" for k, n in enumerate(event["scores"]))
    lines.append(f"   This deal: {delta}  →  scores: {scores}")
    return lines


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
            win = "win" if winner == me else "wins"
            lines.append(f"Trick: {_trick_cards(leader, event['cards'], me)}"
                         f" → {seat_name(winner, me)} {win} (Team {event['team']})")
            continue
        lines += _flush(plays, me, lead)
        plays = []
        if kind == "deal":
            lines.append(f"── Deal {event['deal'] + 1}: {_verb(event['dealer'], me, 'deal')};"
                         f" {_verb(event['first_to_act'], me, 'bid')} first ──")
        elif kind == "action":
            words = event["action"].split()
            seat = event["seat"]
            if words[0] == "pass":
                lines.append(f"{_verb(seat, me, 'pass', 'passes')}")
            elif words[0] == "bid":
                lines.append(f"{_verb(seat, me, 'bid')} {words[1]}")
            elif words[0] == "trump":
                lines.append(f"{_verb(seat, me, 'name')} trump: {_trump_line(words[1])}")
        elif kind == "throw_in":
            lines.append("Everybody passed: the deal is thrown in and dealt again.")
        elif kind == "contract":
            lines.append(f"{_verb(event['bidder'], me, 'take')} the contract with"
                         f" {event['bid']} for Team {event['team']}.")
        elif kind == "rob":
            lines.append(f"{_verb(event['seat'], me, 'take')} the rest of the stock"
                         f" ({plural(event['count'], 'card')}) as dealer.")
        elif kind == "exchange":
            count = event["count"]
            robbed = (i and events[i - 1].get("type") == "rob") or count > 3 or (
                i + 1 < len(events) and events[i + 1].get("type") == "action")
            if robbed:
                lines.append(f"{_verb(event['seat'], me, 'discard')} {count} back to six.")
            elif count:
                lines.append(f"{_verb(event['seat'], me, 'exchange')} {plural(count, 'card')}.")
            else:
                lines.append(f"{_verb(event['seat'], me, 'keep')} the hand (no exchange).")
        elif kind == "deal_score":
            lines += _deal_score(event, me)
        elif kind == "match_over":
            lines.append("The match is over.")
    return lines + _flush(plays, me, lead)


def render_result(result: dict[str, Any], me: int | None) -> list[str]:
    teams = result["teams"]
    scores = result["scores"]
    my_team = None if me is None else next(k for k, s in enumerate(teams) if me in s)
    winners = result["winners"]
    deals = plural(result["deals"], "deal")
    if len(winners) == 1:
        team = winners[0]
        who = _members(teams[team], me)
        head = (f"Your team wins ({who}) with {scores[team]} after {deals}!" if team == my_team
                else f"Team {team} ({who}) wins with {scores[team]} after {deals}.")
    else:
        head = ("Joint win: " + " and ".join(f"Team {k}" for k in winners)
                + f" with {scores[winners[0]]} after {deals}.")
    lines = [head, "Scores: " + " · ".join(
        f"{_team(k, my_team)} {_members(seats, me)}: {scores[k]}"
        for k, seats in enumerate(teams))]
    if result["thrown_in"]:
        lines.append(f"Thrown in (everybody passed): {plural(result['thrown_in'], 'deal')}.")
    return lines


def render_hand(view: SchmierView) -> str:
    return _hand(view) if "hand" in view else "-"


RENDERER = Renderer(lambda view: render_view(schmier_view(view)), render_events, render_result,
                    lambda view: render_hand(schmier_view(view)), render_actions)

"""The Scat expert's reading of the others' moves from the pile (bots/scat/history.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import stammtisch
from stammtisch.bots import scat as scat_bots
from stammtisch.bots.scat.history import Move, Snapshot, fits_moves, last_moves, snapshot
from stammtisch.bots.scat.players import ClubBot
from stammtisch.bots.scat.seen import DECK, read
from stammtisch.cards import parse_card
from stammtisch.games.scat import (
    DISCARD,
    DRAW,
    DRAW_DISCARD,
    KNOCK,
    action_text,
    discard,
    parse_action,
)
from stammtisch.games.scat_types import ScatView, scat_view


def _replays(seeds: range) -> list[tuple[ScatView, dict[int, Move],
                                         dict[int, tuple[bool, int, bool]], list[int]]]:
    """For seat 0 among four clubs, at each of its turns: the view, the replayed
    moves, the others' true moves (took the top, card thrown, knocked) and hands."""
    found = []
    for seed in seeds:
        match = stammtisch.new_match("scat", num_players=4, seed=seed)
        bots = [ClubBot(s) for s in range(4)]
        left: Snapshot | None = None
        truth: dict[int, tuple[bool, int, bool]] = {}
        took = False
        while match.result is None:
            seat = match.to_act
            assert seat is not None
            view = match.view(seat)
            text = bots[seat].choose(view)
            action = parse_action(text)
            if seat == 0:
                seen = read(scat_view(view))
                if view["phase"] == DRAW:
                    replayed = last_moves(left, scat_view(view), seen)
                    if replayed:
                        state: Any = match.state
                        found.append((view, replayed, dict(truth), list(state.hands)))
                    truth = {}
                elif view["phase"] == DISCARD:
                    left = snapshot(scat_view(view), seen, action - discard(0))
            elif action == KNOCK:
                truth[seat] = (False, -1, True)
            elif action == DRAW_DISCARD:
                took = True
            elif action >= discard(0):
                truth[seat] = (took, action - discard(0), False)
                took = False
            elif view["phase"] == DRAW:
                took = False
            match.play(text)
    return found


@pytest.mark.slow
def test_the_round_is_replayed_from_the_pile_as_it_was_played() -> None:
    replays = _replays(range(10))
    assert len(replays) > 100
    fitting = total = takers = 0
    for _view, replayed, truth, hands in replays:
        assert {s: (m.took, m.threw, m.knocked) for s, m in replayed.items()} == truth
        takers += sum(m.took for m in replayed.values())
        for seat, move in replayed.items():
            total += 1
            fitting += fits_moves(hands[seat], 0, (move,), read(scat_view(_view)).value)
    assert takers > 20
    assert fitting >= 0.97 * total


@pytest.mark.slow
def test_the_expert_reads_back_through_the_deal_and_the_true_hands_mostly_fit() -> None:
    longest = fitting = total = 0
    for seed in (11, 12, 13):
        match = stammtisch.new_match("scat", num_players=4, seed=seed)
        bots: list[Any] = [scat_bots.ExpertBot(0, budget=30.0, rollouts=8)]
        bots += [ClubBot(s) for s in range(1, 4)]
        while match.result is None:
            seat = match.to_act
            assert seat is not None
            view = match.view(seat)
            if seat == 0 and view["phase"] == DRAW:
                state: Any = match.state
                seen = read(scat_view(view))
                for other, moves in bots[0].history(view, seen).items():
                    longest = max(longest, len(moves))
                    total += 1
                    fitting += fits_moves(state.hands[other], seen.known.get(other, 0),
                                          tuple(moves), seen.value)
            match.play(bots[seat].choose(view))
    assert longest >= 3 and total > 50
    assert fitting >= 0.9 * total, (fitting, total)


def test_a_hand_below_the_minimum_knock_score_may_pass_up_a_knock() -> None:
    """``min_knock_score``: a player who did not knock may hold a hand the odds say
    to knock with when the minimum forbids knocking with it."""
    from stammtisch.bots.scat.history import hands_before
    from stammtisch.cards import parse_card
    from stammtisch.games.scat import points

    kept = {0: 0, 31: 0}
    for suit in "HSDC":
        for ranks in ("AK9", "AQ9", "KQ9", "AJ9", "AT9", "KJ9", "QJ9", "KT9"):
            hand = 0
            for rank in ranks:
                hand |= 1 << parse_card(rank + suit)
            low = "2C" if suit != "C" else "2D"
            for minimum in kept:
                move = Move(-1, False, parse_card(low), False, True, 0, 3, 4.0, minimum, DECK)
                found = hands_before(hand, 0, move, points)
                assert found is not None
                kept[minimum] += hand in found  # drew the low card and threw it at once
    assert kept[31] == 32
    assert kept[0] < 0.3 * 32


def test_without_first_round_knocks_nobody_is_read_as_declining_one_early() -> None:
    """House rule ``knock_allowed_first_round = false``: moves made before everyone
    had a turn are read as ones where knocking was not allowed."""
    early = later = 0
    for seed in range(4):
        match = stammtisch.new_match("scat", num_players=4, seed=seed,
                                     knock_allowed_first_round=False)
        bots = [ClubBot(s) for s in range(4)]
        left: Snapshot | None = None
        while match.result is None:
            seat = match.to_act
            assert seat is not None
            view = match.view(seat)
            text = bots[seat].choose(view)
            if seat == 0:
                seen = read(scat_view(view))
                if view["phase"] == DRAW and left is not None:
                    for move in last_moves(left, scat_view(view), seen).values():
                        if not left.may_knock and not move.knocked:
                            assert not move.could_knock
                            early += 1
                        later += move.could_knock
                elif view["phase"] == DISCARD:
                    left = snapshot(scat_view(view), seen, parse_action(text) - discard(0))
                    others_done = all(view["completed_turn"][s] for s in seen.active if s)
                    assert left.may_knock == others_done
            match.play(text)
    assert early and later


def test_a_reshuffle_between_two_turns_ends_the_reading() -> None:
    """``empty_stock = reshuffle``: the pile the seat left went back into the stock, so
    the round is not read (and a new deal is not read either). The others only draw from
    the stock and throw the card drawn; the seat, a club, knocks only once its deal has
    been reshuffled. So deals run through the stock."""
    reshuffled = read_across = read_within = 0
    for seed in range(4):
        match = stammtisch.new_match("scat", num_players=4, seed=seed)
        club = ClubBot(0)
        held: dict[int, set[int]] = {}
        left: Snapshot | None = None
        while match.result is None:
            seat = match.to_act
            assert seat is not None
            view = match.view(seat)
            if seat != 0:
                if view["phase"] == DRAW:
                    held[seat] = {parse_card(code) for code in view["hand"]}
                    match.play("draw stock")
                else:
                    drawn = {parse_card(code) for code in view["hand"]} - held[seat]
                    match.play(action_text(discard(drawn.pop())))
                continue
            text = club.choose(view)
            if text == "knock" and view["reshuffles"] == 0:
                text = "draw stock"
            seen = read(scat_view(view))
            if view["phase"] == DRAW and left is not None:
                moves = last_moves(left, scat_view(view), seen)
                if (view["reshuffles"], view["deal"]) != (left.reshuffles, left.deal):
                    assert moves == {}
                    read_across += 1
                    reshuffled += view["deal"] == left.deal
                else:
                    read_within += bool(moves)
            elif view["phase"] == DISCARD:
                left = snapshot(scat_view(view), seen, parse_action(text) - discard(0))
            match.play(text)
    assert reshuffled > 0 and read_across > reshuffled and read_within > 100


@pytest.mark.slow
def test_a_stock_card_s_mean_gain_is_counted_alike_for_plain_points_and_any_value() -> None:
    from itertools import combinations

    from stammtisch.bots.scat.policy import stock_gain
    from stammtisch.games.scat import points

    def any_value(hand: int) -> float:
        return points(hand)  # not ``points`` itself: takes the general path

    rng = random.Random(6)
    hands = [rng.sample(range(52), 3) for _ in range(3_000)]
    hands += [[13 + r for r in ranks] for ranks in combinations(range(13), 3)]  # one suit
    gains = set()
    for held in hands:
        hand = sum(1 << c for c in held)
        cards = sum(1 << c for c in range(52) if not hand >> c & 1 and rng.random() < 0.7)
        gain = stock_gain(hand, cards, points)
        assert gain == stock_gain(hand, cards, any_value), held
        gains.add(gain)
    assert len(gains) > 100


def test_a_draw_is_read_as_the_club_counts_it() -> None:
    """A hand fits a player's draw exactly when the club, holding it, would have drawn
    so: it takes the top card when that beats the mean gain of a card it cannot place."""
    from stammtisch.bots.scat.history import hands_before
    from stammtisch.bots.scat.policy import best_discard, club_move
    from stammtisch.games.scat import DRAW_STOCK, points

    def fits(before: int, move: Move, drawn: int) -> bool:
        after = (before | 1 << drawn) & ~(1 << move.threw)
        return before in (hands_before(after, 0, move, points) or [])

    rng = random.Random(8)
    taken = {True: 0, False: 0}
    for _ in range(3_000):
        cards = rng.sample(range(52), 5 + rng.randrange(30))
        before, top, drawn = sum(1 << c for c in cards[:3]), cards[3], cards[4]
        unseen = sum(1 << c for c in cards[4:])  # the stock and the others' hidden cards
        takes = club_move(DRAW, before, top, 0, (DRAW_STOCK, DRAW_DISCARD), points, unseen, 0,
                          lambda: 1.0) == DRAW_DISCARD
        took_top = Move(top, True, best_discard(before | 1 << top, 1 << top, points)[0],
                        False, False, 0, 3, 2.0, 0, unseen | before)
        drew_stock = Move(top, False, best_discard(before | 1 << drawn, 0, points)[0],
                          False, False, 0, 3, 2.0, 0, unseen | before)
        assert fits(before, took_top, top) == takes
        assert fits(before, drew_stock, drawn) == (not takes)
        taken[takes] += 1
    assert min(taken.values()) > 300

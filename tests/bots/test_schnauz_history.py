"""The Schnauz expert's reading of the others' last moves (bots/schnauz/history.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import stammtisch
from stammtisch.bots import schnauz as schnauz_bots
from stammtisch.bots.schnauz.history import (
    LastMove,
    Snapshot,
    fits_moves,
    last_moves,
    snapshot,
)
from stammtisch.bots.schnauz.players import ClubBot, table_after
from stammtisch.bots.schnauz.policy import club_knocks
from stammtisch.bots.schnauz.seen import read
from stammtisch.cards import parse_card
from stammtisch.games.schnauz import KNOCK, PASS, SWAP_ALL, parse_action, swap_one
from stammtisch.games.schnauz_types import schnauz_view


class NeverKnocks(random.Random):
    """A generator under which every hand passes the knock test."""

    def random(self) -> float:
        return 1.0


def _mask(*codes: str) -> int:
    mask = 0
    for code in codes:
        mask |= 1 << parse_card(code)
    return mask


def _describes(move: LastMove, action: int) -> bool:
    if action == PASS:
        return not move.took and not move.knocked
    if action == KNOCK:
        return move.knocked
    if action == SWAP_ALL:
        return move.took == move.table
    return move.took.bit_length() - 1 == (action - swap_one(0, 0)) % 53 \
        and move.threw == (action - swap_one(0, 0)) // 53


def _rounds(seeds: range, **options: Any) -> list[tuple[dict[str, Any],
                                                      dict[int, list[LastMove]],
                                                      dict[int, int], list[int]]]:
    """For seat 0 among four clubs: each view after a full round, what it replays,
    the others' true moves and the true hands."""
    found = []
    for seed in seeds:
        match = stammtisch.new_match("schnauz", num_players=4, seed=seed, **options)
        bots = [ClubBot(s) for s in range(4)]
        left: Snapshot | None = None
        deal = turns = -1
        moves_since: dict[int, int] = {}
        while match.result is None:
            seat = match.to_act
            assert seat is not None
            view = match.view(seat)
            if seat == 0:
                seat_view = schnauz_view(view)
                seen = read(seat_view)
                replayed = last_moves(left, seat_view, seen)
                if replayed:
                    state: Any = match.state
                    found.append((view, replayed, dict(moves_since), list(state.hands)))
                action = bots[0].choose(view)
                chosen = parse_action(action)
                if view["deal"] != deal:
                    deal, turns = view["deal"], 0
                left = snapshot(seat_view, seen, table_after(seen.hand, seen.table, chosen),
                                chosen == KNOCK, turns)
                turns += not seen.dealer_choice
                moves_since = {}
            else:
                action = bots[seat].choose(view)
                moves_since[seat] = parse_action(action)
            match.play(action)
    return found


@pytest.mark.slow
def test_the_round_is_replayed_as_it_was_played() -> None:
    rounds = _rounds(range(12))
    assert len(rounds) > 150
    for _view, replayed, true_moves, hands in rounds:
        for seat, action in true_moves.items():
            assert any(_describes(move, action) for move in replayed[seat])
            assert fits_moves(hands[seat], [replayed[seat]], "A7", NeverKnocks())


def test_most_rounds_have_one_reading() -> None:
    rounds = _rounds(range(6))
    moves = [m for _v, replayed, _t, _h in rounds for m in replayed.values()]
    assert sum(len(m) == 1 for m in moves) >= 0.6 * len(moves)


def test_a_move_the_club_would_not_make_does_not_fit() -> None:
    table = _mask("AH", "KH", "7S")
    passed = LastMove(table, 0, -1, False, could_knock=False, feeds=True, opponents=3)
    assert not fits_moves(_mask("QH", "8C", "9D"), [[passed]], "A7", NeverKnocks())  # would take AH
    assert fits_moves(_mask("AC", "KC", "QC"), [[passed]], "A7", NeverKnocks())
    threw_seven = LastMove(table, _mask("AH"), parse_card("7D"), False, could_knock=False,
                           feeds=True, opponents=3)
    assert fits_moves(_mask("AH", "QH", "9H"), [[threw_seven]], "A7", NeverKnocks())  # 30
    threw_queen = LastMove(table, _mask("AH"), parse_card("QH"), False, could_knock=False,
                           feeds=True, opponents=3)
    assert not fits_moves(_mask("AH", "8C", "7D"), [[threw_queen]], "A7", NeverKnocks())


def test_a_strong_hand_that_did_not_knock_rarely_fits() -> None:
    table = _mask("7D", "8S", "9H")
    passed = LastMove(table, 0, -1, False, could_knock=True, feeds=True, opponents=3)
    hand = _mask("AC", "KC", "QC")
    rng = random.Random(1)
    share = sum(fits_moves(hand, [[passed]], "A7", rng) for _ in range(2000)) / 2000
    assert abs(share - (1 - club_knocks(31, 3))) < 0.02


def test_samples_give_each_player_a_hand_that_fits_his_last_move() -> None:
    rng = random.Random(5)
    fitting = total = 0
    for view, replayed, _t, _h in _rounds(range(4))[:40]:
        for _ in range(3):
            rounds = {seat: [moves] for seat, moves in replayed.items()}
            state = schnauz_bots.determinize(schnauz_view(view), rng, 2, moves=rounds)
            for seat, moves in replayed.items():
                total += 1
                fitting += fits_moves(state.hands[seat], [moves], "A7", NeverKnocks())
    assert total and fitting >= 0.9 * total


def test_the_expert_reads_every_round_of_the_deal_and_the_true_hands_fit() -> None:
    """Among three clubs, the expert's reading of each other seat's moves this deal,
    back to the first round it could not replay, fits the hand the seat truly holds."""
    from stammtisch.bots.schnauz.history import fits_moves

    match = stammtisch.new_match("schnauz", num_players=4, seed=22)
    bots: list[Any] = [schnauz_bots.ExpertBot(0, budget=30.0, rollouts=16)]
    bots += [ClubBot(s) for s in range(1, 4)]
    longest = checked = 0
    while match.result is None:
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        if seat == 0:
            state: Any = match.state
            seat_view = schnauz_view(view)
            for other, rounds in bots[0].history(seat_view, read(seat_view)).items():
                assert fits_moves(state.hands[other], rounds, "A7", NeverKnocks())
                longest = max(longest, len(rounds))
                checked += 1
        match.play(bots[seat].choose(view))
    assert checked > 30 and longest >= 3


@pytest.mark.slow
def test_without_first_round_knocks_a_pass_in_the_first_round_says_nothing_of_knocking() -> None:
    """House rule ``knock_allowed_first_round = false``: until everyone has had a turn
    nobody may knock, so not knocking then rules out no hand."""
    off = _rounds(range(6), knock_allowed_first_round=False)
    on = _rounds(range(6))
    could = [m.could_knock for _v, replayed, _t, _h in off for ms in replayed.values()
             for m in ms if not m.knocked]
    assert False in could and True in could
    assert all(m.could_knock for view, replayed, _t, _h in on if view["knocker"] is None
               for ms in replayed.values() for m in ms if not m.knocked)
    view = schnauz_view(next(v for v, _r, _t, _h in off if v["dealer"] != v["seat"]))
    seen = read(view)
    assert not snapshot(view, seen, seen.table, False, own_turns=0).may_knock
    assert snapshot(view, seen, seen.table, False, own_turns=1).may_knock
    on_view = schnauz_view(next(v for v, _r, _t, _h in on))
    assert snapshot(on_view, read(on_view), 0, False, own_turns=0).may_knock

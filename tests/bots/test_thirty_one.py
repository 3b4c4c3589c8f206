"""Schnauz and Scat computer players: legal play, seeds, fairness, determinize, analyze."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

import pytest

import stammtisch
from stammtisch.bots import scat as scat_bots
from stammtisch.bots import schnauz as schnauz_bots
from stammtisch.bots.registry import find_level, make_bot
from stammtisch.bots.scat.policy import rollout_policy
from stammtisch.bots.schnauz.policy import club_policy
from stammtisch.bots.thirty_one import play_round
from stammtisch.cards import SCAT_DECK, SCHNAUZ_DECKS, card_code, parse_card
from stammtisch.core.game import View
from stammtisch.core.match import Match
from stammtisch.games.scat_types import scat_view
from stammtisch.games.schnauz_types import schnauz_view

GAMES = ("schnauz", "scat")
TINY = 0.003
EXPERTS = {"schnauz": schnauz_bots.ExpertBot, "scat": scat_bots.ExpertBot}
DETERMINIZE: dict[str, Any] = {"schnauz": schnauz_bots.determinize, "scat": scat_bots.determinize}
POLICY: dict[str, Any] = {"schnauz": club_policy, "scat": rollout_policy}


def _play(match: Match, bots: list[Any], max_actions: int = 3000) -> list[str]:
    played: list[str] = []
    while match.result is None and len(played) < max_actions:
        seat = match.to_act
        assert seat is not None
        played.append(match.play(bots[seat].choose(match.view(seat))).text)
    return played


def _fixed_expert(game: str, seed: int) -> Any:
    """An expert whose play-out count, not the clock, ends each search."""
    return EXPERTS[game](seed, budget=30.0, rollouts=24)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["beginner", "club", "expert"])
def test_every_level_plays_only_legal_actions(game: str, level: str) -> None:
    for seed in range(4):
        players = 2 + (seed + len(level)) % 4
        lineup = [level, "random", "beginner", "club", level][:players]
        match = stammtisch.new_match(game, num_players=players, seed=seed, lives=1)
        bots = [make_bot(game, lv, seed, seat, TINY) for seat, lv in enumerate(lineup)]
        _play(match, bots)  # Match.play raises on an illegal action
        assert match.result is not None


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_levels_play_house_rules(game: str) -> None:
    options: dict[str, Any] = (
        {"knock_allowed_first_round": False, "short_stock_on_all_pass": "reshuffle",
         "deck_variant": "A9"} if game == "schnauz" else
        {"knock_allowed_first_round": False, "three_of_a_kind": True, "straight_flush": True,
         "min_knock_score": 21, "throw_down": True, "empty_stock": "showdown"})
    for seed in range(3):
        match = stammtisch.new_match(game, num_players=3, seed=seed, lives=1, **options)
        bots = [make_bot(game, lv, seed, seat, TINY)
                for seat, lv in enumerate(["beginner", "club", "expert"])]
        _play(match, bots)
        assert match.result is not None


@pytest.mark.parametrize("game", GAMES)
def test_play_repeats_from_the_seed(game: str) -> None:
    def run() -> list[str]:
        match = stammtisch.new_match(game, num_players=3, seed=11, lives=1)
        bots = [_fixed_expert(game, 5), make_bot(game, "club", 11, 1),
                make_bot(game, "beginner", 11, 2)]
        return _play(match, bots, 120)

    assert run() == run()


def _scrambled(deck: list[int], fixed: set[int], rng: random.Random) -> list[int]:
    """The deck with the cards at every position outside ``fixed`` shuffled."""
    loose = [i for i in range(len(deck)) if i not in fixed]
    cards = [deck[i] for i in loose]
    rng.shuffle(cards)
    out = deck[:]
    for i, card in zip(loose, cards, strict=True):
        out[i] = card
    return out


def _fairness_pair(game: str, deck: list[int], fixed: set[int]) -> list[list[str]]:
    """Seat 0 played by bots on two decks that differ only in cards it cannot see;
    the others' moves are scripted to look the same in public."""
    other = _scrambled(deck, fixed, random.Random(3))
    assert other != deck
    runs = []
    for stacked in (deck, other):
        match = stammtisch.new_match(game, num_players=4, seed=2, first_dealer=3, lives=1,
                                     decks=[[card_code(c) for c in stacked]])
        bots = [_fixed_expert(game, 9), make_bot(game, "club", 0, 0),
                make_bot(game, "beginner", 0, 0)]
        choices: list[str] = []
        views: list[dict[str, Any]] = []
        held: dict[int, set[str]] = {}
        while match.view(None)["deal"] == 0 and len(choices) < 8 * 3:
            seat = match.to_act
            assert seat is not None
            view = match.view(seat)
            if seat != 0:
                match.play(_scripted(game, view, held))
                continue
            views.append(view)
            choices += [bot.choose(view) for bot in bots]
            match.play(choices[-3])
        runs.append(choices)
        runs.append([repr(v) for v in views])
    return runs


def _scripted(game: str, view: Mapping[str, Any], held: dict[int, set[str]]) -> str:
    """Schnauz: the dealer keeps, everyone passes. Scat: draw from the stock and
    throw that card away again (the stock's top cards are the same on both decks)."""
    if game == "schnauz":
        return "keep" if view["phase"] == "dealer_choice" else "pass"
    if view["phase"] == "draw":
        held[view["seat"]] = set(view["hand"])
        return "draw stock"
    (drawn,) = set(view["hand"]) - held[view["seat"]]
    return f"discard {drawn}"


def test_schnauz_bots_see_nothing_hidden() -> None:
    deck = list(SCHNAUZ_DECKS["A7"])
    random.Random(7).shuffle(deck)
    # Dealer 3: seat 0 gets positions 0, 4, 8; the kept table is 12, 13, 14, and
    # the tables after all-passes follow.
    choices_a, views_a, choices_b, views_b = _fairness_pair("schnauz", deck,
                                                            {0, 4, 8, *range(12, 24)})
    assert views_a == views_b
    assert choices_a == choices_b


def test_scat_bots_see_nothing_hidden() -> None:
    deck = list(SCAT_DECK)
    random.Random(8).shuffle(deck)
    # Dealer 3: seat 0 gets positions 0, 4, 8; the pile starts at 12; the stock's
    # first cards (drawn in public by the scripted seats, or by seat 0) stay put.
    fixed = {0, 4, 8, 12, *range(13, 33)}
    choices_a, views_a, choices_b, views_b = _fairness_pair("scat", deck, fixed)
    assert views_a == views_b
    assert choices_a == choices_b


def _views(game: str, seeds: range) -> list[dict[str, Any]]:
    """Views of the seat to act, collected along club-played matches."""
    found = []
    for seed in seeds:
        players = 2 + seed % 5
        options: dict[str, Any] = {"throw_down": True} if game == "scat" and seed % 3 == 0 else {}
        match = stammtisch.new_match(game, num_players=players, seed=seed, **options)
        bots = [make_bot(game, "club", seed, seat) for seat in range(players)]
        for step in range(200):
            seat = match.to_act
            if seat is None:
                break
            view = match.view(seat)
            if step % 7 == 0 or view["knocker"] is not None:
                found.append(view)
            match.play(bots[seat].choose(view))
    return found


def _cards(codes: list[str]) -> int:
    mask = 0
    for code in codes:
        mask |= 1 << parse_card(code)
    return mask


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_determinize_agrees_with_the_view(game: str) -> None:
    rng = random.Random(1)
    views = _views(game, range(12))
    assert len(views) > 100
    for view in views:
        seat = view["seat"]
        for _ in range(3):
            state = DETERMINIZE[game](view, rng)
            again = state.view(seat)
            same = ["hand", "phase", "to_act", "lives", "eliminated", "stock_size", "knocker",
                    "legal_actions", "deal", "dealer"]
            same += (["table", "out_of_play", "known_hands", "passes"] if game == "schnauz" else
                     ["discard_pile", "known_cards", "hand_sizes", "completed_turn",
                      "taken_from_discard", "declined", "options"])
            for key in same:
                assert again.get(key) == view.get(key), key
            _check_conservation(game, state, view)
            play_round(state.clone(), POLICY[game])


def _check_conservation(game: str, state: Any, view: dict[str, Any]) -> None:
    if game == "schnauz":
        deck = SCHNAUZ_DECKS[view["deck_variant"]]
        parts = [*state.hands, state.table, state.out_of_play,
                 sum(1 << c for c in state.stock)]
        for seat, cards in view["known_hands"].items():
            assert state.hands[int(seat)] & _cards(cards) == _cards(cards)
        for seat in state.active:
            assert state.hands[seat].bit_count() == 3
    else:
        deck = SCAT_DECK
        parts = [*state.hands, sum(1 << c for c in state.pile), sum(1 << c for c in state.stock)]
        for seat, cards in view["known_cards"].items():
            assert state.hands[int(seat)] & _cards(cards) == _cards(cards)
        assert [h.bit_count() for h in state.hands] == view["hand_sizes"]
    union = 0
    for part in parts:
        assert union & part == 0
        union |= part
    assert union == sum(1 << c for c in deck)


@pytest.mark.parametrize("game", GAMES)
def test_analyze_covers_every_legal_action(game: str) -> None:
    expert = _fixed_expert(game, 4)
    for view in _views(game, range(3))[:25]:
        ranked = expert.analyze(view)
        assert sorted(text for text, _ in ranked) == sorted(view["legal_actions"])
        assert all(0.0 <= value <= 1.0 for _, value in ranked)
        assert ranked[0][0] == expert.choose(view)


@pytest.mark.parametrize("game", GAMES)
def test_expert_honours_its_budget(game: str) -> None:
    import time

    expert = make_bot(game, "expert", 1, 0, 0.05)
    for view in _views(game, range(2))[:10]:
        start = time.thread_time()  # the budget is seconds of one core
        expert.choose(view)
        assert time.thread_time() - start < 0.05 + 0.1


def test_every_level_names_its_weakness() -> None:
    for game in GAMES:
        for name in ("beginner", "club", "expert"):
            description = find_level(game, name).description
            assert description and "\n" not in description


def test_deal_likely_deals_the_pool_and_leans_to_strong_hands() -> None:
    from stammtisch.bots.schnauz.odds import strength
    from stammtisch.bots.thirty_one import deal_likely

    power = strength("A7")
    deck = sum(1 << c for c in SCHNAUZ_DECKS["A7"])
    known = 1 << parse_card("AS")
    pool = deck & ~known
    rng = random.Random(5)
    means = []
    for picks in (1, 12):
        total = 0.0
        for _ in range(200):
            wants = [(known, 2, picks, None), (0, 3, picks, None)]
            (first, second), rest = deal_likely(pool, wants, power.__getitem__, rng)
            assert first & known == known and first.bit_count() == 3
            assert second.bit_count() == 3 and first & second == 0
            assert len(rest) == 32 - 6
            assert first | second | sum(1 << c for c in rest) == deck
            total += power[first] + power[second]
        means.append(total / 400)
    assert means[1] > means[0] + 0.25


def _deal_likely_by_rng_sample(pool: int, wants: list[tuple[int, int, int, Any]],
                               rank: Any, rng: random.Random, tries: int) -> Any:
    """deal_likely as written before its sampling was inlined: rng.sample and tuples."""
    cards = [c for c in range(52) if pool >> c & 1]
    hands, order = [0] * len(wants), list(range(len(wants)))
    rng.shuffle(order)
    for index in order:
        known, missing, picks, fits = wants[index]
        best, best_score, best_cards = known, (False, -math.inf), list[int]()
        wanted = max(1, picks) if missing else 1
        fitting = drawn = 0
        while fitting < wanted and drawn < wanted * tries:
            drawn += 1
            extra = rng.sample(cards, missing)
            hand = known | sum(1 << c for c in extra)
            fit = fits is None or fits(hand)
            fitting += fit
            if (fit, rank(hand)) > best_score:
                best, best_score, best_cards = hand, (fit, rank(hand)), extra
        for card in best_cards:
            cards.remove(card)
        hands[index] = best
    rng.shuffle(cards)
    return hands, cards


def test_deal_likely_draws_what_rng_sample_draws() -> None:
    from stammtisch.bots.thirty_one import deal_likely
    from stammtisch.games.scat import points

    setup = random.Random(11)
    for case in range(300):
        size = setup.choice((9, 15, 21, 22, 25, 33, 40, 49))  # both of rng.sample's methods
        pool_cards = setup.sample(range(52), size)
        pool = sum(1 << c for c in pool_cards)
        players = setup.randint(1, 3)
        held = setup.sample(sorted(set(range(52)) - set(pool_cards)), players)
        odd = setup.randrange(2)

        def odd_count(hand: int, odd: int = odd) -> bool:
            return hand.bit_count() % 2 == odd

        wants = []
        for card in held:
            known = 1 << card if setup.random() < 0.5 else 0
            missing = setup.choice((0, 3 - known.bit_count()))
            fits = odd_count if setup.random() < 0.5 else None
            wants.append((known, missing, setup.randint(0, 12), fits))
        if sum(w[1] for w in wants) > size:
            continue
        ours, theirs = random.Random(case), random.Random(case)
        assert (deal_likely(pool, wants, points, ours, 4)
                == _deal_likely_by_rng_sample(pool, wants, points, theirs, 4))
        assert ours.getstate() == theirs.getstate()


def test_scat_fitter_answers_as_fits_moves() -> None:
    from stammtisch.bots.scat.history import Move, fits_moves, fitter
    from stammtisch.bots.scat.seen import DECK
    from stammtisch.games.scat import points

    move = Move(top=parse_card("AH"), took=False, threw=parse_card("2C"), knocked=False,
                could_knock=True, feed=0, opponents=3, rounds=2.0, min_knock=0,
                unseen=DECK & ~(1 << parse_card("AH")))
    fits = fitter(0, (move,), points)
    rng = random.Random(4)
    answers = set()
    for _ in range(300):
        hand = sum(1 << c for c in rng.sample(SCAT_DECK, 3))
        answers.add(fits(hand))
        assert fits(hand) == fits_moves(hand, 0, (move,), points)
    assert answers == {True, False}
    assert fitter(0, (move,), points) is fits


def test_deal_likely_prefers_hands_that_fit() -> None:
    from stammtisch.bots.thirty_one import deal_likely

    pool = sum(1 << c for c in SCAT_DECK)
    hearts = sum(1 << parse_card(code) for code in ("2H", "3H", "4H", "5H", "6H", "7H", "8H"))
    rng = random.Random(2)
    fitted = 0
    for _ in range(100):
        (hand,), _rest = deal_likely(pool, [(0, 3, 40, lambda h: h & hearts != 0)],
                                     lambda h: float(h.bit_count()), rng)
        fitted += hand & hearts != 0
    assert fitted >= 95


def test_turn_count_counts_each_view_once_per_deal() -> None:
    from stammtisch.bots.thirty_one import TurnCount

    def view(deal: int, to_act: int) -> View:
        return {"game": "scat", "seat": 0, "options": {}, "phase": "draw", "deal": deal,
                "dealer": 0, "to_act": to_act, "legal_actions": []}

    count = TurnCount()
    first, second = view(0, 1), view(0, 2)
    assert count.before(first) == 0
    assert count.before(first) == 0
    assert count.before(second) == 1
    assert count.latest(view(0, 3)) == 1
    assert count.before(view(1, 2)) == 0
    assert count.latest(view(2, 0)) == 0


@pytest.mark.parametrize("game", GAMES)
def test_later_in_a_deal_the_others_hold_better_hands(game: str) -> None:
    from stammtisch.bots.schnauz.odds import strength
    from stammtisch.games.scat import points

    power = strength("A7")
    rank = power.__getitem__ if game == "schnauz" else points
    rng = random.Random(4)
    views = [v for v in _views(game, range(4))
             if v["phase"] in ("play", "draw") and v["knocker"] is None][:20]
    assert views
    means = []
    for own_turns in (0, 4):
        total = count = 0.0
        for view in views:
            for _ in range(5):
                state = DETERMINIZE[game](view, rng, own_turns)
                for seat in state.active:
                    if seat != view["seat"] and state.hands[seat].bit_count() == 3:
                        total += rank(state.hands[seat])
                        count += 1
        means.append(total / count)
    assert means[1] > means[0] * 1.1


@pytest.mark.slow
def test_schnauz_passers_hold_hands_the_club_would_keep() -> None:
    from stammtisch.bots.schnauz.determinize import passers
    from stammtisch.bots.schnauz.odds import strength
    from stammtisch.bots.schnauz.policy import club_exchange
    from stammtisch.bots.schnauz.seen import read
    from stammtisch.games.schnauz import PASS

    power = strength("A7")
    rng = random.Random(6)
    views = [v for v in _views("schnauz", range(30)) if v["passes"] and v["phase"] == "play"]
    assert len(views) >= 5
    kept = total = 0
    for view in views:
        seen = read(schnauz_view(view))
        for seat in passers(schnauz_view(view), seen):
            assert seat != view["seat"]
            state = schnauz_bots.determinize(schnauz_view(view), rng)
            total += 1
            kept += club_exchange(state.hands[seat], seen.table, power, True) == PASS
    assert kept >= 0.7 * total  # random hands: about one in twenty


def test_schnauz_expert_knows_the_table_its_move_leaves() -> None:
    from stammtisch.bots.schnauz.players import table_after
    from stammtisch.bots.schnauz.seen import read

    rng = random.Random(3)
    checked = 0
    for view in _views("schnauz", range(6)):
        seen = read(schnauz_view(view))
        state = schnauz_bots.determinize(schnauz_view(view), rng)
        for action in seen.legal:
            after = state.clone()
            after.apply(action)
            if after.deal_number != state.deal_number or view["phase"] != "play" \
                    or after.stock != state.stock:  # a new deal or a new table after all passed
                continue
            assert table_after(seen.hand, seen.table, action) == after.table
            checked += 1
    assert checked > 100


@pytest.mark.slow
def test_schnauz_others_did_not_leave_a_card_they_badly_wanted() -> None:
    from stammtisch.bots.schnauz.determinize import gains_much
    from stammtisch.cards import iter_cards

    rng = random.Random(8)
    views = [v for v in _views("schnauz", range(8)) if v["phase"] == "play" and not v["passes"]
             and v["knocker"] is None][:30]
    avoided = total = 0
    for view in views:
        table = _cards(view["table"])
        stayed = tuple(iter_cards(table))
        for _ in range(4):
            state = schnauz_bots.determinize(schnauz_view(view), rng, 2, lying=table)
            for seat in state.active:
                if seat != view["seat"]:
                    total += 1
                    avoided += not gains_much(state.hands[seat], stayed)
    assert total and avoided >= 0.9 * total


def test_scat_expert_reads_the_discards_left_for_the_stock() -> None:
    """Seat 0 throws a card; when all three others draw from the stock, each has
    declined the card on top at his turn and then thrown the next card away, and
    the samples give each a hand that fits."""
    from stammtisch.bots.scat.history import fits_moves
    from stammtisch.bots.scat.seen import read

    match = stammtisch.new_match("scat", num_players=4, seed=3, first_dealer=3)
    expert = scat_bots.ExpertBot(2, budget=30.0, rollouts=8)
    held: dict[int, set[str]] = {}
    for _ in range(2):  # seat 0 draws and throws
        match.play(expert.choose(match.view(0)))
    thrown = match.view(None)["discard_pile"][-1]
    while match.to_act != 0:
        match.play(_scripted("scat", match.view(match.to_act), held))
    view = match.view(0)
    seen = read(scat_view(view))
    moves = expert.history(scat_view(view), seen)
    pile = [parse_card(card) for card in view["discard_pile"]]
    assert {seat: (m[0].top, m[0].took, m[0].threw) for seat, m in moves.items()} == {
        1: (parse_card(thrown), False, pile[-3]), 2: (pile[-3], False, pile[-2]),
        3: (pile[-2], False, pile[-1])}
    rng = random.Random(1)
    fitting = total = 0
    for _ in range(50):
        state = scat_bots.determinize(scat_view(view), rng, 1, moves)
        for seat in moves:
            total += 1
            fitting += fits_moves(state.hands[seat], 0, tuple(moves[seat]), seen.value)
    assert fitting >= 0.9 * total


@pytest.mark.parametrize("game", ["schnauz", "scat"])
def test_search_samples_halt_after_their_deal_with_the_same_lives(game: str) -> None:
    """A sample stops once its deal's lives are taken; a copy that deals on ends the
    deal with the same lives, so the search's values do not change."""
    def determinize(view: dict[str, Any], rng: random.Random) -> Any:
        if game == "schnauz":
            return schnauz_bots.determinize(schnauz_view(view), rng)
        return scat_bots.determinize(scat_view(view), rng)

    policy: Any = club_policy if game == "schnauz" else rollout_policy
    rng = random.Random(5)
    for seed in range(30):
        match = stammtisch.new_match(game, num_players=4, seed=seed, lives=1)
        view = match.view(match.to_act)
        sample = determinize(view, rng)
        assert sample.halt_between_deals
        dealing = sample.clone()
        dealing.halt_between_deals = False
        halted = play_round(sample, policy)
        dealt = play_round(dealing, policy)
        assert halted.lives == dealt.lives and halted.eliminated == dealt.eliminated
        assert halted.deal_number == dealt.deal_number == view["deal"] + 1 or (
            halted.phase == dealt.phase == "over")
        if halted.phase != "over":
            assert halted.to_act == -1 and dealt.to_act >= 0


@pytest.mark.slow
def test_schnauz_playouts_knock_as_often_as_the_club() -> None:
    """In play-outs a seat that may knock does so at the club's measured rate for its
    hand value and the number of opponents, and the same position repeats its choice."""
    from stammtisch.bots.schnauz.policy import club_knocks
    from stammtisch.games.schnauz import HAND_KEYS, KNOCK

    rng = random.Random(4)
    views = [v for v in _views("schnauz", range(10)) if v["phase"] == "play"
             and v["knocker"] is None and len(v["hand"]) == 3]
    expected = knocked = 0.0
    for view in views:
        for _ in range(20):
            state = schnauz_bots.determinize(schnauz_view(view), rng)
            hand = state.hands[state.to_act]
            expected += club_knocks(HAND_KEYS[hand] >> 16, len(state.active) - 1)
            choice = club_policy(state)
            knocked += choice == KNOCK
            assert club_policy(state) == choice
    assert expected > 100
    assert abs(knocked - expected) < 0.1 * expected


class NeverKnocks:
    """Changes a card whenever it can and never knocks: no all-pass ends the round."""

    name = "never-knocks"

    def choose(self, view: dict[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        changes = [a for a in legal if a not in ("knock", "pass")]
        return (changes or [a for a in legal if a != "knock"] or legal)[0]


@pytest.mark.parametrize("game", GAMES)
def test_the_expert_knocks_once_its_patience_is_spent(game: str) -> None:
    match = stammtisch.new_match(game, num_players=2, seed=8)
    expert = _fixed_expert(game, 8)
    other = NeverKnocks()
    while not (match.to_act == 0 and "knock" in match.view(0)["legal_actions"]):
        seat = match.to_act
        assert seat is not None
        match.play((expert if seat == 0 else other).choose(match.view(seat)))
    view = match.view(0)
    expert.patience.deal, expert.patience.count = view["deal"], expert.patience_limit
    assert expert.choose(view) == "knock"


@pytest.mark.parametrize("game", GAMES)
def test_a_round_against_a_player_who_never_knocks_ends(game: str) -> None:
    """Two experts once traded 9H and 8H for a whole arena night; an expert past its
    patience knocks, so the round ends however the other plays."""
    match = stammtisch.new_match(game, num_players=2, seed=3)
    expert = _fixed_expert(game, 3)
    bots = [expert, NeverKnocks()]
    limit = 2 * (expert.patience_limit + 2) + 8
    for _ in range(limit):
        seat = match.to_act
        assert seat is not None
        match.play(bots[seat].choose(match.view(seat)))
        if match.view(None)["deal"] > 0 or match.result is not None:
            return
    pytest.fail(f"the first deal of {game} still runs after {limit} actions")

"""The game's own sampler of a view's hidden cards (issue 41): ``GameInfo.sample(view,
rng)``, as OpenSpiel's ``resample_from_infostate``.

For random positions of random matches under several option sets, a state sampled
from a seat's view shows that seat the very same view (and the seat to act the same
legal actions); different draws place the hidden cards differently; Schnapsen's never gives
the opponent a card its play showed it cannot hold, Schmier's never a seat a card of a suit
it did not follow, nor a trump in discards the rules keep free of trumps.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Mapping
from typing import Any

import pytest

import stammtisch
from stammtisch.cards import SCHMIER_DECK, SUIT_CODES, parse_card, parse_cards
from stammtisch.core.game import GameState
from stammtisch.games import REGISTRY
from stammtisch.games.schmier import PROTECTED, TRUMPS, SchmierState, voids
from stammtisch.games.schnapsen import SchnapsenState, unseen_of
from tests.games.test_from_view import OPTION_SETS

SEEDS = 4
MAX_ACTIONS = 300
CHECK_SHARE = 0.08
DRAWS = 3


def _positions(game: str, rng: random.Random) -> list[GameState]:
    """Copies of random positions of random matches of ``game``."""
    found: list[GameState] = []
    for index, options in enumerate(OPTION_SETS[game]):
        for seed in range(SEEDS):
            players = {"schnauz": 3 + seed % 3, "scat": 2 + seed % 4}.get(game)
            extra: dict[str, Any] = {"num_players": players} if players else {}
            state = stammtisch.new_match(game, seed=100 * index + seed, **extra,
                                         **options).state
            state.events = None
            for _ in range(MAX_ACTIONS):
                if not state.legal():
                    break
                if rng.random() < CHECK_SHARE:
                    found.append(state.clone())
                state.apply(rng.choice(state.legal()))
    return found


def _seats(game: str, state: GameState) -> list[int | None]:
    """The views sampled: every seat's, and a spectator's where the game allows it
    (Schnapsen's sampler reads a seat's view: a spectator sees neither hand)."""
    return [*range(state.num_players), *([] if game == "schnapsen" else [None])]


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_sampled_state_shows_the_seat_its_view(game: str) -> None:
    rng = random.Random(41)
    sample = REGISTRY[game].sample
    positions = _positions(game, rng)
    assert len(positions) >= 10 * len(OPTION_SETS[game])
    varied = 0
    for state in positions:
        for seat in _seats(game, state):
            view = state.view(seat)
            draws = [sample(view, rng) for _ in range(DRAWS)]
            for drawn in draws:
                assert drawn.view(seat) == view, seat
                if seat == state.to_act:
                    assert drawn.legal() == state.legal()
            varied += len({repr(drawn.dump()) for drawn in draws}) > 1
    assert varied > len(positions)


def test_schnapsen_samples_respect_the_voids_the_play_showed() -> None:
    rng = random.Random(7)
    voids = 0
    for state in _positions("schnapsen", rng):
        for seat in (0, 1):
            view = state.view(seat)
            if view["phase"] == "over":
                continue
            hidden = unseen_of(view)
            voids += hidden.cannot != 0
            for _ in range(DRAWS):
                drawn = REGISTRY["schnapsen"].sample(view, rng)
                assert isinstance(drawn, SchnapsenState)
                opponent = drawn.hands[1 - seat]
                assert opponent & hidden.must == hidden.must
                assert not opponent & hidden.cannot
    assert voids > 10


def _shown_voids(view: Mapping[str, Any]) -> list[int]:
    trump = SUIT_CODES.index(view["trump"]) if view["trump"] else -1
    tricks = [(t["leader"], [parse_card(c) for c in t["cards"]], t["winner"])
              for t in view["tricks"]]
    trick = [parse_card(c) for c in view["trick"]["cards"]]
    leader = view["trick"]["leader"] if view["trick"]["leader"] is not None else -1
    return voids(trump, tricks, trick, leader, view["options"]["trump_anytime"])


def _check_schmier_sample(view: Mapping[str, Any], drawn: SchmierState) -> None:
    """Nobody holds a suit he did not follow, non-dealers put no trump away, and the
    dealer put trumps away only keeping six trumps, and never A, the bauers, 2 or JK."""
    assert drawn.view(view["seat"]) == view
    for seat, void in enumerate(_shown_voids(view)):
        assert not drawn.hands[seat] & void, (seat, view["tricks"], view["trick"])
    if drawn.trump < 0:
        return
    trumps = TRUMPS[drawn.trump]
    dealer = view["dealer"]
    for seat in range(6):
        if seat != dealer:
            assert not drawn.discards[seat] & trumps
    if drawn.discards[dealer] & trumps:
        assert not drawn.discards[dealer] & PROTECTED[drawn.trump]
        kept = drawn.hands[dealer]
        for leader, cards, _ in [*drawn.tricks, (drawn.leader, drawn.trick, -1)]:
            for i, card in enumerate(cards):
                if (leader + i) % 6 == dealer:
                    kept |= 1 << card
        assert not kept & ~trumps


def _schmier_positions(seeds: int, rng: random.Random) -> list[GameState]:
    """Copies of random positions of ``seeds`` random matches under each option set."""
    found: list[GameState] = []
    for index, options in enumerate(OPTION_SETS["schmier"]):
        for seed in range(seeds):
            state = stammtisch.new_match("schmier", seed=1000 + 100 * index + seed,
                                         **options).state
            state.events = None
            for _ in range(MAX_ACTIONS):
                if not state.legal():
                    break
                if rng.random() < CHECK_SHARE:
                    found.append(state.clone())
                state.apply(rng.choice(state.legal()))
    return found


def test_schmier_samples_respect_what_the_play_and_the_exchange_proved() -> None:
    rng = random.Random(43)
    voided = 0
    for state in _schmier_positions(10, rng):
        for seat in (*range(6), None):
            view = state.view(seat)
            voided += any(_shown_voids(view))
            for _ in range(DRAWS):
                drawn = REGISTRY["schmier"].sample(view, rng)
                assert isinstance(drawn, SchmierState)
                _check_schmier_sample(view, drawn)
    assert voided > 1000, voided


def test_a_trump_on_a_plain_lead_proves_a_void_only_where_trumps_must_wait() -> None:
    # Trump hearts; 5D led by seat 0: seat 1 trumps (7H), seat 2 discards 8C, seat 3 follows.
    trick = [parse_card(c) for c in ("5D", "7H", "8C", "9D")]
    diamonds = parse_cards("2D 3D 4D 5D 6D 7D 8D 9D TD QD KD AD")
    hearts = 2
    assert voids(hearts, [], trick, 0) == [0, diamonds, diamonds, 0, 0, 0]
    assert voids(hearts, [], trick, 0, trump_anytime=True) == [0, 0, diamonds, 0, 0, 0]
    # On a trump lead a plain card proves no trumps either way (JD, the left bauer, too).
    led = [parse_card(c) for c in ("AH", "8C")]
    no_trumps = voids(hearts, [(5, led, 5)], [], -1, trump_anytime=True)[0]
    assert no_trumps == TRUMPS[hearts] and no_trumps >> parse_card("JD") & 1


def _all_trumps_to_the_dealer() -> list[int]:
    """A deck dealt by seat 5 that gives the dealer, with the stock he robs, every heart
    trump (13 hearts, JD, JK) among his 23 cards."""
    trumps = [c for c in SCHMIER_DECK if TRUMPS[2] >> c & 1]
    plain = [c for c in SCHMIER_DECK if not TRUMPS[2] >> c & 1]
    dealers = [*range(5, 36, 6), *range(36, 53)]
    return [trumps.pop() if at in dealers and trumps else plain.pop()
            for at in range(53)]


def test_schmier_samples_a_dealer_who_put_trumps_away_after_keeping_six() -> None:
    match = stammtisch.new_match("schmier", seed=3, first_dealer=5,
                                 decks=[_all_trumps_to_the_dealer()])
    for action in ("bid 3", "pass", "pass", "pass", "pass", "pass", "trump H",
                   *["discard"] * 5):
        match.play(action)
    match.play(match.legal_actions()[0].text)  # the dealer keeps six trumps
    state = match.state
    assert isinstance(state, SchmierState)
    assert state.discards[5] & TRUMPS[2]
    rng = random.Random(5)
    view = match.view(0)
    draws: list[SchmierState] = []
    for _ in range(200):
        drawn = REGISTRY["schmier"].sample(view, rng)
        assert isinstance(drawn, SchmierState)
        _check_schmier_sample(view, drawn)
        draws.append(drawn)
    kept_six = sum(bool(d.discards[5] & TRUMPS[2]) for d in draws)
    assert 0 < kept_six < len(draws)


def test_the_ismcts_level_samples_through_the_game_not_the_bots() -> None:
    pytest.importorskip("open_spiel")
    code = ("import sys, stammtisch.envs.openspiel_ismcts; "
            "print(sorted(m for m in sys.modules if m.startswith('stammtisch.bots')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"

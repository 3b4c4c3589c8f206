"""tools/decision_lab.py: the oracle's race odds, stored positions, and the variants'
patches (they must search what they claim and leave the expert as it was)."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from stammtisch.bots.scat.policy import KNOCK_FLOOR
from stammtisch.cards import parse_card
from tools import decision_lab as lab

schnauz_players: Any = importlib.import_module("stammtisch.bots.schnauz.players")
scat_seen: Any = importlib.import_module("stammtisch.bots.scat.seen")


def test_the_race_odds_are_those_of_an_even_race() -> None:
    assert lab._outlasts(4, (4, 4, 4)) == pytest.approx(0.25)
    assert lab._outlasts(2, (1,)) == pytest.approx(0.75)  # two coin tosses to lose first
    assert lab._outlasts(1, (1, 1)) == pytest.approx(1 / 3)
    assert lab._outlasts(0, (3,)) == 0.0 and lab._outlasts(2, ()) == 1.0
    units = (4, 3, 1)
    shares = [lab._outlasts(u, tuple(sorted(units[:i] + units[i + 1:])))
              for i, u in enumerate(units)]
    assert sum(shares) == pytest.approx(1.0) and shares[0] > shares[1] > shares[2]


def test_positions_hold_the_club_move_and_the_true_state() -> None:
    positions = lab.collect("schnauz", 2, 40, 4)
    assert positions
    for position in positions:
        view = position["view"]
        assert position["default"] in view["legal_actions"]
        assert position["seat"] == view["seat"] == position["state"].to_act
        hand = sum(1 << parse_card(code) for code in view["hand"])
        assert position["state"].hands[position["seat"]] == hand


def test_truehands_swaps_the_sampler_for_the_true_hands() -> None:
    position = lab.collect("schnauz", 1, 41, 5)[0]
    lab.CURRENT.update(position)
    bot = position["bot"]
    original = schnauz_players.ExpertBot.build
    lab.VARIANTS["truehands"].swap(bot)
    sample = bot.build(position["view"], None, random.Random(1))
    assert sample.hands == position["state"].hands
    assert sorted(sample.stock) == sorted(position["state"].stock)
    assert schnauz_players.ExpertBot.build is original  # only that bot changed


def test_exactrace_swaps_the_value_and_the_expert_still_chooses() -> None:
    position = lab.collect("schnauz", 1, 44, 5)[0]
    bot = position["bot"]
    lab.VARIANTS["exactrace"].swap(bot)
    assert bot.value is lab.last_standing
    bot.rollouts, bot.budget = 8, 1000.0
    assert bot.choose(position["view"]) in position["view"]["legal_actions"]
    assert schnauz_players.ExpertBot.value is not lab.last_standing


@pytest.mark.slow
def test_evaluate_reports_the_gain_over_the_club(capsys: pytest.CaptureFixture[str]) -> None:
    positions = lab.collect("scat", 1, 42, 6)
    cache: dict[tuple[int, str], float] = {}
    lab.evaluate("scat", positions, cache, 20, "base")
    line = capsys.readouterr().out
    assert f"{len(positions)} decisions" in line and "gain per decision" in line
    for (index, action), value in cache.items():
        assert action in positions[index]["view"]["legal_actions"] and 0.0 <= value <= 1.0


def test_runs_are_compared_position_by_position() -> None:
    line = lab.paired("base@1400", [0.02, 0.0, 0.01], "base@350", [0.01, 0.0, 0.0])
    assert line.startswith("base@1400 less base@350: +6.67e-3 (SE 3.33e-3)")


def test_play_out_counts_are_read_or_refused_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert lab.counts("350,1400") == [350, 1400]
    for wrong in ("many", "350,0"):
        with pytest.raises(SystemExit):
            lab.main(["evaluate", "nowhere.pkl", "--rollouts", wrong, "base"])
        assert "invalid counts value" in capsys.readouterr().err


@pytest.mark.slow
def test_knocks_compares_the_search_with_the_oracle(capsys: pytest.CaptureFixture[str]) -> None:
    positions = lab.collect("scat", 2, 43, 1)
    chosen = lab.knock_choices(positions)
    assert len(chosen) >= 2
    for index in chosen:
        view = positions[index]["view"]
        assert "knock" in view["legal_actions"] and view["hand_value"] >= KNOCK_FLOOR
        assert "knock" not in lab.without_knock(view)["legal_actions"]
    cache: dict[tuple[int, str], float] = {}
    lab.knocks("scat", positions, cache, 20, "base")
    line = capsys.readouterr().out
    assert f"{len(chosen)} knock choices" in line and "correlation" in line
    assert {index for index, _ in cache} == set(chosen)
    assert all((index, "knock") in cache for index in chosen)


def test_the_reading_variants_swap_the_scat_experts_sampler_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from stammtisch.bots.scat import ExpertBot as ScatExpert
    from stammtisch.bots.scat.determinize import SAMPLER, build
    from stammtisch.bots.scat.seen import DECK
    from stammtisch.games.scat import points

    history: Any = importlib.import_module("stammtisch.bots.scat.history")
    determinize: Any = importlib.import_module("stammtisch.bots.scat.determinize")
    hand = sum(1 << parse_card(code) for code in ("AH", "KH", "9H"))
    left = history.Move(top=parse_card("JC"), took=False, threw=parse_card("2C"), knocked=False,
                        could_knock=False, feed=0, opponents=3, rounds=2.0, min_knock=0,
                        unseen=DECK & ~hand)
    bots = {name: ScatExpert(1) for name in ("approxdraws", "oldest8", "readpicks25")}
    for name, bot in bots.items():
        lab.VARIANTS[name].swap(bot)
    # a top card worth 3 more than this hand beats a stock card's mean gain (only QH, JH
    # and TH raise it): the club takes it, though the rule of thumb waited for 4
    assert SAMPLER.reading.takes(hand, 3, left, points)
    assert not bots["approxdraws"].sampler.reading.takes(hand, 3, left, points)
    assert bots["oldest8"].sampler.reading.oldest == 8 and SAMPLER.reading.oldest == 4
    assert bots["readpicks25"].sampler.read_share == 0.25 and SAMPLER.read_share == 1.0
    assert ScatExpert(1).sampler is SAMPLER  # the class and fresh bots are untouched
    with pytest.raises(ValueError, match="Scat expert"):
        lab.VARIANTS["oldest8"].swap(schnauz_players.ExpertBot(1))

    # a quarter of the picks, only where moves were read: the sampler passes them on
    picked: list[list[int]] = []
    real = determinize.deal_likely

    def record(pool: int, wants: Any, *rest: Any) -> Any:
        picked.append([picks for _known, _missing, picks, _fits in wants])
        return real(pool, wants, *rest)

    for position in lab.collect("scat", 2, 45, 1):
        view = position["view"]
        seen = scat_seen.read(view)
        moves = position["bot"].history(view, seen)
        read_seats = [s for s in seen.active if s != seen.seat and moves.get(s)]
        if read_seats:
            break
    assert read_seats
    monkeypatch.setattr(determinize, "deal_likely", record)
    build(view, seen, random.Random(1), 2, moves)
    build(view, seen, random.Random(1), 2, moves, bots["readpicks25"].sampler)
    full, quartered = picked
    assert full != quartered
    others = [s for s in seen.active if s != seen.seat or not seen.hand]
    for seat, whole, part in zip(others, full, quartered, strict=True):
        assert part == (max(1, round(whole * 0.25)) if seat in read_seats else whole)

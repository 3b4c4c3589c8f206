"""The arena: statistics against hand-computed values, seat rotation and stacked decks,
a small run of every game through the command line, and its error messages."""

from __future__ import annotations

import json
import math
import os
import random
import signal
from pathlib import Path
from typing import Any

import pytest

import stammtisch
from stammtisch.arena import runner
from stammtisch.arena.lineup import read_lineup
from stammtisch.arena.outcome import per_deal, ranks, win_shares
from stammtisch.arena.runner import Table, run_matches
from stammtisch.arena.schedule import rounded_matches, schedule
from stammtisch.arena.stats import elo, mean_interval, wilson
from stammtisch.arena.summary import pair_tally, summarize
from stammtisch.cli import main

# --- statistics ------------------------------------------------------------------------


@pytest.mark.parametrize(("wins", "n", "low", "high"), [
    (8, 10, 0.4902, 0.9433),
    (5, 10, 0.2366, 0.7634),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (70, 100, 0.6042, 0.7811),
])
def test_wilson_interval(wins: int, n: int, low: float, high: float) -> None:
    got = wilson(wins, n)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_wilson_without_trials_knows_nothing() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_mean_interval() -> None:
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    half = 1.959963984540054 * math.sqrt((5 / 3) / 4)
    assert (mean, low, high) == pytest.approx((2.5, 2.5 - half, 2.5 + half))


def test_elo_of_two_is_the_logit_of_the_smoothed_score() -> None:
    # 7 of 10 plus one virtual draw: s = 7.5 / 11, difference 400 log10(7.5 / 3.5).
    ratings = elo(["a", "b"], {("a", "b"): (7.0, 10)})
    diff = 400 * math.log10(7.5 / 3.5)
    assert diff == pytest.approx(132.39, abs=0.01)
    assert ratings["a"] == pytest.approx(1500 + diff / 2)
    assert ratings["b"] == pytest.approx(1500 - diff / 2)


def test_elo_recovers_bradley_terry_strengths() -> None:
    # Strengths 4 : 2 : 1, 29 games a pair whose smoothed scores (one virtual draw,
    # 30 games) are exactly the model's: 20/30, 24/30, 20/30.
    pairwise = {("a", "b"): (19.5, 29), ("a", "c"): (23.5, 29), ("b", "c"): (19.5, 29)}
    ratings = elo(["a", "b", "c"], pairwise)
    step = 400 * math.log10(2)
    assert ratings["a"] == pytest.approx(1500 + step, abs=1e-6)
    assert ratings["b"] == pytest.approx(1500, abs=1e-6)
    assert ratings["c"] == pytest.approx(1500 - step, abs=1e-6)


def test_elo_stays_finite_for_a_clean_sweep() -> None:
    ratings = elo(["a", "b"], {("a", "b"): (20.0, 20)})
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(20.5 / 0.5))


# --- results of one match ----------------------------------------------------------------


def test_ranks_and_shares_from_results() -> None:
    knocked_out = {"winner": 2, "eliminated_order": [0, 3, 1], "lives": [0, 0, 2, 0]}
    assert ranks(knocked_out, 4, None) == [3, 1, 0, 2]
    assert win_shares(knocked_out, 4, None) == [0, 0, 1, 0]
    teams = [[0, 3], [1, 4], [2, 5]]
    joint = {"winner": None, "winners": [0, 2], "scores": [21, 5, 21], "deals": 7}
    assert win_shares(joint, 6, teams) == [0.5, 0, 0.5, 0.5, 0, 0.5]
    assert ranks(joint, 6, teams) == [0, 1, 0, 0, 1, 0]
    assert per_deal(joint, [], 6, teams) == [3.0, 5 / 7, 3.0, 3.0, 5 / 7, 3.0]
    bummerl = {"winner": 1, "game_points": [3, 7], "deals": 4}
    assert ranks(bummerl, 2, None) == [1, 0]
    assert per_deal(bummerl, [], 2, None) == [0.75, 1.75]
    assert ranks(None, 3, None) == [0, 0, 0] and win_shares(None, 2, None) == [0, 0]


def test_lives_lost_per_deal_dealt_in() -> None:
    events: list[dict[str, Any]] = [
        {"type": "deal", "players": [0, 1, 2]},
        {"type": "showdown", "lives_lost": {"2": 2}},
        {"type": "deal", "players": [0, 1, 2]},
        {"type": "showdown", "lives_lost": {"2": 1, "0": 1}},
        {"type": "deal", "players": [0, 1]},
        {"type": "showdown", "lives_lost": {"0": 1}},
    ]
    result = {"winner": 1, "eliminated_order": [2, 0], "lives": [0, 3, 0], "deals": 3}
    assert per_deal(result, events, 3, None) == [2 / 3, 0.0, 1.5]


# --- seats, teams, decks ---------------------------------------------------------------


def test_every_bot_sits_in_every_seat_equally_often() -> None:
    lineup = read_lineup("schnauz", "random,club,beginner,club")
    assert lineup.options["num_players"] == 4
    assert rounded_matches(lineup, 5) == 8
    plans = schedule(lineup, 8, arena_seed=3)
    assert [p.seat_levels for p in plans[:4]] == [
        ("random", "club", "beginner", "club"),
        ("club", "random", "club", "beginner"),
        ("beginner", "club", "random", "club"),
        ("club", "beginner", "club", "random"),
    ]
    for seat in range(4):
        seated = [p.entry_of_seat[seat] for p in plans]
        assert sorted(seated) == [0, 0, 1, 1, 2, 2, 3, 3]
    assert len({p.seed for p in plans[:4]}) == 1 and plans[0].seed != plans[4].seed
    assert lineup.labels == ("random", "club#1", "beginner", "club#2")


def test_schmier_team_lineup_keeps_partners_together() -> None:
    lineup = read_lineup("schmier", "expert,club,club")
    assert lineup.units == ((0, 3), (1, 4), (2, 5))
    plans = schedule(lineup, 3, arena_seed=1)
    assert [p.seat_levels for p in plans] == [
        ("expert", "club", "club", "expert", "club", "club"),
        ("club", "expert", "club", "club", "expert", "club"),
        ("club", "club", "expert", "club", "club", "expert"),
    ]
    by_seat = read_lineup("schmier", "expert,club,club,beginner,random,club")
    for plan in schedule(by_seat, 6, arena_seed=1):
        for seat in range(3):  # partners: entries e and e + 3
            assert plan.entry_of_seat[seat + 3] == (plan.entry_of_seat[seat] + 3) % 6


def test_two_players_play_every_deal_twice_with_the_hands_swapped() -> None:
    lineup = read_lineup("schnapsen", "random,club")
    first, second, third = schedule(lineup, 3, arena_seed=9)[:3]
    assert first.seat_levels == ("random", "club") and second.seat_levels == ("club", "random")
    assert (first.seed, first.decks) == (second.seed, second.decks)
    assert first.decks != third.decks and len(set(first.decks)) == len(first.decks)
    a = stammtisch.new_match("schnapsen", seed=first.seed, decks=list(first.decks))
    b = stammtisch.new_match("schnapsen", seed=second.seed, decks=list(second.decks))
    for seat in (0, 1):
        assert a.view(seat)["hand"] == b.view(seat)["hand"]
    assert a.view(0)["dealer"] == b.view(0)["dealer"]
    # Every later deal of the Bummerl is stacked alike, however differently it is played.
    trumps = []
    for plan, moves in ((first, random.Random(1)), (second, random.Random(2))):
        match = stammtisch.new_match("schnapsen", seed=plan.seed, decks=list(plan.decks))
        while match.to_act is not None:
            match.play(moves.choice(match.legal_actions()))
        trumps.append([e["trump_card"] for e in match.events if e["type"] == "deal"])
    common = min(map(len, trumps))
    assert common >= 2 and trumps[0][:common] == trumps[1][:common]
    assert trumps[0][0] == first.decks[0].split()[10]  # the card after two hands of five


def test_identical_bots_split_every_swapped_pair() -> None:
    lineup = read_lineup("schnapsen", "random,random")
    plans = schedule(lineup, 12, arena_seed=5)
    outcomes = run_matches(Table(lineup, None, 100), plans, jobs=1).outcomes
    for pair in range(0, 12, 2):
        # The same seat plays the same cards alike, so the other entry wins the replay.
        winners = [outcomes[pair + k].shares.index(1.0) for k in (0, 1)]
        assert winners[0] == winners[1]
    figures = summarize(lineup, outcomes)
    assert [f.wins for f in figures] == [6, 6]
    assert pair_tally(lineup, outcomes) == {"random#1 won both": 0, "split": 6,
                                            "random#2 won both": 0}
    assert [f.elo for f in figures] == pytest.approx([1500, 1500])


# --- the command -----------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "extra"), [
    ("schnapsen", "random,random", []),
    ("schnauz", "random,random,random", []),
    ("scat", "random,random", ["lives=2"]),
    ("schmier", "random,random,random", ["--max-deals", "3"]),
])
@pytest.mark.slow
def test_small_arena_of_every_game(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   game: str, players: str, extra: list[str]) -> None:
    status = main(["arena", game, "--players", players, "--matches", "3", "--jobs", "1",
                   "--seed", "7", "--out", str(tmp_path), *extra])
    out = capsys.readouterr().out
    assert status == 0
    stem = f"{game}-{players.replace(',', '_')}-seed7"
    data = json.loads((tmp_path / f"{stem}.json").read_text())
    png = (tmp_path / f"{stem}.png").read_bytes()
    assert png.startswith(b"\x89PNG")
    entries = len(players.split(","))
    assert data["matches"] == len(data["match_list"]) == rounded_matches(
        read_lineup(game, players, {"lives": 2} if game == "scat" else {}), 3)
    assert [bot["bot"] for bot in data["bots"]] == [f"random#{i}" for i in range(1, 1 + entries)]
    assert out.splitlines()[1].split()[:4] == ["bot", "won", "share", "95%"]
    if game == "schmier":
        assert data["unfinished"] == data["matches"]  # random bidders never reach 21
    else:
        assert data["unfinished"] == 0
        assert sum(bot["wins"] for bot in data["bots"]) == pytest.approx(data["matches"])
        assert data["per_deal_metric"] in ("game points per deal", "lives lost per deal")
        low, high = data["bots"][0]["share_interval"]
        assert low <= data["bots"][0]["share"] <= high


def test_arena_is_reproducible_and_independent_of_jobs(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for jobs, where in (("1", "one"), ("2", "two")):
        assert main(["arena", "schnauz", "--players", "random,club", "--matches", "6",
                     "--jobs", jobs, "--seed", "11", "--out", str(tmp_path / where)]) == 0
        data = json.loads((tmp_path / where / "schnauz-random_club-seed11.json").read_text())
        runs.append([(m["seed"], m["seats"], m["result"]) for m in data["match_list"]])
    capsys.readouterr()
    assert runs[0] == runs[1]


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_interrupt_keeps_the_matches_already_finished(jobs: int) -> None:
    lineup = read_lineup("schnauz", "random,club", {})
    plans = schedule(lineup, 8, 5)
    steps = 0

    def step() -> None:
        nonlocal steps
        steps += 1
        if steps == 3:
            raise KeyboardInterrupt

    played = run_matches(Table(lineup, None, 100), plans, jobs, step)
    assert played.interrupted
    indexes = [outcome.plan.index for outcome in played.outcomes]
    assert len(indexes) >= 3 and indexes == sorted(set(indexes))
    whole = run_matches(Table(lineup, None, 100), plans, 1)
    assert not whole.interrupted and len(whole.outcomes) == 8
    by_index = {outcome.plan.index: outcome.result for outcome in whole.outcomes}
    assert all(outcome.result == by_index[outcome.plan.index] for outcome in played.outcomes)


def test_an_interrupted_arena_reports_and_writes_what_finished(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from stammtisch.arena import progress

    original = progress.Progress.step

    def step(self: progress.Progress, count: int = 1) -> None:
        original(self, count)
        if self.done == 4:
            os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(progress.Progress, "step", step)
    status = main(["arena", "schnauz", "--players", "random,club,club", "--matches", "6",
                   "--jobs", "1", "--seed", "3", "--out", str(tmp_path)])
    captured = capsys.readouterr()
    assert status == 130
    assert ("interrupted: 4 of 6 matches finished; some rotation groups are incomplete"
            in captured.err)
    assert captured.out.startswith("schnauz: 4 matches")
    data = json.loads((tmp_path / "schnauz-random_club_club-seed3.json").read_text())
    assert data["interrupted"] is True and data["planned"] == 6
    assert data["matches"] == len(data["match_list"]) == 4
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


def test_a_second_sigterm_while_finishing_keeps_what_finished(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """timeout(1) signals the run and then its whole process group: the run hears SIGTERM
    twice, the second while it waits for the matches in play. Both the matches finished
    before and those in play are kept (a run of an hour once reported 0 of 600)."""
    from concurrent.futures import ProcessPoolExecutor

    from stammtisch.arena import progress

    original_step, original_shutdown = progress.Progress.step, ProcessPoolExecutor.shutdown

    def step(self: progress.Progress, count: int = 1) -> None:
        original_step(self, count)
        if self.done == 4:
            os.kill(os.getpid(), signal.SIGTERM)

    def shutdown(self: ProcessPoolExecutor, wait: bool = True, *,
                 cancel_futures: bool = False) -> None:
        if cancel_futures and wait:
            os.kill(os.getpid(), signal.SIGTERM)
        original_shutdown(self, wait, cancel_futures=cancel_futures)

    monkeypatch.setattr(progress.Progress, "step", step)
    monkeypatch.setattr(ProcessPoolExecutor, "shutdown", shutdown)
    status = main(["arena", "schnauz", "--players", "random,club", "--matches", "200",
                   "--jobs", "2", "--seed", "3", "--out", str(tmp_path)])
    captured = capsys.readouterr()
    assert status == 130
    finished = int(captured.err.split("interrupted: ")[1].split(" of ")[0])
    assert finished >= 4
    data = json.loads((tmp_path / "schnauz-random_club-seed3.json").read_text())
    assert data["matches"] == finished


@pytest.mark.parametrize(("argv", "message"), [
    (["arena", "skat", "--players", "random,random", "--matches", "2"],
     "unknown game 'skat'; the games are: scat, schmier, schnapsen, schnauz"),
    (["arena", "schnapsen", "--players", "random,grandmaster", "--matches", "2"],
     "unknown level 'grandmaster' for schnapsen; the levels are: random,"),
    (["arena", "schnapsen", "--players", "random,club,club", "--matches", "2"],
     "Schnapsen is played by exactly 2 players"),
    (["arena", "schnauz", "--players", ",".join(["random"] * 7), "--matches", "2"],
     "Schnauz is played by 2 to 6 players, but 7 are listed"),
    (["arena", "schmier", "--players", "club,club", "--matches", "2"],
     "list one level per seat or one per team (3), not 2"),
    (["arena", "schnauz", "--players", "random,random", "--matches", "0"],
     "--matches must be at least 1, not 0"),
    (["arena", "schnauz", "--players", "random,random", "--matches", "2", "--jobs", "0"],
     "--jobs must be at least 1"),
    (["arena", "schnauz", "--matches", "2"], "the following arguments are required: --players"),
    (["arena", "schnauz", "--players", "random,random", "--matches", "2", "num_players=3"],
     "2 players listed but num_players=3"),
])
def test_bad_arguments_give_one_line_and_status_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
        message: str) -> None:
    assert main([*argv, "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and message in err
    assert not list(tmp_path.iterdir())


class Trader:
    """Trades a card with the table at every turn and never knocks."""

    name = "trader"

    def choose(self, view: dict[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        return next(a for a in legal if a not in ("knock", "pass"))


def test_a_deal_that_never_ends_leaves_the_match_unfinished(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two players who never knock nor pass: only the arena's cap on a deal's actions
    stops the match."""
    monkeypatch.setattr(runner, "MAX_DEAL_ACTIONS", 300)
    lineup = read_lineup("schnauz", "tests.arena.test_arena:Trader,"
                         "tests.arena.test_arena:Trader", {"num_players": 2})
    plans = schedule(lineup, 2, 4)
    outcomes = run_matches(Table(lineup, None, 100), plans, jobs=1).outcomes
    assert [o.result for o in outcomes] == [None, None]
    assert [(o.deals, o.actions) for o in outcomes] == [(1, 300), (1, 300)]  # the first deal

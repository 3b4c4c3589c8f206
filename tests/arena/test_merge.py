"""``stammtisch arena-merge``: runs of one lineup pooled as if one run had played them,
and the files it refuses."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from stammtisch.arena.lineup import read_lineup
from stammtisch.arena.runner import Table, run_matches
from stammtisch.arena.schedule import schedule
from stammtisch.arena.summary import summarize
from stammtisch.cli import main


def _run(tmp_path: Path, game: str, players: str, seed: int, *extra: str) -> Path:
    where = tmp_path / f"run{seed}"
    assert main(["arena", game, "--players", players, "--matches", "6", "--jobs", "1",
                 "--seed", str(seed), "--out", str(where), *extra]) == 0
    return where / f"{game}-{players.replace(',', '_')}-seed{seed}.json"


def _rewrite(path: Path, change: Any) -> Path:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(("game", "players"), [
    ("schnapsen", "random,beginner"),
    ("schnauz", "random,club,club"),
])
@pytest.mark.slow
def test_pooled_runs_give_the_figures_of_all_their_matches(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, players: str) -> None:
    files = [_run(tmp_path, game, players, seed) for seed in (3, 4)]
    runs = [json.loads(path.read_text()) for path in files]
    capsys.readouterr()
    assert main(["arena-merge", *map(str, files), "--out", str(tmp_path / "pooled")]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("Pooled 2 run(s), arena seeds 3, 4\n"
                                   f"{game}: 12 matches")
    assert captured.err == ""
    stem = tmp_path / "pooled" / f"{game}-{players.replace(',', '_')}-merged-seeds3_4"
    pooled = json.loads(stem.with_suffix(".json").read_text())
    assert stem.with_suffix(".png").read_bytes().startswith(b"\x89PNG")

    lineup = read_lineup(game, players, {})
    table = Table(lineup, None, 1000)
    outcomes = [outcome for seed in (3, 4)
                for outcome in run_matches(table, schedule(lineup, 6, seed), 1).outcomes]
    expected = summarize(lineup, outcomes)
    for got, bot in zip(pooled["bots"], expected, strict=True):
        assert got["bot"] == bot.bot and got["matches"] == 12
        assert got["wins"] == pytest.approx(bot.wins)
        assert got["share_interval"] == pytest.approx(list(bot.share_interval))
        assert got["per_deal"] == pytest.approx(bot.per_deal)
        assert got["elo"] == pytest.approx(bot.elo)
    assert [bot["wins"] for bot in pooled["bots"]] == pytest.approx(
        [a["wins"] + b["wins"] for a, b in zip(runs[0]["bots"], runs[1]["bots"], strict=True)])
    assert [m["index"] for m in pooled["match_list"]] == list(range(12))
    assert [m["result"] for m in pooled["match_list"]] == [
        m["result"] for run in runs for m in run["match_list"]]
    groups = [{m["group"] for m in pooled["match_list"][k:k + 6]} for k in (0, 6)]
    assert not groups[0] & groups[1]
    if runs[0]["swapped_pairs"] is not None:
        assert pooled["swapped_pairs"] == {
            key: runs[0]["swapped_pairs"][key] + runs[1]["swapped_pairs"][key]
            for key in runs[0]["swapped_pairs"]}
    assert pooled["seeds"] == [3, 4] and pooled["planned"] == 12
    assert [source["matches"] for source in pooled["merged_from"]] == [6, 6]


def test_an_incomplete_group_and_an_older_file_are_pointed_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = _run(tmp_path, "schnauz", "random,club", 5)

    def drop_last_and_figures(data: dict[str, Any]) -> None:
        del data["match_list"][-1]
        for match in data["match_list"]:
            del match["per_deal"]

    older = _rewrite(_run(tmp_path, "schnauz", "random,club", 6), drop_last_and_figures)
    capsys.readouterr()
    assert main(["arena-merge", str(whole), str(older), "--out", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert "no per-deal figure per match" in captured.err
    assert "some rotation groups are incomplete" in captured.err
    assert "schnauz: 11 matches" in captured.out
    pooled = json.loads((tmp_path / "schnauz-random_club-merged-seeds5_6.json").read_text())
    assert all(bot["per_deal"] is None for bot in pooled["bots"])


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two runs of one lineup, played once for every spoiled copy below."""
    where = tmp_path_factory.mktemp("runs")
    return (_run(where, "schnauz", "random,club", 3), _run(where, "schnauz", "random,club", 4))


def _not_json(path: Path) -> Path:
    path.write_text("{ not json")
    return path


@pytest.mark.parametrize(("spoil", "message"), [
    (lambda p: p.with_name("missing.json"), "cannot read"),
    (_not_json, "is not JSON"),
    (lambda p: _rewrite(p, lambda d: d.pop("match_list")),
     "is not an arena result file: no match_list"),
    (lambda p: _rewrite(p, lambda d: d["match_list"][2].pop("result")),
     "match 2 of its match_list is incomplete"),
    (lambda p: _rewrite(p, lambda d: d.update(budget=0.5)),
     "differ in budget (0.5 against None)"),
    (lambda p: _rewrite(p, lambda d: d.update(seed=3)), "have the same arena seed 3"),
    (lambda p: _rewrite(p, lambda d: d["match_list"][1].update(seats=["club", "club"])),
     "match 1 does not seat the lineup random,club in rotation 1"),
    (lambda p: _rewrite(p, lambda d: d["match_list"][0].update(deals="many")),
     "match 0 is malformed"),
    (lambda p: _rewrite(p, lambda d: d["match_list"][3].update(per_deal=["x", 0.5])),
     "match 3 is malformed (a per-deal figure (a number or null) for each of its 2 seats"),
    (lambda p: _rewrite(p, lambda d: d["match_list"][3].update(per_deal=5)),
     "match 3 is malformed (a per-deal figure"),
    (lambda p: _rewrite(p, lambda d: d["match_list"][2].update(seats=5)),
     "match 2 does not seat the lineup random,club in rotation 0"),
])
def test_files_that_cannot_be_pooled_give_one_line_and_status_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], two_runs: tuple[Path, Path],
        spoil: Any, message: str) -> None:
    first, second = (Path(shutil.copy(run, tmp_path / f"{index}-{run.name}"))
                     for index, run in enumerate(two_runs))
    second = spoil(second)
    capsys.readouterr()
    out = tmp_path / "pooled"
    assert main(["arena-merge", str(first), str(second), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and message in err
    assert not out.exists()


def test_arena_merge_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena-merge"]) == 2
    assert "the following arguments are required: FILE" in capsys.readouterr().err


@pytest.mark.slow
def test_a_pooled_file_pools_again_with_further_runs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = [_run(tmp_path, "schnauz", "random,club", seed) for seed in (3, 4, 5)]
    assert main(["arena-merge", str(runs[0]), str(runs[1]), "--out", str(tmp_path / "ab")]) == 0
    ab = tmp_path / "ab" / "schnauz-random_club-merged-seeds3_4.json"
    assert main(["arena-merge", str(ab), str(runs[2]), "--out", str(tmp_path / "ab_c")]) == 0
    assert main(["arena-merge", *map(str, runs), "--out", str(tmp_path / "abc")]) == 0
    assert main(["arena-merge", str(ab), str(runs[1]), "--out", str(tmp_path / "twice")]) == 2
    assert "have the same arena seed 4" in capsys.readouterr().err
    stem = "schnauz-random_club-merged-seeds3_4_5.json"
    stepwise = json.loads((tmp_path / "ab_c" / stem).read_text())
    at_once = json.loads((tmp_path / "abc" / stem).read_text())
    assert stepwise["bots"] == at_once["bots"] and stepwise["seeds"] == [3, 4, 5]
    assert stepwise["match_list"] == at_once["match_list"]

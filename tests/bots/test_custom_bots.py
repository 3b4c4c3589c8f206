"""Your own bot: the example plays every game legally in the arena and at the terminal,
class specs are imported and constructed as documented, and every mistake is one line."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import stammtisch
from stammtisch.arena import ArenaConfig, run_arena
from stammtisch.bots.custom import BotSpecError, load_bot_class, make_player
from stammtisch.bots.registry import make_bot
from stammtisch.cli import main
from stammtisch.errors import OptionError
from stammtisch.games.scat import ScatState
from stammtisch.games.schmier import SchmierState
from stammtisch.games.schnapsen import SchnapsenState
from stammtisch.games.schnauz import SchnauzState

REPO = Path(__file__).resolve().parents[2]
GREEDY = "examples.greedy_bot:GreedyBot"
GAMES: dict[str, dict[str, Any]] = {
    "schnauz": {"num_players": 3}, "scat": {"num_players": 3}, "schnapsen": {}, "schmier": {}}


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Module specs are imported from the current directory, as from a shell there."""
    monkeypatch.chdir(REPO)


def bot_file(tmp_path: Path, source: str) -> str:
    """A spec for the class ``Bot`` of a file holding ``source``."""
    path = tmp_path / "mybot.py"
    path.write_text("import random\n\n" + source)
    return f"{path}:Bot"


# --- the example bot ----------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(GAMES))
def test_greedy_bot_only_ever_chooses_a_listed_action(game: str) -> None:
    for seed in range(3):
        match = stammtisch.new_match(game, seed=seed, **GAMES[game])
        bots = [make_player(game, GREEDY, seed, seat) for seat in range(match.num_players)]
        for _ in range(400):
            if (seat := match.to_act) is None:
                break
            view = match.view(seat)
            choice = bots[seat].choose(view)
            assert choice in view["legal_actions"]
            match.play(choice)


@pytest.mark.parametrize(("game", "players", "extra"), [
    ("schnapsen", f"{GREEDY},club", {}),
    ("schnauz", f"{GREEDY},random,club", {}),
    ("scat", f"{GREEDY},club", {"lives": 2}),
    ("schmier", f"{GREEDY},random,club", {}),
])
@pytest.mark.slow
def test_greedy_bot_in_the_arena_of_every_game(tmp_path: Path, game: str, players: str,
                                               extra: dict[str, int]) -> None:
    out, err = io.StringIO(), io.StringIO()
    status = run_arena(ArenaConfig(game=game, players=players, matches=3, jobs=1, seed=4,
                                   out=str(tmp_path), max_deals=20, options=extra), out, err)
    assert status == 0
    stem = f"{game}-{players.replace(':', '.').replace(',', '_')}-seed4"
    data = json.loads((tmp_path / f"{stem}.json").read_text())
    assert data["lineup"] == players.split(",")
    greedy = data["bots"][0]
    assert greedy["bot"] == GREEDY and greedy["matches"] == data["matches"] >= 3
    for match in data["match_list"]:  # a seat each, or (Schmier) a team of two each
        assert match["seats"].count(GREEDY) == len(match["seats"]) // len(data["lineup"])
    table = out.getvalue().splitlines()
    assert table[2].split()[0] == GREEDY and table[2].split()[1] == f"{greedy['wins']:g}"


def test_greedy_bot_from_the_command_line_repeats_with_any_jobs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for jobs in ("1", "2"):
        assert main(["arena", "schnapsen", "--players", f"{GREEDY},club", "--matches", "4",
                     "--jobs", jobs, "--out", str(tmp_path / jobs)]) == 0
        name = "schnapsen-examples.greedy_bot.GreedyBot_club-seed1.json"
        data = json.loads((tmp_path / jobs / name).read_text())
        runs.append([(m["seats"], m["result"]) for m in data["match_list"]])
    assert runs[0] == runs[1]
    assert f"lineup {GREEDY},club" in capsys.readouterr().out


def test_greedy_bot_at_the_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    monkeypatch.setattr("sys.stdout", io.StringIO())
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "schnauz", "--players", "3", "--seat", "2", "--seed", "5",
                 "first_dealer=0", "--bot", GREEDY, "--save", str(path)]) == 0
    record = json.loads(path.read_text())
    assert len(record["actions"]) >= 2  # the dealer's choice and seat 1's turn
    stammtisch.replay(record)


# --- how a class is found and built ---------------------------------------------------


def test_a_file_spec_gets_the_keywords_it_names(tmp_path: Path) -> None:
    spec = bot_file(tmp_path, (
        "class Bot:\n"
        "    def __init__(self, **given):\n"
        "        self.given = given\n"
        "    def choose(self, view):\n"
        "        return view['legal_actions'][0]\n"
        "class Picky:\n"
        "    def __init__(self, seat, game='?'):\n"
        "        self.given = {'seat': seat, 'game': game}\n"
        "    def choose(self, view):\n"
        "        return view['legal_actions'][0]\n"
        "class Bare:\n"
        "    def choose(self, view):\n"
        "        return view['legal_actions'][0]\n"))
    every = make_player("scat", spec, 9, 1, 0.5)
    assert every.name == spec
    given = every.bot.given  # type: ignore[attr-defined]
    assert set(given) == {"seed", "game", "seat", "budget"}
    assert given["game"] == "scat" and given["seat"] == 1 and given["budget"] == 0.5
    assert given["seed"] == make_player("scat", spec, 9, 1).bot.given["seed"]  # type: ignore[attr-defined]
    assert given["seed"] != make_player("scat", spec, 9, 0).bot.given["seed"]  # type: ignore[attr-defined]
    picky = make_player("scat", spec.replace(":Bot", ":Picky"), 9, 2)
    assert picky.bot.given == {"seat": 2, "game": "scat"}  # type: ignore[attr-defined]
    bare = make_player("scat", spec.replace(":Bot", ":Bare"), 9, 2)
    assert type(bare.bot).__name__ == "Bare"  # type: ignore[attr-defined]


def test_a_level_name_is_still_a_level() -> None:
    assert make_player("schnapsen", "club", 3, 0).name == "club"
    assert load_bot_class(GREEDY).__name__ == "GreedyBot"
    with pytest.raises(OptionError, match="allowed: random, beginner, club, expert"):
        make_bot("schnapsen", GREEDY, 3, 0)  # the web table's door: levels only, no import


# --- mistakes: one line, status 2, nothing written --------------------------------------

NO_CHOOSE = "class Bot:\n    pass\n"
NEEDS_A_MODEL = ("class Bot:\n    def __init__(self, model_path):\n        pass\n"
                 "    def choose(self, view):\n        return 'pass'\n")
RAISES = "class Bot:\n    def choose(self, view):\n        raise RuntimeError('boom')\n"
SILENT = "class Bot:\n    def choose(self, view):\n        return None\n"
STUBBORN = "class Bot:\n    def choose(self, view):\n        return 'knock'\n"
BROKEN = "class Bot(:\n"


@pytest.mark.parametrize(("players", "message"), [
    ("nosuchpackage.bot:Bot,club", "bot 'nosuchpackage.bot:Bot': cannot import "
     "nosuchpackage.bot: ModuleNotFoundError: No module named 'nosuchpackage'"),
    ("examples.greedy_bot:Nope,club", "examples.greedy_bot has no class Nope"),
    ("nowhere/bot.py:Bot,club", "bot 'nowhere/bot.py:Bot': no file nowhere/bot.py"),
    (":Bot,club", "expected module.path:Class or path/to/file.py:Class"),
    ("examples.greedy_bot:,club", "expected module.path:Class or path/to/file.py:Class"),
    (NO_CHOOSE, "Bot has no choose(view) method"),
    (NEEDS_A_MODEL, "could not be made with no arguments: TypeError:"),
    (BROKEN, "cannot load"),
    (RAISES, "of seat 0 raised RuntimeError: boom in schnapsen match seed"),
    (SILENT, "of seat 0 returned None, not an action text (one of view['legal_actions']) "
     "in schnapsen match seed"),
    (STUBBORN, "bot of seat 0 chose badly in schnapsen match seed"),
    (STUBBORN, "deal 0: not a Schnapsen action: 'knock'"),
])
def test_a_bad_bot_is_one_line_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         players: str, message: str) -> None:
    if "\n" in players:
        players = bot_file(tmp_path, players) + ",club"
    out = tmp_path / "out"
    assert main(["arena", "schnapsen", "--players", players, "--matches", "2", "--jobs", "1",
                 "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err
    if "match seed" in message:
        assert re.search(r"match seed \d+, deal \d+", err) and players.split(",")[0] in err
    assert not out.exists()


def test_at_the_terminal_a_failing_bot_is_said_and_replaced(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    screen = io.StringIO()
    monkeypatch.setattr("sys.stdout", screen)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    spec = bot_file(tmp_path, RAISES)
    assert main(["play", "schnapsen", "--seat", "1", "--seed", "2", "first_dealer=1",
                 "--bot", spec]) == 0
    assert (f"(the bot of seat 0 chose badly: bot '{spec}' of seat 0 raised RuntimeError: "
            f"boom; it plays") in screen.getvalue()


def test_a_bad_spec_for_play_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "schnapsen", "--bot", "nosuchpackage.bot:Bot"]) == 2
    assert "cannot import nosuchpackage.bot" in capsys.readouterr().err


def test_load_errors_are_stammtisch_errors() -> None:
    with pytest.raises(BotSpecError, match="has no class"):
        load_bot_class("examples.greedy_bot:random")


# --- the view documentation a bot writer reads ------------------------------------------


@pytest.mark.parametrize(("game", "state"), [
    ("schnauz", SchnauzState), ("scat", ScatState), ("schnapsen", SchnapsenState),
    ("schmier", SchmierState)])
def test_every_view_key_is_documented(game: str, state: Any) -> None:
    documented = set(re.findall(r"``(\w+)``", state.view.__doc__ or ""))
    rng = random.Random(1)
    options = dict(GAMES[game], **({"throw_down": True} if game == "scat" else {}))
    match = stammtisch.new_match(game, seed=1, **options)
    seen: set[str] = set()
    for _ in range(300):
        for seat in [None, *range(match.num_players)]:
            seen |= set(match.view(seat))
        if match.to_act is None:
            break
        match.play(rng.choice(match.legal_actions()))
    assert seen - documented == set()

"""The terminal: `stammtisch play` and `replay` end to end, errors, the input resolver."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import stammtisch
from stammtisch.cli import main
from stammtisch.terminal.console import Console
from stammtisch.terminal.games import renderer
from stammtisch.terminal.play import Session
from stammtisch.terminal.render import GENERIC
from stammtisch.terminal.resolve import resolve, shortest


class Keyboard:
    """A stdin that types a script, then answers every prompt like a patient player.

    After the script: ``keep`` or ``pass`` at an action prompt (whichever is legal,
    read from the last "Your turn" line on screen), ``save_as`` at the save prompt.
    """

    def __init__(self, screen: io.StringIO, script: list[str], save_as: str = "") -> None:
        self.screen = screen
        self.script = list(script)
        self.save_as = save_as
        self.typed: list[str] = []

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        shown = self.screen.getvalue()
        if self.script:
            line = self.script.pop(0)
        elif shown.endswith("(Enter = don't save): "):
            line = self.save_as
        else:
            turns = [ln for ln in shown.splitlines() if ln.startswith("Your turn:")]
            line = "keep" if turns and "keep" in turns[-1] else "pass"
        self.typed.append(line)
        return line + "\n"


def run(monkeypatch: pytest.MonkeyPatch, argv: list[str], script: list[str] | None = None,
        save_as: str = "") -> tuple[int, str, Keyboard]:
    screen = io.StringIO()
    keyboard = Keyboard(screen, script or [], save_as)
    monkeypatch.setattr("sys.stdout", screen)
    monkeypatch.setattr("sys.stdin", keyboard)
    status = main(argv)
    return status, screen.getvalue(), keyboard


# --- a whole match at the terminal ---------------------------------------------------

def test_full_schnauz_match_then_replay(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    # Seed 5, three players: Seat 2 deals, so the first turn of seat 0 is a play turn
    # with hand QC 7S KS and table AD AH JS.
    path = tmp_path / "match.json"
    script = ["help", "xyz", "keep", "s", "qc", "qc ad"]
    status, out, keyboard = run(
        monkeypatch, ["play", "schnauz", "--players", "3", "--seed", "5"], script, str(path))
    assert status == 0
    assert "Legal actions now" in out and "swap QC AD" in out and "short: k" in out
    assert "'xyz' is not an action here." in out
    assert "'keep' is not legal now." in out
    assert "'s' could mean several actions." in out
    assert "Did you mean: swap <your card> <table card> · swap all?" in out
    assert "Did you mean: swap QC AD · swap QC AH · swap QC JS?" in out
    assert "You swap Q♣ for A♦" in out
    assert re.search(r"(wins the match|You win the match) after \d+ deals", out)
    assert f"Saved the record to {path}" in out
    assert "Traceback" not in out

    record = json.loads(path.read_text())
    assert record["actions"][:2] == ["swap", "swap QC AD"]
    replayed = stammtisch.replay(record)
    assert replayed.result is not None
    winner = replayed.result["winner"]
    deals = replayed.result["deals"]
    in_play = "You win the match" if winner == 0 else f"Seat {winner} wins the match"
    assert f"{in_play} after {deals} deals" in out

    capsys.readouterr()
    monkeypatch.undo()
    assert main(["replay", str(path)]) == 0
    shown = capsys.readouterr().out
    assert f"Seat {winner} wins the match after {deals} deals." in shown
    assert "Seat 0 swaps Q♣ for A♦" in shown
    assert "   Seat 1   " in shown  # hands shown face up at every deal


def test_undo_takes_back_the_bots_too(monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, _ = run(
        monkeypatch, ["play", "schnauz", "--players", "2", "--seed", "11", "first_dealer=1"],
        ["undo", "p", "undo", "quit"])
    assert status == 0
    assert "Nothing to undo: this is your first turn." in out
    assert ("Taken back: your last turn" in out
            or "Cannot undo: cards have been shown since your last turn." in out)
    assert "Match left unfinished" in out


def test_undo_restores_the_earlier_turn() -> None:
    match = stammtisch.new_match("schnauz", num_players=3, seed=5)
    console = ScriptedConsole(["pass", "undo", "quit"])
    bots = {1: PassingBot(), 2: PassingBot()}
    Session(match, 0, bots, console).run()
    # After pass, pass, pass the table is replaced: that shows cards, so no undo.
    assert "Cannot undo: cards have been shown since your last turn." in console.screen

    match = stammtisch.new_match("schnauz", num_players=3, seed=5)
    console = ScriptedConsole(["k", "quit"])
    Session(match, 0, {1: PassingBot(), 2: PassingBot()}, console).run()
    assert match.actions[:2] == ["keep", "knock"]

    match = stammtisch.new_match("schnauz", num_players=3, seed=5, knock_allowed_first_round=True)
    console = ScriptedConsole(["qc ad", "undo", "show", "quit"])
    Session(match, 0, {1: PassingBot(), 2: KnockingBot()}, console).run()
    assert "Taken back: your last turn and the others' turns after it." in console.screen
    assert match.actions == ["swap"]


class PassingBot:
    name = "passing"

    def choose(self, view: Mapping[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        return "pass" if "pass" in legal else legal[0]


class KnockingBot:
    name = "knocking"

    def choose(self, view: Mapping[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        return "swap" if "swap" in legal else "knock" if "knock" in legal else "pass"


class ScriptedConsole(Console):
    def __init__(self, script: list[str]) -> None:
        self.color = False
        self.script = list(script)
        self.lines: list[str] = []

    def say(self, *lines: str) -> None:
        self.lines += lines

    def ask(self, prompt: str) -> str | None:
        return self.script.pop(0) if self.script else None

    @property
    def screen(self) -> str:
        return "\n".join(self.lines)


def test_end_of_input_quits_cleanly_and_save_flag_writes(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    screen = io.StringIO()
    monkeypatch.setattr("sys.stdout", screen)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "schnauz", "--seed", "2"]) == 0
    assert "(end of input: the match stops here)" in screen.getvalue()
    assert "Not saved." in screen.getvalue()

    path = tmp_path / "kept.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("pass\n"))
    assert main(["play", "schnauz", "--players", "4", "--seed", "2", "--save", str(path)]) == 0
    record = json.loads(path.read_text())
    assert record["options"]["num_players"] == 4
    stammtisch.replay(record)


def test_quit_offers_to_save(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "half.json"
    status, out, _ = run(monkeypatch, ["play", "schnauz", "--players", "3", "--seed", "5"],
                         ["quit", str(tmp_path / "no" / "such" / "dir.json")], str(path))
    assert status == 0
    assert "Cannot write" in out
    assert f"Saved the record to {path}" in out
    assert stammtisch.replay(json.loads(path.read_text())).result is None


def test_replay_of_an_unfinished_match(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    match = stammtisch.new_match("schnauz", num_players=3, seed=5)
    match.play("swap")
    match.play("pass")
    path = tmp_path / "r.json"
    path.write_text(json.dumps(match.record()))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "(unfinished: the hands stay hidden" in out
    assert "Q♣ 7♠ K♠" not in out
    assert "The record ends here, before the match is over (Seat 1 to act)." in out
    assert main(["replay", str(path), "--seat", "0"]) == 0
    assert "Q♣ 7♠ K♠" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("\nq\n"))
    assert main(["replay", str(path), "--step"]) == 0
    assert "The record ends here" not in capsys.readouterr().out


# --- errors: one line on stderr, status 2 -------------------------------------------------

@pytest.mark.parametrize(("argv", "message"), [
    (["play", "skat"], "unknown game 'skat'; the games are:"),
    (["play", "schnauz", "livez=2"], "unknown option 'livez' for schnauz; its options:"),
    (["play", "schnauz", "lives=0"], "option 'lives' for schnauz cannot be 0; allowed:"),
    (["play", "schnauz", "deck_variant=B7"], "option 'deck_variant' for schnauz cannot be 'B7'"),
    (["play", "schnauz", "lives"], "expected option=value, got 'lives'"),
    (["play", "schnauz", "--players", "9"], "Schnauz is for 2 to 6 players, not 9"),
    (["play", "schnapsen", "--players", "3"], "Schnapsen is played by exactly 2 players, not 3"),
    (["play", "schnauz", "--seat", "3", "--players", "3"], "--seat 3: the seats are 0 to 2"),
    (["play", "schnauz", "--bot", "genius"], "option 'bot' for schnauz cannot be 'genius'"),
    (["play", "schnauz", "--seed", "x"], "invalid int value: 'x'"),
    (["fly"], "unknown command 'fly'"),
    (["replay", "/no/such/file.json"], "cannot read /no/such/file.json"),
])
def test_errors_are_one_line_and_exit_2(argv: list[str], message: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and message in captured.err, captured.err


def test_players_only_where_the_game_has_them(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "schnapsen", "--players", "2", "--seed", "1"]) == 0
    assert "Schnapsen: 2 players" in capsys.readouterr().out


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "is not a JSON record"),
    ("[1, 2]", "a record is a JSON object"),
    ('{"game": "schnauz", "seed": 1, "options": {"num_players": 2}, "actions": ["fly"]}',
     "action 0 ('fly')"),
    ('{"game": "schnauz", "seed": "x", "actions": []}', "'seed' must be an integer"),
])
def test_bad_records_exit_2(content: str, message: str, tmp_path: Path,
                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err


# --- the input resolver -----------------------------------------------------------------

PLAY = ["swap QC AD", "swap QC AH", "swap QC JS", "swap 7S AD", "swap TS AH",
        "swap all", "pass", "knock"]


def canonical(text: str) -> str:
    match = stammtisch.new_match("schnauz", num_players=2, seed=1)
    return match.parse(text).text


@pytest.mark.parametrize(("typed", "meant"), [
    ("pass", "pass"), ("PASS", "pass"), ("  swap   qc  ad ", "swap QC AD"),
    ("swap 10s ah", "swap TS AH"), ("k", "knock"), ("p", "pass"), ("sw a", "swap all"),
    ("s a", "swap all"), ("qc ad", "swap QC AD"), ("ad qc", "swap QC AD"),
    ("10s ah", "swap TS AH"), ("sw 7s", "swap 7S AD"),
])
def test_resolver_finds(typed: str, meant: str) -> None:
    assert resolve(typed, PLAY, canonical).action == meant


@pytest.mark.parametrize(("typed", "problem", "candidates"), [
    ("s", "'s' could mean several actions", PLAY[:6]),
    ("swap qc", "'swap qc' could mean several actions", PLAY[:3]),
    ("swap", "'swap' could mean several actions", PLAY[:6]),
    ("keep", "'keep' is not legal now", PLAY),
    ("qc", "'qc' could mean several actions", PLAY[:3]),
    ("hello", "'hello' is not an action here", PLAY),
    ("kh", "No legal action with KH now", PLAY),
    ("", "type an action, or help to list them", []),
])
def test_resolver_explains(typed: str, problem: str, candidates: list[str]) -> None:
    found = resolve(typed, PLAY, canonical)
    assert found.action is None
    assert found.problem == problem
    assert found.candidates == candidates


def test_resolver_dealer_choice_and_other_games() -> None:
    assert resolve("k", ["keep", "swap"], canonical).action == "keep"
    assert resolve("s", ["keep", "swap"], canonical).action == "swap"
    plays = ["play AS", "play QH", "marriage QH", "exchange", "close"]
    assert resolve("as", plays, str).action == "play AS"
    assert resolve("qh", plays, str).candidates == ["play QH", "marriage QH"]
    assert resolve("m", plays, str).action == "marriage QH"
    assert resolve("c", plays, str).action == "close"
    scat = ["throw down", "decline"]
    assert resolve("th", scat, str).action == "throw down"
    assert resolve("discard 8d 7c", ["discard 7C 8D", "discard"], str).action == "discard 7C 8D"


def test_shortest_forms() -> None:
    assert shortest("knock", PLAY) == "k"
    assert shortest("swap all", PLAY) == "s a"
    assert shortest("swap QC AD", PLAY) == "qc ad"
    assert shortest("keep", ["keep", "swap"]) == "k"
    assert shortest("draw stock", ["draw stock", "draw discard", "knock"]) == "d s"
    for action in PLAY:
        short = shortest(action, PLAY)
        assert short is None or resolve(short, PLAY, canonical).action == action


# --- the renderers are pure --------------------------------------------------------------

def test_schnauz_screen_marks_lives_and_turns() -> None:
    match = stammtisch.new_match("schnauz", num_players=4, seed=5, lives=1)
    view = match.view(0)
    view.update({"lives": [1, 0, 0, 0], "swimming": [False, True, False, False],
                 "eliminated": [False, False, True, False]})
    lines = renderer("schnauz").view(view)
    screen = "\n".join(lines)
    assert "You      1 life" in screen
    assert "Seat 1   swimming" in screen
    assert "Seat 2   out" in screen
    assert "dealer" in screen
    assert all(len(line) <= 100 for line in lines)


def test_schnauz_events_tell_the_showdown() -> None:
    event = {"type": "showdown", "deal": 0, "reason": "knock", "knocker": 1,
             "hands": {"0": ["7H", "QH", "AH"], "1": ["7C", "8D", "9S"]},
             "values": {"0": 28, "1": 9}, "labels": {"0": "28", "1": "9"},
             "lowest": 1, "lives_lost": {"1": 2}}
    lines = renderer("schnauz").events(
        [event, {"type": "life", "seat": 1, "lives": 1, "eliminated": False},
         {"type": "life", "seat": 1, "lives": 0, "eliminated": False}], 0)
    assert lines[0] == "Showdown, after Seat 1's knock:"
    assert "You      7♥ Q♥ A♥" in lines[1]
    assert lines[2].endswith("9  ◀ lowest")
    assert lines[3] == "   Seat 1 loses a life (1 life left)."
    assert "swims" in lines[4]


def test_generic_renderer_reads_any_view() -> None:
    view = {"game": "x", "seat": 1, "num_players": 2, "phase": "play", "to_act": 1,
            "dealer": 0, "hand": ["AS", "TH"], "trick": ["KC"], "scores": [3, 5],
            "trump_suit": "H", "history": None, "legal_actions": ["play AS", "play TH"]}
    lines = GENERIC.view(view)
    screen = "\n".join(lines)
    assert "Your hand     A♠ 10♥" in screen
    assert "Trick         K♣" in screen
    assert "Scores        Seat 0 3, You 5" in screen
    assert "Dealer        Seat 0" in screen
    assert "Trump suit    ♥ (H)" in screen
    assert "History" not in screen
    assert lines[-1] == "Your turn: play AS · play TH"
    assert GENERIC.events([{"type": "action", "seat": 0, "action": "play KC"},
                           {"type": "deal", "deal": 2, "dealer": 1}], 1) == \
        ["Seat 0: play K♣", "── Deal 3 ──", "   dealer You"]
    assert GENERIC.result({"winner": 1, "scores": [3, 7]}, 1)[0] == "You win the match!"


def test_the_end_is_told_in_short_once_you_are_out() -> None:
    match = stammtisch.new_match("schnauz", num_players=6, seed=4, lives=1)
    console = FirstLegalConsole(match)
    bots = {seat: KnockingBot() for seat in range(1, 6)}
    Session(match, 0, bots, console).run()
    assert match.result is not None
    screen = console.screen
    tail = screen[screen.index("(The others play on"):]
    assert " knocks" not in tail and "Showdown" in tail and "wins the match" in tail


class FirstLegalConsole(ScriptedConsole):
    """Plays the first legal action at every turn; answers nothing to the save prompt."""

    def __init__(self, match: stammtisch.Match) -> None:
        super().__init__([])
        self.match = match

    def ask(self, prompt: str) -> str | None:
        if prompt.startswith(">"):
            return self.match.legal_actions()[0].text
        return ""


def test_a_view_the_game_renderer_cannot_read_falls_back_to_generic() -> None:
    odd = {"game": "schnauz", "seat": 0, "hand": ["AS"], "legal_actions": ["pass"]}
    assert renderer("schnauz").view(odd) == GENERIC.view(odd)
    assert renderer("schnauz").events([{"type": "showdown"}], 0) == ["Showdown"]

"""The Scat, Schnapsen and Schmier screens: real seeded matches, whole matches, replays."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import stammtisch
from stammtisch.bots import RandomBot
from stammtisch.cli import main
from stammtisch.core.game import Event
from stammtisch.core.match import Match
from stammtisch.terminal.games import RENDERERS
from stammtisch.terminal.render import GENERIC, Renderer
from stammtisch.terminal.resolve import resolve, shortest
from stammtisch.terminal.text import symbol

WIDTH = 100
"""The terminal width the screens must fit (tmux -x 100)."""


def steps(match: Match, *, seed: int = 1) -> Iterator[tuple[int, list[Event]]]:
    """Random bots play; before each action, yields the seat to act and the new events."""
    bots = [RandomBot(seed * 10 + s) for s in range(match.num_players)]
    shown = 0
    while (seat := match.to_act) is not None:
        yield seat, match.events[shown:]
        shown = len(match.events)
        match.play(bots[seat].choose(match.view(seat)))


def since_deal(events: list[Event]) -> list[Event]:
    """The events from the last deal on (a new deal's hands may hold older shown cards)."""
    starts = [i for i, e in enumerate(events) if e["type"] == "deal"]
    return events[starts[-1]:] if starts else events


def codes_in(events: list[Event]) -> set[str]:
    """Every card code any of these (public) events names."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.update(w for w in value.split() if re.fullmatch(r"[2-9TJQKA][CDHS]|JK", w))
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    walk(events)
    return found


def shows(text: str, code: str) -> bool:
    """Does ``text`` show the card (as its symbol, not inside a longer one)?"""
    return re.search(rf"(?<![0-9]){re.escape(symbol(code))}", text) is not None


def fits(lines: list[str]) -> None:
    assert all(len(line) <= WIDTH for line in lines), [ln for ln in lines if len(ln) > WIDTH]


def check_secrets(game: str, match: Match, look: Renderer, *, me: int = 0,
                  seed: int = 1, rule_text: str = "") -> int:
    """Play a match at random; at each step, seat ``me``'s screen (view and the events
    of the running deal since the last step) shows no card another seat holds unseen."""
    deal_events: list[Event] = []
    checked = 0
    for _, new in steps(match, seed=seed):
        deal_events = since_deal(deal_events + new)
        hands = match.state.dump()["hands"]
        public = codes_in(deal_events)
        hidden = {c for s, hand in enumerate(hands) if s != me for c in hand} - public
        lines = look.events(since_deal(new), me) + look.view(match.view(me))
        fits(lines)
        text = re.sub(rule_text, "", "\n".join(lines)) if rule_text else "\n".join(lines)
        leaked = [c for c in hidden if shows(text, c)]
        assert not leaked, (game, leaked, text)
        checked += 1
        if checked > 400:
            break
    return checked


def text_of(match: Match) -> Callable[[str], str]:
    """The canonical text of a typed action, as the play loop parses it."""
    return lambda text: match.parse(text).text


# --- Scat ------------------------------------------------------------------------------

def test_scat_own_hand_pile_stock_and_lives() -> None:
    match = stammtisch.new_match("scat", num_players=5, seed=3, first_dealer=4)
    look = RENDERERS["scat"]
    view = match.view(0)
    lines = look.view(view)
    screen = "\n".join(lines)
    hand = match.state.dump()["hands"][0]
    assert f"Your hand:   {' '.join(symbol(c) for c in hand)}   = {view['hand_value']}" in screen
    assert view["discard_top"] is not None
    assert f"discard pile {symbol(view['discard_top'])} on top (1 card)" in screen
    assert f"Stock {view['stock_size']} cards" in screen
    assert "You      3 lives        ◀ to act" in screen
    assert lines[-1].startswith("Your turn: draw stock · draw discard · knock")
    fits(lines)

    view.update({"lives": [3, 0, 1, 0, 3],
                 "on_the_county": [False, True, False, False, False],
                 "eliminated": [False, False, False, True, False], "knocker": 2})
    screen = "\n".join(look.view(view))
    assert "Seat 1   on the county" in screen and "Seat 3   out" in screen
    assert "Seat 2   1 life         knocked" in screen
    assert "Seat 2 knocked: everyone else has one last turn." in screen


def test_scat_others_draws_discards_and_the_showdown() -> None:
    match = stammtisch.new_match("scat", num_players=4, seed=7)
    look = RENDERERS["scat"]
    for _ in steps(match):
        if any(e["type"] == "showdown" for e in match.events):
            break
    events = match.events
    lines = look.events(events, 0)
    text = "\n".join(lines)
    stock = [e for e in events if e.get("action") == "draw stock" and e["seat"] != 0]
    taken = [e for e in events if e.get("action") == "draw discard" and e["seat"] != 0]
    assert stock and f"Seat {stock[0]['seat']} draws from the stock and discards" in text
    if taken:
        assert f"Seat {taken[0]['seat']} takes {symbol(taken[0]['card'])} from the discard" in text
    showdown = next(e for e in events if e["type"] == "showdown")
    at = next(i for i, ln in enumerate(lines)
              if ln.startswith(("Showdown", "31!", "The stock is used up")))
    for key, hand in showdown["hands"].items():
        name = "You" if key == "0" else f"Seat {key}"
        row = next(ln for ln in lines[at:] if ln.startswith(f"   {name} "))
        assert " ".join(symbol(c) for c in hand) in row
        assert str(int(showdown["values"][key])) in row
        if key in showdown["lives_lost"]:
            assert "lose" in row
    fits(lines)


def test_scat_31_and_the_throw_down_window() -> None:
    look = RENDERERS["scat"]
    event = {"type": "showdown", "deal": 0, "reason": "31", "knocker": None, "thirty_one": [2],
             "hands": {"0": ["7H", "QH", "AH"], "2": ["TS", "KS", "AS"]},
             "values": {"0": 28, "2": 31}, "lowest": None, "lives_lost": {"0": 1}}
    lines = look.events([event, {"type": "life", "seat": 0, "lives": 0, "eliminated": False}], 0)
    assert lines[0] == "31! Seat 2 has 31: everyone else loses a life."
    assert "10♠ K♠ A♠" in lines[2] and lines[2].endswith("31  ◀ 31!")
    assert lines[1].endswith("28  ◀ lose 1 life")
    assert lines[3] == "   You are on the county now (the next loss is out)."

    match = stammtisch.new_match("scat", num_players=3, seed=2, throw_down=True, first_dealer=2)
    hand = match.state.dump()["hands"][0]
    screen = "\n".join(look.view(match.view(0)))
    assert "face down" in screen and "Throw-down window" in screen
    assert not any(shows(screen, c) for c in hand)
    match.play("decline")
    assert " ".join(symbol(c) for c in hand) in "\n".join(look.view(match.view(0)))
    assert resolve("td", ["throw down", "decline"], text_of(match)).action == "throw down"
    assert resolve("ds", ["draw stock", "draw discard", "knock"], text_of(match)).action \
        == "draw stock"


def test_scat_screens_never_show_hidden_cards() -> None:
    match = stammtisch.new_match("scat", num_players=5, seed=11)
    assert check_secrets("scat", match, RENDERERS["scat"]) > 50


def test_scat_discard_turn_says_what_each_discard_leaves() -> None:
    match = stammtisch.new_match("scat", num_players=2, seed=4, first_dealer=1)
    match.play("draw stock")
    lines = RENDERERS["scat"].view(match.view(0))
    screen = "\n".join(lines)
    assert "What each discard leaves:" in screen
    assert "(type the card, e.g." in lines[-1]


# --- Schnapsen ----------------------------------------------------------------------------

def test_schnapsen_table_trump_talon_points() -> None:
    match = stammtisch.new_match("schnapsen", seed=3, first_dealer=1)
    look = RENDERERS["schnapsen"]
    view = match.view(0)
    screen = "\n".join(look.view(view))
    assert view["trump_card"] is not None
    assert f"Trump {symbol('A' + view['trump_suit'])[-1]}" in screen
    assert f"talon {view['talon_size']} cards, the trump card {symbol(view['trump_card'])}" \
        " face up" in screen
    assert "Bummerl: You 0 · Seat 1 0 (first to 7)" in screen
    assert "Tricks: You 0 · Seat 1 0 · your points 0" in screen
    assert " ".join(symbol(c) for c in view["hand"]) in screen
    assert "You lead: type a card" in screen

    view.update({"closed": True, "closer": 1, "trump_card": None, "pending": 20, "points": 0,
                 "marriages": [{"seat": 0, "suit": "H", "cards": ["QH", "KH"], "points": 20}],
                 "trick": {"leader": 1, "cards": ["AS"]}, "tricks": [1, 2],
                 "last_trick": {"leader": 0, "cards": ["TC", "AC"], "winner": 1}})
    screen = "\n".join(look.view(view))
    assert "talon closed by Seat 1" in screen
    assert "(+20 from a marriage, counted with your first trick)" in screen
    assert "Marriages: You Q♥ K♥ (20)" in screen
    assert "Trick: Seat 1 led A♠" in screen
    assert "Tricks: You 1 · Seat 1 2" in screen
    assert "Last trick: You 10♣, Seat 1 A♣ → Seat 1" in screen


def test_schnapsen_specials_are_explained_when_legal() -> None:
    view = stammtisch.new_match("schnapsen", seed=3, first_dealer=1).view(0)
    trump = view["trump_suit"]
    view.update({"hand": ["J" + trump, "KC", "QC", "AD", "TD"], "legal_actions": [
        "play J" + trump, "play KC", "play QC", "play AD", "play TD", "marriage KC",
        "marriage QC", "exchange", "close"]})
    screen = "\n".join(RENDERERS["schnapsen"].view(view))
    assert re.search(r"marriage QC \(m qc\) +show K♣ and lead Q♣: a marriage, 20", screen)
    assert re.search(rf"exchange \(e\) +give your {symbol('J' + trump)} for the trump card",
                     screen)
    assert re.search(r"close \(c\) +turn the trump card down", screen)
    plays = ["play AS", "play QH", "marriage QH", "marriage KH", "exchange", "close"]
    assert resolve("as", plays, str).action == "play AS"
    assert resolve("m qh", plays, str).action == "marriage QH"
    assert resolve("ex", plays, str).action == "exchange"
    assert shortest("marriage QH", plays) == "m qh"


def test_schnapsen_events_tell_tricks_marriages_and_deal_results() -> None:
    look = RENDERERS["schnapsen"]
    lines = look.events([
        {"type": "action", "seat": 1, "action": "marriage KC"},
        {"type": "marriage", "seat": 1, "suit": "C", "cards": ["QC", "KC"], "points": 40,
         "credited": False},
        {"type": "action", "seat": 0, "action": "play AC"},
        {"type": "trick", "leader": 1, "cards": ["KC", "AC"], "winner": 0, "points": 15},
        {"type": "exchange", "seat": 0, "took": "AH", "trump_card": "JH"},
        {"type": "close", "seat": 0, "talon": 6},
        {"type": "draw", "seat": 1, "trump_card": "AH"},
        {"type": "deal_end", "deal": 0, "dealer": 0, "reason": "reached_66", "by": 0,
         "winner": 0, "game_points": 2, "points": [70, 20], "tricks": [4, 1], "closer": None,
         "points_at_close": None, "tricks_at_close": None, "last_trick_winner": 0,
         "match_points": [2, 0]},
    ], 0)
    assert lines[0] == ("Seat 1 declares a marriage with K♣ (Q♣ K♣): 40 in trumps,"
                        " counted once Seat 1 wins a trick")
    assert lines[1] == "You play A♣ on K♣: You win the trick (15 points)"
    assert lines[2] == "You exchange J♥ for the trump card A♥"
    assert lines[3].startswith("You close the talon (6 cards stay face down)")
    assert "Seat 1 takes the trump card A♥" in lines[4]
    assert lines[5:] == ["Deal 1 is over: You reached 66.",
                         "   Points: You 70 (4 tricks) · Seat 1 20 (1 trick)",
                         "   You score 2 game points (schneider: Seat 1 has only 20 points).",
                         "   Bummerl: You 2 · Seat 1 0"]
    credited = look.events([{"type": "trick", "leader": 0, "cards": ["QH", "TH"], "winner": 1,
                             "points": 53}], 0)
    assert credited == ["Seat 1 plays 10♥ on Q♥: Seat 1 wins the trick"
                        " (13 points + 40 from the marriage)"]
    assert look.result({"winner": 1, "game_points": [3, 7], "deals": 5}, 0)[0] == \
        "Seat 1 wins the Bummerl 7:3 after 5 deals."


def test_schnapsen_last_deal_stays_on_the_table_until_the_next_trick() -> None:
    match = stammtisch.new_match("schnapsen", seed=3)
    for _ in steps(match):
        if match.view(0)["deal"] == 1:
            break
    view = match.view(0)
    last = view["last_deal"]
    assert last is not None
    screen = "\n".join(RENDERERS["schnapsen"].view(view))
    assert f"points: You {last['points'][0]}, Seat 1 {last['points'][1]})" in screen
    assert "Last deal: " in screen and "Bummerl: You" in screen


def test_schnapsen_screens_never_show_the_opponents_hand() -> None:
    for seed in (1, 2):
        match = stammtisch.new_match("schnapsen", seed=seed)
        assert check_secrets("schnapsen", match, RENDERERS["schnapsen"], seed=seed) > 30


# --- Schmier ---------------------------------------------------------------------------------

RULE_TEXT = r"\(Right bauer [^)]*\)"
"""The trump line names the bauers of the suit, held by someone or not."""


def test_schmier_auction_teams_and_partner() -> None:
    match = stammtisch.new_match("schmier", seed=5, first_dealer=5)
    look = RENDERERS["schmier"]
    match.play("bid 4")
    match.play("pass")
    match.play("pass")
    view = match.view(3)
    lines = look.view(view)
    screen = "\n".join(lines)
    assert "You play in Team 0 with Seat 0 (your partner)." in screen
    assert "Seat 0   Team 0  6 cards   bid 4         your partner" in screen
    assert "Seat 1   Team 1  6 cards   pass" in screen and "Seat 2   Team 2" in screen
    assert "high bid 4." in screen
    assert "Scores (first to 21): Team 0 (yours) 0 · Team 1 0 · Team 2 0" in screen
    assert " ".join(symbol(c) for c in view["hand"]) in screen
    assert lines[-3] == "Your turn: pass · bid 5 · bid 6"
    for typed, meant in (("b 5", "bid 5"), ("p", "pass")):
        assert resolve(typed, view["legal_actions"], text_of(match)).action == meant
    fits(lines)


def test_schmier_contract_exchange_counts_and_tricks() -> None:
    match = stammtisch.new_match("schmier", seed=5, first_dealer=5)
    look = RENDERERS["schmier"]
    match.play("bid 4")
    for _ in range(5):
        match.play("pass")
    assert resolve("t h", [a.text for a in match.legal_actions()], text_of(match)).action \
        == "trump H"
    match.play("trump H")
    legal = [a.text for a in match.legal_actions()]
    screen = "\n".join(look.view(match.view(0)))
    assert "Contract: You (Team 0) bid 4 · trump ♥ Hearts (Right bauer J♥, Left bauer J♦" in screen
    assert "Exchange: discard up to" in screen
    if any(c[1] == "H" or c in ("JD", "JK") for c in match.view(0)["hand"]):
        assert "trumps:" in screen
    two = next(a for a in legal if len(a.split()) == 3)
    cards = two.split()[1:]
    assert resolve(f"d {cards[1].lower()} {cards[0].lower()}", legal, text_of(match)).action == two
    before = len(match.events)
    match.play(two)
    discarded = match.state.dump()["discards"][0]
    for _ in steps(match):
        if match.view(0)["phase"] == "play":
            break
    told = look.events(match.events[before:], 3)
    assert "Seat 0 exchanges 2 cards." in told
    seat3 = look.view(match.view(3))
    assert "Seat 0   Team 0  6 cards   exchanged 2" in "\n".join(seat3)
    assert not any(shows("\n".join(told + seat3), c) for c in discarded)
    assert f"You discarded: {' '.join(symbol(c) for c in discarded)}" in \
        "\n".join(look.view(match.view(0)))


def test_schmier_deal_score_names_the_six_points() -> None:
    match = stammtisch.new_match("schmier", seed=8)
    look = RENDERERS["schmier"]
    for _ in steps(match):
        if any(e["type"] == "deal_score" for e in match.events):
            break
    score = next(e for e in match.events if e["type"] == "deal_score")
    lines = look.events(match.events, 0)
    at = next(i for i, ln in enumerate(lines) if ln.startswith("Deal 1 is scored"))
    block = lines[at:at + 10]
    for label in ("High", "Low", "Right bauer", "Left bauer", "Joker", "Game"):  # as the pages say
        assert any(ln.startswith(f"   {label} ") for ln in block), label
    verdict = "made its bid" if score["made"] else "set, it loses"
    assert any(verdict in ln for ln in block)
    assert any("Trick: " in ln and "wins (Team" in ln for ln in lines[:at])
    fits(lines)


def test_schmier_rob_partners_of_three_and_trump_choice() -> None:
    look = RENDERERS["schmier"]
    told = look.events([{"type": "rob", "seat": 1, "count": 2},
                        {"type": "exchange", "seat": 1, "count": 2},
                        {"type": "action", "seat": 3, "action": "play AH"}], 0)
    assert told == ["Seat 1 takes the rest of the stock (2 cards) as dealer.",
                    "Seat 1 discards 2 back to six.", "Seat 3 leads A♥"]
    match = stammtisch.new_match("schmier", seed=5, first_dealer=5, partnerships="2x3")
    match.play("bid 4")
    for _ in range(5):
        match.play("pass")
    screen = "\n".join(look.view(match.view(0)))
    assert "You play in Team 0 with Seat 2 + Seat 4 (your partners)." in screen
    assert "Your turn: trump C ♣ · trump D ♦ · trump H ♥ · trump S ♠" in screen
    assert "Seat 1   Team 1  6 cards   pass" in screen
    spectator = "\n".join(look.view(match.view(None)))
    assert "Teams: Team 0 Seat 0 + Seat 2 + Seat 4 · Team 1 Seat 1 + Seat 3 + Seat 5" in spectator
    assert "Your hand" not in spectator


def test_schmier_screens_never_show_hidden_cards() -> None:
    match = stammtisch.new_match("schmier", seed=2)
    assert check_secrets("schmier", match, RENDERERS["schmier"], rule_text=RULE_TEXT) > 100


# --- whole matches at the terminal, then their replays ----------------------------------------

class FirstLegal:
    """A stdin that answers every action prompt with the first legal action (or pass),
    typed in its shortest form when there is one."""

    def __init__(self, matches: list[Match]) -> None:
        self.matches = matches
        self.typed: list[str] = []

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        legal = [a.text for a in self.matches[-1].legal_actions()]
        action = "pass" if "pass" in legal else legal[0]
        line = shortest(action, legal) or action
        self.typed.append(line)
        return line + "\n"


def play_through_cli(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> tuple[str, Match]:
    made: list[Match] = []
    real = stammtisch.new_match

    def keep(*args: Any, **kwargs: Any) -> Match:
        made.append(real(*args, **kwargs))
        return made[-1]

    screen = io.StringIO()
    monkeypatch.setattr(stammtisch, "new_match", keep)
    monkeypatch.setattr("sys.stdout", screen)
    monkeypatch.setattr("sys.stdin", FirstLegal(made))
    assert main(argv) == 0
    monkeypatch.undo()
    return screen.getvalue(), made[0]


@pytest.mark.parametrize(("argv", "result", "own_mark"), [
    (["play", "scat", "--players", "5", "--seed", "3"], r"(You win|Seat \d wins) the match after",
     "What each discard leaves"),
    (["play", "schnapsen", "--seed", "3"], r"(You win|Seat 1 wins) the Bummerl \d+:\d+ after",
     "the trump card"),
    (["play", "schmier", "--seed", "3", "target_score=4"],
     r"(Your team wins|Team \d .* wins|Joint win).* after \d+ deals",
     "You play in Team 0 with Seat 3 (your partner)."),
])
def test_a_whole_match_then_its_replay(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str], argv: list[str],
                                       result: str, own_mark: str) -> None:
    path = tmp_path / "match.json"
    out, match = play_through_cli(monkeypatch, [*argv, "--save", str(path)])
    assert match.result is not None
    assert re.search(result, out), out[-2000:]
    assert "Traceback" not in out and "Did you mean" not in out and "is not" not in out
    assert f"Saved the record to {path}" in out
    game = argv[1]
    assert RENDERERS[game].view(match.view(0)) != GENERIC.view(match.view(0))
    assert own_mark in out

    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    shown = capsys.readouterr().out
    winner = shown.strip().splitlines()[-4:]
    assert re.search(result.replace("You win", "Seat 0 wins").replace("Your team", "Team 0"),
                     "\n".join(winner)), winner
    assert "── Deal 1" in shown and "   Seat 1   " in shown
    record = json.loads(path.read_text())
    assert stammtisch.replay(record).result == match.result


# --- short forms -------------------------------------------------------------------------------

SCHNAPSEN_LEAD = ["play AS", "play QH", "play KH", "marriage QH", "marriage KH", "exchange",
                  "close"]
SCHMIER_BIDS = ["pass", "bid 4", "bid 5", "bid 6"]
SCHMIER_TRUMPS = ["trump C", "trump D", "trump H", "trump S"]
SCHMIER_DISCARDS = ["discard", "discard 7C", "discard 8D", "discard KS", "discard 7C 8D",
                    "discard 7C KS", "discard 8D KS", "discard 7C 8D KS"]
SCAT_DRAW = ["draw stock", "draw discard", "knock"]


@pytest.mark.parametrize(("game", "typed", "legal", "meant"), [
    ("schnapsen", "as", SCHNAPSEN_LEAD, "play AS"),
    ("schnapsen", "m qh", SCHNAPSEN_LEAD, "marriage QH"),
    ("schnapsen", "kh m", SCHNAPSEN_LEAD, "marriage KH"),
    ("schnapsen", "ex", SCHNAPSEN_LEAD, "exchange"),
    ("schnapsen", "c", SCHNAPSEN_LEAD, "close"),
    ("schmier", "b 4", SCHMIER_BIDS, "bid 4"),
    ("schmier", "p", SCHMIER_BIDS, "pass"),
    ("schmier", "t h", SCHMIER_TRUMPS, "trump H"),
    ("schmier", "trump ♥", SCHMIER_TRUMPS, "trump H"),
    ("schmier", "d 7c 8d", SCHMIER_DISCARDS, "discard 7C 8D"),
    ("schmier", "8d 7c", SCHMIER_DISCARDS, "discard 7C 8D"),
    ("schmier", "discard", SCHMIER_DISCARDS, "discard"),
    ("schmier", "ks", ["play 7C", "play KS"], "play KS"),
    ("scat", "ds", SCAT_DRAW, "draw stock"),
    ("scat", "dd", SCAT_DRAW, "draw discard"),
    ("scat", "d s", SCAT_DRAW, "draw stock"),
    ("scat", "k", SCAT_DRAW, "knock"),
    ("scat", "7c", ["discard 7C", "discard KS"], "discard 7C"),
    ("scat", "td", ["throw down", "decline"], "throw down"),
])
def test_short_forms(game: str, typed: str, legal: list[str], meant: str) -> None:
    options: dict[str, Any] = {"num_players": 3} if game == "scat" else {}
    match = stammtisch.new_match(game, seed=1, **options)
    assert resolve(typed, legal, text_of(match)).action == meant


def test_ambiguous_short_forms_list_the_candidates() -> None:
    match = stammtisch.new_match("schnapsen", seed=1)
    found = resolve("qh", SCHNAPSEN_LEAD, text_of(match))
    assert found.action is None and found.candidates == ["play QH", "marriage QH"]
    found = resolve("d", SCAT_DRAW, str)
    assert found.action is None and found.candidates == ["draw stock", "draw discard"]
    assert resolve("d 7c", SCHMIER_DISCARDS, str).action == "discard 7C"

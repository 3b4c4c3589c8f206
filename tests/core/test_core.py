"""The errors of the match contract (DESIGN.md, docs/rules/NOTATION.md, docs/rules/README.md §9).

Every error names what is at fault (the action and the legal ones, the option
key and its allowed values, the text, the record index) and derives from
StammtischError.
"""

from __future__ import annotations

from typing import Any

import pytest

import stammtisch
from stammtisch import (
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
    StammtischError,
)
from stammtisch.cards import SCHNAUZ_DECKS, card_code

A7_CODES = [card_code(c) for c in SCHNAUZ_DECKS["A7"]]


def new(**options: Any) -> stammtisch.Match:
    options.setdefault("num_players", 3)
    options.setdefault("first_dealer", 2)
    return stammtisch.new_match("schnauz", seed=5, **options)


def header(**fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"game": "schnauz", "options": {"num_players": 3, "first_dealer": 2},
                              "seed": 5, "actions": []}
    record.update(fields)
    return record


def test_every_error_is_a_stammtisch_error() -> None:
    for error in (IllegalActionError, NotationError, OptionError, RecordError):
        assert issubclass(error, StammtischError)
    assert issubclass(StammtischError, ValueError)


# --- actions ------------------------------------------------------------------------------

def test_illegal_action_names_it_and_lists_the_legal_ones() -> None:
    match = new()
    with pytest.raises(IllegalActionError) as caught:
        match.play("knock")
    assert caught.value.action == "knock"
    assert caught.value.legal == ["keep", "swap"]
    assert "'knock'" in str(caught.value) and "keep, swap" in str(caught.value)
    assert match.actions == []


def test_illegal_swap_of_a_card_not_held() -> None:
    match = new()
    match.play("keep")
    hand = match.view(match.to_act)["hand"]
    table = match.view(None)["table"]
    stranger = next(c for c in A7_CODES if c not in hand and c not in table)
    with pytest.raises(IllegalActionError) as caught:
        match.play(f"swap {stranger} {table[0]}")
    assert caught.value.action == f"swap {stranger} {table[0]}"
    assert caught.value.legal == [a.text for a in match.legal_actions()]


def test_actions_are_read_in_any_case_and_spacing() -> None:
    match = new()
    assert match.play("  KEEP ").text == "keep"
    hand, table = match.view(match.to_act)["hand"], match.view(None)["table"]
    sloppy = f"Swap   {hand[0].lower()}  {table[0].lower()}".replace("t", "10", 1)
    assert match.parse(sloppy).text == f"swap {hand[0]} {table[0]}"


def test_no_action_is_legal_once_the_match_is_over() -> None:
    match = new(lives=1, num_players=2, first_dealer=0)
    while match.to_act is not None:
        match.play(match.legal_actions()[-1])  # knock or pass until the end
    with pytest.raises(IllegalActionError, match="the match is over") as caught:
        match.play("pass")
    assert caught.value.legal == []


@pytest.mark.parametrize("text", ["dance", "swap", "swap all now", "swap 7C", "swap XX 7C", ""])
def test_unparsable_action_raises_notation_error_naming_the_text(text: str) -> None:
    match = new()
    match.play("keep")
    if text == "swap":  # "swap" is the dealer's action: it parses, but is illegal here
        with pytest.raises(IllegalActionError):
            match.play(text)
        return
    with pytest.raises(NotationError) as caught:
        match.play(text)
    assert caught.value.text == text
    assert repr(text) in str(caught.value)
    assert "legal actions: " in str(caught.value)


def test_an_action_that_is_not_text() -> None:
    with pytest.raises(NotationError):
        new().play(3)  # type: ignore[arg-type]


# --- options --------------------------------------------------------------------------------

@pytest.mark.parametrize(("options", "key", "allowed"), [
    ({"deck_variant": "A8"}, "deck_variant", "'A7', 'A9', 'A5'"),
    ({"num_players": 7}, "num_players", "an integer from 2 to 6"),
    ({"num_players": 1}, "num_players", "an integer from 2 to 6"),
    ({"num_players": True}, "num_players", "an integer from 2 to 6"),
    ({"lives": 0}, "lives", "an integer >= 1"),
    ({"lives": "3"}, "lives", "an integer >= 1"),
    ({"first_dealer": 9}, "first_dealer", "'random'"),
    ({"first_dealer": 3}, "first_dealer", "0..2"),
    ({"first_dealer": -1}, "first_dealer", "'random'"),
    ({"knock_allowed_first_round": "yes"}, "knock_allowed_first_round", "true or false"),
    ({"dealt_combo_check": "never"}, "dealt_combo_check", "'before_dealer_choice'"),
    ({"short_stock_on_all_pass": "stop"}, "short_stock_on_all_pass", "'continue'"),
    ({"fire_effect": "none"}, "fire_effect", "'all_others_lose'"),
    ({"knocker_lowest_penalty": 3}, "knocker_lowest_penalty", "1, 2"),
    ({"knocker_lowest_penalty": True}, "knocker_lowest_penalty", "1, 2"),
])
def test_bad_option_value(options: dict[str, Any], key: str, allowed: str) -> None:
    with pytest.raises(OptionError) as caught:
        new(**options)
    assert caught.value.key == key
    assert allowed in caught.value.allowed
    assert repr(key) in str(caught.value) and allowed in str(caught.value)
    assert repr(options[key]) in str(caught.value)


def test_unknown_option_key_lists_the_known_ones() -> None:
    with pytest.raises(OptionError) as caught:
        new(players=3)
    assert caught.value.key == "players"
    assert "'players'" in str(caught.value)
    for spec in stammtisch.games()[0].options:
        assert spec.name in caught.value.allowed


def test_missing_num_players() -> None:
    with pytest.raises(OptionError) as caught:
        stammtisch.new_match("schnauz", seed=1)
    assert caught.value.key == "num_players"
    assert "required" in str(caught.value) and "an integer from 2 to 6" in str(caught.value)


def test_unknown_game_and_bad_seed() -> None:
    with pytest.raises(OptionError, match="schnauz") as caught:
        stammtisch.new_match("chess", seed=1)
    assert caught.value.key == "game"
    for seed in ("1", 1.5, True, None):
        with pytest.raises(OptionError) as bad:
            stammtisch.new_match("schnauz", seed=seed, num_players=3)  # type: ignore[arg-type]
        assert bad.value.key == "seed"


@pytest.mark.parametrize("deck", [
    A7_CODES[:-1],                       # a card missing
    A7_CODES[:-1] + ["7C"],              # a card twice
    A7_CODES[:-1] + ["2C"],              # a card of another deck
    A7_CODES + ["2C"],                   # one too many
    [],
    ["7C", "XX"] + A7_CODES[2:],         # not a card
])
def test_stacked_deck_must_be_a_permutation(deck: list[str]) -> None:
    with pytest.raises(StammtischError) as caught:
        new(decks=[deck])
    if isinstance(caught.value, OptionError):
        assert caught.value.key == "decks"
        assert "permutation" in str(caught.value)
    else:
        assert isinstance(caught.value, NotationError) and caught.value.text == "XX"


def test_decks_must_be_a_list_of_decks() -> None:
    with pytest.raises(OptionError) as caught:
        new(decks=" ".join(A7_CODES))
    assert caught.value.key == "decks"


def test_stacked_deck_is_dealt_from_the_top() -> None:
    # SZ-T14: 3 players, dealer seat 2
    match = stammtisch.new_match("schnauz", seed=5, num_players=3, first_dealer=2,
                                 decks=[" ".join(A7_CODES)])
    hands = match.state.dump()["hands"]
    assert hands == [["7C", "TC", "KC"], ["8C", "JC", "AC"], ["9C", "QC", "7D"]]
    assert match.record()["decks"] == [A7_CODES]


# --- records --------------------------------------------------------------------------------

@pytest.mark.parametrize(("record", "fault"), [
    ([], "JSON object"),
    ("schnauz", "JSON object"),
    (None, "JSON object"),
    ({"seed": 5, "actions": []}, "'game'"),
    ({"game": "schnauz", "actions": []}, "'seed'"),
    ({"game": "schnauz", "seed": 5}, "'actions'"),
    (header(moves=[]), "moves"),
    (header(seed="5"), "'seed'"),
    (header(seed=True), "'seed'"),
    (header(seed=5.0), "'seed'"),
    (header(actions="keep"), "'actions'"),
    (header(options=[3]), "'options'"),
    (header(options={"num_players": 9}), "num_players"),
    (header(options={}), "num_players"),
    (header(game="chess"), "chess"),
    (header(decks="7C"), "'decks'"),
    (header(decks=[["7C"]]), "permutation"),
])
def test_malformed_record(record: Any, fault: str) -> None:
    with pytest.raises(RecordError) as caught:
        stammtisch.replay(record)
    assert fault in str(caught.value)
    assert caught.value.index is None


def played_record(count: int) -> dict[str, Any]:
    match = new()
    for _ in range(count):
        match.play(match.legal_actions()[0])
    return match.record()


@pytest.mark.parametrize("index", [0, 1, 4])
def test_record_with_an_unparsable_action(index: int) -> None:
    record = played_record(6)
    record["actions"][index] = "dance"
    with pytest.raises(RecordError) as caught:
        stammtisch.replay(record)
    assert caught.value.index == index
    assert f"action {index}" in str(caught.value) and "'dance'" in str(caught.value)


@pytest.mark.parametrize("index", [0, 1, 4])
def test_record_with_an_illegal_action_names_the_legal_ones(index: int) -> None:
    record = played_record(6)
    legal = [a.text for a in stammtisch.replay(played_record(index)).legal_actions()]
    record["actions"][index] = "swap all" if index == 0 else "keep"
    with pytest.raises(RecordError) as caught:
        stammtisch.replay(record)
    assert caught.value.index == index
    assert f"legal actions: {', '.join(legal)}" in str(caught.value)


def test_record_with_an_action_that_is_not_text() -> None:
    record = played_record(3)
    record["actions"][2] = 7
    with pytest.raises(RecordError) as caught:
        stammtisch.replay(record)
    assert caught.value.index == 2


def test_record_replays_with_options_left_out() -> None:
    record = header(actions=["keep"])
    match = stammtisch.replay(record)
    assert match.actions == ["keep"]
    assert match.record()["options"]["lives"] == 3


# --- undo, views, games ---------------------------------------------------------------------

def test_undo_with_nothing_to_undo() -> None:
    match = new()
    with pytest.raises(StammtischError, match="nothing to undo"):
        match.undo()
    match.play("keep")
    assert match.undo().text == "keep"
    with pytest.raises(StammtischError, match="nothing to undo"):
        match.undo()


def test_keep_undo_forgets_older_actions_only() -> None:
    match = new()
    played: list[str] = []
    while len(played) < 4:
        played.append(match.play(match.legal_actions()[0]).text)
    record = match.record()
    match.keep_undo(2)
    assert match.undoable == 2
    assert match.undo().text == played[3]
    assert match.undo().text == played[2]
    with pytest.raises(StammtischError, match="can no longer be taken back"):
        match.undo()
    assert match.record()["actions"] == record["actions"][:2]
    with pytest.raises(ValueError):
        match.keep_undo(-1)


@pytest.mark.parametrize("seat", [3, -1, "0", 1.0, 99])
def test_view_of_a_bad_seat(seat: Any) -> None:
    with pytest.raises(StammtischError, match="no seat"):
        new().view(seat)


def test_view_of_a_bool_seat() -> None:
    with pytest.raises(StammtischError, match="no seat"):
        new().view(True)


def test_games_lists_schnauz_with_its_options_and_defaults() -> None:
    infos = {info.name: info for info in stammtisch.games()}
    schnauz = infos["schnauz"]
    assert (schnauz.min_players, schnauz.max_players) == (2, 6)
    defaults = {spec.name: spec.default for spec in schnauz.options}
    assert defaults == {
        "num_players": defaults["num_players"],
        "deck_variant": "A7",
        "lives": 3,
        "first_dealer": "random",
        "knock_allowed_first_round": True,
        "dealt_combo_check": "after_dealer_choice",
        "short_stock_on_all_pass": "showdown",
        "fire_effect": "lowest_loses",
        "knocker_lowest_penalty": 1,
    }
    required = [spec.name for spec in schnauz.options if spec.required]
    assert required == ["num_players"]
    assert all(spec.allowed for spec in schnauz.options)


def test_a_number_written_as_a_float_is_the_allowed_number() -> None:
    m = stammtisch.new_match("scat", seed=1, num_players=3, three_of_a_kind=True,
                             three_of_a_kind_value=30.0)
    assert m.options["three_of_a_kind_value"] == 30
    assert type(m.options["three_of_a_kind_value"]) is int
    assert stammtisch.replay(m.record()).options == m.options
    with pytest.raises(OptionError, match="knocker_lowest_penalty"):
        stammtisch.new_match("schnauz", seed=1, num_players=3, knocker_lowest_penalty=True)

"""The deals of a table with people cannot be found or chosen (issue 25, high findings).

Every shuffle is a public function of the match seed, so the seed must be beyond any
search (128 bits from the OS) and never sent; and a table's creator must not choose
the deals where a friend sits down (no chosen seed, no stacked deck through options).
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

import stammtisch
from stammtisch.server import protocol
from stammtisch.server.hub import SEED_BITS, match_seed
from tests.server.live import LiveServer


def _post(live: LiveServer, body: Any) -> httpx.Response:
    return httpx.post(f"{live.url}/api/tables", json=body)


def test_a_match_seed_has_the_128_bits_the_protocol_documents() -> None:
    assert SEED_BITS == 128
    assert "secrets.randbits(128)" in (protocol.__doc__ or "")
    seeds = [match_seed() for _ in range(64)]
    assert len(set(seeds)) == 64 and all(0 <= s < 2**128 for s in seeds)
    # 64 draws below 2^120 would happen once in 2^512 runs: the space is really used.
    assert max(s.bit_length() for s in seeds) > 120


@pytest.mark.slow
def test_tables_the_server_deals_get_fresh_128_bit_seeds(live: LiveServer) -> None:
    bodies = [{"game": "schnapsen", "seats": ["human", "open"]},
              {"game": "schnauz", "seats": ["human", "club"], "options": {"num_players": 2}}]
    seeds = []
    for _ in range(8):
        for body in bodies:
            created = _post(live, body).json()
            seeds.append(live.hub.tables[created["id"]].match.seed)
    assert len(set(seeds)) == len(seeds)
    assert max(s.bit_length() for s in seeds) > 120


def test_no_message_or_page_carries_the_seed(live: LiveServer) -> None:
    created = _post(live, {"game": "schnapsen", "seats": ["human", "open"],
                           "listed": True}).json()
    seed = live.hub.tables[created["id"]].match.seed
    words = {str(seed), format(seed, "x"), format(seed, "X")}
    player = live.socket(created["id"], created["token"])
    watcher = live.socket(created["id"])
    watcher.send({"type": "sit", "seat": 1, "name": "Ben"})
    texts = []
    for client in (player, watcher):
        client.until_state(lambda s: s["phase"] == "playing")
        texts.append(str(client.state))
    for path in ("/", "/lobby", f"/table/{created['id']}", "/api/lobby", "/api/games",
                 "/api/history"):
        texts.append(httpx.get(live.url + path).text)
    player.close()
    watcher.close()
    for text in texts:
        found = set(re.findall(r"[0-9A-Fa-f]+", text))
        assert not words & found


def test_a_seed_is_refused_where_a_friend_may_sit(live: LiveServer) -> None:
    answer = _post(live, {"game": "schnapsen", "seats": ["human", "open"], "seed": 7})
    assert answer.status_code == 400 and "practice table" in answer.json()["error"]
    assert live.hub.tables == {}


@pytest.mark.parametrize("key", ["decks", "seed", "game"])
def test_options_cannot_carry_a_deck_a_seed_or_a_game(live: LiveServer, key: str) -> None:
    deck = "AS TS KS QS JS AH TH KH QH JH AD TD KD QD JD AC TC KC QC JC".split()
    value: Any = {"decks": [deck], "seed": 5, "game": "schnauz"}[key]
    for seats in (["human", "open"], ["human", "random"]):
        answer = _post(live, {"game": "schnapsen", "seats": seats, "options": {key: value}})
        assert answer.status_code == 400, answer.text
        assert f"option '{key}'" in answer.json()["error"]
    assert live.hub.tables == {}


def test_a_practice_table_may_choose_its_seed_and_says_so(live: LiveServer) -> None:
    practice = _post(live, {"game": "schnapsen", "seats": ["human", "random"], "seed": 7,
                            "options": {"first_dealer": 1}}).json()
    dealt = _post(live, {"game": "schnapsen", "seats": ["human", "random"],
                         "options": {"first_dealer": 1}}).json()
    expected = stammtisch.new_match("schnapsen", seed=7, first_dealer=1).view(0)["hand"]
    states = {}
    for created in (practice, dealt):
        client = live.socket(created["id"], created["token"])
        states[created["id"]] = client.until("state")
        client.close()
    assert states[practice["id"]]["chosen_deals"] is True
    assert states[practice["id"]]["view"]["hand"] == expected
    assert states[dealt["id"]]["chosen_deals"] is False


@pytest.mark.parametrize("seed", [-1, 2**128, "7", True])
def test_a_seed_outside_the_seed_space_is_a_clear_400(live: LiveServer, seed: Any) -> None:
    answer = _post(live, {"game": "schnapsen", "seats": ["human", "random"], "seed": seed})
    assert answer.status_code == 400 and '"seed"' in answer.json()["error"]


def test_records_keep_small_and_large_seeds() -> None:
    for seed in (5, 2**128 - 1):
        match = stammtisch.new_match("scat", seed=seed, num_players=3)
        match.play(match.legal_actions()[0])
        again = stammtisch.replay(match.record())
        assert again.record() == match.record() and again.view(0) == match.view(0)

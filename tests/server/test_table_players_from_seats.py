"""POST /api/tables: in Schnauz and Scat the seats say how many play (no ``num_players``
option needed); one given must still match the seats."""

from __future__ import annotations

import httpx
import pytest

from tests.server.live import PATIENCE, LiveServer


@pytest.mark.parametrize(("game", "seats"), [("schnauz", 3), ("schnauz", 5), ("scat", 4),
                                             ("scat", 2)])
def test_the_seats_give_the_number_of_players(live: LiveServer, game: str,
                                               seats: int) -> None:
    answer = httpx.post(f"{live.url}/api/tables", timeout=PATIENCE, json={
        "game": game, "seats": ["human"] + ["random"] * (seats - 1)})
    assert answer.status_code == 201, answer.text
    table = live.hub.tables[answer.json()["id"]]
    assert table.match.num_players == seats
    assert table.match.options["num_players"] == seats


def test_a_number_of_players_other_than_the_seats_is_refused(live: LiveServer) -> None:
    answer = httpx.post(f"{live.url}/api/tables", timeout=PATIENCE, json={
        "game": "scat", "seats": ["human", "random", "random"],
        "options": {"num_players": 4}})
    assert answer.status_code == 400
    assert "4 seats, but 3 were given" in answer.text

"""Play now under load, for ``tools/loadbench.py --play-now FRACTION``: a part of the
clients ask for a table (``POST /api/play-now``, a game and a wait at random), look at
their state as the page does (at each server process in turn) until seated, take their
seat with the token they were given (the table's first state must name that seat), and
ask again after a pause.

Reported: how long past the chosen wait each person waited until seated (the server
makes the table at the end of the wait), and whether any seat was given twice, or any
ask seated twice (each ask goes under a name of its own, counted in the stored tables
after the run).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.typing import Subprotocol

from stammtisch.server.seattoken import offered_subprotocols

GAMES = ("schnapsen", "scat")
WAITS = (5, 10, 20)
LOOK_EVERY = 1.0
"""Seconds between two looks at the state, as the browser's page: once a second, and
just after the moment the table is due (:func:`next_look`)."""
DUE_MARGIN = 0.3
"""Seconds after the table's due moment that the next look comes."""
TIMEOUT = 30.0


def next_look(state: dict[str, Any]) -> float:
    """Seconds until the next look at ``state``: a second, or less where the table is
    due sooner (the end of the wait while searching, the start once found)."""
    if state.get("state") == "searching":
        due = float(state["wait"]) - float(state["searching"])
    elif state.get("state") == "found":
        due = float(state["starts_in"])
    else:
        return LOOK_EVERY
    return min(LOOK_EVERY, max(0.05, due + DUE_MARGIN))


@dataclass
class Seekers:
    """The Play now clients of one run, and what they saw."""

    count: int
    http_urls: list[str]
    ws_urls: list[str]
    past: list[float] = field(default_factory=list)
    """Per seating: seconds from the ask to seated, less the chosen wait."""
    places: dict[tuple[str, str], int] = field(default_factory=dict)
    given_twice: int = 0
    """Seats given to two asks."""
    seat_refused: int = 0
    """Tokens whose socket did not hold the seat they were given for."""
    dropped: int = 0
    """Asks that left the queue without a seat (they must not)."""
    errors: list[str] = field(default_factory=list)
    asks: int = 0
    cancelled: int = 0
    measuring: bool = False
    stored_seats: int | None = None
    """The stored tables' seats of these clients, once read."""
    told: set[str] = field(default_factory=set)
    """The names of the asks that were told their seat."""
    stored_names: dict[str, int] = field(default_factory=dict)
    """Per ask's name: its seats in the stored tables."""
    seated_unseen: int = 0
    """Seated between their last look and their cancel at the end of the run."""

    async def run(self, stop: asyncio.Event) -> None:
        limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
        async with httpx.AsyncClient(timeout=TIMEOUT, limits=limits) as http:
            tasks = []
            for index in range(self.count):
                tasks.append(asyncio.create_task(self.seek(http, index, stop)))
                await asyncio.sleep(0.02)
            await asyncio.gather(*tasks, return_exceptions=True)

    async def seek(self, http: httpx.AsyncClient, index: int, stop: asyncio.Event) -> None:
        headers = {"X-Forwarded-For": f"10.9.{index // 256 % 256}.{index % 256}"}
        servers = len(self.http_urls)
        turn = index
        while not stop.is_set():
            game, wait = random.choice(GAMES), random.choice(WAITS)
            name = f"Q{index}.{self.asks}"  # each ask under a name of its own
            asked = time.monotonic()
            try:
                answer = await http.post(f"{self.http_urls[turn % servers]}/api/play-now",
                                         headers=headers, json={"game": game, "rules": "rules",
                                                                "name": name,
                                                                "wait": wait})
                if answer.status_code != 202:
                    self.errors.append(f"ask: {answer.status_code} {answer.text[:80]}")
                    await asyncio.sleep(1)
                    continue
                if "ticket" in answer.json():
                    headers["Authorization"] = f"Bearer {answer.json()['ticket']}"
                self.asks += 1
                state = await self._until_seated(http, headers, stop, turn, answer.json())
            except (httpx.HTTPError, ValueError) as failed:
                self.errors.append(f"play-now: {failed!r}")
                await asyncio.sleep(1)
                continue
            if state is None:
                continue
            if self.measuring:
                self.past.append(time.monotonic() - asked - wait)
            place = (state["table"], str(state["seat"]))
            if place in self.places:
                self.given_twice += 1
            self.places[place] = index
            self.told.add(name)
            await self._take(state, turn)
            turn += 1
            await asyncio.sleep(random.uniform(1.0, 3.0))

    async def _until_seated(self, http: httpx.AsyncClient, headers: dict[str, str],
                            stop: asyncio.Event, turn: int,
                            state: dict[str, Any]) -> dict[str, Any] | None:
        servers = len(self.http_urls)
        while True:
            await asyncio.sleep(next_look(state))
            turn += 1
            url = f"{self.http_urls[turn % servers]}/api/play-now"
            try:
                state = (await http.get(url, headers=headers)).json()
            except (httpx.HTTPError, ValueError) as failed:  # look again: still queued
                self.errors.append(f"look: {failed!r}")
                continue
            if stop.is_set() and state["state"] in ("searching", "found"):
                left = await http.delete(url, headers=headers)
                if left.status_code == 200:
                    self.cancelled += 1
                    if left.json()["was"] == "seated":  # seated just now: a seat unseen
                        self.seated_unseen += 1
                    return None
            if state["state"] == "seated":
                return state
            if state["state"] == "none":
                self.dropped += 1
                return None

    async def _take(self, state: dict[str, Any], turn: int) -> None:
        """Open the table with the token: its first state must name the seat."""
        url = f"{self.ws_urls[turn % len(self.ws_urls)]}/ws/tables/{state['table']}"
        try:
            async with connect(url, subprotocols=[Subprotocol(p) for p in
                                                  offered_subprotocols(state["token"])],
                               open_timeout=TIMEOUT, max_size=2**24) as ws:
                async with asyncio.timeout(TIMEOUT):
                    async for text in ws:
                        message = json.loads(text)
                        if message["type"] == "state":
                            if message["seat"] != state["seat"]:
                                self.seat_refused += 1
                            return
                        if message["type"] == "error":
                            self.seat_refused += 1
                            return
        except (OSError, TimeoutError) as failed:
            self.errors.append(f"take the seat: {failed!r}")

    def report(self) -> dict[str, Any]:
        past = sorted(self.past)
        return {
            "seekers": self.count, "asks": self.asks, "seated_in_window": len(past),
            "seated_all": len(self.places),
            "past_wait_s": {
                "median": round(statistics.median(past), 2) if past else None,
                "p99": round(past[int(0.99 * (len(past) - 1))], 2) if past else None,
                "max": round(past[-1], 2) if past else None,
            },
            "seat_given_twice": self.given_twice, "seat_refused": self.seat_refused,
            "dropped_from_queue": self.dropped, "cancelled_at_stop": self.cancelled,
            "stored_seats": self.stored_seats, "seated_at_cancel": self.seated_unseen,
            "seated_twice": sum(1 for n in self.stored_names.values() if n > 1),
            "told_but_not_stored": len(self.told - set(self.stored_names)),
            "stored_but_not_told": len(set(self.stored_names) - self.told),
            "errors": len(self.errors), "error_samples": self.errors[:5],
        }

    def check_stored(self, tables: list[list[dict[str, Any]]]) -> None:
        """Count each ask's seats in the stored tables (by its name, ``Q<n>.<ask>``):
        an ask seated twice holds two."""
        for seats in tables:
            for seat in seats:
                # a name that reads like another's at the table is numbered: "Q1.0 2"
                name = re.sub(r" \d+$", "", str(seat.get("name", "")))
                if seat.get("kind") == "human" and name.startswith("Q"):
                    self.stored_names[name] = self.stored_names.get(name, 0) + 1
        self.stored_seats = sum(self.stored_names.values())

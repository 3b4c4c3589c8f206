"""The one rule for shown names (server/names.py): case, width and Unicode look-alikes
aside, and capitals that look like other characters, two names read alike or not; and
at a table, a person or a program may not sit under a name that reads like a seated
person's or program's."""

from __future__ import annotations

import asyncio
import threading
import time
import unicodedata
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

import stammtisch
from stammtisch.server import Settings, create_app
from stammtisch.server.names import alike, first_alike, prototypes, shape, skeleton
from stammtisch.server.seats import EXTERNAL, HUMAN, OPEN, Seat
from stammtisch.server.store import BOTS_LOCK, Store
from stammtisch.server.tables import FALLBACK, Client, Table, TableError
from tests.server.live import PATIENCE


@pytest.mark.parametrize(("first", "second"), [
    ("ALICE", "Alice"),  # case alone
    ("BOB", "Bob"),
    ("\u0430lice", "Alice"),  # a Cyrillic "а"
    ("\u0410LICE", "alice"),  # a Cyrillic "А", in capitals
    ("\uff21nna", "anna"),  # a full-width "Ａ"
    ("\u13aalice", "alice"),  # a Cherokee "Ꭺ": the stand-in "A" is folded again
    ("Straße", "STRASSE"),
    ("AlIce", "Allce"),  # a capital "I" looks like an "l"
    ("B0B", "BOB"),  # a zero like a capital "O"
    ("a1ice", "alice"),
    ("al1ce", "alice"),  # in capitals "AL1CE", like "ALICE"
    ("ALlCE", "Alice"),
    ("Anna Lena", "anna  lena"),
])
def test_names_that_read_alike(first: str, second: str) -> None:
    assert alike(first, second) and alike(second, first)


@pytest.mark.parametrize(("first", "second"), [
    ("Anna", "Ann"),
    ("allce", "alice"),
    ("Jürgen", "Jurgen"),
    ("nick", "nlck"),
    ("Bob", "Bill"),
    ("Νίκος", "Nikos"),
])
def test_names_that_do_not(first: str, second: str) -> None:
    assert not alike(first, second) and not alike(second, first)


def test_the_first_seated_name_that_reads_alike_is_named() -> None:
    assert first_alike("ALICE", ["Ben", "Alice", "alice"]) == "Alice"
    assert first_alike("Carla", ["Ben", "Alice"]) is None


def _one_more_round(text: str, fold: bool) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = text.casefold() if fold else text
    return "".join(prototypes().get(c, c) for c in text)


def test_every_look_alike_reading_settles() -> None:
    """The reading of every character with look-alikes or case, of its capitals and of
    its folded form, is one that folding and replacing once more leave as it is: the
    rounds are enough."""
    cased = {variant for char in map(chr, range(0x110000))
             for variant in (char.upper(), char.casefold()) if variant != char}
    chars = cased | {variant for char in prototypes()
                     for variant in (char, char.upper(), char.casefold())}
    unsettled = [char for char in sorted(chars)
                 if _one_more_round(skeleton(char), fold=True) != skeleton(char)
                 or _one_more_round(shape(char), fold=False) != shape(char)]
    assert unsettled == []


class NothingStored(Store):
    """A store that keeps nothing: these tables are only sat at."""

    def __init__(self) -> None:
        pass

    def save_seats(self, table_id: str, seats: list[dict[str, Any]]) -> None:
        pass


async def nowhere(_message: dict[str, Any]) -> None:
    pass


def sit(seats: list[Seat], name: str, bot: str | None = None) -> tuple[str, list[str]]:
    """A person named ``name`` (or the program of bot account ``bot``) takes the open
    seat of a Schnauz table with ``seats``: the refusal's code (or "seated"), and the
    names seated then."""
    table = Table("t", stammtisch.new_match("schnauz", seed=1, num_players=len(seats)),
                  seats, NothingStored(), 0.0)

    async def run() -> str:
        try:
            await table.sit(Client(None, nowhere, bot=bot), seats.index(Seat(OPEN)), name)
        except TableError as refused:
            return refused.code
        return "seated"

    return asyncio.run(run()), [info.name for info in table.seats]


def person(name: str) -> Seat:
    return Seat(HUMAN, token_hash=name, name=name)


def program(name: str) -> Seat:
    return Seat(EXTERNAL, FALLBACK, name=name)


@pytest.mark.parametrize("name", ["ALICE", "alice", "\u0430lice", "AlIce"])
def test_a_person_may_not_sit_under_a_seated_persons_name_in_other_letters(
        name: str) -> None:
    assert sit([person("Alice"), Seat(OPEN), Seat(OPEN)], name) == (
        "name_taken", ["Alice", "", ""])


def test_a_person_may_not_sit_under_a_seated_programs_name() -> None:
    seats = [person("Ben"), program("alice"), Seat(OPEN)]
    assert sit(seats, "Alice") == ("name_taken", ["Ben", "alice", ""])
    assert sit(seats, "Alina") == ("seated", ["Ben", "alice", "Alina"])


def test_a_program_may_not_take_a_seat_beside_a_person_or_program_it_reads_like() -> None:
    assert sit([person("Alice"), Seat(OPEN), Seat(OPEN)], "", bot="alice") == (
        "name_taken", ["Alice", "", ""])
    assert sit([person("Ben"), program("b0b"), Seat(OPEN)], "", bot="bob") == (
        "name_taken", ["Ben", "b0b", ""])
    assert sit([person("Ben"), program("alina"), Seat(OPEN)], "", bot="alice") == (
        "seated", ["Ben", "alina", "alice"])


def test_a_bot_name_that_reads_like_another_bots_is_taken(tmp_path: Path) -> None:
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'bots.db'}", bot_delay=0.0,
                              bot_rate=1000.0, bot_burst=1000.0))

    async def register(names: list[str]) -> list[tuple[int, str]]:
        transport = httpx.ASGITransport(app=app, client=("10.0.0.1", 4000))
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            answers = [await http.post("/api/bots", json={"name": name}) for name in names]
        return [(answer.status_code, answer.json().get("error", "")) for answer in answers]

    answers = asyncio.run(register(["alice", "a1ice", "al1ce", "allce", "a11ce"]))
    taken = "reads the same as the bot name {!r}: choose another name"
    assert answers == [
        (201, ""),
        (409, f"the bot name 'a1ice' {taken.format('alice')}"),
        (409, f"the bot name 'al1ce' {taken.format('alice')}"),  # "AL1CE" like "ALICE"
        (201, ""),  # "ll" is not "li"
        (409, f"the bot name 'a11ce' {taken.format('allce')}"),
    ]
    store: Store = app.state.hub.store
    assert not store.bot_exists("a1ice") and store.bot_exists("allce")


def test_bot_accounts_of_two_processes_are_added_one_at_a_time(postgres: str) -> None:
    """Two servers on one PostgreSQL database register "alice" and "a1ice" at once:
    the second waits until the first is stored, then finds it and is refused."""
    first, second, watch = Store(postgres), Store(postgres), create_engine(postgres)
    inside, go = threading.Event(), threading.Event()

    def held_up(name: str, names: list[str]) -> str | None:
        inside.set()
        go.wait(timeout=PATIENCE)
        return first_alike(name, names)

    def waiting_for_the_lock() -> bool:
        with watch.connect() as db:
            return bool(db.execute(text(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
                "AND objid = CAST(:key AS oid) AND NOT granted"), {"key": BOTS_LOCK}).scalar())

    with ThreadPoolExecutor(2) as pool:
        alice = pool.submit(first.add_bot, "alice", "a" * 64, held_up)
        assert inside.wait(timeout=PATIENCE)
        a1ice = pool.submit(second.add_bot, "a1ice", "b" * 64, first_alike)
        try:
            until(waiting_for_the_lock)
        finally:
            go.set()
        assert (alice.result(timeout=PATIENCE), a1ice.result(timeout=PATIENCE)) == (
            None, "alice")
    assert first.bot_exists("alice") and not first.bot_exists("a1ice")
    for engine in (first, second):
        engine.dispose()
    watch.dispose()


def until(test: Callable[[], bool]) -> None:
    deadline = time.monotonic() + PATIENCE
    while not test():
        assert time.monotonic() < deadline, "never came about"
        time.sleep(0.02)


def test_a_new_table_may_not_seat_its_creator_beside_a_program_of_the_same_name(
        tmp_path: Path) -> None:
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'made.db'}", bot_delay=0.0))
    hub = app.state.hub
    for bot in ("alice", "a1ice"):  # "a1ice" from before names were compared
        assert hub.store.add_bot(bot, bot * 8, lambda _name, _names: None) is None
    made: list[tuple[list[str], str | None]] = [(["human", "bot:alice"], "ALICE"),
                                                (["bot:alice", "bot:a1ice"], None)]
    for seats, name in made:
        with pytest.raises(TableError, match="read the same"):
            hub.create("schnapsen", seats, {}, name=name)
    table, _token = hub.create("schnapsen", ["human", "bot:alice"], {}, name="Ben")
    assert [info.name for info in table.seats] == ["Ben", "alice"]

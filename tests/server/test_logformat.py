"""Log lines one per event, as JSON with ``--log-format json`` (server/logformat.py),
naming the table whose client was being served: a save that fails at a live table is
one JSON line with the table's id and the traceback."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from stammtisch.server.logformat import current_table, handler
from tests.server.live import LiveServer


@pytest.fixture
def json_lines() -> Iterator[io.StringIO]:
    written = io.StringIO()
    made = handler("json", written)
    server = logging.getLogger("stammtisch")
    server.addHandler(made)
    try:
        yield written
    finally:
        server.removeHandler(made)


def parsed(written: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in written.getvalue().splitlines()]


def test_a_failed_save_is_one_json_line_naming_its_table(
        live: LiveServer, json_lines: io.StringIO, monkeypatch: pytest.MonkeyPatch) -> None:
    made = live.create("schnapsen", ["human", "random"])
    sock = live.socket(made["id"], made["token"])
    state = sock.until_my_turn()

    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise OSError("the disk is full")

    for write in ("save", "append"):  # the whole record, or the actions appended
        monkeypatch.setattr(live.hub.store, write, broken)
    monkeypatch.setattr(live.hub.store, "append", broken)  # how an action is stored
    sock.act(state["view"]["legal_actions"][0])
    assert sock.until("error")["code"] == "server"
    lines = parsed(json_lines)
    failed = [line for line in lines if "could not be stored" in line["message"]]
    assert len(failed) == 1, lines
    line = failed[0]
    assert line["table"] == made["id"]
    assert line["level"] == "ERROR" and line["logger"] == "stammtisch.server"
    assert "OSError: the disk is full" in line["error"]
    assert line["time"].endswith("+00:00")
    assert len(json_lines.getvalue().splitlines()) == len(lines)  # a line each
    sock.close()


def test_a_line_outside_any_table_has_no_table(json_lines: io.StringIO) -> None:
    logging.getLogger("stammtisch.server").warning("the %s is %d", "answer", 42)
    assert parsed(json_lines) == [
        {**parsed(json_lines)[0], "level": "WARNING", "message": "the answer is 42"}]
    assert "table" not in parsed(json_lines)[0]


def test_the_text_format_names_the_table_in_one_line() -> None:
    written = io.StringIO()
    made = handler("text", written)
    logger = logging.getLogger("stammtisch.server.test_text")
    logger.addHandler(made)
    token = current_table.set("abc123")
    try:
        try:
            raise ValueError("bad\nvalue")
        except ValueError:
            logger.exception("table went wrong")
    finally:
        current_table.reset(token)
        logger.removeHandler(made)
    text = written.getvalue()
    assert text.count("\n") == 1
    assert " [table abc123]: table went wrong | Traceback" in text
    assert "ValueError: bad | value" in text

"""The server's log lines: one line per event, as text or as JSON (``stammtisch serve
--log-format json``), each with the table it concerns where there is one.

The table is the one of :data:`current_table`, a context variable the table socket sets
for its task (server/ws.py), so that every line written while a client of a table is
served, and by the tasks started meanwhile (its computer players), names the table.
A JSON line holds ``time`` (ISO 8601, UTC), ``level``, ``logger``, ``message``,
``table`` (when there is one) and ``error`` (an exception's traceback, in the same line).
"""

from __future__ import annotations

import json
import logging
import sys
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

FORMATS = ("text", "json")
current_table: ContextVar[str | None] = ContextVar("current_table", default=None)
"""The id of the table whose client is being served, in this task."""
LOGGERS = ("stammtisch", "uvicorn", "uvicorn.error", "uvicorn.access", "asyncio")
"""The loggers given the server's handler (the root logger too)."""
TEXT = "%(asctime)s %(levelname)s %(name)s%(at_table)s: %(message)s"


class TableFilter(logging.Filter):
    """Give every record the table of :data:`current_table` (``table``, None where there
    is none; ``at_table``: `` [table ID]`` or nothing, for the text format)."""

    def filter(self, record: logging.LogRecord) -> bool:
        table = getattr(record, "table", None) or current_table.get()
        record.table = table
        record.at_table = f" [table {table}]" if table else ""
        return True


class JsonFormatter(logging.Formatter):
    """A record as one line of JSON (the module's text)."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        table = getattr(record, "table", None)
        if table:
            line["table"] = table
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["error"] = record.exc_text
        return json.dumps(line, ensure_ascii=False, default=str)


class OneLineFormatter(logging.Formatter):
    """The text format, a traceback folded into the same line."""

    def format(self, record: logging.LogRecord) -> str:
        return super().format(record).replace("\n", " | ")


def handler(log_format: str, stream: Any = None) -> logging.Handler:
    """A handler writing ``log_format`` lines (:data:`FORMATS`) to ``stream`` (stderr)."""
    if log_format not in FORMATS:
        raise ValueError(f"the log format is one of {', '.join(FORMATS)}, not {log_format!r}")
    made = logging.StreamHandler(stream if stream is not None else sys.stderr)
    made.addFilter(TableFilter())
    made.setFormatter(JsonFormatter() if log_format == "json" else OneLineFormatter(TEXT))
    return made


def configure(log_format: str, level: int = logging.INFO) -> logging.Handler:
    """Send the server's log lines (the root logger's, and uvicorn's, which has handlers
    of its own) through one :func:`handler`."""
    made = handler(log_format)
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(made)
    root.setLevel(logging.WARNING)
    logging.getLogger("stammtisch").setLevel(level)
    for name in LOGGERS[1:]:
        named = logging.getLogger(name)
        for old in list(named.handlers):
            named.removeHandler(old)
        named.propagate = True
    return made

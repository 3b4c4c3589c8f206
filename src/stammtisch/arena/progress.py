"""A progress bar on stderr: redrawn in place on a terminal, a line per tenth elsewhere."""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 30


class Progress:
    def __init__(self, total: int, label: str, stream: TextIO | None = None) -> None:
        self.total = total
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.live = self.stream.isatty()
        self.start = time.perf_counter()
        self.done = 0
        self._last_tenth = 0

    def step(self, count: int = 1) -> None:
        self.done += count
        if self.live:
            self._draw("\r", "")
        elif self.done * 10 // self.total > self._last_tenth or self.done == self.total:
            self._last_tenth = self.done * 10 // self.total
            self._draw("", "\n")

    def close(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()

    def _draw(self, start: str, end: str) -> None:
        elapsed = time.perf_counter() - self.start
        filled = WIDTH * self.done // self.total
        bar = "#" * filled + "." * (WIDTH - filled)
        left = elapsed / self.done * (self.total - self.done)
        eta = f", {left:.0f} s left" if self.done < self.total else ""
        self.stream.write(f"{start}{self.label} [{bar}] {self.done}/{self.total}"
                          f" matches, {elapsed:.0f} s{eta}{end}")
        self.stream.flush()

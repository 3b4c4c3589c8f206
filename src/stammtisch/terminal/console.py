"""The only place that reads the keyboard and writes the screen.

Lines typed on a pipe are echoed after the prompt, so a piped session reads like
a typed one. End of input (and Ctrl-C at a prompt) reads as ``None``.
"""

from __future__ import annotations

import os
import re
import sys

from stammtisch.i18n import t

_RED_CARD = re.compile(r"((?:10|[2-9JQKA])[♥♦])")
_RED, _BOLD, _RESET = "\033[31m", "\033[1m", "\033[0m"


def enable_line_editing() -> None:
    """Arrow keys and history at the prompt when a person is typing."""
    if sys.stdin.isatty():
        try:
            import readline  # noqa: F401  (importing it is what turns it on)
        except ImportError:
            pass


class Console:
    """Prints lines and asks questions on the current ``sys.stdin``/``sys.stdout``."""

    interrupted = False
    """Set when the last ``None`` from :meth:`ask` was Ctrl-C, not the end of input."""

    def __init__(self) -> None:
        out = sys.stdout
        self.color = (out.isatty() and "NO_COLOR" not in os.environ
                      and os.environ.get("TERM") != "dumb")

    def say(self, *lines: str) -> None:
        for line in lines:
            print(self._paint(line))

    def _paint(self, line: str) -> str:
        if not self.color:
            return line
        line = _RED_CARD.sub(_RED + r"\1" + _RESET, line)
        if line.startswith(t("ui.your_turn")):
            line = _BOLD + line + _RESET
        return line

    def ask(self, prompt: str) -> str | None:
        """A typed line without its newline; ``None`` at end of input or on Ctrl-C."""
        self.interrupted = False
        try:
            line = input(prompt)
        except EOFError:
            print()
            return None
        except KeyboardInterrupt:
            print()
            self.interrupted = True
            return None
        if not sys.stdin.isatty():
            print(line)
        return line

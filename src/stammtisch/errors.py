"""The errors stammtisch raises; all share :class:`StammtischError`.

Each names what is at fault (the action and the legal ones, the option key and
its allowed values, the text or the record index), so that a user, a client or
a bot writer can mend the input without reading our code.
"""

from __future__ import annotations

from collections.abc import Sequence


class StammtischError(ValueError):
    """Base class of every error raised for bad input."""


class NotationError(StammtischError):
    """A card code or an action text that cannot be read."""

    def __init__(self, message: str, *, text: str) -> None:
        super().__init__(message)
        self.text = text


class IllegalActionError(StammtischError):
    """An action that is not legal now; lists the legal ones."""

    def __init__(self, action: str, legal: Sequence[str], *, reason: str = "") -> None:
        self.action = action
        self.legal = list(legal)
        why = f" ({reason})" if reason else ""
        shown = ", ".join(self.legal) if self.legal else "none: the match is over"
        super().__init__(f"illegal action {action!r}{why}; legal actions: {shown}")


class OptionError(StammtischError):
    """An unknown option key or a value outside its allowed set."""

    def __init__(self, key: str, allowed: str, *, value: object = None, game: str = "") -> None:
        self.key = key
        self.allowed = allowed
        where = f" for {game}" if game else ""
        if value is None:
            message = f"option {key!r}{where}: {allowed}"
        else:
            message = f"option {key!r}{where} cannot be {value!r}; allowed: {allowed}"
        super().__init__(message)


class RecordError(StammtischError):
    """A malformed game record, or one whose action at ``index`` is not legal."""

    def __init__(self, message: str, *, index: int | None = None) -> None:
        self.index = index
        super().__init__(message)


class ViewError(StammtischError):
    """A view, or a guess of the cards it hides, that no state of the game fits:
    ``from_view`` names the card or the count at fault."""

"""Bot accounts of the bot API: a name that creators put into seats (``"bot:NAME"``) and
a secret token the program connects with. Only the token's SHA-256 is stored."""

from __future__ import annotations

import re

from stammtisch.server.seats import new_token, token_hash
from stammtisch.server.store import Store
from stammtisch.server.tables import TableError

NAME = re.compile(r"[a-z][a-z0-9_-]{1,23}")
"""A bot's name: 2 to 24 lower-case letters, digits, ``-`` and ``_``, a letter first."""


def check_bot_name(name: object) -> str:
    """``name`` when it is a valid bot name, else a TableError that says what is."""
    if not isinstance(name, str) or NAME.fullmatch(name) is None:
        raise TableError(f"a bot's name is 2 to 24 lower-case letters, digits, '-' and '_', "
                         f"beginning with a letter; not {str(name)[:40]!r}", "bad_message")
    return name


def register_bot(store: Store, name: object) -> str:
    """A new bot account; its token, which is shown this once and never stored."""
    checked = check_bot_name(name)
    token = new_token()
    if not store.add_bot(checked, token_hash(token)):
        raise TableError(f"the bot name {checked!r} is taken", "seat_taken")
    return token


def bot_of_token(store: Store, token: str) -> str | None:
    """The name of the bot account that ``token`` belongs to, or None."""
    return store.bot_named(token_hash(token)) if token else None

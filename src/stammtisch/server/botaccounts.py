"""Bot accounts of the bot API: a name that creators put into seats (``"bot:NAME"``) and
a secret token the program connects with. Only the token's SHA-256 is stored."""

from __future__ import annotations

import re

from stammtisch.server.accounts import NAMES_LOCK, account_alike
from stammtisch.server.names import first_alike
from stammtisch.server.seats import new_token, token_hash
from stammtisch.server.store import Store
from stammtisch.server.tables import TableError

NAME = re.compile(r"[a-z][a-z0-9_-]{1,23}")
"""A bot's name: 2 to 24 lower-case letters, digits, ``-`` and ``_``, a letter first."""

_ONE_AT_A_TIME = NAMES_LOCK
"""New accounts of this process, bots' and people's, are added in turn (a name is compared
with every other)."""
ACCOUNT = "\0an account"
"""What the check of a new bot name says of a name that reads like a person's account."""


def check_bot_name(name: object) -> str:
    """``name`` when it is a valid bot name, else a TableError that says what is."""
    if not isinstance(name, str) or NAME.fullmatch(name) is None:
        raise TableError(f"a bot's name is 2 to 24 lower-case letters, digits, '-' and '_', "
                         f"beginning with a letter; not {str(name)[:40]!r}", "bad_message")
    return name


def register_bot(store: Store, name: object) -> str:
    """A new bot account; its token, which is shown this once and never stored. A name
    that reads like another bot's (server/names.py: "a1ice" beside "alice") is taken; one
    that reads like a person's account (server/accounts.py: one namespace) cannot be used,
    without saying whose."""
    checked = check_bot_name(name)
    token = new_token()

    def clash(new: str, bot_names: list[str]) -> str | None:
        return first_alike(new, bot_names) or (
            ACCOUNT if account_alike(store.engine, new) else None)

    with _ONE_AT_A_TIME:
        taken = store.add_bot(checked, token_hash(token), clash)
    if taken == ACCOUNT:
        raise TableError(f"the bot name {checked!r} cannot be used: choose another name",
                         "seat_taken")
    if taken == checked:
        raise TableError(f"the bot name {checked!r} is taken", "seat_taken")
    if taken is not None:
        raise TableError(f"the bot name {checked!r} reads the same as the bot name "
                         f"{taken!r}: choose another name", "seat_taken")
    return token


def bot_of_token(store: Store, token: str) -> str | None:
    """The name of the bot account that ``token`` belongs to, or None."""
    return store.bot_named(token_hash(token)) if token else None

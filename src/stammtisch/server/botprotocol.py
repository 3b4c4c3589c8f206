"""The bot API: programs that play at the web tables over the network.

This docstring is the authoritative copy of the bot protocol; it extends the table
protocol (:mod:`stammtisch.server.protocol`), whose messages a program uses unchanged.
An example client is ``examples/network_bot.py``.

Bot accounts. ``POST /api/bots`` ``{"name": "my-bot"}`` (JSON, as a new table's request)
answers 201 ``{"name", "token"}``. The name is 2 to 24 lower-case letters, digits, ``-``
and ``_``, a letter first (else 400), and taken once per server: a name that reads like
an existing bot's (:mod:`stammtisch.server.names`: ``a1ice`` or ``al1ce`` beside
``alice``) is taken too (409, naming it). The token is 256
random bits, shown this once; only its SHA-256 is stored (table ``bots``), so a lost
token means a new account. One client address may register Settings.bot_burst (3)
accounts at once and Settings.bot_rate a second after that (1 a minute); beyond, 429
with ``Retry-After``.

Seats for a program. In ``POST /api/tables`` ``seats``, ``"bot:NAME"`` keeps the seat for
the program of bot account NAME, ``"bot:NAME:LEVEL"`` names the computer level that acts
when the program does not (its *fallback*; default ``club``, :data:`FALLBACK`). The
account must exist (400: "no bot named"), a bot plays at most one seat of a table, and
hidden levels (``openspiel-ismcts``) are refused as fallbacks. A table of programs and
computer players only may leave ``human`` out (and then takes no ``seed`` and no
``open`` seat); its answer's ``token`` and ``seat`` are null, its ``url`` is for
watching. The start page offers "External bot" in every seat's choice. A program's seat
counts as held from the start: the match begins as soon as no seat is ``open``. A
program may also take an ``open`` seat through the invite link (below). In ``state``,
such a seat is ``{"kind": "external", "name": NAME, "level": <fallback>, "connected":
<a socket of the program holds it>, "grace_left": null, "takeover": false}``.

The stream: ``/ws/bot`` with ``Authorization: Bearer <token>``, the only place a bot
token is taken. A missing or wrong token, or one in the address (``?bot_token=``, where
proxies log it): ``error`` ``bad_token``, closed with 4401. At most
:data:`~stammtisch.server.botoffers.MAX_STREAMS` (4) streams per account at each process
(else ``rate_limited``, closed with 4429). The server sends
``{"type": "hello", "bot", "bot_time"}``, then
``{"type": "offer", "table", "seat", "game", "options", "phase", "chosen_deals", "socket"}``
for every table in memory that keeps a seat for the bot and is not over, and then one for
every new
table (and every "play again" table) that names it; in a deployment of several processes
(``serve --redis``), the tables of every process, whichever the stream is connected to.
A program may be offered a table it already plays (after it reconnects to the stream, or
when a table was made as it connected): offers are keyed by ``table``. The
stream answers ``{"type": "ping", "id"?}`` with ``{"type": "pong", "id"}``; anything else
is refused (``bad_message``), with the same rate limit and refusal limit as a table socket
(:mod:`stammtisch.server.protocol`, Limits). The stream carries no play.

Playing: the program opens the offer's ``socket``, ``/ws/tables/{id}``, with the same
``Authorization: Bearer <token>`` (a wrong one: ``bad_token``, closed with 4401). It
holds its seat and is sent exactly what a person in that seat is sent (the ``state``
messages of the table protocol: the seat's ``view``, with ``legal_actions`` on its turn,
and the public events), never more; ``hint`` is false and ``can_undo`` false for it. It
acts with ``{"type": "act", "action", "seq"}`` and gets the table protocol's answers
(``stale``, ``not_your_turn``, ``illegal``...). Where no seat is kept for it, it is a
watcher and may ``{"type": "sit", "seat": N, "name": ...}`` at an ``open`` seat (the
invite link names the table): the seat becomes its, shown under its account's name (the
``name`` sent is checked as a person's but not shown; the account's name may not read
like a seated person's or program's: ``name_taken``), with the ``club`` fallback;
``seated`` answers with ``"token": null``: the bot token stays its credential. ``hint``,
``undo``, ``again`` and ``fill`` are refused to a program (``not_now``, ``not_now``,
``not_now``, ``not_owner``), and so is ``talk`` (``not_now``): the table talk is for the
people, though a program is sent their ``talk`` messages as a person in its seat would
be, and may ignore them as it ignores any message type it does not know.

The time limit: on its turn a connected program has Settings.bot_time seconds (default
10, ``stammtisch serve --bot-time``; the ``hello`` says it) to act; an illegal action is
refused and the program may try again within the same time. When the time is up, the
fallback computer player acts for the seat at once (its own thinking budget), the
``state`` shows that action, and a late ``act`` is refused as ``stale``. When no socket
of the program holds its seat (never connected, or gone), the fallback plays the seat at
the pace of any computer player: the table never waits for a program. A program that
connects again (to the stream, or straight to the table's socket) gets the full
``state`` (``log_start`` 0) and plays on from its next turn; a table not in memory
(after a restart) is rebuilt when its socket comes, as for people.

Hostile programs meet the table socket's guards: the frame limit (1009), the per-socket
rate limit, the limit of refused messages in a row (1008), the slow-reader limit, and
the connection caps per address (:mod:`stammtisch.server.connections`).
"""

from __future__ import annotations

from stammtisch.server.botaccounts import NAME
from stammtisch.server.botoffers import MAX_STREAMS
from stammtisch.server.hub import BOT_SEAT
from stammtisch.server.tables import BOT_TIME, FALLBACK

__all__ = ["BOT_SEAT", "BOT_TIME", "FALLBACK", "MAX_STREAMS", "NAME"]

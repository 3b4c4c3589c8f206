"""The table socket's messages, checked before anything touches a match.

This docstring is the authoritative copy of the protocol of online tables (issue 8).
Programs that play over the network use it too, with a bot token: the bot API is
documented beside it, in :mod:`stammtisch.server.botprotocol`.

Table life: ``phase`` is ``waiting`` while a seat is still ``open`` (nothing is
played yet; the match and its seed exist), ``playing`` once every seat is held by
a person or a computer player (at once when the last open seat is filled), and
``over`` once the match has a result. The creator (``owner``) holds the seat
marked ``human`` at creation; that seat's token is also the owner's credential.
Computer players move on their own, each move broadcast a fixed time after it
became their turn, so that the timing never tells a forced move from a considered
one: Settings.bot_delay plus the level's thinking budget (0.6 s for a club player
alone at the table), but at most an even share of Settings.bot_round (1 s) among
the actions of a round of the computer players still in play (a Scat turn is two),
never under 0.1 s (five Schmier players in a row: 0.2 s each);
the experts think within their share. Once every person is out of a match, the rest
is played quickly.

HTTP. ``POST /api/tables`` ``{"game", "options", "seed"?, "seats": ["human",
"open", "club", ...], "name"?, "listed"?}``: ``human`` exactly once (the
creator), ``open`` a seat for a friend, else a computer level; ``name`` the
creator's (default "Player N"); ``listed`` shows the table in the lobby (default
false: a friend's seat is for whoever has the invite link). Answer 201 ``{"id",
"token", "seat", "url", "invite"}``. ``options`` holds the game's options only
(``stammtisch games``; ``lives``, ``target_score`` and ``match_target`` at most
20, 100 and 50 here): a key ``seed``, ``decks`` or ``game`` there is an unknown
option (400), so no stacked deck ever reaches a table. ``hints`` (default false):
where two or more people sit (or may sit), hints are offered only when the creator
allowed them for everyone; the ``state`` says ``"hints_for_all"``, and a ``hint``
asked at a table without them is refused (``not_now``). One person against computer
players always has hints.
A table no socket has come to within Settings.unjoined seconds (default 600) of
its creation leaves the lobby (its link still works).
The body must be sent as ``Content-Type: application/json`` (else 415) and be at most
16,384 bytes (a larger ``Content-Length``, or a chunked body passing it: 413 at once), and
arrive within Settings.body_timeout (10 s; else 408). One client address may create
Settings.create_burst tables at once (10) and Settings.create_rate a second after that
(30 a minute); beyond, 429 with ``Retry-After``. Errors are ``{"error": <text>}``; these
four (415, 413, 408, 429) close the connection, so the rest of a body is never read.
``POST /api/lessons`` ``{"game", "name"?}``: a guided first deal of that game
(server/lessons.py: the lesson's own deal against beginners, never listed), answered
and limited like a new table; the player's ``state`` carries ``coach`` (``teaching``,
the ``advice`` for this very position, the last ``verdict``, and after the first deal
the ``summary``), a watcher's ``coach`` is null.

Deals. Every shuffle is a public function of the match's seed (core/rng.py), so
whoever knows the seed knows every hidden card. The server draws each seed with
``secrets.randbits(128)`` (2^128 seeds: no search can find one from the cards a
seat sees), keeps it in the stored record only, and never sends it: no ``state``,
lobby, history or page carries it. A ``seed`` in the request chooses the deals
and is taken only at a practice table (the creator and computer players, where
nobody else can ever sit; 400 when a seat is ``open``); that table's ``state``
says ``"chosen_deals": true`` (false elsewhere), and the page tells its player.
Records keep any integer seed, so older records with small seeds replay as before.
``GET /api/lobby``: the listed tables not over, newest first, each ``{"id",
"game", "options", "phase", "created", "seats": [{"kind", "name", "level",
"connected"}], "free_seats", "watchers", "url"}``.
``GET /api/history``: the latest finished matches, each ``{"id", "game",
"finished", "actions", "result", "seats"}``. ``GET /api/history/{id}?step=N``: the
finished match after its first N actions (clamped to the record), every hand face
up; 404 for no finished match of that id, 400 for a step that is not a whole number,
409 ``{"error": "this match cannot be replayed: ..."}`` for a stored match that
cannot be read or replayed, 429 while the same client address still waits for its
previous step (one at a time; ask again when it is answered). A stored table whose
row cannot be read is left out of the lobby and the history (and logged), never a
failure of the whole list.

Connecting: ``/ws/tables/{id}``, offering the WebSocket subprotocols
``stammtisch`` and ``token.<seat token>`` (a browser: ``new WebSocket(url,
["stammtisch", "token." + token])``); the server accepts ``stammtisch``
(server/seattoken.py). The token never goes in the address, where console errors
and proxy logs show it: a socket with ``?token=`` is answered with ``error``
``bad_message`` saying to use the subprotocol, and closed with 4400. A valid token
holds that seat (several sockets may hold the same seat: two tabs); no token is a
watcher; a wrong non-empty token is answered with ``error`` ``bad_token`` (before
the first ``state``) and the socket goes on as a watcher. A table that does not
exist: ``error`` ``bad_message`` "no such table", closed with 4404; a stored table
the engine can no longer replay: ``error`` ``server``, closed with 4500.
A close code under 4000 means: connect again after a pause (the page waits 0.4 s, then
longer each time, up to 8 s), and the fresh ``state`` follows; 4000 and above are
final. A server process that shuts down closes its sockets with 1012 ("service
restart", server/drain.py) once its tables are given up: in a deployment of several
processes another one serves the table when the client connects again; while a
process drains, ``POST /api/tables`` and ``POST /api/lessons`` answer 503.

Client to server: JSON text of at most :data:`MAX_MESSAGE` characters. Every
message may carry ``"id": <int>``; the direct answer to it (an ``error``, a
``seated``, a ``hint``, the ``state`` answering a ``sync``, and the broadcast
``state`` this socket receives after its own accepted ``act``, ``undo``, ``sit``
or ``fill``) carries the same ``id``. Fields not named here are ignored; in
particular a message never names the seat it acts for: it is always the
socket's own seat.

- ``{"type": "act", "action": "play AS", "seq": 12}``: ``seq`` is required, the
  ``seq`` of the state the client acted on; another one is refused (``stale``)
  and the socket is sent the full current ``state`` (``log_start`` 0) right after
  the error. A replayed old message is refused the same way. The checks, in
  order: ``bad_message``, ``not_seated``, ``not_now`` (waiting or over),
  ``stale``, ``not_your_turn``, ``illegal``.
- ``{"type": "sit", "seat": 2, "name": "Ben"}``: a watcher takes an open seat
  (names: 1..24 printable characters once trimmed and NFC-normalised, without
  invisible or direction-changing characters (Unicode format characters), at most
  2 combining marks on a character and no more marks than other characters, else
  ``bad_message``; clients show them as text, never as HTML); answered with
  ``{"type": "seated", "seat": 2, "token": ...}`` to this socket only, then a
  broadcast. A name that reads the same as the name of anyone seated, person or
  program (case, width and Unicode look-alikes such as a Cyrillic "А" for "A" or a
  capital "I" for an "l" aside: the one rule of :mod:`stammtisch.server.names`) is
  refused with ``name_taken``; so is a program of the bot API taking a seat whose
  account's name reads like a seated one. A seat taken
  over by a computer player is never open again.
- ``{"type": "fill", "seat": 2, "level": "club"}``: the owner puts a computer
  player into an open seat, or into a seat whose person has been away longer
  than the grace period (``takeover``); that person's token then holds nothing.
- ``{"type": "undo", "seq"?: 12}`` (only when exactly one person plays against
  computer players, on their turn, back to their own last action, never back
  past a card that came into sight or into an earlier deal), ``{"type": "sync"}``.
- ``{"type": "hint"}``: the expert's advice, on the seat's turn, answered when it is
  worked out (the socket's other messages go on meanwhile). One hint per seat is
  worked out at a time (another socket of the same seat asking meanwhile is refused
  with ``busy``), and a seat asks again at the earliest Settings.hint_cooldown seconds
  (default 2) after its last hint was asked for (``rate_limited``). The hint worker
  is shared fairly (server/hints.py): a client address has at most two hints waiting
  or worked out (more: ``busy``), addresses take turns, the lesson coach goes first;
  a hint that waits is answered ``{"type": "hint_queued", "seq", "place"}`` (1:
  next) whenever its place changes, then with the hint. A full queue answers
  ``busy`` with ``"wait"``: about how many seconds to wait. A hint whose position
  was played on while it waited is dropped without an answer.
- ``{"type": "again"}``: play again, once the match is over (``phase`` ``over``;
  before: ``not_now``; a watcher: ``not_seated``; at a guided deal: ``not_now``).
  The seat is recorded (a seat asking twice: ``not_now``, nothing changes) and
  broadcast in ``state``'s ``"again"`` (the seats that asked). When every person
  at the table has asked (at once for one person against computer players), the
  server makes a new table: the same game, options, seats (each person in their
  seat under their name, the creator still its owner, each computer player at its
  level), listing and hints, and a fresh 128-bit seed (never a chosen one); it
  sends every socket here ``{"type": "moved", "table": <new id>}``, a person's
  sockets with ``"seat"`` and ``"token"``: that person's new token for their seat
  at the new table (only to that person's sockets). From then on ``state`` says
  ``"moved_to": <new id>`` (else null); a socket that comes later, or asks
  ``again`` once more, is sent the same ``moved`` message. The pending requests
  and the move are kept in memory only: after a restart the old table is over
  again with nobody asked, and a new ``again`` makes another new table.
- ``{"type": "talk", "say": "gg"}``: say one of the table talk's phrases (see Table
  talk below).

Server to client:

- ``state``: ``{"type", "table", "game", "seat", "owner", "phase", "seq",
  "seats": [{"kind": "human"|"bot"|"open", "name", "level", "connected",
  "grace_left", "takeover"}], "watchers", "grace", "options", "view",
  "log_start", "events", "actions", "to_act", "can_undo", "hint", "result",
  "chosen_deals", "again", "moved_to", "turn_clock", ...}`` (each part of the
  table adds its piece: see below for the turn clock and table talk)
  (:meth:`stammtisch.server.tables.Table.snapshot`). ``view`` is the seat's view,
  the public view for a watcher; events are the match's public events from
  ``log_start`` on. ``seq`` grows by one with every change of the match (an
  action or an undo) and never otherwise; it is stored with the table and goes
  on after a restart. Seat changes (a person sits, leaves, comes back, a grace
  period ends, a computer player is put in) are broadcast with the same ``seq``.
- ``update`` (server/frames.py), to a socket that offered the subprotocol
  ``stammtisch.updates`` beside ``stammtisch`` (the page does; a program may): after
  its first ``state``, instead of the whole state, ``{"type": "update", "table",
  "game", "seat", "frame", "changed": {the state's fields whose value changed, but the
  view}, "view": {the view's keys whose value changed}, "gone"?: [fields no longer
  there], "view_gone"?: [view keys no longer there], "log_start", "events", "id"?}``:
  what changed for the socket's seat since its last frame, so that a frame does not
  grow with the match. Every frame, ``state`` or ``update``, carries ``frame``: 1 for
  the socket's first, one more for each after. A client applies an update to its last
  state (:func:`stammtisch.server.frames.merge`); one whose ``frame`` is not one more
  than the last it has missed a frame and sends ``sync``, answered with the whole
  ``state`` (``log_start`` 0). A join, a reconnection, a ``sync``, a refused ``stale``
  action and a change of the socket's seat are answered with a whole ``state``. A
  socket that did not offer it gets whole states only, as before.
- ``hint``: ``{"type": "hint", "seq", "advice": {"best", "unit", "weak", "phase",
  "ranked": [{"action", "value", "facts"}], "unweighed", "now"}}``: the expert's
  values of the actions it weighed for the position at ``seq``, highest first (the
  recommended action is the one with the best value shown); ``unit`` is ``win`` (a
  chance, 0..1) or ``points`` (Schmier: the team's expected score change this deal
  against the others); ``facts`` what a player can check (``value``: the hand's
  value after the action; ``wins``/``points``: the trick). The page words it.
- ``moved``: ``{"type": "moved", "table", "seat"?, "token"?}``: see ``again``.
- ``talk``: ``{"type": "talk", "seat", "say", "at", "log", "n"}``: see Table talk.
- ``seated`` and ``{"type": "error",
  "code", "message"}`` with a code of :data:`CODES`. An error never changes the
  table and never closes the socket, except as said under Limits.

Seats and the grace period: ``connected`` is true while a socket holds a
person's seat (always for a computer player, never for an open seat). When a
person's last socket closes, the seat shows ``connected: false`` and
``grace_left`` (seconds, counting down from ``grace``, Settings.grace, default
60, ``stammtisch serve --grace``); the server broadcasts when a seat disconnects,
comes back and when its grace period ends (``takeover: true``: the owner may
``fill`` it); such seat changes are broadcast at most once every 0.25 s, those
that come in between together at the end of that time (or with the next action).
A person who comes back with the token gets the full state
(``log_start`` 0) and plays on. A table is rebuilt from the store when its first
socket comes (after a restart, or after every socket had left): every person
then starts away with a fresh grace period.

Turn clocks (server/table/clock.py, server/table/settings.py). ``POST /api/tables``
takes ``"clock"``: seconds per decision of a person, 0 or absent for none (5..600), and
``"clock_reserve"``: seconds a person may draw on over the match when a decision runs
long (0..600; default twice the clock); a rated table has 30 s unless another clock is
asked; a practice table (one person against this server's computer levels) and a
lesson never have one (a ``clock`` there is refused, 400). ``state`` carries
``"turn_clock"``: null without a clock, else ``{"per_decision", "reserves": [seconds
or null per seat: null for a seat no person holds], "running": null or {"seat",
"left" (seconds until the stand-in decides, the reserve included), "decision_left"
(seconds of the decision's own time), "forced" (one legal action: it draws nothing
from the reserve)}}``, as of the moment the state was sent. When ``left`` runs out
the stand-in computer player (``club``) makes that one decision and the table moves
on as after any action; after two such decisions in a row the person's seat shows
``connected: false`` with the grace countdown, as if they had left, until they act
themselves again. Where nobody else could ``fill`` the seat (a table without an owner,
as in a tournament, or the owner's own seat), the stand-in takes it for good once the
grace is over
(a rated match is then the person's, and lost, as after a ``fill``). The deadline is
stored with the table: a restart, or another process taking the table over, goes on
with the same one. Computer players and programs of the bot API are never timed by it.

Table talk (server/table/talk.py). The people at a table may say one of a few fixed
phrases and faces, never free text: ``{"type": "talk", "say": ID}`` with an ID of
:data:`SAYINGS` (``gg``, ``well_played``, ``thanks``, ``oops``, ``your_turn``,
``good_luck``, and the faces ``smile``, ``surprised``, ``phew``, ``thumbs_up``; the
pages word them in each language). The checks, in order: ``bad_message`` (no ``say``,
or one not of :data:`SAYINGS`), ``not_seated`` (a watcher), ``not_now`` (a program of
the bot API, a seat a computer player took over, or a table where fewer than two
people sit or may sit: a practice table, a lesson), ``rate_limited`` (the seat said 3
things in the last 10 s, from any of its sockets). What is said is sent at once, not
as a ``state``, to every socket of the table's seats (the speaker's too, the speaking
one with the message's ``id``), and to the watchers only where the creator allowed it
with ``"talk_watchers": true`` in ``POST /api/tables`` (default false): ``{"type":
"talk", "seat", "say", "at" (the table's ``seq`` when it was said), "log" (the number
of events in the log then: its place in the log), "n" (its number at this table, from
1)}``. ``state`` carries ``"talk": {"may" (this socket may talk), "watchers" (the
watchers hear it), "said": [the last 8 talk messages, oldest first; empty for a
watcher where they do not hear it]}``. Programs hear it as a person in their seat
would and may ignore it. Kept in memory only: after a restart a table's talk starts
again from ``n`` 1. Muting a seat or turning the talk off is the page's own (kept in
the browser).

Watchers: the watcher count in ``state`` is brought up to date with the next
broadcast; a watcher coming or going is not broadcast on its own (a crowd of
watchers would otherwise make every join cost a broadcast to all).

Limits: frames over :data:`MAX_FRAME` bytes close the socket with 1009. Per
socket a token bucket (20 messages a second, bursts of 40: Settings.rate and
Settings.burst) answers the excess with ``rate_limited`` (with the message's
``id`` when it has one) and ignores it. More
than :data:`MAX_REFUSED` refused messages in a row close the socket with 1008;
"in a row" counts every refused message (of any code) until a message is
accepted after a full second without refusals, so that a flood which gets one
message through each time the bucket refills is still one flood. A socket that
stops reading (more than 200 messages waiting for it) is closed with 1008 too;
the table does not wait for it.

Connections (:mod:`stammtisch.server.connections`, :mod:`stammtisch.server.guard`): a
request or socket handshake whose ``Origin`` header is present and is not the address it
was sent to (its ``Host``) is refused, 403 (``{"error"}`` for HTTP); no ``Origin`` passes.
A connection must complete each request head within Settings.header_timeout (10 s), and
a body still coming after its answer within as long, or is closed. At most
Settings.max_per_address (64) connections from one address (sockets included; trusted
proxies exempt) and Settings.max_connections in all are open at once; further ones are
closed at once. Answers carry Content-Security-Policy (only the site's
own files), X-Frame-Options DENY, X-Content-Type-Options nosniff, Referrer-Policy
same-origin.

Tokens: ``secrets.token_urlsafe(32)`` (256 bits). Only ``sha256(token)`` hex is
kept, in memory and in the stored seat (``token_hash``); a stored seat with an
old plain ``token`` is hashed when loaded. Hashes are compared with
``secrets.compare_digest``.

Accounts (issue 42; server/accounts.py, server/sessions.py, server/routes/accounts.py).
An account is optional: a guest plays as above. The bodies are JSON (``Content-Type:
application/json``, else 415), at most 65,536 bytes, read like a new table's; errors are
``{"error": <text>}``; answers carry ``Cache-Control: no-store``. A logged-in browser
holds a session in the cookie ``stammtisch_session`` (HttpOnly, SameSite=Lax, Path=/,
Secure when served over https or when Settings.public_url is https; 30 days, renewed
at most once a day when used, the cookie then set anew); the database keeps the
SHA-256 of its id only. A sign-up or login always starts a new session: a session id
the request sent is ended, never kept.
``POST /api/accounts`` ``{"name", "password", "seat_tokens"?}``: sign up and log in;
201 ``{"name", "claimed"}``. ``name``: a display name as for ``sit``; one that reads like
any account's or bot account's name (the rule of :mod:`stammtisch.server.names`), or like
"deleted player", is 409 "that name cannot be used: choose another", whether it is taken
or only looks like one taken; bot names and account names are one namespace (``POST
/api/bots`` with a name like an account's is 409 too). ``password``: 10 to 1024
characters, not one of the most common (case aside, nor one with digits after it): 400.
``seat_tokens``: the seat tokens this browser holds (at most 1000): the seats they hold,
of matches stored with their seats (``match_seats``) and not yet an account's, become the
account's (``claimed``: how many).
``POST /api/session`` ``{"name", "password", "seat_tokens"?}``: log in (the name found
case-blind); 200 ``{"name", "claimed"}``. A wrong password and a name no account has are
the same 401 ``{"error": "wrong name or password"}``, after one password verification
either way.
``DELETE /api/session``: log out this browser; 204, the cookie cleared (also without a
session). ``DELETE /api/sessions``: log out everywhere: every session of the account
ends; 204. ``GET /api/me``: ``{"name", "created"}``, or ``null`` for a guest (every
page asks). ``POST /api/me/password``
``{"password", "new_password"}``: every session of the account ends and this browser
gets a new one; 200 ``{"name"}``. ``DELETE /api/me`` ``{"password"}``: delete the
account; 204, every session ends; its matches stay, its seats shown as "deleted
player"; its name and password are erased, and the name may be taken again (the old
matches never show it). ``GET /api/me/data``: a download (``Content-Disposition:
attachment``) of ``{"account": {"id", "name", "created"}, "matches": [{"table", "seat",
"name", "kind", "created"}], "exported"}``, newest match first. These need a session:
without one 401 ``{"error": "not logged in"}``; a wrong password is 401 ``{"error":
"wrong password"}``.
Limits: per client address 10 sign-ups an hour (5 at once) and 10 password tries a
minute (10 at once; logins, and the password of a change or a deletion); per name (its
case-blind reading, from all addresses together) 1 try a minute (10 at once); beyond,
429 with ``Retry-After``. Counted in Redis where several processes serve (--redis).
Requests from other sites are refused (the Origin check above).

Players (server/routes/players.py). ``GET /api/me/matches?game=G&result=win|loss|draw
&before=CURSOR``: the logged-in account's matches, newest first (401 without a session);
``POST /api/me/matches`` ``{"seat_tokens", "game"?, "result"?, "before"?}``: a guest's,
those of the seats this browser's tokens hold (the account's when logged in). Both
``{"matches": [{"table", "game", "seat", "created", "finished", "result": "win"|"loss"|
"draw"|null, "actions", "rated", "seats": [{"kind", "name", "level", "account", "you"}]}],
"next":
CURSOR|null}``; an unknown game, result or cursor is 400. ``GET /api/players/NAME``: an
account, a program (bot account) or a computer level: ``{"name", "kind": "account"|"bot"|
"level", "created"?, "ratings": {GAME: {"value", "deviation", "display", "provisional",
"games"}}, "history": {GAME: [{"at", "value", "deviation", "change", "table"}]},
"recent", "stats": {GAME: {"matches", "wins"}}, "accuracy": {GAME: 0..1}}``; 404 for
nobody of that name. ``GET /api/leaderboard/GAME``: ``{"game", "players": [{"rank",
"name", "value", "display", "deviation", "games", "program"}], "levels": [{"level",
"value", "display"}]}``: the best 100 established (not provisional) accounts rated in
the last 30 days, and the computer levels as landmarks; 404 for an unknown game.
``POST /api/tables`` with ``"rated": true`` (logged in): the creator, computer levels and
programs, and friends who log in; random deals, no hints, one of the two named rule sets
(the start page's presets: the rules as written or the traditional ones; else 400
naming why). The state
then carries ``rated`` and, once the match is rated, ``rating``: each seat's ``{"before",
"after", "display"}``.

Play now (issue 43; server/playnow/, server/routes/playnow.py). ``POST /api/play-now``
``{"game", "rules": "rules"|"traditional", "wait"?, "name"?}``: queue for a table of that
game and named rule set (Schnapsen 2 seats, Schnauz and Scat 4, Schmier 6); ``wait``
(5 to 60 seconds, default 20) is how long to wait for people before computer levels
take the empty seats; ``name`` a guest's (default "Guest"). Who asks: a program by its
bot token (``Authorization: Bearer``), a logged-in person by the session, a guest by a
ticket: the first POST answers a guest's ``"ticket"`` (``playnow.`` and 43 characters),
sent as ``Authorization: Bearer`` from then on; it is the guest's only credential for
the queue. A person is in one queue at most: a second POST moves them (their wait starts
again); 409 while their table is being formed (``found``: cancel first) or made. Answer
202 and the state below. ``GET /api/play-now``: the state, one of ``{"state": "none"}``,
``{"state": "searching", "game", "rules", "since" (seconds since the epoch), "wait",
"searching" (seconds so far), "found": [names of the people who would sit with you
now]}``, ``{"state": "found", "game", "rules", "players": [{"name", "level"}],
"starts_in"}`` (3 seconds in which anyone may still cancel; the others then search on)
and ``{"state": "seated", "url", "table", "seat", "token", "rated"}``: the table is
made and ``token`` is this person's seat token (null for a program, which plays with
its bot token), kept 10 minutes. A page must ask at least every 15 seconds while
searching, or it leaves the queue. ``DELETE /api/play-now``: leave it; ``{"state":
"none", "was": STATE|null}``, 409 once the table is being made. Pairing: nearest rating
first (a guest counts 1500), each pair within 100 points plus 50 a second waited for
both; a full table forms at once, else the people found when the first one's wait ends
(less the found phase) sit with the computer level nearest their mean rating. One process
of a cluster pairs each queue at a time (a Redis lease); every step of a person is an
atomic Redis script, so nobody is seated twice. A table of logged-in people only is
rated; any other is casual. Where two or more sit, the table has a turn clock of 30 s a
decision and a 60 s reserve.

Tournaments (issue 43; server/tournaments/, server/routes/tournaments.py). Swiss
tournaments. ``GET /api/tournaments``: ``{"upcoming", "running", "finished"}``, each a
list of ``{"id", "name", "game", "rules", "table_size", "rounds", "round", "clock",
"computers", "starts", "creator_name", "state", "cancelled_by", "players", "url"}``
(finished ones include ``cancelled``). ``POST /api/tournaments`` (logged in, else 401) ``{"name",
"game", "rules": "rules"|"traditional", "rounds" (1 to 15), "clock"? (seconds per
decision, 5 to 600, default 30: never none), "starts" (seconds since the epoch, from now to 60
days ahead), "table_size"? (the multi-player games: Schnauz and Scat 4 by default,
Schmier 6), "computers"? (false: may computer levels and programs join)}``: 201 ``{"id",
"url"}``; a wrong field is 400 naming it. ``GET /api/tournaments/ID`` (404 if none):
the entry above, but with ``"players": [{"key", "kind": "person"|"level"|"program",
"name", "level"}]`` in the order of joining, plus ``"tiebreaks": ["buchholz",
"sonneborn_berger"]``, ``"standings": [{"rank", "key", "kind", "name", "level", "points",
"buchholz", "sonneborn_berger", "results": [{"round", "table", "bye", "opponents",
"points"}]}]``, ``"round_tables": [{"round", "tables": [{"table", "url", "players",
"points", "over"}], "byes": [names]}]`` and ``"you"``: null for a guest, else
``{"name", "playing", "creator", "table"}``, where ``table`` is the person's table of
the current round ``{"table", "seat", "url", "over", "token"}``, ``token`` being their
seat token there (null once the match is over): only this person's session is ever
sent it. ``POST /api/tournaments/ID/join`` and ``/leave`` (JSON bodies, before the
start; 409 after it, when already in, not in, or full: 256 players): ``{}`` for the
logged-in person, ``{"level": "club"}`` for the creator adding or removing a computer
level (403 for others, or where ``computers`` is false), and a program with its bot
token (``Authorization: Bearer``) joins or leaves itself; answer ``{"player",
"joined"}``. ``POST /api/tournaments/ID/cancel`` (no body; the creator only: 401 for
a guest, 403 for anyone else, 404 if none, 409 once finished or cancelled): ``{"id",
"state": "cancelled"}``; before the start it simply ends; during a round the results
of its tables that have ended stay in the standings, the matches still in play go on
as ordinary tables but count for nothing, and no further round is paired. The state is
the database's, so the process running the tournament stops at its next look; the
entry's ``cancelled_by`` names the creator (null when it was cancelled at its start
for too few players).
At ``starts`` round 1 is paired, seeded by the players' ratings at the game (a
computer level's calibration, 1500 for the unrated; top half against bottom half, or
one player of each band at a larger table), cancelled when too few joined to seat one
table; each later round when the last table of the one before has ended. Pairing, points and
tie-breaks: server/tournaments/swiss.py. Each table is a web table (``/table/ID``,
watchable), rated where a person or a program sits, with the tournament's clock.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from typing import Any

MAX_MESSAGE = 2048
MAX_FRAME = 65536
"""Frames up to this size are read and answered; larger ones close the socket (1009)."""
MAX_ACTION = 200
MAX_NAME = 24
MAX_MARKS = 2
"""Combining marks (accents) one character of a name may carry."""
MAX_REFUSED = 100
"""More refused messages than this in a row close the socket (1008)."""
KINDS = ("act", "sit", "fill", "undo", "hint", "sync", "again", "talk")
CODES = ("bad_message", "bad_token", "not_seated", "not_your_turn", "illegal", "stale",
         "seat_taken", "name_taken", "not_owner", "not_now", "rate_limited", "busy",
         "server")
SAYINGS = ("gg", "well_played", "thanks", "oops", "your_turn", "good_luck", "smile",
           "surprised", "phew", "thumbs_up")
"""What a ``talk`` message may say: phrases and faces, never free text."""


class ProtocolError(Exception):
    """A message the server refuses; ``code`` and the text are sent back to the client."""

    def __init__(self, message: str, code: str = "bad_message") -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Act:
    """``act``: play ``action`` on the state numbered ``seq``."""

    action: str
    seq: int
    id: int | None = None


@dataclass(frozen=True)
class Sit:
    """``sit``: a watcher takes the open ``seat`` under ``name``."""

    seat: int
    name: str
    id: int | None = None


@dataclass(frozen=True)
class Fill:
    """``fill``: the owner puts a computer player of ``level`` into ``seat``."""

    seat: int
    level: str
    id: int | None = None


@dataclass(frozen=True)
class Undo:
    """``undo``: back to the seat's own last action (on the state ``seq``, when given)."""

    seq: int | None
    id: int | None = None


@dataclass(frozen=True)
class Again:
    """``again``: play again once the match is over."""

    id: int | None = None


@dataclass(frozen=True)
class Hint:
    """``hint``: the expert's advice for the seat's turn."""

    id: int | None = None


@dataclass(frozen=True)
class Sync:
    """``sync``: the full current state, once more."""

    id: int | None = None


@dataclass(frozen=True)
class Talk:
    """``talk``: say one of :data:`SAYINGS` to the table."""

    say: str
    id: int | None = None


ClientMessage = Act | Sit | Fill | Undo | Again | Hint | Sync | Talk
"""A client's message, checked: one of the kinds of :data:`KINDS`."""


def error(code: str, message: str, answer_id: int | None = None) -> dict[str, Any]:
    """The error message sent to a client."""
    sent: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if answer_id is not None:
        sent["id"] = answer_id
    return sent


def _whole(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(f'"{key}" must be a whole number')
    return value


def _whole_or_none(data: dict[str, Any], key: str) -> int | None:
    return None if data.get(key) is None else _whole(data, key)


def clean_name(value: Any) -> str:
    """A display name: 1..24 printable characters once trimmed and NFC-normalised, no
    invisible or direction-changing characters, at most :data:`MAX_MARKS` combining
    marks on one letter and no more marks than other characters."""
    if not isinstance(value, str):
        raise ProtocolError(f"a name is text of 1 to {MAX_NAME} characters")
    name = unicodedata.normalize("NFC", value.strip())
    if any(unicodedata.category(c) == "Cf" for c in name):
        raise ProtocolError("a name may not hold invisible or direction-changing characters")
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        raise ProtocolError(f"a name is 1 to {MAX_NAME} printable characters")
    marks = [unicodedata.category(c).startswith("M") for c in name]
    run = longest = 0
    for mark in marks:
        run = run + 1 if mark else 0
        longest = max(longest, run)
    if longest > MAX_MARKS or 2 * sum(marks) > len(name):
        raise ProtocolError(f"a name may carry at most {MAX_MARKS} accents on a letter, "
                            "and no more accents than letters")
    return name


def message_id(raw: str | bytes | None) -> int | None:
    """The ``id`` of a message, if it can be read at all (for error answers)."""
    if not isinstance(raw, str) or len(raw) > MAX_MESSAGE:
        return None
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        return None
    found = data.get("id") if isinstance(data, dict) else None
    return found if isinstance(found, int) and not isinstance(found, bool) else None


def parse_message(raw: str | bytes | None) -> ClientMessage:
    """The message ``raw`` says, or :class:`ProtocolError` telling what is wrong with it."""
    if raw is None:
        raise ProtocolError("empty message: send a JSON object such as "
                            '{"type": "act", "action": "pass", "seq": 0}')
    if isinstance(raw, bytes):
        raise ProtocolError("binary messages are not understood: send JSON text")
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError(f"message too long ({len(raw)} characters; at most {MAX_MESSAGE})")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as problem:
        raise ProtocolError(f"not JSON: {problem.msg} at character {problem.pos}") from None
    except RecursionError:
        raise ProtocolError("not JSON this server reads: nested too deeply") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object with a \"type\"")
    kind = data.get("type")
    if kind not in KINDS:
        raise ProtocolError(f"unknown message type {kind!r}; the types are {', '.join(KINDS)}")
    answer_id = _whole_or_none(data, "id")
    if kind == "act":
        action = data.get("action")
        if not isinstance(action, str) or not action.strip():
            raise ProtocolError('an "act" message needs "action": the action in notation')
        if len(action) > MAX_ACTION:
            raise ProtocolError(f"action too long (at most {MAX_ACTION} characters)")
        if "seq" not in data:
            raise ProtocolError('an "act" message needs "seq": the seq of the state it '
                                'acts on')
        return Act(action.strip(), _whole(data, "seq"), answer_id)
    if kind == "sit":
        return Sit(_whole(data, "seat"), clean_name(data.get("name")), answer_id)
    if kind == "fill":
        level = data.get("level")
        if not isinstance(level, str) or not level or len(level) > MAX_NAME:
            raise ProtocolError('a "fill" message needs "level": a computer level')
        return Fill(_whole(data, "seat"), level, answer_id)
    if kind == "undo":
        return Undo(_whole_or_none(data, "seq"), answer_id)
    if kind == "again":
        return Again(answer_id)
    if kind == "hint":
        return Hint(answer_id)
    if kind == "talk":
        said = data.get("say")
        if not isinstance(said, str) or said not in SAYINGS:
            raise ProtocolError(f'a "talk" message needs "say": one of {", ".join(SAYINGS)}')
        return Talk(said, answer_id)
    return Sync(answer_id)

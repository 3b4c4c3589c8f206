"""The ``stammtisch`` command: play a game in the terminal, replay a record, list games.

Every problem with the command line or a file is one line on stderr and exit
status 2; the play and replay screens live in :mod:`stammtisch.terminal`.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn
from urllib.parse import urlsplit

import stammtisch
from stammtisch.bots.custom import is_custom, make_player
from stammtisch.bots.registry import NEEDS_EXTRA, find_level
from stammtisch.bots.review import REVIEW_BUDGET
from stammtisch.bots.review import review as review_record
from stammtisch.core.game import GameInfo
from stammtisch.errors import StammtischError
from stammtisch.games import REGISTRY
from stammtisch.i18n import LANGUAGES, from_locale, language_code, t, use
from stammtisch.terminal.console import Console, enable_line_editing
from stammtisch.terminal.play import Session
from stammtisch.terminal.render import options_lines, value_text
from stammtisch.terminal.replay import replay_steps
from stammtisch.terminal.review import review_lines
from stammtisch.terminal.setup import SetupError, match_options, read_words

USAGE = """\
usage: stammtisch play GAME [--players N] [--seat S] [--seed N] [--bot LEVEL|module:Class]
                       [--save FILE] [--lang CODE] [option=value ...]
       stammtisch replay FILE [--seat S] [--step] [--lang CODE]
       stammtisch review FILE [--seat S] [--json OUT] [--budget SECONDS] [--lang CODE]
       stammtisch games [--lang CODE]
       stammtisch serve [--host 127.0.0.1] [--port 8000] [--db URL] [--grace SECONDS]
                        [--bot-time SECONDS] [--public-url URL]
                        [--redis URL [--redis-prefix P] [--lease SECONDS]] [--bot-delay S]
       stammtisch arena GAME --players expert,club[,module:Class,...] --matches N [--jobs J]
                        [--ray [ADDRESS]] [--seed S] [--budget SECONDS] [--out DIR]
                        [--max-deals D] [option=value ...]
       stammtisch arena-merge FILE [FILE ...] [--out DIR]
       stammtisch db upgrade|current [--db URL]
       stammtisch ratings calibrate [--games G,...] [--levels L,...] [--matches N]
                        [--jobs J] [--seed S] [--budget SECONDS] [--max-deals D] [--out FILE]

Games: {games}. `stammtisch games` lists each game's options;
`stammtisch play --help` and `stammtisch replay --help` explain the flags."""


class UsageError(Exception):
    """A command line argparse rejected; printed as one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)")


def _add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", metavar="CODE", help=(
        f"the language of the words: {', '.join(LANGUAGES)} (default: the locale's, from "
        "LANGUAGE, LC_ALL, LC_MESSAGES or LANG; English for any other)"))


def _speak(requested: str | None) -> None:
    """Use the language asked for with ``--lang``, else the locale's; an unknown one is
    English, said so on stderr."""
    if requested is None:
        use(from_locale(os.environ))
        return
    code = language_code(requested)
    if code is None:
        print(f"stammtisch: no words in {requested!r} yet, so English it is "
              f"(--lang {'|'.join(LANGUAGES)})", file=sys.stderr)
        code = "en"
    use(code)


def _play_parser() -> _Parser:
    parser = _Parser(prog="stammtisch play", description=(
        "Play GAME in the terminal against computer players. Type actions in the "
        "notation (help lists the legal ones; short forms work)."))
    parser.add_argument("game", help="schnauz, scat, schnapsen or schmier")
    parser.add_argument("options", nargs="*", metavar="option=value",
                        help="game options, e.g. lives=2 deck_variant=A9 (see: stammtisch games)")
    parser.add_argument("--players", type=int, help="number of players (where the game allows)")
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    parser.add_argument("--seed", type=int, help="the match seed (default: a random one)")
    parser.add_argument("--bot", default="random", help=(
        "level of the computer players (random, beginner, club, expert), or your own bot "
        "class: module.path:Class or path/to/file.py:Class"))
    parser.add_argument("--save", metavar="FILE", help="save the record to FILE without asking")
    _add_lang(parser)
    return parser


def _replay_parser() -> _Parser:
    parser = _Parser(prog="stammtisch replay", description=(
        "Show a saved match record step by step."))
    parser.add_argument("file", help="a record saved by stammtisch play (JSON)")
    parser.add_argument("--seat", type=int, help="follow this seat's hand only")
    parser.add_argument("--step", action="store_true",
                        help="wait for Enter after each step, showing the hands")
    _add_lang(parser)
    return parser


def _review_parser() -> _Parser:
    parser = _Parser(prog="stammtisch review", description=(
        "The expert's review of a saved match for one seat: every decision with the "
        "action played, the expert's best and the loss, then the accuracy per deal and "
        "for the match."))
    parser.add_argument("file", help="a record saved by stammtisch play (JSON)")
    parser.add_argument("--seat", type=int, default=0, help="the seat to review (default 0)")
    parser.add_argument("--json", metavar="OUT", help="write the review as JSON to OUT")
    parser.add_argument("--budget", type=float, default=REVIEW_BUDGET,
                        help=f"seconds the expert thinks per decision (default "
                             f"{REVIEW_BUDGET:g})")
    _add_lang(parser)
    return parser


def _read_record(path: str) -> object:
    try:
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror or error}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise UsageError(f"{path} is not a JSON record: {error}") from None


def _find(name: str) -> GameInfo:
    info = REGISTRY.get(name.strip().lower())
    if info is None:
        raise UsageError(f"unknown game {name!r}; the games are: {', '.join(sorted(REGISTRY))}")
    return info


def play(argv: Sequence[str]) -> int:
    args = _play_parser().parse_intermixed_args(argv)
    _speak(args.lang)
    info = _find(args.game)
    options = match_options(info, args.players, args.options)
    seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
    match = stammtisch.new_match(info.name, seed=seed, **options)
    if not 0 <= args.seat < match.num_players:
        raise UsageError(f"--seat {args.seat}: the seats are 0 to {match.num_players - 1}")
    if not is_custom(args.bot):
        find_level(info.name, args.bot)
    bots = {seat: make_player(info.name, args.bot, seed, seat)
            for seat in range(match.num_players) if seat != args.seat}
    console = Console()
    enable_line_editing()
    level = t(f"level.{args.bot}")
    if is_custom(args.bot) or level == f"level.{args.bot}":  # a bot of the person's own
        level = args.bot
    console.say(
        t("term.intro", game=t(f"game.{info.name}"), players=t("term.players",
          n=match.num_players), seed=seed, seat=t("ui.seat", n=args.seat), level=level),
        *options_lines(match),
        t("term.intro_keys"),
    )
    return Session(match, args.seat, bots, console, save_to=args.save).run()


def replay(argv: Sequence[str]) -> int:
    args = _replay_parser().parse_args(argv)
    _speak(args.lang)
    try:
        with open(args.file, encoding="utf-8") as file:
            record = json.load(file)
    except OSError as error:
        raise UsageError(f"cannot read {args.file}: {error.strerror or error}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise UsageError(f"{args.file} is not a JSON record: {error}") from None
    try:
        steps = list(replay_steps(record, args.seat, every_step=args.step))
    except StammtischError as error:
        raise UsageError(f"{args.file}: {error}") from None
    console = Console()
    for index, lines in enumerate(steps):
        console.say(*lines)
        if args.step and 0 < index < len(steps) - 1:
            if console.ask(t("term.replay_next") + " ") in (None, "q", "quit"):
                return 0
    return 0


def review(argv: Sequence[str]) -> int:
    args = _review_parser().parse_args(argv)
    _speak(args.lang)
    if not args.budget > 0:
        raise UsageError("--budget is a number of seconds > 0 (see stammtisch review --help)")
    record = _read_record(args.file)
    try:
        data = review_record(record, args.seat, budget=args.budget)
    except StammtischError as error:
        raise UsageError(f"{args.file}: {error}") from None
    if args.json:
        try:
            with open(args.json, "w", encoding="utf-8") as out:
                json.dump(data, out)
        except OSError as error:
            raise UsageError(f"cannot write {args.json}: {error.strerror or error}") from None
    Console().say(*review_lines(data))
    return 0


def _serve_parser() -> _Parser:
    parser = _Parser(prog="stammtisch serve", description=(
        "Start the web table: play every game in the browser against computer players."))
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument("--db", default="sqlite:///stammtisch.db",
                        help="SQLAlchemy URL of the database (default: a SQLite file here; "
                             "one server at a time uses a SQLite file)")
    parser.add_argument("--grace", type=float, help=(
        "seconds a player whose connection dropped keeps the seat before the table's "
        "creator may hand it to a computer player (default 60)"))
    parser.add_argument("--bot-time", type=float, metavar="SECONDS", help=(
        "seconds a program of the bot API has for each decision before its seat's "
        "computer player acts (default 10)"))
    parser.add_argument("--public-url", metavar="URL", help=(
        "the address friends on other devices open, e.g. http://192.168.1.20:8000 "
        "(with --host 0.0.0.0), or https://cards.example.org behind a proxy: invite links "
        "use it, and pages from it or from localhost are the only ones whose requests "
        "are taken"))
    parser.add_argument("--redis", metavar="URL", help=(
        "redis://host:6379/0: run as one of several server processes that share this "
        "Redis and the --db PostgreSQL database; any of them serves any table"))
    parser.add_argument("--redis-prefix", default="stammtisch:", metavar="PREFIX", help=(
        "what this deployment's Redis channels are named with (default stammtisch:)"))
    parser.add_argument("--lease", type=float, metavar="SECONDS", help=(
        "with --redis: seconds after which a dead process's tables are taken over "
        "(default 5)"))
    parser.add_argument("--bot-delay", type=float, metavar="SECONDS", help=(
        "seconds a lone computer move is shown after its turn, beyond its thinking "
        "(default 0.6)"))
    parser.add_argument("--log-format", choices=["text", "json"], default="text", help=(
        "log lines as text or as one JSON object each (default text)"))
    parser.add_argument("--drain", type=float, default=0.0, metavar="SECONDS", help=(
        "on SIGTERM, refuse new tables and answer /readyz with 503 for this long before "
        "the sockets are closed (for a load balancer to notice; default 0)"))
    return parser


def public_url(text: str) -> str:
    """``--public-url``: an http(s) address with a host, without query or fragment."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query \
            or parts.fragment:
        raise UsageError(f"--public-url {text!r} is an address such as "
                         "http://192.168.1.20:8000 (see stammtisch serve --help)")
    try:
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError:
        raise UsageError(f"--public-url {text!r} has a port that is not a number") from None
    return text.strip().rstrip("/")


def serve(argv: Sequence[str]) -> int:
    args = _serve_parser().parse_args(argv)
    from stammtisch.server import serve as run_server

    if args.grace is not None and not args.grace >= 0:
        raise UsageError("--grace is a number of seconds >= 0 (see stammtisch serve --help)")
    if args.bot_time is not None and not 0 < args.bot_time <= 600:
        raise UsageError("--bot-time is a number of seconds from 0 to 600 "
                         "(see stammtisch serve --help)")
    extra: dict[str, Any] = {"grace": args.grace} if args.grace is not None else {}
    if args.bot_time is not None:
        extra["bot_time"] = args.bot_time
    url = public_url(args.public_url) if args.public_url is not None else None
    if args.lease is not None and not 0.5 <= args.lease <= 600:
        raise UsageError("--lease is a number of seconds from 0.5 to 600 "
                         "(see stammtisch serve --help)")
    if args.lease is not None and args.redis is None:
        raise UsageError("--lease is for several server processes: give --redis too")
    if args.bot_delay is not None and not 0 <= args.bot_delay <= 10:
        raise UsageError("--bot-delay is a number of seconds from 0 to 10 "
                         "(see stammtisch serve --help)")
    if args.redis is not None and urlsplit(args.redis).scheme not in ("redis", "rediss",
                                                                      "unix"):
        raise UsageError(f"--redis {args.redis!r} is a Redis URL such as "
                         "redis://127.0.0.1:6379/0")
    cluster: dict[str, Any] = {}
    if args.redis is not None:
        cluster = {"redis": args.redis, "redis_prefix": args.redis_prefix}
        if args.lease is not None:
            cluster["lease"] = args.lease
    if args.bot_delay is not None:
        cluster["bot_delay"] = args.bot_delay
    if not 0 <= args.drain <= 600:
        raise UsageError("--drain is a number of seconds from 0 to 600 "
                         "(see stammtisch serve --help)")
    if args.drain:
        extra["drain"] = args.drain
    if args.log_format != "text":
        extra["log_format"] = args.log_format
    run_server(host=args.host, port=args.port, db=args.db, public_url=url, **extra,
               **cluster)
    return 0


def _arena_parser() -> _Parser:
    parser = _Parser(prog="stammtisch arena", description=(
        "Play matches between computer players in parallel, rotating seats (two players: "
        "every deal twice with the hands swapped), and rank them: matches won with 95% "
        "Wilson intervals, the game's figure per deal, Elo. Writes JSON and a PNG chart. "
        "Ctrl-C (or SIGTERM) stops early and reports the matches that finished."))
    parser.add_argument("game", help="schnauz, scat, schnapsen or schmier")
    parser.add_argument("options", nargs="*", metavar="option=value",
                        help="game options, e.g. lives=2 (see: stammtisch games)")
    parser.add_argument("--players", required=True, help=(
        "comma-separated bot levels, one per seat; in Schmier also one per team "
        "(expert,club,club: a team of two experts against two teams of club); an entry "
        "module.path:Class or path/to/file.py:Class seats your own bot class"))
    parser.add_argument("--matches", type=int, required=True,
                        help="matches to play (rounded up to whole seat rotations)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="parallel processes (default: all cores; 1: in this process); "
                        "with --ray and no address, the CPUs of the local Ray cluster")
    parser.add_argument("--ray", nargs="?", const="", metavar="ADDRESS", help=(
        "play the matches as Ray tasks (pip install 'stammtisch[ray]'): on the cluster at "
        "ADDRESS (host:port, ray://host:port, or auto for the one `ray start` runs here), "
        "or without ADDRESS on a local cluster started for the run"))
    parser.add_argument("--seed", type=int, default=1, help="arena seed (default 1)")
    parser.add_argument("--budget", type=float, help="seconds per decision for every bot")
    parser.add_argument("--out", default="arena-results", help="directory for JSON and PNG")
    parser.add_argument("--max-deals", type=int, default=1000,
                        help="stop a match after this many deals and count it unfinished "
                             "(so too a match whose deal runs past 5,000 actions)")
    parser.add_argument("--records", metavar="DIR", help=(
        "save each match's record in DIR (with index.json: its seats and result), for "
        "stammtisch replay and stammtisch review"))
    return parser


def arena(argv: Sequence[str]) -> int:
    args = _arena_parser().parse_intermixed_args(argv)
    from stammtisch.arena import ArenaConfig, run_arena

    info = _find(args.game)
    options = read_words(info, args.options)
    for name in args.players.split(","):
        if name.strip().lower() in NEEDS_EXTRA:
            find_level(info.name, name.strip().lower())  # names the extra when missing
    return run_arena(ArenaConfig(
        game=info.name, players=args.players, matches=args.matches, jobs=args.jobs,
        seed=args.seed, budget=args.budget, out=args.out, max_deals=args.max_deals,
        options=options, ray=args.ray, records=args.records))


def _arena_merge_parser() -> _Parser:
    parser = _Parser(prog="stammtisch arena-merge", description=(
        "Pool arena runs of one lineup (the same game, levels, options, budget and deal "
        "limit; different arena seeds) into one table, JSON file and chart, as if one run "
        "had played all their matches."))
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="JSON files written by stammtisch arena")
    parser.add_argument("--out", default="arena-results", help="directory for JSON and PNG")
    return parser


def arena_merge(argv: Sequence[str]) -> int:
    args = _arena_merge_parser().parse_args(argv)
    from stammtisch.arena.merge import run_merge

    return run_merge(args.files, args.out)


def _ratings_parser() -> _Parser:
    from stammtisch.ratings.calibrate import DEFAULT_MATCHES, DEFAULT_MAX_DEALS

    parser = _Parser(prog="stammtisch ratings calibrate", description=(
        "Rate the computer levels against each other in arena matches (every pair in "
        "Schnapsen, all at one table in Schnauz and Scat, every three in Schmier) and "
        "write their ratings, the anchors of everyone else's, to a JSON file."))
    parser.add_argument("command", choices=["calibrate"], help="what to do")
    parser.add_argument("--games", help="comma-separated games (default: all four)")
    parser.add_argument("--levels", help="comma-separated levels (default: every level a "
                                         "table offers)")
    parser.add_argument("--matches", type=int, default=DEFAULT_MATCHES, help=(
        "matches per game, shared out among its lineups and rounded up to whole seat "
        f"rotations (default {DEFAULT_MATCHES})"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="parallel processes (default: all cores; 1: in this process)")
    parser.add_argument("--seed", type=int, default=1, help="arena seed (default 1)")
    parser.add_argument("--budget", type=float, help="seconds per decision for every bot "
                                                     "(default: each level's own)")
    parser.add_argument("--max-deals", type=int, default=DEFAULT_MAX_DEALS, help=(
        f"stop a match after this many deals, unrated (default {DEFAULT_MAX_DEALS})"))
    parser.add_argument("--out", help="the JSON file (default: the package's levels.json)")
    return parser


def ratings(argv: Sequence[str]) -> int:
    args = _ratings_parser().parse_args(argv)
    from pathlib import Path

    from stammtisch.ratings.calibrate import CalibrationConfig, run_calibration

    config = CalibrationConfig(matches=args.matches, jobs=args.jobs, seed=args.seed,
                               budget=args.budget, max_deals=args.max_deals)
    if args.games:
        config.games = tuple(_find(name).name for name in args.games.split(","))
    if args.levels:
        config.levels = tuple(name.strip().lower() for name in args.levels.split(","))
    if args.out:
        config.out = Path(args.out)
    return run_calibration(config)


def _games_parser() -> _Parser:
    parser = _Parser(prog="stammtisch games", description=(
        "The games, each with its options: the option=value words of stammtisch play."))
    _add_lang(parser)
    return parser


def _own(key: str, fallback: str) -> str:
    """The catalog's words for ``key``, or ``fallback`` where the pages have none."""
    text = t(key)
    return fallback if text == key else text


def games(argv: Sequence[str] = ()) -> int:
    _speak(_games_parser().parse_args(argv).lang)
    console = Console()
    for info in stammtisch.games():
        seats = (t("term.players", n=info.min_players) if info.min_players == info.max_players
                 else t("term.players_range", low=info.min_players, high=info.max_players))
        title = _own(f"game.{info.name}", info.title)
        console.say(f"{info.name} ({title}, {seats}): {_own(f'gamesub.{info.name}', info.summary)}")
        for spec in info.options:
            default = t("term.required") if spec.required \
                else t("term.default", value=value_text(spec.default))
            doc = _own(f"doc.{spec.name}", spec.doc)
            console.say(f"   {spec.name}={spec.allowed}  ({default}) {doc}".rstrip())
    return 0


def db(argv: Sequence[str]) -> int:
    """``db upgrade``: run the migrations a server's database lacks (every server does at
    start too); ``db current``: the revision it is at."""
    parser = _Parser(prog="stammtisch db", description=(
        "The web table's database: upgrade it to this version's schema, or show its revision."))
    parser.add_argument("action", choices=["upgrade", "current"])
    parser.add_argument("--db", default="sqlite:///stammtisch.db",
                        help="SQLAlchemy URL of the database (as for stammtisch serve)")
    args = parser.parse_args(argv)
    from stammtisch.server.store import schema_revision, upgrade_database

    if args.action == "upgrade":
        before, after = upgrade_database(args.db)
        print(f"{args.db}: at revision {after}" if before == after
              else f"{args.db}: upgraded from revision {before or 'none'} to {after}")
    else:
        print(f"{args.db}: at revision {schema_revision(args.db) or 'none'}")
    return 0


COMMANDS: dict[str, Callable[[Sequence[str]], int]] = {
    "play": play, "replay": replay, "review": review, "games": games, "serve": serve,
    "arena": arena,
    "arena-merge": arena_merge, "db": db,
    "ratings": ratings,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(USAGE.format(games=", ".join(sorted(REGISTRY))))
        return 0 if args else 2
    command = COMMANDS.get(args[0])
    try:
        if command is None:
            raise UsageError(
                f"unknown command {args[0]!r}; the commands are {', '.join(COMMANDS)}")
        return command(args[1:])
    except (UsageError, SetupError, StammtischError) as error:
        print(f"stammtisch: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``stammtisch replay x | head``): stop quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())

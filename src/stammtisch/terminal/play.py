"""A match at the terminal: one person against computer players.

The person's seat is asked for an action in notation (short forms allowed, see
:mod:`resolve`); every other seat is a bot that sees only its own view. Each
screen shows what happened since the person's last turn, then the table.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from stammtisch.bots import Bot
from stammtisch.bots.registry import levels, make_bot
from stammtisch.core.match import Match
from stammtisch.errors import StammtischError
from stammtisch.i18n import fixed, t
from stammtisch.terminal.console import Console
from stammtisch.text.games import renderer
from stammtisch.text.resolve import resolve, shortest
from stammtisch.text.words import action_label, is_code

RULE = "─" * 72
PROMPT = "> "

# What a turn of the person ended with.
PLAYED, UNDONE, QUIT, END_OF_INPUT = "played", "undone", "quit", "end of input"

_QUIET = ("action",)
"""The only events undo may take back; the others (deals, new tables, tricks,
showdowns) have shown cards that were hidden at the person's last turn."""

HINT_LEVEL = "expert"
"""The level whose ``analyze`` answers ``hint``."""

_LONG = 40
"""Unshown events past which the end of a match is told in short."""
_MOVES = ("action", "table", "reshuffle")


def save_record(match: Match, path: str) -> None:
    """Write the match record as JSON; raises OSError when the file cannot be written."""
    Path(path).write_text(json.dumps(match.record(), indent=1) + "\n", encoding="utf-8")


def short_forms_hint(legal: list[str]) -> str:
    """How short forms work, with examples taken from the legal actions."""
    examples = []
    for action in sorted(legal, key=lambda a: -len(a.split())):
        short = shortest(action, legal)
        if short and not any(is_code(w) for w in action.split()):
            examples.append(f"{short} = {action}")
            break
    with_cards = [a for a in legal if any(is_code(w) for w in a.split())]
    if with_cards:
        short = shortest(with_cards[0], legal)
        if short:
            examples.append(f"{short} = {with_cards[0]}")
    if examples:
        return t("term.short_forms_examples", examples=", ".join(examples))
    return t("term.short_forms")


def yes_words() -> set[str]:
    """What answers yes at a [y/N] question: the language's words and the English ones."""
    return {"y", "yes", *t("term.yes_words").lower().split()}


class Session:
    """One match played at the terminal, from the first deal to the save prompt."""

    def __init__(self, match: Match, human: int, bots: Mapping[int, Bot], console: Console,
                 *, save_to: str | None = None) -> None:
        self.match = match
        self.human = human
        self.bots = bots
        self.console = console
        self.save_to = save_to
        self.look = renderer(match.game)
        self.shown = 0
        """Events already on screen."""
        self.turns: list[tuple[int, int]] = []
        """(actions played, events) at each of the person's turns, for undo."""
        self.adviser: Bot | None = None
        """The expert that answers ``hint`` for the person's seat, made when first asked."""

    def run(self) -> int:
        """Play to the end or until the person quits; then save. Returns the exit status."""
        match = self.match
        ended = ""
        try:
            while (seat := match.to_act) is not None:
                if seat == self.human:
                    ended = self.human_turn()
                    if ended in (QUIT, END_OF_INPUT):
                        break
                else:
                    self.bot_turn(seat)
        except KeyboardInterrupt:
            self.console.say("", t("term.interrupted"))
            ended = QUIT
        self.console.say(RULE, *self.last_events())
        self.shown = len(match.events)
        if match.result is not None:
            self.console.say("", *self.look.result(match.result, self.human))
        else:
            self.console.say(t("term.unfinished", n=len(match.actions)))
        self.offer_save(ask=ended != END_OF_INPUT)
        return 0

    def last_events(self) -> list[str]:
        """The events not yet shown; after a long stretch without the person (who is
        out), only the deals, showdowns and scores of the deals that followed."""
        pending = self.match.events[self.shown:]
        deals = [i for i, e in enumerate(pending) if e.get("type") == "deal"]
        if len(pending) <= _LONG or not deals:
            return self.look.events(pending, self.human)
        later = [e for e in pending[deals[0]:] if e.get("type") not in _MOVES]
        return [*self.look.events(pending[:deals[0]], self.human), t("term.skipped"),
                *self.look.events(later, self.human)]

    def bot_turn(self, seat: int) -> None:
        match = self.match
        try:
            match.play(self.bots[seat].choose(match.view(seat)))
        except StammtischError as error:
            fallback = match.legal_actions()[0].text
            self.console.say(t("term.bot_failed", seat=seat, error=str(error), action=fallback))
            match.play(fallback)

    # -- the person's turn ------------------------------------------------------------

    def human_turn(self) -> str:
        point = (len(self.match.actions), len(self.match.events))
        if not self.turns or self.turns[-1] != point:
            self.turns.append(point)
        self.show()
        while True:
            line = self.console.ask(PROMPT)
            if line is None and self.console.interrupted:
                return QUIT
            if line is None:
                self.console.say(t("term.end_of_input"))
                return END_OF_INPUT
            command = line.strip().lower()
            if command in ("help", "?"):
                self.console.say(*self.help())
            elif command in ("quit", "exit"):
                return QUIT
            elif command == "undo":
                if self.undo():
                    return UNDONE
            elif command == "hint":
                self.console.say(*self.hint())
            elif command in ("show", "look"):
                self.console.say(*self.look.view(self.match.view(self.human)))
            elif self.try_play(line):
                return PLAYED

    def show(self) -> None:
        new = self.match.events[self.shown:]
        self.shown += len(new)
        lines = [RULE]
        if new:
            lines += self.look.events(new, self.human)
            lines.append("")
        lines += self.look.view(self.match.view(self.human))
        self.console.say(*lines)

    def try_play(self, line: str) -> bool:
        match = self.match
        legal = [a.text for a in match.legal_actions()]
        found = resolve(line, legal, lambda text: match.parse(text).text)
        if found.action is not None:
            match.play(found.action)
            return True
        self.console.say(f"{found.problem}.")
        if found.candidates and found.candidates != legal:
            many = len(found.candidates) > 4
            listed = self.look.actions(found.candidates) if many else " · ".join(found.candidates)
            self.console.say(t("term.did_you_mean", list=listed))
        else:
            self.console.say(t("term.legal_now", list=self.look.actions(legal)))
        return False

    def help(self) -> list[str]:
        legal = [a.text for a in self.match.legal_actions()]
        width = max(map(len, legal))
        labels = [action_label(action) for action in legal]
        label_width = max(map(len, labels))
        lines = [t("term.help_head")]
        for action, label in zip(legal, labels, strict=True):
            short = shortest(action, legal)
            note = t("term.help_short", short=short) if short else ""
            lines.append(f"   {action:<{width}}   {label:<{label_width}}   {note}".rstrip())
        return lines + [short_forms_hint(legal), t("term.help_commands")]

    def hint(self) -> list[str]:
        """The expert's value of every legal action for the person's seat, best first."""
        game = self.match.game
        if self.adviser is None:
            if not any(level.name == HINT_LEVEL for level in levels(game)):
                return [t("term.hint_no_level", game=t(f"game.{game}"))]
            self.adviser = make_bot(game, HINT_LEVEL, self.match.seed, self.human)
        analyze = getattr(self.adviser, "analyze", None)
        if analyze is None:
            return [t("term.hint_no_reasons", game=t(f"game.{game}"))]
        ranked: list[tuple[str, float]] = analyze(self.match.view(self.human))
        if not ranked:
            return [t("term.hint_nothing")]
        width = max(len(action) for action, _ in ranked)
        return [t("term.hint_head"),
                *(f"   {action:<{width}}   {fixed(value, 3):>8}" for action, value in ranked)]

    def undo(self) -> bool:
        """Back to the person's previous turn, taking back the bots' actions too."""
        if len(self.turns) < 2:
            self.console.say(t("term.undo_first"))
            return False
        actions, events = self.turns[-2]
        if any(e.get("type") not in _QUIET for e in self.match.events[events:]):
            self.console.say(t("term.undo_shown"))
            return False
        while len(self.match.actions) > actions:
            self.match.undo()
        self.turns.pop()
        self.shown = len(self.match.events)
        self.console.say(t("term.undo_done"))
        return True

    # -- the end --------------------------------------------------------------------

    def offer_save(self, *, ask: bool) -> None:
        if self.save_to and self.write(self.save_to):
            return
        while ask:
            name = self.console.ask(t("term.save_ask") + " ")
            if not name or not name.strip():
                break
            path = name.strip()
            if Path(path).exists():
                answer = self.console.ask(t("term.overwrite", path=path) + " ")
                if (answer or "").strip().lower() not in yes_words():
                    continue
            if self.write(path):
                return
        self.console.say(t("term.not_saved"))

    def write(self, path: str) -> bool:
        try:
            save_record(self.match, path)
        except OSError as error:
            self.console.say(t("term.cannot_write", path=path, error=error.strerror or str(error)))
            return False
        self.console.say(t("term.saved", path=path))
        return True

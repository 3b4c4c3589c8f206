"""The computer players' pace: how long after its turn began a computer move is shown,
so that its timing tells nothing of its cards, and how much of that time a thinking
level may spend (its budget, fitted to the table's pace).

A forced move (one legal action) is decided at once, a choice takes the search its
time (often beyond the table's pace, as on a busy machine), so without
:class:`ThinkTimes` the others could read "forced" off the clock: a forced move is
shown after a time drawn from the same seat's recent choices in the same phase of the
deal (or of any phase, until that phase has some), never before the table's pace.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from stammtisch.bots.base import Bot, Budgeted
from stammtisch.server.table.part import Host

KEPT = 16
"""Recent decision times kept per seat and phase."""
ACTIONS_PER_TURN = {"scat": 2}
"""Actions a turn takes where it is more than one (Scat: the draw, then the discard)."""
LEAST_STEP = 0.1
"""Seconds a computer move is shown after its turn began, at the least."""
THINK_SHARE = 0.85
"""The part of its move's time a computer player may think (the rest: the view, the
thread, the broadcast)."""
BOT_ROUND = 1.0
"""Seconds a person waits, about, for one round of computer moves (Settings.bot_round)."""


class ThinkTimes:
    """The recent decision times of a table's computer players, by seat and phase."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng or random.Random()
        self._times: dict[tuple[int, Any], deque[float]] = {}

    def shown_after(self, seat: int, view: dict[str, Any], took: float, step: float) -> float:
        """Seconds after its turn began that the move decided in ``took`` seconds from
        ``view`` is shown; ``step`` is the table's pace for it."""
        phase = view.get("phase")
        if len(view.get("legal_actions", ())) > 1:
            for key in ((seat, phase), (seat, None)):
                self._times.setdefault(key, deque(maxlen=KEPT)).append(took)
            return step
        times = self._times.get((seat, phase)) or self._times.get((seat, None))
        return max(step, self._rng.choice(times)) if times else step


class Pacing:
    """The pace of one table's computer players (``bots``, by seat)."""

    def __init__(self, host: Host, bots: dict[int, Bot], bot_delay: float,
                 bot_round: float = BOT_ROUND) -> None:
        self.host, self.bots = host, bots
        self.bot_delay = bot_delay
        """Seconds a lone computer move is shown after its turn, beyond its thinking."""
        self.bot_round = bot_round
        """Seconds the moves of all computer players in play take at most, in all."""
        self.thought = ThinkTimes()
        """The recent decision times: a forced move waits like a choice."""
        self._budgets: dict[str, float] = {}
        """Each level's own thinking budget, before the table's share."""

    def someone_plays(self) -> bool:
        """False once every player is out (lives games): the rest is told quickly."""
        eliminated = self.host.match.view(None).get("eliminated")
        if not isinstance(eliminated, list):
            return True
        return any(not eliminated[seat] for seat in self.host.human_seats)

    def pace(self, seat: int) -> float:
        """Seconds from the moment a computer player is to move until its move is shown,
        whatever the decision took, so that a forced move cannot be told from a
        considered one by its timing: the table's pause plus the level's thinking
        budget, but no more than an even share of :attr:`bot_round` among the actions of
        a round of the computer players in play (so a person waits about that long for
        a round of them), and never less than :data:`LEAST_STEP`. Only public facts
        count: the seats, their levels and who is out."""
        if not self.bot_delay:
            return 0.0
        if not self.someone_plays():
            return 0.05  # nobody plays on: the rest is told quickly
        alone = self.bot_delay + self.level_budget(seat)
        return max(LEAST_STEP, min(alone, self.bot_round / self._round_actions()))

    def level_budget(self, seat: int) -> float:
        """The seconds a decision of the level at ``seat`` may take away from a table
        (read from the first of its computer players here, before any was fitted)."""
        level = self.host.seats[seat].level
        if level not in self._budgets:
            bot = self.bots[seat]
            self._budgets[level] = float(bot.budget) if isinstance(bot, Budgeted) else 0.0
        return self._budgets[level]

    def _round_actions(self) -> int:
        """The actions of one round of the computer players still in play."""
        match = self.host.match
        eliminated = match.view(None).get("eliminated")
        out = eliminated if isinstance(eliminated, list) else [False] * len(self.host.seats)
        players = sum(1 for seat in self.bots if not out[seat])
        return max(1, players * ACTIONS_PER_TURN.get(match.game, 1))

    def fit_budget(self, seat: int, step: float) -> None:
        """A thinking computer player gets what of ``step`` the move leaves it."""
        own, bot = self.level_budget(seat), self.bots[seat]
        if own and step and isinstance(bot, Budgeted):
            bot.budget = min(own, THINK_SHARE * step)

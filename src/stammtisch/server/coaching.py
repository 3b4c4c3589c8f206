"""The coach at a guided first deal (server/lessons.py): before each of the player's
decisions the expert's values of every legal action (bots/coach.py), after it the
verdict on the action played, and at the end of the first deal a summary.

The coach's words are data in the player's seat's state only (``state.coach``): they
come from that seat's view, so no watcher ever sees them. The expert thinks off the
event loop, in the hint worker; advice that arrives after the table moved on is
dropped.

The coach answers within :data:`ANSWER_WITHIN` on an idle core: the expert thinks for
the coach's budget, shorter by the worker's start (:data:`COLD_START`) when the worker
has not started yet (the first advice of a fresh server).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from stammtisch.bots.coach import COACH_BUDGET, judge, lesson_advise
from stammtisch.core.match import Match
from stammtisch.server import hints

log = logging.getLogger("stammtisch.server")
ANSWER_WITHIN = 1.0
"""Seconds within which the coach should answer on an idle core."""
COLD_START = 0.8
"""CPU seconds the worker takes to start and import the experts (tools/coachtimes.py)."""


def budget() -> float:
    """Seconds the expert may think for the coach's next advice."""
    if hints.started():
        return COACH_BUDGET
    return max(0.1, min(COACH_BUDGET, ANSWER_WITHIN - COLD_START))


async def advice_for(game: str, view: dict[str, Any], who: str) -> dict[str, Any] | None:
    """The coach's advice for ``view``, worked out in the hint worker in the coach's turn."""
    return await hints.think(functools.partial(lesson_advise, budget=budget()), game, view,
                             who=who, rank=hints.COACH)


@dataclass
class Coach:
    """The coach of one lesson table; ``seat`` is the player's."""

    game: str
    seat: int
    first_deal: Any
    advice: dict[str, Any] | None = None
    advice_seq: int | None = None
    """The table's ``seq`` the advice was given for."""
    verdicts: list[dict[str, Any]] = field(default_factory=list)
    _task: asyncio.Task[None] | None = None

    def teaching(self, match: Match) -> bool:
        """True while the first deal is being played."""
        return match.result is None and match.view(None).get("deal") == self.first_deal

    def state(self, match: Match, seq: int) -> dict[str, Any]:
        """What the player's state carries: the advice for this very position, the last
        verdict, and once the first deal is over, the summary."""
        teaching = self.teaching(match)
        return {
            "teaching": teaching,
            "advice": self.advice if teaching and self.advice_seq == seq else None,
            "verdict": self.verdicts[-1] if self.verdicts else None,
            "summary": None if teaching else self.summary(),
        }

    def summary(self) -> dict[str, Any]:
        weak = [v for v in self.verdicts if v["weak"]]
        return {"decisions": len(self.verdicts),
                "best": sum(1 for v in self.verdicts if v["played"] == v["best"]),
                "weak": len(weak),
                "worst": max(weak, key=lambda v: float(v["loss"])) if weak else None}

    def played(self, seq_before: int, action: str) -> None:
        """The player acted at ``seq_before``: judge it against that position's advice."""
        if self.advice is not None and self.advice_seq == seq_before:
            self.verdicts.append(judge(self.advice, action))

    def wake(self, match: Match, seq: Callable[[], int],
             changed: Callable[[], Awaitable[None]]) -> None:
        """Start thinking when it is the player's turn in the first deal and no advice is
        at hand for this position (``seq()``, the table's now); ``changed`` is awaited
        once the advice is ready."""
        if match.to_act != self.seat or not self.teaching(match) or self.advice_seq == seq():
            return
        if self._task is not None and not self._task.done():
            return
        self._task = asyncio.get_running_loop().create_task(
            self._think(match, seq, changed))

    async def _think(self, match: Match, seq: Callable[[], int],
                     changed: Callable[[], Awaitable[None]]) -> None:
        asked = seq()
        try:
            advice = await advice_for(self.game, match.view(self.seat), f"lesson:{id(self)}")
        except Exception:  # the lesson goes on without this advice
            log.exception("the coach failed on a %s position", self.game)
            return
        self.advice, self.advice_seq = advice, asked
        if seq() == asked:
            await changed()
        else:  # the table moved on while the expert thought (an undo): think again
            self._task = None
            self.wake(match, seq, changed)

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()

"""How long a computer player's forced move is held back, so that its timing tells
nothing: a move with one legal action is decided at once, a choice takes the search its
time (often beyond the table's pace, as on a busy machine), so without this the others
could read "forced" off the clock. A forced move is shown after a time drawn from the
same seat's recent choices in the same phase of the deal (or of any phase, until that
phase has some), never before the table's pace.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

KEPT = 16
"""Recent decision times kept per seat and phase."""


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

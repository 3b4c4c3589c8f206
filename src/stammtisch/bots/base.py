"""The bot interface: a view in, an action text out. Everything a bot writer needs.

A bot is any object with a ``choose(view)`` method; there is nothing to subclass
or register. ``examples/greedy_bot.py`` is one for every game in about forty
lines; seat yours with ``stammtisch arena GAME --players mymodule:MyBot,club`` or
``stammtisch play GAME --bot mymodule:MyBot`` (how the class is found and
constructed: :mod:`stammtisch.bots.custom`).

**The view.** ``choose`` is called only when the bot's seat is to act, with
``Match.view(seat)``: a fresh dict of plain data (str, int, float, bool, None,
lists, dicts) that the bot may keep. It holds what a person in that seat may
know and nothing else: never another seat's hidden cards nor the order of the
stock. The protocol types it as a read-only ``Mapping[str, Any]``, so that
every game's typed view (a TypedDict: ``SchnapsenView`` ...) fits; a bot
written as ``def choose(self, view)`` or ``view: dict`` is seated all the same
(nothing checks the annotation at run time). Every game's view has ``game``,
``seat``, ``phase``, ``deal``, ``dealer``, ``to_act``, ``hand`` (the seat's
cards), ``legal_actions`` and, once the match is over, ``result``; the rest is
the game's, listed key by key in the docstring of its ``view``:
:meth:`stammtisch.games.schnauz.SchnauzState.view`,
:meth:`stammtisch.games.scat.ScatState.view`,
:meth:`stammtisch.games.schnapsen.SchnapsenState.view`,
:meth:`stammtisch.games.schmier.SchmierState.view` (``python -c "import
stammtisch; print(stammtisch.new_match('scat', seed=1, num_players=3).view(0))"``
shows one). The rules are in ``rules/<game>.md``.

**Actions.** ``view["legal_actions"]`` lists every legal action as its canonical
text (docs/rules/NOTATION.md), in the game's canonical order; return one of them as
it is. A text is words: the first says what (``play``, ``swap``, ``discard``,
``bid``, ``knock`` ...), the rest are card codes, a number (``bid 4``) or a suit
(``trump H``): ``action.split()`` reads it. A card code is rank then suit: ranks
``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``; suits ``C``, ``D``, ``H``, ``S``;
the joker is ``JK`` (``"TH"`` is the ten of hearts). :func:`stammtisch.cards.parse_card`
turns a code into the engine's int (``suit * 13 + rank - 2``) for bots that count
with ints. Each game module's header has a table of its actions.

**Time.** The arena and the terminal call ``choose`` and wait: nothing interrupts
a bot, so a slow bot makes a slow arena. ``--budget SECONDS`` is handed to a
class that accepts ``budget`` as the most seconds to spend per decision (``None``:
none given, use your own default); the levels keep to it by stopping their search
on the clock, and a bot with a ``budget`` attribute (:class:`Budgeted`) has it
lowered by a web table to fit the table's pace.

**Determinism.** A class that accepts ``seed`` gets an int drawn from the match
seed, its spec and its seat. Draw all randomness from ``random.Random(seed)``
(never the global ``random`` module or the clock) and an arena run repeats
exactly, with any ``--jobs``. A bot is built afresh for every seat of every
match, so whatever it remembers belongs to one match.

**Errors.** An illegal action, an exception or an answer that is not a text stops
the arena with one line naming the bot, its seat, the match seed and deal, and
the action with the legal ones (``stammtisch play`` says so and plays the first
legal action in its place).

**Analysis.** A bot may also offer ``analyze(view)``: every legal action with its
value, best first (:class:`Analyst`). The levels use it for the terminal's
``hint``, the web table's Hint button and ``stammtisch review`` (the ``expert``);
the arena never calls it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable


class Bot(Protocol):
    """A computer player. It is handed the seat's view only (``Match.view(seat)``)."""

    name: str
    """Short level name shown to people (``random``, ``club`` ...). A class seated by
    its spec may leave it out: the arena and the table call it by the spec."""

    def choose(self, view: Mapping[str, Any]) -> str:
        """One of ``view["legal_actions"]``; ``view`` is read, not changed."""
        ...


@runtime_checkable
class Budgeted(Bot, Protocol):
    """A bot that keeps to a thinking budget (the ``expert`` levels): a web table reads
    it, and lowers it between decisions to fit its pace (server/table/pacing.py). A bot
    without one decides without a clock; it need not say so."""

    budget: float
    """The most seconds a decision may take: the search stops on the clock."""


@runtime_checkable
class Repeatable(Budgeted, Protocol):
    """A budgeted bot whose search can be fixed in size (worlds or play-outs), the clock
    (``budget``) staying only a safety net: the lesson's coach uses it so that a lesson
    gives the same advice on every machine, busy or not."""

    def plan_for(self, seconds: float) -> None:
        """Fix the search to the work ``seconds`` of an idle core hold, for every later
        decision."""
        ...


class Analyst(Bot, Protocol):
    """A bot that can explain itself (the ``expert`` level; hints)."""

    def analyze(self, view: Mapping[str, Any]) -> list[tuple[str, float]]:
        """Every legal action with its estimated value (win probability or expected
        points, as the level documents), best first."""
        ...

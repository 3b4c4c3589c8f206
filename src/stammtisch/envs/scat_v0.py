"""Scat as a PettingZoo AEC environment: ``scat_v0.env(num_players=4, ...)``.

Options: every option of games/scat.py as a keyword (``num_players`` defaults to
3 here), plus ``render_mode``, ``reward`` and ``max_deals`` (envs/base.py).
Agents ``player_0`` .. ``player_{n-1}`` are seats 0 .. n-1. An eliminated seat
is never selected again; every agent terminates when the match ends.

Observation (float32, each entry in [0, 1]; ``n`` seats, the 52 cards indexed in
deck order C2..SA; from the seat's view only):

========================  =========  ==============================================
field                     size       meaning
========================  =========  ==============================================
``seat``                  n          one-hot: the observing seat
``to_act``                n          one-hot: the seat to act (zeros once over)
``dealer``                n          one-hot: this deal's dealer
``phase``                 3          one-hot: throw-down window, draw, discard
``hand``                  52         the seat's own cards (none before it may look)
``discard_pile``          52         every card in the discard pile (it is public)
``discard_top``           52         one-hot: the pile's top card
``taken_from_discard``    52         one-hot: the card just drawn from the pile
``known_cards``           n * 52     per seat: cards it took from the pile, still held
``lives``                 n          lives left / starting ``lives``
``eliminated``            n          1 for a seat out of the match
``hand_sizes``            n          cards held / 4
``knocker``               n          one-hot: the seat that knocked this deal
``completed_turn``        n          1 for a seat that completed a turn this deal
``declined``              n          1 for a seat that declined to throw down
``stock_size``            1          cards left in the stock / 52
========================  =========  ==============================================

Actions: ``Discrete(57)``. ``0`` throw down, ``1`` decline, ``2`` draw stock,
``3`` draw discard, ``4`` knock, ``5 + c``: discard card ``c`` (0..51, deck order).

Rewards: ``reward="match"``: +1 to the last seat standing, -1/(n-1) to each other
(zero-sum); ``reward="deal"``: each settlement's lives lost, less their mean.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from stammtisch.envs.base import CardGameEnv, LivesCodec, wrap
from stammtisch.games.scat import DISCARD, DRAW, OVER, WINDOW
from stammtisch.games.scat_types import ScatView

_DISCARD = 8
"""The engine's id of ``discard`` card 0 (games/scat.py)."""
_SIMPLE = 5
_PHASES = ("throw_down", "draw", "discard")


class ScatCodec(LivesCodec[ScatView]):
    num_actions = _SIMPLE + 52

    def layout(self) -> None:
        n = self.options["num_players"]
        for name, size in (("seat", n), ("to_act", n), ("dealer", n), ("phase", 3),
                           ("hand", 52), ("discard_pile", 52), ("discard_top", 52),
                           ("taken_from_discard", 52), ("known_cards", n * 52),
                           ("lives", n), ("eliminated", n), ("hand_sizes", n),
                           ("knocker", n), ("completed_turn", n), ("declined", n),
                           ("stock_size", 1)):
            self.field(name, size)

    def encode(self, view: ScatView, out: Any) -> None:
        self.put_seats(out, view)
        if view["phase"] in _PHASES:
            self.put(out, "phase", _PHASES.index(view["phase"]))
        self.cards(out, "hand", view.get("hand", ()))
        self.cards(out, "discard_pile", view["discard_pile"])
        if view["discard_top"]:
            self.cards(out, "discard_top", [view["discard_top"]])
        if view["taken_from_discard"]:
            self.cards(out, "taken_from_discard", [view["taken_from_discard"]])
        for holder, codes in view["known_cards"].items():
            self.cards(out, "known_cards", codes, block=int(holder))
        self.scaled(out, "lives", view["lives"], self.options["lives"])
        self.scaled(out, "eliminated", [float(e) for e in view["eliminated"]], 1)
        self.scaled(out, "hand_sizes", view["hand_sizes"], 4)
        if view["knocker"] is not None:
            self.put(out, "knocker", view["knocker"])
        self.scaled(out, "completed_turn", [float(t) for t in view["completed_turn"]], 1)
        for seat in view["declined"]:
            self.put(out, "declined", seat)
        self.scaled(out, "stock_size", [view["stock_size"]], 52)

    def encode_state(self, state: Any, seat: int, out: Any, pending: int = 0) -> None:
        offsets, mark, position = self.offsets, self.mark, self.position
        n = state.num_players
        out[offsets["seat"] + seat] = 1.0
        if state.to_act >= 0:
            out[offsets["to_act"] + state.to_act] = 1.0
        out[offsets["dealer"] + state.dealer] = 1.0
        phase = state.phase
        if phase == WINDOW:
            out[offsets["phase"]] = 1.0
        elif phase == DRAW:
            out[offsets["phase"] + 1] = 1.0
        elif phase == DISCARD:
            out[offsets["phase"] + 2] = 1.0
        hands = state.hands
        if not state.eliminated[seat] and phase != OVER and (
                phase != WINDOW or state.declined >> seat & 1):
            mark(out, offsets["hand"], hands[seat])
        pile = state.pile
        if pile:
            base = offsets["discard_pile"]
            for card in pile:
                out[base + position[card]] = 1.0
            out[offsets["discard_top"] + position[pile[-1]]] = 1.0
        if state.taken:
            mark(out, offsets["taken_from_discard"], state.taken)
        base = offsets["known_cards"]
        for holder, known in enumerate(state.known):
            if known:
                mark(out, base + 52 * holder, known)
        self.put_lives(state, out)
        base = offsets["hand_sizes"]
        for holder in range(n):  # at most four cards: in [0, 1]
            if hands[holder]:
                out[base + holder] = hands[holder].bit_count() / 4
        if state.knocker >= 0:
            out[offsets["knocker"] + state.knocker] = 1.0
        turned, declined = state.turned, state.declined
        completed, refused = offsets["completed_turn"], offsets["declined"]
        for holder in range(n):
            if turned >> holder & 1:
                out[completed + holder] = 1.0
            if declined >> holder & 1:
                out[refused + holder] = 1.0
        out[offsets["stock_size"]] = len(state.stock) / 52

    def action_table(self) -> Any:
        return np.array([index if index < _SIMPLE else index - _SIMPLE + _DISCARD
                         for index in range(self.num_actions)])

    def index_of_state(self, state: Any, action: int) -> int:
        del state
        return action if action < _SIMPLE else action - _DISCARD + _SIMPLE

    def index_of(self, view: ScatView, action: int) -> int:
        del view
        return action if action < _SIMPLE else action - _DISCARD + _SIMPLE

    def action_of(self, view: ScatView, index: int) -> int:
        del view
        if not 0 <= index < self.num_actions:
            raise ValueError(f"no action at index {index}")
        return index if index < _SIMPLE else index - _SIMPLE + _DISCARD


class raw_env(CardGameEnv):
    """Scat without the wrappers (PettingZoo's name for it)."""

    metadata = {**CardGameEnv.metadata, "name": "scat_v0"}
    game = "scat"
    codec_class = ScatCodec
    option_defaults = {"num_players": 3}


def env(**kwargs: Any) -> Any:
    """The wrapped environment, as PettingZoo's classic games make theirs."""
    return wrap(raw_env(**kwargs))


__all__ = ["ScatCodec", "env", "raw_env"]

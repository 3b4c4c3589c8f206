"""Schnauz as a PettingZoo AEC environment: ``schnauz_v0.env(num_players=3, ...)``.

Options: every option of games/schnauz.py as a keyword (``num_players`` defaults
to 3 here), plus ``render_mode``, ``reward`` and ``max_deals`` (envs/base.py).
Agents ``player_0`` .. ``player_{n-1}`` are seats 0 .. n-1. An eliminated seat
is never selected again; every agent terminates when the match ends.

Observation (float32, each entry in [0, 1]; ``n`` seats, ``D`` cards in the deck
of ``deck_variant``, cards indexed in deck order; from the seat's view only):

=================  =========  ================================================
field              size       meaning
=================  =========  ================================================
``seat``           n          one-hot: the observing seat
``to_act``         n          one-hot: the seat to act (zeros once over)
``dealer``         n          one-hot: this deal's dealer
``phase``          2          one-hot: dealer's choice, play
``hand``           D          the seat's own three cards
``table``          D          the three open table cards
``out_of_play``    D          tables replaced after an all-pass (face up)
``known_hands``    n * D      per seat: its cards taken from the table, known to all
``lives``          n          lives left / starting ``lives``
``eliminated``     n          1 for a seat out of the match
``knocker``        n          one-hot: the seat that knocked this deal
``final_turns``    1          1 once someone knocked
``passes``         1          passes in a row / n
``stock_size``     1          cards left in the stock / D
=================  =========  ================================================

Actions: ``Discrete(14)``. ``0`` keep, ``1`` swap (the dealer's choice), ``2``
pass, ``3`` knock, ``4`` swap all, ``5 + 3 * i + j``: swap the ``i``-th card of
the hand with the ``j``-th table card (both in deck order).

Rewards: ``reward="match"``: +1 to the last seat standing, -1/(n-1) to each other
(zero-sum); ``reward="deal"``: each showdown's lives lost, less their mean.
"""

from __future__ import annotations

from typing import Any

from stammtisch.cards import parse_card
from stammtisch.envs.base import CardGameEnv, LivesCodec, wrap
from stammtisch.games.schnauz import (
    DEALER_CHOICE,
    KEEP,
    KNOCK,
    OVER,
    PASS,
    PLAY,
    SWAP_ALL,
    SWAP_HAND,
    swap_one,
)
from stammtisch.games.schnauz_types import SchnauzView

_SIMPLE = (KEEP, SWAP_HAND, PASS, KNOCK, SWAP_ALL)
_SWAPS = 5
_SWAP_ONE = swap_one(0, 0)


class SchnauzCodec(LivesCodec[SchnauzView]):
    num_actions = _SWAPS + 9

    def layout(self) -> None:
        n, d = self.options["num_players"], len(self.deck)
        for name, size in (("seat", n), ("to_act", n), ("dealer", n), ("phase", 2),
                           ("hand", d), ("table", d), ("out_of_play", d),
                           ("known_hands", n * d), ("lives", n), ("eliminated", n),
                           ("knocker", n), ("final_turns", 1), ("passes", 1),
                           ("stock_size", 1)):
            self.field(name, size)

    def encode(self, view: SchnauzView, out: Any) -> None:
        self.put_seats(out, view)
        if view["phase"] in ("dealer_choice", "play"):
            self.put(out, "phase", ("dealer_choice", "play").index(view["phase"]))
        self.cards(out, "hand", view.get("hand", ()))
        self.cards(out, "table", view["table"])
        self.cards(out, "out_of_play", view["out_of_play"])
        for seat, codes in view["known_hands"].items():
            self.cards(out, "known_hands", codes, block=int(seat))
        self.scaled(out, "lives", view["lives"], self.options["lives"])
        self.scaled(out, "eliminated", [float(e) for e in view["eliminated"]], 1)
        if view["knocker"] is not None:
            self.put(out, "knocker", view["knocker"])
        self.put(out, "final_turns", 0, float(view["final_turns"]))
        self.scaled(out, "passes", [view["passes"]], view["num_players"])
        self.scaled(out, "stock_size", [view["stock_size"]], len(self.deck))

    def encode_state(self, state: Any, seat: int, out: Any, pending: int = 0) -> None:
        offsets, mark, n = self.offsets, self.mark, state.num_players
        out[offsets["seat"] + seat] = 1.0
        if state.to_act >= 0:
            out[offsets["to_act"] + state.to_act] = 1.0
        out[offsets["dealer"] + state.dealer] = 1.0
        phase = state.phase
        if phase == DEALER_CHOICE:
            out[offsets["phase"]] = 1.0
        elif phase == PLAY:
            out[offsets["phase"] + 1] = 1.0
        hands, public = state.hands, state.public
        if not state.eliminated[seat] and phase != OVER:
            mark(out, offsets["hand"], hands[seat])
        mark(out, offsets["table"], state.table)
        mark(out, offsets["out_of_play"], state.out_of_play)
        base, d = offsets["known_hands"], len(self.deck)
        for other in state.active:
            if other != seat and hands[other] & public:
                mark(out, base + other * d, hands[other] & public)
        self.put_lives(state, out)
        if state.knocker >= 0:
            out[offsets["knocker"] + state.knocker] = 1.0
            out[offsets["final_turns"]] = 1.0
        passes = state.passes / n
        out[offsets["passes"]] = passes if passes < 1.0 else 1.0
        out[offsets["stock_size"]] = len(state.stock) / d

    def index_of_state(self, state: Any, action: int) -> int:
        if action < 8:
            return _SIMPLE.index(action)
        hand_card, table_card = divmod(action - _SWAP_ONE, 53)
        below_hand, below_table = (1 << hand_card) - 1, (1 << table_card) - 1
        hand: int = state.hands[state.to_act]
        table: int = state.table
        return _SWAPS + 3 * (hand & below_hand).bit_count() + (table & below_table).bit_count()

    def index_of(self, view: SchnauzView, action: int) -> int:
        if action < 8:
            return _SIMPLE.index(action)
        hand_card, table_card = divmod(action - 8, 53)
        hand = [parse_card(c) for c in view["hand"]]
        table = [parse_card(c) for c in view["table"]]
        return _SWAPS + 3 * hand.index(hand_card) + table.index(table_card)

    def action_of(self, view: SchnauzView, index: int) -> int:
        if 0 <= index < _SWAPS:
            return _SIMPLE[index]
        i, j = divmod(index - _SWAPS, 3)
        if not 0 <= i < len(view.get("hand", ())) or not 0 <= j < len(view["table"]):
            raise ValueError(f"no swap at index {index}")
        return swap_one(parse_card(view["hand"][i]), parse_card(view["table"][j]))


class raw_env(CardGameEnv):
    """Schnauz without the wrappers (PettingZoo's name for it)."""

    metadata = {**CardGameEnv.metadata, "name": "schnauz_v0"}
    game = "schnauz"
    codec_class = SchnauzCodec
    option_defaults = {"num_players": 3}


def env(**kwargs: Any) -> Any:
    """The wrapped environment, as PettingZoo's classic games make theirs."""
    return wrap(raw_env(**kwargs))


__all__ = ["SchnauzCodec", "env", "raw_env"]

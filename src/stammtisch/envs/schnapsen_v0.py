"""Schnapsen as a PettingZoo AEC environment: ``schnapsen_v0.env(match_target=7, ...)``.

Options: every option of games/schnapsen.py as a keyword, plus ``render_mode``,
``reward`` and ``max_deals`` (envs/base.py). Agents ``player_0`` and
``player_1`` are seats 0 and 1.

Observation (float32, each entry in [0, 1]; ``D`` = ``deck_size`` (20 or 24)
cards indexed in deck order, suits C D H S, in each J Q K A T (and 9 first);
from the seat's view only):

======================  ======  ====================================================
field                   size    meaning
======================  ======  ====================================================
``seat``                2       one-hot: the observing seat
``to_act``              2       one-hot: the seat to act (zeros once over)
``dealer``              2       one-hot: this deal's dealer
``phase``               3       one-hot: open, closed, exhausted
``hand``                D       the seat's own cards
``trick``               D       one-hot: the card led to the running trick
``trick_leader``        2       one-hot: who led it
``won_mine``            D       cards of the tricks the seat won this deal
``won_theirs``          D       cards of the tricks the opponent won this deal
``opponent_known``      D       opponent's cards shown (marriage, exchange), unplayed
``trump_suit``          4       one-hot: the trump suit
``trump_card``          D       one-hot: the trump card, while it lies face up
``talon_size``          1       cards in the talon / D
``closer``              2       one-hot: who closed the talon
``declared``            D       one-hot: the card of a marriage just declared
``marriages``           2 * 4   per seat and suit: a marriage declared this deal
``points``              1       the seat's credited points / 66 (at most 1)
``pending``             1       the seat's marriage points not yet credited / 66
``tricks``              2       tricks won this deal per seat / (D / 2)
``game_points``         2       game points per seat / ``match_target`` (at most 1)
======================  ======  ====================================================

Actions: ``Discrete(D + 11)``. ``i`` < D: play the ``i``-th card of the deck;
``D + k`` (k < 8): marriage, playing the ``k``-th of the queens and kings in
deck order (QC KC QD KD QH KH QS KS); ``D + 8`` exchange, ``D + 9`` close,
``D + 10`` claim.

Rewards: ``reward="match"``: +1 to the Bummerl's winner, -1 to the loser;
``reward="deal"``: each deal's game points to its winner less their mean (half
to the winner, minus half to the loser).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from operator import attrgetter
from typing import Any

import numpy as np

from stammtisch.cards import KING, QUEEN, SUIT_CODES, make_card
from stammtisch.envs.base import CardGameEnv, Codec, wrap, zero_sum_win
from stammtisch.games.schnapsen import CLAIM, CLOSE, EXCHANGE, MARRIAGE, POINTS, TARGET
from stammtisch.games.schnapsen_types import SchnapsenView

MARRIAGE_CARDS = tuple(make_card(suit, rank) for suit in range(4) for rank in (QUEEN, KING))
_SPECIAL = (EXCHANGE, CLOSE, CLAIM)
_PHASES = ("open", "closed", "exhausted")
COLUMNS = ("to_act", "deal_number", "dealer", "closer", "talon", "lead_card", "trump_suit",
           "trump_card", "declared", "points", "pending", "hand", "won_0", "won_1",
           "game_points_0", "game_points_1", "shown", "married")
"""The columns of :meth:`SchnapsenCodec.read_table` (native/schnapsen_batch.pyx's
``FIELDS``): the seat to act's ``points``, ``pending`` and ``hand``; ``shown``: the
cards the other seat showed (its marriages' queens and kings, the trump cards it took
by exchange); ``married``: bit 4 * holder + suit of each marriage."""
TO_ACT, DECLARED, POINTS_COLUMN, HAND = (COLUMNS.index(name) for name in (
    "to_act", "declared", "points", "hand"))
WON_0, WON_1, GAME_POINTS_0, GAME_POINTS_1 = (COLUMNS.index(name) for name in (
    "won_0", "won_1", "game_points_0", "game_points_1"))
_FOUND = np.array([COLUMNS.index(name) for name in (
    "declared", "points", "pending", "shown", "married")])
"""The columns read state by state, of the rows with a marriage or an exchange."""
_INTS = attrgetter("to_act", "deal_number", "dealer", "closer", "t", "lead_card", "trump_suit",
                   "trump_card")
_PAIRS = attrgetter("hands", "won", "game_points")
_SHOWN = attrgetter("marriages", "exchanges")
"""What :meth:`SchnapsenCodec.read_table` reads of each state."""
_EIGHT = np.arange(8)


_PAIR = tuple(1 << make_card(suit, QUEEN) | 1 << make_card(suit, KING) for suit in range(4))
"""The queen and king of each suit, as a card set."""


class SchnapsenCodec(Codec[SchnapsenView]):
    def layout(self) -> None:
        d = len(self.deck)
        self.num_actions = d + len(MARRIAGE_CARDS) + len(_SPECIAL)
        self._deck_array = np.array(self.deck, dtype=np.int64)
        self._position_array = np.array(self.position, dtype=np.int64)
        self._indices = {action: self.index_of_action(action) for action in (
            *self.deck, *(MARRIAGE + card for card in MARRIAGE_CARDS), *_SPECIAL)}
        for name, size in (("seat", 2), ("to_act", 2), ("dealer", 2), ("phase", 3),
                           ("hand", d), ("trick", d), ("trick_leader", 2), ("won_mine", d),
                           ("won_theirs", d), ("opponent_known", d), ("trump_suit", 4),
                           ("trump_card", d), ("talon_size", 1), ("closer", 2),
                           ("declared", d), ("marriages", 8), ("points", 1), ("pending", 1),
                           ("tricks", 2), ("game_points", 2)):
            self.field(name, size)
        self._card_points = np.array([POINTS[card] for card in self.deck], dtype=np.int64)
        self._always = np.array([self.offsets[name] for name in (
            "seat", "to_act", "dealer", "phase", "trump_suit")], dtype=np.int64)

    def encode(self, view: SchnapsenView, out: Any) -> None:
        me = view["seat"]
        self.put_seats(out, view)
        if view["phase"] in _PHASES:
            self.put(out, "phase", _PHASES.index(view["phase"]))
        self.cards(out, "hand", view["hand"])
        played: set[str] = set()
        if view["trick"]:
            self.cards(out, "trick", view["trick"]["cards"])
            self.put(out, "trick_leader", view["trick"]["leader"])
            played.update(view["trick"]["cards"])
        for trick in view["history"]:
            self.cards(out, "won_mine" if trick["winner"] == me else "won_theirs",
                       trick["cards"])
            played.update(trick["cards"])
        shown = [code for m in view["marriages"] if m["seat"] != me for code in m["cards"]]
        shown += [e["took"] for e in view["exchanges"] if e["seat"] != me]
        self.cards(out, "opponent_known", [c for c in shown if c not in played])
        self.put(out, "trump_suit", SUIT_CODES.index(view["trump_suit"]))
        if view["trump_card"]:
            self.cards(out, "trump_card", [view["trump_card"]])
        self.scaled(out, "talon_size", [view["talon_size"]], len(self.deck))
        if view["closer"] is not None:
            self.put(out, "closer", view["closer"])
        if view["declared"]:
            self.cards(out, "declared", [view["declared"]])
        for m in view["marriages"]:
            self.put(out, "marriages", 4 * m["seat"] + SUIT_CODES.index(m["suit"]))
        self.scaled(out, "points", [view["points"]], TARGET)
        self.scaled(out, "pending", [view["pending"]], TARGET)
        self.scaled(out, "tricks", view["tricks"], len(self.deck) / 2)
        self.scaled(out, "game_points", view["game_points"], view["match_target"])

    def encode_state(self, state: Any, seat: int, out: Any, pending: int = 0) -> None:
        offsets, mark, position = self.offsets, self.mark, self.position
        d = len(self.deck)
        out[offsets["seat"] + seat] = 1.0
        over = state.over
        if state.to_act >= 0:
            out[offsets["to_act"] + state.to_act] = 1.0
        out[offsets["dealer"] + state.dealer] = 1.0
        closer, talon = state.closer, state.t
        if not over:
            out[offsets["phase"] + (1 if closer >= 0 else 2 if talon == 0 else 0)] = 1.0
        mark(out, offsets["hand"], state.hands[seat])
        played = 0
        lead = state.lead_card
        if lead >= 0:
            out[offsets["trick"] + position[lead]] = 1.0
            out[offsets["trick_leader"] + state.leader] = 1.0
            played = 1 << lead
        mine, theirs = offsets["won_mine"], offsets["won_theirs"]
        for _leader, first, second, winner in state.history:
            base = mine if winner == seat else theirs
            out[base + position[first]] = 1.0
            out[base + position[second]] = 1.0
            played |= 1 << first | 1 << second
        shown = 0
        for holder, suit in state.marriages:
            if holder != seat:
                shown |= _PAIR[suit]
        for holder, took, _gave, _trick in state.exchanges:
            if holder != seat:
                shown |= 1 << took
        mark(out, offsets["opponent_known"], shown & ~played)
        out[offsets["trump_suit"] + state.trump_suit] = 1.0
        if talon > 0 and closer < 0 and not over:
            out[offsets["trump_card"] + position[state.trump_card]] = 1.0
        out[offsets["talon_size"]] = talon / d
        if closer >= 0:
            out[offsets["closer"] + closer] = 1.0
        if state.declared >= 0:
            out[offsets["declared"] + position[state.declared]] = 1.0
        base = offsets["marriages"]
        for holder, suit in state.marriages:
            out[base + 4 * holder + suit] = 1.0
        # Scaled values clipped to [0, 1] as Codec.scaled clips them; the tricks and the
        # talon cannot pass 1.
        points, pending = state.points[seat] / TARGET, state.pending[seat] / TARGET
        out[offsets["points"]] = points if points < 1.0 else 1.0
        out[offsets["pending"]] = pending if pending < 1.0 else 1.0
        base, half = offsets["tricks"], d / 2
        tricks = state.tricks
        out[base] = tricks[0] / half
        out[base + 1] = tricks[1] / half
        base, target = offsets["game_points"], state.rules.match_target
        for holder, score in enumerate(state.game_points):
            scaled = score / target
            out[base + holder] = scaled if scaled < 1.0 else 1.0

    def encode_batch(self, states: Sequence[Any], pending: Sequence[int], out: Any,
                     watch: Any = None) -> None:
        """:meth:`encode_state` of many states for their seats to act, in numpy
        (:meth:`read_table`, then :meth:`encode_table`)."""
        del pending
        self.encode_table(self.read_table(states, watch), out)

    def read_table(self, states: Sequence[Any], watch: Any = None) -> Any:
        """What :meth:`encode_table` needs of each state, a row per state in the columns
        of ``COLUMNS``, read through the states' attributes: each attribute for all
        states at once (``map`` over them, no Python loop but for the few with marriages
        or exchanges). ``watch`` (a bool per state, updated): the states whose deal may
        hold one; the others are not looked at for them. The compiled matches' reader
        (native/schnapsen_batch.pyx) fills the same table in C."""
        count = len(states)
        table = np.zeros((count, len(COLUMNS)), np.int64)
        ints = np.fromiter(chain.from_iterable(map(_INTS, states)), np.int64, 8 * count)
        table[:, :8] = ints.reshape(count, 8)
        seat = table[:, TO_ACT]
        seats = seat.tolist()
        # Each pair per seat as [seat, row]: hands[0] holds every row's hand of seat 0.
        hands, won, game_points = np.fromiter(
            chain.from_iterable(chain.from_iterable(map(_PAIRS, states))), np.int64,
            6 * count).reshape(count, 3, 2).transpose(1, 2, 0)
        rows = np.arange(count)
        mine = np.where(seat == 0, 0, 1)
        table[:, HAND] = hands[mine, rows]
        table[:, WON_0], table[:, WON_1] = won
        table[:, GAME_POINTS_0], table[:, GAME_POINTS_1] = game_points
        # Marriages and exchanges are rare: the rows whose deal has any are read one by
        # one, with what only a marriage changes (a declared card, marriage points).
        watched = range(count) if watch is None else np.flatnonzero(watch).tolist()
        found, found_values = [], []
        for row in watched:
            state = states[row]
            marriages, exchanges = _SHOWN(state)
            if not (marriages or exchanges):
                continue
            me = seats[row]
            cards = bits = 0
            for holder, suit in marriages:
                bits |= 1 << 4 * holder + suit
                if holder != me:
                    cards |= _PAIR[suit]
            for holder, took, _gave, _trick in exchanges:
                if holder != me:
                    cards |= 1 << took
            found.append(row)
            found_values.append((state.declared, state.points[me], state.pending[me],
                                 cards, bits))
        if watch is not None:
            watch[:] = False
            watch[found] = True
        # Without a marriage a seat's points are its tricks' card points, none pending.
        table[:, DECLARED] = -1
        won_mine = won[mine, rows]
        table[:, POINTS_COLUMN] = ((won_mine[:, None] >> self._deck_array) & 1) @ self._card_points
        if found:
            table[np.array(found)[:, None], _FOUND] = np.array(found_values, dtype=np.int64)
        return table

    def encode_table(self, table: Any, out: Any) -> None:
        """:meth:`encode_state` of each row of ``table`` (:meth:`read_table`'s) for its
        seat to act, into the rows of ``out`` (zeros): each field written for all rows."""
        count = len(table)
        (seat, _deal, dealer, closer, talon, lead, trump_suit, trump_card, declared, points,
         pending_points, hand, won_0, won_1, game_0, game_1, shown, married) = table.T
        leader = 1 - seat  # a card led waits for the other seat
        rows = np.arange(count)
        first = seat == 0
        won_mine, won_theirs = np.where(first, won_0, won_1), np.where(first, won_1, won_0)
        leads = lead >= 0
        played = won_mine | won_theirs | np.where(leads, np.left_shift(1, np.maximum(lead, 0)), 0)
        d = len(self.deck)
        sets = np.stack((hand, won_mine, won_theirs, shown & ~played), axis=1)
        spread = (sets[:, :, None] >> self._deck_array) & 1
        start = self.offsets["hand"]
        out[:, start:start + d] = spread[:, 0]
        start = self.offsets["won_mine"]  # won_mine, won_theirs, opponent_known in a row
        out[:, start:start + 3 * d] = spread[:, 1:].reshape(count, 3 * d)
        offsets, position, size = self.offsets, self._position_array, self.size
        face_up = np.where((talon > 0) & (closer < 0), trump_card, -1)
        phase = np.where(closer >= 0, 1, np.where(talon == 0, 2, 0))
        # The one-hot entries as flat indices into ``out``: those every row has, then
        # those of fields that may be empty (-1: none).
        always = np.stack((seat, seat, dealer, phase, trump_suit), axis=1)
        out.put((rows * size)[:, None] + self._always + always, 1.0)
        base = rows * size
        some = np.concatenate([
            np.where(leads, base + offsets["trick"] + position[lead], -1),
            np.where(leads, base + offsets["trick_leader"] + leader, -1),
            np.where(face_up >= 0, base + offsets["trump_card"] + position[face_up], -1),
            np.where(declared >= 0, base + offsets["declared"] + position[declared], -1),
            np.where(closer >= 0, base + offsets["closer"] + closer, -1)])
        out.put(some[some >= 0], 1.0)
        marriages = offsets["marriages"]
        out[:, marriages:marriages + 8] = (married[:, None] >> _EIGHT) & 1
        target = self.options["match_target"]
        # Scaled as Codec.scaled scales (value / scale, clipped to 1), in float64 first.
        out[:, offsets["talon_size"]] = talon / d
        out[:, offsets["points"]] = np.minimum(points / TARGET, 1.0)
        out[:, offsets["pending"]] = np.minimum(pending_points / TARGET, 1.0)
        tricks = offsets["tricks"]
        out[:, tricks:tricks + 2] = (np.bitwise_count(np.stack((won_0, won_1), axis=1))
                                     // 2) / (d / 2)
        score = offsets["game_points"]
        out[:, score:score + 2] = np.minimum(np.stack((game_0, game_1), axis=1) / target, 1.0)

    def index_of_state(self, state: Any, action: int) -> int:
        del state
        return self._indices[action]

    def action_table(self) -> Any:
        return np.array([self.action_of_index(i) for i in range(self.num_actions)])

    def moves(self, state: Any, pending: int = 0) -> dict[int, int]:
        indices = self._indices
        return {indices[action]: action for action in state.legal()}

    def index_of(self, view: SchnapsenView, action: int) -> int:
        del view
        return self.index_of_action(action)

    def index_of_action(self, action: int) -> int:
        d = len(self.deck)
        if action >= MARRIAGE:
            return d + MARRIAGE_CARDS.index(action - MARRIAGE)
        if action in _SPECIAL:
            return d + len(MARRIAGE_CARDS) + _SPECIAL.index(action)
        return self.card_index[action]

    def action_of(self, view: SchnapsenView, index: int) -> int:
        del view
        return self.action_of_index(index)

    def action_of_index(self, index: int) -> int:
        d = len(self.deck)
        if not 0 <= index < self.num_actions:
            raise ValueError(f"no action at index {index}")
        if index < d:
            return self.deck[index]
        if index < d + len(MARRIAGE_CARDS):
            return MARRIAGE + MARRIAGE_CARDS[index - d]
        return _SPECIAL[index - d - len(MARRIAGE_CARDS)]

    def standing(self, view: SchnapsenView) -> list[float]:
        return [float(points) for points in view["game_points"]]

    def standing_of(self, state: Any) -> list[float]:
        return [float(points) for points in state.game_points]

    def final(self, result: dict[str, Any], num_players: int) -> list[float]:
        return zero_sum_win([result["winner"]], num_players)


class raw_env(CardGameEnv):
    """Schnapsen without the wrappers (PettingZoo's name for it)."""

    metadata = {**CardGameEnv.metadata, "name": "schnapsen_v0"}
    game = "schnapsen"
    codec_class = SchnapsenCodec


def env(**kwargs: Any) -> Any:
    """The wrapped environment, as PettingZoo's classic games make theirs."""
    return wrap(raw_env(**kwargs))


__all__ = ["MARRIAGE_CARDS", "SchnapsenCodec", "env", "raw_env"]

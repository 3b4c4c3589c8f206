"""Schmier as a PettingZoo AEC environment: ``schmier_v0.env(partnerships="2x3", ...)``.

Options: every option of games/schmier.py as a keyword, plus ``render_mode``,
``reward`` and ``max_deals`` (envs/base.py). ``max_deals`` defaults to 50 here
(:data:`DEFAULT_MAX_DEALS`; ``None``: no cap): random bidders are set back about as
often as they score, so an uncapped random match can run past 100,000 actions, while
a match of players who bid on their cards is decided in about ten deals. Agents
``player_0`` .. ``player_5`` are seats 0 .. 5; teams are seats mod 3 (``3x2``)
or mod 2 (``2x3``).

Observation (float32; every entry in [0, 1] but ``scores``, in [-1, 1]; the 53
cards indexed in deck order C2..SA, joker last; from the seat's view only):

===================  =======  =======================================================
field                size     meaning
===================  =======  =======================================================
``seat``             6        one-hot: the observing seat
``to_act``           6        one-hot: the seat to act (zeros once over)
``dealer``           6        one-hot: this deal's dealer
``team``             3        one-hot: the seat's team
``phase``            5        one-hot: auction, trump, exchange, rob, play
``hand``             53       the seat's own cards
``bids``             6        per seat: its bid this auction / 6 (0: none or pass)
``passed``           6        per seat: 1 if it passed this auction
``high_bid``         1        the highest bid so far / 6
``bidder``           6        one-hot: the contract's bidder (after the auction)
``trump``            4        one-hot: the trump suit, once named
``exchanged``        6        per seat: cards it discarded (exchange or rob) / 17
``discarded``        53       the seat's own discards this deal
``stock_size``       1        cards left in the stock / 17
``trick``            6 * 53   per seat: the card it played to the running trick
``trick_leader``     6        one-hot: the running trick's leader
``played``           53       every card of this deal's finished tricks
``tricks_won``       3        tricks won this deal per team / 6 (2x3: the third is 0)
``scores``           3        score per team / ``target_score``, clipped to [-1, 1]
``rob_kept``         53       the dealer's rob so far: the cards picked to keep (the
                              acting dealer's own picks; zeros for every other seat)
===================  =======  =======================================================

Actions: ``Discrete(106)``. ``0`` pass; ``n`` (1..6) bid n; ``7 + s`` trump suit s
(C D H S); ``11 + c`` play card ``c`` (0..52, deck order); ``64 + k`` exchange:
discard the ``k``-th subset of the six hand positions (the hand in deck order) of at
most three cards, by size and then in ``itertools.combinations`` order (42 subsets).
The rob is chosen card by card: in the ``rob`` phase ``11 + c`` keeps card ``c``.
The dealer (who may hold up to 23 cards) picks the six cards to keep, one a step,
each step his again; a pick is legal while some legal rob keeps all cards picked so
far, and the sixth pick plays that rob (discarding the rest). A pick changes nothing
but ``rob_kept``; it has no reward.

The OpenSpiel adapter (envs/openspiel.py) uses the same codec,
:class:`SchmierPickCodec`. Its base :class:`SchmierCodec` names a whole rob by one
index instead, for whoever needs that: ``Discrete(106 + C(23, 6)) =
Discrete(101053)``, ``106 + r`` keeps the six hand positions (of at most 23) whose
combinadic rank is ``r`` (``sum(comb(p_i, i + 1))`` over the kept positions
``p_0 < .. < p_5``).

Rewards: ``reward="match"``: +1 to each seat of a winning team, the other seats
share the winners' total as a loss (zero-sum); ``reward="deal"``: each scored
deal's points to a seat's team, less the mean over the seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any

from stammtisch.cards import CARD_TUPLES, SUIT_CODES, card_tuple, parse_card
from stammtisch.envs.base import PICK, CardGameEnv, Codec, wrap, zero_sum_win
from stammtisch.games.schmier import (
    AUCTION,
    DISCARD,
    EXCHANGE,
    HAND_SIZE,
    NUM_PLAYERS,
    PASS,
    PLAY,
    ROB,
    TRUMP,
)
from stammtisch.games.schmier_types import SchmierView

_TRUMP, _BID, _PLAY = 4, 16, 32
"""The engine's ids of ``trump`` C, ``bid 0`` and ``play`` card 0 (games/schmier.py)."""
_CARDS = DISCARD - 1
BIDS, TRUMPS, PLAYS, EXCHANGES, ROBS = 1, 7, 11, 64, 106
MAX_ROB_HAND = 23
"""Six dealt cards and at most the whole stock of 17."""
EXCHANGE_SUBSETS: tuple[tuple[int, ...], ...] = tuple(
    combo for size in range(4) for combo in combinations(range(HAND_SIZE), size))
_EXCHANGE_INDEX = {combo: k for k, combo in enumerate(EXCHANGE_SUBSETS)}
NUM_ROBS = comb(MAX_ROB_HAND, HAND_SIZE)
_PHASES = ("auction", "trump", "exchange", "rob", "play")
_PHASE_INDEX = {AUCTION: 0, TRUMP: 1, EXCHANGE: 2, ROB: 3, PLAY: 4}
DEFAULT_MAX_DEALS = 50
"""The envs' default ``max_deals`` for Schmier: random bidders are set back as often as
they score, so a random match can run for thousands of deals."""


@lru_cache(maxsize=256)
def hand_cards(codes: tuple[str, ...]) -> tuple[int, ...]:
    """The cards of a view's hand, in its (deck) order: the positions actions name."""
    return tuple(parse_card(code) for code in codes)


def rob_rank(kept: tuple[int, ...]) -> int:
    """The combinadic rank of ascending positions (independent of the hand's size)."""
    return sum(comb(p, i + 1) for i, p in enumerate(kept))


def rob_positions(rank: int) -> tuple[int, ...]:
    """The ascending positions of ``rank`` (inverse of :func:`rob_rank`)."""
    kept = []
    for i in range(HAND_SIZE, 0, -1):
        p = i - 1
        while comb(p + 1, i) <= rank:
            p += 1
        rank -= comb(p, i)
        kept.append(p)
    return tuple(reversed(kept))


class SchmierCodec(Codec[SchmierView]):
    low = -1.0
    num_actions = ROBS + NUM_ROBS

    def layout(self) -> None:
        for name, size in (("seat", 6), ("to_act", 6), ("dealer", 6), ("team", 3),
                           ("phase", 5), ("hand", 53), ("bids", 6), ("passed", 6),
                           ("high_bid", 1), ("bidder", 6), ("trump", 4), ("exchanged", 6),
                           ("discarded", 53), ("stock_size", 1), ("trick", 6 * 53),
                           ("trick_leader", 6), ("played", 53), ("tricks_won", 3),
                           ("scores", 3)):
            self.field(name, size)

    def encode(self, view: SchmierView, out: Any) -> None:
        self.put_seats(out, view)
        if view["team"] is not None:
            self.put(out, "team", view["team"])
        if view["phase"] in _PHASES:
            self.put(out, "phase", _PHASES.index(view["phase"]))
        self.cards(out, "hand", view["hand"])
        for entry in view["auction"]:
            if entry["action"] == "pass":
                self.put(out, "passed", entry["seat"])
            else:
                self.put(out, "bids", entry["seat"], int(entry["action"].split()[1]) / 6)
        self.scaled(out, "high_bid", [view["high_bid"] or 0], 6)
        if view["contract"]:
            self.put(out, "bidder", view["contract"]["bidder"])
        if view["trump"]:
            self.put(out, "trump", SUIT_CODES.index(view["trump"]))
        self.scaled(out, "exchanged", [k or 0 for k in view["exchanged"]], 17)
        self.cards(out, "discarded", view["discarded"] or ())
        self.scaled(out, "stock_size", [view["stock_size"]], 17)
        leader = view["trick"]["leader"]
        if leader is not None:
            self.put(out, "trick_leader", leader)
            for k, code in enumerate(view["trick"]["cards"]):
                self.cards(out, "trick", [code], block=(leader + k) % NUM_PLAYERS)
        for trick in view["tricks"]:
            self.cards(out, "played", trick["cards"])
        self.scaled(out, "tricks_won", view["tricks_won"], 6)
        self.scaled(out, "scores", view["scores"], view["target_score"])

    def encode_state(self, state: Any, seat: int, out: Any, pending: int = 0) -> None:
        offsets, mark = self.offsets, self.mark
        out[offsets["seat"] + seat] = 1.0
        if state.to_act >= 0:
            out[offsets["to_act"] + state.to_act] = 1.0
        out[offsets["dealer"] + state.dealer] = 1.0
        teams = state.num_teams
        out[offsets["team"] + seat % teams] = 1.0
        phase = state.phase
        if phase in _PHASE_INDEX:
            out[offsets["phase"] + _PHASE_INDEX[phase]] = 1.0
        mark(out, offsets["hand"], state.hands[seat])
        bids, passed = offsets["bids"], offsets["passed"]
        for bidder, bid in state.auction:
            if bid:
                out[bids + bidder] = bid / 6
            else:
                out[passed + bidder] = 1.0
        out[offsets["high_bid"]] = state.high_bid / 6
        if phase != AUCTION:
            out[offsets["bidder"] + state.bidder] = 1.0
        if state.trump >= 0:
            out[offsets["trump"] + state.trump] = 1.0
        base = offsets["exchanged"]
        for holder, count in enumerate(state.exchanged):
            if count > 0:
                out[base + holder] = count / 17
        if state.exchanged[seat] >= 0:
            mark(out, offsets["discarded"], state.discards[seat])
        out[offsets["stock_size"]] = len(state.stock) / 17
        if phase == PLAY:
            leader = state.leader
            out[offsets["trick_leader"] + leader] = 1.0
            base = offsets["trick"]
            for k, card in enumerate(state.trick):
                out[base + (leader + k) % NUM_PLAYERS * 53 + card] = 1.0
        base = offsets["played"]
        won = [0] * teams
        for _leader, cards, winner in state.tricks:
            for card in cards:
                out[base + card] = 1.0
            won[winner % teams] += 1
        base = offsets["tricks_won"]
        for team, count in enumerate(won):
            out[base + team] = count / 6
        base, target = offsets["scores"], state.target
        for team, score in enumerate(state.scores):
            scaled = score / target
            out[base + team] = -1.0 if scaled < -1.0 else 1.0 if scaled > 1.0 else scaled

    def index_of_state(self, state: Any, action: int) -> int:
        hand = state.hands[state.to_act]
        return _index(CARD_TUPLES.get(hand) or card_tuple(hand), state.phase == EXCHANGE,
                      action)

    def index_of(self, view: SchmierView, action: int) -> int:
        return _index(hand_cards(tuple(view["hand"])), view["phase"] == "exchange", action)

    def action_of(self, view: SchmierView, index: int) -> int:
        if not 0 <= index < self.num_actions:
            raise ValueError(f"no action at index {index}")
        if index >= EXCHANGES:
            hand = hand_cards(tuple(view["hand"]))
            if (index >= ROBS) != (view["phase"] == "rob"):
                raise ValueError(f"index {index} is no discard of the {view['phase']} phase")
            if index >= ROBS:
                kept = rob_positions(index - ROBS)
                if kept[-1] >= len(hand):
                    raise ValueError(f"index {index} keeps cards beyond the hand")
                return DISCARD | sum(1 << card for p, card in enumerate(hand) if p not in kept)
            positions = EXCHANGE_SUBSETS[index - EXCHANGES]
            if positions and positions[-1] >= len(hand):
                raise ValueError(f"index {index} discards cards beyond the hand")
            return DISCARD | sum(1 << hand[p] for p in positions)
        if index >= PLAYS:
            return _PLAY + index - PLAYS
        if index >= TRUMPS:
            return _TRUMP + index - TRUMPS
        if index >= BIDS:
            return _BID + index - BIDS + 1
        return PASS

    def standing(self, view: SchmierView) -> list[float]:
        teams = len(view["scores"])
        return [float(view["scores"][seat % teams]) for seat in range(NUM_PLAYERS)]

    def standing_of(self, state: Any) -> list[float]:
        scores, teams = state.scores, state.num_teams
        return [float(scores[seat % teams]) for seat in range(NUM_PLAYERS)]

    def final(self, result: dict[str, Any], num_players: int) -> list[float]:
        return zero_sum_win(result["winning_seats"], num_players)


class SchmierPickCodec(SchmierCodec):
    """The envs' codec: :class:`SchmierCodec` with the rob made card by card.

    In the ``rob`` phase index ``11 + c`` keeps card ``c``: the dealer picks the six
    cards to keep one at a time, each pick legal while some legal rob keeps every card
    picked so far, and the sixth pick plays that rob. The field ``rob_kept`` (53, last)
    shows the acting dealer the cards picked so far (zeros for every other seat).
    """

    num_actions = ROBS

    def layout(self) -> None:
        super().layout()
        self.field("rob_kept", 53)

    def encode_state(self, state: Any, seat: int, out: Any, pending: int = 0) -> None:
        super().encode_state(state, seat, out)
        if pending:
            self.mark(out, self.offsets["rob_kept"], pending)

    def moves(self, state: Any, pending: int = 0) -> dict[int, int]:
        if state.phase != ROB:
            index_of = self.index_of_state
            return {index_of(state, action): action for action in state.legal()}
        hand = state.hands[state.to_act]
        last = HAND_SIZE - pending.bit_count() == 1
        found: dict[int, int] = {}
        joined = 0
        for action in state.legal():
            kept = hand & ~action
            if kept & pending == pending:
                if last:
                    found[PLAYS + (kept ^ pending).bit_length() - 1] = action
                else:
                    joined |= kept
        if not last:
            for card in card_tuple(joined & ~pending):
                found[PLAYS + card] = PICK
        return found

    def pick(self, state: Any, pending: int, index: int) -> int:
        del state
        return pending | 1 << (index - PLAYS)

    def index_of_state(self, state: Any, action: int) -> int:
        if action >= DISCARD and state.phase == ROB:
            raise ValueError("a rob is picked card by card (moves())")
        return super().index_of_state(state, action)

    def index_of(self, view: SchmierView, action: int) -> int:
        if action >= DISCARD and view["phase"] == "rob":
            raise ValueError("a rob is picked card by card (moves())")
        return super().index_of(view, action)

    def action_of(self, view: SchmierView, index: int) -> int:
        if view["phase"] == "rob":
            raise ValueError("a rob is picked card by card (moves())")
        return super().action_of(view, index)


class raw_env(CardGameEnv):
    """Schmier without the wrappers (PettingZoo's name for it)."""

    metadata = {**CardGameEnv.metadata, "name": "schmier_v0"}
    game = "schmier"
    codec_class = SchmierPickCodec

    def __init__(self, render_mode: str | None = None, reward: str = "match",
                 max_deals: int | None = DEFAULT_MAX_DEALS, **options: Any) -> None:
        super().__init__(render_mode, reward, max_deals, **options)


def env(**kwargs: Any) -> Any:
    """The wrapped environment, as PettingZoo's classic games make theirs."""
    return wrap(raw_env(**kwargs))


__all__ = ["DEFAULT_MAX_DEALS", "EXCHANGE_SUBSETS", "NUM_ROBS", "SchmierCodec",
           "SchmierPickCodec", "env", "hand_cards", "raw_env", "rob_positions", "rob_rank"]


def _index(cards: Sequence[int], exchange: bool, action: int) -> int:
    """The policy index of ``action`` for a seat holding ``cards`` (in hand order), in the
    exchange (``exchange``) or elsewhere: a discard by the places of the cards it names."""
    if action >= DISCARD:
        discarded = action & _CARDS
        if exchange:
            return EXCHANGES + _EXCHANGE_INDEX[tuple(
                p for p, card in enumerate(cards) if discarded >> card & 1)]
        return ROBS + rob_rank(tuple(
            p for p, card in enumerate(cards) if not discarded >> card & 1))
    if action >= _PLAY:
        return PLAYS + action - _PLAY
    if action >= _BID:
        return BIDS + action - _BID - 1
    if action >= _TRUMP:
        return TRUMPS + action - _TRUMP
    return PASS

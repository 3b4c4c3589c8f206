"""Card play for the Schmier beginner and club (docs/rules/schmier.md §9-§10), on the
engine's state. A player here reads only its own hand and what is public (the
tricks, the trick in progress, hand sizes, the contract), so the same code
serves a bot (on a state built from its view) and the expert's play-outs.

Method (club): leads the highest trump left when it is sure to win (it draws
trumps and the points they carry), a low trump toward a bidding partner, a
plain card no one left can head from a suit no opponent has shown void in,
else its cheapest card. Following, each legal card is scored: the chance the
trick ends with its team (the winning card against the unseen cards the later
opponents may hold, voids counted) times the trick's worth (bauers and joker a
point each, game count a little), minus half of it when an opponent keeps it,
minus what the card would still be worth later. So it smears bauers, joker and
tens onto a partner's sure trick, takes points cheaply, and throws low.

Known weaknesses: the chances treat hidden cards as uniform and independent,
opponents are assumed to head whenever they can, no plan spans tricks, and it
never leads to give its partner a ruff.
"""

from __future__ import annotations

from stammtisch.bots.schmier.seen import voids_of
from stammtisch.cards import ACE, JOKER, KING, QUEEN, SCHMIER_DECK, CardSet, iter_cards
from stammtisch.games.schmier import (
    EFFECTIVE,
    FOLLOW,
    NUM_PLAYERS,
    POWER,
    TRUMPS,
    SchmierState,
    game_count,
    left_bauer,
    playable,
    right_bauer,
    trick_winner,
)

DECK: CardSet = (1 << 53) - 1
COUNT_WEIGHT = 0.035
"""A point of game count, in deal points (a ten: a third of a point)."""
OPPONENT_WEIGHT = 0.5
"""A point an opponent team takes, against one for the own team (three teams)."""
RESCUE = 0.35
"""The share of a later partner's chance to head an opponent that counts as ours
(an opponent may head the partner again)."""


def _worth(trump: int, card: int) -> float:
    value = COUNT_WEIGHT * game_count(1 << card)
    if card in (right_bauer(trump), left_bauer(trump), JOKER):
        value += 1.0
    return value


def _keep(trump: int, card: int) -> float:
    power = POWER[trump][card]
    if TRUMPS[trump] >> card & 1:
        table = {15: 0.6, 14: 0.45, 13: 0.35, 12: 0.3, 11: 0.25, 10: 0.2, 2: 0.02, 1: 0.08}
        return table.get(power, 0.05 + 0.01 * (power - 3))
    return {ACE: 0.3, KING: 0.12, QUEEN: 0.05}.get(power, 0.01 * power / 14)


def _above(trump: int, card: int) -> CardSet:
    power = POWER[trump]
    if TRUMPS[trump] >> card & 1:
        group = TRUMPS[trump]
    else:
        group = FOLLOW[trump][EFFECTIVE[trump][card]]
    return sum(1 << c for c in iter_cards(group) if power[c] > power[card])


WORTH = tuple(tuple(_worth(t, c) for c in SCHMIER_DECK) for t in range(4))
KEEP = tuple(tuple(_keep(t, c) for c in SCHMIER_DECK) for t in range(4))
ABOVE = tuple(tuple(_above(t, c) for c in SCHMIER_DECK) for t in range(4))
"""``ABOVE[trump][card]``: the cards of its effective suit that head it."""


def _later(teams: int, seat: int, played: int) -> tuple[list[int], list[int]]:
    later = [(seat + k) % NUM_PLAYERS for k in range(1, NUM_PLAYERS - played)]
    return ([s for s in later if s % teams != seat % teams],
            [s for s in later if s % teams == seat % teams])


LATER = {teams: tuple(tuple(_later(teams, seat, played) for played in range(NUM_PLAYERS))
                      for seat in range(NUM_PLAYERS)) for teams in (2, 3)}
"""``LATER[teams][seat][cards in the trick]``: the opponents and the partners who play
after ``seat`` in this trick."""


def legal_cards(state: SchmierState) -> CardSet:
    return playable(state.hands[state.to_act], state.trick[0] if state.trick else -1,
                    state.trump, state.trump_anytime)


def played_cards(state: SchmierState) -> CardSet:
    played = 0
    for cards in state.captured:  # the cards of the finished tricks
        played |= cards
    for card in state.trick:
        played |= 1 << card
    return played


def _order(trump: int, card: int) -> tuple[int, int]:
    return TRUMPS[trump] >> card & 1, POWER[trump][card]


def beginner_card(state: SchmierState) -> int:
    """Leads its highest card (trumps first), follows with its lowest."""
    t = state.trump
    legal = list(iter_cards(legal_cards(state)))
    if state.trick:
        return min(legal, key=lambda c: _order(t, c))
    return max(legal, key=lambda c: _order(t, c))


def club_card(state: SchmierState) -> int:
    legal = legal_cards(state)
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    seat = state.to_act
    hand = state.hands[seat]
    unseen = DECK & ~hand & ~played_cards(state)
    voids = voids_of(state.trump, state.tricks, state.trick, state.leader)
    if not state.trick:
        return _lead(state, seat, hand, unseen, voids)
    return _follow(state, seat, legal, unseen, voids)


def _lead(state: SchmierState, seat: int, hand: CardSet, unseen: CardSet,
          voids: list[CardSet]) -> int:
    t = state.trump
    power, trumps = POWER[t], TRUMPS[t]
    mine = hand & trumps
    if mine:
        best = max(iter_cards(mine), key=power.__getitem__)
        if unseen & trumps and not unseen & ABOVE[t][best]:
            return best
        teams = state.num_teams
        if state.bidder != seat and state.bidder % teams == seat % teams and unseen & trumps:
            low = [c for c in iter_cards(mine) if 2 <= power[c] <= 9]
            if low:
                return min(low, key=power.__getitem__)
    opponents_void = 0
    for other in range(NUM_PLAYERS):
        if other % state.num_teams != seat % state.num_teams:
            opponents_void |= voids[other]
    winners = [c for c in iter_cards(hand & ~trumps)
               if not unseen & ABOVE[t][c] and not opponents_void >> c & 1]
    if winners:
        return max(winners, key=lambda c: (
            (unseen & FOLLOW[t][EFFECTIVE[t][c]]).bit_count(), power[c]))
    return min(iter_cards(hand), key=lambda c: (KEEP[t][c] + 2 * WORTH[t][c], power[c]))


def _chance(beaters: int, unseen: int, hand_size: int) -> float:
    """Chance that a hand of ``hand_size`` unseen cards holds one of ``beaters``."""
    if not beaters:
        return 0.0
    return 1.0 - (1.0 - beaters / unseen) ** hand_size


def _hold(state: SchmierState, card: int, led: int, seats: list[int], unseen: CardSet,
          voids: list[CardSet]) -> float:
    """Chance that ``card`` still wins the trick after ``seats`` have played."""
    if not seats:
        return 1.0
    t = state.trump
    trumps = TRUMPS[t]
    size = unseen.bit_count() or 1
    led_cards = FOLLOW[t][led]
    over_trumps = (unseen & trumps & ABOVE[t][card] if trumps >> card & 1
                   else unseen & trumps).bit_count()
    over_led = 0 if trumps >> card & 1 else (unseen & ABOVE[t][card]).bit_count()
    led_left = (unseen & led_cards).bit_count()
    hold = 1.0
    for other in seats:
        cards = state.hands[other].bit_count()
        void = voids[other]
        can_trump = 0.0 if void & trumps else _chance(over_trumps, size, cards)
        if led == t:
            beat = can_trump
        else:
            is_void = 1.0 if void & led_cards else (1.0 - led_left / size) ** cards
            beat = is_void * can_trump
            if not trumps >> card & 1 and not void & led_cards:
                beat = min(1.0, beat + _chance(over_led, size, cards))
        hold *= 1.0 - beat
    return hold


def _beats(t: int, card: int, best: int, led: int) -> bool:
    trumps = TRUMPS[t]
    if trumps >> card & 1:
        return not trumps >> best & 1 or POWER[t][card] > POWER[t][best]
    return (not trumps >> best & 1 and EFFECTIVE[t][card] == led
            and POWER[t][card] > POWER[t][best])


def _follow(state: SchmierState, seat: int, legal: CardSet, unseen: CardSet,
            voids: list[CardSet]) -> int:
    t = state.trump
    trick = state.trick
    teams = state.num_teams
    team = seat % teams
    led = EFFECTIVE[t][trick[0]]
    index = trick_winner(trick, t)
    best, best_seat = trick[index], (state.leader + index) % NUM_PLAYERS
    opponents, mates = LATER[teams][seat][len(trick)]
    worth = sum(WORTH[t][c] for c in trick)
    scale = (state.hands[seat].bit_count() - 1) / 5
    if best_seat % teams == team:
        standing = _hold(state, best, led, opponents, unseen, voids)
    elif mates:
        standing = RESCUE * (1.0 - _hold(state, best, led, mates, unseen, voids))
    else:
        standing = 0.0
    choice, top = -1, -1e9
    for card in iter_cards(legal):
        if _beats(t, card, best, led):
            ours = _hold(state, card, led, opponents, unseen, voids)
        else:
            ours = standing
        total = worth + WORTH[t][card]
        value = ours * total - (1.0 - ours) * total * OPPONENT_WEIGHT - KEEP[t][card] * scale
        if value > top + 1e-9:
            choice, top = card, value
    return choice


__all__ = ["beginner_card", "club_card", "legal_cards"]

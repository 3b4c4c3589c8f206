"""Which matches the arena plays: seat rotation and stacked decks.

Matches come in *rotation groups*, one match per rotation: in rotation r every
entry of the lineup has moved r units (seats or teams) on, so over a group each
bot sits in every seat equally often. All matches of a group share the match
seed and the stacked decks of their first deals (drawn from the arena seed), so
the same cards are dealt to the same seats while the bots move: with two
players the group is a deal played twice with the hands swapped, which cancels
most of the luck of the deal. Later deals (past the stacked ones), reshuffles
and a random first dealer come from the shared match seed, so they coincide too
for as long as the matches run alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from stammtisch.arena.lineup import Lineup
from stammtisch.cards import card_code
from stammtisch.core.rng import rng_for
from stammtisch.games import find_game

STACKED_DEALS = 24
"""Decks stacked per match; more than a Bummerl or a Schmier match usually needs."""


@dataclass(frozen=True)
class MatchPlan:
    index: int
    group: int
    rotation: int
    seed: int
    seat_levels: tuple[str, ...]
    entry_of_seat: tuple[int, ...]
    decks: tuple[str, ...]
    """The stacked decks, each as space-separated card codes."""


def rounded_matches(lineup: Lineup, wanted: int) -> int:
    """``wanted`` rounded up to whole rotation groups."""
    size = len(lineup.units)
    return -(-wanted // size) * size


def group_decks(lineup: Lineup, arena_seed: int, group: int) -> tuple[str, ...]:
    full = list(find_game(lineup.game).deck(lineup.options))
    decks = []
    for deal in range(STACKED_DEALS):
        cards = full[:]
        rng_for(arena_seed, "arena", group, "deal", deal).shuffle(cards)
        decks.append(" ".join(card_code(card) for card in cards))
    return tuple(decks)


def schedule(lineup: Lineup, matches: int, arena_seed: int) -> list[MatchPlan]:
    """The plans of ``matches`` matches (a multiple of the rotations, see rounded_matches)."""
    size = len(lineup.units)
    plans: list[MatchPlan] = []
    for group in range(-(-matches // size)):
        seed = rng_for(arena_seed, "arena", group, "seed").getrandbits(62)
        decks = group_decks(lineup, arena_seed, group)
        for rotation in range(size):
            plans.append(MatchPlan(
                index=len(plans), group=group, rotation=rotation, seed=seed,
                seat_levels=lineup.seat_levels(rotation),
                entry_of_seat=lineup.entry_of_seat(rotation), decks=decks))
    return plans[:matches]

"""What a deal's game points are worth in the match: the chance to win the Bummerl.

Rules: docs/rules/schnapsen.md §4 and §10. Method: from a score, each later deal is
taken as a coin toss whose winner scores 1, 2 or 3 game points with fixed
shares; the chance to reach ``match_target`` first follows by recursion.
Known weakness: the shares are a rough average, the same for both players.
"""

from __future__ import annotations

from functools import lru_cache

AWARD_SHARES = ((1, 0.5), (2, 0.35), (3, 0.15))
"""How often a deal is won by 1, 2 or 3 game points (rough, both players alike)."""


@lru_cache(maxsize=4096)
def win_chance(mine: int, theirs: int, target: int) -> float:
    """The chance to win the match from ``mine`` : ``theirs`` game points."""
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return sum(share * 0.5 * (win_chance(mine + award, theirs, target)
                              + win_chance(mine, theirs + award, target))
               for award, share in AWARD_SHARES)


def deal_worth(signed_award: int, mine: int, theirs: int, target: int) -> float:
    """The match-winning chance after a deal that ends with ``signed_award`` for us."""
    if signed_award >= 0:
        return win_chance(mine + signed_award, theirs, target)
    return win_chance(mine, theirs - signed_award, target)


__all__ = ["deal_worth", "win_chance"]

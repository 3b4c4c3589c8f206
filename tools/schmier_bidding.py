"""How often Schmier deals are thrown in (all six pass), and the club's bidding
before and after issue 30, side by side in the arena.

    python -m tools.schmier_bidding throw-ins LEVEL [--deals N] [--seed S] [--budget B]
    python -m tools.schmier_bidding arena --players club,club-old,club-old --matches N ...

``throw-ins`` plays the first auction of N matches (seeds S, S+1, ...) with six
players of LEVEL and counts the auctions that everyone passed, with a 95% Wilson
interval. ``arena`` is ``stammtisch arena schmier`` with one more level,
``club-old``: the club as it bid before issue 30 (every seat needed its estimate to
cover the bid by 0.35, as the dealer still does). That level exists here only, for
this comparison; no table or terminal offers it.
"""

from __future__ import annotations

import argparse
import sys
import time

import stammtisch
from stammtisch.arena.stats import wilson
from stammtisch.bots.registry import BotLevel, levels, make_bot, register
from stammtisch.bots.schmier import policy
from stammtisch.bots.schmier.hand import MARGIN, bid_estimate
from stammtisch.bots.schmier.players import _RuleBot
from stammtisch.cli import main as cli_main
from stammtisch.games.schmier import AUCTION, NUM_PLAYERS, PASS, SchmierState, bid

OLD_LEVEL = "club-old"


def old_club_bid(state: SchmierState) -> int:
    """The club's bid before issue 30: the same margin for every seat."""
    seat = state.to_act
    bids, may_pass = policy._bids(state)
    if not bids:
        return PASS
    partners = NUM_PLAYERS // state.num_teams - 1
    _, estimate = bid_estimate(state.hands[seat], seat == state.dealer, partners)
    need = estimate - MARGIN
    if state.bidder >= 0 and state.bidder % state.num_teams == seat % state.num_teams:
        need -= policy.PARTNER_OVERBID
    affordable = [n for n in bids if n <= need]
    if affordable:
        return bid(min(affordable))
    return PASS if may_pass else bid(min(bids))


def old_club_action(state: SchmierState) -> int:
    if state.phase == AUCTION:
        return old_club_bid(state)
    return policy.club_action(state)


class OldClubBot(_RuleBot):
    name = OLD_LEVEL
    policy = staticmethod(old_club_action)


def register_old_club() -> None:
    """Offer ``club-old`` to this tool's runs (done when it runs, not when it is imported:
    no other program's list of levels changes)."""
    if not any(level.name == OLD_LEVEL for level in levels("schmier")):
        register(BotLevel(OLD_LEVEL, "The club's bidding before issue 30 (comparison only).",
                          lambda _game, seed, _budget: OldClubBot(seed), frozenset({"schmier"})))


def throw_ins(level: str, deals: int, seed: int, budget: float | None) -> tuple[int, float]:
    """Auctions thrown in of ``deals`` first auctions, and the seconds they took."""
    thrown = 0
    start = time.perf_counter()
    for index in range(deals):
        match = stammtisch.new_match("schmier", seed=seed + index)
        bots = [make_bot("schmier", level, seed + index, seat, budget)
                for seat in range(NUM_PLAYERS)]
        seen = 0
        while True:
            events = match.state.events
            assert events is not None, "a match's state records its events"
            kinds = {event["type"] for event in events[seen:]}
            if "throw_in" in kinds:
                thrown += 1
                break
            if "contract" in kinds:
                break
            seat = match.to_act
            assert seat is not None
            match.play(bots[seat].choose(match.view(seat)))
    return thrown, time.perf_counter() - start


def main(argv: list[str]) -> int:
    register_old_club()
    if argv[:1] == ["arena"]:
        return cli_main(["arena", "schmier", *argv[1:]])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["throw-ins"])
    parser.add_argument("level")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=None)
    args = parser.parse_args(argv)
    thrown, seconds = throw_ins(args.level, args.deals, args.seed, args.budget)
    low, high = wilson(thrown, args.deals)
    sys.stdout.write(f"{args.level}: {thrown} of {args.deals} auctions thrown in "
                     f"({thrown / args.deals:.1%}, 95% {low:.1%}..{high:.1%}; seeds "
                     f"{args.seed}..{args.seed + args.deals - 1}; {seconds:.0f} s)\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

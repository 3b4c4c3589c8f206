from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.games.schmier import SchmierState
from stammtisch.games.schmier_types import SchmierResult, SchmierView

PHASES: tuple[str, ...]

class NativeSchmier:
    options: dict[str, Any]
    halt_between_deals: bool
    num_players: int
    seed: int
    decks: tuple[tuple[int, ...], ...]
    events: None
    num_teams: int
    target: int
    min_bid: int
    max_bid: int
    stick: bool
    dealer_equal: bool
    max_discard: int
    trump_anytime: bool
    tie_to_bidder: bool
    joint_win: bool
    scores: list[int]
    dealer: int
    deal_number: int
    played_deals: int
    phase: str
    to_act: int
    hands: list[int]
    stock: tuple[int, ...]
    discards: list[int]
    exchanged: list[int]
    auction: list[tuple[int, int]]
    high_bid: int
    bidder: int
    trump: int
    trick: list[int]
    leader: int
    tricks: list[tuple[int, tuple[int, ...], int]]
    captured: list[int]
    high_seat: int
    low_seat: int
    winners: list[int]
    last_deal: dict[str, Any] | None
    def __init__(self, options: Mapping[str, Any], seed: int,
                 decks: Sequence[tuple[int, ...]] = ()) -> None: ...
    def legal(self) -> list[int]: ...
    def apply(self, action: int) -> None: ...
    def clone(self) -> NativeSchmier: ...
    @staticmethod
    def from_state(state: SchmierState) -> NativeSchmier: ...
    def to_state(self) -> SchmierState: ...
    def team_of(self, seat: int) -> int: ...
    def team_seats(self, team: int) -> list[int]: ...
    def result(self) -> SchmierResult | None: ...
    def view(self, seat: int | None) -> SchmierView: ...
    def dump(self) -> dict[str, Any]: ...
    def action_text(self, action: int) -> str: ...
    def parse_action(self, text: str) -> int: ...

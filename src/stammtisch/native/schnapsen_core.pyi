import random
from typing import Any

from stammtisch.games.schnapsen import Rules, SchnapsenState
from stammtisch.native.twister import Twister

REASONS: tuple[str, ...]

class NativeMatch:
    rules: Rules
    num_players: int
    seed: int
    decks: tuple[tuple[int, ...], ...]
    events: None
    game_points: list[int]
    dealer: int
    deal_number: int
    to_act: int
    over: bool
    deck: tuple[int, ...]
    talon_pos: int
    t: int
    trump_card: int
    trump_suit: int
    low_trump: int
    closer: int
    strict: bool
    hands: list[int]
    lead_card: int
    leader: int
    declared: int
    claim_ok: bool
    points: list[int]
    pending: list[int]
    tricks: list[int]
    won: list[int]
    close_points: int
    close_tricks: int
    marriages: tuple[tuple[int, int], ...]
    exchanges: tuple[tuple[int, int, int, int], ...]
    history: tuple[tuple[int, int, int, int], ...]
    last_deal: dict[str, Any] | None
    phase: str
    def __init__(self, rules: Rules, rng: random.Random | Twister) -> None: ...
    def legal(self) -> list[int]: ...
    def apply(self, action: int) -> None: ...
    def clone(self) -> NativeMatch: ...
    @staticmethod
    def from_state(state: SchnapsenState) -> NativeMatch: ...
    def to_state(self) -> SchnapsenState: ...
    def result(self) -> dict[str, Any] | None: ...
    def view(self, seat: int | None) -> dict[str, Any]: ...
    def dump(self) -> dict[str, Any]: ...
    def action_text(self, action: int) -> str: ...
    def parse_action(self, text: str) -> int: ...

def play_random(match: NativeMatch, rng: Twister, max_deals: int = 0) -> int: ...

import random

from stammtisch.native.schnapsen_core import NativeMatch
from stammtisch.native.twister import Twister

def playout_action(state: NativeMatch, rng: random.Random | Twister, noise: float = 0.1) -> int: ...
def play_until(state: NativeMatch, rng: random.Random | Twister, stop_t: int) -> bool: ...

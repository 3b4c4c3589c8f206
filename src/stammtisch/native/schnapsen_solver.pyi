from stammtisch.games.schnapsen import SchnapsenState
from stammtisch.native.schnapsen_core import NativeMatch

INF_PY: int

class Search:
    me: int
    trump: int
    low: int
    face_down: int
    nodes: int
    talon: tuple[int, ...]
    table_size: int
    def __init__(self, state: SchnapsenState | NativeMatch, me: int) -> None: ...
    def value(self, state: SchnapsenState | NativeMatch, alpha: int = -3,
              beta: int = 3) -> int: ...
    def node(self, h0: int, h1: int, p0: int, p1: int, e0: int, e1: int, n0: int, n1: int,
             mover: int, lead: int, t: int, tc: int, closer: int, alpha: int,
             beta: int) -> int: ...

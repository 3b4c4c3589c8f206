from typing import Any

from stammtisch.native.schnapsen_core import NativeMatch

FIELDS: tuple[str, ...]

def apply_all(matches: list[NativeMatch], moves: Any) -> None: ...
def turns(matches: list[NativeMatch], out: Any) -> None: ...
def read(matches: list[NativeMatch], table: Any, index_of: Any, legal: Any, counts: Any,
         mask: Any) -> int: ...

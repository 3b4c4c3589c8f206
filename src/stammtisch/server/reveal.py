"""Which cards a seat has seen: the undo rule's "until new information is revealed".

A seat may take back its actions only while no card it had not seen before has
come into sight (in its view or in the public events): a drawn card, a card an
opponent played or laid on the table, a new deal.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

_CODE = re.compile(r"^(?:[2-9TJQKA][CDHS]|JK)$")


def card_codes(value: Any) -> set[str]:
    """Every card code anywhere in a JSON-ready value (action texts included)."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.update(word for word in item.split() if _CODE.match(word))
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def seen_cards(view: dict[str, Any], events: Iterable[Any]) -> set[str]:
    return card_codes(view) | card_codes(list(events))

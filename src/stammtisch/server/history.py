"""Finished matches, face up: the record replayed to any step with every hand shown.

Only finished tables are shown, so that no running match can be peeked at.
"""

from __future__ import annotations

from typing import Any

import stammtisch
from stammtisch.server.store import StoredTable


def summary(stored: StoredTable) -> dict[str, Any]:
    return {
        "id": stored.id, "game": stored.game, "finished": stored.updated,
        "actions": len(stored.record.get("actions", [])), "result": stored.result,
        "seats": [{"kind": s["kind"], "level": s.get("level") or None} for s in stored.seats],
    }


def step(stored: StoredTable, index: int) -> dict[str, Any]:
    """The match after its first ``index`` actions, every seat's hand face up."""
    actions: list[str] = stored.record.get("actions", [])
    index = max(0, min(index, len(actions)))
    match = stammtisch.replay({**stored.record, "actions": actions[:index - 1] if index else []})
    actor = match.to_act if index else None
    if index:
        match.play(actions[index - 1])
    hands = {}
    for seat in range(match.num_players):
        hand = match.view(seat).get("hand")
        if hand is not None:
            hands[str(seat)] = hand
    return {
        **summary(stored), "step": index, "total": len(actions),
        "action": actions[index - 1] if index else None, "actor": actor,
        "view": match.view(None), "hands": hands, "events": match.events,
        "options": match.options,
    }

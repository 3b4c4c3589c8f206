"""The frames a table socket is sent: the whole ``state`` on joining, on reconnecting
and on request (``sync``), and after that an ``update`` with only what changed for the
socket's seat since its last frame, so that a frame does not grow with the match
(server/protocol.py documents both).

:func:`changes` makes an update's fields on the server; :func:`merge` is the client's
side (the page does the same in web/js/connection.js): an update applied to the last
state gives the state the server would have sent whole.
"""

from __future__ import annotations

from typing import Any

OWN = ("type", "log_start", "events", "frame", "id")
"""The fields of a frame that are its own (never compared, never carried over)."""
HEAD = ("table", "game", "seat")
"""The fields every frame carries, whole or update."""


def changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The fields of an update from the seat state ``before`` to ``after``:
    ``changed`` (the fields whose value differs, but the view), ``view`` (the view's
    keys whose value differs), ``gone`` and ``view_gone`` (keys no longer there)."""
    skip = {"view", *OWN, *HEAD}
    changed = {key: value for key, value in after.items()
               if key not in skip and (key not in before or before[key] != value)}
    gone = [key for key in before if key not in after and key not in skip]
    old_view, new_view = before.get("view") or {}, after.get("view") or {}
    view = {key: value for key, value in new_view.items()
            if key not in old_view or old_view[key] != value}
    view_gone = [key for key in old_view if key not in new_view]
    update: dict[str, Any] = {"changed": changed, "view": view}
    if gone:
        update["gone"] = gone
    if view_gone:
        update["view_gone"] = view_gone
    return update


def merge(state: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """The ``state`` message ``update`` stands for, after ``state`` (the last frame of
    the socket, whole or merged). A client first checks that ``update["frame"]`` is one
    more than ``state["frame"]``; otherwise it missed a frame and asks ``sync``."""
    view = {**state.get("view", {}), **update.get("view", {})}
    for key in update.get("view_gone", []):
        view.pop(key, None)
    merged = {**{key: value for key, value in state.items() if key not in OWN},
              **update["changed"], "view": view}
    for key in update.get("gone", []):
        merged.pop(key, None)
    own = {key: update[key] for key in (*OWN, *HEAD) if key in update}
    return {**merged, **own, "type": "state"}

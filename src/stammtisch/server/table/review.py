"""The review part: when the match ends, the reviews of its people's seats begin in the
background (server/reviews.py), so that the review page has them, or the first deals
of them, by the time someone opens it."""

from __future__ import annotations

import asyncio

from stammtisch.server import reviews
from stammtisch.server.store import Store
from stammtisch.server.table.part import Host, Part, Play


class Reviewer(Part):
    def __init__(self, host: Host, store: Store) -> None:
        self.host, self.store = host, store
        self.begun = False

    def played(self, play: Play) -> None:
        host = self.host
        if self.begun or host.match.result is None:
            return
        self.begun = True
        found = reviews.of(self.store)
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return  # a table rebuilt outside the server (a tool's)
        if found is not None and host.human_seats:
            found.begin(self.store, host.id, list(host.human_seats))

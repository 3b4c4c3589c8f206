"""The takeback part: undo, only for one person against computer players, and only
until a card the person had not seen comes into sight (what each person has seen of
the deal in play, and the floor below which nothing may be taken back)."""

from __future__ import annotations

from typing import Any

from stammtisch.server.reveal import seen_cards
from stammtisch.server.seats import EXTERNAL, HUMAN
from stammtisch.server.table.part import (
    PLAYING,
    Client,
    Host,
    Part,
    Play,
    TableError,
    check_seq,
    player,
)

EARLIER_DEALS = ("last_showdown", "last_deal")
"""Parts of a view that tell how the previous deal ended, not what is in play now."""


def this_deal(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what it tells about earlier deals."""
    return {key: value for key, value in view.items() if key not in EARLIER_DEALS}


class Takeback(Part):
    def __init__(self, host: Host) -> None:
        self.host = host
        self.undo_floor = 0
        """No action before this index may be taken back: cards came into sight there."""
        self.deal_events = 0
        """Where the events of the deal in play begin (as far as what was seen goes)."""
        self.deal: Any = self._deal()
        """The deal in play (the public view's ``deal``)."""
        self.seen: dict[int, set[str]] = {seat: self._seen(seat)
                                          for seat in host.human_seats}

    @property
    def solo(self) -> bool:
        """One person against computer players (no program of the bot API): undo and
        what each person has seen are tracked only here."""
        seats = self.host.seats
        return len(self.host.human_seats) == 1 and all(info.kind != EXTERNAL
                                                        for info in seats)

    def _deal(self) -> Any:
        """The deal in play: public, so every seat's view tells the same; read from the
        view the next frame needs anyway where a socket watches."""
        clients = self.host.clients
        return self.host.view(clients[0].seat if clients else None).get("deal")

    def _seen(self, seat: int) -> set[str]:
        """What ``seat`` has seen of the deal in play."""
        match = self.host.match
        return seen_cards(this_deal(self.host.view(seat)),
                          match.events_since(self.deal_events))

    def played(self, play: Play) -> None:
        """Which cards came into sight. A new deal always shows new cards, even where
        the codes were seen in an earlier deal: what was seen starts again with the
        deal."""
        match, actors = self.host.match, self.host.actors
        deal = self._deal()
        if deal != self.deal:
            self.deal_events = match.event_count
        if not self.solo:
            # Undo is for one person against computer players: nothing to track, and
            # only the last action is kept undoable.
            self.deal = deal
            self.undo_floor = len(actors)
            match.keep_undo(1)
            return
        if deal != self.deal:
            self.deal = deal
            self.undo_floor = len(actors)
            self.seen = {seat: self._seen(seat) for seat in self.host.human_seats}
            match.keep_undo(1)
            return
        fresh = match.events_since(play.events_before)
        for seat in self.host.human_seats:
            now = seen_cards(this_deal(self.host.view(seat)), fresh)
            if not now <= self.seen[seat]:
                self.undo_floor = len(actors)
                self.seen[seat] |= now
        match.keep_undo(max(1, len(actors) - self.undo_floor))

    def forget(self, play: Play) -> None:
        # Never below what the match can still take back.
        self.undo_floor = max(self.undo_floor,
                              len(self.host.actors) - self.host.match.undoable)

    def seated(self, seat: int) -> None:
        if self.host.seats[seat].kind == HUMAN:
            self.seen[seat] = self._seen(seat)
            return
        # A seat went to a computer player: what each person has seen was not tracked
        # while several played, so it is read afresh and nothing before this moment
        # may be taken back.
        self.seen.pop(seat, None)
        self.seen = {seat: self._seen(seat) for seat in self.host.human_seats}
        self.undo_floor = len(self.host.actors)
        self.host.match.keep_undo(1)

    def can_undo(self, seat: int | None) -> bool:
        host = self.host
        if seat is None or host.match.to_act != seat or host.phase != PLAYING \
                or not self.solo or host.seats[seat].kind != HUMAN:
            return False
        return any(actor == seat for actor in host.actors[self.undo_floor:])

    def public(self, seat: int | None) -> dict[str, Any]:
        return {"can_undo": self.can_undo(seat)}

    async def undo(self, client: Client, seq: int | None = None,
                   answer_id: int | None = None) -> None:
        """Take back the person's last action and the computer moves after it."""
        host = self.host
        async with host.lock:
            seat = player(client)
            check_seq(host, seq)
            if not self.can_undo(seat):
                raise TableError(
                    "nothing to undo: undo takes back your own moves against computer "
                    "players only, on your turn, until a new card has come into sight")
            taken: list[tuple[int, str]] = []
            while True:
                taken.append((host.actors.pop(), host.match.undo().text))
                if taken[-1][0] == seat:
                    break
            host.seq += 1
            try:
                await host.save_match()
            except Exception:
                for actor, text in reversed(taken):  # not stored, so not taken back
                    host.match.play(text)
                    host.actors.append(actor)
                host.seq -= 1
                raise
            await host.broadcast(full=True, answer=client, answer_id=answer_id)

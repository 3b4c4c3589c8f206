"""The leak searcher: which cards each client may not see at this moment, and a check of
every message text a client receives against them.

What is hidden follows the engines' contract test (``hidden`` of each game in
tests/games/anatomy.py), computed from the engine's full state:

- Schnauz: every card but the seat's own hand and the deal's public cards (the table,
  cards taken from it, the out-of-play pile); every hand once the match is over.
- Scat: the stock and the other hands, except cards known to lie there (taken from the
  discard pile); during the throw-down window even the seat's own hand.
- Schnapsen: the talon and both hands, except the seat's own hand and what was shown
  in this deal (each face-up trump card, exchanged cards, declared marriages).
- Schmier: the stock, the other hands and the other players' face-down discards.

A message is searched in parts, because card codes name cards, not places: a card shown
in an earlier deal may lie in a hidden hand now.

- The view (but its summary of a finished deal) and everything outside view and events:
  against what is hidden from the recipient now.
- Events of the current deal (they are public): against what is hidden from a watcher
  now, less the cards a watcher's view showed earlier in this deal (a reshuffled stock:
  its cards were seen on the pile, only its order is secret).
- Events of a finished deal and a view's summary of one: against what stayed hidden
  from a watcher through that whole deal (its stock, face-down discards, unrevealed
  hands), less what its end revealed (the showdown in Schnauz and Scat).
- The whole text: never the match's seed (it would give away every deck).

"Now" is the moment of the message's own ``seq`` (the table writes through a queue
per socket, so a message may arrive after the match moved on); a deal that an undo
re-enters after its end was shown counts as a leak too. The parts are cut out of the
text exactly as sent, so the search runs on the sent characters. Card codes are matched
as whole words (``AS``, ``TH``, ``JK``; ``10H`` is read as ``TH``; a word may hold
``-`` and ``_``, so a random table id is not a card), never as substrings.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from stammtisch.cards import card_code, iter_cards
from stammtisch.core.match import Match

CARD_CODES = frozenset(card_code(c) for c in iter_cards((1 << 53) - 1))
_WORD = re.compile(r"[\w-]+")
"""A word: letters, digits, ``_`` and ``-`` (so that a random table id is one word)."""
_CARD = re.compile(r"(?<![\w-])(?:(?:[2-9TJQKA]|10)[CDHS]|JK)(?![\w-])")
SUMMARIES = ("last_showdown", "last_deal")
"""View keys that describe a finished deal."""

Recipient = int | None


class Leak(AssertionError):
    """A message showed a client a card it may not see."""


def card_words(text: str) -> set[str]:
    """Every card code written as a whole word in ``text``."""
    found = set(_CARD.findall(text))
    for ten in [word for word in found if word[:2] == "10"]:
        found.remove(ten)
        found.add("T" + ten[2:])
    return found


def as_sent(message: dict[str, Any]) -> str:
    """A message as the table socket writes it (Starlette's ``send_json``)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def _words(value: Any) -> set[str]:
    return card_words(as_sent(value))


# --- what is hidden, per game ------------------------------------------------------------


def _schnauz(dump: dict[str, Any], seat: Recipient, _shown: set[str]) -> set[str]:
    allowed = set(dump["public"])
    if seat is not None:
        allowed.update(dump["hands"][seat])
    if dump["phase"] == "over":  # the final showdown revealed every hand
        allowed.update(card for hand in dump["hands"] for card in hand)
    return set(CARD_CODES - allowed)


def _scat(dump: dict[str, Any], seat: Recipient, _shown: set[str]) -> set[str]:
    hidden = set(dump["stock"])
    for other, cards in enumerate(dump["hands"]):
        mine = other == seat and (dump["phase"] != "throw_down"
                                  or bool(dump["declined"] >> other & 1))
        if not mine:
            hidden |= set(cards) - set(dump["known"][other])
    return hidden


def _schnapsen(dump: dict[str, Any], seat: Recipient, shown: set[str]) -> set[str]:
    hands = [set(hand) for hand in dump["hands"]]
    hidden = (set(dump["talon"]) | hands[0] | hands[1]) - shown
    if seat is not None:
        hidden -= hands[seat]
    return hidden


def _schmier(dump: dict[str, Any], seat: Recipient, _shown: set[str]) -> set[str]:
    hidden = set(dump["stock"])
    for other, (hand, discards) in enumerate(zip(dump["hands"], dump["discards"], strict=True)):
        if other != seat:
            hidden.update(hand)
            hidden.update(discards)
    return hidden


HIDDEN = {"schnauz": _schnauz, "scat": _scat, "schnapsen": _schnapsen, "schmier": _schmier}


def _shown_now(game: str, dump: dict[str, Any]) -> set[str]:
    """Schnapsen: the cards the current state shows face up (the trump card, exchanged
    cards, declared marriages); collected over the deal."""
    if game != "schnapsen":
        return set()
    shown = {card for _, took, gave, *_ in dump["exchanges"] for card in (took, gave)}
    if dump["trump_card"]:
        shown.add(dump["trump_card"])
    for _, suit in dump["marriages"]:
        shown.update((f"Q{suit}", f"K{suit}"))
    return shown


def _showdown_cards(game: str, match: Match, dump: dict[str, Any], deal: int) -> set[str]:
    """What the end of ``deal`` showed everyone: the showdown's hands and table in Schnauz
    and Scat (rules: every hand is revealed); nothing in the trick games."""
    if game not in ("schnauz", "scat"):
        return set()
    showdown = dump.get("last_showdown")
    if not showdown or showdown.get("deal") != deal:
        showdown = next((e for e in reversed(match.events)
                         if e.get("type") == "showdown" and e.get("deal") == deal), None)
    if not showdown:
        return set()
    return _words({"hands": showdown.get("hands"), "table": showdown.get("table")})


def _turned_up(match: Match, deal: int) -> set[str]:
    """Scat: the card a deal turns face up to start the discard pile."""
    found = next((e for e in match.events if e.get("type") == "deal" and e.get("deal") == deal),
                 None)
    return card_words(str(found.get("discard"))) if found else set()


def _action_shows(game: str, text: str) -> set[str]:
    """The cards an action shows: those it names; a Schnapsen marriage both its cards."""
    shown = card_words(text)
    if game == "schnapsen" and text.startswith("marriage "):
        shown.update(f"{rank}{card[-1]}" for card in list(shown) for rank in "QK")
    return shown


# --- following one match ---------------------------------------------------------------


@dataclass(frozen=True)
class Moment:
    """What was hidden at one ``seq`` of the table."""

    deal: int
    over: bool
    now: dict[Recipient, set[str]]
    """Per recipient: the cards hidden from it."""
    public_events: set[str]
    """The cards an event of the current deal may not show."""


class Secrets:
    """What each client of one match may not see at every ``seq`` of its table, and the
    check of a message text against it.

    The table writes messages through a queue per socket, so a message may reach its
    client after the match has moved on: it is checked against the moment of its own
    ``seq``. ``watch`` wraps the match's ``play`` and ``undo`` so that every change
    of the match is recorded as it happens, as the moment of the table's next ``seq``
    (an undo may take back several actions; the last one's state is that ``seq``'s).
    """

    def __init__(self, match: Match, seq: int = 0) -> None:
        self.match = match
        self.game = match.game
        self.recipients: list[Recipient] = [None, *range(match.num_players)]
        self.seed_word = str(match.seed)
        self.deal = -1
        self.now: dict[Recipient, set[str]] = {}
        self.seen_in_deal: set[str] = set()
        """Cards a watcher's view showed at some moment of the current deal."""
        self.shown: set[str] = set()
        self.ended: dict[int, set[str]] = {}
        """Per finished deal: the cards that stayed hidden from everyone through it."""
        self.event_deals: list[int] = []
        self._event_texts: dict[int, tuple[str, set[str]]] = {}
        """Each event of the match as sent and its card words, worked out once."""
        self.moments: dict[int, Moment] = {}
        self.messages = 0
        self.problems: list[Exception] = []
        """Failures found while recording (raised from the next check)."""
        self.record(seq)

    def watch(self, table_seq: Callable[[], int]) -> None:
        """Record every later change of the match; ``table_seq`` tells the table's
        ``seq`` before the change."""
        play, undo = self.match.play, self.match.undo

        def played(action: Any) -> Any:
            done = play(action)
            self.record(table_seq() + 1)
            return done

        def undone() -> Any:
            done = undo()
            self.record(table_seq() + 1)
            return done

        setattr(self.match, "play", played)  # noqa: B010 - an instance, not the class
        setattr(self.match, "undo", undone)  # noqa: B010

    def record(self, seq: int) -> None:
        try:
            self.moments[seq] = self._record()
        except Exception as problem:  # noqa: BLE001 - the server must not see it
            self.problems.append(problem)

    def _record(self) -> Moment:
        """The moment of the match's current state."""
        match = self.match
        dump = match.state.dump()
        deal = dump["deal"]
        over = match.result is not None
        if deal < self.deal:
            raise Leak(f"an undo took the match from deal {self.deal} back into deal {deal}: "
                       "the cards shown at its end (every hand at a showdown, the next "
                       "deal's cards) are known in a deal where they are hidden")
        if self.deal >= 0 and (deal != self.deal or over) and self.deal not in self.ended:
            last_action = match.actions[-1] if match.actions else ""
            self.ended[self.deal] = (self.now[None] - self.seen_in_deal
                                     - _showdown_cards(self.game, match, dump, self.deal)
                                     - _action_shows(self.game, last_action))
        for unseen in range(self.deal + 1, deal + 1 if over and self.deal < deal else deal):
            # A deal that ended as it was dealt (a dealt combination or 31): no state of
            # it was ever seen, so every card counts as hidden but its showdown's and the
            # card turned face up on the discard pile (Scat).
            self.ended[unseen] = (set(CARD_CODES) - _showdown_cards(self.game, match, dump, unseen)
                                  - _turned_up(match, unseen))
        if deal != self.deal:
            self.seen_in_deal, self.shown = set(), set()
        self.deal = deal
        self.shown |= _shown_now(self.game, dump)
        hidden = HIDDEN[self.game]
        self.now = {who: hidden(dump, who, self.shown) for who in self.recipients}
        watcher = match.view(None)
        self.seen_in_deal |= _words({k: v for k, v in watcher.items() if k not in SUMMARIES})
        events = match.events
        if len(events) < len(self.event_deals):  # an undo took events back
            del self.event_deals[len(events):]
            self._event_texts = {i: t for i, t in self._event_texts.items() if i < len(events)}
        current = self.event_deals[-1] if self.event_deals else 0
        for event in events[len(self.event_deals):]:
            if event.get("type") == "deal":
                current = event["deal"]
            self.event_deals.append(current)
        return Moment(deal, over, self.now, self.now[None] - self.seen_in_deal)

    def _forbid(self, where: str, words: set[str], hidden: set[str], who: Recipient,
                piece: str, text: str) -> None:
        found = words & hidden
        if found:
            raise Leak(f"{where} shows {sorted(found)} to "
                       f"{'a watcher' if who is None else f'seat {who}'}: "
                       f"{piece[:1500]} in {text[:300]}")

    def _finished(self, deal: int, moment: Moment) -> set[str]:
        """What a summary or an event of ``deal`` may not show at ``moment``."""
        if deal == moment.deal and not moment.over:
            return moment.public_events
        if deal in self.ended:
            return self.ended[deal]
        raise AssertionError(f"a message names deal {deal}, but the match was in deal "
                             f"{moment.deal} and has ended {sorted(self.ended)}")

    def _event_text(self, index: int, event: Any) -> tuple[str, set[str]]:
        """An event as sent and its card words; the match's own events worked out once."""
        known = self.match.events
        if index < len(known) and event == known[index]:
            cached = self._event_texts.get(index)
            if cached is None:
                piece = as_sent(event)
                cached = self._event_texts[index] = (piece, card_words(piece))
            return cached
        piece = as_sent(event)
        return piece, card_words(piece)

    def check(self, text: str, who: Recipient, message: dict[str, Any] | None = None) -> None:
        """Raise :class:`Leak` when ``text`` (a message as sent to ``who``) shows a card
        hidden from ``who``, or the seed; ``message`` is ``text`` read, if at hand."""
        if self.problems:
            raise self.problems[0]
        self.messages += 1
        if self.seed_word in text and self.seed_word in _WORD.findall(text):
            raise Leak(f"the match's seed {self.seed_word} was sent to {who}: {text[:2000]}")
        if message is None:
            message = json.loads(text)
        if message.get("type") != "state":
            # Not a state (an error, seated, a hint): no seq; what is hidden now.
            latest = self.moments[max(self.moments)]
            self._forbid("a message", card_words(text), latest.now[who], who, text, text)
            return
        moment = self.moments[message["seq"]]
        view = message["view"]
        assert view.get("deal") == moment.deal, (moment.deal, text[:500])
        # The text less the summaries and the events is searched against what is hidden
        # now; those parts are searched against their deal's secrets.
        rest = text
        for key in SUMMARIES:
            summary = view.get(key)
            if summary is None:
                continue
            if not isinstance(summary, dict) or not isinstance(summary.get("deal"), int):
                raise AssertionError(f"{key} without its deal: {summary}")
            piece = as_sent(summary)
            self._forbid(f"the view's {key}", card_words(piece),
                         self._finished(summary["deal"], moment), who, piece, text)
            rest = _cut(rest, f'"{key}":{piece}')
        pieces = []
        for index, event in enumerate(message["events"], message["log_start"]):
            deal = self.event_deals[index] if index < len(self.event_deals) else moment.deal
            piece, words = self._event_text(index, event)
            self._forbid(f"event {index} (deal {deal})", words, self._finished(deal, moment),
                         who, piece, text)
            pieces.append(piece)
        rest = _cut(rest, '"events":[' + ",".join(pieces) + "]")
        self._forbid("the message", card_words(rest), moment.now[who], who, rest, text)


def _cut(text: str, piece: str) -> str:
    """``text`` without ``piece`` (which must be in it, as sent)."""
    at = text.find(piece)
    if at < 0:
        raise AssertionError(f"not found as sent: {piece[:300]} in {text[:300]}")
    return text[:at] + text[at + len(piece):]

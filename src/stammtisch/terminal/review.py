"""A review (bots/review.py) as lines for the terminal: the table of decisions and the
accuracy per deal and for the match."""

from __future__ import annotations

from typing import Any

UNIT_WORDS = {"win": "chance to win", "points": "points"}


def _share(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def _loss(entry: dict[str, Any]) -> str:
    loss = entry["loss"]
    return "?" if loss is None else f"{loss:.3f}"


def review_lines(data: dict[str, Any]) -> list[str]:
    """The decisions of the reviewed seat, one per line, then the accuracy lines."""
    unit = UNIT_WORDS.get(data["unit"], data["unit"])
    lines = [
        f"Review of seat {data['seat']} ({data['game']}, {len(data['decisions'])} decisions;"
        f" the expert thought {data['budget']:g} s each). Loss in {unit};"
        f" ?? marks a mistake (a loss of {data['mistake']:g} or more), accurate is within"
        f" {data['close']:g} of the best.",
        "",
        f"{'deal':>4} {'move':>5}  {'played':<28} {'best':<28} {'loss':>6}  mark",
    ]
    for entry in data["decisions"]:
        mark = "??" if entry["mistake"] else ""
        lines.append(f"{entry['deal'] + 1:>4} {entry['move']:>5}  {entry['played']:<28} "
                     f"{entry['best']:<28} {_loss(entry):>6}  {mark}".rstrip())
    lines.append("")
    for deal in data["deals"]:
        if deal["decisions"]:
            lines.append(f"Deal {deal['deal'] + 1}: accuracy {_share(deal['accuracy'])}"
                         f" ({deal['decisions']} decisions, {deal['mistakes']} mistakes)")
    mistakes = sum(1 for entry in data["decisions"] if entry["mistake"])
    lines.append(f"Match: accuracy {_share(data['accuracy'])} ({len(data['decisions'])} "
                 f"decisions, {mistakes} mistakes)")
    for rank, index in enumerate(data["biggest"], 1):
        entry = data["decisions"][index]
        lines.append(f"Mistake {rank}: deal {entry['deal'] + 1}, move {entry['move']}: "
                     f"{entry['played']} instead of {entry['best']} (loss {_loss(entry)})")
    return lines

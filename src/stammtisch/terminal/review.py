"""A review (bots/review.py) as lines for the terminal: the table of decisions and the
accuracy per deal and for the match."""

from __future__ import annotations

from typing import Any

from stammtisch.i18n import decimal, fixed, percent, t

UNIT_KEYS = {"win": "term.unit_win", "points": "val.points"}


def _share(value: float | None) -> str:
    return "-" if value is None else percent(value)


def _loss(entry: dict[str, Any]) -> str:
    loss = entry["loss"]
    return "?" if loss is None else fixed(loss, 3)


def _counts(decisions: int, mistakes: int) -> str:
    return t("review.deal_counts", n=decisions, mistakes=mistakes)


def review_lines(data: dict[str, Any]) -> list[str]:
    """The decisions of the reviewed seat, one per line, then the accuracy lines."""
    unit = t(UNIT_KEYS[data["unit"]]) if data["unit"] in UNIT_KEYS else data["unit"]
    head = [t(f"term.column.{name}") for name in ("deal", "move", "played", "best", "loss",
                                                   "mark")]
    lines = [
        t("term.review_head", seat=t("ui.seat", n=data["seat"]), game=t(f"game.{data['game']}"),
          n=len(data["decisions"]), budget=decimal(data["budget"]), unit=unit,
          mistake=decimal(data["mistake"]), close=decimal(data["close"])),
        "",
        f"{head[0]:>4} {head[1]:>5}  {head[2]:<28} {head[3]:<28} {head[4]:>6}  {head[5]}",
    ]
    for entry in data["decisions"]:
        mark = "??" if entry["mistake"] else ""
        lines.append(f"{entry['deal'] + 1:>4} {entry['move']:>5}  {entry['played']:<28} "
                     f"{entry['best']:<28} {_loss(entry):>6}  {mark}".rstrip())
    lines.append("")
    for deal in data["deals"]:
        if deal["decisions"]:
            lines.append(t("term.review_deal", n=deal["deal"] + 1,
                           percent=_share(deal["accuracy"]),
                           counts=_counts(deal["decisions"], deal["mistakes"])))
    mistakes = sum(1 for entry in data["decisions"] if entry["mistake"])
    lines.append(t("term.review_match", percent=_share(data["accuracy"]),
                   counts=_counts(len(data["decisions"]), mistakes)))
    for rank, index in enumerate(data["biggest"], 1):
        entry = data["decisions"][index]
        lines.append(t("term.review_mistake", rank=rank, deal=entry["deal"] + 1,
                       move=entry["move"], played=entry["played"], best=entry["best"],
                       loss=_loss(entry)))
    return lines

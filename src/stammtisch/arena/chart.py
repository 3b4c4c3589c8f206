"""The arena's PNG: win share per bot with its interval and fair share, and the
per-deal figure where the game has one. Needs matplotlib (extra ``arena``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from stammtisch.arena.summary import BotFigures


def draw_chart(path: Path, title: str, figures: Sequence[BotFigures],
               metric: str | None) -> None:
    """Write the chart; raises ImportError when matplotlib is missing."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with_metric = metric is not None and any(b.per_deal is not None for b in figures)
    fig, axes = plt.subplots(1, 2 if with_metric else 1, figsize=(10 if with_metric else 6, 4),
                             squeeze=False)
    names = [f"{b.bot}\nElo {b.elo:.0f}" for b in figures]
    xs = range(len(figures))
    share = axes[0][0]
    share.bar(xs, [b.share for b in figures], color="#4c72b0",
              yerr=[[max(0.0, b.share - b.share_interval[0]) for b in figures],
                    [max(0.0, b.share_interval[1] - b.share) for b in figures]], capsize=6)
    for x, bot in zip(xs, figures, strict=True):
        share.hlines(bot.fair_share, x - 0.4, x + 0.4, colors="#c44e52", linestyles="dashed")
    share.set_xticks(list(xs), names)
    share.set_ylim(0, 1)
    share.set_ylabel("matches won (95% Wilson), dashed: fair share")
    if with_metric and metric is not None:
        per = axes[0][1]
        shown = [b for b in figures if b.per_deal is not None and b.per_deal_interval]
        values = [b.per_deal or 0.0 for b in shown]
        lows = [max(0.0, v - (b.per_deal_interval or (v, v))[0])
                for v, b in zip(values, shown, strict=True)]
        highs = [max(0.0, (b.per_deal_interval or (v, v))[1] - v)
                 for v, b in zip(values, shown, strict=True)]
        per.bar(range(len(shown)), values, color="#55a868", yerr=[lows, highs], capsize=6)
        per.set_xticks(list(range(len(shown))), [b.bot for b in shown])
        per.set_ylabel(f"{metric} (95%)")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)

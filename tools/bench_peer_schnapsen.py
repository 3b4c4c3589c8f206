"""Random deals per second of the PyPI package ``schnapsen`` (VU Amsterdam's course
platform), the peer of ``make bench``. Runs in its own environment (.venv-bench),
never in stammtisch's: ``python tools/bench_peer_schnapsen.py [--seconds S]``.

One of its games is one deal of Schnapsen to 66 (its rules are simpler: no
closing of the talon, no Bummerl). Two RandBots (``rng.choice`` of the valid
moves) play whole games through ``SchnapsenGamePlayEngine.play_game``, each from
a fresh shuffle of one running generator, until the time is spent; seconds are
the process's CPU time, as in tools/bench.py. The figures go to stdout as one
JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from importlib.metadata import version


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="random deals/s of the schnapsen package")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args(argv)
    from schnapsen.bots import RandBot
    from schnapsen.game import SchnapsenGamePlayEngine

    engine = SchnapsenGamePlayEngine()
    rng = random.Random(12345)
    bots = RandBot(random.Random(1), "one"), RandBot(random.Random(2), "two")
    deals = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < args.seconds or deals == 0:
        engine.play_game(bots[deals % 2], bots[1 - deals % 2], rng)
        deals += 1
        elapsed = time.process_time() - start
    json.dump({"package": "schnapsen", "version": version("schnapsen"), "deals": deals,
               "seconds": elapsed, "deals_per_second": deals / elapsed}, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

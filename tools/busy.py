"""Run a command on a loaded machine: busy loops beside it, as when the suite shares its
cores with other work (issue 47 found waits that only a loaded machine showed).

``python -m tools.busy --loops 4 --runs 3 -- make test`` starts four processes that spin
on the CPU, runs ``make test`` until it has passed three times in a row (it stops at the
first failure), and stops the loops whatever happens. ``make test-under-load`` does this.
"""

from __future__ import annotations

import argparse
import multiprocessing
import subprocess
import sys
import time


def spin() -> None:
    while True:
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.busy", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--loops", type=int, default=4, help="busy loops beside it")
    parser.add_argument("--runs", type=int, default=1,
                        help="times in a row the command must pass")
    parser.add_argument("command", nargs=argparse.REMAINDER,
                        help="what to run, after --")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given (python -m tools.busy -- make test)")
    loops = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.loops)]
    for loop in loops:
        loop.start()
    try:
        for run in range(1, args.runs + 1):
            started = time.monotonic()
            code = subprocess.call(command)
            took = time.monotonic() - started
            print(f"busy: run {run} of {args.runs} beside {args.loops} busy loops: "
                  f"{'passed' if code == 0 else f'failed ({code})'} in {took:.0f} s",
                  flush=True)
            if code != 0:
                return code
        return 0
    finally:
        for loop in loops:
            loop.terminate()
        for loop in loops:
            loop.join(timeout=10)


if __name__ == "__main__":
    sys.exit(main())

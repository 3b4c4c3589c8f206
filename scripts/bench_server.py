"""The web server under load: ``python scripts/bench_server.py [--clients 100,1000]
[--think 0.5,2.0] [--seconds 120]``; see :mod:`stammtisch.server.loadbench`."""

from __future__ import annotations

import sys

from stammtisch.server.loadbench import main

if __name__ == "__main__":
    sys.exit(main())

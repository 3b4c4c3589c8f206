# Two commands from a fresh clone: `make serve` and `make test`.
# Needs only Python 3.11+, make and (on Debian, when venv is missing) apt-get.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
BASE := $(VENV)/.installed-base
STAMP := $(VENV)/.installed
ARGS ?=

.PHONY: serve serve-cluster play test test-fast test-under-load lint typecheck unit bench bench-review bench-server clean chromium compiler

$(BIN)/python:
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "stammtisch needs Python 3.11 or newer"'
	@$(PYTHON) -m venv $(VENV) 2>/dev/null || { \
		echo "python3-venv is missing; installing it with apt-get"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		$$SUDO apt-get install -y -qq python3-venv python3-pip >/dev/null && \
		rm -rf $(VENV) && $(PYTHON) -m venv $(VENV); }

# What playing needs: the package and its compiled core (make serve).
$(BASE): $(BIN)/python pyproject.toml setup.py $(wildcard src/stammtisch/native/*.pyx src/stammtisch/native/*.pxd) | compiler
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e .
	@touch $(BASE)

# What the tests, the RL adapters and the arena on Ray need besides.
$(STAMP): $(BASE)
	$(BIN)/python -m pip install -q -e '.[dev,rl,ray]'
	@touch $(STAMP)

# The main job: the web table; open the address it prints.
serve: $(BASE)
	$(BIN)/stammtisch serve $(ARGS)

# Several server processes (README, "Several processes"): two on ports 8000 and 8001,
# sharing a PostgreSQL database and a Redis that must be running (the database must exist:
# `createdb stammtisch`, or CLUSTER_DB=... any other); Ctrl-C stops both.
CLUSTER_DB ?= postgresql+psycopg://postgres@127.0.0.1:5432/stammtisch
CLUSTER_REDIS ?= redis://127.0.0.1:6379/0
serve-cluster: $(STAMP)
	@trap 'kill $$first $$second 2>/dev/null; wait' INT TERM EXIT; \
	$(BIN)/stammtisch serve --port 8000 --db '$(CLUSTER_DB)' --redis '$(CLUSTER_REDIS)' $(ARGS) & first=$$!; \
	$(BIN)/stammtisch serve --port 8001 --db '$(CLUSTER_DB)' --redis '$(CLUSTER_REDIS)' $(ARGS) & second=$$!; \
	wait

play: $(BASE)
	$(BIN)/stammtisch play $(if $(GAME),$(GAME),schnauz) $(ARGS)

test: $(STAMP) chromium lint unit

# The compiled core (stammtisch.native) needs Debian's C compiler and Python's headers;
# without them the install warns and stammtisch runs in pure Python.
compiler:
	@{ command -v cc >/dev/null 2>&1 && $(PYTHON) -c 'import sysconfig, os, sys; \
		sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'; } || { \
		echo "a C compiler or Python's headers are missing (the compiled core needs them); installing gcc and python3-dev with apt-get"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		{ $$SUDO apt-get update -qq && \
		  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq gcc python3-dev >/dev/null; } || \
		echo "could not install them: stammtisch will run in pure Python"; }

# The browser tests drive Debian's Chromium (nothing may download a browser).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "Debian's chromium is missing (the browser tests need it); installing it with apt-get"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		{ $$SUDO apt-get update -qq && \
		  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; } || \
		echo "could not install chromium: the browser tests will say why they are skipped"; }

# Every test, on every core (pytest-xdist; CI has two): the suite is CPU-bound, and each
# test owns its files, ports, database schema and Redis prefix.
JOBS ?= auto
unit: $(STAMP)
	$(BIN)/python -m pytest -n $(JOBS) --dist worksteal $(ARGS)

# The edit loop: every test but the slow ones (marked `slow`) and the browser's, on
# every core (pytest-xdist), in under a minute; `make test` runs them all, with lint and
# types.
test-fast: $(STAMP)
	$(BIN)/python -m pytest -n $(JOBS) --dist worksteal -m "not slow and not browser" $(ARGS)

# `make test` beside BUSY busy loops (a machine loaded by other work) until it has passed
# RUNS times in a row: a test's waits must hold when the server answers slowly.
BUSY ?= 4
RUNS ?= 3
test-under-load: $(STAMP)
	$(BIN)/python -m tools.busy --loops $(BUSY) --runs $(RUNS) -- $(MAKE) test

lint: $(STAMP)
	$(BIN)/ruff check src tests tools examples
	$(BIN)/mypy

# The peer of the benchmark (PyPI schnapsen) lives in its own venv, never in ours.
BENCH_VENV := .venv-bench

$(BENCH_VENV)/.installed: $(BIN)/python
	$(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install -q schnapsen==0.0.5
	@touch $@

bench: $(STAMP) $(BENCH_VENV)/.installed
	$(BIN)/python -m tools.bench --peer-python $(BENCH_VENV)/bin/python \
		--review tests/data/schnapsen-bummerl-5-6.json $(ARGS)
	$(BIN)/python -m tools.bench_thirty_one
	$(BIN)/python -m tools.bench_schmier_native

# How soon a finished match's review and a lesson's advice come (issue 44): the
# server's review path deal by deal, before and after, and the coach's answer times.
bench-review: $(STAMP)
	nice -n 19 $(BIN)/python -m tools.reviewbench $(ARGS)
	nice -n 19 $(BIN)/python -m tools.coachtimes

# The web server under many WebSocket clients (a benchmark, not a test; minutes), then
# its cost per action and bytes per frame early and late in long matches (tools/longbench).
# BENCH_CLIENTS: the sizes; BENCH_PROCESSES=1,2: each size on one process, then on two
# sharing a PostgreSQL and a Redis (tools/loadbench.py --postgres, --redis: the local
# ones by default). BENCH_PLAY_NOW: the part of the clients that ask for tables through
# Play now.
BENCH_CLIENTS ?= 1000,5000
BENCH_PROCESSES ?= 1,2
BENCH_PLAY_NOW ?= 0.1
bench-server: $(STAMP)
	$(BIN)/python -m tools.loadbench --clients $(BENCH_CLIENTS) --processes $(BENCH_PROCESSES) \
		--play-now $(BENCH_PLAY_NOW) $(ARGS)
	$(BIN)/python -m tools.longbench

clean:
	rm -rf $(VENV) $(BENCH_VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis build dist src/*.egg-info test-artifacts \
		src/stammtisch/native/*.c src/stammtisch/native/*.so

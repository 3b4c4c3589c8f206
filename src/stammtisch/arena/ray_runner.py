"""Plays the scheduled matches as Ray tasks on a Ray cluster (``arena --ray``).

The other executor of :func:`stammtisch.arena.runner.run_matches`: the same table,
plans and ``step``, the same :class:`~stammtisch.arena.runner.Played`, the same
outcomes (each task is :func:`~stammtisch.arena.runner.play_match` of one plan).
The cluster is the one at ``address`` (``auto``: the one ``ray start`` runs on
this machine), or a local one started for the run and stopped after it; a
driver that is already connected (``ray.init`` before) keeps its connection.

No more matches are in flight than the cluster has CPUs, so that an interrupt
(Ctrl-C, SIGTERM) finds only matches in play: they are finished and kept with
the ones before, unless a second interrupt gives up on them.

A match lost with its worker or node is played again: first by Ray (the task's
``max_retries``), then by this driver up to :data:`REPLAYS` times more. Outcomes
are kept by plan index, so a match is counted once however often it ran.
"""

from __future__ import annotations

import logging
import os
import signal
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

from stammtisch.arena.lineup import ArenaError
from stammtisch.arena.runner import Executor, Outcome, Played, Table, play_match
from stammtisch.arena.schedule import MatchPlan
from stammtisch.errors import StammtischError

LOCAL = ""
"""The ``address`` that starts a local cluster for the run."""
TASK_RETRIES = 3
"""Ray's own retries of a task whose worker died."""
REPLAYS = 3
"""The driver's further attempts at a match once Ray has given up on it."""
POLL_SECONDS = 0.5
"""How long one wait for a finished match blocks before signals are looked at again."""
KILL_DIR_VARIABLE = "STAMMTISCH_ARENA_KILL_DIR"
"""For tests only: a directory where a file ``kill-<index>`` makes the worker that
starts match ``index`` kill itself (the file is consumed, so only once)."""


@contextmanager
def ray_cluster(address: str, cpus: int, retries: int = TASK_RETRIES) -> Iterator[Executor]:
    """An executor that plays on the cluster at ``address`` (``LOCAL``: a local cluster
    of ``cpus`` CPUs) while the context lasts."""
    ray = _import_ray()
    connected = _connect(ray, address, cpus)
    try:
        yield partial(_play_all, ray, retries=retries)
    finally:
        if connected:
            ray.shutdown()


def run_on_ray(table: Table, plans: Sequence[MatchPlan], address: str, cpus: int,
               step: Callable[[], None] = lambda: None,
               retries: int = TASK_RETRIES) -> Played:
    """The outcome of every plan played on the cluster at ``address``; ``step`` is
    called after each match."""
    with ray_cluster(address, cpus, retries) as play:
        return play(table, plans, step)


def play_in_worker(table: Table, plan: MatchPlan) -> Outcome:
    """One match, in a Ray worker."""
    _die_if_armed(plan)
    return play_match(table, plan)


def _import_ray() -> ModuleType:
    try:
        import ray
    except ImportError:
        raise ArenaError("--ray needs Ray: pip install 'stammtisch[ray]'") from None
    return ray


def _connect(ray: ModuleType, address: str, cpus: int) -> bool:
    """Whether this call connected (and so must disconnect) the driver."""
    if ray.is_initialized():
        return False
    quiet: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
    if address == LOCAL:
        # A cluster started for one run sends Ray no usage statistics, unless the user chose.
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        ray.init(address="local", num_cpus=cpus, include_dashboard=False, **quiet)
        return True
    try:
        ray.init(address=address, **quiet)
    except (ConnectionError, ValueError, RuntimeError) as error:
        raise ArenaError(f"cannot reach the Ray cluster at {address!r}: {error} (is it "
                         "running? A cluster with token authentication also needs "
                         "RAY_AUTH_MODE=token and its token: ray get-auth-token)") from None
    return True


def _play_all(ray: ModuleType, table: Table, plans: Sequence[MatchPlan],
              step: Callable[[], None], *, retries: int) -> Played:
    task = ray.remote(play_in_worker).options(num_cpus=1, max_retries=retries)
    table_ref = ray.put(table)
    waiting = deque(plans)
    in_flight: dict[Any, MatchPlan] = {}
    replays: dict[int, int] = {}
    outcomes: dict[int, Outcome] = {}

    def settle(ref: Any) -> None:
        plan = in_flight.pop(ref)
        outcome = _outcome_of(ray, ref)
        if outcome is None:
            replays[plan.index] = replays.get(plan.index, 0) + 1
            if replays[plan.index] > REPLAYS:
                attempts = (REPLAYS + 1) * (retries + 1)
                raise ArenaError(f"match {plan.index} (seed {plan.seed}) was lost with its "
                                 f"worker {attempts} times; giving up")
            waiting.appendleft(plan)
        elif plan.index not in outcomes:
            outcomes[plan.index] = outcome
            step()

    try:
        while waiting or in_flight:
            window = max(1, int(ray.cluster_resources().get("CPU", 1)))  # machines come, go
            while waiting and len(in_flight) < window:
                plan = waiting.popleft()
                in_flight[task.remote(table_ref, plan)] = plan
            done, _ = ray.wait(list(in_flight), num_returns=1, timeout=POLL_SECONDS)
            for ref in done:
                settle(ref)
    except KeyboardInterrupt:
        _finish_in_play(ray, in_flight, outcomes)
        return Played(_in_plan_order(outcomes), True)
    except BaseException:
        _cancel(ray, in_flight)
        raise
    return Played(_in_plan_order(outcomes), False)


def _outcome_of(ray: ModuleType, ref: Any) -> Outcome | None:
    """The finished task's outcome; ``None`` when the match was lost with its worker."""
    exceptions = ray.exceptions
    try:
        outcome: Outcome = ray.get(ref)
    except (exceptions.WorkerCrashedError, exceptions.NodeDiedError,
            exceptions.ObjectLostError, exceptions.OutOfMemoryError):
        return None
    except exceptions.RayTaskError as error:
        if isinstance(error.cause, StammtischError):
            raise error.cause from None
        if isinstance(error.cause, ImportError) or "failed to import" in str(error.cause):
            why = str(error).strip().splitlines()[-1]  # e.g. No module named 'mybots'
            raise ArenaError(f"a Ray worker cannot import what a match needs ({why}): every "
                             "machine of the cluster needs this version of stammtisch and "
                             "the modules of your bots") from None
        raise
    return outcome


def _finish_in_play(ray: ModuleType, in_flight: dict[Any, MatchPlan],
                    outcomes: dict[int, Outcome]) -> None:
    """Keep the matches in play that finish; a second interrupt stops waiting for them."""
    try:
        while in_flight:
            done, _ = ray.wait(list(in_flight), num_returns=1, timeout=POLL_SECONDS)
            for ref in done:
                plan = in_flight.pop(ref)
                try:
                    outcome = _outcome_of(ray, ref)
                except Exception:  # noqa: BLE001 - a match that failed is not kept
                    continue
                if outcome is not None:
                    outcomes.setdefault(plan.index, outcome)
    except KeyboardInterrupt:
        pass
    finally:
        _cancel(ray, in_flight)


def _cancel(ray: ModuleType, in_flight: dict[Any, MatchPlan]) -> None:
    for ref in in_flight:
        ray.cancel(ref, force=True)
    in_flight.clear()


def _in_plan_order(outcomes: dict[int, Outcome]) -> list[Outcome]:
    return [outcomes[index] for index in sorted(outcomes)]


def _die_if_armed(plan: MatchPlan) -> None:
    where = os.environ.get(KILL_DIR_VARIABLE)
    if not where:
        return
    try:
        (Path(where) / f"kill-{plan.index}").unlink()
    except FileNotFoundError:
        return
    os.kill(os.getpid(), signal.SIGKILL)

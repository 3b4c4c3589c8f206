"""The server's metrics, served at ``/metrics`` in Prometheus' text format
(server/routes/health.py).

Every app has a :class:`Metrics` of its own, in its own registry (never
``prometheus_client``'s global one), so that several apps in one process do not
collide. Code that holds the app's :class:`~stammtisch.server.store.Store` finds the
app's metrics with :func:`of`. What is process-wide (the hint worker's queue) keeps
its own counts (:class:`Waits`), read by every app's registry when it is scraped.

- ``stammtisch_actions_total``: actions played and stored (people, programs and
  computer players); its rate is the actions per second.
- ``stammtisch_action_seconds``: a person's or program's ``act`` from its message to
  its broadcast (the wait for the table's lock included).
- ``stammtisch_save_seconds``: storing one action; ``stammtisch_save_failures_total``.
- ``stammtisch_sockets{kind="table"|"bot"}``, ``stammtisch_tables``: open at this process.
- ``stammtisch_queue_waiting{queue="hint"|"coach"|"review"}`` and
  ``stammtisch_queue_wait_seconds``: requests waiting for the hint worker and the
  reviews, and how long they waited for their turn.
- ``stammtisch_relay_messages_total{direction="sent"|"received"|"lost"}``: messages
  between the server processes of a deployment (server/courier.py).
- ``stammtisch_lease_takeovers_total``: tables this process took from another one
  whose lease ran out (server/cluster.py).
- ``stammtisch_draining``: 1 once a shutdown began (server/drain.py).
"""

from __future__ import annotations

import time
import weakref
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import Collector

ACTION_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: an action's latency, from a millisecond to the seconds of a server in trouble."""
WAIT_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 120.0)
"""Seconds a request waits for its turn at a queue."""


class Queue(Protocol):
    """What the metrics read of a fair queue (server/fairqueue.py)."""

    @property
    def waits(self) -> Waits: ...

    @property
    def waiting(self) -> int: ...

    def waiting_at(self, rank: int) -> int: ...


class Waits:
    """How long the requests of one queue waited for their turn, by the queue's rank: a
    histogram kept by the queue itself, however many apps read it."""

    def __init__(self, buckets: tuple[float, ...] = WAIT_BUCKETS) -> None:
        self.buckets = buckets
        self.counts: dict[int, list[int]] = {}
        """Per rank, the waits in each bucket (not cumulative; the last: above all)."""
        self.sums: dict[int, float] = {}

    def observe(self, rank: int, seconds: float) -> None:
        counts = self.counts.setdefault(rank, [0] * (len(self.buckets) + 1))
        counts[bisect_left(self.buckets, seconds)] += 1
        self.sums[rank] = self.sums.get(rank, 0.0) + seconds


class _Live(Collector):
    """What is read when scraped: the open sockets and tables, the queues."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def collect(self) -> Iterable[Metric]:
        sockets = GaugeMetricFamily("stammtisch_sockets", "Sockets open at this process",
                                    labels=["kind"])
        for kind, count in sorted(self.metrics.sockets().items()):
            sockets.add_metric([kind], count)
        yield sockets
        yield GaugeMetricFamily("stammtisch_tables", "Tables in memory at this process",
                                value=self.metrics.tables())
        yield GaugeMetricFamily("stammtisch_draining", "1 once a shutdown began",
                                value=float(self.metrics.draining()))
        waiting = GaugeMetricFamily("stammtisch_queue_waiting",
                                    "Requests waiting for their turn", labels=["queue"])
        waits = HistogramMetricFamily("stammtisch_queue_wait_seconds",
                                      "Seconds requests waited for their turn",
                                      labels=["queue"])
        for name, depth, buckets, total in self.metrics.queue_figures():
            waiting.add_metric([name], depth)
            waits.add_metric([name], buckets, total)
        yield waiting
        yield waits


class Metrics:
    """One app's metrics (the module's text lists them)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        self.actions = Counter("stammtisch_actions", "Actions played and stored",
                               registry=registry)
        self.action_seconds = Histogram(
            "stammtisch_action_seconds", "A person's or program's action, from its "
            "message to its broadcast", buckets=ACTION_BUCKETS, registry=registry)
        self.save_seconds = Histogram("stammtisch_save_seconds", "Storing one action",
                                      buckets=ACTION_BUCKETS, registry=registry)
        self.save_failures = Counter("stammtisch_save_failures",
                                     "Actions that could not be stored", registry=registry)
        self.relay = Counter("stammtisch_relay_messages",
                             "Messages between the server processes of a deployment",
                             ["direction"], registry=registry)
        for direction in ("sent", "received", "lost"):
            self.relay.labels(direction)  # shown from the start, at 0
        self.takeovers = Counter("stammtisch_lease_takeovers", "Tables this process "
                                 "took from another whose lease ran out", registry=registry)
        self.sockets: Callable[[], dict[str, int]] = dict
        """The sockets open now, by kind (server/drain.py's count, once the app sets it)."""
        self.tables: Callable[[], int] = lambda: 0
        self.draining: Callable[[], bool] = lambda: False
        self.queues: list[tuple[str, Queue, tuple[int, ...] | None]] = []
        registry.register(_Live(self))

    def watch_queue(self, name: str, queue: Queue,
                    ranks: tuple[int, ...] | None = None) -> None:
        """Report ``queue``'s requests of ``ranks`` (None: all) as the queue ``name``."""
        self.queues.append((name, queue, ranks))

    def queue_figures(self) -> Iterator[tuple[str, int, list[tuple[str, float]], float]]:
        """Per queue name: how many wait, the cumulative buckets of the waits, their sum."""
        names = dict.fromkeys(name for name, _queue, _ranks in self.queues)
        for name in names:
            depth, counts, total = 0, [0] * (len(WAIT_BUCKETS) + 1), 0.0
            bounds: tuple[float, ...] = WAIT_BUCKETS
            for _name, queue, ranks in (q for q in self.queues if q[0] == name):
                waits = queue.waits
                bounds = waits.buckets
                chosen = ranks if ranks is not None else tuple(waits.counts)
                depth += sum(queue.waiting_at(rank) for rank in ranks) \
                    if ranks is not None else queue.waiting
                for rank in chosen:
                    for index, count in enumerate(waits.counts.get(rank, ())):
                        counts[index] += count
                    total += waits.sums.get(rank, 0.0)
            cumulative, running = [], 0
            for bound, count in zip([*map(str, bounds), "+Inf"], counts, strict=True):
                running += count
                cumulative.append((bound, float(running)))
            yield name, depth, cumulative, total

    @contextmanager
    def saving(self) -> Iterator[None]:
        """Time the body as an action's save; counted as an action played once it
        passes, as a failed save when it raises."""
        started = time.perf_counter()
        try:
            yield
        except BaseException:
            self.save_failures.inc()
            raise
        self.save_seconds.observe(time.perf_counter() - started)
        self.actions.inc()

    def took_over(self, before: str | None, after: str | None, me: str) -> None:
        """Count a lease taken: held by ``before``, now by ``after``; a takeover when it
        moved from another process to this one (``me``)."""
        if after == me and before not in (None, "", me):
            self.takeovers.inc()

    def exposition(self) -> bytes:
        """The scrape: every metric in Prometheus' text format."""
        return generate_latest(self.registry)


_apps: weakref.WeakKeyDictionary[Any, Metrics] = weakref.WeakKeyDictionary()
_UNWATCHED = Metrics()
"""The metrics of a store no app watches (a test's table alone): counted, never shown."""


def watch(store: Any, metrics: Metrics) -> None:
    """The app of ``store`` (server/store.py's Store) reports to ``metrics``."""
    _apps[store] = metrics


def of(store: Any) -> Metrics:
    """The metrics of the app whose store is ``store``."""
    return _apps.get(store, _UNWATCHED)

"""The worker processes of hints and reviews, stopped with the server.

``ProcessPoolExecutor.shutdown(wait=False)`` only asks a worker to stop once it is done,
and a worker holds both ends of its own job queue, so it never notices that its server
is gone: after ``kill -TERM`` (uvicorn shuts the app down, then lets the signal end the
process) a worker busy with a hint or a review lived on, orphaned. :func:`stop_pool`
ends the workers and waits for them.
"""

from __future__ import annotations

from concurrent.futures import Executor, ProcessPoolExecutor

JOIN = 5.0
"""Seconds a worker has to end after it was told to, before it is killed."""


def stop_pool(pool: Executor) -> None:
    """Shut ``pool`` down now: the work waiting is cancelled, the work running is dropped,
    and its worker processes are gone when this returns."""
    workers = list((pool._processes or {}).values()) \
        if isinstance(pool, ProcessPoolExecutor) else []
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        if worker.is_alive():
            worker.terminate()
    for worker in workers:
        worker.join(JOIN)
        if worker.is_alive():
            worker.kill()
            worker.join(JOIN)

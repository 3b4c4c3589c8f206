"""For a load balancer and a monitor: ``/healthz`` (the process answers: 200),
``/readyz`` (it may be sent clients: 200 ``{"ready": true}``; 503 ``{"ready": false,
"reason"}`` when the database or Redis does not answer within :data:`CHECK_TIMEOUT`,
or once a shutdown began, server/drain.py) and ``/metrics`` (server/metrics.py, in
Prometheus' text format)."""

from __future__ import annotations

import asyncio
import weakref

from prometheus_client import CONTENT_TYPE_LATEST
from sqlalchemy import Engine, text
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from stammtisch.server.deps import store
from stammtisch.server.drain import Drain
from stammtisch.server.metrics import Metrics

CHECK_TIMEOUT = 2.0
"""Seconds the database and Redis each have to answer a readiness check."""
NO_STORE = {"Cache-Control": "no-store"}


async def healthz(_request: Request) -> JSONResponse:
    return JSONResponse({"alive": True}, headers=NO_STORE)


def _ping_database(engine: Engine) -> None:
    with engine.connect() as db:
        db.execute(text("SELECT 1"))


_pings: weakref.WeakKeyDictionary[Engine, asyncio.Future[None]] = weakref.WeakKeyDictionary()
"""The database check in flight, per engine: checks asked meanwhile wait for it, so that
a database that hangs holds one worker thread, not one per check."""


def _database_answers(engine: Engine) -> asyncio.Future[None]:
    ping = _pings.get(engine)
    if ping is None or ping.done():
        ping = _pings[engine] = asyncio.ensure_future(asyncio.to_thread(_ping_database, engine))
        ping.add_done_callback(lambda done: done.cancelled() or done.exception())
    return ping


def _brief(error: BaseException) -> str:
    said = (str(error).strip().splitlines() or [type(error).__name__])[0]
    return said[:200]


async def _unready(request: Request) -> str | None:
    """Why this process should not be sent clients now; None when it may."""
    drain: Drain = request.app.state.drain
    if drain.draining:
        return "shutting down"
    try:
        await asyncio.wait_for(asyncio.shield(_database_answers(store(request).engine)),
                               CHECK_TIMEOUT)
    except TimeoutError:
        return f"the database did not answer within {CHECK_TIMEOUT:g} s"
    except Exception as error:  # noqa: BLE001 - whatever keeps the database away
        return f"the database is not reachable: {_brief(error)}"
    cluster = request.app.state.cluster
    if cluster is not None:
        try:
            await asyncio.wait_for(cluster.redis.ping(), CHECK_TIMEOUT)
        except TimeoutError:
            return f"Redis did not answer within {CHECK_TIMEOUT:g} s"
        except Exception as error:  # noqa: BLE001 - whatever keeps Redis away
            return f"Redis is not reachable: {_brief(error)}"
    return None


async def readyz(request: Request) -> JSONResponse:
    reason = await _unready(request)
    if reason is not None:
        return JSONResponse({"ready": False, "reason": reason}, status_code=503,
                            headers=NO_STORE)
    return JSONResponse({"ready": True}, headers=NO_STORE)


async def metrics(request: Request) -> Response:
    found: Metrics = request.app.state.metrics
    return Response(found.exposition(), media_type=CONTENT_TYPE_LATEST, headers=NO_STORE)


routes = [
    Route("/healthz", healthz, methods=["GET", "HEAD"]),
    Route("/readyz", readyz, methods=["GET", "HEAD"]),
    Route("/metrics", metrics, methods=["GET"]),
]

"""The ASGI app: pages, the JSON API, the table socket and the static files, behind the
:class:`~stammtisch.server.guard.Guard` (security headers, the Origin check)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount, WebSocketRoute
from starlette.staticfiles import StaticFiles

from stammtisch.server import hints, history, metrics, shared
from stammtisch.server.accounts import Accounts
from stammtisch.server.botsocket import bot_socket
from stammtisch.server.clientlimit import PerClient
from stammtisch.server.drain import Drain, RefuseWhileDraining
from stammtisch.server.guard import Guard
from stammtisch.server.hub import Hub
from stammtisch.server.playnow.service import for_app as play_now
from stammtisch.server.reviews import Reviews
from stammtisch.server.reviews import watch as watch_reviews
from stammtisch.server.routes import accounts as account_routes
from stammtisch.server.routes import api, bots, health, pages, players
from stammtisch.server.routes import playnow as playnow_routes
from stammtisch.server.routes import tournaments as tournament_routes
from stammtisch.server.sessions import Sessions
from stammtisch.server.settings import Settings
from stammtisch.server.store import Store, StoreError
from stammtisch.server.tournaments.runner import Runner
from stammtisch.server.ws import table_socket

log = logging.getLogger("stammtisch.server")


SWEEP_EVERY = 60.0
"""Seconds between two sweeps of the tables nobody came to (Hub.sweep)."""


async def _sweeping(hub: Hub) -> None:
    while True:
        await asyncio.sleep(SWEEP_EVERY)
        try:
            hub.sweep()
        except Exception:  # a failed sweep is tried again at the next one
            log.exception("the sweep of unjoined tables failed")


def _cluster_module() -> Any:
    """server/cluster.py, imported only where it is used: Redis's client is an extra."""
    try:
        from stammtisch.server import cluster
    except ImportError as missing:
        raise StoreError(f"several server processes need Redis's client ({missing}): "
                         "pip install 'stammtisch[cluster]'") from None
    return cluster


def _reach_redis(url: str) -> None:
    """Redis answers at ``url``, or :class:`StoreError` says why in one line (as for a
    database the server cannot use), before anything starts."""
    import redis

    shown = urlunsplit(urlsplit(url)._replace(netloc=urlsplit(url).netloc.rpartition("@")[2]))
    client = redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
    try:
        client.ping()
    except (redis.RedisError, OSError) as error:
        said = (str(error).strip().splitlines() or [type(error).__name__])[0]
        raise StoreError(f"cannot use Redis at {shown}: {said}") from None
    finally:
        client.close()


def _measured(store: Store, hub: Hub) -> metrics.Metrics:
    """The app's metrics (server/metrics.py): its store's, its tables and the hint
    worker's queue."""
    measured = metrics.Metrics()
    metrics.watch(store, measured)
    measured.tables = lambda: len(hub.tables)
    measured.watch_queue("hint", hints.queue, (hints.HINT,))
    measured.watch_queue("coach", hints.queue, (hints.COACH,))
    return measured


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings()
    me = _cluster_module().process_name() if settings.redis else None
    if settings.redis:
        _reach_redis(settings.redis)
    store = Store(settings.db_url, owner=me, lease=settings.lease)
    if me is not None and store.engine.dialect.name == "sqlite":
        store.dispose()
        raise StoreError("several server processes (--redis) share one database server: "
                         "use --db postgresql+psycopg://..., not a SQLite file")
    accounts = Accounts(store.engine)
    hub = Hub(store, settings.bot_delay, settings.grace,
              unjoined=settings.unjoined, bot_round=settings.bot_round,
              bot_time=settings.bot_time)
    measured = _measured(store, hub)  # before the cluster, which counts its messages there
    cluster = _cluster_module().Cluster(hub, settings, me) if me is not None else None
    playnow = play_now(hub, cluster)
    replays = history.Replays()
    runner = Runner(hub, me or "here")
    reviews = Reviews(settings.review_budget,
                      board=None if cluster is None else shared.ReviewBoard(cluster))
    measured.watch_queue("review", reviews.queue)
    drain = Drain()
    measured.sockets, measured.draining = drain.counts, lambda: drain.draining

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        sweeper = asyncio.get_running_loop().create_task(_sweeping(hub))
        advancing = asyncio.get_running_loop().create_task(runner.run())
        if cluster is not None:
            await cluster.start()
        await playnow.start()
        yield
        sweeper.cancel()
        advancing.cancel()
        await playnow.stop()
        if cluster is not None:
            await cluster.stop()
        hub.store.dispose()
        accounts.close()
        replays.close()
        reviews.close()
        hints.close()

    guard = Middleware(Guard, public_url=settings.public_url)
    refuse = Middleware(RefuseWhileDraining)  # no new tables while it shuts down
    app = Starlette(lifespan=lifespan, middleware=[guard, refuse], routes=[
        *health.routes,
        *pages.routes,
        *api.routes,
        *bots.routes,
        *account_routes.routes,
        *players.routes,
        *tournament_routes.routes,
        *playnow_routes.routes,
        WebSocketRoute("/ws/tables/{table_id}", drain.tracked("table", table_socket)),
        WebSocketRoute("/ws/bot", drain.tracked("bot", bot_socket)),
        Mount("/static", StaticFiles(directory=settings.web_dir), name="static"),
    ])
    app.state.settings = settings
    app.state.hub = hub
    app.state.tournament_runner = runner
    runner.paused = lambda: drain.draining
    app.state.playnow = playnow
    app.state.cluster = cluster
    app.state.replays = replays
    app.state.reviews = reviews
    if settings.reviews_at_end:
        watch_reviews(store, app.state)  # a match that ends begins its reviews
    app.state.drain, app.state.metrics = drain, measured
    app.state.table_limit = PerClient(settings.create_rate, settings.create_burst)
    app.state.bot_limit = PerClient(settings.bot_rate, settings.bot_burst)
    app.state.accounts = accounts
    app.state.sessions = Sessions(store.engine)
    app.state.account_limits = account_routes.account_limits(cluster)
    if cluster is not None:  # an address's limits hold across the processes
        app.state.table_limit = shared.SharedPerClient(
            cluster, "tables", settings.create_rate, settings.create_burst)
        app.state.bot_limit = shared.SharedPerClient(
            cluster, "bots", settings.bot_rate, settings.bot_burst)
    return app

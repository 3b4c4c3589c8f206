"""``stammtisch serve``: the app on uvicorn (with the limits of
:mod:`stammtisch.server.connections`), with the address to open printed first; its log
lines as text or JSON (server/logformat.py); a SIGTERM drains it (server/drain.py)."""

from __future__ import annotations

import contextlib
import gc
import signal
from types import FrameType

from stammtisch.server.app import create_app
from stammtisch.server.connections import uvicorn_config
from stammtisch.server.drain import DrainingServer
from stammtisch.server.logfilter import limit_server_logs
from stammtisch.server.logformat import configure as configure_logs
from stammtisch.server.settings import DEFAULT_DB, Settings


def _exit_on_sigterm(_signum: int, _frame: FrameType | None) -> None:
    """SIGTERM once uvicorn has shut the app down (it raises the signal again then): a
    normal exit, whose clean-up releases what the hint and review workers shared, with
    the status a shell gives a process ended by SIGTERM."""
    raise SystemExit(128 + signal.SIGTERM)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = DEFAULT_DB,
          bot_delay: float = 0.6, grace: float = Settings.grace,
          public_url: str | None = None, bot_time: float = Settings.bot_time,
          redis: str | None = None, redis_prefix: str = Settings.redis_prefix,
          lease: float = Settings.lease, log_format: str = "text",
          drain: float = 0.0) -> None:
    app = create_app(Settings(db_url=db, bot_delay=bot_delay, grace=grace,
                              public_url=public_url, bot_time=bot_time, redis=redis,
                              redis_prefix=redis_prefix, lease=lease))
    server = DrainingServer(uvicorn_config(app, host, port), app, wait=drain)
    configure_logs(log_format)  # after uvicorn's Config has set up its loggers
    limit_server_logs()
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    # What start-up built (modules, the app) lives as long as the server: keep it out of
    # the collector's full passes, which otherwise pause every table at once.
    gc.collect()
    gc.freeze()
    print(f"stammtisch: open http://{shown}:{port}/ in your browser (Ctrl-C stops)", flush=True)
    if public_url:
        print(f"stammtisch: invite links point to {public_url}", flush=True)
    if redis:
        print(f"stammtisch: one of several server processes ({app.state.cluster.me}); "
              "they share the database and Redis", flush=True)
    before = signal.signal(signal.SIGTERM, _exit_on_sigterm)
    try:
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn has shut down
            server.run()
    finally:
        signal.signal(signal.SIGTERM, before)
    if not server.started:
        raise SystemExit(3)  # uvicorn said why (the port in use, say)

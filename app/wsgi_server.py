"""``academy serve --prod``: gunicorn in this process's place, sync workers.

One worker per core plus one by default (``--workers`` or ``WEB_CONCURRENCY`` override);
each worker builds its own app (``app:create_app()``), so nothing a learner does lives in
one worker's memory: the record is in the database, limits in Redis (``REDIS_URL``).
"""

from __future__ import annotations

import os
import sys
from typing import Any

from gunicorn.app.base import BaseApplication


def default_workers() -> int:
    return (os.cpu_count() or 1) + 1


class _Server(BaseApplication):  # type: ignore[misc]
    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        from app import create_app

        return create_app()


def gunicorn_options(
    host: str, port: int, workers: int | None, timeout: int = 30
) -> dict[str, Any]:
    """gunicorn's settings: sync workers, ``workers`` or ``WEB_CONCURRENCY`` or cores + 1."""
    n = workers or int(os.environ.get("WEB_CONCURRENCY", 0) or 0) or default_workers()
    return {
        "bind": f"{host}:{port}",
        "workers": n,
        "worker_class": "sync",
        "timeout": timeout,
        "graceful_timeout": 20,
        "max_requests": 5000,  # a worker is replaced now and then: flat memory
        "max_requests_jitter": 500,
        "accesslog": None,  # the app's own JSON access log (ACCESS_LOG=1)
        "errorlog": "-",
        "preload_app": False,
    }


def run_gunicorn(
    host: str, port: int, workers: int | None, timeout: int = 30, limiter_storage: str = ""
) -> None:
    options = gunicorn_options(host, port, workers, timeout)
    n = options["workers"]
    print(f"Long Card Academy (gunicorn, {n} sync workers) on http://{host}:{port}/", flush=True)
    if n > 1 and limiter_storage.startswith("memory://"):
        print(
            f"warning: the rate limits count in each worker's memory ({n} workers: up to {n} "
            "times the configured tries); set REDIS_URL=redis://127.0.0.1:6379/0",
            file=sys.stderr,
            flush=True,
        )
    _Server(options).run()

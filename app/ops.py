"""Running the academy for real: the proxy in front, health, the access log, static
files with fingerprinted addresses, and a clear notice when the database is not set up.

- ``PROXY_HOPS`` (default 0): how many reverse proxies stand in front; with 1 (nginx),
  the client address, scheme and host come from that proxy's ``X-Forwarded-*`` headers
  (werkzeug's ProxyFix with an explicit hop count: never trusted without the setting).
- Every response carries an ``X-Request-Id`` (the proxy's, when it sends one); with
  ``ACCESS_LOG=1`` each request is logged as one JSON line (id, method, path, status,
  milliseconds, user or visitor) on the ``academy.access`` logger.
- ``url_for('static', …)`` adds ``?v=<content hash>``: nginx may cache ``/static/`` for a
  year, and a changed file gets a new address.
- ``/api/health`` and ``/healthz``: the database and Redis (when configured) answer, and
  the academy's version (:mod:`app.version`); no secrets.
- An unmigrated database gives every page a localized 503 saying to run
  ``academy setup``, instead of a 500.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import logging
import secrets
import time
from functools import cache
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, g, render_template, request, session
from flask.typing import ResponseReturnValue
from sqlalchemy import inspect, text
from sqlalchemy.exc import DataError, DBAPIError, IntegrityError, PendingRollbackError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.middleware.proxy_fix import ProxyFix

from app.extensions import db
from app.version import version

access_log = logging.getLogger("academy.access")


@cache
def _file_hash(path: str) -> str:
    p = Path(path)
    try:
        return hashlib.sha1(p.read_bytes()).hexdigest()[:10]
    except OSError:
        return ""


def check_database() -> bool:
    try:
        db.session.execute(text("SELECT 1"))
        return True
    except Exception:
        db.session.rollback()
        return False


REDIS_TIMEOUT = 0.5  # seconds to connect and to answer: a health check must not hang


@functools.lru_cache(maxsize=8)
def _redis_client(url: str) -> Any:
    """One client per URL for the process (its pool keeps the connection and reconnects
    after Redis comes back), not a new client and connection per health check."""
    import redis

    return redis.Redis.from_url(
        url, socket_connect_timeout=REDIS_TIMEOUT, socket_timeout=REDIS_TIMEOUT
    )


def check_redis(url: str) -> bool | None:
    """``None`` when no Redis is configured (memory storage)."""
    if not url.startswith(("redis://", "rediss://")):
        return None
    try:
        return bool(_redis_client(url).ping())
    except Exception:
        return False


def migrated() -> bool:
    """Whether the schema is there (the alembic version table and the users table)."""
    try:
        names = set(inspect(db.engine).get_table_names())
    except DBAPIError:
        return True  # the database is unreachable: that is a 503 of its own kind
    return {"alembic_version", "users"} <= names


def is_data_error(exc: BaseException) -> bool:
    """Whether the database refused a value (bad input, or a broken constraint), not the
    connection: SQLAlchemy's ``DataError`` and ``IntegrityError``, a driver's data
    exception however wrapped (psycopg's ``DataError``, SQLSTATE class 22, says "value
    out of range", "NUL byte", "invalid input syntax"), SQLite's ``OverflowError``."""
    if isinstance(exc, DataError | IntegrityError | OverflowError):
        return True
    orig = getattr(exc, "orig", None)
    if orig is None:
        return False
    if isinstance(orig, OverflowError):
        return True
    sqlstate = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None) or ""
    return str(sqlstate).startswith(("22", "23"))


def init_app(app: Flask) -> None:
    app.jinja_env.globals["academy_version"] = version()
    if app.config.get("ACCESS_LOG") and not access_log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        access_log.addHandler(handler)
        access_log.setLevel(logging.INFO)
        access_log.propagate = False
    hops = int(app.config.get("PROXY_HOPS", 0) or 0)
    if hops > 0:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]  # Flask's way to wrap its WSGI app
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops, x_prefix=hops
        )

    @app.url_defaults
    def _fingerprint(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "filename" in values and "v" not in values:
            folder = app.static_folder or ""
            digest = _file_hash(str(Path(folder) / values["filename"]))
            if digest:
                values["v"] = digest

    @app.before_request
    def _start() -> Response | None:
        g.request_id = (request.headers.get("X-Request-Id") or secrets.token_hex(8))[:64]
        g.started = time.perf_counter()
        if request.endpoint in ("static", "api.health", "ops.healthz"):
            return None
        if not current_app.config.get("_MIGRATED"):
            if not migrated():
                return _standalone(503, "not-set-up")
            current_app.config["_MIGRATED"] = True
        return None

    @app.after_request
    def _finish(response: Response) -> Response:
        rid = g.get("request_id")
        if rid:
            response.headers["X-Request-Id"] = rid
        if current_app.config.get("ACCESS_LOG") and rid:
            ms = (time.perf_counter() - g.get("started", time.perf_counter())) * 1000
            who = _who()
            access_log.info(
                json.dumps(
                    {
                        "id": rid,
                        "method": request.method,
                        "path": request.path,
                        "status": response.status_code,
                        "ms": round(ms, 1),
                        "who": who,
                        "ip": request.remote_addr,
                    }
                )
            )
        return response

    @app.errorhandler(DBAPIError)  # OperationalError, InterfaceError, ProgrammingError …
    @app.errorhandler(PendingRollbackError)
    @app.errorhandler(PoolTimeout)
    @app.errorhandler(OverflowError)  # SQLite: an integer beyond 64 bits
    def _database_error(exc: Exception) -> Any:
        """A value the database refused (:func:`is_data_error`): bad input that got past
        the checks at the edge (:mod:`app.inputs`), a bug: a 400, logged with its stack.
        Anything else: the database went away (or the schema is missing): a localized
        503 at once. Either way nothing is half-written (the session is rolled back)."""
        with contextlib.suppress(DBAPIError):
            db.session.rollback()
        # The rollback expired what was loaded (the visitor's profile, the user): the
        # after-request hooks must not reload it from a database that is gone.
        g.pop("profile", None)
        if is_data_error(exc):
            current_app.logger.exception(
                "bad data reached the database on %s %s", request.method, request.path
            )
            from app.errors import render_error

            return render_error(400)
        # why, for the operator (the learner sees the localized page): one line, no
        # statement or parameters (they may hold a learner's answer)
        orig = getattr(exc, "orig", None) or exc
        cause = (str(orig).strip().splitlines() or [""])[0][:200]
        current_app.logger.warning(
            "database unavailable on %s %s: %s: %s",
            request.method,
            request.path,
            type(orig).__name__,
            cause,
        )
        current_app.config.pop("_MIGRATED", None)
        return _standalone(503, "unavailable")

    @app.teardown_appcontext  # runs before Flask-SQLAlchemy's own (registered earlier)
    def _close_session(_exc: BaseException | None) -> None:
        """End the request's session. The database may have dropped the connection after
        the page was drawn: the closing ROLLBACK then fails. Nothing is left to roll back
        (the database ended that transaction), so the connection is thrown away instead of
        failing a finished request."""
        try:
            db.session.remove()
        except DBAPIError:
            current_app.logger.warning("database connection lost at the end of a request")
            with contextlib.suppress(Exception):
                db.session().invalidate()
            with contextlib.suppress(Exception):
                db.session.remove()

    from flask import Blueprint, jsonify

    bp = Blueprint("ops", __name__)

    @bp.get("/healthz")
    def healthz() -> ResponseReturnValue:
        resp: ResponseReturnValue = health_response(jsonify)
        return resp

    app.register_blueprint(bp)


def _who() -> str:
    """Who made the request, for the access log, without a database query (it may be gone,
    and a rollback expires the user): the user Flask-Login loaded, else the session's."""
    user = g.get("_login_user")
    if user is not None and getattr(user, "is_authenticated", False):
        identity = inspect(user).identity
        return f"user:{identity[0]}" if identity else "user"
    if user is None and "_user_id" in session:
        return "user:" + str(session["_user_id"]).partition(":")[0]
    return "visitor"


def _standalone(status: int, which: str) -> Response:
    """A page that needs no database (no account, no layout): the database is down or
    not set up. Localized from the language cookie or the browser."""
    g.no_database = True
    resp = Response(render_template("errors/standalone.html", which=which, status=status), status)
    resp.headers["Retry-After"] = "10"
    resp.headers["Cache-Control"] = "no-store"
    return resp


def health_response(jsonify: Any) -> Any:
    database = check_database()
    redis_ok = check_redis(str(current_app.config.get("RATELIMIT_STORAGE_URI", "")))
    ok = database and redis_ok is not False
    body = {"status": "ok" if ok else "degraded", "database": database, "version": version()}
    if redis_ok is not None:
        body["redis"] = redis_ok
    return jsonify(body), 200 if ok else 503

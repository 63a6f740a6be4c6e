"""Configuration from environment variables, with safe defaults.

=====================  ==========================================================
``SECRET_KEY``         Signing key. Unset: generated once into ``instance/secret_key``.
``INSTANCE_PATH``      Folder of the secret key, the SQLite file and the hashing locks.
                       Default: ``instance/`` beside the code.
``DATABASE_URL``       SQLAlchemy URL. Unset: SQLite file ``instance/academy.sqlite3``.
                       PostgreSQL: ``postgresql+psycopg://user@host/db``.
``SECURE_COOKIES``     ``1`` behind HTTPS: session and language cookies get ``Secure``.
``HSTS_MAX_AGE``       Seconds of ``Strict-Transport-Security``. Default: one year with
                       ``SECURE_COOKIES=1``, else ``0`` (no header). ``0`` turns it off.
``RATELIMIT_STORAGE_URI`` Flask-Limiter storage. Unset: ``memory://`` (counts per
                       process). Several workers: ``redis://127.0.0.1:6379/0``.
``SIGNIN_RATE_LIMIT``  Wrong passwords per address, default ``20 per minute;100 per
                       hour``: counted, a wrong one over it answered 429, a right one
                       never refused (a classroom shares an address). The current
                       password of a change: enforced, a counter of its own.
``SIGNIN_ACCOUNT_RATE_LIMIT`` Wrong passwords per account from browsers that never
                       signed in to it (no device cookie), ``5 per minute;20 per
                       hour``; over it such browsers wait, a known one never does.
``CODE_RATE_LIMIT``    Wrong join and quick-login codes per address, enforced, default
                       ``20 per minute;100 per hour``.
``CODE_SITE_RATE_LIMIT`` Wrong join and quick-login codes on the whole site, enforced,
                       default ``100 per minute;1000 per hour``.
``SIGNUP_RATE_LIMIT``  Accounts made per address, default ``10 per minute;50 per hour``.
``PASSWORD_CHANGE_RATE_LIMIT`` Password changes per account, default ``5 per hour``.
``PASSWORD_CHANGE_ADDRESS_RATE_LIMIT`` Password changes per address, default
                       ``30 per minute;100 per hour`` (a classroom changes at once).
``NEW_PASSWORD_RATE_LIMIT`` Sign-ups and password changes on the whole site, default
                       ``120 per minute``.
``PASSWORD_HASH_SLOTS`` Password hashes at once on this host (all workers), default
                       half the cores (at least 1). Beyond: "busy, try again" at once.
``PASSWORD_MIN_SCORE`` zxcvbn score (0-4) a new password needs, default ``3``.
``REDIS_URL``          One Redis for the rate limiter (and anything shared between
                       workers): ``RATELIMIT_STORAGE_URI`` follows it when unset.
``PROXY_HOPS``         Reverse proxies in front (nginx: ``1``): trust that many
                       ``X-Forwarded-*`` headers. Default ``0``: trust none.
``DB_POOL_SIZE``       PostgreSQL connections kept per worker process (default 5), plus
                       ``DB_MAX_OVERFLOW`` (default 5) in a burst; ``DB_TIMEOUT`` seconds
                       to wait for one (default 5), then a 503.
``DB_PING_AFTER``      seconds a pooled connection may sit idle before it is checked
                       on checkout (default 5; 0: checked every time).
``DB_LOCK_TIMEOUT``    seconds a statement may wait on a row another transaction holds
                       (default 10, below the worker's 30 s timeout), then a 503 instead
                       of a worker stuck until it is killed; 0: wait for ever.
``DB_IDLE_TX_TIMEOUT`` seconds a transaction may sit idle (its client gone quiet) before
                       PostgreSQL ends it and frees its rows (default 60; 0: never).
``ACCESS_LOG``         ``1``: one JSON line per request (request id, status, ms).
``ANYONE_MAY_TEACH``   ``1``: any account (not one a teacher made) may become a teacher
                       on ``/classes/``. Default: only an admin grants the role.
``PLAY_PACE_MS``       milliseconds between the engine seats' moves on the play table
                       (default 800; 0: all at once, as in the tests)
=====================  ==========================================================
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any


def _find_root() -> Path:
    """Where templates/, static/, translations/ … live: the source tree (a checkout or an
    editable install), else the data files of a pip install (``<prefix>/share/...``)."""
    here = Path(__file__).resolve().parent.parent
    if (here / "templates").is_dir():
        return here
    import sys

    for prefix in (sys.prefix, sys.base_prefix):
        shared = Path(prefix) / "share" / "long-card-academy"
        if (shared / "templates").is_dir():
            return shared
    return here


ROOT = _find_root()


def _truthy(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


def secret_key(instance_path: Path) -> str:
    """``SECRET_KEY`` from the environment, else one generated once and kept."""
    env = os.environ.get("SECRET_KEY")
    if env:
        return env
    path = instance_path / "secret_key"
    if path.exists():
        return path.read_text(encoding="utf-8").strip()
    instance_path.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(key)
    return key


def normalize_db_url(url: str) -> str:
    """Accept the common ``postgres://`` spellings and pick the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


LIMITS = {
    "SIGNIN_RATE_LIMIT": "20 per minute;100 per hour",
    "SIGNIN_ACCOUNT_RATE_LIMIT": "5 per minute;20 per hour",
    "SIGNUP_RATE_LIMIT": "10 per minute;50 per hour",
    "PASSWORD_CHANGE_RATE_LIMIT": "5 per hour",
    "PASSWORD_CHANGE_ADDRESS_RATE_LIMIT": "30 per minute;100 per hour",
    "NEW_PASSWORD_RATE_LIMIT": "120 per minute",
    "CODE_RATE_LIMIT": "20 per minute;100 per hour",
    "CODE_SITE_RATE_LIMIT": "100 per minute;1000 per hour",
}


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {raw!r}") from None


def engine_options(url: str) -> dict[str, Any]:
    """Connection pool: sized per worker for PostgreSQL, with a short wait for a free
    connection (then a 503), a connect timeout, and bounds on waiting for a locked row
    and on a transaction left idle. (A connection is checked before use
    only after it sat idle: :mod:`app.database`.)"""
    opts: dict[str, Any] = {}
    if url.startswith("postgresql"):
        opts.update(
            pool_size=_int("DB_POOL_SIZE", 5),
            max_overflow=_int("DB_MAX_OVERFLOW", 5),
            pool_timeout=_int("DB_TIMEOUT", 5),
            pool_recycle=1800,
            connect_args={
                "connect_timeout": _int("DB_TIMEOUT", 5),
                # no request waits for ever on a row another transaction holds, and no
                # transaction left open by a client gone quiet holds its rows for ever
                "options": (
                    f"-c lock_timeout={_int('DB_LOCK_TIMEOUT', 10) * 1000}"
                    f" -c idle_in_transaction_session_timeout="
                    f"{_int('DB_IDLE_TX_TIMEOUT', 60) * 1000}"
                ),
            },
        )
    return opts


def from_env(instance_path: Path) -> dict[str, Any]:
    secure = _truthy(os.environ.get("SECURE_COOKIES"))
    db_url = os.environ.get("DATABASE_URL") or f"sqlite:///{instance_path / 'academy.sqlite3'}"
    redis_url = os.environ.get("REDIS_URL", "")
    return {
        "SECRET_KEY": secret_key(instance_path),
        "SQLALCHEMY_DATABASE_URI": normalize_db_url(db_url),
        "SQLALCHEMY_ENGINE_OPTIONS": engine_options(normalize_db_url(db_url)),
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_SECURE": secure,
        "REMEMBER_COOKIE_HTTPONLY": True,
        "REMEMBER_COOKIE_SAMESITE": "Lax",
        "REMEMBER_COOKIE_SECURE": secure,
        "PREFERRED_URL_SCHEME": "https" if secure else "http",
        "HSTS_MAX_AGE": _int("HSTS_MAX_AGE", 365 * 24 * 3600 if secure else 0),
        "BABEL_DEFAULT_LOCALE": "zh",
        "BABEL_TRANSLATION_DIRECTORIES": str(ROOT / "translations"),
        "WTF_CSRF_TIME_LIMIT": None,
        "WTF_CSRF_HEADERS": ["X-CSRFToken"],
        "RATELIMIT_STORAGE_URI": os.environ.get("RATELIMIT_STORAGE_URI")
        or redis_url
        or "memory://",
        "PROXY_HOPS": _int("PROXY_HOPS", 0),
        "DB_PING_AFTER": _int("DB_PING_AFTER", 5),
        "ACCESS_LOG": _truthy(os.environ.get("ACCESS_LOG")),
        "RATELIMIT_HEADERS_ENABLED": True,
        # A true moving window: no double burst across the turn of a fixed window.
        "RATELIMIT_STRATEGY": "moving-window",
        # Redis unreachable: count in memory meanwhile rather than fail every request.
        "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
        **{name: os.environ.get(name, default) for name, default in LIMITS.items()},
        "PASSWORD_HASH_SLOTS": _int("PASSWORD_HASH_SLOTS", max(1, (os.cpu_count() or 2) // 2)),
        "PASSWORD_MIN_SCORE": _int("PASSWORD_MIN_SCORE", 3),
        "ANYONE_MAY_TEACH": _truthy(os.environ.get("ANYONE_MAY_TEACH")),
        "PLAY_PACE_MS": _int("PLAY_PACE_MS", 800),
        "SEND_FILE_MAX_AGE_DEFAULT": 3600,
        "MAX_CONTENT_LENGTH": 1024 * 1024,
    }

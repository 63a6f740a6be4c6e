"""Configuration from environment variables, with safe defaults.

=====================  ==========================================================
``SECRET_KEY``         Signing key. Unset: generated once into ``instance/secret_key``.
``DATABASE_URL``       SQLAlchemy URL. Unset: SQLite file ``instance/academy.sqlite3``.
                       PostgreSQL: ``postgresql+psycopg://user@host/db``.
``SECURE_COOKIES``     ``1`` behind HTTPS: session and language cookies get ``Secure``.
``HSTS_MAX_AGE``       Seconds of ``Strict-Transport-Security``. Default: one year with
                       ``SECURE_COOKIES=1``, else ``0`` (no header). ``0`` turns it off.
``RATELIMIT_STORAGE_URI`` Flask-Limiter storage. Unset: ``memory://`` (one process).
                       Several workers: ``redis://127.0.0.1:6379/0``.
``SIGNIN_RATE_LIMIT``  Sign-in attempts allowed, default ``10 per minute;50 per hour``.
``PASSWORD_MIN_SCORE`` zxcvbn score (0-4) a new password needs, default ``3``.
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


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {raw!r}") from None


def from_env(instance_path: Path) -> dict[str, Any]:
    secure = _truthy(os.environ.get("SECURE_COOKIES"))
    db_url = os.environ.get("DATABASE_URL") or f"sqlite:///{instance_path / 'academy.sqlite3'}"
    return {
        "SECRET_KEY": secret_key(instance_path),
        "SQLALCHEMY_DATABASE_URI": normalize_db_url(db_url),
        "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
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
        "LANGUAGES": ("zh", "en"),
        "WTF_CSRF_TIME_LIMIT": None,
        "WTF_CSRF_HEADERS": ["X-CSRFToken"],
        "RATELIMIT_STORAGE_URI": os.environ.get("RATELIMIT_STORAGE_URI", "memory://"),
        "RATELIMIT_HEADERS_ENABLED": True,
        "SIGNIN_RATE_LIMIT": os.environ.get("SIGNIN_RATE_LIMIT", "10 per minute;50 per hour"),
        "PASSWORD_MIN_SCORE": _int("PASSWORD_MIN_SCORE", 3),
        "SEND_FILE_MAX_AGE_DEFAULT": 3600,
        "MAX_CONTENT_LENGTH": 1024 * 1024,
    }

"""The signed session cookie and the form token, each worked out once, not per request.

Every page a visitor with a session opens verifies its cookie (an HMAC, base64, JSON)
and signs the session's form token anew for its forms (Flask-WTF signs on each
request): about forty microseconds of a page's time that give the same answer every
time for the same cookie. Here a worker keeps:

* the sessions it verified, by the cookie's exact text (and the secret keys): the same
  cookie is taken again at once while its signature is younger than the session's
  lifetime, as Flask's own check would. Only sessions of plain values (text, numbers)
  are kept: a kept list could be changed by the request that got it.
* the signed form of each session's form token, given again to that session's pages.
  Form tokens here never expire (``WTF_CSRF_TIME_LIMIT`` is ``None``), so a signed token
  made earlier is as good as a new one; with a time limit, each request signs anew.

Both are bounded (emptied when full) and hold nothing a request could not work out from
its own cookie.
"""

from __future__ import annotations

import time
from typing import Any

from flask import Flask, current_app, g, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from flask.wrappers import Request
from flask_wtf.csrf import generate_csrf
from itsdangerous import BadSignature

#: how many entries each cache holds before it is emptied
LIMIT = 20_000
_PLAIN = (str, int, float, bool, type(None))

_OPENED: dict[tuple[Any, ...], tuple[dict[str, Any], float]] = {}
_SIGNED: dict[tuple[Any, str], str] = {}


def _keys(app: Flask) -> tuple[Any, ...]:
    return (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))


class CookieSessions(SecureCookieSessionInterface):
    """Flask's signed cookie sessions, each cookie verified once per worker."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        text = request.cookies.get(self.get_cookie_name(app))
        if not text:
            return super().open_session(app, request)
        key = (*_keys(app), text)
        max_age = int(app.permanent_session_lifetime.total_seconds())
        kept = _OPENED.get(key)
        if kept is not None and time.time() - kept[1] <= max_age:
            return self.session_class(kept[0])
        serializer = self.get_signing_serializer(app)
        if serializer is None:
            return None
        try:
            data, signed_at = serializer.loads(text, max_age=max_age, return_timestamp=True)
        except BadSignature:
            return self.session_class()
        if isinstance(data, dict) and all(isinstance(v, _PLAIN) for v in data.values()):
            if len(_OPENED) >= LIMIT:
                _OPENED.clear()
            _OPENED[key] = (dict(data), signed_at.timestamp())
        return self.session_class(data)


def csrf_token() -> str:
    """This request's signed form token (templates' ``csrf_token()``): Flask-WTF's
    ``generate_csrf``, its signed token kept per session token while tokens never
    expire."""
    token = g.get("csrf_token")
    if token is not None:
        return str(token)
    config = current_app.config
    if config.get("WTF_CSRF_TIME_LIMIT") is not None:
        return str(generate_csrf())
    secret = config.get("WTF_CSRF_SECRET_KEY") or current_app.secret_key
    raw = session.get("csrf_token")
    if raw is not None:
        signed = _SIGNED.get((secret, raw))
        if signed is not None:
            g.csrf_token = signed
            return signed
    signed = str(generate_csrf())
    if len(_SIGNED) >= LIMIT:
        _SIGNED.clear()
    _SIGNED[(secret, session["csrf_token"])] = signed
    return signed


def init_app(app: Flask) -> None:
    app.session_interface = CookieSessions()

"""Device cookies: a browser that has signed in to an account is known to it.

OWASP's answer to password guessing that does not let a guesser lock the owner out:
the per-account limit on wrong passwords (:mod:`app.signin_limits`) holds only for
browsers that have never signed in to that account. A successful sign-in (password,
quick-login code, sign-up, password change) gives the browser a signed cookie naming
the account; with it, that browser is never throttled for that account, whoever is
guessing elsewhere.

The cookie (``known``) is signed with the app's secret (itsdangerous, its own salt) and
holds ``[account id, tag]`` pairs, newest first, at most :data:`MOST` of them: a shared
classroom computer knows each learner who signed in on it. The tag is an HMAC of the
account's password hash: a new password (changed by its owner or reset by a teacher)
makes every older cookie for that account worthless, and the cookie tells nothing about
the hash. Signing out keeps the cookie (it opens nothing by itself: it only spares its
browser the throttle).
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from flask import Response, current_app, request
from itsdangerous import BadSignature, URLSafeTimedSerializer

COOKIE = "known"
SALT = "device-cookie"
#: accounts one browser keeps (a classroom computer: a class and its teachers)
MOST = 40
#: how long a browser stays known after its last sign-in (seconds): a year
MAX_AGE = 365 * 24 * 3600


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.secret_key or "", salt=SALT)


def tag(user: Any) -> str:
    """What a cookie must carry for ``user`` now: changes with the password hash."""
    key = str(current_app.secret_key).encode()
    message = f"{user.id}:{user.password_hash or ''}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()[:20]


def _entries() -> list[tuple[int, str]]:
    text = request.cookies.get(COOKIE)
    if not text or len(text) > 4096:
        return []
    try:
        data = _serializer().loads(text, max_age=MAX_AGE)
    except BadSignature:
        return []
    found = []
    if isinstance(data, list):
        for item in data[:MOST]:
            if (
                isinstance(item, list)
                and len(item) == 2
                and isinstance(item[0], int)
                and isinstance(item[1], str)
            ):
                found.append((item[0], item[1]))
    return found


def knows(user: Any) -> bool:
    """Whether this browser has signed in to ``user`` since its password was last set."""
    if user is None or user.id is None:
        return False
    want = tag(user)
    return any(uid == user.id and hmac.compare_digest(t, want) for uid, t in _entries())


def remember(response: Response, user: Any) -> None:
    """This browser signed in to ``user``: put the account first in its cookie."""
    entries = [(uid, t) for uid, t in _entries() if uid != user.id]
    entries.insert(0, (user.id, tag(user)))
    value = _serializer().dumps([list(e) for e in entries[:MOST]])
    response.set_cookie(
        COOKIE,
        value,
        max_age=MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")),
    )

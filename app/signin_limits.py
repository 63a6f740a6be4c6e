"""How often accounts may be tried and made (every limit a setting).

What is counted is what an attacker needs and a classroom does not, and nobody can lock
someone else out:

- wrong passwords on sign-in per account (``SIGNIN_ACCOUNT_RATE_LIMIT``), counted and
  enforced only for browsers that have never signed in to that account: a browser with
  the account's device cookie (:mod:`app.devices`) is never throttled for it, so
  a guesser elsewhere cannot keep the owner out. Over the limit, a browser without the
  cookie is refused for that account before any password is checked;
- wrong passwords on sign-in per address (``SIGNIN_RATE_LIMIT``): counted (and logged)
  but a right password is never refused, so thirty learners behind one school address
  get in after their typos; a wrong one over the limit is answered 429 instead of 422;
- wrong current passwords on a password change, per account and per address (the same
  two settings, counters of their own, enforced: only someone signed in to the account
  can use them up);
- wrong join codes and quick-login codes (no name to count against): per address
  (``CODE_RATE_LIMIT``) and on the whole site (``CODE_SITE_RATE_LIMIT``), both enforced;
- accounts made per address (``SIGNUP_RATE_LIMIT``);
- password changes per account (``PASSWORD_CHANGE_RATE_LIMIT``) and per address
  (``PASSWORD_CHANGE_ADDRESS_RATE_LIMIT``, enough for a classroom of 30 at once);
- new password hashes on the whole site, sign-ups and changes together
  (``NEW_PASSWORD_RATE_LIMIT``), so that no crowd of addresses can keep the CPU hashing.

Nothing waits: a request over a limit is answered at once. The per-account key is the
name's key (:func:`app.usernames.name_key`), whether or not the account exists, so the
limit says nothing about which names are taken. Counts live in
``RATELIMIT_STORAGE_URI``: ``memory://`` counts per worker process; with several workers
use Redis so that a limit means the same for all of them. If Redis stops answering,
counting goes on in memory.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Response, current_app, g, request
from flask_login import current_user
from limits import RateLimitItem, parse_many

from app.extensions import limiter
from app.usernames import name_key

T = TypeVar("T")


def _setting(name: str) -> Callable[[], str]:
    return lambda: str(current_app.config[name])


def _submitted(field: str) -> str:
    """A field of the submitted form, or of a JSON body (Flask-WTF reads both)."""
    value = request.form.get(field)
    if value is None and request.is_json:
        data = request.get_json(silent=True)
        value = data.get(field) if isinstance(data, dict) else None
        if isinstance(value, list):
            value = value[0] if value else None
    return value if isinstance(value, str) else ""


def _account() -> str:
    """The account being tried: the signed-in one, else the name the form gives."""
    if current_user.is_authenticated:
        key = current_user.username_key
    else:
        key = name_key(_submitted("username"))
    return account_key(key)


def account_key(key: str) -> str:
    return "account:" + (key[:160] or "-")


def _site() -> str:
    return "site"


def wrong_password() -> None:
    """Count this request against the wrong-password limits."""
    g.wrong_password = True


def new_password() -> None:
    """Count this request against the new-password limits (an account or password made)."""
    g.new_password = True


def _was_wrong(_response: Response) -> bool:
    return bool(g.get("wrong_password"))


def _was_new(_response: Response) -> bool:
    return bool(g.get("new_password"))


def _limit(
    setting: str,
    scope: str,
    counted: Callable[[Response], bool],
    key: Callable[[], str] | None = None,
) -> Any:
    """A POST limit from ``setting``, counting the requests ``counted`` says (by address
    unless ``key`` is given); routes that share a ``scope`` share the counts."""
    return limiter.shared_limit(
        _setting(setting), scope=scope, key_func=key, methods=["POST"], deduct_when=counted
    )


# the current password of a password change (only its account's own sessions reach it)
current_per_address = _limit("SIGNIN_RATE_LIMIT", "wrong-password-current", _was_wrong)
current_per_account = _limit(
    "SIGNIN_ACCOUNT_RATE_LIMIT", "wrong-password-current-account", _was_wrong, _account
)
# join codes and quick-login codes: enforced per address and on the whole site
codes_per_address = limiter.shared_limit(
    _setting("CODE_RATE_LIMIT"), scope="wrong-code", methods=["GET", "POST"], deduct_when=_was_wrong
)
codes_per_site = limiter.shared_limit(
    _setting("CODE_SITE_RATE_LIMIT"),
    scope="wrong-code-site",
    key_func=_site,
    methods=["GET", "POST"],
    deduct_when=_was_wrong,
)
signups_per_address = _limit("SIGNUP_RATE_LIMIT", "signup", _was_new)
changes_per_account = _limit("PASSWORD_CHANGE_RATE_LIMIT", "password-change", _was_new, _account)
changes_per_address = _limit(
    "PASSWORD_CHANGE_ADDRESS_RATE_LIMIT", "password-change-address", _was_new
)
new_per_site = _limit("NEW_PASSWORD_RATE_LIMIT", "new-password", _was_new, _site)


# ---- sign-in: counted here, enforced by the view (device cookies decide) -------------------

log = logging.getLogger("app.limits")
SIGNIN_ADDRESS = "wrong-password"
SIGNIN_ACCOUNT = "wrong-password-account"


def _items(setting: str) -> list[RateLimitItem]:
    return list(parse_many(str(current_app.config[setting])))


def _run(use: Callable[[Any], T]) -> T:
    """``use(strategy)`` on the limiter's storage; on the in-memory one when it is down
    (as Flask-Limiter does for its own limits)."""
    try:
        return use(limiter.limiter)
    except Exception:
        if not current_app.config.get("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED"):
            raise
        if not limiter._storage_dead:
            log.warning("Rate limit storage unreachable - falling back to in-memory storage")
            limiter._storage_dead = True
        return use(limiter.limiter)


def _ids(scope: str, key: str) -> tuple[str, ...]:
    prefix = str(current_app.config.get("RATELIMIT_KEY_PREFIX") or "")
    return (prefix, scope, key) if prefix else (scope, key)


def _over(setting: str, scope: str, key: str) -> bool:
    """Whether one more would be past the limit (nothing counted)."""
    if not limiter.enabled:
        return False
    ids = _ids(scope, key)
    return bool(_run(lambda s: any(not s.test(item, *ids) for item in _items(setting))))


def _count(setting: str, scope: str, key: str) -> None:
    if not limiter.enabled:
        return
    ids = _ids(scope, key)
    _run(lambda s: [s.hit(item, *ids) for item in _items(setting)])


def _address() -> str:
    return request.remote_addr or "-"


def account_locked(key: str) -> bool:
    """Whether browsers that do not know the account (its name's ``key``) are refused."""
    return _over("SIGNIN_ACCOUNT_RATE_LIMIT", SIGNIN_ACCOUNT, account_key(key))


def wrong_signin(key: str, known: bool) -> bool:
    """Count a wrong password for the name's ``key`` from this address (and against the
    account unless this browser knows it). ``True`` when the address is over its limit
    (the answer is then 429; it was counted all the same)."""
    over = _over("SIGNIN_RATE_LIMIT", SIGNIN_ADDRESS, _address())
    _count("SIGNIN_RATE_LIMIT", SIGNIN_ADDRESS, _address())
    if not known:
        _count("SIGNIN_ACCOUNT_RATE_LIMIT", SIGNIN_ACCOUNT, account_key(key))
    if over:
        log.warning("wrong passwords from %s are over SIGNIN_RATE_LIMIT", _address())
    return over

"""How often accounts may be tried and made (Flask-Limiter; every limit a setting).

What is counted is what an attacker needs and a classroom does not:

- wrong passwords per address (``SIGNIN_RATE_LIMIT``) and per account
  (``SIGNIN_ACCOUNT_RATE_LIMIT``), on sign-in and on the current password of a password
  change. Successful sign-ins are not counted, so thirty learners signing in from one
  school address pass, while guessing one account stops after a few tries;
- accounts made per address (``SIGNUP_RATE_LIMIT``);
- password changes per account (``PASSWORD_CHANGE_RATE_LIMIT``) and per address
  (``PASSWORD_CHANGE_ADDRESS_RATE_LIMIT``, enough for a classroom of 30 at once);
- new password hashes on the whole site, sign-ups and changes together
  (``NEW_PASSWORD_RATE_LIMIT``), so that no crowd of addresses can keep the CPU hashing.

The per-account key is the name's key (:func:`app.usernames.name_key`), whether or not
the account exists, so the limit says nothing about which names are taken. Counts live
in ``RATELIMIT_STORAGE_URI``: ``memory://`` counts per worker process; with several
workers use Redis so that a limit means the same for all of them.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Response, current_app, g, request
from flask_login import current_user

from app.extensions import limiter
from app.usernames import name_key


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


def _limit(setting: str, scope: str, counted: Callable[[Response], bool], key=None):  # type: ignore[no-untyped-def]
    """A POST limit from ``setting``, counting the requests ``counted`` says (by address
    unless ``key`` is given); routes that share a ``scope`` share the counts."""
    return limiter.shared_limit(
        _setting(setting), scope=scope, key_func=key, methods=["POST"], deduct_when=counted
    )


wrong_per_address = _limit("SIGNIN_RATE_LIMIT", "wrong-password", _was_wrong)
wrong_per_account = _limit(
    "SIGNIN_ACCOUNT_RATE_LIMIT", "wrong-password-account", _was_wrong, _account
)
signups_per_address = _limit("SIGNUP_RATE_LIMIT", "signup", _was_new)
changes_per_account = _limit("PASSWORD_CHANGE_RATE_LIMIT", "password-change", _was_new, _account)
changes_per_address = _limit(
    "PASSWORD_CHANGE_ADDRESS_RATE_LIMIT", "password-change-address", _was_new
)
new_per_site = _limit("NEW_PASSWORD_RATE_LIMIT", "new-password", _was_new, _site)

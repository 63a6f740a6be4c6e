"""Wrong join codes and quick-login codes count with wrong passwords, per address
(``SIGNIN_RATE_LIMIT``, the same counter as the sign-in form: :mod:`app.accounts.limits`)."""

from __future__ import annotations

from flask import Response, current_app, g

from app.extensions import limiter


def _counted(_response: Response) -> bool:
    return bool(g.get("wrong_password"))


wrong_per_address = limiter.shared_limit(
    lambda: str(current_app.config["SIGNIN_RATE_LIMIT"]),
    scope="wrong-password",
    methods=["POST"],
    deduct_when=_counted,
)

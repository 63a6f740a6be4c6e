"""Response headers: Content-Security-Policy without inline script, and friends."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, current_app, request, session
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _is_form_like(data: Any) -> bool:
    """A JSON body a form can read: an object whose values are text (or lists of text)."""
    if not isinstance(data, dict):
        return False
    for value in data.values():
        items = value if isinstance(value, list) else [value]
        if not all(isinstance(v, str) and _encodable(v) for v in items):
            return False
    return all(_encodable(k) for k in data)


def _encodable(text: str) -> bool:
    """False for lone surrogates (``"\\ud800"`` in JSON): they cannot be stored or shown."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def init_app(app: Flask) -> None:
    @app.before_request
    def _json_bodies() -> ResponseReturnValue | None:
        """Flask-WTF reads a JSON body as form data; anything but a flat object is a 400."""
        if not (request.method in WRITE_METHODS and request.is_json):
            return None
        if _is_form_like(request.get_json(silent=True)):
            return None
        from app.errors import render_error

        return render_error(
            400, _("This address takes a form, or a JSON object whose values are text.")
        )

    @app.after_request
    def _headers(response: Response) -> Response:
        h = response.headers
        h.setdefault("Content-Security-Policy", CSP)
        h.setdefault("X-Content-Type-Options", "nosniff")
        h.setdefault("Referrer-Policy", "same-origin")
        h.setdefault("X-Frame-Options", "DENY")
        h.setdefault("Cross-Origin-Opener-Policy", "same-origin")
        hsts = current_app.config.get("HSTS_MAX_AGE", 0)
        if hsts > 0:
            h.setdefault("Strict-Transport-Security", f"max-age={hsts}")
        if request.endpoint != "static" and "_user_id" in session:
            # A signed-in page is this learner's alone: no shared or back-button copies.
            # (The session says who is signed in; no database look-up for a header.)
            h["Cache-Control"] = "private, no-store"
        if response.mimetype == "text/html":
            response.vary.add("HX-Request")
            response.vary.add("Cookie")
            response.vary.add("Accept-Language")
        return response

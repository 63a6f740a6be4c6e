"""Localized error pages; no stack trace ever reaches the visitor."""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from app.extensions import db
from app.hashing import HashingBusy

bp = Blueprint("errors", __name__)


def _titles() -> dict[int, tuple[str, str]]:
    return {
        400: (
            _("Bad request"),
            _("The request could not be understood. Please go back and try again."),
        ),
        403: (_("Not allowed"), _("You are not allowed to do that.")),
        404: (_("Page not found"), _("There is no page at this address.")),
        405: (_("Not allowed"), _("This address does not accept that kind of request.")),
        413: (_("Too large"), _("What you sent is too large.")),
        422: (_("Cannot be processed"), _("What you sent could not be processed.")),
        429: (
            _("Too many attempts"),
            _("Too many attempts in a short time. Please wait a minute and try again."),
        ),
        503: (_("Busy"), _("The server is busy. Please try again in a moment.")),
        500: (
            _("Something went wrong"),
            _(
                "Something went wrong on our side. Nothing you entered was half-saved; please try again."
            ),
        ),
    }


def render_error(status: int, detail: str | None = None) -> tuple[str, int]:
    titles = _titles()
    title, message = titles.get(status, titles[500] if status >= 500 else titles[400])
    template = "errors/_error.html" if getattr(request, "htmx", False) else "errors/error.html"
    return render_template(template, status=status, title=title, message=detail or message), status


@bp.app_errorhandler(CSRFError)
def csrf_error(exc: CSRFError) -> ResponseReturnValue:
    return render_error(
        400,
        _("This form has expired or did not come from this site. Reload the page and try again."),
    )


@bp.app_errorhandler(HashingBusy)
def hashing_busy(exc: HashingBusy) -> ResponseReturnValue:
    """Every password-hashing slot is taken (the account forms answer this themselves)."""
    body, status = render_error(503)
    return body, status, {"Retry-After": "2"}


@bp.app_errorhandler(HTTPException)
def http_error(exc: HTTPException) -> ResponseReturnValue:
    return render_error(exc.code or 500)


@bp.app_errorhandler(Exception)
def server_error(exc: Exception) -> ResponseReturnValue:
    db.session.rollback()
    import logging

    logging.getLogger("app").exception("unhandled error")
    return render_error(500)

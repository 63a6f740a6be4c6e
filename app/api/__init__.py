"""Read-only JSON API."""

from flask import Blueprint

bp = Blueprint("api", __name__)

from app.api import routes  # noqa: E402,F401

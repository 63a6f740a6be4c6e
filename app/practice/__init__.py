"""Practice tools driven by the engine: count a hand, find its waits."""

from flask import Blueprint

bp = Blueprint("practice", __name__)

from app.practice import routes  # noqa: E402,F401

"""Play a whole deal against the engine's players, with a coach and a review (issue 16)."""

from flask import Blueprint

bp = Blueprint("play", __name__)

from app.play import routes  # noqa: E402,F401

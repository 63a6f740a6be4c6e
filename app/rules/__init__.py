"""Rules (guize): one page per game with its whole rule set, each line linked to the
lesson step that teaches it; prints on two A4 sheets."""

from flask import Blueprint

bp = Blueprint("rules", __name__)

from app.rules import routes  # noqa: E402,F401

"""Progress (xuexi jindu): skills, stars and history per game; other areas add sections."""

from flask import Blueprint

bp = Blueprint("progress", __name__)

from app.progress import routes  # noqa: E402,F401

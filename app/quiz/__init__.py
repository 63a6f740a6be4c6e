"""Quizzes (ceyan): per game and lesson unit; and the spaced review queue (/review)."""

from flask import Blueprint

bp = Blueprint("quiz", __name__)

from app.quiz import routes  # noqa: E402,F401

"""Exercises (lianxiti): every exercise at its own address (the demo set at /exercises/),
answered and judged in place; lessons, practice and quizzes embed the same block."""

from flask import Blueprint

bp = Blueprint("exercises", __name__)

from app.exercises import routes  # noqa: E402,F401

"""Lessons (kecheng): a path per game, each lesson a few short steps judged by the engine;
the glossary and the games side by side."""

from flask import Blueprint

bp = Blueprint("lessons", __name__)

from app.lessons import routes  # noqa: E402,F401

"""Learner accounts: sign up, sign in, sign out, change password, language."""

from flask import Blueprint

bp = Blueprint("accounts", __name__)

from app.accounts import routes  # noqa: E402,F401

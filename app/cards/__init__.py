"""Cards (pai): the galleries of every deck and the table showcase (routes only; the
catalog, pictures and table components they draw with live in :mod:`app.ui`)."""

from flask import Blueprint

bp = Blueprint("cards", __name__)

from app.cards import routes  # noqa: E402,F401

"""/rules/<game>: a game's rules on one page."""

from __future__ import annotations

from flask import abort, render_template
from flask.typing import ResponseReturnValue

from app.i18n import page_locale
from app.learning.rules_pages import page_of
from app.rules import bp, service


@bp.get("/rules/<game>")
def page(game: str) -> ResponseReturnValue:
    rules = page_of(game)
    if rules is None:
        abort(404)
    return render_template("rules/page.html", r=service.view(rules, page_locale()))

from __future__ import annotations

from flask import abort, render_template, request
from flask_babel import get_locale

from app.content import game_texts, games_structure
from app.htmx_utils import page
from app.practice import bp, service
from app.practice.variants import FORMS
from app.ui.text import count_lines


def _locale() -> str:
    return str(get_locale())


@bp.get("/")
def index():  # type: ignore[no-untyped-def]
    texts = game_texts(_locale())
    games = [
        {
            "id": g["id"],
            "family": g["family"],
            "name": texts[g["id"]]["name"],
            "form": FORMS[g["id"]],
        }
        for g in games_structure()
        if g["id"] in FORMS
    ]
    return render_template("practice/index.html", games=games)


@bp.get("/<variant>/count")
def count(variant: str):  # type: ignore[no-untyped-def]
    form = FORMS.get(variant)
    if form is None:
        abort(404)
    data = service.CountInput.from_args(form, request.args)
    result = error = None
    if not data.empty:
        result, error = service.count(form, data, _locale())
    analysis = result.analysis if result else None
    ctx = {
        "form": form,
        "data": data,
        "result": result,
        "analysis": analysis,
        "error": error,
        "lines": count_lines(form.family, analysis and analysis.count, _locale()),
        "settlement": count_lines(form.family, analysis and analysis.settlement, _locale()),
        "game_name": game_texts(_locale())[variant]["name"],
    }
    return page("practice/count.html", "practice/_count.html", status=422 if error else 200, **ctx)

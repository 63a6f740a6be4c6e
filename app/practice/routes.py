from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import abort, render_template, request
from flask.typing import ResponseReturnValue

from app.content import game_texts, games_structure
from app.htmx_utils import page
from app.i18n import page_locale
from app.inputs import digits, finite_or, int_or
from app.practice import bp, service
from app.practice.variants import FORMS
from app.text.results import count_lines
from app.ui import fragments


def _locale() -> str:
    return page_locale()


@bp.get("/")
def index() -> ResponseReturnValue:
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
def count(variant: str) -> ResponseReturnValue:
    form = FORMS.get(variant)
    if form is None:
        abort(404)
    # the tool's answer depends on nothing but the address and the language: drawn once
    key = (variant, tuple(sorted(request.args.items(multi=True))))
    drawn = fragments.peek("count-tool", *key)
    if drawn is not None:
        name = game_texts(_locale())[variant]["name"]
        return page("practice/count.html", "practice/_count.html", drawn=drawn, game_name=name)
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
        "lines": count_lines(
            form.family, analysis.count if analysis else None, _locale(), form.variant
        ),
        "settlement": count_lines(
            form.family, analysis.settlement if analysis else None, _locale(), form.variant
        ),
        "game_name": game_texts(_locale())[variant]["name"],
        "pool": service.deck_pool(form),
        "drawn": None,
        "cache_key": None if error else key,
    }
    return page("practice/count.html", "practice/_count.html", status=422 if error else 200, **ctx)


# -- themed positions -------------------------------------------------------------------

from app.engine.core.registry import all_variants, find_game  # noqa: E402
from app.learning import practice  # noqa: E402
from app.learning.exercise import Exercise  # noqa: E402
from app.practice import positions  # noqa: E402
from app.profiles import current_profile  # noqa: E402
from app.ui import flow  # noqa: E402

GAMES = tuple(v.id for v in all_variants())


def _game(game: str) -> str:
    if game not in GAMES:
        abort(404)
    return game


def _position_url(game: str, theme: str, seat: int, code: str) -> str:
    from flask import url_for

    return url_for("practice.position", game=game, theme=theme, seat=seat, code=code)


def _after_practice(ref: str, ex: Exercise, then: str = "") -> str | None:
    from flask import url_for

    return url_for("practice.next_position", game=ex.game, theme=ref)


flow.CONTINUE["practice"] = _after_practice


@bp.get("/<game>/")
def dashboard(game: str) -> ResponseReturnValue:
    _game(game)
    profile = current_profile()
    rows = positions.theme_rows(profile, game, _locale())
    best, worst = positions.strengths(rows)
    recent = positions.history(profile, game)
    return render_template(
        "practice/dashboard.html",
        game=game,
        themes=rows,
        best=best,
        worst=worst,
        titles={r.id: r.title for r in rows},
        rating=practice.learner_rating(profile, game),
        provisional_rd=practice.PROVISIONAL_RD,
        missed=positions.missed(profile, game)[:10],
        recent=recent,
    )


@bp.get("/<game>/next")
def next_position(game: str) -> ResponseReturnValue:
    from flask import redirect

    _game(game)
    theme = request.args.get("theme", "")
    if practice.theme(game, theme) is None:
        abort(404)
    found = positions.next_for(current_profile(), game, theme)
    if found is None:  # the engine found none in this run of deals: say so, offer a retry
        return render_template(
            "practice/none_found.html", game=game, theme=practice.theme(game, theme)
        )
    code, seat = found
    return redirect(_position_url(game, theme, seat, code), code=303)


@bp.get("/<game>/p/<theme>/<int:seat>/<path:code>")
def position(game: str, theme: str, seat: int, code: str) -> ResponseReturnValue:
    _game(game)
    problem = positions.position_error(game, theme, seat, code)
    if problem is not None:
        message = positions.problem_text(game, problem, _locale())
        return render_template(
            "practice/bad_position.html", game=game, message=message, code=code
        ), 422
    ex = practice.exercise(theme, seat, code)
    assert ex is not None
    state, rating = practice.my_state_and_rating(ex)
    blk = flow.block(ex, "practice", theme, done=request.args.get("done"), states={ex.id: state})
    th = practice.theme(game, theme)
    return page(
        "practice/position.html",
        "components/exercise_block.html",
        b=blk,
        game=game,
        theme=th,
        share=request.url_root.rstrip("/") + _position_url(game, theme, seat, code),
        rating=rating,
    )


def _number(text: str | None, default: float) -> float:
    return finite_or(text, default)


@bp.get("/<game>/print")
def worksheet(game: str) -> ResponseReturnValue:
    _game(game)
    theme = request.args.get("theme") or None
    low, high = _number(request.args.get("min"), 0.0), _number(request.args.get("max"), 4000.0)
    typed = request.args.get("codes", "")[:20000]
    codes = [c for c in request.args.getlist("code") if c]
    codes += [line.strip() for line in typed.splitlines() if line.strip()]
    items = positions.worksheet(game, theme, low, high, codes[:12])
    return render_template(
        "practice/worksheet.html",
        game=game,
        theme=practice.theme(game, theme) if theme else None,
        themes=practice.themes(game).values(),
        low=request.args.get("min", ""),
        high=request.args.get("max", ""),
        typed=typed,
        items=[
            (ex, flow.block(ex, "practice", ex.source), positions.answer_key(ex)) for ex in items
        ],
    )


# -- the position editor ----------------------------------------------------------------


def _author_id() -> int | None:
    from flask_login import current_user

    return int(current_user.id) if current_user.is_authenticated else None


def _editor_page(game: str, ed: positions.EditorView, status: int = 200) -> ResponseReturnValue:
    return page("practice/editor.html", "practice/_editor.html", status=status, ed=ed, game=game)


@bp.get("/<game>/editor")
def editor(game: str) -> ResponseReturnValue:
    """Build a position: start from a fresh deal (or a pasted code), choose any seat's
    hand with the card picker and the card the stock turns next, play it forward move
    by move, every step checked by the engine; then check it as a practice theme, get
    its code and link, and save it (signed in)."""
    _game(game)
    ed = positions.editor_view(game, request.args, _locale(), _author_id())
    return _editor_page(game, ed, 422 if ed.error else 200)


@bp.post("/<game>/editor")
def editor_read(game: str) -> ResponseReturnValue:
    """A pasted code or position JSON: read by the engine, or refused with its reason."""
    from flask import redirect, url_for

    _game(game)
    text = request.form.get("position", "")[:20000]
    code, error = positions.read_pasted(game, text, _locale())
    if error:
        ed = positions.editor_view(game, {}, _locale(), _author_id())
        ed.error, ed.pasted = error, text
        return _editor_page(game, ed, 422)
    return redirect(url_for("practice.editor", game=game, code=code), code=303)


def _edited(game: str, change: Callable[[], str]) -> ResponseReturnValue:
    """Redirect to the editor on the changed position, or show the editor on the old
    one with the reason the change was refused (the picker keeps what was chosen)."""
    from flask import redirect, url_for

    from app.engine.core.errors import EngineError
    from app.practice.editing import EditError

    args = request.args
    keep: dict[str, Any] = {k: args[k] for k in ("hand", "from") if args.get(k)}
    try:
        code = change()
    except (EditError, EngineError) as exc:
        ed = positions.editor_view(game, args, _locale(), _author_id())
        ed.error = positions.edit_error_text(game, exc, _locale())
        ed.picked, ed.typed = args.getlist("pick")[:200], args.get("cards", "")[:400]
        return _editor_page(game, ed, 422)
    return redirect(url_for("practice.editor", game=game, code=code, **keep), code=303)


@bp.get("/<game>/editor/hand")
def editor_hand(game: str) -> ResponseReturnValue:
    """A seat's hand chosen with the card picker (ticked boxes, or typed cards)."""
    from app.learning.answers import MAX_ANSWER
    from app.practice import editing

    _game(game)
    args = request.args

    def change() -> str:
        seat = args.get("hand", "")
        if not digits(seat, 2):
            raise editing.EditError("editor-bad-seat")
        typed = args.get("cards", "").strip()
        if typed:
            g = find_game(game)
            picked = list(g.parse_cards(typed[:MAX_ANSWER], g.default_rules))
        else:
            picked = [str(t) for t in args.getlist("pick")][:200]
        return editing.set_hand(game, args.get("code", ""), int(seat), args.get("from", ""), picked)

    return _edited(game, change)


@bp.get("/<game>/editor/next")
def editor_next(game: str) -> ResponseReturnValue:
    """The card the stock turns next (the event a draw brings)."""
    from app.practice import editing

    _game(game)
    return _edited(
        game,
        lambda: editing.set_next(game, request.args.get("code", ""), request.args.get("card", "")),
    )


@bp.post("/<game>/editor/save")
def editor_save(game: str) -> ResponseReturnValue:
    from flask import redirect
    from flask_login import current_user

    from app.extensions import db

    _game(game)
    if not current_user.is_authenticated:
        abort(403)
    theme, code = request.form.get("theme", ""), request.form.get("code", "")
    seat = int_or(request.form.get("seat"), -1, high=99)
    if seat < 0:
        abort(422)
    if positions.position_error(game, theme, seat, code) is not None:
        abort(422)
    ex = practice.exercise(theme, seat, code)
    assert ex is not None
    row = practice.position_row(game, theme, seat, code, source="author", author_id=current_user.id)
    if row.source != "library" and row.author_id is None:  # a fresh one played before
        row.source, row.author_id = "author", current_user.id
    db.session.commit()
    return redirect(_position_url(game, theme, seat, code), code=303)

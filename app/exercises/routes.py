"""/exercises/: the demo set, and every exercise at its own address.

GET shows the exercise (the whole page, or its block for htmx); POST ``answer`` judges
and records an answer (never one of a teacher's assignment or exam: their tokens are
refused here, and an exercise generated for an assignment alone is not found); POST ``hint`` shows the next hint step. With htmx the block is
swapped in place; without JavaScript a recorded answer redirects back to the page it was
asked on (``next``, same-site only) with ``done=<nonce>``, which shows its verdict.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from app.exercises import bp
from app.htmx_utils import is_htmx, page
from app.learning.bank import demo_set, get, kinds_count, public
from app.learning.exercise import KINDS, Exercise
from app.redirects import safe_next
from app.ui import flow
from app.ui.present import ExerciseBlock


def _next(ex: Exercise) -> tuple[str, str]:
    """After a right answer on an exercise's own page: the lesson step it belongs to,
    else more practice of its game."""
    from flask_babel import gettext as _

    from app.learning.lessons import step_of
    from app.ui.markup import step_url

    if ex.lesson and step_of(ex.lesson) is not None:
        return step_url(ex.lesson), _("Next: go on with the lesson")
    return url_for("practice.dashboard", game=ex.game), _("Next: practise more positions")


flow.NEXT["exercise"] = _next


def _exercise(exercise_id: str) -> Exercise:
    ex = get(exercise_id) if public(exercise_id) else None
    if ex is None:
        abort(404)
    return ex


@bp.get("/")
def index() -> ResponseReturnValue:
    exercises = demo_set()
    games: dict[str, list[Exercise]] = {}
    for ex in exercises:
        games.setdefault(ex.game, []).append(ex)
    return render_template(
        "exercises/index.html", games=games, kinds=KINDS, counts=kinds_count(exercises)
    )


def _show(ex: Exercise, blk: ExerciseBlock, status: int = 200) -> ResponseReturnValue:
    return page("exercises/page.html", "components/exercise_block.html", status=status, b=blk)


@bp.get("/<path:exercise_id>")
def show(exercise_id: str) -> ResponseReturnValue:
    ex = _exercise(exercise_id)
    return _show(ex, flow.block(ex, done=request.args.get("done")))


def _back(ex: Exercise, nonce: str | None) -> ResponseReturnValue:
    target = safe_next(request.form.get("next"), url_for("exercises.show", exercise_id=ex.id))
    sep = "&" if "?" in target else "?"
    query = sep + urlencode({"done": nonce}) if nonce else ""
    return redirect(f"{target}{query}#{ExerciseBlock.anchor(ex.id)}", code=303)


@bp.post("/<path:exercise_id>/answer")
def answer(exercise_id: str) -> ResponseReturnValue:
    ex = _exercise(exercise_id)
    blk, status, nonce = flow.submit(ex, request.form)
    if is_htmx() or status != 200:
        return _show(ex, blk, status)
    return _back(ex, nonce)


@bp.post("/<path:exercise_id>/hint")
def hint(exercise_id: str) -> ResponseReturnValue:
    ex = _exercise(exercise_id)
    blk = flow.hint(ex, request.form)
    if is_htmx():
        return _show(ex, blk)
    return _back(ex, None)

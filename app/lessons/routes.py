"""/lessons/<game>/…: the path, each lesson one step at a time; /glossary; /compare."""

from __future__ import annotations

import unicodedata

from flask import abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from app.engine.core.registry import all_variants
from app.htmx_utils import page
from app.i18n import page_locale
from app.learning import paths
from app.learning.exercise import Exercise
from app.learning.glossary import terms
from app.learning.lessons import Lesson, get
from app.lessons import bp, service
from app.profiles import current_profile
from app.ui import flow

GAMES = tuple(v.id for v in all_variants())


def _next_step(ref: str, ex: Exercise, then: str = "") -> str | None:
    """After a lesson's exercise: its next step (or the game's path after the last)."""
    lesson_id, _, step_id = ref.partition("#")
    ls = get(lesson_id)
    st = ls.step(step_id) if ls else None
    if ls is None or st is None:
        return None
    if st.index + 1 < len(ls.steps):
        return url_for(
            "lessons.step", game=ls.game, lesson_id=ls.id, step_id=ls.steps[st.index + 1].id
        )
    return url_for("lessons.finished", game=ls.game, lesson_id=ls.id)


flow.CONTINUE["lesson"] = _next_step


def _locale() -> str:
    return page_locale()


@bp.get("/lessons/")
def index() -> ResponseReturnValue:
    by_game = {g: paths.progress(g) for g in GAMES}
    resume = {g: paths.continue_at(p) for g, p in by_game.items()}
    return render_template("lessons/index.html", paths=by_game, resume=resume)


@bp.get("/lessons/<game>/")
def game_path(game: str) -> ResponseReturnValue:
    if game not in GAMES:
        abort(404)
    lessons = paths.progress(game)
    return render_template(
        "lessons/path.html", game=game, lessons=lessons, resume=paths.continue_at(lessons)
    )


def _lesson(game: str, lesson_id: str) -> Lesson:
    lesson = get(lesson_id)
    if lesson is None or lesson.game != game:
        abort(404)
    return lesson


@bp.get("/lessons/<game>/<lesson_id>/")
def lesson(game: str, lesson_id: str) -> ResponseReturnValue:
    ls = _lesson(game, lesson_id)
    return redirect(url_for("lessons.step", game=game, lesson_id=ls.id, step_id=ls.steps[0].id))


@bp.get("/lessons/<game>/<lesson_id>/finished")
def finished(game: str, lesson_id: str) -> ResponseReturnValue:
    """The end of a lesson: its stars, what it taught, the mistakes to go over, and the
    next lesson first."""
    ls = _lesson(game, lesson_id)
    states = paths.my_states(game)
    progress = next((p for p in paths.progress(game, states=states) if p.lesson.id == ls.id), None)
    done = service.finished(ls, progress, current_profile())
    return render_template("lessons/finished.html", f=done, game=game)


@bp.get("/lessons/<game>/<lesson_id>/<step_id>")
def step(game: str, lesson_id: str, step_id: str) -> ResponseReturnValue:
    ls = _lesson(game, lesson_id)
    st = ls.step(step_id)
    if st is None:
        abort(404)
    states = paths.my_states(game)  # read once for both, with the profile
    sp = service.step_page(ls, st, _locale(), request.args, states)
    sp.progress = next(
        (p for p in paths.progress(game, states=states) if p.lesson.id == ls.id), None
    )
    return page("lessons/step.html", "lessons/_step.html", p=sp)


def _toneless(pinyin: str) -> str:
    """Pinyin without tone marks, for the glossary's order (ā á ǎ à sort as a; ü as u)."""
    bare = unicodedata.normalize("NFD", pinyin.lower())
    return "".join(c for c in bare if not unicodedata.combining(c)).replace(" ", "")


@bp.get("/glossary")
def glossary() -> ResponseReturnValue:
    """Every term in pinyin order (tones ignored); ``q`` searches characters, pinyin
    (with or without tones) and English; ``game`` keeps one game's terms."""
    query = request.args.get("q", "").strip()[:40]
    game = request.args.get("game", "")
    if game not in GAMES:
        game = ""
    items = sorted(terms().values(), key=lambda t: (_toneless(t.pinyin), t.pinyin, t.hanzi))
    if game:
        items = [t for t in items if game in t.games]
    if query:
        bare = _toneless(query)
        low = query.lower()
        items = [
            t
            for t in items
            if query in t.hanzi
            or bare in _toneless(t.pinyin)
            or low in t.en.lower()
            or low in t.meaning.en.lower()
            or query in t.meaning.zh
        ]
    return render_template("lessons/glossary.html", terms=items, q=query, game=game, games=GAMES)


@bp.get("/compare")
def compare() -> ResponseReturnValue:
    from app.learning.compare import rows

    return render_template("lessons/compare.html", games=GAMES, rows=rows(list(GAMES), _locale()))


# -- reading trainers ---------------------------------------------------------------------

FAMILIES = ("zipai", "chuanpai", "nantong")


def _after_reading(ref: str, ex: Exercise, then: str = "") -> str | None:
    family_id, _, mode = ref.partition(":")
    return url_for("lessons.trainer", family_id=family_id, mode=mode)


flow.CONTINUE["trainer"] = _after_reading


@bp.get("/train/")
def trainer_index() -> ResponseReturnValue:
    return render_template("lessons/trainers.html", families=FAMILIES)


@bp.get("/train/<family_id>")
def trainer(family_id: str) -> ResponseReturnValue:
    import random

    from app.learning import reading

    if family_id not in FAMILIES:
        abort(404)
    mode = request.args.get("mode", "name")
    if mode not in reading.MODES:
        mode = "name"
    ex = reading.next_item(family_id, mode, random.Random())
    assert ex is not None
    blk = flow.block(ex, "trainer", f"{family_id}:{mode}", done=request.args.get("done"))
    stats = reading.card_stats(current_profile(), family_id)
    return page(
        "lessons/trainer.html",
        "lessons/_trainer.html",
        family_id=family_id,
        mode=mode,
        b=blk,
        stats=stats[:12],
    )

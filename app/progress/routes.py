from __future__ import annotations

from flask import abort, render_template
from flask.typing import ResponseReturnValue

from app.engine.core.registry import all_variants
from app.learning import bank, clock, paths, skills, streaks
from app.learning.progress import accuracy_by_day, game_progress, sections
from app.profiles import current_profile
from app.progress import bp

GAMES = tuple(v.id for v in all_variants())


@bp.get("/")
def index() -> ResponseReturnValue:
    profile = current_profile()
    games = [game_progress(profile, g, history=0) for g in GAMES]
    streak = streaks.summary(profile, clock.now()) if profile is not None else None
    return render_template(
        "progress/index.html", games=games, has_record=profile is not None, streak=streak
    )


@bp.get("/<game>")
def game(game: str) -> ResponseReturnValue:
    if game not in GAMES:
        abort(404)
    # each read once: the exercise states (for the solved count and stars, and the
    # lessons' path; the profile found with them), the skills (for the list and the
    # forecast)
    ex_states = paths.my_states(game)
    profile = current_profile()
    skill_states = skills.states(profile, game)
    gp = game_progress(profile, game, skill_states=skill_states, exercise_states=ex_states)
    exercises = {a.exercise_id: bank.get(a.exercise_id) for a in gp.history}
    from app.learning.review import forecast

    return render_template(
        "progress/game.html",
        gp=gp,
        sections=sections(profile, game, ex_states),
        exercises=exercises,
        days=accuracy_by_day(profile, game),
        forecast=forecast(profile, game=game, states=skill_states),
    )

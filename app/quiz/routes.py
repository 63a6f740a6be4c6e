"""/quiz/<game>/…: start a quiz, one question at a time, the summary; /review."""

from __future__ import annotations

from flask import abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from app.database import writable
from app.engine.core.registry import all_variants, find_game
from app.extensions import db
from app.htmx_utils import is_htmx, page, redirect_to
from app.inputs import digits, int_or
from app.learning import bank, clock, quizzes, review
from app.learning.exercise import Exercise
from app.learning.judge import judge
from app.learning.models import QuizSession
from app.profiles import current_profile
from app.quiz import bp
from app.ui import flow, present

GAMES = tuple(v.id for v in all_variants())


# a token issued before "then" was: the run's two columns, not its whole row as an object
_RUN_OF = db.select(QuizSession.game, QuizSession.items).where(
    QuizSession.id == db.bindparam("sid")
)


def _quiz_continue(ref: str, ex: Exercise, then: str) -> str | None:
    """The next question (the question page put "<game>/<next index>" in the answer's
    token: nothing to read), or the run's end."""
    game, _, nxt = then.partition("/")
    if game in GAMES and digits(nxt):
        return url_for("quiz.run", game=game, sid=ref, q=int(nxt))
    run = db.session.execute(_RUN_OF, {"sid": ref}).first()
    if run is None or ex.id not in run.items:
        return None
    q = run.items.index(ex.id) + 1
    return url_for("quiz.run", game=run.game, sid=ref, q=q)


flow.CONTINUE["quiz"] = flow.CONTINUE["quiz-exam"] = _quiz_continue
flow.CONTINUE["review"] = lambda ref, ex, then: url_for("quiz.review_queue")
flow.SWAP["quiz"] = flow.SWAP["quiz-exam"] = "#quiz-question"  # quiz/_question.html
flow.SWAP["review"] = "#review"  # quiz/_review.html


@bp.get("/quiz/<game>/")
def index(game: str) -> ResponseReturnValue:
    if game not in GAMES:
        abort(404)
    from app.learning.lessons import path_of

    titles: dict[str, list[object]] = {}
    for lesson in path_of(game):
        titles.setdefault(lesson.unit, []).append(lesson.title)
    units = [(u, len(quizzes.quiz_items(game, u)), titles.get(u, [])) for u in quizzes.units(game)]
    return render_template("quiz/index.html", game=game, units=units)


@bp.post("/quiz/<game>/start")
def start(game: str) -> ResponseReturnValue:
    unit = request.form.get("unit", quizzes.ALL)
    if game not in GAMES or (unit != quizzes.ALL and unit not in quizzes.units(game)):
        abort(404)
    profile = current_profile(create=True)
    assert profile is not None
    session = quizzes.start(profile, game, unit, request.form.get("mode", "practice"))
    db.session.commit()
    return redirect(url_for("quiz.run", game=game, sid=session.id, q=0), code=303)


def _session(game: str, sid: str) -> QuizSession:
    profile = current_profile()
    session = db.session.get(QuizSession, sid[:32])
    if (
        session is None
        or profile is None
        or session.profile_id != profile.id
        or session.game != game
    ):
        abort(404)
    return session


@bp.get("/quiz/<game>/s/<sid>")
def run(game: str, sid: str) -> ResponseReturnValue:
    session = _session(game, sid)
    q = int_or(request.args.get("q"), 0)
    if q >= len(session.items) or session.finished_at is not None:
        if is_htmx():  # the summary is a page of its own, not a question's partial
            return redirect_to(url_for("quiz.run", game=game, sid=sid, q=q))
        return _summary(session)
    ex = bank.get(session.items[q])
    if ex is None:
        abort(404)
    context = "quiz-exam" if session.mode == "exam" else "quiz"
    blk = flow.block(
        ex, context, session.id, done=request.args.get("done"), then=f"{session.game}/{q + 1}"
    )
    return page("quiz/run.html", "quiz/_question.html", s=session, q=q, b=blk)


def _summary(session: QuizSession) -> ResponseReturnValue:
    if session.finished_at is None:
        writable()  # a page view that stores the run's end
        session.finished_at = clock.now()
        db.session.commit()
    results = quizzes.results(session)
    score = sum(1 for r in results if r.right)
    return render_template(
        "quiz/summary.html",
        s=session,
        results=results,
        score=score,
        why=_mistakes(results),
        unit=find_game(session.game).info.unit,
    )


def _mistakes(results: list[quizzes.QuizItemResult]) -> dict[int, present.VerdictView]:
    """Each first answer that was wrong, judged again with the whole proof: the review
    of the mistakes (in exam mode the only feedback, given when the quiz is over)."""
    out = {}
    for r in results:
        if r.exercise is not None and r.first is not None and not r.first.correct:
            verdict = judge(r.exercise, r.first.answer)
            out[r.index] = present.verdict_view(r.exercise, verdict, flow.locale(), True)
    return out


@bp.post("/quiz/<game>/s/<sid>/finish")
def finish(game: str, sid: str) -> ResponseReturnValue:
    session = _session(game, sid)
    return redirect(url_for("quiz.run", game=game, sid=session.id, q=len(session.items)), code=303)


@bp.get("/review")
def review_queue() -> ResponseReturnValue:
    profile = current_profile()
    item = review.next_item(profile)
    blk = flow.block(item.exercise, "review", item.skill) if item else None
    return page(
        "quiz/review.html",
        "quiz/_review.html",
        item=item,
        b=blk,
        due=review.due_list(profile),
        forecast=review.forecast(profile),
    )

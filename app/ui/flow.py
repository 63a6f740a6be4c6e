"""Answering an exercise, for every area: read, judge, record, and the block to show.

One flow for the exercise pages, lessons, practice, quizzes and assignments: the answer
form posts to ``/exercises/<id>/answer`` with its one-time token (which says where the
exercise is asked). :func:`submit` reads the answer (an unreadable one comes back with
the input kept and a message naming the problem), judges it with the engine, records
it once, and returns the block with the verdict. Pages that embed exercises rebuild the
verdict of a recorded answer from its nonce (:func:`block`'s ``done``), which is how the
flow works with JavaScript off (post, then redirect back to the page).

A teacher's assignment or exam answers through its own route, which passes the item's
random ``key``: its tokens name that key, and no other route accepts them
(:func:`app.learning.record.read_token`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from flask import g
from sqlalchemy.exc import IntegrityError

from app.database import commit_keeping_values, in_autocommit, reads_again, writable
from app.extensions import db
from app.i18n import page_locale
from app.learning import practice, queries, record
from app.learning.answers import AnswerError, Form, read_answer
from app.learning.exercise import ASSIGNED_CONTEXTS, EXAM_CONTEXTS, Exercise
from app.learning.judge import judge
from app.learning.models import Attempt
from app.models import Learner
from app.profiles import current_profile
from app.text.messages import render
from app.text.results import humanize
from app.ui import present

#: context → (ref, exercise, then) → the address of what comes after this exercise
#: (``then``: what the page that asked it put in its token, else "")
CONTINUE: dict[str, Callable[[str, Exercise, str], str | None]] = {}
#: context → the element that address swaps with htmx (its partial has that id), so the
#: next step comes in place; without an entry "Continue" loads the whole page
SWAP: dict[str, str] = {}
#: context without a "Continue" → exercise → (address, label) of the next step offered
#: after a right answer (an exercise's own page: its lesson, or more practice)
NEXT: dict[str, Callable[[Exercise], tuple[str, str] | None]] = {}


def _continue(blk: present.ExerciseBlock, then: str = "") -> present.ExerciseBlock:
    step = CONTINUE.get(blk.context)
    blk.continue_url = step(blk.ref, blk.ex, then) if step else None
    blk.continue_target = SWAP.get(blk.context) if blk.continue_url else None
    after = NEXT.get(blk.context)
    if blk.continue_url is None and after is not None and blk.verdict and blk.verdict.correct:
        found = after(blk.ex)
        if found is not None:
            blk.next_url, blk.next_label = found
    return blk


_DONE = db.select(Attempt).where(
    Attempt.nonce == db.bindparam("nonce"),
    Attempt.profile_id == db.bindparam("profile_id"),
    Attempt.exercise_id == db.bindparam("exercise_id"),
)


def locale() -> str:
    return page_locale()


def block(
    ex: Exercise,
    context: str = "exercise",
    ref: str = "",
    done: str | None = None,
    states: Mapping[str, Any] | None = None,
    then: str = "",
    key: str = "",
) -> present.ExerciseBlock:
    """The block as a page shows it: a fresh form, and the verdict of the answer
    ``done`` (a nonce of this profile's) when the page comes back after one. ``states``:
    the learner's exercise states already read by the page (by exercise id); ``then``:
    where the page goes on from (carried in the token, see :data:`CONTINUE`); ``key``:
    an assignment item's random key (its token and element ids name it, not the
    exercise)."""
    state = states.get(ex.id) if states is not None else record.my_state(ex)
    profile = current_profile()
    verdict = None
    if done and profile is not None:
        attempt = db.session.scalar(
            _DONE, {"nonce": done[:40], "profile_id": profile.id, "exercise_id": ex.id}
        )
        # (an assignment's answer shows its verdict on the assignment's page only)
        if attempt is not None and (bool(key) == (attempt.context in ASSIGNED_CONTEXTS)):
            verdict = judge(ex, attempt.answer)
            context, ref = attempt.context, attempt.context_ref
    token = record.issue_token(ex, context, ref, then, key)
    out = present.build(ex, locale(), token, state, context, ref, verdict, key=key)
    return _continue(out, then)


def _given(form: Form) -> dict[str, Any]:
    keep: dict[str, Any] = {}
    for key in ("cards", "number", "choice", "truth", "why"):
        value = form.get(key, None)
        if value is not None:
            keep[key] = str(value)[:400]
    keep["pick"] = [str(v) for v in form.getlist("pick")][:200]
    for key in list(getattr(form, "keys", lambda: [])()):
        if str(key).startswith("rank-"):
            keep[str(key)] = str(form.get(key))[:4]
    return keep


class AnsweredAlready(Exception):
    """An exam item has this student's answer already (the database refused a second)."""


def submit(
    ex: Exercise, form: Form, key: str = ""
) -> tuple[present.ExerciseBlock, int, str | None]:
    """(block, HTTP status, nonce of the recorded attempt) for an answer form; ``key``:
    the assignment item answered (its route's), else none. Raises
    :class:`AnsweredAlready` when a second answer to an exam item loses to the first."""
    token = record.read_token(str(form.get("token", "") or ""), ex, key)
    if token is None:
        refused = block(ex)
        refused.error = render("answer-token-bad", {}, locale())
        return refused, 422, None
    try:
        answer = read_answer(ex, form)
    except AnswerError as exc:
        state = record.my_state(ex)
        params = (
            exc.params
            if exc.code == "unknown-card"
            else humanize(ex.family, exc.params, locale(), ex.game, **queries.seat_frame(ex))
        )
        message = render(exc.code, params, locale(), ex.game)
        same = str(form.get("token"))
        out = present.build(
            ex,
            locale(),
            same,
            state,
            token.context,
            token.ref,
            None,
            _given(form),
            message,
            key=key,
        )
        return _continue(out, token.then), 422, None
    verdict = judge(ex, answer)
    state, moved = _record(ex, token, verdict)
    keep = {} if verdict.correct else _given(form)
    fresh = record.issue_token(ex, token.context, token.ref, token.then, key)
    out = present.build(
        ex, locale(), fresh, state, token.context, token.ref, verdict, keep, key=key
    )
    out.rating_change = moved
    return _continue(out, token.then), 200, token.nonce


T = TypeVar("T")


def in_transaction(
    write: Callable[[Learner], T], tries: int = 3, state_of: Exercise | None = None
) -> T:
    """Run ``write`` for this request's profile (made if needed) and commit, all or
    nothing; what the request reads afterwards runs in autocommit mode. Two requests of
    one learner at once (a double click, a retry) may race to create the same row: the
    loser rolls back and tries again (``tries`` times in all), and then finds the
    winner's rows (the same answer is counted once). ``state_of``: the exercise whose
    state ``write`` reads first (read with the profile, in one statement)."""
    writable()
    for attempt in range(tries):
        try:
            if state_of is not None:
                record.read_ahead(state_of)
            profile = current_profile(create=True)
            assert profile is not None
            result = write(profile)
            commit_keeping_values()
            reads_again()
            return result
        except IntegrityError:
            db.session.rollback()
            g.pop("profile", None)
            record.forget_read_ahead()
            if attempt == tries - 1:
                raise
        except Exception:
            db.session.rollback()
            record.forget_read_ahead()
            raise
    raise AssertionError("unreachable")


def _record(ex: Exercise, token: record.Token, verdict: Any) -> tuple[Any, Any]:
    def write(unseen: bool) -> Callable[[Learner], tuple[Any, Any]]:
        def run(profile: Learner) -> tuple[Any, Any]:
            state, counted = record.record_answer(profile, ex, token, verdict, unseen=unseen)
            # an exam's rating would tell right from wrong
            rate = counted and token.context != "exam"
            moved = practice.update_ratings(profile, ex, verdict.correct) if rate else None
            return state, moved

        return run

    # Stored at once, not looked up first: a new answer is the common case, and the
    # nonce's unique constraint refuses a second one (the whole write is undone).
    try:
        return _store(ex, token, verdict, write(unseen=True))
    except IntegrityError:
        db.session.rollback()  # the same answer again (a double submit, a retry), or a race
        g.pop("profile", None)
        record.forget_read_ahead()
    if record.replay(token.nonce) is not None:
        # shown, not stored, and a visitor without a record yet gets none from it
        return record.my_state(ex), None
    if token.context == "exam" and _exam_answered(ex, token):
        raise AnsweredAlready  # another request of this student's answered it first
    return in_transaction(write(unseen=False), state_of=ex)


def _exam_answered(ex: Exercise, token: record.Token) -> bool:
    profile = current_profile()
    if profile is None:
        return False
    found = db.session.scalar(
        db.select(Attempt.id)
        .filter_by(profile_id=profile.id, exercise_id=ex.id, context="exam", context_ref=token.ref)
        .limit(1)
    )
    return found is not None


def _store(
    ex: Exercise,
    token: record.Token,
    verdict: Any,
    write: Callable[[Learner], tuple[Any, Any]],
) -> tuple[Any, Any]:
    """A new answer of a learner with a record, rating no position: read with one
    statement and written with one (:func:`app.database.write_together`), no
    transaction around them. Else (a first answer makes the profile, a practice
    position's rates it too, the page opened a transaction already) in one transaction."""
    reads_again()  # nothing is written before the one write
    if not in_autocommit():
        return in_transaction(write, tries=1, state_of=ex)
    record.read_ahead(ex)
    profile = current_profile()
    if profile is None or practice.rates(ex):
        return in_transaction(write, tries=1, state_of=ex)
    state, _counted = record.record_answer(profile, ex, token, verdict, unseen=True)
    return state, None


def hint(ex: Exercise, form: Mapping[str, Any], key: str = "") -> present.ExerciseBlock:
    """Show the next hint step (1 the rule, 2 the cards, 3 the answer); none in exams.
    ``key``: the assignment item (its route's), else none."""
    token = record.read_token(str(form.get("token", "") or ""), ex, key)
    context, ref, then = (token.context, token.ref, token.then) if token else ("exercise", "", "")
    if token is None and key:
        raise ValueError("an assignment's hint needs its item's token")
    if context in EXAM_CONTEXTS:
        return block(ex, context, ref, then=then, key=key)
    try:
        step = max(1, min(3, int(str(form.get("step", "1")))))
    except ValueError:
        step = 1
    state = in_transaction(lambda profile: record.use_hint(profile, ex, step), state_of=ex)
    fresh = record.issue_token(ex, context, ref, then, key)
    return _continue(present.build(ex, locale(), fresh, state, context, ref, key=key), then)

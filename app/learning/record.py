"""The learner's record: answer tokens, attempts, stars, hints, and FSRS on skills.

Every answer form carries a one-time token (:func:`issue_token`): signed, naming the
exercise and where it is asked, with a nonce and the time it was issued. Recording an
answer (:func:`record_answer`) stores the attempt under that nonce (unique), so a
resubmitted or retried request finds its first attempt and counts nothing twice; the
time taken is measured from the token's issue time.

Stars (TEACHING.md): right at the first try with no hint 3; one hint or one retry 2;
more, or the answer shown, 1; not solved 0. A run of tries ends when the exercise is
solved; the next answer starts a new run (best stars kept).
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import current_app, g
from itsdangerous import BadSignature, URLSafeTimedSerializer

from app.extensions import db
from app.learning import clock, skills
from app.learning.exercise import EXAM_CONTEXTS, Exercise
from app.learning.models import Attempt, ExerciseState, SkillState
from app.learning.verdict import Verdict
from app.models import LearnerProfile
from app.profiles import ProfileRows

TOKEN_MAX_AGE = 7 * 24 * 3600
MAX_TIME_MS = 3600 * 1000


@dataclass(frozen=True, slots=True)
class Token:
    exercise: str
    nonce: str
    context: str
    ref: str
    issued: float
    then: str = ""  # where the page goes on from (quiz: "<game>/<next question>"), or ""


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="answer-token")


def token_key(ex: Exercise, context: str) -> str:
    """What a token names the exercise by: its id, or in an exam a digest of it (a token
    is signed, not secret, and an exam item's id may hold its whole position)."""
    if context in EXAM_CONTEXTS:
        return "x" + hashlib.sha1(ex.id.encode()).hexdigest()[:20]
    return ex.id


def issue_token(ex: Exercise, context: str = "exercise", ref: str = "", then: str = "") -> str:
    """A one-time token for an answer form; ``then``: where the page goes on from after
    the answer, carried (signed) so that drawing "Continue" reads nothing."""
    payload = {"e": token_key(ex, context), "n": secrets.token_urlsafe(12), "c": context, "r": ref}
    if then:
        payload["t"] = then
    return str(_serializer().dumps(payload))


def read_token(text: str, ex: Exercise) -> Token | None:
    """The token's content, or ``None`` when forged, expired or for another exercise."""
    try:
        data, issued = _serializer().loads(text, max_age=TOKEN_MAX_AGE, return_timestamp=True)
    except (BadSignature, TypeError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("e") != token_key(ex, str(data.get("c"))):
        return None
    return Token(
        ex.id,
        str(data["n"]),
        str(data["c"]),
        str(data["r"]),
        issued.timestamp(),
        str(data.get("t", "")),
    )


def stars_for(tries: int, hints: int, revealed: bool) -> int:
    if revealed:
        return 1
    slips = tries + hints
    return 3 if slips == 0 else 2 if slips == 1 else 1


_BY_NONCE = db.select(Attempt).where(Attempt.nonce == db.bindparam("nonce"))


# a profile's state of one exercise (bound: ``exercise_id``), for ProfileRows
OF_EXERCISE = (ExerciseState, ExerciseState.exercise_id == db.bindparam("exercise_id"))
_MY_STATE = ProfileRows(OF_EXERCISE)
# what an answer's write reads first: the exercise's state and its skills' (to rate them)
_TO_WRITE = ProfileRows(OF_EXERCISE, (SkillState, *skills.OF_EXERCISE))
# ``g`` keys: (exercise id, profile id, rows) read ahead with the profile
_STATE_AHEAD = "exercise_state_read_ahead"
_SKILLS_AHEAD = "skill_states_read_ahead"


def my_state(ex: Exercise) -> ExerciseState | None:
    """This request's learner's state of ``ex``; the profile is found with it (then
    :func:`current_profile` has it)."""
    _profile, [rows] = _MY_STATE(exercise_id=ex.id)
    return rows[0] if rows else None


def read_ahead(ex: Exercise) -> None:
    """Read the profile, its state of ``ex`` and of its skills in one statement (when the
    profile is not found yet), for the write that follows to take."""
    if "profile" in g:
        return
    profile, (states, skill_states) = _TO_WRITE(
        exercise_id=ex.id, game=ex.game, skills=list(ex.skills)
    )
    pid = getattr(profile, "id", None)
    setattr(g, _STATE_AHEAD, (ex.id, pid, states[0] if states else None))
    setattr(g, _SKILLS_AHEAD, (ex.id, pid, skill_states))


def forget_read_ahead() -> None:
    g.pop(_STATE_AHEAD, None)
    g.pop(_SKILLS_AHEAD, None)


def _ahead(key: str, profile: LearnerProfile, ex: Exercise, unread: Any) -> Any:
    """What was read ahead under ``key`` for ``profile`` and ``ex`` (taken: once), or
    ``unread``. Read with no profile found then: a profile made since has no rows yet."""
    ahead = g.pop(key, None)
    if ahead is not None and ahead[0] == ex.id and ahead[1] in (profile.id, None):
        return ahead[2]
    return unread


_UNREAD = object()


def exercise_state(profile: LearnerProfile | None, ex: Exercise) -> ExerciseState | None:
    if profile is None or profile.id is None:
        return None
    ahead = _ahead(_STATE_AHEAD, profile, ex, _UNREAD)
    if ahead is not _UNREAD:
        return ahead  # type: ignore[no-any-return]
    [found] = _MY_STATE.of(profile, exercise_id=ex.id)
    return found[0] if found else None


def _blank_state(profile: LearnerProfile, ex: Exercise) -> ExerciseState:
    state = ExerciseState(profile_id=profile.id, exercise_id=ex.id, game=ex.game)
    state.tries = state.hints = state.stars = 0
    state.revealed = state.solved = state.reviewed = False
    return state


def _state_for(profile: LearnerProfile, ex: Exercise) -> ExerciseState:
    state = exercise_state(profile, ex)
    if state is None:
        state = _blank_state(profile, ex)
        db.session.add(state)
    elif state.solved:  # a new run after a solved one
        state.tries = state.hints = 0
        state.revealed = state.solved = state.reviewed = False
    return state


def replay(nonce: str) -> Attempt | None:
    return db.session.scalar(_BY_NONCE, {"nonce": nonce})


_INSERT_ATTEMPT = Attempt.__table__.insert()


def record_answer(
    profile: LearnerProfile,
    ex: Exercise,
    token: Token,
    verdict: Verdict,
    now: datetime | None = None,
    unseen: bool = False,
) -> tuple[ExerciseState, bool]:
    """Store the attempt once; update stars and skills. (state, counted now).

    One transaction: the attempt, the exercise state and the skills are written together
    or not at all. ``unseen``: the caller has not found an attempt under the token's
    nonce, or stores without looking (a second one then fails on the nonce's unique
    constraint, and the caller's retry passes ``False``).
    """
    seen = None if unseen else replay(token.nonce)
    if seen is not None:
        # The same answer again (a double submit, a replayed form): nothing new is
        # stored. The state may be missing: an exam keeps none, and a token replayed by
        # another learner has none of theirs; a blank one (never added) stands in.
        state = exercise_state(profile, ex) or _blank_state(profile, ex)
        return state, False
    now = now or clock.now()
    elapsed = max(0, min(int((time.time() - token.issued) * 1000), MAX_TIME_MS))
    state = _state_for(profile, ex)
    mc = verdict.misconception
    # The attempt is only written, never read back here: a plain INSERT, at once (the
    # ORM's unit of work would cost a third more for the one row). Not flushed first:
    # the state is written once, at the commit, as it stands then.
    with db.session.no_autoflush:
        db.session.execute(
            _INSERT_ATTEMPT,
            {
                "profile_id": profile.id,
                "exercise_id": ex.id,
                "game": ex.game,
                "context": token.context,
                "context_ref": token.ref,
                "answer": verdict.answer,
                "correct": verdict.correct,
                "misconception": mc.code if mc else None,
                "params": _plain(mc.params) if mc else {},
                "hints": state.hints,
                "time_ms": elapsed,
                "nonce": token.nonce,
                "created_at": now,
            },
        )
    if token.context == "exam":  # a teacher's exam: no stars, skills or feedback of any kind
        return state, True
    found = _ahead(_SKILLS_AHEAD, profile, ex, None)  # None: review reads them
    first_answer_of_run = not state.reviewed
    # right after wrong tries (not after the answer was shown): FSRS Hard, once, on top
    # of the Again the run's first answer gave
    solved_after_retries = verdict.correct and state.tries > 0 and not state.revealed
    if verdict.correct:
        state.stars = max(state.stars or 0, stars_for(state.tries, state.hints, state.revealed))
        state.solved = True
    else:
        state.tries += 1
    if first_answer_of_run:
        rating = skills.rating_for(verdict.correct, state.hints, elapsed, ex.median_ms)
        skills.review(profile, ex, rating, now, found)
        state.reviewed = True
    elif solved_after_retries:
        skills.review(profile, ex, skills.rating_after_retry(), now, found)
    return state, True


def use_hint(profile: LearnerProfile, ex: Exercise, step: int) -> ExerciseState:
    """Count hint step ``step`` (1 rule, 2 cards, 3 the answer) in the current run."""
    state = _state_for(profile, ex)
    state.hints = max(state.hints, min(step, 2))
    if step >= 3:
        state.revealed = True
    return state


def _plain(params: Any) -> dict[str, Any]:
    return {str(k): (list(v) if isinstance(v, tuple) else v) for k, v in dict(params).items()}

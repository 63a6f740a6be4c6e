"""The learner's record: answer tokens, attempts, stars, hints, and FSRS on skills.

Every answer form carries a one-time token (:func:`issue_token`): signed, naming the
exercise and where it is asked, with a nonce and the time it was issued. A token of a
teacher's assignment or exam names the item by its random key and the assignment by
its random key (never anything the public exercises could be searched for), and only
the assignment's own answer route, which knows the item's key, accepts it. Recording an
answer (:func:`record_answer`) stores the attempt under that nonce (unique), so a
resubmitted or retried request finds its first attempt and counts nothing twice; the
time taken is measured from the token's issue time.

Stars (TEACHING.md): right at the first try with no hint 3; one hint or one retry 2;
more, or the answer shown, 1; not solved 0. An answer given after hint step 3 showed
the answer is stored with ``shown`` set, and FSRS rates it Again. A run of tries ends when the exercise is
solved; the next answer starts a new run (best stars kept).
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import current_app
from itsdangerous import BadSignature, URLSafeTimedSerializer

from app.database import RowInsert, Write, utcnow, write_together
from app.extensions import db
from app.learning import clock, skills, streaks
from app.learning.exercise import ASSIGNED_CONTEXTS, EXAM_CONTEXTS, Exercise
from app.learning.models import Attempt, ExerciseState
from app.learning.verdict import Verdict
from app.models import Learner
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


def token_key(ex: Exercise, context: str) -> str | None:
    """What a token names the exercise by: its id, or in a quiz's exam mode a digest of
    it (a token is signed, not secret). ``None`` for a teacher's assignment or exam,
    whose tokens name the item by its random key (:func:`issue_token`'s ``key``)."""
    if context in ASSIGNED_CONTEXTS:
        return None
    if context in EXAM_CONTEXTS:
        return "x" + hashlib.sha1(ex.id.encode()).hexdigest()[:20]
    return ex.id


def issue_token(
    ex: Exercise, context: str = "exercise", ref: str = "", then: str = "", key: str = ""
) -> str:
    """A one-time token for an answer form; ``then``: where the page goes on from after
    the answer, carried (signed) so that drawing "Continue" reads nothing; ``key``: an
    assignment item's random key, which the token names instead of the exercise (and
    which an assignment's token must have)."""
    named = key if context in ASSIGNED_CONTEXTS else token_key(ex, context)
    if not named:
        raise ValueError(f"a token in context {context!r} names its item by a key")
    payload = {"e": named, "n": secrets.token_urlsafe(12), "c": context, "r": ref}
    if then:
        payload["t"] = then
    return str(_serializer().dumps(payload))


def read_token(text: str, ex: Exercise, key: str = "") -> Token | None:
    """The token's content, or ``None`` when forged, expired or for another exercise.

    ``key``: the assignment item whose route reads it (an assignment's or exam's token
    is accepted there only, and only a token of that item); without it, a token of an
    assignment or exam is refused wherever it is posted."""
    try:
        data, issued = _serializer().loads(text, max_age=TOKEN_MAX_AGE, return_timestamp=True)
    except (BadSignature, TypeError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    context = str(data.get("c"))
    if key:
        wanted: str | None = key if context in ASSIGNED_CONTEXTS else None
    else:
        wanted = token_key(ex, context)
    if wanted is None or data.get("e") != wanted:
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


#: what an answer or a hint reads and writes of a learner's state of an exercise
RUN = ("tries", "hints", "revealed", "solved", "stars", "reviewed")


@dataclass(slots=True)
class Run:
    """A learner's state of one exercise as an answer or a hint reads and writes it: the
    run of tries under way (wrong tries, hint steps, the answer shown, solved, fed to
    FSRS) and the best stars of all runs (a row of :class:`ExerciseState`, as read and
    written)."""

    tries: int = 0
    hints: int = 0
    revealed: bool = False
    solved: bool = False
    stars: int = 0
    reviewed: bool = False

    def going_on(self) -> Run:
        """The run an answer or a hint belongs to: this one, or a new one (the best stars
        kept) after a solved one."""
        return Run(stars=self.stars) if self.solved else self


_STATES = ExerciseState.__table__
#: a learner's run of an exercise: its columns, and the join for ProfileRows (bound:
#: ``exercise_id``)
RUN_COLUMNS = tuple(_STATES.c[k] for k in RUN)
OF_EXERCISE = (_STATES, _STATES.c.exercise_id == db.bindparam("exercise_id"))
_MY_RUN = ProfileRows(RUN_COLUMNS, OF_EXERCISE)
_RUN_OF = db.select(*RUN_COLUMNS).where(
    _STATES.c.profile_id == db.bindparam("profile_id"),
    _STATES.c.exercise_id == db.bindparam("exercise_id"),
)
# what an answer's write reads first, with the profile: its run of the exercise and its
# skills' states (to rate them), plain columns
_TO_WRITE = ProfileRows(
    (*RUN_COLUMNS, *skills.SEEN), OF_EXERCISE, (skills.TABLE, *skills.OF_EXERCISE)
)
_WIDTH = len(RUN)
# ``Session.info`` key (the request's session): (exercise id, profile id, run, skills' states)
# read ahead for the write
_AHEAD = "answer_read_ahead"

_ATTEMPT = RowInsert(
    Attempt.__table__,
    (
        "profile_id",
        "exercise_id",
        "game",
        "context",
        "context_ref",
        "answer",
        "correct",
        "misconception",
        "params",
        "hints",
        "shown",
        "time_ms",
        "nonce",
        "created_at",
    ),
    "a_",
)
_STATE = RowInsert(
    _STATES,
    ("profile_id", "exercise_id", "game", *RUN, "updated_at"),
    "s_",
    key=("profile_id", "exercise_id"),
)


def my_state(ex: Exercise) -> Run | None:
    """This request's learner's run of ``ex``; the profile is found with it (then
    :func:`current_profile` has it)."""
    _profile, rows = _MY_RUN(exercise_id=ex.id)
    return Run(*rows[0]) if rows else None


def read_ahead(ex: Exercise) -> None:
    """Read the profile (unless found already), its run of ``ex`` and its states of the
    skills of ``ex`` in one statement, for the write that follows to take (unless read
    already)."""
    if db.session.info.get(_AHEAD, (None,))[0] == ex.id:
        return
    profile, rows = _TO_WRITE(exercise_id=ex.id, game=ex.game, skills=list(ex.skills))
    run = next((Run(*r[:_WIDTH]) for r in rows if r[0] is not None), None)
    found = skills.seen([r[_WIDTH:] for r in rows])
    db.session.info[_AHEAD] = (ex.id, getattr(profile, "id", None), run, found)


def forget_read_ahead() -> None:
    db.session.info.pop(_AHEAD, None)


def _read(profile: Learner, ex: Exercise) -> tuple[Run | None, dict[str, skills.Seen] | None]:
    """The learner's run of ``ex`` and their states of its skills (``None``: not read):
    what was read ahead for ``profile`` and ``ex`` (taken: once), else the run read now.
    Read with no profile found then, a profile made since has no rows yet."""
    ahead = db.session.info.pop(_AHEAD, None)
    if ahead is not None and ahead[0] == ex.id and ahead[1] in (profile.id, None):
        return ahead[2], ahead[3]
    found = db.session.execute(_RUN_OF, {"profile_id": profile.id, "exercise_id": ex.id})
    row = found.first()
    return (Run(*row) if row is not None else None), None


def exercise_state(profile: Learner | None, ex: Exercise) -> Run | None:
    if profile is None or profile.id is None:
        return None
    return _read(profile, ex)[0]


def _state_row(profile: Learner, ex: Exercise, run: Run) -> Write:
    return _STATE.row(
        {
            "profile_id": profile.id,
            "exercise_id": ex.id,
            "game": ex.game,
            "updated_at": utcnow(),
            **{k: getattr(run, k) for k in RUN},
        }
    )


def replay(nonce: str) -> Attempt | None:
    found: Attempt | None = db.session.scalar(_BY_NONCE, {"nonce": nonce})
    return found


def record_answer(
    profile: Learner,
    ex: Exercise,
    token: Token,
    verdict: Verdict,
    now: datetime | None = None,
    unseen: bool = False,
) -> tuple[Run, bool]:
    """Store the attempt once; update stars and skills. (run, counted now).

    The attempt, the exercise state and the skills are written together or not at all
    (:func:`app.database.write_together`). ``unseen``: the caller has not found an
    attempt under the token's nonce, or stores without looking (a second one then fails
    on the nonce's unique constraint, and the caller's retry passes ``False``).
    """
    seen = None if unseen else replay(token.nonce)
    if seen is not None:
        # The same answer again (a double submit, a replayed form): nothing new is
        # stored. The state may be missing: a token replayed by another learner has
        # none of theirs; a blank one stands in.
        return exercise_state(profile, ex) or Run(), False
    now = now or clock.now()
    elapsed = max(0, min(int((time.time() - token.issued) * 1000), MAX_TIME_MS))
    stored, found = _read(profile, ex)
    run = stored.going_on() if stored is not None else Run()
    mc = verdict.misconception
    rows = [
        _ATTEMPT.row(
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
                "hints": run.hints,
                "shown": run.revealed,
                "time_ms": elapsed,
                "nonce": token.nonce,
                "created_at": now,
            }
        )
    ]
    # a teacher's exam: no stars, skills or feedback of any kind
    if token.context != "exam":
        first_answer_of_run = not run.reviewed
        # right after wrong tries (not after the answer was shown): FSRS Hard, once, on
        # top of the Again the run's first answer gave
        solved_after_retries = verdict.correct and run.tries > 0 and not run.revealed
        if verdict.correct:
            run.stars = max(run.stars, stars_for(run.tries, run.hints, run.revealed))
            run.solved = True
        else:
            run.tries += 1
        if first_answer_of_run:
            rating = skills.rating_for(
                verdict.correct, run.hints, elapsed, ex.median_ms, shown=run.revealed
            )
            rows += skills.review(profile, ex, rating, now, found)
            run.reviewed = True
        elif solved_after_retries:
            rows += skills.review(profile, ex, skills.rating_after_retry(), now, found)
    rows.append(streaks.count_row(profile, now))  # the learner's day, in their zone now
    rows.append(_state_row(profile, ex, run))
    write_together(rows)
    return run, True


def use_hint(profile: Learner, ex: Exercise, step: int) -> Run:
    """Count hint step ``step`` (1 rule, 2 cards, 3 the answer) in the current run."""
    stored, _found = _read(profile, ex)
    run = stored.going_on() if stored is not None else Run()
    run.hints = max(run.hints, min(step, 2))
    if step >= 3:
        run.revealed = True
    write_together([_state_row(profile, ex, run)])
    return run


def _plain(params: Any) -> dict[str, Any]:
    return {str(k): (list(v) if isinstance(v, tuple) else v) for k, v in dict(params).items()}

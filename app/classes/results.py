"""What the dashboards show, from the attempts of an assignment's students.

An assignment's attempts are the students' attempts in context ``assignment`` or
``exam`` whose ``context_ref`` is the assignment's :attr:`~Assignment.ref`, so work done
elsewhere (the same position in free practice) never counts here.

Per student and item (a :class:`Cell`): attempts, the first answer right or not, solved,
stars (the one table: the first right answer's wrong tries before it and hints), time.
An answer given after hint step 3 showed it (``Attempt.shown``) is *not right*
everywhere here: the score, the pass, the grid, the CSV and the common mistakes.
**Score** (every kind, docs/classes.md): the share of items whose *first* answer was
right (as in quizzes); **passed**: score ≥ the pass threshold. An exam takes one answer
per item, so done = answered. An item made per student is matched with each student's
own exercise.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any
from zoneinfo import ZoneInfo

from flask_babel import gettext as _
from sqlalchemy import and_, case, func, not_, or_, select, true

from app.classes import kinds, service, times
from app.classes.models import (
    Assignment,
    AssignmentItem,
    AssignmentPart,
    ClassStudent,
    OwnPosition,
)
from app.extensions import db
from app.learning import bank, generators
from app.learning.exercise import Exercise
from app.learning.models import Attempt, PlayDeal
from app.learning.record import stars_for
from app.models import LearnerProfile, User
from app.ui import present, stored

CONTEXTS = ("assignment", "exam")

SHOWN = "answer-shown"  # the common mistakes' entry for right answers given after reveal


def right(x: Any) -> bool:
    """An attempt counts as right: correct, and not given after the answer was shown."""
    return bool(x.correct) and not x.shown


@dataclass
class ItemView:
    item: AssignmentItem
    number: int  # 1, 2, … in the assignment
    exercise: Exercise | None  # the student's own for an item made per student, else None
    part: AssignmentPart
    prompt: str
    own: bool = False  # made per student: each has their own exercise


@dataclass
class Cell:
    attempts: int = 0
    first_right: bool | None = None  # None: not answered yet
    solved: bool = False
    done: bool = False
    stars: int = 0
    time_ms: int = 0
    late: bool = False
    last_answer: str = ""
    shown: bool = False  # an answer was given after the answer was shown


@dataclass
class DealCell:
    """A student's deal of a "same deal for everyone" part, as stored when it ended.

    ``credit``: what it counts for in the score (docs/classes.md): the share of the
    student's decisions that were the computer's advice (1 when the deal left them none),
    once the deal is over; 0 while it is not (in an exam, also when it ended after the
    student's due time)."""

    status: str = ""  # "" not begun | active | over
    decisions: int = 0
    agreed: int = 0
    done: bool = False
    late: bool = False
    ended_at: datetime | None = None
    points: int | None = None  # the student's result of the deal (the game's scoring)
    deal_id: str = ""

    @property
    def credit(self) -> float:
        if not self.done:
            return 0.0
        return self.agreed / self.decisions if self.decisions else 1.0

    @property
    def percent(self) -> int | None:
        """The share of decisions as the computer advised, once the deal is over."""
        return round(100 * self.credit) if self.done else None


@dataclass
class StudentRow:
    """A student's cells and what they add up to (worked out once per row: the grid's
    page reads each several times; a row is not changed once made)."""

    member: ClassStudent
    user: User
    due: datetime
    cells: list[Cell]
    pass_percent: int
    deals: list[DealCell] = field(default_factory=list)

    @cached_property
    def total(self) -> int:
        return len(self.cells) + len(self.deals)

    @cached_property
    def done(self) -> int:
        return sum(c.done for c in self.cells) + sum(d.done for d in self.deals)

    @cached_property
    def credit(self) -> float:
        return sum(bool(c.first_right) for c in self.cells) + sum(d.credit for d in self.deals)

    @cached_property
    def right(self) -> int:
        return sum(bool(c.first_right) for c in self.cells)

    @cached_property
    def score(self) -> int:
        return round(100 * self.credit / self.total) if self.total else 0

    @cached_property
    def passed(self) -> bool:
        return bool(self.total) and self.score >= self.pass_percent

    @cached_property
    def time_ms(self) -> int:
        return sum(c.time_ms for c in self.cells)

    @cached_property
    def late(self) -> bool:
        return any(c.late for c in self.cells) or any(d.late for d in self.deals)

    @cached_property
    def finished(self) -> bool:
        return bool(self.total) and self.done == self.total


@dataclass
class Mistake:
    code: str
    message: str  # in the page's language, with the first example's cards
    count: int
    items: list[int] = field(default_factory=list)  # item numbers where it was made


@dataclass
class Grid:
    assignment: Assignment
    parts: list[tuple[AssignmentPart, str, list[ItemView]]]
    items: list[ItemView]
    rows: list[StudentRow]
    mistakes: list[Mistake]
    deals: list[tuple[AssignmentPart, str]] = field(default_factory=list)  # "same deal" parts
    # every student's row key, in order (what their row is drawn from: see grid())
    keys: dict[int, Any] = field(default_factory=dict)


def part_title(part: AssignmentPart, game: str, locale: str) -> str:
    kind = kinds.get(part.kind)
    return kind.title(part.spec, game, locale) if kind else part.kind


def item_views(
    a: Assignment,
    locale: str,
    user_id: int | None = None,
    parts: list[AssignmentPart] | None = None,
) -> list[ItemView]:
    """The items in order; with ``user_id``, an item made per student is that student's.
    ``parts``: the assignment's parts, when the caller has read them."""
    in_order = service.parts_of(a) if parts is None else parts
    by_id = {p.id: p for p in in_order}
    own_made = any(p.kind == kinds.OWN for p in in_order)
    own = service.own_positions_of(a) if own_made and user_id is not None else {}
    out = []
    for n, it in enumerate(service.items_of(a), start=1):
        made = kinds.own_generator(it.exercise_id)
        eid = own.get((it.id, user_id)) if made and user_id is not None else it.exercise_id
        ex = bank.get(eid) if eid and (eid == it.exercise_id or made) else None
        if ex is not None:
            prompt = present.prompt_text(ex, locale)
        elif made:
            gen = generators.of_game(made[0]).get(made[1])
            prompt = gen.title.get(locale) if gen else it.exercise_id
        else:
            prompt = it.exercise_id
        out.append(ItemView(it, n, ex, by_id[it.part_id], prompt, own=made is not None))
    return out


def _items_by_exercise(a: Assignment, items: list[ItemView]) -> dict[str, ItemView]:
    """Every exercise id of the assignment (each student's own too) → its item."""
    by_id = {iv.item.id: iv for iv in items}
    out = {iv.item.exercise_id: iv for iv in items if not iv.own}
    if any(iv.own for iv in items):
        for (item_id, _uid), eid in service.own_positions_of(a).items():
            if item_id in by_id:
                out[eid] = by_id[item_id]
    return out


#: what the results read of an attempt (rows, not ORM objects: a class's grid reads
#: hundreds, and nothing here changes them)
_READ = (
    Attempt.id,
    Attempt.exercise_id,
    Attempt.game,
    Attempt.answer,
    Attempt.correct,
    Attempt.misconception,
    Attempt.params,
    Attempt.hints,
    Attempt.shown,
    Attempt.time_ms,
    Attempt.created_at,
)


def attempts_by_user(a: Assignment, user_ids: list[int]) -> dict[int, list[Any]]:
    """The assignment's attempts of these students, oldest first (read-only rows with the
    attempt's attribute names)."""
    if not user_ids:
        return {}
    rows = db.session.execute(
        select(*_READ, LearnerProfile.user_id)
        .join(LearnerProfile, LearnerProfile.id == Attempt.profile_id)
        .where(
            Attempt.context_ref == a.ref,
            Attempt.context.in_(CONTEXTS),
            LearnerProfile.user_id.in_(user_ids),
        )
        .order_by(Attempt.created_at, Attempt.id)
    ).all()
    out: dict[int, list[Any]] = {}
    for row in rows:
        out.setdefault(row.user_id, []).append(row)
    return out


def _members(
    a: Assignment, only: int | None = None, order: str | None = None
) -> list[tuple[ClassStudent, User]]:
    """The class's students, in the class's order (or ``order``: see
    :func:`service.order_of`)."""
    from app.classes.models import SchoolClass

    klass = db.session.get(SchoolClass, a.class_id)
    q = (
        select(ClassStudent, User)
        .join(User, User.id == ClassStudent.user_id)
        .filter(ClassStudent.class_id == a.class_id)
        .order_by(*service.student_order(service.order_of(klass, order)))
    )
    if only is not None:
        q = q.filter(User.id == only)
    return [(m, u) for m, u in db.session.execute(q).all()]


Loaded = tuple[list[tuple[ClassStudent, User]], dict[int, list[Any]]]


def _load(a: Assignment, only: int | None = None, order: str | None = None) -> Loaded:
    """The students (or one) and their attempts at the assignment, read once."""
    members = _members(a, only, order)
    return members, attempts_by_user(a, [u.id for _m, u in members])


def deal_parts(a: Assignment) -> list[AssignmentPart]:
    return [p for p in service.parts_of(a) if p.kind == "deal"]


def deals_by_user(a: Assignment, user_ids: list[int]) -> dict[int, Any]:
    """Each student's deal of the assignment (read-only rows: what was stored when it
    ended), the first one begun if there are more."""
    if not user_ids:
        return {}
    rows = db.session.execute(
        select(
            PlayDeal.id,
            PlayDeal.status,
            PlayDeal.decisions,
            PlayDeal.agreed,
            PlayDeal.ended_at,
            PlayDeal.seat,
            PlayDeal.result,
            LearnerProfile.user_id,
        )
        .join(LearnerProfile, LearnerProfile.id == PlayDeal.profile_id)
        .where(PlayDeal.assignment_id == a.id, LearnerProfile.user_id.in_(user_ids))
        .order_by(PlayDeal.created_at, PlayDeal.id)
    ).all()
    out: dict[int, Any] = {}
    for row in rows:
        out.setdefault(row.user_id, row)
    return out


def deal_cell(row: Any, exam: bool, due: datetime) -> DealCell:
    if row is None:
        return DealCell()
    ended = row.ended_at
    over = row.status == "over"
    points = None
    if over and row.result and row.result.get("scores"):
        scores = row.result["scores"]
        points = int(scores[row.seat]) if row.seat < len(scores) else None
    late = over and ended is not None and ended > due
    return DealCell(
        status=row.status,
        decisions=row.decisions or 0,
        agreed=row.agreed or 0,
        done=over and not (exam and late),
        late=late,
        ended_at=ended,
        points=points,
        deal_id=row.id,
    )


def grid(
    a: Assignment,
    locale: str,
    order: str | None = None,
    extensions: dict[int, datetime] | None = None,
    drawn: dict[int, Any] | None = None,
) -> Grid:
    """The class's grid: its cells and its common mistakes counted by the database (one
    row per student and exercise, one per exercise and mistake), not from every answer.
    ``extensions``: :func:`service.extensions_of`, when the caller has read them.
    With ``drawn`` (each student's :attr:`Grid.keys` value the last time the caller drew
    their row), ``rows`` holds only the students whose key changed; ``keys``: every
    student's, in order."""
    all_parts = service.parts_of(a)
    items = item_views(a, locale, parts=all_parts)
    parts = [
        (p, part_title(p, a.game, locale), [iv for iv in items if iv.part.id == p.id])
        for p in all_parts
    ]
    dealt = [(p, part_title(p, a.game, locale)) for p in all_parts if p.kind == "deal"]
    members = _members(a, order=order)
    uids = [u.id for _m, u in members]
    ext = service.extensions_of(a) if extensions is None else extensions
    played = deals_by_user(a, uids) if dealt else {}
    own = service.own_positions_of(a) if any(iv.own for iv in items) else {}
    keys: dict[int, Any] = {}
    todo = members
    if drawn is not None:
        answers = answer_stamps(a, uids)
        mine: dict[int, list[tuple[int, str]]] = {}
        for (item_id, uid), eid in sorted(own.items()):
            mine.setdefault(uid, []).append((item_id, eid))
        for m, u in members:
            d = played.get(u.id)
            keys[u.id] = (
                m.id,
                m.real_name,
                u.username,
                ext.get(u.id),
                answers.get(u.id),
                (d.id, d.status, d.decisions, d.agreed, d.ended_at) if d is not None else None,
                tuple(mine.get(u.id, ())),
            )
        todo = [(m, u) for m, u in members if drawn.get(u.id) != keys[u.id]]
    cells = _cells_by_user(a, [u.id for _m, u in todo])
    rows = _counted_rows(a, items, todo, cells, len(dealt), ext, played, own)
    mistakes = _counted_mistakes(a, items, uids, locale)
    return Grid(a, parts, items, rows, mistakes, dealt, keys)


# -- the grid, counted by the database --------------------------------------------------


def _answers_of(a: Assignment, user_ids: list[int]) -> Any:
    """The WHERE of an assignment's answers by these students (attempts joined to their
    profiles)."""
    return (
        Attempt.context_ref == a.ref,
        Attempt.context.in_(CONTEXTS),
        LearnerProfile.user_id.in_(user_ids),
    )


#: a stars count and the wrong tries before the first right answer travel as one number
#: (tries × HINTS_BASE + hints of that answer): the smallest is the first right answer's
HINTS_BASE = 1000


def _cells_by_user(
    a: Assignment, user_ids: list[int], last_answer: bool = False
) -> dict[tuple[int, str], Any]:
    """Per student and exercise: answers, time, the first answer right or not, the first
    right answer (its place and hints), an answer given after it was shown, the last
    answer's time, and with ``last_answer`` the last answer itself (a student's own
    page shows it; the grid does not); one row each, counted in SQL (window + GROUP BY)."""
    if not user_ids:
        return {}
    ok = and_(Attempt.correct, not_(Attempt.shown))
    each = (LearnerProfile.user_id, Attempt.exercise_id)
    last: tuple[Any, ...] = ()
    if last_answer:
        last = (
            Attempt.answer,
            func.row_number()
            .over(partition_by=each, order_by=(Attempt.created_at.desc(), Attempt.id.desc()))
            .label("back"),
        )
    inner = (
        select(
            *each,
            case((ok, 1), else_=0).label("ok"),
            case((Attempt.shown, 1), else_=0).label("shown"),
            Attempt.hints,
            Attempt.time_ms,
            Attempt.created_at,
            func.row_number()
            .over(partition_by=each, order_by=(Attempt.created_at, Attempt.id))
            .label("n"),
            *last,
        )
        .join(LearnerProfile, LearnerProfile.id == Attempt.profile_id)
        .where(*_answers_of(a, user_ids))
        .subquery()
    )
    c = inner.c
    said = (func.max(case((c.back == 1, c.answer), else_=None)),) if last_answer else ()
    rows = db.session.execute(
        select(
            c.user_id,
            c.exercise_id,
            func.count().label("attempts"),
            func.sum(c.time_ms).label("time_ms"),
            func.max(case((c.n == 1, c.ok), else_=0)).label("first_right"),
            func.min(case((c.ok == 1, (c.n - 1) * HINTS_BASE + c.hints), else_=None)).label(
                "solved"
            ),
            func.max(c.shown).label("shown"),
            func.max(c.created_at).label("last"),
            *said,
        ).group_by(c.user_id, c.exercise_id)
    )
    # plain tuples (user, exercise, attempts, time, first right, solved, shown, last
    # [, last answer])
    return {(t[0], t[1]): t for t in rows}


def _counted_cell(t: tuple[Any, ...] | None, exam: bool, due: datetime) -> Cell:
    """A :class:`Cell` from a counted row: answers, the first answer right or not,
    solved (a right answer, not given after the answer was shown), done (solved; in an
    exam, answered), the stars of the first right answer (the wrong tries before it and
    its hints), time, late (an answer after ``due``), the last answer if it was read,
    an answer given after the answer was shown."""
    if t is None:
        return Cell()
    attempts, time_ms, first_right, solved, shown, last = t[2:8]
    stars = 0
    if solved is not None:
        wrong, hints = divmod(int(solved), HINTS_BASE)
        stars = stars_for(wrong, hints, False)
    if isinstance(last, str):  # SQLite hands back a MAX() of datetimes as text
        last = datetime.fromisoformat(last)
    return Cell(
        int(attempts),
        bool(first_right),
        solved is not None,
        exam or solved is not None,
        stars,
        int(time_ms or 0),
        last > due,
        t[8] if len(t) > 8 else "",
        bool(shown),
    )


def _counted_rows(
    a: Assignment,
    items: list[ItemView],
    members: list[tuple[ClassStudent, User]],
    cells: dict[tuple[int, str], Any],
    n_deals: int,
    ext: dict[int, datetime],
    played: dict[int, Any] | None = None,
    own: dict[tuple[int, int], str] | None = None,
) -> list[StudentRow]:
    """The students' rows from their counted cells; ``played`` (their deals) and ``own``
    (their own exercises) read when not given."""
    if played is None:
        played = deals_by_user(a, [u.id for _m, u in members]) if n_deals else {}
    if own is None:
        own = service.own_positions_of(a) if any(iv.own for iv in items) else {}
    out = []
    for m, u in members:
        due = max(a.due_at, ext[u.id]) if u.id in ext else a.due_at
        row = [
            _counted_cell(
                cells.get(
                    (u.id, own.get((iv.item.id, u.id), "") if iv.own else iv.item.exercise_id)
                ),
                a.exam,
                due,
            )
            for iv in items
        ]
        dealt = [deal_cell(played.get(u.id), a.exam, due)] * n_deals
        out.append(StudentRow(m, u, due, row, a.pass_percent, dealt))
    return out


def _counted_mistakes(
    a: Assignment, items: list[ItemView], user_ids: list[int], locale: str
) -> list[Mistake]:
    """The codes of the class's wrong answers, counted, most frequent first (a right
    answer given after the answer was shown is one more kind of mistake), counted in
    SQL: per exercise and mistake how many times, and the first answer of each mistake
    (by time) for the sentence's example. Codes whose sentences read the same make one
    line."""
    if not user_ids:
        return []
    by_exercise = _items_by_exercise(a, items)
    numbers = {eid: iv.number for eid, iv in by_exercise.items()}
    if not numbers:
        return []
    code = case((Attempt.correct, SHOWN), else_=Attempt.misconception)
    where = (
        *_answers_of(a, user_ids),
        Attempt.exercise_id.in_(list(numbers)),
        or_(
            and_(Attempt.correct, Attempt.shown),
            and_(
                not_(Attempt.correct),
                Attempt.misconception.is_not(None),
                Attempt.misconception != "",
            ),
        ),
    )

    def joined(*columns: Any) -> Any:
        return select(*columns).join(LearnerProfile, LearnerProfile.id == Attempt.profile_id)

    # one row per exercise and mistake: how many, and its first answer (by time)
    group = (Attempt.exercise_id, code)
    first = (
        joined(
            Attempt.exercise_id,
            Attempt.game,
            Attempt.params,
            code.label("code"),
            func.row_number()
            .over(partition_by=group, order_by=(Attempt.created_at, Attempt.id))
            .label("k"),
            func.count().over(partition_by=group).label("n"),
            Attempt.created_at,
            Attempt.id,
        )
        .where(*where)
        .subquery()
    )
    counted = db.session.execute(
        select(first.c.exercise_id, first.c.game, first.c.params, first.c.code, first.c.n)
        .where(first.c.k == 1)
        .order_by(first.c.created_at, first.c.id)
    ).all()
    found: dict[str, Mistake] = {}
    for x in counted:  # the codes in the order of their first example
        if x.code in found:
            continue
        text = (
            _("Answered after the hint showed the answer")
            if x.code == SHOWN
            else stored.reason_line(
                _asked(by_exercise.get(x.exercise_id), x.exercise_id),
                x.game,
                x.code,
                x.params,
                locale,
            )
        )
        # codes whose sentences read the same (two the catalog cannot render): one line
        same = next((k for k in found.values() if k.message == text), None)
        found[x.code] = same or Mistake(x.code, text, 0)
    for x in counted:
        m = found[x.code]
        m.count += x.n
        if numbers[x.exercise_id] not in m.items:
            m.items.append(numbers[x.exercise_id])
    out = sorted({id(m): m for m in found.values()}.values(), key=lambda m: (-m.count, m.code))
    for m in out:
        m.items.sort()
    return out


# -- what the grid is drawn from, in one cheap row -----------------------------------------


@dataclass(frozen=True)
class Member:
    """A student as the grid's page names them (read as plain columns)."""

    user_id: int
    name: str  # the real name, else the username
    row: tuple[Any, ...]  # everything of theirs the grid shows or sorts by


def _stamp(a: Assignment) -> Any:
    """What changes whenever anything the grid shows of the students' work changes, read
    in one query of three counts: the class's answers to the assignment (how many, the
    highest id, the sum of their profiles: an answer written, removed or moved to
    another profile), its deals (how many, the latest change of any, a move or an
    end, the sum of their profiles) and the positions made for each student. With the
    assignment's own values, the students and the extensions it keys the drawn grid,
    so a page never shows less than was committed before it was asked for."""
    members = select(ClassStudent.user_id).where(ClassStudent.class_id == a.class_id)
    answers = (
        select(
            func.count(Attempt.id).label("answers"),
            func.max(Attempt.id).label("last_answer"),
            func.sum(Attempt.profile_id).label("answer_profiles"),
        )
        .join(LearnerProfile, LearnerProfile.id == Attempt.profile_id)
        .where(
            Attempt.context_ref == a.ref,
            Attempt.context.in_(CONTEXTS),
            LearnerProfile.user_id.in_(members),
        )
        .subquery()
    )
    deals = (
        select(
            func.count(PlayDeal.id).label("deals"),
            func.max(PlayDeal.updated_at).label("deal_changed"),
            func.sum(PlayDeal.profile_id).label("deal_profiles"),
        )
        .where(PlayDeal.assignment_id == a.id)
        .subquery()
    )
    own = (
        select(func.count(OwnPosition.id).label("own"))
        .where(OwnPosition.assignment_id == a.id)
        .subquery()
    )
    return select(answers, deals, own).select_from(answers.join(deals, true()).join(own, true()))


def stamp(a: Assignment) -> tuple[Any, ...]:
    """What changes whenever anything the grid shows of the students' work changes (see
    :func:`_stamp`)."""
    return tuple(db.session.execute(_stamp(a)).one())


#: how many values a stamp has
STAMP = 7


def members_and_stamp(a: Assignment, order: str) -> tuple[list[Member], tuple[Any, ...]]:
    """The class's students in ``order`` (``made`` or ``pinyin``), as plain values, and
    :func:`stamp`, read in one query (each student's row carries the stamp; a class
    without students, one row of the stamp alone)."""
    st = _stamp(a).subquery()
    rows = db.session.execute(
        select(
            st,
            ClassStudent.id,
            ClassStudent.user_id,
            ClassStudent.real_name,
            ClassStudent.sort_key,
            User.username,
        )
        .select_from(st)
        .outerjoin(ClassStudent, ClassStudent.class_id == a.class_id)
        .outerjoin(User, User.id == ClassStudent.user_id)
        .order_by(*service.student_order(order))
    ).all()
    members = [
        Member(r.user_id, r.real_name or r.username, tuple(r[STAMP:]))
        for r in rows
        if r.user_id is not None
    ]
    return members, tuple(rows[0][:STAMP])


def answer_stamps(a: Assignment, user_ids: list[int]) -> dict[int, tuple[Any, ...]]:
    """Per student with answers to the assignment: how many, the highest id, their sum
    (what changes when one is written, removed or moved to another student)."""
    if not user_ids:
        return {}
    rows = db.session.execute(
        select(
            LearnerProfile.user_id,
            func.count(Attempt.id),
            func.max(Attempt.id),
            func.sum(Attempt.id),
        )
        .join(LearnerProfile, LearnerProfile.id == Attempt.profile_id)
        .where(*_answers_of(a, user_ids))
        .group_by(LearnerProfile.user_id)
    )
    return {t[0]: tuple(t[1:]) for t in rows if t[0] is not None}


def deals_stamp(stamp: tuple[Any, ...]) -> tuple[Any, ...]:
    """The deals' part of a :func:`stamp` (how many, their latest change, their
    profiles): what the deals compared are drawn from, beside the students."""
    return stamp[3:6]


def student_row(a: Assignment, user_id: int, locale: str) -> tuple[list[ItemView], StudentRow]:
    """One student's items (their own exercises where made per student) and row, with
    each cell's last answer."""
    parts = service.parts_of(a)
    items = item_views(a, locale, user_id, parts)
    members = _members(a, only=user_id)
    cells = _cells_by_user(a, [user_id], last_answer=True)
    n_deals = sum(p.kind == "deal" for p in parts)
    rows = _counted_rows(a, items, members, cells, n_deals, service.extensions_of(a))
    return items, rows[0]


# -- mistakes and answers ---------------------------------------------------------------


def _all_attempts(a: Assignment, loaded: Loaded | None = None) -> list[tuple[Attempt, User]]:
    members, by_user = loaded or _load(a)
    users = {u.id: u for _m, u in members}
    return [(x, users[uid]) for uid, xs in by_user.items() for x in xs]


def _asked(iv: ItemView | None, exercise_id: str) -> Exercise | None:
    """The exercise an attempt answered: the item's, or the student's own one."""
    if iv is None:
        return None
    return bank.get(exercise_id) if iv.own else iv.exercise


@dataclass
class AnswerRow:
    answer: str  # the canonical text, as stored
    words: str  # in the page's language
    cards: list[str]  # pick-cards: the cards, for pictures
    correct: bool
    count: int  # times given
    first: int  # times given as a student's first answer
    misconception: str | None
    message: str
    students: list[str]
    shown: bool = False  # given after the answer was shown (not right)


@dataclass
class ItemReport:
    view: ItemView
    answers: list[AnswerRow]
    mistakes: list[tuple[str, str, int]]  # (code, message, count)
    answered: int  # students who answered
    right_first: int
    solution: str  # the right answer in words


def item_report(a: Assignment, view: ItemView, names: dict[int, str], locale: str) -> ItemReport:
    """Every answer given to one item, grouped: how often, by whom, what it reveals."""
    ex = view.exercise
    rows: dict[tuple[str, bool, str], AnswerRow] = {}
    firsts: set[int] = set()
    codes: Counter[str] = Counter()
    texts: dict[str, str] = {}
    right_first = 0
    mine = {eid for eid, iv in _items_by_exercise(a, [view]).items() if iv is view}
    for x, u in _all_attempts(a):
        if x.exercise_id not in mine:
            continue
        first = u.id not in firsts
        if first:
            firsts.add(u.id)
            right_first += right(x)
        # each student's own exercise answers in its own words
        of = (x.exercise_id if view.own else "", right(x), x.answer)
        row = rows.get(of)
        if row is None:
            asked = bank.get(x.exercise_id) if view.own else ex
            said = stored.shown(
                asked, x.game, x.answer, bool(x.correct), x.misconception, x.params, locale
            )
            message, words = said.reason, said.words
            cards = x.answer.split() if asked is not None and asked.kind == "pick-cards" else []
            row = rows[of] = AnswerRow(
                x.answer,
                words,
                cards,
                right(x),
                0,
                0,
                x.misconception,
                message,
                [],
                shown=bool(x.correct and x.shown),
            )
        row.count += 1
        row.first += first
        name = names.get(u.id, u.username)
        if name not in row.students:
            row.students.append(name)
        if not x.correct and x.misconception:
            codes[x.misconception] += 1
            texts.setdefault(x.misconception, row.message)
    answers = sorted(rows.values(), key=lambda r: (not r.correct, -r.count, r.answer))
    # codes whose sentences read the same (two the catalog cannot render) make one line
    merged: dict[str, tuple[str, str, int]] = {}
    for c, n in codes.most_common():
        same = merged.get(texts[c])
        merged[texts[c]] = (same[0], texts[c], same[2] + n) if same else (c, texts[c], n)
    solution = ""
    if ex is not None and not view.own:
        from app.learning.queries import solve

        solution = present.answer_words(ex, solve(ex).shown, locale)
    return ItemReport(
        view,
        answers,
        sorted(merged.values(), key=lambda m: -m[2]),
        len(firsts),
        right_first,
        solution,
    )


# -- a student's history ----------------------------------------------------------------


@dataclass
class HistoryRow:
    attempt: Attempt
    assignment: Assignment
    number: int | None
    prompt: str
    words: str
    message: str


def history(class_id: int, user_id: int, locale: str, limit: int = 500) -> list[HistoryRow]:
    """The student's answers in this class's assignments, newest first, exactly as given."""
    tasks = {a.ref: a for a in db.session.scalars(select(Assignment).filter_by(class_id=class_id))}
    if not tasks:
        return []
    ids = [a.id for a in tasks.values()]
    numbers = {
        (it.assignment_id, it.exercise_id): it.position + 1
        for it in db.session.scalars(
            select(AssignmentItem).where(AssignmentItem.assignment_id.in_(ids))
        )
    }
    own = db.session.execute(
        select(OwnPosition.assignment_id, OwnPosition.exercise_id, AssignmentItem.position)
        .join(AssignmentItem, AssignmentItem.id == OwnPosition.item_id)
        .where(OwnPosition.assignment_id.in_(ids), OwnPosition.user_id == user_id)
    ).all()
    numbers.update({(aid, eid): pos + 1 for aid, eid, pos in own})
    attempts = db.session.scalars(
        select(Attempt)
        .join(LearnerProfile, LearnerProfile.id == Attempt.profile_id)
        .where(
            LearnerProfile.user_id == user_id,
            Attempt.context.in_(CONTEXTS),
            Attempt.context_ref.in_(list(tasks)),
        )
        .order_by(Attempt.created_at.desc(), Attempt.id.desc())
        .limit(limit)
    ).all()
    out = []
    for x in attempts:
        a = tasks[x.context_ref]
        ex = bank.get(x.exercise_id)
        said = stored.shown(
            ex, x.game, x.answer, bool(x.correct), x.misconception, x.params, locale
        )
        out.append(
            HistoryRow(
                x,
                a,
                numbers.get((a.id, x.exercise_id)),
                present.prompt_text(ex, locale) if ex else x.exercise_id,
                said.words,
                said.reason,
            )
        )
    return out


# -- CSV --------------------------------------------------------------------------------


#: a cell that is a plain number stays a number in a spreadsheet
NUMBER = re.compile(r"-?\d+(\.\d+)?")
#: what a spreadsheet may read as the start of a formula
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _cell_text(value: Any) -> Any:
    """A spreadsheet must not read a typed name or answer as a formula; a plain number
    (``-3``, ``2.5``) stays a number."""
    if isinstance(value, str) and value[:1] in FORMULA and not NUMBER.fullmatch(value):
        return "'" + value
    return value


def _csv(header: list[str], rows: list[list[Any]]) -> str:
    out = io.StringIO()
    out.write("\ufeff")  # so that spreadsheet programs read the Chinese as UTF-8
    w = csv.writer(out)
    w.writerow(header)
    for r in rows:
        w.writerow([_cell_text(v) for v in r])
    return out.getvalue()


def _when(dt: datetime | None, zone: ZoneInfo) -> str:
    """A stored time in the downloading teacher's zone, as a spreadsheet reads a date
    (``2026-12-07 09:30``; the zone is named in the column's header)."""
    return times.shown(dt, zone) if dt else ""


def _zoned(name: str, zone: ZoneInfo) -> str:
    return f"{name} ({zone.key})"


SHORT = 28


def short_title(iv: ItemView) -> str:
    """An item's name in a CSV: its number and the start of its prompt (unique: the
    number is)."""
    words = " ".join(iv.prompt.split())
    if len(words) > SHORT:
        words = words[: SHORT - 1].rstrip() + "…"
    return f"{iv.number} {words}".strip()


def attempts_csv(class_id: int, locale: str, zone: ZoneInfo | None = None) -> str:
    """Every answer to every assignment of the class, one row each; times in ``zone``
    (the downloading teacher's)."""
    zone = zone or ZoneInfo(times.DEFAULT_ZONE)
    header = [
        "assignment_id",
        "assignment",
        "exam",
        "item",
        "item_name",
        "exercise_id",
        "game",
        "username",
        "real_name",
        _zoned("answered_at", zone),
        "answer",
        "answer_words",
        "correct",
        "answer_shown",
        "misconception",
        "misconception_text",
        "hints",
        "time_s",
        "late",
    ]
    rows: list[list[Any]] = []
    tasks = db.session.scalars(
        select(Assignment).filter_by(class_id=class_id).order_by(Assignment.id)
    ).all()
    for a in tasks:
        items = item_views(a, locale)
        numbers = _items_by_exercise(a, items)
        members = {u.id: (m, u) for m, u in _members(a)}
        ext = service.extensions_of(a)
        for uid, xs in attempts_by_user(a, list(members)).items():
            m, u = members[uid]
            due = max(a.due_at, ext[uid]) if uid in ext else a.due_at
            for x in xs:
                iv = numbers.get(x.exercise_id)
                ex = _asked(iv, x.exercise_id)
                said = stored.shown(
                    ex, x.game, x.answer, bool(x.correct), x.misconception, x.params, locale
                )
                rows.append(
                    [
                        a.id,
                        a.title,
                        int(a.exam),
                        iv.number if iv else "",
                        short_title(iv) if iv else "",
                        x.exercise_id,
                        x.game,
                        u.username,
                        m.real_name,
                        _when(x.created_at, zone),
                        x.answer,
                        said.words,
                        int(right(x)),
                        int(x.shown),
                        x.misconception or "",
                        said.reason,
                        x.hints,
                        round(x.time_ms / 1000, 1),
                        int(x.created_at > due),
                    ]
                )
        if deal_parts(a):
            for uid, d in deals_by_user(a, list(members)).items():
                m, u = members[uid]
                due = max(a.due_at, ext[uid]) if uid in ext else a.due_at
                dc = deal_cell(d, a.exam, due)
                if dc.status != "over":
                    continue
                rows.append(
                    [
                        a.id,
                        a.title,
                        int(a.exam),
                        "deal",
                        part_title(deal_parts(a)[0], a.game, locale),
                        f"deal:{d.id}",
                        a.game,
                        u.username,
                        m.real_name,
                        _when(dc.ended_at, zone),
                        dc.agreed,  # a plain number (a spreadsheet reads "3/5" as a date)
                        _(
                            "%(a)s of %(n)s decisions as the computer advised",
                            a=dc.agreed,
                            n=dc.decisions,
                        ),
                        round(dc.credit, 3),
                        0,
                        "",
                        "",
                        0,
                        "",
                        int(dc.late),
                    ]
                )
    return _csv(header, rows)


def grid_csv(
    a: Assignment, locale: str, order: str | None = None, zone: ZoneInfo | None = None
) -> str:
    """The student × item grid of one assignment; items named by number and the start
    of their prompt; times in ``zone`` (the downloading teacher's)."""
    zone = zone or ZoneInfo(times.DEFAULT_ZONE)
    g = grid(a, locale, order)
    header = ["username", "real_name", _zoned("due", zone), "done", "score_percent", "passed"]
    header += ["late", "time_s"]
    for iv in g.items:
        n = short_title(iv)
        header += [f"{n}: done", f"{n}: first_right", f"{n}: stars", f"{n}: attempts"]
        header += [f"{n}: time_s", f"{n}: answer_shown"]
    for k, (_part, title) in enumerate(g.deals, start=1):
        dn = f"deal {k} {title}" if len(g.deals) > 1 else f"deal {title}"
        header += [f"{dn}: status", f"{dn}: done", f"{dn}: decisions", f"{dn}: as_engine"]
        header += [f"{dn}: percent", f"{dn}: {_zoned('ended', zone)}", f"{dn}: late"]
    rows = []
    for r in g.rows:
        line: list[Any] = [
            r.user.username,
            r.member.real_name,
            _when(r.due, zone),
            r.done,
            r.score,
            int(r.passed),
            int(r.late),
            round(r.time_ms / 1000, 1),
        ]
        for c in r.cells:
            first = "" if c.first_right is None else int(c.first_right)
            line += [int(c.done), first, c.stars, c.attempts, round(c.time_ms / 1000, 1)]
            line.append(int(c.shown))
        for d in r.deals:
            line += [d.status or "", int(d.done), d.decisions, d.agreed]
            line += ["" if d.percent is None else d.percent, _when(d.ended_at, zone), int(d.late)]
        rows.append(line)
    return _csv(header, rows)


# -- a student's own view ---------------------------------------------------------------


@dataclass
class StudentTask:
    assignment: Assignment
    class_name: str
    due: datetime
    status: str  # upcoming | todo | late | done | closed
    done: int
    total: int
    score: int | None  # None while an exam's results are not out
    passed: bool | None


def for_student(u: User, locale: str, now: datetime) -> list[StudentTask]:
    """The assignments of the student's classes (not archived), soonest due first."""
    from app.classes.models import SchoolClass

    rows = db.session.execute(
        select(Assignment, SchoolClass.name)
        .join(SchoolClass, SchoolClass.id == Assignment.class_id)
        .join(ClassStudent, ClassStudent.class_id == SchoolClass.id)
        .where(ClassStudent.user_id == u.id, SchoolClass.archived_at.is_(None))
        .order_by(Assignment.due_at, Assignment.id)
    ).all()
    out = []
    for a, class_name in rows:
        if a.starts_at > now:
            due = service.due_for(a, u.id)
            out.append(StudentTask(a, class_name, due, "upcoming", 0, 0, None, None))
            continue
        _items, row = student_row(a, u.id, locale)
        visible = service.results_open(a)
        if row.finished:
            status = "done"
        elif now < row.due:
            status = "todo"
        else:
            status = "closed" if a.exam else "late"
        out.append(
            StudentTask(
                a,
                class_name,
                row.due,
                status,
                row.done,
                row.total,
                row.score if visible else None,
                row.passed if visible else None,
            )
        )
    return out


# -- the same deal for everyone: the class's decisions compared ----------------------------


@dataclass
class DealChoice:
    move: str  # the move in words
    students: list[str]
    engine: bool  # what the engine advised at that moment


@dataclass
class DealStep:
    index: int  # the students' n-th decision
    engine: str
    choices: list[DealChoice]


@dataclass
class DealReport:
    title: str
    # name, status (active/over/""), the deal's score, the stored comparison
    players: list[tuple[str, str, int | None, DealCell]]
    steps: list[DealStep]


def _move_words(family: str, action: Any, locale: str) -> str:
    from app.text.results import action_label, cards_text

    return f"{action_label(action.kind)} {cards_text(family, list(action.cards), locale)}".strip()


def deal_reports(
    a: Assignment,
    locale: str,
    parts: list[AssignmentPart] | None = None,
    extensions: dict[int, datetime] | None = None,
) -> list[DealReport]:
    """Per "same deal" part: who played it (and the score), and the class's decisions by
    index, each distinct move with the students who made it beside the engine's advice.
    Students see the same positions as long as their decisions agree. ``parts``,
    ``extensions``: the assignment's, when the caller has read them."""
    from app.engine.core.registry import find_variant
    from app.learning import play

    parts = [p for p in (service.parts_of(a) if parts is None else parts) if p.kind == "deal"]
    if not parts:
        return []
    members = _members(a)
    profiles = dict(
        db.session.execute(
            select(LearnerProfile.id, LearnerProfile.user_id).where(
                LearnerProfile.user_id.in_([u.id for _m, u in members])
            )
        ).all()
    )
    names = {u.id: (m.real_name or u.username) for m, u in members}
    deals = [d for d in play.class_deals(a.id) if d.profile_id in profiles]
    family = find_variant(a.game).family
    stored = deals_by_user(a, [u.id for _m, u in members])
    ext = service.extensions_of(a) if extensions is None else extensions
    players: list[tuple[str, str, int | None, DealCell]] = []
    for _m, u in members:
        due = max(a.due_at, ext[u.id]) if u.id in ext else a.due_at
        dc = deal_cell(stored.get(u.id), a.exam, due)
        players.append((names[u.id], dc.status, dc.points, dc))
    who = {pid: uid for pid, uid in profiles.items()}
    steps = []
    for st in play.compare(deals, who):
        engine = _move_words(family, st.engine, locale) if st.engine else ""
        steps.append(
            DealStep(
                st.index,
                engine,
                [
                    DealChoice(
                        _move_words(family, act, locale),
                        [names.get(uid, "?") for uid in people],
                        st.engine is not None and st.engine.same_move(act),
                    )
                    for act, people in st.choices
                ],
            )
        )
    return [DealReport(part_title(p, a.game, locale), players, steps) for p in parts]

"""Deleting rows together with everything that hangs on them, on any database.

SQLite runs here without foreign-key enforcement, so ``ON DELETE CASCADE`` and
``SET NULL`` in the schema do nothing there: :func:`plan` walks the models' foreign
keys instead (a new table is never forgotten) and :func:`erase` carries the plan out
in the caller's transaction, children before parents. A column declared ``SET NULL``
is cleared; every other reference is deleted with its row.

:func:`plan` counts what would go (rows per table, each row once), for a confirmation
page or a command's report; :func:`erase` returns the same counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Table, and_, delete, func, or_, select, update

from app.extensions import db


@dataclass(frozen=True)
class _Step:
    """Rows of ``table`` that ``where`` picks (it names the rows of the steps above it)."""

    table: Table
    where: Any


@dataclass(frozen=True)
class _Clear:
    """A ``SET NULL`` reference: ``column`` of the rows ``where`` picks is cleared."""

    table: Table
    column: Any
    where: Any


def _referring(target: Table) -> list[tuple[Table, Any, Any, str | None]]:
    """Every (table, column, target column, ondelete) whose foreign key names ``target``."""
    out = []
    for t in db.metadata.sorted_tables:
        for fk in t.foreign_keys:
            if fk.column.table is target:
                out.append((t, fk.parent, fk.column, (fk.ondelete or "").upper() or None))
    return out


def _walk(table: Table, where: Any) -> tuple[list[_Step], list[_Clear]]:
    steps = [_Step(table, where)]
    clears: list[_Clear] = []
    queue = [steps[0]]
    while queue:
        step = queue.pop(0)
        for child, column, target_col, ondelete in _referring(step.table):
            picked = column.in_(select(target_col).where(step.where))
            if ondelete == "SET NULL":
                clears.append(_Clear(child, column, picked))
            else:
                below = _Step(child, picked)
                steps.append(below)
                queue.append(below)
    return steps, clears


def _by_table(steps: list[_Step]) -> dict[str, tuple[Table, Any]]:
    grouped: dict[str, tuple[Table, list[Any]]] = {}
    for s in steps:
        grouped.setdefault(s.table.name, (s.table, []))[1].append(s.where)
    return {name: (t, or_(*wheres)) for name, (t, wheres) in grouped.items()}


def plan(table: Table, where: Any) -> dict[str, int]:
    """How many rows of each table go with the rows of ``table`` that ``where`` picks
    (tables with none left out)."""
    counts = {}
    for name, (t, where_any) in _by_table(_walk(table, where)[0]).items():
        n = db.session.scalar(select(func.count()).select_from(t).where(where_any)) or 0
        if n:
            counts[name] = int(n)
    return counts


def erase(table: Table, where: Any) -> dict[str, int]:
    """Delete the rows ``where`` picks in ``table`` and everything hanging on them, in
    the caller's transaction (the caller commits, or rolls back on error); returns what
    went, as :func:`plan` counts it."""
    counts = plan(table, where)
    steps, clears = _walk(table, where)
    for c in clears:  # while the rows they point at are still there
        db.session.execute(update(c.table).where(c.where).values({c.column.name: None}))
    for s in reversed(steps):  # each step before the step it hangs on
        db.session.execute(delete(s.table).where(s.where))
    db.session.expire_all()
    return counts


def users_table() -> Table:
    return db.metadata.tables["users"]


def profiles_table() -> Table:
    return db.metadata.tables["learner_profiles"]


def account_plan(user_ids: list[int]) -> dict[str, int]:
    users = users_table()
    return plan(users, users.c.id.in_(user_ids))


def erase_accounts(user_ids: list[int]) -> dict[str, int]:
    """Delete accounts with their record (the caller commits)."""
    users = users_table()
    return erase(users, users.c.id.in_(user_ids))


def delete_accounts(user_ids: list[int]) -> dict[str, int]:
    """Delete accounts with their record in one transaction of their own: committed, or
    rolled back whole. Returns what went."""
    try:
        counts = erase_accounts(user_ids)
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return counts


def _idle_visitors(days: int, now: datetime) -> Any:
    """Visitor profiles (no account) not seen for ``days`` days that hold no answer of
    the last ``days`` days either."""
    profiles = profiles_table()
    # an alias of its own: inside ``DELETE FROM attempts …`` the plain table would be
    # taken for the row being deleted
    attempts = db.metadata.tables["attempts"].alias("recent_attempts")
    since = now - timedelta(days=days)
    recent = (
        select(attempts.c.id)
        .where(attempts.c.profile_id == profiles.c.id, attempts.c.created_at >= since)
        .correlate(profiles)
    )
    return and_(
        profiles.c.user_id.is_(None),
        profiles.c.last_seen_at < since,
        profiles.c.created_at < since,
        ~recent.exists(),
    )


def prune_plan(days: int, now: datetime) -> dict[str, int]:
    return plan(profiles_table(), _idle_visitors(days, now)) if days > 0 else {}


def prune_visitors(days: int, now: datetime) -> dict[str, int]:
    """Remove the visitor profiles idle for ``days`` days with their record; commits.
    Returns what went (``learner_profiles``: how many profiles)."""
    if days <= 0:
        return {}
    try:
        counts = erase(profiles_table(), _idle_visitors(days, now))
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return counts


def classes_taught_alone(user_ids: list[int]) -> list[str]:
    """Names of the classes whose only teachers are among ``user_ids`` (deleting them
    would leave the class with nobody to teach it)."""
    teachers, classes = db.metadata.tables["class_teachers"], db.metadata.tables["classes"]
    others = select(teachers.c.id).where(
        teachers.c.class_id == classes.c.id, teachers.c.user_id.not_in(user_ids)
    )
    mine = select(teachers.c.class_id).where(teachers.c.user_id.in_(user_ids))
    return list(
        db.session.scalars(
            select(classes.c.name)
            .where(classes.c.id.in_(mine), ~others.exists())
            .order_by(classes.c.name)
        )
    )


def describe(counts: dict[str, int]) -> list[str]:
    """What went (or would go), in words of the page's language, most telling first;
    bookkeeping rows (codes, events, departures …) are counted together."""
    from flask_babel import ngettext

    words = {
        "users": lambda n: ngettext("%(num)d account", "%(num)d accounts", n),
        "learner_profiles": lambda n: ngettext(
            "%(num)d learning record", "%(num)d learning records", n
        ),
        "attempts": lambda n: ngettext("%(num)d answer", "%(num)d answers", n),
        "exercise_states": lambda n: ngettext(
            "%(num)d exercise with its stars", "%(num)d exercises with their stars", n
        ),
        "skill_states": lambda n: ngettext("%(num)d skill", "%(num)d skills", n),
        "quiz_sessions": lambda n: ngettext("%(num)d quiz run", "%(num)d quiz runs", n),
        "ratings": lambda n: ngettext("%(num)d practice rating", "%(num)d practice ratings", n),
        "play_deals": lambda n: ngettext("%(num)d deal played", "%(num)d deals played", n),
        "learner_days": lambda n: ngettext(
            "%(num)d day of practice", "%(num)d days of practice", n
        ),
        "class_students": lambda n: ngettext(
            "%(num)d place in a class", "%(num)d places in classes", n
        ),
    }
    out = [words[name](counts[name]) for name in words if counts.get(name)]
    rest = sum(n for name, n in counts.items() if name not in words)
    if rest:
        out.append(ngettext("%(num)d other entry", "%(num)d other entries", rest))
    return out

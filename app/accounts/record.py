"""A member's own record, to take away (JSON, or CSV files in a zip) or to delete.

What the download holds: the account (name, role, language, when made), and of the
learner's profile the answers, skills, stars, quiz runs, ratings, deals and days,
and the classes joined. Nothing secret goes in it (no password digest, no cookie
token, no sign-in code). The classes' tables are read by name from the metadata
(this area imports no other area).
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from datetime import date, datetime
from typing import Any

from sqlalchemy import Table, select

from app import erase
from app.extensions import db
from app.models import LearnerProfile, User

#: part → (table, columns to give, column to order by)
PARTS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "answers": (
        "attempts",
        (
            "created_at",
            "game",
            "exercise_id",
            "context",
            "answer",
            "correct",
            "misconception",
            "hints",
            "shown",
            "time_ms",
        ),
        "id",
    ),
    "stars": (
        "exercise_states",
        ("game", "exercise_id", "stars", "solved", "tries", "hints", "revealed", "updated_at"),
        "id",
    ),
    "skills": (
        "skill_states",
        ("game", "skill", "due", "reviews", "lapses", "updated_at"),
        "id",
    ),
    "quizzes": (
        "quiz_sessions",
        ("game", "unit", "mode", "started_at", "finished_at"),
        "started_at",
    ),
    "ratings": ("ratings", ("game", "rating", "plays", "updated_at"), "id"),
    "deals": (
        "play_deals",
        (
            "id",
            "game",
            "status",
            "seat",
            "dealer",
            "strength",
            "coach",
            "rules",
            "moves",
            "result",
            "created_at",
            "ended_at",
        ),
        "created_at",
    ),
    "days": ("learner_days", ("day", "answers"), "day"),
}


def _table(name: str) -> Table:
    return db.metadata.tables[name]


def _plain(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def profile_id(user: User) -> int | None:
    return db.session.scalar(select(LearnerProfile.id).where(LearnerProfile.user_id == user.id))


def _part(pid: int | None, part: str) -> list[dict[str, Any]]:
    if pid is None:
        return []
    name, columns, order = PARTS[part]
    t = _table(name)
    rows = db.session.execute(
        select(*(t.c[c] for c in columns)).where(t.c.profile_id == pid).order_by(t.c[order])
    ).all()
    return [{c: _plain(v) for c, v in zip(columns, r, strict=True)} for r in rows]


def _classes(user: User) -> list[dict[str, Any]]:
    students, classes = _table("class_students"), _table("classes")
    rows = db.session.execute(
        select(classes.c.name, students.c.real_name, students.c.joined_at)
        .join(classes, classes.c.id == students.c.class_id)
        .where(students.c.user_id == user.id)
        .order_by(students.c.joined_at)
    ).all()
    return [{"class": n, "real_name": r, "joined_at": _plain(j)} for n, r, j in rows]


def record(user: User) -> dict[str, Any]:
    """The whole record, as plain data."""
    pid = profile_id(user)
    profile = db.session.get(LearnerProfile, pid) if pid is not None else None
    out: dict[str, Any] = {
        "account": {
            "username": user.username,
            "role": user.role,
            "language": user.locale,
            "created_at": _plain(user.created_at),
            "timezone": profile.timezone if profile else None,
            "daily_goal": profile.daily_goal if profile else None,
        }
    }
    for part in PARTS:
        out[part] = _part(pid, part)
    out["classes"] = _classes(user)
    return out


def as_json(user: User) -> str:
    return json.dumps(record(user), ensure_ascii=False, indent=1)


def _cell(value: Any) -> Any:
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return value


def as_csv_zip(user: User) -> bytes:
    """One CSV file per part (``account.csv``, ``answers.csv`` …) in a zip, UTF-8 with a
    byte-order mark so that spreadsheets read Chinese right."""
    data = record(user)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for part, value in data.items():
            rows = [value] if isinstance(value, dict) else value
            columns = list(PARTS[part][1]) if part in PARTS else list(rows[0] if rows else [])
            if part == "classes":
                columns = ["class", "real_name", "joined_at"]
            text = io.StringIO()
            writer = csv.writer(text)
            writer.writerow(columns)
            for row in rows:
                writer.writerow([_cell(row.get(c)) for c in columns])
            zf.writestr(f"{part}.csv", "\ufeff" + text.getvalue())
    return buffer.getvalue()


def class_effects(user: User) -> list[dict[str, Any]]:
    """For each class the member is a student of: its name and how many of their answers
    its results count (they leave the results with the account)."""
    students, classes = _table("class_students"), _table("classes")
    assignments, attempts = _table("assignments"), _table("attempts")
    pid = profile_id(user)
    out = []
    rows = db.session.execute(
        select(classes.c.id, classes.c.name)
        .join(students, students.c.class_id == classes.c.id)
        .where(students.c.user_id == user.id)
        .order_by(classes.c.name)
    ).all()
    for class_id, name in rows:
        keys = db.session.scalars(
            select(assignments.c.key).where(assignments.c.class_id == class_id)
        ).all()
        answers = 0
        if pid is not None and keys:
            answers = int(
                db.session.scalar(
                    select(db.func.count())
                    .select_from(attempts)
                    .where(
                        attempts.c.profile_id == pid,
                        attempts.c.context.in_(("assignment", "exam")),
                        attempts.c.context_ref.in_([f"asg-{k}" for k in keys]),
                    )
                )
                or 0
            )
        out.append({"name": name, "answers": answers, "assignments": len(keys)})
    return out


def what_goes(user: User) -> dict[str, int]:
    """Rows per table that deleting the account removes."""
    return erase.account_plan([user.id])


def delete_account(user: User) -> dict[str, int]:
    """The account and its whole record, in one transaction; returns what went."""
    return erase.delete_accounts([user.id])


def blocked(user: User) -> list[str]:
    """Why the account may not be deleted yet, in words of the page's language: the
    site's last admin, or the only teacher of classes."""
    from flask_babel import gettext as _

    reasons = []
    if user.role == "admin":
        admins = db.session.scalar(select(db.func.count(User.id)).where(User.role == "admin"))
        if (admins or 0) <= 1:
            reasons.append(_("The site needs at least one admin: make someone else admin first."))
    alone = erase.classes_taught_alone([user.id])
    if alone:
        reasons.append(
            _(
                "You are the only teacher of %(classes)s: invite another teacher first.",
                classes=_(", ").join(alone),
            )
        )
    return reasons

"""Backups and moving house: every table of user data to one versioned JSON file, and back.

``academy export FILE`` writes all rows of every table the app owns (accounts, profiles,
attempts, skills, stars, quiz runs, practice positions and ratings, played deals, classes
and assignments: whatever the models define, so a new table is never forgotten), with the
schema revision it was taken at. ``academy import FILE`` restores such a file into an
EMPTY database migrated to the same revision, in one transaction: all or nothing. On
PostgreSQL the id sequences are moved past the imported ids.
"""

from __future__ import annotations

import gzip
import json
from datetime import date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Boolean, Date, DateTime, Integer, Table, func, insert, select, text

from app.extensions import db

FORMAT = "long-card-academy-backup"
VERSION = 1
SKIP = {"alembic_version"}


class BackupError(ValueError):
    pass


def tables() -> list[Table]:
    return [t for t in db.metadata.sorted_tables if t.name not in SKIP]


def revision() -> str | None:
    try:
        return db.session.execute(text("SELECT version_num FROM alembic_version")).scalar()
    except Exception:
        db.session.rollback()
        return None


def _plain(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def _open(path: Path, mode: str) -> Any:
    if str(path).endswith(".gz"):
        return gzip.open(path, mode + "t", encoding="utf-8")
    return path.open(mode, encoding="utf-8")


def export(path: Path) -> dict[str, int]:
    """Write the backup; returns the row count per table."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "revision": revision(),
        "tables": {},
    }
    counts = {}
    for t in tables():
        cols = [c.name for c in t.columns]
        order = [c for c in t.primary_key.columns] or list(t.columns)
        rows = db.session.execute(select(t).order_by(*order)).all()
        data["tables"][t.name] = {"columns": cols, "rows": [[_plain(v) for v in r] for r in rows]}
        counts[t.name] = len(rows)
    with _open(path, "w") as fh:
        json.dump(data, fh, ensure_ascii=False, separators=(",", ":"))
    return counts


def _value(column: Any, value: Any) -> Any:
    if value is None:
        return None
    if isinstance(column.type, DateTime):
        return datetime.fromisoformat(value)
    if isinstance(column.type, Date):
        return date.fromisoformat(value)
    if isinstance(column.type, Boolean):
        return bool(value)
    return value


def load(path: Path) -> dict[str, Any]:
    try:
        with _open(path, "r") as fh:
            data = json.load(fh)
    except (OSError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BackupError(f"{path}: not a backup file ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError(f"{path}: not a Long Card Academy backup")
    if data.get("version") != VERSION:
        raise BackupError(f"{path}: backup format version {data.get('version')} is not {VERSION}")
    return data


def restore(path: Path) -> dict[str, int]:
    """Import into an empty database at the same schema revision; all or nothing."""
    data = load(path)
    here = revision()
    if data.get("revision") != here:
        raise BackupError(
            f"the backup is at schema {data.get('revision')}, the database at {here}: "
            "run `academy db upgrade` (or restore into a database at the backup's revision)"
        )
    by_name = {t.name: t for t in tables()}
    unknown = set(data["tables"]) - set(by_name)
    if unknown:
        raise BackupError(f"the backup has tables this version does not know: {sorted(unknown)}")
    for t in by_name.values():
        if db.session.execute(select(func.count()).select_from(_user_rows(t))).scalar():
            raise BackupError(f"the database is not empty (table {t.name} has rows)")
    counts = {}
    try:
        positions = by_name.get("positions")
        if positions is not None:  # the built-in library: the backup holds it, ratings and all
            db.session.execute(positions.delete().where(positions.c.source == "library"))
        for t in tables():
            part = data["tables"].get(t.name, {"columns": [], "rows": []})
            cols = [t.columns[c] for c in part["columns"]]
            rows = [
                {c.name: _value(c, v) for c, v in zip(cols, r, strict=True)} for r in part["rows"]
            ]
            if rows:
                db.session.execute(insert(t), rows)
            counts[t.name] = len(rows)
        _reset_sequences()
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return counts


def _user_rows(t: Table) -> Any:
    """A table's rows that are user data (the built-in practice library is content)."""
    if t.name == "positions":
        return select(t).where(t.c.source != "library").subquery()
    return t


def _reset_sequences() -> None:
    if db.engine.dialect.name != "postgresql":
        return
    for t in tables():
        pk = list(t.primary_key.columns)
        if len(pk) == 1 and isinstance(pk[0].type, Integer):
            db.session.execute(
                text(
                    f"SELECT setval(pg_get_serial_sequence('{t.name}', '{pk[0].name}'), "
                    f"COALESCE((SELECT MAX({pk[0].name}) FROM {t.name}), 0) + 1, false)"
                )
            )

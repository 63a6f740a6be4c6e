"""Backups and moving house: every table of user data to one versioned JSON file, and back.

``academy export FILE`` writes all rows of every table the app owns (accounts, profiles,
attempts, skills, stars, quiz runs, practice positions and ratings, played deals, classes
and assignments: whatever the models define, so a new table is never forgotten), with the
schema revision it was taken at. ``academy import FILE`` restores such a file into an
EMPTY database migrated to the same revision, in one transaction: all or nothing. On
PostgreSQL the id sequences are moved past the imported ids.

Going back after a bad upgrade: a backup of an OLDER revision than the database's is
imported at its own revision, then migrated. The (empty) database's tables are made
again at the backup's revision, the rows go in as they were written, and the migrations
since then bring them up to this version's schema. Both ends read the database's own
tables (reflected), not the models: an export is what the database held at its revision.
"""

from __future__ import annotations

import gzip
import json
from datetime import date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Date,
    DateTime,
    Integer,
    MetaData,
    Table,
    func,
    insert,
    select,
    text,
)

from app.extensions import db

FORMAT = "long-card-academy-backup"
VERSION = 1
SKIP = {"alembic_version"}


class BackupError(ValueError):
    pass


def tables() -> list[Table]:
    """The models' tables (this version's schema)."""
    return [t for t in db.metadata.sorted_tables if t.name not in SKIP]


def stored_tables() -> list[Table]:
    """The tables the database holds now, as it defines them (its revision's schema),
    parents before children."""
    meta = MetaData()
    meta.reflect(bind=db.session.connection())
    return [t for t in meta.sorted_tables if t.name not in SKIP]


def revisions() -> list[str]:
    """Every schema revision, oldest first (one line of history, one head)."""
    from alembic.script import ScriptDirectory
    from flask import current_app

    script = ScriptDirectory(current_app.extensions["migrate"].directory)
    return [r.revision for r in script.walk_revisions()][::-1]


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
    for t in stored_tables():
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
    """Import into an empty database; all or nothing. At the backup's revision: into the
    database as it is. Of an older revision: the database is made again at that
    revision, the rows go in, then it is migrated to this version's schema (if a
    migration fails, the rows stay at the backup's revision: ``academy db upgrade``
    after fixing what it says)."""
    data = load(path)
    wanted, here = data.get("revision"), revision()
    known = revisions()
    if wanted not in known:
        raise BackupError(
            f"the backup is at schema {wanted}, which this version does not know "
            "(a newer version of the academy wrote it?)"
        )
    if here is not None and here not in known:
        raise BackupError(f"the database is at schema {here}, which this version does not know")
    if here is not None and known.index(wanted) > known.index(here):
        raise BackupError(
            f"the backup is at schema {wanted}, the database at the older {here}: "
            "run `academy db upgrade` first"
        )
    older = here is None or known.index(wanted) < known.index(here)
    if here is not None:
        _refuse_if_full(data)
    if older:
        _rebuild_at(wanted)
    counts = _insert(data)
    if older:
        from flask_migrate import upgrade

        db.session.remove()
        upgrade()
    return counts


def _refuse_if_full(data: dict[str, Any]) -> None:
    by_name = {t.name: t for t in stored_tables()}
    for t in by_name.values():
        if db.session.execute(select(func.count()).select_from(_user_rows(t))).scalar():
            db.session.rollback()
            raise BackupError(f"the database is not empty (table {t.name} has rows)")
    db.session.rollback()


def _rebuild_at(wanted: str) -> None:
    """Drop the (empty) database's tables and make them again at revision ``wanted``."""
    from flask_migrate import upgrade

    meta = MetaData()
    with db.engine.begin() as conn:
        meta.reflect(bind=conn)
        meta.drop_all(bind=conn)
    db.session.remove()
    upgrade(revision=wanted)
    db.session.remove()


def _insert(data: dict[str, Any]) -> dict[str, int]:
    """The backup's rows into the database's tables (at the backup's revision), in one
    transaction."""
    try:
        stored = stored_tables()
        by_name = {t.name: t for t in stored}
        unknown = set(data["tables"]) - set(by_name)
        if unknown:
            raise BackupError(
                f"the backup has tables the database does not know: {sorted(unknown)}"
            )
        counts = {}
        positions = by_name.get("positions")
        if positions is not None:  # the built-in library: the backup holds it, ratings and all
            db.session.execute(positions.delete().where(positions.c.source == "library"))
        for t in stored:
            part = data["tables"].get(t.name, {"columns": [], "rows": []})
            missing = [c for c in part["columns"] if c not in t.columns]
            if missing:
                raise BackupError(f"table {t.name} has no column(s) {missing} at this revision")
            cols = [t.columns[c] for c in part["columns"]]
            rows = [
                {c.name: _value(c, v) for c, v in zip(cols, r, strict=True)} for r in part["rows"]
            ]
            if rows:
                db.session.execute(insert(t), rows)
            counts[t.name] = len(rows)
        _reset_sequences(stored)
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


def _reset_sequences(stored: list[Table]) -> None:
    if db.engine.dialect.name != "postgresql":
        return
    for t in stored:
        pk = list(t.primary_key.columns)
        if len(pk) == 1 and isinstance(pk[0].type, Integer):
            db.session.execute(
                text(
                    f"SELECT setval(pg_get_serial_sequence('{t.name}', '{pk[0].name}'), "
                    f"COALESCE((SELECT MAX({pk[0].name}) FROM {t.name}), 0) + 1, false)"
                )
            )

"""Backups and moving house: export all user data, import it into an empty database
exactly (SQLite → PostgreSQL → SQLite when PostgreSQL is there), refuse a non-empty
database; two app instances on one database see the same record."""

from __future__ import annotations

import json
import re

import pytest
from conftest import TEST_DATABASE_URL, _setup_db, _teardown_db, dispose, make_test_app

from app.backup import BackupError, export, restore
from app.extensions import db
from app.learning.models import Attempt

EX = "nantong.demo-count-1"


def make_record(client, csrf, signup) -> None:
    signup("meimei")
    page = client.get(f"/exercises/{EX}").get_data(as_text=True)
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    client.post(
        f"/exercises/{EX}/answer", data={"csrf_token": csrf(), "token": token, "number": "7"}
    )


def rows_of(path) -> dict:
    data = json.loads(path.read_text(encoding="utf-8"))
    return data["tables"]


def fresh_app(url, tmp_path, name):
    app = make_test_app(url, tmp_path / name)
    _setup_db(app)
    return app


def test_export_import_round_trip_and_a_full_database_is_refused(
    app, client, csrf, signup, tmp_path
):
    make_record(client, csrf, signup)
    first = tmp_path / "a.json"
    with app.app_context():
        counts = export(first)
        assert counts["users"] == 1 and counts["attempts"] == 1
        with pytest.raises(BackupError):
            restore(first)  # not empty
    other = fresh_app(f"sqlite:///{tmp_path / 'b.sqlite3'}", tmp_path, "b")
    second = tmp_path / "b.json.gz"
    with other.app_context():
        restore(first)
        export(second)
        assert db.session.scalar(db.select(Attempt.answer)) == "7"
    import gzip

    with gzip.open(second, "rt") as fh:
        assert json.loads(fh.read())["tables"] == rows_of(first)
    _teardown_db(other)


def fill_every_table() -> dict[str, int]:
    """Two rows in every table the backup holds, each column given a value of its type
    that is easy to get subtly wrong (microseconds, non-ASCII text, floats, nested JSON,
    NULL beside a value), foreign keys pointing at the rows made before."""
    from datetime import date, datetime

    from sqlalchemy import JSON, Boolean, Date, DateTime, Float, Integer, insert

    from app.backup import tables

    made: dict[str, list] = {}
    for t in tables():
        pk = list(t.primary_key.columns)
        auto = len(pk) == 1 and isinstance(pk[0].type, Integer) and not pk[0].foreign_keys
        made[t.name] = []
        for i in range(2):
            row = {}
            for c in t.columns:
                if auto and c is pk[0]:
                    continue
                if c.foreign_keys:
                    target = next(iter(c.foreign_keys)).column.table.name
                    row[c.name] = made[target][i]
                elif c.nullable and i == 0:
                    row[c.name] = None
                elif isinstance(c.type, Boolean):
                    row[c.name] = i == 1
                elif isinstance(c.type, DateTime):
                    row[c.name] = datetime(2026, 3, 14, 15, 9, 26, 535897 + i)
                elif isinstance(c.type, Date):
                    row[c.name] = date(2026, 3, 14 + i)
                elif isinstance(c.type, Float):
                    row[c.name] = 1500.123456789 + i / 3
                elif isinstance(c.type, Integer):
                    row[c.name] = 40 + i
                elif isinstance(c.type, JSON):
                    row[c.name] = {"z": [1, 2.5, "牌"], "a": {"b": None, "n": i}}
                else:
                    text = f"{'牌'}{t.name}-{c.name}-{i}"
                    length = getattr(c.type, "length", None) or 200
                    row[c.name] = (
                        text[-length:]
                        if t.name != "positions" or c.name != "source"
                        else f"author{i}"
                    )
            result = db.session.execute(insert(t).values(**row))
            made[t.name].append(result.inserted_primary_key[0] if auto else row[pk[0].name])
    db.session.commit()
    return {name: len(ids) for name, ids in made.items()}


@pytest.mark.skipif(not TEST_DATABASE_URL, reason="needs TEST_DATABASE_URL (PostgreSQL)")
def test_sqlite_to_postgresql_and_back(request, client, csrf, signup, app, tmp_path):
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        pytest.skip("the round trip starts from SQLite")
    make_record(client, csrf, signup)
    a = tmp_path / "a.json"
    with app.app_context():
        fill_every_table()
        export(a)
    tables_a = rows_of(a)
    empty = [name for name, part in tables_a.items() if not part["rows"]]
    assert empty == []  # accounts, profiles, attempts, skills, classes, assignments, positions…
    pg = fresh_app(request.getfixturevalue("pg_server_url"), tmp_path, "pg")
    b = tmp_path / "b.json"
    with pg.app_context():
        restore(a)
        export(b)
        assert db.session.scalar(db.select(Attempt.answer).order_by(Attempt.id)) == "7"
    _teardown_db(pg)
    back = fresh_app(f"sqlite:///{tmp_path / 'c.sqlite3'}", tmp_path, "c")
    c = tmp_path / "c.json"
    with back.app_context():
        restore(b)
        export(c)
    _teardown_db(back)
    assert tables_a == rows_of(b) == rows_of(c)


def test_two_app_instances_on_one_database_share_the_record(app, client, csrf, signup, tmp_path):
    """No learner state in process memory: an answer made through one instance is seen
    by another instance on the same database (PostgreSQL in CI)."""
    make_record(client, csrf, signup)
    other = make_test_app(app.config["SQLALCHEMY_DATABASE_URI"], tmp_path / "other")
    c2 = other.test_client()
    for name in ("session", "learner"):  # the same browser
        cookie = client.get_cookie(name)
        if cookie is not None:
            c2.set_cookie(name, cookie.value)
    page = c2.get("/progress/nantong", headers={"Accept-Language": "en"}).get_data(as_text=True)
    dispose(other)
    assert "your answer: 7" in page


def test_the_export_and_import_commands(app, client, csrf, signup, tmp_path):
    make_record(client, csrf, signup)
    path = tmp_path / "backup.json.gz"
    out = app.test_cli_runner().invoke(args=["export", str(path)])
    assert out.exit_code == 0 and "exported" in out.output
    refused = app.test_cli_runner().invoke(args=["import", str(path)])
    assert refused.exit_code == 1 and "not empty" in refused.output
    other = fresh_app(f"sqlite:///{tmp_path / 'other.sqlite3'}", tmp_path, "other")
    out = other.test_cli_runner().invoke(args=["import", str(path)])
    assert out.exit_code == 0 and "imported" in out.output
    with other.app_context():
        assert db.session.scalar(db.select(Attempt.answer)) == "7"
    _teardown_db(other)

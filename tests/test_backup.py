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


@pytest.mark.skipif(not TEST_DATABASE_URL, reason="needs TEST_DATABASE_URL (PostgreSQL)")
def test_sqlite_to_postgresql_and_back(request, client, csrf, signup, app, tmp_path):
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        pytest.skip("the round trip starts from SQLite")
    make_record(client, csrf, signup)
    a = tmp_path / "a.json"
    with app.app_context():
        export(a)
    pg = fresh_app(request.getfixturevalue("pg_server_url"), tmp_path, "pg")
    b = tmp_path / "b.json"
    with pg.app_context():
        restore(a)
        export(b)
    _teardown_db(pg)
    back = fresh_app(f"sqlite:///{tmp_path / 'c.sqlite3'}", tmp_path, "c")
    c = tmp_path / "c.json"
    with back.app_context():
        restore(b)
        export(c)
    _teardown_db(back)
    assert rows_of(a) == rows_of(b) == rows_of(c)


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

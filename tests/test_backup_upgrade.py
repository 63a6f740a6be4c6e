"""Going back to a backup after an upgrade: an export of an older schema revision is
imported at its own revision, then migrated to this version's schema (SQLite and
PostgreSQL). ``tests/data/backup-0009_club_years.json`` was written by the schema of
the day it was made: each later migration is tested against it here."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from conftest import dispose, make_test_app, post_form
from flask_migrate import upgrade
from sqlalchemy import MetaData, insert
from werkzeug.security import generate_password_hash

from app.backup import BackupError, export, restore, revision, revisions
from app.extensions import db
from app.learning.models import Attempt
from app.models import User

DATA = Path(__file__).parent / "data"
TODAY = DATA / "backup-0009_club_years.json"
OLD = "0008_ids_never_reused"
WHEN = datetime(2026, 6, 1, 9, 30, 15, 123456)


def _old_export(tmp_path: Path) -> Path:
    """An account with one answer in a database at revision 0008, exported."""
    old = make_test_app(f"sqlite:///{tmp_path / 'old.sqlite3'}", tmp_path / "old")
    path = tmp_path / "old.json"
    with old.app_context():
        upgrade(revision=OLD)
        meta = MetaData()
        meta.reflect(bind=db.engine)
        t = meta.tables
        db.session.execute(
            insert(t["users"]).values(
                id=7,
                username="meimei",
                username_key="meimei",
                session_version=1,
                password_hash=generate_password_hash("river-lantern-42", "pbkdf2:sha256:1"),
                role="learner",
                created_at=WHEN,
            )
        )
        db.session.execute(
            insert(t["learner_profiles"]).values(
                id=3, token="tok", user_id=7, created_at=WHEN, last_seen_at=WHEN
            )
        )
        db.session.execute(
            insert(t["attempts"]).values(
                profile_id=3,
                exercise_id="nantong.demo-count-1",
                game="nantong",
                context="exercise",
                context_ref="",
                answer="7",
                correct=True,
                params={"n": 1},
                hints=0,
                shown=False,
                time_ms=1200,
                nonce="n1",
                created_at=WHEN,
            )
        )
        db.session.commit()
        assert revision() == OLD
        export(path)
    dispose(old)
    return path


def test_an_older_revisions_export_is_imported_then_migrated(app, tmp_path):
    path = _old_export(tmp_path)
    out = app.test_cli_runner().invoke(args=["import", str(path)])
    assert out.exit_code == 0, out.output
    with app.app_context():
        assert revision() == revisions()[-1]
        u = db.session.get(User, 7)
        assert u.username == "meimei" and u.disabled_at is None and not u.must_set_password
        a = db.session.scalar(db.select(Attempt))
        assert (a.answer, a.params, a.created_at) == ("7", {"n": 1}, WHEN)
    c = app.test_client()
    assert (
        post_form(c, "/account/signin", username="meimei", password="river-lantern-42").status_code
        == 303
    )
    # the next account gets a new number (PostgreSQL's sequences moved on)
    c2 = app.test_client()
    post_form(
        c2,
        "/account/signup",
        username="lili",
        password="river-lantern-43",
        confirm="river-lantern-43",
    )
    with app.app_context():
        assert db.session.scalar(db.select(User.id).filter_by(username="lili")) > 7


def test_an_export_of_todays_schema_is_imported_into_the_head(app):
    out = app.test_cli_runner().invoke(args=["import", str(TODAY)])
    assert out.exit_code == 0, out.output
    with app.app_context():
        assert revision() == revisions()[-1]
        assert db.session.scalar(db.select(User.username)) == "meimei"
        assert db.session.scalar(db.select(Attempt.answer)) == "7"
    c = app.test_client()
    r = post_form(c, "/account/signin", username="meimei", password="river-lantern-42")
    assert r.status_code == 303


def test_a_full_database_or_an_unknown_revision_is_refused(app, tmp_path):
    path = _old_export(tmp_path)
    with app.app_context():
        restore(path)
    out = app.test_cli_runner().invoke(args=["import", str(path)])
    assert out.exit_code == 1 and "not empty" in out.output
    unknown = tmp_path / "unknown.json"
    unknown.write_text(path.read_text().replace(OLD, "0099_future"))
    out = app.test_cli_runner().invoke(args=["import", str(unknown)])
    assert out.exit_code == 1 and "does not know" in out.output
    try:
        with app.app_context():
            restore(unknown)
    except BackupError:
        pass
    else:
        raise AssertionError("an unknown revision was imported")


def test_the_unit_exports_only_before_a_migration(app, tmp_path):
    """``academy export --if-migrating FOLDER`` (the systemd unit, before ``setup``): a
    file named after the old revision when a migration is to come, else nothing."""
    folder = tmp_path / "backups"
    folder.mkdir()
    out = app.test_cli_runner().invoke(args=["export", "--if-migrating", str(folder)])
    assert out.exit_code == 0 and "no migration to come" in out.output
    assert list(folder.iterdir()) == []
    old = make_test_app(f"sqlite:///{tmp_path / 'old.sqlite3'}", tmp_path / "old")
    out = old.test_cli_runner().invoke(args=["export", "--if-migrating", str(folder)])
    assert "not set up yet" in out.output and list(folder.iterdir()) == []
    with old.app_context():
        upgrade(revision=OLD)
    out = old.test_cli_runner().invoke(args=["export", "--if-migrating", str(folder)])
    dispose(old)
    assert out.exit_code == 0, out.output
    [made] = list(folder.iterdir())
    assert made.name.startswith(f"before-upgrade-{OLD}-") and made.name.endswith(".json.gz")

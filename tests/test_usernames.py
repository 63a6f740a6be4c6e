"""Usernames: a name signs in as it signed up, one key per name (NFKC + casefold, unique
in the database, migrated for old rows), mixed-script look-alikes refused."""

from __future__ import annotations

import pytest
from conftest import post_form
from sqlalchemy import text

from app.extensions import db
from app.models import User

pytestmark = pytest.mark.usefixtures("cheap_hashing")


def _signup(client, name, password="long-cards-1"):
    client.set_cookie("lang", "en")
    return post_form(client, "/account/signup", username=name, password=password, confirm=password)


def _signin(client, name, password="long-cards-1"):
    return post_form(client, "/account/signin", username=name, password=password)


@pytest.mark.parametrize(
    ("signed_up", "typed"),
    [
        ("Ädmin", "Ädmin"),
        ("Ädmin", "ädmin"),
        ("Ädmin", "A\u0308dmin"),  # the same name, decomposed
        ("İstanbul", "İstanbul"),
        ("ΣΑΣ", "ΣΑΣ"),
        ("ΣΑΣ", "σας"),
        ("Straße", "STRASSE"),
        ("ｍｅｉｍｅｉ", "MeiMei"),
        ("王小明", "王小明"),
        ("xiao明", "XIAO明"),
        ("田中たろう", "田中たろう"),
    ],
)
def test_a_name_signs_in_as_it_signed_up(app, signed_up, typed):
    client = app.test_client()
    assert _signup(client, signed_up).status_code == 303
    assert _signin(app.test_client(), typed).status_code == 303


@pytest.mark.parametrize(
    ("first", "second"),
    [("Meimei", "meimei"), ("meimei", "ｍｅｉｍｅｉ"), ("Straße", "strasse"), ("ΣΑΣ", "σας")],
)
def test_names_with_the_same_key_are_one_name(app, first, second):
    assert _signup(app.test_client(), first).status_code == 303
    r = _signup(app.test_client(), second)
    assert r.status_code == 422 and "That username is taken" in r.get_data(as_text=True)


@pytest.mark.parametrize(
    "name", ["\u0430lice", "p\u0430ypal", "\u03b1lice", "\u13aalice", "ѕеrgеі"]
)
def test_mixed_script_look_alikes_are_refused(app, client, signup, name):
    signup("alice")
    r = _signup(app.test_client(), name)
    assert r.status_code == 422
    assert "letters from different alphabets that look alike" in r.get_data(as_text=True)


def test_mixed_script_message_in_chinese(client):
    client.set_cookie("lang", "zh")
    r = post_form(client, "/account/signup", username="\u0430lice", password="x", confirm="x")
    assert "外形相似" in r.get_data(as_text=True)


def test_the_key_is_unique_in_the_database(app):
    from sqlalchemy.exc import IntegrityError

    with app.app_context():
        db.session.add(User(username="Meimei", password_hash="x"))
        db.session.commit()
        db.session.add(User(username="MEIMEI", password_hash="x"))
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()


def test_migration_gives_old_rows_their_key(app):
    """Rows written before the key existed get it; a clash keeps the older account."""
    from flask_migrate import downgrade, upgrade

    with app.app_context():
        downgrade(revision="0001_initial")
        with db.engine.begin() as conn:
            for name in ("Ädmin", "ädmin", "ｍｅｉ", "Zoë"):
                conn.execute(
                    text(
                        "INSERT INTO users (username, password_hash, role, created_at)"
                        " VALUES (:n, 'x', 'learner', CURRENT_TIMESTAMP)"
                    ),
                    {"n": name},
                )
        upgrade()
        rows = db.session.execute(
            text("SELECT id, username, username_key, session_version FROM users ORDER BY id")
        ).all()
    assert [(r[1], r[2], r[3]) for r in rows] == [
        ("Ädmin", "ädmin", 1),
        ("ädmin", f"ädmin#{rows[1][0]}", 1),
        ("ｍｅｉ", "mei", 1),
        ("Zoë", "zoë", 1),
    ]


def test_models_and_migrations_agree(app):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    with app.app_context(), db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), db.metadata)
    assert diff == []


@pytest.mark.parametrize(
    ("name", "mixed"),
    [
        ("alice", False),
        ("bob.smith_2", False),
        ("小明_2024", False),
        ("xiao明", False),
        ("田中たろう", False),
        ("kim철수", False),
        ("алексей", False),
        ("\u0430lice", True),
        ("ꓮlice", True),
        ("明алексей", True),
    ],
)
def test_mixed_script_rule(name, mixed):
    from app.usernames import is_mixed_script

    assert is_mixed_script(name) is mixed

"""The PostgreSQL database a test process shares between its tests (tests/fast_db.py) is
put back after a test as a fresh copy of the template would be: rows, their order,
sequences and schema."""

from __future__ import annotations

import pytest
from conftest import TEST_DATABASE_URL
from sqlalchemy import create_engine, text

pytestmark = pytest.mark.skipif(not TEST_DATABASE_URL, reason="needs TEST_DATABASE_URL")


def _state(engine) -> tuple:  # type: ignore[no-untyped-def]
    with engine.connect() as conn:
        positions = conn.execute(text("SELECT id, code FROM positions")).all()  # heap order
        users = conn.execute(text("SELECT count(*) FROM users")).scalar()
        seq = conn.execute(text("SELECT last_value, is_called FROM users_id_seq")).one()
        columns = conn.execute(
            text("SELECT count(*) FROM information_schema.columns WHERE table_name = 'users'")
        ).scalar()
    return positions, users, tuple(seq), columns


def test_the_reset_undoes_rows_sequences_and_schema(pg_worker):
    if pg_worker is None:
        pytest.skip("the role is not a superuser: each test has a database of its own")
    engine = create_engine(pg_worker.url)
    try:
        before = _state(engine)
        assert before[0], "the template holds the library's positions"
        with engine.begin() as conn:  # a write from a connection of its own
            conn.execute(
                text(
                    "INSERT INTO users (username, username_key, password_hash, role, created_at,"
                    " session_version) VALUES ('x', 'x', 'x', 'learner', now(), 1)"
                )
            )
            conn.execute(text("DELETE FROM positions WHERE id = (SELECT min(id) FROM positions)"))
        with engine.connect() as conn:  # a rolled-back insert still moves the sequence
            conn.execute(
                text(
                    "INSERT INTO users (username, username_key, password_hash, role, created_at,"
                    " session_version) VALUES ('y', 'y', 'x', 'learner', now(), 1)"
                )
            )
            conn.rollback()
        assert _state(engine) != before
        engine.dispose()
        pg_worker.reset()
        assert _state(engine) == before
        engine.dispose()

        name = pg_worker.name
        with engine.begin() as conn:
            conn.execute(text("ALTER TABLE users ADD COLUMN extra integer"))
        engine.dispose()
        pg_worker.reset()  # a changed schema: the database is made again
        assert pg_worker.name != name
        engine = create_engine(pg_worker.url)
        assert _state(engine) == before
    finally:
        engine.dispose()

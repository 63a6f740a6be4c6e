"""How requests use the database (app/database.py): a page view reads without a
transaction, a write in one is refused unless it says so (and is then one transaction),
and a pooled connection is checked only after it sat idle."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import create_engine, event, text
from test_record import EX, answer, right_answer, token_of

from app.database import ReadOnlyRequest, ping_when_idle, writable
from app.extensions import db
from app.learning.models import Attempt, ExerciseState, Rating, SkillState
from app.models import LearnerProfile


def _modes(app):
    """(the isolation level of the connection, the statement) of each statement, as they
    run."""
    seen: list[tuple[str, str]] = []
    with app.app_context():

        @event.listens_for(db.engine, "before_cursor_execute")
        def _note(conn, _cursor, statement, _params, _context, _many):
            level = conn.get_execution_options().get("isolation_level", "transaction")
            seen.append((level, " ".join(statement.split())))

    return seen


def test_a_page_view_reads_in_autocommit_and_an_answer_writes_all_at_once(app, client, csrf):
    assert answer(client, csrf, "7").status_code == 200  # a record: pages then read it
    seen = _modes(app)
    for url in ("/progress/nantong", f"/exercises/{EX}", "/lessons/"):
        seen.clear()
        assert client.get(url).status_code == 200
        assert seen, f"{url} read nothing"
        assert {level for level, _ in seen} == {"AUTOCOMMIT"}, url
    page = client.get(f"/exercises/{EX}").get_data(as_text=True)
    form = {"csrf_token": csrf(f"/exercises/{EX}"), "token": token_of(page), "number": "8"}
    seen.clear()
    resp = client.post(
        f"/exercises/{EX}/answer",
        data=form,
        headers={"HX-Request": "true"},
    )
    assert resp.status_code == 200
    (read_level, read), *writes = seen
    assert read_level == "AUTOCOMMIT" and read.startswith("SELECT"), seen
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        # the attempt and the exercise's state in one statement, atomic on its own: no
        # BEGIN or COMMIT round trip
        [(level, write)] = writes
        assert level == "AUTOCOMMIT", seen
        assert "INSERT INTO attempts" in write and "INSERT INTO exercise_states" in write
        assert "INSERT INTO learner_days" in write  # the learner's day counts it
    else:  # one transaction: the attempt, the learner's day, the exercise's state
        assert [level for level, _ in writes] == ["transaction"] * 3, seen
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(Attempt.id))) == 2


def _statements(app):
    """The statements run, as they run."""
    seen: list[str] = []
    with app.app_context():

        @event.listens_for(db.engine, "before_cursor_execute")
        def _note(_conn, _cursor, statement, _params, _context, _many):
            seen.append(" ".join(statement.split()))

    return seen


def test_the_profile_is_read_with_the_learners_state_in_one_statement(app, client, csrf):
    right = right_answer(app)
    assert (
        answer(client, csrf, str(int(right) + 1)).status_code == 200
    )  # wrong: a state, not solved
    seen = _statements(app)
    from app.learning.lessons import all_lessons

    lesson = next(ls for ls in all_lessons().values() if ls.game == "nantong")
    pages = (f"/lessons/nantong/{lesson.id}/{lesson.steps[0].id}", "/progress/nantong")
    for url in (*pages, f"/exercises/{EX}"):
        seen.clear()
        assert client.get(url).status_code == 200
        profile_reads = [s for s in seen if "FROM learner_profiles" in s]
        state_reads = [s for s in seen if "exercise_states" in s]
        assert len(profile_reads) == 1 and state_reads == profile_reads, (url, seen)
    page = client.get(f"/exercises/{EX}").get_data(as_text=True)
    form = {"csrf_token": csrf(f"/exercises/{EX}"), "token": token_of(page), "number": right}
    seen.clear()
    resp = client.post(f"/exercises/{EX}/answer", data=form, headers={"HX-Request": "true"})
    assert resp.status_code == 200
    reads = [s for s in seen if s.startswith("SELECT")]
    first = reads[0]  # the profile, its state of the exercise and of its skills
    assert all(t in first for t in ("learner_profiles", "exercise_states", "skill_states")), seen
    assert not any("exercise_states" in s or "skill_states" in s for s in reads[1:]), seen
    with app.app_context():  # the states read with the profile were the ones updated
        state = db.session.scalar(db.select(ExerciseState).filter_by(exercise_id=EX))
        assert state.solved and state.tries == 1 and state.stars == 2
        rated = db.session.scalars(db.select(SkillState)).all()
        assert rated and all(s.reviews == 2 for s in rated)  # the wrong try, then right


def test_a_practice_position_reads_the_profile_state_and_rating_in_one_statement(app, client, csrf):
    from app.learning import practice

    game, items = next((g, i) for g, i in practice.library().items() if i)
    item = items[0]
    url = f"/practice/{game}/p/{item.theme}/{item.seat}/{item.code}"
    ex = practice.exercise(item.theme, item.seat, item.code)
    assert answer(client, csrf, "7").status_code == 200  # a visitor with a record
    with app.app_context():
        pid = db.session.scalar(db.select(LearnerProfile.id))
        db.session.add(Rating(profile_id=pid, game=game, rating=1612.0, rd=80.0, vol=0.06, plays=4))
        db.session.add(ExerciseState(profile_id=pid, exercise_id=ex.id, game=game, tries=2))
        db.session.commit()
    seen = _statements(app)
    page = client.get(url)
    assert page.status_code == 200
    assert len(seen) == 1, seen
    assert all(t in seen[0] for t in ("learner_profiles", "exercise_states", "ratings")), seen
    assert "1612" in page.get_data(as_text=True)  # the rating read with it is shown


@pytest.fixture
def writing_app(app):
    """The test app with two page views that write: one says so first, one does not."""

    def _profile() -> None:
        db.session.add(LearnerProfile(token=LearnerProfile.new_token()))
        db.session.commit()

    def unsaid():  # type: ignore[no-untyped-def]
        db.session.scalar(db.select(LearnerProfile).limit(1))  # a read first
        _profile()
        return "stored"

    def said():  # type: ignore[no-untyped-def]
        db.session.scalar(db.select(LearnerProfile).limit(1))
        writable()
        _profile()
        return "stored"

    app.add_url_rule("/test/unsaid", view_func=unsaid)
    app.add_url_rule("/test/said", view_func=said)
    return app


def _profiles(app) -> int:
    with app.app_context():
        return int(db.session.scalar(db.select(db.func.count(LearnerProfile.id))) or 0)


def test_a_page_view_that_writes_without_saying_so_is_refused_and_writes_nothing(
    writing_app, caplog
):
    client = writing_app.test_client()
    with caplog.at_level(logging.ERROR):
        assert client.get("/test/unsaid").status_code == 500
    assert any(r.exc_info and isinstance(r.exc_info[1], ReadOnlyRequest) for r in caplog.records), (
        "the refusal is logged with its cause"
    )
    assert _profiles(writing_app) == 0
    assert client.get("/test/said").get_data(as_text=True) == "stored"
    assert _profiles(writing_app) == 1
    # these two rules answer page views only: a form post is not one of them
    assert client.post("/test/said").status_code == 405


def test_the_last_quiz_step_stores_the_end_of_the_run(app, client, csrf):
    """A page view that writes (and says so): the run's end is stored, in a transaction."""
    from app.learning.models import QuizSession

    assert answer(client, csrf, "7").status_code == 200  # a profile: a quiz run is kept
    r = client.post(
        "/quiz/nantong/start",
        data={"csrf_token": csrf("/quiz/nantong/"), "unit": "all", "mode": "practice"},
    )
    assert r.status_code == 303
    url = r.headers["Location"].split("?")[0]
    with app.app_context():
        count = len(db.session.scalar(db.select(QuizSession)).items)
    seen = _modes(app)
    assert client.get(f"{url}?q={count}").status_code == 200  # the summary
    levels = [level for level, _ in seen]
    assert levels[0] == "AUTOCOMMIT" and "transaction" in levels  # read, then the write
    with app.app_context():
        assert db.session.scalar(db.select(QuizSession.finished_at)) is not None


def _engine(tmp_path, after: float):
    engine = create_engine(f"sqlite:///{tmp_path / 'ping.sqlite3'}")
    ping_when_idle(engine, after)
    return engine


def test_a_connection_idle_too_long_is_checked_and_a_dead_one_replaced(tmp_path, monkeypatch):
    engine = _engine(tmp_path, after=0)
    pings: list[object] = []

    def dead(dbapi_connection):  # type: ignore[no-untyped-def]
        pings.append(dbapi_connection)
        raise engine.dialect.loaded_dbapi.OperationalError("server closed the connection")

    with engine.connect() as conn:  # a new connection: not checked
        first = conn.connection.dbapi_connection
        conn.execute(text("SELECT 1"))
    assert pings == []
    monkeypatch.setattr(engine.dialect, "do_ping", dead)
    with engine.connect() as conn:  # idle (0 s allowed): checked, dead, replaced
        assert conn.execute(text("SELECT 2")).scalar() == 2
        assert conn.connection.dbapi_connection is not first
    assert pings == [first]
    engine.dispose()


def test_a_connection_in_steady_use_is_not_checked(tmp_path, monkeypatch):
    engine = _engine(tmp_path, after=3600)
    pings: list[object] = []
    monkeypatch.setattr(engine.dialect, "do_ping", pings.append)
    for _ in range(3):
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    assert pings == []
    engine.dispose()


def test_an_answer_waiting_on_a_locked_row_fails_fast_and_writes_nothing(
    app, monkeypatch, tmp_path
):
    """PostgreSQL's lock_timeout on the app's connections (DB_LOCK_TIMEOUT): an answer
    whose row another transaction holds (its token's nonce, stored but not committed)
    gets a localized 503 after the timeout, not a worker stuck until it is killed; and
    once that transaction is gone the same answer is stored, once."""
    import time

    from conftest import csrf_from, make_test_app

    from app.config import engine_options
    from app.learning import bank, record

    url = app.config["SQLALCHEMY_DATABASE_URI"]
    if not url.startswith("postgresql"):
        pytest.skip("lock_timeout is PostgreSQL's")
    monkeypatch.setenv("DB_LOCK_TIMEOUT", "1")
    bounded = make_test_app(
        url, tmp_path / "bounded", SQLALCHEMY_ENGINE_OPTIONS=engine_options(url)
    )
    visitor = bounded.test_client()
    visitor.set_cookie("lang", "en")
    page = visitor.get(f"/exercises/{EX}").get_data(as_text=True)
    token = token_of(page)
    form = {"csrf_token": csrf_from(page), "token": token, "number": "7"}
    with bounded.app_context():
        nonce = record.read_token(token, bank.get(EX)).nonce
        assert db.session.scalar(db.text("SHOW lock_timeout")) == "1s"
        assert db.session.scalar(db.text("SHOW idle_in_transaction_session_timeout")) == "1min"
        db.session.remove()
    other = create_engine(url)
    with other.connect() as holder:
        pid = holder.execute(
            text(
                "INSERT INTO learner_profiles (token, created_at, last_seen_at) VALUES ('x', now(), now()) RETURNING id"
            )
        ).scalar()
        holder.execute(
            text(
                "INSERT INTO attempts (profile_id, exercise_id, game, context, context_ref,"
                " answer, correct, params, hints, time_ms, nonce, created_at) VALUES"
                " (:p, :e, 'nantong', 'exercise', '', '7', false, '{}', 0, 0, :n, now())"
            ),
            {"p": pid, "e": EX, "n": nonce},
        )  # not committed: the nonce's row is held
        started = time.perf_counter()
        resp = visitor.post(f"/exercises/{EX}/answer", data=form, headers={"HX-Request": "true"})
        waited = time.perf_counter() - started
        holder.rollback()
    other.dispose()
    assert resp.status_code == 503 and 0.9 < waited < 5
    assert "database" in resp.get_data(as_text=True).lower()  # the English 503 page
    with bounded.app_context():
        assert db.session.scalar(db.select(db.func.count(Attempt.id))) == 0
        assert db.session.scalar(db.select(db.func.count(LearnerProfile.id))) == 0
        db.session.remove()
    resp = visitor.post(f"/exercises/{EX}/answer", data=form, headers={"HX-Request": "true"})
    assert resp.status_code == 200
    with bounded.app_context():
        assert db.session.scalar(db.select(db.func.count(Attempt.id))) == 1
        db.session.remove()
        db.engine.dispose()

"""Running the academy: health, request ids, fingerprinted static files, a clear page
when the database is not set up or goes away, and no write on a page view."""

from __future__ import annotations

import logging
import re

import pytest
from classes_help import PASSWORD, form_of, make_user, right_answer
from conftest import csrf_from, post_form
from sqlalchemy import event, text

from app.extensions import db
from app.version import version


def test_health_and_healthz(client):
    for url in ("/api/health", "/healthz"):
        r = client.get(url)
        assert r.status_code == 200 and r.get_json()["database"] is True
        assert r.get_json()["version"] == version()
        assert "secret" not in r.get_data(as_text=True).lower()


def test_every_response_has_a_request_id_and_keeps_the_proxys(client):
    assert re.fullmatch(r"[0-9a-f]{16}", client.get("/").headers["X-Request-Id"])
    assert client.get("/", headers={"X-Request-Id": "abc-123"}).headers["X-Request-Id"] == "abc-123"


def test_static_addresses_carry_a_fingerprint(client):
    page = client.get("/").get_data(as_text=True)
    assert re.search(r'/static/css/app\.css\?v=[0-9a-f]{10}"', page)


def test_an_unmigrated_database_says_to_run_setup(tmp_path):
    from conftest import make_test_app

    app = make_test_app(f"sqlite:///{tmp_path / 'empty.sqlite3'}", tmp_path / "inst")
    r = app.test_client().get("/", headers={"Accept-Language": "en"})
    assert r.status_code == 503 and "academy setup" in r.get_data(as_text=True)
    r = app.test_client().get("/", headers={"Accept-Language": "zh"})
    assert "academy setup" in r.get_data(as_text=True) and "数据库" in r.get_data(as_text=True)
    from conftest import dispose

    dispose(app)


@pytest.mark.app_config(PROPAGATE_EXCEPTIONS=False)
def test_the_database_going_away_is_a_localized_503_not_a_500(app, client, monkeypatch, caplog):
    from sqlalchemy.exc import OperationalError

    client.get("/")  # the schema check passed once
    from app.learning import paths

    def down(*args, **kwargs):
        raise OperationalError("SELECT 1", {}, Exception("connection refused"))

    monkeypatch.setattr(paths, "path_of", down)
    with caplog.at_level(logging.WARNING):
        r = client.get("/lessons/", headers={"Accept-Language": "en"})
    assert r.status_code == 503 and "unavailable" in r.get_data(as_text=True)
    assert r.headers["Retry-After"]
    # the operator's log says why, in one line, without the statement
    said = [
        rec.getMessage() for rec in caplog.records if "database unavailable" in rec.getMessage()
    ]
    assert said == ["database unavailable on GET /lessons/: Exception: connection refused"]


PAGES = [
    "/",
    "/lessons/",
    "/lessons/hunan/",
    "/glossary",
    "/compare",
    "/exercises/",
    "/practice/",
    "/practice/hunan/",
    "/quiz/hunan/",
    "/review",
    "/progress/",
    "/progress/hunan",
    "/progress/nantong",
    "/cards/",
    "/train/",
    "/train/zipai",
    "/about/cards",
    "/practice/chuanpai/count?hand=66+26+66+44+46+55",
]
EX = "nantong.demo-count-1"


def _scenario_pages() -> list[str]:
    """Pages of the load scenario beyond the fixed list: a lesson step, a practice position."""
    from app.learning import lessons, practice

    ls = next(iter(lessons.all_lessons().values()))
    game, found = next((g, items) for g, items in practice.library().items() if items)
    it = found[0]
    return [
        f"/lessons/{ls.game}/{ls.id}/{ls.steps[0].id}",
        f"/lessons/{ls.game}/{ls.id}/{ls.steps[-1].id}",
        f"/practice/{game}/p/{it.theme}/{it.seat}/{it.code}",
    ]


def _answer_once(client) -> None:
    """One answer, so that the visitor or learner has a record (a returning learner)."""
    page = client.get(f"/exercises/{EX}").get_data(as_text=True)
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    csrf = csrf_from(page)
    r = client.post(
        f"/exercises/{EX}/answer", data={"csrf_token": csrf, "token": token, "number": "7"}
    )
    assert r.status_code in (200, 303)


def _teacher_pages(app, client) -> list[str]:
    """A teacher signed in on ``client``, a class of two students, one of whom answered an
    assignment: the class page, the dashboard (grid), an item's answers, a student."""
    from app.classes.models import AssignmentItem
    from app.learning import bank

    teacher = make_user(app, "teacher1", "teacher")
    assert (
        post_form(
            client, "/account/signin", username=teacher.username, password=PASSWORD
        ).status_code
        == 303
    )
    r = post_form(client, "/classes/new", name="三年级二班")
    cid = int(re.search(r"/classes/(\d+)/", r.headers["Location"]).group(1))
    r = post_form(
        client,
        f"/classes/{cid}/students/new",
        page=f"/classes/{cid}/students/new",
        names="李雷\n韩梅梅",
        prefix="kamo",
    )
    body = r.get_data(as_text=True)
    kid = re.search(r'card-username">([^<]+)<', body).group(1)
    kid_password = re.search(r'card-password">([^<]+)<', body).group(1)
    r = post_form(
        client,
        f"/classes/{cid}/assignments/new?game=chuanpai",
        page=f"/classes/{cid}/assignments/new?game=chuanpai",
        game="chuanpai",
        title="第一周",
        starts_at="2020-01-01T08:00",
        due_at="2099-01-01T08:00",
        pass_percent="60",
        quiz_unit="all",
        quiz_count="2",
    )
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    aid = int(re.search(r"/assignments/(\d+)/", r.headers["Location"]).group(1))
    with app.app_context():
        item = db.session.scalars(
            db.select(AssignmentItem).filter_by(assignment_id=aid).order_by(AssignmentItem.position)
        ).first()
        key, ex = item.key, bank.get(item.exercise_id)
    student = app.test_client()
    assert (
        post_form(student, "/account/signin", username=kid, password=kid_password).status_code
        == 303
    )
    page = student.get(f"/assignments/{aid}/{key}").get_data(as_text=True)
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    data = {
        **form_of(ex, right_answer(ex)).to_dict(),
        "token": token,
        "csrf_token": csrf_from(page),
    }
    assert student.post(f"/assignments/{aid}/{key}/answer", data=data).status_code == 303
    with app.app_context():
        from app.models import User

        uid = db.session.scalar(db.select(User.id).filter_by(username=kid))
    return [
        "/classes/",
        f"/classes/{cid}/",
        f"/classes/{cid}/assignments/{aid}/",
        f"/classes/{cid}/assignments/{aid}/items/{key}",
        f"/classes/{cid}/students/{uid}",
    ]


@pytest.mark.parametrize("who", ["visitor", "returning visitor", "learner", "teacher"])
def test_no_database_write_on_a_page_view(app, client, cheap_hashing, signup, who):
    """A page view that changes nothing writes nothing, whoever looks: a first visit, a
    returning visitor with a record (the learner cookie), a signed-in learner with a
    record, a teacher on the class dashboards."""
    pages = PAGES + _scenario_pages()
    if who == "returning visitor":
        _answer_once(client)
    elif who == "learner":
        signup("meimei")
        _answer_once(client)
    elif who == "teacher":
        pages = pages + _teacher_pages(app, client)
    else:
        pages = pages + ["/account/signin", "/account/signup"]
    writes = []

    def count(conn, cursor, statement, params, context, executemany):
        if statement.lstrip().split(" ", 1)[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            writes.append(statement.split("\n")[0][:80])

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", count)
        try:
            for url in pages:
                assert client.get(url).status_code == 200, url
        finally:
            event.remove(db.engine, "before_cursor_execute", count)
    assert writes == []


# ---- the proxy, the access log, health, settings, gunicorn ------------------------------


def _whoami_route(app):
    from flask import request, url_for

    @app.get("/test-whoami")
    def whoami():  # pragma: no cover - trivial
        return {
            "ip": request.remote_addr,
            "https": request.is_secure,
            "url": url_for("main.home", _external=True),
        }


def _whoami(app, headers):
    """What the app makes of a request from nginx (127.0.0.1) with ``headers``."""
    client = app.test_client()
    return client.get(
        "/test-whoami", headers=headers, environ_base={"REMOTE_ADDR": "127.0.0.1"}
    ).get_json()


FORWARDED = {
    "X-Forwarded-For": "203.0.113.7",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "academy.example.org",
}


@pytest.mark.app_config(PROXY_HOPS=1)
def test_behind_one_proxy_the_client_address_and_scheme_come_from_it(app):
    _whoami_route(app)
    seen = _whoami(app, FORWARDED)
    assert seen == {"ip": "203.0.113.7", "https": True, "url": "https://academy.example.org/"}
    # one hop: of two addresses, only the one the proxy added is trusted
    two = {**FORWARDED, "X-Forwarded-For": "198.51.100.1, 203.0.113.7"}
    assert _whoami(app, two)["ip"] == "203.0.113.7"


def test_without_the_setting_forwarded_headers_are_not_trusted(app):
    _whoami_route(app)
    seen = _whoami(app, FORWARDED)
    assert seen == {"ip": "127.0.0.1", "https": False, "url": "http://localhost/"}


@pytest.mark.app_config(PROXY_HOPS=1, RATELIMIT_ENABLED=True, SIGNIN_RATE_LIMIT="2 per minute")
def test_behind_the_proxy_limits_count_per_client_not_per_proxy(app):
    from app.extensions import limiter

    limiter.reset()
    try:

        def wrong(address):
            client = app.test_client()
            client.environ_base["REMOTE_ADDR"] = "127.0.0.1"  # every request comes from nginx
            client.environ_base["HTTP_X_FORWARDED_FOR"] = address
            return post_form(client, "/account/signin", username="nobody", password="x").status_code

        assert [wrong("203.0.113.1") for _ in range(3)] == [422, 422, 429]
        assert wrong("203.0.113.2") == 422  # another member behind the same proxy
    finally:
        limiter.reset()


@pytest.mark.app_config(ACCESS_LOG=True)
def test_the_access_log_is_one_json_line_per_request(app, client):
    import json
    import logging

    from app.ops import access_log

    class Keep(logging.Handler):
        def __init__(self):
            super().__init__()
            self.lines = []

        def emit(self, record):
            self.lines.append(json.loads(record.getMessage()))

    keep = Keep()
    access_log.addHandler(keep)
    try:
        r = client.get("/about/cards", headers={"X-Request-Id": "req-42"})
        client.get("/nowhere")
    finally:
        access_log.removeHandler(keep)
    assert r.headers["X-Request-Id"] == "req-42"
    first, second = keep.lines
    assert first["id"] == "req-42" and first["path"] == "/about/cards" and first["status"] == 200
    assert first["method"] == "GET" and first["who"] == "visitor" and first["ms"] >= 0
    assert second["status"] == 404 and re.fullmatch(r"[0-9a-f]{16}", second["id"])


@pytest.mark.app_config(RATELIMIT_STORAGE_URI="redis://127.0.0.1:1/0")
def test_health_says_when_redis_is_down(client):
    for url in ("/api/health", "/healthz"):
        r = client.get(url)
        assert r.status_code == 503
        assert r.get_json() == {
            "status": "degraded",
            "database": True,
            "redis": False,
            "version": version(),
        }


def test_health_checks_redis_when_configured(app):
    import os

    from app.ops import check_redis

    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.skip("needs TEST_REDIS_URL")
    app.config["RATELIMIT_STORAGE_URI"] = url
    r = app.test_client().get("/healthz")
    assert r.status_code == 200 and r.get_json()["redis"] is True
    assert check_redis("memory://") is None


@pytest.mark.app_config(RATELIMIT_STORAGE_URI="redis://127.0.0.1:6379/7")
def test_health_keeps_one_redis_client_per_url(client, monkeypatch):
    import redis

    from app import ops

    made: list[tuple[str, dict]] = []

    class Fake:
        pings = 0

        def ping(self) -> bool:
            Fake.pings += 1
            return True

    def from_url(url: str, **kwargs: object) -> Fake:
        made.append((url, kwargs))
        return Fake()

    monkeypatch.setattr(redis.Redis, "from_url", from_url)
    ops._redis_client.cache_clear()
    try:
        for url in ("/api/health", "/healthz", "/api/health"):
            assert client.get(url).get_json()["redis"] is True
        assert ops.check_redis("redis://127.0.0.1:6379/8") is True  # another URL: its own
    finally:
        ops._redis_client.cache_clear()
    assert [u for u, _ in made] == ["redis://127.0.0.1:6379/7", "redis://127.0.0.1:6379/8"]
    assert Fake.pings == 4  # each check asks Redis, through the kept client
    timeouts = made[0][1]
    assert 0 < timeouts["socket_timeout"] <= 1 and 0 < timeouts["socket_connect_timeout"] <= 1


@pytest.mark.app_config(PROPAGATE_EXCEPTIONS=False)
def test_health_says_when_the_database_is_down(app, client, monkeypatch):
    from sqlalchemy.exc import OperationalError

    from app import ops

    def down(*args, **kwargs):
        raise OperationalError("SELECT 1", {}, Exception("connection refused"))

    monkeypatch.setattr(ops.db.session, "execute", down)
    r = client.get("/healthz")
    assert r.status_code == 503 and r.get_json() == {
        "status": "degraded",
        "database": False,
        "version": version(),
    }


def test_one_redis_setting_for_the_limiter(monkeypatch, tmp_path):
    from app.config import from_env

    monkeypatch.setenv("SECRET_KEY", "x")
    monkeypatch.delenv("RATELIMIT_STORAGE_URI", raising=False)
    monkeypatch.delenv("REDIS_URL", raising=False)
    assert from_env(tmp_path)["RATELIMIT_STORAGE_URI"] == "memory://"
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/3")
    assert from_env(tmp_path)["RATELIMIT_STORAGE_URI"] == "redis://127.0.0.1:6379/3"
    monkeypatch.setenv("RATELIMIT_STORAGE_URI", "redis://10.0.0.2:6379/0")  # the explicit one wins
    assert from_env(tmp_path)["RATELIMIT_STORAGE_URI"] == "redis://10.0.0.2:6379/0"


def test_the_postgresql_pool_is_sized_by_settings(monkeypatch):
    from app.config import engine_options

    assert engine_options("sqlite:///x.sqlite3") == {}
    opts = engine_options("postgresql+psycopg://u@h/db")
    assert (opts["pool_size"], opts["max_overflow"], opts["pool_timeout"]) == (5, 5, 5)
    monkeypatch.setenv("DB_POOL_SIZE", "2")
    monkeypatch.setenv("DB_MAX_OVERFLOW", "1")
    monkeypatch.setenv("DB_TIMEOUT", "3")
    opts = engine_options("postgresql+psycopg://u@h/db")
    assert (opts["pool_size"], opts["max_overflow"], opts["pool_timeout"]) == (2, 1, 3)
    assert opts["connect_args"]["connect_timeout"] == 3
    assert opts["connect_args"]["options"] == (
        "-c lock_timeout=10000 -c idle_in_transaction_session_timeout=60000"
    )
    monkeypatch.setenv("DB_LOCK_TIMEOUT", "2")
    monkeypatch.setenv("DB_IDLE_TX_TIMEOUT", "0")
    assert engine_options("postgresql+psycopg://u@h/db")["connect_args"]["options"] == (
        "-c lock_timeout=2000 -c idle_in_transaction_session_timeout=0"
    )
    monkeypatch.setenv("DB_POOL_SIZE", "many")
    with pytest.raises(ValueError, match="DB_POOL_SIZE"):
        engine_options("postgresql+psycopg://u@h/db")


# ---- the database going away mid-request (the failure script found these) --------------


class _Outage:
    """Every statement fails from the moment ``start()`` is called, as when the database
    goes away mid-request (a ROLLBACK too, with ``rollbacks``)."""

    def __init__(self, app, rollbacks=False):
        self.app, self.down, self.rollbacks = app, False, rollbacks

    def start(self):
        self.down = True

    def _fail(self, *args, **kwargs):
        from sqlalchemy.exc import OperationalError

        if self.down:
            raise OperationalError("SELECT", {}, Exception("server closed the connection"))

    def __enter__(self):
        with self.app.app_context():
            event.listen(db.engine, "before_cursor_execute", self._fail)
            if self.rollbacks:
                event.listen(db.engine, "rollback", self._fail)
        return self

    def __exit__(self, *exc):
        self.down = False
        with self.app.app_context():
            event.remove(db.engine, "before_cursor_execute", self._fail)
            if self.rollbacks:
                event.remove(db.engine, "rollback", self._fail)


@pytest.mark.app_config(PROPAGATE_EXCEPTIONS=False, ACCESS_LOG=True)
def test_a_returning_visitor_gets_the_localized_503_when_the_database_goes_away(
    app, client, monkeypatch
):
    """The 503 handler rolled back; the learner cookie's after-request hook (and the access
    log) then reloaded the expired profile from the dead database: a 500 instead."""
    from app.learning import progress

    _answer_once(client)  # a visitor with a record: the profile is loaded on each page
    real = progress.game_progress

    with _Outage(app) as outage:

        def dies(*args, **kwargs):
            real(*args, **kwargs)  # the page's first queries answer
            outage.start()
            return progress.accuracy_by_day(*args[:2])  # a query on the dead database

        monkeypatch.setattr("app.progress.routes.game_progress", dies)
        r = client.get("/progress/hunan", headers={"Accept-Language": "zh"})
        assert r.status_code == 503, r.status_code
        assert "数据库没有响应" in r.get_data(as_text=True)
    monkeypatch.undo()
    assert client.get("/progress/hunan").status_code == 200  # and back by itself


@pytest.mark.app_config(PROPAGATE_EXCEPTIONS=False)
def test_a_connection_lost_after_the_page_was_drawn_does_not_fail_the_request(app, client):
    """The closing ROLLBACK on a connection the database dropped raised in the teardown:
    gunicorn answered its own bare 500 for a page that was already drawn."""
    outage = _Outage(app, rollbacks=True)

    @app.get("/test-drawn")
    def drawn():  # pragma: no cover - trivial
        db.session.execute(text("SELECT 1"))  # a transaction is open
        outage.start()  # the connection dies before the request ends
        return "drawn"

    _answer_once(client)
    with outage:
        r = client.get("/test-drawn")
    assert r.status_code == 200 and r.get_data(as_text=True) == "drawn"
    assert client.get("/progress/hunan").status_code == 200


@pytest.mark.app_config(PROPAGATE_EXCEPTIONS=False, ACCESS_LOG=True)
def test_an_answer_drawn_just_before_the_database_goes_away_is_not_a_500(app, client):
    """The answer was stored and its page drawn; the learner-cookie hook then reloaded the
    profile (expired by the commit) from a database that had gone: a 500 for an answer
    that was kept."""
    from app.learning.models import Attempt

    outage = _Outage(app)
    armed = []

    @app.after_request  # runs before the app's own hooks (registered earlier)
    def _gone(response):  # pragma: no cover - trivial
        if armed:
            outage.start()
        return response

    _answer_once(client)
    page = client.get(f"/exercises/{EX}").get_data(as_text=True)
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    armed.append(True)
    with outage:
        r = client.post(
            f"/exercises/{EX}/answer",
            data={"csrf_token": csrf_from(page), "token": token, "number": "7"},
        )
    assert r.status_code in (200, 303), r.status_code
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Attempt)) == 2


def test_serve_says_at_start_when_the_database_is_not_set_up(app, tmp_path, monkeypatch):
    import werkzeug.serving
    from conftest import dispose, make_test_app

    monkeypatch.setattr(werkzeug.serving, "run_simple", lambda *a, **k: None)
    empty = make_test_app(f"sqlite:///{tmp_path / 'empty.sqlite3'}", tmp_path / "inst")
    out = empty.test_cli_runner().invoke(args=["serve"])
    dispose(empty)
    assert out.exit_code == 0 and "run `academy setup`" in out.output
    out = app.test_cli_runner().invoke(args=["serve"])
    assert out.exit_code == 0 and "academy setup" not in out.output

"""Running the academy: health, request ids, fingerprinted static files, a clear page
when the database is not set up or goes away, and no write on a page view."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import event

from app.extensions import db


def test_health_and_healthz(client):
    for url in ("/api/health", "/healthz"):
        r = client.get(url)
        assert r.status_code == 200 and r.get_json()["database"] is True
        assert "version" not in r.get_data(as_text=True).lower()


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
def test_the_database_going_away_is_a_localized_503_not_a_500(app, client, monkeypatch):
    from sqlalchemy.exc import OperationalError

    client.get("/")  # the schema check passed once
    from app.learning import paths

    def down(*args, **kwargs):
        raise OperationalError("SELECT 1", {}, Exception("connection refused"))

    monkeypatch.setattr(paths, "path_of", down)
    r = client.get("/lessons/", headers={"Accept-Language": "en"})
    assert r.status_code == 503 and "unavailable" in r.get_data(as_text=True)
    assert r.headers["Retry-After"]


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
    "/cards/",
    "/train/",
    "/train/zipai",
    "/about/cards",
    "/account/signin",
    "/account/signup",
]


def test_no_database_write_on_a_page_view(app, client):
    writes = []

    def count(conn, cursor, statement, params, context, executemany):
        if statement.lstrip().split(" ", 1)[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            writes.append(statement.split("\n")[0][:80])

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", count)
        try:
            for url in PAGES:
                assert client.get(url).status_code == 200, url
        finally:
            event.remove(db.engine, "before_cursor_execute", count)
    assert writes == []

"""CSRF, security headers, cookies and error pages."""

from __future__ import annotations

import pytest


def test_post_without_csrf_token_is_refused(client):
    r = client.post("/lang", data={"lang": "en", "next": "/"})
    assert r.status_code == 400
    assert "form has expired" in r.get_data(as_text=True) or "表单已过期" in r.get_data(
        as_text=True
    )
    assert "lang=" not in r.headers.get("Set-Cookie", "")


def test_signup_without_csrf_writes_nothing(app, client):
    from app.extensions import db
    from app.models import User

    r = client.post(
        "/account/signup",
        data={"username": "x123", "password": "abcdefgh1", "confirm": "abcdefgh1"},
    )
    assert r.status_code == 400
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(User)) == 0


def test_csrf_token_in_htmx_header_is_accepted(client, csrf):
    token = csrf("/account/signin")
    r = client.post(
        "/account/signin",
        data={"username": "", "password": ""},
        headers={"HX-Request": "true", "X-CSRFToken": token},
    )
    assert r.status_code == 422  # validation, not CSRF


def test_security_headers(client):
    r = client.get("/")
    csp = r.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert "frame-ancestors 'none'" in csp
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["Referrer-Policy"] == "same-origin"


def test_no_inline_script_or_style(client):
    import re

    body = client.get("/").get_data(as_text=True)
    for tag in re.findall(r"<script[^>]*>", body):
        assert "src=" in tag
    assert "<style" not in body and " style=" not in body


def test_session_cookie_flags(app, client, csrf):
    client.get("/")
    r = client.post("/lang", data={"csrf_token": csrf(), "lang": "en", "next": "/"})
    cookies = r.headers.getlist("Set-Cookie")
    lang = next(c for c in cookies if c.startswith("lang="))
    assert "HttpOnly" in lang and "SameSite=Lax" in lang
    first = app.test_client().get("/")  # a first visit
    assert any("HttpOnly" in c and "SameSite=Lax" in c for c in first.headers.getlist("Set-Cookie"))


@pytest.mark.app_config(SESSION_COOKIE_SECURE=True)
def test_secure_cookies_when_configured(client):
    r = client.get("/account/signin")
    assert all("Secure" in c for c in r.headers.getlist("Set-Cookie"))


@pytest.mark.parametrize(("lang", "text"), [("en", "Page not found"), ("zh", "找不到页面")])
def test_localized_404(client, lang, text):
    client.set_cookie("lang", lang)
    r = client.get("/nowhere")
    assert r.status_code == 404 and text in r.get_data(as_text=True)


def test_500_is_localized_and_leaks_nothing(app, client):
    @app.get("/boom")
    def boom():  # pragma: no cover - trivial
        raise RuntimeError("secret internals")

    app.config["PROPAGATE_EXCEPTIONS"] = False
    client.set_cookie("lang", "zh")
    r = client.get("/boom")
    body = r.get_data(as_text=True)
    assert r.status_code == 500
    assert "出错了" in body and "secret internals" not in body and "Traceback" not in body


def test_error_partial_for_htmx(client):
    r = client.get("/nowhere", headers={"HX-Request": "true"})
    assert r.status_code == 404 and "<html" not in r.get_data(as_text=True)


def test_health(client):
    r = client.get("/api/health")
    from app.version import version

    assert r.status_code == 200
    assert r.get_json() == {"status": "ok", "database": True, "version": version()}


def test_no_cdn_anywhere():
    import re

    from app.config import ROOT

    pat = re.compile(r"https?://(unpkg|cdn\.|cdnjs|fonts\.googleapis|jsdelivr)")
    for path in list((ROOT / "templates").rglob("*.html")) + list((ROOT / "app").rglob("*.py")):
        assert not pat.search(path.read_text(encoding="utf-8")), path


def test_vendored_htmx_matches_manifest():
    import hashlib
    import json

    from app.config import ROOT

    manifest = json.loads((ROOT / "static/vendor/MANIFEST.json").read_text())
    htmx = manifest["htmx.org"]
    assert htmx["version"].startswith("2.")
    for rel, digest in htmx["sha256"].items():
        assert hashlib.sha256((ROOT / rel).read_bytes()).hexdigest() == digest
    base = (ROOT / "templates/base.html").read_text()
    assert f"htmx-{htmx['version']}.min.js" in base


def test_signed_in_pages_are_private_and_not_stored(client, signup, csrf):
    assert "no-store" not in client.get("/").headers.get("Cache-Control", "")
    signup("meimei")
    for url in ("/", "/account/", "/account/password", "/cards/"):
        assert client.get(url).headers["Cache-Control"] == "private, no-store", url
    static = client.get("/static/css/app.css")
    assert "no-store" not in static.headers.get("Cache-Control", "")
    static.close()
    client.post("/account/signout", data={"csrf_token": csrf()})
    assert "no-store" not in client.get("/").headers.get("Cache-Control", "")


def test_no_hsts_by_default(client):
    assert "Strict-Transport-Security" not in client.get("/").headers


@pytest.mark.app_config(HSTS_MAX_AGE=31536000, SESSION_COOKIE_SECURE=True)
def test_hsts_when_configured(client):
    r = client.get("/")
    assert r.headers["Strict-Transport-Security"] == "max-age=31536000"
    assert all("Secure" in c for c in r.headers.getlist("Set-Cookie"))


@pytest.mark.parametrize(
    ("env", "hsts", "secure"),
    [
        ({}, 0, False),
        ({"SECURE_COOKIES": "1"}, 31536000, True),
        ({"SECURE_COOKIES": "1", "HSTS_MAX_AGE": "0"}, 0, True),
        ({"HSTS_MAX_AGE": "600"}, 600, False),
    ],
)
def test_hsts_setting_follows_secure_cookies(monkeypatch, tmp_path, env, hsts, secure):
    from app.config import from_env

    for name in ("SECURE_COOKIES", "HSTS_MAX_AGE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("SECRET_KEY", "x")
    config = from_env(tmp_path)
    assert config.get("HSTS_MAX_AGE") == hsts
    assert config["SESSION_COOKIE_SECURE"] is secure


def test_a_visitor_gets_one_session_cookie_not_one_per_page(client):
    first = client.get("/")
    assert any(c.startswith("session=") for c in first.headers.getlist("Set-Cookie"))
    for url in ("/", "/about/cards", "/cards/", "/account/signin"):
        r = client.get(url)
        assert r.headers.getlist("Set-Cookie") == [], url


def test_strong_session_protection_still_guards_a_signed_in_session(app, client, signup):
    signup("meimei")
    cookie = client.get_cookie("session").value
    other = app.test_client()
    other.set_cookie("session", cookie)
    r = other.get("/account/", headers={"User-Agent": "another browser"})
    assert r.status_code == 302  # the session identifier differs: signed out
    assert client.get("/account/").status_code == 200

"""Accounts: sign up, sign in, sign out, password, language; profiles follow the learner."""

from __future__ import annotations

import pytest

from app.extensions import db
from app.models import User


def _count(model) -> int:
    return db.session.scalar(db.select(db.func.count()).select_from(model))


def test_signup_signs_in_and_stores_a_hash(app, client, signup):
    r = signup("meimei", "long-cards-1")
    assert r.status_code == 303
    with app.app_context():
        user = db.session.scalar(db.select(User).filter_by(username="meimei"))
        assert user.password_hash != "long-cards-1" and user.password_hash.startswith(
            ("scrypt:", "pbkdf2:")
        )
        assert user.role == "learner"
    assert "meimei" in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize(
    ("username", "password", "confirm", "message"),
    [
        ("", "long-cards-1", "long-cards-1", "Choose a username."),
        ("ab", "long-cards-1", "long-cards-1", "A username has 3 to 40 characters."),
        ("bad name!", "long-cards-1", "long-cards-1", "Use letters, digits"),
        ("meimei", "short", "short", "A password has at least 8 characters."),
        ("meimei", "long-cards-1", "long-cards-2", "The two passwords differ."),
    ],
)
def test_signup_errors_keep_input(client, csrf, username, password, confirm, message):
    client.set_cookie("lang", "en")
    r = client.post(
        "/account/signup",
        data={
            "csrf_token": csrf("/account/signup"),
            "username": username,
            "password": password,
            "confirm": confirm,
        },
    )
    body = r.get_data(as_text=True)
    assert r.status_code == 422
    assert message in body
    assert f'value="{username}"' in body or not username
    assert 'aria-invalid="true"' in body


def test_signup_error_in_chinese(client, csrf):
    client.set_cookie("lang", "zh")
    r = client.post(
        "/account/signup",
        data={
            "csrf_token": csrf("/account/signup"),
            "username": "meimei",
            "password": "a",
            "confirm": "a",
        },
    )
    assert "密码至少 8 个字符" in r.get_data(as_text=True)


def test_duplicate_username_case_insensitive(app, client, signup, csrf):
    signup("Meimei")
    client.post("/account/signout", data={"csrf_token": csrf()})
    r = signup("meimei")
    assert r.status_code == 422
    with app.app_context():
        assert _count(User) == 1


def test_htmx_signup_error_returns_only_the_form(client, csrf):
    r = client.post(
        "/account/signup",
        data={"username": "x", "password": "", "confirm": ""},
        headers={"HX-Request": "true", "X-CSRFToken": csrf("/account/signup")},
    )
    body = r.get_data(as_text=True)
    assert r.status_code == 422 and body.lstrip().startswith("<form") and "<html" not in body


def test_htmx_signup_success_redirects_whole_page(client, csrf):
    r = client.post(
        "/account/signup",
        data={"username": "tiantian", "password": "long-cards-1", "confirm": "long-cards-1"},
        headers={"HX-Request": "true", "X-CSRFToken": csrf("/account/signup")},
    )
    assert r.headers["HX-Redirect"] == "/"


def test_signin_wrong_password_and_right(client, signup, csrf):
    signup("meimei", "long-cards-1")
    client.post("/account/signout", data={"csrf_token": csrf()})
    client.set_cookie("lang", "en")
    r = client.post(
        "/account/signin",
        data={"csrf_token": csrf("/account/signin"), "username": "meimei", "password": "nope"},
    )
    assert r.status_code == 422 and "Wrong username or password." in r.get_data(as_text=True)
    assert 'value="meimei"' in r.get_data(as_text=True)
    r = client.post(
        "/account/signin",
        data={
            "csrf_token": csrf("/account/signin"),
            "username": "MEIMEI",
            "password": "long-cards-1",
        },
    )
    assert r.status_code == 303


def test_signin_next_stays_on_site(client, signup, csrf):
    signup("meimei")
    client.post("/account/signout", data={"csrf_token": csrf()})
    tok = csrf("/account/signin")
    r = client.post(
        "/account/signin?next=https://evil.example/",
        data={"csrf_token": tok, "username": "meimei", "password": "long-cards-1"},
    )
    assert r.headers["Location"] == "/"
    client.post("/account/signout", data={"csrf_token": csrf()})
    r = client.post(
        "/account/signin?next=/about/cards",
        data={
            "csrf_token": csrf("/account/signin"),
            "username": "meimei",
            "password": "long-cards-1",
        },
    )
    assert r.headers["Location"] == "/about/cards"


def test_change_password(client, signup, csrf):
    signup("meimei", "long-cards-1")
    client.set_cookie("lang", "en")
    r = client.post(
        "/account/password",
        data={
            "csrf_token": csrf("/account/password"),
            "current": "bad",
            "password": "new-cards-22",
            "confirm": "new-cards-22",
        },
    )
    assert r.status_code == 422 and "That is not your current password." in r.get_data(as_text=True)
    r = client.post(
        "/account/password",
        data={
            "csrf_token": csrf("/account/password"),
            "current": "long-cards-1",
            "password": "new-cards-22",
            "confirm": "new-cards-22",
        },
    )
    assert r.status_code == 303
    client.post("/account/signout", data={"csrf_token": csrf()})
    r = client.post(
        "/account/signin",
        data={
            "csrf_token": csrf("/account/signin"),
            "username": "meimei",
            "password": "new-cards-22",
        },
    )
    assert r.status_code == 303


def test_account_pages_need_signin(client):
    r = client.get("/account/")
    assert r.status_code == 302 and "/account/signin" in r.headers["Location"]


def test_language_kept_in_account(app, client, csrf, signup):
    client.post("/lang", data={"csrf_token": csrf(), "lang": "en", "next": "/"})
    signup("meimei")
    with app.app_context():
        assert db.session.scalar(db.select(User.locale).filter_by(username="meimei")) == "en"
    # a new device (no cookies) signs in and gets English from the account
    other = app.test_client()
    tok = csrf_from_page(other, "/account/signin")
    other.post(
        "/account/signin",
        data={"csrf_token": tok, "username": "meimei", "password": "long-cards-1"},
    )
    other.delete_cookie("lang")
    assert '<html lang="en">' in other.get("/", headers={"Accept-Language": "zh-CN"}).get_data(
        as_text=True
    )


def test_switch_language_updates_account(app, client, csrf, signup):
    signup("meimei")
    client.post("/lang", data={"csrf_token": csrf(), "lang": "en", "next": "/"})
    with app.app_context():
        assert db.session.scalar(db.select(User.locale).filter_by(username="meimei")) == "en"
    r = client.post("/account/", data={"csrf_token": csrf("/account/"), "locale": "zh"})
    assert r.status_code == 303
    with app.app_context():
        assert db.session.scalar(db.select(User.locale).filter_by(username="meimei")) == "zh"


def csrf_from_page(client, url):
    from conftest import csrf_from

    return csrf_from(client.get(url).get_data(as_text=True))


@pytest.mark.app_config(RATELIMIT_ENABLED=True, SIGNIN_RATE_LIMIT="3 per minute")
def test_signin_is_rate_limited(client, csrf):
    from app.extensions import limiter

    limiter.reset()
    client.set_cookie("lang", "en")
    codes = []
    for _ in range(4):
        r = client.post(
            "/account/signin",
            data={"csrf_token": csrf("/account/signin"), "username": "x", "password": "y"},
        )
        codes.append(r.status_code)
    assert codes == [422, 422, 422, 429]
    assert "Too many attempts" in r.get_data(as_text=True)
    limiter.reset()


def test_a_two_character_chinese_name_signs_up(client, csrf):
    """Issue 40: two characters are a whole name in Chinese."""
    r = client.post(
        "/account/signup",
        data={
            "csrf_token": csrf("/account/signup"),
            "username": "王芳",
            "password": "long-cards-1",
            "confirm": "long-cards-1",
        },
    )
    assert r.status_code == 303
    assert "王芳" in client.get("/").get_data(as_text=True)

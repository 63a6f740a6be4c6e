"""Sessions end when they should: sign-out and a password change end every copy of a
session cookie; signing in starts a fresh session (new CSRF token)."""

from __future__ import annotations

import pytest
from conftest import post_form


def _signin(client, name="meimei", password="long-cards-1"):
    return post_form(client, "/account/signin", username=name, password=password)


def _replay(app, cookie):
    """A different client (an attacker) presenting a captured session cookie."""
    thief = app.test_client()
    thief.set_cookie("session", cookie)
    return thief.get("/account/")


def test_a_captured_cookie_is_dead_after_sign_out(app, client, signup, csrf):
    signup("meimei")
    captured = client.get_cookie("session").value
    assert _replay(app, captured).status_code == 200  # the capture worked
    client.post("/account/signout", data={"csrf_token": csrf()})
    assert _replay(app, captured).status_code == 302


def test_a_password_change_ends_other_sessions_but_not_this_one(app, client, signup, csrf):
    signup("meimei")
    other = app.test_client()
    assert _signin(other).status_code == 303
    captured = client.get_cookie("session").value
    new = "new-cards-22"
    r = post_form(client, "/account/password", current="long-cards-1", password=new, confirm=new)
    assert r.status_code == 303
    assert client.get("/account/").status_code == 200  # still signed in here
    assert other.get("/account/").status_code == 302  # the other device is signed out
    assert _replay(app, captured).status_code == 302  # and so is a copy of the old cookie


def test_sign_in_rotates_the_csrf_token(client, signup, csrf):
    signup("meimei")
    client.post("/account/signout", data={"csrf_token": csrf()})
    before = csrf("/account/signin")
    _signin(client)
    after = csrf("/")
    assert after != before
    r = client.post("/lang", data={"csrf_token": before, "lang": "en", "next": "/"})
    assert r.status_code == 400  # a token from before sign-in is refused
    r = client.post("/lang", data={"csrf_token": after, "lang": "en", "next": "/"})
    assert r.status_code == 303


@pytest.mark.parametrize(
    "session_id", ["1", "1:", ":1", "1:0", "1:2", "x:1", "1:1:1", "", "9" * 40]
)
def test_only_the_current_session_version_loads_a_user(app, signup, session_id):
    from app.accounts.service import load_user

    signup("meimei")
    with app.app_context():
        assert load_user("1:1") is not None
        assert load_user(session_id) is None

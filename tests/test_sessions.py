"""Sessions end when they should: sign-out and a password change end every copy of a
session cookie; signing in starts a fresh session (new CSRF token)."""

from __future__ import annotations

import re

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


# -- each cookie verified once per worker (app/sessions.py) ------------------------------


def _opened(app, cookie):
    """The session a request with this cookie opens (through the app's interface)."""
    with app.test_request_context("/", headers={"Cookie": f"session={cookie}"}) as ctx:
        return dict(ctx.session)


def _signed(app, data, when=None):
    serializer = app.session_interface.get_signing_serializer(app)
    if when is None:
        return serializer.dumps(data)
    from unittest import mock

    with mock.patch("itsdangerous.timed.time.time", return_value=when):
        return serializer.dumps(data)


def test_a_kept_session_is_the_one_its_cookie_signs_and_a_forged_one_is_not_kept(app):
    from app import sessions

    good = _signed(app, {"csrf_token": "abc"})
    assert _opened(app, good) == {"csrf_token": "abc"}
    assert _opened(app, good) == {"csrf_token": "abc"}  # again, from what the worker kept
    payload, _, signature = good.rpartition(".")
    forged = payload + "." + ("A" if signature[0] != "A" else "B") + signature[1:]
    assert _opened(app, forged) == {}
    app.secret_key = "another-secret"
    try:
        assert _opened(app, good) == {}  # what was kept was kept for the old key
    finally:
        app.secret_key = "test-secret"
    assert any(k[-1] == good for k in sessions._OPENED)


def test_a_kept_session_expires_as_its_signature_ages(app):
    import time

    app.permanent_session_lifetime = 60
    old = _signed(app, {"csrf_token": "old"}, when=time.time() - 30)
    assert _opened(app, old) == {"csrf_token": "old"}  # young enough, kept
    from unittest import mock

    later = time.time() + 40  # now 70 s after signing: too old, kept or not
    with (
        mock.patch("app.sessions.time.time", return_value=later),
        mock.patch("itsdangerous.timed.time.time", return_value=later),
    ):
        assert _opened(app, old) == {}


def test_a_session_holding_a_list_is_read_anew_each_time(app):
    from app import sessions

    cookie = _signed(app, {"_flashes": [["message", "hello"]]})
    with app.test_request_context("/", headers={"Cookie": f"session={cookie}"}) as ctx:
        ctx.session["_flashes"].append(["message", "changed in place"])
    assert _opened(app, cookie) == {"_flashes": [["message", "hello"]]}
    assert not any(k[-1] == cookie for k in sessions._OPENED)


def test_a_session_keeps_one_signed_form_token_and_it_is_accepted(app, client):
    page = client.get("/exercises/").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    again = client.get("/lessons/").get_data(as_text=True)
    assert f'value="{token}"' in again  # the same signed token, not signed anew
    r = client.post("/lang", data={"csrf_token": token, "lang": "en", "next": "/"})
    assert r.status_code in (302, 303)
    other = app.test_client()
    theirs = other.get("/exercises/").get_data(as_text=True)
    assert f'value="{token}"' not in theirs  # another session, another token
    refused = other.post("/lang", data={"csrf_token": token, "lang": "en", "next": "/"})
    assert refused.status_code == 400


def test_with_a_time_limit_the_form_token_is_signed_per_request(app, client, monkeypatch):
    from app import sessions

    app.config["WTF_CSRF_TIME_LIMIT"] = 3600
    monkeypatch.setattr(sessions, "_SIGNED", {})
    client.get("/exercises/")
    assert sessions._SIGNED == {}

"""New passwords: a strength check (zxcvbn and common-password lists) with a localized
explanation, on sign-up and on password change."""

from __future__ import annotations

import time

import pytest
from conftest import post_form


@pytest.mark.parametrize(
    ("password", "username", "problem"),
    [
        ("12345678", "", "common"),
        ("password", "", "common"),
        ("Password", "", "common"),
        ("qwertyuiop", "", "common"),
        ("woaini1314", "", "common"),  # our list: zxcvbn's lists are English-centred
        ("woaini1314abc", "", "common"),
        ("meimei2024", "meimei", "personal"),
        ("changpai2024", "", "personal"),
        ("aaaaaaaaaaaa", "", "repeat"),
        ("abcdefgh1", "", "sequence"),
        ("x" * 200, "", "repeat"),
    ],
)
def test_weak_passwords_and_why(password, username, problem):
    from app.passwords import check_password

    verdict = check_password(password, user_inputs=[username])
    assert not verdict.ok and verdict.problems[0] == problem


@pytest.mark.parametrize(
    "password", ["long-cards-1", "new-cards-22", "correct horse battery staple", "Tr0ub4dor&3"]
)
def test_strong_passwords_pass(password):
    from app.passwords import check_password

    assert check_password(password, user_inputs=["meimei"]).ok


def test_a_long_password_is_checked_quickly():
    from app.passwords import check_password

    start = time.perf_counter()
    check_password("ab1-" * 50)
    assert time.perf_counter() - start < 1.0


def _signup(client, password, lang="en"):
    client.set_cookie("lang", lang)
    return post_form(
        client, "/account/signup", username="meimei", password=password, confirm=password
    )


@pytest.mark.parametrize(
    ("password", "says"),
    [
        ("12345678", "It is one of the most common passwords."),
        ("password", "It is one of the most common passwords."),
        ("meimei2024", "It contains your username or the name of this site."),
    ],
)
def test_signup_refuses_a_weak_password_and_says_why(app, client, password, says):
    from app.extensions import db
    from app.models import User

    r = _signup(client, password)
    body = r.get_data(as_text=True)
    assert r.status_code == 422
    assert "This password is too easy to guess." in body and says in body
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(User)) == 0


def test_the_explanation_is_in_chinese(client):
    body = _signup(client, "12345678", lang="zh").get_data(as_text=True)
    assert "这个密码太容易被猜到" in body and "最常见的密码" in body


def test_password_change_refuses_a_weak_password(client, signup):
    signup("meimei")
    client.set_cookie("lang", "en")
    weak = "password1"
    r = post_form(client, "/account/password", current="long-cards-1", password=weak, confirm=weak)
    assert r.status_code == 422 and "too easy to guess" in r.get_data(as_text=True)


@pytest.mark.app_config(PASSWORD_MIN_SCORE=1)
def test_the_minimum_score_is_a_setting(client):
    assert _signup(client, "paohuzi1").status_code == 303

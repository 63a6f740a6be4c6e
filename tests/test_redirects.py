"""Redirects built from what the visitor sent stay on this site, and never fail."""

from __future__ import annotations

import pytest

from app.extensions import db
from app.models import User

JUNK = [
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/ /evil.example",
    "/%5Cevil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%0d%0aSet-Cookie:x=1",
    "/\r\nSet-Cookie: x=1",
    "/x\x00y",
    "//evil\uff0f.example",  # full-width solidus: urlsplit raises on it
    "//evil.example\uff03x",
    "/\uff0f\uff0fevil.example",
    "/\u2100x",
    "javascript:alert(1)",
    "evil.example",
    "",
    "/" + "a" * 3000,
]
GOOD = ["/", "/about/cards", "/cards/zipai?x=1&y=%E4%B8%AD", "/account/"]


@pytest.mark.parametrize("target", JUNK)
def test_junk_is_not_a_safe_path(target):
    from app.redirects import is_safe_path

    assert not is_safe_path(target)


@pytest.mark.parametrize("target", GOOD)
def test_same_site_paths_are_safe(target):
    from app.redirects import is_safe_path

    assert is_safe_path(target)


def _signin(client, csrf, next_, *, htmx=False, name="meimei"):
    token = csrf("/account/signin")
    headers = {"HX-Request": "true", "X-CSRFToken": token} if htmx else {}
    return client.post(
        "/account/signin",
        query_string={"next": next_},
        data={"csrf_token": token, "username": name, "password": "long-cards-1"},
        headers=headers,
    )


def test_htmx_signin_never_redirects_off_site(client, signup, csrf):
    signup("meimei")
    client.post("/account/signout", data={"csrf_token": csrf()})
    r = _signin(client, csrf, "/\\evil.example", htmx=True)
    assert r.status_code == 200 and r.headers["HX-Redirect"] == "/"


@pytest.mark.parametrize("junk", ["/\r\nX-Evil: 1", "//evil\uff0f.example", "/\\evil.example"])
def test_signup_with_junk_next_lands_home_and_says_so(app, client, csrf, junk):
    client.set_cookie("lang", "en")
    token = csrf("/account/signup")
    r = client.post(
        "/account/signup",
        query_string={"next": junk},
        data={
            "csrf_token": token,
            "username": "tiantian",
            "password": "long-cards-1",
            "confirm": "long-cards-1",
        },
    )
    assert r.status_code == 303 and r.headers["Location"] == "/"
    assert "Welcome, tiantian!" in client.get("/").get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(db.select(User.username)) == "tiantian"


@pytest.mark.parametrize("junk", ["//evil\uff0f.example", "/\r\n", "https://evil.example"])
def test_language_switch_with_junk_next(client, csrf, junk):
    r = client.post("/lang", data={"csrf_token": csrf(), "lang": "en", "next": junk})
    assert r.status_code == 303 and r.headers["Location"] == "/"


def test_language_switch_comes_back_to_a_page_with_a_query(client, csrf):
    page = client.get("/cards/table?x=%E4%B8%AD&y=1").get_data(as_text=True)
    assert 'name="next" value="/cards/table?x=%E4%B8%AD&amp;y=1"' in page
    r = client.post(
        "/lang", data={"csrf_token": csrf(), "lang": "en", "next": "/cards/table?x=%E4%B8%AD&y=1"}
    )
    assert r.headers["Location"] == "/cards/table?x=%E4%B8%AD&y=1"


def test_signin_required_comes_back_to_the_page(client, signup, csrf):
    signup("meimei")
    client.post("/account/signout", data={"csrf_token": csrf()})
    client.set_cookie("lang", "en")
    r = client.get("/account/password")
    assert r.status_code == 302
    assert r.headers["Location"] == "/account/signin?next=/account/password"
    assert "Sign in to see that page." in client.get("/account/signin").get_data(as_text=True)
    r = _signin(client, csrf, "/account/password")
    assert r.headers["Location"] == "/account/password"


def test_a_query_with_encoded_spaces_and_chinese_is_a_safe_target():
    from app.redirects import is_safe_path

    assert is_safe_path("/practice/hunan/count?hand=%E4%B8%80%E4%BA%8C%20d4%20d5&melds=")
    assert not is_safe_path("/practice?x=%0d%0aSet-Cookie:%20a=b")
    assert not is_safe_path("/%20/evil.example")

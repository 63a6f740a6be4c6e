"""The security probe's fuzz groups, small: junk ``next``, JSON bodies, Unicode usernames.

Zero server errors: the test app propagates exceptions, so any 500 fails loudly.
"""

from __future__ import annotations

import json
import re
import unicodedata
from urllib.parse import urlsplit

import pytest
from conftest import csrf_from
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from markupsafe import escape

pytestmark = pytest.mark.usefixtures("cheap_hashing")
FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
PASSWORD = "long-cards-1"

# Pieces the probe combined into next= values.
TRICKS = [
    "/", "\\", "//", "/\\", "%2F", "%2f", "%5C", "%5c", "%0d%0a", "%00", "%09", "%25",
    "\r", "\n", "\t", " ", "\x00", "\uff0f", "\uff3c", "\u3002", "\uff0e", "\u2100", "\ufe68",
    "evil.example", "@", ":", "http:", "https://", "javascript:", "?", "#", "a", "..",
]  # fmt: skip
junk_next = st.one_of(
    st.lists(st.sampled_from(TRICKS), min_size=1, max_size=8).map("".join), st.text(max_size=40)
)
text_values = st.text(max_size=30)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | text_values,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text_values, inner, max_size=3),
    max_leaves=8,
)
names = st.one_of(
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=45),
    # Letters and digits of every script: what passes the form and tests the key.
    st.text(
        st.characters(categories=["L", "M", "N"]) | st.sampled_from("._-"), min_size=3, max_size=12
    ),
    st.sampled_from(["Ädmin", "İstanbul", "ΣΑΣ", "σας", "ǅemal", "ｍｅｉ", "\u0430lice", "ß" * 4]),
)


def _stays_here(location: str) -> bool:
    """A redirect that no browser follows off this site (the oracle, written apart)."""
    return (
        location.startswith("/")
        and not location.startswith(("//", "/\\"))
        and re.fullmatch(r"[\x21-\x7e]*", location) is not None
        and not urlsplit(location).netloc
    )


def _token(client, url="/account/signin"):
    return csrf_from(client.get(url).get_data(as_text=True))


# What the probe found is always tried: an off-site hop, CR/LF, // with full-width.
@FUZZ
@given(target=junk_next)
@example(target="/\\evil.example")
@example(target="/\r\nX-Evil: 1")
@example(target="//evil\uff0f.example")
def test_junk_next_on_the_language_switch(client, target):
    r = client.post("/lang", data={"csrf_token": _token(client), "lang": "en", "next": target})
    assert r.status_code == 303 and _stays_here(r.headers["Location"]), r.headers["Location"]


def _ensure_user(app, name="meimei"):
    from app.extensions import db
    from app.models import User

    with app.app_context():
        if db.session.scalar(db.select(User).filter_by(username=name)) is None:
            user = User(username=name)
            user.set_password(PASSWORD)
            db.session.add(user)
            db.session.commit()


@FUZZ
@given(target=junk_next, htmx=st.booleans())
@example(target="/\\evil.example", htmx=True)
@example(target="/\r\nX-Evil: 1", htmx=True)
@example(target="//evil\uff0f.example", htmx=False)
def test_junk_next_on_sign_in(app, target, htmx):
    _ensure_user(app)
    client = app.test_client()
    token = _token(client)
    r = client.post(
        "/account/signin",
        query_string={"next": target},
        data={"csrf_token": token, "username": "meimei", "password": PASSWORD},
        headers={"HX-Request": "true", "X-CSRFToken": token} if htmx else {},
    )
    location = r.headers["HX-Redirect"] if htmx else r.headers["Location"]
    assert _stays_here(location), location


@FUZZ
@given(body=json_values, route=st.sampled_from(["/account/signin", "/account/signup", "/lang"]))
def test_json_bodies(client, body, route):
    r = client.post(
        route,
        data=json.dumps(body),
        content_type="application/json",
        headers={"X-CSRFToken": _token(client)},
    )
    assert r.status_code < 500
    flat = isinstance(body, dict) and all(
        isinstance(v, str) or (isinstance(v, list) and all(isinstance(x, str) for x in v))
        for v in body.values()
    )
    if not flat:
        assert r.status_code == 400


@FUZZ
@given(name=names)
def test_unicode_usernames_sign_up_and_sign_in_as_typed(app, name):
    client = app.test_client()
    r = client.post(
        "/account/signup",
        data={
            "csrf_token": _token(client, "/account/signup"),
            "username": name,
            "password": PASSWORD,
            "confirm": PASSWORD,
        },
    )
    assert r.status_code in (303, 422), r.status_code
    other = app.test_client()
    r2 = other.post(
        "/account/signin",
        data={"csrf_token": _token(other), "username": name, "password": PASSWORD},
    )
    event(f"sign-up {r.status_code}")
    if r.status_code == 303:
        assert r2.status_code == 303  # whoever signed up can sign in by the same name
        shown = str(escape(unicodedata.normalize("NFKC", name).strip()))
        assert shown in client.get("/account/").get_data(as_text=True)
    else:
        assert r2.status_code in (303, 422)

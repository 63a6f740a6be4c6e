"""A JSON body on a form route: a flat object of text works like the form; anything else
is a clear 400, never a 500."""

from __future__ import annotations

import json

import pytest

NOT_FORMS = [
    "[]",
    '["username", "password"]',
    '[["username", "a", "b"]]',
    '"meimei"',
    "42",
    "null",
    "true",
    '{"username": ["a", 1]}',
    '{"username": {"x": 1}}',
    '{"username": 12345, "password": "long-cards-1"}',
    '{"username": null}',
    '{"username": "\\ud800abc", "password": "long-cards-1"}',
    "{not json",
]
FORM_ROUTES = ["/account/signin", "/account/signup", "/lang"]


@pytest.mark.parametrize("route", FORM_ROUTES)
def test_json_that_is_not_a_flat_object_is_a_400(client, csrf, route):
    client.set_cookie("lang", "en")
    token = csrf("/account/signin")
    for body in NOT_FORMS:
        r = client.post(
            route, data=body, content_type="application/json", headers={"X-CSRFToken": token}
        )
        assert r.status_code == 400, body
        assert "a JSON object whose values are text" in r.get_data(as_text=True)


def test_json_error_is_localized(client, csrf):
    client.set_cookie("lang", "zh")
    r = client.post(
        "/account/signin",
        data="[1, 2]",
        content_type="application/json",
        headers={"X-CSRFToken": csrf("/account/signin")},
    )
    assert r.status_code == 400 and "JSON 对象" in r.get_data(as_text=True)


def test_json_object_of_text_is_read_like_the_form(client, signup, csrf):
    signup("meimei")
    client.post("/account/signout", data={"csrf_token": csrf()})
    r = client.post(
        "/account/signin",
        data=json.dumps({"username": "meimei", "password": "long-cards-1"}),
        content_type="application/json",
        headers={"X-CSRFToken": csrf("/account/signin")},
    )
    assert r.status_code == 303


def test_json_on_signed_in_form_routes(client, signup, csrf):
    signup("meimei")
    token = csrf("/account/")
    for route in ("/account/", "/account/password", "/account/signout"):
        r = client.post(
            route, data="[]", content_type="application/json", headers={"X-CSRFToken": token}
        )
        assert r.status_code == 400, route

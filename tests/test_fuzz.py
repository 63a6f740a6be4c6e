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
    if "\x00" in target:  # refused at the edge, before any view reads it (issue 34)
        assert r.status_code == 400
        return
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
    if "\x00" in target:  # refused at the edge, before any view reads it (issue 34)
        assert r.status_code == 400
        return
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
    if "\x00" in name:  # refused at the edge (issue 34)
        assert r.status_code == 400
        return
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


# ---- bad values: a 4xx, never a 5xx (issue 34) ---------------------------------------------

BIG_INTS = ["2147483648", "9223372036854775808", "1" + "0" * 30]
BAD_VALUES = [*BIG_INTS, "a\x00b", "inf", "-inf", "nan", "1e400", "²", "-1"]
#: every field name the pages' forms and links use (and the views read)
FIELDS = [
    "action",
    "card",
    "cards",
    "choice",
    "coach",
    "code",
    "codes",
    "confirm",
    "current",
    "deal",
    "deal_seat",
    "description",
    "done",
    "due_at",
    "exam",
    "family",
    "fan",
    "from",
    "game",
    "hand",
    "help",
    "kind",
    "lang",
    "lesson",
    "locale",
    "max",
    "melds",
    "min",
    "mode",
    "move",
    "names",
    "next",
    "number",
    "one",
    "own_count",
    "own_gen",
    "pass_percent",
    "password",
    "pick",
    "position",
    "prefix",
    "q",
    "quiz_count",
    "quiz_unit",
    "role",
    "seat",
    "seats",
    "starts_at",
    "step",
    "strength",
    "student",
    "theme",
    "title",
    "token",
    "truth",
    "unit",
    "until",
    "username",
    "what",
    "ws_count",
    "ws_max",
    "ws_min",
    "ws_theme",
]


def _world_and_clients(app):
    from test_classes_matrix import _client, _world

    world = _world(app)
    roles = ("visitor", "owner", "student", "admin")
    return world, {role: _client(app, role, world["people"]) for role in roles}


def _real_url(app, rule, world):
    values, people = world["values"], world["people"]
    args = {}
    for arg in rule.arguments:
        if arg in values:
            args[arg] = values[arg]
        elif arg == "uid":
            args[arg] = people["student"].id
        else:
            ints = f"<int:{arg}>" in rule.rule
            args[arg] = 1 if ints else {"game": "hunan", "variant": "hunan"}.get(arg, "x")
    with app.test_request_context():
        return app.url_for(rule.endpoint, **args)


def _junk_path(rule, value):
    """The rule's path with ``value`` in every argument."""
    path = rule.rule
    for arg in rule.arguments:
        for shape in (f"<int:{arg}>", f"<path:{arg}>", f"<{arg}>"):
            path = path.replace(shape, value)
    return path


@pytest.mark.slow  # a sweep of every route, page or sample: the whole suite only
@pytest.mark.app_config(WTF_CSRF_ENABLED=False, ANYONE_MAY_TEACH=True)
def test_every_route_answers_bad_values_in_paths_queries_and_forms_with_a_4xx(app):
    """Every route of the URL map, for a visitor, a teacher, a student and an admin: ids of
    2³¹ and more, NUL, inf/nan in its path, every query field and every form field."""
    world, clients = _world_and_clients(app)
    rules = [r for r in app.url_map.iter_rules() if r.endpoint not in ("static",)]
    failed = []

    def check(label, client, method, url, **kw):
        status = client.open(url, method=method, **kw).status_code
        if status >= 500:
            failed.append((label, method, url[:90], status))
        return status

    for rule in rules:
        methods = sorted(rule.methods - {"HEAD", "OPTIONS"})
        url = _real_url(app, rule, world)
        for value in BAD_VALUES:
            if rule.arguments:
                path = _junk_path(rule, value)
                for method in methods:
                    status = check(repr(value), clients["owner"], method, path)
                    ints = "<int:" in rule.rule and value in BIG_INTS
                    if ints and status != 404:  # beyond any id: no such page
                        failed.append(("id past 2^31 is not a 404", method, path, status))
        for value in ("9223372036854775808", "a\x00b", "inf", "nan"):
            fields = {f: value for f in FIELDS}
            for role in (
                ("owner", "student")
                if rule.endpoint.split(".")[0]
                in (
                    "classes",
                    "assignments",
                    "admin",
                )
                else ("visitor",)
            ):
                for method in methods:
                    check(repr(value), clients[role], method, url, query_string=fields)
                    if method != "GET":
                        check(repr(value), clients[role], method, url, data=fields)
    assert not failed, "\n".join(map(str, failed))


@pytest.mark.app_config(WTF_CSRF_ENABLED=False, ANYONE_MAY_TEACH=True)
def test_bad_numbers_in_a_teachers_forms_are_refused_as_typed(app):
    """inf/nan in the worksheet's rating range used to be stored in the assignment's JSON
    (PostgreSQL refuses it: "database unavailable"); ids past 2³¹ picked nothing."""
    world, clients = _world_and_clients(app)
    owner, cid = clients["owner"], world["values"]["cid"]
    url = f"/classes/{cid}/assignments/new"
    base = {
        "game": "chuanpai",
        "title": "x",
        "starts_at": "2020-01-01T08:00",
        "due_at": "2099-01-01T08:00",
        "pass_percent": "60",
    }
    for field in ("ws_min", "ws_max", "ws_count"):
        for value in ("inf", "-inf", "nan", "1e400"):
            r = owner.post(url, data={**base, "ws_theme": "waits", field: value})
            assert r.status_code == 422, (field, value, r.status_code)
    for value in [*BIG_INTS, "²", "0"]:
        assert owner.post(url, data={**base, "position": value}).status_code == 422
        r = owner.post(url, data={**base, "quiz_count": value, "deal": "on", "deal_seat": value})
        assert r.status_code in (303, 422), (value, r.status_code)
    for value in [*BIG_INTS, "²"]:
        r = owner.post(f"/classes/{cid}/cards", data={"student": value, "what": "codes"})
        assert r.status_code < 500
        assert owner.get("/admin/roles", query_string={"from": value}).status_code < 500


@pytest.mark.parametrize(
    "path",
    [
        "/classes/2147483648/",
        "/classes/9223372036854775808/",
        "/classes/1/students/2147483648",
        "/assignments/100000000000000000000000/",
        "/admin/roles/2147483648",
        "/quiz/hunan/s/a%00b",
        "/lessons/hunan/%00/",
        "/exercises/pos:waits:²:x",
        "/exercises/pos:waits:99999999999999999999:x",
    ],
)
@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_bad_values_in_a_path_are_a_404_or_a_400(app, path):
    from classes_help import make_user
    from conftest import make_test_app  # noqa: F401 - the fixture's factory

    user = make_user(app, "fuzz-admin", "admin")
    client = app.test_client()
    client.post(
        "/account/signin", data={"username": user.username, "password": "long-cards-teacher-1"}
    )
    for method in ("GET", "POST"):
        r = client.open(path, method=method)
        assert r.status_code in (400, 404, 405), (method, r.status_code)


@pytest.mark.parametrize(
    ("where", "value"),
    [
        ("query", "a\x00b"),
        ("form", "a\x00b"),
        ("json", "a\x00b"),
        ("cookie learner", "a\x00b"),
        ("cookie lang", "\x00"),
    ],
)
def test_a_nul_anywhere_is_a_400_that_says_why(app, where, value):
    client = app.test_client()
    client.set_cookie("lang", "en")
    token = _token(client)
    kw: dict = {"headers": {"X-CSRFToken": token}}
    if where == "query":
        r = client.get("/account/signin", query_string={"next": value})
    elif where == "form":
        r = client.post("/account/signin", data={"username": value, "password": "x"}, **kw)
    elif where == "json":
        r = client.post("/account/signin", json={"username": value, "password": "x"}, **kw)
    else:
        client.set_cookie(where.split()[1], value)
        r = client.get("/practice/")
    assert r.status_code == 400, r.status_code
    if where != "cookie lang":
        assert "cannot be stored" in r.get_data(as_text=True)


@FUZZ
@given(
    route=st.sampled_from(
        ["/account/signin", "/account/signup", "/lang", "/practice/hunan/print", "/quiz/hunan/"]
    ),
    fields=st.dictionaries(
        st.sampled_from(FIELDS),
        st.sampled_from(BAD_VALUES) | st.text(max_size=12),
        max_size=6,
    ),
    how=st.sampled_from(["query", "form", "json"]),
)
def test_bad_values_anywhere_in_a_request_are_never_a_5xx(app, route, fields, how):
    client = app.test_client()
    token = _token(client)
    headers = {"X-CSRFToken": token}
    if how == "query":
        r = client.get(route, query_string=fields)
    elif how == "form":
        r = client.post(route, data={"csrf_token": token, **fields})
    else:
        r = client.post(route, json=fields, headers=headers)
    event(f"{how} {r.status_code}")
    assert r.status_code < 500, r.status_code


@pytest.mark.app_config(PROPAGATE_EXCEPTIONS=False)
@pytest.mark.parametrize("kind", ["data", "integrity", "overflow", "psycopg"])
def test_a_data_error_that_reaches_the_database_is_a_400_logged_as_a_bug(
    app, client, monkeypatch, caplog, kind
):
    """Not an outage: no 503, the app still knows it is migrated, the log has the stack."""
    import logging

    from sqlalchemy.exc import DataError, IntegrityError

    from app.learning import paths

    class SqlState22(Exception):
        sqlstate = "22003"  # numeric_value_out_of_range, as psycopg raises it

    errors = {
        "data": DataError("SELECT", {}, Exception("bad")),
        "integrity": IntegrityError("INSERT", {}, Exception("bad")),
        "overflow": OverflowError("Python int too large to convert to SQLite INTEGER"),
        "psycopg": __import__("sqlalchemy.exc").exc.ProgrammingError("SELECT", {}, SqlState22()),
    }

    def bad(*args, **kwargs):
        raise errors[kind]

    assert client.get("/").status_code == 200
    assert app.config.get("_MIGRATED")
    monkeypatch.setattr(paths, "path_of", bad)
    with caplog.at_level(logging.ERROR):
        r = client.get("/lessons/", headers={"Accept-Language": "en"})
    assert r.status_code == 400
    assert app.config.get("_MIGRATED")  # not taken for an outage
    logged = [rec for rec in caplog.records if "bad data reached the database" in rec.getMessage()]
    assert logged and logged[0].exc_info and logged[0].levelno == logging.ERROR
    assert not [rec for rec in caplog.records if "unavailable" in rec.getMessage()]


@pytest.mark.parametrize("cookie", ["learner", "lang", "known", "session"])
def test_bad_values_in_cookies_are_never_a_5xx(app, cookie):
    """The visitor's profile, language, device and session cookies, each set to every bad
    value (and a long one): a page, a sign-in and an answer still answer below 500."""
    _ensure_user(app)
    for value in [*BAD_VALUES, "x" * 3000, "[1, 2]", '{"a": 1}']:
        client = app.test_client()
        client.set_cookie(cookie, value)
        codes = [client.get(url).status_code for url in ("/", "/practice/", "/progress/")]
        assert max(codes) < 500, (cookie, value, codes)
        if "\x00" in value:
            assert codes[0] == 400  # (the session cookie is then replaced by a good one)
            continue
        r = client.post(
            "/account/signin",
            data={"csrf_token": _token(client), "username": "meimei", "password": PASSWORD},
        )
        assert r.status_code < 500, (cookie, value, r.status_code)


@pytest.mark.app_config(WTF_CSRF_ENABLED=False, ANYONE_MAY_TEACH=True, PROPAGATE_EXCEPTIONS=False)
def test_dates_a_time_zone_cannot_move_are_refused_as_typed(app, caplog):
    """Year 1 or 9999 typed as a start, due date or extension used to overflow on the way
    to UTC (or on the page that shows it): now the form says which years it takes."""
    world, clients = _world_and_clients(app)
    owner, values = clients["owner"], world["values"]
    cid, aid, sid = values["cid"], values["aid"], world["people"]["student"].id
    base = {"game": "chuanpai", "title": "x", "pass_percent": "60"}
    for start, due in [
        ("0001-01-01T00:00", "2099-01-01T08:00"),
        ("2020-01-01T08:00", "9999-12-31T23:59"),
    ]:
        dates = {"starts_at": start, "due_at": due}
        for url in (f"/classes/{cid}/assignments/new", f"/classes/{cid}/assignments/{aid}/edit"):
            r = owner.post(url, data={**base, **dates})
            assert r.status_code == 422, (url, dates, r.status_code)
            assert "2000" in r.get_data(as_text=True)
    for until in ("9999-12-31T23:59", "0001-01-01T00:00"):
        r = owner.post(
            f"/classes/{cid}/assignments/{aid}/extensions",
            data={"student": str(sid), "until": until},
        )
        assert r.status_code == 422, (until, r.status_code)
    assert owner.get(f"/classes/{cid}/assignments/{aid}/").status_code == 200
    assert "bad data reached the database" not in caplog.text

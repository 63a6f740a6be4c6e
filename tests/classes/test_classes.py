"""Teachers and classes (issue 15): the services behind the pages, on SQLite and PostgreSQL.

One app and database per backend for the module (each test makes its own class and
accounts with fresh names), CSRF off: what is tested here is what the pages do. No app
context is held across requests (a request would share it, and ``g`` with it).
"""

from __future__ import annotations

import csv
import io
import re
import secrets
import uuid
from collections.abc import Iterator
from datetime import timedelta
from html import unescape as unescape_html
from typing import Any

import pytest
from classes_help import PASSWORD, form_of, library_positions, make_user, right_answer, wrong_answer
from conftest import BACKENDS, _setup_db, _teardown_db, make_test_app
from flask import Flask
from flask.testing import FlaskClient

from app.classes import accounts
from app.classes.models import (
    Assignment,
    AssignmentItem,
    ClassStudent,
    Invitation,
    SchoolClass,
    StudentAccount,
)
from app.extensions import db
from app.learning import bank, clock, record
from app.learning.models import Position
from app.models import QuickCode, User

FAR = "2099-01-01T08:00"
PAST = "2020-01-01T08:00"


@pytest.fixture(scope="module", params=BACKENDS)
def capp(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Flask]:
    tmp = tmp_path_factory.mktemp("classes")
    if request.param == "sqlite":
        url = f"sqlite:///{tmp / 'classes.sqlite3'}"
    else:
        url = request.getfixturevalue("pg_server_url")
    application = make_test_app(url, tmp / "instance", WTF_CSRF_ENABLED=False)
    _setup_db(application)
    with application.app_context():
        library_positions("chuanpai", "waits", 3)
    yield application
    _teardown_db(application)


@pytest.fixture
def ctx(capp: Flask) -> Iterator[Flask]:
    yield capp
    capp.config.pop("NOW", None)
    capp.config["ANYONE_MAY_TEACH"] = False


def fresh(prefix: str = "u") -> str:
    return prefix + uuid.uuid4().hex[:8]


def read(app: Flask, fn: Any) -> Any:
    """``fn()`` in an app context of its own (a query, returning plain values)."""
    with app.app_context():
        return fn()


def user_id(app: Flask, username: str) -> int:
    return int(
        read(app, lambda: db.session.scalar(db.select(User.id).filter_by(username=username)))
    )


def signed_in(app: Flask, username: str, password: str = PASSWORD) -> FlaskClient:
    client = app.test_client()
    r = client.post("/account/signin", data={"username": username, "password": password})
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    return client


def text(resp: Any) -> str:
    return str(resp.get_data(as_text=True))


def teacher(app: Flask) -> tuple[Any, FlaskClient]:
    t = make_user(app, fresh("t"), "teacher")
    return t, signed_in(app, t.username)


def new_class(client: FlaskClient, title: str = "三年级二班") -> int:
    r = client.post("/classes/new", data={"name": title})
    assert r.status_code == 303
    return int(re.search(r"/classes/(\d+)/", r.headers["Location"]).group(1))  # type: ignore[union-attr]


def make_students(client: FlaskClient, cid: int, names: list[str]) -> list[tuple[str, str]]:
    prefix = "k" + uuid.uuid4().hex[:6]
    r = client.post(
        f"/classes/{cid}/students/new", data={"names": "\n".join(names), "prefix": prefix}
    )
    assert r.status_code == 200, text(r)[:800]
    body = text(r)
    users = re.findall(r'card-username">([^<]+)<', body)
    passwords = re.findall(r'card-password">([^<]+)<', body)
    return list(zip(users, passwords, strict=True))


def assign(client: FlaskClient, cid: int, **fields: Any) -> int:
    data: dict[str, Any] = {
        "game": "chuanpai",
        "title": "作业",
        "starts_at": PAST,
        "due_at": FAR,
        "pass_percent": "60",
    }
    data.update(fields)
    r = client.post(f"/classes/{cid}/assignments/new", data=data)
    assert r.status_code == 303, text(r)[:2000]
    return int(re.search(r"/assignments/(\d+)/", r.headers["Location"]).group(1))  # type: ignore[union-attr]


def positions(app: Flask, n: int) -> list[str]:
    def ids() -> list[str]:
        q = db.select(Position.id).filter_by(game="chuanpai", theme="waits", source="library")
        return [str(i) for i in db.session.scalars(q.order_by(Position.id)).all()[:n]]

    return list(read(app, ids))


def items(app: Flask, aid: int) -> list[tuple[str, str]]:
    """(key, exercise id) of the assignment's items, in order."""

    def rows() -> list[tuple[str, str]]:
        q = db.select(AssignmentItem).filter_by(assignment_id=aid)
        return [
            (i.key, i.exercise_id) for i in db.session.scalars(q.order_by(AssignmentItem.position))
        ]

    return list(read(app, rows))


def answer(app: Flask, client: FlaskClient, aid: int, item: tuple[str, str], given: str) -> Any:
    """Answer with the page's token; where the page has no form (an exam item answered,
    an exam closed), with a token made as the page would."""
    key, eid = item
    page = client.get(f"/assignments/{aid}/{key}")
    assert page.status_code == 200, text(page)[:500]
    found = re.search(r'name="token" value="([^"]+)"', text(page))
    ex = bank.get(eid)
    assert ex is not None
    if found:
        token = found.group(1)
    else:

        def made() -> str:
            a = db.session.get(Assignment, aid)
            return record.issue_token(ex, a.context, a.ref, key=key)

        token = read(app, made)
    data = form_of(ex, given)
    data["token"] = token
    return client.post(f"/assignments/{aid}/{key}/answer", data=data)


def rows_of(body: str) -> list[dict[str, str]]:
    """The CSV's rows; a column named by an item (``3 Which card…: attempts``) or a deal
    (``deal The same deal…: done``) is also under ``3_attempts`` or ``deal_done``, and a
    time column (``due (Asia/Shanghai)``) also under its name alone."""
    rows = list(csv.DictReader(io.StringIO(body.lstrip("\ufeff"))))
    for row in rows:
        for key, value in list(row.items()):
            named = re.fullmatch(r"(\d+|deal) .*?: (\w+)(?: \(.*\))?", key)
            if named:
                row[f"{named.group(1)}_{named.group(2)}"] = value
            zoned = re.fullmatch(r"(\w+) \([\w/+-]+\)", key)
            if zoned:
                row[zoned.group(1)] = value
    return rows


# -- accounts ---------------------------------------------------------------------------


def test_thirty_accounts_with_typable_names_and_passwords_sign_in(ctx):
    """(How fast: ``benchmarks/accounts.py``.)"""
    _t, client = teacher(ctx)
    cid = new_class(client)
    made = make_students(client, cid, [f"学生{i}" for i in range(30)])
    assert len(made) == 30 and len({u for u, _p in made}) == 30
    syllable = "(?:[bdfghjkmnprstwz][aeiou])"
    for username, password in made:
        assert re.fullmatch(r"k[0-9a-f]{6}\d{2}", username)
        assert re.fullmatch(rf"({syllable}{{2}}-){{2}}{syllable}{{2}}", password)

    def stored() -> tuple[str, bool, str]:
        u = db.session.scalar(db.select(User).filter_by(username=made[0][0]))
        row = db.session.scalar(db.select(ClassStudent).filter_by(user_id=u.id))
        return u.password_hash, db.session.get(StudentAccount, u.id) is not None, row.real_name

    hashed, managed, real = read(ctx, stored)
    assert hashed.startswith(accounts.HASH_METHOD + "$") and managed and real == "学生0"
    signed_in(ctx, *made[0])  # the card works on the ordinary sign-in page


def test_a_class_holds_at_most_a_hundred_and_nothing_is_half_made(ctx):
    _t, client = teacher(ctx)
    cid = new_class(client)
    make_students(client, cid, [f"s{i}" for i in range(99)])
    prefix = "zz" + uuid.uuid4().hex[:4]
    r = client.post(f"/classes/{cid}/students/new", data={"names": "a\nb", "prefix": prefix})
    assert r.status_code == 422
    assert "a\nb" in text(r)  # what was typed is kept
    count = read(ctx, lambda: accounts.students_count(db.session.get(SchoolClass, cid)))
    assert count == 99
    assert read(ctx, lambda: accounts.free_usernames(prefix, 1)) == [f"{prefix}01"]
    r = client.post(f"/classes/{cid}/students/new", data={"names": "", "prefix": "Bad Prefix"})
    assert r.status_code == 422 and "bad prefix" in text(r)  # kept (in lower case)


def test_the_teacher_resets_a_password_and_the_old_one_and_its_sessions_end(ctx):
    _t, client = teacher(ctx)
    cid = new_class(client)
    ((username, old),) = make_students(client, cid, ["小明"])
    student = signed_in(ctx, username, old)
    uid = user_id(ctx, username)
    assert client.post(f"/classes/{cid}/students/{uid}/password", data={}).status_code == 422
    signed_in(ctx, username, old)  # not confirmed: nothing changed
    r = client.post(f"/classes/{cid}/students/{uid}/password", data={"confirm": "y"})
    assert r.status_code == 200
    new = re.search(r'card-password">([^<]+)<', text(r)).group(1)  # type: ignore[union-attr]
    assert new != old
    assert student.get("/account/").status_code == 302  # that session has ended
    bad = ctx.test_client().post("/account/signin", data={"username": username, "password": old})
    assert bad.status_code == 422
    signed_in(ctx, username, new)


def test_a_quick_login_code_works_once_and_expires(ctx):
    _t, client = teacher(ctx)
    cid = new_class(client)
    (username, _pw), (other, _pw2) = make_students(client, cid, ["甲", "乙"])
    ids = [str(user_id(ctx, u)) for u in (username, other)]
    r = client.post(f"/classes/{cid}/cards", data={"student": ids, "what": "code", "minutes": "15"})
    assert r.status_code == 200
    codes = re.findall(r'card-code">([^<]+)<', text(r))
    assert len(codes) == 2 and all(re.fullmatch(r"[A-Z2-9]{3}-[A-Z2-9]{3}", c) for c in codes)
    digest = read(ctx, lambda: db.session.scalar(db.select(QuickCode.digest)))
    assert digest not in codes  # kept as a digest only
    kid = ctx.test_client()
    assert (
        kid.post("/classes/signin", data={"code": codes[0].lower().replace("-", " ")}).status_code
        == 303
    )
    assert username in text(kid.get("/assignments/"))
    again = ctx.test_client().post("/classes/signin", data={"code": codes[0]})
    assert again.status_code == 422  # used up
    ctx.config["NOW"] = read(ctx, clock.now) + timedelta(minutes=16)
    late = ctx.test_client().post("/classes/signin", data={"code": codes[1]})
    assert late.status_code == 422 and codes[1] in text(late)  # expired; the input is kept
    r = client.post(f"/classes/{cid}/cards", data={"what": "code", "minutes": "15"})
    assert r.status_code == 422  # nobody ticked


def invitation_of(app: Flask, cid: int, uid: int) -> int:
    def newest() -> int:
        q = db.select(Invitation.id).filter_by(class_id=cid, user_id=uid)
        return int(db.session.scalar(q.order_by(Invitation.id.desc()).limit(1)))

    return int(read(app, newest))


def co_teach(app: Flask, owner: FlaskClient, cid: int, co: Any, co_client: FlaskClient) -> None:
    """The owner invites ``co``, who accepts on their classes page."""
    r = owner.post(f"/classes/{cid}/teachers", data={"username": co.username})
    assert r.status_code == 303
    iid = invitation_of(app, cid, co.id)
    assert f"/classes/invitations/{iid}" in text(co_client.get("/classes/"))
    r = co_client.post(f"/classes/invitations/{iid}", data={"action": "accept"})
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/classes/{cid}/")


def test_teachers_manage_only_accounts_made_by_a_teacher_of_the_class(ctx):
    owner, client = teacher(ctx)
    cid = new_class(client)
    ((username, _pw),) = make_students(client, cid, ["丙"])
    co, co_client = teacher(ctx)
    co_teach(ctx, client, cid, co, co_client)
    kid = user_id(ctx, username)
    own = make_user(ctx, fresh("own"))

    def enrol() -> None:
        db.session.add(ClassStudent(class_id=cid, user_id=own.id, real_name="自己", note=""))
        db.session.commit()

    read(ctx, enrol)
    confirm = {"confirm": "y"}
    # the co-teacher may reset the owner's student's password; nobody may reset an own account
    assert (
        co_client.post(f"/classes/{cid}/students/{kid}/password", data=confirm).status_code == 200
    )
    assert (
        client.post(f"/classes/{cid}/students/{own.id}/password", data=confirm).status_code == 403
    )
    # a co-teacher does not add teachers; another teacher does not see the class at all
    assert co_client.post(f"/classes/{cid}/teachers", data={"username": "x"}).status_code == 403
    _other, other_client = teacher(ctx)
    assert other_client.get(f"/classes/{cid}/").status_code == 404
    assert (
        other_client.post(f"/classes/{cid}/students/{kid}/password", data=confirm).status_code
        == 404
    )
    r = client.post(f"/classes/{cid}/teachers", data={"username": own.username})
    assert r.status_code == 422  # a learner is not a teacher


def test_joining_by_code_archiving_and_restoring(ctx):
    _t, client = teacher(ctx)
    cid = new_class(client, "Club")
    code = read(ctx, lambda: db.session.get(SchoolClass, cid).join_code)
    me = make_user(ctx, fresh("me"))
    learner = signed_in(ctx, me.username)
    assert learner.post("/classes/join", data={"code": "XXXX-XXXX"}).status_code == 422
    page = learner.get(f"/classes/join/{code}")
    assert page.status_code == 200 and "Club" in text(page)
    r = learner.post("/classes/join", data={"code": code.lower(), "real_name": "王小明"})
    assert r.status_code == 303
    real = read(
        ctx,
        lambda: db.session.scalar(
            db.select(ClassStudent.real_name).filter_by(class_id=cid, user_id=me.id)
        ),
    )
    assert real == "王小明"
    assert learner.post("/classes/join", data={"code": code}).status_code == 422  # in already
    aid = assign(client, cid, position=positions(ctx, 1))
    assert learner.get(f"/assignments/{aid}/").status_code == 200
    assert "王小明" not in text(learner.get(f"/assignments/{aid}/"))  # teachers only
    assert client.post(f"/classes/{cid}/archive", data={}).status_code == 400  # say which
    assert client.post(f"/classes/{cid}/archive", data={"action": "archive"}).status_code == 303
    assert learner.get(f"/assignments/{aid}/").status_code == 404
    assert ctx.test_client().get(f"/classes/join/{code}").status_code == 404
    assert client.get(f"/classes/{cid}/").status_code == 200  # the teacher still sees it
    assert client.post(f"/classes/{cid}/archive", data={"action": "restore"}).status_code == 303
    assert learner.get(f"/assignments/{aid}/").status_code == 200
    client.post(f"/classes/{cid}/join-code", data={"action": "close"})
    other = signed_in(ctx, make_user(ctx, fresh("x")).username)
    assert other.post("/classes/join", data={"code": code}).status_code == 422


# -- assignments and dashboards -----------------------------------------------------------


def test_one_mistake_shows_in_the_grid_the_item_the_history_and_the_csv(ctx):
    _t, client = teacher(ctx)
    cid = new_class(client)
    (username, password), _second = make_students(client, cid, ["李雷", "韩梅梅"])
    aid = assign(
        client, cid, title="第一周", position=positions(ctx, 2), quiz_unit="all", quiz_count="2"
    )
    its = items(ctx, aid)
    assert len(its) == 4
    assert its[0][1].startswith("pos:waits:")
    assert its[2][1].startswith(("gen:chuanpai:", "quiz.chuanpai."))  # authored first
    student = signed_in(ctx, username, password)
    assert "第一周" in text(student.get("/", headers={"Accept-Language": "zh"}))  # home page
    exs = [bank.get(eid) for _k, eid in its]
    wrong = wrong_answer(exs[0])
    assert answer(ctx, student, aid, its[0], wrong).status_code == 303
    for it, ex in zip(its, exs, strict=True):
        assert answer(ctx, student, aid, it, right_answer(ex)).status_code == 303

    from app.learning.judge import judge

    verdict = judge(exs[0], wrong)
    assert verdict.misconception is not None
    code = verdict.misconception.code
    # the mistake as a sentence in the teacher's language, never its code
    grid = text(client.get(f"/classes/{cid}/assignments/{aid}/"))
    with ctx.test_request_context(headers={"Accept-Language": "zh"}):
        from app.ui.stored import reason_line

        said = unescape_html(
            reason_line(exs[0], "chuanpai", code, verdict.misconception.params, "zh")
        )
    assert "75%" in grid and said in unescape_html(grid)  # 3 of 4 right at once; the mistake
    report = text(client.get(f"/classes/{cid}/assignments/{aid}/items/{its[0][0]}"))
    assert said in unescape_html(report) and "李雷" in report
    uid = user_id(ctx, username)
    history = text(client.get(f"/classes/{cid}/students/{uid}"))
    assert said in unescape_html(history)
    assert all(code not in page for page in (grid, report, history))

    rows = rows_of(text(client.get(f"/classes/{cid}/export.csv")))
    mine = [r for r in rows if r["username"] == username]
    assert len(mine) == 5
    assert mine[0]["answer"] == verdict.answer and mine[0]["correct"] == "0"
    assert mine[0]["misconception"] == code and mine[0]["real_name"] == "李雷"
    grid_rows = rows_of(text(client.get(f"/classes/{cid}/assignments/{aid}/export.csv")))
    me = next(r for r in grid_rows if r["username"] == username)
    assert me["score_percent"] == "75" and me["passed"] == "1" and me["1_attempts"] == "2"
    assert me["1_stars"] == "2" and me["2_stars"] == "3"
    other = next(r for r in grid_rows if r["username"] != username)
    assert other["done"] == "0" and other["1_first_right"] == ""


#: what a teacher's page or the CSV's text columns must never show of a stored answer
RAW_ANSWER = re.compile(
    r"chi x8|'chi|\bmc-[a-z]|[：:]\s*(?:true|false)\b|判断是：(?:true|false)|对：对|错：错|\{[a-z_]+\}"
)


def _visible(html: str) -> str:
    body = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    return unescape_html(re.sub(r"<[^>]+>", "\n", body))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_answers_stored_before_read_as_sentences_on_every_teacher_page_and_the_csv(ctx, lang):
    """Rows of the old shape (a move in notation, a raw truth, a retired code, a
    sentence's parameter missing) read as sentences in the teacher's language on the
    grid, the item's report, the student's history and the class's CSV."""
    from app.learning.models import Attempt
    from app.models import LearnerProfile

    t, client = teacher(ctx)
    cid = new_class(client)
    ((username, password),) = make_students(client, cid, ["王芳"])
    aid = assign(client, cid, game="hunan", title="旧答案", quiz_unit="all", quiz_count="3")
    its = items(ctx, aid)
    exs = [bank.get(eid) for _k, eid in its]
    student = signed_in(ctx, username, password)
    assert answer(ctx, student, aid, its[-1], right_answer(exs[-1])).status_code == 303
    old = [
        ("mc-illegal-action", {"action": "chi x8 x8 x9"}),
        ("mc-wrong-truth", {"truth": "true"}),
        ("mc-retired-code-never-made", {"card": "x3"}),
        ("mc-count-high", {}),
    ]
    uid = user_id(ctx, username)

    def insert() -> None:
        a = db.session.get(Assignment, aid)
        pid = db.session.scalar(db.select(LearnerProfile.id).filter_by(user_id=uid))
        for n, (code, params) in enumerate(old):
            ex = exs[n % len(exs)]
            db.session.add(
                Attempt(
                    profile_id=pid,
                    exercise_id=ex.id,
                    game="hunan",
                    context=a.context,
                    context_ref=a.ref,
                    answer=wrong_answer(ex),
                    correct=False,
                    misconception=code,
                    params=params,
                    hints=0,
                    shown=False,
                    time_ms=1000,
                    nonce=secrets.token_urlsafe(12),
                    created_at=clock.now(),
                )
            )
        db.session.get(User, t.id).locale = lang
        db.session.commit()

    read(ctx, insert)
    pages = {
        "grid": f"/classes/{cid}/assignments/{aid}/",
        "item": f"/classes/{cid}/assignments/{aid}/items/{its[0][0]}",
        "history": f"/classes/{cid}/students/{uid}",
    }
    for name, url in pages.items():
        html = text(client.get(url))
        shown = _visible(html)
        assert not RAW_ANSWER.findall(shown), (name, RAW_ANSWER.findall(shown))
        assert ("这里不能" in shown) == (lang == "zh"), name
    rows = [r for r in rows_of(text(client.get(f"/classes/{cid}/export.csv")))]
    mine = [r for r in rows if r["username"] == username]
    assert len(mine) == len(old) + 1
    for r in mine:
        cells = r["answer_words"] + "\n" + r["misconception_text"]
        assert not RAW_ANSWER.findall(cells), r
        if r["correct"] == "0":
            assert r["misconception_text"] and r["misconception_text"] != r["answer_words"]
    assert {r["misconception"] for r in mine} >= {c for c, _p in old}  # the codes, as stored


def test_an_exam_hides_ids_hints_and_results_until_the_last_extension_ends(ctx):
    _t, client = teacher(ctx)
    cid = new_class(client)
    (u1, p1), (u2, p2) = make_students(client, cid, ["一", "二"])
    now = read(ctx, clock.now)
    due = now + timedelta(hours=1)
    local = timedelta(hours=8)  # the teacher types times in Asia/Shanghai
    aid = assign(
        client,
        cid,
        title="考试",
        exam="y",
        position=positions(ctx, 2),
        starts_at=(now - timedelta(hours=2) + local).strftime("%Y-%m-%dT%H:%M"),
        due_at=(due + local).strftime("%Y-%m-%dT%H:%M"),
    )
    stored = read(ctx, lambda: db.session.get(Assignment, aid).due_at)
    assert abs((stored - due).total_seconds()) < 120
    later = (due + timedelta(days=1) + local).strftime("%Y-%m-%dT%H:%M")
    ext = {"student": user_id(ctx, u2), "until": later}
    assert client.post(f"/classes/{cid}/assignments/{aid}/extensions", data=ext).status_code == 303
    its = items(ctx, aid)
    ex = bank.get(its[0][1])
    s1 = signed_in(ctx, u1, p1)
    page = text(s1.get(f"/assignments/{aid}/{its[0][0]}"))
    assert ex.setup.position not in page and its[0][1] not in page  # opaque ids only
    assert "hint-form" not in page
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    assert s1.post(f"/assignments/{aid}/{its[0][0]}/hint", data={"token": token}).status_code == 404
    assert answer(ctx, s1, aid, its[0], wrong_answer(ex)).status_code == 303
    assert "answer-form" not in text(s1.get(f"/assignments/{aid}/{its[0][0]}"))
    assert answer(ctx, s1, aid, its[0], right_answer(ex)).status_code == 422  # one answer
    en = {"Accept-Language": "en"}
    assert "Your results" not in text(s1.get(f"/assignments/{aid}/", headers=en))
    # the first student's time is up; the second has a day more: no results yet
    ctx.config["NOW"] = due + timedelta(minutes=5)
    ex2 = bank.get(its[1][1])
    assert answer(ctx, s1, aid, its[1], right_answer(ex2)).status_code == 422  # closed
    s2 = signed_in(ctx, u2, p2)
    assert answer(ctx, s2, aid, its[1], right_answer(ex2)).status_code == 303
    assert "Your results" not in text(s1.get(f"/assignments/{aid}/", headers=en))
    ctx.config["NOW"] = due + timedelta(days=1, minutes=5)
    results = text(s1.get(f"/assignments/{aid}/", headers=en))
    assert "Your results" in results and "Score: 0%" in results
    grid = rows_of(text(client.get(f"/classes/{cid}/assignments/{aid}/export.csv")))
    first = next(r for r in grid if r["username"] == u1)
    assert first["1_attempts"] == "1" and first["1_first_right"] == "0"
    assert first["2_attempts"] == "0"


def test_the_new_assignment_form_keeps_what_was_picked(ctx):
    _t, client = teacher(ctx)
    cid = new_class(client)
    picked = positions(ctx, 2)
    bad = {
        "game": "chuanpai",
        "title": "",
        "starts_at": PAST,
        "due_at": PAST,
        "pass_percent": "150",
        "position": picked,
        "codes": "nonsense",
    }
    r = client.post(f"/classes/{cid}/assignments/new", data=bad)
    assert r.status_code == 422
    body = text(r)
    assert body.count(" checked") >= 2 and "nonsense" in body
    nothing = {
        **bad,
        "title": "x",
        "due_at": FAR,
        "pass_percent": "50",
        "position": [],
        "codes": "",
    }
    assert client.post(f"/classes/{cid}/assignments/new", data=nothing).status_code == 422
    count = read(
        ctx,
        lambda: db.session.scalar(db.select(db.func.count(Assignment.id)).filter_by(class_id=cid)),
    )
    assert count == 0


def test_pasted_position_links_are_assigned_once(ctx):
    _t, client = teacher(ctx)
    cid = new_class(client)
    pid = int(positions(ctx, 1)[0])
    theme, seat, code = read(
        ctx, lambda: (lambda p: (p.theme, p.seat, p.code))(db.session.get(Position, pid))
    )
    link = f"http://localhost/practice/chuanpai/p/{theme}/{seat}/{code}"
    aid = assign(client, cid, codes=f"{link}\n{theme}:{seat}:{code}\n")
    assert [eid for _k, eid in items(ctx, aid)] == [f"pos:{theme}:{seat}:{code}"]


def test_csv_cells_cannot_start_a_formula():
    from app.classes.results import _csv

    out = _csv(["a", "b"], [["=cmd()", "-1"], ["+x", "@y"], ["-1+2", "2.5"], ["\tz", "-0.25"]])
    assert "'=cmd()" in out and "'+x" in out and "'@y" in out and "'-1+2" in out
    assert "'\tz" in out
    lines = out.lstrip("\ufeff").splitlines()
    assert lines[1] == "'=cmd(),-1"  # a plain number stays a number
    assert lines[3].endswith(",2.5") and lines[4].endswith(",-0.25")


# -- roles --------------------------------------------------------------------------------


def test_admins_grant_roles_and_keep_at_least_one_admin(ctx):
    admin = make_user(ctx, fresh("a"), "admin")
    client = signed_in(ctx, admin.username)
    learner = make_user(ctx, fresh("l"))
    assert client.get("/admin/roles").status_code == 200
    assert client.post(f"/admin/roles/{learner.id}", data={"role": "teacher"}).status_code == 303
    assert read(ctx, lambda: db.session.get(User, learner.id).role) == "teacher"
    assert signed_in(ctx, learner.username).get("/admin/roles").status_code == 404

    def only_admin() -> None:
        for u in db.session.scalars(db.select(User).filter(User.role == "admin")).all():
            u.role = "admin" if u.id == admin.id else "learner"
        db.session.commit()

    read(ctx, only_admin)
    assert client.post(f"/admin/roles/{admin.id}", data={"role": "learner"}).status_code == 422
    assert client.post(f"/admin/roles/{learner.id}", data={"role": "boss"}).status_code == 422


@pytest.mark.app_config(
    RATELIMIT_ENABLED=True, CODE_RATE_LIMIT="3 per minute", WTF_CSRF_ENABLED=False
)
def test_guessing_codes_stops_per_address(app):
    """Wrong codes have a counter of their own (before, the sign-in form's): the hard
    per-address limit stays, and a mistyped code no longer counts as a wrong password."""
    from app.extensions import limiter

    limiter.reset()
    try:
        guesser = app.test_client()
        guesser.environ_base["REMOTE_ADDR"] = "192.0.2.9"
        tries = [guesser.post("/classes/signin", data={"code": "AAAAAA"}) for _ in range(4)]
        assert [r.status_code for r in tries] == [422, 422, 422, 429]
        assert guesser.get("/classes/join/AAAAAAAA").status_code == 429  # join links too
        wrong = {"username": "nobody", "password": "x"}
        assert guesser.post("/account/signin", data=wrong).status_code == 422
        other = app.test_client()
        other.environ_base["REMOTE_ADDR"] = "192.0.2.10"
        assert other.post("/classes/signin", data={"code": "AAAAAA"}).status_code == 422
    finally:
        limiter.reset()


@pytest.mark.app_config(
    RATELIMIT_ENABLED=True, CODE_SITE_RATE_LIMIT="4 per minute", WTF_CSRF_ENABLED=False
)
def test_guessing_codes_from_many_addresses_stops_on_the_whole_site(app):
    from app.extensions import limiter

    limiter.reset()
    try:
        codes = []
        for i in range(6):
            guesser = app.test_client()
            guesser.environ_base["REMOTE_ADDR"] = f"198.51.100.{i}"
            if i % 2:
                codes.append(guesser.get(f"/classes/join/AAAAAA{i}{i}").status_code)
            else:
                codes.append(guesser.post("/classes/signin", data={"code": "AAAAAA"}).status_code)
        assert codes == [422, 404, 422, 404, 429, 429]
    finally:
        limiter.reset()


@pytest.mark.parametrize("setting", [False, True])
def test_a_setting_lets_any_own_account_become_a_teacher(ctx, setting):
    ctx.config["ANYONE_MAY_TEACH"] = setting
    learner = make_user(ctx, fresh("l"))
    client = signed_in(ctx, learner.username)
    assert client.post("/classes/teach").status_code == (303 if setting else 404)
    assert read(ctx, lambda: db.session.get(User, learner.id).has_role("teacher")) is setting
    _t, tclient = teacher(ctx)
    ((kid, pw),) = make_students(tclient, new_class(tclient), ["丁"])
    assert signed_in(ctx, kid, pw).post("/classes/teach").status_code == 404


def test_create_admin_from_the_command_line(ctx):
    runner = ctx.test_cli_runner()
    new = fresh("root")
    r = runner.invoke(
        args=["user", "create-admin", new], input="long-cards-admin-9\nlong-cards-admin-9\n"
    )
    assert r.exit_code == 0, r.output

    def made() -> tuple[str, bool]:
        u = db.session.scalar(db.select(User).filter_by(username=new))
        return u.role, u.check_password("long-cards-admin-9")

    assert read(ctx, made) == ("admin", True)
    existing = make_user(ctx, fresh("e"))
    r = runner.invoke(args=["user", "create-admin", existing.username])
    assert r.exit_code == 0 and "now an admin" in r.output
    r = runner.invoke(args=["user", "create-admin", fresh("w"), "--password", "123456"])
    assert r.exit_code == 1


def test_pages_in_both_languages(ctx):
    _t, client = teacher(ctx)
    cid = new_class(client)
    pages = (f"/classes/{cid}/", f"/classes/{cid}/students/new", "/assignments/", "/classes/")
    for lang, words in (("en", "Make student accounts"), ("zh", "建学生账号")):
        client.set_cookie("lang", lang)
        for url in pages:
            body = text(client.get(url))
            assert 'action="/lang"' in body and f'name="next" value="{url}"' in body
        assert words in text(client.get(f"/classes/{cid}/"))
    # a page drawn by a POST switches language too: the GET lands on the form's page
    assert client.post(f"/classes/{cid}/edit", data={"name": ""}).status_code == 422
    r = client.post("/lang", data={"lang": "en", "next": f"/classes/{cid}/edit"})
    assert r.headers["Location"] == f"/classes/{cid}/edit"
    r = client.get(f"/classes/{cid}/edit")
    assert r.status_code == 303 and r.headers["Location"] == f"/classes/{cid}/"
    r = client.get(f"/classes/{cid}/students/12345/password")
    assert r.headers["Location"] == f"/classes/{cid}/students/12345"
    assert client.get(f"/classes/{cid}/students/12345").status_code == 404


def test_lessons_worksheets_and_a_teachers_own_positions_can_be_assigned(ctx, monkeypatch):
    import random

    from app.learning import lessons, practice
    from app.learning.exercise import Text

    ex = bank.get("gen:chuanpai:count-hand:5")
    step = lessons.Step("l-test", "s1", 0, "exercise", None, None, None, (), None, ex, None)
    title = Text("测试课", "A test lesson")
    lesson = lessons.Lesson("l-test", "chuanpai", 1, "basics", title, title, (step,), "x")
    monkeypatch.setattr(lessons, "all_lessons", lambda: {"l-test": lesson})
    me, client = teacher(ctx)
    _other, other_client = teacher(ctx)

    def own() -> int:  # a position of the teacher's own (the position editor makes these)
        code, seat = practice.fresh("chuanpai", "waits", random.Random(99), deals=3)
        row = practice.position_row("chuanpai", "waits", seat, code, 1500.0, "author", me.id)
        db.session.commit()
        return int(row.id)

    mine = read(ctx, own)
    cid = new_class(client)
    form = text(client.get(f"/classes/{cid}/assignments/new?game=chuanpai"))
    assert "测试课" in form and f'value="{mine}"' in form
    other_cid = new_class(other_client)
    other_form = text(other_client.get(f"/classes/{other_cid}/assignments/new?game=chuanpai"))
    assert f'value="{mine}"' not in other_form
    stolen = {"title": "x", "starts_at": PAST, "due_at": FAR, "pass_percent": "5"}
    r = other_client.post(
        f"/classes/{other_cid}/assignments/new",
        data={"game": "chuanpai", **stolen, "position": [str(mine)]},
    )
    assert r.status_code == 422  # not theirs: nothing picked
    aid = assign(
        client,
        cid,
        lesson="l-test",
        position=[str(mine)],
        ws_theme="waits",
        ws_min="1000",
        ws_max="2000",
        ws_count="2",
    )
    made = [eid for _k, eid in items(ctx, aid)]
    assert made[0] == ex.id and len(made) == 4
    assert all(e.startswith("pos:waits:") for e in made[1:])
    page = text(client.get(f"/classes/{cid}/assignments/{aid}/"))
    assert "/practice/chuanpai/print?" in page  # the worksheet prints as assigned
    empty = {"game": "chuanpai", **stolen, "ws_theme": "waits", "ws_min": "3000", "ws_max": "4000"}
    assert client.post(f"/classes/{cid}/assignments/new", data=empty).status_code == 422
    ((kid, pw),) = make_students(client, cid, ["戊"])
    overview = text(signed_in(ctx, kid, pw).get(f"/assignments/{aid}/"))
    assert "/lessons/chuanpai/l-test/" in overview  # read the lesson first

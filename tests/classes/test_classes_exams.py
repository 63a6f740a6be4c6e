"""Exams that hold (issue 33) and accounts managed by their maker (issue 34, point 1), on
SQLite and PostgreSQL: an assignment's token works through its own route only, one
answer per exam item kept by the database under a real race, item keys no one can look
up, exams of positions made for each student, a revealed answer counted as not right,
assigned deals private until due, and co-teaching by invitation."""

from __future__ import annotations

import contextlib
import hashlib
import re
import threading
from datetime import timedelta
from typing import Any

from classes_help import form_of, make_user, right_answer, wrong_answer
from itsdangerous import URLSafeTimedSerializer
from test_classes import (  # noqa: F401  (helpers shared with the classes tests)
    PAST,
    answer,
    assign,
    capp,  # noqa: F401  (the classes tests' app, as a fixture here)
    co_teach,
    ctx,  # noqa: F401  (the fixture)
    fresh,
    invitation_of,
    items,
    make_students,
    new_class,
    positions,
    read,
    rows_of,
    signed_in,
    teacher,
    text,
    user_id,
)
from test_play import play_out

from app.classes.models import (
    AccountEvent,
    Assignment,
    AssignmentItem,
    AssignmentPart,
    OwnPosition,
    SchoolClass,
)
from app.extensions import db
from app.learning import bank, clock, record, skills
from app.learning.models import Attempt, ExerciseState, PlayDeal
from app.models import LearnerProfile

EN = {"Accept-Language": "en"}


def _attempts(app: Any, username: str, ref: str | None = None) -> list[Any]:
    def rows() -> list[Any]:
        q = (
            db.select(Attempt.exercise_id, Attempt.context, Attempt.correct, Attempt.shown)
            .join(LearnerProfile, LearnerProfile.id == Attempt.profile_id)
            .where(LearnerProfile.user_id == user_id(app, username))
        )
        if ref is not None:
            q = q.where(Attempt.context_ref == ref)
        return list(db.session.execute(q).all())

    return list(read(app, rows))


def _ref(app: Any, aid: int) -> str:
    return str(read(app, lambda: db.session.get(Assignment, aid).ref))


def _token(body: str) -> str:
    found = re.search(r'name="token" value="([^"]+)"', body)
    assert found, body[-1500:]
    return found.group(1)


def _exam(client: Any, cid: int, hours: float = 1, **fields: Any) -> tuple[int, Any]:
    now = read(client.application, clock.now)
    local = timedelta(hours=8)  # the teacher types times in Asia/Shanghai
    due = now + timedelta(hours=hours)
    aid = assign(
        client,
        cid,
        title="考试",
        exam="y",
        starts_at=(now - timedelta(hours=2) + local).strftime("%Y-%m-%dT%H:%M"),
        due_at=(due + local).strftime("%Y-%m-%dT%H:%M"),
        **fields,
    )
    return aid, due


# -- 1. answers only through the assignment ----------------------------------------------


def test_a_kept_exam_token_is_refused_by_the_public_route(ctx):  # noqa: F811
    _t, client = teacher(ctx)
    cid = new_class(client)
    ((u1, p1),) = make_students(client, cid, ["一"])
    aid, due = _exam(client, cid, position=positions(ctx, 2))
    its = items(ctx, aid)
    s1 = signed_in(ctx, u1, p1)
    tokens = [_token(text(s1.get(f"/assignments/{aid}/{key}"))) for key, _eid in its]
    ex = bank.get(its[0][1])
    # before the deadline: the public route does not take the exam's token
    data = form_of(ex, right_answer(ex))
    data["token"] = tokens[0]
    r = s1.post(f"/exercises/{its[0][1]}/answer", data=data)
    assert r.status_code == 422
    assert _attempts(ctx, u1) == []
    # the exam's own route takes one answer, wrong
    assert answer(ctx, s1, aid, its[0], wrong_answer(ex)).status_code == 303
    # a second answer through the public route, with a token kept from before: refused
    spare = _token(text(s1.get(f"/assignments/{aid}/{its[1][0]}")))
    for token in (tokens[1], spare):
        data = form_of(ex, right_answer(ex))
        data["token"] = token
        assert s1.post(f"/exercises/{its[0][1]}/answer", data=data).status_code == 422
    # after the deadline, with the right answers shown to the class: still refused
    ctx.config["NOW"] = due + timedelta(minutes=5)
    assert "Your results" in text(s1.get(f"/assignments/{aid}/", headers=EN))
    for token, (_key, eid) in zip(tokens, its, strict=True):
        e = bank.get(eid)
        data = form_of(e, right_answer(e))
        data["token"] = token
        assert s1.post(f"/exercises/{eid}/answer", data=data).status_code == 422
        assert s1.post(f"/exercises/{eid}/hint", data={"token": token}).status_code in (200, 303)
    rows = _attempts(ctx, u1)
    assert [(r.context, r.correct) for r in rows] == [("exam", False)]
    grid = rows_of(text(client.get(f"/classes/{cid}/assignments/{aid}/export.csv")))
    assert grid[0]["score_percent"] == "0" and grid[0]["1_attempts"] == "1"


def test_homework_takes_late_answers_marked_late_and_a_token_fits_one_item(ctx):  # noqa: F811
    _t, client = teacher(ctx)
    cid = new_class(client)
    ((u1, p1),) = make_students(client, cid, ["一"])
    now = read(ctx, clock.now)
    aid = assign(client, cid, position=positions(ctx, 2))
    its = items(ctx, aid)
    s1 = signed_in(ctx, u1, p1)
    first = _token(text(s1.get(f"/assignments/{aid}/{its[0][0]}")))
    ex2 = bank.get(its[1][1])
    # a token of item 1 posted to item 2 is refused
    data = form_of(ex2, right_answer(ex2))
    data["token"] = first
    assert s1.post(f"/assignments/{aid}/{its[1][0]}/answer", data=data).status_code == 422
    ctx.config["NOW"] = now + timedelta(days=365 * 80)  # long after the due date
    assert answer(ctx, s1, aid, its[1], right_answer(ex2)).status_code == 303
    grid = rows_of(text(client.get(f"/classes/{cid}/export.csv")))
    assert [(r["item"], r["correct"], r["late"]) for r in grid] == [("2", "1", "1")]


def test_a_token_of_a_deleted_assignment_fits_no_later_one(ctx):  # noqa: F811
    _t, client = teacher(ctx)
    cid = new_class(client)
    ((u1, p1),) = make_students(client, cid, ["一"])
    picked = positions(ctx, 1)
    aid = assign(client, cid, position=picked)
    (old,) = items(ctx, aid)
    s1 = signed_in(ctx, u1, p1)
    kept = _token(text(s1.get(f"/assignments/{aid}/{old[0]}")))
    r = client.post(f"/classes/{cid}/assignments/{aid}/delete", data={"confirm": "y"})
    assert r.status_code == 303
    again = assign(client, cid, position=picked)
    (new,) = items(ctx, again)
    assert new[1] == old[1] and new[0] != old[0]
    ex = bank.get(new[1])
    data = form_of(ex, right_answer(ex))
    data["token"] = kept
    assert s1.post(f"/assignments/{again}/{new[0]}/answer", data=data).status_code == 422
    payload = URLSafeTimedSerializer("x").loads_unsafe(kept)[1]
    assert payload["r"] != _ref(ctx, again)  # named by the old assignment's random key
    assert _attempts(ctx, u1) == []


# -- 2. one answer per exam item, under a real race --------------------------------------


def test_six_answers_at_once_to_one_exam_item_record_one(ctx, monkeypatch):  # noqa: F811
    """Six requests of one student, each with its own page's token, pass every check
    before any of them writes (a barrier holds each at its write): the database keeps
    one, the others get the localized "recorded already" (422)."""
    _t, client = teacher(ctx)
    cid = new_class(client)
    ((u1, p1),) = make_students(client, cid, ["一"])
    aid, _due = _exam(client, cid, position=positions(ctx, 2))
    (key, eid), second = items(ctx, aid)
    ex = bank.get(eid)
    s1 = signed_in(ctx, u1, p1)
    # the student's record exists before the race (their first answer made it)
    assert answer(ctx, s1, aid, second, right_answer(bank.get(second[1]))).status_code == 303
    tokens = [_token(text(s1.get(f"/assignments/{aid}/{key}"))) for _ in range(6)]
    cookie = s1.get_cookie("session")
    assert cookie is not None
    clients = []
    for _ in range(6):
        c = ctx.test_client()
        c.set_cookie("session", cookie.value)
        clients.append(c)

    n = 6
    barrier = threading.Barrier(n, timeout=20)
    real = record.write_together

    waited: list[int] = []

    def held(rows: Any) -> None:
        with contextlib.suppress(threading.BrokenBarrierError):
            waited.append(barrier.wait())
        real(rows)

    monkeypatch.setattr(record, "write_together", held)
    statuses: list[int] = []
    bodies: list[str] = []

    def post(c: Any, token: str, given: str) -> None:
        data = form_of(ex, given)
        data["token"] = token
        r = c.post(f"/assignments/{aid}/{key}/answer", data=data, headers=EN)
        statuses.append(r.status_code)
        bodies.append(text(r))

    answers = [right_answer(ex) if i % 2 else wrong_answer(ex) for i in range(n)]
    threads = [
        threading.Thread(target=post, args=(c, t, g))
        for c, t, g in zip(clients, tokens, answers, strict=True)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(waited) == n  # all six had passed every check when the first wrote
    assert sorted(statuses) == [303] + [422] * 5, statuses
    refused = [b for s, b in zip(statuses, bodies, strict=True) if s == 422]
    assert all("recorded already" in b for b in refused)
    assert len(_attempts(ctx, u1, _ref(ctx, aid))) == 2  # this one and the other item's


# -- 3. pages and tokens name items by random keys ---------------------------------------


def test_no_element_id_or_token_of_an_exam_page_names_a_public_id(ctx):  # noqa: F811
    _t, client = teacher(ctx)
    cid = new_class(client)
    ((u1, p1),) = make_students(client, cid, ["一"])
    aid, _due = _exam(client, cid, position=positions(ctx, 3))
    its = items(ctx, aid)
    public = {eid for _k, eid in its} | {ex.id for ex in bank.demo_set()}
    hashes = {hashlib.sha1(i.encode()).hexdigest()[:20] for i in public}
    anchors = {"".join(c if c.isalnum() else "-" for c in i) for i in public}
    s1 = signed_in(ctx, u1, p1)
    for key, _eid in its:
        page = text(s1.get(f"/assignments/{aid}/{key}"))
        ids = re.findall(r'\bid="([^"]+)"', page) + re.findall(r'#([\w-]+)"', page)
        values = ids + [v for t in re.findall(r'name="token" value="([^"]+)"', page) for v in [t]]
        payloads = [
            URLSafeTimedSerializer("x").loads_unsafe(t)[1]
            for t in re.findall(r'name="token" value="([^"]+)"', page)
        ]
        assert payloads and all(p["e"] == key for p in payloads)
        fields = [str(v) for p in payloads for v in p.values()]
        for v in values + fields:
            assert not any(h in v for h in hashes), v
            assert not any(a in v for a in anchors if len(a) > 8), v
        assert f'id="ex-{key}"' in page


# -- 4. an exam of positions made for each student ---------------------------------------


def test_an_exam_of_positions_made_for_each_student(ctx):  # noqa: F811
    _t, client = teacher(ctx)
    cid = new_class(client)
    (u1, p1), (u2, p2) = make_students(client, cid, ["一", "二"])
    form = text(client.get(f"/classes/{cid}/assignments/new?game=chuanpai", headers=EN))
    assert "open-book unless you supervise it" in form and 'name="own_gen"' in form
    aid, due = _exam(client, cid, own_gen=["count-hand", "waits"], own_count="2")
    its = items(ctx, aid)
    assert len(its) == 4 and all(eid.startswith("own:chuanpai:") for _k, eid in its)

    def own() -> dict[tuple[int, int], str]:
        rows = db.session.scalars(db.select(OwnPosition).filter_by(assignment_id=aid))
        return {(r.item_id, r.user_id): r.exercise_id for r in rows}

    made = read(ctx, own)
    assert len(made) == 8 and len(set(made.values())) == 8  # each student their own
    for eid in made.values():
        assert eid.startswith("exam:") and bank.get(eid) is not None
        assert client.get(f"/exercises/{eid}").status_code == 404  # no public page
    s1, s2 = signed_in(ctx, u1, p1), signed_in(ctx, u2, p2)
    for key, _placeholder in its:
        page = text(s1.get(f"/assignments/{aid}/{key}"))
        assert not any(e in page for e in made.values())
    # the student answers their own positions: all right
    uid1 = user_id(ctx, u1)
    for key, _placeholder in its:
        ex = bank.get(made[(_item_id(ctx, aid, key), uid1)])
        assert answer_own(ctx, s1, aid, key, right_answer(ex), ex) == 303
    # the second answers one, wrong, with the first student's answer to their own
    key0 = its[0][0]
    theirs = bank.get(made[(_item_id(ctx, aid, key0), user_id(ctx, u2))])
    assert answer_own(ctx, s2, aid, key0, wrong_answer(theirs), theirs) == 303
    # a student who joins later gets their own on first opening the exam
    late = make_user(ctx, fresh("late"))
    code = read(ctx, lambda: db.session.get(Assignment, aid).class_id)
    join = read(ctx, lambda: _join_code(code))
    s3 = signed_in(ctx, late.username)
    assert s3.post("/classes/join", data={"code": join, "real_name": "三"}).status_code == 303
    assert s3.get(f"/assignments/{aid}/{its[0][0]}").status_code == 200
    assert len(read(ctx, own)) == 12
    ctx.config["NOW"] = due + timedelta(minutes=5)
    grid = rows_of(text(client.get(f"/classes/{cid}/assignments/{aid}/export.csv")))
    by = {r["username"]: r for r in grid}
    assert by[u1]["score_percent"] == "100" and by[u1]["passed"] == "1"
    assert by[u2]["score_percent"] == "0" and by[u2]["1_attempts"] == "1"
    results = text(s1.get(f"/assignments/{aid}/", headers=EN))
    assert "Score: 100%" in results
    item_page = text(client.get(f"/classes/{cid}/assignments/{aid}/items/{key0}", headers=EN))
    assert "一" in item_page and "二" in item_page and "a position of their own" in item_page
    cards = client.get(f"/classes/{cid}/assignments/{aid}/items/{its[2][0]}")  # pick-cards
    assert cards.status_code == 200 and "answer-cards" in text(cards)


def _item_id(app: Any, aid: int, key: str) -> int:
    return int(
        read(
            app,
            lambda: db.session.scalar(
                db.select(AssignmentItem.id).filter_by(assignment_id=aid, key=key)
            ),
        )
    )


def _join_code(cid: int) -> str:
    klass = db.session.get(SchoolClass, cid)
    assert klass is not None
    return str(klass.join_code)


def answer_own(app: Any, client: Any, aid: int, key: str, given: str, ex: Any) -> int:
    token = _token(text(client.get(f"/assignments/{aid}/{key}")))
    data = form_of(ex, given)
    data["token"] = token
    return int(client.post(f"/assignments/{aid}/{key}/answer", data=data).status_code)


# -- 5. a revealed answer is not a right answer ------------------------------------------


def test_an_answer_after_the_answer_was_shown_is_not_right(ctx, monkeypatch):  # noqa: F811
    rated: list[Any] = []
    review = skills.review

    def spy(profile: Any, ex: Any, rating: Any, *args: Any) -> Any:
        rated.append(rating)
        return review(profile, ex, rating, *args)

    monkeypatch.setattr(skills, "review", spy)
    _t, client = teacher(ctx)
    cid = new_class(client)
    ((u1, p1),) = make_students(client, cid, ["一"])
    aid = assign(client, cid, position=positions(ctx, 2))
    its = items(ctx, aid)
    key, eid = its[0]
    ex = bank.get(eid)
    s1 = signed_in(ctx, u1, p1)
    page = text(s1.get(f"/assignments/{aid}/{key}"))
    for step in (1, 2, 3):
        r = s1.post(f"/assignments/{aid}/{key}/hint", data={"token": _token(page), "step": step})
        assert r.status_code == 303
        page = text(s1.get(f"/assignments/{aid}/{key}"))
    assert "hint-answer" in page
    data = form_of(ex, right_answer(ex))
    data["token"] = _token(page)
    assert s1.post(f"/assignments/{aid}/{key}/answer", data=data).status_code == 303
    assert [(r.correct, r.shown) for r in _attempts(ctx, u1)] == [(True, True)]
    mine = text(s1.get(f"/assignments/{aid}/", headers=EN))
    assert "answer shown" in mine and "counts as not right" in mine
    # the learner's own record: one star (TEACHING.md), FSRS Again
    stars = read(
        ctx,
        lambda: db.session.scalar(
            db.select(ExerciseState.stars)
            .join(LearnerProfile, LearnerProfile.id == ExerciseState.profile_id)
            .where(LearnerProfile.user_id == user_id(ctx, u1), ExerciseState.exercise_id == eid)
        ),
    )
    assert stars == 1
    assert rated == [skills.Rating.Again]
    # the teacher: not right in the score, the grid, the CSV, the mistakes, labelled
    grid = rows_of(text(client.get(f"/classes/{cid}/assignments/{aid}/export.csv")))
    assert grid[0]["score_percent"] == "0" and grid[0]["1_first_right"] == "0"
    assert grid[0]["1_answer_shown"] == "1"
    answers = rows_of(text(client.get(f"/classes/{cid}/export.csv")))
    assert [(r["correct"], r["answer_shown"]) for r in answers] == [("0", "1")]
    page = text(client.get(f"/classes/{cid}/assignments/{aid}/", headers=EN))
    assert "answer shown" in page and "Answered after the hint showed the answer" in page
    assert 'class="cell wrong"' in page
    item = text(client.get(f"/classes/{cid}/assignments/{aid}/items/{key}", headers=EN))
    assert "not counted as right" in item
    student = text(client.get(f"/classes/{cid}/students/{user_id(ctx, u1)}", headers=EN))
    assert "answer shown" in student


# -- 6. assigned deals are private until they are due ------------------------------------


def test_an_assigned_deal_is_private_to_its_student_and_teachers_until_due(ctx):  # noqa: F811
    t, client = teacher(ctx)
    cid = new_class(client)
    (u1, p1), (u2, p2) = make_students(client, cid, ["甲", "乙"])
    co, co_client = teacher(ctx)
    co_teach(ctx, client, cid, co, co_client)
    _other, other = teacher(ctx)
    now = read(ctx, clock.now)
    due = now + timedelta(days=2)
    local = timedelta(hours=8)
    r = client.post(
        f"/classes/{cid}/assignments/new",
        data={
            "game": "hunan",
            "title": "同一副牌",
            "starts_at": PAST,
            "due_at": (due + local).strftime("%Y-%m-%dT%H:%M"),
            "pass_percent": "60",
            "deal": "on",
            "deal_seat": "0",
        },
    )
    assert r.status_code == 303
    aid = int(re.search(r"/assignments/(\d+)/", r.headers["Location"]).group(1))  # type: ignore[union-attr]
    ext = {
        "student": user_id(ctx, u2),
        "until": (due + timedelta(days=1) + local).strftime("%Y-%m-%dT%H:%M"),
    }
    assert client.post(f"/classes/{cid}/assignments/{aid}/extensions", data=ext).status_code == 303
    key = read(
        ctx,
        lambda: db.session.scalar(
            db.select(AssignmentPart).filter_by(assignment_id=aid, kind="deal")
        ).spec["key"],
    )
    s1 = signed_in(ctx, u1, p1)
    url = s1.get(f"/assignments/{aid}/deal/{key}").headers["Location"]
    play_out(s1, url)
    s2 = signed_in(ctx, u2, p2)
    visitor = ctx.test_client()
    pages = (url, url + "/review")
    for who in (s1, client, co_client):
        assert all(who.get(p).status_code == 200 for p in pages)
    for who in (visitor, s2, other):
        assert all(who.get(p).status_code == 404 for p in pages)
        assert who.post(url + "/again").status_code == 404
    # the first due time passes, the extension has not: still private
    ctx.config["NOW"] = due + timedelta(hours=1)
    assert visitor.get(url).status_code == 404 and s2.get(url + "/review").status_code == 404
    # the last student's time is up: like any finished deal
    ctx.config["NOW"] = due + timedelta(days=1, hours=1)
    assert all(visitor.get(p).status_code == 200 for p in pages)
    assert s2.post(url + "/again").status_code == 303
    deal_id = url.rsplit("/", 1)[-1]
    assert read(ctx, lambda: db.session.get(PlayDeal, deal_id).assignment_id) == aid


# -- issue 34, point 1: a teacher-made account is managed by its maker -------------------


def test_a_co_teacher_cannot_take_over_a_student_who_joins_his_class(ctx):  # noqa: F811
    maker, a_client = teacher(ctx)
    a_class = new_class(a_client, "甲班")
    ((kid, _pw),) = make_students(a_client, a_class, ["丙"])
    kid_id = user_id(ctx, kid)
    b, b_client = teacher(ctx)
    b_class = new_class(b_client, "乙班")
    join = read(ctx, lambda: _join_code(b_class))
    s = signed_in(ctx, kid, _pw)
    assert s.post("/classes/join", data={"code": join, "real_name": "丙"}).status_code == 303
    # B invites the maker as a co-teacher: nothing until the maker accepts
    r = b_client.post(f"/classes/{b_class}/teachers", data={"username": maker.username})
    assert r.status_code == 303
    assert a_client.get(f"/classes/{b_class}/").status_code == 404
    code = {"minutes": "15"}
    assert b_client.post(f"/classes/{b_class}/students/{kid_id}/code", data=code).status_code == 403
    # even once the maker co-teaches B's class, B manages nothing of the maker's
    iid = invitation_of(ctx, b_class, maker.id)
    assert (
        a_client.post(f"/classes/invitations/{iid}", data={"action": "accept"}).status_code == 303
    )
    assert a_client.get(f"/classes/{b_class}/").status_code == 200
    assert b_client.post(f"/classes/{b_class}/students/{kid_id}/code", data=code).status_code == 403
    confirm = {"confirm": "y"}
    r = b_client.post(f"/classes/{b_class}/students/{kid_id}/password", data=confirm)
    assert r.status_code == 403
    page = text(b_client.get(f"/classes/{b_class}/students/{kid_id}", headers=EN))
    assert "Make a quick-login code" not in page
    # the maker still manages it; every reset and code is listed with who and when
    assert a_client.post(f"/classes/{a_class}/students/{kid_id}/code", data=code).status_code == 200
    r = a_client.post(f"/classes/{a_class}/students/{kid_id}/password", data=confirm)
    assert r.status_code == 200
    events = read(
        ctx,
        lambda: [
            (e.kind, e.actor_id)
            for e in db.session.scalars(db.select(AccountEvent).filter_by(user_id=kid_id))
        ],
    )
    assert sorted(events) == [("code", maker.id), ("password", maker.id)]
    for who, cls in ((a_client, a_class), (b_client, b_class)):
        page = text(who.get(f"/classes/{cls}/students/{kid_id}", headers=EN))
        assert f"a new password, by {maker.username}" in page
        assert f"a quick-login code, by {maker.username}" in page


def test_invitations_are_accepted_declined_withdrawn_and_expire(ctx):  # noqa: F811
    _owner, client = teacher(ctx)
    cid = new_class(client)
    teachers = [teacher(ctx) for _ in range(4)]
    for t, _c in teachers:
        r = client.post(f"/classes/{cid}/teachers", data={"username": t.username})
        assert r.status_code == 303
    (t1, c1), (t2, c2), (t3, c3), (t4, c4) = teachers
    again = client.post(f"/classes/{cid}/teachers", data={"username": t1.username}, headers=EN)
    assert again.status_code == 422 and "an invitation to answer already" in text(again)
    page = text(c1.get("/classes/", headers=EN))
    assert "Invitations to co-teach" in page and "Accept" in page
    zh = text(c1.get("/classes/", headers={"Accept-Language": "zh"}))
    assert "协同授课邀请" in zh and "接受" in zh
    ids = [invitation_of(ctx, cid, t.id) for t, _c in teachers]
    # accepted
    assert c1.post(f"/classes/invitations/{ids[0]}", data={"action": "accept"}).status_code == 303
    assert c1.get(f"/classes/{cid}/").status_code == 200
    # declined
    assert c2.post(f"/classes/invitations/{ids[1]}", data={"action": "decline"}).status_code == 303
    assert c2.get(f"/classes/{cid}/").status_code == 404
    # withdrawn: the invitation can no longer be accepted; a co-teacher cannot withdraw
    w = f"/classes/{cid}/invitations/{ids[2]}/withdraw"
    assert c1.post(w, data={"confirm": "y"}).status_code == 403
    assert client.post(w, data={}).status_code == 422
    assert client.post(w, data={"confirm": "y"}).status_code == 303
    assert c3.post(f"/classes/invitations/{ids[2]}", data={"action": "accept"}).status_code == 404
    assert c3.get(f"/classes/{cid}/").status_code == 404
    # expired after 14 days
    ctx.config["NOW"] = read(ctx, clock.now) + timedelta(days=15)
    assert "Invitations to co-teach" not in text(c4.get("/classes/", headers=EN))
    assert c4.post(f"/classes/invitations/{ids[3]}", data={"action": "accept"}).status_code == 404
    assert c4.get(f"/classes/{cid}/").status_code == 404
    page = text(client.get(f"/classes/{cid}/", headers=EN))
    for state in ("accepted", "declined", "withdrawn", "expired"):
        assert f"invitation-{state}" in page, state
    zh = text(client.get(f"/classes/{cid}/", headers={"Accept-Language": "zh"}))
    assert "已过期" in zh and "已撤回" in zh
    # the invited teacher's invitation is theirs alone
    assert c4.post(f"/classes/invitations/{ids[0]}", data={"action": "accept"}).status_code == 404


# -- the migration -----------------------------------------------------------------------


def test_migration_gives_assignments_keys_and_keeps_one_answer_per_exam_item(app):
    """Assignments made before 0007 get random keys and their attempts follow them; of
    the second answers to an exam item the old code let in, the first answer stays."""
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import text as sql

    from app.models import User

    with app.app_context():
        u = User(username="migrated", role="learner")
        u.password_hash = "x"
        db.session.add(u)
        db.session.flush()
        db.session.add(LearnerProfile(token="migrated-token", user_id=u.id))
        klass = SchoolClass(name="Old", join_code="OLDCLASS", notes="")
        db.session.add(klass)
        db.session.commit()
        pid = db.session.scalar(db.select(LearnerProfile.id).filter_by(user_id=u.id))
        cid = klass.id
        db.session.remove()  # no transaction of ours may hold a lock the migration waits on
        downgrade(revision="0006_answer_indexes")
        with db.engine.begin() as conn:
            for aid, exam in ((1, False), (2, True)):
                conn.execute(
                    sql(
                        "INSERT INTO assignments (id, class_id, title, game, starts_at, due_at,"
                        " pass_percent, exam, created_at) VALUES (:i, :c, 'a', 'chuanpai',"
                        " CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 60, :e, CURRENT_TIMESTAMP)"
                    ),
                    {"i": aid, "c": cid, "e": exam},
                )
            rows = [
                ("assignment", "asg-1", "gen:chuanpai:count-hand:1", True),
                ("assignment", "asg-1", "gen:chuanpai:count-hand:1", False),
                ("exam", "asg-2", "gen:chuanpai:count-hand:2", False),
                ("exam", "asg-2", "gen:chuanpai:count-hand:2", True),  # a second, let in
                ("exam", "asg-2", "gen:chuanpai:count-hand:3", True),
                ("quiz", "asg-2", "gen:chuanpai:count-hand:2", True),
            ]
            for n, (context, ref, eid, correct) in enumerate(rows):
                conn.execute(
                    sql(
                        "INSERT INTO attempts (profile_id, exercise_id, game, context,"
                        " context_ref, answer, correct, params, hints, time_ms, nonce,"
                        " created_at) VALUES (:p, :e, 'chuanpai', :c, :r, '1', :ok, '{}', 0,"
                        " 0, :n, CURRENT_TIMESTAMP)"
                    ),
                    {"p": pid, "e": eid, "c": context, "r": ref, "ok": correct, "n": f"n{n}"},
                )
        upgrade()
        keys = dict(db.session.execute(sql("SELECT id, key FROM assignments")).all())
        found = db.session.execute(
            sql(
                "SELECT nonce, context_ref, shown FROM attempts WHERE profile_id = :p ORDER BY nonce"
            ),
            {"p": pid},
        ).all()
    assert len(set(keys.values())) == 2 and all(len(k) >= 16 for k in keys.values())
    assert [(n, ref, bool(shown)) for n, ref, shown in found] == [
        ("n0", f"asg-{keys[1]}", False),
        ("n1", f"asg-{keys[1]}", False),
        ("n2", f"asg-{keys[2]}", False),
        ("n4", f"asg-{keys[2]}", False),
        ("n5", "asg-2", False),  # not an assignment's attempt: left as it was
    ]

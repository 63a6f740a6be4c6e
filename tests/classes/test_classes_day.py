"""A teacher's day (issue 41): ids never reused, deals that count, rosters in order,
ended sessions that say so, exports a teacher can open; SQLite and PostgreSQL."""

from __future__ import annotations

import re
from typing import Any

from classes_help import make_user
from test_classes import (  # noqa: F401  (helpers shared with the classes tests)
    FAR,
    PAST,
    answer,
    assign,
    capp,  # noqa: F401  (the classes tests' app, as a fixture here)
    ctx,  # noqa: F401
    fresh,
    items,
    make_students,
    new_class,
    positions,
    read,
    right_answer,
    rows_of,
    signed_in,
    text,
    user_id,
)

from app.classes.models import Assignment, AssignmentPart, ClassStudent
from app.extensions import db
from app.learning import bank
from app.learning.models import Attempt, PlayDeal
from app.models import LearnerProfile

EN = {"Accept-Language": "en"}


def _teacher(app: Any) -> Any:
    t = make_user(app, fresh("t"), "teacher")
    return signed_in(app, t.username)


# -- 6. no answers from the past ----------------------------------------------------------


def test_a_deleted_assignments_number_is_never_given_again(ctx):  # noqa: F811
    tc = _teacher(ctx)
    cid = new_class(tc)
    [(u1, p1)] = make_students(tc, cid, ["甲"])
    first = assign(tc, cid, position=positions(ctx, 2))
    sc = signed_in(ctx, u1, p1)
    its = items(ctx, first)
    ex = bank.get(its[0][1])
    assert answer(ctx, sc, first, its[0], right_answer(ex)).status_code in (200, 303)
    r = tc.post(f"/classes/{cid}/assignments/{first}/delete", data={"confirm": "y"})
    assert r.status_code in (302, 303)
    second = assign(tc, cid, position=positions(ctx, 2))
    assert second > first
    grid = rows_of(text(tc.get(f"/classes/{cid}/assignments/{second}/export.csv")))
    assert grid[0]["done"] == "0" and grid[0]["score_percent"] == "0"
    # the answer stays in the student's own record
    uid = user_id(ctx, u1)

    def kept() -> int:
        q = (
            db.select(db.func.count())
            .select_from(Attempt)
            .join(LearnerProfile, LearnerProfile.id == Attempt.profile_id)
            .where(LearnerProfile.user_id == uid)
        )
        return int(db.session.scalar(q) or 0)

    assert read(ctx, kept) == 1


def test_the_migration_sorts_out_what_a_deleted_assignment_left(app):
    """Rows of a deleted assignment go, its deals become their players' own, a deal of
    an earlier assignment with the same number too; the numbers go on past the highest
    ever seen; old names get their pinyin and finished deals their comparison."""
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import text as sql

    from app.models import User

    with app.app_context():
        u = User(username="migrated41", role="learner")
        u.password_hash = "x"
        db.session.add(u)
        db.session.flush()
        db.session.add(LearnerProfile(token="migrated41-token", user_id=u.id))
        db.session.commit()
        pid = db.session.scalar(db.select(LearnerProfile.id).filter_by(user_id=u.id))
        uid = u.id
        db.session.remove()
        downgrade(revision="0007_exams_that_hold")
        with db.engine.begin() as conn:
            conn.execute(
                sql(
                    "INSERT INTO classes (id, name, join_code, join_open, notes, created_at)"
                    " VALUES (7, 'Old', 'OLD41', true, '', CURRENT_TIMESTAMP)"
                )
            )
            conn.execute(
                sql(
                    "INSERT INTO class_students (class_id, user_id, real_name, note, joined_at)"
                    " VALUES (7, :u, '曾小明', '', CURRENT_TIMESTAMP)"
                ),
                {"u": uid},
            )
            conn.execute(
                sql(
                    "INSERT INTO assignments (id, class_id, title, game, starts_at, due_at,"
                    " pass_percent, exam, created_at, key) VALUES (3, 7, 'a', 'hunan',"
                    " CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 60, false, '2026-06-01 00:00:00',"
                    " 'k41')"
                )
            )
            # parts of a deleted assignment 5, deals of it and of an older number 3
            sqlite = conn.dialect.name == "sqlite"  # PostgreSQL keeps no orphans
            conn.execute(
                sql(
                    "INSERT INTO assignment_parts (assignment_id, position, kind, spec)"
                    + (
                        " VALUES (5, 0, 'deal', '{}'), (3, 0, 'deal', '{}')"
                        if sqlite
                        else " VALUES (3, 0, 'deal', '{}')"
                    )
                )
            )
            moves = (
                '[{"seat": 0, "action": {"kind": "x", "seat": 0}, "decision": true,'
                ' "advice": {"kind": "x", "seat": 0}}]'
            )
            for did, aid, made in (
                ("d-old", 3, "2026-01-01 00:00:00"),
                ("d-gone", 5, "2026-07-01 00:00:00"),
                ("d-now", 3, "2026-07-01 00:00:00"),
            ):
                conn.execute(
                    sql(
                        "INSERT INTO play_deals (id, profile_id, game, rules, seed, dealer,"
                        " seat, strength, coach, code, moves, status, result, assignment_id,"
                        " created_at, updated_at) VALUES (:i, :p, 'hunan', '{}', 1, 0, 0,"
                        " 'simple', false, 'x', :m, 'over', '{}', :a, :c, :c)"
                    ),
                    {"i": did, "p": pid, "m": moves, "a": aid, "c": made},
                )
        upgrade()
        deals = dict(db.session.execute(sql("SELECT id, assignment_id FROM play_deals")).all())
        counted = db.session.execute(
            sql("SELECT decisions, agreed FROM play_deals WHERE id = 'd-now'")
        ).one()
        parts = db.session.execute(sql("SELECT assignment_id FROM assignment_parts")).all()
        key = db.session.scalar(sql("SELECT sort_key FROM class_students WHERE class_id = 7"))
        order = db.session.scalar(sql("SELECT roster_order FROM classes WHERE id = 7"))
        a = Assignment(
            class_id=7,
            title="b",
            game="hunan",
            starts_at=db.func.now(),
            due_at=db.func.now(),
        )
        db.session.add(a)
        db.session.commit()
        new_id = a.id
    assert deals == {"d-old": None, "d-gone": None, "d-now": 3}
    assert tuple(counted) == (1, 1)
    assert [p[0] for p in parts] == [3]
    assert key == "zeng1 xiao3 ming2"
    assert order == "made"
    assert new_id > 5


def test_models_and_migrations_agree_after_0008(app):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    with app.app_context(), db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), db.metadata)
    assert diff == []


# -- 1. the same deal for everyone counts ---------------------------------------------------


def _assign_deal(client: Any, cid: int, **more: str) -> int:
    return assign(client, cid, game="hunan", deal="on", deal_seat="0", **more)


def _play_out(client: Any, url: str, pick: int = 0) -> None:
    from test_play import moves_of, state_of

    body = text(client.get(url))
    n = 0
    while state_of(body) != "over":
        moves = moves_of(body)
        assert moves, body[-1500:]
        r = client.post(url, data={"move": moves[pick % len(moves)]})
        assert r.status_code == 303, text(r)[-1500:]
        body = text(client.get(url))
        n += 1
        assert n < 400


def test_a_played_deal_is_done_and_scored_from_what_was_stored(ctx):  # noqa: F811
    tc = _teacher(ctx)
    cid = new_class(tc)
    (u1, p1), (u2, _p2) = make_students(tc, cid, ["甲", "乙"])
    aid = _assign_deal(tc, cid)
    key = read(
        ctx,
        lambda: db.session.scalar(
            db.select(AssignmentPart).filter_by(assignment_id=aid, kind="deal")
        ).spec["key"],
    )
    sc = signed_in(ctx, u1, p1)
    overview = text(sc.get(f"/assignments/{aid}/", headers=EN))
    assert "to play" in overview and "Read first" not in overview
    url = sc.get(f"/assignments/{aid}/deal/{key}").headers["Location"]
    _play_out(sc, url)
    deal_id = url.rstrip("/").rsplit("/", 1)[-1]

    def stored() -> tuple[Any, ...]:
        d = db.session.get(PlayDeal, deal_id)
        return d.status, d.decisions, d.agreed, d.ended_at

    status, made, agreed, ended = read(ctx, stored)
    assert status == "over" and made is not None and agreed is not None and ended is not None
    percent = round(100 * agreed / made) if made else 100
    overview = text(sc.get(f"/assignments/{aid}/", headers=EN))
    assert "played" in overview and f"{agreed} of {made} decisions" in overview
    listing = text(sc.get("/assignments/", headers=EN))
    assert "1 of 1 done" in listing
    page = text(tc.get(f"/classes/{cid}/assignments/{aid}/", headers=EN))
    assert f"{percent}% as the computer" in page
    grid = {
        r["username"]: r
        for r in rows_of(text(tc.get(f"/classes/{cid}/assignments/{aid}/export.csv")))
    }
    assert grid[u1]["done"] == "1" and grid[u1]["score_percent"] == str(percent)
    assert grid[u1]["deal_decisions"] == str(made) and grid[u1]["deal_as_engine"] == str(agreed)
    assert grid[u2]["done"] == "0" and grid[u2]["score_percent"] == "0"
    assert grid[u2]["deal_status"] == ""
    every = rows_of(text(tc.get(f"/classes/{cid}/export.csv")))
    assert [r["username"] for r in every if r["item"] == "deal"] == [u1]


# -- 3. rosters in order -------------------------------------------------------------------


def _names_in(body: str, names: list[str]) -> list[str]:
    return sorted(names, key=lambda n: body.index(n))


def test_rosters_in_the_order_made_or_by_pinyin_never_by_code_point(ctx):  # noqa: F811
    from app.classes.pinyin import sort_key

    assert sort_key("曾小明") == "zeng1 xiao3 ming2"
    assert [sort_key(n).split()[0] for n in ("单田", "解放", "仇英", "区健")] == [
        "shan4",
        "xie4",
        "qiu2",
        "ou1",
    ]
    tc = _teacher(ctx)
    cid = new_class(tc)
    made = ["赵六", "曾小明", "王五", "单田", "阿明"]
    students = make_students(tc, cid, made)
    aid = assign(tc, cid, position=positions(ctx, 1))
    page = text(tc.get(f"/classes/{cid}/"))
    assert _names_in(page, made) == made  # as made
    grid = rows_of(text(tc.get(f"/classes/{cid}/assignments/{aid}/export.csv")))
    assert [r["real_name"] for r in grid] == made
    pinyin = ["阿明", "单田", "王五", "曾小明", "赵六"]  # a, shan, wang, zeng, zhao
    assert _names_in(text(tc.get(f"/classes/{cid}/?order=pinyin")), made) == pinyin
    assert _names_in(text(tc.get(f"/classes/{cid}/")), made) == made  # not kept by a look
    r = tc.post(f"/classes/{cid}/order", data={"order": "pinyin", "next": f"/classes/{cid}/"})
    assert r.status_code == 303
    assert _names_in(text(tc.get(f"/classes/{cid}/")), made) == pinyin  # kept for the class
    page = text(tc.get(f"/classes/{cid}/assignments/{aid}/"))
    assert _names_in(page, made) == pinyin
    grid = rows_of(text(tc.get(f"/classes/{cid}/assignments/{aid}/export.csv")))
    assert [r["real_name"] for r in grid] == pinyin
    # the teacher corrects a key: kept until the name changes
    uid = user_id(ctx, students[2][0])  # 王五
    form = {"real_name": "王五", "note": "", "sort_key": "a0"}
    assert tc.post(f"/classes/{cid}/students/{uid}", data=form).status_code == 303
    assert _names_in(text(tc.get(f"/classes/{cid}/")), made)[0] == "王五"

    def key_of() -> str:
        row = db.session.scalar(db.select(ClassStudent).filter_by(class_id=cid, user_id=uid))
        return row.sort_key

    assert read(ctx, key_of) == "a0"
    form = {"real_name": "王伍", "note": "", "sort_key": "a0"}
    assert tc.post(f"/classes/{cid}/students/{uid}", data=form).status_code == 303
    assert read(ctx, key_of) == "wang2 wu3"


# -- 4. ended sessions say so -------------------------------------------------------------


def test_ended_sessions_and_removed_students_are_told_so(ctx):  # noqa: F811
    tc = _teacher(ctx)
    cid = new_class(tc, "四年级一班")
    (u1, p1), (u2, p2) = make_students(tc, cid, ["甲", "乙"])
    aid = assign(tc, cid, position=positions(ctx, 1))
    key = items(ctx, aid)[0][0]
    # a visitor: to sign-in and back, whether or not the assignment exists
    visitor = ctx.test_client()
    for path in (
        f"/assignments/{aid}/",
        f"/assignments/{aid}/{key}",
        "/assignments/999999/",
        "/assignments/999999/nokey",
        "/assignments/nothing/here",
    ):
        r = visitor.get(path)
        assert r.status_code == 302, path
        assert "/account/signin?next=" in r.headers["Location"], path
    r = visitor.post(f"/assignments/999999/{key}/answer", data={})
    assert r.status_code == 302 and "/account/signin" in r.headers["Location"]
    # a new password: the old session's next page asks to sign in again
    sc = signed_in(ctx, u1, p1)
    assert sc.get(f"/assignments/{aid}/").status_code == 200
    uid = user_id(ctx, u1)
    assert (
        tc.post(f"/classes/{cid}/students/{uid}/password", data={"confirm": "y"}).status_code == 200
    )
    r = sc.get(f"/assignments/{aid}/", headers=EN)
    assert r.status_code == 302 and "/account/signin" in r.headers["Location"]
    signin = text(sc.get(r.headers["Location"], headers=EN))
    assert "Your session has ended" in signin
    # removed from the class: told so, in both languages
    other = signed_in(ctx, u2, p2)
    uid2 = user_id(ctx, u2)
    r = tc.post(f"/classes/{cid}/students/{uid2}/remove", data={"confirm": "y"})
    assert r.status_code in (200, 303), text(r)[:500]
    r = other.get(f"/assignments/{aid}/", headers=EN)
    assert r.status_code == 403
    assert "You are no longer in the class 四年级一班" in text(r)
    zh = text(other.get(f"/assignments/{aid}/{key}", headers={"Accept-Language": "zh"}))
    assert "四年级一班" in zh and "你已不在" in zh
    # someone never in it: the usual 404
    stranger = signed_in(ctx, make_user(ctx, fresh("s")).username)
    assert stranger.get(f"/assignments/{aid}/").status_code == 404


# -- 2. exports a teacher can open ---------------------------------------------------------


def test_exports_in_the_teachers_zone_with_named_items_and_safe_cells(ctx):  # noqa: F811
    import csv
    import io
    from datetime import datetime

    t = make_user(ctx, fresh("t"), "teacher")
    tc = signed_in(ctx, t.username)

    def zone() -> None:
        prof = db.session.scalar(db.select(LearnerProfile).filter_by(user_id=t.id))
        if prof is None:
            prof = LearnerProfile(token=fresh("tok"), user_id=t.id)
            db.session.add(prof)
        prof.timezone = "Europe/Berlin"
        db.session.commit()

    read(ctx, zone)
    cid = new_class(tc)
    [(u1, p1)] = make_students(tc, cid, ["=HYPERLINK(1)"])
    aid = assign(tc, cid, position=positions(ctx, 3), due_at="2099-01-01T08:00")
    sc = signed_in(ctx, u1, p1)
    its = items(ctx, aid)
    assert answer(ctx, sc, aid, its[0], right_answer(bank.get(its[0][1]))).status_code in (
        200,
        303,
    )
    body = text(tc.get(f"/classes/{cid}/assignments/{aid}/export.csv"))
    reader = list(csv.reader(io.StringIO(body.lstrip("\ufeff"))))
    header, line = reader[0], reader[1]
    assert len(set(header)) == len(header)  # unique names
    assert "due (Europe/Berlin)" in header and "late" in header
    named = [h for h in header if h.endswith(": attempts")]
    assert [h.split(" ")[0] for h in named] == ["1", "2", "3"]
    assert all(len(h.split(": ")[0]) > 2 for h in named)  # number and a short title
    due = line[header.index("due (Europe/Berlin)")]
    assert due == "2099-01-01 08:00"  # typed in the teacher's zone, shown in it
    datetime.strptime(due, "%Y-%m-%d %H:%M")
    assert line[1] == "'=HYPERLINK(1)"  # guarded
    assert line[header.index("late")] == "0"
    every = list(
        csv.reader(io.StringIO(text(tc.get(f"/classes/{cid}/export.csv")).lstrip("\ufeff")))
    )
    head, first = every[0], every[1]
    assert "answered_at (Europe/Berlin)" in head and "item_name" in head
    datetime.strptime(first[head.index("answered_at (Europe/Berlin)")], "%Y-%m-%d %H:%M")
    assert first[head.index("item_name")].startswith("1 ")


# -- 5. forms that fit ----------------------------------------------------------------------


def test_positions_by_theme_with_previews_and_archiving_last(ctx):  # noqa: F811
    tc = _teacher(ctx)
    cid = new_class(tc)
    form = text(tc.get(f"/classes/{cid}/assignments/new?game=chuanpai", headers=EN))
    assert '<details class="theme-pick"' in form
    assert 'class="preview"' in form and "Rating" in form
    picks = form.count('name="position"')
    assert picks == form.count('class="preview"') > 0
    # a theme with a position picked opens with the form kept (an error elsewhere)
    pid = positions(ctx, 1)[0]
    r = tc.post(
        f"/classes/{cid}/assignments/new",
        data={"game": "chuanpai", "title": "", "position": pid, "starts_at": PAST, "due_at": FAR},
        headers=EN,
    )
    assert r.status_code == 422
    assert '<details class="theme-pick" open>' in text(r) and "1 picked" in text(r)
    page = text(tc.get(f"/classes/{cid}/", headers=EN))
    main = page[page.index('<main id="main"') :]
    first = re.search(r"<button[^>]*>([^<]*)<", main)
    assert first is not None and "Archive" not in first.group(1)
    assert main.index("Archive the class") > main.index("Name and notes")
    aid = assign(tc, cid, position=[pid])
    grid = text(tc.get(f"/classes/{cid}/assignments/{aid}/", headers=EN))
    assert 'class="scroll grid-box"' in grid


def _unused() -> Any:  # keep imported names used for later tests
    return (AssignmentPart, ClassStudent, PlayDeal, re, FAR, PAST, EN)

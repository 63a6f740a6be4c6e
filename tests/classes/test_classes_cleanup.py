"""An archived class's clean-up: its results exported first, then exactly the student
accounts its teachers made for it deleted with their records (SQLite and PostgreSQL);
accounts also in another class, and accounts students made themselves, stay."""

from __future__ import annotations

import re

from classes_help import PASSWORD, make_user
from conftest import post_form

from app.classes import accounts, service
from app.classes.models import ClassStudent, SchoolClass, StudentAccount
from app.extensions import db
from app.models import LearnerProfile, User


def signed_in(app, name: str):  # type: ignore[no-untyped-def]
    c = app.test_client()
    c.set_cookie("lang", "en")
    r = post_form(c, "/account/signin", username=name, password=PASSWORD)
    assert r.status_code == 303
    return c


def _setup(app):  # type: ignore[no-untyped-def]
    """Class A (teacher ``tina``): three made accounts, one of them also in class B
    (teacher ``tom``), and ``lily`` who made her own account; class B has its own made
    account too. Every account has a learning record."""
    tina = make_user(app, "tina", "teacher")
    tom = make_user(app, "tom", "teacher")
    lily = make_user(app, "lily")
    with app.app_context():
        t1, t2 = db.session.get(User, tina.id), db.session.get(User, tom.id)
        a, b = service.create_class(t1, "A"), service.create_class(t2, "B")
        made_a = accounts.make_students(a, t1, ["张三", "李四", "王五"], "cla")
        made_b = accounts.make_students(b, t2, ["赵六"], "clb")
        accounts.join(b, made_a[2].user, "王五")
        accounts.join(a, db.session.get(User, lily.id), "Lily")
        for u in db.session.scalars(db.select(User)):
            db.session.add(LearnerProfile(user_id=u.id, token=LearnerProfile.new_token()))
        db.session.commit()
        service.set_archived(a, True)
        db.session.commit()
        return a.id, [m.user.username for m in made_a], made_b[0].user.username


def test_an_archived_class_deletes_the_accounts_made_for_it_and_nothing_else(app):
    cid, made_a, made_b = _setup(app)
    tina = signed_in(app, "tina")
    page = tina.get(f"/classes/{cid}/").get_data(as_text=True)
    assert f"/classes/{cid}/cleanup" in page  # the archived class offers it
    page = tina.get(f"/classes/{cid}/cleanup").get_data(as_text=True)
    assert f"/classes/{cid}/export.csv" in page  # the results first
    going = re.search(r'<ul id="cleanup-going">(.*?)</ul>', page, re.S).group(1)
    kept = re.search(r'<ul id="cleanup-kept">(.*?)</ul>', page, re.S).group(1)
    assert made_a[0] in going and made_a[1] in going and made_a[2] not in going
    assert made_a[2] in kept and "lily" not in page
    assert "2 accounts" in page and "2 learning records" in page
    with app.app_context():
        before = set(db.session.scalars(db.select(User.username)))
    r = post_form(tina, f"/classes/{cid}/cleanup")
    assert r.status_code == 422 and "Tick the box" in r.get_data(as_text=True)
    with app.app_context():
        assert set(db.session.scalars(db.select(User.username))) == before
    r = post_form(tina, f"/classes/{cid}/cleanup", confirm="y")
    assert r.status_code == 303
    with app.app_context():
        assert set(db.session.scalars(db.select(User.username))) == before - set(made_a[:2])
        left = set(db.session.scalars(db.select(User.id)))
        owners = set(db.session.scalars(db.select(LearnerProfile.user_id)))
        assert owners == left  # the records went with their accounts, the others stay
        assert set(db.session.scalars(db.select(StudentAccount.user_id))) <= left
        in_a = db.session.scalars(
            db.select(ClassStudent.real_name).where(ClassStudent.class_id == cid)
        ).all()
        assert sorted(in_a) == ["Lily", "王五"]
        assert db.session.get(SchoolClass, cid) is not None
    assert "2 student accounts deleted" in tina.get(f"/classes/{cid}/").get_data(as_text=True)


def test_only_an_archived_class_and_only_its_owner(app):
    cid, _made, _b = _setup(app)
    assert signed_in(app, "tom").get(f"/classes/{cid}/cleanup").status_code == 404
    tina = signed_in(app, "tina")
    post_form(tina, f"/classes/{cid}/archive", page=f"/classes/{cid}/", action="restore")
    assert tina.get(f"/classes/{cid}/cleanup").status_code == 404

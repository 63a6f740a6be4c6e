"""A club's years: a lost password (an admin's one-time code, then a new password),
disabled and deleted accounts, a member's own record to take away or delete, the
version shown."""

from __future__ import annotations

import io
import json
import re
import zipfile

from classes_help import PASSWORD, make_user
from conftest import post_form

from app.extensions import db
from app.models import LearnerProfile, QuickCode, User

EX = "nantong.demo-count-1"


def signin(client, name: str, password: str = PASSWORD):  # type: ignore[no-untyped-def]
    return post_form(client, "/account/signin", username=name, password=password)


def answer(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get(f"/exercises/{EX}").get_data(as_text=True)
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    post_form(client, f"/exercises/{EX}/answer", page=f"/exercises/{EX}", token=token, number="7")


def admin_client(app, name: str = "boss"):  # type: ignore[no-untyped-def]
    make_user(app, name, role="admin")
    c = app.test_client()
    c.set_cookie("lang", "en")
    assert signin(c, name).status_code == 303
    return c


def code_on(page: str) -> str:
    return re.search(r'<p class="code"><strong>([A-Z0-9]{6})</strong>', page).group(1)


def test_an_admin_resets_a_lost_password_and_the_member_chooses_a_new_one(app, client):
    member = make_user(app, "meimei")
    admin = admin_client(app)
    client.set_cookie("lang", "en")
    assert signin(client, "meimei").status_code == 303  # a session from before the reset
    page = post_form(admin, f"/admin/users/{member.id}/reset", page=f"/admin/users/{member.id}")
    assert page.status_code == 200
    code = code_on(page.get_data(as_text=True))
    assert client.get("/account/").status_code == 302  # that session has ended
    other = app.test_client()
    other.set_cookie("lang", "en")
    wrong = signin(other, "meimei")
    assert wrong.status_code == 422  # the old password no longer works
    r = post_form(other, "/account/code", code="XXXXXX")
    assert r.status_code == 422 and "not right or has expired" in r.get_data(as_text=True)
    r = post_form(other, "/account/code", code=code.lower())
    assert r.status_code == 303 and r.headers["Location"].endswith("/account/new-password")
    # nothing else until a new password is chosen
    assert other.get("/progress/nantong").headers["Location"].endswith("/account/new-password")
    r = post_form(other, "/account/new-password", password="short", confirm="short")
    assert r.status_code == 422 and "at least 8 characters" in r.get_data(as_text=True)
    r = post_form(
        other, "/account/new-password", password="river-lantern-42", confirm="river-lantern-42"
    )
    assert r.status_code == 303
    assert other.get("/progress/nantong").status_code == 200
    assert other.get("/account/code").status_code == 302  # signed in already
    third = app.test_client()
    assert signin(third, "meimei", "river-lantern-42").status_code == 303
    with app.app_context():
        u = db.session.get(User, member.id)
        assert not u.must_set_password
        assert db.session.scalar(db.select(db.func.count(QuickCode.id))) == 0  # used up


def test_reset_password_on_the_command_line(app):
    make_user(app, "meimei")
    out = app.test_cli_runner().invoke(args=["user", "reset-password", "MeiMei"])
    assert out.exit_code == 0, out.output
    code = re.search(r"^([A-Z0-9]{6})$", out.output, re.M).group(1)
    c = app.test_client()
    r = post_form(c, "/account/code", code=code)
    assert r.headers["Location"].endswith("/account/new-password")
    out = app.test_cli_runner().invoke(args=["user", "reset-password", "nobody"])
    assert out.exit_code == 1 and "no account named nobody" in out.output


def test_a_disabled_account_cannot_sign_in_until_enabled(app, client):
    member = make_user(app, "meimei")
    admin = admin_client(app)
    client.set_cookie("lang", "en")
    signin(client, "meimei")
    r = post_form(
        admin, f"/admin/users/{member.id}/disabled", page=f"/admin/users/{member.id}", disabled="1"
    )
    assert r.status_code == 303
    assert "Disabled" in admin.get(f"/admin/users/{member.id}").get_data(as_text=True)
    assert client.get("/account/").status_code == 302  # its session ended
    r = signin(client, "meimei")
    assert r.status_code == 422 and "has been disabled" in r.get_data(as_text=True)
    out = app.test_cli_runner().invoke(args=["user", "reset-password", "meimei"])
    code = re.search(r"^([A-Z0-9]{6})$", out.output, re.M).group(1)
    assert post_form(client, "/account/code", code=code).status_code == 422
    out = app.test_cli_runner().invoke(args=["user", "enable", "meimei"])
    assert out.exit_code == 0 and "enabled" in out.output
    out = app.test_cli_runner().invoke(args=["user", "disable", "boss"])
    assert out.exit_code == 1 and "at least one admin" in out.output
    with app.app_context():
        assert db.session.get(User, member.id).disabled_at is None


def test_an_admin_cannot_disable_or_delete_their_own_account(app):
    admin = admin_client(app)
    with app.app_context():
        me = db.session.scalar(db.select(User).filter_by(username="boss")).id
    r = post_form(admin, f"/admin/users/{me}/disabled", page=f"/admin/users/{me}", disabled="1")
    assert r.status_code == 422 and "your own account" in r.get_data(as_text=True)
    r = post_form(admin, f"/admin/users/{me}/delete")
    assert r.status_code == 422 and "your own account" in r.get_data(as_text=True)
    with app.app_context():
        assert db.session.get(User, me).disabled_at is None


def test_an_admin_deletes_an_account_after_a_page_naming_what_goes(app):
    c = app.test_client()
    post_form(
        c,
        "/account/signup",
        username="meimei",
        password="river-lantern-42",
        confirm="river-lantern-42",
    )
    answer(c)
    make_user(app, "stays")
    admin = admin_client(app)
    with app.app_context():
        uid = db.session.scalar(db.select(User.id).filter_by(username="meimei"))
    page = admin.get(f"/admin/users/{uid}/delete").get_data(as_text=True)
    assert "1 account" in page and "1 answer" in page and "1 learning record" in page
    with app.app_context():
        assert db.session.get(User, uid) is not None  # asking deletes nothing
    r = post_form(admin, f"/admin/users/{uid}/delete")
    assert r.status_code == 303
    assert "meimei is deleted" in admin.get("/admin/roles").get_data(as_text=True)
    with app.app_context():
        names = set(db.session.scalars(db.select(User.username)))
        assert names == {"stays", "boss"}
        assert db.session.scalar(db.select(db.func.count(LearnerProfile.id))) == 0


def test_delete_on_the_command_line_asks_first(app):
    make_user(app, "meimei")
    out = app.test_cli_runner().invoke(args=["user", "delete", "meimei"], input="n\n")
    assert out.exit_code == 1 and "removes: 1 users" in out.output
    out = app.test_cli_runner().invoke(args=["user", "delete", "meimei", "--yes"])
    assert out.exit_code == 0 and "deleted meimei" in out.output
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(User.id))) == 0


def _member_with_record(app):  # type: ignore[no-untyped-def]
    c = app.test_client()
    c.set_cookie("lang", "en")
    post_form(
        c,
        "/account/signup",
        username="meimei",
        password="river-lantern-42",
        confirm="river-lantern-42",
    )
    answer(c)
    return c


def test_a_member_downloads_their_record_as_json_and_csv(app):
    c = _member_with_record(app)
    r = c.get("/account/record.json")
    assert r.status_code == 200 and "attachment" in r.headers["Content-Disposition"]
    data = json.loads(r.get_data(as_text=True))
    assert data["account"]["username"] == "meimei"
    assert [a["answer"] for a in data["answers"]] == ["7"]
    assert set(data) >= {"answers", "skills", "stars", "deals", "classes"}
    assert "password" not in r.get_data(as_text=True) and "token" not in data["account"]
    r = c.get("/account/record.zip")
    zf = zipfile.ZipFile(io.BytesIO(r.get_data()))
    assert {"account.csv", "answers.csv", "skills.csv", "stars.csv", "deals.csv"} <= set(
        zf.namelist()
    )
    answers = zf.read("answers.csv").decode("utf-8-sig").splitlines()
    assert answers[0].startswith("created_at,game,exercise_id") and len(answers) == 2
    assert app.test_client().get("/account/record.json").status_code == 302  # signed in only


def test_a_member_deletes_their_account_after_typing_its_name(app):
    c = _member_with_record(app)
    make_user(app, "stays")
    page = c.get("/account/delete").get_data(as_text=True)
    assert "1 answer" in page
    r = post_form(c, "/account/delete", username="someone")
    assert r.status_code == 422 and "That is not your username." in r.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(User.id))) == 2
    with app.app_context():
        db.session.execute(db.update(User).values(locale="zh"))
        db.session.commit()
    r = post_form(c, "/account/delete", username="nobody")
    assert r.status_code == 422 and "不是你的用户名" in r.get_data(as_text=True)
    r = post_form(c, "/account/delete", username="MeiMei")
    assert r.status_code == 303
    with app.app_context():
        assert list(db.session.scalars(db.select(User.username))) == ["stays"]
        assert db.session.scalar(db.select(db.func.count(LearnerProfile.id))) == 0
    assert c.get("/account/").status_code == 302


def test_the_version_shows_in_the_footer_the_about_page_and_the_command(app, client):
    from click.testing import CliRunner

    from app.cli import cli
    from app.version import version

    assert re.fullmatch(r"\d+\.\d+\.\d+.*", version())
    client.set_cookie("lang", "en")
    assert f"Version {version()}" in client.get("/").get_data(as_text=True)
    assert f"version {version()}" in client.get("/about/cards").get_data(as_text=True)
    out = CliRunner().invoke(cli(), ["--version"])
    assert out.exit_code == 0 and out.output.strip() == f"Long Card Academy {version()}"


def test_a_class_student_is_told_what_leaves_the_class_results(app):
    from datetime import datetime, timedelta

    from app.classes import accounts, service
    from app.classes.models import Assignment
    from app.learning.models import Attempt

    c = _member_with_record(app)
    tina = make_user(app, "tina", "teacher")
    with app.app_context():
        klass = service.create_class(db.session.get(User, tina.id), "三年级二班")
        me = db.session.scalar(db.select(User).filter_by(username="meimei"))
        accounts.join(klass, me, "梅梅")
        now = datetime(2026, 12, 1)
        a = Assignment(
            class_id=klass.id,
            title="作业",
            game="nantong",
            starts_at=now - timedelta(days=1),
            due_at=now + timedelta(days=7),
        )
        db.session.add(a)
        db.session.flush()
        pid = db.session.scalar(db.select(LearnerProfile.id).filter_by(user_id=me.id))
        for n in range(3):
            db.session.add(
                Attempt(
                    profile_id=pid,
                    exercise_id=EX,
                    game="nantong",
                    context="assignment",
                    context_ref=a.ref,
                    answer="7",
                    correct=True,
                    params={},
                    nonce=f"asg-{n}",
                )
            )
        db.session.commit()
    page = c.get("/account/delete").get_data(as_text=True)
    effects = re.search(r'<ul id="class-effects">(.*?)</ul>', page, re.S).group(1)
    assert "三年级二班" in effects and "3 answers to its assignments leave" in effects
    assert "4 answers" in page  # with the one outside the class
    data = json.loads(c.get("/account/record.json").get_data(as_text=True))
    assert data["classes"][0]["class"] == "三年级二班"


def test_the_only_teacher_of_a_class_is_told_to_hand_it_over_first(app):
    from app.classes import service

    make_user(app, "tina", "teacher")
    with app.app_context():
        service.create_class(db.session.scalar(db.select(User).filter_by(username="tina")), "A班")
    c = app.test_client()
    c.set_cookie("lang", "en")
    signin(c, "tina")
    page = c.get("/account/delete").get_data(as_text=True)
    assert "only teacher of A班" in page and 'id="delete-blocked"' in page
    r = post_form(c, "/account/delete", page="/account/", username="tina")
    assert r.status_code == 422
    with app.app_context():
        assert db.session.scalar(db.select(User.id).filter_by(username="tina")) is not None


def test_the_account_pages_of_admin_are_for_admins_only(app):
    member = make_user(app, "meimei")
    make_user(app, "tina", "teacher")
    c = app.test_client()
    signin(c, "tina")
    assert c.get(f"/admin/users/{member.id}").status_code == 404
    assert c.get(f"/admin/users/{member.id}/delete").status_code == 404
    r = c.post(f"/admin/users/{member.id}/reset", data={})
    assert r.status_code in (400, 404)
    with app.app_context():
        assert db.session.get(User, member.id).must_set_password is False

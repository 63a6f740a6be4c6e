"""Who may do what in the teachers' area, as a matrix over the app's URL map.

Every route of the ``classes``, ``assignments`` and ``admin`` blueprints, every method,
for a visitor, a student of the class, the class's teacher (its owner), a co-teacher,
another teacher and an admin: allowed, or refused with a 404 (403 where the user sees
the class but the act is the owner's). A route missing from :data:`MATRIX` fails the
test, so a new route cannot be left out. Requests carry empty forms: an allowed write
answers 400/422 and changes nothing, so one database serves the whole matrix.
"""

from __future__ import annotations

from typing import Any

import pytest
from classes_help import PASSWORD, make_user
from flask import Flask

from app.classes.models import (
    Assignment,
    AssignmentItem,
    AssignmentPart,
    ClassStudent,
    ClassTeacher,
    Invitation,
    SchoolClass,
    StudentAccount,
)
from app.extensions import db
from app.learning import clock

ROLES = ("visitor", "student", "owner", "co", "other", "admin")
AREAS = ("classes", "assignments", "admin")
ALL = set(ROLES)
SIGNED_IN = ALL - {"visitor"}
TEACHERS = {"owner", "co", "other", "admin"}
CLASS = {"owner", "co"}
OWNER = {"owner": "ok", "co": 403}
# a student of the class; a visitor signs in first (issue 41), whatever the link names
STUDENT = {"student": "ok", "visitor": 302}

# endpoint → method → who is allowed (a set), or role → "ok" / a status
MATRIX: dict[str, dict[str, Any]] = {
    "classes.index": {"GET": ALL},
    "classes.new": {"GET": TEACHERS, "POST": TEACHERS},
    "classes.teach": {"POST": TEACHERS},  # ANYONE_MAY_TEACH on; not a teacher-made account
    "classes.show": {"GET": CLASS},
    "classes.edit": {"POST": CLASS},
    "classes.archive": {"POST": CLASS},
    "classes.roster_order": {"POST": CLASS},
    "classes.join_code": {"POST": CLASS},
    "classes.add_teacher": {"POST": OWNER},
    "classes.remove_teacher": {"POST": OWNER},
    "classes.withdraw_invitation": {"POST": OWNER},
    "classes.answer_invitation": {"POST": {"other"}},  # the invited teacher only
    "classes.new_students": {"GET": CLASS, "POST": CLASS},
    "classes.cards": {"POST": CLASS},
    "classes.student": {"GET": CLASS, "POST": CLASS},
    "classes.reset_password": {"POST": CLASS},
    "classes.quick_code": {"POST": CLASS},
    "classes.remove_student": {"POST": CLASS},
    "classes.export": {"GET": CLASS},
    "classes.new_assignment": {"GET": CLASS, "POST": CLASS},
    "classes.assignment": {"GET": CLASS},
    "classes.edit_assignment": {"POST": CLASS},
    "classes.delete_assignment": {"POST": CLASS},
    "classes.extension": {"POST": CLASS},
    "classes.item": {"GET": CLASS},
    "classes.export_assignment": {"GET": CLASS},
    "assignments.index": {"GET": ALL},
    "assignments.overview": {"GET": STUDENT},
    "assignments.item": {"GET": STUDENT},
    "assignments.answer": {"POST": STUDENT},
    "assignments.hint": {"POST": STUDENT},
    "assignments.deal": {"GET": STUDENT},
    "assignments.join": {"GET": ALL, "POST": SIGNED_IN},
    "assignments.join_code": {"GET": ALL},
    "assignments.quick_signin": {"GET": ALL, "POST": ALL},
    # an archived class's clean-up is its owner's; this class is not archived (404)
    "classes.cleanup": {"GET": {"owner": 404, "co": 403}, "POST": {"owner": 404, "co": 403}},
    "admin.roles": {"GET": {"admin"}},
    "admin.set_role": {"POST": {"admin"}},
    # an account's page, reset, disabling and deletion (of a member of no class)
    "admin.account": {"GET": {"admin"}},
    "admin.reset_password": {"POST": {"admin"}},
    "admin.set_disabled": {"POST": {"admin"}},
    "admin.delete_account": {"GET": {"admin"}, "POST": {"admin"}},
}


def _world(app: Flask) -> dict[str, Any]:
    """The class, its assignment and item, and an account for every role."""
    people = {r: make_user(app, f"matrix-{r}", "teacher") for r in ("owner", "co", "other")}
    people["admin"] = make_user(app, "matrix-admin", "admin")
    people["student"] = make_user(app, "matrix-student")
    people["member"] = make_user(app, "matrix-member")  # what the admin's account pages act on
    with app.app_context():
        klass = SchoolClass(name="Matrix", join_code="MATRIX23", notes="")
        klass.join_open = True
        db.session.add(klass)
        db.session.flush()
        db.session.add(ClassTeacher(class_id=klass.id, user_id=people["owner"].id, role="owner"))
        db.session.add(ClassTeacher(class_id=klass.id, user_id=people["co"].id, role="co"))
        sid = people["student"].id
        db.session.add(StudentAccount(user_id=sid, created_by_id=people["owner"].id))
        db.session.add(ClassStudent(class_id=klass.id, user_id=sid, real_name="Kid", note=""))
        now = clock.now()
        a = Assignment(
            class_id=klass.id,
            title="Homework",
            game="chuanpai",
            starts_at=now.replace(year=now.year - 1),
            due_at=now.replace(year=now.year + 1),
            pass_percent=60,
            exam=False,
        )
        db.session.add(a)
        db.session.flush()
        part = AssignmentPart(assignment_id=a.id, position=0, kind="quiz", spec={})
        db.session.add(part)
        db.session.flush()
        eid = "gen:chuanpai:count-hand:7"
        db.session.add(
            AssignmentItem(
                assignment_id=a.id, part_id=part.id, position=0, exercise_id=eid, key="k1"
            )
        )
        deal = {"seed": 5, "seat": 0, "strength": "simple", "key": "k1"}
        db.session.add(AssignmentPart(assignment_id=a.id, position=1, kind="deal", spec=deal))
        invited = Invitation(
            class_id=klass.id,
            user_id=people["other"].id,
            invited_by_id=people["owner"].id,
            expires_at=now.replace(year=now.year + 1),
        )
        db.session.add(invited)
        db.session.commit()
        values = {
            "cid": klass.id,
            "aid": a.id,
            "key": "k1",
            "code": "MATRIX23",
            "iid": invited.id,
        }
    return {"people": people, "values": values}


def _client(app: Flask, role: str, people: dict[str, Any]):  # type: ignore[no-untyped-def]
    client = app.test_client()
    if role != "visitor":
        r = client.post(
            "/account/signin", data={"username": people[role].username, "password": PASSWORD}
        )
        assert r.status_code == 303
    return client


def _url(app: Flask, rule: Any, values: dict[str, Any], people: dict[str, Any]) -> str:
    args = {}
    for arg in rule.arguments:
        if arg == "uid":  # a student of the class; a co-teacher where teachers are meant
            who = "co" if "teacher" in rule.endpoint else "student"
            if rule.endpoint.startswith("admin."):
                who = "member"
            args[arg] = people[who].id
        else:
            args[arg] = values[arg]
    with app.test_request_context():
        return str(app.url_for(rule.endpoint, **args))


def _expected(allowed: Any, role: str) -> Any:
    if isinstance(allowed, dict):
        return allowed.get(role, 404)
    return "ok" if role in allowed else 404


@pytest.mark.slow  # a sweep of every route, page or sample: the whole suite only
@pytest.mark.app_config(WTF_CSRF_ENABLED=False, ANYONE_MAY_TEACH=True)
def test_every_route_of_the_area_is_allowed_or_refused_as_the_matrix_says(app):
    world = _world(app)
    people, values = world["people"], world["values"]
    rules = [r for r in app.url_map.iter_rules() if r.endpoint.split(".")[0] in AREAS]
    assert {r.endpoint for r in rules} == set(MATRIX), "every route is in the matrix"
    clients = {role: _client(app, role, people) for role in ROLES}
    wrong = []
    for rule in rules:
        url = _url(app, rule, values, people)
        for method, allowed in MATRIX[rule.endpoint].items():
            assert method in rule.methods, (rule.endpoint, method)
            for role in ROLES:
                expected = _expected(allowed, role)
                status = clients[role].open(url, method=method, data={}).status_code
                ok = (
                    status < 500 and status not in (403, 404)
                    if expected == "ok"
                    else status == expected
                )
                if not ok:
                    wrong.append((rule.endpoint, method, role, expected, status))
        for method in rule.methods - {"HEAD", "OPTIONS"} - set(MATRIX[rule.endpoint]):
            pytest.fail(f"{rule.endpoint} {method} is not in the matrix")
    assert not wrong, "\n".join(map(str, wrong))


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_a_class_that_does_not_exist_looks_like_one_that_is_not_yours(app):
    world = _world(app)
    people, values = world["people"], world["values"]
    other = _client(app, "other", people)
    owner = _client(app, "owner", people)
    cid, aid = values["cid"], values["aid"]
    for path in ("/classes/{c}/", "/classes/{c}/assignments/{a}/", "/classes/{c}/export.csv"):
        theirs = other.get(path.format(c=cid, a=aid))
        missing = owner.get(path.format(c=cid + 1000, a=aid))
        assert theirs.status_code == missing.status_code == 404
        title = [
            r.get_data(as_text=True).split("<title>")[1].split("</title>")[0]
            for r in (theirs, missing)
        ]
        assert title[0] == title[1]
    assert owner.get(f"/classes/{cid}/assignments/{aid + 1000}/").status_code == 404
    assert owner.get(f"/classes/{cid}/assignments/{aid}/items/nope").status_code == 404
    assert owner.get(f"/classes/{cid}/students/{people['other'].id}").status_code == 404
    student = _client(app, "student", people)
    assert student.get(f"/assignments/{aid + 1000}/").status_code == 404
    assert student.get(f"/assignments/{aid}/nope").status_code == 404


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_assigned_deals_tokens_and_managed_accounts_follow_the_issue_33_and_34_rules(app):
    """Outside the area's own routes: a finished assigned deal (table, review, play
    again) for each role and a classmate, before and after the last due time; an
    assignment's answer token on the public answer route; a student's maker co-teaching
    another teacher's class gives that teacher nothing."""
    from test_play import play_out

    from app.learning import bank, record

    world = _world(app)
    people, values = world["people"], world["values"]
    people["classmate"] = make_user(app, "matrix-classmate")
    with app.app_context():
        db.session.add(
            ClassStudent(
                class_id=values["cid"], user_id=people["classmate"].id, real_name="", note=""
            )
        )
        # the other teacher's own class, which the student joined and the maker co-teaches
        theirs = SchoolClass(name="Theirs", join_code="THEIRS23", notes="")
        db.session.add(theirs)
        db.session.flush()
        db.session.add(ClassTeacher(class_id=theirs.id, user_id=people["other"].id, role="owner"))
        db.session.add(ClassTeacher(class_id=theirs.id, user_id=people["owner"].id, role="co"))
        db.session.add(
            ClassStudent(class_id=theirs.id, user_id=people["student"].id, real_name="", note="")
        )
        db.session.commit()
        other_class = theirs.id
    clients = {role: _client(app, role, people) for role in (*ROLES, "classmate")}
    aid = values["aid"]
    url = clients["student"].get(f"/assignments/{aid}/deal/k1").headers["Location"]
    play_out(clients["student"], url)
    sees = {"student", "owner", "co"}
    wrong = []
    for when in ("before", "after"):
        if when == "after":
            app.config["NOW"] = clock.now().replace(year=clock.now().year + 2)
            sees = set(clients)
        for role, client in clients.items():
            for method, path in (("GET", url), ("GET", url + "/review"), ("POST", url + "/again")):
                status = client.open(path, method=method).status_code
                if (status in (200, 303)) != (role in sees):
                    wrong.append((when, role, method, path, status))
    app.config.pop("NOW", None)
    assert not wrong, "\n".join(map(str, wrong))
    # an assignment's token on the public answer route: refused, whoever posts it
    page = clients["student"].get(f"/assignments/{aid}/k1").get_data(as_text=True)
    token = page.split('name="token" value="', 1)[1].split('"', 1)[0]
    ex = bank.get("gen:chuanpai:count-hand:7")
    assert ex is not None
    for role, client in clients.items():
        r = client.post(f"/exercises/{ex.id}/answer", data={"token": token, "number": "1"})
        assert r.status_code == 422, role
    with app.app_context():
        assert record.read_token(token, ex) is None
    # the maker co-teaches the other's class: the other manages nothing of the maker's
    sid = people["student"].id
    other = clients["other"]
    for path in (
        f"/classes/{other_class}/students/{sid}/code",
        f"/classes/{other_class}/students/{sid}/password",
    ):
        assert other.post(path, data={"minutes": "15", "confirm": "y"}).status_code == 403
    owner = clients["owner"]
    assert (
        owner.post(
            f"/classes/{values['cid']}/students/{sid}/code", data={"minutes": "15"}
        ).status_code
        == 200
    )

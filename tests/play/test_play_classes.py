"""The "same deal for everyone" assignment kind (issue 16, item 5), SQLite and PostgreSQL.

A teacher assigns one deal (its seed drawn once); each student's link starts their own
deal with that seed (and resumes it after); the teacher's page compares the class's
decisions move by move.
"""

from __future__ import annotations

import html as htmllib
import re
from typing import Any

from classes_help import make_user
from test_classes import (  # noqa: F401  (helpers shared with the classes tests)
    FAR,
    PAST,
    capp,  # noqa: F401  (the classes tests' app, as a fixture here)
    fresh,
    make_students,
    new_class,
    signed_in,
    text,
)

from app.classes.models import AssignmentPart
from app.extensions import db
from app.learning.models import PlayDeal


def _assign_deal(client: Any, cid: int, game: str) -> int:
    r = client.post(
        f"/classes/{cid}/assignments/new",
        data={
            "game": game,
            "title": "同一副牌",
            "starts_at": PAST,
            "due_at": FAR,
            "pass_percent": "60",
            "deal": "on",
            "deal_seat": "1",
        },
    )
    assert r.status_code == 303, text(r)[:2000]
    return int(re.search(r"/assignments/(\d+)/", r.headers["Location"]).group(1))  # type: ignore[union-attr]


def test_the_same_deal_for_everyone(capp):  # noqa: F811  (the fixture)
    papp = capp
    t = make_user(papp, fresh("t"), "teacher")
    tc = signed_in(papp, t.username)
    cid = new_class(tc)
    (u1, p1), (u2, p2) = make_students(tc, cid, ["甲", "乙"])
    aid = _assign_deal(tc, cid, "hunan")
    with papp.app_context():
        part = db.session.scalar(db.select(AssignmentPart).filter_by(assignment_id=aid))
        assert part is not None and part.kind == "deal"
        seed, key = part.spec["seed"], part.spec["key"]
        assert part.spec["seat"] == 1
    assert "同一副牌" in text(tc.get(f"/classes/{cid}/assignments/{aid}/"))

    deals = []
    for name, password in ((u1, p1), (u2, p2)):
        sc = signed_in(papp, name, password)
        overview = text(sc.get(f"/assignments/{aid}/"))
        link = f"/assignments/{aid}/deal/{key}"
        assert link in overview
        r = sc.get(link)
        assert r.status_code == 303
        url = r.headers["Location"]
        assert sc.get(link).headers["Location"] == url  # resumed, not a second deal
        body = text(sc.get(url))
        moves = [htmllib.unescape(m) for m in re.findall(r'name="move" value="([^"]+)"', body)]
        assert moves  # the seed drawn gives the seat a decision
        pick = moves[0] if name == u1 else moves[-1]  # they choose differently when they can
        assert sc.post(url, data={"move": pick}).status_code == 303
        deals.append(url.rsplit("/", 1)[-1])
    with papp.app_context():
        rows = [db.session.get(PlayDeal, d) for d in deals]
        assert all(r is not None and r.assignment_id == aid and r.seed == seed for r in rows)
        assert rows[0].seat == rows[1].seat == 1  # type: ignore[union-attr]
    # another class's student cannot start it
    # a visitor signs in first (issue 41: any assignment link), and is told nothing before
    r = papp.test_client().get(f"/assignments/{aid}/deal/{key}")
    assert r.status_code == 302 and "/account/signin" in r.headers["Location"]
    assert tc.get(f"/assignments/{aid}/deal/{key}").status_code == 404  # the teacher's not in it
    assert sc.get(f"/assignments/{aid}/deal/nokey").status_code == 404

    page = text(tc.get(f"/classes/{cid}/assignments/{aid}/"))
    assert "The same deal for everyone" in page or "同一副牌" in page
    assert 'class="deal-compare"' in page
    assert "甲" in page and "乙" in page
    assert 'class="deal-steps"' in page

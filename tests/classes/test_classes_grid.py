"""A dashboard that answers at once (issue 41, point 7), SQLite and PostgreSQL: the grid
counted by the database is the grid worked out from every answer, and the results part
kept between requests is drawn again after every change it shows. (How fast:
``benchmarks/classes.py``.)"""

from __future__ import annotations

import re
import uuid
from datetime import timedelta
from typing import Any

from test_classes import (  # noqa: F401  (helpers shared with the classes tests)
    answer,
    assign,
    capp,  # noqa: F401  (the classes tests' app, as a fixture here)
    ctx,  # noqa: F401
    items,
    make_students,
    new_class,
    positions,
    read,
    right_answer,
    signed_in,
    teacher,
    text,
    user_id,
)

from app.classes import kinds, results, service
from app.classes.models import Assignment, ClassStudent
from app.extensions import db
from app.learning import bank, clock
from app.learning.judge import judge
from app.learning.models import Attempt, PlayDeal
from app.learning.record import stars_for
from app.models import LearnerProfile
from app.ui import stored

EN = {"Accept-Language": "en"}


def _wrong(ex: Any) -> tuple[str, str | None, dict[str, Any]]:
    """A wrong answer to ``ex`` with its misconception code and params (if any)."""
    from classes_help import wrong_answer

    given = wrong_answer(ex)
    v = judge(ex, given)
    mc = v.misconception
    return given, (mc.code if mc else None), (dict(mc.params) if mc else {})


def _write(profile: int, eid: str, a: Assignment, given: str, **fields: Any) -> None:
    db.session.add(
        Attempt(
            profile_id=profile,
            exercise_id=eid,
            game=a.game,
            context="exam" if a.exam else "assignment",
            context_ref=a.ref,
            answer=given,
            nonce=uuid.uuid4().hex,
            **{"correct": False, "params": {}, "hints": 0, "time_ms": 1500, **fields},
        )
    )


# -- the grid worked out in Python from every answer: what the database's count must equal


def _cell_from_every_answer(attempts: list[Any], exam: bool, due: Any) -> results.Cell:
    c = results.Cell(attempts=len(attempts), time_ms=sum(x.time_ms for x in attempts))
    if not attempts:
        return c
    c.first_right = results.right(attempts[0])
    c.last_answer = attempts[-1].answer
    c.shown = any(x.shown for x in attempts)
    for wrong, x in enumerate(attempts):
        if results.right(x):
            c.solved = True
            c.stars = stars_for(wrong, x.hints, False)
            break
    c.done = True if exam else c.solved
    c.late = any(x.created_at > due for x in attempts)
    return c


def _rows_from_every_answer(
    a: Assignment, items: list[results.ItemView], loaded: results.Loaded
) -> list[results.StudentRow]:
    members, attempts = loaded
    n_deals = len(results.deal_parts(a))
    played = results.deals_by_user(a, [u.id for _m, u in members]) if n_deals else {}
    ext = service.extensions_of(a)
    own = service.own_positions_of(a)
    out = []
    for m, u in members:
        due = max(a.due_at, ext[u.id]) if u.id in ext else a.due_at
        mine: dict[str, list[Any]] = {}
        for x in attempts.get(u.id, []):
            mine.setdefault(x.exercise_id, []).append(x)
        cells = [
            _cell_from_every_answer(
                mine.get(own.get((iv.item.id, u.id), "") if iv.own else iv.item.exercise_id, []),
                a.exam,
                due,
            )
            for iv in items
        ]
        dealt = [results.deal_cell(played.get(u.id), a.exam, due)] * n_deals
        out.append(results.StudentRow(m, u, due, cells, a.pass_percent, dealt))
    return out


def _mistakes_from_every_answer(
    a: Assignment, items: list[results.ItemView], loaded: results.Loaded, locale: str
) -> list[results.Mistake]:
    """The codes of the class's wrong answers, counted, most frequent first; a right
    answer given after the answer was shown is one more kind of mistake."""
    by_exercise = results._items_by_exercise(a, items)
    numbers = {eid: iv.number for eid, iv in by_exercise.items()}
    found: dict[str, results.Mistake] = {}
    for x, _u in results._all_attempts(a, loaded):
        if x.exercise_id not in numbers:
            continue
        if x.correct and x.shown:
            code = results.SHOWN
        elif x.correct or not x.misconception:
            continue
        else:
            code = x.misconception
        m = found.get(code)
        if m is None:
            text = (
                "Answered after the hint showed the answer"
                if code == results.SHOWN
                else stored.reason_line(
                    results._asked(by_exercise.get(x.exercise_id), x.exercise_id),
                    x.game,
                    code,
                    x.params,
                    locale,
                )
            )
            m = next((k for k in found.values() if k.message == text), None)
            if m is None:
                m = results.Mistake(code, text, 0)
            found[code] = m
        m.count += 1
        if numbers[x.exercise_id] not in m.items:
            m.items.append(numbers[x.exercise_id])
    out = sorted({id(m): m for m in found.values()}.values(), key=lambda m: (-m.count, m.code))
    for m in out:
        m.items.sort()
    return out


def test_the_grid_counted_by_the_database_is_the_grid_from_every_answer(ctx):  # noqa: F811
    _t, tc = teacher(ctx)
    cid = new_class(tc)
    made = make_students(tc, cid, ["甲", "乙", "丙", "丁"])
    aid = assign(
        tc, cid, position=positions(ctx, 3), own_gen="count-hand", own_count="1", title="Mixed"
    )
    for username, password in made[:3]:  # three of them open it: their own positions are made
        signed_in(ctx, username, password).get(f"/assignments/{aid}/")
    uids = [user_id(ctx, u) for u, _p in made]

    def fill() -> None:
        a = db.session.get(Assignment, aid)
        profiles = dict(
            db.session.execute(
                db.select(LearnerProfile.user_id, LearnerProfile.id).where(
                    LearnerProfile.user_id.in_(uids)
                )
            ).all()
        )
        for uid in uids:  # a record of their own, as their first answer would make
            if uid not in profiles:
                p = LearnerProfile(token=uuid.uuid4().hex, user_id=uid)
                db.session.add(p)
                db.session.flush()
                profiles[uid] = p.id
        own = service.own_positions_of(a)
        shared = [
            it.exercise_id for it in service.items_of(a) if not kinds.own_generator(it.exercise_id)
        ]
        start = a.due_at - timedelta(days=2)
        for s, uid in enumerate(uids[:3]):
            mine = shared + [e for (_i, u), e in own.items() if u == uid]
            for q, eid in enumerate(mine):
                ex = bank.get(eid)
                given, code, params = _wrong(ex)
                when = start + timedelta(minutes=10 * q + s)
                pattern = (s + q) % 4
                if pattern == 0:  # wrong, then right after two hints
                    _write(
                        profiles[uid],
                        eid,
                        a,
                        given,
                        misconception=code,
                        params=params,
                        created_at=when,
                    )
                    _write(
                        profiles[uid],
                        eid,
                        a,
                        right_answer(ex),
                        correct=True,
                        hints=2,
                        created_at=when + timedelta(minutes=1),
                    )
                elif pattern == 1:  # right after the answer was shown, then right
                    _write(
                        profiles[uid],
                        eid,
                        a,
                        right_answer(ex),
                        correct=True,
                        shown=True,
                        hints=3,
                        created_at=when,
                    )
                    _write(
                        profiles[uid],
                        eid,
                        a,
                        right_answer(ex),
                        correct=True,
                        created_at=when + timedelta(minutes=1),
                    )
                elif pattern == 2:  # wrong without a named mistake, late
                    _write(
                        profiles[uid],
                        eid,
                        a,
                        given,
                        misconception="",
                        created_at=a.due_at + timedelta(hours=1),
                    )
                else:  # right at once, late for all but the one with an extension
                    _write(
                        profiles[uid],
                        eid,
                        a,
                        right_answer(ex),
                        correct=True,
                        time_ms=61500,
                        created_at=a.due_at + timedelta(hours=s),
                    )
        db.session.commit()
        service.set_extension(a, uids[1], a.due_at + timedelta(hours=5))

    read(ctx, fill)

    def both(exam: bool) -> tuple[Any, Any]:
        with ctx.test_request_context(headers=EN):
            a = db.session.get(Assignment, aid)
            a.exam = exam  # read both ways; never committed
            counted = results.grid(a, "en")
            views = results.item_views(a, "en")
            loaded = results._load(a)
            rows = _rows_from_every_answer(a, views, loaded)
            found = _mistakes_from_every_answer(a, views, loaded, "en")
            # a student's own page: their own exercises, each cell with its last answer
            own = {}
            for uid in uids:
                mine = results.item_views(a, "en", uid)
                _v, row = results.student_row(a, uid, "en")
                by_user = _rows_from_every_answer(a, mine, results._load(a, only=uid))[0]
                own[uid] = (
                    [(c.attempts, c.done, c.stars, c.late, c.last_answer) for c in row.cells],
                    [(c.attempts, c.done, c.stars, c.late, c.last_answer) for c in by_user.cells],
                )
            db.session.rollback()

            def plain(row: Any) -> Any:
                cells = [
                    (
                        c.attempts,
                        c.first_right,
                        c.solved,
                        c.done,
                        c.stars,
                        c.time_ms,
                        c.late,
                        c.shown,
                    )
                    for c in row.cells
                ]
                return (row.user.id, cells, row.score, row.passed, row.done, row.late)

            for uid, (student_page, every) in own.items():
                assert student_page == every, uid
            assert any(c[4] for page, _e in own.values() for c in page)  # last answers read
            mistakes = [(m.code, m.message, m.count, m.items) for m in found]
            return (
                (
                    [plain(r) for r in counted.rows],
                    [(m.code, m.message, m.count, m.items) for m in counted.mistakes],
                ),
                ([plain(r) for r in rows], mistakes),
            )

    for exam in (False, True):
        counted, every = both(exam)
        assert counted == every
    rows, mistakes = counted
    assert len(rows) == 4 and rows[3][1] == [(0, None, False, False, 0, 0, False, False)] * 4
    assert any(c[7] for r in rows for c in r[1])  # answers after the answer was shown
    assert any(c[6] for r in rows for c in r[1]) and any(r[5] for r in rows)  # late ones
    assert mistakes and mistakes[0][2] >= 1


def _table(page: str) -> str:
    found = re.search(r'<table class="data grid">.*?</table>', page, re.S)
    assert found is not None
    return found.group(0)


def _results(page: str) -> str:
    """The parts of an assignment's page drawn from its results (what is kept), its form
    tokens (signed with the time of each request) left out."""
    start = page.index('<section aria-labelledby="parts-title">')
    part = page[start : page.index('<div class="cols">')]
    return re.sub(r'(name="csrf_token" value=")[^"]*', r"\1", part)


def _as_drawn_anew(tc: Any, grid: str) -> str:
    """The grid's page, checked to be the page drawn with nothing kept: the rows kept
    from before and the rows drawn again make the same page."""
    from app.classes import kept

    page = text(tc.get(grid, headers=EN))
    kept.clear()
    assert _results(text(tc.get(grid, headers=EN))) == _results(page)
    return page


def test_the_kept_grid_is_drawn_again_after_every_change_it_shows(ctx, monkeypatch):  # noqa: F811
    _t, tc = teacher(ctx)
    cid = new_class(tc)
    (u1, p1), (u2, _p2) = make_students(tc, cid, ["Mia", "Leo"])
    aid = assign(tc, cid, position=positions(ctx, 2), deal="on", deal_seat="0")
    grid = f"/classes/{cid}/assignments/{aid}/"
    first = text(tc.get(grid, headers=EN))
    with monkeypatch.context() as m:  # kept: not counted again while nothing changed

        def counted_again(*args: Any) -> Any:
            raise AssertionError("the grid was counted again")

        m.setattr(results, "grid", counted_again)
        assert _table(text(tc.get(grid, headers=EN))) == _table(first)
    assert "1 answer" not in first and "in progress" not in first

    # an answer: shown by the next request (the deals compared, kept apart, are not
    # drawn again: no deal changed)
    sc = signed_in(ctx, u1, p1)
    its = items(ctx, aid)
    ex = bank.get(its[0][1])
    assert answer(ctx, sc, aid, its[0], right_answer(ex)).status_code in (200, 303)
    with monkeypatch.context() as m:

        def compared_again(*args: Any) -> Any:
            raise AssertionError("the deals were compared again")

        m.setattr(results, "deal_reports", compared_again)
        page = text(tc.get(grid, headers=EN))
    assert "1 answer" in page and 'class="cell right"' in page
    assert _results(_as_drawn_anew(tc, grid)) == _results(page)

    # a second student's answer: their row drawn again beside the first one's, kept
    sc2 = signed_in(ctx, u2, _p2)
    assert answer(ctx, sc2, aid, its[1], right_answer(bank.get(its[1][1]))).status_code in (
        200,
        303,
    )
    page = _as_drawn_anew(tc, grid)
    assert page.count('class="cell right"') == 2

    # a name, the order, an extension: each shown at once
    uid1, uid2 = user_id(ctx, u1), user_id(ctx, u2)
    r = tc.post(f"/classes/{cid}/students/{uid1}", data={"real_name": "Mia Chen", "note": ""})
    assert r.status_code in (200, 303)
    page = _as_drawn_anew(tc, grid)
    assert "Mia Chen" in page
    assert page.index("Mia Chen") < page.index(">Leo<")
    r = tc.post(f"/classes/{cid}/order", data={"order": "pinyin", "next": grid})
    page = _as_drawn_anew(tc, grid)
    assert page.index(">Leo<") < page.index("Mia Chen")  # L before M
    r = tc.post(
        f"/classes/{cid}/assignments/{aid}/extensions",
        data={"student": str(uid2), "until": "2099-06-01T08:00"},
    )
    assert r.status_code in (200, 303)
    assert "until 2099-06-01" in _as_drawn_anew(tc, grid)

    # a deal begun, then ended with its comparison stored
    key = read(
        ctx,
        lambda: [p for p in service.parts_of(db.session.get(Assignment, aid)) if p.kind == "deal"][
            0
        ].spec["key"],
    )
    assert sc.get(f"/assignments/{aid}/deal/{key}").status_code == 303
    page = _as_drawn_anew(tc, grid)
    assert "in progress" in page

    def end() -> None:
        deal = db.session.scalar(db.select(PlayDeal).filter_by(assignment_id=aid))
        deal.status, deal.ended_at = "over", clock.now()
        deal.decisions, deal.agreed = 4, 3
        deal.result = {"scores": [2, -1, -1]}
        db.session.commit()

    read(ctx, end)
    page = _as_drawn_anew(tc, grid)
    assert "75% as the computer" in page and "3 of 4 decisions" in page
    assert "75% (3/4)" in page  # the deals compared, drawn again

    # a student removed from the class: gone from the grid and the extension form
    r = tc.post(f"/classes/{cid}/students/{uid2}/remove", data={"confirm": "y"})
    assert r.status_code in (200, 303)
    page = _as_drawn_anew(tc, grid)
    assert ">Leo<" not in page and not re.search(rf'<option value="{uid2}"', page)
    still = read(
        ctx,
        lambda: db.session.scalar(
            db.select(db.func.count()).select_from(ClassStudent).filter_by(class_id=cid)
        ),
    )
    assert still == 1


def test_the_kept_forms_carry_each_requests_own_form_token(ctx, monkeypatch):  # noqa: F811
    """The assignment's forms are kept as drawn for one teacher's request; every page
    shows the form token of its own session, and a form posted with it is taken."""
    t, tc = teacher(ctx)
    cid = new_class(tc)
    (_u, _p), (u2, _p2) = make_students(tc, cid, ["Mia", "Leo"])
    aid = assign(tc, cid, position=positions(ctx, 1))
    grid = f"/classes/{cid}/assignments/{aid}/"
    other = signed_in(ctx, t.username)  # the same teacher signed in elsewhere
    monkeypatch.setitem(ctx.config, "WTF_CSRF_ENABLED", True)

    def tokens(page: str) -> set[str]:
        found = set(re.findall(r'name="csrf_token"[^>]*value="([^"]+)"', page))
        found |= set(re.findall(r'"X-CSRFToken": "([^"]+)"', page))
        return found

    first = text(tc.get(grid, headers=EN))
    second = text(other.get(grid, headers=EN))  # the forms kept from the first
    assert len(re.findall(r'name="csrf_token"', first)) >= 3  # the forms', the page's own
    one, two = tokens(first), tokens(second)
    assert len(one) == 1 and len(two) == 1 and one != two
    r = other.post(
        f"/classes/{cid}/assignments/{aid}/extensions",
        data={
            "student": str(user_id(ctx, u2)),
            "until": "2099-06-01T08:00",
            "csrf_token": two.pop(),
        },
    )
    assert r.status_code in (200, 303)
    assert "until 2099-06-01" in text(tc.get(grid, headers=EN))


def test_the_grid_of_a_class_without_students(ctx):  # noqa: F811
    _t, tc = teacher(ctx)
    cid = new_class(tc)
    aid = assign(tc, cid, position=positions(ctx, 1))
    grid = f"/classes/{cid}/assignments/{aid}/"
    assert "No students in this class yet." in text(tc.get(grid, headers=EN))
    ((u, p),) = make_students(tc, cid, ["Mia"])
    assert ">Mia<" in text(tc.get(grid, headers=EN))

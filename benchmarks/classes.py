"""A class's dashboard (issue 41): the student × item grid, answered at once.

    .venv/bin/python benchmarks/classes.py [--rounds 15] [--pg URL]

Through the app (its test client, CSRF off, one process): a class of 30 students with an
assignment of 10 questions and one "same deal for everyone" part, every student having
answered every question (some twice) and played the deal to the end; then the same for
100 students and 30 questions. The teacher's ``GET /classes/<id>/assignments/<id>/`` is
timed (wall ms, median and worst of ``--rounds``), beside the bare endpoint
(``/api/health``) in the same run: once as asked again and again (the grid drawn once,
kept while nothing it shows changes), and once with a new answer written before each
request (the grid counted and drawn again every time). Each student has also answered
``--practice`` questions elsewhere (free practice: 300 each by default), as a class's
students have, which the grid must not read. Rows are written straight to the database
(the answers are not what is timed). The SQL statements of one request are counted
beside the times. SQLite in a temporary folder; ``--pg`` adds a PostgreSQL server URL
(a fresh database is made on it and dropped after).
Targets on PostgreSQL: 30 × 10 within 20 ms median, 100 × 30 within 60 ms, both ways
(a target counts as met only if the grid drawn again after each answer meets it too).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
import uuid
from datetime import timedelta

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from accounts import drop_pg, make_app, pg_database, teacher_client  # noqa: E402

TARGETS_MS = {(30, 10): 20.0, (100, 30): 60.0}
SIZES = [(30, 10), (100, 30)]


def seed(app, client, students: int, questions: int, practice: int = 0):  # type: ignore[no-untyped-def]
    """A class, its students, an assignment of ``questions`` items and a deal, all
    answered, and ``practice`` answers of each student in free practice; the grid's
    address and a function that writes one more answer."""
    from app.classes import pinyin
    from app.classes.models import Assignment, AssignmentItem, AssignmentPart, ClassStudent
    from app.extensions import db
    from app.learning import clock
    from app.learning.models import Attempt, PlayDeal
    from app.models import LearnerProfile, User

    r = client.post("/classes/new", data={"name": "Bench"})
    cid = int(re.search(r"/classes/(\d+)/", r.headers["Location"]).group(1))  # type: ignore[union-attr]
    with app.app_context():
        now = clock.now()
        a = Assignment(
            class_id=cid,
            title="Bench",
            game="chuanpai",
            starts_at=now - timedelta(days=1),
            due_at=now + timedelta(days=1),
            pass_percent=60,
            exam=False,
        )
        db.session.add(a)
        db.session.flush()
        part = AssignmentPart(assignment_id=a.id, position=0, kind="practice", spec={})
        deal = AssignmentPart(
            assignment_id=a.id,
            position=1,
            kind="deal",
            spec={"seed": 1, "seat": 0, "strength": "simple", "key": uuid.uuid4().hex[:12]},
        )
        db.session.add_all([part, deal])
        db.session.flush()
        eids = [f"gen:chuanpai:count-hand:{n}" for n in range(1, questions + 1)]
        for n, eid in enumerate(eids):
            db.session.add(
                AssignmentItem(
                    assignment_id=a.id,
                    part_id=part.id,
                    position=n,
                    exercise_id=eid,
                    key=uuid.uuid4().hex[:16],
                )
            )
        tag = uuid.uuid4().hex[:6]
        for s in range(students):
            u = User(username=f"s{tag}{s:03d}", role="learner", password_hash="x")
            db.session.add(u)
            db.session.flush()
            prof = LearnerProfile(token=f"{tag}-{s}", user_id=u.id)
            db.session.add(prof)
            db.session.flush()
            name = f"学生{s}"
            db.session.add(
                ClassStudent(
                    class_id=cid,
                    user_id=u.id,
                    real_name=name,
                    note="",
                    sort_key=pinyin.sort_key(name),
                )
            )
            for q, eid in enumerate(eids):
                tries = [False, True] if (s + q) % 3 == 0 else [True]
                for k, ok in enumerate(tries):
                    db.session.add(
                        Attempt(
                            profile_id=prof.id,
                            exercise_id=eid,
                            game="chuanpai",
                            context="assignment",
                            context_ref=a.ref,
                            answer="3",
                            correct=ok,
                            misconception=None if ok else "miscount",
                            params={},
                            hints=0,
                            time_ms=4000,
                            nonce=f"{tag}-{s}-{q}-{k}",
                            created_at=now,
                        )
                    )
            if practice:
                db.session.execute(
                    db.insert(Attempt),
                    [
                        {
                            "profile_id": prof.id,
                            "exercise_id": f"gen:chuanpai:count-hand:{1 + k % 50}",
                            "game": "chuanpai",
                            "context": "practice",
                            "context_ref": "",
                            "answer": "3",
                            "correct": k % 4 != 0,
                            "misconception": None if k % 4 else "miscount",
                            "params": {},
                            "hints": 0,
                            "time_ms": 4000,
                            "nonce": f"{tag}-{s}-p{k}",
                            "created_at": now - timedelta(minutes=k),
                        }
                        for k in range(practice)
                    ],
                )
            db.session.add(
                PlayDeal(
                    id=uuid.uuid4().hex[:16],
                    profile_id=prof.id,
                    game="hunan",
                    rules={},
                    seed=1,
                    seat=0,
                    code="x",
                    moves=[],
                    status="over",
                    result={"scores": [1, -1, 0]},
                    assignment_id=a.id,
                    ended_at=now,
                    decisions=8,
                    agreed=s % 9,
                )
            )
        db.session.commit()
        ref, player = a.ref, prof.id
        url = f"/classes/{cid}/assignments/{a.id}/"

    def answer() -> None:
        with app.app_context():
            db.session.add(
                Attempt(
                    profile_id=player,
                    exercise_id=eids[0],
                    game="chuanpai",
                    context="assignment",
                    context_ref=ref,
                    answer="4",
                    correct=False,
                    misconception="miscount",
                    params={},
                    hints=0,
                    time_ms=3000,
                    nonce=uuid.uuid4().hex,
                    created_at=clock.now(),
                )
            )
            db.session.commit()

    return url, answer


#: SQL statements sent since the count was last read (an engine event counts them)
STATEMENTS = [0]


def count_statements(app) -> None:  # type: ignore[no-untyped-def]
    from sqlalchemy import event

    from app.extensions import db

    with app.app_context():
        engine = db.engine

    def sent(*_args) -> None:  # type: ignore[no-untyped-def]
        STATEMENTS[0] += 1

    event.listen(engine, "before_cursor_execute", sent)


def timed(client, url: str, rounds: int, before=None) -> tuple[list[float], float, int]:  # type: ignore[no-untyped-def]
    """Wall ms of each request (sorted), the median CPU ms this process spent on one
    (the database server's work not included: on a shared machine, the steadier one)
    and the SQL statements of the last request."""
    out, cpu = [], []
    for _ in range(rounds):
        if before is not None:
            before()
        STATEMENTS[0] = 0
        t, c = time.perf_counter(), time.process_time()
        r = client.get(url)
        out.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
        assert r.status_code == 200, (url, r.status_code)
    return sorted(out), statistics.median(cpu), STATEMENTS[0]


def run(label: str, url: str, rounds: int, practice: int) -> bool:
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(url or f"sqlite:///{tmp}/bench.sqlite3", f"{tmp}/instance")
        count_statements(app)
        client = teacher_client(app)
        bare, bare_cpu, _n = timed(client, "/api/health", rounds)
        print(
            f"| {label} | bare /api/health | {statistics.median(bare):.1f} ({bare_cpu:.1f}) "
            f"| {bare[0]:.1f} / {bare[-1]:.1f} | | | |"
        )
        for students, questions in SIZES:
            grid, answer = seed(app, client, students, questions, practice)
            timed(client, grid, 2)  # warm: templates compiled, caches filled
            runs, runs_cpu, runs_n = timed(client, grid, rounds)
            fresh, fresh_cpu, fresh_n = timed(client, grid, rounds, before=answer)
            median = max(statistics.median(runs), statistics.median(fresh))
            target = TARGETS_MS[(students, questions)]
            mark = ""
            if label == "PostgreSQL" and median > target:
                mark = " MISSED"
                ok = False
            print(
                f"| {label} | {students} × {questions} + deal | {statistics.median(runs):.1f} "
                f"({runs_cpu:.1f}) | {runs[0]:.1f} / {runs[-1]:.1f} | {statistics.median(fresh):.1f} "
                f"({fresh_cpu:.1f}) | {fresh[0]:.1f} / {fresh[-1]:.1f} | {runs_n} / {fresh_n} |{mark}",
                flush=True,
            )
        from app.extensions import db

        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    return ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--pg", default="", help="a PostgreSQL server URL (its 'postgres' db)")
    ap.add_argument(
        "--practice", type=int, default=300, help="each student's answers in free practice"
    )
    a = ap.parse_args(argv)
    print(
        f"The teacher's grid, {a.rounds} requests each (wall ms in this process); each "
        f"student also has {a.practice} answers in free practice"
    )
    print(
        "(median ms: wall, and in brackets this process's CPU; the best of the rounds is"
        " what a machine with nothing else to do comes close to)"
    )
    print(
        "| database | grid | median ms | best / worst ms "
        "| after an answer: median ms | best / worst ms | SQL statements (kept / after an answer) |"
    )
    print("|---|---|---|---|---|---|---|")
    ok = run("SQLite", "", a.rounds, a.practice)
    if a.pg:
        url, name = pg_database(a.pg)
        try:
            ok = run("PostgreSQL", url, a.rounds, a.practice) and ok
        finally:
            drop_pg(a.pg, name)
    one, five, fifteen = os.getloadavg()
    print(
        f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} CPUs (higher: slower)"
    )
    targets = ", ".join(f"{s} × {q}: {t:.0f} ms" for (s, q), t in TARGETS_MS.items())
    print(("targets met" if ok else "TARGET MISSED") + f" (PostgreSQL median: {targets})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

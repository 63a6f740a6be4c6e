"""Load benchmark: gunicorn on 127.0.0.1 with PostgreSQL and Redis, driven by wrk.

    .venv/bin/python benchmarks/load.py [--workers 2] [--connections 50] [--seconds 10]
        [--rounds 3] [--students 30]

The full run takes about 4 minutes on two cores (a minute or two of preparation, then
3 rounds of three 10 s runs); a smoke run: ``--seconds 3 --rounds 1 --students 5``.

What it does (issue 17):
1. Makes a fresh PostgreSQL database (``BENCH_PG_ADMIN``, default
   ``postgresql+psycopg://postgres@127.0.0.1/postgres``), runs ``academy setup`` on it, and
   starts ``academy serve --prod`` (sync workers) with Redis for the limiter.
2. Prepares the requests of a mixed learner scenario in advance, through the app itself
   (visitor sessions with their CSRF tokens, one-time answer tokens, quiz runs), so the
   load generator only replays them (every visitor a returning learner with a record;
   every answer a new one, stored: each run's answer lines get one-time tokens of their
   own, and each wrk thread walks its own part of the lines): home 10 %, lesson step 25 %, exercise answer 20 %,
   practice position 15 %, quiz answer 15 %, count tool 10 %, progress page 5 %; and a
   teacher's dashboard: a class of ``--students`` teacher-made accounts who have each
   answered a ten-question assignment, its grid (``/classes/<id>/assignments/<id>/``)
   requested by the signed-in teacher.
3. Checks one request of each kind answers 200 (a teacher signed out is refused: the
   class is not found), then runs wrk (Debian's) alternating: the bare endpoint
   ``/api/ping`` of the same app, the scenario, the dashboard, ``--rounds`` times; prints
   requests/s, p50/p95/p99 and errors of each, each one's share of the bare endpoint, and
   the CPU the load generator used (wrk's own, from its rusage). Its request lines are
   replayed through the app by ``tests/test_load_benchmark.py``.
``--only dashboard`` runs the bare endpoint and the dashboard alone (no learner mix
prepared; the warm-up is the dashboard's).
Targets: the learner mix ≥ 25 % of the bare endpoint, p99 ≤ 150 ms; the dashboard ≥ 10 %
of the bare endpoint (issue 41); zero errors.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: the server runs on this script's own interpreter: its environment's ``academy``
ACADEMY = str(Path(sys.executable).parent / "academy")
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # classes_help: the answer forms, right and wrong

#: the teacher's dashboard's requests/s, as a share of the bare endpoint's (issue 41)
DASHBOARD_SHARE = 0.10

WEIGHTS = {
    "home": 10,
    "lesson": 25,
    "answer": 20,
    "practice": 15,
    "quiz": 15,
    "count": 10,
    "progress": 5,
}

LUA = r"""
local lines = {}
local i = 0
local threads = 0
function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end
function init(args)
  for line in io.lines(args[1]) do
    local m, p, c, b = line:match("^(%S+)\t(%S+)\t([^\t]*)\t(.*)$")
    local h = {["User-Agent"] = "academy-load"}
    if c ~= "" then h["Cookie"] = c end
    if m == "POST" then h["Content-Type"] = "application/x-www-form-urlencoded"; h["HX-Request"] = "true" end
    table.insert(lines, wrk.format(m, p, h, b ~= "" and b or nil))
  end
  -- each thread walks its own part of the lines (an answer's token is sent once)
  i = (id or 0) * math.floor(#lines / 2)
end
function request()
  i = i % #lines + 1
  return lines[i]
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests": %d, "seconds": %f, "p50": %f, "p95": %f, "p99": %f, "errors": %d, "kinds": {"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, e.connect + e.read + e.write + e.status + e.timeout,
    e.connect, e.read, e.write, e.status, e.timeout))
end
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def stop(server: subprocess.Popen[bytes] | None) -> None:
    """Stop gunicorn (its whole process group): gracefully, else after 30 s for good."""
    if server is None:
        return
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(10)


def make_database(admin: str) -> tuple[str, str]:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"academy_load_{uuid.uuid4().hex[:8]}"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    url = make_url(admin).set(database=name).render_as_string(hide_password=False)
    return name, url


def drop_database(admin: str, name: str) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as c:
        c.execute(
            text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :n"),
            {"n": name},
        )
        c.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
    engine.dispose()


def server_env(db_url: str, instance: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": db_url,
        "SECRET_KEY": "load-benchmark-secret",
        "REDIS_URL": os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14"),
        "INSTANCE_PATH": str(instance),
        "SIGNIN_RATE_LIMIT": "100000 per minute",
        "SIGNUP_RATE_LIMIT": "100000 per minute",
        "NEW_PASSWORD_RATE_LIMIT": "100000 per minute",
    }


UA = "academy-load"  # the load generator's User-Agent: a signed-in session is bound to it


def _cookie(client: object) -> str:
    parts = []
    for name in ("session", "learner"):
        c = client.get_cookie(name)  # type: ignore[attr-defined]
        if c is not None:
            parts.append(f"{name}={c.value}")
    return "; ".join(parts)


def _client(app: object) -> object:
    client = app.test_client()  # type: ignore[attr-defined]
    client.environ_base["HTTP_USER_AGENT"] = UA
    return client


def _answer_body(ex: object, answer: str, **fields: str) -> str:
    from urllib.parse import urlencode

    from classes_help import form_of

    return urlencode([*fields.items(), *form_of(ex, answer).items(multi=True)])  # type: ignore[arg-type]


def prepare(app: object, visitors: int, per_kind: int, rng: random.Random) -> dict[str, list[str]]:
    """Request lines per kind: METHOD, path, Cookie header, body (tab-separated)."""
    from urllib.parse import urlencode

    from classes_help import right_answer, wrong_answer

    from app.learning import bank, lessons, practice, record
    from app.learning.models import QuizSession

    out: dict[str, list[str]] = {k: [] for k in WEIGHTS}
    games = ["hunan", "guilin", "chuanpai", "chuanpai-tricks", "nantong"]
    clients = []
    for _ in range(visitors):
        c = _client(app)
        page = c.get("/exercises/").get_data(as_text=True)  # type: ignore[attr-defined]
        csrf = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)  # type: ignore[union-attr]
        clients.append((c, csrf))
    steps = [
        f"/lessons/{ls.game}/{ls.id}/{st.id}"
        for ls in lessons.all_lessons().values()
        for st in ls.steps
    ] or ["/lessons/"]
    exercises = list(bank.authored().values())
    positions = [
        f"/practice/{g}/p/{i.theme}/{i.seat}/{i.code}"
        for g, items in practice.library().items()
        for i in items
    ]
    with app.app_context():  # type: ignore[attr-defined]
        # returning learners: each visitor has answered once, so pages show a record
        for i, (c, csrf) in enumerate(clients):
            ex = exercises[i % len(exercises)]
            body = _answer_body(ex, right_answer(ex), csrf_token=csrf, token=record.issue_token(ex))
            c.post(  # type: ignore[attr-defined]
                f"/exercises/{ex.id}/answer",
                data=body,
                content_type="application/x-www-form-urlencoded",
                headers={"HX-Request": "true"},
            )
        for n in range(per_kind):
            c, csrf = clients[n % len(clients)]
            cookie = _cookie(c)
            out["home"].append(f"GET\t/\t{cookie}\t")
            out["lesson"].append(f"GET\t{rng.choice(steps)}\t{cookie}\t")
            out["progress"].append(f"GET\t/progress/{rng.choice(games)}\t{cookie}\t")
            if positions:
                out["practice"].append(f"GET\t{rng.choice(positions)}\t{cookie}\t")
            g = rng.choice(games)
            out["count"].append(
                f"GET\t/practice/{g}/count?{urlencode({'hand': _hand(g)})}\t{cookie}\t"
            )
            ex = rng.choice(exercises)
            answer = right_answer(ex) if rng.random() < 0.6 else wrong_answer(ex)
            body = _answer_body(ex, answer, csrf_token=csrf, token=_fresh_mark("exercise", ""))
            out["answer"].append(f"POST\t/exercises/{ex.id}/answer\t{cookie}\t{body}")
    for n in range(min(per_kind, 200)):  # quiz runs: a token per question of a real run
        c, csrf = clients[n % len(clients)]
        g = rng.choice(games)
        r = c.post(f"/quiz/{g}/start", data={"csrf_token": csrf, "unit": "all", "mode": "practice"})  # type: ignore[attr-defined]
        sid = r.headers.get("Location", "").split("/s/")[-1].split("?")[0]
        with app.app_context():  # type: ignore[attr-defined]
            from app.extensions import db

            session = db.session.get(QuizSession, sid)
            if session is None:
                continue
            for q, eid in enumerate(session.items[:5]):
                ex = bank.get(eid)
                if ex is None:
                    continue
                body = _answer_body(
                    ex,
                    right_answer(ex),
                    csrf_token=csrf,
                    token=_fresh_mark("quiz", sid, f"{g}/{q + 1}"),  # as the question page
                )
                out["quiz"].append(f"POST\t/exercises/{ex.id}/answer\t{_cookie(c)}\t{body}")
    return out


def prepare_dashboard(app: object, students: int, rng: random.Random) -> list[str]:
    """A teacher's class of ``students`` teacher-made accounts, a ten-question quiz
    assigned, every student's answers (some wrong first); the request line of the grid."""
    from classes_help import make_user, right_answer, wrong_answer

    from app.classes.models import AssignmentItem
    from app.extensions import db
    from app.learning import bank

    password = "load-teacher-cards-1"
    teacher = make_user(app, f"teacher{uuid.uuid4().hex[:6]}", "teacher", password)  # type: ignore[arg-type]
    tc = _client(app)
    signin = {"username": teacher.username, "password": password}
    assert tc.post("/account/signin", data=signin).status_code == 303  # type: ignore[attr-defined]
    r = tc.post("/classes/new", data={"name": "三年级二班"})  # type: ignore[attr-defined]
    cid = int(re.search(r"/classes/(\d+)/", r.headers["Location"]).group(1))  # type: ignore[union-attr]
    names = "\n".join(f"学生{i + 1}" for i in range(students))
    r = tc.post(f"/classes/{cid}/students/new", data={"names": names, "prefix": "load"})  # type: ignore[attr-defined]
    body = r.get_data(as_text=True)
    accounts = zip(
        re.findall(r'card-username">([^<]+)<', body),
        re.findall(r'card-password">([^<]+)<', body),
        strict=True,
    )
    r = tc.post(  # type: ignore[attr-defined]
        f"/classes/{cid}/assignments/new",
        data={
            "game": "chuanpai",
            "title": "第一周",
            "starts_at": "2020-01-01T08:00",
            "due_at": "2099-01-01T08:00",
            "pass_percent": "60",
            "quiz_unit": "all",
            "quiz_count": "10",
        },
    )
    aid = int(re.search(r"/assignments/(\d+)/", r.headers["Location"]).group(1))  # type: ignore[union-attr]
    with app.app_context():  # type: ignore[attr-defined]
        q = db.select(AssignmentItem).filter_by(assignment_id=aid)
        items = [
            (i.key, bank.get(i.exercise_id))
            for i in db.session.scalars(q.order_by(AssignmentItem.position))
        ]
    for username, pw in accounts:
        sc = _client(app)
        sc.post("/account/signin", data={"username": username, "password": pw})  # type: ignore[attr-defined]
        for key, ex in items:
            tries = (
                [wrong_answer(ex), right_answer(ex)] if rng.random() < 0.3 else [right_answer(ex)]
            )
            for given in tries:
                page = sc.get(f"/assignments/{aid}/{key}").get_data(as_text=True)  # type: ignore[attr-defined]
                token = re.search(r'name="token" value="([^"]+)"', page)
                if token is None:
                    break
                sc.post(  # type: ignore[attr-defined]
                    f"/assignments/{aid}/{key}/answer",
                    data=_answer_body(ex, given, token=token.group(1)),
                    content_type="application/x-www-form-urlencoded",
                )
    return [f"GET\t/classes/{cid}/assignments/{aid}/\t{_cookie(tc)}\t"]


HANDS = {
    "hunan": "x1 x2 x3 d1 d2 d3 x2 x7 x10 x4 x5 x6 d5 d6 d7 x9 x9 x9 d8 d8 x8",
    "guilin": "x1 x2 x3 d2 d7 d10 x4 x5 x6 x6 x6 x6 x9 x9 x9 d1 d1 x1 d3 d4 d5",
    "chuanpai": "66 26 66 44 46 55",
    "chuanpai-tricks": "66 66 11 11 44 44 13 13 55 55 33 33 56 46 45 36",
    "nantong": "2b 2b 2b 5t 5t 5t 1w 2w 3w 4w 5w 6w 7t 8t 9t 6b 7b 8b 9b 9b hh hh hh",
}


def _hand(game: str) -> str:
    return HANDS[game]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


def send(base: str, line: str) -> int:
    """One request line, as wrk sends it (no redirect followed); its status."""
    method, path, cookie, body = line.split("\t")
    req = urllib.request.Request(
        base + path, data=body.encode() if method == "POST" else None, method=method
    )
    req.add_header("User-Agent", UA)
    if cookie:
        req.add_header("Cookie", cookie)
    if method == "POST":
        req.add_header("Content-Type", "application/x-www-form-urlencoded")
        req.add_header("HX-Request", "true")
    try:
        with urllib.request.build_opener(_NoRedirect).open(req, timeout=30) as r:
            r.read()
            return int(r.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def preflight(base: str, lines: dict[str, list[str]]) -> bool:
    """A few requests of each kind, one at a time: every one must answer 200 (a teacher
    signed out is refused: the class is not found); prints each kind's median time
    alone."""
    ok = True
    took: dict[str, float] = {}
    for kind, some in lines.items():
        times = []
        for line in some[-5:]:
            start = time.perf_counter()
            status = send(base, line)
            times.append((time.perf_counter() - start) * 1000)
            if status != 200:
                print(f"preflight: {kind} {line.split(chr(9))[1][:80]} answered {status}")
                ok = False
        took[kind] = statistics.median(times)
    print("alone, median of 5: " + ", ".join(f"{k} {v:.0f} ms" for k, v in took.items()))
    return ok


#: stands for an answer line's one-time token until a run's lines are drawn (letters,
#: digits, dots, hyphens: left as they are by URL encoding)
_MARK = re.compile(r"FRESHTOKEN\.(\w+)\.([\w-]*)\.([\w%-]*)\.")  # (in a form body: / is %2F)


def _fresh_mark(context: str, ref: str, then: str = "") -> str:
    return f"FRESHTOKEN.{context}.{ref}.{then}."


def mix(
    app: object, requests: dict[str, list[str]], rng: random.Random, total: int = 20000
) -> list[str]:
    """A run's request lines in the scenario's weights. Every answer line gets a token
    of its own, issued now: each answer is a new one and is stored, as a learner's is
    (a replayed token would only be shown again, which is cheaper)."""
    kinds = [k for k in WEIGHTS if requests.get(k)]
    weights = [WEIGHTS[k] for k in kinds]
    return fill(app, [rng.choice(requests[k]) for k in rng.choices(kinds, weights, k=total)])


def fill(app: object, lines: list[str]) -> list[str]:
    """``lines`` with a new one-time token in place of each answer's mark."""
    from urllib.parse import unquote

    from app.learning import bank, record

    out = []
    with app.app_context():  # type: ignore[attr-defined]
        for line in lines:
            found = _MARK.search(line)
            if found is not None:
                ex = bank.get(line.split("\t")[1].split("/")[2])
                context, ref, then = found.groups()
                token = record.issue_token(ex, context, ref, unquote(then))  # type: ignore[arg-type]
                line = line[: found.start()] + token + line[found.end() :]
            out.append(line)
    return out


def run_wrk(
    url: str, lines: list[str] | None, connections: int, seconds: int, tmp: Path
) -> dict[str, float]:
    script = tmp / "mix.lua"
    script.write_text(LUA, encoding="utf-8")
    data = tmp / "requests.tsv"
    data.write_text("\n".join(lines or ["GET\t/api/ping\t\t"]) + "\n", encoding="utf-8")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [
            "wrk",
            "-t",
            "2",
            "-c",
            str(connections),
            "-d",
            f"{seconds}s",
            "--latency",
            "-s",
            str(script),
            url,
            "--",
            str(data),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    stats = json.loads(out.stdout.strip().splitlines()[-1])
    stats["rps"] = stats["requests"] / stats["seconds"]
    stats["generator_cpu"] = (
        after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    ) / stats["seconds"]
    return stats


def _load_average() -> str:
    """The machine's load (as ``uptime`` prints it): on a shared machine, figures under
    load are higher, and shares of the bare endpoint vary with it."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} CPUs"


def _errors(s: dict[str, Any]) -> str:
    if not s["errors"]:
        return "0"
    return f"{s['errors']} (" + ", ".join(f"{k} {v}" for k, v in s["kinds"].items() if v) + ")"


def _row(r: int, label: str, s: dict[str, float], bare: dict[str, float]) -> None:
    share = f"{s['rps'] / bare['rps']:.0%}" if s is not bare else "100%"
    print(
        f"| {r} | {label} | {s['rps']:.0f} | {share} | {s['p50']:.1f} | {s['p95']:.1f} | "
        f"{s['p99']:.1f} | {_errors(s)} | {s['generator_cpu']:.2f} cores |",
        flush=True,
    )


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--connections", type=int, default=50)
    ap.add_argument("--seconds", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--students", type=int, default=30, help="the dashboard's class size")
    ap.add_argument(
        "--only",
        choices=("all", "dashboard"),
        default="all",
        help="dashboard: the bare endpoint and the teacher's dashboard only (no learner mix)",
    )
    ap.add_argument(
        "--warmup",
        type=int,
        default=10,
        help="seconds of the learner mix first, not measured: a server in service has drawn "
        "its pages' shared pieces already (0: measure from a cold start)",
    )
    args = ap.parse_args()
    if shutil.which("wrk") is None:
        print("wrk is not installed: apt-get install -y wrk (Debian's load generator)")
        return 2
    admin = os.environ.get("BENCH_PG_ADMIN", "postgresql+psycopg://postgres@127.0.0.1/postgres")
    name, db_url = make_database(admin)
    tmp = Path(tempfile.mkdtemp(prefix="academy-load-"))
    env = server_env(db_url, tmp / "instance")
    port = free_port()
    server = None
    status = 0
    try:
        subprocess.run([ACADEMY, "setup"], env=env, check=True, capture_output=True)
        server = subprocess.Popen(
            [
                ACADEMY,
                "serve",
                "--prod",
                "--workers",
                str(args.workers),
                "--port",
                str(port),
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=(tmp / "server.log").open("w"),  # gunicorn's log and any traceback
            start_new_session=True,
        )
        os.environ.update(
            {k: v for k, v in env.items() if k in ("DATABASE_URL", "SECRET_KEY", "REDIS_URL")}
        )
        from app import create_app

        app = create_app({"INSTANCE_PATH": str(tmp / "instance"), "WTF_CSRF_ENABLED": True})
        rng = random.Random(7)
        started = time.perf_counter()
        only_grid = args.only == "dashboard"
        requests = {} if only_grid else prepare(app, visitors=100, per_kind=1500, rng=rng)
        # the teacher's pages through an app without CSRF (forms posted directly)
        plain = create_app({"INSTANCE_PATH": str(tmp / "instance"), "WTF_CSRF_ENABLED": False})
        dashboard = prepare_dashboard(plain, args.students, rng)
        prepared = time.perf_counter() - started
        base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.2)
        samples = {k: fill(app, v[-5:]) for k, v in requests.items() if v}
        if not preflight(base, {**samples, "dashboard": dashboard}):
            return 1
        print(
            f"gunicorn {args.workers} sync workers, PostgreSQL, Redis; wrk {args.connections} "
            f"connections, {args.seconds} s per run; prepared in {prepared:.0f} s: "
            + ", ".join(f"{k} {len(v)}" for k, v in requests.items())
            + f"; dashboard: a class of {args.students}, 10 questions each"
        )
        if args.warmup > 0:
            lines = dashboard if only_grid else mix(app, requests, rng)
            warm = run_wrk(base, lines, args.connections, args.warmup, tmp)
            print(
                f"warm-up (not counted): {args.warmup} s of the "
                f"{'dashboard' if only_grid else 'learner mix'}, "
                f"{warm['rps']:.0f} requests/s, p99 {warm['p99']:.0f} ms, errors {warm['errors']}"
            )
        print(_load_average())
        print(
            "| round | endpoint | requests/s | of bare | p50 ms | p95 ms | p99 ms | errors | wrk CPU |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
        shares, p99s, grids, errors = [], [], [], 0
        for r in range(1, args.rounds + 1):
            bare = run_wrk(base, None, args.connections, args.seconds, tmp)
            _row(r, "bare /api/ping", bare, bare)
            if not only_grid:
                mixed = run_wrk(base, mix(app, requests, rng), args.connections, args.seconds, tmp)
                _row(r, "learner mix", mixed, bare)
                shares.append(mixed["rps"] / bare["rps"])
                p99s.append(mixed["p99"])
                errors += int(mixed["errors"])
            grid = run_wrk(base, dashboard, args.connections, args.seconds, tmp)
            _row(r, "teacher dashboard", grid, bare)
            grids.append(grid["rps"] / bare["rps"])
            errors += int(grid["errors"])
        print(_load_average())
        ok = errors == 0 and min(grids) >= DASHBOARD_SHARE
        if not only_grid:
            ok = ok and min(shares) >= 0.25 and max(p99s) <= 150
            print(
                f"\nlearner mix / bare endpoint: {', '.join(f'{x:.0%}' for x in shares)} "
                f"(target ≥ 25 %); p99 {', '.join(f'{x:.0f}' for x in p99s)} ms (target ≤ 150)"
            )
        print(
            f"teacher dashboard / bare endpoint: {', '.join(f'{x:.0%}' for x in grids)} "
            f"(target ≥ {DASHBOARD_SHARE:.0%}); errors {errors} (target 0): "
            f"{'targets met' if ok else 'TARGETS MISSED'}"
        )
        status = 0 if ok else 1
    finally:
        stop(server)
        drop_database(admin, name)
    return status


if __name__ == "__main__":
    raise SystemExit(main())

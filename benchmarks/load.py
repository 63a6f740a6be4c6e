"""Load benchmark: gunicorn on 127.0.0.1 with PostgreSQL and Redis, driven by wrk.

    .venv/bin/python benchmarks/load.py [--workers 2] [--connections 50] [--seconds 10] [--rounds 3]

What it does (issue 17):
1. Makes a fresh PostgreSQL database (``BENCH_PG_ADMIN``, default
   ``postgresql+psycopg://postgres@127.0.0.1/postgres``), runs ``academy setup`` on it, and
   starts ``academy serve --prod`` (sync workers) with Redis for the limiter.
2. Prepares the requests of a mixed learner scenario in advance, through the app itself
   (visitor sessions with their CSRF tokens, one-time answer tokens, quiz runs), so the
   load generator only replays them (every visitor a returning learner with a record;
   an answer token replayed is shown again, not stored twice): home 10 %, lesson step 25 %, exercise answer 20 %,
   practice position 15 %, quiz answer 15 %, count tool 10 %, progress page 5 %; and a
   teacher's dashboard run when the classes area is there.
3. Runs wrk (Debian's) alternating: the bare endpoint ``/api/ping`` of the same app, then
   the scenario, ``--rounds`` times; prints requests/s, p50/p95/p99 and errors of each,
   the scenario's share of the bare endpoint, and the CPU the load generator used.
Targets: ≥ 25 % of the bare endpoint, p99 ≤ 150 ms, zero errors.
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
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

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
function init(args)
  for line in io.lines(args[1]) do
    local m, p, c, b = line:match("^(%S+)\t(%S+)\t([^\t]*)\t(.*)$")
    local h = {}
    if c ~= "" then h["Cookie"] = c end
    if m == "POST" then h["Content-Type"] = "application/x-www-form-urlencoded"; h["HX-Request"] = "true" end
    table.insert(lines, wrk.format(m, p, h, b ~= "" and b or nil))
  end
  i = math.random(#lines)
end
function request()
  i = i % #lines + 1
  return lines[i]
end
local bad = 0
function response(status, headers, body)
  if status >= 400 then bad = bad + 1 end
end
function done(summary, latency, requests)
  io.write(string.format('{"requests": %d, "seconds": %f, "p50": %f, "p95": %f, "p99": %f, "errors": %d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout))
end
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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


def _cookie(client: object) -> str:
    parts = []
    for name in ("session", "learner"):
        c = client.get_cookie(name)  # type: ignore[attr-defined]
        if c is not None:
            parts.append(f"{name}={c.value}")
    return "; ".join(parts)


def prepare(app: object, visitors: int, per_kind: int, rng: random.Random) -> dict[str, list[str]]:
    """Request lines per kind: METHOD, path, Cookie header, body (tab-separated)."""
    from urllib.parse import urlencode

    from app.learning import bank, lessons, practice, record
    from app.learning.models import QuizSession
    from app.learning.queries import solve

    out: dict[str, list[str]] = {k: [] for k in WEIGHTS}
    games = ["hunan", "guilin", "chuanpai", "chuanpai-tricks", "nantong"]
    clients = []
    for _ in range(visitors):
        c = app.test_client()  # type: ignore[attr-defined]
        page = c.get("/exercises/").get_data(as_text=True)
        csrf = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
        clients.append((c, csrf))
    steps = [
        f"/lessons/{ls.game}/{ls.id}/{st.id}"
        for ls in lessons.all_lessons().values()
        for st in ls.steps
    ] or ["/lessons/"]
    exercises = [
        ex
        for ex in bank.authored().values()
        if ex.kind in ("number", "choice", "choose-action", "true-false")
    ]
    positions = [
        f"/practice/{g}/p/{i.theme}/{i.seat}/{i.code}"
        for g, items in practice.library().items()
        for i in items
    ]
    with app.app_context():  # type: ignore[attr-defined]
        # returning learners: each visitor has answered once, so pages show a record
        for i, (c, csrf) in enumerate(clients):
            ex = exercises[i % len(exercises)]
            body = {
                "csrf_token": csrf,
                "token": record.issue_token(ex),
                **_field(ex, solve(ex).shown),
            }
            c.post(f"/exercises/{ex.id}/answer", data=body, headers={"HX-Request": "true"})
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
            if exercises:
                ex = rng.choice(exercises)
                answer = solve(ex).shown if rng.random() < 0.6 else _wrong(ex)
                body = urlencode(
                    {"csrf_token": csrf, "token": record.issue_token(ex), **_field(ex, answer)}
                )
                out["answer"].append(f"POST\t/exercises/{ex.id}/answer\t{cookie}\t{body}")
    for n in range(min(per_kind, 200)):  # quiz runs: a token per question of a real run
        c, csrf = clients[n % len(clients)]
        g = rng.choice(games)
        r = c.post(f"/quiz/{g}/start", data={"csrf_token": csrf, "unit": "all", "mode": "practice"})
        sid = r.headers.get("Location", "").split("/s/")[-1].split("?")[0]
        with app.app_context():  # type: ignore[attr-defined]
            from app.extensions import db

            session = db.session.get(QuizSession, sid)
            if session is None:
                continue
            for eid in session.items[:5]:
                ex = bank.get(eid)
                if ex is None or ex.kind not in ("number", "choice", "choose-action", "true-false"):
                    continue
                body = urlencode(
                    {
                        "csrf_token": csrf,
                        "token": record.issue_token(ex, "quiz", sid),
                        **_field(ex, solve(ex).shown),
                    }
                )
                out["quiz"].append(f"POST\t/exercises/{ex.id}/answer\t{_cookie(c)}\t{body}")
    return out


HANDS = {
    "hunan": "x1 x2 x3 d1 d2 d3 x2 x7 x10 x4 x5 x6 d5 d6 d7 x9 x9 x9 d8 d8 x8",
    "guilin": "x1 x2 x3 d2 d7 d10 x4 x5 x6 x6 x6 x6 x9 x9 x9 d1 d1 x1 d3 d4 d5",
    "chuanpai": "66 26 66 44 46 55",
    "chuanpai-tricks": "66 66 11 11 44 44 13 13 55 55 33 33 56 46 45 36",
    "nantong": "2b 2b 2b 5t 5t 5t 1w 2w 3w 4w 5w 6w 7t 8t 9t 6b 7b 8b 9b 9b hh hh hh",
}


def _hand(game: str) -> str:
    return HANDS[game]


def _field(ex: object, answer: str) -> dict[str, str]:
    kind = ex.kind  # type: ignore[attr-defined]
    if kind == "number":
        return {"number": answer}
    if kind == "true-false":
        truth, _, why = answer.partition(" ")
        return {"truth": truth, **({"why": why} if why else {})}
    return {"choice": answer}


def _wrong(ex: object) -> str:
    from app.learning.queries import solve

    shown = solve(ex).shown  # type: ignore[arg-type]
    if ex.kind == "number":  # type: ignore[attr-defined]
        return str(int(shown) + 1)
    if ex.kind == "true-false":  # type: ignore[attr-defined]
        return (
            ("false" if shown.startswith("true") else "true") + shown[shown.find(" ") :]
            if " " in shown
            else "false"
        )
    others = [c.id for c in ex.choices if c.id not in solve(ex).accepted]  # type: ignore[attr-defined]
    return others[0] if others else shown


def mix(requests: dict[str, list[str]], rng: random.Random, total: int = 20000) -> list[str]:
    kinds = [k for k in WEIGHTS if requests.get(k)]
    weights = [WEIGHTS[k] for k in kinds]
    return [rng.choice(requests[k]) for k in rng.choices(kinds, weights, k=total)]


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


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--connections", type=int, default=50)
    ap.add_argument("--seconds", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
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
    try:
        subprocess.run(
            [str(ROOT / ".venv/bin/academy"), "setup"], env=env, check=True, capture_output=True
        )
        server = subprocess.Popen(
            [
                str(ROOT / ".venv/bin/academy"),
                "serve",
                "--prod",
                "--workers",
                str(args.workers),
                "--port",
                str(port),
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        os.environ.update(
            {k: v for k, v in env.items() if k in ("DATABASE_URL", "SECRET_KEY", "REDIS_URL")}
        )
        from app import create_app

        app = create_app({"INSTANCE_PATH": str(tmp / "instance"), "WTF_CSRF_ENABLED": True})
        rng = random.Random(7)
        requests = prepare(app, visitors=100, per_kind=1500, rng=rng)
        scenario = mix(requests, rng)
        base = f"http://127.0.0.1:{port}"
        for _ in range(50):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.2)
        print(
            f"gunicorn {args.workers} sync workers, PostgreSQL, Redis; wrk {args.connections} connections, "
            f"{args.seconds} s per run; prepared: "
            + ", ".join(f"{k} {len(v)}" for k, v in requests.items())
        )
        print("| round | endpoint | requests/s | p50 ms | p95 ms | p99 ms | errors | wrk CPU |")
        print("|---|---|---|---|---|---|---|---|")
        shares = []
        for r in range(1, args.rounds + 1):
            bare = run_wrk(base, None, args.connections, args.seconds, tmp)
            mixed = run_wrk(base, scenario, args.connections, args.seconds, tmp)
            for label, s in (("bare /api/ping", bare), ("learner mix", mixed)):
                print(
                    f"| {r} | {label} | {s['rps']:.0f} | {s['p50']:.1f} | {s['p95']:.1f} | {s['p99']:.1f} | "
                    f"{s['errors']} | {s['generator_cpu']:.2f} cores |",
                    flush=True,
                )
            shares.append(mixed["rps"] / bare["rps"])
        print(
            f"\nlearner mix / bare endpoint: {', '.join(f'{x:.0%}' for x in shares)} (target ≥ 25 %)"
        )
    finally:
        if server is not None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(10)
        drop_database(admin, name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Failure figures: what learners see when a worker dies, when the database goes away,
and whether memory stays flat under a long moderate load (issue 17).

    .venv/bin/python benchmarks/failures.py [--minutes 30] [--workers 2] [--threads 8]

The full run takes about 33 minutes (a minute of preparation, about a minute for the
worker and database parts, then ``--minutes`` of moderate load). A smoke run of the whole
script in about a minute: ``--quick --minutes 0.2`` (shorter pauses, a 3 s cut: not figures).

Setup as benchmarks/load.py (gunicorn sync workers, PostgreSQL, Redis), except that the
app reaches PostgreSQL through a small TCP proxy in this script, which it can cut.
A pool of client threads replays the prepared learner requests (answers included), each
retried up to three times, 0.5 s apart, when it fails.

1. A worker killed mid-load (SIGKILL): failed requests before retrying, lost after.
2. The database unreachable for 10 s (the proxy refuses and drops connections): how fast
   requests fail, with what status and page, how soon they recover by themselves, and
   that no attempt is half-written (rows in ``attempts`` = answers the server accepted).
3. ``--minutes`` of moderate load: the workers' memory (RSS), sampled every 30 s, at the
   start, the end and its peak. The workers are never replaced in this run
   (``--max-requests 0``), so a leak would show.
4. No half-written attempt: the attempts stored during the run are the answers the
   server accepted (each answer token once), and every attempt outside an exam has its
   exercise state (an answer and its stars and skills are one transaction); and no
   database session was left idle inside a transaction, or waited on a lock, over 2 s
   (polled every 0.5 s through the whole run), and how many workers gunicorn killed for
   a timeout (reported first: a database out of connections cannot be counted after).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import contextlib

from load import (  # noqa: E402
    ACADEMY,
    drop_database,
    free_port,
    make_database,
    mix,
    prepare,
    server_env,
    stop,
)


def _hang_up(s: socket.socket) -> None:
    """Shut down, then close: a close alone leaves a socket open while another thread still
    waits in recv() or accept() on it (no FIN is sent, no waiter woken), and PostgreSQL
    would keep that backend, idle or in its transaction, for good."""
    with contextlib.suppress(OSError):
        s.shutdown(socket.SHUT_RDWR)
    with contextlib.suppress(OSError):
        s.close()


class Proxy:
    """127.0.0.1:port → PostgreSQL, with a switch that refuses and drops connections."""

    def __init__(self, target_port: int = 5432) -> None:
        self.target = ("127.0.0.1", target_port)
        self.port = free_port()
        self.up = threading.Event()
        self.up.set()
        self.conns: list[socket.socket] = []
        self.lock = threading.Lock()
        self.listener: socket.socket | None = self._listen()  # listening on return
        threading.Thread(target=self._serve, daemon=True).start()

    def _listen(self) -> socket.socket:
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", self.port))
        s.listen(128)
        s.settimeout(0.2)  # set once: a cut may close the listener at any moment
        return s

    def _serve(self) -> None:
        listener = self.listener
        while True:
            self.up.wait()
            if listener is None:
                try:
                    listener = self.listener = self._listen()
                except OSError:  # the old listener not released yet
                    time.sleep(0.05)
                    continue
            while self.up.is_set():
                try:
                    client, _ = listener.accept()
                except TimeoutError:
                    continue
                except OSError:
                    # closed by a cut, which may be over already (a short one): listen
                    # anew, not accept on the closed socket for good
                    break
                try:
                    upstream = socket.create_connection(self.target)
                except OSError:
                    client.close()
                    continue
                with self.lock:  # a cut since the accept: this pair is cut too
                    if not self.up.is_set():
                        client.close()
                        upstream.close()
                        continue
                    self.conns += [client, upstream]
                for a, b in ((client, upstream), (upstream, client)):
                    threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()
            with contextlib.suppress(OSError):
                listener.close()
            listener = None

    def _pipe(self, a: socket.socket, b: socket.socket) -> None:
        try:
            while True:
                data = a.recv(65536)
                if not data:
                    break
                b.sendall(data)
        except OSError:
            pass
        finally:
            _hang_up(a)  # (the other direction's thread waits in recv() on each)
            _hang_up(b)

    def cut(self) -> None:
        with self.lock:
            self.up.clear()
            if self.listener is not None:  # refuse new connections at once
                _hang_up(self.listener)  # (wakes an accept() waiting on it)
            for s in self.conns:
                _hang_up(s)
            self.conns.clear()

    def restore(self) -> None:
        self.up.set()


class StuckWatch:
    """Polls PostgreSQL (directly, not through the proxy) every 0.5 s for a session of the
    run's database idle inside a transaction, or waiting on a lock, for over 2 s: what a
    worker killed mid-transaction or a cut could leave behind, holding rows others wait on;
    and the most sessions the run's database had at once (the workers' pools bound them)."""

    QUERY = (
        "SELECT pid, state, coalesce(wait_event_type, ''), left(query, 80), "
        "extract(epoch FROM now() - state_change) "
        "FROM pg_stat_activity WHERE datname = %s AND now() - state_change > interval '2 s' "
        "AND (state = 'idle in transaction' OR wait_event_type = 'Lock')"
    )

    COUNT = "SELECT count(*) FROM pg_stat_activity WHERE datname = :n"

    def __init__(self, admin: str, name: str) -> None:
        self.admin, self.name = admin, name
        self.most = 0
        # (pid, state) → [statement, first seen (time.time()), longest seen stuck (s)]
        self.found: dict[tuple[int, str], list[Any]] = {}
        self.stop = threading.Event()
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self) -> None:
        from sqlalchemy import create_engine, text

        engine = create_engine(self.admin, isolation_level="AUTOCOMMIT", pool_size=1)
        query, count = text(self.QUERY.replace("%s", ":n")), text(self.COUNT)
        try:
            with engine.connect() as c:
                while not self.stop.wait(0.5):
                    for pid, state, wait, sql, age in c.execute(query, {"n": self.name}):
                        seen = self.found.setdefault(
                            (pid, f"{state} {wait}".strip()), [sql, time.time(), 0.0]
                        )
                        seen[2] = max(seen[2], float(age))
                    self.most = max(self.most, int(c.execute(count, {"n": self.name}).scalar()))
        finally:
            engine.dispose()


class Clients:
    """Threads replaying requests with retries; per-second tallies."""

    def __init__(self, base: str, lines: list[str], threads: int) -> None:
        self.base, self.lines, self.threads = base, lines, threads
        self.stop = threading.Event()
        self.events: list[tuple[float, int, float, int]] = []  # (time, status, ms, attempt)
        self.lost = 0
        self.accepted: set[str] = set()  # answer lines (one token each) the server took
        self.lock = threading.Lock()

    def _one(self, line: str) -> tuple[int, float, bytes]:
        method, path, cookie, body = (line.split("\t") + [""] * 4)[:4]
        req = urllib.request.Request(
            self.base + path, data=body.encode() if method == "POST" else None, method=method
        )
        if cookie:
            req.add_header("Cookie", cookie)
        if method == "POST":
            req.add_header("Content-Type", "application/x-www-form-urlencoded")
            req.add_header("HX-Request", "true")
        t = time.perf_counter()
        try:
            with urllib.request.urlopen(req, timeout=15) as r:
                data = r.read()
                return r.status, (time.perf_counter() - t) * 1000, data
        except urllib.error.HTTPError as e:
            return e.code, (time.perf_counter() - t) * 1000, e.read()
        except OSError:
            return 0, (time.perf_counter() - t) * 1000, b""

    def _run(self, seed: int) -> None:
        rng = random.Random(seed)
        while not self.stop.is_set():
            line = rng.choice(self.lines)
            for attempt in range(4):
                status, ms, body = self._one(line)
                with self.lock:
                    self.events.append((time.time(), status, ms, attempt))
                if 200 <= status < 400:
                    if line.startswith("POST") and b"verdict" in body:
                        with self.lock:
                            self.accepted.add(line)
                    break
                time.sleep(0.5)
            else:
                with self.lock:
                    self.lost += 1
            time.sleep(0.02)

    def start(self) -> None:
        for i in range(self.threads):
            threading.Thread(target=self._run, args=(i,), daemon=True).start()


def worker_pids(master: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True)
    return [int(x) for x in out.stdout.split()]


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def window(clients: Clients, start: float, end: float) -> Counter[int]:
    return Counter(s for t, s, _ms, _a in clients.events if start <= t < end)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--minutes", type=float, default=30)
    ap.add_argument("--threads", type=int, default=8)
    ap.add_argument("--quick", action="store_true", help="a smoke run: short pauses, 3 s cut")
    args = ap.parse_args()
    pause = 3.0 if args.quick else 10.0  # the load before, after a kill, the cut itself
    admin = os.environ.get("BENCH_PG_ADMIN", "postgresql+psycopg://postgres@127.0.0.1/postgres")
    name, db_url = make_database(admin)
    proxy = Proxy()
    proxied = db_url.replace("127.0.0.1/", f"127.0.0.1:{proxy.port}/").replace(
        "127.0.0.1:5432/", f"127.0.0.1:{proxy.port}/"
    )
    tmp = Path(tempfile.mkdtemp(prefix="academy-fail-"))
    env = server_env(proxied, tmp / "instance")
    env["DB_TIMEOUT"] = "2"
    port = free_port()
    server = None
    try:
        subprocess.run(
            [ACADEMY, "setup"],
            env={**env, "DATABASE_URL": db_url},
            check=True,
            capture_output=True,
        )
        server = subprocess.Popen(
            [
                ACADEMY,
                "serve",
                "--prod",
                "--workers",
                str(args.workers),
                "--port",
                str(port),
                "--max-requests",
                "0",
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=(tmp / "server.log").open("w"),  # gunicorn's log and any traceback
            start_new_session=True,
        )
        os.environ.update(
            {"DATABASE_URL": db_url, "SECRET_KEY": env["SECRET_KEY"], "REDIS_URL": env["REDIS_URL"]}
        )
        from app import create_app

        app = create_app({"INSTANCE_PATH": str(tmp / "instance")})
        rng = random.Random(3)
        visitors, per_kind = (10, 60) if args.quick else (40, 400)
        lines = mix(app, prepare(app, visitors=visitors, per_kind=per_kind, rng=rng), rng, 4000)
        from sqlalchemy import create_engine, text

        def attempts() -> int:
            engine = create_engine(db_url)
            with engine.connect() as c:
                n = int(c.execute(text("SELECT count(*) FROM attempts")).scalar() or 0)
            engine.dispose()
            return n

        before = attempts()  # the prepared visitors' first answers
        base = f"http://127.0.0.1:{port}"
        for _ in range(600):  # the master warms the pages before it listens
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1).read()
                break
            except OSError:
                time.sleep(0.2)
        gunicorn_master = server.pid  # `academy serve --prod` is the gunicorn master itself
        stuck = StuckWatch(admin, name)
        clients = Clients(base, lines, args.threads)
        clients.start()
        marks = [(time.time(), "load before the kill")]  # when each part began

        def phases(when: float) -> str:
            return [label for at, label in marks if at <= when][-1]

        time.sleep(pause)

        # 1. a worker killed mid-load
        workers = worker_pids(gunicorn_master)
        t0 = time.time()
        marks.append((t0, "the worker killed"))
        os.kill(workers[0], signal.SIGKILL)
        time.sleep(pause)
        w = window(clients, t0, time.time())
        first_failures = sum(
            1 for t, s, _ms, a in clients.events if t >= t0 and not (200 <= s < 400) and a == 0
        )
        print("1. A worker killed (SIGKILL) mid-load")
        print(f"   requests in the {pause:g} s after: {sum(w.values())}, statuses {dict(w)}")
        print(
            f"   failed before a retry: {first_failures}; lost after three retries: {clients.lost}"
        )

        # 2. the database unreachable for 10 s
        lost_before = clients.lost
        t1 = time.time()
        marks.append((t1, "the database cut"))
        proxy.cut()
        time.sleep(pause)
        proxy.restore()
        t2 = time.time()
        marks.append((t2, "after the cut"))
        time.sleep(pause + 5)
        during = [(s, ms) for t, s, ms, _a in clients.events if t1 <= t < t2]
        after = [(t, s) for t, s, _ms, _a in clients.events if t >= t2]
        recovered = next((t - t2 for t, s in after if s == 200), None)
        fail_ms = [ms for s, ms in during if s >= 500 or s == 0]
        print(f"2. The database unreachable for {pause:g} s")
        print(f"   during: {len(during)} requests, statuses {dict(Counter(s for s, _ in during))}")
        if fail_ms:
            print(
                f"   a failing request answered in {statistics.median(fail_ms):.0f} ms median, {max(fail_ms):.0f} ms at most"
            )
        print(
            f"   first success {recovered:.1f} s after the database came back"
            if recovered is not None
            else "   no success after"
        )
        print(f"   requests lost after three retries during the cut: {clients.lost - lost_before}")
        progress = next(x for x in lines if "\t/progress/" in x)  # a learner's own page
        cookie = progress.split("\t")[2]
        page = urllib.request.Request(
            base + progress.split("\t")[1], headers={"Accept-Language": "zh", "Cookie": cookie}
        )
        marks.append((time.time(), "the progress page in a cut"))
        proxy.cut()
        start = time.perf_counter()
        try:
            with urllib.request.urlopen(page, timeout=10) as r:
                code, body = r.status, r.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as e:
            code, body = e.code, e.read().decode("utf-8", "replace")
        took = (time.perf_counter() - start) * 1000
        said = "a Chinese page: “数据库没有响应”" if "数据库没有响应" in body else body[:80]
        print(f"   what a learner sees on their progress page: {code} in {took:.0f} ms, {said}")
        proxy.restore()
        time.sleep(5)

        # 3. a long moderate load: memory of the workers
        print(f"3. {args.minutes:g} minutes of moderate load ({args.threads} client threads)")
        samples: list[float] = []
        started = since = time.time()
        marks.append((started, "the moderate load"))
        end = started + args.minutes * 60
        while time.time() < end:
            samples.append(sum(rss_mb(p) for p in worker_pids(gunicorn_master)))
            now = time.time()
            seen = window(clients, since, now)
            failed = {k: v for k, v in seen.items() if not 200 <= k < 400}
            if len(samples) % 10 == 1 or failed:  # every 5 minutes, and whenever one failed
                print(
                    f"   {(now - started) / 60:>4.1f} min: {samples[-1]:.0f} MB"
                    + (
                        f", {sum(seen.values()) / (now - since):.0f} requests/s"
                        if now - since >= 1  # the first sample has no window before it
                        else ""
                    )
                    + (f", failed (status: count) {failed}" if failed else ""),
                    flush=True,
                )
            since = now
            time.sleep(min(30, max(1, end - time.time())))
        samples.append(sum(rss_mb(p) for p in worker_pids(gunicorn_master)))
        clients.stop.set()
        time.sleep(2)
        ok = sum(1 for _t, s, _ms, _a in clients.events if 200 <= s < 400)
        print(
            f"   workers' memory: {samples[0]:.0f} MB at the start, {samples[-1]:.0f} MB at the end, peak {max(samples):.0f} MB"
        )
        print(f"   requests answered: {ok}; lost after retries in the whole run: {clients.lost}")

        # 4. no half-written attempt: every accepted answer is one row, nothing more, and
        # no attempt without the state written in its transaction. What was seen stuck
        # first: a database that ran out of connections cannot be counted afterwards.
        print("4. No half-written attempt")
        stuck.stop.set()
        print(
            f"   sessions left idle in a transaction or waiting on a lock over 2 s: "
            f"{len(stuck.found)}"
            + "".join(
                f"\n     pid {pid} {what} for {long:.0f} s, seen {when - marks[0][0]:.0f} s into the run "
                f"({phases(when)}): {sql}"
                for (pid, what), (sql, when, long) in stuck.found.items()
            )
        )
        bound = args.workers * 10  # DB_POOL_SIZE 5 + DB_MAX_OVERFLOW 5 per worker
        print(
            f"   the database's sessions at most at once: {stuck.most} (the workers' pools "
            f"hold {bound} at most, the replaced worker's closed with it)"
        )
        errors = (tmp / "server.log").read_text(encoding="utf-8", errors="replace")
        causes = Counter(
            m.group(1)[:70] for m in re.finditer(r"database unavailable on \S+ \S+: (.*)", errors)
        )
        print(f"   the 503s' causes in the server's log: {dict(causes.most_common(4))}")
        print(
            f"   tracebacks in the server's log: {errors.count('Traceback')}, workers killed "
            f"for a timeout: {errors.count('WORKER TIMEOUT')} ({tmp / 'server.log'})"
        )
        stored = attempts() - before
        engine = create_engine(db_url)
        with engine.connect() as c:
            orphans = c.execute(
                text(
                    "SELECT count(*) FROM attempts a LEFT JOIN exercise_states s "
                    "ON s.profile_id = a.profile_id AND s.exercise_id = a.exercise_id "
                    "WHERE a.context <> 'exam' AND s.id IS NULL"
                )
            ).scalar()
        engine.dispose()
        print(
            f"   attempts stored during the run: {stored}; distinct answers the server "
            f"accepted: {len(clients.accepted)} (each answer token recorded once, or not at "
            f"all; more stored than accepted = an answer whose reply was lost in a cut)"
        )
        print(f"   attempts without their exercise state: {orphans}")
    finally:
        stop(server)
        drop_database(admin, name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

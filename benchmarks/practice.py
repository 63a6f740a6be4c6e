"""Practice and exercise speed (issues 11 and 13), printed, never asserted in a test.

    .venv/bin/python benchmarks/practice.py [--quick]

- a fresh themed position, per theme per game: median ms of ``practice.fresh`` (target ≤ 50);
- serving a position page and judging an answer: median server time of the request
  through the app's test client (target ≤ 20 ms each), on a practice position and on a
  demo exercise.
CPU time of this process (the machine is shared); each figure is the median of N runs.
"""

from __future__ import annotations

import os
import random
import re
import statistics
import sys
import tempfile
import time
from html import unescape

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from app.engine.core.registry import all_variants  # noqa: E402
from app.learning import bank, practice  # noqa: E402
from app.learning.queries import solve  # noqa: E402


def cpu_ms(fn, n: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for i in range(n):
        t = time.process_time()
        fn(i)
        times.append((time.process_time() - t) * 1000)
    return statistics.median(times)


def fresh_table(n: int) -> None:
    print("Fresh themed position, median CPU ms (target ≤ 50):")
    print("| game | theme | ms |")
    print("|---|---|---|")
    for v in all_variants():
        for tid in practice.themes(v.id):
            ms = cpu_ms(lambda i, g=v.id, t=tid: practice.fresh(g, t, random.Random(1000 + i)), n)
            print(f"| {v.id} | {tid} | {ms:.1f}{'' if ms <= 50 else ' MISSED'} |", flush=True)


def server_table(n: int) -> None:
    from flask_migrate import upgrade

    from app import create_app

    tmp = tempfile.mkdtemp()
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/b.sqlite3",
            "INSTANCE_PATH": f"{tmp}/i",
            "SECRET_KEY": "bench",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
        }
    )
    with app.app_context():
        upgrade()
    client = app.test_client()
    print("\nServer time per request, median CPU ms (target ≤ 20):")
    print("| what | ms |")
    print("|---|---|")
    pages = [
        f"/practice/{game}/p/{i.theme}/{i.seat}/{i.code}"
        for game, items in practice.library().items()
        for i in items[::7]
    ]
    demo = [f"/exercises/{ex.id}" for ex in bank.demo_set()[:10]]
    for label, urls in (("serve a practice position", pages), ("serve an exercise", demo)):
        if urls:
            ms = cpu_ms(lambda i, u=urls: client.get(u[i % len(u)]).close(), n)
            print(f"| {label} | {ms:.1f}{'' if ms <= 20 else ' MISSED'} |", flush=True)
    answers = []
    for url in (pages + demo)[:10]:
        html = client.get(url).get_data(as_text=True)
        post = unescape(re.search(r'action="(/exercises/[^"]+/answer)"', html).group(1))
        eid = post.split("/exercises/", 1)[1].rsplit("/answer", 1)[0]
        ex = bank.get(eid)
        if ex is None or ex.kind not in ("number", "choice", "choose-action"):
            continue
        field = "number" if ex.kind == "number" else "choice"
        answers.append((url, post, field, solve(ex).shown))

    def judge_once(i: int) -> None:
        url, post, field, value = answers[i % len(answers)]
        html = client.get(url).get_data(as_text=True)
        token = re.search(r'name="token" value="([^"]+)"', html).group(1)
        t = time.process_time()
        client.post(
            post, data={"token": token, field: value}, headers={"HX-Request": "true"}
        ).close()
        judge_once.ms.append((time.process_time() - t) * 1000)  # type: ignore[attr-defined]

    judge_once.ms = []  # type: ignore[attr-defined]
    if answers:
        for i in range(n):
            judge_once(i)
        ms = statistics.median(judge_once.ms)  # type: ignore[attr-defined]
        print(f"| judge and record an answer | {ms:.1f}{'' if ms <= 20 else ' MISSED'} |")


def main() -> None:
    quick = "--quick" in sys.argv
    fresh_table(5 if quick else 21)
    server_table(20 if quick else 100)


if __name__ == "__main__":
    main()

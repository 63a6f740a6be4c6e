"""Practice and exercise speed (issues 11 and 13), printed, never asserted in a test.

    .venv/bin/python benchmarks/practice.py [--quick]

- a fresh themed position, per theme per game: median ms of ``practice.fresh`` (target ≤ 50);
- serving a position page and judging an answer: median server time of the request
  through the app's test client (target ≤ 20 ms each), per game on library positions
  (the library loaded as in production), and on demo exercises.
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
    print("Fresh themed position, median CPU ms (target ≤ 50); found = runs that made one:")
    print("| game | theme | ms | found |")
    print("|---|---|---|---|")
    for v in all_variants():
        for tid in practice.themes(v.id):
            made: list[bool] = []

            def once(i: int, g: str = v.id, t: str = tid, made: list[bool] = made) -> None:
                made.append(practice.fresh(g, t, random.Random(1000 + i)) is not None)

            ms = cpu_ms(once, n)
            flag = "" if ms <= 50 and all(made) else " MISSED"
            print(f"| {v.id} | {tid} | {ms:.1f} | {sum(made)}/{n}{flag} |", flush=True)


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
        practice.load_library()
        from app.extensions import db

        db.session.commit()
    client = app.test_client()
    print("\nServer time per request, median CPU ms (target ≤ 20):")
    print("| game | serve a position | judge and record an answer |")
    print("|---|---|---|")
    for game, items in practice.library().items():
        pages = [f"/practice/{game}/p/{i.theme}/{i.seat}/{i.code}" for i in items[::5]]
        serve = cpu_ms(lambda i, u=pages: client.get(u[i % len(u)]).close(), n)
        judged = judge_ms(client, pages, n)
        print(f"| {game} | {_fig(serve)} | {_fig(judged)} |", flush=True)
    demo = [f"/exercises/{ex.id}" for ex in bank.demo_set()[:40]]
    serve = cpu_ms(lambda i: client.get(demo[i % len(demo)]).close(), n)
    print(f"| demo exercises | {_fig(serve)} | {_fig(judge_ms(client, demo, n))} |")


def _fig(ms: float | None) -> str:
    if ms is None:
        return "–"
    return f"{ms:.1f}{'' if ms <= 20 else ' MISSED'}"


def judge_ms(client, urls: list[str], n: int) -> float | None:  # type: ignore[no-untyped-def]
    """Median CPU ms of posting the engine's answer to a position's form (the page is
    fetched first for its one-time token, outside the timing). Each position is
    answered once, so every answer is a first attempt that moves the ratings."""
    answers = []
    for url in urls:
        html = client.get(url).get_data(as_text=True)
        post = unescape(re.search(r'action="(/exercises/[^"]+/answer)"', html).group(1))
        ex = bank.get(post.split("/exercises/", 1)[1].rsplit("/answer", 1)[0])
        if ex is not None and ex.kind in ("number", "choice", "choose-action"):
            answers.append((url, post, "number" if ex.kind == "number" else "choice", solve(ex)))
    times = []
    for url, post, field, sol in answers[:n]:
        html = client.get(url).get_data(as_text=True)
        token = re.search(r'name="token" value="([^"]+)"', html).group(1)
        t = time.process_time()
        client.post(
            post, data={"token": token, field: sol.shown}, headers={"HX-Request": "true"}
        ).close()
        times.append((time.process_time() - t) * 1000)
    return statistics.median(times) if times else None


def main() -> None:
    quick = "--quick" in sys.argv
    fresh_table(5 if quick else 21)
    server_table(20 if quick else 100)


if __name__ == "__main__":
    main()

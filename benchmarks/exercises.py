"""Exercise speed (issues 11 and 14), printed, never asserted in a test.

    .venv/bin/python benchmarks/exercises.py [--quick]

Median server time (CPU of this process; the machine is shared) of a request through the
app's test client, target ≤ 20 ms each:

- serving an exercise step: the demo set round-robin over kinds and games, each kind on
  its own, and a quiz question as htmx asks for it;
- judging and recording an answer: the same exercises, half the answers wrong (so the
  misconception is diagnosed and the refutation drawn), each kind on its own.

(benchmarks/practice.py measures the practice positions.)
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from app.engine.core.registry import all_variants  # noqa: E402
from app.learning import bank  # noqa: E402
from app.learning.queries import solve  # noqa: E402


def cpu_ms(fn, n: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for i in range(n):
        t = time.process_time()
        fn(i)
        times.append((time.process_time() - t) * 1000)
    return statistics.median(times)


def answer_form(ex, answer: str) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """The form a learner's browser posts for ``answer`` (canonical text) of ``ex``."""
    if ex.kind == "number":
        return {"number": answer}
    if ex.kind in ("choice", "choose-action"):
        return {"choice": answer}
    if ex.kind == "order":
        return {f"rank-{c}": str(i) for i, c in enumerate(answer.split(), start=1)}
    if ex.kind == "true-false":
        truth, _, why = answer.partition(" ")
        return {"truth": truth, **({"why": why} if why else {})}
    return {"pick": answer.split()}


def server_table(n: int) -> None:
    from flask_migrate import upgrade

    from app import create_app
    from app.learning.exercise import KINDS

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
    # the demo set round-robin over games and kinds, so every kind of every game is served
    demo = sorted(bank.demo_set(), key=lambda e: (KINDS.index(e.kind), e.game, e.id))
    by_kind = {k: [e for e in demo if e.kind == k] for k in KINDS}
    mixed = [ex for group in zip(*by_kind.values(), strict=False) for ex in group]
    for ex in mixed[:60]:  # warm: every exercise solved once, as on a running server
        client.get(f"/exercises/{ex.id}").close()
    rows = [("serve an exercise", mixed)]
    rows += [(f"serve an exercise: {k}", by_kind[k]) for k in KINDS]
    for label, items in rows:
        urls = [f"/exercises/{ex.id}" for ex in items]
        if urls:
            ms = cpu_ms(lambda i, u=urls: client.get(u[i % len(u)]).close(), n)
            print(f"| {label} | {ms:.1f}{'' if ms <= 20 else ' MISSED'} |", flush=True)
    quiz_step(client, n)

    def judged(exercises: list) -> float:  # type: ignore[type-arg]
        times = []
        for i in range(n):
            ex = exercises[i % len(exercises)]
            html = client.get(f"/exercises/{ex.id}").get_data(as_text=True)
            token = re.search(r'name="token" value="([^"]+)"', html).group(1)
            sol = solve(ex).shown
            data = {"token": token, **answer_form(ex, sol if i % 2 else wrong(ex, sol))}
            t = time.process_time()
            client.post(
                f"/exercises/{ex.id}/answer", data=data, headers={"HX-Request": "true"}
            ).close()
            times.append((time.process_time() - t) * 1000)
        return statistics.median(times)

    for label, items in [("judge and record an answer", mixed)] + [
        (f"judge and record: {k}", by_kind[k]) for k in KINDS
    ]:
        ms = judged(items)
        print(f"| {label} | {ms:.1f}{'' if ms <= 20 else ' MISSED'} |", flush=True)


def wrong(ex, shown: str) -> str:  # type: ignore[no-untyped-def]
    """An answer that means something else (half the judged answers are wrong: the
    misconception is diagnosed and the refutation drawn)."""
    if ex.kind == "number":
        return str(int(shown) + 1)
    if ex.kind in ("choice", "choose-action"):
        accepted = solve(ex).accepted
        return next((c.id for c in ex.choices if c.id not in accepted), shown)
    if ex.kind == "order":
        ids = shown.split()
        return " ".join([ids[1], ids[0], *ids[2:]]) if len(ids) > 1 else shown
    if ex.kind == "true-false":
        truth, _, why = shown.partition(" ")
        return ("false" if truth == "true" else "true") + (f" {why}" if why else "")
    cards = shown.split()
    return " ".join(cards[1:]) if len(cards) > 1 else shown


def quiz_step(client, n: int) -> None:  # type: ignore[no-untyped-def]
    """A question of a quiz (a step served inside the quiz's page, with htmx)."""
    urls = []
    for v in all_variants():
        resp = client.post(f"/quiz/{v.id}/start", data={"unit": "all", "mode": "practice"})
        base = resp.headers["Location"].split("?")[0]
        urls += [f"{base}?q={q}" for q in range(10)]
    for u in urls:  # warm: generated questions made once
        client.get(u, headers={"HX-Request": "true"}).close()
    ms = cpu_ms(
        lambda i: client.get(urls[i % len(urls)], headers={"HX-Request": "true"}).close(), n
    )
    print(f"| serve a quiz question (htmx) | {ms:.1f}{'' if ms <= 20 else ' MISSED'} |", flush=True)


def main() -> None:
    server_table(20 if "--quick" in sys.argv else 100)


if __name__ == "__main__":
    main()

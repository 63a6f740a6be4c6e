"""``academy serve --prod``: gunicorn in this process's place, sync workers.

One worker per core plus one by default (``--workers`` or ``WEB_CONCURRENCY`` override).
Nothing a learner does lives in one worker's memory: the record is in the database,
limits in Redis (``REDIS_URL``).

The app is built once in the master and warmed there (:func:`warm`: the content read,
every lesson step and practice position drawn once, an exercise of each kind answered with
its writes undone), then the workers are forked from it: a worker starts,
or is replaced (``max_requests``, or killed), in milliseconds with every cache full,
instead of spending seconds of CPU re-reading the content while its requests wait (and
what it inherits is frozen out of the garbage collector's walks). The
master's database connections are closed before the fork, and each worker forgets the
pool it inherited (SQLAlchemy's advice for forking) and reads once through its own.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from typing import TYPE_CHECKING, Any

from gunicorn.app.base import BaseApplication

if TYPE_CHECKING:
    from flask import Flask


def default_workers() -> int:
    return (os.cpu_count() or 1) + 1


class _Server(BaseApplication):
    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in self.cfg.settings:  # settings this gunicorn knows (control_socket: 23+)
                self.cfg.set(key, value)

    def load(self) -> Any:
        from app import create_app

        app = create_app()
        warm(app)
        return app


def warm_paths() -> tuple[list[str], list[str]]:
    """The pages whose first drawing is slow (content read, pictures, answers solved):
    the indexes (drawn in both languages), every lesson step and every position of the
    practice library (in one: what a step or position caches, its answers solved, does
    not depend on the language; its drawn pieces are kept in the default one, Chinese)."""
    from app.content import games_structure
    from app.learning import lessons, practice

    games = [g["id"] for g in games_structure()]
    fixed = ["/", "/lessons/", "/exercises/", "/practice/", "/cards/", "/progress/", "/review"]
    fixed += ["/glossary", "/compare", "/play/"]
    per_game = [p for g in games for p in (f"/lessons/{g}/", f"/practice/{g}/", f"/quiz/{g}/")]
    steps = [
        f"/lessons/{ls.game}/{ls.id}/{st.id}"
        for ls in lessons.all_lessons().values()
        for st in ls.steps
    ]
    steps += [
        f"/practice/{g}/p/{i.theme}/{i.seat}/{i.code}"
        for g, items in practice.library().items()
        for i in items
    ]
    return fixed + per_game, steps


def warm(app: Flask) -> None:
    """Draw the slow pages once, as a first visitor, in this process (gunicorn's master,
    before the fork). Never fails: a page that cannot be drawn (the database not set up,
    or down) is simply not warmed. Leaves no connection open."""
    import time

    from app.extensions import db

    started = time.perf_counter()
    client = app.test_client()
    drawn = 0
    try:
        # the models' relations are worked out at the first record made, not the first
        # page read: tens of ms of an answer's time in each new worker, done here once
        from sqlalchemy.orm import configure_mappers

        configure_mappers()
        indexes, steps = warm_paths()
        for lang, paths in (("en", indexes), ("zh", indexes + steps)):
            client.set_cookie("lang", lang)
            for path in paths:
                with contextlib.suppress(Exception):  # best effort
                    drawn += client.get(path).status_code == 200
        drawn += warm_answers(app)
    except Exception:  # noqa: BLE001 - no content to list: nothing is warmed
        pass
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    # What the master holds now lives as long as the workers: moved out of the garbage
    # collector's reach (gc.freeze), so that no collection in a worker walks it. A
    # worker's full collection would otherwise visit every cached page (tens of ms, a
    # pause in some request) and write to each object's header, copying the master's
    # memory page by page into the worker.
    gc.collect()
    gc.freeze()
    print(
        f"warmed {drawn} pages in {time.perf_counter() - started:.1f} s",
        file=sys.stderr,
        flush=True,
    )


def _answer_fields(ex: Any, right: bool) -> list[tuple[str, str]]:
    """The answer form's fields for a right answer to ``ex`` or a wrong one (which the
    judge diagnoses), as its page sends them."""
    from app.learning.queries import solve

    solved = solve(ex)
    shown = solved.shown
    if ex.kind == "pick-cards":
        cards = shown.split()
        wrong = " ".join(cards[1:]) if len(cards) > 1 else f"{shown} {shown}"
        return [("cards", shown if right else wrong)]
    if ex.kind == "number":
        return [("number", shown if right else str(int(shown) + 1))]
    if ex.kind in ("choice", "choose-action"):
        other = next(c.id for c in ex.choices if c.id not in solved.accepted)
        return [("choice", shown if right else other)]
    if ex.kind == "order":
        ids = shown.split()
        if not right:
            ids = [ids[1], ids[0], *ids[2:]]
        return [(f"rank-{cid}", str(i + 1)) for i, cid in enumerate(ids)]
    truth, _, why = shown.partition(" ")
    if not right:
        truth = "false" if truth == "true" else "true"
    return [("truth", truth), *([("why", why)] if why else [])]


def warm_answer_steps() -> list[str]:
    """A lesson step of each kind of exercise in each game (its first)."""
    from app.learning import lessons

    seen: dict[tuple[str, str], str] = {}
    for ls in lessons.all_lessons().values():
        for st in ls.steps:
            if st.exercise is not None:
                key = (ls.game, st.exercise.kind)
                seen.setdefault(key, f"/lessons/{ls.game}/{ls.id}/{st.id}")
    return list(seen.values())


def _warm_answer(app: Flask, address: str, ex: Any, right: bool) -> bool:
    """A new visitor reads ``address`` and sends its answer form: whether it was taken."""
    import re
    from html import unescape

    from werkzeug.datastructures import MultiDict

    client = app.test_client()
    client.set_cookie("lang", "zh")
    page = client.get(address).get_data(as_text=True)
    form = re.search(r'<form class="answer-form"[^>]*action="([^"]+)"(.*?)</form>', page, re.S)
    if form is None:
        return False
    fields = [
        (k, unescape(v))
        for k, v in re.findall(
            r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(2)
        )
    ]
    try:
        fields += _answer_fields(ex, right)
        r = client.post(
            unescape(form.group(1)), data=MultiDict(fields), headers={"HX-Request": "true"}
        )
    except Exception:  # noqa: BLE001 - best effort
        return False
    return r.status_code == 200


def warm_answers(app: Flask, steps: int | None = None) -> int:
    """Answer a lesson exercise of each kind in each game, each as a new visitor would
    (the page read, its form sent as htmx sends it), with every write undone: the
    database's commit is a rollback meanwhile. What a first answer does once per process
    (the insert statements compiled, the verdict's templates, the judges' tables) is then
    done before the fork, not in a learner's first answer. A right and a wrong answer to
    each (of the first ``steps`` steps only, if given); returns how many were taken."""
    from app.extensions import db
    from app.learning import lessons

    by_address = {
        f"/lessons/{ls.game}/{ls.id}/{st.id}": st.exercise
        for ls in lessons.all_lessons().values()
        for st in ls.steps
        if st.exercise is not None
    }
    with app.app_context():
        dialect = db.engine.dialect
    dialect.do_commit = lambda dbapi_connection: dbapi_connection.rollback()  # type: ignore[method-assign]  # the warm-up's writes are rolled back
    answered = 0
    try:
        for address in warm_answer_steps()[:steps]:
            for right in (True, False):
                answered += _warm_answer(app, address, by_address[address], right)
    finally:
        del dialect.do_commit
        with app.app_context():
            db.session.remove()
    return answered


def _post_fork(_server: Any, worker: Any) -> None:
    """In a new worker: drop the connection pool inherited from the master (closed there
    before the fork) without touching its sockets, then open the worker's own connection
    and answer once through it, every write undone (the database's schema loaded, a
    PostgreSQL session set up, the memory an answer touches copied from the master's):
    so that the worker's first learner does not wait for that."""
    app = worker.app.wsgi()
    from app.extensions import db

    with app.app_context():
        db.engine.dispose(close=False)
    with contextlib.suppress(Exception):  # the database down or not set up: later
        warm_answers(app, steps=1)


def gunicorn_options(
    host: str, port: int, workers: int | None, timeout: int = 30, max_requests: int = 100_000
) -> dict[str, Any]:
    """gunicorn's settings: sync workers, ``workers`` or ``WEB_CONCURRENCY`` or cores + 1."""
    n = workers or int(os.environ.get("WEB_CONCURRENCY", 0) or 0) or default_workers()
    return {
        "bind": f"{host}:{port}",
        "workers": n,
        "worker_class": "sync",
        "timeout": timeout,
        "graceful_timeout": 20,
        # a worker is replaced now and then: a safety net only (memory was measured flat
        # without it), rare, since a new worker has to draw again what its forerunner drew
        "max_requests": max_requests,
        "max_requests_jitter": max_requests // 10,
        "accesslog": None,  # the app's own JSON access log (ACCESS_LOG=1)
        "errorlog": "-",
        "preload_app": True,  # built and warmed once in the master (see above)
        "post_fork": _post_fork,
        # no control socket ($HOME/.gunicorn/gunicorn.ctl, shared by every instance)
        "control_socket_disable": True,
    }


def run_gunicorn(
    host: str,
    port: int,
    workers: int | None,
    timeout: int = 30,
    limiter_storage: str = "",
    max_requests: int = 100_000,
) -> None:
    options = gunicorn_options(host, port, workers, timeout, max_requests)
    n = options["workers"]
    print(f"Long Card Academy (gunicorn, {n} sync workers) on http://{host}:{port}/", flush=True)
    if n > 1 and limiter_storage.startswith("memory://"):
        print(
            f"warning: the rate limits count in each worker's memory ({n} workers: up to {n} "
            "times the configured tries); set REDIS_URL=redis://127.0.0.1:6379/0",
            file=sys.stderr,
            flush=True,
        )
    _Server(options).run()

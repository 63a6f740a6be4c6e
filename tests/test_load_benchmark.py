"""The load benchmark's requests (benchmarks/load.py), replayed here through the app: the
lines it prepares for wrk must each be a real request that answers 200 (a line that
went stale, say a form field renamed or a token refused, would measure an error page and
no longer the scenario), and every answer line must store a new attempt."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from app.extensions import db
from app.learning.models import Attempt

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def load() -> Any:
    spec = importlib.util.spec_from_file_location("load_benchmark", ROOT / "benchmarks/load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _replay(app: Any, load: Any, line: str) -> int:
    """One request line as wrk sends it (the cookie and headers of the line, no jar)."""
    method, path, cookie, body = line.split("\t")
    headers = {"User-Agent": load.UA}
    if cookie:
        headers["Cookie"] = cookie
    kwargs: dict[str, Any] = {}
    if method == "POST":
        headers["HX-Request"] = "true"
        kwargs = {"data": body, "content_type": "application/x-www-form-urlencoded"}
    client = app.test_client(use_cookies=False)
    return int(client.open(path, method=method, headers=headers, **kwargs).status_code)


def _attempts(app: Any) -> int:
    with app.app_context():
        return int(db.session.scalar(db.select(db.func.count(Attempt.id))) or 0)


def test_every_line_of_the_learner_mix_answers_200_and_each_answer_is_stored(app, load):
    rng = random.Random(3)
    requests = load.prepare(app, visitors=3, per_kind=4, rng=rng)
    assert set(requests) == set(load.WEIGHTS)
    assert all(requests[k] for k in load.WEIGHTS), {k: len(v) for k, v in requests.items()}
    lines = load.mix(app, requests, rng, total=40)
    kinds = Counter(line.split("\t")[0] for line in lines)
    assert kinds["POST"] > 0 and kinds["GET"] > 0
    before = _attempts(app)
    statuses = [(_replay(app, load, line), line.split("\t")[1]) for line in lines]
    assert all(status == 200 for status, _path in statuses), statuses
    assert _attempts(app) - before == kinds["POST"]  # every answer a new one, stored


def test_each_run_draws_its_answer_lines_with_new_tokens(app, load):
    requests = load.prepare(app, visitors=2, per_kind=2, rng=random.Random(5))
    answer = requests["answer"][:1]
    first, second = load.fill(app, answer), load.fill(app, answer)
    assert first != second  # a token is sent once: a second run gets its own
    assert _replay(app, load, first[0]) == 200 and _replay(app, load, second[0]) == 200


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)  # the teacher's forms posted directly
def test_the_teacher_dashboard_line_answers_200_for_the_signed_in_teacher(app, load, cheap_hashing):
    [line] = load.prepare_dashboard(app, students=2, rng=random.Random(7))
    assert _replay(app, load, line) == 200
    signed_out = line.split("\t")
    signed_out[2] = ""
    # the line's session is what lets it in: without it the class is not found
    assert _replay(app, load, "\t".join(signed_out)) == 404

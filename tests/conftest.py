"""Shared fixtures: an app on a fresh database (SQLite, and PostgreSQL when
``TEST_DATABASE_URL`` is set), a client, a live server and Debian's Chromium."""

from __future__ import annotations

import os
import re
import sys
import tempfile
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import fast_db
import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from werkzeug.serving import make_server

from app import create_app
from app.config import normalize_db_url

CHROMIUM = "/usr/bin/chromium"

# tests/ mirrors app/'s packages, one folder each; a test module shares its helpers with
# the tests of other folders by module name (``from test_play import start``), as it did
# when all sat in one folder: every folder is on the import path.
for _folder in sorted(Path(__file__).parent.iterdir()):
    shared = _folder.is_dir() and not _folder.name.startswith((".", "_", "data"))
    if shared and str(_folder) not in sys.path:
        sys.path.append(str(_folder))


# -- the suite makes thousands of apps of the same code: what every one of them would
# compile again is compiled once per process --------------------------------------------


def _remember_url_builders() -> None:
    """Werkzeug writes and compiles a Python function per URL rule to build its URLs, in
    every new app (half an app's start). The function depends only on the rule's shape
    (its parts, defaults and whether unknown arguments are appended), so one compiled per
    shape serves every app; each is still bound to its own rule."""
    from werkzeug.routing.rules import Rule

    compile_builder = Rule._compile_builder
    made: dict[Any, Any] = {}

    def remembered(self: Rule, append_unknown: bool = True) -> Any:
        key = (
            tuple(self._trace),
            repr(sorted((self.defaults or {}).items())),
            tuple(type(c) for c in self._converters.values()),
            append_unknown,
        )
        if key not in made:
            made[key] = compile_builder(self, append_unknown)
        return made[key]

    Rule._compile_builder = remembered  # type: ignore[method-assign]


def _remember_rule_parsing() -> None:
    """Werkzeug parses each URL rule into its parts (regular expressions, weights) in
    every new app, the other half of an app's start. The parts depend only on the rule's
    text and the app's converter classes: they are parsed once per process and shared;
    each rule still gets its own converters, trace and arguments."""
    from werkzeug.routing.rules import Rule

    parse = Rule._parse_rule
    made: dict[Any, Any] = {}

    def remembered(self: Rule, rule: str) -> Any:
        assert self.map is not None
        key = (rule, tuple(sorted(self.map.converters.items())))
        if key not in made:
            asked: list[tuple[str, str, Any, Any]] = []
            get_converter = self.get_converter

            def recording(variable: str, name: str, args: Any, kwargs: Any) -> Any:
                asked.append((variable, name, args, kwargs))
                return get_converter(variable, name, args, kwargs)

            start = len(self._trace)
            self.get_converter = recording  # type: ignore[method-assign]
            try:
                parts = list(parse(self, rule))
            finally:
                del self.get_converter
            made[key] = (parts, self._trace[start:], asked)
            return parts
        parts, trace, asked = made[key]
        self._trace.extend(trace)
        for variable, name, args, kwargs in asked:
            self._converters[variable] = self.get_converter(variable, name, args, kwargs)
            self.arguments.add(variable)
        return list(parts)

    Rule._parse_rule = remembered  # type: ignore[method-assign]


class _TemplatesOnce:
    """Jinja's bytecode cache shared by every app of the run: a template is parsed and
    compiled once (keyed by its name and a checksum of its source), not once per test."""

    def __init__(self) -> None:
        from jinja2 import BytecodeCache

        store: dict[str, bytes] = {}

        class Shared(BytecodeCache):
            def load_bytecode(self, bucket: Any) -> None:
                code = store.get(bucket.key)
                if code is not None:
                    bucket.bytecode_from_string(code)

            def dump_bytecode(self, bucket: Any) -> None:
                store[bucket.key] = bucket.bytecode_to_string()

        self.cache = Shared()


_remember_url_builders()
_remember_rule_parsing()
TEMPLATES_ONCE = _TemplatesOnce().cache
TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL")
BACKENDS = ["sqlite"] + (["postgresql"] if TEST_DATABASE_URL else [])


@pytest.fixture(scope="session")
def pg_server_url() -> Iterator[str]:
    """A brand-new PostgreSQL database for this run, dropped at the end."""
    assert TEST_DATABASE_URL
    base = make_url(normalize_db_url(TEST_DATABASE_URL))
    name = f"academy_test_{uuid.uuid4().hex[:10]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(
                text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :n"),
                {"n": name},
            )
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()


def make_test_app(db_url: str, instance: Path, **extra: Any) -> Flask:
    config = {
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": db_url,
        "INSTANCE_PATH": str(instance),
        "RATELIMIT_ENABLED": False,
        "PLAY_PACE_MS": 0,
        **extra,
    }
    app = create_app(config)
    app.jinja_env.undefined = __import__("jinja2").StrictUndefined
    app.jinja_env.bytecode_cache = TEMPLATES_ONCE
    return app


def dispose(app: Flask) -> None:
    """Close every connection of an extra app a test made (PostgreSQL warns otherwise)."""
    from app.extensions import db

    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def _setup_db(app: Flask) -> None:
    from flask_migrate import upgrade

    from app.content import load_builtin

    with app.app_context():
        upgrade()
        load_builtin()


def _teardown_db(app: Flask) -> None:
    from app.extensions import db

    with app.app_context():
        db.session.remove()
        db.drop_all()
        with db.engine.begin() as conn:
            conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
        db.engine.dispose()


def _scratch_folder() -> Path:
    """Where the tests' SQLite files go: memory (``/dev/shm``) when there is one, where a
    commit does not wait for a disk."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        return Path(tempfile.mkdtemp(prefix="academy-tests-", dir=shm))
    return Path(tempfile.mkdtemp(prefix="academy-tests-"))


@pytest.fixture(scope="session")
def scratch() -> Iterator[Path]:
    """A folder of this process's own for its databases, removed at the end."""
    import shutil

    folder = _scratch_folder()
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def sqlite_template(scratch: Path) -> Path:
    """A SQLite file migrated with Alembic and loaded with the content, once per run;
    each test gets a copy (a fresh database without migrating again)."""
    path = scratch / "template.sqlite3"
    application = make_test_app(f"sqlite:///{path}", scratch / "template-instance")
    _setup_db(application)
    with application.app_context():
        from app.extensions import db

        db.engine.dispose()
    return path


@pytest.fixture(scope="session")
def pg_template() -> Iterator[tuple[Any, str]]:
    """A PostgreSQL database migrated and loaded once per run, the model of the
    databases the tests use."""
    assert TEST_DATABASE_URL
    base = make_url(normalize_db_url(TEST_DATABASE_URL))
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    name = f"academy_tmpl_{uuid.uuid4().hex[:10]}"
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        with admin.connect() as conn:
            conn.execute(text(f'ALTER DATABASE "{name}" SET synchronous_commit = off'))
        application = make_test_app(
            base.set(database=name).render_as_string(hide_password=False), Path("/tmp") / name
        )
        _setup_db(application)
        with application.app_context():
            from app.extensions import db

            db.engine.dispose()
        yield base, name
    finally:
        _drop_pg(admin, name)
        admin.dispose()


@pytest.fixture(scope="session")
def pg_worker(pg_template: tuple[Any, str]) -> Iterator[fast_db.WorkerDatabase | None]:
    """This process's PostgreSQL database, put back after every test (tests/fast_db.py);
    None when the role may not do that (each test then gets a database of its own)."""
    base, template = pg_template
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    able = fast_db.supported(admin)
    admin.dispose()
    if not able:
        yield None
        return
    worker = fast_db.WorkerDatabase(base, template)
    try:
        yield worker
    finally:
        worker.close()


def _drop_pg(admin: Any, name: str) -> None:
    fast_db.drop(admin, name)


def _closed(application: Flask) -> None:
    from app.extensions import db

    with application.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture(params=BACKENDS)
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Flask]:
    """A fresh app on a database as migrated with Alembic and loaded with the content:
    on SQLite a copy of the run's template file; on PostgreSQL this process's database,
    put back after the test as a copy of the template would be (tests/fast_db.py)."""
    import shutil

    marker = request.node.get_closest_marker("app_config")
    extra = marker.kwargs if marker else {}
    if request.param == "sqlite":
        template = request.getfixturevalue("sqlite_template")
        path = template.parent / f"test-{uuid.uuid4().hex[:10]}.sqlite3"
        shutil.copyfile(template, path)
        application = make_test_app(f"sqlite:///{path}", tmp_path / "instance", **extra)
        try:
            yield application
        finally:
            _closed(application)
            for leftover in path.parent.glob(path.name + "*"):
                leftover.unlink(missing_ok=True)
        return
    worker = request.getfixturevalue("pg_worker")
    if worker is not None:
        application = make_test_app(worker.url, tmp_path / "instance", **extra)
        try:
            yield application
        finally:
            _closed(application)
            worker.reset()
            fast_db.check_like_template(worker)
        return
    base, template = request.getfixturevalue("pg_template")
    name = f"academy_t_{uuid.uuid4().hex[:10]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{template}"'))
    application = make_test_app(
        base.set(database=name).render_as_string(hide_password=False),
        tmp_path / "instance",
        **extra,
    )
    try:
        yield application
    finally:
        _closed(application)
        _drop_pg(admin, name)
        admin.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


CSRF_RE = re.compile(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"')


def csrf_from(html: str) -> str:
    """The CSRF token in a rendered page (hidden input or the hx-headers attribute)."""
    m = CSRF_RE.search(html) or re.search(r'"X-CSRFToken": "([^"]+)"', html)
    assert m, "no CSRF token in page"
    return m.group(1)


@pytest.fixture
def csrf(client: FlaskClient):  # type: ignore[no-untyped-def]
    """``csrf(url)``: GET ``url`` and return the page's CSRF token for the next POST."""

    def get(url: str = "/") -> str:
        return csrf_from(client.get(url).get_data(as_text=True))

    return get


@pytest.fixture
def signup(client: FlaskClient, csrf):  # type: ignore[no-untyped-def]
    """``signup(name, password)``: create an account through the form and stay signed in."""

    def do(name: str = "learner1", password: str = "long-cards-1") -> Any:
        token = csrf("/account/signup")
        return client.post(
            "/account/signup",
            data={"csrf_token": token, "username": name, "password": password, "confirm": password},
        )

    return do


@pytest.fixture
def cheap_hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fast password hashes, for tests about limits and names rather than hashing."""
    from werkzeug.security import generate_password_hash

    import app.hashing
    import app.models

    def fast(password: str) -> str:
        return generate_password_hash(password, method="pbkdf2:sha256:1")

    monkeypatch.setattr(app.models, "generate_password_hash", fast)
    monkeypatch.setattr(app.hashing, "_dummy", fast("dummy"))  # unknown names too


def post_form(client: FlaskClient, url: str, page: str | None = None, **data: Any) -> Any:
    """POST ``data`` to ``url`` with the CSRF token of ``page`` (default: ``url``)."""
    token = csrf_from(client.get(page or url).get_data(as_text=True))
    return client.post(url, data={"csrf_token": token, **data})


# ---- browser tests ---------------------------------------------------------------


@pytest.fixture(scope="session")
def live_app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    """The app the live server serves (tests may move its clock: ``config["NOW"]``)."""
    tmp = tmp_path_factory.mktemp("live")
    application = make_test_app(f"sqlite:///{tmp / 'live.sqlite3'}", tmp / "instance")
    _setup_db(application)
    return application


@pytest.fixture(scope="session")
def live_server(live_app: Flask) -> Iterator[str]:
    """The app served on 127.0.0.1 with a real SQLite file, for the browser tests."""
    application = live_app
    server = make_server("127.0.0.1", 0, application, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(5)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium (Playwright's own browser download does not work here)."""
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium is not installed: run `make test`, which installs it")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "locale": "en-US"}


#: whole modules kept out of ``make test-fast`` (``make test`` runs them): each spends
#: seconds per test on what the quick loop need not redo each time (a class of thirty
#: accounts set up per test, a database exported and imported, password hashes timed,
#: requests fuzzed, every module's imports read, the zh-Hant files generated again)
SLOW_MODULES = (
    "tests/classes/test_classes.py",
    "tests/classes/test_classes_exams.py",
    "tests/classes/test_classes_day.py",
    "tests/classes/test_classes_grid.py",
    "tests/classes/test_classes_matrix.py",
    "tests/test_throttling.py",
    "tests/test_fuzz.py",
    "tests/test_backup.py",
    "tests/test_backup_upgrade.py",
    "tests/test_limits_redis.py",
    "tests/test_load_benchmark.py",
    "tests/test_layers.py",
    "tests/test_teaching_through_game.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Browser tests are marked ``browser`` and ``slow``, and so are the tests of
    :data:`SLOW_MODULES`; a ``render_only`` test (it reads pages and stores nothing a
    database could treat differently) runs on SQLite alone."""
    kept, dropped = [], []
    for item in items:
        path = str(item.fspath).replace(os.sep, "/")
        if "/browser/" in path:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)
        elif path.endswith(SLOW_MODULES):
            item.add_marker(pytest.mark.slow)
        params = getattr(getattr(item, "callspec", None), "params", {})
        if item.get_closest_marker("render_only") and params.get("app") == "postgresql":
            dropped.append(item)
        else:
            kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept

"""The sign-in limits with Redis storage, as several workers share them.

Runs against ``TEST_REDIS_URL`` (``.ci/run`` sets it), else a Redis on
127.0.0.1:6379 if one answers; skipped only when neither is there. Keys carry a prefix
of this run and are deleted at the end: nothing else in that Redis is touched.
"""

from __future__ import annotations

import os
import uuid

import pytest
from conftest import make_test_app, post_form

from app.extensions import db
from app.models import User

TEST_REDIS_URL = os.environ.get("TEST_REDIS_URL")
REDIS_URL = TEST_REDIS_URL or "redis://127.0.0.1:6379/0"
PREFIX = f"academy-test-{uuid.uuid4().hex[:10]}"
CONFIG = {
    "RATELIMIT_ENABLED": True,
    "RATELIMIT_STORAGE_URI": REDIS_URL,
    "RATELIMIT_KEY_PREFIX": PREFIX,
}
pytestmark = pytest.mark.app_config(**CONFIG)


@pytest.fixture(scope="module")
def redis_url():
    redis = pytest.importorskip("redis")
    client = redis.Redis.from_url(REDIS_URL)
    try:
        client.ping()
    except redis.exceptions.ConnectionError:
        if TEST_REDIS_URL:
            pytest.fail(f"TEST_REDIS_URL={TEST_REDIS_URL} does not answer")
        pytest.skip("no Redis on 127.0.0.1:6379 and no TEST_REDIS_URL")
    yield REDIS_URL
    keys = list(client.scan_iter(match=f"*{PREFIX}*"))
    if keys:
        client.delete(*keys)
    client.close()


def _another_worker(app, tmp_path, **extra):
    """A second app on the same database and settings: what another worker process is.

    Its limiter storage is new (with ``memory://`` its counts would start from zero)."""
    return make_test_app(
        app.config["SQLALCHEMY_DATABASE_URI"], tmp_path / "worker2", **CONFIG, **extra
    )


def _signin(app, name, password, address="192.0.2.1"):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return post_form(client, "/account/signin", username=name, password=password)


@pytest.mark.app_config(**CONFIG, SIGNIN_RATE_LIMIT="3 per minute")
def test_wrong_passwords_per_address_are_counted_across_workers(redis_url, app, tmp_path):
    tag = uuid.uuid4().hex[:6]
    address = f"2001:db8::{uuid.uuid4().hex[:4]}"  # this run's own address
    codes = [_signin(app, f"nobody{tag}{i}", "x", address).status_code for i in range(2)]
    worker2 = _another_worker(app, tmp_path, SIGNIN_RATE_LIMIT="3 per minute")
    codes += [_signin(worker2, f"nobody{tag}{i}", "x", address).status_code for i in range(2)]
    assert codes == [422, 422, 422, 429]
    with worker2.app_context():
        db.engine.dispose()


def test_guessing_one_account_is_counted_across_workers(redis_url, app, tmp_path):
    name = f"meimei{uuid.uuid4().hex[:6]}"
    with app.app_context():
        user = User(username=name)
        user.set_password("long-cards-1")
        db.session.add(user)
        db.session.commit()
    codes = [_signin(app, name, "x", f"198.51.100.{i}").status_code for i in range(3)]
    worker2 = _another_worker(app, tmp_path)
    codes += [_signin(worker2, name, "x", f"198.51.100.{i}").status_code for i in range(3, 5)]
    codes.append(_signin(worker2, name, "long-cards-1", "198.51.100.9").status_code)
    assert codes == [422] * 5 + [429]
    with worker2.app_context():
        db.engine.dispose()


def test_a_known_browser_gets_in_on_any_worker_during_a_guessing_attack(redis_url, app, tmp_path):
    from app import devices

    name = f"meimei{uuid.uuid4().hex[:6]}"
    with app.app_context():
        user = User(username=name)
        user.set_password("long-cards-1")
        db.session.add(user)
        db.session.commit()
    owner = app.test_client()
    r = post_form(owner, "/account/signin", username=name, password="long-cards-1")
    assert r.status_code == 303
    known = owner.get_cookie(devices.COOKIE).value
    codes = [_signin(app, name, "x", f"198.51.100.{i}").status_code for i in range(5)]
    worker2 = _another_worker(app, tmp_path)
    codes.append(_signin(worker2, name, "long-cards-1", "198.51.100.9").status_code)
    assert codes == [422] * 5 + [429]  # counted across workers, for unknown browsers
    browser = worker2.test_client()
    browser.set_cookie(devices.COOKIE, known)
    r = post_form(browser, "/account/signin", username=name, password="long-cards-1")
    assert r.status_code == 303  # the owner's browser, on the other worker
    with worker2.app_context():
        db.engine.dispose()


def test_the_counts_are_in_redis(redis_url, app):
    import redis

    _signin(app, f"nobody{uuid.uuid4().hex[:6]}", "x", "192.0.2.20")
    client = redis.Redis.from_url(redis_url)
    try:
        assert list(client.scan_iter(match=f"*{PREFIX}*wrong-password*"))
    finally:
        client.close()


def test_the_redis_client_is_a_dependency():
    """``RATELIMIT_STORAGE_URI=redis://…`` crashed at start: the package was not installed."""
    import tomllib

    from app.config import ROOT

    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert any(d.lower().startswith("flask-limiter[redis]") for d in deps), deps

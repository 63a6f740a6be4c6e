"""The deployment files in docs/deploy are valid: nginx accepts the site (``nginx -t``),
the systemd unit parses and runs what the docs say."""

from __future__ import annotations

import configparser
import shutil
import subprocess

import pytest

from app.config import ROOT

DEPLOY = ROOT / "docs" / "deploy"


def test_the_systemd_unit_parses_and_serves_in_production_mode():
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # keep the keys' case
    unit.read(DEPLOY / "long-card-academy.service", encoding="utf-8")
    assert set(unit.sections()) == {"Unit", "Service", "Install"}
    service = unit["Service"]
    assert "academy serve --prod" in service["ExecStart"]
    assert "academy setup" in service["ExecStartPre"]
    pre = [
        line.split("=", 1)[1]
        for line in (DEPLOY / "long-card-academy.service").read_text().splitlines()
        if line.startswith("ExecStartPre=")
    ]
    assert "academy export --if-migrating" in pre[0] and "academy setup" in pre[1]  # in turn
    assert service["Restart"] == "on-failure"
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def test_systemd_accepts_the_unit(tmp_path):
    """``systemd-analyze verify`` (where systemd is installed): no unknown key, no bad
    value. The paths of the box are moved to this checkout so that they exist."""
    import sys
    from pathlib import Path

    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    venv = Path(sys.executable).parent.parent
    text = (DEPLOY / "long-card-academy.service").read_text(encoding="utf-8")
    text = text.replace("/srv/academy/.venv", str(venv)).replace("/srv/academy", str(ROOT))
    text = text.replace("/etc/long-card-academy.env", str(DEPLOY / "long-card-academy.env"))
    unit = tmp_path / "long-card-academy.service"
    unit.write_text(text, encoding="utf-8")
    out = subprocess.run([analyze, "verify", str(unit)], capture_output=True, text=True)
    assert out.returncode == 0 and out.stderr.strip() == "", out.stderr


def test_nginx_accepts_the_site(tmp_path):
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not shutil.os.path.exists(nginx):
        pytest.skip("nginx is not installed (make test installs it)")
    site = (DEPLOY / "nginx-academy.conf").read_text(encoding="utf-8")
    cert, key = tmp_path / "c.pem", tmp_path / "k.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=t",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    site = site.replace("/etc/ssl/certs/ssl-cert-snakeoil.pem", str(cert))
    site = site.replace("/etc/ssl/private/ssl-cert-snakeoil.key", str(key))
    conf = tmp_path / "nginx.conf"
    conf.write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{\n access_log off;\n client_body_temp_path {tmp_path};\n{site}\n}}\n",
        encoding="utf-8",
    )
    out = subprocess.run(
        [nginx, "-t", "-c", str(conf), "-p", str(tmp_path)], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr


def test_gunicorn_runs_sync_workers_one_per_core_plus_one(monkeypatch):
    import os

    from app.wsgi_server import gunicorn_options

    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    opts = gunicorn_options("127.0.0.1", 8000, None)
    assert opts["worker_class"] == "sync" and opts["workers"] == (os.cpu_count() or 1) + 1
    assert opts["bind"] == "127.0.0.1:8000"
    monkeypatch.setenv("WEB_CONCURRENCY", "7")
    assert gunicorn_options("127.0.0.1", 8000, None)["workers"] == 7
    assert gunicorn_options("127.0.0.1", 8000, 3)["workers"] == 3  # --workers wins


@pytest.mark.slow
def test_academy_serve_prod_serves_with_gunicorn(sqlite_template, tmp_path):
    """``academy serve --prod`` really starts gunicorn: its workers answer, a worker
    killed is replaced, and memory-only rate limits with several workers are warned about."""
    import os
    import signal
    import socket
    import sys
    import time
    import urllib.request

    db = tmp_path / "prod.sqlite3"
    shutil.copyfile(sqlite_template, db)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{db}",
        "INSTANCE_PATH": str(tmp_path / "instance"),
        "SECRET_KEY": "prod-test",
    }
    for name in ("REDIS_URL", "RATELIMIT_STORAGE_URI", "WEB_CONCURRENCY"):
        env.pop(name, None)
    academy = [sys.executable, "-c", "from app.cli import main; main()"]
    server = subprocess.Popen(
        [*academy, "serve", "--prod", "--workers", "2", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )

    def get(path):
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
            return r.status, r.read().decode()

    def workers():
        out = subprocess.run(["pgrep", "-P", str(server.pid)], capture_output=True, text=True)
        return sorted(int(p) for p in out.stdout.split())

    try:
        for _ in range(600):  # the master warms the pages first (a few seconds)
            try:
                status, body = get("/healthz")
                break
            except OSError:
                time.sleep(0.2)
        else:
            pytest.fail("gunicorn did not answer")
        assert status == 200 and '"database":true' in body.replace(" ", "")
        assert get("/")[0] == 200
        for _ in range(50):
            first = workers()
            if len(first) == 2:
                break
            time.sleep(0.2)
        assert len(first) == 2
        os.kill(first[0], signal.SIGKILL)  # gunicorn replaces a dead worker
        for _ in range(100):
            now = workers()
            if len(now) == 2 and first[0] not in now:
                break
            time.sleep(0.2)
        assert len(now) == 2 and first[0] not in now
        assert get("/healthz")[0] == 200
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        out, err = server.communicate(timeout=30)
    assert "2 sync workers" in out and "warmed" in err
    assert "count in each worker's memory" in err


def test_the_warm_up_answers_a_lesson_exercise_of_each_kind_and_stores_nothing(app):
    """``serve --prod`` answers an exercise of each kind in each game before the fork, as
    a new visitor (so that a learner's first answer is not the process's first): every
    answer is taken, and the database holds afterwards exactly what it held before."""
    import sqlalchemy as sa

    from app.extensions import db
    from app.wsgi_server import warm_answer_steps, warm_answers

    def rows() -> dict[str, int]:
        with app.app_context():
            return {
                t.name: db.session.scalar(sa.select(sa.func.count()).select_from(t)) or 0
                for t in db.metadata.sorted_tables
            }

    before = rows()
    steps = warm_answer_steps()
    assert len(steps) >= 10 and len({s.split("/")[2] for s in steps}) == 5
    assert warm_answers(app) == 2 * len(steps)  # a right and a wrong answer to each
    assert rows() == before
    # commits are commits again
    with app.app_context():
        assert "do_commit" not in vars(db.engine.dialect)

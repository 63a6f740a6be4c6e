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
    assert service["Restart"] == "on-failure"
    assert unit["Install"]["WantedBy"] == "multi-user.target"


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

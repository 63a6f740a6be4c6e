"""The failure script's database proxy (benchmarks/failures.py): its figures are only as
good as the proxy, which must come back after any cut, however short, and pass a close
on from one side to the other (else the database keeps a backend the app let go of)."""

from __future__ import annotations

import socket
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from failures import Proxy  # noqa: E402


@pytest.fixture
def echo():
    """A TCP echo server standing in for the database; records when a peer hung up."""
    server = socket.create_server(("127.0.0.1", 0))
    hung_up = threading.Event()

    def serve(conn: socket.socket) -> None:
        with conn:
            while data := conn.recv(4096):
                conn.sendall(data)
        hung_up.set()

    def accept() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    yield server.getsockname()[1], hung_up
    server.close()


def _talk(port: int, deadline: float = 3.0) -> bytes:
    """Connect through the proxy (retrying until ``deadline``) and echo one message."""
    end = time.monotonic() + deadline
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"ping")
                return s.recv(4)
        except OSError:
            if time.monotonic() > end:
                raise
            time.sleep(0.05)


def _echoing(port: int) -> socket.socket:
    """A connection through the proxy that has echoed one message."""
    s = socket.create_connection(("127.0.0.1", port), timeout=1)
    s.sendall(b"ping")
    assert s.recv(4) == b"ping"
    return s


def test_the_proxy_comes_back_after_a_cut_however_short(echo):
    target, _ = echo
    proxy = Proxy(target)
    assert _talk(proxy.port) == b"ping"
    for pause in (0, 0.01, 0.3):
        proxy.cut()
        time.sleep(pause)
        proxy.restore()
        assert _talk(proxy.port) == b"ping", pause


def test_a_cut_refuses_and_drops_connections(echo):
    target, _ = echo
    proxy = Proxy(target)
    with _echoing(proxy.port) as s:
        proxy.cut()
        assert s.recv(4) == b""  # dropped
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", proxy.port), timeout=0.5).close()
    proxy.restore()


def test_a_client_that_goes_away_is_gone_for_the_database_too(echo):
    target, hung_up = echo
    proxy = Proxy(target)
    _echoing(proxy.port).close()  # as a killed worker's connection closes
    assert hung_up.wait(2), "the database side of the connection was left open"

"""Password hashing that never starves page views.

A password hash (werkzeug's scrypt) costs about 120 ms of CPU on purpose. Unbounded,
a burst of sign-ups keeps every worker hashing and pages wait behind them. So hashing
takes one of a few *slots* (``PASSWORD_HASH_SLOTS``), shared by every worker process
on this host through lock files in the instance folder, and a slot is taken without
waiting: when all are busy the request is answered at once with "busy, try again"
(:class:`HashingBusy`) instead of queueing in a worker that could serve pages.

Sign-in hashes a dummy password for an unknown name, and an account with a cheaper
hash waits out the difference (:func:`equalize`), so its time does not tell whether
a name exists.
"""

from __future__ import annotations

import os
import secrets
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

from flask import Flask, current_app
from werkzeug.security import check_password_hash, generate_password_hash

if sys.platform == "win32":  # pragma: no cover - Windows: one process, a semaphore is enough
    fcntl = None
else:
    import fcntl


class HashingBusy(Exception):
    """Every hashing slot is taken: answer "busy, try again", do not wait."""


class HashGate:
    """At most ``slots`` hashes at once on this host, across processes and threads."""

    def __init__(self, directory: Path, slots: int) -> None:
        self.directory = directory
        self.slots = max(1, slots)
        directory.mkdir(parents=True, exist_ok=True)
        self._local = threading.BoundedSemaphore(self.slots)

    @contextmanager
    def slot(self) -> Iterator[None]:
        """Hold a slot for the ``with`` block; :class:`HashingBusy` if none is free now."""
        if fcntl is None:  # pragma: no cover
            if not self._local.acquire(blocking=False):
                raise HashingBusy
            try:
                yield
            finally:
                self._local.release()
            return
        for i in range(self.slots):
            fd = os.open(self.directory / f"hash-{i}.lock", os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                continue
            except BaseException:
                os.close(fd)
                raise
            try:
                yield
            finally:
                os.close(fd)  # closing the file releases its lock
            return
        raise HashingBusy


def init_app(app: Flask) -> None:
    directory = Path(app.instance_path) / "locks"
    app.extensions["hash_gate"] = HashGate(directory, int(app.config["PASSWORD_HASH_SLOTS"]))


def hash_slot() -> AbstractContextManager[None]:
    """``with hash_slot():`` around the hashing of one request (raises :class:`HashingBusy`)."""
    gate: HashGate = current_app.extensions["hash_gate"]
    return gate.slot()


_dummy: str | None = None
_dummy_seconds: dict[str, float] = {}


def _dummy_hash() -> str:
    global _dummy
    if _dummy is None:
        _dummy = generate_password_hash(secrets.token_urlsafe(16))
    return _dummy


def check_unknown(password: str) -> None:
    """Spend what checking a real password spends, for a name that has no account."""
    dummy = _dummy_hash()
    start = time.perf_counter()
    check_password_hash(dummy, password)
    took = time.perf_counter() - start
    _dummy_seconds[dummy] = min(took, _dummy_seconds.get(dummy, took))


def equalize(started: float) -> None:
    """Wait (without CPU, outside any slot) until a password check begun at ``started``
    has taken as long as one for an unknown name: an account whose hash is cheaper (a
    teacher-made student's, :mod:`app.classes.accounts`) must not answer faster than a
    name that does not exist."""
    dummy = _dummy_hash()
    if dummy not in _dummy_seconds:
        check_unknown("")  # measured once per process
    remaining = _dummy_seconds[dummy] - (time.perf_counter() - started)
    if remaining > 0:
        time.sleep(remaining)

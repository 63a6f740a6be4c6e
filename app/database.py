"""How a request uses its database connection: no transaction for a page that only
reads, and a liveness check only for a connection that sat idle.

Most requests are page views that read a few rows. Run in a transaction, each costs two
round trips more than its queries (``BEGIN`` before the first, ``ROLLBACK`` when the
session closes); a check of the connection on every checkout (``SELECT 1``) a third.
Under load those were a fifth of a lesson page's time. So:

* A ``GET`` or ``HEAD`` request reads in autocommit mode: each query on its own, no
  ``BEGIN``/``ROLLBACK``. (PostgreSQL's default isolation, read committed, takes a new
  snapshot per statement anyway, so a page reads what it read before.)
* A request of those that writes after all (the last step of a quiz run stores its end)
  calls :func:`writable` first; what follows then runs in one transaction, committed or
  rolled back as a whole, as a form post's does. A write in a read-only request without
  it is refused (:class:`ReadOnlyRequest`), not run statement by statement: no such
  request can leave the database half-written.
* An answer, the commonest write, reads in autocommit mode too, then writes its rows
  with :func:`write_together`: on PostgreSQL one statement (the other rows' inserts as
  data-modifying CTEs of the last), atomic by itself, so it needs no ``BEGIN`` or
  ``COMMIT`` round trip either; elsewhere (SQLite, in-process) one short transaction.
* A pooled connection is checked (``SELECT 1``) only when it has been idle for
  ``DB_PING_AFTER`` seconds (5; 0 checks every checkout). A busy server's connections
  are in use all the time and are not checked; one idle overnight, or kept across a
  database restart, is checked and, if dead, replaced before the request uses it. A
  connection that dies in use fails that request with a 503, and SQLAlchemy then
  replaces the pool's other connections of that age.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from flask import Flask, current_app, request
from flask_sqlalchemy.session import Session
from sqlalchemy import Engine, Table, bindparam, event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.sql.dml import Insert

#: ``Session.info`` key: this request reads only (its statements run in autocommit mode)
READ_ONLY = "read_only"
_READ_METHODS = frozenset({"GET", "HEAD"})
_AUTOCOMMIT: weakref.WeakKeyDictionary[Engine, Engine] = weakref.WeakKeyDictionary()


def utcnow() -> datetime:
    """Now, in UTC, naive: how every stored time is written."""
    return datetime.now(UTC).replace(tzinfo=None)


def _db() -> Any:
    """The app's Flask-SQLAlchemy object (``app.extensions.db``), found through the app
    it serves: this module sits below the extensions, which build on its session."""
    return current_app.extensions["sqlalchemy"]


class ReadOnlyRequest(RuntimeError):
    """A page view tried to write without :func:`writable` (a fault in the code)."""


class AcademySession(Session):
    """Flask-SQLAlchemy's session, bound to the autocommit face of its engine while the
    request reads only (the same pool, the same connections)."""

    def get_bind(self, *args: Any, **kwargs: Any) -> Any:
        bind = super().get_bind(*args, **kwargs)
        if self.info.get(READ_ONLY) and isinstance(bind, Engine):
            face = _AUTOCOMMIT.get(bind)
            if face is None:
                face = _AUTOCOMMIT[bind] = bind.execution_options(isolation_level="AUTOCOMMIT")
            return face
        return bind


@event.listens_for(AcademySession, "before_flush")
def _refuse_writes(session: Any, _context: Any, _instances: Any) -> None:
    if session.info.get(READ_ONLY) and (
        session.new or session.deleted or any(session.is_modified(o) for o in session.dirty)
    ):
        raise ReadOnlyRequest(f"{request.method} {request.path} writes without writable()")


def writable() -> None:
    """This request writes after all: end its read-only part (nothing is pending: a write
    made before this call is refused), so that what follows is one transaction."""
    db = _db()
    session = db.session()
    if not session.info.get(READ_ONLY):
        return
    if session.in_transaction():
        commit_keeping_values()  # no statement: the reads committed as they ran
    del session.info[READ_ONLY]


def reads_again() -> None:
    """This request's write is committed and it only reads from here on (to draw the
    page): back to autocommit mode, each read one round trip instead of three (no
    ``BEGIN`` before it, no ``ROLLBACK`` when the session closes). A later write needs
    :func:`writable` again."""
    db = _db()
    session = db.session()
    if not session.in_transaction():
        session.info[READ_ONLY] = True


Write = tuple["RowInsert", dict[str, Any]]


class RowInsert:
    """An insert of one row of ``table``, built once per dialect, its values bound under
    ``prefix`` (so that several can run as one statement). With ``key``, an upsert: the
    row of the same key, when there is one, is updated instead (PostgreSQL's and SQLite's
    ``INSERT … ON CONFLICT (key) DO UPDATE``)."""

    def __init__(
        self, table: Table, columns: Sequence[str], prefix: str, key: Sequence[str] = ()
    ) -> None:
        self.prefix = prefix
        self.columns = tuple(columns)
        values = {c: bindparam(prefix + c, type_=table.c[c].type) for c in columns}
        self.statements: dict[str, Insert] = {}
        for name, insert in (("postgresql", postgresql.insert), ("sqlite", sqlite.insert)):
            stmt = insert(table).values(values)
            if key:
                changed = {c: stmt.excluded[c] for c in columns if c not in key}
                stmt = stmt.on_conflict_do_update(
                    index_elements=[table.c[k] for k in key], set_=changed
                )
            self.statements[name] = stmt

    def row(self, values: Mapping[str, Any]) -> Write:
        """This row to write (a value for every column), for :func:`write_together`."""
        return self, {self.prefix + c: values[c] for c in self.columns}


_TOGETHER: dict[tuple[int, ...], Any] = {}


def _together(parts: Sequence[RowInsert]) -> Any:
    """PostgreSQL: the parts as one statement, the last one's with the others as CTEs
    (data-modifying CTEs run once and to the end, whether the statement reads them or
    not); built once per sequence of parts, so SQLAlchemy's compiled form is reused."""
    key = tuple(id(p) for p in parts)
    stmt = _TOGETHER.get(key)
    if stmt is None:
        *others, last = (p.statements["postgresql"] for p in parts)
        stmt = last.add_cte(*(o.cte(f"w{i}") for i, o in enumerate(others)))
        _TOGETHER[key] = stmt
    return stmt


def write_together(rows: Iterable[Write]) -> None:
    """Write ``rows`` (from :meth:`RowInsert.row`) all or none, in order.

    Inside the request's transaction when one is open (the caller commits). Otherwise
    (autocommit mode): on PostgreSQL as one statement on its own, atomic by itself, so
    no ``BEGIN`` or ``COMMIT`` round trip; elsewhere in one transaction begun and
    committed here. A failed statement (say the attempt's nonce is taken) writes none
    of them and raises."""
    db = _db()
    rows = list(rows)
    session = db.session()
    dialect = session.get_bind().dialect.name
    if dialect == "postgresql":
        params: dict[str, Any] = {}
        for _part, values in rows:
            params.update(values)
        session.execute(_together([part for part, _values in rows]), params)
        return
    on_its_own = in_autocommit()
    if on_its_own:
        writable()
    for part, values in rows:
        session.execute(part.statements[dialect], values)
    if on_its_own:
        commit_keeping_values()
        reads_again()


def in_autocommit() -> bool:
    """Whether this request's statements run each on its own (no transaction open)."""
    db = _db()
    return bool(db.session().info.get(READ_ONLY))


def commit_keeping_values() -> None:
    """Commit, and keep what the session holds as it is in memory: the page shows what
    was just read or stored, so reading each row back (SQLAlchemy's expiry on commit)
    would cost a query apiece for nothing."""
    db = _db()
    session = db.session()
    keep = session.expire_on_commit
    session.expire_on_commit = False
    try:
        session.commit()
    finally:
        session.expire_on_commit = keep


def init_app(app: Flask) -> None:
    db = app.extensions["sqlalchemy"]

    @app.before_request
    def _read_only() -> None:
        session = db.session()
        if request.method in _READ_METHODS and not session.in_transaction():
            session.info[READ_ONLY] = True

    after = float(app.config.get("DB_PING_AFTER", 5))
    with app.app_context():
        engine = db.engine
    ping_when_idle(engine, after)


def ping_when_idle(engine: Engine, after: float) -> None:
    """Check a pooled connection on checkout if it was idle ``after`` seconds or more; a
    dead one is replaced (the pool tries again with a new connection)."""

    @event.listens_for(engine, "checkin")
    def _idle_from(_dbapi: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _check(dbapi: Any, record: Any, _proxy: Any) -> None:
        since = record.info.get("idle_since")
        if since is None or time.monotonic() - since < after:
            return
        try:
            engine.dialect.do_ping(dbapi)
        except engine.dialect.loaded_dbapi.Error as exc:
            raise DisconnectionError("the pooled connection is dead") from exc

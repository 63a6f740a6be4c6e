"""One PostgreSQL database per test process, put back as it was after every test.

Making a database per test (``CREATE DATABASE … TEMPLATE`` and ``DROP DATABASE``) costs
more than half a second on this box; most tests write a few rows. So each process (each
xdist worker) makes one database from the migrated template and, after each test, puts
back what the test changed, so that the next test finds what a fresh copy would hold:

* a statement trigger on every table notes the table's name in ``_reset.dirty`` when a
  statement writes it (any connection: a second app, a thread, a subprocess, raw SQL); a
  write that is rolled back takes its note with it, and changed nothing;
* an event trigger notes any change to the schema (a test that migrates, downgrades or
  rebuilds the tables): the database is then dropped and made again from the template;
* after the test, the noted tables are emptied, with foreign keys and triggers off
  (``session_replication_role = replica``); a table no statement wrote is as the
  template made it. Most tables are empty in the template: ``DELETE`` empties them, and
  with autovacuum off for them the space of the deleted rows is never reused, so new rows
  are stored, and read by a scan, in the order they were written, as in a fresh table
  (``TRUNCATE`` takes 0.2–0.5 s here). A table with rows in the template (the content,
  ``alembic_version``) is emptied with ``TRUNCATE`` (with the tables whose keys reach it)
  and refilled from a copy of its rows taken when the database was made, in their order;
* every sequence is set back to where it stood (a rolled-back insert moves one too).

The database commits without waiting for its WAL to reach the disk
(``synchronous_commit = off``): only a crash of the server could tell the difference.
Triggers and the copies live in the schema ``_reset``, which the app never reads (its
reflection and Alembic look at ``public``).

Setting ``session_replication_role`` and making event triggers needs a superuser; for
any other role :func:`supported` says no and each test gets a database of its own.
"""

from __future__ import annotations

import difflib
import os
import subprocess
import uuid
from typing import Any

from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL, Engine

SCHEMA = "_reset"
DDL = "<schema>"
# after this many tests that wrote, the database is made again (its tables keep the
# space of every deleted row, so that new rows go after them)
FRESH_AFTER = 150

_INSTALL = f"""
CREATE SCHEMA {SCHEMA};
CREATE UNLOGGED TABLE {SCHEMA}.dirty (name text NOT NULL);
CREATE FUNCTION {SCHEMA}.mark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO {SCHEMA}.dirty VALUES (TG_TABLE_NAME);
  RETURN NULL;
END $$;
CREATE FUNCTION {SCHEMA}.mark_schema() RETURNS event_trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO {SCHEMA}.dirty VALUES ('{DDL}');
END $$;
CREATE EVENT TRIGGER _reset_schema_changed ON ddl_command_end
  EXECUTE FUNCTION {SCHEMA}.mark_schema();
CREATE EVENT TRIGGER _reset_schema_dropped ON sql_drop
  EXECUTE FUNCTION {SCHEMA}.mark_schema();
"""


def supported(admin: Engine) -> bool:
    with admin.connect() as conn:
        return bool(
            conn.execute(
                text("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
            ).scalar()
        )


def terminate(conn: Any, name: str) -> None:
    """End every other connection to database ``name`` (waiting up to 5 s for each)."""
    conn.execute(
        text(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity"
            " WHERE datname = :n AND pid <> pg_backend_pid()"
        ),
        {"n": name},
    )


def drop(admin: Engine, name: str) -> None:
    with admin.connect() as conn:
        terminate(conn, name)
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class WorkerDatabase:
    """The process's database: :meth:`reset` after each test puts it back."""

    def __init__(self, base: URL, template: str) -> None:
        self.base = base
        self.template = template
        self.admin = create_engine(base, isolation_level="AUTOCOMMIT")
        self.name = ""
        self.engine: Engine | None = None
        self.remakes = 0
        self.resets = 0
        self._make()

    @property
    def url(self) -> str:
        return self.base.set(database=self.name).render_as_string(hide_password=False)

    def _make(self) -> None:
        self.resets = 0
        self.name = f"academy_w_{uuid.uuid4().hex[:10]}"
        with self.admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{self.name}" TEMPLATE "{self.template}"'))
            conn.execute(text(f'ALTER DATABASE "{self.name}" SET synchronous_commit = off'))
        self.engine = create_engine(self.base.set(database=self.name))
        try:
            self._install()
        except BaseException:
            self.engine.dispose()
            drop(self.admin, self.name)
            raise

    def _install(self) -> None:
        """The triggers, the copies of the template's rows and where the sequences stand."""
        assert self.engine is not None
        with self.engine.begin() as conn:
            conn.execute(text(_INSTALL))
            tables = list(
                conn.execute(
                    text("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")
                ).scalars()
            )
            self.tables = tables
            for t in tables:
                conn.execute(
                    text(
                        f"CREATE TRIGGER _reset_mark AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE"
                        f" ON public.{_q(t)} FOR EACH STATEMENT EXECUTE FUNCTION {SCHEMA}.mark()"
                    )
                )
                conn.execute(
                    text(
                        f"ALTER TABLE public.{_q(t)} SET (autovacuum_enabled = false,"
                        " toast.autovacuum_enabled = false)"
                    )
                )
            # who references whom (TRUNCATE must take the tables whose keys reach a table)
            self.referrers: dict[str, set[str]] = {t: set() for t in tables}
            for child, parent in conn.execute(
                text(
                    "SELECT c.conrelid::regclass::text, c.confrelid::regclass::text"
                    " FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace"
                    " WHERE c.contype = 'f' AND n.nspname = 'public'"
                )
            ):
                self.referrers.setdefault(parent.strip('"'), set()).add(child.strip('"'))
            # the rows a fresh copy holds (the content, alembic_version), in their order
            self.kept: dict[str, str] = {}
            for t in tables:
                if conn.execute(text(f"SELECT EXISTS (SELECT 1 FROM public.{_q(t)})")).scalar():
                    columns = ", ".join(
                        _q(c)
                        for c in conn.execute(
                            text(
                                "SELECT attname FROM pg_attribute WHERE attrelid = CAST(:t AS regclass)"
                                " AND attnum > 0 AND NOT attisdropped AND attgenerated = ''"
                                " ORDER BY attnum"
                            ),
                            {"t": f"public.{_q(t)}"},
                        ).scalars()
                    )
                    conn.execute(
                        text(
                            f"CREATE TABLE {SCHEMA}.{_q(t)} AS"
                            f" SELECT {columns} FROM public.{_q(t)} WITH DATA"
                        )
                    )
                    self.kept[t] = (
                        f"INSERT INTO public.{_q(t)} ({columns}) OVERRIDING SYSTEM VALUE"
                        f" SELECT {columns} FROM {SCHEMA}.{_q(t)}"
                    )
            # where every sequence stands (pg_sequences hides the value of one not yet
            # called, which a restart or setval(…, false) sets: read each sequence itself)
            names = list(
                conn.execute(
                    text(
                        "SELECT format('%I.%I', schemaname, sequencename) FROM pg_sequences"
                        " WHERE schemaname = 'public' ORDER BY 1"
                    )
                ).scalars()
            )
            self.read_sequences = text(
                " UNION ALL ".join(f"SELECT '{n}', last_value, is_called FROM {n}" for n in names)
                or "SELECT '', 0, false WHERE false"
            )
            self.sequences = {
                name: (value, called) for name, value, called in conn.execute(self.read_sequences)
            }
            conn.execute(text(f"DELETE FROM {SCHEMA}.dirty"))

    def _reaching(self, tables: set[str]) -> set[str]:
        """``tables`` and every table whose foreign keys reach one of them."""
        todo, seen = list(tables), set(tables)
        while todo:
            for child in self.referrers.get(todo.pop(), ()):
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
        return seen

    def reset(self) -> None:
        """Put the database back as a fresh copy of the template would be."""
        assert self.engine is not None
        try:
            with self.engine.connect() as conn:
                terminate(conn, self.name)
                conn.commit()
                dirty = set(
                    conn.execute(text(f"SELECT DISTINCT name FROM {SCHEMA}.dirty")).scalars()
                )
                if DDL in dirty or not dirty <= set(self.tables):
                    raise _Remake
                moved = [
                    (name, value, called)
                    for name, value, called in conn.execute(self.read_sequences)
                    if self.sequences.get(name) != (value, called)
                ]
                if not dirty and not moved:
                    conn.rollback()
                    return
                self.resets += 1
                if self.resets > FRESH_AFTER:  # the deleted rows' space is never reused
                    raise _Remake
                conn.execute(text("SET LOCAL session_replication_role = replica"))
                # a table with rows of its own is emptied with TRUNCATE, with the tables
                # whose keys reach it (it must be), so that its rows go back to the order
                # they had (DELETE leaves free space that new rows would fill out of order)
                truncated = self._reaching(dirty & set(self.kept))
                if truncated:
                    conn.execute(
                        text("TRUNCATE " + ", ".join(f"public.{_q(t)}" for t in truncated))
                    )
                for t in sorted(dirty - truncated):
                    conn.execute(text(f"DELETE FROM public.{_q(t)}"))
                for t in sorted(truncated & set(self.kept)):
                    conn.execute(text(self.kept[t]))
                for name, _value, _called in moved:
                    value, called = self.sequences[name]
                    conn.execute(
                        text("SELECT setval(:s, :v, :c)"), {"s": name, "v": value, "c": called}
                    )
                conn.execute(text(f"DELETE FROM {SCHEMA}.dirty"))
                conn.commit()
        except Exception:  # a schema changed (_Remake), or a test left what cannot be undone
            self.remake()

    def remake(self) -> None:
        """Drop the database and make it again from the template (after a schema change)."""
        self.remakes += 1
        if self.engine is not None:
            self.engine.dispose()
        drop(self.admin, self.name)
        self._make()

    def close(self) -> None:
        if self.engine is not None:
            self.engine.dispose()
        drop(self.admin, self.name)
        self.admin.dispose()


class _Remake(Exception):
    pass


def _dump(name: str) -> list[str]:
    out = subprocess.run(
        ["pg_dump", "--data-only", "--schema=public", "--dbname", name],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [line for line in out.splitlines() if not line.startswith(NOT_DATA)]


NOT_DATA = ("--", "\\restrict", "\\unrestrict")


def check_like_template(worker: WorkerDatabase) -> None:
    """With ``ACADEMY_CHECK_RESET=1``: after a test's reset, the database holds what the
    template holds, row for row and in the same order, sequences included (``pg_dump``
    of both; slow, a check of this module rather than of the app)."""
    if not os.environ.get("ACADEMY_CHECK_RESET"):
        return
    url = worker.base.set(database=worker.name).render_as_string(hide_password=False)
    model = worker.base.set(database=worker.template).render_as_string(hide_password=False)
    got, want = _dump(url.replace("+psycopg", "")), _dump(model.replace("+psycopg", ""))
    if got != want:
        diff = difflib.unified_diff(want, got, "template", worker.name, lineterm="")
        raise AssertionError("the reset left a difference:\n" + "\n".join(list(diff)[:40]))

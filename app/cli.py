"""The ``academy`` console script (and ``flask --app app`` commands).

academy serve [--host 127.0.0.1] [--port 5000]   serve with the development server
academy serve --prod [--workers N]                gunicorn, sync workers (cores + 1)
academy db upgrade                                create or migrate the database
academy content load                              load the built-in content
academy content check                             validate content, recompute answers
academy content stats                             count content per game (JSON)
academy content scan [--game G] [--kind K] [--lang L]  read every page against the term table
academy setup                                     db upgrade + content load
academy export FILE / academy import FILE         all user data to one file, and back
                                                  (an export of an older schema is
                                                  imported at its revision, then migrated)
academy prune [--days 180] [--dry-run]            remove idle visitors' profiles
academy user …                                    accounts (app/admin/cli.py)
academy --version                                 the academy's version
"""

from __future__ import annotations

import click
from flask import Flask
from flask.cli import FlaskGroup, with_appcontext

from app.text import languages


@click.group("content")
def content_group() -> None:
    """Built-in content."""


@content_group.command("load")
@with_appcontext
def content_load() -> None:
    """Load (insert or update) the built-in content. Idempotent."""
    from app.content import load_builtin

    counts = load_builtin()
    click.echo("content: " + ", ".join(f"{v} {k}" for k, v in counts.items()))


@content_group.command("check")
def content_check() -> None:
    """Validate every content file and recompute every answer with the engine."""
    import sys

    from app.content.check import check

    problems = check()
    for line in problems:
        click.echo(line)
    if problems:
        click.echo(f"{len(problems)} problem(s)", err=True)
        sys.exit(1)
    click.echo("content: ok", err=True)


@content_group.command("stats")
def content_stats() -> None:
    """Count what the built-in content teaches, per game (one JSON object)."""
    import json

    from app.content.check import stats

    click.echo(json.dumps(stats(), ensure_ascii=False, indent=2))


@content_group.command("scan")
@click.option("--game", default=None, help="only this game's pages (and the pages of no game)")
@click.option("--kind", "kinds", multiple=True, help="page kinds (default: every kind)")
@click.option(
    "--lang",
    default=None,
    type=click.Choice(list(languages.written())),
    help="one written language (zh-Hant is generated from zh and checked by the tests)",
)
@click.option(
    "--keys", is_flag=True, help="findings without context (tests/data/term_findings.txt)"
)
def content_scan(game: str | None, kinds: tuple[str, ...], lang: str | None, keys: bool) -> None:
    """Read every page a learner reads, as drawn, against the term table (content/terms.yaml):
    raw markup, unmarked runs of the other script, sources cited, regional names and words
    to avoid outside variant notes, internal codes. One line per finding; exit 1 if any."""
    import sys
    import threading
    from typing import Any

    from flask.cli import ScriptInfo

    from app.content.scan import PAGE_KINDS, scan

    # pages are drawn as separate requests outside any app context (the command's own
    # would keep one request's language for the next): in a thread of their own
    app = click.get_current_context().ensure_object(ScriptInfo).load_app()
    found: list[Any] = []
    worker = threading.Thread(
        target=lambda: found.extend(scan(app.test_client(), kinds or None, game))
    )
    worker.start()
    worker.join()

    unknown = [k for k in kinds if k not in PAGE_KINDS]
    if unknown:
        raise click.BadParameter(f"unknown kind(s) {unknown}; known: {sorted(PAGE_KINDS)}")
    findings = [f for f in found if lang is None or f.lang == lang]
    for f in findings:
        click.echo(f.key() if keys else f.line())
    click.echo(f"{len(findings)} finding(s)", err=True)
    if findings:
        sys.exit(1)


@click.command("setup")
@with_appcontext
def setup() -> None:
    """Create or migrate the database, then load the built-in content."""
    from flask_migrate import upgrade

    from app.content import load_builtin

    upgrade()
    counts = load_builtin()
    click.echo("database ready; content: " + ", ".join(f"{v} {k}" for k, v in counts.items()))


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=5000, show_default=True, type=int)
@click.option("--debug/--no-debug", default=False)
@click.option("--prod", is_flag=True, help="gunicorn with sync workers (production)")
@click.option("--workers", type=int, default=None, help="with --prod: default cores + 1")
@click.option("--timeout", type=int, default=30, show_default=True, help="with --prod")
@click.option(
    "--max-requests",
    type=int,
    default=100_000,
    show_default=True,
    help="with --prod: a worker is replaced after about this many requests, a safety net "
    "against a leak (0: never)",
)
@with_appcontext
def serve(
    host: str,
    port: int,
    debug: bool,
    prod: bool,
    workers: int | None,
    timeout: int,
    max_requests: int,
) -> None:
    """Serve the app: the development server, or with --prod gunicorn's sync workers
    (one per core plus one by default; threads measured worse here)."""
    from flask import current_app
    from werkzeug.serving import run_simple

    from app.ops import migrated

    if not migrated():
        click.echo(
            "The database is not set up yet: run `academy setup` (until then every page "
            "says so, with a 503).",
            err=True,
        )
    if prod:
        from app.wsgi_server import run_gunicorn

        storage = str(current_app.config.get("RATELIMIT_STORAGE_URI", ""))
        run_gunicorn(
            host, port, workers, timeout, limiter_storage=storage, max_requests=max_requests
        )
        return
    app = current_app._get_current_object()  # type: ignore[attr-defined]  # Flask types its proxy as the app
    app.debug = debug
    click.echo(f"Long Card Academy on http://{host}:{port}/  (Ctrl+C to stop)")
    run_simple(host, port, app, use_reloader=debug, use_debugger=debug, threaded=True)


@click.command("export")
@click.argument("path", type=click.Path(writable=True))
@click.option(
    "--if-migrating",
    is_flag=True,
    help="only when the database's schema is older than this version's, that is just "
    "before `academy setup` migrates it (the systemd unit's step before each start)",
)
@with_appcontext
def export_cmd(path: str, if_migrating: bool) -> None:
    """Write all user data to one versioned file (.json or .json.gz). PATH may be a
    folder: the file is then named after the schema revision and the time."""
    from pathlib import Path

    from app.backup import export, revision, revisions
    from app.learning import clock

    here = revision()
    if if_migrating:
        if here is None:
            click.echo("export: the database is not set up yet, nothing to keep")
            return
        if here == revisions()[-1]:
            click.echo(f"export: the database is at {here} already, no migration to come")
            return
    target = Path(path)
    if target.is_dir():
        stamp = clock.now().strftime("%Y%m%d-%H%M%S")
        target = target / f"before-upgrade-{here}-{stamp}.json.gz"
    counts = export(target)
    click.echo(f"exported {sum(counts.values())} rows of {len(counts)} tables to {target}")


@click.command("import")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@with_appcontext
def import_cmd(path: str) -> None:
    """Restore a backup into an empty database. A backup of an older schema revision is
    imported at that revision, then the database is migrated to this version's."""
    import sys
    from pathlib import Path

    from app.backup import BackupError, restore

    try:
        counts = restore(Path(path))
    except BackupError as exc:
        click.echo(f"import refused: {exc}", err=True)
        sys.exit(1)
    click.echo(f"imported {sum(counts.values())} rows of {len(counts)} tables from {path}")


@click.command("prune")
@click.option(
    "--days",
    type=click.IntRange(1, 100_000),
    default=180,
    show_default=True,
    help="remove visitors (no account) with no visit and no answer for this many days",
)
@click.option("--dry-run", is_flag=True, help="say what would go, remove nothing")
@with_appcontext
def prune(days: int, dry_run: bool) -> None:
    """Remove the profiles of visitors without an account who have neither visited nor
    answered for DAYS days, with their record; say what was removed."""
    from app.erase import prune_plan, prune_visitors
    from app.learning import clock

    now = clock.now()
    counts = prune_plan(days, now) if dry_run else prune_visitors(days, now)
    profiles = counts.get("learner_profiles", 0)
    rows = ", ".join(f"{t}: {n}" for t, n in counts.items() if t != "learner_profiles")
    verb = "would remove" if dry_run else "removed"
    click.echo(
        f"prune: {verb} {profiles} visitor profile(s) idle for {days} days"
        + (f"; with them, rows of {rows}" if rows else "")
    )


def init_app(app: Flask) -> None:
    app.cli.add_command(prune)
    app.cli.add_command(export_cmd)
    app.cli.add_command(import_cmd)
    app.cli.add_command(content_group)
    app.cli.add_command(setup)
    app.cli.add_command(serve)


def _factory() -> Flask:
    from app import create_app

    return create_app()


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from app.version import version

    click.echo(f"Long Card Academy {version()}")
    ctx.exit()


def cli() -> FlaskGroup:
    """The ``academy`` group: Flask's commands and the app's; ``--version`` prints the
    academy's version (not Flask's)."""
    group = FlaskGroup(
        create_app=_factory,
        add_default_commands=True,
        add_version_option=False,
        help="Long Card Academy",
    )
    group.params.append(
        click.Option(
            ["--version"],
            is_flag=True,
            expose_value=False,
            is_eager=True,
            callback=_print_version,
            help="Show the academy's version and exit.",
        )
    )
    return group


def main() -> None:
    cli()()


if __name__ == "__main__":
    main()

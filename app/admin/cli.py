"""``academy user create-admin NAME`` and ``academy user set-role NAME ROLE``."""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING

import click
from flask.cli import with_appcontext

if TYPE_CHECKING:
    from app.models import User


@click.group("user")
def user_group() -> None:
    """Accounts and roles."""


@user_group.command("create-admin")
@click.argument("username")
@click.option("--password", help="The new account's password (asked for when not given).")
@with_appcontext
def create_admin(username: str, password: str | None) -> None:
    """Make USERNAME an admin: a new account with PASSWORD, or an existing one promoted
    (its password is left as it is)."""
    from app.extensions import db
    from app.models import User
    from app.passwords import check_password
    from app.usernames import display_form, is_mixed_script, name_key

    user = db.session.scalar(db.select(User).filter_by(username_key=name_key(username)))
    if user is None:
        name = display_form(username)
        if not (3 <= len(name) <= 40 and re.fullmatch(r"[\w.\-]+", name)) or is_mixed_script(name):
            click.echo("A username has 3 to 40 letters, digits, '.', '-' or '_'.", err=True)
            sys.exit(1)
        if password is None:
            password = click.prompt("Password", hide_input=True, confirmation_prompt=True)
        if not check_password(password, user_inputs=[name]).ok:
            click.echo("That password is too easy to guess; choose a longer one.", err=True)
            sys.exit(1)
        user = User(username=name, role="admin")
        user.set_password(password)
        db.session.add(user)
        click.echo(f"admin {name} created")
    else:
        user.role = "admin"
        click.echo(f"{user.username} is now an admin")
    db.session.commit()


@user_group.command("set-role")
@click.argument("username")
@click.argument("role", type=click.Choice(["learner", "teacher", "admin"]))
@with_appcontext
def set_role(username: str, role: str) -> None:
    """Give USERNAME the role ROLE."""
    from app.admin import service
    from app.extensions import db
    from app.models import User
    from app.usernames import name_key

    user = db.session.scalar(db.select(User).filter_by(username_key=name_key(username)))
    if user is None:
        click.echo(f"no account named {username}", err=True)
        sys.exit(1)
    try:
        service.set_role(user, role)
    except service.LastAdmin:
        click.echo("the site needs at least one admin", err=True)
        sys.exit(1)
    click.echo(f"{user.username}: {role}")


def _account(username: str) -> User:
    from app.admin import service

    user = service.find(username)
    if user is None:
        click.echo(f"no account named {username}", err=True)
        sys.exit(1)
    return user


@user_group.command("reset-password")
@click.argument("username")
@click.option(
    "--minutes",
    type=click.IntRange(5, 7 * 24 * 60),
    default=24 * 60,
    show_default=True,
    help="How long the code works.",
)
@with_appcontext
def reset_password(username: str, minutes: int) -> None:
    """A member lost their password: it stops working, and this prints a one-time
    sign-in code; with it they sign in at /account/code and choose a new password."""
    from app.admin import service

    user = _account(username)
    code = service.reset_password(user, minutes)
    click.echo(f"one-time sign-in code for {user.username} (good for {minutes} minutes, once):")
    click.echo(code)
    click.echo("they sign in with it at /account/code and then choose a new password")


@user_group.command("disable")
@click.argument("username")
@with_appcontext
def disable(username: str) -> None:
    """USERNAME can no longer sign in (every session ends) until enabled again."""
    from app.admin import service

    user = _account(username)
    try:
        service.set_disabled(user, True)
    except service.LastAdmin:
        click.echo("the site needs at least one admin", err=True)
        sys.exit(1)
    click.echo(f"{user.username}: disabled")


@user_group.command("enable")
@click.argument("username")
@with_appcontext
def enable(username: str) -> None:
    """USERNAME can sign in again."""
    from app.admin import service

    user = _account(username)
    service.set_disabled(user, False)
    click.echo(f"{user.username}: enabled")


def _rows(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {table}" for table, n in counts.items()) or "nothing else"


@user_group.command("delete")
@click.argument("username")
@click.option("--yes", is_flag=True, help="Do not ask for a confirmation.")
@with_appcontext
def delete(username: str, yes: bool) -> None:
    """Delete USERNAME with its whole record (asks first, naming what goes)."""
    from app.admin import service

    user = _account(username)
    name = user.username
    plan = service.deletion_plan(user)
    click.echo(f"deleting {name} removes: {_rows(plan)}")
    if not yes and not click.confirm("delete?", default=False):
        click.echo("nothing deleted")
        sys.exit(1)
    try:
        counts = service.delete_user(user)
    except service.LastAdmin:
        click.echo("the site needs at least one admin", err=True)
        sys.exit(1)
    except service.TeachesAlone as exc:
        click.echo(f"{name} is the only teacher of: {', '.join(exc.classes)}", err=True)
        sys.exit(1)
    click.echo(f"deleted {name}: {_rows(counts)}")

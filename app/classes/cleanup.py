"""Cleaning up after an archived class: its results first (the class's CSV export), then
the student accounts its teachers made for it, with their records.

An account goes only if a teacher of this class made it and it is a student of no
other class; the others are listed as kept. Only a class's owner, only once the class
is archived. Everything in one transaction (:mod:`app.erase`: SQLite enforces no
foreign keys, so every row that hangs on an account is deleted explicitly).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import flash, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from sqlalchemy import select

from app import erase
from app.classes import access
from app.classes.forms import ConfirmForm
from app.classes.models import ClassStudent, ClassTeacher, SchoolClass, StudentAccount
from app.classes.teacher import bp
from app.extensions import db
from app.htmx_utils import redirect_to


@dataclass(frozen=True)
class MadeAccount:
    user_id: int
    username: str
    real_name: str
    elsewhere: bool  # also a student of another class: kept


def made_accounts(klass: SchoolClass) -> list[MadeAccount]:
    """The class's students whose accounts one of its teachers made."""
    from app.models import User

    teachers = select(ClassTeacher.user_id).where(ClassTeacher.class_id == klass.id)
    rows = db.session.execute(
        select(ClassStudent.user_id, User.username, ClassStudent.real_name)
        .join(User, User.id == ClassStudent.user_id)
        .join(StudentAccount, StudentAccount.user_id == ClassStudent.user_id)
        .where(ClassStudent.class_id == klass.id, StudentAccount.created_by_id.in_(teachers))
        .order_by(ClassStudent.id)
    ).all()
    ids = [r[0] for r in rows]
    elsewhere = set(
        db.session.scalars(
            select(ClassStudent.user_id).where(
                ClassStudent.user_id.in_(ids), ClassStudent.class_id != klass.id
            )
        )
    )
    return [MadeAccount(uid, name, real, uid in elsewhere) for uid, name, real in rows]


def delete_made_accounts(klass: SchoolClass) -> tuple[int, dict[str, int]]:
    """Delete the accounts :func:`made_accounts` may delete; returns how many, and what
    went. Commits (nothing is deleted if anything fails)."""
    ids = [a.user_id for a in made_accounts(klass) if not a.elsewhere]
    if not ids:
        return 0, {}
    return len(ids), erase.delete_accounts(ids)


def _owned_archived(cid: int) -> SchoolClass:
    klass = access.teaching(cid, owner=True)
    if not klass.archived:
        from flask import abort

        abort(404)
    return klass


def _page(klass: SchoolClass, form: ConfirmForm, status: int = 200) -> tuple[str, int]:
    accounts = made_accounts(klass)
    going = [a.user_id for a in accounts if not a.elsewhere]
    goes = erase.describe(erase.account_plan(going)) if going else []
    body = render_template(
        "classes/cleanup.html", klass=klass, accounts=accounts, goes=goes, form=form
    )
    return body, status


@bp.route("/<int:cid>/cleanup", methods=["GET", "POST"])
def cleanup(cid: int) -> ResponseReturnValue:
    """An archived class: export its results, then delete the accounts made for it."""
    klass = _owned_archived(cid)
    if request.method == "GET":
        return _page(klass, ConfirmForm(formdata=None))
    form = ConfirmForm()
    if not form.validate_on_submit():
        return _page(klass, form, 422)
    n, counts = delete_made_accounts(klass)
    flash(
        ngettext(
            "%(num)d student account deleted, with %(what)s.",
            "%(num)d student accounts deleted, with %(what)s.",
            n,
            what=_(", ").join(erase.describe(counts)),
        )
        if n
        else _("No account was deleted."),
        "success",
    )
    return redirect_to(url_for("classes.show", cid=klass.id))

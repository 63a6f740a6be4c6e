"""/admin/roles: who is a learner, a teacher or an admin; /admin/users/<id>: one account
(a lost password's one-time code, disable, enable, delete). Admins only (404 for anyone
else)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user
from flask_wtf import FlaskForm
from wtforms import RadioField
from wtforms.validators import DataRequired

from app import erase
from app.admin import service
from app.extensions import db
from app.htmx_utils import redirect_to
from app.inputs import SelectChoice, int_or
from app.models import ROLES, User

bp = Blueprint("admin", __name__)
PAGE = 50


def role_names() -> dict[str, str]:
    return {"learner": _("learner"), "teacher": _("teacher"), "admin": _("admin")}


class RoleForm(FlaskForm):
    role = RadioField(
        _l("Role"),
        choices=[SelectChoice(r, r) for r in ROLES],
        validators=[DataRequired(message=_l("Choose a role."))],
    )


def _admin() -> User:
    if not (current_user.is_authenticated and current_user.role == "admin"):
        abort(404)
    u: User = current_user._get_current_object()
    return u


def _page(status: int = 200, errors: dict[int, str] | None = None) -> ResponseReturnValue:
    query = (request.values.get("q") or "").strip()[:40]
    offset = int_or(request.args.get("from"), 0)
    users, total = service.users(query, offset, PAGE)
    body = render_template(
        "admin/roles.html",
        users=users,
        total=total,
        q=query,
        offset=offset,
        page_size=PAGE,
        roles=ROLES,
        role_names=role_names(),
        errors=errors or {},
        anyone_may_teach=service.anyone_may_teach(),
    )
    return body, status


@bp.get("/roles")
def roles() -> ResponseReturnValue:
    _admin()
    return _page()


@bp.post("/roles/<int:uid>")
def set_role(uid: int) -> ResponseReturnValue:
    me = _admin()
    target = db.session.get(User, uid)
    if target is None:
        abort(404)
    form = RoleForm()
    if not form.validate_on_submit():
        return _page(422, {uid: _("Choose a role.")})
    try:
        service.set_role(target, form.role.data)
    except service.LastAdmin:
        return _page(422, {uid: _("The site needs at least one admin.")})
    if target.id == me.id and form.role.data != "admin":
        flash(_("You are no longer an admin."), "info")
        return redirect_to(url_for("main.home"))
    flash(
        _("%(name)s is now: %(role)s.", name=target.username, role=role_names()[form.role.data]),
        "success",
    )
    return redirect_to(url_for("admin.roles", q=request.form.get("q") or None))


def _target(uid: int) -> User:
    target = db.session.get(User, uid)
    if target is None:
        abort(404)
    return target


def _account_page(target: User, status: int = 200, **extra: Any) -> ResponseReturnValue:
    context = {
        "u": target,
        "code": None,
        "error": None,
        "role_names": role_names(),
        "goes": erase.describe(service.deletion_plan(target)),
        **extra,
    }
    return render_template("admin/user.html", **context), status


@bp.get("/users/<int:uid>")
def account(uid: int) -> ResponseReturnValue:
    _admin()
    return _account_page(_target(uid))


@bp.post("/users/<int:uid>/reset")
def reset_password(uid: int) -> ResponseReturnValue:
    """A one-time code, shown once on this page, for a member who lost their password."""
    _admin()
    target = _target(uid)
    if not FlaskForm().validate_on_submit():
        return _account_page(target, 400, error=_("The form has expired. Please try again."))
    code = service.reset_password(target)
    return _account_page(target, code=code)


@bp.post("/users/<int:uid>/disabled")
def set_disabled(uid: int) -> ResponseReturnValue:
    me = _admin()
    target = _target(uid)
    if not FlaskForm().validate_on_submit():
        return _account_page(target, 400, error=_("The form has expired. Please try again."))
    disable = request.form.get("disabled") == "1"
    try:
        service.set_disabled(target, disable, by=me)
    except service.OwnAccount:
        return _account_page(target, 422, error=_("You cannot disable your own account."))
    except service.LastAdmin:
        return _account_page(target, 422, error=_("The site needs at least one admin."))
    if disable:
        flash(_("%(name)s is disabled: it cannot sign in.", name=target.username), "success")
    else:
        flash(_("%(name)s can sign in again.", name=target.username), "success")
    return redirect_to(url_for("admin.account", uid=target.id))


@bp.route("/users/<int:uid>/delete", methods=["GET", "POST"])
def delete_account(uid: int) -> ResponseReturnValue:
    """A page naming what goes; its button deletes the account with its record."""
    me = _admin()
    target = _target(uid)
    if request.method == "GET":
        return render_template(
            "admin/delete.html",
            u=target,
            goes=erase.describe(service.deletion_plan(target)),
            error=None,
        )
    error, name = None, target.username
    if not FlaskForm().validate_on_submit():
        error = _("The form has expired. Please try again.")
    else:
        try:
            counts = service.delete_user(target, by=me)
        except service.OwnAccount:
            error = _("You cannot delete your own account here: use your account page.")
        except service.LastAdmin:
            error = _("The site needs at least one admin.")
        except service.TeachesAlone as exc:
            error = _(
                "%(name)s is the only teacher of %(classes)s: give the class another teacher "
                "first.",
                name=target.username,
                classes=_(", ").join(exc.classes),
            )
        else:
            flash(
                _(
                    "%(name)s is deleted, with %(what)s.",
                    name=name,
                    what=_(", ").join(erase.describe(counts)),
                ),
                "success",
            )
            return redirect_to(url_for("admin.roles"))
    body = render_template(
        "admin/delete.html",
        u=target,
        goes=erase.describe(service.deletion_plan(target)),
        error=error,
    )
    return body, 422

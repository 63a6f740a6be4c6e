from __future__ import annotations

from typing import Any

from flask import Response, flash, redirect, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user, login_required, login_user, logout_user

from app import devices, erase, signin_codes, zones
from app import signin_limits as limits
from app.accounts import bp, record, service
from app.accounts.forms import (
    CodeSigninForm,
    DayForm,
    DeleteAccountForm,
    LanguageForm,
    NewPasswordForm,
    PasswordForm,
    SigninForm,
    SignupForm,
)
from app.extensions import login_manager
from app.hashing import HashingBusy
from app.htmx_utils import form_page, is_htmx, redirect_to
from app.i18n import set_lang_cookie
from app.inputs import add_error
from app.learning.streaks import goal_of
from app.models import User
from app.profiles import PROFILE_COOKIE, current_profile
from app.redirects import current_path, next_param
from app.usernames import name_key


@login_manager.unauthorized_handler
def _needs_signin() -> ResponseReturnValue:
    """To the sign-in page, with a relative ``next`` that brings the learner back; a
    session that has ended (a new password, signed out elsewhere) is told so."""
    if session.pop("_user_id", None) is not None:
        flash(
            _("Your session has ended (your password may have been changed). Sign in again."),
            "info",
        )
    else:
        flash(_("Sign in to see that page."), "info")
    location = url_for("accounts.signin", next=current_path())
    if is_htmx():
        return redirect_to(location)
    return redirect(location)


def _start_session(user: User) -> None:
    """Sign in with a fresh session: a new CSRF token, nothing kept from before."""
    session.clear()
    login_user(user)


def _busy(full: str, partial: str, form: Any) -> ResponseReturnValue:
    """Every hashing slot is taken: say so at once (503), the form kept as typed."""
    add_error(form.password, _("The server is busy. Please try again in a moment."))
    resp = form_page(full, partial, form=form, status=503)
    resp.headers["Retry-After"] = "2"
    return resp


@bp.route("/signup", methods=["GET", "POST"])
@limits.signups_per_address
@limits.new_per_site
def signup() -> ResponseReturnValue:
    if current_user.is_authenticated:
        return redirect(url_for("accounts.settings"))
    form = SignupForm()
    target = next_param()  # before any write: junk never fails after the account exists
    if form.validate_on_submit():
        try:
            user = service.create_user((form.username.data or ""), (form.password.data or ""))
        except service.UsernameTaken:
            add_error(form.username, _("That username is taken; choose another."))
        except HashingBusy:
            return _busy("accounts/signup.html", "accounts/_signup_form.html", form)
        else:
            limits.new_password()
            _start_session(user)
            flash(
                _(
                    "Welcome, %(name)s! Your progress is now kept in your account.",
                    name=user.username,
                ),
                "success",
            )
            resp = redirect_to(target)
            resp.delete_cookie(PROFILE_COOKIE)
            devices.remember(resp, user)
            return resp
    return form_page("accounts/signup.html", "accounts/_signup_form.html", form=form)


def _too_many(full: str, partial: str, form: Any, message: str) -> ResponseReturnValue:
    """Over a limit: say so at once (429), the form kept as typed; nothing waits."""
    add_error(form.password, message)
    resp = form_page(full, partial, form=form, status=429)
    resp.headers["Retry-After"] = "60"
    return resp


@bp.route("/signin", methods=["GET", "POST"])
def signin() -> ResponseReturnValue:
    """Sign in. The per-account limit binds only browsers that never signed in to the
    account (no device cookie for it); per address, a right password always gets in."""
    if current_user.is_authenticated:
        return redirect(url_for("main.home"))
    form = SigninForm()
    target = next_param()
    pages = ("accounts/signin.html", "accounts/_signin_form.html")
    if form.validate_on_submit():
        key = name_key(form.username.data or "")
        found = service.find_user(form.username.data or "")
        known = devices.knows(found)
        if not known and limits.account_locked(key):
            return _too_many(
                *pages,
                form,
                _(
                    "Too many wrong passwords for this account. Please wait a minute, or sign "
                    "in on a device where you have signed in before."
                ),
            )
        try:
            user = service.authenticate(
                (form.username.data or ""), (form.password.data or ""), found
            )
        except HashingBusy:
            return _busy(*pages, form)
        if user is None:
            if limits.wrong_signin(key, known):
                return _too_many(
                    *pages,
                    form,
                    _("Too many wrong passwords from your network. Please wait a minute."),
                )
            add_error(form.password, _("Wrong username or password."))
        elif user.disabled_at is not None:
            add_error(
                form.password,
                _("This account has been disabled. Ask the site's admin to enable it again."),
            )
        else:
            _start_session(user)
            service.after_signin(user)
            flash(_("Signed in as %(name)s.", name=user.username), "success")
            resp = redirect_to(target)
            resp.delete_cookie(PROFILE_COOKIE)
            devices.remember(resp, user)
            if user.locale:
                set_lang_cookie(resp, user.locale)
            return resp
    return form_page(*pages, form=form)


@bp.post("/signout")
def signout() -> ResponseReturnValue:
    if current_user.is_authenticated:
        service.end_sessions(current_user)  # a copy of this session cookie is now useless
    logout_user()
    session.clear()
    flash(_("You are signed out."), "info")
    return redirect_to(url_for("main.home"))


@bp.route("/", methods=["GET", "POST"])
@login_required
def settings() -> ResponseReturnValue:
    form = LanguageForm(locale=current_user.locale or request.cookies.get("lang") or "zh")
    if form.validate_on_submit():
        service.set_locale(current_user, form.locale.data)
        resp = redirect_to(url_for("accounts.settings"))
        set_lang_cookie(resp, form.locale.data)
        flash(_("Language saved."), "success")
        return resp
    return form_page(
        "accounts/settings.html", "accounts/_language_form.html", form=form, day=_day_form()
    )


def _day_form(formdata: object = None) -> DayForm:
    profile = current_profile()
    goal = goal_of(profile)
    return DayForm(
        formdata=formdata,
        timezone=profile.timezone if profile is not None else _browser_or_default(),
        goal=str(goal) if goal else "off",
    )


def _browser_or_default() -> str:
    return zones.browser_zone() or zones.DEFAULT


@bp.post("/day")
@login_required
def day() -> ResponseReturnValue:
    """The account's time zone and daily goal (the settings page's second form)."""
    form = _day_form(request.form)
    if form.validate_on_submit():
        service.set_day(
            (form.timezone.data or ""), None if form.goal.data == "off" else int(form.goal.data)
        )
        flash(_("Time zone and daily goal saved."), "success")
        return redirect_to(url_for("accounts.settings"))
    return form_page(
        "accounts/settings.html",
        "accounts/_day_form.html",
        form=LanguageForm(locale=current_user.locale or "zh"),
        day=form,
        status=422,
    )


@bp.route("/password", methods=["GET", "POST"])
@limits.current_per_address
@limits.current_per_account
@limits.changes_per_account
@limits.changes_per_address
@limits.new_per_site
@login_required
def password() -> ResponseReturnValue:
    form = PasswordForm(current_user)
    pages = ("accounts/password.html", "accounts/_password_form.html")
    if form.validate_on_submit():
        user = current_user._get_current_object()
        try:
            changed = service.change_password(
                user, (form.current.data or ""), (form.password.data or "")
            )
        except HashingBusy:
            return _busy(*pages, form)
        if changed:
            limits.new_password()
            login_user(user)  # this browser stays signed in, with the new session version
            flash(_("Your password has been changed."), "success")
            resp = redirect_to(url_for("accounts.settings"))
            devices.remember(resp, user)  # the new password's tag: older cookies are void
            return resp
        limits.wrong_password()
        add_error(form.current, _("That is not your current password."))
    return form_page(*pages, form=form)


#: what a member who must choose a new password may still reach
_BEFORE_NEW_PASSWORD = {"accounts.new_password", "accounts.signout", "static", "api.health"}


@bp.before_app_request
def _new_password_first() -> ResponseReturnValue | None:
    """A member who signed in with an admin's one-time code chooses a password first."""
    if (
        current_user.is_authenticated
        and current_user.must_set_password
        and request.endpoint not in _BEFORE_NEW_PASSWORD
    ):
        location = url_for("accounts.new_password")
        return redirect_to(location) if is_htmx() else redirect(location)
    return None


@bp.route("/code", methods=["GET", "POST"])
@limits.codes_per_address
@limits.codes_per_site
def code_signin() -> ResponseReturnValue:
    """Sign in with the one-time code the site's admin gave (a lost password)."""
    if current_user.is_authenticated:
        return redirect(url_for("main.home"))
    form = CodeSigninForm()
    if form.validate_on_submit():
        user = signin_codes.use(form.code.data or "")
        if user is None:
            add_error(form.code, _("That code is not right or has expired."))
        else:
            _start_session(user)
            service.after_signin(user)
            resp = redirect_to(
                url_for("accounts.new_password") if user.must_set_password else url_for("main.home")
            )
            resp.delete_cookie(PROFILE_COOKIE)
            devices.remember(resp, user)
            if user.locale:
                set_lang_cookie(resp, user.locale)
            return resp
    return form_page("accounts/code.html", "accounts/_code_form.html", form=form)


@bp.route("/new-password", methods=["GET", "POST"])
@limits.new_per_site
@login_required
def new_password() -> ResponseReturnValue:
    """Choose a new password (after a one-time code; anyone else: the usual page)."""
    if not current_user.must_set_password:
        return redirect(url_for("accounts.password"))
    user = current_user._get_current_object()
    form = NewPasswordForm(user)
    pages = ("accounts/new_password.html", "accounts/_new_password_form.html")
    if form.validate_on_submit():
        try:
            service.set_new_password(user, (form.password.data or ""))
        except HashingBusy:
            return _busy(*pages, form)
        limits.new_password()
        login_user(user)
        flash(_("Your new password is saved."), "success")
        resp = redirect_to(url_for("main.home"))
        devices.remember(resp, user)
        return resp
    return form_page(*pages, form=form)


def _download(body: str | bytes, mimetype: str, name: str) -> Response:
    resp = Response(body, mimetype=mimetype)
    resp.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    resp.headers["Cache-Control"] = "no-store"
    return resp


@bp.get("/record.json")
@login_required
def record_json() -> ResponseReturnValue:
    """The member's whole record as one JSON file."""
    return _download(
        record.as_json(current_user), "application/json", "long-card-academy-record.json"
    )


@bp.get("/record.zip")
@login_required
def record_csv() -> ResponseReturnValue:
    """The member's whole record as CSV files (one per part) in a zip."""
    return _download(
        record.as_csv_zip(current_user), "application/zip", "long-card-academy-record.zip"
    )


@bp.route("/delete", methods=["GET", "POST"])
@login_required
def delete() -> ResponseReturnValue:
    """Delete one's own account and record, after a page that says what goes (and, for a
    class's student, what leaves the class's results)."""
    user = current_user._get_current_object()
    form = DeleteAccountForm(user)
    blocked = record.blocked(user)
    if not blocked and form.validate_on_submit():
        record.delete_account(user)
        logout_user()
        session.clear()
        flash(_("Your account and everything it kept have been deleted."), "info")
        resp = redirect_to(url_for("main.home"))
        resp.delete_cookie(PROFILE_COOKIE)
        return resp
    status = 422 if request.method == "POST" else 200
    return form_page(
        "accounts/delete.html",
        "accounts/_delete_form.html",
        form=form,
        status=status,
        goes=erase.describe(record.what_goes(user)),
        classes=record.class_effects(user),
        blocked=blocked,
    )

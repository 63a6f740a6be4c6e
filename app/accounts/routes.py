from __future__ import annotations

from flask import flash, redirect, request, session, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required, login_user, logout_user

from app import devices, zones
from app import signin_limits as limits
from app.accounts import bp, service
from app.accounts.forms import DayForm, LanguageForm, PasswordForm, SigninForm, SignupForm
from app.extensions import login_manager
from app.hashing import HashingBusy
from app.htmx_utils import form_page, redirect_to
from app.i18n import set_lang_cookie
from app.learning.streaks import goal_of
from app.profiles import PROFILE_COOKIE, current_profile
from app.redirects import current_path, next_param
from app.usernames import name_key


@login_manager.unauthorized_handler
def _needs_signin():  # type: ignore[no-untyped-def]
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
    if request.htmx:
        return redirect_to(location)
    return redirect(location)


def _start_session(user) -> None:  # type: ignore[no-untyped-def]
    """Sign in with a fresh session: a new CSRF token, nothing kept from before."""
    session.clear()
    login_user(user)


def _busy(full: str, partial: str, form):  # type: ignore[no-untyped-def]
    """Every hashing slot is taken: say so at once (503), the form kept as typed."""
    form.password.errors.append(_("The server is busy. Please try again in a moment."))
    resp = form_page(full, partial, form=form, status=503)
    resp.headers["Retry-After"] = "2"
    return resp


@bp.route("/signup", methods=["GET", "POST"])
@limits.signups_per_address
@limits.new_per_site
def signup():  # type: ignore[no-untyped-def]
    if current_user.is_authenticated:
        return redirect(url_for("accounts.settings"))
    form = SignupForm()
    target = next_param()  # before any write: junk never fails after the account exists
    if form.validate_on_submit():
        try:
            user = service.create_user(form.username.data, form.password.data)
        except service.UsernameTaken:
            form.username.errors.append(_("That username is taken; choose another."))
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


def _too_many(full: str, partial: str, form, message: str):  # type: ignore[no-untyped-def]
    """Over a limit: say so at once (429), the form kept as typed; nothing waits."""
    form.password.errors.append(message)
    resp = form_page(full, partial, form=form, status=429)
    resp.headers["Retry-After"] = "60"
    return resp


@bp.route("/signin", methods=["GET", "POST"])
def signin():  # type: ignore[no-untyped-def]
    """Sign in. The per-account limit binds only browsers that never signed in to the
    account (no device cookie for it); per address, a right password always gets in."""
    if current_user.is_authenticated:
        return redirect(url_for("main.home"))
    form = SigninForm()
    target = next_param()
    pages = ("accounts/signin.html", "accounts/_signin_form.html")
    if form.validate_on_submit():
        key = name_key(form.username.data)
        found = service.find_user(form.username.data)
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
            user = service.authenticate(form.username.data, form.password.data, found)
        except HashingBusy:
            return _busy(*pages, form)
        if user is None:
            if limits.wrong_signin(key, known):
                return _too_many(
                    *pages,
                    form,
                    _("Too many wrong passwords from your network. Please wait a minute."),
                )
            form.password.errors.append(_("Wrong username or password."))
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
def signout():  # type: ignore[no-untyped-def]
    if current_user.is_authenticated:
        service.end_sessions(current_user)  # a copy of this session cookie is now useless
    logout_user()
    session.clear()
    flash(_("You are signed out."), "info")
    return redirect_to(url_for("main.home"))


@bp.route("/", methods=["GET", "POST"])
@login_required
def settings():  # type: ignore[no-untyped-def]
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
def day():  # type: ignore[no-untyped-def]
    """The account's time zone and daily goal (the settings page's second form)."""
    form = _day_form(request.form)
    if form.validate_on_submit():
        service.set_day(
            form.timezone.data, None if form.goal.data == "off" else int(form.goal.data)
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
def password():  # type: ignore[no-untyped-def]
    form = PasswordForm(current_user)
    pages = ("accounts/password.html", "accounts/_password_form.html")
    if form.validate_on_submit():
        user = current_user._get_current_object()
        try:
            changed = service.change_password(user, form.current.data, form.password.data)
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
        form.current.errors.append(_("That is not your current password."))
    return form_page(*pages, form=form)

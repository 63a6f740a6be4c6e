from __future__ import annotations

from flask import current_app, flash, redirect, request, session, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required, login_user, logout_user

from app.accounts import bp, service
from app.accounts.forms import LanguageForm, PasswordForm, SigninForm, SignupForm
from app.extensions import limiter, login_manager
from app.htmx_utils import form_page, redirect_to
from app.i18n import set_lang_cookie
from app.profiles import PROFILE_COOKIE
from app.redirects import current_path, next_param


@login_manager.unauthorized_handler
def _needs_signin():  # type: ignore[no-untyped-def]
    """To the sign-in page, with a relative ``next`` that brings the learner back."""
    flash(_("Sign in to see that page."), "info")
    location = url_for("accounts.signin", next=current_path())
    if request.htmx:
        return redirect_to(location)
    return redirect(location)


def _start_session(user) -> None:  # type: ignore[no-untyped-def]
    """Sign in with a fresh session: a new CSRF token, nothing kept from before."""
    session.clear()
    login_user(user)


@bp.route("/signup", methods=["GET", "POST"])
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
        else:
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
            return resp
    return form_page("accounts/signup.html", "accounts/_signup_form.html", form=form)


def _signin_limit() -> str:
    return str(current_app.config["SIGNIN_RATE_LIMIT"])


@bp.route("/signin", methods=["GET", "POST"])
@limiter.limit(_signin_limit, methods=["POST"])
def signin():  # type: ignore[no-untyped-def]
    if current_user.is_authenticated:
        return redirect(url_for("main.home"))
    form = SigninForm()
    target = next_param()
    if form.validate_on_submit():
        user = service.authenticate(form.username.data, form.password.data)
        if user is None:
            form.password.errors.append(_("Wrong username or password."))
        else:
            _start_session(user)
            service.after_signin(user)
            flash(_("Signed in as %(name)s.", name=user.username), "success")
            resp = redirect_to(target)
            resp.delete_cookie(PROFILE_COOKIE)
            if user.locale:
                set_lang_cookie(resp, user.locale)
            return resp
    return form_page("accounts/signin.html", "accounts/_signin_form.html", form=form)


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
    return form_page("accounts/settings.html", "accounts/_language_form.html", form=form)


@bp.route("/password", methods=["GET", "POST"])
@login_required
def password():  # type: ignore[no-untyped-def]
    form = PasswordForm(current_user)
    if form.validate_on_submit():
        service.change_password(current_user, form.password.data)
        login_user(current_user._get_current_object())  # this browser stays signed in
        flash(_("Your password has been changed."), "success")
        return redirect_to(url_for("accounts.settings"))
    return form_page("accounts/password.html", "accounts/_password_form.html", form=form)

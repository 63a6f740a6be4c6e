from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import PasswordField, RadioField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, EqualTo, Length, Regexp, ValidationError

from app.usernames import display_form, is_mixed_script

USERNAME_RE = r"^[\w.\-]+$"
MIN_PASSWORD = 8


def _new_password(label: object) -> PasswordField:
    return PasswordField(
        label,
        validators=[
            DataRequired(message=_l("Choose a password.")),
            Length(min=MIN_PASSWORD, max=200, message=_l("A password has at least 8 characters.")),
        ],
    )


def _repeat(label: object) -> PasswordField:
    return PasswordField(
        label, validators=[EqualTo("password", message=_l("The two passwords differ."))]
    )


class SignupForm(FlaskForm):  # type: ignore[misc]
    username = StringField(
        _l("Username"),
        filters=[display_form],
        validators=[
            DataRequired(message=_l("Choose a username.")),
            Length(min=3, max=40, message=_l("A username has 3 to 40 characters.")),
            Regexp(USERNAME_RE, message=_l("Use letters, digits, '.', '-' or '_' only.")),
        ],
    )
    password = _new_password(_l("Password"))
    confirm = _repeat(_l("Repeat the password"))

    def validate_username(self, field):  # type: ignore[no-untyped-def]
        if is_mixed_script(field.data or ""):
            raise ValidationError(
                _l(
                    "Write the name in one alphabet: letters from different alphabets that "
                    "look alike (such as Latin a and Cyrillic а) are not allowed."
                )
            )


class SigninForm(FlaskForm):  # type: ignore[misc]
    username = StringField(
        _l("Username"), validators=[DataRequired(message=_l("Enter your username."))]
    )
    password = PasswordField(
        _l("Password"), validators=[DataRequired(message=_l("Enter your password."))]
    )


class PasswordForm(FlaskForm):  # type: ignore[misc]
    current = PasswordField(
        _l("Current password"),
        validators=[DataRequired(message=_l("Enter your current password."))],
    )
    password = _new_password(_l("New password"))
    confirm = _repeat(_l("Repeat the new password"))

    def __init__(self, user, *args, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self._user = user

    def validate_current(self, field):  # type: ignore[no-untyped-def]
        if not self._user.check_password(field.data or ""):
            raise ValidationError(_l("That is not your current password."))


class LanguageForm(FlaskForm):  # type: ignore[misc]
    locale = RadioField(
        _l("Language"),
        choices=[SelectChoice("zh", "中文"), SelectChoice("en", "English")],
        validators=[DataRequired(message=_l("Choose a language."))],
    )

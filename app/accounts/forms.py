from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.models import User

from typing import Any

from flask import current_app
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, PasswordField, RadioField, SelectField, StringField
from wtforms.validators import DataRequired, EqualTo, Length, Regexp, ValidationError

from app.inputs import SelectChoice
from app.passwords import check_password
from app.text import languages
from app.usernames import display_form, is_mixed_script, name_key

USERNAME_RE = r"^[\w.\-]+$"
MIN_PASSWORD = 8


def _problem_messages() -> dict[str, str]:
    """What each code of :func:`app.passwords.check_password` means, in the page's language."""
    return {
        "common": _("It is one of the most common passwords."),
        "personal": _("It contains your username or the name of this site."),
        "keyboard": _("Keyboard patterns such as qwerty or 1qaz are easy to guess."),
        "sequence": _("Sequences such as abc or 6543 are easy to guess."),
        "repeat": _("Repeats such as aaa or abcabc are easy to guess."),
        "date": _("Dates and years are easy to guess."),
        "name": _("Names are easy to guess."),
        "word": _("A common word on its own is easy to guess."),
        "weak": _("It is too short or too simple."),
    }


def password_problem(password: str, user_inputs: list[str]) -> str | None:
    """Why ``password`` is too easy to guess, as one localized message, or ``None``.

    The sign-up and password forms call this; passwords the site generates do not.
    """
    verdict = check_password(
        password, user_inputs=user_inputs, min_score=current_app.config["PASSWORD_MIN_SCORE"]
    )
    if verdict.ok:
        return None
    messages = _problem_messages()
    return " ".join(
        [
            _("This password is too easy to guess."),
            *(messages[code] for code in verdict.problems[:2]),
            _("Try a few uncommon words together, or a longer password."),
        ]
    )


class HardToGuess:
    """Validator: the password passes :func:`password_problem` (the form names its user)."""

    def __call__(self, form: Any, field: Field) -> None:
        if len(field.data or "") < MIN_PASSWORD:
            return  # the length rule has said it
        problem = password_problem(field.data, form.user_inputs())
        if problem:
            raise ValidationError(problem)


def _new_password(label: str) -> PasswordField:
    return PasswordField(
        label,
        validators=[
            DataRequired(message=_l("Choose a password.")),
            Length(min=MIN_PASSWORD, max=200, message=_l("A password has at least 8 characters.")),
            HardToGuess(),
        ],
    )


def _repeat(label: str) -> PasswordField:
    return PasswordField(
        label, validators=[EqualTo("password", message=_l("The two passwords differ."))]
    )


def _is_han(char: str) -> bool:
    """A Chinese character (CJK unified ideographs and extension A)."""
    return "\u4e00" <= char <= "\u9fff" or "\u3400" <= char <= "\u4dbf"


class SignupForm(FlaskForm):
    username = StringField(
        _l("Username"),
        filters=[display_form],
        validators=[
            DataRequired(message=_l("Choose a username.")),
            # two characters are a whole name in Chinese (王芳): checked below
            Length(min=2, max=40, message=_l("A username has 3 to 40 characters.")),
            Regexp(USERNAME_RE, message=_l("Use letters, digits, '.', '-' or '_' only.")),
        ],
    )
    password = _new_password(_l("Password"))
    confirm = _repeat(_l("Repeat the password"))

    def user_inputs(self) -> list[str]:
        return [self.username.data or ""]

    def validate_username(self, field: Field) -> None:
        name = field.data or ""
        if len(name) == 2 and not all(_is_han(c) for c in name):
            raise ValidationError(_l("A username has 3 to 40 characters."))
        if is_mixed_script(field.data or ""):
            raise ValidationError(
                _l(
                    "Write the name in one alphabet: letters from different alphabets that "
                    "look alike (such as Latin a and Cyrillic а) are not allowed."
                )
            )


class SigninForm(FlaskForm):
    username = StringField(
        _l("Username"), validators=[DataRequired(message=_l("Enter your username."))]
    )
    password = PasswordField(
        _l("Password"), validators=[DataRequired(message=_l("Enter your password."))]
    )


class _OfUser(FlaskForm):
    """A form about a signed-in member's account (their name is checked against)."""

    def __init__(self, user: User, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._user = user

    def user_inputs(self) -> list[str]:
        return [self._user.username]


class PasswordForm(_OfUser):
    current = PasswordField(
        _l("Current password"),
        validators=[DataRequired(message=_l("Enter your current password."))],
    )
    password = _new_password(_l("New password"))
    confirm = _repeat(_l("Repeat the new password"))


class LanguageForm(FlaskForm):
    locale = RadioField(
        _l("Language"),
        choices=[SelectChoice(lang.code, lang.name) for lang in languages.all_languages()],
        validators=[DataRequired(message=_l("Choose a language."))],
    )


class NewPasswordForm(_OfUser):
    """The password a member chooses after signing in with a one-time code."""

    password = _new_password(_l("New password"))
    confirm = _repeat(_l("Repeat the new password"))


class CodeSigninForm(FlaskForm):
    code = StringField(
        _l("One-time code"),
        filters=[lambda v: (v or "").strip()],
        validators=[
            DataRequired(message=_l("Enter the code the site's admin gave you.")),
            Length(max=20, message=_l("That code is not right or has expired.")),
        ],
    )


class DeleteAccountForm(_OfUser):
    """Deleting one's own account: typing the username says it is meant."""

    username = StringField(
        _l("Your username"),
        validators=[DataRequired(message=_l("Type your username to confirm."))],
    )

    def validate_username(self, field: Field) -> None:
        if name_key(field.data or "") != self._user.username_key:
            raise ValidationError(_l("That is not your username."))


class DayForm(FlaskForm):
    """The learner's day: the time zone it is counted in, and the daily goal."""

    timezone = StringField(
        _l("Time zone"),
        validators=[DataRequired(message=_l("Choose a time zone from the list."))],
    )
    goal = SelectField(_l("Daily goal"), choices=[], validate_choice=True)

    def __init__(self, *args: object, **kwargs: object) -> None:
        from app.learning.streaks import GOALS

        super().__init__(*args, **kwargs)
        self.goal.choices = [SelectChoice("off", _("No goal"))] + [
            SelectChoice(str(n), str(n)) for n in GOALS
        ]

    def validate_timezone(self, field: StringField) -> None:
        from app.zones import valid

        field.data = (field.data or "").strip()
        if not valid(field.data):
            raise ValidationError(_("Choose a time zone from the list, such as Asia/Shanghai."))

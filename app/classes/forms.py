from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    DateTimeLocalField,
    IntegerField,
    RadioField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import (
    DataRequired,
    InputRequired,
    Length,
    NumberRange,
    Optional,
    Regexp,
    ValidationError,
)

from app.classes.accounts import CODE_MINUTES, PREFIX_RE
from app.classes.models import MAX_STUDENTS
from app.inputs import SelectChoice
from app.usernames import display_form

TYPED = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"]
#: the years a typed date may fall in (year 1 or 9999 cannot be moved between time zones)
YEARS = (2000, 2999)


def _in_years(_form: FlaskForm, field: DateTimeLocalField) -> None:
    if field.data and not YEARS[0] <= field.data.year <= YEARS[1]:
        raise ValidationError(_l("Enter a date between the years 2000 and 2999."))


def _strip(value: str | None) -> str:
    return (value or "").strip()


def _name(label: str) -> StringField:
    return StringField(
        label,
        filters=[_strip],
        validators=[Length(max=80, message=_l("A name has at most 80 characters."))],
    )


def _notes(label: str) -> TextAreaField:
    return TextAreaField(
        label,
        filters=[_strip],
        validators=[Length(max=4000, message=_l("Notes have at most 4000 characters."))],
    )


def _class_name() -> StringField:
    return StringField(
        _l("Class name"),
        filters=[_strip],
        validators=[
            DataRequired(message=_l("Give the class a name.")),
            Length(max=80, message=_l("A class name has at most 80 characters.")),
        ],
    )


class NewClassForm(FlaskForm):
    name = _class_name()


class ClassForm(FlaskForm):
    name = _class_name()
    notes = _notes(_l("Private notes (only the class's teachers see them)"))


class StudentsForm(FlaskForm):
    names = TextAreaField(
        _l("The students' real names, one per line (only the class's teachers see them)"),
        validators=[DataRequired(message=_l("Write one name per line."))],
    )
    prefix = StringField(
        _l("Usernames start with"),
        filters=[lambda v: (v or "").strip().lower()],
        validators=[
            DataRequired(message=_l("Choose how the usernames start.")),
            Regexp(
                PREFIX_RE.pattern,
                message=_l(
                    "Use 2 to 12 letters a-z and digits, starting with a letter, such as kamo."
                ),
            ),
        ],
    )

    def lines(self) -> list[str]:
        return [ln.strip() for ln in (self.names.data or "").splitlines() if ln.strip()]

    def validate_names(self, field: TextAreaField) -> None:
        lines = self.lines()
        if not lines:
            raise ValidationError(_l("Write one name per line."))
        if len(lines) > MAX_STUDENTS:
            raise ValidationError(_l("At most 100 students in a class."))
        if any(len(ln) > 80 for ln in lines):
            raise ValidationError(_l("A name has at most 80 characters."))


class StudentForm(FlaskForm):
    real_name = _name(_l("Real name"))
    sort_key = StringField(
        _l("Pinyin for sorting"),
        description=_l(
            "Made from the name (surnames read as surnames: 曾 zeng, 单 shan). Correct it if"
            " the name is read otherwise; it is made again when the name changes."
        ),
        filters=[lambda v: v.strip() if isinstance(v, str) else v],
        validators=[Length(max=200)],
    )
    note = _notes(_l("Private note"))


class CoTeacherForm(FlaskForm):
    username = StringField(
        _l("Username of the co-teacher"),
        filters=[display_form],
        validators=[DataRequired(message=_l("Enter a username."))],
    )


def _minutes() -> RadioField:
    return RadioField(
        _l("Codes are good for"),
        choices=[
            SelectChoice(str(CODE_MINUTES[0]), _l("15 minutes")),
            SelectChoice(str(CODE_MINUTES[1]), _l("1 hour")),
            SelectChoice(str(CODE_MINUTES[2]), _l("1 day")),
        ],
        default=str(CODE_MINUTES[1]),
        validators=[DataRequired(message=_l("Choose how long the codes work."))],
    )


class CardsForm(FlaskForm):
    """Login cards for the students ticked (``student`` checkboxes, read by the view)."""

    what = RadioField(
        _l("Print"),
        choices=[
            SelectChoice("code", _l("quick-login codes (passwords stay as they are)")),
            SelectChoice("password", _l("new passwords (the old ones stop working)")),
        ],
        default="code",
        validators=[DataRequired(message=_l("Choose what to print."))],
    )
    minutes = _minutes()


class CodeForm(FlaskForm):
    minutes = _minutes()


class ConfirmForm(FlaskForm):
    confirm = BooleanField(
        _l("Yes, I am sure"), validators=[DataRequired(message=_l("Tick the box to confirm."))]
    )


class JoinForm(FlaskForm):
    code = StringField(
        _l("Class code"),
        filters=[_strip],
        validators=[
            DataRequired(message=_l("Enter the class code.")),
            Length(max=20, message=_l("That is not a class code.")),
        ],
    )
    real_name = _name(_l("Your real name (only your teachers see it)"))


class QuickSigninForm(FlaskForm):
    code = StringField(
        _l("Sign-in code"),
        filters=[_strip],
        validators=[
            DataRequired(message=_l("Enter the code from your card.")),
            Length(max=20, message=_l("That code is not right or has expired.")),
        ],
    )


class _Dates(FlaskForm):
    title = StringField(
        _l("Title"),
        filters=[_strip],
        validators=[
            DataRequired(message=_l("Give the assignment a title.")),
            Length(max=120, message=_l("A title has at most 120 characters.")),
        ],
    )
    starts_at = DateTimeLocalField(
        _l("Starts"),
        format=TYPED,
        validators=[
            InputRequired(message=_l("Enter a date and time, such as 2026-09-01 08:00.")),
            _in_years,
        ],
    )
    due_at = DateTimeLocalField(
        _l("Due"),
        format=TYPED,
        validators=[
            InputRequired(message=_l("Enter a date and time, such as 2026-09-01 08:00.")),
            _in_years,
        ],
    )
    pass_percent = IntegerField(
        _l("Pass threshold: percent of the items right at the first answer"),
        validators=[
            InputRequired(message=_l("Enter a number from 0 to 100.")),
            NumberRange(min=0, max=100, message=_l("Enter a number from 0 to 100.")),
        ],
        default=60,
    )

    def validate_due_at(self, field: DateTimeLocalField) -> None:
        if field.data and self.starts_at.data and field.data <= self.starts_at.data:
            raise ValidationError(_l("The due date comes after the start."))


class AssignmentForm(_Dates):
    exam = BooleanField(
        _l("Exam: no hints, no feedback; students see their results when the last extension ends")
    )


class EditAssignmentForm(_Dates):
    pass


class ExtensionForm(FlaskForm):
    student = SelectField(_l("Student"), coerce=int, validate_choice=True)
    until = DateTimeLocalField(
        _l("New due date (empty: the assignment's own)"),
        format=TYPED,
        validators=[Optional(), _in_years],
    )

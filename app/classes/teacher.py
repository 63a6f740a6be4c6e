"""/classes/…: the teachers' area. Every class page answers 404 to anyone who does not
teach the class (:mod:`app.classes.access`); forms re-render with what was typed (422)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    g,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from app import inputs
from app.classes import access, accounts, kept, kinds, results, service, times
from app.classes.forms import (
    AssignmentForm,
    CardsForm,
    ClassForm,
    CodeForm,
    ConfirmForm,
    CoTeacherForm,
    EditAssignmentForm,
    ExtensionForm,
    NewClassForm,
    StudentForm,
    StudentsForm,
)
from app.classes.models import MAX_STUDENTS, ORDERS, Assignment, SchoolClass
from app.engine.core.registry import all_variants, find_variant
from app.extensions import db
from app.hashing import HashingBusy
from app.htmx_utils import form_page, redirect_to
from app.i18n import page_locale
from app.inputs import SelectChoice, add_error
from app.learning import clock
from app.models import User
from app.ui import present

bp = Blueprint("classes", __name__)
GAMES = tuple(v.id for v in all_variants())


def _locale() -> str:
    return page_locale()


def _teacher() -> User:
    u = access.user()
    if u is None or not access.may_teach(u):
        abort(404)
    return u


def _zone() -> ZoneInfo:
    """The teacher's time zone (read with the assignment on an assignment's pages)."""
    if "teacher_zone" in g:
        return times.zone_named(g.teacher_zone)
    return times.zone_of(access.user())


def _busy(template: str, **context: Any) -> Response:
    """Every hashing slot is taken: say so at once (503), the form kept as typed."""
    flash(_("The server is busy. Please try again in a moment."), "info")
    resp = Response(render_template(template, **context), status=503)
    resp.headers["Retry-After"] = "2"
    return resp


_T = TypeVar("_T")


def _given(value: _T | None) -> _T:
    """A validated form's value that its validators let through only when given."""
    assert value is not None
    return value


# -- the list of classes ------------------------------------------------------------------


@bp.get("/")
def index() -> ResponseReturnValue:
    u = access.user()
    if not access.may_teach(u):
        may_become = (
            u is not None and current_app.config["ANYONE_MAY_TEACH"] and not access.is_managed(u.id)
        )
        return render_template("classes/welcome.html", may_become=may_become)
    assert u is not None
    rows = service.classes_of(u)
    return render_template(
        "classes/index.html",
        active=[r for r in rows if not r.klass.archived],
        archived=[r for r in rows if r.klass.archived],
        form=NewClassForm(),
        invitations=service.invitations_for(u),
    )


@bp.post("/invitations/<int:iid>")
def answer_invitation(iid: int) -> ResponseReturnValue:
    """The invited teacher accepts or declines an invitation to co-teach."""
    u = _teacher()
    inv = service.invitation_for(u, iid)
    if inv is None:
        abort(404)
    action = request.form.get("action")
    if action not in ("accept", "decline"):
        abort(400)
    klass = service.answer_invitation(inv, u, action == "accept")
    if action == "accept" and klass is not None:
        flash(_("You teach %(name)s now.", name=klass.name), "success")
        return redirect_to(url_for("classes.show", cid=klass.id))
    flash(_("Invitation declined."), "success")
    return redirect_to(url_for("classes.index"))


@bp.route("/new", methods=["GET", "POST"])
def new() -> ResponseReturnValue:
    u = _teacher()
    form = NewClassForm()
    if form.validate_on_submit():
        klass = service.create_class(u, form.name.data or "")
        flash(_("Class %(name)s made.", name=klass.name), "success")
        return redirect_to(url_for("classes.show", cid=klass.id))
    return form_page("classes/new.html", "classes/_new_form.html", form=form)


@bp.post("/teach")
def teach() -> ResponseReturnValue:
    """Become a teacher, where the site lets anyone (``ANYONE_MAY_TEACH``)."""
    u = access.user()
    if u is None or not current_app.config["ANYONE_MAY_TEACH"] or access.is_managed(u.id):
        abort(404)
    if not u.has_role("teacher"):
        u.role = "teacher"
        db.session.commit()
        flash(_("You are a teacher now: make your first class."), "success")
    return redirect_to(url_for("classes.index"))


# -- one class ----------------------------------------------------------------------------


def _class_page(klass: SchoolClass, status: int = 200, **forms: FlaskForm) -> Response:
    u = _teacher()
    zone = _zone()
    tasks = service.assignments_of(klass)
    context: dict[str, Any] = {
        "klass": klass,
        "role": access.teacher_role(klass.id, u.id),
        "roster": service.roster(klass, _order()),
        "order": service.order_of(klass, _order()),
        "teachers": service.teachers_of(klass),
        "invitations": service.invitations_of_class(klass),
        "assignments": tasks,
        "shown": lambda dt: times.shown(dt, zone),
        "join_link": url_for("assignments.join_code", code=klass.join_code, _external=True),
        "signin_link": url_for("assignments.quick_signin", _external=True),
        "max_students": MAX_STUDENTS,
        "teacher_form": forms.get("teacher_form") or CoTeacherForm(formdata=None),
        "cards_form": forms.get("cards_form") or CardsForm(formdata=None),
        "form": forms.get("form") or ClassForm(formdata=None, obj=klass),
    }
    resp = Response(render_template("classes/class.html", **context), status=status)
    return resp


@bp.get("/<int:cid>/")
def show(cid: int) -> ResponseReturnValue:
    return _class_page(access.teaching(cid))


def _order() -> str | None:
    """A page's ``order`` parameter (``made`` or ``pinyin``): this view only."""
    asked = request.args.get("order")
    return asked if asked in ORDERS else None


@bp.post("/<int:cid>/order")
def roster_order(cid: int) -> ResponseReturnValue:
    """The class's order of students, kept for its every page and export."""
    klass = access.teaching(cid)
    order = request.form.get("order", "")
    if order not in ORDERS:
        abort(422)
    service.set_order(klass, order)
    back = request.form.get("next", "")
    if not back.startswith(f"/classes/{klass.id}/") or "//" in back:
        back = url_for("classes.show", cid=klass.id)
    return redirect_to(back)


@bp.post("/<int:cid>/edit")
def edit(cid: int) -> ResponseReturnValue:
    klass = access.teaching(cid)
    form = ClassForm()
    if form.validate_on_submit():
        service.update_class(klass, form.name.data or "", form.notes.data or "")
        flash(_("Saved."), "success")
        return redirect_to(url_for("classes.show", cid=klass.id))
    return _class_page(klass, 422, form=form)


@bp.post("/<int:cid>/archive")
def archive(cid: int) -> ResponseReturnValue:
    """Archive (hidden from students, joining closed) or restore: ``action`` says which."""
    klass = access.teaching(cid)
    action = request.form.get("action")
    if action not in ("archive", "restore"):
        abort(400)
    service.set_archived(klass, action == "archive")
    if action == "archive":
        flash(_("Class archived. Restore it any time: nothing is lost."), "success")
    else:
        flash(_("Class restored."), "success")
    return redirect_to(url_for("classes.show", cid=klass.id))


@bp.post("/<int:cid>/join-code")
def join_code(cid: int) -> ResponseReturnValue:
    klass = access.teaching(cid)
    action = request.form.get("action")
    if action not in ("new", "open", "close"):
        abort(400)
    service.change_join(klass, action)
    flash(_("Saved."), "success")
    return redirect_to(url_for("classes.show", cid=klass.id))


@bp.post("/<int:cid>/teachers")
def add_teacher(cid: int) -> ResponseReturnValue:
    klass = access.teaching(cid, owner=True)
    form = CoTeacherForm()
    if form.validate_on_submit():
        try:
            invited = service.invite_co_teacher(klass, _teacher(), form.username.data or "")
        except service.NotATeacher:
            add_error(form.username, _("There is no teacher with that username."))
        except service.AlreadyTeaches:
            add_error(form.username, _("That teacher already teaches this class."))
        except service.InvitedAlready:
            add_error(form.username, _("That teacher has an invitation to answer already."))
        else:
            flash(
                _(
                    "%(name)s is invited: they teach this class once they accept.",
                    name=invited.username,
                ),
                "success",
            )
            return redirect_to(url_for("classes.show", cid=klass.id))
    return _class_page(klass, 422, teacher_form=form)


@bp.post("/<int:cid>/invitations/<int:iid>/withdraw")
def withdraw_invitation(cid: int, iid: int) -> ResponseReturnValue:
    klass = access.teaching(cid, owner=True)
    if not ConfirmForm().validate_on_submit():
        abort(422)
    if not service.withdraw_invitation(klass, iid):
        abort(404)
    flash(_("Invitation withdrawn."), "success")
    return redirect_to(url_for("classes.show", cid=klass.id))


@bp.post("/<int:cid>/teachers/<int:uid>/remove")
def remove_teacher(cid: int, uid: int) -> ResponseReturnValue:
    klass = access.teaching(cid, owner=True)
    form = ConfirmForm()
    if not form.validate_on_submit():
        abort(422)
    if not service.remove_co_teacher(klass, uid):
        abort(404)
    flash(_("Removed."), "success")
    return redirect_to(url_for("classes.show", cid=klass.id))


# -- student accounts ---------------------------------------------------------------------


@bp.route("/<int:cid>/students/new", methods=["GET", "POST"])
def new_students(cid: int) -> ResponseReturnValue:
    klass = access.teaching(cid)
    u = _teacher()
    form = StudentsForm()
    if request.method == "GET":
        form.prefix.data = accounts.suggest_prefix()
    context: dict[str, Any] = {"klass": klass, "max_students": MAX_STUDENTS}
    if form.validate_on_submit():
        try:
            made = accounts.make_students(klass, u, form.lines(), form.prefix.data or "")
        except accounts.ClassFull:
            add_error(
                form.names,
                _(
                    "A class has at most %(n)s students; this one has %(now)s.",
                    n=MAX_STUDENTS,
                    now=accounts.students_count(klass),
                ),
            )
        except HashingBusy:
            return _busy("classes/students_new.html", form=form, **context)
        else:
            cards = [
                {"name": m.member.real_name, "username": m.user.username, "password": m.password}
                for m in made
            ]
            return _cards(klass, cards, made_now=True)
    return form_page(
        "classes/students_new.html", "classes/_students_form.html", form=form, **context
    )


def _cards(klass: SchoolClass, cards: list[dict[str, Any]], made_now: bool = False) -> Response:
    """The print view of login cards (passwords and codes are shown this once)."""
    zone = _zone()
    for c in cards:
        if c.get("expires"):
            c["expires"] = times.shown(c["expires"], zone)
    resp = Response(
        render_template(
            "classes/cards.html",
            klass=klass,
            cards=cards,
            made_now=made_now,
            signin_link=url_for("accounts.signin", _external=True),
            code_link=url_for("assignments.quick_signin", _external=True),
        )
    )
    resp.headers["Cache-Control"] = "private, no-store"
    return resp


def _managed(klass: SchoolClass, teacher: User, ids: list[int]) -> list[User]:
    """Of ``ids``, the class's students whose accounts ``teacher`` manages."""
    rows = {r.user.id: r for r in service.roster(klass)}
    return [
        rows[i].user
        for i in dict.fromkeys(ids)
        if i in rows and rows[i].managed and access.manages(teacher.id, i)
    ]


@bp.post("/<int:cid>/cards")
def cards(cid: int) -> ResponseReturnValue:
    """Login cards for the students ticked: new quick-login codes or new passwords."""
    klass = access.teaching(cid)
    u = _teacher()
    form = CardsForm()
    ids = inputs.ids(request.form.getlist("student"))
    users = _managed(klass, u, ids)
    valid = form.validate_on_submit()
    if valid and not users:
        add_error(form.what, _("Tick the students whose cards you want."))
    if not valid or not users:
        return _class_page(klass, 422, cards_form=form)
    names = {r.user.id: r.member.real_name for r in service.roster(klass)}
    if form.what.data == "password":
        try:
            passwords = accounts.reset_passwords(users, by=u)
        except HashingBusy:
            flash(_("The server is busy. Please try again in a moment."), "info")
            return _class_page(klass, 503, cards_form=form)
        cards: list[dict[str, Any]] = [
            {"name": names[x.id], "username": x.username, "password": p}
            for x, p in zip(users, passwords, strict=True)
        ]
    else:
        codes = accounts.new_quick_codes(users, int(form.minutes.data), by=u)
        expires = accounts.code_expiry(users[0].id)
        cards = [
            {"name": names[x.id], "username": x.username, "code": c, "expires": expires}
            for x, c in zip(users, codes, strict=True)
        ]
    return _cards(klass, cards)


def _student_page(
    klass: SchoolClass, uid: int, status: int = 200, form: StudentForm | None = None
) -> Response:
    u = _teacher()
    row = access.member(klass, uid)
    student = db.session.get(User, uid)
    zone = _zone()
    summaries = []
    for a in service.assignments_of(klass):
        _items, srow = results.student_row(a, uid, _locale())
        summaries.append((a, srow))
    return Response(
        render_template(
            "classes/student.html",
            klass=klass,
            member=row,
            student=student,
            managed=access.manages(u.id, uid),
            made_by_teacher=access.is_managed(uid),
            events=service.account_events(uid) if access.is_managed(uid) else [],
            form=form or StudentForm(formdata=None, obj=row),
            code_form=CodeForm(formdata=None),
            confirm_form=ConfirmForm(formdata=None),
            summaries=summaries,
            history=results.history(klass.id, uid, _locale()),
            shown=lambda dt: times.shown(dt, zone),
        ),
        status=status,
    )


@bp.route("/<int:cid>/students/<int:uid>", methods=["GET", "POST"])
def student(cid: int, uid: int) -> ResponseReturnValue:
    klass = access.teaching(cid)
    row = access.member(klass, uid)
    if request.method == "GET":
        return _student_page(klass, uid)
    form = StudentForm()
    if form.validate_on_submit():
        service.update_student(
            row, form.real_name.data or "", form.note.data or "", form.sort_key.data or ""
        )
        flash(_("Saved."), "success")
        return redirect_to(url_for("classes.student", cid=cid, uid=uid))
    return _student_page(klass, uid, 422, form)


def _account_of(klass: SchoolClass, uid: int) -> User:
    """A student of the class whose account this teacher manages (403 if not theirs)."""
    access.member(klass, uid)
    if not access.manages(_teacher().id, uid):
        abort(403)
    student = db.session.get(User, uid)
    assert student is not None
    return student


@bp.post("/<int:cid>/students/<int:uid>/password")
def reset_password(cid: int, uid: int) -> ResponseReturnValue:
    klass = access.teaching(cid)
    student = _account_of(klass, uid)
    if not ConfirmForm().validate_on_submit():
        flash(_("Tick the box to confirm."), "info")
        return _student_page(klass, uid, 422)
    try:
        (password,) = accounts.reset_passwords([student], by=_teacher())
    except HashingBusy:
        flash(_("The server is busy. Please try again in a moment."), "info")
        return _student_page(klass, uid, 503)
    name = access.member(klass, uid).real_name
    return _cards(klass, [{"name": name, "username": student.username, "password": password}])


@bp.post("/<int:cid>/students/<int:uid>/code")
def quick_code(cid: int, uid: int) -> ResponseReturnValue:
    klass = access.teaching(cid)
    student = _account_of(klass, uid)
    form = CodeForm()
    if not form.validate_on_submit():
        return _student_page(klass, uid, 422)
    (code,) = accounts.new_quick_codes([student], int(form.minutes.data), by=_teacher())
    name = access.member(klass, uid).real_name
    card: dict[str, Any] = {
        "name": name,
        "username": student.username,
        "code": code,
        "expires": accounts.code_expiry(uid),
    }
    return _cards(klass, [card])


@bp.post("/<int:cid>/students/<int:uid>/remove")
def remove_student(cid: int, uid: int) -> ResponseReturnValue:
    klass = access.teaching(cid)
    access.member(klass, uid)
    if not ConfirmForm().validate_on_submit():
        flash(_("Tick the box to confirm."), "info")
        return _student_page(klass, uid, 422)
    service.remove_student(klass, uid)
    flash(_("The student has left the class; their own record is kept."), "success")
    return redirect_to(url_for("classes.show", cid=cid))


@bp.get("/<int:cid>/export.csv")
def export(cid: int) -> ResponseReturnValue:
    klass = access.teaching(cid)
    text = results.attempts_csv(klass.id, _locale(), _zone())
    return _csv(text, f"class-{klass.id}-answers.csv")


def _csv(text: str, filename: str) -> Response:
    resp = Response(text, mimetype="text/csv")
    resp.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    resp.headers["Cache-Control"] = "private, no-store"
    return resp


# -- assignments --------------------------------------------------------------------------


def _new_assignment_page(
    klass: SchoolClass,
    game: str,
    form: AssignmentForm,
    errors: dict[str, str] | None = None,
    status: int = 200,
) -> Response:
    u = _teacher()
    sections: list[tuple[kinds.Kind, dict[str, Any], str | None]] = []
    if game:
        for kind in kinds.KINDS.values():
            sections.append((kind, kind.options(game, u), (errors or {}).get(kind.id)))
    return Response(
        render_template(
            "classes/assignment_new.html",
            klass=klass,
            game=game,
            games=GAMES,
            form=form,
            sections=sections,
            general_error=(errors or {}).get(""),
            unit_title=kinds.unit_title,
        ),
        status=status,
    )


@bp.route("/<int:cid>/assignments/new", methods=["GET", "POST"])
def new_assignment(cid: int) -> ResponseReturnValue:
    klass = access.teaching(cid)
    u = _teacher()
    game = request.values.get("game", "")
    game = game if game in GAMES else ""
    zone = _zone()
    form = AssignmentForm()
    if request.method == "GET":
        start = times.to_local(clock.now(), zone).replace(second=0, microsecond=0)
        form.starts_at.data = start
        form.due_at.data = (start + timedelta(days=7)).replace(hour=20, minute=0)
        return _new_assignment_page(klass, game, form)
    if not game:
        abort(422)
    errors: dict[str, str] = {}
    parts: list[service.NewPart] = []
    for kind in kinds.KINDS.values():
        try:
            parts += [service.NewPart(kind.id, spec) for spec in kind.read(request.form, game, u)]
        except kinds.Refused as exc:
            errors[kind.id] = str(exc)
    valid = form.validate_on_submit()
    if valid and not errors and not parts:
        errors[""] = _("Pick at least one thing to assign.")
    if not valid or errors:
        return _new_assignment_page(klass, game, form, errors, 422)
    a = service.create_assignment(
        klass,
        u,
        title=form.title.data or "",
        game=game,
        starts_at=times.to_utc(_given(form.starts_at.data), zone),
        due_at=times.to_utc(_given(form.due_at.data), zone),
        pass_percent=_given(form.pass_percent.data),
        exam=bool(form.exam.data),
        parts=parts,
    )
    flash(_("Assignment %(title)s made.", title=a.title), "success")
    return redirect_to(url_for("classes.assignment", cid=cid, aid=a.id))


def _assignment(cid: int, aid: int) -> tuple[SchoolClass, Assignment]:
    klass, a, g.teacher_zone = access.teaching_assignment(cid, aid)
    return klass, a


#: where a cell's time goes in its drawing
CLOCK = "\x00clock\x00"


def _drawn_cells(
    draw: Callable[[results.Cell, Markup], object], rows: list[results.StudentRow]
) -> list[Markup]:
    """Each student's item cells as one string: a drawing per distinct result (a grid of
    100 × 30 has a few dozen), the time put in."""
    drawn: dict[tuple[object, ...], tuple[str, str]] = {}
    out: list[Markup] = []
    for r in rows:
        line: list[str] = []
        for c in r.cells:
            k = (c.attempts, c.first_right, c.solved, c.stars, c.shown)
            parts = drawn.get(k)
            if parts is None:
                head, _sep, tail = str(draw(c, Markup(CLOCK))).partition(CLOCK)
                parts = drawn[k] = (head, tail)
            if c.attempts:
                s = int(round(c.time_ms / 1000))
                line.append(f"{parts[0]} · {s // 60}:{s % 60:02d}{parts[1]}")
            else:
                line.append(parts[0])
        out.append(Markup("".join(line)))
    return out


def _results_pieces(
    klass: SchoolClass, a: Assignment, order: str, zone: ZoneInfo, extensions: dict[int, datetime]
) -> tuple[list[results.Member], dict[str, Markup], tuple[Any, ...], tuple[Any, ...]]:
    """The results part of an assignment's page, kept (:mod:`app.classes.kept`) for what
    it is drawn from: the assignment's values, the students (in ``order``), the
    extensions and :func:`results.stamp` (every answer and deal committed before this
    request), so it is drawn again after any of them changed. Its top (what is assigned,
    the deals compared) is kept apart, for the same values and the deals' part of the
    stamp: an answer draws the grid and the mistakes again, not the deals."""
    members, stamp = results.members_and_stamp(a, order)
    locale = _locale()
    slot = (a.id, a.key, order, zone.key, locale, request.script_root)
    values = (
        a.title,
        a.starts_at,
        a.due_at,
        a.pass_percent,
        a.exam,
        tuple(m.row for m in members),
        tuple(sorted(extensions.items())),
    )
    key = (*values, stamp)
    found = kept.get(slot, key)
    if found is not None:
        return members, found, slot, values
    top_slot, top_key = (*slot, "top"), (*values, results.deals_stamp(stamp))
    top = kept.get(top_slot, top_key)
    # each student's row, kept for what it shows (results.grid: Grid.keys)
    rows_slot, rows_key = (*slot, "rows"), (a.due_at, a.exam, a.pass_percent)
    held: dict[int, tuple[object, Markup]] = dict(kept.held(rows_slot, rows_key) or {})
    counted = results.grid(a, locale, order, extensions, {u: k for u, (k, _h) in held.items()})
    context: dict[str, Any] = {
        "klass": klass,
        "a": a,
        "g": counted,
        "links": {
            p.id: (kind.link(p.spec, a.game) if (kind := kinds.get(p.kind)) else None)
            for p, _t, _i in counted.parts
        },
        "deals": []
        if top
        else results.deal_reports(a, locale, [p for p, _t, _i in counted.parts], extensions),
        "extensions": extensions,
        "shown": lambda dt: times.shown(dt, zone),
        "student_url": url_for("classes.student", cid=klass.id, uid=0)[:-1],
    }
    current_app.update_template_context(context)
    # the template's macros (cell, row, top, legend, grid, mistakes), unknown to mypy
    module: Any = current_app.jinja_env.get_template("classes/_results.html").make_module(context)
    cells = _drawn_cells(module.cell, counted.rows)
    for r, drawn_cells in zip(counted.rows, cells, strict=True):
        held[r.user.id] = (counted.keys[r.user.id], module.row(r, drawn_cells))
    rows = {uid: held[uid] for uid in counted.keys}
    kept.hold(rows_slot, rows_key, rows, sum(len(h) for _k, h in rows.values()))
    if top is None:
        top = kept.put(top_slot, top_key, {"top": module.top()})
    pieces = {
        "legend": module.legend(),
        "grid": module.grid([h for _k, h in rows.values()]),
        "mistakes": module.mistakes(),
    }
    return members, kept.put(slot, key, {**top, **pieces}), slot, values


def _forms(
    klass: SchoolClass,
    a: Assignment,
    members: list[results.Member],
    zone: ZoneInfo,
    ext_form: ExtensionForm | None,
    edit_form: EditAssignmentForm | None,
) -> Markup:
    """The assignment's forms (classes/_assignment_forms.html), with what was typed."""
    if ext_form is None:
        ext_form = ExtensionForm(formdata=None)
    ext_form.student.choices = [SelectChoice(m.user_id, m.name) for m in members]
    if edit_form is None:
        edit_form = EditAssignmentForm(formdata=None, obj=a)
        edit_form.starts_at.data = times.to_local(a.starts_at, zone)
        edit_form.due_at.data = times.to_local(a.due_at, zone)
    return Markup(
        render_template(
            "classes/_assignment_forms.html",
            klass=klass,
            a=a,
            ext_form=ext_form,
            edit_form=edit_form,
            confirm_form=ConfirmForm(formdata=None),
        )
    )


def _kept_forms(
    klass: SchoolClass,
    a: Assignment,
    members: list[results.Member],
    zone: ZoneInfo,
    slot: tuple[Any, ...],
    values: tuple[Any, ...],
) -> Markup:
    """The assignment's forms as nobody has typed in them, kept (:mod:`app.classes.kept`)
    for the values they show (the assignment's, its students in order, in the page's
    zone and language) with the form token they were drawn with, which is replaced by
    this request's."""
    token = generate_csrf()
    found = kept.get((*slot, "forms"), values)
    if found is None:
        found = kept.put(
            (*slot, "forms"),
            values,
            {"html": _forms(klass, a, members, zone, None, None), "token": Markup(token)},
        )
    if found["token"] == token:
        return found["html"]
    return Markup(str(found["html"]).replace(str(found["token"]), token))


def _assignment_page(
    klass: SchoolClass,
    a: Assignment,
    status: int = 200,
    ext_form: ExtensionForm | None = None,
    edit_form: EditAssignmentForm | None = None,
) -> Response:
    zone = _zone()
    order = service.order_of(klass, _order())
    extensions = service.extensions_of(a)
    members, pieces, slot, values = _results_pieces(klass, a, order, zone, extensions)
    if ext_form is None and edit_form is None:
        forms = _kept_forms(klass, a, members, zone, slot, values)
    else:
        forms = _forms(klass, a, members, zone, ext_form, edit_form)
    return Response(
        render_template(
            "classes/assignment.html",
            klass=klass,
            a=a,
            pieces=pieces,
            forms=forms,
            order=order,
            closes=max([a.due_at, *extensions.values()]),
            shown=lambda dt: times.shown(dt, zone),
        ),
        status=status,
    )


@bp.get("/<int:cid>/assignments/<int:aid>/")
def assignment(cid: int, aid: int) -> ResponseReturnValue:
    klass, a = _assignment(cid, aid)
    return _assignment_page(klass, a)


@bp.post("/<int:cid>/assignments/<int:aid>/edit")
def edit_assignment(cid: int, aid: int) -> ResponseReturnValue:
    klass, a = _assignment(cid, aid)
    form = EditAssignmentForm()
    if form.validate_on_submit():
        zone = _zone()
        service.update_assignment(
            a,
            form.title.data or "",
            times.to_utc(_given(form.starts_at.data), zone),
            times.to_utc(_given(form.due_at.data), zone),
            _given(form.pass_percent.data),
        )
        flash(_("Saved."), "success")
        return redirect_to(url_for("classes.assignment", cid=cid, aid=aid))
    return _assignment_page(klass, a, 422, edit_form=form)


@bp.post("/<int:cid>/assignments/<int:aid>/delete")
def delete_assignment(cid: int, aid: int) -> ResponseReturnValue:
    klass, a = _assignment(cid, aid)
    if not ConfirmForm().validate_on_submit():
        flash(_("Tick the box to confirm."), "info")
        return _assignment_page(klass, a, 422)
    service.delete_assignment(a)
    flash(_("Assignment deleted; the students keep their answers in their own record."), "success")
    return redirect_to(url_for("classes.show", cid=cid))


@bp.post("/<int:cid>/assignments/<int:aid>/extensions")
def extension(cid: int, aid: int) -> ResponseReturnValue:
    klass, a = _assignment(cid, aid)
    form = ExtensionForm()
    form.student.choices = [SelectChoice(r.user.id, r.user.username) for r in service.roster(klass)]
    if form.validate_on_submit():
        until = times.to_utc(form.until.data, _zone()) if form.until.data else None
        service.set_extension(a, form.student.data, until)
        flash(_("Saved."), "success")
        return redirect_to(url_for("classes.assignment", cid=cid, aid=aid))
    return _assignment_page(klass, a, 422, ext_form=form)


@bp.get("/<int:cid>/assignments/<int:aid>/items/<key>")
def item(cid: int, aid: int, key: str) -> ResponseReturnValue:
    klass, a = _assignment(cid, aid)
    it = service.item_by_key(a, key)
    if it is None:
        abort(404)
    views = results.item_views(a, _locale())
    view = next(v for v in views if v.item.id == it.id)
    names = {r.user.id: r.member.real_name or r.user.username for r in service.roster(klass)}
    report = results.item_report(a, view, names, _locale())
    setup = present.build(view.exercise, _locale(), "", None) if view.exercise else None
    return render_template(
        "classes/item.html",
        klass=klass,
        a=a,
        r=report,
        b=setup,
        total=len(views),
        students=len(names),
        family=find_variant(a.game).family,
        prev=views[view.number - 2] if view.number > 1 else None,
        next=views[view.number] if view.number < len(views) else None,
    )


@bp.get("/<int:cid>/assignments/<int:aid>/export.csv")
def export_assignment(cid: int, aid: int) -> ResponseReturnValue:
    klass, a = _assignment(cid, aid)
    text = results.grid_csv(a, _locale(), _order(), _zone())
    return _csv(text, f"assignment-{a.id}-grid.csv")

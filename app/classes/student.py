"""A student's side: ``/assignments`` (what is assigned and due, each item by its opaque
key), joining a class by its code, and signing in with a quick-login code.

An item is answered through the one answer flow (:mod:`app.ui.flow`) in context
``assignment``, or ``exam`` for an exam: no hints, no feedback, one answer per item
(kept by the database), closed at the student's own due time, results shown once the
last extension has ended. Only this area's answer route takes an assignment's answers:
its tokens name the item's random key and the assignment's, and the public exercise
routes refuse them. A deal played for an assignment is seen by its player and the
class's teachers until the last student's time is up.
"""

from __future__ import annotations

from datetime import datetime
from urllib.parse import urlencode

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    g,
    redirect,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import login_user
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from app import devices
from app.classes import access, accounts, kinds, results, service, times
from app.classes.forms import JoinForm, QuickSigninForm
from app.classes.limits import codes_per_address, codes_per_site
from app.classes.models import Assignment, AssignmentItem, SchoolClass
from app.classes.results import Cell, DealCell, ItemView, StudentRow
from app.database import writable
from app.extensions import db
from app.htmx_utils import form_page, is_htmx, page, redirect_to
from app.i18n import page_locale, set_lang_cookie
from app.inputs import add_error
from app.learning import bank, clock, play, record
from app.learning.exercise import Exercise
from app.learning.models import Attempt, PlayDeal
from app.profiles import PROFILE_COOKIE, adopt_visitor_profile, current_profile
from app.text.messages import render
from app.ui import flow
from app.ui.present import ExerciseBlock, VerdictView

bp = Blueprint("assignments", __name__)
BLOCK = "components/exercise_block.html"


def _locale() -> str:
    return page_locale()


@bp.errorhandler(access.NoLongerInClass)
def _no_longer(e: access.NoLongerInClass) -> ResponseReturnValue:
    """A student removed from a class opens one of its links: told so (403)."""
    return page("assignments/no_longer.html", "assignments/_no_longer.html", 403, klass=e.klass)


# -- where "Continue" leads after an item --------------------------------------------------


def _item_url(a: Assignment, it: AssignmentItem) -> str:
    return url_for("assignments.item", aid=a.id, key=it.key)


def _own(a: Assignment, user_id: int) -> dict[int, str]:
    """The student's own exercises of the items made per student (made now for a student
    who joined after the assignment was)."""
    if not service.has_own(a):
        return {}
    wanted = sum(1 for it in service.items_of(a) if kinds.own_generator(it.exercise_id))
    found = {i: e for (i, u), e in service.own_positions_of(a).items() if u == user_id}
    if len(found) >= wanted:
        return found
    writable()
    try:
        found = service.own_positions(a, user_id)
        db.session.commit()
    except IntegrityError:  # made by another request of theirs at the same moment
        db.session.rollback()
        found = {i: e for (i, u), e in service.own_positions_of(a).items() if u == user_id}
    return found


def _exercise_id(it: AssignmentItem, own: dict[int, str]) -> str | None:
    """The exercise a student answers for the item (their own, for one made per student)."""
    return own.get(it.id) if kinds.own_generator(it.exercise_id) else it.exercise_id


def _after(ref: str, ex: Exercise, then: str = "") -> str | None:
    """The next item of the assignment, or its overview after the last."""
    a = service.assignment_of_ref(ref)
    u = access.user()
    if a is None or u is None:
        return None
    items = service.items_of(a)
    own = _own(a, u.id)
    ids = [_exercise_id(it, own) for it in items]
    if ex.id in ids and ids.index(ex.id) + 1 < len(items):
        return _item_url(a, items[ids.index(ex.id) + 1])
    return url_for("assignments.overview", aid=a.id)


_exam_before = flow.CONTINUE.get("exam")


def _after_exam(ref: str, ex: Exercise, then: str = "") -> str | None:
    if ref.startswith("asg-"):
        return _after(ref, ex, then)
    return _exam_before(ref, ex, then) if _exam_before else None


flow.CONTINUE["assignment"] = _after
flow.CONTINUE["exam"] = _after_exam


# -- the home page's list -----------------------------------------------------------------


def due_for_current_user() -> list[results.StudentTask]:
    """What the signed-in student has to do (for the home page): open and late work."""
    u = access.user()
    if u is None:
        return []
    tasks = results.for_student(u, _locale(), clock.now())
    return [t for t in tasks if t.status in ("todo", "late")][:8]


def local_time(dt: datetime | None) -> str:
    """A stored time as the signed-in user reads it (their time zone)."""
    return times.shown(dt, times.zone_of(access.user()))


# -- the assignments ----------------------------------------------------------------------


@bp.get("/assignments/")
def index() -> ResponseReturnValue:
    u = access.user()
    tasks = results.for_student(u, _locale(), clock.now()) if u is not None else []
    zone = times.zone_of(u)
    return page(
        "assignments/index.html",
        "assignments/_list.html",
        tasks=tasks,
        signed_in=u is not None,
        classes=service.student_classes(u) if u is not None else [],
        shown=lambda dt: times.shown(dt, zone),
        form=JoinForm(formdata=None),
    )


@bp.get("/assignments/<int:aid>/")
def overview(aid: int) -> ResponseReturnValue:
    a, klass, _row = access.student_assignment(aid)
    u = access.user()
    assert u is not None
    _own(a, u.id)
    items, row = results.student_row(a, u.id, _locale())
    parts = service.parts_of(a)
    reading: list[tuple[str, str]] = []
    deals: list[tuple[str, str, DealCell]] = []
    for p in parts:
        kind = kinds.get(p.kind)
        link = kind.student_link(p.spec, a.game, a.id) if kind else None
        if link and p.kind == "deal":
            deals.append((results.part_title(p, a.game, _locale()), link, row.deals[len(deals)]))
        elif link:
            reading.append((results.part_title(p, a.game, _locale()), link))
    visible = service.results_open(a)
    answers = _exam_results(items, row) if a.exam and visible else []
    zone = times.zone_of(u)
    first_open = next((iv for iv, c in zip(items, row.cells, strict=True) if not c.done), None)
    return page(
        "assignments/assignment.html",
        "assignments/_assignment.html",
        a=a,
        klass=klass,
        items=items,
        row=row,
        reading=reading,
        deals=deals,
        visible=visible,
        answers=answers,
        is_open=service.open_for(a, u.id),
        closes=service.closes_at(a),
        first_open=first_open,
        shown=lambda dt: times.shown(dt, zone),
    )


def _exam_results(
    items: list[ItemView], row: StudentRow
) -> list[tuple[ItemView, Cell, str, VerdictView | None, str]]:
    """After the exam: each item with the answer given, right or not, and the answer."""
    from app.learning.judge import judge
    from app.ui.present import answer_words, verdict_view

    out: list[tuple[ItemView, Cell, str, VerdictView | None, str]] = []
    for iv, c in zip(items, row.cells, strict=True):
        ex = iv.exercise
        if ex is None:
            continue
        given = answer_words(ex, c.last_answer, _locale()) if c.attempts else ""
        view = verdict_view(ex, judge(ex, c.last_answer), _locale(), True) if c.attempts else None
        right = view.answer_text if view else answer_words(ex, _solution(ex), _locale())
        out.append((iv, c, given, view, right))
    return out


def _solution(ex: Exercise) -> str:
    from app.learning.queries import solve

    return solve(ex).shown


def _item(aid: int, key: str) -> tuple[Assignment, SchoolClass, AssignmentItem, Exercise]:
    a, klass, row = access.student_assignment(aid)
    it = service.item_by_key(a, key)
    eid = _exercise_id(it, _own(a, row.user_id)) if it is not None else None
    ex = bank.get(eid) if eid else None
    if it is None or ex is None:
        abort(404)
    return a, klass, it, ex


def _answered(a: Assignment, ex: Exercise) -> Attempt | None:
    """This student's answer to an exam item, if any."""
    profile = current_profile()
    if profile is None:
        return None
    return db.session.scalar(
        select(Attempt)
        .filter_by(profile_id=profile.id, exercise_id=ex.id, context_ref=a.ref)
        .order_by(Attempt.id)
        .limit(1)
    )


def _address(blk: ExerciseBlock, a: Assignment, it: AssignmentItem) -> ExerciseBlock:
    """The block's forms post to the item's opaque address, never to the exercise id
    (the block's element ids and token name the item's key, see :func:`flow.block`)."""
    blk.answer_url = url_for("assignments.answer", aid=a.id, key=it.key)
    blk.hint_url = url_for("assignments.hint", aid=a.id, key=it.key)
    if blk.continue_url is None:
        blk.continue_url = _after(a.ref, blk.ex)
    if a.exam:
        blk.rating_change = None  # a rating that moves would tell right from wrong
    return blk


def _item_page(
    a: Assignment,
    klass: SchoolClass,
    it: AssignmentItem,
    blk: ExerciseBlock,
    status: int = 200,
    partial: str = "assignments/_item.html",
) -> Response:
    """The item's page; for htmx, ``partial`` (the block after an answer or a hint)."""
    items = service.items_of(a)
    number = next(i for i, x in enumerate(items, start=1) if x.id == it.id)
    recorded = a.exam and status == 200 and _answered(a, blk.ex) is not None
    u = access.user()
    assert u is not None
    return page(
        "assignments/item.html",
        partial,
        status=status,
        a=a,
        klass=klass,
        it=it,
        b=blk,
        number=number,
        total=len(items),
        prev=items[number - 2] if number > 1 else None,
        next=items[number] if number < len(items) else None,
        recorded=recorded,
        is_open=service.open_for(a, u.id),
    )


@bp.get("/assignments/<int:aid>/<key>")
def item(aid: int, key: str) -> ResponseReturnValue:
    a, klass, it, ex = _item(aid, key)
    blk = flow.block(ex, a.context, a.ref, done=request.args.get("done"), key=it.key)
    return _item_page(a, klass, it, _address(blk, a, it))


def _refuse(
    a: Assignment, klass: SchoolClass, it: AssignmentItem, ex: Exercise, message: str
) -> Response:
    blk = _address(flow.block(ex, a.context, a.ref, key=it.key), a, it)
    blk.error = message
    return _item_page(a, klass, it, blk, 422, BLOCK)


def _recorded_already(
    a: Assignment, klass: SchoolClass, it: AssignmentItem, ex: Exercise
) -> Response:
    return _refuse(a, klass, it, ex, _("Your answer to this question is recorded already."))


@bp.post("/assignments/<int:aid>/<key>/answer")
def answer(aid: int, key: str) -> ResponseReturnValue:
    a, klass, it, ex = _item(aid, key)
    u = access.user()
    assert u is not None
    token = record.read_token(str(request.form.get("token", "") or ""), ex, it.key)
    if token is None or token.context != a.context or token.ref != a.ref:
        return _refuse(a, klass, it, ex, render("answer-token-bad", {}, _locale()))
    if not service.open_for(a, u.id):
        return _refuse(a, klass, it, ex, _("This exam is closed; your answers are kept."))
    if a.exam:
        earlier = _answered(a, ex)
        if earlier is not None and earlier.nonce != token.nonce:
            return _recorded_already(a, klass, it, ex)
    try:
        blk, status, nonce = flow.submit(ex, request.form, key=it.key)
    except flow.AnsweredAlready:  # a second answer at the same moment: the first stands
        return _recorded_already(a, klass, it, ex)
    _address(blk, a, it)
    if is_htmx() and a.exam and status == 200:  # the whole item: "recorded", no form
        resp = _item_page(a, klass, it, blk)
        resp.headers["HX-Retarget"] = "#assignment-item"
        resp.headers["HX-Reswap"] = "outerHTML"
        return resp
    if is_htmx() or status != 200:
        return _item_page(a, klass, it, blk, status, BLOCK)
    if a.exam:
        return redirect(blk.continue_url or url_for("assignments.overview", aid=a.id), code=303)
    query = "?" + urlencode({"done": nonce}) if nonce else ""
    return redirect(f"{_item_url(a, it)}{query}#{blk.dom_id}", code=303)


@bp.post("/assignments/<int:aid>/<key>/hint")
def hint(aid: int, key: str) -> ResponseReturnValue:
    a, klass, it, ex = _item(aid, key)
    if a.exam:
        abort(404)
    token = record.read_token(str(request.form.get("token", "") or ""), ex, it.key)
    if token is None or token.context != a.context or token.ref != a.ref:
        return _refuse(a, klass, it, ex, render("answer-token-bad", {}, _locale()))
    blk = _address(flow.hint(ex, request.form, key=it.key), a, it)
    if is_htmx():
        return _item_page(a, klass, it, blk, partial=BLOCK)
    return redirect(f"{_item_url(a, it)}#{blk.dom_id}", code=303)


@bp.get("/assignments/<int:aid>/deal/<key>")
def deal(aid: int, key: str) -> ResponseReturnValue:
    """A student's own deal of a "same deal for everyone" part: started once (the
    part's seed, seat and strength), resumed after; played at the play table."""
    a, _klass, _row = access.student_assignment(aid)
    spec = next(
        (p.spec for p in service.parts_of(a) if p.kind == "deal" and p.spec.get("key") == key),
        None,
    )
    if spec is None:
        abort(404)
    writable()  # the first visit starts the student's deal
    profile = current_profile(create=True)
    assert profile is not None
    played, new = play.assigned(profile.id, a.id, a.game, spec)
    if new:
        if int(current_app.config.get("PLAY_PACE_MS", 800)) == 0:
            play.advance(played)
        db.session.commit()
    return redirect(url_for("play.table", game=a.game, deal_id=played.id), code=303)


def _deal_visible(deal: PlayDeal) -> bool:
    a = db.session.get(Assignment, deal.assignment_id) if deal.assignment_id else None
    return a is None or service.deal_visible(a, access.user())


play.assigned_visible = _deal_visible


# -- joining a class, quick sign-in -------------------------------------------------------


def _wrong() -> None:
    g.wrong_password = True


@bp.route("/classes/join", methods=["GET", "POST"])
@codes_per_address
@codes_per_site
def join() -> ResponseReturnValue:
    u = access.user()
    if u is None and request.method == "POST":
        abort(404)
    form = JoinForm()
    if request.method == "GET" and request.args.get("code"):
        form.code.data = request.args["code"][:20]
    if u is not None and form.validate_on_submit():
        klass = accounts.class_by_code(form.code.data)
        if klass is None:
            _wrong()
            add_error(form.code, _("There is no open class with that code."))
        else:
            try:
                accounts.join(klass, u, form.real_name.data or "")
            except accounts.AlreadyInClass:
                add_error(form.code, _("You are in this class already."))
            except accounts.TeachesClass:
                add_error(form.code, _("You teach this class."))
            except accounts.ClassFull:
                add_error(form.code, _("This class is full."))
            else:
                flash(_("You are in the class %(name)s now.", name=klass.name), "success")
                return redirect_to(url_for("assignments.index"))
    return form_page(
        "assignments/join.html",
        "assignments/_join_form.html",
        form=form,
        klass=None,
        signed_in=u is not None,
    )


@bp.get("/classes/join/<code>")
@codes_per_address
@codes_per_site
def join_code(code: str) -> ResponseReturnValue:
    """The join link: the class's name and the join form, or how to sign in first."""
    klass = accounts.class_by_code(code)
    if klass is None:
        _wrong()
        abort(404)
    form = JoinForm(formdata=None, code=klass.join_code)
    return page(
        "assignments/join.html",
        "assignments/_join_form.html",
        form=form,
        klass=klass,
        signed_in=access.user() is not None,
    )


@bp.route("/classes/signin", methods=["GET", "POST"])
@codes_per_address
@codes_per_site
def quick_signin() -> ResponseReturnValue:
    form = QuickSigninForm()
    if form.validate_on_submit():
        u = accounts.use_quick_code(form.code.data or "")
        if u is None:
            _wrong()
            add_error(form.code, _("That code is not right or has expired."))
        else:
            session.clear()
            login_user(u)
            adopt_visitor_profile(u)
            db.session.commit()
            flash(_("Signed in as %(name)s.", name=u.username), "success")
            resp = redirect_to(url_for("assignments.index"))
            resp.delete_cookie(PROFILE_COOKIE)
            devices.remember(resp, u)
            if u.locale:
                set_lang_cookie(resp, u.locale)
            return resp
    return form_page("assignments/signin.html", "assignments/_signin_form.html", form=form)

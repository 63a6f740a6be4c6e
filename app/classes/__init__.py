"""Teachers and classes (issue 15): classes, the student accounts teachers make,
assignments, dashboards; a student's assignments at ``/assignments``.

Modules: ``models`` (tables), ``access`` (who may see and do what), ``accounts`` (student
accounts, generated passwords, quick-login codes, joining), ``kinds`` (the registry of
what an assignment can hold), ``service`` (classes and assignments), ``results``
(dashboards and CSV), ``forms``, and the routes: ``teacher`` (``/classes/…``),
``student`` (``/assignments``, joining, quick sign-in), ``cleanup`` (an archived class's
student accounts).
"""

from __future__ import annotations

from flask import Flask, redirect, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException, MethodNotAllowed

AREA = ("/classes/", "/assignments/")


def init_app(app: Flask) -> None:
    """Register this area's blueprints and template helpers."""
    from app.classes import cleanup, student, teacher  # noqa: F401 (cleanup: routes on teacher.bp)

    app.config.setdefault("ANYONE_MAY_TEACH", False)
    app.register_blueprint(teacher.bp, url_prefix="/classes")
    app.register_blueprint(student.bp)
    app.jinja_env.globals["assignments_due"] = student.due_for_current_user
    app.jinja_env.globals["local_time"] = student.local_time
    app.before_request(_get_after_post)
    app.before_request(_assignments_sign_in_first)


def _assignments_sign_in_first() -> ResponseReturnValue | None:
    """A visitor opening any ``/assignments/…`` address, even one that names nothing,
    signs in first and comes back (what exists is not told before)."""
    from werkzeug.exceptions import NotFound

    if not request.path.startswith("/assignments/") or request.path == "/assignments/":
        return None
    if not isinstance(request.routing_exception, NotFound):
        return None
    from flask_login import current_user

    if current_user.is_authenticated:
        return None
    from app.extensions import login_manager

    return login_manager.unauthorized()


def _get_after_post() -> ResponseReturnValue | None:
    """A page drawn by a POST (a form with its errors, login cards) has the POST's address,
    and the language switch brings the browser back there with a GET. In this area that
    GET lands on the page holding the form, one step up, instead of a 405."""
    if request.method != "GET" or not isinstance(request.routing_exception, MethodNotAllowed):
        return None
    if not request.path.startswith(AREA):
        return None
    from flask import current_app

    adapter = current_app.url_map.bind_to_environ(request.environ)
    parent = request.path.rstrip("/").rsplit("/", 1)[0]
    for candidate in (parent + "/", parent):
        try:
            adapter.match(candidate, method="GET")
        except HTTPException:
            continue
        return redirect(candidate, code=303)
    return None

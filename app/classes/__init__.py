"""Teachers and classes (issue 15): classes, the student accounts teachers make,
assignments, dashboards; a student's assignments at ``/assignments``.

Modules: ``models`` (tables), ``access`` (who may see and do what), ``accounts`` (student
accounts, generated passwords, quick-login codes, joining), ``kinds`` (the registry of
what an assignment can hold), ``service`` (classes and assignments), ``results``
(dashboards and CSV), ``forms``, and the routes: ``teacher`` (``/classes/…``),
``student`` (``/assignments``, joining, quick sign-in).
"""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    """Register this area's blueprints and template helpers."""
    from app.classes import student, teacher

    app.config.setdefault("ANYONE_MAY_TEACH", False)
    app.register_blueprint(teacher.bp, url_prefix="/classes")
    app.register_blueprint(student.bp)
    app.jinja_env.globals["assignments_due"] = student.due_for_current_user
    app.jinja_env.globals["local_time"] = student.local_time

"""The admin area: roles (``/admin/roles``) and ``academy user …`` on the command line."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from app.admin import cli, routes

    app.register_blueprint(routes.bp, url_prefix="/admin")
    app.cli.add_command(cli.user_group)

"""Full page or partial: one endpoint serves both, by ``request.htmx``."""

from __future__ import annotations

from typing import Any

from flask import Response, make_response, redirect, render_template, request


def is_htmx() -> bool:
    """Whether this request came from htmx (htmx-flask sets ``request.htmx``)."""
    return bool(getattr(request, "htmx", False))


def page(full: str, partial: str, status: int = 200, **context: Any) -> Response:
    """Render ``partial`` for an htmx request, else the ``full`` page that includes it."""
    template = partial if is_htmx() else full
    resp = make_response(render_template(template, **context), status)
    resp.vary.add("HX-Request")
    return resp


def form_page(
    full: str, partial: str, form: Any, status: int | None = None, **context: Any
) -> Response:
    """A form page; a submitted form with errors answers 422 with the user's input kept."""
    if status is None:
        status = 422 if request.method == "POST" and form.errors else 200
    return page(full, partial, status=status, form=form, **context)


def redirect_to(location: str) -> Response:
    """Redirect; for htmx, a full navigation via ``HX-Redirect`` (the layout changes)."""
    if is_htmx():
        resp = make_response("", 200)
        resp.headers["HX-Redirect"] = location
        return resp
    return make_response(redirect(location, code=303))

"""Values from a request, checked before they can reach the database.

A database refuses some values a request can carry: integers beyond its column
(PostgreSQL's ``integer`` ends at 2³¹ − 1, SQLite's at 2⁶³ − 1), text with a NUL
character (PostgreSQL), ``inf`` and ``nan`` in JSON columns (PostgreSQL). Such a value is
bad input, answered with a 400 here, never an error of the database (which would be
taken for an outage). So:

* ``<int:…>`` in every route is :class:`BoundedInt`: an id above :data:`MAX_ID` matches no
  route (404), as an id that does not exist;
* a NUL anywhere in the path, the query string, the form, a JSON body or a cookie is a
  400 (:func:`refuse_nul`, before every request);
* number fields are read with :func:`int_or` and :func:`finite_or`, which give the default
  for what is not a number in range (``inf``, ``nan``, ``1e400``, 2⁶⁴).

What still reaches the database despite this is a bug: :mod:`app.ops` answers it 400 and
logs it with its stack.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from flask import Flask, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.routing import IntegerConverter, Map

# A select field's option (WTForms 3.3 deprecates tuples), for every form to import from here.
from wtforms.fields.choices import SelectChoice as SelectChoice  # type: ignore[attr-defined]  # WTForms 3.2's, not in its stubs yet

#: the largest id (and any integer a request gives the database): PostgreSQL's ``integer``
MAX_ID = 2**31 - 1


class BoundedInt(IntegerConverter):
    """``<int:…>``: Werkzeug's integer, at most :data:`MAX_ID` unless the rule says."""

    def __init__(
        self,
        map: Map,
        fixed_digits: int = 0,
        min: int | None = None,
        max: int | None = MAX_ID,
        signed: bool = False,
    ) -> None:
        super().__init__(map, fixed_digits=fixed_digits, min=min, max=max, signed=signed)


def int_or(text: Any, default: int, low: int = 0, high: int = MAX_ID) -> int:
    """``text`` as an integer from ``low`` to ``high``, else ``default``."""
    try:
        value = int(str(text).strip()) if text is not None else default
    except ValueError:
        return default
    return value if low <= value <= high else default


def digits(text: str, most: int = 9) -> bool:
    """Whether ``text`` is an ASCII number of at most ``most`` digits (``str.isdigit``
    also takes ``²``, which ``int`` refuses)."""
    return text.isascii() and text.isdecimal() and len(text) <= most


def ids(values: Iterable[str]) -> list[int]:
    """The values that are ids (1 to :data:`MAX_ID`); the others are left out."""
    return [int(v) for v in values if digits(v, 10) and 0 < int(v) <= MAX_ID]


def finite(text: Any) -> float:
    """``text`` as a finite number; ``ValueError`` for anything else (``inf``, ``nan``)."""
    value = float(str(text))
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def finite_or(text: Any, default: float) -> float:
    """``text`` as a finite number, else ``default`` (also for an empty field)."""
    if text is None or not str(text).strip():
        return default
    try:
        return finite(text)
    except ValueError:
        return default


def _texts(value: Any) -> Iterable[str]:
    """Every string in a JSON value (keys too)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _texts(v)


def _multi(d: Any) -> Iterable[str]:
    for key, values in d.lists():
        yield key
        yield from values


def _sent_texts() -> Iterable[str]:
    yield request.path
    yield from (str(v) for v in (request.view_args or {}).values())
    yield from _multi(request.args)
    yield from _multi(request.cookies)
    if request.method in ("POST", "PUT", "PATCH", "DELETE"):
        if request.is_json:
            yield from _texts(request.get_json(silent=True))
        else:
            yield from _multi(request.form)


def has_nul() -> bool:
    """Whether any text of this request holds a NUL character."""
    return any("\x00" in text for text in _sent_texts())


def init_app(app: Flask) -> None:
    app.url_map.converters["int"] = BoundedInt

    @app.before_request
    def refuse_nul() -> ResponseReturnValue | None:
        if not has_nul():
            return None
        from app.errors import render_error

        return render_error(400, _("What you sent holds a character that cannot be stored."))


def add_error(field: Any, message: str) -> None:
    """Add ``message`` to a form field's errors, shown beside it (WTForms keeps them as a
    sequence: a tuple before validation, a list after)."""
    field.errors = [*field.errors, message]

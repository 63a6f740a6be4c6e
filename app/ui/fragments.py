"""Fragment caching for templates: a piece of a page drawn once per key, then reused.

Much of a page depends only on the content, the language and the site's address: the
navigation, a lesson step's prose and worked example, a position's table, a count of a
hand. Those pieces are drawn once per process and kept here; what belongs to a learner
or a request (their stars, a form's one-time token, the CSRF token) is never put inside
one. Templates say::

    {% call fragment("lesson-step", L.game, L.id, p.step.id) %} … {% endcall %}

The key is the name and the values given, plus the page language and the script root
(every address inside is made for it). Content does not change while a process runs, so
nothing expires; the table is bounded (least recently used pieces go first).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from threading import Lock

from flask import current_app, g, has_request_context, request
from markupsafe import Markup

from app.i18n import page_locale

#: how many pieces a process keeps at most, and how many characters in all (a piece is
#: a few kilobytes: the whole content of both languages fits well within)
LIMIT = 20000
CHARS = 48 * 2**20

_PIECES: OrderedDict[tuple[Hashable, ...], Markup] = OrderedDict()
_LOCK = Lock()
_SIZE = [0]


def _context() -> tuple[str, str] | None:
    """What every key of this request holds besides its own (the language and the script
    root), found once per request; ``None`` when the cache is off (``FRAGMENT_CACHE``)."""
    if not has_request_context():
        return None if current_app.config.get("FRAGMENT_CACHE") is False else (page_locale(), "")
    found = g.get("_fragment_context", False)
    if found is False:
        on = current_app.config.get("FRAGMENT_CACHE") is not False
        found = g._fragment_context = (page_locale(), request.script_root) if on else None
    return found  # type: ignore[no-any-return]  # flask.g's values are untyped


def peek(name: str, *key: Hashable) -> Markup | None:
    """The piece ``name`` for ``key`` if it was drawn already (a view may then skip the
    work the piece needs)."""
    context = _context()
    if context is None:
        return None
    full = (name, *context, *key)
    with _LOCK:
        hit = _PIECES.get(full)
        if hit is not None:
            _PIECES.move_to_end(full)
        return hit


def put(name: str, *key: Hashable, html: str) -> Markup:
    drawn = Markup(html)
    context = _context()
    if context is None:
        return drawn
    full = (name, *context, *key)
    with _LOCK:
        old = _PIECES.pop(full, None)
        _SIZE[0] += len(drawn) - (len(old) if old is not None else 0)
        _PIECES[full] = drawn
        while len(_PIECES) > LIMIT or _SIZE[0] > CHARS:
            _key, gone = _PIECES.popitem(last=False)
            _SIZE[0] -= len(gone)
    return drawn


def fragment(name: str, *key: Hashable, caller: Callable[[], str]) -> Markup:
    """The piece ``name`` for ``key`` (drawn by ``caller`` the first time)."""
    hit = peek(name, *key)
    return hit if hit is not None else put(name, *key, html=caller())


def clear() -> None:
    with _LOCK:
        _PIECES.clear()
        _SIZE[0] = 0


def size() -> int:
    return len(_PIECES)

"""The results part of a class's assignment page, kept by each worker between requests.

One drawing per *slot*: an assignment seen in one roster order, time zone, language and
script root (and beside it, its top, its forms and each student's row of the grid, each
in a slot of its own with the key it was drawn for). A slot holds the key it was drawn for (the assignment's values, the
students, the extensions and :func:`app.classes.results.stamp`, read with every request)
and is drawn again as soon as a request reads another key, so a page never shows less
than was committed before it was asked for, and an old drawing never lingers beside the
new one. At most :data:`SLOTS` slots and :data:`CHARS` characters in all (the least
recently used go first), kept apart from the content pieces of :mod:`app.ui.fragments`
so that a busy class never pushes those out. ``FRAGMENT_CACHE = False`` turns it off.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Mapping
from threading import Lock
from typing import Any

from flask import current_app
from markupsafe import Markup

SLOTS = 1024
CHARS = 32 * 2**20

_SLOTS: OrderedDict[Hashable, tuple[Hashable, Any, int]] = OrderedDict()
_LOCK = Lock()
_SIZE = [0]


def _on() -> bool:
    return current_app.config.get("FRAGMENT_CACHE") is not False


def get(slot: Hashable, key: Hashable) -> dict[str, Markup] | None:
    """The pieces drawn for ``slot`` if they were drawn for ``key``."""
    if not _on():
        return None
    with _LOCK:
        found = _SLOTS.get(slot)
        if found is None or found[0] != key:
            return None
        _SLOTS.move_to_end(slot)
        drawn: dict[str, Markup] = found[1]
        return drawn


def put(slot: Hashable, key: Hashable, pieces: Mapping[str, str]) -> dict[str, Markup]:
    """Keep ``pieces`` (drawn for ``key``) in ``slot``, in place of what it held."""
    drawn = {name: Markup(html) for name, html in pieces.items()}
    if not _on():
        return drawn
    size = sum(len(html) for html in drawn.values())
    with _LOCK:
        old = _SLOTS.pop(slot, None)
        _SIZE[0] += size - (old[2] if old is not None else 0)
        _SLOTS[slot] = (key, drawn, size)
        while _SLOTS and (len(_SLOTS) > SLOTS or _SIZE[0] > CHARS):
            _slot, (_key, _pieces, gone) = _SLOTS.popitem(last=False)
            _SIZE[0] -= gone
    return drawn


def held(slot: Hashable, key: Hashable) -> Any | None:
    """What :func:`hold` kept in ``slot`` for ``key`` (any value), else ``None``."""
    if not _on():
        return None
    with _LOCK:
        found = _SLOTS.get(slot)
        if found is None or found[0] != key:
            return None
        _SLOTS.move_to_end(slot)
        return found[1]


def hold(slot: Hashable, key: Hashable, value: Any, size: int) -> None:
    """Keep ``value`` (``size`` characters of drawing) in ``slot`` for ``key``, in place
    of what it held; the caller never changes it afterwards."""
    if not _on():
        return
    with _LOCK:
        old = _SLOTS.pop(slot, None)
        _SIZE[0] += size - (old[2] if old is not None else 0)
        _SLOTS[slot] = (key, value, size)
        while _SLOTS and (len(_SLOTS) > SLOTS or _SIZE[0] > CHARS):
            _slot, (_key, _value, gone) = _SLOTS.popitem(last=False)
            _SIZE[0] -= gone


def clear() -> None:
    with _LOCK:
        _SLOTS.clear()
        _SIZE[0] = 0


def size() -> tuple[int, int]:
    """How many slots are kept, and their characters."""
    with _LOCK:
        return len(_SLOTS), _SIZE[0]

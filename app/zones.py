"""Time zones: the names a learner may choose (``zoneinfo``'s only), and the viewer's
zone for everything a page shows.

The viewer's zone (:func:`app.profiles.viewer_zone_name`) is their profile's (an account
sets it; a visitor's is taken from the browser), else the zone the browser reported (the
``tz`` cookie, set by ``static/js/zone.js`` when JavaScript runs), else Asia/Shanghai.
"""

from __future__ import annotations

from functools import cache
from zoneinfo import available_timezones

from flask import has_request_context, request

DEFAULT = "Asia/Shanghai"
COOKIE = "tz"


@cache
def names() -> tuple[str, ...]:
    """Every zone name ``zoneinfo`` knows (areas such as Asia/Shanghai, and UTC)."""
    return tuple(sorted(n for n in available_timezones() if "/" in n or n == "UTC"))


@cache
def _known() -> frozenset[str]:
    return frozenset(names())


def valid(name: str | None) -> bool:
    return bool(name) and len(name or "") <= 64 and name in _known()


def browser_zone() -> str | None:
    """The zone the browser reported (the cookie), when it is a real name."""
    if not has_request_context():
        return None
    found = request.cookies.get(COOKIE)
    return found if valid(found) else None

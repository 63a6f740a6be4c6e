"""Time zones: the names a learner may choose (``zoneinfo``'s only), and the viewer's
zone for everything a page shows.

The viewer's zone is their profile's (an account sets it; a visitor's is taken from the
browser), else the zone the browser reported (the ``tz`` cookie, set by
``static/js/zone.js`` when JavaScript runs), else Asia/Shanghai.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from flask import g, has_request_context, request

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


def viewer_zone_name() -> str:
    """This request's viewer's zone: their profile's, else the browser's, else the
    default. Reads the profile only if the request found it already, or one query."""
    from app.profiles import current_profile

    if has_request_context():
        cached = g.get("_viewer_zone")
        if cached:
            return str(cached)
        profile = current_profile() if has_request_context() else None
        name = profile.timezone if profile is not None and valid(profile.timezone) else None
        name = name or browser_zone() or DEFAULT
        g._viewer_zone = name
        return name
    return DEFAULT


def viewer_zone() -> ZoneInfo:
    return ZoneInfo(viewer_zone_name())


def local(utc: datetime | None, zone: ZoneInfo | None = None) -> datetime | None:
    """A stored time (naive UTC) in the viewer's zone (naive, for strftime)."""
    if utc is None:
        return None
    aware = utc if utc.tzinfo else utc.replace(tzinfo=UTC)
    return aware.astimezone(zone or viewer_zone()).replace(tzinfo=None)


def shown(utc: datetime | None, fmt: str = "%Y-%m-%d %H:%M") -> str:
    """A stored time as the viewer reads it: in their zone."""
    found = local(utc)
    return found.strftime(fmt) if found else ""


def shown_date(utc: datetime | None) -> str:
    return shown(utc, "%Y-%m-%d")

"""Dates as people read and type them: in the viewer's time zone (their profile's,
else Asia/Shanghai, like the learner's day), stored as naive UTC."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import select

from app import zones
from app.extensions import db
from app.models import LearnerProfile, User

DEFAULT_ZONE = "Asia/Shanghai"
SHOWN = "%Y-%m-%d %H:%M"
TYPED = "%Y-%m-%dT%H:%M"


def zone_of(user: User | None) -> ZoneInfo:
    name = None
    if user is not None:
        name = db.session.scalar(select(LearnerProfile.timezone).filter_by(user_id=user.id))
    return zone_named(name)


def zone_named(name: str | None) -> ZoneInfo:
    """The zone of a profile's ``timezone`` (``None``: no profile or none set)."""
    name = name or zones.browser_zone()  # no profile yet: the zone the browser reported
    try:
        return ZoneInfo(name or DEFAULT_ZONE)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(DEFAULT_ZONE)


def to_utc(local: datetime, zone: ZoneInfo) -> datetime:
    """A time typed in ``zone`` (naive) as naive UTC."""
    return local.replace(tzinfo=zone).astimezone(UTC).replace(tzinfo=None)


def to_local(utc: datetime, zone: ZoneInfo) -> datetime:
    return utc.replace(tzinfo=UTC).astimezone(zone).replace(tzinfo=None)


def shown(utc: datetime | None, zone: ZoneInfo) -> str:
    return to_local(utc, zone).strftime(SHOWN) if utc else ""

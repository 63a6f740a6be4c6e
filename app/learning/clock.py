"""The learner's clock: now, as naive UTC (what the database stores).

Tests move time forward by setting the app's ``NOW`` config to a datetime (say, a week
ahead, to see a skill come due); nothing else reads the wall clock for the record.
"""

from __future__ import annotations

from datetime import UTC, datetime

from flask import current_app, has_app_context


def now() -> datetime:
    if has_app_context():
        fixed = current_app.config.get("NOW")
        if isinstance(fixed, datetime):
            return fixed.astimezone(UTC).replace(tzinfo=None) if fixed.tzinfo else fixed
    return datetime.now(UTC).replace(tzinfo=None)

"""Time that is the learner's (issue 40, point 3): a visitor's zone from the browser,
Asia/Shanghai otherwise; dates shown in the viewer's zone; the review forecast's
"today" is the learner's today."""

from __future__ import annotations

import re
from datetime import datetime

import pytest
from conftest import csrf_from
from test_record import answer

from app.extensions import db
from app.models import LearnerProfile


def _zone(app) -> str:
    with app.app_context():
        return db.session.scalar(db.select(LearnerProfile.timezone))


def test_a_visitor_without_javascript_counts_in_shanghai(app, client, csrf):
    answer(client, csrf, "0")
    assert _zone(app) == "Asia/Shanghai"


def test_the_browsers_zone_is_kept_and_a_visitors_profile_takes_it(app, client, csrf):
    token = csrf_from(client.get("/").get_data(as_text=True))
    resp = client.post("/zone", data={"tz": "America/New_York"}, headers={"X-CSRFToken": token})
    assert resp.status_code == 204
    assert "tz=America/New_York" in resp.headers["Set-Cookie"]
    answer(client, csrf, "0")  # the profile is made in the browser's zone
    assert _zone(app) == "America/New_York"
    token = csrf_from(client.get("/").get_data(as_text=True))
    client.post("/zone", data={"tz": "Europe/Paris"}, headers={"X-CSRFToken": token})
    assert _zone(app) == "Europe/Paris"  # travelling: the visitor's profile follows
    bad = client.post("/zone", data={"tz": "Mars/Olympus"}, headers={"X-CSRFToken": token})
    assert bad.status_code == 400
    assert _zone(app) == "Europe/Paris"


def test_an_accounts_zone_is_its_own_choice_not_the_browsers(app, client, csrf, signup):
    signup("keepszone", "long-cards-1")
    answer(client, csrf, "0")
    token = csrf_from(client.get("/").get_data(as_text=True))
    client.post("/zone", data={"tz": "America/New_York"}, headers={"X-CSRFToken": token})
    assert _zone(app) == "Asia/Shanghai"


@pytest.mark.parametrize(
    ("zone", "utc", "first"),
    [
        # 08:30 in Shanghai on the 7th (00:30 UTC): the forecast starts on the 7th
        ("Asia/Shanghai", datetime(2026, 12, 7, 0, 30), "2026-12-07"),
        # 19:00 in Los Angeles on the 6th (03:00 UTC on the 7th): it starts on the 6th
        ("America/Los_Angeles", datetime(2026, 12, 7, 3, 0), "2026-12-06"),
        # 02:00 in Berlin on the 8th: the day ends at 04:00, so still the 7th
        ("Europe/Berlin", datetime(2026, 12, 8, 1, 0), "2026-12-07"),
    ],
)
def test_the_forecast_starts_on_the_learners_today(app, client, csrf, zone, utc, first):
    app.config["NOW"] = utc
    answer(client, csrf, "0")
    with app.app_context():
        db.session.execute(db.update(LearnerProfile).values(timezone=zone))
        db.session.commit()
    html = client.get("/progress/nantong").get_data(as_text=True)
    days = re.findall(r"<tr><td>(\d{4}-\d\d-\d\d)</td>", html)
    assert days and days[0] == first, days


def test_dates_shown_are_in_the_viewers_zone(app, client, csrf):
    # a skill's next review: stored in UTC, shown as the date where the learner is
    app.config["NOW"] = datetime(2026, 12, 7, 15, 0)
    answer(client, csrf, "0")
    from app import profiles

    with app.test_request_context(headers={"Cookie": "tz=Pacific/Auckland"}):
        assert profiles.shown(datetime(2026, 12, 7, 15, 0)) == "2026-12-08 04:00"
    with app.test_request_context():
        assert profiles.shown(datetime(2026, 12, 7, 15, 0)) == "2026-12-07 23:00"

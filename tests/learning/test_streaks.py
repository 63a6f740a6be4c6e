"""A reason to come back (issue 40, point 2): answers counted on the learner's day in
their zone at the time of answering (a later change of zone moves nothing), the daily
goal, the streak, and today's practice at /today."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest
from conftest import csrf_from, post_form
from test_record import EX, answer, right_answer

from app.extensions import db
from app.learning import streaks
from app.learning.models import LearnerDay
from app.models import LearnerProfile

D = date(2026, 12, 7)


@pytest.mark.parametrize(
    ("days", "goal", "today", "streak", "count"),
    [
        ({}, None, D, 0, 0),
        ({D: 1}, None, D, 1, 1),
        ({D: 1}, 5, D, 0, 1),  # goal not met yet: no streak, nothing broken
        ({D - timedelta(1): 5, D - timedelta(2): 6}, 5, D, 2, 0),  # today still open
        ({D: 5, D - timedelta(1): 5, D - timedelta(3): 5}, 5, D, 2, 5),  # a gap ends it
        ({D: 2, D - timedelta(1): 4}, 3, D, 1, 2),  # yesterday met, today not yet
        # counted a day ahead (in a zone further east), now read in one further west
        ({D + timedelta(1): 1, D: 1}, None, D, 2, 1),
    ],
)
def test_a_streak_counts_the_met_days_up_to_today(days, goal, today, streak, count):
    s = streaks.streak_of(days, goal, today)
    assert (s.streak, s.today) == (streak, count)


@pytest.mark.parametrize(
    ("utc", "zone", "day"),
    [
        (datetime(2026, 12, 7, 19, 59), "Asia/Shanghai", date(2026, 12, 7)),  # 03:59 next day
        (datetime(2026, 12, 7, 20, 0), "Asia/Shanghai", date(2026, 12, 8)),  # 04:00
        (datetime(2026, 12, 7, 11, 0), "America/Los_Angeles", date(2026, 12, 6)),
        (datetime(2026, 12, 7, 12, 0), "America/Los_Angeles", date(2026, 12, 7)),
    ],
)
def test_a_learners_day_ends_at_four_where_they_are(utc, zone, day):
    assert streaks.local_day(utc, zone) == day


def _days(app) -> dict:
    with app.app_context():
        return {d.day: d.answers for d in db.session.scalars(db.select(LearnerDay))}


def _set_zone(app, zone: str) -> None:
    with app.app_context():
        db.session.execute(db.update(LearnerProfile).values(timezone=zone))
        db.session.commit()


def test_each_answer_counts_once_on_the_day_of_its_zone_then_and_stays_there(app, client, csrf):
    app.config["NOW"] = datetime(2026, 12, 7, 18, 0)  # Shanghai: 02:00 on the 8th, still the 7th
    first = client.get(f"/exercises/{EX}").get_data(as_text=True)
    import re

    token = re.search(r'name="token" value="([^"]+)"', first)[1]
    answer(client, csrf, "0", token=token)
    answer(client, csrf, "0", token=token)  # the same form again: counted once
    answer(client, csrf, right_answer(app))
    assert _days(app) == {date(2026, 12, 7): 2}
    _set_zone(app, "Europe/London")  # 18:00 there: the 7th still
    app.config["NOW"] = datetime(2026, 12, 8, 3, 0)  # London: 03:00, still the 7th
    answer(client, csrf, "0")
    app.config["NOW"] = datetime(2026, 12, 8, 5, 0)  # London: the 8th
    answer(client, csrf, "0")
    assert _days(app) == {date(2026, 12, 7): 3, date(2026, 12, 8): 1}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_goal_met_shows_on_home_progress_and_today_across_a_change_of_zone(
    app, client, csrf, lang
):
    headers = {"Accept-Language": lang}
    app.config["NOW"] = datetime(2026, 12, 6, 10, 0)
    answer(client, csrf, "0")  # the profile; yesterday (Shanghai) has an answer
    resp = post_form(client, "/today/goal", page="/today", goal="2")
    assert resp.status_code == 303
    app.config["NOW"] = datetime(2026, 12, 7, 10, 0)  # Shanghai 18:00 on the 7th
    answer(client, csrf, "0")
    html = client.get("/today", headers=headers).get_data(as_text=True)
    assert "goal-met" not in html
    answer(client, csrf, right_answer(app))
    for url in ("/", "/progress/", "/today"):
        html = client.get(url, headers=headers).get_data(as_text=True)
        assert "goal-met" in html, url
        assert ("连续 1 天" if lang == "zh" else "1 day in a row") in html, url
    # the learner moves west: in Los Angeles it is still the 6th, the 7th counted stays
    _set_zone(app, "America/Los_Angeles")
    html = client.get("/", headers=headers).get_data(as_text=True)
    assert "goal-met" in html
    assert ("连续 1 天" if lang == "zh" else "1 day in a row") in html
    assert _days(app) == {date(2026, 12, 6): 1, date(2026, 12, 7): 2}


def test_a_goal_out_of_range_is_refused_with_the_input_kept(app, client, csrf):
    answer(client, csrf, "0")
    token = csrf_from(client.get("/today").get_data(as_text=True))
    resp = client.post("/today/goal", data={"csrf_token": token, "goal": "9999"})
    assert resp.status_code == 422
    assert 'value="9999" selected' in resp.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(db.select(LearnerProfile.daily_goal)) is None


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_today_gathers_reviews_the_next_lesson_exercise_and_two_positions(app, client, csrf, lang):
    headers = {"Accept-Language": lang}
    html = client.get("/today", headers=headers).get_data(as_text=True)
    assert "today-position" not in html  # nothing started yet
    app.config["NOW"] = datetime(2026, 12, 1, 10, 0)
    answer(client, csrf, "0")  # a wrong answer: the skill comes due
    app.config["NOW"] = datetime(2026, 12, 7, 10, 0)
    html = client.get("/today", headers=headers).get_data(as_text=True)
    assert 'id="today-review-link" href="/review"' in html
    assert html.count('class="today-position"') == 2
    assert "/practice/nantong/next?theme=" in html
    assert 'class="today-lesson" href="/lessons/nantong/' in html
    assert html.count("<h1") == 1


def test_signing_in_adds_the_visitors_days_to_the_account(app, client, csrf, signup):
    signup("daycounter", "long-cards-1")
    app.config["NOW"] = datetime(2026, 12, 7, 10, 0)
    answer(client, csrf, "0")
    client.post("/account/signout", data={"csrf_token": csrf("/")})
    answer(client, csrf, "0")  # as a visitor, the same day
    token = csrf("/account/signin")
    client.post(
        "/account/signin",
        data={"csrf_token": token, "username": "daycounter", "password": "long-cards-1"},
    )
    assert _days(app) == {date(2026, 12, 7): 2}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_account_sets_its_zone_from_zoneinfo_names_and_its_goal(app, client, signup, lang):
    signup("zonesetter", "long-cards-1")
    headers = {"Accept-Language": lang}
    html = client.get("/account/", headers=headers).get_data(as_text=True)
    assert 'list="zone-names"' in html and '<option value="Europe/Berlin">' in html
    token = csrf_from(html)
    bad = client.post(
        "/account/day",
        data={"csrf_token": token, "timezone": "Mars/Olympus", "goal": "10"},
        headers=headers,
    )
    assert bad.status_code == 422
    page = bad.get_data(as_text=True)
    assert 'value="Mars/Olympus"' in page and "Asia/Shanghai" in page
    with app.app_context():
        assert db.session.scalar(db.select(LearnerProfile.daily_goal)) is None
    ok = client.post(
        "/account/day",
        data={"csrf_token": token, "timezone": "Europe/Berlin", "goal": "10"},
        headers=headers,
    )
    assert ok.status_code in (302, 303)
    with app.app_context():
        row = db.session.execute(
            db.select(LearnerProfile.timezone, LearnerProfile.daily_goal)
        ).one()
        assert tuple(row) == ("Europe/Berlin", 10)


def test_a_skill_is_learned_only_once_its_memory_lasts_a_week(app, client, csrf):
    from app.learning.exercise import Text
    from app.learning.progress import SkillRow

    row = SkillRow("x", Text("x", "x"), 1, 0, None, False, stability=3.2)
    assert row.started and not row.learned
    assert SkillRow("x", Text("x", "x"), 3, 0, None, False, stability=7.0).learned
    answer(client, csrf, right_answer(app))  # one right answer: Good, a few days' memory
    html = client.get("/progress/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Skills learned: 0 of" in html

"""Ratings and the learner's practice record (issue 13): the next position fits the
learner's rating and the chosen theme and is not one already played (a fresh one when
the library has none left); a history with the missed positions ready to retry; a
per-theme dashboard with strengths and weaknesses."""

from __future__ import annotations

import html
import random
import re
import uuid

from app.extensions import db
from app.learning import practice
from app.learning.models import Attempt, Position, Rating
from app.learning.queries import solve
from app.models import LearnerProfile

GAME, THEME = "hunan", "forced"


def profile_at(rating: float) -> LearnerProfile:
    p = LearnerProfile(token=uuid.uuid4().hex)
    db.session.add(p)
    db.session.flush()
    db.session.add(Rating(profile_id=p.id, game=GAME, rating=rating, rd=80.0, vol=0.06, plays=30))
    db.session.flush()
    return p


def spread_ratings() -> list[Position]:
    """The theme's library positions rated 1000, 1050, 1100 … (known distances)."""
    rows = list(db.session.scalars(db.select(Position).filter_by(game=GAME, theme=THEME)))
    for i, row in enumerate(sorted(rows, key=lambda r: r.id)):
        row.rating = 1000.0 + 50 * i
    db.session.flush()
    return rows


def test_the_next_position_fits_the_rating_and_the_theme(app):
    with app.app_context():
        rows = spread_ratings()
        assert len(rows) >= 10
        for target in (1100.0, 1500.0):
            me = profile_at(target)
            by_code = {(r.code, r.seat): r for r in rows}
            for seed in range(12):
                code, seat = practice.next_position(me, GAME, THEME, random.Random(seed))
                row = by_code[(code, seat)]
                assert row.theme == THEME and abs(row.rating - target) <= practice.WINDOW


def test_played_positions_come_back_only_after_the_library_runs_out(app):
    with app.app_context():
        me = profile_at(1500.0)
        rows = list(db.session.scalars(db.select(Position).filter_by(game=GAME, theme=THEME)))
        for i, r in enumerate(rows[:-1]):
            eid = practice.exercise_id(r.theme, r.seat, r.code)
            db.session.add(
                Attempt(
                    profile_id=me.id,
                    exercise_id=eid,
                    game=GAME,
                    context="practice",
                    answer="a",
                    correct=True,
                    nonce=f"n{i}",
                )
            )
        db.session.flush()
        last = rows[-1]
        assert practice.next_position(me, GAME, THEME, random.Random(1)) == (last.code, last.seat)
        db.session.add(
            Attempt(
                profile_id=me.id,
                exercise_id=practice.exercise_id(last.theme, last.seat, last.code),
                game=GAME,
                context="practice",
                answer="a",
                correct=True,
                nonce="nlast",
            )
        )
        db.session.flush()
        code, seat = practice.next_position(me, GAME, THEME, random.Random(2))
        assert (code, seat) not in {(r.code, r.seat) for r in rows}  # a fresh one
        assert practice.exercise(THEME, seat, code) is not None


def answer(client, csrf, url: str, right: bool):  # type: ignore[no-untyped-def]
    page = client.get(url).get_data(as_text=True)
    eid = html.unescape(re.search(r'action="/exercises/([^"]+)/answer"', page).group(1))
    ex = practice.provide(eid)
    assert ex.kind == "choose-action"
    wrong = next(c.id for c in ex.choices if c.id not in solve(ex).accepted)
    choice = solve(ex).shown if right else wrong
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    r = client.post(
        f"/exercises/{eid}/answer",
        data={"csrf_token": csrf(), "token": token, "choice": choice},
        headers={"HX-Request": "true"},
    )
    assert r.status_code == 200
    return ex


def library_urls(theme: str, n: int) -> list[str]:
    items = [i for i in practice.library()[GAME] if i.theme == theme][:n]
    return [f"/practice/{GAME}/p/{i.theme}/{i.seat}/{i.code}" for i in items]


def test_the_history_keeps_missed_positions_to_retry_until_solved(app, client, csrf):
    client.set_cookie("lang", "en")
    missed_url, right_url = library_urls(THEME, 2)
    answer(client, csrf, missed_url, right=False)
    answer(client, csrf, right_url, right=True)
    body = client.get(f"/practice/{GAME}/").get_data(as_text=True)
    missed_part = body.split("Missed: try them again", 1)[1].split("</ul>", 1)[0]
    assert html.escape(missed_url.split("/p/", 1)[1]) in missed_part or missed_url in html.unescape(
        missed_part
    )
    assert right_url not in html.unescape(missed_part)
    recent = html.unescape(body.split("Your recent positions", 1)[1])
    assert missed_url in recent and right_url in recent and "Try again" in recent
    answer(client, csrf, missed_url, right=True)  # solved on a retry: no longer missed
    body = client.get(f"/practice/{GAME}/").get_data(as_text=True)
    assert "Missed: try them again" not in body and "missed, solved since" in body


def test_the_dashboard_names_strengths_and_weaknesses(app, client, csrf):
    client.set_cookie("lang", "en")
    for url in library_urls("forced", 3):
        answer(client, csrf, url, right=True)
    for url in library_urls("chi-legal", 3):
        answer(client, csrf, url, right=False)
    body = html.unescape(client.get(f"/practice/{GAME}/").get_data(as_text=True))
    titles = {t.id: t.title.en for t in practice.themes(GAME).values()}
    assert f"Your strongest theme: {titles['forced']} (100% right at once)" in body
    assert f"The theme to work on: {titles['chi-legal']} (0% right at once)" in body
    with app.app_context():
        r = db.session.scalar(db.select(Rating).filter_by(game=GAME))
        assert r is not None and r.plays == 6


def test_an_uncertain_rating_is_shown_as_provisional_without_its_change(app, client, csrf):
    """Issue 40: a rating of high deviation is provisional, and its change is not shown."""
    client.set_cookie("lang", "en")
    [url] = library_urls(THEME, 1)
    answer(client, csrf, url, right=True)
    body = client.get(f"/practice/{GAME}/").get_data(as_text=True)
    assert ", provisional (1 positions)" in body
    page = client.get(url).get_data(as_text=True)
    assert "provisional" in page
    with app.app_context():
        assert practice.Standing(1500.0, 30, 60.0).provisional is False
        assert practice.Standing(1500.0, 1, 300.0).provisional is True

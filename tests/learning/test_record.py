"""The learner's record: profiles made on the first answer, every answer logged once,
stars and hints, FSRS on skills; the record moves on sign-up and merges on sign-in."""

from __future__ import annotations

import re

from app.extensions import db
from app.learning.models import Attempt, ExerciseState, SkillState
from app.models import LearnerProfile

EX = "nantong.demo-count-1"


def _count(model) -> int:
    return db.session.scalar(db.select(db.func.count()).select_from(model))


def stars_shown(html: str) -> int:
    m = re.search(r'class="stars" role="img" aria-label="(\d)', html)
    assert m, "no stars in the page"
    return int(m.group(1))


def token_of(html: str) -> str:
    m = re.search(r'name="token" value="([^"]+)"', html)
    assert m, "no answer token in the page"
    return m.group(1)


def right_answer(app) -> str:
    from app.learning.bank import get
    from app.learning.queries import solve

    with app.app_context():
        return solve(get(EX)).shown


def answer(client, csrf, number: str, token: str | None = None, htmx: bool = True):
    page = client.get(f"/exercises/{EX}").get_data(as_text=True)
    data = {
        "csrf_token": csrf(f"/exercises/{EX}"),
        "token": token or token_of(page),
        "number": number,
    }
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/exercises/{EX}/answer", data=data, headers=headers)


def test_pages_make_no_profile(app, client):
    for url in ("/", "/about/cards", f"/exercises/{EX}", "/progress/", "/lessons/"):
        assert client.get(url).status_code == 200
    with app.app_context():
        assert _count(LearnerProfile) == 0


def test_the_first_answer_makes_the_profile_and_logs_it(app, client, csrf):
    resp = answer(client, csrf, "7")
    assert resp.status_code == 200
    assert "learner=" in resp.headers.get("Set-Cookie", "")
    with app.app_context():
        assert _count(LearnerProfile) == 1
        a = db.session.scalar(db.select(Attempt))
        assert (a.exercise_id, a.answer, a.correct, a.context) == (EX, "7", False, "exercise")
        assert a.misconception in ("mc-count-low", "mc-count-high") or a.misconception
        assert _count(SkillState) == 1  # the first answer of a run rates the skill


def test_an_answer_counts_once_whatever_the_resubmissions(app, client, csrf):
    page = client.get(f"/exercises/{EX}").get_data(as_text=True)
    token = token_of(page)
    for _ in range(3):
        answer(client, csrf, "7", token=token)
    with app.app_context():
        assert _count(Attempt) == 1
        assert db.session.scalar(db.select(ExerciseState.tries)) == 1


def test_a_token_replayed_by_another_visitor_is_shown_not_stored(app, client, csrf):
    from conftest import csrf_from

    page = client.get(f"/exercises/{EX}").get_data(as_text=True)
    token = token_of(page)
    answer(client, csrf, "7", token=token)
    other = app.test_client()
    form = csrf_from(other.get(f"/exercises/{EX}").get_data(as_text=True))
    resp = other.post(
        f"/exercises/{EX}/answer",
        data={"csrf_token": form, "token": token, "number": "7"},
        headers={"HX-Request": "true"},
    )
    assert resp.status_code == 200
    with app.app_context():
        assert _count(Attempt) == 1
        assert _count(ExerciseState) == 1
        assert _count(LearnerProfile) == 1  # the other visitor got no record from it
    assert "learner=" not in resp.headers.get("Set-Cookie", "")


def test_stars_follow_the_table(app, client, csrf):
    right = right_answer(app)
    resp = answer(client, csrf, right)
    assert stars_shown(resp.get_data(as_text=True)) == 3
    with app.app_context():
        state = db.session.scalar(db.select(ExerciseState))
        assert (state.solved, state.stars) == (True, 3)


def test_a_retry_gives_two_stars_and_a_hint_and_retry_one(app, client, csrf):
    right = right_answer(app)
    answer(client, csrf, "7")
    resp = answer(client, csrf, right)
    assert stars_shown(resp.get_data(as_text=True)) == 2
    # a new run: a hint, a wrong answer, then right: one star (best kept: 2)
    page = client.get(f"/exercises/{EX}").get_data(as_text=True)
    client.post(
        f"/exercises/{EX}/hint",
        data={"csrf_token": csrf(f"/exercises/{EX}"), "token": token_of(page), "step": "1"},
        headers={"HX-Request": "true"},
    )
    answer(client, csrf, "7")
    answer(client, csrf, right)
    with app.app_context():
        assert db.session.scalar(db.select(ExerciseState.stars)) == 2


def test_unreadable_answer_keeps_the_input_and_writes_nothing(app, client, csrf):
    resp = answer(client, csrf, "abc")
    assert resp.status_code == 422
    html = resp.get_data(as_text=True)
    assert 'value="abc"' in html
    with app.app_context():
        assert _count(Attempt) == 0 and _count(LearnerProfile) == 0


def test_a_forged_token_is_refused(app, client, csrf):
    resp = answer(client, csrf, "7", token="forged")
    assert resp.status_code == 422
    with app.app_context():
        assert _count(Attempt) == 0


def test_without_javascript_the_answer_redirects_back_with_its_verdict(app, client, csrf):
    resp = answer(client, csrf, "7", htmx=False)
    assert resp.status_code == 303
    page = client.get(resp.headers["Location"])
    assert "verdict-wrong" in page.get_data(as_text=True)


def test_signup_takes_the_visitors_record(app, client, csrf, signup):
    answer(client, csrf, "7")
    signup("meimei")
    with app.app_context():
        prof = db.session.scalar(db.select(LearnerProfile))
        assert prof.user_id is not None
        assert _count(Attempt) == 1 and _count(LearnerProfile) == 1


def test_signin_merges_the_visitors_record(app, client, csrf, signup):
    right = right_answer(app)
    signup("meimei")
    answer(client, csrf, "7")  # as the account: one wrong answer, 0 stars
    client.post("/account/signout", data={"csrf_token": csrf()})
    client.cookies.clear() if hasattr(client, "cookies") else None
    answer(client, csrf, right)  # as a visitor: right at once, 3 stars
    client.post(
        "/account/signin",
        data={
            "csrf_token": csrf("/account/signin"),
            "username": "meimei",
            "password": "long-cards-1",
        },
    )
    with app.app_context():
        assert _count(LearnerProfile) == 1
        assert _count(Attempt) == 2  # nothing lost, nothing counted twice
        state = db.session.scalar(db.select(ExerciseState))
        assert (state.solved, state.stars) == (True, 3)
        assert _count(SkillState) == 1


def test_the_record_survives_a_restart(app, client, csrf, tmp_path):
    from conftest import dispose, make_test_app

    answer(client, csrf, "7")
    again = make_test_app(app.config["SQLALCHEMY_DATABASE_URI"], tmp_path / "again")
    with again.app_context():
        assert _count(Attempt) == 1 and _count(SkillState) == 1
    dispose(again)


def test_a_missed_skill_comes_back_in_the_review_when_due(app, client, csrf):
    from datetime import UTC, timedelta

    assert 'class="exercise' not in client.get("/review").get_data(as_text=True)
    answer(client, csrf, "7")  # wrong: FSRS "Again" on the skill
    with app.app_context():
        state = db.session.scalar(db.select(SkillState))
        due, skill = state.due, state.skill
    app.config["NOW"] = due.replace(tzinfo=UTC) - timedelta(days=2)
    assert 'class="exercise' not in client.get("/review").get_data(as_text=True)
    app.config["NOW"] = due.replace(tzinfo=UTC) + timedelta(minutes=1)
    page = client.get("/review").get_data(as_text=True)
    assert 'class="exercise' in page
    from app.learning.skills import skill as skill_of

    name = skill_of("nantong", skill).name
    assert name.zh in page or name.en in page
    app.config.pop("NOW")


def test_the_progress_page_names_questions_and_answers_in_words(app, client, csrf):
    """A generated question's prompt has its cards filled in, the answer is in words,
    and the forecast counts this game's skills only."""
    from app.learning import generators
    from app.learning.queries import solve

    with app.app_context():
        ex = next(
            e
            for seed in range(20)
            if (e := generators.generate("hunan", "cards-left", seed)) is not None
        )
        wrong = str(int(solve(ex).shown) + 1)
    page = client.get(f"/exercises/{ex.id}").get_data(as_text=True)
    client.post(
        f"/exercises/{ex.id}/answer",
        data={"csrf_token": csrf(f"/exercises/{ex.id}"), "token": token_of(page), "number": wrong},
        headers={"HX-Request": "true"},
    )
    answer(client, csrf, "7")  # and one of Nantong
    html = client.get("/progress/hunan").get_data(as_text=True)
    assert "{card}" not in html
    from app.ui.present import prompt_text

    with app.app_context(), app.test_request_context():
        assert prompt_text(ex, "zh") in html
    days = re.findall(r"<tr><td>[\d-]+</td><td>(\d+)</td></tr>", html)
    assert days and sum(map(int, days)) == len(ex.skills)  # Hunan's skills, not Nantong's


def test_a_learners_day_ends_at_four_in_their_time_zone():
    from datetime import datetime

    from app.learning.skills import day_end

    # 03:59 in Shanghai (19:59 UTC the day before): the day ends at 04:00 that morning
    assert day_end(datetime(2026, 3, 1, 19, 59), "Asia/Shanghai") == datetime(2026, 3, 1, 20, 0)
    # 04:00 in Shanghai: a new day, which ends at 04:00 tomorrow
    assert day_end(datetime(2026, 3, 1, 20, 0), "Asia/Shanghai") == datetime(2026, 3, 2, 20, 0)
    # another zone, and an unknown one falls back to Shanghai
    assert day_end(datetime(2026, 7, 1, 12, 0), "Europe/Berlin") == datetime(2026, 7, 2, 2, 0)
    assert day_end(datetime(2026, 3, 1, 20, 0), "Mars/Olympus") == datetime(2026, 3, 2, 20, 0)


def test_the_progress_chart_is_svg_drawn_on_the_server_day_by_day(app, client, csrf):
    from datetime import UTC, datetime, timedelta

    html = client.get("/progress/nantong").get_data(as_text=True)
    assert "<svg" not in html and 'class="chart-empty"' in html
    start = datetime.now(UTC) - timedelta(days=3)
    right = right_answer(app)
    for day, number in ((0, "7"), (0, right), (2, "7")):  # day 1: 1 of 2 right; day 3: 0 of 1
        app.config["NOW"] = start + timedelta(days=day)
        answer(client, csrf, number)
    app.config.pop("NOW")
    html = client.get("/progress/nantong").get_data(as_text=True)
    svg = re.search(r'<svg class="chart"[^>]*role="img".*?</svg>', html, re.S)
    assert svg, "no chart"
    assert len(re.findall(r'<rect [^>]*class="bar"', svg[0])) == 2  # one bar per day
    assert re.search(r"<title>[\d-]+: 1/2</title>", svg[0])
    assert re.search(r"<title>[\d-]+: 0/1</title>", svg[0])
    assert "<polyline" in svg[0] and "<script" not in html.split("</svg>")[0].split("<svg")[-1]


def test_solved_and_stars_read_the_same_on_both_progress_pages(app, client, csrf):
    """/progress/<game> counts them from the exercise states it loads for the path,
    /progress/ with a query: the same figures, a new unsolved run keeping its stars."""
    client.set_cookie("lang", "en")
    answer(client, csrf, right_answer(app))  # solved at once: 3 stars
    figures = "1 exercise solved · 3 stars"
    assert figures in client.get("/progress/nantong").get_data(as_text=True)
    assert figures in client.get("/progress/").get_data(as_text=True)
    answer(client, csrf, "7")  # a new run, wrong: not solved now, the best stars kept
    for page in ("/progress/nantong", "/progress/"):
        assert "0 exercises solved · 0 stars" in client.get(page).get_data(as_text=True)

"""Lessons lead on (issue 40, point 1): a lesson ends on a completion screen (stars, what
was learned, the mistakes to go over) with the next lesson first; the home page and the
game's path offer "continue" to where the learner stopped; the path shows each lesson's
state."""

from __future__ import annotations

import re
from html import unescape

import pytest
from classes_help import form_of, wrong_answer
from conftest import csrf_from

from app.learning import lessons
from app.learning.queries import solve

LANGS = ["zh", "en"]
GAME = "hunan"


def first_lessons(game: str = GAME) -> tuple[lessons.Lesson, lessons.Lesson]:
    path = lessons.path_of(game)
    return path[0], path[1]


def step_url(ls: lessons.Lesson, step_id: str) -> str:
    return f"/lessons/{ls.game}/{ls.id}/{step_id}"


def give(client, ls, st, answer: str, headers=None) -> str:
    """Answer the exercise of step ``st`` through its page (as with JavaScript off)."""
    page = client.get(step_url(ls, st.id), headers=headers or {}).get_data(as_text=True)
    data = form_of(st.exercise, answer)
    data["token"] = re.search(r'name="token" value="([^"]+)"', page)[1]
    data["csrf_token"] = csrf_from(page)
    resp = client.post(f"/exercises/{st.exercise.id}/answer", data=data, headers=headers or {})
    assert resp.status_code in (200, 303), resp.status_code
    return resp.headers.get("Location", "")


def solve_lesson(app, client, ls, wrong_first: bool = False, headers=None) -> None:
    with app.app_context():
        for st in ls.steps:
            if st.exercise is None:
                continue
            if wrong_first:
                give(client, ls, st, wrong_answer(st.exercise), headers)
                wrong_first = False
            give(client, ls, st, solve(st.exercise).shown, headers)


def test_no_step_is_called_finished():
    for ls in lessons.all_lessons().values():
        assert ls.step("finished") is None, ls.id


@pytest.mark.parametrize("lang", LANGS)
def test_the_last_step_leads_to_the_end_of_the_lesson_then_the_next(app, client, lang):
    ls, nxt = first_lessons()
    headers = {"Accept-Language": lang}
    last = client.get(step_url(ls, ls.steps[-1].id), headers=headers).get_data(as_text=True)
    end = f"/lessons/{GAME}/{ls.id}/finished"
    assert f'href="{end}"' in last
    solve_lesson(app, client, ls, wrong_first=True, headers=headers)
    html = client.get(end, headers=headers).get_data(as_text=True)
    assert html.count("<h1") == 1
    first_button = re.search(r'<p class="actions">\s*<a class="button"[^>]*href="([^"]+)"', html)
    assert first_button and unescape(first_button[1]) == step_url(nxt, nxt.steps[0].id)
    assert ("下一课" if lang == "zh" else "Next lesson") in html
    assert ("学到了什么" if lang == "zh" else "What you learned") in html
    assert ("要复习的错误" if lang == "zh" else "Mistakes to review") in html
    assert 'class="finished-mistakes"' in html  # the wrong first answer is there to go over
    assert 'class="stars"' in html


def test_an_answer_on_the_last_exercise_continues_to_the_end_of_the_lesson(app, client):
    ls = (
        next(ls for ls in lessons.path_of(GAME) if ls.steps[-1].exercise is not None)
        if any(ls.steps[-1].exercise for ls in lessons.path_of(GAME))
        else None
    )
    if ls is None:
        pytest.skip("no lesson of this game ends on an exercise")
    with app.app_context():
        st = ls.steps[-1]
        where = give(client, ls, st, solve(st.exercise).shown)
    html = client.get(where).get_data(as_text=True)
    assert f"/lessons/{GAME}/{ls.id}/finished" in html


@pytest.mark.parametrize("lang", LANGS)
def test_home_and_path_offer_continue_and_the_path_shows_each_lessons_state(app, client, lang):
    ls, nxt = first_lessons()
    headers = {"Accept-Language": lang}
    home = client.get("/", headers=headers).get_data(as_text=True)
    assert 'class="continue-where"' not in home  # nothing started yet
    solve_lesson(app, client, ls, headers=headers)
    with app.app_context():
        st = next(s for s in nxt.steps if s.exercise is not None)
        give(client, nxt, st, wrong_answer(st.exercise), headers)
    home = client.get("/", headers=headers).get_data(as_text=True)
    assert 'class="continue-where"' in home
    assert f'href="{step_url(nxt, st.id)}"' in home
    path = client.get(f"/lessons/{GAME}/", headers=headers).get_data(as_text=True)
    states = re.findall(r'class="lesson-item lesson-(\w+)', path)
    assert states[:3] == ["done", "started", "new"]
    words = (
        ("已完成", "进行中", "还没开始") if lang == "zh" else ("done", "in progress", "not started")
    )
    for w in words:
        assert w in path
    assert f'href="{step_url(nxt, st.id)}"' in path  # continue

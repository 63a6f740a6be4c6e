"""Every page kind has one h1 and no skipped heading level (issue 40, point 4), with a
learner's record on it (the streak, "continue") and without."""

from __future__ import annotations

import re
from html import unescape

import pytest
from test_record import EX, answer

from app.learning.lessons import path_of

LESSON = path_of("hunan")[0]
URLS = [
    "/",
    "/today",
    "/lessons/",
    "/lessons/hunan/",
    f"/lessons/hunan/{LESSON.id}/{LESSON.steps[0].id}",
    f"/lessons/hunan/{LESSON.id}/{next(s.id for s in LESSON.steps if s.exercise)}",
    f"/lessons/hunan/{LESSON.id}/finished",
    "/glossary",
    "/train/zipai?mode=pick",
    "/progress/",
    "/progress/nantong",
    "/practice/hunan/",
    "/quiz/hunan/",
    "/review",
    "/cards/zipai",
    "/rules/hunan",
    f"/exercises/{EX}",
    "/account/signin",
]


def problems(html: str) -> list[str]:
    levels = [int(h) for h in re.findall(r"<h([1-6])\b", html)]
    out = [] if levels.count(1) == 1 else [f"{levels.count(1)} h1"]
    before = 0
    for level in levels:
        if level > before + 1:
            out.append(f"h{before} then h{level}")
        before = level
    return out


@pytest.mark.render_only
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_one_h1_and_no_skipped_level_on_every_page_kind(app, client, csrf, lang):
    headers = {"Accept-Language": lang}
    for with_record in (False, True):
        if with_record:
            answer(client, csrf, "0")
        for url in URLS:
            resp = client.get(url, headers=headers)
            assert resp.status_code == 200, url
            assert problems(resp.get_data(as_text=True)) == [], (url, with_record)


@pytest.mark.render_only
def test_a_practice_position_has_its_h1(app, client):
    from app.learning import practice

    theme = sorted(practice.themes("nantong"))[0]
    resp = client.get(f"/practice/nantong/next?theme={theme}")
    if resp.status_code != 303:
        pytest.skip("no position found in this run")
    html = client.get(unescape(resp.headers["Location"])).get_data(as_text=True)
    assert problems(html) == []

"""Practice positions: next position, a position at its own address, ratings moved by
the first attempt only, bad codes refused with a message, worksheets, the editor."""

from __future__ import annotations

import html
import re

from app.extensions import db
from app.learning import practice
from app.learning.models import Attempt, Position, Rating
from app.learning.queries import solve

GAME = "chuanpai"


def open_next(client, theme="forced"):
    r = client.get(f"/practice/{GAME}/next?theme={theme}")
    assert r.status_code == 303, r.status_code
    page = client.get(r.headers["Location"])
    assert page.status_code == 200
    return r.headers["Location"], page.get_data(as_text=True)


def answer_position(client, csrf, page_html, choice):
    token = re.search(r'name="token" value="([^"]+)"', page_html).group(1)
    url = html.unescape(re.search(r'action="(/exercises/[^"]+/answer)"', page_html).group(1))
    return client.post(
        url,
        data={"csrf_token": csrf(), "token": token, "choice": choice},
        headers={"HX-Request": "true"},
    )


def test_a_position_opens_at_its_own_address_and_a_first_answer_moves_both_ratings(
    app, client, csrf
):
    url, page = open_next(client)
    assert "/practice/chuanpai/p/forced/" in url
    eid = html.unescape(re.search(r'action="/exercises/([^"]+)/answer"', page).group(1))
    with app.app_context():
        ex = practice.provide(eid)
        right = solve(ex).shown
    resp = answer_position(client, csrf, page, right)
    assert resp.status_code == 200 and "verdict-right" in resp.get_data(as_text=True)
    with app.app_context():
        r = db.session.scalar(db.select(Rating))
        pos = db.session.scalar(db.select(Position).filter_by(game=GAME).where(Position.plays > 0))
        assert r.rating > 1500 and r.plays == 1 and pos.plays == 1 and pos.rating < 1500
        first = r.rating
    page2 = client.get(url).get_data(as_text=True)  # a retry moves nothing
    answer_position(client, csrf, page2, right)
    with app.app_context():
        assert db.session.scalar(db.select(Rating.rating)) == first
        assert db.session.scalar(db.select(db.func.count(Attempt.id))) == 2


def test_a_shared_link_opens_the_same_position(app, client):
    url, page = open_next(client)
    again = client.get(url).get_data(as_text=True)
    pick = lambda h: re.search(r'action="/exercises/([^"]+)/answer"', h).group(1)  # noqa: E731
    assert pick(page) == pick(again)


def test_a_bad_or_impossible_code_is_refused_with_a_message(client):
    for url in (
        f"/practice/{GAME}/p/forced/0/v1~chuanpai~-~nonsense",
        f"/practice/{GAME}/p/forced/0/v1~hunan~-~x",
        f"/practice/{GAME}/p/nosuchtheme/0/v1~chuanpai~-~x",
        f"/practice/{GAME}/p/forced/9/" + "v1~chuanpai~-~" + "x" * 50,
    ):
        r = client.get(url)
        assert r.status_code == 422, url
        assert 'class="errors"' in r.get_data(as_text=True)


def test_the_dashboard_lists_themes_and_the_worksheet_has_an_answer_key(app, client):
    r = client.get(f"/practice/{GAME}/")
    assert r.status_code == 200 and "/practice/chuanpai/next?theme=forced" in r.get_data(
        as_text=True
    )
    url, _ = open_next(client)
    theme, seat, code = url.split("/p/", 1)[1].split("/", 2)
    sheet = client.get(
        f"/practice/{GAME}/print", query_string={"code": f"{theme}:{seat}:{html.unescape(code)}"}
    )
    body = sheet.get_data(as_text=True)
    assert (
        sheet.status_code == 200
        and 'class="answer-key"' in body
        and 'class="worksheet-item"' in body
    )


def test_the_editor_plays_forward_checks_a_theme_and_refuses_junk(client, csrf):
    r = client.get(f"/practice/{GAME}/editor?seed=3")
    body = r.get_data(as_text=True)
    assert r.status_code == 200
    nxt = html.unescape(re.findall(r'href="(/practice/chuanpai/editor\?code=[^"]+)"', body)[0])
    assert client.get(nxt).status_code == 200
    token = csrf(f"/practice/{GAME}/editor")
    bad = client.post(
        f"/practice/{GAME}/editor", data={"csrf_token": token, "position": "v1~chuanpai~-~junk"}
    )
    assert bad.status_code == 422 and "v1~chuanpai~-~junk" in bad.get_data(as_text=True)

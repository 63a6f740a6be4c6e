"""The home and about pages are real, in both languages, with no dead links."""

from __future__ import annotations

import html
import re

import pytest

from app.content import PROSE_FIELDS, game_texts, games_structure

GAMES = ["hunan", "guilin", "chuanpai", "chuanpai-tricks", "nantong"]


def test_content_has_every_game_in_both_languages():
    assert [g["id"] for g in games_structure()] == GAMES
    for locale in ("zh", "en"):
        texts = game_texts(locale)
        for gid in GAMES:
            for field in PROSE_FIELDS:
                assert texts[gid][field], (locale, gid, field)


def test_content_load_is_idempotent(app):
    from app.content import load_builtin

    with app.app_context():
        first = load_builtin()
        assert load_builtin() == first
        assert first["games"] == 5


@pytest.mark.render_only
@pytest.mark.parametrize(
    ("lang", "expect"),
    [
        ("en", ["Hunan Paohuzi", "Guilin Dazipai", "Nantong Changpai", "The five games"]),
        ("zh", ["湖南跑胡子", "桂林大字牌", "南通长牌·笃子胡", "五种玩法"]),
    ],
)
def test_home_lists_the_five_games(client, lang, expect):
    client.set_cookie("lang", lang)
    body = client.get("/").get_data(as_text=True)
    for text in expect:
        assert text in body
    for gid in GAMES:
        assert f'id="game-{gid}"' in body


@pytest.mark.render_only
@pytest.mark.parametrize(
    ("lang", "text"), [("en", "Other decks you may hear of"), ("zh", "你可能听说过的其他牌")]
)
def test_about_cards(client, lang, text):
    client.set_cookie("lang", lang)
    body = client.get("/about/cards").get_data(as_text=True)
    assert text in body and "121" in body and "132" in body and "84" in body


@pytest.mark.slow
@pytest.mark.render_only
def test_no_dead_links(client):
    """Every same-site link answers. Each path is followed with at most two different
    queries (the editor and the trainers link to endlessly many positions)."""
    seen, todo, per_path = set(), ["/"], {}
    while todo:
        url = todo.pop()
        path = url.split("?", 1)[0]
        if url in seen or per_path.get(path, 0) >= 2:
            continue
        seen.add(url)
        per_path[path] = per_path.get(path, 0) + 1
        r = client.get(url)
        if r.status_code in (302, 303):  # "next position" and the like: a same-site target
            assert r.headers["Location"].startswith("/"), url
            continue
        assert r.status_code == 200, url
        if r.mimetype != "text/html":
            r.close()
            continue
        for href in re.findall(r'href="([^"#]*)(?:#[^"]*)?"', r.get_data(as_text=True)):
            if href.startswith("/") and not href.startswith("//"):
                todo.append(html.unescape(href))
    assert "/about/cards" in seen and "/account/signup" in seen


@pytest.mark.render_only
def test_landmarks_and_skip_link(client):
    body = client.get("/").get_data(as_text=True)
    for needle in (
        "<header",
        "<nav",
        '<main id="main"',
        "<footer",
        'class="skip-link" href="#main"',
    ):
        assert needle in body

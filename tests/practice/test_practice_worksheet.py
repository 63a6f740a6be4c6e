"""Worksheets (issue 13): positions of a theme, of a difficulty range or of a list of
codes (or shared links), with the answer key after them, in either language."""

from __future__ import annotations

import html
import re

import pytest

from app.learning import practice
from app.learning.queries import solve
from app.practice.positions import answer_key
from app.ui.present import answer_words

GAME = "guilin"


def items_of(body: str) -> int:
    return body.count('class="worksheet-item"')


def key_of(body: str) -> list[str]:
    key = body.split('class="answer-key"', 1)[1]
    return [
        html.unescape(re.sub(r"<[^>]+>", "", li)).strip()
        for li in re.findall(r"<li>(.*?)</li>", key)
    ]


@pytest.mark.parametrize(("lang", "title"), [("en", "Answer key"), ("zh", "答案")])
def test_a_theme_and_a_range_make_a_worksheet_with_its_key(app, client, lang, title):
    client.set_cookie("lang", lang)
    lib = [i for i in practice.library()[GAME] if i.theme == "count-hu"]
    ratings = sorted(i.rating for i in lib)
    low, high = ratings[2], ratings[-3]
    body = client.get(
        f"/practice/{GAME}/print", query_string={"theme": "count-hu", "min": low, "max": high}
    ).get_data(as_text=True)
    want = sorted((i for i in lib if low <= i.rating <= high), key=lambda i: i.rating)[:12]
    assert items_of(body) == len(want) > 0
    assert title in body.split('class="answer-key"', 1)[1]
    with app.app_context():
        keys = [
            answer_words(ex, answer_key(ex), lang)
            for ex in (practice.exercise(i.theme, i.seat, i.code) for i in want)
            if ex is not None
        ]
    assert sorted(key_of(body)) == sorted(keys)  # the engine's answers, in the page's words


def test_a_list_of_codes_and_links_makes_a_worksheet_in_that_order(client):
    a, b = practice.library()[GAME][0], practice.library()["guilin"][25]
    link = f"http://x/practice/{GAME}/p/{b.theme}/{b.seat}/{b.code}"
    body = client.get(
        f"/practice/{GAME}/print",
        query_string={"codes": f"{a.theme}:{a.seat}:{a.code}\n{link}\nnonsense\n"},
    ).get_data(as_text=True)
    assert items_of(body) == 2
    ex = practice.exercise(a.theme, a.seat, a.code)
    assert ex is not None and solve(ex).shown
    assert 'name="codes"' in body and "nonsense" in body  # the form keeps what was typed


def test_junk_ranges_fall_back_and_never_fail(client):
    for qs in ({"min": "", "max": ""}, {"min": "abc", "max": "1e999"}, {"theme": "nosuch"}):
        assert client.get(f"/practice/{GAME}/print", query_string=qs).status_code == 200


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(
    ("game", "theme"),
    [("hunan", "forced"), ("nantong", "hand-type"), ("guilin", "priority"), ("hunan", "bakuai")],
)
def test_the_key_gives_each_choice_by_its_letter_and_its_words(app, client, lang, game, theme):
    """A teacher marks a sheet of lettered choices: the key says (b) and the words."""
    client.set_cookie("lang", lang)
    items = [i for i in practice.library()[game] if i.theme == theme][:3]
    body = client.get(
        f"/practice/{game}/print",
        query_string={"codes": "\n".join(f"{i.theme}:{i.seat}:{i.code}" for i in items)},
    ).get_data(as_text=True)
    sheet = body.split('class="answer-key"', 1)[0]
    lists = re.findall(r'<ol class="worksheet-choices" type="a">(.*?)</ol>', sheet, re.S)
    assert len(lists) == len(items) == len(key_of(body))
    with app.test_request_context(headers={"Cookie": f"lang={lang}"}):
        for item, listed, line in zip(items, lists, key_of(body), strict=True):
            ex = practice.exercise(item.theme, item.seat, item.code)
            assert ex is not None
            assert len(re.findall(r"<li>", listed)) == len(ex.choices)
            ids = [c.id for c in ex.choices]
            key = solve(ex).shown
            letters = {cid: "abcdefghijklmnopqrstuvwxyz"[n] for n, cid in enumerate(ids)}
            shown = [letters[w] for w in key.split() if w in letters]
            assert shown and re.findall(r"\(([a-z])\) ", line) == shown, (line, key)
            plain = re.sub(r"\([a-z]\) ", "", line)
            assert plain == answer_words(ex, key, lang), line


def test_an_all_themes_worksheet_draws_from_every_theme(app):
    """Issue 40: with no theme chosen, the positions come from all the themes in turn."""
    from app.extensions import db
    from app.learning.models import Position
    from app.practice import positions

    with app.app_context():
        game = "hunan"
        themes = {p.theme for p in db.session.scalars(db.select(Position).filter_by(game=game))}
        items = positions.worksheet(game, None, 0.0, 4000.0, [], limit=12)
        drawn = {practice.parse_id(ex.id)[0] for ex in items}
        assert len(themes) > 1
        assert len(drawn) >= min(len(themes), 4), (drawn, themes)

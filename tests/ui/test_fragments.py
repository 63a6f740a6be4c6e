"""Fragment caching: a page drawn from cached pieces is the page drawn afresh, and no
piece carries what belongs to one learner or one request (tokens, stars, answers)."""

from __future__ import annotations

import re

import pytest

from app.learning import lessons, practice
from app.ui import fragments

TOKENS = [
    (re.compile(r'(name="(?:csrf_token|token)" value=")[^"]+'), r"\1…"),
    (re.compile(r'("X-CSRFToken": ")[^"]+'), r"\1…"),
]


def _normal(html: str) -> str:
    for pattern, repl in TOKENS:
        html = pattern.sub(repl, html)
    return html


def _pages() -> list[str]:
    hunan = "x1 x2 x3 d1 d2 d3 x2 x7 x10 x4 x5 x6 d5 d6 d7 x9 x9 x9 d8 d8 x8".replace(" ", "+")
    out = ["/", f"/practice/hunan/count?hand={hunan}", "/practice/nantong/count", "/glossary"]
    for ls in list(lessons.all_lessons().values())[::7]:
        for st in ls.steps[:: max(1, len(ls.steps) // 3)]:
            out.append(f"/lessons/{ls.game}/{ls.id}/{st.id}")
            if st.deal is not None:
                out.append(f"/lessons/{ls.game}/{ls.id}/{st.id}?move=2")
    for game, items in practice.library().items():
        i = items[len(game) % len(items)]
        out.append(f"/practice/{game}/p/{i.theme}/{i.seat}/{i.code}")
    return out


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_cached_pieces_draw_the_same_page(app, client, lang):
    client.set_cookie("lang", lang)
    pages = _pages()
    app.config["FRAGMENT_CACHE"] = False
    fresh = {p: _normal(client.get(p).get_data(as_text=True)) for p in pages}
    app.config["FRAGMENT_CACHE"] = True
    fragments.clear()
    for _ in range(2):  # the first time fills the table, the second reads it
        for p in pages:
            r = client.get(p)
            assert r.status_code == 200, p
            assert _normal(r.get_data(as_text=True)) == fresh[p], p
    assert fragments.size() > len(pages)


def test_pieces_carry_nothing_of_a_learner_or_a_request(app):
    """Two visitors on the same lesson exercise: each page has its own CSRF and answer
    tokens, and the second visitor does not see the first one's stars or answer."""
    ls = next(iter(lessons.all_lessons().values()))
    step = next(s for s in ls.steps if s.exercise is not None)
    url = f"/lessons/{ls.game}/{ls.id}/{step.id}"
    first, second = app.test_client(), app.test_client()
    a, b = first.get(url).get_data(as_text=True), second.get(url).get_data(as_text=True)
    token = re.compile(r'name="token" value="([^"]+)"')
    assert token.search(a).group(1) != token.search(b).group(1)
    assert re.search(r'"X-CSRFToken": "([^"]+)"', a).group(1) != re.search(
        r'"X-CSRFToken": "([^"]+)"', b
    ).group(1)
    # the first visitor solves it at once (three stars): the second still sees none
    from classes_help import form_of, right_answer

    form = form_of(step.exercise, right_answer(step.exercise))
    form["csrf_token"] = re.search(r'"X-CSRFToken": "([^"]+)"', a).group(1)
    form["token"] = token.search(a).group(1)
    r = first.post(
        f"/exercises/{step.exercise.id}/answer", data=form, headers={"HX-Request": "true"}
    )
    assert "verdict-right" in r.get_data(as_text=True)
    mine, theirs = first.get(url).get_data(as_text=True), second.get(url).get_data(as_text=True)
    assert mine.count("star on") == 3 and theirs.count("star on") == 0


def test_the_table_is_bounded(app, monkeypatch):
    """Least recently used pieces go first when the table is over its count or size."""
    monkeypatch.setattr(fragments, "LIMIT", 3)
    monkeypatch.setattr(fragments, "CHARS", 25)
    fragments.clear()
    with app.test_request_context("/"):
        for n in range(3):
            fragments.put("t", n, html="x" * 5)
        assert fragments.peek("t", 0) is not None  # 0 is now the most recently used
        fragments.put("t", 3, html="x" * 5)  # over the count: 1 goes
        assert fragments.peek("t", 1) is None and fragments.size() == 3
        fragments.put("t", 4, html="y" * 20)  # over the size: the oldest go until it fits
        assert fragments.peek("t", 4) is not None and fragments.peek("t", 2) is None
        assert sum(len(v) for v in fragments._PIECES.values()) <= 25
    fragments.clear()


# These tests read pages and store nothing a database treats differently: SQLite alone.
pytestmark = pytest.mark.render_only

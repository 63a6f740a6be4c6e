"""Every refusal a learner sees is in the page's language: a bad or impossible position
(its link, the editor's paste, the editor's changes), junk in the count tool, a refused
move at the play table. The engine explains a code it cannot read in one English line;
a Chinese page never shows it (nor an option's engine name, nor a move's notation),
and an English page shows the detail-* sentence of the reasons catalog instead of it."""

from __future__ import annotations

import html
import json
import random
import re
from collections.abc import Callable

import pytest
from conftest import csrf_from

from app.engine.core.errors import EngineError
from app.engine.core.registry import find_game
from app.practice import editing
from app.text.messages import MESSAGES
from app.text.messages.details import explain

GAMES = ["hunan", "guilin", "chuanpai", "chuanpai-tricks", "nantong"]
LANGS = ["zh", "en"]

#: three or more English words in a row: "a code has", "is not a", "seat 0 hand" is not
#: (a number breaks the run); card tokens (x1, 2t, 66) are no words
ENGLISH_RUN = re.compile(r"\b[A-Za-z]+\b(?:[\s,.:;'’()\-=]+\b[A-Za-z]+\b){2,}")
ERROR_P = re.compile(
    r'<p class="(?:errors|form-error|verdict verdict-no)[^"]*"[^>]*>(.*?)</p>', re.S
)


def errors_of(body: str) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", m)).strip() for m in ERROR_P.findall(body)]


def check(body: str, lang: str, raw: str | None = None) -> list[str]:
    """The page's error texts: at least one, filled, and none with English in Chinese
    or the engine's own detail line in either language."""
    found = errors_of(body)
    assert found and all(found), body[-3000:]
    for text in found:
        assert "{" not in text and "detail-" not in text, text
        if lang == "zh":
            assert not ENGLISH_RUN.search(text), text
            assert re.search(r"[\u4e00-\u9fff]", text), text
        if raw:
            assert raw not in text, text
    return found


def deal(game_id: str):  # type: ignore[no-untyped-def]
    game = find_game(game_id)
    return game, game.new_deal(game.default_rules, random.Random(1), 0)


def _sections(game_id: str) -> list[str]:
    game, state = deal(game_id)
    return str(game.encode(state)).split("~")


def _option_junk(game_id: str) -> str:
    p = _sections(game_id)
    p[2] = "min_huxi-zz" if game_id in ("hunan", "guilin") else "players-9"
    return "~".join(p)


def _junk_in(index: int) -> Callable[[str], str]:
    def make(game_id: str) -> str:
        p = _sections(game_id)
        p[index] = "zz" + p[index]
        return "~".join(p)

    return make


def _view(game_id: str) -> str:
    game, state = deal(game_id)
    return str(game.encode_view(state, 0))


def _other(game_id: str) -> str:
    other = "nantong" if game_id != "nantong" else "chuanpai"
    game, state = deal(other)
    return str(game.encode(state))


#: junk position codes, each made for a game
JUNK_CODES: dict[str, Callable[[str], str]] = {
    "not-a-code": lambda g: "junk",
    "one-section": lambda g: f"v1~{g}~-~junk",
    "unknown-version": lambda g: f"v9~{g}~-~x",
    "cut-short": lambda g: "~".join(_sections(g)[:-2]),
    "junk-moment": _junk_in(3),
    "junk-cards": _junk_in(4),
    "unknown-option": lambda g: "~".join(_sections(g)[:2] + ["nosuch-1"] + _sections(g)[3:]),
    "bad-option-value": _option_junk,
    "seat-view": _view,
    "too-long": lambda g: "v1~" + "x" * 2100,
    "bad-character": lambda g: f"v1~{g}~-~a!b",
    "another-game": _other,
}


def raw_detail(game_id: str, code: str) -> str | None:
    """The engine's own English line for a code it refuses (``None`` if it reads it)."""
    try:
        find_game(game_id).decode(code)
    except EngineError as exc:
        return str(exc.params.get("detail", "")) or None
    return None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("junk", sorted(JUNK_CODES))
def test_a_junk_code_is_refused_in_the_pages_language(client, lang, junk):
    client.set_cookie("lang", lang)
    for game_id in GAMES:
        code = JUNK_CODES[junk](game_id)
        raw = raw_detail(game_id, code)
        r = client.get(f"/practice/{game_id}/p/forced/0/{code}")
        assert r.status_code == 422, (game_id, junk)
        check(r.get_data(as_text=True), lang, raw)
        token = csrf_from(client.get(f"/practice/{game_id}/editor").get_data(as_text=True))
        pasted = client.post(
            f"/practice/{game_id}/editor", data={"csrf_token": token, "position": code}
        )
        assert pasted.status_code == 422, (game_id, junk)
        check(pasted.get_data(as_text=True), lang, raw)
        opened = client.get(f"/practice/{game_id}/editor", query_string={"code": code})
        assert opened.status_code == 422, (game_id, junk)
        check(opened.get_data(as_text=True), lang, raw)
        changed = client.get(
            f"/practice/{game_id}/editor/hand",
            query_string={"code": code, "hand": "0", "pick": ["11"]},
        )
        assert changed.status_code == 422, (game_id, junk)
        check(changed.get_data(as_text=True), lang, raw)


def _moved(data: dict) -> None:  # type: ignore[type-arg]
    """Two cards from seat 1's hand to seat 0's: hand sizes no deal gives."""
    hands = editing._hands(data)
    hands[0] += [hands[1].pop(), hands[1].pop()]
    editing._set_hand(data, 0, hands[0])
    editing._set_hand(data, 1, hands[1])


def _doubled(data: dict) -> None:  # type: ignore[type-arg]
    """A fifth copy of a card (four more of seat 0's first card)."""
    hands = editing._hands(data)
    editing._set_hand(data, 0, hands[0] + [hands[0][0]] * 4)


def _pasted_json(game_id: str, change: Callable[[dict], None] | None) -> str:  # type: ignore[type-arg]
    game, state = deal(game_id)
    data = game.to_json(state)
    if change is not None:
        change(data)
    return json.dumps(data)


JUNK_JSON: dict[str, Callable[[str], str]] = {
    "not-json": lambda g: "{not json",
    "not-an-object": lambda g: "[1, 2]",
    "missing-fields": lambda g: '{"hands": 3}',
    "hand-moved": lambda g: _pasted_json(g, _moved),
    "card-doubled": lambda g: _pasted_json(g, _doubled),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("junk", sorted(JUNK_JSON))
def test_a_junk_position_json_is_refused_in_the_pages_language(client, lang, junk):
    client.set_cookie("lang", lang)
    for game_id in GAMES:
        if junk == "hand-moved" and game_id.startswith("chuanpai"):
            continue  # the 川牌 games do not check hand sizes (size_gap is None)
        text = JUNK_JSON[junk](game_id)
        token = csrf_from(client.get(f"/practice/{game_id}/editor").get_data(as_text=True))
        r = client.post(f"/practice/{game_id}/editor", data={"csrf_token": token, "position": text})
        assert r.status_code == 422, (game_id, junk)
        check(r.get_data(as_text=True), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_junk_editor_change_is_refused_in_the_pages_language(client, lang):
    client.set_cookie("lang", lang)
    for game_id in GAMES:
        game, state = deal(game_id)
        code = game.encode(state)
        for url, args in (
            ("hand", {"code": code, "hand": "0", "cards": "zz qq"}),
            ("hand", {"code": code, "hand": "0", "pick": ["zz"]}),
            ("hand", {"code": code, "hand": "9"}),
            ("next", {"code": code, "card": "zz"}),
        ):
            r = client.get(f"/practice/{game_id}/editor/{url}", query_string=args)
            assert r.status_code == 422, (game_id, args)
            check(r.get_data(as_text=True), lang)


COUNT_JUNK: dict[str, list[dict[str, str]]] = {
    "hunan": [
        {"hand": "zz"},
        {"hand": "x1 x1 x1 x1 x1"},
        {"hand": "x1 x2"},
        {"hand": "x1 x2 x3", "melds": "foo: x1"},
        {"hand": "x1 x2 x3", "melds": "peng: x1 x2 x3"},
        {"hand": "x1 x2 x3", "min_huxi": "7"},
    ],
    "guilin": [{"hand": "zz"}, {"hand": "x1 x2"}, {"hand": "x1 x2", "melds": "chi: x1 x5 x9"}],
    "chuanpai": [
        {"hand": "zz"},
        {"hand": "66 66 66 66 66"},
        {"hand": "66", "melds": "jier: 66 66"},
        {"hand": "66", "melds": "nope 11"},
    ],
    "chuanpai-tricks": [{"hand": "zz"}, {"hand": "66 66", "in_hand": "x"}],
    "nantong": [
        {"hand": "zz"},
        {"hand": "2b 2b", "generals_cards": "zz"},
        {"hand": "2b 2b 2b 2b 2b"},
        {"hand": "2b 2b", "melds": "long: 2b 3b"},
    ],
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_junk_in_the_count_tool_is_refused_in_the_pages_language(client, lang, game_id):
    client.set_cookie("lang", lang)
    for args in COUNT_JUNK[game_id]:
        r = client.get(f"/practice/{game_id}/count", query_string=args)
        assert r.status_code == 422, args
        for text in check(r.get_data(as_text=True), lang):
            assert "min_huxi" not in text and "in_hand" not in text, text  # labels, not names


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_a_refused_move_is_said_in_the_pages_language(client, lang, game_id):
    from test_play import moves_of, start

    client.set_cookie("lang", lang)
    url = start(client, game_id, seat="0")
    body = client.get(url).get_data(as_text=True)
    legal = moves_of(body)
    for data in (
        {"move": "pass"},
        {"move": "hu"},
        {"move": "discard zz"},
        {"move": "discard x1 seat=9"},
        {"move": f"{legal[0]} extra=1"} if legal else {"move": "pass extra=1"},
        {"kind": "lead", "cards": "zz"},
    ):
        if data.get("move") in legal:  # (some deals allow a pass or a win right now)
            continue
        r = client.post(url, data={"csrf_token": csrf_from(body), **data})
        assert r.status_code == 422, data
        for text in check(r.get_data(as_text=True), lang):
            assert "extra=1" not in text and "seat=9" not in text, text  # no notation


#: what the engine gives with each kind of refusal (seats counted from 0)
DETAIL_PARAMS: dict[str, dict[str, object]] = {
    "detail-too-long": {"count": "2103"},
    "detail-bad-char": {"char": "!"},
    "detail-wrong-game": {"variant": "hunan"},
    "detail-option": {"option": "min_huxi", "value": "zz"},
    "detail-unknown-option": {"option": "foo"},
    "detail-hand-size": {"seat": 2},
    "detail-no-seat": {"seat": 5},
    "detail-seat": {"seat": 0},
    "detail-json": {"line": 3},
}


@pytest.mark.parametrize("lang", LANGS)
def test_every_detail_kind_has_both_languages_and_its_parameters(lang):
    """Each message of details.py reads whole in both languages from the parameters the
    engine gives with its kind (no English line is read)."""
    from app.text.messages import render

    for code in (c for c in MESSAGES if c.startswith("detail-")):
        assert set(MESSAGES[code]) == {"en", "zh"}
        kind, params = explain({"detail": "ignored", "why": code, **DETAIL_PARAMS.get(code, {})})
        assert kind == code
        text = render(kind, params, lang)
        assert "{" not in text and "ignored" not in text, text
    assert explain({"why": "detail-hand-size", "seat": 2})[1] == {"n": 3}  # counted from 1


@pytest.mark.parametrize(
    ("game_id", "code", "kind"),
    [
        ("hunan", "v1~hunan~-~" + "x" * 2100, "detail-too-long"),
        ("hunan", "v1~hunan~-~a!b", "detail-bad-char"),
        ("hunan", "v1~hunan", "detail-not-code"),
        ("hunan", "v9~hunan~-~a", "detail-version"),
        ("hunan", "v1~hunan~zz~a", "detail-options"),
        ("hunan", "v1~hunan~min_huxi-zz~a.b~-~-~-~-~-~-", "detail-option"),
        ("hunan", "v1~hunan~-~play~-", "detail-sections"),
        ("nantong", "v1~guilin~-~a", "detail-wrong-game"),
        ("chuanpai", "v1~chuanpai~-~lay.d1.t1~zz~-~-~-~-~-", "detail-cards"),
    ],
)
def test_the_engine_names_the_kind_of_a_refusal(game_id, code, kind):
    with pytest.raises(EngineError) as caught:
        find_game(game_id).decode(code)
    assert caught.value.params["why"] == kind, caught.value.params
    assert explain(caught.value.params)[0] == kind


def test_a_refused_action_in_an_exercise_is_named_in_words(app):
    """A choose-action exercise's illegal choice: the message names the action in words
    (``这里不能“碰 小四…”``), never in notation (``peng x4 x4 x4``)."""
    from app.learning import bank
    from app.learning.judge import judge
    from app.ui.present import verdict_view

    seen = 0
    with app.test_request_context(headers={"Cookie": "lang=zh"}):
        for ex in bank.authored().values():
            if ex.kind != "choose-action" or ex.game not in ("hunan", "guilin"):
                continue
            for choice in ex.choices:
                v = judge(ex, choice.id)
                if v.correct or v.misconception is None or "action" not in v.misconception.params:
                    continue
                seen += 1
                message = str(verdict_view(ex, v, "zh", True).message)
                assert not re.search(r"\b[a-z]+ [a-z]{1,2}\d", message), (ex.id, message)
    assert seen >= 5


# These tests read pages and store nothing a database treats differently: SQLite alone.
pytestmark = pytest.mark.render_only

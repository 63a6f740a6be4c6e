"""The position editor and the validation of shared positions (issue 13): a seat's hand
chosen with the card picker, the card the stock turns next, impossible positions refused
with a reason (never a server error), positions saved with their author, and starting
ratings estimated from the theme's difficulty."""

from __future__ import annotations

import html
import random
import re
from collections import Counter

import pytest

from app.engine.core.registry import find_game
from app.extensions import db
from app.learning import practice
from app.learning.models import Position
from app.practice import editing

STOCKED = ["hunan", "guilin", "chuanpai", "nantong"]


def deal_code(game_id: str, seed: int = 4) -> str:
    game = find_game(game_id)
    rng = random.Random(seed)
    return game.encode(game.new_deal(game.default_rules, rng, 0))


def hands(game_id: str, code: str) -> list[list[str]]:
    return editing._hands(find_game(game_id).to_json(find_game(game_id).decode(code)))


def changed(game_id: str, code: str, change) -> str:  # type: ignore[no-untyped-def]
    """A code the engine reads, with ``change`` made to its position JSON."""
    game = find_game(game_id)
    data = game.to_json(game.decode(code))
    change(data)
    return game.encode(game.read_position(data, {}))


@pytest.mark.parametrize("game_id", STOCKED)
def test_the_next_card_is_the_one_the_engine_draws(game_id):
    """DRAW_END is checked against the engine: after set_next, the card the stock loses
    at the next draw is the one chosen."""
    game = find_game(game_id)
    rng = random.Random(7)
    checked = 0
    for g, state, seat in practice.moments(game_id, rng, 3):
        stock = editing._stock(g, g.to_json(state))
        legal = g.legal_actions(state, seat)
        for action in legal[:3]:
            after = editing._stock(g, g.to_json(g.apply(state, action)))
            if not stock or after is None or len(after) != len(stock) - 1:
                continue
            if action.kind in ("ming-gang", "an-gang", "jia-gang"):
                continue  # a replacement card comes from the back
            pick = next(
                (c for c in sorted(set(stock)) if c != stock[editing.DRAW_END[g.info.family]]), None
            )
            if pick is None:
                continue
            moved = game.decode(editing.set_next(game_id, game.encode(state), pick))
            rest = editing._stock(g, g.to_json(g.apply(moved, action)))
            before = Counter(editing._stock(g, g.to_json(moved)))
            assert before - Counter(rest) == Counter([pick]), (game_id, action)
            checked += 1
        if checked >= 3:
            break
    assert checked >= 3


@pytest.mark.parametrize("game_id", [*STOCKED, "chuanpai-tricks"])
def test_the_picker_swaps_cards_and_every_card_stays_once(game_id):
    game = find_game(game_id)
    code = deal_code(game_id)
    state = game.decode(code)
    panel = editing.hand_panel(game, state, 0, "")
    pool = [t for t, _ in panel.pool]
    out = (Counter(pool) - Counter(panel.checked)).elements()
    take = next(t for t in out if t not in panel.checked)
    picked = panel.checked[1:] + [take]
    new = editing.set_hand(game_id, code, 0, panel.source, picked)
    after = game.decode(new)
    assert Counter(hands(game_id, new)[0]) == Counter(picked)
    assert game.check_invariants(after) is None and practice.impossible(game, after) is None

    def whole(c: str) -> Counter[str]:
        data = game.to_json(game.decode(c))
        return Counter(t for h in hands(game_id, c) for t in h) + Counter(
            editing._stock(game, data) or []
        )

    assert whole(new) == whole(code)  # the cards moved, none made or lost


@pytest.mark.parametrize(
    ("lang", "text"),
    [("en", "Choose exactly 20 cards"), ("zh", "请正好选 20 张")],
)
def test_a_hand_of_the_wrong_size_is_refused_and_the_ticks_kept(client, lang, text):
    client.set_cookie("lang", lang)
    code = deal_code("hunan")
    seat = next(i for i, h in enumerate(hands("hunan", code)) if len(h) == 20)
    hand = hands("hunan", code)[seat]
    r = client.get(
        "/practice/hunan/editor/hand",
        query_string={"code": code, "hand": seat, "from": "stock", "pick": hand[:-1]},
    )
    body = r.get_data(as_text=True)
    assert r.status_code == 422 and text in body
    assert len(re.findall(r'name="pick" value="[^"]+" checked', body)) == len(hand) - 1


def test_a_card_not_there_to_take_is_named(client):
    client.set_cookie("lang", "en")
    code = deal_code("hunan")
    hand = hands("hunan", code)[1]
    held = Counter(hand) + Counter(hands("hunan", code)[0])
    scarce = min(held, key=lambda t: held[t])  # fewer copies here than the picker asks for
    extra = [scarce] * (held[scarce] + 1)
    pick = extra + [t for t in hand if t != scarce][: len(hand) - len(extra)]
    r = client.get(
        "/practice/hunan/editor/hand",
        query_string={"code": code, "hand": 1, "from": "seat-0", "pick": pick},
    )
    assert r.status_code == 422 and "Not there to take" in r.get_data(as_text=True)


def test_a_typed_hand_is_read_by_the_engine(client):
    code = deal_code("hunan")
    hand = hands("hunan", code)[1]
    r = client.get(
        "/practice/hunan/editor/hand",
        query_string={"code": code, "hand": 1, "from": "stock", "cards": " ".join(hand)},
    )
    assert r.status_code == 303
    bad = client.get(
        "/practice/hunan/editor/hand",
        query_string={"code": code, "hand": 1, "from": "stock", "cards": "x1 zz9"},
    )
    assert bad.status_code == 422 and "zz9" in bad.get_data(as_text=True)


def impossible_codes() -> list[tuple[str, str]]:
    """Positions the engine reads but no deal reaches."""
    hunan = deal_code("hunan")

    def shift(data):  # type: ignore[no-untyped-def]
        data["seats"][0]["hand"].append(data["seats"][1]["hand"].pop())

    def five(data):  # type: ignore[no-untyped-def]
        data["hands"][1].extend([data["hands"][1][0]] * 4)

    return [
        ("hunan", changed("hunan", hunan, shift)),
        ("nantong", changed("nantong", deal_code("nantong"), five)),
    ]


@pytest.mark.parametrize(
    ("lang", "text"),
    [("en", "No deal can reach this position"), ("zh", "没有哪一局能打到这个局面")],
)
def test_an_impossible_position_is_refused_with_a_reason(client, csrf, lang, text):
    client.set_cookie("lang", lang)
    for game_id, code in impossible_codes():
        r = client.get(f"/practice/{game_id}/p/forced/0/{code}")
        assert r.status_code == 422 and text in r.get_data(as_text=True), game_id
        token = csrf(f"/practice/{game_id}/editor")
        pasted = client.post(
            f"/practice/{game_id}/editor", data={"csrf_token": token, "position": code}
        )
        assert pasted.status_code == 422 and text in pasted.get_data(as_text=True)
        opened = client.get(f"/practice/{game_id}/editor", query_string={"code": code})
        assert opened.status_code == 200 and "editor-problem" in opened.get_data(as_text=True)


def test_every_library_position_is_possible():
    for game_id, items in practice.library().items():
        game = find_game(game_id)
        for item in items:
            assert practice.impossible(game, game.decode(item.code)) is None, item


def test_junk_in_the_editor_never_fails_with_a_server_error(client):
    code = deal_code("chuanpai")
    for args in (
        {"code": code, "hand": "9", "pick": ["11"]},
        {"code": code, "hand": "0", "from": "seat-0", "pick": ["11"]},
        {"code": code, "hand": "x"},
        {"code": "v1~chuanpai~-~junk", "hand": "0", "pick": ["11"]},
        {"code": code, "hand": "0", "from": "../etc", "pick": ["zz"]},
    ):
        assert client.get("/practice/chuanpai/editor/hand", query_string=args).status_code == 422
    for args in ({"code": code, "card": "zz"}, {"code": "junk", "card": "11"}):
        assert client.get("/practice/chuanpai/editor/next", query_string=args).status_code == 422
    assert (
        client.get(
            "/practice/chuanpai-tricks/editor/next",
            query_string={"code": deal_code("chuanpai-tricks"), "card": "11"},
        ).status_code
        == 422
    )


def fitting(game_id: str, theme_id: str) -> tuple[str, int]:
    found = practice.fresh(game_id, theme_id, random.Random(3))
    assert found is not None
    return found


def save(client, csrf, theme: str, seat: int, code: str):  # type: ignore[no-untyped-def]
    token = csrf("/practice/hunan/editor")
    data = {"csrf_token": token, "code": code, "theme": theme, "seat": seat}
    return client.post("/practice/hunan/editor/save", data=data)


def test_a_saved_position_is_kept_with_its_author_at_its_estimated_rating(
    app, client, csrf, signup
):
    code, seat = fitting("hunan", "forced")
    assert save(client, csrf, "forced", seat, code).status_code == 403  # signed out
    signup("author1")
    r = save(client, csrf, "forced", seat, code)
    assert r.status_code == 303 and "/practice/hunan/p/forced/" in r.headers["Location"]
    with app.app_context():
        row = db.session.scalar(db.select(Position).filter_by(source="author"))
        assert row is not None and row.author_id is not None and row.code == code
        assert row.rating == practice.estimate("hunan", "forced", seat, code)
    page = client.get("/practice/hunan/editor").get_data(as_text=True)
    assert "My saved positions" in page or "我保存的局面" in page
    assert html.escape(code) in page or code in html.unescape(page)


def test_saving_a_library_position_claims_nothing(app, client, csrf, signup):
    item = practice.library()["hunan"][0]
    signup("author2")
    save(client, csrf, item.theme, item.seat, item.code)
    with app.app_context():
        row = db.session.scalar(
            db.select(Position).filter_by(game="hunan", code=item.code, theme=item.theme)
        )
        assert row.source == "library" and row.author_id is None


def test_a_fresh_position_starts_at_its_estimated_difficulty(app):
    with app.app_context():
        for game_id, theme_id in (
            ("hunan", "waits"),
            ("nantong", "count-win"),
            ("guilin", "priority"),
        ):
            code, seat = fitting(game_id, theme_id)
            want = practice.exercise(theme_id, seat, code)
            assert want is not None
            row = practice.position_row(game_id, theme_id, seat, code)
            q = practice.question_of(
                find_game(game_id), find_game(game_id).decode(code), seat, theme_id
            )
            assert q is not None and row.rating == q.rating
        assert {
            p.rating for p in db.session.scalars(db.select(Position).filter_by(source="fresh"))
        } != {1500.0}

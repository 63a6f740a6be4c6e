"""The practice library: every stored position decodes, still fits its theme, and is
solved again by the engine; each game has enough of them (issue 13)."""

from __future__ import annotations

from collections import Counter

import pytest

from app.engine.core.registry import all_variants
from app.learning import practice
from app.learning.queries import solve

GAMES = [v.id for v in all_variants()]
MIN_THEMES = {"chuanpai-tricks": 6}


def _items():
    for game, items in sorted(practice.library().items()):
        for i, item in enumerate(items):
            yield pytest.param(game, item, id=f"{game}-{item.theme}-{i}")


@pytest.mark.parametrize(("game", "item"), list(_items()))
def test_every_library_position_is_re_validated_and_re_solved(game, item):
    """Each stored position still decodes, is possible, fits its theme, and the engine
    solves it again to the answer stored with it (a change of the engine or a theme
    that changes an answer fails here; after a deliberate change, write the answers
    again: ``scripts/build_practice.py <game> --answers``). The stored answer is judged
    right, and a wrong one is not."""
    from app.engine.core.registry import find_game
    from app.learning.judge import judge

    ex = practice.exercise(item.theme, item.seat, item.code)
    assert ex is not None, f"{game}: a {item.theme} position no longer fits its theme"
    assert ex.game == game
    game_obj = find_game(game)
    assert practice.impossible(game_obj, game_obj.decode(item.code)) is None
    assert item.answer is not None, "no stored answer: run scripts/build_practice.py --answers"
    assert practice.library_answer(ex) == item.answer
    sol = solve(ex)
    assert judge(ex, sol.shown).correct
    wrong = next((c.id for c in ex.choices if c.id not in sol.accepted), None)
    if ex.kind in ("choice", "choose-action") and wrong is not None:
        assert not judge(ex, wrong).correct


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_its_themes_and_two_hundred_positions(game):
    themes = practice.themes(game)
    assert len(themes) >= MIN_THEMES.get(game, 12), sorted(themes)
    items = practice.library().get(game, [])
    assert len({(i.theme, i.seat, i.code) for i in items}) >= 200
    per_theme = Counter(i.theme for i in items)
    thin = {t: per_theme.get(t, 0) for t in themes if per_theme.get(t, 0) < 10}
    assert not thin, thin


def test_a_pick_of_too_few_or_too_many_cards_names_only_what_is_wrong():
    """A card left out, or one too many, is named alone (no empty "not part of it")."""
    from app.learning.judge import judge
    from app.text.messages import render

    item = next(i for i in practice.library()["hunan"] if i.theme == "bi-cards")
    ex = practice.exercise(item.theme, item.seat, item.code)
    right = solve(ex).shown.split()
    short = judge(ex, " ".join(right[1:])).misconception
    assert short.code == "mc-missing-cards" and short.params["missing_cards"] == [right[0]]
    game = practice.find_game("hunan")
    hand = game.seat_holding(game.decode(item.code), item.seat)
    spare = next(t for t in hand.hand if hand.hand.count(t) > right.count(t))
    extra = judge(ex, " ".join([*right, spare])).misconception
    assert extra.code == "mc-extra-cards" and extra.params["extra_cards"] == [spare]
    assert "Not part of it" in render(extra.code, extra.params, "en")

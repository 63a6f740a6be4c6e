"""The position editor's changes: a seat's hand chosen with the card picker, and the
next card the stock turns (the event a draw brings). Both are made on the engine's
position JSON (``Game.to_json``) and read back by the engine, which refuses what it
cannot read; :func:`app.learning.practice.impossible` then refuses a position no deal
reaches. The editor only moves cards between places, so every card of the deck stays
once in the position.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from app.engine.core.errors import EngineError, detail_of
from app.engine.core.registry import find_game
from app.learning import practice
from app.text.cards import family

STOCK = "stock"
#: where each deck family's stock is drawn from (docs/engine.md: the word-card and Nantong
#: stock in drawing order, the dice-card stock drawn from the end); checked against the
#: engine's own draws by tests/practice/test_practice_editor.py
DRAW_END = {"zipai": 0, "nantong": 0, "chuanpai": -1}


class EditError(ValueError):
    """A change the editor cannot make: ``code`` names the message, ``params`` fill it."""

    def __init__(self, code: str, params: dict[str, Any] | None = None) -> None:
        self.code = code
        self.params = params or {}
        super().__init__(code)


def _hands(data: dict[str, Any]) -> list[list[str]]:
    if "hands" in data:
        return [list(h) for h in data["hands"]]
    return [list(s["hand"]) for s in data["seats"]]


def _set_hand(data: dict[str, Any], seat: int, cards: list[str]) -> None:
    if "hands" in data:
        data["hands"][seat] = cards
    else:
        data["seats"][seat]["hand"] = cards


def _stock(game: Any, data: dict[str, Any]) -> list[str] | None:
    if game.info.family not in DRAW_END or not isinstance(data.get("stock"), list):
        return None
    return list(data["stock"])


@dataclass
class HandPanel:
    """What the picker shows for one seat: every card it may choose from (its hand and
    the place it swaps with), the hand ticked, and the places it may swap with."""

    seat: int
    source: str
    pool: list[tuple[str, int]]
    checked: list[str]
    sources: list[str]  # STOCK and/or "seat-<n>"
    size: int


def _source_cards(game: Any, data: dict[str, Any], seat: int, source: str) -> list[str]:
    if source == STOCK:
        stock = _stock(game, data)
        if stock is None:
            raise EditError("editor-no-stock")
        return stock
    if source.startswith("seat-") and source[5:].isdigit():
        other = int(source[5:])
        hands = _hands(data)
        if other != seat and 0 <= other < len(hands):
            return hands[other]
    raise EditError("editor-bad-source")


def sources(game: Any, data: dict[str, Any], seat: int) -> list[str]:
    out = [STOCK] if _stock(game, data) is not None else []
    return out + [f"seat-{s}" for s in range(len(_hands(data))) if s != seat]


def hand_panel(game: Any, state: Any, seat: int, source: str) -> HandPanel:
    data = game.to_json(state)
    hands = _hands(data)
    if not 0 <= seat < len(hands):
        raise EditError("editor-bad-seat")
    options = sources(game, data, seat)
    if source not in options:
        source = options[0]
    fam = family(game.info.family)
    pool = fam.sort(hands[seat] + _source_cards(game, data, seat, source))
    return HandPanel(
        seat, source, [(t, 1) for t in pool], fam.sort(hands[seat]), options, len(hands[seat])
    )


def _read_back(game: Any, data: dict[str, Any]) -> str:
    try:
        state = game.read_position(data, {})
    except EngineError as exc:
        raise EditError(
            "practice-bad-code",
            {"detail": detail_of(exc) if "detail" in exc.params else exc.code},
        ) from None
    problem = practice.impossible(game, state)
    if problem is not None:
        raise EditError(*problem)
    return str(game.encode(state))


def set_hand(game_id: str, code: str, seat: int, source: str, picked: list[str]) -> str:
    """The code of the position with ``seat`` holding ``picked``: the cards it gives up
    go where the cards it takes came from (the stock keeps its length and order, the
    returned cards taking the places of the taken ones)."""
    game = find_game(game_id)
    state = game.decode(code)
    data = game.to_json(state)
    hands = _hands(data)
    if not 0 <= seat < len(hands):
        raise EditError("editor-bad-seat")
    src = _source_cards(game, data, seat, source)
    hand, want = Counter(hands[seat]), Counter(picked)
    short = want - (hand + Counter(src))
    if short:
        raise EditError("editor-not-available", {"cards": sorted(short.elements())})
    if sum(want.values()) != len(hands[seat]):
        raise EditError("editor-pick-count", {"want": len(hands[seat]), "got": len(picked)})
    taken, returned = want - hand, list((hand - want).elements())
    new_src = []
    for card in src:
        if taken[card] > 0:
            taken[card] -= 1
            new_src.append(returned.pop(0))
        else:
            new_src.append(card)
    fam = family(game.info.family)
    _set_hand(data, seat, fam.sort(picked))
    if source == STOCK:
        data["stock"] = new_src
    else:
        _set_hand(data, int(source[5:]), fam.sort(new_src))
    return _read_back(game, data)


def next_cards(game: Any, state: Any) -> tuple[list[str], str | None]:
    """The distinct cards the stock holds, and the one it turns next (``None`` when the
    game has no stock or it is empty)."""
    stock = _stock(game, game.to_json(state))
    if not stock:
        return [], None
    return family(game.info.family).sort(set(stock)), stock[DRAW_END[game.info.family]]


def set_next(game_id: str, code: str, card: str) -> str:
    """The code of the position whose stock turns ``card`` next (one copy moves to the
    drawing end; the other cards keep their order)."""
    game = find_game(game_id)
    state = game.decode(code)
    data = game.to_json(state)
    stock = _stock(game, data)
    if stock is None:
        raise EditError("editor-no-stock")
    if card not in stock:
        raise EditError("editor-not-available", {"cards": [card]})
    end = DRAW_END[game.info.family]
    if end == 0:
        stock.remove(card)
        stock.insert(0, card)
    else:
        stock.reverse()
        stock.remove(card)
        stock.reverse()
        stock.append(card)
    data["stock"] = stock
    return _read_back(game, data)

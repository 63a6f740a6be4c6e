"""One conformance suite for every game of the :class:`Game` interface.

For self-played deals of each game, at every decision: each legal action is applied one
move deep; ``why_illegal`` agrees with ``legal_actions``; every position reached
round-trips through its one-line code (and stays under 600 characters); the seat view
hides the other hands and the stock, and its code decodes to the same view; the acting
seat's holding gives typed ``analyze``/``waits`` results. ``CONFORMANCE_DEALS`` sets how
many deals (200 by default).
"""

from __future__ import annotations

import os
import random

import pytest

from app.engine.core.actions import Action, Count
from app.engine.core.codec import split_code
from app.engine.core.errors import EngineError
from app.engine.core.game import Game, IllegalAction
from app.engine.core.reason import Reason
from app.engine.core.registry import all_variants, find_game
from app.engine.core.results import Analysis, Outcome, View, Wait

DEALS = int(os.environ.get("CONFORMANCE_DEALS", "200"))
GAMES = [v.id for v in all_variants()]
MAX_CODE = 600


def _round_trip(game: Game, state) -> None:
    code = game.encode(state)
    assert len(code) < MAX_CODE, f"{len(code)} characters: {code}"
    frame = split_code(code)
    assert frame.variant == game.id and frame.viewer is None
    assert game.decode(code) == state, code


def _check_view(game: Game, state, seat: int) -> None:
    view = game.view(state, seat)
    assert isinstance(view, View) and view.viewer == seat
    if not game.is_over(state):
        assert view.stock is None
        for sv in view.seats:
            if sv.seat != seat:
                assert sv.hand is None, f"seat {seat} sees the hand of seat {sv.seat}"
    code = game.encode_view(state, seat)
    assert len(code) < MAX_CODE
    assert split_code(code).viewer == seat
    assert game.decode_view(code) == view
    full = game.view(state, None)
    assert full.viewer is None and all(sv.hand is not None for sv in full.seats)


def _check_holding(game: Game, state, seat: int, rules) -> None:
    holding = game.seat_holding(state, seat)
    if holding is None:
        return
    try:
        result = game.analyze(holding, rules)
        assert isinstance(result, Analysis) and result.variant == game.id
        assert result.count is None or isinstance(result.count, Count)
        if result.complete:
            assert result.points is not None
        return
    except EngineError as exc:
        assert exc.code == "bad-hand-size", exc
    try:
        waits = game.waits(holding, rules)
    except EngineError as exc:
        assert exc.code in ("bad-hand-size", "unsupported-verb"), exc
        return
    assert all(isinstance(w, Wait) for w in waits)


def _illegal_probe(game: Game, state, seat: int, legal: list[Action]) -> None:
    """A seat that is not to act, and a made-up card, are refused with a reason."""
    for other in range(game.seats(state)):
        if other != seat and not game.legal_actions(state, other):
            probe = Action("discard", other, legal[0].cards[:1] if legal[0].cards else ())
            reason = game.why_illegal(state, probe)
            assert isinstance(reason, Reason)
            with pytest.raises(IllegalAction) as exc:
                game.apply(state, probe)
            assert exc.value.reason.code == reason.code
            return


@pytest.mark.parametrize("variant", GAMES)
def test_conformance(variant: str) -> None:
    game = find_game(variant)
    rules = game.default_rules
    rng = random.Random(20261201)
    player = game.player()
    for deal in range(DEALS):
        state = game.new_deal(rules, rng, deal % game.table_size(rules))
        _round_trip(game, state)
        steps = 0
        while not game.is_over(state):
            seat = game.to_act(state)
            assert seat is not None
            legal = game.legal_actions(state, seat)
            assert legal, f"deal {deal} step {steps}: seat {seat} to act has no action"
            for a in legal:
                assert game.why_illegal(state, a) is None, (deal, steps, a)
                nxt = game.apply(state, a)
                assert game.check_invariants(nxt) is None
                _round_trip(game, nxt)
            if steps % 7 == 0:
                _check_view(game, state, seat)
                _illegal_probe(game, state, seat, legal)
            _check_holding(game, state, seat, rules)
            state = game.apply(state, player.choose(state, seat, legal, rng))
            steps += 1
            assert steps < 5000
        outcome = game.outcome(state)
        assert isinstance(outcome, Outcome)
        assert len(outcome.scores) == game.seats(state)
        if game.zero_sum:
            assert sum(outcome.scores) == 0
        _check_view(game, state, 0)


@pytest.mark.parametrize("variant", GAMES)
def test_registry_returns_game_objects(variant: str) -> None:
    game = find_game(variant)
    assert isinstance(game, Game) and game.id == variant
    assert game.rules() == game.default_rules
    assert game.rules_of(game.new_deal(game.default_rules, random.Random(1))) == game.default_rules


DECK_SIZES = {"hunan": 80, "guilin": 80, "chuanpai": 84, "chuanpai-tricks": 84, "nantong": 120}


@pytest.mark.parametrize("variant", GAMES)
def test_a_fresh_deals_full_view_holds_the_whole_deck(variant: str) -> None:
    """Every card of the deck is somewhere in a deal's full view (hands, groups,
    discards, stock, the card on offer): the view hides nothing from the viewer None."""
    game = find_game(variant)
    assert len(game.deck(game.default_rules)) == DECK_SIZES[variant]

"""One conformance suite for every game of the :class:`Game` interface.

For self-played deals of each game, at every decision:

- each legal action of the seat to act is applied one move deep, and every position
  reached round-trips through its one-line code (URL-safe, version 1, under 600
  characters);
- ``why_illegal`` agrees with ``legal_actions`` for every seat: ``None`` for each legal
  action, and, for (up to six of) the acting seat's actions offered to every other
  seat, ``None`` exactly when that seat has the action among its own; a refused action
  is refused by ``apply`` with the same reason, and a seat with nothing to do is told
  why;
- every seat's view (and the next seat's view of the positions up to six of the legal
  actions lead to) hides exactly what it must (the other hands, the stock, the cards
  of groups laid face down, a card on offer it may not see) and shows the rest as the
  full view does; its code decodes to that view and depends on nothing else (two
  positions that look the same to a seat give it the same code);
- every seat's holding gets typed ``analyze``/``waits`` results: the verb its size
  calls for answers, the other refuses with ``bad-hand-size``.

``CONFORMANCE_DEALS`` sets how many deals (200 by default).
"""

from __future__ import annotations

import json
import os
import random
import re
from typing import Any

import pytest

from app.engine.core import serial
from app.engine.core.actions import Action, Count
from app.engine.core.codec import split_code
from app.engine.core.errors import EngineError
from app.engine.core.game import Game, IllegalAction
from app.engine.core.reason import Reason
from app.engine.core.registry import all_variants, find_game
from app.engine.core.results import Analysis, MeldView, Outcome, SeatView, View, Wait

DEALS = int(os.environ.get("CONFORMANCE_DEALS", "200"))
GAMES = [v.id for v in all_variants()]
MAX_CODE = 600
URL_SAFE = re.compile(r"[A-Za-z0-9._~-]+")
#: at most this many of a decision's legal actions are offered to the other seats and
#: have the next position's view checked (every one is applied and round-tripped)
SAMPLE = 6

AnyGame = Game[Any, Any]


def _check_code(code: str, variant: str, viewer: int | None) -> None:
    assert len(code) < MAX_CODE, f"{len(code)} characters: {code}"
    assert URL_SAFE.fullmatch(code), code
    frame = split_code(code)
    assert (frame.version, frame.variant, frame.viewer) == (1, variant, viewer), code


def _round_trip(game: AnyGame, state: Any) -> None:
    code = game.encode(state)
    _check_code(code, game.id, None)
    assert game.decode(code) == state, code


# -- seat views ---------------------------------------------------------------------------


def _same_meld(seen: MeldView, full: MeldView, face_down_ok: bool) -> None:
    """A group as a seat sees it: as it is, or (another seat's) face down: its kind
    and size without its cards."""
    if seen == full:
        return
    assert face_down_ok, f"own group {full} shown as {seen}"
    assert seen.kind == full.kind and seen.cards == () and seen.hidden == len(full.cards)


def _same_seat(seen: SeatView, full: SeatView, own: bool, over: bool) -> None:
    assert (seen.seat, seen.hand_size, seen.discards) == (full.seat, full.hand_size, full.discards)
    if own or over:
        assert seen.hand == full.hand
    else:
        assert seen.hand is None, f"seat {full.seat}'s hand is seen"
    assert len(seen.melds) == len(full.melds)
    for m, f in zip(seen.melds, full.melds, strict=True):
        _same_meld(m, f, not own and not over)
    if own or over:
        assert seen.extra == full.extra


def _check_view(game: AnyGame, state: Any, seat: int, codes: dict[str, str]) -> None:
    """``view(state, seat)`` hides exactly what it must; its code is a function of it."""
    view, full = game.view(state, seat), game.view(state, None)
    assert isinstance(view, View) and view.viewer == seat and full.viewer is None
    assert all(sv.hand is not None for sv in full.seats)
    assert full.stock is not None or full.stock_size == 0  # the trick game deals every card
    same = ("variant", "phase", "to_act", "dealer", "stock_size", "shown", "outcome")
    assert [getattr(view, f) for f in same] == [getattr(full, f) for f in same]
    over = game.is_over(state)
    assert view.stock == (full.stock if over else None) or not full.stock_size
    assert len(view.seats) == len(full.seats) == game.seats(state)
    for sv, fv in zip(view.seats, full.seats, strict=True):
        _same_seat(sv, fv, sv.seat == seat, over)
    assert (view.offer is None) == (full.offer is None)
    if view.offer is not None and full.offer is not None:
        assert (view.offer.seat, view.offer.source) == (full.offer.seat, full.offer.source)
        assert view.offer.card in (full.offer.card, None)
    code = game.encode_view(state, seat)
    _check_code(code, game.id, seat)
    assert game.decode_view(code) == view, code
    key = f"{seat}:" + json.dumps(serial.view_json(view), sort_keys=True, ensure_ascii=False)
    assert codes.setdefault(key, code) == code, "two codes for one view: the code shows more"


# -- why_illegal and legal_actions --------------------------------------------------------


def _check_refusals(game: AnyGame, state: Any, seat: int, legal: list[Action]) -> None:
    """``why_illegal`` agrees with ``legal_actions`` for every seat, and ``apply``
    refuses what it refuses with the same reason."""
    others = [t for t in range(game.seats(state)) if t != seat]
    refused = 0
    for t in others:
        own = game.legal_actions(state, t)
        for a in own:
            assert game.why_illegal(state, a) is None, a
        if not own:
            assert isinstance(game.no_action_reason(state, t), Reason)
        for a in legal:
            probe = Action(a.kind, t, a.cards, False, a.params)
            reason = game.why_illegal(state, probe)
            assert (reason is None) == any(x.matches(probe) for x in own), (probe, reason)
            if reason is not None and refused < 2:
                refused += 1
                with pytest.raises(IllegalAction) as exc:
                    game.apply(state, probe)
                assert exc.value.reason == reason


# -- holdings -----------------------------------------------------------------------------


def _check_holding(game: AnyGame, state: Any, seat: int, rules: Any) -> None:
    holding = game.seat_holding(state, seat)
    if holding is None:
        return
    gap = game.size_gap(holding, rules)
    if gap in (0, None):  # a whole hand, or no fixed size
        result = game.analyze(holding, rules)
        assert isinstance(result, Analysis) and result.variant == game.id
        assert result.count is None or isinstance(result.count, Count)
        assert (result.points is not None) == result.complete
        assert not result.win or result.complete
    else:
        with pytest.raises(EngineError) as exc:
            game.analyze(holding, rules)
        assert exc.value.code == "bad-hand-size"
    if gap not in (1, None):  # a whole hand, or a size no verb judges (a card over)
        with pytest.raises(EngineError) as exc:
            game.waits(holding, rules)
        assert exc.value.code == "bad-hand-size"
        return
    try:  # one short, or no fixed size (川牌): waits answer where the game has them
        waits = game.waits(holding, rules)
    except EngineError as exc:
        assert gap is None and exc.code == "unsupported-verb", exc
        return
    assert all(isinstance(w, Wait) for w in waits)


#: the deals of each game are split into this many shards, so the suite's workers share
#: a long game's deals (each deal has its own seeds: a shard is reproducible alone)
SHARDS = 8


@pytest.mark.slow
@pytest.mark.parametrize("shard", range(SHARDS))
@pytest.mark.parametrize("variant", GAMES)
def test_conformance(variant: str, shard: int) -> None:
    game = find_game(variant)
    rules = game.default_rules
    player = game.player()
    codes: dict[str, str] = {}
    for deal in range(shard, DEALS, SHARDS):
        rng = random.Random(20261201 + 7919 * deal)
        probes = random.Random(7 + deal)  # which actions are also tried by the other seats
        state = game.new_deal(rules, rng, deal % game.table_size(rules))
        _round_trip(game, state)
        steps = 0
        while not game.is_over(state):
            seat = game.to_act(state)
            assert seat is not None
            legal = game.legal_actions(state, seat)
            assert legal, f"deal {deal} step {steps}: seat {seat} to act has no action"
            watcher = (seat + 1) % game.seats(state)
            some = legal if len(legal) <= SAMPLE else probes.sample(legal, SAMPLE)
            for a in legal:
                assert game.why_illegal(state, a) is None, (deal, steps, a)
                nxt = game.apply(state, a)
                assert game.check_invariants(nxt) is None
                _round_trip(game, nxt)
                if a in some:
                    _check_view(game, nxt, watcher, codes)
            _check_refusals(game, state, seat, some)
            for s in range(game.seats(state)):
                _check_view(game, state, s, codes)
                _check_holding(game, state, s, rules)
            state = game.apply(state, player.choose(state, seat, legal, rng))
            steps += 1
            assert steps < 5000
        outcome = game.outcome(state)
        assert isinstance(outcome, Outcome)
        assert len(outcome.scores) == game.seats(state)
        if game.zero_sum:
            assert sum(outcome.scores) == 0
        for s in range(game.seats(state)):
            _check_view(game, state, s, codes)
        if len(codes) > 200_000:
            codes.clear()


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


#: the longest option values of each game, and players who pass whenever they may (the
#: memories of passed cards grow longest): codes stay under 600 characters with up to
#: four seats
LONG_OPTIONS: dict[str, dict[str, object]] = {
    "hunan": {"min_huxi": 18, "yiwushi": True, "win_on_discard": True, "tun": "yixi"},
    "guilin": {"xing": "gen", "yiwushi": True},
    "chuanpai": {"players": 4, "jing": False, "qitou": "none", "fouls": "end-deal"},
    "chuanpai-tricks": {"first_lead": "forbidden", "fouls": "end-deal", "finish": "at-16"},
    "nantong": {"generals": 1, "xi": True, "wenqian_four": 200, "qionghen": False},
}


@pytest.mark.parametrize("variant", GAMES)
def test_codes_stay_short_under_every_option(variant: str) -> None:
    game = find_game(variant)
    rules = game.rules(LONG_OPTIONS[variant])
    rng = random.Random(7)
    for deal in range(max(DEALS // 10, 5)):
        state = game.new_deal(rules, rng, deal % game.table_size(rules))
        while True:
            _round_trip(game, state)
            for s in range(game.seats(state)):
                _check_code(game.encode_view(state, s), game.id, s)
            if game.is_over(state):
                break
            legal = game.legal_actions(state, game.to_act(state))
            passes = [a for a in legal if a.kind == "pass"]
            state = game.apply(state, passes[0] if passes else rng.choice(legal))

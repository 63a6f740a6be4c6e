"""Play explains itself (issue 36, point 5): every move's label tells it from the other
legal moves; the coach's reason is a catalogued code checked true for the position; a
move is "forced" only when it was the one legal move; a discard on offer is a discard."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from app.engine.core.actions import Action
from app.engine.core.registry import find_game
from app.learning import play as service
from app.text.messages import MESSAGES, render

GAMES = service.GAMES


@pytest.mark.parametrize("game_id", GAMES)
def test_labels_are_unique_among_the_legal_moves_of_every_decision(app, game_id):
    from flask_babel import force_locale

    from app.play.routes import move_text

    game = find_game(game_id)
    family = game.info.family
    rules = game.rules({})
    player = game.player(service.strengths(game)[0])
    decisions = 0
    with app.test_request_context():
        for seed in range(12):
            state = game.new_deal(rules, random.Random(seed), seed % game.table_size(rules))
            rng = random.Random(seed)
            for _ in range(800):
                if game.is_over(state):
                    break
                seat = game.to_act(state)
                legal = game.legal_actions(state, seat)
                if len(legal) > 1:
                    decisions += 1
                    for lang in ("zh", "en"):
                        with force_locale(lang):
                            labels = Counter(
                                move_text(family, a, lang, game=game_id) for a in legal
                            )
                        twice = [k for k, n in labels.items() if n > 1]
                        assert not twice, (game_id, seed, lang, twice, [a.text() for a in legal])
                state = game.apply(state, player.choose(state, seat, legal, rng))
    assert decisions > 100


def _check(game, state, seat, legal, action, reason) -> None:  # type: ignore[no-untyped-def]
    """The reason is catalogued in both languages and true for the position."""
    code = reason.code
    assert code in MESSAGES and {"zh", "en"} <= set(MESSAGES[code]), code
    assert code not in service.SAMPLED, code  # never the search's numbers or a bare choice
    if code in service.ONLY:
        assert len(legal) == 1, (code, [a.text() for a in legal])
    if code == "coach-forced":
        assert action.forced
    if code == "coach-win":
        assert action.kind in service.GOING_OUT
    if code in service.KEEPS_WAITS:
        assert service.waits_after(game, state, action), (code, action.text())
    claim = service.CLAIMS.get(code)
    if claim is not None:
        assert claim(legal, action), (code, action.text())
    if code == "coach-few-eaters":  # counted, and no other discard leaves fewer
        count = service.fewest_eaters(game, state, seat, legal, action)
        assert count == reason.params["count"], (action.text(), count, reason.params)
    checked = {*service.ONLY, "coach-win", "coach-sampled", "coach-few-eaters"}
    checked |= service.KEEPS_WAITS
    assert code in checked or claim is not None, code  # every reason shown has its check
    for lang in ("zh", "en"):
        text = render(code, {**reason.params, "action": action.text()}, lang)
        assert "{" not in text
        assert not re.search(r"engine|program|引擎|程序", text, re.I), text
        if code == "coach-sampled":
            assert not re.search(r"\d", text.replace(action.text(), "")), text


@pytest.mark.parametrize("game_id", GAMES)
def test_coach_reasons_are_present_and_checked_at_every_strength(app, game_id):
    game = find_game(game_id)
    seen: Counter[str] = Counter()
    for strength in service.strengths(game):
        for seed in range(2):
            setup = service.Setup(seat=0, strength=strength)
            deal = service._new(0, game_id, setup, seed=seed)
            service.advance(deal)
            for _ in range(12 if strength == "strong" else 30):
                if deal.status == "over" or not service.learner_to_decide(deal):
                    break
                state = service.state_of(deal)
                c = service.coach(deal, state)
                assert c.advice is not None and c.advice.reason.code
                _check(game, state, deal.seat, c.legal, c.advice.action, c.advice.reason)
                seen[c.advice.reason.code] += 1
                assert service.play(deal, c.advice.action) is None
                service.advance(deal)
    assert sum(seen.values()) > 0, game_id


@pytest.mark.parametrize("game_id", GAMES)
def test_forced_only_on_the_one_legal_move(app, game_id):
    game = find_game(game_id)
    for seed in range(3):
        deal = service._new(0, game_id, service.Setup(seat=0, strength="simple"), seed=seed)
        for _ in range(60):
            service.advance(deal)
            if deal.status == "over":
                break
            moves = service.legal(deal)
            service.play(deal, moves[seed % len(moves)])
        state = service._first_state(game, deal)
        for m, line in zip(deal.moves, service.log(deal), strict=True):
            action = Action.from_json(m["action"])
            if line.forced:
                assert len(game.legal_actions(state, action.seat)) == 1, action.text()
            state = game.apply(state, action)


def test_a_discard_on_offer_is_called_a_discard(app):
    from flask_babel import force_locale

    from app.ui.tables import from_view

    game = find_game("hunan")
    player = game.player("simple")
    found = 0
    with app.test_request_context():
        for seed in range(4):
            state = game.new_deal(game.rules({}), random.Random(seed), 0)
            rng = random.Random(seed)
            for _ in range(300):
                if game.is_over(state):
                    break
                view = game.view(state, 0)
                if view.offer is not None and view.offer.card:
                    for lang in ("zh", "en"):
                        with force_locale(lang):
                            label = from_view(view, "zipai").shown_label
                        if view.offer.source == "discard":
                            found += 1
                            assert label and "Turned up" not in label and "翻" not in label
                            assert ("Discarded by" in label) == (lang == "en")
                seat = game.to_act(state)
                legal = game.legal_actions(state, seat)
                state = game.apply(state, player.choose(state, seat, legal, rng))
    assert found


@pytest.mark.parametrize("old", ["coach-tj-lead", "coach-forced", "coach-engine-choice"])
def test_a_deal_kept_from_before_has_its_reasons_checked_in_the_review(app, old):
    """A decision logged before the checks (the search's numbers, "forced" beside other
    moves, "the engine would play") reads as a checked reason in the review."""
    game_id = "chuanpai-tricks" if old == "coach-tj-lead" else "hunan"
    game = find_game(game_id)
    deal = service._new(0, game_id, service.Setup(seat=0, strength="simple"), seed=3)
    for _ in range(4):
        service.advance(deal)
        if deal.status == "over":
            break
        moves = service.legal(deal)
        service.play(deal, moves[-1])
    moves = [dict(m) for m in deal.moves]
    for m in moves:
        if m.get("decision"):
            m["why"] = {"code": old, "params": {"action": "x", "deals": 8, "mean": 2.5}}
    deal.moves = moves
    found = service.decisions(deal)
    assert found
    for d in found:
        assert d.why is not None and d.why.code not in service.SAMPLED
        if d.why.code in service.ONLY:
            pytest.fail(f"{d.why.code} beside other moves")
        for lang in ("zh", "en"):
            text = render(d.why.code, {**d.why.params, "action": "A"}, lang)
            assert "8" not in text and "2.5" not in text and "{" not in text
    assert game.id == game_id

"""The practice themes: a few every game has (through the Game interface), then each
game's own (``app/teaching/<game>/themes.py``, through :mod:`app.learning.teaching`)."""

from __future__ import annotations

from typing import Any

from app.engine.core.errors import EngineError
from app.engine.core.registry import all_variants, find_game
from app.learning.exercise import Query
from app.learning.practice import Question, Theme, action_choices, register_generic
from app.text.catalog import N_


def _forced(game: Any, state: Any, seat: int) -> Question | None:
    legal = game.legal_actions(state, seat)
    forced = [a for a in legal if a.forced]
    if len(legal) < 2 or not forced or len(forced) == len(legal):
        return None
    return Question(
        "choose-action",
        N_("Your move: which action do the rules force?"),
        Query("forced"),
        ("forced",),
        action_choices(legal),
        rating=1300 + 40 * len(legal),
    )


def _waits(game: Any, state: Any, seat: int) -> Question | None:
    if game.to_act(state) != seat:
        return None
    h = game.seat_holding(state, seat)
    if h is None:
        return None
    rules = game.rules_of(state)
    try:
        gap = game.size_gap(h, rules)
        if gap not in (1, None) or (gap is None and game.analyze(h, rules).complete):
            return None
        waits = game.waits(h, rules)
    except EngineError:
        return None
    if not waits:
        return None
    return Question(
        "pick-cards",
        N_("Your hand is one card short: which cards complete it?"),
        Query("waits"),
        ("waits",),
        rating=1350 + 60 * len(waits),
        pool="deck",
    )


def shared(game_id: str) -> dict[str, Theme]:
    """The themes every game has that fit ``game_id``, by id (a game's teaching may drop
    one or replace it with its own of the same id)."""
    out: list[Theme] = [
        Theme(
            "forced",
            game_id,
            N_("Forced actions"),
            N_("Moments where the rules decide for you: spot them."),
            _forced,
        )
    ]
    game = find_game(game_id)
    try:
        game.waits(game.holding(""), game.default_rules)
        hands = True
    except EngineError as exc:
        hands = exc.code != "unsupported-verb"
    if hands:
        out.append(
            Theme(
                "waits",
                game_id,
                N_("Reading waits"),
                N_("A hand one card short: find every card that completes it."),
                _waits,
            )
        )

    return {t.id: t for t in out}


for _v in all_variants():
    for _theme in shared(_v.id).values():
        register_generic(_theme)

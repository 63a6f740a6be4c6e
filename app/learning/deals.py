"""Recorded deals, replayed by the engine: the sample deal of a lesson, move by move.

:func:`replay` deals from the seed and applies the recorded moves one by one, each
matched against the legal actions of its seat (any card order); a move the rules
refuse stops the replay with :class:`BadDeal` naming the move and the reason, which
``academy content check`` reports.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from app.engine.core.actions import Action
from app.engine.core.registry import find_game
from app.learning.lessons import DealDoc


class BadDeal(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class Frame:
    """The deal after ``index`` moves (0: as dealt), and the move that led here."""

    index: int
    state: Any
    move: Action | None


def parse_move(text: str) -> Action:
    seat, sep, act = text.partition(":")
    if not sep or not seat.strip().isdigit():
        raise BadDeal(f"move {text!r} is not '<seat>: <action>'")
    return Action.parse(act.strip(), int(seat))


_FRAMES: dict[tuple[Any, ...], tuple[Frame, ...]] = {}


def replay(game_id: str, doc: DealDoc) -> tuple[Frame, ...]:
    key = (game_id, doc.seed, doc.dealer, tuple(sorted(doc.rules.items())), tuple(doc.moves))
    if key not in _FRAMES:
        _FRAMES[key] = _replay(game_id, doc)
    return _FRAMES[key]


def _replay(game_id: str, doc: DealDoc) -> tuple[Frame, ...]:
    game = find_game(game_id)
    state = game.new_deal(game.rules(doc.rules), random.Random(doc.seed), doc.dealer)
    frames = [Frame(0, state, None)]
    for i, text in enumerate(doc.moves, start=1):
        wanted = parse_move(text)
        legal = next((a for a in game.legal_actions(state, wanted.seat) if a.matches(wanted)), None)
        if legal is None:
            reason = game.why_illegal(state, wanted)
            code = reason.code if reason else "not-offered"
            raise BadDeal(f"move {i} ({text}) is not legal: {code}")
        state = game.apply(state, legal)
        frames.append(Frame(i, state, legal))
    return tuple(frames)

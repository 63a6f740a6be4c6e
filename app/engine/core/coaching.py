"""What the strong players share: coach reasons as data, and the explaining player.

A strong player decides once, in :meth:`ExplainingPlayer.advise`, and ``choose`` is the
advised action: the move the coach shows is exactly the move the engine seat plays.
Reasons are ``coach-*`` codes with parameters (prose in :mod:`app.text.messages`); cards in
parameters are tokens (``card``/``cards`` placeholders), numbers are plain ints.

Strong players see only what their seat may see: their own cards, the table, and
the cards they can work out as still unseen (the deck less what is visible to them).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from app.engine.core.actions import Action
from app.engine.core.game import Advice
from app.engine.core.reason import Reason

#: the codes every game's strong player may give (prose in the reasons catalog, translations/*/LC_MESSAGES/reasons.po)
CORE_COACH_CODES = ("coach-only-move", "coach-engine-choice", "coach-win", "coach-forced")


def coach(code: str, **params: Any) -> Reason:
    """The reason ``coach-<code>`` with ``params``."""
    return Reason(f"coach-{code}", params)


def only_move(legal: Sequence[Action]) -> Advice | None:
    """The advice when there is nothing to choose: one legal action."""
    if len(legal) != 1:
        return None
    a = legal[0]
    if a.forced:
        return Advice(a, coach("forced", action=a.text()))
    return Advice(a, coach("only-move", action=a.text()))


def winning(legal: Sequence[Action], kinds: Sequence[str] = ("hu",)) -> Advice | None:
    """Go out when the rules allow it."""
    for a in legal:
        if a.kind in kinds:
            return Advice(a, coach("win", action=a.text()))
    return None


class ExplainingPlayer:
    """A player that decides in :meth:`advise`; :meth:`choose` plays the advice."""

    name = "strong"

    def advise(self, state: Any, seat: int, legal: Sequence[Action], rng: random.Random) -> Advice:
        raise NotImplementedError

    def choose(self, state: Any, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.advise(state, seat, legal, rng).action


def ranked(
    scored: Sequence[tuple[float, Action, Reason]], keep: int = 3
) -> tuple[Action, Reason, tuple[tuple[Action, Reason], ...]]:
    """The best of ``scored`` (highest score first, the first of equals), its reason, and
    up to ``keep`` runners-up with theirs (the coach's ``considered``)."""
    order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
    best = scored[order[0]]
    others = tuple((scored[i][1], scored[i][2]) for i in order[1 : keep + 1])
    return best[1], best[2], others

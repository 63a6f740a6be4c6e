"""Misconceptions: what a wrong answer reveals, as a code with parameters.

One catalog per game (:data:`CATALOGS`), each code with the skill it belongs to and,
the lesson step that teaches it; the messages live in ``app/messages/mc_<game>.py``
(both languages). A game's module here (``hunan``, ``guilin``, ``chuanpai``,
``chuanpai_tricks``, ``nantong``) diagnoses answers with "buggy models": it
recomputes the answer the way a learner holding a wrong belief would, and names the
belief whose answer equals the learner's. What no buggy model explains falls back to a
plain, still exact, code (``mc-count-high``/``-low``, ``mc-missed-waits`` with
the missed cards, the engine's reason for an illegal action, ...).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.engine.core.actions import Action
from app.engine.core.reason import Reason
from app.learning.exercise import Exercise
from app.learning.verdict import Solution


@dataclass(frozen=True, slots=True)
class Misconception:
    code: str  # "mc-..." (its message in app/messages/mc_<game>.py)
    skill: str
    lesson: str | None = None  # "<lesson-id>#<step-id>"


Diagnosis = Callable[[Exercise, Solution, str], Reason | None]

#: game id → its catalog, code → misconception
CATALOGS: dict[str, dict[str, Misconception]] = {}
#: game → its diagnosis (tried before the generic fallbacks)
DIAGNOSES: dict[str, Diagnosis] = {}
#: engine reason code (an illegal action) → misconception code, per game
REASONS: dict[str, dict[str, str]] = {}


def register(
    game: str,
    catalog: tuple[Misconception, ...],
    diagnosis: Diagnosis,
    reasons: dict[str, str],
) -> None:
    CATALOGS[game] = {m.code: m for m in catalog}
    DIAGNOSES[game] = diagnosis
    REASONS[game] = reasons


def catalog(game: str) -> dict[str, Misconception]:
    _load()
    return CATALOGS.get(game, {})


_LOADED = False


def _load() -> None:
    """Import every game's module once (importing one game's module alone registers only
    that game, so the flag, not the registry, says whether all are in)."""
    global _LOADED
    if not _LOADED:
        _LOADED = True
        from app.learning.misconceptions import (  # noqa: F401
            chuanpai,
            chuanpai_tricks,
            guilin,
            hunan,
            nantong,
        )


def diagnose(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    """The misconception a wrong ``answer`` reveals, or the exact fallback."""
    _load()
    specific = DIAGNOSES.get(ex.game)
    if specific is not None:
        found = specific(ex, sol, answer)
        if found is not None:
            return found
    return fallback(ex, sol, answer)


# -- the generic fallbacks ------------------------------------------------------------


def _choice(ex: Exercise, cid: str) -> Any:
    return next((c for c in ex.choices if c.id == cid), None)


def authored(choice: Any) -> Reason | None:
    """The misconception an authored wrong choice names, with its parameters."""
    if choice is None or not choice.misconception:
        return None
    return Reason(choice.misconception, dict(choice.params))


def action_reason(ex: Exercise, sol: Solution, cid: str) -> Reason | None:
    """A chosen action: refused by the rules (its reason mapped to a misconception), or
    legal but not what was asked (``mc-missed-forced`` names the forced action)."""
    note = next((n for n in sol.proof.notes if n.choice == cid), None)
    if note is None:
        return None
    if not note.legal and note.reason is not None:
        code = REASONS.get(ex.game, {}).get(note.reason.code, "mc-illegal-action")
        return Reason(code, {"action": note.action.text(), **dict(note.reason.params)})
    if ex.query is not None and ex.query.name == "forced":
        forced = [n for n in sol.proof.notes if n.choice in sol.accepted]
        return Reason("mc-missed-forced", {"action": forced[0].action.text() if forced else ""})
    return None


def fallback(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    if ex.source.startswith("reading:"):  # the reading trainer: name both cards
        given = [t for t in answer.split() if t != sol.shown] or answer.split()
        return Reason("mc-read-wrong", {"card": sol.shown, "given_card": given[0] if given else ""})
    chosen = _choice(ex, answer.split()[0]) if answer.split() else None
    if ex.kind == "choice" and chosen is not None and chosen.misconception:
        return authored(chosen)
    if ex.kind == "choice" and chosen is not None:  # no mistake authored for it: name it
        return Reason("mc-wrong-choice", {"chosen": chosen.id})
    if ex.kind == "choose-action":
        return action_reason(ex, sol, answer.strip()) or Reason("mc-not-best", {})
    if ex.kind == "number":
        right = int(sol.shown)
        try:
            given = int(answer)
        except ValueError:
            given = 0
        code = "mc-count-high" if given > right else "mc-count-low"
        return Reason(code, {"given": given})
    if ex.kind == "pick-cards":
        given, right = Counter(answer.split()), Counter(sol.shown.split())
        if ex.query is not None and ex.query.name == "waits":
            missed = sorted(set(right) - set(given))
            extra = sorted(set(given) - set(right))
            if extra:
                return Reason("mc-extra-waits", {"cards": extra})
            return Reason("mc-missed-waits", {"cards": missed})
        missing = sorted((right - given).elements())
        extra = sorted((given - right).elements())
        if not extra:
            return Reason("mc-missing-cards", {"missing_cards": missing})
        if not missing:
            return Reason("mc-extra-cards", {"extra_cards": extra})
        return Reason("mc-wrong-cards", {"missing_cards": missing, "extra_cards": extra})
    if ex.kind == "true-false":
        truth, _, why = answer.partition(" ")
        right_truth = sol.shown.split()[0]
        if truth == right_truth:
            return Reason("mc-wrong-reason", {"why": why})
        return Reason("mc-wrong-truth", {"truth": right_truth})
    if ex.kind == "order":
        right_order = sol.shown.split()
        return Reason("mc-wrong-order", {"first": right_order[0] if right_order else ""})
    return Reason("mc-wrong", {})


def parse_action(ex: Exercise, cid: str, seat: int) -> Action | None:
    ch = _choice(ex, cid)
    if ch is None or ch.action is None:
        return None
    return Action.parse(ch.action, seat)

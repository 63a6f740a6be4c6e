"""JSON from the typed results, in one place (the CLI and the web API both use it).

Each function writes the contract's fields first and a value's ``extra`` mapping
beside them, so a game's documented extras appear without a hand-built dict.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from app.engine.core.actions import Action, Count
from app.engine.core.reason import Reason
from app.engine.core.results import (
    Analysis,
    MeldView,
    OfferView,
    Outcome,
    ScoredMeld,
    SeatView,
    SelfplayStats,
    View,
    Wait,
)

_NO_COUNT: dict[str, Any] = {"total": None, "lines": []}


def _with(out: dict[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    for k, v in extra.items():
        out[k] = plain(v)
    return out


def plain(value: Any) -> Any:
    """JSON values for typed results nested anywhere (tuples become lists)."""
    if isinstance(value, Count | Action | Reason):
        return value.to_json()
    if isinstance(value, Analysis):
        return analysis_json(value)
    if isinstance(value, Outcome):
        return outcome_json(value)
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    return value


def fields_json(value: Any) -> dict[str, Any]:
    """The fields of a game's facts dataclass (``Game.describe``) as JSON fields."""
    if value is None:
        return {}
    return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}


def selfplay_json(stats: SelfplayStats, rules_field: str = "rules") -> dict[str, Any]:
    """The ``selfplay`` answer: the contract's statistics, then the rule set played."""
    out: dict[str, Any] = {
        "variant": stats.variant,
        "games": stats.games,
        "seed": stats.seed,
        "wins_per_seat": list(stats.wins_per_seat),
        "drawn": stats.drawn,
        "mean_actions": stats.mean_actions,
        "games_per_second": stats.games_per_second,
        "invariants": "ok",
    }
    if stats.rules is not None:
        out[rules_field] = stats.rules.to_json()
    return out


def meld_json(m: ScoredMeld) -> dict[str, Any]:
    return _with({"kind": m.kind, "cards": list(m.cards), "points": m.points}, m.extra)


def analysis_json(a: Analysis) -> dict[str, Any]:
    out: dict[str, Any] = {
        "variant": a.variant,
        "complete": a.complete,
        "win": a.win,
        "points": a.points,
        "unit": a.unit,
        "melds": [meld_json(m) for m in a.melds],
        "count": a.count.to_json() if a.count is not None else dict(_NO_COUNT),
    }
    if a.settlement is not None:
        out["settlement"] = a.settlement.to_json()
    if a.reason is not None:
        out["reason"] = a.reason.to_json()
    return _with(out, a.extra)


def wait_json(w: Wait) -> dict[str, Any]:
    out: dict[str, Any] = {"card": w.card, "points": w.points}
    if w.win is not None:
        out["win"] = w.win
    return _with(out, w.extra)


def waits_json(
    variant: str, unit: str, waits: Sequence[Wait], extra: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    out = {"variant": variant, "unit": unit, "waits": [wait_json(w) for w in waits]}
    return _with(out, extra or {})


def outcome_json(o: Outcome) -> dict[str, Any]:
    out: dict[str, Any] = {
        "winner": o.winner,
        "how": o.how,
        "scores": list(o.scores),
        "count": o.count.to_json() if o.count is not None else None,
        "settlement": o.settlement.to_json() if o.settlement is not None else None,
    }
    if o.reason is not None:
        out["reason"] = o.reason.to_json()
    return _with(out, o.extra)


def meld_view_json(m: MeldView) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": m.kind, "cards": list(m.cards)}
    if m.hidden:
        out["hidden"] = m.hidden
    if m.points is not None:
        out["points"] = m.points
    return out


def seat_view_json(s: SeatView) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seat": s.seat,
        "hand": None if s.hand is None else list(s.hand),
        "hand_size": s.hand_size,
        "melds": [meld_view_json(m) for m in s.melds],
        "discards": list(s.discards),
    }
    return _with(out, s.extra)


def offer_json(o: OfferView) -> dict[str, Any]:
    return _with({"card": o.card, "seat": o.seat, "source": o.source}, o.extra)


def view_json(v: View) -> dict[str, Any]:
    out: dict[str, Any] = {
        "variant": v.variant,
        "viewer": v.viewer,
        "phase": v.phase,
        "to_act": v.to_act,
        "dealer": v.dealer,
        "seats": [seat_view_json(s) for s in v.seats],
        "stock_size": v.stock_size,
        "stock": None if v.stock is None else list(v.stock),
        "offer": None if v.offer is None else offer_json(v.offer),
        "outcome": None if v.outcome is None else outcome_json(v.outcome),
        "shown": list(v.shown),
    }
    return _with(out, v.extra)

"""The ``options`` verb: a position in, every seat's legal actions (or why none) out.

A position is the JSON of :func:`app.engine.zipai.state.to_json`; hand-written
positions may leave out anything but ``seats`` (see ``docs/engine.md (字牌)``). An
optional ``"try"`` object (an action: ``kind``, ``seat``, ``cards``, ``params``)
is checked and answered with ``legal`` and, when refused, the ``reason``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.engine.core.actions import Action
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.zipai.reasons import why_illegal
from app.engine.zipai.rules import ZipaiRules, with_options
from app.engine.zipai.serial import from_json
from app.engine.zipai.state import SEATS, decider, legal_actions


def _rules(base: ZipaiRules, position: Mapping[str, Any], cli: Mapping[str, str]) -> ZipaiRules:
    opts = position.get("options") or {}
    if not isinstance(opts, dict):
        raise EngineError("bad-position", detail="options must be an object")
    if "game" in opts:
        known = {k: v for k, v in opts.items() if k in base.to_json()}
        rules = ZipaiRules.from_json({**known, "game": base.game})
    else:
        rules = with_options(base, opts)
    return with_options(rules, cli)


def _explain(reason: Reason, lang: str) -> dict[str, Any]:
    from app.messages import render  # prose only at this CLI edge

    out = reason.to_json()
    out["message"] = render(reason.code, reason.params, lang)
    return out


def options_json(
    base: ZipaiRules, position: Mapping[str, Any], cli: Mapping[str, str], lang: str = "en"
) -> dict[str, Any]:
    rules = _rules(base, position, cli)
    state = from_json(position, rules)
    out: dict[str, Any] = {"variant": rules.game, "phase": state.phase}
    d = decider(state)
    if state.phase == "offer":
        out["to_move"] = None if d is None else d[1]
        out["stage"] = None if d is None else d[0]
    elif state.phase != "over":
        out["to_move"] = state.turn
    seats = []
    for s in range(SEATS):
        acts = legal_actions(state, s)
        entry: dict[str, Any] = {"seat": s, "actions": [a.to_json() for a in acts]}
        if not acts:
            why = (
                Reason("zp-game-over")
                if state.phase == "over"
                else why_illegal(state, Action("pass", s))
                or Reason("zp-not-your-turn", {"seat": s})
            )
            entry["reason"] = _explain(why, lang)
        seats.append(entry)
    out["seats"] = seats
    trial = position.get("try")
    if trial is not None:
        if not isinstance(trial, dict) or "kind" not in trial or "seat" not in trial:
            raise EngineError("bad-position", detail="try must be an action with kind and seat")
        try:
            action = Action.from_json(trial)
        except (TypeError, ValueError) as exc:
            raise EngineError("bad-position", detail=f"try: {exc}") from None
        reason = why_illegal(state, action)
        out["try"] = {"action": action.to_json(), "legal": reason is None}
        if reason is not None:
            out["try"]["reason"] = _explain(reason, lang)
    return out

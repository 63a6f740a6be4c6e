"""The position JSON (``options``/``apply``/``deal`` verbs): :func:`to_json`, :func:`from_json`.

Cards are tokens (any accepted spelling is read); hands are lists of cards. Short forms
written by hand keep working: ``rules`` may be left out (the defaults) or give only some
options; ``dealt`` defaults to ``hands``; ``last_drawn``, ``replacement``, ``discard``,
``discarder``, ``responders``, ``claims`` and ``winner`` to nothing. ``result`` is
written for a finished deal (the settlement) and ignored when read: the engine counts it
again from the cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.engine.core.errors import EngineError
from app.engine.nantong.cards import NKINDS, cards_of, parse_card, token, tokens
from app.engine.nantong.melds import Meld
from app.engine.nantong.outcome import result_json
from app.engine.nantong.rules import Rules
from app.engine.nantong.state import OVER, PHASES, SEATS, State

PER_SEAT = ("hands", "melds", "discards", "baoting", "has_discarded")


def to_json(s: State) -> dict[str, Any]:
    return {
        "rules": s.rules.to_json(),
        "dealer": s.dealer,
        "stock": tokens(s.stock),
        "generals": tokens(s.generals),
        "hands": [tokens(cards_of(h)) for h in s.hands],
        "dealt": [tokens(cards_of(h)) for h in s.dealt],
        "melds": [[m.to_json() for m in ms] for ms in s.melds],
        "discards": [tokens(d) for d in s.discards],
        "phase": s.phase,
        "turn": s.turn,
        "baoting": list(s.baoting),
        "has_discarded": list(s.has_discarded),
        "last_drawn": _token_or_none(s.last_drawn),
        "replacement": s.replacement,
        "discard": _token_or_none(s.discard),
        "discarder": s.discarder,
        "responders": list(s.responders),
        "claims": [[seat, kind] for seat, kind in s.claims],
        "winner": s.winner,
        "result": result_json(s),
    }


def _token_or_none(k: int | None) -> str | None:
    return None if k is None else token(k)


def from_json(d: Mapping[str, Any], options: Mapping[str, str] | None = None) -> State:
    """A state from the position JSON (``bad-position`` naming what is wrong).

    ``options`` (the command line's ``--option``) change the position's rules."""
    try:
        return _read(d, _rules(d, options or {}))
    except EngineError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise EngineError(
            "bad-position", detail=f"{type(exc).__name__}: {exc}", why="detail-json-shape"
        ) from None


def _rules(d: Mapping[str, Any], options: Mapping[str, str]) -> Rules:
    given = d.get("rules", {})
    if not isinstance(given, Mapping):
        raise EngineError("bad-position", detail="rules must be an object", why="detail-json-shape")
    try:
        return Rules().with_options({**given, **options})
    except EngineError as exc:
        option, value = exc.params.get("option"), exc.params.get("value")
        raise EngineError(
            "bad-position",
            detail=f"rules: {option}={value}",
            why="detail-option",
            option=option,
            value=str(value),
        ) from None


def _card(t: Any) -> int:
    return parse_card(str(t), True)


def _opt_card(t: Any) -> int | None:
    return None if t is None else _card(t)


def _counts(ts: Sequence[Any]) -> tuple[int, ...]:
    c = [0] * NKINDS
    for t in ts:
        c[_card(t)] += 1
    return tuple(c)


def _seat(v: Any) -> int | None:
    return None if v is None else int(v)


def _check_shape(d: Mapping[str, Any]) -> None:
    for key in PER_SEAT:
        if len(d[key]) != SEATS:
            raise EngineError(
                "bad-position", detail=f"{key} must list {SEATS} seats", why="detail-json-shape"
            )
    if d["phase"] not in PHASES:
        raise EngineError(
            "bad-position", detail=f"unknown phase {d['phase']!r}", why="detail-moment"
        )
    if d["phase"] != OVER and int(d["turn"]) not in range(SEATS):
        raise EngineError(
            "bad-position", detail=f"turn {d['turn']!r} is no seat", why="detail-moment"
        )


def _old_win_discard(d: Mapping[str, Any]) -> Any:
    """A finished deal written before the card won on stayed in ``discard``: its
    ``result`` names the card of a win on a discard."""
    result = d.get("result")
    if d.get("phase") == OVER and isinstance(result, Mapping) and result.get("zimo") is False:
        return result.get("win_card")
    return None


def _read(d: Mapping[str, Any], rules: Rules) -> State:
    _check_shape(d)
    over = d["phase"] == OVER
    return State(
        rules=rules,
        dealer=int(d["dealer"]) % SEATS,
        stock=tuple(_card(t) for t in d["stock"]),
        generals=tuple(_card(t) for t in d["generals"]),
        hands=tuple(_counts(h) for h in d["hands"]),
        dealt=tuple(_counts(h) for h in d.get("dealt", d["hands"])),
        melds=tuple(tuple(Meld.from_json(m) for m in ms) for ms in d["melds"]),
        discards=tuple(tuple(_card(t) for t in ds) for ds in d["discards"]),
        phase=str(d["phase"]),
        turn=-1 if over else int(d["turn"]),
        baoting=tuple(bool(b) for b in d["baoting"]),
        has_discarded=tuple(bool(b) for b in d["has_discarded"]),
        last_drawn=_opt_card(d.get("last_drawn")),
        replacement=bool(d.get("replacement", False)),
        discard=_opt_card(d.get("discard") or _old_win_discard(d)),
        discarder=_seat(d.get("discarder")),
        responders=tuple(int(s) for s in d.get("responders", ())),
        claims=tuple((int(s), str(k)) for s, k in d.get("claims", ())),
        winner=_seat(d.get("winner")) if over else None,
    )

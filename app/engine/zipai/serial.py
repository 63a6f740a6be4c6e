"""States as JSON and back (the position format of the CLI's ``options`` and ``apply``).

:func:`to_json` writes every field; :func:`from_json` reads it back equal, and also
reads hand-written positions where anything but ``seats`` may be left out (see
``docs/engine.md (字牌)``). Card lists may be lists of tokens or one string.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.engine.core.errors import EngineError
from app.engine.zipai.cards import (
    COPIES,
    KINDS,
    Card,
    card_from_json,
    counts_of,
    parse_cards,
    token,
)
from app.engine.zipai.melds import KIND_ALIASES, Meld, kind_of, valid
from app.engine.zipai.rules import GUILIN, GUILIN_RULES, HUNAN_RULES, ZipaiRules
from app.engine.zipai.settle import win_result
from app.engine.zipai.state import (
    HUANG,
    PHASES,
    SEATS,
    SOURCES,
    Offer,
    Result,
    Seat,
    State,
    all_cards,
)


def _tok(cards: Sequence[Card]) -> list[str]:
    return [token(c) for c in cards]


def _bits(mask: int) -> list[str]:
    return [token(c) for c in range(KINDS) if mask >> c & 1]


def _meld_json(m: Meld, names: Mapping[str, str]) -> dict[str, Any]:
    return {"kind": names.get(m.kind, m.kind), "cards": _tok(m.cards)}


def _seat_json(seat: Seat, names: Mapping[str, str]) -> dict[str, Any]:
    return {
        "hand": _tok([c for c in range(KINDS) for _ in range(seat.hand[c])]),
        "melds": [_meld_json(m, names) for m in seat.melds],
        "pile": _tok(seat.pile),
        "thrown": _bits(seat.thrown),
        "chou": _bits(seat.chou),
        "refused_peng": _bits(seat.refused_peng),
        "chou_hu": [[token(c), h] for c, h in seat.chou_hu],
    }


def _result_json(r: Result, rules: ZipaiRules) -> dict[str, Any]:
    names = rules.names
    return {
        "winner": r.winner,
        "how": r.how,
        "scores": list(r.scores),
        "huxi": r.huxi,
        "melds": [dict(_meld_json(m, names), points=m.points(rules.yiwushi)) for m in r.melds],
        "count": r.count.to_json() if r.count else None,
        "card": None if r.card is None else token(r.card),
        "xing_card": None if r.xing_card is None else token(r.xing_card),
        "zimo": r.zimo,
        "specials": list(r.specials),
    }


def to_json(state: State) -> dict[str, Any]:
    """The state as JSON values (the ``options`` position format)."""
    names = state.rules.names
    out: dict[str, Any] = {
        "variant": state.rules.game,
        "options": state.rules.to_json(),
        "dealer": state.dealer,
        "seats": [_seat_json(s, names) for s in state.seats],
        "stock": _tok(state.stock),
        "liang": token(state.liang),
        "phase": state.phase,
        "turn": state.turn,
        "must_discard": state.must_discard,
        "may_hu": state.may_hu,
        "streak": state.streak,
        "moves": state.moves,
    }
    if state.offer is not None:
        o = state.offer
        out["offer"] = {
            "card": token(o.card),
            "seat": o.seat,
            "source": o.source,
            "passed": [[st, s] for st, s in o.passed],
        }
    if state.result is not None:
        out["result"] = _result_json(state.result, state.rules)
    return out


# --------------------------------------------------------------------------- reading


def _bad(detail: str, why: str) -> EngineError:
    return EngineError("bad-position", detail=detail, why=why)


def read_rules(
    base: ZipaiRules, options: object, overrides: Mapping[str, object] | None = None
) -> ZipaiRules:
    """The rule set of a position: ``base`` with its ``options`` (changed options, or a
    full dump as :func:`to_json` writes it, whose game is ``base``'s), then
    ``overrides`` (the CLI's ``--option``)."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise _bad("options must be an object", why="detail-json-shape")
    if "game" in options:
        rules = ZipaiRules.from_json({**options, "game": base.game})
    else:
        rules = base.with_options(options)
    return rules.with_options(overrides or {})


def _card_list(data: Any, where: str) -> tuple[Card, ...]:
    if isinstance(data, str):
        return parse_cards(data)
    if not isinstance(data, list):
        raise _bad(f"{where} must be a list of cards", why="detail-json-shape")
    return tuple(card_from_json(x) for x in data)


def _mask(data: Any, where: str) -> int:
    m = 0
    for c in _card_list(data or [], where):
        m |= 1 << c
    return m


def _meld(data: Any, where: str, yiwushi: bool) -> Meld:
    if not isinstance(data, dict) or "kind" not in data:
        raise _bad(f"{where}: each meld is an object with kind and cards", why="detail-meld")
    kind = kind_of(str(data["kind"]))
    cards = _card_list(data.get("cards", []), where)
    if not valid(kind, cards, yiwushi):
        raise EngineError("bad-meld", kind=str(data["kind"]), cards=" ".join(_tok(cards)))
    return Meld.make(kind, cards)


def _chou_hu(data: Any, where: str) -> tuple[tuple[Card, int], ...]:
    out = []
    for item in data or []:
        if not isinstance(item, list) or len(item) != 2:
            raise _bad(f"{where}: pairs of [card, huxi]", why="detail-json-shape")
        out.append((card_from_json(item[0]), int(item[1])))
    return tuple(out)


def _seat(data: Any, i: int, yiwushi: bool) -> Seat:
    if not isinstance(data, dict):
        raise _bad(f"seats[{i}] must be an object", why="detail-json-shape")
    where = f"seats[{i}]"
    return Seat(
        tuple(counts_of(_card_list(data.get("hand", []), f"{where}.hand"))),
        tuple(_meld(m, f"{where}.melds", yiwushi) for m in data.get("melds", []) or []),
        _card_list(data.get("pile", []), f"{where}.pile"),
        _mask(data.get("thrown"), f"{where}.thrown"),
        _mask(data.get("chou"), f"{where}.chou"),
        _mask(data.get("refused_peng"), f"{where}.refused_peng"),
        _chou_hu(data.get("chou_hu"), f"{where}.chou_hu"),
    )


def _offer(data: Any) -> Offer | None:
    if not data:
        return None
    if not isinstance(data, dict):
        raise _bad("offer must be an object", why="detail-json-shape")
    source = str(data.get("source", "draw"))
    if source not in SOURCES:
        raise _bad("offer.source is liang, draw or discard", why="detail-moment")
    passed = tuple((str(st), int(s)) for st, s in data.get("passed", []))
    return Offer(card_from_json(data["card"]), int(data.get("seat", 0)) % SEATS, source, passed)


def _result(data: Any, rules: ZipaiRules, seats: Sequence[Seat], stock: Sequence[Card]) -> Result:
    """The result, recounted from its facts (winner, groups, card, 自摸, special wins).
    Positions written before ``zimo``/``specials`` were fields read them off the count."""
    if not isinstance(data, dict):
        raise _bad("result must be an object", why="detail-json-shape")
    winner = data.get("winner")
    if winner is None:
        return HUANG
    t = int(winner) % SEATS
    codes = [ln.get("code") for ln in (data.get("count") or {}).get("lines", [])]
    specials = data.get("specials")
    if specials is None:
        specials = [c[3:] for c in codes if c in ("zp-tianhu", "zp-dihu", "zp-sanlong", "zp-wukan")]
    melds = tuple(
        Meld.make(
            KIND_ALIASES.get(str(m["kind"]), str(m["kind"])), _card_list(m["cards"], "result")
        )
        for m in data.get("melds", [])
    )
    return win_result(
        rules,
        t,
        seats[t].counts(),
        melds,
        how=str(data.get("how", "hu")),
        card=card_from_json(data["card"]) if data.get("card") else None,
        specials=tuple(str(s) for s in specials),
        zimo=bool(data.get("zimo", "zp-zimo" in codes)),
        stock=stock,
    )


def from_json(data: Mapping[str, Any], rules: ZipaiRules | None = None) -> State:
    """Read a state (or a hand-written position: missing fields take defaults). Without
    ``rules``, the position's ``variant`` and ``options`` give them."""
    if rules is None:
        base = GUILIN_RULES if data.get("variant") == GUILIN else HUNAN_RULES
        rules = read_rules(base, data.get("options"))
    try:
        state = _state(data, rules)
    except EngineError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise _bad(f"{type(exc).__name__}: {exc}", why="detail-json-shape") from None
    for c, n in enumerate(all_cards(state)):
        if n > COPIES:
            raise EngineError("too-many-copies", card=token(c), count=n, limit=COPIES)
    return state


def _state(data: Mapping[str, Any], rules: ZipaiRules) -> State:
    seats_data = data.get("seats")
    if not isinstance(seats_data, list) or len(seats_data) != SEATS:
        raise _bad("seats must be a list of three seats", why="detail-json-shape")
    seats = tuple(_seat(s, i, rules.yiwushi) for i, s in enumerate(seats_data))
    offer = _offer(data.get("offer"))
    phase = str(data.get("phase", "offer" if offer else "play"))
    if phase not in PHASES:
        raise _bad(f"unknown phase {phase}", why="detail-moment")
    if phase == "offer" and offer is None:
        raise _bad("phase offer needs an offer", why="detail-moment")
    stock = _card_list(data.get("stock", []), "stock")
    result = _result(data["result"], rules, seats, stock) if data.get("result") else None
    if phase == "over" and result is None:
        result = HUANG
    return State(
        rules,
        int(data.get("dealer", 0)) % SEATS,
        seats,
        stock,
        card_from_json(data["liang"]) if data.get("liang") else 0,
        phase,
        int(data.get("turn", 0)) % SEATS,
        offer,
        bool(data.get("must_discard", phase == "play")),
        bool(data.get("may_hu", False)),
        int(data.get("streak", 0)),
        int(data.get("moves", 0)),
        result,
    )

"""States as JSON and back; what one seat may see.

:func:`to_json` writes every field; :func:`from_json` reads it back equal, and also
reads hand-written positions where anything but ``seats`` may be left out (the
``options`` verb's position format, ``docs/engine.md (字牌)``). :func:`view_json`
hides what a seat cannot see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from app.engine.core.actions import Count, CountLine
from app.engine.core.errors import EngineError
from app.engine.zipai.cards import COPIES, KINDS, Card, card_from_json, counts_of, token
from app.engine.zipai.melds import GUILIN_NAMES, KIND_ALIASES, TI, WEI, Meld, valid
from app.engine.zipai.rules import GUILIN, ZipaiRules
from app.engine.zipai.state import SEATS, Offer, Result, Seat, State, all_cards, decider


def _tok(cards: Sequence[Card]) -> list[str]:
    return [token(c) for c in cards]


def _bits(mask: int) -> list[str]:
    return [token(c) for c in range(KINDS) if mask >> c & 1]


def _seat_json(seat: Seat, names: Mapping[str, str]) -> dict[str, Any]:
    return {
        "hand": _tok([c for c in range(KINDS) for _ in range(seat.hand[c])]),
        "melds": [m.to_json(dict(names)) for m in seat.melds],
        "pile": _tok(seat.pile),
        "thrown": _bits(seat.thrown),
        "chou": _bits(seat.chou),
        "refused_peng": _bits(seat.refused_peng),
        "chou_hu": [[token(c), h] for c, h in seat.chou_hu],
    }


def to_json(state: State) -> dict[str, Any]:
    """The state as JSON values (the ``options`` position format)."""
    names = GUILIN_NAMES if state.rules.game == GUILIN else {}
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
        r = state.result
        out["result"] = {
            "winner": r.winner,
            "how": r.how,
            "scores": list(r.scores),
            "huxi": r.huxi,
            "melds": [
                dict(m.to_json(names), points=m.points(state.rules.yiwushi)) for m in r.melds
            ],
            "count": r.count.to_json() if r.count else None,
            "card": None if r.card is None else token(r.card),
            "xing_card": None if r.xing_card is None else token(r.xing_card),
        }
    return out


HIDDEN = "?"


def _hidden_meld(kind: str, game: str) -> bool:
    """Groups laid face down, whose card the other seats do not see: 偎 (Guilin 扫) and
    Guilin's 扫穿 (Hunan's 提 and both games' 臭偎/过扫 show one card)."""
    return kind == WEI or (kind == TI and game == GUILIN)


def view_json(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` may see: :func:`to_json` with the other hands, face-down groups,
    the stock and a drawn card that went straight into a 偎/提 hidden (sizes kept)."""
    out = to_json(state)
    out["viewer"] = seat
    if state.phase == "over":
        return out
    for i, data in enumerate(out["seats"]):
        if i == seat:
            continue
        data["hand"] = [HIDDEN] * len(data["hand"])
        for m, meld in zip(data["melds"], state.seats[i].melds, strict=True):
            if _hidden_meld(meld.kind, state.rules.game):
                m["cards"] = [HIDDEN] * len(m["cards"])
        data["chou_hu"] = []
        data["refused_peng"] = []
    out["stock"] = [HIDDEN] * len(out["stock"])
    d = decider(state)
    if "offer" in out and d is not None and d[0] == "self" and d[1] != seat:
        out["offer"]["card"] = HIDDEN
    return out


def _bad(detail: str) -> EngineError:
    return EngineError("bad-position", detail=detail)


def _card_list(data: Any, where: str) -> tuple[Card, ...]:
    if isinstance(data, str):
        from app.engine.zipai.cards import parse_cards

        return parse_cards(data)
    if not isinstance(data, list):
        raise _bad(f"{where} must be a list of cards")
    return tuple(card_from_json(x) for x in data)


def _mask(data: Any, where: str) -> int:
    m = 0
    for c in _card_list(data or [], where):
        m |= 1 << c
    return m


def _seat_from(data: Any, i: int, yiwushi: bool = False) -> Seat:
    if not isinstance(data, dict):
        raise _bad(f"seats[{i}] must be an object")
    hand = tuple(counts_of(_card_list(data.get("hand", []), f"seats[{i}].hand")))
    melds = []
    for m in data.get("melds", []) or []:
        if not isinstance(m, dict) or "kind" not in m:
            raise _bad(f"seats[{i}].melds: each meld is an object with kind and cards")
        from app.engine.zipai.melds import kind_of

        kind = kind_of(str(m["kind"]))
        cards = _card_list(m.get("cards", []), f"seats[{i}].melds")
        if not valid(kind, cards, yiwushi):
            raise EngineError("bad-meld", kind=str(m["kind"]), cards=" ".join(_tok(cards)))
        melds.append(Meld.make(kind, cards))
    chou_hu = []
    for item in data.get("chou_hu", []) or []:
        if not isinstance(item, list) or len(item) != 2:
            raise _bad(f"seats[{i}].chou_hu: pairs of [card, huxi]")
        chou_hu.append((card_from_json(item[0]), int(item[1])))
    return Seat(
        hand,
        tuple(melds),
        _card_list(data.get("pile", []), f"seats[{i}].pile"),
        _mask(data.get("thrown"), "thrown"),
        _mask(data.get("chou"), "chou"),
        _mask(data.get("refused_peng"), "refused_peng"),
        tuple(chou_hu),
    )


def from_json(data: Mapping[str, Any], rules: ZipaiRules | None = None) -> State:
    """Read a state (or a hand-written position: missing fields take defaults)."""
    from app.engine.zipai.rules import GUILIN_RULES, HUNAN_RULES, with_options

    try:
        if rules is None:
            game = str(data.get("variant", "hunan"))
            base = GUILIN_RULES if game == GUILIN else HUNAN_RULES
            opts = data.get("options") or {}
            rules = (
                ZipaiRules.from_json({**base.to_json(), **opts})
                if "game" in opts
                else with_options(base, opts)
            )
        seats_data = data.get("seats")
        if not isinstance(seats_data, list) or len(seats_data) != SEATS:
            raise _bad("seats must be a list of three seats")
        seats = tuple(_seat_from(s, i, rules.yiwushi) for i, s in enumerate(seats_data))
        offer = None
        if data.get("offer"):
            o = data["offer"]
            source = str(o.get("source", "draw"))
            if source not in ("liang", "draw", "discard"):
                raise _bad("offer.source is liang, draw or discard")
            passed = tuple((str(st), int(s)) for st, s in o.get("passed", []))
            offer = Offer(card_from_json(o["card"]), int(o.get("seat", 0)) % SEATS, source, passed)
        phase = str(data.get("phase", "offer" if offer else "play"))
        if phase not in ("offer", "play", "draw", "over"):
            raise _bad(f"unknown phase {phase}")
        if phase == "offer" and offer is None:
            raise _bad("phase offer needs an offer")
        stock = _card_list(data.get("stock", []), "stock")
        liang = card_from_json(data["liang"]) if data.get("liang") else 0
        state = State(
            rules,
            int(data.get("dealer", 0)) % SEATS,
            seats,
            stock,
            liang,
            phase,
            int(data.get("turn", 0)) % SEATS,
            offer,
            bool(data.get("must_discard", phase == "play")),
            bool(data.get("may_hu", False)),
            int(data.get("streak", 0)),
            int(data.get("moves", 0)),
        )
        if data.get("result"):
            r = data["result"]
            lines = [
                CountLine(
                    str(ln["code"]),
                    int(ln["points"]),
                    dict(ln.get("params", {})),
                    str(ln.get("op", "+")),
                )
                for ln in (r.get("count") or {}).get("lines", [])
            ]
            count = (
                Count.of(lines, int((r.get("count") or {}).get("total", 0)))
                if r.get("count")
                else None
            )
            melds_r = tuple(
                Meld.make(
                    KIND_ALIASES.get(str(m["kind"]), str(m["kind"])),
                    _card_list(m["cards"], "result"),
                )
                for m in r.get("melds", [])
            )
            state = replace(
                state,
                result=Result(
                    r.get("winner"),
                    str(r.get("how", "hu")),
                    tuple(int(x) for x in r.get("scores", (0, 0, 0))),
                    int(r.get("huxi", 0)),
                    melds_r,
                    count,
                    card_from_json(r["card"]) if r.get("card") else None,
                    card_from_json(r["xing_card"]) if r.get("xing_card") else None,
                ),
            )
    except EngineError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise _bad(f"{type(exc).__name__}: {exc}") from None
    counts = all_cards(state)
    for c, n in enumerate(counts):
        if n > COPIES:
            raise EngineError("too-many-copies", card=token(c), count=n, limit=COPIES)
    return state

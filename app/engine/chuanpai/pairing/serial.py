"""The position JSON of the pairing game: the whole state, and the one-seat short form.

A whole state is ``to_json``'s document (``seats``, ``stock``, ``phase`` …; it must hold
exactly the deck). The short form asks about one seat:
``{"hand", "melds": ["kind:cards"], "guo", "passed", "extra", "card", "from", "options"}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from app.engine.chuanpai.cards import N_KINDS, check_deck_copies, counts_of, parse_tokens, tokens_of
from app.engine.chuanpai.melds import MELD_KINDS, Meld
from app.engine.chuanpai.pairing.offers import claim_order
from app.engine.chuanpai.pairing.reasons import FOUL_PARAMS
from app.engine.chuanpai.pairing.rules import DEFAULT_RULES, VARIANT, PairingRules
from app.engine.chuanpai.pairing.state import PairingState, SeatState
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason


def to_json(state: PairingState) -> dict[str, Any]:
    return {
        "variant": VARIANT,
        "options": state.rules.to_json(),
        "dealer": state.dealer,
        "seats": [_seat_json(s) for s in state.seats],
        "stock": list(state.stock),
        "dead": list(state.dead),
        "phase": state.phase,
        "turn": state.turn,
        "lay_done": state.lay_done,
        "open_card": state.open_card,
        "source": state.source,
        "flipped": state.flipped,
        "queue": [[s, t] for s, t in state.queue],
        "owed": state.owed,
        "drawn": state.drawn,
        "winner": state.winner,
        "foul": state.foul.to_json() if state.foul else None,
        "foul_seat": state.foul_seat,
        "scores": list(state.scores),
        "count": state.count.to_json() if state.count else None,
    }


def _seat_json(seat: SeatState) -> dict[str, Any]:
    return {
        "hand": list(tokens_of(seat.hand)),
        "melds": [str(m) for m in seat.melds],
        "guo": list(seat.guo),
        "passed": sorted(seat.passed),
        "unlaid": list(seat.unlaid),
        "extra": seat.extra,
    }


def _rules_of(options: Mapping[str, Any]) -> PairingRules:
    return DEFAULT_RULES.with_options({k: str(v) for k, v in options.items()})


def from_json(d: Mapping[str, Any]) -> PairingState:
    return PairingState(
        _rules_of(d["options"]),
        int(d["dealer"]),
        tuple(_seat_from_json(s) for s in d["seats"]),
        tuple(d["stock"]),
        tuple(d.get("dead", ())),
        str(d["phase"]),
        int(d["turn"]),
        int(d.get("lay_done", 0)),
        d.get("open_card"),
        int(d.get("source", 0)),
        bool(d.get("flipped", False)),
        tuple((int(s), str(t)) for s, t in d.get("queue", ())),
        int(d.get("owed", 0)),
        d.get("drawn"),
        d.get("winner"),
        _foul(d["foul"]) if d.get("foul") else None,
        d.get("foul_seat"),
    )


def _foul(data: Mapping[str, Any]) -> Reason:
    reason = Reason.from_json(data)
    if set(reason.params) != set(FOUL_PARAMS.get(reason.code, ("?",))):
        raise EngineError(
            "bad-position",
            detail=f"foul {reason.code} is not a foul of this game",
            why="detail-moment",
        )
    return reason


def _seat_from_json(d: Mapping[str, Any]) -> SeatState:
    melds = []
    for s in d.get("melds", ()):
        kind, _, cards = str(s).partition(":")
        melds.append(Meld.make(kind, tuple(cards.split())))
    return SeatState(
        tuple(counts_of(d.get("hand", ()))),
        tuple(melds),
        tuple(d.get("guo", ())),
        frozenset(int(p) for p in d.get("passed", ())),
        tuple(d.get("unlaid", ())),
        bool(d.get("extra", False)),
    )


def read_hand(
    hand_text: str, melds: Sequence[tuple[str, str]], rules: PairingRules
) -> tuple[tuple[int, ...], tuple[Meld, ...]]:
    """Parse a hand and ``(kind, cards)`` melds; check the deck's copies."""
    hand = parse_tokens(hand_text or "", "pairing")
    ms = []
    for kind, cards in melds:
        k = kind.strip().lower()
        if k not in MELD_KINDS:
            raise EngineError("unknown-meld-kind", kind=kind)
        ms.append(Meld.make(k, parse_tokens(cards, "pairing")))
    check_deck_copies(list(hand) + [c for m in ms for c in m.cards], rules.jing)
    return tuple(counts_of(hand)), tuple(ms)


def one_seat(pos: Mapping[str, Any], rules: PairingRules) -> PairingState:
    """A one-seat position: ``hand``, ``melds`` (``kind:cards``), ``guo``, ``passed``,
    and ``card`` with ``from`` (``discard`` | ``flip``) to ask what to do with it;
    without ``card``: what the seat may lay or discard."""
    if "options" in pos:
        rules = _rules_of(pos["options"])
    melds = tuple(_meld_text(m) for m in pos.get("melds", ()))
    hand, ms = read_hand(str(pos.get("hand", "")), melds, rules)
    guo = parse_tokens(" ".join(pos.get("guo", ())), "pairing") if pos.get("guo") else ()
    passed = frozenset(int(p) for p in pos.get("passed", ()))
    me = SeatState(hand, ms, tuple(guo), passed, extra=bool(pos.get("extra", False)))
    n = max(2, rules.players)
    seats = (me,) + (SeatState((0,) * N_KINDS),) * (n - 1)
    state = PairingState(replace(rules, players=n), 0, seats, (), phase="self", lay_done=n)
    card = pos.get("card")
    return state if card is None else _offered(state, str(card), pos.get("from", "discard"))


def _meld_text(m: object) -> tuple[str, str]:
    kind, sep, cards = str(m).partition(":")
    if not sep:
        raise EngineError(
            "bad-position", detail=f"a group is kind:cards, not {m!r}", why="detail-meld"
        )
    return kind, cards


def _offered(state: PairingState, card: str, source: object) -> PairingState:
    """Seat 0 is offered ``card``, discarded by the seat before it or turned by itself."""
    cards = parse_tokens(card, "pairing")
    if len(cards) != 1:
        raise EngineError(
            "bad-position", detail=f"card is one card, not {card!r}", why="detail-cards"
        )
    flipped = source == "flip"
    src = 0 if flipped else len(state.seats) - 1
    state = replace(state, open_card=cards[0], source=src, flipped=flipped)
    q = tuple(e for e in claim_order(state, cards[0]) if e[0] == 0)
    return replace(state, phase="claim", queue=q or ((0, "bai"),))

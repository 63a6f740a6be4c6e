"""The one-line position code of the pairing game (grammar: docs/engine.md (川牌)).

    v1~chuanpai~<options>~<header>~<seat 0>~…~<seat n-1>~<stock>~<dead>

The header is the phase and tagged items (``self.d0.t2``); a seat is its hand and
dot-separated groups and memory (``1326.an666666.G13.P6_12``). What follows from the
rest (the settlement of a finished deal) is not written: decoding recomputes it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from app.engine.chuanpai.cards import FACES, JING, KINDS, tokens_of
from app.engine.chuanpai.code import (
    join_items,
    read_cards,
    read_counts,
    read_frame,
    read_header,
    read_hidden,
    read_rules,
    read_seat_no,
    write_cards,
    write_counts,
)
from app.engine.chuanpai.melds import MELD_KINDS, SEVENS, Meld
from app.engine.chuanpai.pairing.reasons import FOUL_PARAMS
from app.engine.chuanpai.pairing.rules import DEFAULT_RULES, VARIANT, PairingRules
from app.engine.chuanpai.pairing.settle import ended
from app.engine.chuanpai.pairing.state import PHASES, TIERS, PairingState, SeatState, problems
from app.engine.chuanpai.pairing.view import (
    FACE_DOWN,
    face_down,
    make_view,
    meld_view,
    seat_from_afar,
    seat_view,
    view,
)
from app.engine.core.codec import Frame, about, bad, join_code, read_int
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.core.results import MeldView, OfferView, SeatView, View

STATE_TAGS = "dtlocsfqgwx"
VIEW_TAGS = "dacsfg"


# -- writing ---------------------------------------------------------------------------


def encode(state: PairingState) -> str:
    return _code(state, _header(state), [_seat(seat) for seat in state.seats], None)


def encode_view(state: PairingState, seat: int) -> str:
    """What ``seat`` may see; once the deal is over, everything (the state's code)."""
    if state.phase == "over":
        return _code(state, _header(state), [_seat(s) for s in state.seats], seat)
    seats = [_seat(s) if i == seat else _seat_from_afar(s) for i, s in enumerate(state.seats)]
    return _code(state, _view_header(state, seat), seats, seat)


def _code(state: PairingState, header: str, seats: list[str], viewer: int | None) -> str:
    stock = write_cards(state.stock) if viewer is None or state.phase == "over" else None
    body = [header, *seats, stock or f"h{len(state.stock)}", write_cards(state.dead)]
    return join_code(VARIANT, state.rules.to_options(DEFAULT_RULES), body, viewer)


def _header(state: PairingState) -> str:
    items = [f"d{state.dealer}", f"t{state.turn}"]
    if state.lay_done:
        items.append(f"l{state.lay_done}")
    if state.owed:
        items.append(f"o{state.owed}")
    items += _offer_items(state)
    if state.queue:
        items.append("q" + "".join(f"{s}{tier[0]}" for s, tier in state.queue))
    if state.drawn is not None:
        items.append(f"g{state.drawn}")
    if state.winner is not None:
        items.append(f"w{state.winner}")
    if state.foul is not None:
        items.append(f"x{state.foul_seat}_{_write_foul(state.foul)}")
    return join_items(state.phase, items)


def _offer_items(state: PairingState) -> list[str]:
    items = [] if state.open_card is None else [f"c{state.open_card}"]
    if state.source:
        items.append(f"s{state.source}")
    return items + (["f"] if state.flipped else [])


def _view_header(state: PairingState, viewer: int) -> str:
    items = [f"d{state.dealer}", f"a{state.actor}"]
    if state.phase == "claim":
        items += [f"c{state.open_card}", f"s{state.source}"] + (["f"] if state.flipped else [])
    if state.phase == "guo":
        items.append(f"g{state.drawn}" if viewer == state.turn else "gh")
    return join_items(state.phase, items)


def _write_foul(reason: Reason) -> str:
    values = [reason.params[p] for p in FOUL_PARAMS[reason.code]]
    text = [write_cards(v) if isinstance(v, list | tuple) else str(v) for v in values]
    return "_".join([reason.code.removeprefix("cp-"), *text])


def _seat(seat: SeatState) -> str:
    items = [m.kind + "".join(m.cards) for m in seat.melds]
    if seat.guo:
        items.append("G" + "".join(seat.guo))
    if seat.passed:
        items.append("P" + "_".join(str(p) for p in sorted(seat.passed)))
    if seat.unlaid:
        items.append("U" + "".join(seat.unlaid))
    if seat.extra:
        items.append("X")
    return join_items(write_counts(seat.hand), items)


def _seat_from_afar(seat: SeatState) -> str:
    items = [
        f"{m.kind}h{len(m.cards)}" if m.kind in FACE_DOWN else m.kind + "".join(m.cards)
        for m in seat.melds
    ]
    if seat.guo:
        items.append(f"Gh{len(seat.guo)}")
    if seat.extra:
        items.append("X")
    return join_items(f"h{sum(seat.hand)}", items)


# -- reading ---------------------------------------------------------------------------


def decode(code: str) -> PairingState:
    frame = read_frame(code, VARIANT, view=False)
    return _state(frame, read_rules(frame, DEFAULT_RULES))


def decode_view(code: str) -> View:
    frame = read_frame(code, VARIANT, view=True)
    assert frame.viewer is not None
    rules = read_rules(frame, DEFAULT_RULES)
    if frame.section(0).split(".")[0] == "over":
        return view(_state(frame, rules), frame.viewer)
    return _view(frame, rules, frame.viewer)


def _sections(frame: Frame, players: int) -> tuple[str, list[str], str, str]:
    if len(frame.body) != players + 3:
        raise bad(
            f"{players} players need {players + 3} body sections, not {len(frame.body)}",
            why="detail-sections",
        )
    return frame.body[0], list(frame.body[1 : players + 1]), frame.body[-2], frame.body[-1]


def _state(frame: Frame, rules: PairingRules) -> PairingState:
    header, seats, stock, dead = _sections(frame, rules.players)
    fields = _read_header(header, rules.players)
    state = PairingState(
        rules=rules,
        seats=tuple(_read_seat(text, f"seat {i}").seat_state(i) for i, text in enumerate(seats)),
        stock=read_cards(stock, "stock"),
        dead=read_cards(dead, "dead cards"),
        **fields,
    )
    problem = problems(state, whole=False)
    if problem:
        raise bad(problem, why=problem.why, **problem.params)
    return ended(state) if state.phase == "over" else state


def _read_header(section: str, players: int) -> dict[str, Any]:
    phase, items = read_header(section, PHASES, STATE_TAGS)
    if "d" not in items or "t" not in items:
        raise bad("header: the dealer (d) and the turn (t) are required", why="detail-moment")
    fields: dict[str, Any] = {"phase": phase}
    for tag, value in items.items():
        name, read = _FIELDS[tag]
        fields[name] = read(value, f"header {tag}", players)
    if "foul" in fields:
        fields["foul_seat"], fields["foul"] = fields["foul"]
    return fields


def _flag(value: str, where: str, players: int = 0) -> bool:
    if value:
        raise bad(f"{where} takes no value", why="detail-moment")
    return True


def _small(value: str, where: str, players: int) -> int:
    return read_int(value, where, 0, 7)


def _card(value: str, where: str, players: int) -> str:
    return _one_card(value, where)


def _one_card(text: str, where: str) -> str:
    cards = read_cards(text, where)
    if len(cards) != 1:
        raise bad(f"{where}: one card, not {text!r}", **about(where))
    return cards[0]


_QUEUE = re.compile("(?:[0-9][gb])+")
_TIERS = {t[0]: t for t in TIERS}


def _read_queue(text: str, where: str, players: int) -> tuple[tuple[int, str], ...]:
    if not _QUEUE.fullmatch(text):
        raise bad(f"queue: {text!r} is not seat and tier (g or b) pairs", why="detail-moment")
    return tuple(
        (read_seat_no(text[i], "queue", players), _TIERS[text[i + 1]])
        for i in range(0, len(text), 2)
    )


def _read_foul(text: str, where: str, players: int) -> tuple[int, Reason]:
    seat, _, rest = text.partition("_")
    name, *values = rest.split("_")
    code = f"cp-{name}"
    if code not in FOUL_PARAMS or len(values) != len(FOUL_PARAMS[code]):
        raise bad(f"foul: {text!r} is not seat_reason_params", why="detail-moment")
    params: dict[str, Any] = {}
    for param, value in zip(FOUL_PARAMS[code], values, strict=True):
        params[param] = _foul_param(param, value)
    return read_seat_no(seat, "foul", players), Reason(code, params)


def _foul_param(param: str, value: str) -> Any:
    if param == "cards":
        return list(read_cards(value, "foul"))
    if param == "kind":
        if value not in MELD_KINDS:
            raise bad(f"foul: no group kind {value!r}", why="detail-moment")
        return value
    return _one_card(value, "foul")


_FIELDS: dict[str, tuple[str, Callable[[str, str, int], Any]]] = {
    "d": ("dealer", read_seat_no),
    "t": ("turn", read_seat_no),
    "l": ("lay_done", _small),
    "o": ("owed", _small),
    "c": ("open_card", _card),
    "s": ("source", read_seat_no),
    "f": ("flipped", _flag),
    "q": ("queue", _read_queue),
    "g": ("drawn", _card),
    "w": ("winner", read_seat_no),
    "x": ("foul", _read_foul),
}
"""Header tag → the state field it sets and its reader."""


# -- a seat section ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _SeatText:
    """A seat section as read: hidden parts are ``None`` (with their number)."""

    hand: tuple[int, ...] | None
    hand_size: int
    melds: tuple[Meld | MeldView, ...] = ()
    guo: tuple[str, ...] | None = ()
    guo_count: int = 0
    passed: frozenset[int] = frozenset()
    unlaid: tuple[str, ...] = ()
    extra: bool = False
    hides: bool = False  # a part is hidden (a seat view of another seat)

    def seat_state(self, i: int) -> SeatState:
        if self.hides or self.hand is None or self.guo is None:
            raise bad(f"seat {i}: a whole position hides nothing", why="detail-seat-view")
        melds = cast(tuple[Meld, ...], self.melds)
        return SeatState(self.hand, melds, self.guo, self.passed, self.unlaid, self.extra)


@lru_cache(maxsize=16384)
def _read_seat(text: str, where: str) -> _SeatText:
    """A seat section (a value: read once per text)."""
    first, *items = text.split(".")
    hidden = read_hidden(first, where)
    hand = None if hidden is not None else read_counts(first, where)
    melds: list[Meld | MeldView] = []
    memory: dict[str, Any] = {}  # tag -> its value, in the order read
    for item in items:
        if item[:1].isupper():
            tag = item[:1]
            if tag in memory:
                raise bad(f"{where}: {tag} twice", **about(where))
            memory[tag] = _read_memory(tag, item[1:], where)
        else:
            melds.append(_MELDS.get(item) or _read_meld(item, where))
    guo: tuple[str, ...] | None = ()
    guo_count = 0
    if "G" in memory:
        guo, guo_count = memory["G"]
    return _SeatText(
        hand,
        sum(hand) if hand is not None else hidden or 0,
        tuple(melds),
        guo,
        guo_count,
        memory.get("P", frozenset()),
        memory.get("U", ()),
        memory.get("X", False),
        any(isinstance(m, MeldView) for m in melds),
    )


def _read_memory(tag: str, value: str, where: str) -> Any:
    """The value of a memory item: ``G`` (the 过牌 or None when hidden, and how many),
    ``P`` (pips that passed), ``U`` (过牌 kept in the hand), ``X`` (an extra seat)."""
    if tag == "G":
        hidden = read_hidden(value, where)
        guo = None if hidden is not None else read_cards(value, where)
        return guo, hidden if hidden is not None else len(guo or ())
    if tag == "P":
        return frozenset(_pips(p, where) for p in value.split("_"))
    if tag == "U":
        return read_cards(value, where)
    if tag == "X" and not value:
        return True
    raise bad(f"{where}: {tag + value!r} is not G, P, U or X", **about(where))


_PIPS = {str(p): p for p in range(2, 13)}


def _pips(text: str, where: str) -> int:
    if text not in _PIPS:
        raise bad(f"{where}: {text!r} is not a number of pips from 2 to 12", **about(where))
    return _PIPS[text]


def _every_meld() -> dict[str, Meld]:
    """Every group of the deck by its text in a code (``an666666``)."""
    shapes: list[tuple[str, tuple[str, ...]]] = [
        ("jier", (a, b)) for i, a in enumerate(KINDS) for b in KINDS[i:]
    ]
    threes: Sequence[tuple[str, ...]] = [(f,) * 3 for f in FACES]
    threes = [*threes, *(("12", "12", j) for j in JING)]
    fours: Sequence[tuple[str, ...]] = [(f,) * 4 for f in FACES]
    fours = [*fours, ("12", "12", "cs", "ty")]
    shapes += [(kind, cards) for cards in threes for kind in ("an", "peng")]
    shapes += [(kind, cards) for cards in fours for kind in ("liang", "qi", "kang")]
    melds = [Meld(kind, cards) for kind, cards in shapes + [("yan", SEVENS)]]
    return {m.kind + "".join(m.cards): Meld.make(m.kind, m.cards) for m in melds if m.valid()}


_MELDS = _every_meld()


def _read_meld(item: str, where: str) -> Meld | MeldView:
    """A group written otherwise than in the table (a face-down one, cards unsorted)."""
    kind = next((k for k in MELD_KINDS if item.startswith(k)), None)
    if kind is None:
        raise bad(f"{where}: {item!r} is not a group", why="detail-meld")
    rest = item[len(kind) :]
    hidden = read_hidden(rest, where)
    if hidden is not None:
        if kind not in FACE_DOWN:
            raise bad(f"{where}: a {kind} is laid face up", **about(where))
        return face_down(kind, hidden)
    try:
        return Meld.make(kind, read_cards(rest, where))
    except EngineError:
        raise bad(f"{where}: {item!r} is not a {kind}", **about(where)) from None


# -- a seat view -----------------------------------------------------------------------


def _view(frame: Frame, rules: PairingRules, viewer: int) -> View:
    header, seat_texts, stock, dead = _sections(frame, rules.players)
    if viewer >= rules.players:
        raise bad(
            f"seat {viewer} is not at a table of {rules.players}",
            why="detail-seat",
            seat=viewer,
        )
    phase, items = read_header(header, PHASES, VIEW_TAGS)
    seats = tuple(_seat_seen(i, text, i == viewer) for i, text in enumerate(seat_texts))
    stock_size = read_hidden(stock, "stock")
    if stock_size is None:
        raise bad("stock: a seat view hides the stock (h and its size)", why="detail-seat-view")
    return make_view(
        viewer,
        phase,
        read_seat_no(items.get("d", ""), "header d", rules.players),
        read_seat_no(items.get("a", ""), "header a", rules.players),
        seats,
        stock_size,
        None,
        _read_offer(phase, items, rules.players),
        read_cards(dead, "dead cards"),
    )


def _seat_seen(i: int, text: str, own: bool) -> SeatView:
    seat = _read_seat(text, f"seat {i}")
    if own:
        s = seat.seat_state(i)
        melds = tuple(meld_view(m) for m in s.melds)
        return seat_view(i, tokens_of(s.hand), melds, s.guo, s.passed, s.unlaid, s.extra)
    if seat.hand is not None or seat.guo or seat.passed or seat.unlaid:
        raise bad(
            f"seat {i}: the view shows another seat's hand, 过牌 or memory",
            why="detail-seat-view",
        )
    melds = tuple(m if isinstance(m, MeldView) else meld_view(m) for m in seat.melds)
    return seat_from_afar(i, seat.hand_size, melds, seat.guo_count, seat.extra)


def _read_offer(phase: str, items: dict[str, str], players: int) -> OfferView | None:
    if phase == "claim":
        card = _one_card(items.get("c", ""), "header c")
        source = read_seat_no(items.get("s", ""), "header s", players)
        return OfferView(card, source, "flip" if "f" in items else "discard")
    if phase == "guo":
        drawn = items.get("g", "")
        seen = None if drawn == "h" else _one_card(drawn, "header g")
        return OfferView(seen, read_seat_no(items.get("a", ""), "header a", players), "tou")
    return None
